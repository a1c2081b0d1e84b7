//! Edge results the conformance table's replay on an H200 showed (every expected value below
//! is the GPU's), checked on every engine: 64-bit `bfe`/`bfi` take the position and length
//! whole (the ISA's `& 0xff` holds for 32 bits only); `fns` with offset `i32::MIN` gives 0;
//! `testp.normal` holds for zeros; `fma.rn.ftz.f32` flushes a result whose exact value is
//! below the normal range though it rounds up to the smallest normal; `fma.rp.f64` whose product
//! alone overflows rounds up; `rcp`/`rsqrt.approx.ftz.f64` work on the operand's upper word and
//! leave the result's low word zero.

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, download, program, upload};
use simt::{DeviceMemory, Dim3, Params};

/// One thread; `in` holds the operands, `out` the eleven results (64-bit each).
fn ptx() -> String {
    module(
        "sm_80",
        &Kernel::new("edges", &["out", "in"], Index::None).body(
            r#"
    ld.global.u64 %rd3, [%rd2];
    ld.global.u32 %r0, [%rd2+8];
    ld.global.u32 %r1, [%rd2+12];
    ld.global.u32 %r2, [%rd2+16];
    bfe.u64 %rd4, %rd3, %r0, 8;
    bfe.u64 %rd5, %rd3, 4, %r0;
    bfe.s64 %rd6, %rd3, %r1, 8;
    bfi.b64 %rd7, %rd3, 3, %r2, 8;
    fns.b32 %r3, 0xffffffff, 3, 0x80000000;
    cvt.u64.u32 %rd8, %r3;
    mov.b32 %r4, 0;
    testp.normal.f32 %p0, %r4;
    mov.b64 %rd9, 0x8000000000000000;
    testp.normal.f64 %p1, %rd9;
    selp.u64 %rd10, 1, 0, %p0;
    selp.u64 %rd11, 2, 0, %p1;
    or.b64 %rd10, %rd10, %rd11;
    ld.global.u32 %r5, [%rd2+20];
    ld.global.u32 %r6, [%rd2+24];
    ld.global.u32 %r7, [%rd2+28];
    fma.rn.ftz.f32 %r8, %r5, %r6, %r7;
    cvt.u64.u32 %rd12, %r8;
    ld.global.u64 %rd13, [%rd2+32];
    ld.global.u64 %rd14, [%rd2+40];
    fma.rp.f64 %rd15, %rd13, %rd14, %rd14;
    ld.global.u64 %rd16, [%rd2+48];
    rcp.approx.ftz.f64 %rd17, %rd16;
    ld.global.u64 %rd18, [%rd2+56];
    rsqrt.approx.ftz.f64 %rd19, %rd18;
    st.global.u64 [%rd1], %rd4;
    st.global.u64 [%rd1+8], %rd5;
    st.global.u64 [%rd1+16], %rd6;
    st.global.u64 [%rd1+24], %rd7;
    st.global.u64 [%rd1+32], %rd8;
    st.global.u64 [%rd1+40], %rd10;
    st.global.u64 [%rd1+48], %rd12;
    st.global.u64 [%rd1+56], %rd15;
    st.global.u64 [%rd1+64], %rd17;
    st.global.u64 [%rd1+72], %rd19;
    ret;
"#,
        ),
    )
}

#[test]
fn bit_fields_fns_testp_ftz_fma_and_upper_word_approximations_match_an_h200() {
    let input: Vec<u64> = vec![
        0x1234_5678_9abc_def0,
        // bfe positions/lengths 0x100 and 0x104; bfi position 0x800.
        0x104_u64 << 32 | 0x100,
        0x800 | 0x0080_0000 << 32,
        // fma.rn.ftz.f32: 2^-126 · 2^-24 - 2^-126 (the product's operands above), its addend.
        0x8080_0000 << 32 | 0x3380_0000,
        // fma.rp.f64: (-1 - 26 ulps) · -max - max.
        0xbff0_0000_0000_001a,
        0xffef_ffff_ffff_ffff,
        // rcp.approx.ftz.f64 of 1.5, rsqrt.approx.ftz.f64 of 2^-53.
        0x3ff8_0000_0000_0000,
        0x3ca0_0000_0000_0000,
    ];
    let want: [u64; 10] = [
        0,
        0x0123_4567_89ab_cdef,
        0,
        3,
        0,
        3,
        0x8000_0000,
        0x7cfa_0000_0000_0000,
        0x3fe5_5555_0000_0000,
        0x4196_a09e_0000_0000,
    ];
    for engine in ENGINES {
        let p = program(&ptx(), engine);
        let mem = DeviceMemory::new();
        let inp = upload(&mem, &input);
        let out = upload(&mem, &[0xeeee_eeee_eeee_eeeeu64; 10]);
        let params = Params::new().ptr(out).ptr(inp).clone();
        p.launch("edges", Dim3::x(1), Dim3::x(1), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        assert_eq!(download::<u64>(&mem, out, 10), want, "{engine:?}");
    }
}

/// `.ftz` results that round to the smallest normal: flushed when tiny after rounding to 24 bits
/// with an unbounded exponent (`2^-126 − 2^-150`), kept when within half that spacing of 2^-126.
/// Operands are loaded (as in the GPU's recording), not immediates ptxas could fold.
fn tiny_ptx() -> String {
    module(
        "sm_80",
        &Kernel::new("tiny", &["out", "in"], Index::None).body(
            r#"
    ld.global.v4.u32 {%r6, %r7, %r8, %r9}, [%rd2];
    ld.global.v2.u64 {%rd3, %rd4}, [%rd2+16];
    mul.ftz.f32 %r0, %r6, %r7;
    mul.rp.ftz.f32 %r1, %r6, %r7;
    div.rn.ftz.f32 %r2, %r8, %r9;
    cvt.rn.ftz.f32.f64 %r3, %rd3;
    cvt.rn.ftz.f32.f64 %r4, %rd4;
    neg.f32 %r10, %r7;
    mul.ftz.f32 %r5, %r6, %r10;
    st.global.v4.u32 [%rd1], {%r0, %r1, %r2, %r3};
    st.global.v2.u32 [%rd1+16], {%r4, %r5};
    ret;
"#,
        ),
    )
}

#[test]
fn ftz_flushes_results_tiny_after_rounding_with_an_unbounded_exponent_as_an_h200() {
    // 2^-126 and 1 - 2^-24; 0x00ffffff and 2; f64s just below 2^-126 - 2^-151 (tiny) and
    // 2^-126 · (1 - 2^-53) (rounds to 2^-126, not tiny).
    let input: Vec<u32> =
        vec![0x0080_0000, 0x3f7f_ffff, 0x00ff_ffff, 0x4000_0000, 0xefff_ffff, 0x380f_ffff, 0xffff_ffff, 0x380f_ffff];
    let want: [u32; 6] = [0, 0, 0, 0, 0x0080_0000, 0x8000_0000];
    for engine in ENGINES {
        let p = program(&tiny_ptx(), engine);
        let mem = DeviceMemory::new();
        let inp = upload(&mem, &input);
        let out = upload(&mem, &[0xeeee_eeeeu32; 6]);
        let params = Params::new().ptr(out).ptr(inp).clone();
        p.launch("tiny", Dim3::x(1), Dim3::x(1), 0, params.bytes(), &mem).unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        assert_eq!(download::<u32>(&mem, out, 6), want, "{engine:?}");
    }
}

/// `cvt.f64.f32` of a NaN keeps its sign and payload; `cvt.ftz.f64.f32` gives the f32 canonical
/// NaN widened, `0x7fffffffe0000000`, whatever the NaN (an H200, `fuzz11_cvt_ftz_nan.cu`).
const WIDEN_PTX: &str = r#"
.version 8.0
.target sm_80
.address_size 64

.visible .entry widen(.param .u64 out, .param .u64 in)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<8>;
    .reg .f32 %f<2>;
    .reg .f64 %fd<4>;
    ld.param.u64 %rd0, [out];
    ld.param.u64 %rd1, [in];
    mov.u32 %r0, %tid.x;
    mul.wide.u32 %rd2, %r0, 4;
    add.s64 %rd3, %rd1, %rd2;
    ld.global.f32 %f0, [%rd3];
    cvt.f64.f32 %fd0, %f0;
    cvt.ftz.f64.f32 %fd1, %f0;
    mul.wide.u32 %rd4, %r0, 16;
    add.s64 %rd5, %rd0, %rd4;
    st.global.f64 [%rd5], %fd0;
    st.global.f64 [%rd5+8], %fd1;
    ret;
}
"#;

#[test]
fn ftz_widening_of_a_nan_gives_the_canonical_nan_as_an_h200() {
    let input: Vec<u32> =
        vec![0xffc0_0001, 0x7fc0_0000, 0xffff_ffff, 0x7f80_0001, 0xff81_2345, 0x8000_0001, 0x3fc0_0000];
    let want: Vec<u64> = vec![
        0xfff8_0000_2000_0000,
        0x7fff_ffff_e000_0000,
        0x7ff8_0000_0000_0000,
        0x7fff_ffff_e000_0000,
        0xffff_ffff_e000_0000,
        0x7fff_ffff_e000_0000,
        0x7ff8_0000_2000_0000,
        0x7fff_ffff_e000_0000,
        0xfff8_2468_a000_0000,
        0x7fff_ffff_e000_0000,
        0xb6a0_0000_0000_0000,
        0x8000_0000_0000_0000,
        0x3ff8_0000_0000_0000,
        0x3ff8_0000_0000_0000,
    ];
    let n = input.len();
    for engine in ENGINES {
        let p = program(WIDEN_PTX, engine);
        let mem = DeviceMemory::new();
        let inp = upload(&mem, &input);
        let out = upload(&mem, &vec![0xeeee_eeee_eeee_eeeeu64; 2 * n]);
        let params = Params::new().ptr(out).ptr(inp).clone();
        p.launch("widen", Dim3::x(1), Dim3::x(n as u32), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        assert_eq!(download::<u64>(&mem, out, 2 * n), want, "{engine:?}");
    }
}
