//! `vset2`/`vset4` (what `__vcmpgtu2` and friends compile to): per 16- or 8-bit lane, 1 where
//! the comparison holds, else 0; with `.add`, the lanes' sum plus `c`. Checked on every engine
//! against the PTX ISA's definition over signed and unsigned lanes.

use simt::{DeviceMemory, Dim3, Params};

mod common;

use common::program;

const PTX: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry vset(.param .u64 data, .param .u64 out)
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
    mov.u32 %r12, 7;
    vset2.u32.u32.gt %r4, %r2, %r3, %r10;
    vset2.s32.s32.le %r5, %r2, %r3, %r10;
    vset4.u32.u32.ne %r6, %r2, %r3, %r10;
    vset4.s32.s32.lt %r7, %r2, %r3, %r10;
    vset4.u32.u32.ge.add %r8, %r2, %r3, %r11;
    vset2.s32.s32.eq.add %r9, %r2, %r3, %r12;
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
            let v = i64::from((x >> (i * w)) & ((1u32 << w) - 1).max(if w == 32 { u32::MAX } else { 0 }));
            if signed && v >= 1 << (w - 1) { v - (1 << w) } else { v }
        })
        .collect()
}

fn set(a: u32, b: u32, w: u32, signed: bool, cmp: fn(i64, i64) -> bool) -> Vec<u32> {
    lanes(a, w, signed).iter().zip(lanes(b, w, signed)).map(|(&p, q)| u32::from(cmp(p, q))).collect()
}

fn pack(v: &[u32], w: u32) -> u32 {
    v.iter().enumerate().fold(0, |d, (i, &t)| d | t << (i as u32 * w))
}

#[test]
fn vset_compares_each_lane() {
    let pairs: [(u32, u32); 8] = [
        (0x0001_ffff, 0x0002_0001),
        (0x8000_7fff, 0x7fff_8000),
        (0x1234_5678, 0x1234_5679),
        (0xff00_80ff, 0x00ff_7f01),
        (0, 0),
        (u32::MAX, 0),
        (0x8080_8080, 0x7f7f_7f7f),
        (0x0102_0304, 0x0403_0201),
    ];
    let mem = DeviceMemory::new();
    let data = mem.alloc(8 * pairs.len() as u64).unwrap();
    mem.write(data, &pairs.iter().flat_map(|(a, b)| [a.to_le_bytes(), b.to_le_bytes()].concat()).collect::<Vec<_>>())
        .unwrap();
    let out = mem.alloc(24 * pairs.len() as u64).unwrap();
    for e in common::ENGINES {
        let p = program(PTX, e);
        p.launch("vset", Dim3::x(1), Dim3::x(pairs.len() as u32), 0, Params::new().ptr(data).ptr(out).bytes(), &mem)
            .unwrap_or_else(|f| panic!("{e:?}: {f}"));
        let mut b = vec![0u8; 24 * pairs.len()];
        mem.read(out, &mut b).unwrap();
        for (t, &(a, bb)) in pairs.iter().enumerate() {
            let got: Vec<u32> =
                (0..6).map(|k| u32::from_le_bytes(b[t * 24 + 4 * k..][..4].try_into().unwrap())).collect();
            let want = [
                pack(&set(a, bb, 16, false, |p, q| p > q), 16),
                pack(&set(a, bb, 16, true, |p, q| p <= q), 16),
                pack(&set(a, bb, 8, false, |p, q| p != q), 8),
                pack(&set(a, bb, 8, true, |p, q| p < q), 8),
                100 + set(a, bb, 8, false, |p, q| p >= q).iter().sum::<u32>(),
                7 + set(a, bb, 16, true, |p, q| p == q).iter().sum::<u32>(),
            ];
            assert_eq!(got, want, "{e:?} a {a:#010x} b {bb:#010x}");
        }
    }
}
