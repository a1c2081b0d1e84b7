//! `ex2.approx` and `tanh.approx` on `.f16`/`.f16x2`/`.bf16x2` (what `hexp2`, `h2exp2` and
//! `htanh_approx` compile to) on every engine: each result within the PTX ISA's bound of the
//! exact function (maximum relative error 2^-9.9 for ex2.f16, 2^-8 for bf16), infinities, zeros
//! and NaN exact.

use simt::{DeviceMemory, Dim3, Params};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, program};

fn ptx() -> String {
    module(
        "sm_90",
        &Kernel::new("half_fns", &["inp", "out"], Index::Thread)
            .global_pointers()
            .declare(".reg .b16 %h<4>;")
            .offset(4)
            .body(
                r#"
    add.s64 %rd4, %rd1, %rd3;
    ld.global.b32 %r2, [%rd4];
    mov.b32 {%h1, %h2}, %r2;
    ex2.approx.f16 %h3, %h1;
    ex2.approx.f16x2 %r3, %r2;
    tanh.approx.f16x2 %r4, %r2;
    tanh.approx.bf16x2 %r5, %r2;
    ex2.approx.ftz.bf16x2 %r6, %r2;
    mul.wide.u32 %rd3, %r1, 24;
    add.s64 %rd5, %rd2, %rd3;
    st.global.b16 [%rd5], %h3;
    st.global.b32 [%rd5+4], %r3;
    st.global.b32 [%rd5+8], %r4;
    st.global.b32 [%rd5+12], %r5;
    st.global.b32 [%rd5+16], %r6;
    ret;
"#,
            ),
    )
}

/// IEEE binary16 / bfloat16 bits → f64.
fn f16_value(h: u16) -> f64 {
    let (s, e, m) = (h >> 15, (h >> 10) & 31, f64::from(h & 1023));
    let v = match e {
        0 => m * 2f64.powi(-24),
        31 if m == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + m / 1024.0) * 2f64.powi(i32::from(e) - 15),
    };
    if s == 1 { -v } else { v }
}

fn bf16_value(h: u16) -> f64 {
    f64::from(f32::from_bits(u32::from(h) << 16))
}

/// Whether `got` is within relative error `bound` of `exact` (special values exact; results
/// below the format's smallest normal within one of its subnormal steps, `tiny`).
fn close(got: f64, exact: f64, bound: f64, tiny: f64, max: f64) -> bool {
    if exact.is_nan() {
        return got.is_nan();
    }
    if exact.abs() > max * (1.0 + bound) {
        return got.is_infinite() && got.signum() == exact.signum() || got.abs() == max;
    }
    if exact.abs() < tiny * 1024.0 {
        return (got - exact).abs() <= tiny;
    }
    ((got - exact) / exact).abs() <= bound
}

#[test]
fn half_exp2_and_tanh_are_within_their_bounds() {
    // f16 inputs (low, high halves).
    let f16s: [u16; 16] = [
        0x0000, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x4900, 0xc900, 0x4bf0, 0xcf80, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x2e66,
        0xb266, 0x4d00,
    ];
    let n = f16s.len() / 2;
    let mem = DeviceMemory::new();
    let inp = mem.alloc(4 * n as u64).unwrap();
    mem.write(inp, &f16s.iter().flat_map(|h| h.to_le_bytes()).collect::<Vec<_>>()).unwrap();
    let out = mem.alloc(24 * n as u64).unwrap();
    for e in ENGINES {
        let p = program(&ptx(), e);
        mem.write(out, &vec![0xab; 24 * n]).unwrap();
        p.launch("half_fns", Dim3::x(1), Dim3::x(n as u32), 0, Params::new().ptr(inp).ptr(out).bytes(), &mem)
            .unwrap_or_else(|f| panic!("{e:?}: {f}"));
        let mut b = vec![0u8; 24 * n];
        mem.read(out, &mut b).unwrap();
        let h = |t: usize, off: usize| u16::from_le_bytes([b[t * 24 + off], b[t * 24 + off + 1]]);
        for t in 0..n {
            let (lo, hi) = (f16s[2 * t], f16s[2 * t + 1]);
            let f16_tiny = 2f64.powi(-24);
            let ex2 = |x: u16| f16_value(x).exp2();
            let ok_ex2 = |g: u16, x: u16| close(f16_value(g), ex2(x), 2f64.powi(-9), f16_tiny, 65504.0);
            assert!(ok_ex2(h(t, 0), lo), "{e:?} ex2.f16 {lo:#06x} -> {:#06x}", h(t, 0));
            assert!(ok_ex2(h(t, 4), lo), "{e:?} ex2.f16x2 low {lo:#06x} -> {:#06x}", h(t, 4));
            assert!(ok_ex2(h(t, 6), hi), "{e:?} ex2.f16x2 high {hi:#06x} -> {:#06x}", h(t, 6));
            let ok_tanh = |g: u16, x: u16| close(f16_value(g), f16_value(x).tanh(), 2f64.powi(-9), f16_tiny, 65504.0);
            assert!(ok_tanh(h(t, 8), lo), "{e:?} tanh.f16x2 low {lo:#06x} -> {:#06x}", h(t, 8));
            assert!(ok_tanh(h(t, 10), hi), "{e:?} tanh.f16x2 high {hi:#06x} -> {:#06x}", h(t, 10));
            // The same bits read as bfloat16.
            let bf_max = f64::from(f32::MAX);
            let bf_tiny = 2f64.powi(-126);
            let ok_bf = |g: u16, exact: f64| close(bf16_value(g), exact, 2f64.powi(-7), bf_tiny, bf_max);
            assert!(ok_bf(h(t, 12), bf16_value(lo).tanh()), "{e:?} tanh.bf16x2 low {lo:#06x} -> {:#06x}", h(t, 12));
            assert!(ok_bf(h(t, 14), bf16_value(hi).tanh()), "{e:?} tanh.bf16x2 high {hi:#06x}");
            // .ftz: subnormal inputs are zero, so 2^0 = 1.
            let ftz_in = |x: u16| if x & 0x7f80 == 0 { 0.0 } else { bf16_value(x) };
            assert!(ok_bf(h(t, 16), ftz_in(lo).exp2()), "{e:?} ex2.ftz.bf16x2 low {lo:#06x} -> {:#06x}", h(t, 16));
            assert!(ok_bf(h(t, 18), ftz_in(hi).exp2()), "{e:?} ex2.ftz.bf16x2 high {hi:#06x} -> {:#06x}", h(t, 18));
        }
    }
}
