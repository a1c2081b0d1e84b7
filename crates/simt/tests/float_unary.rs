//! `abs.f32`, `abs.f64` and `cvt.rn.f32.u32` over edge operands: every engine gives the PTX
//! ISA's results (abs clears the sign bit; an f32 NaN comes out as the canonical 0x7fffffff, an
//! f64 NaN quieted with its sign kept, as an H200 gives; the conversion rounds to nearest even), and the warp tier runs
//! them compiled (a Monte Carlo kernel's Box-Muller step handed them to the interpreter one
//! warp-instruction at a time).

use simt::{DeviceMemory, Dim3, Engine, Params};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, download, program, upload};

/// Thread i: `out32[3i] = abs.f32(a[i])`, `out32[3i + 1] = cvt.rn.f32.u32(a[i])`, and
/// `out64[i] = abs.f64(b[i])`.
fn unary() -> String {
    module(
        "sm_80",
        &Kernel::new("unary", &["out32", "out64", "a", "b"], Index::Thread).offset(4).body(
            r#"
    add.s64 %rd6, %rd3, %rd5;
    ld.global.u32 %r2, [%rd6];
    mov.b32 %f1, %r2;
    abs.f32 %f2, %f1;
    cvt.rn.f32.u32 %f1, %r2;
    mul.wide.u32 %rd7, %r1, 8;
    add.s64 %rd8, %rd1, %rd7;
    st.global.v2.f32 [%rd8], {%f2, %f1};
    add.s64 %rd9, %rd4, %rd7;
    ld.global.f64 %fd1, [%rd9];
    abs.f64 %fd2, %fd1;
    add.s64 %rd10, %rd2, %rd7;
    st.global.f64 [%rd10], %fd2;
    ret;
"#,
        ),
    )
}

#[test]
fn abs_and_unsigned_to_f32() {
    const EDGES: [u32; 16] = [
        0,
        1,
        0x8000_0000,   // -0.0
        0x7f80_0000,   // +inf
        0xff80_0000,   // -inf
        0x7fc0_0001,   // a NaN with a payload
        0xffff_ffff,   // a negative NaN; as an integer, 2^32 - 1 (rounds up to 2^32)
        0xbf80_0000,   // -1.0
        0x8000_0001,   // the smallest negative subnormal
        (1 << 24) + 1, // a tie: to even (down)
        (1 << 24) + 3, // a tie: to even (up)
        (1 << 25) + 5, // not a tie: to nearest (down)
        0x7fff_ffff,   // rounds up to 2^31
        0xfeff_ff80,   // a tie below 2^32
        16_777_215,    // exact
        0x1234_5678,
    ];
    let a: Vec<u32> = (0..64).map(|i| EDGES[i % 16].rotate_left((i / 16) as u32 * 8)).collect();
    let b: Vec<u64> = a.iter().map(|&x| u64::from(x) << 32 | u64::from(x.rotate_left(3))).collect();
    let abs32 = |x: u32| if f32::from_bits(x).is_nan() { 0x7fff_ffff } else { x & 0x7fff_ffff };
    let want32: Vec<u32> = a.iter().flat_map(|&x| [abs32(x), (x as f32).to_bits()]).collect();
    // abs.f64 of a NaN quiets it and keeps its sign (an H200's answer, `nan_sign_ops.rs`).
    let abs64 = |x: u64| if f64::from_bits(x).is_nan() { x | 1 << 51 } else { x & !(1 << 63) };
    let want64: Vec<u64> = b.iter().map(|&x| abs64(x)).collect();
    for engine in ENGINES {
        let p = program(&unary(), engine);
        let mem = DeviceMemory::new();
        let (da, db) = (upload(&mem, &a), upload(&mem, &b));
        let (o32, o64) = (upload(&mem, &[0xeeee_eeeeu32; 128]), upload(&mem, &[0xeeu64; 64]));
        let params = Params::new().ptr(o32).ptr(o64).ptr(da).ptr(db).clone();
        let stats = p
            .launch("unary", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        assert_eq!(download::<u32>(&mem, o32, 128), want32, "{engine:?}");
        assert_eq!(download::<u64>(&mem, o64, 64), want64, "{engine:?}");
        if engine == Engine::Warp {
            assert_eq!(stats.warp_instructions, 0, "the warp tier left abs or cvt to the interpreter");
        }
    }
}
