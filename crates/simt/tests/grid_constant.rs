//! `__grid_constant__` kernel parameters through their generic address (tests/kernels/
//! grid_constant.cu, sm_80, -O3 and -G): `cvta.param`, generic loads of the parameter from
//! device functions, `isspacep.param` (and `.global`, true for parameters as in PTX),
//! `cvta.to.param`, and a store through the address (read-only: an illegal address). Every
//! check runs on the interpreter and both compiled tiers.

use simt::{DeviceMemory, DevicePtr, Dim3, FaultKind, MemError, PARAM_WINDOW, Program};

mod common;

use common::{ENGINES, download_u32, program, upload};

fn programs() -> Vec<(String, Program)> {
    common::fixture_on_engines("grid_constant.sm_80")
}

/// The kernels' `Config` parameter (88 bytes, 8-byte aligned).
struct Config {
    coeffs: [f32; 16],
    n: i32,
    mode: i32,
    scale: f64,
    tag: u64,
}

impl Config {
    fn bytes(&self) -> Vec<u8> {
        let mut b: Vec<u8> = self.coeffs.iter().flat_map(|c| c.to_le_bytes()).collect();
        b.extend(self.n.to_le_bytes());
        b.extend(self.mode.to_le_bytes());
        b.extend(self.scale.to_le_bytes());
        b.extend(self.tag.to_le_bytes());
        assert_eq!(b.len(), 88);
        b
    }
}

/// The parameter buffer: the config, then 64-bit pointers.
fn params(cfg: &Config, ptrs: &[DevicePtr]) -> Vec<u8> {
    let mut b = cfg.bytes();
    for p in ptrs {
        b.extend(p.0.to_le_bytes());
    }
    b
}

#[test]
fn grid_constant_read_through_its_address() {
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        for (n, mode, scale) in [(1000i32, 1i32, 0.5f64), (333, 0, 2.0), (40, 1, -0.25)] {
            // Small integers: exact whether or not nvcc contracted the products into fmas.
            let coeffs: [f32; 16] = std::array::from_fn(|k| ((k as i32 * 7 + n) % 11 - 5) as f32);
            let cfg = Config { coeffs, n, mode, scale, tag: 0 };
            let input: Vec<f32> = (0..n).map(|i| ((i * 13) % 17 - 8) as f32).collect();
            let din = upload(&mem, &input);
            let out = upload(&mem, &vec![f32::NAN; n as usize]);
            let grid = (n as u32).div_ceil(128);
            p.launch("grid_const", Dim3::x(grid), Dim3::x(128), 0, &params(&cfg, &[din, out]), &mem)
                .unwrap_or_else(|f| panic!("{v}: {f}"));
            let got = download_u32(&mem, out, n as usize);
            for i in 0..n as usize {
                let acc = (0..16).fold(0.0f32, |acc, k| acc + coeffs[k] * input[(i + k) % n as usize]);
                let w = (f64::from(acc) * scale) as f32;
                let w = if mode != 0 { w } else { -w };
                assert_eq!(got[i], w.to_bits(), "{v} n {n} element {i}: {} vs {w}", f32::from_bits(got[i]));
            }
        }
    }
}

/// FNV-1a over `bytes`, as the kernel's `checksum`.
fn fnv(bytes: &[u8]) -> u32 {
    bytes.iter().fold(2_166_136_261u32, |h, &b| (h ^ u32::from(b)).wrapping_mul(16_777_619))
}

#[test]
fn grid_constant_address_spaces_and_round_trip() {
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        for tag in [0x0123_4567_89ab_cdefu64, 0xfeed_f00d_0000_0100] {
            let cfg = Config {
                coeffs: std::array::from_fn(|k| k as f32 * 1.5 - 3.0),
                n: -7,
                mode: 0x5a5a,
                scale: std::f64::consts::PI,
                tag,
            };
            let gp = upload(&mem, &[1i32; 4]);
            let flags = upload(&mem, &[u32::MAX; 6]);
            p.launch("grid_const_query", Dim3::x(2), Dim3::x(32), 0, &params(&cfg, &[gp, flags]), &mem)
                .unwrap_or_else(|f| panic!("{v}: {f}"));
            // Bits: 1 isspacep.param, 2 .global, 4 .shared, 8 .local (the parameter window is
            // inside the global window, as PTX defines it). The -O3 build passes a `mov` of
            // the parameter (not in the parameter space on an H200), the -G build its
            // `cvta.param` (in it): tests/program-diff/async_grid_constant.cu.
            let param = if v.starts_with("O3") { 2 } else { 3 };
            let want = [param, 2, 4, 8, (tag >> 8) as u32, fnv(&cfg.bytes())];
            assert_eq!(download_u32(&mem, flags, 6), want, "{v} tag {tag:x}");
        }
    }
}

#[test]
fn store_to_grid_constant_faults() {
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        let cfg = Config { coeffs: [0.0; 16], n: 5, mode: 0, scale: 1.0, tag: 0 };
        let out = upload(&mem, &[u32::MAX; 1]);
        let e = p.launch("grid_const_write", Dim3::x(1), Dim3::x(32), 0, &params(&cfg, &[out]), &mem).unwrap_err();
        // `cfg.n` is at offset 64 of the parameter buffer.
        let want = FaultKind::Memory(MemError::OutOfBounds { addr: PARAM_WINDOW + 64, size: 4 });
        assert_eq!(e.kind, want, "{v}: {e}");
        assert!(e.instruction.starts_with("st.volatile"), "{v}: {e}");
        assert_eq!(download_u32(&mem, out, 1), [u32::MAX], "{v}");
    }
}

/// Kernel parameters read through a register holding their `mov`ed address (`ld.param
/// [%rd]`, which nvcc emits for large structs and dynamically indexed ones): the corpus's
/// tests/corpus/cu/75_kernel_params.cu, -O3 and -G.
#[test]
fn parameters_read_through_registers() {
    let mem = DeviceMemory::new();
    for v in ["O3", "G"] {
        let path = format!("{}/../../tests/corpus/ptx/75_kernel_params.sm_80.{v}.ptx", env!("CARGO_MANIFEST_DIR"));
        let src = std::fs::read_to_string(&path).unwrap();
        for e in ENGINES {
            let mut p = Program::from_ptx(&src).unwrap_or_else(|err| panic!("{v}: {err}"));
            p.set_engine(e);
            // large_param(Large { float weights[240]; int count; double scale; }, in, out)
            let (n, count) = (256usize, 200i32);
            let weights: Vec<f32> = (0..240).map(|k| ((k * 5) % 9 - 4) as f32).collect();
            let input: Vec<f32> = (0..n + 240).map(|i| ((i * 3) % 7) as f32 - 3.0).collect();
            let din = upload(&mem, &input);
            let out = upload(&mem, &vec![f32::NAN; n]);
            let mut b: Vec<u8> = weights.iter().flat_map(|w| w.to_le_bytes()).collect();
            b.extend(count.to_le_bytes());
            b.extend([0; 4]);
            b.extend(0.5f64.to_le_bytes());
            b.extend(din.0.to_le_bytes());
            b.extend(out.0.to_le_bytes());
            p.launch("large_param", Dim3::x(n as u32 / 64), Dim3::x(64), 0, &b, &mem)
                .unwrap_or_else(|f| panic!("{v}/{e:?}: {f}"));
            let got = download_u32(&mem, out, n);
            for i in 0..n {
                let acc = (0..count as usize).fold(0.0f32, |a, k| a + weights[k] * input[i + k]);
                assert_eq!(got[i], (acc * 0.5).to_bits(), "{v}/{e:?} large_param {i}");
            }
            // param_dynamic_index(Coeffs { float c[8]; }, idx, out): out[i] = c[idx[i] & 7].
            let coeffs: Vec<f32> = (0..8).map(|k| k as f32 * 2.5 - 1.0).collect();
            let idx: Vec<i32> = (0..64).map(|i| (i * 7 + 3) % 13).collect();
            let didx = upload(&mem, &idx);
            let out = upload(&mem, &[f32::NAN; 64]);
            let mut b: Vec<u8> = coeffs.iter().flat_map(|c| c.to_le_bytes()).collect();
            b.extend(didx.0.to_le_bytes());
            b.extend(out.0.to_le_bytes());
            p.launch("param_dynamic_index", Dim3::x(1), Dim3::x(64), 0, &b, &mem)
                .unwrap_or_else(|f| panic!("{v}/{e:?}: {f}"));
            let want: Vec<u32> = idx.iter().map(|&i| coeffs[(i & 7) as usize].to_bits()).collect();
            assert_eq!(download_u32(&mem, out, 64), want, "{v}/{e:?} param_dynamic_index");
        }
    }
}

/// The forms nvcc does not emit: `mov.u32` of a parameter's address (the PTX ISA's own
/// example), `cvta.param` of a parameter name with an offset, `cvta.to.param` back to a
/// param-space address for `ld.param`, `isspacep.param` of other addresses, and a generic
/// load past the parameters (an illegal address). Checked with ptxas -arch=sm_80.
#[test]
fn param_addresses_inline_ptx() {
    let src = r#"
.version 9.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out, .param .align 8 .b8 buf[24], .param .u32 len)
{
    .reg .b64 %rd<12>;
    .reg .b32 %r<12>;
    .reg .pred %p<4>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, len;
    ld.param.u32 %r2, [%r1];
    st.global.u32 [%rd1], %r2;
    cvta.param.u64 %rd2, buf+8;
    ld.u64 %rd3, [%rd2];
    st.global.u64 [%rd1+8], %rd3;
    cvta.to.param.u64 %rd4, %rd2;
    ld.param.u32 %r3, [%rd4+4];
    st.global.u32 [%rd1+16], %r3;
    isspacep.param %p1, %rd2;
    isspacep.param %p2, %rd1;
    isspacep.param::entry %p3, %rd4;
    selp.u32 %r4, 1, 0, %p1;
    selp.u32 %r5, 2, 0, %p2;
    selp.u32 %r6, 4, 0, %p3;
    or.b32 %r7, %r4, %r5;
    or.b32 %r7, %r7, %r6;
    st.global.u32 [%rd1+20], %r7;
    setp.ne.s32 %p1, %r2, 99;
    @%p1 ret;
    ld.u32 %r8, [%rd2+4096];
    st.global.u32 [%rd1+24], %r8;
    ret;
}
"#;
    let mem = DeviceMemory::new();
    for e in ENGINES {
        let p = program(src, e);
        for len in [7u32, 99] {
            let out = upload(&mem, &[u32::MAX; 7]);
            // out at 0, buf at 8..32, len at 32.
            let mut b = out.0.to_le_bytes().to_vec();
            b.extend(0x1111_2222_3333_4444u64.to_le_bytes());
            b.extend(0x5555_6666_7777_8888u64.to_le_bytes());
            b.extend(0x9999_aaaa_bbbb_ccccu64.to_le_bytes());
            b.extend(len.to_le_bytes());
            let r = p.launch("k", Dim3::x(1), Dim3::x(32), 0, &b, &mem);
            let got = download_u32(&mem, out, 7);
            // Bits of word 5: 1 the generic address, 4 the param-space one (the same
            // address), not 2 the global pointer.
            let want = [len, u32::MAX, 0x7777_8888, 0x5555_6666, 0x5555_6666, 5, u32::MAX];
            assert_eq!(got, want, "{e:?} len {len}");
            if len == 99 {
                let f = r.unwrap_err();
                let want = FaultKind::Memory(MemError::OutOfBounds { addr: PARAM_WINDOW + 16 + 4096, size: 4 });
                assert_eq!(f.kind, want, "{e:?}: {f}");
            } else {
                r.unwrap_or_else(|f| panic!("{e:?}: {f}"));
            }
        }
    }
}
