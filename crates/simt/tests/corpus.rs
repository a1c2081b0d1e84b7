//! Loads every corpus fixture: decoding never panics, and whatever cannot be executed is a
//! `LoadError` with a location. Also checks load errors and a few small inline kernels.

use simt::{DeviceMemory, Dim3, Params, Program};

mod common;

use common::ptx::{Index, Kernel, module};

#[test]
fn corpus_fixtures_load_or_report() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/corpus/ptx");
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let (mut files, mut kernels_ok, mut kernels_err) = (0, 0, 0);
    for e in entries.flatten() {
        let path = e.path();
        if path.extension().is_none_or(|x| x != "ptx") {
            continue;
        }
        let src = std::fs::read_to_string(&path).unwrap();
        let parsed = ptx::parse(&src);
        let (p, errors) = Program::load_partial(&parsed.module, Some(&src));
        files += 1;
        kernels_ok += p.kernels().len();
        kernels_err += errors.len();
        for err in &errors {
            if std::env::var_os("SIMT_SHOW_ERRORS").is_some() {
                eprintln!("LOADERR {} :: {}", err.message, err.instruction);
            }
            assert!(err.line > 0, "{}: {err}", path.display());
            assert!(!err.function.is_empty() || !err.instruction.is_empty(), "{}: {err}", path.display());
        }
    }
    eprintln!("corpus: {files} files, {kernels_ok} loadable kernels, {kernels_err} load errors");
}

#[test]
fn unsupported_instruction_is_a_load_error() {
    let src = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 p)
{
    .reg .f32 %f<4>;
    min.NaN.f64 %f1, %f2, %f3;
    ret;
}
"#;
    let e = Program::from_ptx(src).unwrap_err();
    assert_eq!(e.function, "k");
    assert_eq!((e.line, e.col), (8, 5), "{e}");
    assert!(e.instruction.starts_with("min.NaN.f64"), "{e}");
}

#[test]
fn inline_ptx_bit_ops_and_generic_shared() {
    let src = module(
        "sm_80",
        &Kernel::new("k", &["out"], Index::Thread)
            .global_pointers()
            .declare(".shared .align 4 .b32 s[32];")
            // 48 bytes per thread (10 words used): its `v4` stores 16-byte aligned, as the
            // PTX ISA requires.
            .offset(48)
            .body(
                r#"
    add.s64 %rd3, %rd1, %rd2;
    brev.b32 %r2, %r1;
    bfe.u32 %r3, 0xabcd1234, %r1, 8;
    bfi.b32 %r4, %r1, 0xffffffff, 4, 3;
    prmt.b32 %r5, 0x03020100, 0x07060504, 0x8642;
    lop3.b32 %r6, %r1, 0xf0f0, 0xff00, 0x96;
    shf.l.wrap.b32 %r7, 0x80000001, %r1, 3;
    bfind.u32 %r8, %r1;
    popc.b32 %r9, %r1;
    clz.b32 %r10, %r1;
    mov.u64 %rd4, s;
    cvta.shared.u64 %rd5, %rd4;
    mul.wide.u32 %rd6, %r1, 4;
    add.s64 %rd5, %rd5, %rd6;
    st.u32 [%rd5], %r1;
    bar.sync 0;
    xor.b32 %r11, %r1, 1;
    mul.wide.u32 %rd6, %r11, 4;
    add.s64 %rd7, %rd4, %rd6;
    ld.shared.u32 %r12, [%rd7];
    st.global.v4.u32 [%rd3], {%r2, %r3, %r4, %r5};
    st.global.v4.u32 [%rd3+16], {%r6, %r7, %r8, %r9};
    st.global.v2.u32 [%rd3+32], {%r10, %r12};
    ret;
"#,
            ),
    );
    let p = Program::from_ptx(&src).unwrap();
    let mem = DeviceMemory::new();
    let out = mem.alloc(48 * 32).unwrap();
    p.launch("k", Dim3::x(1), Dim3::x(32), 0, Params::new().ptr(out).bytes(), &mem).unwrap();
    let mut b = vec![0u8; 48 * 32];
    mem.read(out, &mut b).unwrap();
    let w = |i: usize| u32::from_le_bytes(b[i * 4..i * 4 + 4].try_into().unwrap());
    for t in 0..32u32 {
        let o = t as usize * 12;
        assert_eq!(w(o), t.reverse_bits());
        let bfe = if t >= 32 { 0 } else { (0xabcd1234u32 >> t) & 0xff };
        assert_eq!(w(o + 1), bfe, "bfe {t}");
        assert_eq!(w(o + 2), !(0b111u32 << 4) | ((t & 0b111) << 4), "bfi {t}");
        // Selectors 2, 4, 6, 8|0 (sign of byte 0 = 0x00 -> 0x00).
        assert_eq!(w(o + 3), 0x0006_0402, "prmt");
        assert_eq!(w(o + 4), t ^ 0xf0f0 ^ 0xff00, "lop3 {t}");
        assert_eq!(w(o + 5), (t << 3) | 4, "shf {t}");
        assert_eq!(w(o + 6), if t == 0 { u32::MAX } else { 31 - t.leading_zeros() }, "bfind {t}");
        assert_eq!(w(o + 7), t.count_ones());
        assert_eq!(w(o + 8), t.leading_zeros());
        assert_eq!(w(o + 9), t ^ 1, "shared via generic {t}");
    }
}

#[test]
fn carry_chains_128_bit() {
    // out[t] = {a + b (4 limbs), a - b (4 limbs), lo64(x) * lo64(y) as 128 bits via mad.cc (4 limbs)}
    let src = module(
        "sm_80",
        &Kernel::new("k", &["inp", "outp"], Index::None)
            .declare(".reg .b32 %a<4>, %b<4>, %s<4>, %d<4>, %m<4>;")
            .declare(".reg .b32 %t;")
            .body(
                r#"
    mov.u32 %t, %tid.x;
    mul.wide.u32 %rd3, %t, 32;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.v4.u32 {%a0, %a1, %a2, %a3}, [%rd4];
    ld.global.v4.u32 {%b0, %b1, %b2, %b3}, [%rd4+16];
    add.cc.u32 %s0, %a0, %b0;
    addc.cc.u32 %s1, %a1, %b1;
    addc.cc.u32 %s2, %a2, %b2;
    addc.u32 %s3, %a3, %b3;
    sub.cc.u32 %d0, %a0, %b0;
    subc.cc.u32 %d1, %a1, %b1;
    subc.cc.u32 %d2, %a2, %b2;
    subc.u32 %d3, %a3, %b3;
    // (a1:a0) * (b1:b0), schoolbook with carries.
    mul.lo.u32 %m0, %a0, %b0;
    mul.hi.u32 %m1, %a0, %b0;
    mad.lo.cc.u32 %m1, %a0, %b1, %m1;
    madc.hi.u32 %m2, %a0, %b1, 0;
    mad.lo.cc.u32 %m1, %a1, %b0, %m1;
    madc.hi.cc.u32 %m2, %a1, %b0, %m2;
    addc.u32 %m3, 0, 0;
    mad.lo.cc.u32 %m2, %a1, %b1, %m2;
    madc.hi.u32 %m3, %a1, %b1, %m3;
    mul.wide.u32 %rd3, %t, 48;
    add.s64 %rd5, %rd2, %rd3;
    st.global.v4.u32 [%rd5], {%s0, %s1, %s2, %s3};
    st.global.v4.u32 [%rd5+16], {%d0, %d1, %d2, %d3};
    st.global.v4.u32 [%rd5+32], {%m0, %m1, %m2, %m3};
    ret;
"#,
            ),
    );
    let p = Program::from_ptx(&src).unwrap();
    let mem = DeviceMemory::new();
    let mut x = 0x1234_5678_9abc_def1u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let n = 64usize;
    let mut inp = Vec::new();
    let mut vals = Vec::new();
    for i in 0..n {
        // Include limbs of all ones so carries ripple through every limb.
        let (a, b) = if i % 4 == 0 {
            (u128::MAX, 1u128)
        } else {
            ((next() as u128) << 64 | next() as u128, (next() as u128) << 64 | next() as u128)
        };
        inp.extend_from_slice(&a.to_le_bytes());
        inp.extend_from_slice(&b.to_le_bytes());
        vals.push((a, b));
    }
    let din = mem.alloc(inp.len() as u64).unwrap();
    mem.write(din, &inp).unwrap();
    let dout = mem.alloc(48 * n as u64).unwrap();
    p.launch("k", Dim3::x(1), Dim3::x(n as u32), 0, Params::new().ptr(din).ptr(dout).bytes(), &mem).unwrap();
    let mut out = vec![0u8; 48 * n];
    mem.read(dout, &mut out).unwrap();
    for (i, &(a, b)) in vals.iter().enumerate() {
        let o = &out[i * 48..];
        let get = |k: usize| u128::from_le_bytes(o[k * 16..k * 16 + 16].try_into().unwrap());
        assert_eq!(get(0), a.wrapping_add(b), "add {i}");
        assert_eq!(get(1), a.wrapping_sub(b), "sub {i}");
        assert_eq!(get(2), (a as u64 as u128) * (b as u64 as u128), "mul {i}");
    }
}
