//! `div.approx.f32` (what `__fdividef` and `-use_fast_math` divisions compile to) against the
//! PTX ISA: "For 2^126 < |b| < 2^128, if a is infinity, `div.approx.f32` returns NaN, otherwise
//! it returns a sign-preserving zero" (the quotient is `a * (1/b)`, and `1/b` is below the
//! normal range there). `div.full.f32` is full-range: the same divisors give the quotient. On
//! every engine; the other operands have exact quotients, which any approximation within the
//! ISA's 2 ulp must give.

use simt::{DeviceMemory, Dim3, Params};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, download_u32, program, upload};

/// Thread i: `out[3i..3i + 3]` = `div.approx.f32`, `div.approx.ftz.f32` and `div.full.f32` of
/// `a[i]` by `b[i]`.
fn divisions() -> String {
    module(
        "sm_80",
        &Kernel::new("divisions", &["out", "a", "b"], Index::Thread).offset(4).body(
            r#"
    add.s64 %rd5, %rd2, %rd4;
    ld.global.f32 %f1, [%rd5];
    add.s64 %rd6, %rd3, %rd4;
    ld.global.f32 %f2, [%rd6];
    div.approx.f32 %f3, %f1, %f2;
    div.approx.ftz.f32 %f4, %f1, %f2;
    div.full.f32 %f5, %f1, %f2;
    mul.wide.u32 %rd7, %r1, 12;
    add.s64 %rd8, %rd1, %rd7;
    st.global.f32 [%rd8], %f3;
    st.global.f32 [%rd8+4], %f4;
    st.global.f32 [%rd8+8], %f5;
    ret;
"#,
        ),
    )
}

#[test]
fn approximate_division_beyond_2_pow_126_is_zero() {
    let p = |e: i32| 2f32.powi(e);
    // (a, b, div.approx, div.approx.ftz, div.full) as bits; NaN results are the canonical NaN.
    let nan = 0x7fff_ffff;
    let sub = f32::from_bits(1); // the smallest subnormal
    let cases: [(f32, f32, f32, f32, f32); 16] = [
        (1.0, p(127), 0.0, 0.0, p(-127)),
        (p(100), p(127), 0.0, 0.0, p(-27)),
        (-6.0, p(127) * 1.5, -0.0, -0.0, -p(-125)),
        (6.0, -p(127) * 1.5, -0.0, -0.0, -p(-125)),
        (-3.0 * p(120), -1.5 * p(126), 0.0, 0.0, p(-5)),
        (f32::MAX, f32::MAX, 0.0, 0.0, 1.0),
        (0.0, p(127), 0.0, 0.0, 0.0),
        (f32::INFINITY, p(127), f32::NAN, f32::NAN, f32::INFINITY),
        (f32::NEG_INFINITY, -p(126) * 1.25, f32::NAN, f32::NAN, f32::INFINITY),
        (f32::NAN, p(127), f32::NAN, f32::NAN, f32::NAN),
        // 2^126 itself is inside the accurate range; infinity is outside the zero range.
        (p(100), p(126), p(-26), p(-26), p(-26)),
        (3.0, f32::INFINITY, 0.0, 0.0, 0.0),
        (-7.25, 2.0, -3.625, -3.625, -3.625),
        (1.0, 0.0, f32::INFINITY, f32::INFINITY, f32::INFINITY),
        // A subnormal dividend: kept, or flushed under .ftz.
        (sub, 0.5, f32::from_bits(2), 0.0, f32::from_bits(2)),
        (p(-100), p(30), f32::from_bits(1 << 19), 0.0, f32::from_bits(1 << 19)),
    ];
    let a: Vec<f32> = (0..32).map(|i| cases[i % 16].0).collect();
    let b: Vec<f32> = (0..32).map(|i| cases[i % 16].1).collect();
    let bits = |f: f32| if f.is_nan() { nan } else { f.to_bits() };
    let want: Vec<u32> = (0..32)
        .flat_map(|i| {
            let c = cases[i % 16];
            [bits(c.2), bits(c.3), bits(c.4)]
        })
        .collect();
    for engine in ENGINES {
        let prog = program(&divisions(), engine);
        let mem = DeviceMemory::new();
        let (da, db) = (upload(&mem, &a), upload(&mem, &b));
        let out = upload(&mem, &[0xeeee_eeeeu32; 96]);
        let params = Params::new().ptr(out).ptr(da).ptr(db).clone();
        prog.launch("divisions", Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        let got = download_u32(&mem, out, 96);
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            let (case, form) = (i / 3 % 16, ["div.approx", "div.approx.ftz", "div.full"][i % 3]);
            assert_eq!(
                g, w,
                "{engine:?}: {form} of case {case} ({:?} / {:?}): {g:#x}, want {w:#x}",
                cases[case].0, cases[case].1
            );
        }
    }
}
