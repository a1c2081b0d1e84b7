//! Execution of the warp matrix instructions (`Op::Mma`): `wmma.{load,store,mma}`, `mma.sync`,
//! `ldmatrix`, `stmatrix` and `movmatrix`, warp-wide.
//!
//! **Fragment layouts.** `mma.sync` fragments follow the PTX ISA exactly (with groupID
//! `g = lane / 4`, threadID_in_group `t = lane % 4`, and `per` elements packed per register,
//! low bits first): A element `i` of register `j` is at row `g + 8 * (j % 2)`, column
//! `t * per + (j / 2) * 4 * per + i` when M is 16 (row `g`, column `t * per + j * 4 * per + i`
//! when M is 8); B at row `t * per + j * 4 * per + i`, column `g`; C/D element `i` at row
//! `g + 8 * (i / 2)`, column `t * 2 + i % 2`. This one rule covers every documented layout of
//! the shapes decoded (m16n8k{4,8,16,32,...}, m8n8k{4,16,32,128}).
//!
//! `wmma` fragments are unspecified by PTX; ours: element `s` of lane `l`'s fragment (the
//! fragment's `n` registers hold `p = n * per` elements per lane) is element
//! `(l * p + s) mod (rows * cols)` of the matrix in row-major order. Where a fragment holds
//! more slots than the matrix has elements (the f16 A of m16n16k16: 512 slots, 256 elements),
//! elements repeat across lanes; `wmma.mma` reads each element from any of its copies and
//! writes every copy. The `.row`/`.col` qualifiers only direct memory accesses: a fragment's
//! contents do not depend on the memory layout it was loaded from.
//!
//! **Arithmetic.** Products of `.f16`/`.bf16`/`.tf32` elements and C are summed as an H200's
//! tensor cores sum them (`tensor_dot`: one window 2 bits finer than the largest term's f32
//! significand, terms truncated into it, the sum truncated to an `.f32` D or rounded to
//! nearest into an `.f16` D). `.tf32` elements ignore their low 13 bits. `.f64` uses fused multiply-adds in the instruction's rounding mode.
//! Integer products accumulate exactly; D wraps to 32 bits, or saturates with `.satfinite`.
//! Single-bit mma adds the popcount of `a XOR b` (`a AND b`) over k.

use super::{Block, Warp, WarpResult, lanes, write_masked};
use crate::float::{f16_to_f32, f64_to_f16, f64_to_f32_rnd, fma_dir};
use crate::ir::mma::{BitOp, Frag, FragLayout, MType, MatrixLoad, MatrixStore, Mma, MmaOp, Shape, WmmaLoad, WmmaStore};
use crate::ir::{Reg, Src};
use ptx::types::Rounding;

/// A warp's fragment of a matrix operand: which operand (`frag`) of a matrix of `shape`, its
/// element type, how its elements spread over the lanes, and the registers holding each lane's
/// part.
#[derive(Clone, Copy)]
struct Fragment<'r> {
    layout: FragLayout,
    frag: Frag,
    shape: Shape,
    ty: MType,
    regs: &'r [Reg],
}

impl Fragment<'_> {
    /// Row and column of element `idx` (register `idx / per`, part `idx % per`) of lane
    /// `lane`'s part.
    fn coord(&self, lane: u32, idx: u32) -> (u32, u32) {
        let Fragment { layout, frag, shape, ty, regs } = *self;
        let nregs = regs.len() as u32;
        let (rows, cols) = shape.dims(frag);
        let per = ty.per_reg();
        match layout {
            FragLayout::Wmma => {
                let e = (lane * nregs * per + idx) % (rows * cols).max(1);
                (e / cols.max(1), e % cols.max(1))
            }
            FragLayout::Mma => {
                let (g, t) = (lane >> 2, lane & 3);
                let (j, i) = (idx / per, idx % per);
                match frag {
                    Frag::A if shape.m == 16 => (g + 8 * (j & 1), t * per + (j >> 1) * 4 * per + i),
                    Frag::A => (g, t * per + j * 4 * per + i),
                    Frag::B => (t * per + j * 4 * per + i, g),
                    Frag::C => (g + 8 * (idx >> 1), t * 2 + (idx & 1)),
                }
            }
        }
    }
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 }
}

/// Element `idx` (raw bits) of a lane's fragment registers.
fn get(regs: &[[u64; 32]], frag: &[Reg], ty: MType, lane: usize, idx: u32) -> u64 {
    let per = ty.per_reg();
    let r = frag.get((idx / per) as usize).map_or(0, |r| regs[*r as usize][lane]);
    (r >> ((idx % per) * ty.bits())) & mask(ty.bits())
}

/// One element of a half/bf16/tf32 `D = A * B + C` as an H200's tensor cores compute it
/// (found from its results on the conformance table, every shape and accumulator): the exact
/// products of the k pairs `products` and the addend `c` are aligned to a window whose last
/// bit is 2^(e - 25), `e` the largest of c's exponent and the products' operand exponent sums
/// (so 2 bits below an f32 significand; a product whose significand reaches [2, 4) keeps one
/// more), each truncated toward zero there, summed exactly, and the sum rounded once: toward
/// zero for an `.f32` D, to nearest for an `.f16` D. Non-finite elements propagate as IEEE
/// arithmetic gives them.
fn tensor_dot(c: f64, products: &[(f64, f64)], d: MType) -> u64 {
    // A NaN sum is the canonical NaN, positive (an H200's tf32 products of a NaN or of
    // infinities of both signs print as "nan": tests/program-diff/wmma_int_f64_tf32.cu).
    let round = |v: f64| match d {
        _ if v.is_nan() && d == MType::F16 => 0x7fff,
        _ if v.is_nan() => 0x7fff_ffff,
        MType::F16 => u64::from(f64_to_f16(v)),
        _ => u64::from(f64_to_f32_rnd(v, Rounding::Rz).to_bits()),
    };
    // Every element and product here is a normal f64 (at most 24-bit significands, exponents
    // within ±300): its exponent field is exact.
    let exponent = |x: f64| ((x.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let finite = c.is_finite() && products.iter().all(|(x, y)| (x * y).is_finite());
    if !finite {
        return round(products.iter().fold(c, |acc, (x, y)| x.mul_add(*y, acc)));
    }
    let top = products
        .iter()
        .filter(|(x, y)| x * y != 0.0)
        .map(|(x, y)| exponent(*x) + exponent(*y))
        .chain((c != 0.0).then(|| exponent(c)))
        .max();
    let Some(top) = top else { return round(0.0) };
    // Units of the window's last bit: below 2^27 per term (a product is below 2^(top + 2)),
    // so the sum of at most 17 terms is exact in i64, and `sum * unit` exact in f64.
    let (scale, unit) = (2f64.powi(25 - top), 2f64.powi(top - 25));
    let sum: i64 =
        std::iter::once(c).chain(products.iter().map(|(x, y)| x * y)).map(|t| (t * scale).trunc() as i64).sum();
    round(sum as f64 * unit)
}

fn to_f64(raw: u64, ty: MType) -> f64 {
    match ty {
        MType::F16 => f64::from(f16_to_f32(raw as u16)),
        MType::Bf16 => f64::from(f32::from_bits((raw as u32) << 16)),
        MType::Tf32 => f64::from(f32::from_bits(raw as u32 & 0xffff_e000)),
        MType::F32 => f64::from(f32::from_bits(raw as u32)),
        MType::F64 => f64::from_bits(raw),
        _ => 0.0,
    }
}

fn to_i64(raw: u64, ty: MType) -> i64 {
    let sx = |bits: u32| ((raw << (64 - bits)) as i64) >> (64 - bits);
    match ty {
        MType::S8 => sx(8),
        MType::S4 => sx(4),
        MType::S32 => sx(32),
        _ => raw as i64,
    }
}

impl Warp {
    /// The matrix of fragment `regs` (every lane's copy; for repeated elements the last wins).
    fn gather(&self, f: Fragment<'_>) -> Vec<u64> {
        let (rows, cols) = f.shape.dims(f.frag);
        let mut m = vec![0u64; (rows * cols) as usize];
        let n = f.regs.len() as u32;
        for lane in 0..32u32 {
            for idx in 0..n * f.ty.per_reg() {
                let (r, c) = f.coord(lane, idx);
                if let Some(slot) = m.get_mut((r * cols + c) as usize) {
                    *slot = get(&self.regs, f.regs, f.ty, lane as usize, idx);
                }
            }
        }
        m
    }

    /// Writes matrix `m` (raw elements) into fragment `f` of the lanes of `emask`.
    fn scatter(&mut self, f: Fragment<'_>, m: &[u64], emask: u32) {
        let cols = f.shape.dims(f.frag).1;
        let per = f.ty.per_reg();
        for lane in lanes(emask) {
            for (j, r) in f.regs.iter().enumerate() {
                let mut v = 0u64;
                for i in 0..per {
                    let idx = j as u32 * per + i;
                    let (row, c) = f.coord(lane as u32, idx);
                    let e = m.get((row * cols + c) as usize).copied().unwrap_or(0);
                    v |= (e & mask(f.ty.bits())) << (i * f.ty.bits());
                }
                self.regs[*r as usize][lane] = v;
            }
        }
    }

    /// Runs a matrix instruction for the lanes of `emask`.
    pub(super) fn mma_op(&mut self, b: &mut Block<'_, '_>, op: &MmaOp, emask: u32) -> WarpResult<()> {
        match op {
            MmaOp::Load(l) => self.wmma_load(b, l, emask),
            MmaOp::Store(st) => self.wmma_store(b, st, emask),
            MmaOp::Mma(m) => {
                self.mma(m, emask);
                Ok(())
            }
            MmaOp::Ldmatrix(l) => self.ldmatrix(b, l, emask),
            MmaOp::Stmatrix(st) => self.stmatrix(b, st, emask),
            MmaOp::Movmatrix { d, a } => {
                let src = self.regs[*a as usize];
                let m = |r: usize, c: usize| (src[r * 4 + c / 2] >> (16 * (c & 1))) & 0xffff;
                for lane in lanes(emask) {
                    let (g, t) = (lane >> 2, lane & 3);
                    self.regs[*d as usize][lane] = m(2 * t, g) | (m(2 * t + 1, g) << 16);
                }
                Ok(())
            }
        }
    }

    /// The stride operand of every lane (default: the leading dimension).
    fn strides(&self, b: &Block<'_, '_>, stride: Option<Src>, lead: u32) -> [u64; 32] {
        match stride {
            Some(s) => {
                let mut v = [0u64; 32];
                self.fetch(b, s, &mut v);
                v.map(|x| x & 0xffff_ffff)
            }
            None => [u64::from(lead); 32],
        }
    }

    /// `wmma.load`.
    fn wmma_load(&mut self, b: &mut Block<'_, '_>, op: &WmmaLoad, emask: u32) -> WarpResult<()> {
        let WmmaLoad { frag, shape, ty, col, space, addr, stride, ref d } = *op;
        let (rows, cols) = shape.dims(frag);
        let strides = self.strides(b, stride, if col { rows } else { cols });
        let fragment = Fragment { layout: FragLayout::Wmma, frag, shape, ty, regs: d };
        let bits = ty.bits();
        let mut out = vec![[0u64; 32]; d.len()];
        for lane in lanes(emask) {
            let base = self.addr_of(b, addr, lane);
            for (j, o) in out.iter_mut().enumerate() {
                let mut v = 0u64;
                for i in 0..ty.per_reg() {
                    let idx = j as u32 * ty.per_reg() + i;
                    let (r, c) = fragment.coord(lane as u32, idx);
                    let (lead, minor) = if col { (c, r) } else { (r, c) };
                    let off = u64::from(lead).wrapping_mul(strides[lane]).wrapping_add(u64::from(minor));
                    let e = if bits >= 8 {
                        let size = bits / 8;
                        self.load(b, space, base.wrapping_add(off.wrapping_mul(u64::from(size))), size, lane)?
                    } else {
                        let bit = off.wrapping_mul(u64::from(bits));
                        let byte = self.load(b, space, base.wrapping_add(bit / 8), 1, lane)?;
                        (byte >> (bit % 8)) & mask(bits)
                    };
                    v |= e << (i * bits);
                }
                o[lane] = v;
            }
        }
        for (r, o) in d.iter().zip(&out) {
            write_masked(&mut self.regs[*r as usize], o, emask);
        }
        Ok(())
    }

    /// `wmma.store`.
    fn wmma_store(&mut self, b: &mut Block<'_, '_>, op: &WmmaStore, emask: u32) -> WarpResult<()> {
        let WmmaStore { shape, ty, col, space, addr, stride, ref vals } = *op;
        let (rows, cols) = shape.dims(Frag::C);
        let strides = self.strides(b, stride, if col { rows } else { cols });
        let n = vals.len() as u32;
        let fragment = Fragment { layout: FragLayout::Wmma, frag: Frag::C, shape, ty, regs: vals };
        let size = ty.bits() / 8;
        for lane in lanes(emask) {
            let base = self.addr_of(b, addr, lane);
            for idx in 0..n * ty.per_reg() {
                let (r, c) = fragment.coord(lane as u32, idx);
                let (lead, minor) = if col { (c, r) } else { (r, c) };
                let off = u64::from(lead).wrapping_mul(strides[lane]).wrapping_add(u64::from(minor));
                let v = get(&self.regs, vals, ty, lane, idx);
                self.store(b, space, base.wrapping_add(off.wrapping_mul(u64::from(size))), size, v, lane)?;
            }
        }
        Ok(())
    }

    fn mma(&mut self, m: &Mma, emask: u32) {
        let s = m.shape;
        let fragment = |frag, ty, regs| Fragment { layout: m.layout, frag, shape: s, ty, regs };
        let a = self.gather(fragment(Frag::A, m.ta, &m.a));
        let bm = self.gather(fragment(Frag::B, m.tb, &m.b));
        let c = self.gather(fragment(Frag::C, m.tc, &m.c));
        let (mm, nn, kk) = (s.m as usize, s.n as usize, s.k as usize);
        let mut d = vec![0u64; mm * nn];
        for i in 0..mm {
            for j in 0..nn {
                let ab = |k: usize| (a[i * kk + k], bm[k * nn + j]);
                let cv = c[i * nn + j];
                d[i * nn + j] = if m.ta == MType::F64 {
                    let mut acc = f64::from_bits(cv);
                    for k in 0..kk {
                        let (x, y) = ab(k);
                        let (x, y) = (f64::from_bits(x), f64::from_bits(y));
                        acc = if m.rnd == Rounding::Rn { x.mul_add(y, acc) } else { fma_dir::<f64>(x, y, acc, m.rnd) };
                    }
                    acc.to_bits()
                } else if m.ta.is_float() {
                    let products: Vec<(f64, f64)> =
                        (0..kk).map(&ab).map(|(x, y)| (to_f64(x, m.ta), to_f64(y, m.tb))).collect();
                    // `wmma`'s tf32 m16n16k8 runs as two k = 4 passes on an H200 (its D
                    // differs from one pass of 8), `mma.sync`'s m16n8k8 as one.
                    let pass = if m.layout == FragLayout::Wmma && m.ta == MType::Tf32 { 4 } else { kk };
                    let passes: Vec<&[(f64, f64)]> = products.chunks(pass.max(1)).collect();
                    let (last, first) = passes.split_last().map_or((&[][..], &[][..]), |(l, f)| (*l, f));
                    // Between passes the sum is an f32 (truncated), the next pass's addend.
                    let c = first.iter().fold(to_f64(cv, m.tc), |acc, chunk| {
                        f64::from(f32::from_bits(tensor_dot(acc, chunk, MType::F32) as u32))
                    });
                    tensor_dot(c, last, m.td)
                } else {
                    let mut acc = to_i64(cv, m.tc);
                    for k in 0..kk {
                        let (x, y) = ab(k);
                        acc = acc.wrapping_add(match m.bop {
                            Some(BitOp::Xor) => ((x ^ y) & 1) as i64,
                            Some(BitOp::And) => (x & y & 1) as i64,
                            None => to_i64(x, m.ta).wrapping_mul(to_i64(y, m.tb)),
                        });
                    }
                    let r = if m.sat { acc.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) } else { acc };
                    u64::from(r as u32)
                };
            }
        }
        self.scatter(fragment(Frag::C, m.td, &m.d), &d, emask);
    }

    /// `ldmatrix`: row `r` of matrix `i` is at lane `8i + r`'s address; lane `l` receives
    /// row `l / 4`, elements `2 (l % 4)` and the next (transposed: column `l / 4`, rows
    /// `2 (l % 4)` and the next) of each matrix.
    fn ldmatrix(&mut self, b: &mut Block<'_, '_>, op: &MatrixLoad, emask: u32) -> WarpResult<()> {
        let MatrixLoad { num, trans, space, addr, ref d } = *op;
        let rows = self.addrs(b, addr);
        let mut out = vec![[0u64; 32]; d.len()];
        for lane in lanes(emask) {
            let (g, t) = (lane >> 2, lane & 3);
            for (i, o) in out.iter_mut().enumerate().take(usize::from(num)) {
                let q = 8 * i;
                o[lane] = if trans {
                    let lo = self.load(b, space, rows[q + 2 * t].wrapping_add(2 * g as u64), 2, lane)?;
                    let hi = self.load(b, space, rows[q + 2 * t + 1].wrapping_add(2 * g as u64), 2, lane)?;
                    lo | (hi << 16)
                } else {
                    self.load(b, space, rows[q + g].wrapping_add(4 * t as u64), 4, lane)?
                };
            }
        }
        for (r, o) in d.iter().zip(&out) {
            write_masked(&mut self.regs[*r as usize], o, emask);
        }
        Ok(())
    }

    /// `stmatrix`: the inverse of `ldmatrix`.
    fn stmatrix(&mut self, b: &mut Block<'_, '_>, op: &MatrixStore, emask: u32) -> WarpResult<()> {
        let MatrixStore { num, trans, space, addr, ref vals } = *op;
        let rows = self.addrs(b, addr);
        for lane in lanes(emask) {
            let (g, t) = (lane >> 2, lane & 3);
            for (i, r) in vals.iter().enumerate().take(usize::from(num)) {
                let q = 8 * i;
                let v = self.regs[*r as usize][lane] & 0xffff_ffff;
                if trans {
                    self.store(b, space, rows[q + 2 * t].wrapping_add(2 * g as u64), 2, v & 0xffff, lane)?;
                    self.store(b, space, rows[q + 2 * t + 1].wrapping_add(2 * g as u64), 2, v >> 16, lane)?;
                } else {
                    self.store(b, space, rows[q + g].wrapping_add(4 * t as u64), 4, v, lane)?;
                }
            }
        }
        Ok(())
    }
}
