//! Approximate instructions at the edges an H200 pins down exactly
//! (tests/program-diff/approx_special_values.cu): `sin.approx.f32` of a subnormal is a zero of
//! its sign even without `.ftz`, and `rcp.approx.ftz.f64` works on its operand's upper 32 bits,
//! zeroes the result's lower 32, and maps a NaN to 0x7fffffff00000000 (the PTX ISA's "canonical
//! NaN" for it). On every engine.

use simt::{DeviceMemory, Dim3, Params};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, download, program, upload};

/// Thread i: `out32[i] = sin.approx.f32(a[i])` and `out64[i] = rcp.approx.ftz.f64(b[i])`.
fn approx() -> String {
    module(
        "sm_80",
        &Kernel::new("approx", &["out32", "out64", "a", "b"], Index::Thread).offset(4).body(
            r#"
    add.s64 %rd6, %rd3, %rd5;
    ld.global.f32 %f1, [%rd6];
    sin.approx.f32 %f2, %f1;
    add.s64 %rd7, %rd1, %rd5;
    st.global.f32 [%rd7], %f2;
    mul.wide.u32 %rd8, %r1, 8;
    add.s64 %rd9, %rd4, %rd8;
    ld.global.f64 %fd1, [%rd9];
    rcp.approx.ftz.f64 %fd2, %fd1;
    add.s64 %rd10, %rd2, %rd8;
    st.global.f64 [%rd10], %fd2;
    ret;
"#,
        ),
    )
}

#[test]
fn subnormal_sine_and_gross_double_reciprocal() {
    let sines: [f32; 4] = [1e-40, -1e-40, f32::from_bits(1), -f32::from_bits(0x007f_ffff)];
    let recips: [(u64, u64); 9] = [
        (f64::NAN.to_bits(), 0x7fff_ffff_0000_0000),
        ((-f64::NAN).to_bits() | 5, 0x7fff_ffff_0000_0000),
        (1.0f64.to_bits(), 1.0f64.to_bits()),
        // The lower 32 bits of the operand are ignored.
        (2.0f64.to_bits() | 0xffff_ffff, 0.5f64.to_bits()),
        (f64::INFINITY.to_bits(), 0),
        // Its upper word is infinity's: the lower 32 bits are ignored, so +0, not NaN.
        (0x7ff0_0000_0000_0001, 0),
        ((-0.0f64).to_bits(), f64::NEG_INFINITY.to_bits()),
        // A subnormal is flushed: +Inf.
        (0x0000_0001_0000_0000, f64::INFINITY.to_bits()),
        (f64::NEG_INFINITY.to_bits(), (-0.0f64).to_bits()),
    ];
    let a: Vec<f32> = (0..32).map(|i| sines[i % 4]).collect();
    let b: Vec<u64> = (0..32).map(|i| if i < 9 { recips[i].0 } else { 3.0f64.to_bits() }).collect();
    for engine in ENGINES {
        let p = program(&approx(), engine);
        let mem = DeviceMemory::new();
        let (da, db) = (upload(&mem, &a), upload(&mem, &b));
        let (o32, o64) = (upload(&mem, &[0xeeee_eeeeu32; 32]), upload(&mem, &[0xeeu64; 32]));
        let params = Params::new().ptr(o32).ptr(o64).ptr(da).ptr(db).clone();
        p.launch("approx", Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        let s: Vec<u32> = download(&mem, o32, 32);
        for (i, &v) in s.iter().enumerate() {
            assert_eq!(v, (a[i] * 0.0).to_bits(), "{engine:?}: sin.approx of {:e}", a[i]);
        }
        let r: Vec<u64> = download(&mem, o64, 32);
        for (i, &(x, want)) in recips.iter().enumerate() {
            assert_eq!(r[i], want, "{engine:?}: rcp.approx.ftz.f64 of {x:#x}");
        }
        // 1/3: 20 mantissa bits, the lower 32 zero, within 2^-20 relative.
        let third = r[9];
        assert_eq!(third & 0xffff_ffff, 0, "{engine:?}: {third:#x}");
        assert!((f64::from_bits(third) * 3.0 - 1.0).abs() < 2f64.powi(-20), "{engine:?}: {third:#x}");
    }
}
