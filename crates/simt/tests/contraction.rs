//! Multiply-add contraction of nvcc-built PTX as ptxas 13.0 does it (`crates/simt/src/contract.rs`):
//! which plain `mul`s are fused into which plain `add`/`sub`s. Every expectation here is what
//! ptxas -O3 made of this PTX for sm_90 (`cuobjdump -sass`: an `FFMA` per fused use, an `FMUL`
//! where the product stays), and every engine must compute those roundings. A product used by
//! several adds is fused into each of them (Parboil's LBM, `feq - 1.5*u2` in 19 velocities, differed
//! from an H200 in the last bits before); an add of two products fuses the one with fewer uses,
//! the first operand's on a tie (not the first defined); `div.approx.ftz` is a multiply by the
//! unit's reciprocal (PageRank's `s += rank / degree` under -use_fast_math: one FFMA.FTZ).

use simt::{DeviceMemory, Dim3, Params};

mod common;

use common::{ENGINES, download, program, upload};

const PTX: &str = "
.version 8.8
.target sm_90
.address_size 64
.visible .entry contraction(.param .u64 out, .param .u64 in, .param .u32 n)
{
  .reg .f32 %f<50>;
  .reg .f64 %fd<20>;
  .reg .b64 %rd<4>;
  .reg .pred %p<3>;
  .reg .b32 %r<4>;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r1, [n];
  ld.global.f32 %f1, [%rd1];
  ld.global.f32 %f2, [%rd1+4];
  ld.global.f32 %f3, [%rd1+8];
  ld.global.f32 %f4, [%rd1+12];
  ld.global.f32 %f5, [%rd1+16];
  ld.global.f64 %fd1, [%rd1+24];
  ld.global.f64 %fd2, [%rd1+32];
  ld.global.f64 %fd3, [%rd1+40];
  // three uses, an add, a sub and a guarded add: FFMA x3
  mul.f32 %f23, %f3, %f5;
  add.f32 %f24, %f23, %f1;
  sub.f32 %f25, %f2, %f23;
  setp.gt.s32 %p1, %r1, 3;
  @%p1 add.f32 %f26, %f23, %f4;
  st.global.f32 [%rd2], %f24;
  st.global.f32 [%rd2+4], %f25;
  st.global.f32 [%rd2+8], %f26;
  // f64, an add and a sub with the product first: DFMA x2
  mul.f64 %fd4, %fd1, %fd2;
  add.f64 %fd5, %fd4, %fd3;
  sub.f64 %fd6, %fd4, %fd1;
  st.global.f64 [%rd2+16], %fd5;
  st.global.f64 [%rd2+24], %fd6;
  // an add and a store of the product: FMUL, FADD
  mul.f32 %f10, %f1, %f2;
  add.f32 %f11, %f10, %f3;
  st.global.f32 [%rd2+32], %f11;
  st.global.f32 [%rd2+36], %f10;
  // an add and another multiply: FMUL, FADD, FMUL
  mul.f32 %f12, %f2, %f3;
  add.f32 %f13, %f12, %f4;
  mul.f32 %f14, %f12, %f5;
  st.global.f32 [%rd2+40], %f13;
  st.global.f32 [%rd2+44], %f14;
  // two products used twice each, one add of both: the first fused into both its adds, the
  // second (its add taken) into neither
  mul.f32 %f15, %f2, %f3;
  mul.f32 %f16, %f4, %f5;
  add.f32 %f17, %f15, %f16;
  add.f32 %f18, %f15, %f1;
  add.f32 %f19, %f16, %f2;
  st.global.f32 [%rd2+48], %f17;
  st.global.f32 [%rd2+52], %f18;
  st.global.f32 [%rd2+56], %f19;
  // the same add using the product twice: FADD
  mul.f32 %f20, %f1, %f5;
  add.f32 %f21, %f20, %f20;
  st.global.f32 [%rd2+60], %f21;
  // a sub of two single-use products, the second defined first: the first operand's fused
  mul.f32 %f40, %f1, %f3;
  mul.f32 %f41, %f2, %f4;
  sub.f32 %f42, %f41, %f40;
  st.global.f32 [%rd2+72], %f42;
  // an add of a product used twice and one used once: the one used once fused, the other
  // into neither of its adds
  mul.f32 %f43, %f1, %f4;
  mul.f32 %f44, %f2, %f3;
  add.f32 %f45, %f44, %f43;
  add.f32 %f46, %f44, %f3;
  st.global.f32 [%rd2+76], %f45;
  st.global.f32 [%rd2+80], %f46;
  // -use_fast_math's division, MUFU.RCP and a multiply, fused into its add as that multiply:
  // the same bits as the reciprocal and an fma
  div.approx.ftz.f32 %f47, %f1, %f5;
  add.ftz.f32 %f48, %f47, %f2;
  st.global.f32 [%rd2+84], %f48;
  rcp.approx.ftz.f32 %f49, %f5;
  fma.rn.ftz.f32 %f33, %f1, %f49, %f2;
  st.global.f32 [%rd2+88], %f33;
  // a use in another block: neither fused
  mul.f32 %f30, %f4, %f4;
  add.f32 %f31, %f30, %f3;
  st.global.f32 [%rd2+64], %f31;
  @%p1 bra DONE;
  add.f32 %f32, %f30, %f1;
  st.global.f32 [%rd2+68], %f32;
DONE:
  ret;
}
";

/// What ptxas's code computes for inputs `f` (five floats) and `d` (three doubles), as the
/// 21 words of `out` (the f64 results as two words each, at bytes 16 and 24).
fn expected(f: [f32; 5], d: [f64; 3]) -> Vec<u32> {
    let [f1, f2, f3, f4, f5] = f;
    let [d1, d2, d3] = d;
    let mut w: Vec<u32> = Vec::new();
    let mut push = |x: f32| w.push(x.to_bits());
    push(f3.mul_add(f5, f1));
    push((-f3).mul_add(f5, f2));
    push(f3.mul_add(f5, f4));
    let fd5 = d1.mul_add(d2, d3).to_bits();
    let fd6 = d1.mul_add(d2, -d1).to_bits();
    let mut out = w;
    out.push(0); // bytes 12..16: not written
    for x in [fd5, fd6] {
        out.push(x as u32);
        out.push((x >> 32) as u32);
    }
    let p12 = f2 * f3;
    let p16 = f4 * f5;
    let p30 = f4 * f4;
    out.extend(
        [
            f1 * f2 + f3,
            f1 * f2,
            p12 + f4,
            p12 * f5,
            f2.mul_add(f3, p16),
            f2.mul_add(f3, f1),
            p16 + f2,
            f1 * f5 + f1 * f5,
            p30 + f3,
            p30 + f1,
            f2.mul_add(f4, -(f1 * f3)),
            f1.mul_add(f4, f2 * f3),
            f2 * f3 + f3,
        ]
        .map(f32::to_bits),
    );
    out
}

#[test]
fn products_fuse_into_every_add_or_into_none() {
    let mut rng = common::Rng::new(16);
    for round in 0..64 {
        // Factors with many significant bits, so that a fused and an unfused result differ.
        let f: [f32; 5] = std::array::from_fn(|_| (rng.f32() - 0.5) * 3.0 + 1.0 / 3.0);
        let d: [f64; 3] = std::array::from_fn(|_| f64::from(rng.f32()) / 3.0 + 0.1);
        let mut input: Vec<u32> = f.iter().map(|x| x.to_bits()).collect();
        input.push(0);
        for x in d {
            input.push(x.to_bits() as u32);
            input.push((x.to_bits() >> 32) as u32);
        }
        let want = expected(f, d);
        // n > 3 takes the guarded add and skips the other block's; n = 0 the reverse.
        for n in [0u32, 7] {
            for engine in ENGINES {
                let p = program(PTX, engine);
                let mem = DeviceMemory::new();
                let din = upload(&mem, &input);
                let dout = upload(&mem, &vec![0u32; want.len() + 2]);
                let params = Params::new().ptr(dout).ptr(din).u32(n).clone();
                p.launch("contraction", Dim3::x(1), Dim3::x(1), 0, params.bytes(), &mem)
                    .unwrap_or_else(|e| panic!("{engine:?}: {e}"));
                let got = download::<u32>(&mem, dout, want.len() + 2);
                assert_eq!(got[21], got[22], "round {round}, n {n}, {engine:?}: x / y + z is fma(x, rcp(y), z)");
                // Word 2 is the guarded add's (unwritten register when n <= 3), word 17 the
                // other block's (not stored when n > 3).
                let checked: Vec<usize> = (0..want.len()).filter(|&w| w != if n <= 3 { 2 } else { 17 }).collect();
                for w in checked {
                    assert_eq!(got[w], want[w], "round {round}, n {n}, {engine:?}: word {w} of {got:x?}");
                }
            }
        }
    }
}
