//! `vavrg2`/`vavrg4` (what `__vavgs2`, `__vavgu4` and friends compute): per 16- or 8-bit lane the
//! average rounded half away from zero, `(a + b + 1) >> 1` for a non-negative sum and
//! `(a + b) >> 1` for a negative one; with `.add`, the lanes' sum plus `c`. The signed rule is what
//! an H200 computes (`vavrg2.s32.s32.s32` of 0x80000000 and 0x7fffffff is 0xffffffff: both lanes
//! average -1 and 0 or -32768 and 32767 to -1) and what NVIDIA's __vavgs2 emulation computes.
//! Checked on every engine.

use simt::{DeviceMemory, Dim3, Params, Program};

mod common;

const PTX: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry vavrg(.param .u64 data, .param .u64 out)
{
    .reg .b32 %r<16>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [data];
    ld.param.u64 %rd2, [out];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd3, %r1, 8;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.v2.u32 {%r2, %r3}, [%rd4];
    mov.u32 %r10, 0;
    mov.u32 %r11, 100;
    vavrg2.s32.s32.s32 %r4, %r2, %r3, %r10;
    vavrg2.u32.u32.u32 %r5, %r2, %r3, %r10;
    vavrg4.s32.s32.s32 %r6, %r2, %r3, %r10;
    vavrg4.u32.u32.u32 %r7, %r2, %r3, %r10;
    vavrg2.s32.s32.s32.add %r8, %r2, %r3, %r11;
    vavrg4.s32.s32.s32.add %r9, %r2, %r3, %r11;
    mul.wide.u32 %rd3, %r1, 24;
    add.s64 %rd5, %rd2, %rd3;
    st.global.v2.u32 [%rd5], {%r4, %r5};
    st.global.v2.u32 [%rd5+8], {%r6, %r7};
    st.global.v2.u32 [%rd5+16], {%r8, %r9};
    ret;
}
"#;

fn lanes(x: u32, w: u32, signed: bool) -> Vec<i64> {
    (0..32 / w)
        .map(|i| {
            let v = i64::from((x >> (i * w)) & ((1u32 << w) - 1));
            if signed && v >= 1 << (w - 1) { v - (1 << w) } else { v }
        })
        .collect()
}

/// Each lane's average, rounded half away from zero.
fn averages(a: u32, b: u32, w: u32, signed: bool) -> Vec<i64> {
    lanes(a, w, signed)
        .iter()
        .zip(lanes(b, w, signed))
        .map(|(&p, q)| {
            let s = p + q;
            if s >= 0 { (s + 1) / 2 } else { -((-s + 1) / 2) }
        })
        .collect()
}

fn pack(v: &[i64], w: u32) -> u32 {
    v.iter().enumerate().fold(0, |d, (i, &t)| d | ((t as u32) & ((1u32 << w) - 1)) << (i as u32 * w))
}

fn add(c: u32, v: &[i64]) -> u32 {
    (i64::from(c) + v.iter().sum::<i64>()) as u32
}

#[test]
fn vavrg_rounds_each_lane_half_away_from_zero() {
    let pairs: [(u32, u32); 9] = [
        (0x8000_0000, 0x7fff_ffff),
        (0xdead_beef, 0xcafe_babe),
        (0x7fff_8001, 0x8000_ffff),
        (0x01ff_7f80, 0xff01_80ff),
        (0x1234_5678, 0x8765_4321),
        (0xfffe_0001, 0x0002_ffff),
        (0x8080_8080, 0x7f7f_7f7f),
        (0, 0),
        (u32::MAX, u32::MAX),
    ];
    let mem = DeviceMemory::new();
    let data = mem.alloc(8 * pairs.len() as u64).unwrap();
    mem.write(data, &pairs.iter().flat_map(|(a, b)| [a.to_le_bytes(), b.to_le_bytes()].concat()).collect::<Vec<_>>())
        .unwrap();
    let out = mem.alloc(24 * pairs.len() as u64).unwrap();
    for e in common::ENGINES {
        let mut p = Program::from_ptx(PTX).unwrap();
        p.set_engine(e);
        p.launch("vavrg", Dim3::x(1), Dim3::x(pairs.len() as u32), 0, Params::new().ptr(data).ptr(out).bytes(), &mem)
            .unwrap_or_else(|f| panic!("{e:?}: {f}"));
        let mut b = vec![0u8; 24 * pairs.len()];
        mem.read(out, &mut b).unwrap();
        for (t, &(a, bb)) in pairs.iter().enumerate() {
            let got: Vec<u32> =
                (0..6).map(|k| u32::from_le_bytes(b[t * 24 + 4 * k..][..4].try_into().unwrap())).collect();
            let want = [
                pack(&averages(a, bb, 16, true), 16),
                pack(&averages(a, bb, 16, false), 16),
                pack(&averages(a, bb, 8, true), 8),
                pack(&averages(a, bb, 8, false), 8),
                add(100, &averages(a, bb, 16, true)),
                add(100, &averages(a, bb, 8, true)),
            ];
            assert_eq!(got, want, "{e:?} a {a:#010x} b {bb:#010x}");
        }
    }
}
