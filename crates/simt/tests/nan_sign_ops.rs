//! NaN results of the sign operations, `fma.f64` and conversions to 16 bits from `.f64`, as an
//! H200 computes them (recorded with inline PTX, every value below is the GPU's): `neg`/`abs`
//! of a half, bf16 or f32 NaN give the canonical NaN (`0x7fff`, `0x7fffffff`), `neg.ftz.f32`
//! flushes a denormal first; `neg`/`abs.f64` of a NaN keep its sign and payload, quieted;
//! `cvt.rn.f16.f64`/`cvt.rn.bf16.f64` of a NaN keep its sign and the top of its payload,
//! quieted. Checked on every engine.

use simt::{DeviceMemory, Dim3, Params, Program};

mod common;

use common::ptx::{Index, Kernel, module};

fn ptx() -> String {
    module(
        "sm_90",
        &Kernel::new("ops", &["data", "out"], Index::Thread)
            .global_pointers()
            .declare(".reg .b16 %h<12>;")
            .offset(24)
            .body(
                r#"
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u64 %rd5, [%rd4];
    ld.global.u64 %rd6, [%rd4+8];
    ld.global.u64 %rd7, [%rd4+16];
    cvt.u16.u64 %h1, %rd5;
    cvt.u32.u64 %r2, %rd5;
    neg.f16 %h2, %h1;
    abs.f16 %h3, %h1;
    neg.bf16 %h4, %h1;
    abs.bf16 %h5, %h1;
    neg.ftz.f16 %h6, %h1;
    neg.f16x2 %r3, %r2;
    neg.f32 %r4, %r2;
    abs.f32 %r5, %r2;
    neg.ftz.f32 %r6, %r2;
    neg.f64 %rd8, %rd5;
    abs.f64 %rd9, %rd5;
    mov.b64 %rd10, 0;
    cvt.rn.bf16.f64 %h7, %rd5;
    cvt.rn.f16.f64 %h8, %rd5;
    mul.wide.u32 %rd3, %r1, 112;
    add.s64 %rd11, %rd2, %rd3;
    cvt.u64.u16 %rd12, %h2;
    st.global.u64 [%rd11], %rd12;
    cvt.u64.u16 %rd12, %h3;
    st.global.u64 [%rd11+8], %rd12;
    cvt.u64.u16 %rd12, %h4;
    st.global.u64 [%rd11+16], %rd12;
    cvt.u64.u16 %rd12, %h5;
    st.global.u64 [%rd11+24], %rd12;
    cvt.u64.u16 %rd12, %h6;
    st.global.u64 [%rd11+32], %rd12;
    cvt.u64.u32 %rd12, %r3;
    st.global.u64 [%rd11+40], %rd12;
    cvt.u64.u32 %rd12, %r4;
    st.global.u64 [%rd11+48], %rd12;
    cvt.u64.u32 %rd12, %r5;
    st.global.u64 [%rd11+56], %rd12;
    cvt.u64.u32 %rd12, %r6;
    st.global.u64 [%rd11+64], %rd12;
    st.global.u64 [%rd11+72], %rd8;
    st.global.u64 [%rd11+80], %rd9;
    st.global.u64 [%rd11+88], %rd10;
    cvt.u64.u16 %rd12, %h7;
    cvt.u64.u16 %rd13, %h8;
    shl.b64 %rd13, %rd13, 16;
    or.b64 %rd12, %rd12, %rd13;
    st.global.u64 [%rd11+96], %rd12;
    ret;
"#,
            ),
    )
}

/// Runs `ops` on each (a, b, c) and returns the 13 results per case.
fn run(cases: &[[u64; 3]], engine: simt::Engine) -> Vec<[u64; 13]> {
    let mem = DeviceMemory::new();
    let data = mem.alloc(24 * cases.len() as u64).unwrap();
    mem.write(data, &cases.iter().flat_map(|c| c.iter().flat_map(|v| v.to_le_bytes())).collect::<Vec<_>>()).unwrap();
    let out = mem.alloc(112 * cases.len() as u64).unwrap();
    let mut p = Program::from_ptx(&ptx()).unwrap();
    p.set_engine(engine);
    p.launch("ops", Dim3::x(1), Dim3::x(cases.len() as u32), 0, Params::new().ptr(data).ptr(out).bytes(), &mem)
        .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
    let mut b = vec![0u8; 112 * cases.len()];
    mem.read(out, &mut b).unwrap();
    (0..cases.len())
        .map(|t| std::array::from_fn(|k| u64::from_le_bytes(b[t * 112 + 8 * k..][..8].try_into().unwrap())))
        .collect()
}

#[test]
fn half_and_f32_sign_ops_give_the_canonical_nan() {
    // input (low 16/32 bits): neg.f16, abs.f16, neg.bf16, abs.bf16, neg.ftz.f16
    let halves: [(u64, [u64; 5]); 11] = [
        (0x7e00, [0x7fff, 0x7fff, 0xfe00, 0x7e00, 0x7fff]),
        (0xfe00, [0x7fff, 0x7fff, 0x7e00, 0x7e00, 0x7fff]),
        (0x7c01, [0x7fff, 0x7fff, 0xfc01, 0x7c01, 0x7fff]),
        (0xfc01, [0x7fff, 0x7fff, 0x7c01, 0x7c01, 0x7fff]),
        (0x7fff, [0x7fff, 0x7fff, 0x7fff, 0x7fff, 0x7fff]),
        (0x7fc0, [0x7fff, 0x7fff, 0x7fff, 0x7fff, 0x7fff]),
        (0xffc1, [0x7fff, 0x7fff, 0x7fff, 0x7fff, 0x7fff]),
        (0x7f81, [0x7fff, 0x7fff, 0x7fff, 0x7fff, 0x7fff]),
        (0x3c00, [0xbc00, 0x3c00, 0xbc00, 0x3c00, 0xbc00]),
        (0x8000, [0x0000, 0x0000, 0x0000, 0x0000, 0x0000]),
        (0x0001, [0x8001, 0x0001, 0x8001, 0x0001, 0x8000]),
    ];
    // input: neg.f32, abs.f32, neg.ftz.f32
    let floats: [(u64, [u64; 3]); 7] = [
        (0x7fc0_0000, [0x7fff_ffff; 3]),
        (0xffc0_0000, [0x7fff_ffff; 3]),
        (0x7f80_0001, [0x7fff_ffff; 3]),
        (0xff81_2345, [0x7fff_ffff; 3]),
        (0x7fff_ffff, [0x7fff_ffff; 3]),
        (0x3f80_0000, [0xbf80_0000, 0x3f80_0000, 0xbf80_0000]),
        (0x0000_0001, [0x8000_0001, 0x0000_0001, 0x8000_0000]),
    ];
    for e in common::ENGINES {
        let got = run(&halves.map(|(h, _)| [h, 0, 0]), e);
        for ((h, want), g) in halves.iter().zip(&got) {
            assert_eq!(g[..5], want[..], "{e:?} half {h:#06x}");
            // neg.f16x2 of (h, 0): each half on its own
            assert_eq!(g[5], want[0] | 0x8000 << 16, "{e:?} neg.f16x2 of {h:#06x} and 0");
        }
        let got = run(&floats.map(|(f, _)| [f, 0, 0]), e);
        for ((f, want), g) in floats.iter().zip(&got) {
            assert_eq!(g[6..9], want[..], "{e:?} f32 {f:#010x}");
        }
    }
}

#[test]
fn f64_sign_ops_and_conversions_keep_a_nan_quieted() {
    // input: neg.f64, abs.f64, cvt.rn.bf16.f64 | cvt.rn.f16.f64 << 16
    let cases: [(u64, [u64; 3]); 7] = [
        (0x7ff8_0000_0000_0000, [0x7ff8_0000_0000_0000, 0x7ff8_0000_0000_0000, 0x7e00_7fc0]),
        (0xfff8_0000_0000_0123, [0xfff8_0000_0000_0123, 0xfff8_0000_0000_0123, 0xfe00_ffc0]),
        (0x7ff0_0000_0000_0001, [0x7ff8_0000_0000_0001, 0x7ff8_0000_0000_0001, 0x7e00_7fc0]),
        (0xfff0_0000_0000_0456, [0xfff8_0000_0000_0456, 0xfff8_0000_0000_0456, 0xfe00_ffc0]),
        (0x0000_0000_0000_0001, [0x8000_0000_0000_0001, 0x0000_0000_0000_0001, 0x0000_0000]),
        (0x8000_0000_0000_0001, [0x0000_0000_0000_0001, 0x0000_0000_0000_0001, 0x8000_8000]),
        (0x3ff0_0000_0000_0000, [0xbff0_0000_0000_0000, 0x3ff0_0000_0000_0000, 0x3c00_3f80]),
    ];
    for e in common::ENGINES {
        let got = run(&cases.map(|(d, _)| [d, 0, 0]), e);
        for ((d, want), g) in cases.iter().zip(&got) {
            assert_eq!([g[9], g[10], g[12]], *want, "{e:?} f64 {d:#018x}");
        }
    }
}

#[test]
fn f64_nan_to_16_bits_keeps_the_top_of_the_payload() {
    // input: cvt.rn.f16.f64 << 16 | cvt.rn.bf16.f64, as an H200 gives them: significand bits
    // 51..42 (f16) and 51..45 (bf16), with the quiet bit set
    let cases: [(u64, u64); 8] = [
        (0x7fff_ffff_ffff_ffff, 0x7fff_7fff),
        (0xffff_ffff_ffff_ffff, 0xffff_ffff),
        (0x7ff4_0000_0000_0000, 0x7f00_7fe0),
        (0x7ffc_0000_0000_0000, 0x7f00_7fe0),
        (0x7ff8_0400_0000_0000, 0x7e01_7fc0),
        (0x7ff9_2345_6789_0abc, 0x7e48_7fc9),
        (0xfffa_bcde_f012_3456, 0xfeaf_ffd5),
        (0x7ff0_0200_0000_0000, 0x7e00_7fc0),
    ];
    for e in common::ENGINES {
        let got = run(&cases.map(|(d, _)| [d, 0, 0]), e);
        for ((d, want), g) in cases.iter().zip(&got) {
            assert_eq!(g[12], *want, "{e:?} f64 {d:#018x}: {:#010x}", g[12]);
        }
    }
}
