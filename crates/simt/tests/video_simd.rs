//! The SIMD video instructions on packed 16- or 8-bit lanes, checked on every engine against the
//! PTX ISA's definitions over signed and unsigned lanes; with `.add`, the lanes' sum plus `c`.
//! - `vset2`/`vset4` (what `__vcmpgtu2` and friends compile to): 1 where the comparison holds.
//! - `vavrg2`/`vavrg4` (what `__vavgs2`, `__vavgu4` and friends compute): the average rounded half
//!   away from zero, `(a + b + 1) >> 1` for a non-negative sum and `(a + b) >> 1` for a negative
//!   one. The signed rule is what an H200 computes (`vavrg2.s32.s32.s32` of 0x80000000 and
//!   0x7fffffff is 0xffffffff: both lanes average -1 and 0 or -32768 and 32767 to -1) and what
//!   NVIDIA's __vavgs2 emulation computes.

use simt::{DeviceMemory, Dim3, Engine, Params};

mod common;

use common::program;
use common::ptx::{Index, Kernel, module};

/// Thread t reads the pair `(a, b)` at `data[t]` into `%r2`, `%r3` and writes the six results
/// `body` leaves in `%r4`..`%r9` at `out[6t..]` (`%r10`, `%r11`, `%r12` hold 0, 100 and 7 for `c`).
fn six_results(name: &str, body: &str) -> String {
    let body = format!(
        r#"
    add.s64 %rd4, %rd1, %rd3;
    ld.global.v2.u32 {{%r2, %r3}}, [%rd4];
    mov.u32 %r10, 0;
    mov.u32 %r11, 100;
    mov.u32 %r12, 7;
{body}
    mul.wide.u32 %rd3, %r1, 24;
    add.s64 %rd5, %rd2, %rd3;
    st.global.v2.u32 [%rd5], {{%r4, %r5}};
    st.global.v2.u32 [%rd5+8], {{%r6, %r7}};
    st.global.v2.u32 [%rd5+16], {{%r8, %r9}};
    ret;
"#
    );
    module("sm_80", &Kernel::new(name, &["data", "out"], Index::Thread).global_pointers().offset(8).body(&body))
}

/// Six `vset` results.
fn vset() -> String {
    six_results(
        "vset",
        "    vset2.u32.u32.gt %r4, %r2, %r3, %r10;
    vset2.s32.s32.le %r5, %r2, %r3, %r10;
    vset4.u32.u32.ne %r6, %r2, %r3, %r10;
    vset4.s32.s32.lt %r7, %r2, %r3, %r10;
    vset4.u32.u32.ge.add %r8, %r2, %r3, %r11;
    vset2.s32.s32.eq.add %r9, %r2, %r3, %r12;",
    )
}

/// Six `vavrg` results.
fn vavrg() -> String {
    six_results(
        "vavrg",
        "    vavrg2.s32.s32.s32 %r4, %r2, %r3, %r10;
    vavrg2.u32.u32.u32 %r5, %r2, %r3, %r10;
    vavrg4.s32.s32.s32 %r6, %r2, %r3, %r10;
    vavrg4.u32.u32.u32 %r7, %r2, %r3, %r10;
    vavrg2.s32.s32.s32.add %r8, %r2, %r3, %r11;
    vavrg4.s32.s32.s32.add %r9, %r2, %r3, %r11;",
    )
}

/// Runs `entry` of `ptx` over `pairs` on every engine: each engine's six results per pair.
fn run_six(ptx: &str, entry: &str, pairs: &[(u32, u32)]) -> Vec<(Engine, Vec<[u32; 6]>)> {
    let mem = DeviceMemory::new();
    let data = mem.alloc(8 * pairs.len() as u64).unwrap();
    mem.write(data, &pairs.iter().flat_map(|(a, b)| [a.to_le_bytes(), b.to_le_bytes()].concat()).collect::<Vec<_>>())
        .unwrap();
    let out = mem.alloc(24 * pairs.len() as u64).unwrap();
    common::ENGINES
        .into_iter()
        .map(|e| {
            program(ptx, e)
                .launch(
                    entry,
                    Dim3::x(1),
                    Dim3::x(pairs.len() as u32),
                    0,
                    Params::new().ptr(data).ptr(out).bytes(),
                    &mem,
                )
                .unwrap_or_else(|f| panic!("{e:?}: {f}"));
            let mut b = vec![0u8; 24 * pairs.len()];
            mem.read(out, &mut b).unwrap();
            let results = (0..pairs.len())
                .map(|t| std::array::from_fn(|k| u32::from_le_bytes(b[t * 24 + 4 * k..][..4].try_into().unwrap())))
                .collect();
            (e, results)
        })
        .collect()
}

/// The `w`-bit lanes of `x`, sign-extended when `signed`.
fn lanes(x: u32, w: u32, signed: bool) -> Vec<i64> {
    (0..32 / w)
        .map(|i| {
            let v = i64::from((x >> (i * w)) & ((1u32 << w) - 1));
            if signed && v >= 1 << (w - 1) { v - (1 << w) } else { v }
        })
        .collect()
}

/// Lane values packed back into `w`-bit lanes (each truncated to its width).
fn pack(v: &[i64], w: u32) -> u32 {
    v.iter().enumerate().fold(0, |d, (i, &t)| d | ((t as u32) & ((1u32 << w) - 1)) << (i as u32 * w))
}

/// `c` plus the lanes' sum.
fn add(c: u32, v: &[i64]) -> u32 {
    (i64::from(c) + v.iter().sum::<i64>()) as u32
}

fn set(a: u32, b: u32, w: u32, signed: bool, cmp: fn(i64, i64) -> bool) -> Vec<i64> {
    lanes(a, w, signed).iter().zip(lanes(b, w, signed)).map(|(&p, q)| i64::from(cmp(p, q))).collect()
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

#[test]
fn vset_compares_each_lane() {
    let pairs = [
        (0x0001_ffff, 0x0002_0001),
        (0x8000_7fff, 0x7fff_8000),
        (0x1234_5678, 0x1234_5679),
        (0xff00_80ff, 0x00ff_7f01),
        (0, 0),
        (u32::MAX, 0),
        (0x8080_8080, 0x7f7f_7f7f),
        (0x0102_0304, 0x0403_0201),
    ];
    for (e, got) in run_six(&vset(), "vset", &pairs) {
        for (&(a, b), got) in pairs.iter().zip(got) {
            let want = [
                pack(&set(a, b, 16, false, |p, q| p > q), 16),
                pack(&set(a, b, 16, true, |p, q| p <= q), 16),
                pack(&set(a, b, 8, false, |p, q| p != q), 8),
                pack(&set(a, b, 8, true, |p, q| p < q), 8),
                add(100, &set(a, b, 8, false, |p, q| p >= q)),
                add(7, &set(a, b, 16, true, |p, q| p == q)),
            ];
            assert_eq!(got, want, "{e:?} a {a:#010x} b {b:#010x}");
        }
    }
}

#[test]
fn vavrg_rounds_each_lane_half_away_from_zero() {
    let pairs = [
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
    for (e, got) in run_six(&vavrg(), "vavrg", &pairs) {
        for (&(a, b), got) in pairs.iter().zip(got) {
            let want = [
                pack(&averages(a, b, 16, true), 16),
                pack(&averages(a, b, 16, false), 16),
                pack(&averages(a, b, 8, true), 8),
                pack(&averages(a, b, 8, false), 8),
                add(100, &averages(a, b, 16, true)),
                add(100, &averages(a, b, 8, true)),
            ];
            assert_eq!(got, want, "{e:?} a {a:#010x} b {b:#010x}");
        }
    }
}
