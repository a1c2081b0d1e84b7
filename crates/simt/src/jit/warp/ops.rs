//! Lane-parallel arithmetic: each instruction on all 32 lanes of the warp's registers (in
//! the planar layout: a register's 32 low halves, then its 32 high halves), 64-bit
//! operations on pairs of lanes (`i64x2`, interleaved from the two halves), 32-bit ones on
//! groups of four (`i32x4`, the low halves as they lie). Results are the interpreter's:
//! 32-bit results zero-extended, f32 NaNs canonical (0x7fffffff). In a diverged warp the
//! results are blended into the registers under the executing lanes' mask.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{ConstantData, Endianness, InstBuilder, MemFlagsData, Value, types};
use cranelift_frontend::FunctionBuilder;
use ptx::types::{CmpOp, Rounding, ScalarType};

use super::*;
use crate::address_space::{LOCAL_WINDOW, SHARED_WINDOW};
use crate::jit::ctx::{off, sr};

/// A vector source: lanes at a time from memory, or one value in every lane.
#[derive(Clone, Copy)]
pub(super) enum VectorSource {
    /// A register's lanes in the warp tier's layout (`jit::warp::entry::Planar`) at `base + off`;
    /// `true`: a narrow register (or a lane table), whose high halves read as zero whatever
    /// memory holds there (`WarpCodegen::narrow`).
    Mem(Value, i32, bool),
    /// The same `u64` in every lane: an `i64x2` splat of the scalar, the scalar, and an
    /// `i32x4` splat of its low half (made once: without the optimizer, nothing would merge
    /// the copies each group of lanes would make).
    Splat(Value, Value, Value),
    /// A register's lanes computed earlier in the block (`WarpCodegen::vals`).
    Val(Lanes),
}

/// A register's 32 lanes held in SSA values: 32-bit results as eight `i32x4` groups (their
/// high halves zero), 64-bit ones as sixteen `i64x2` pairs, or a register's exact image as
/// eight groups of low halves and eight of high halves (as the register file holds them).
#[derive(Clone, Copy)]
pub(super) enum Lanes {
    Quads([Value; 8]),
    Pairs([Value; 16]),
    Planes([Value; 8], [Value; 8]),
}

/// A lane-parallel operation on vector operands (one vector result): each lane of the result
/// from the same lane of the operands only (`WarpCodegen::keep_scalar` relies on it).
type LaneOp<'x> = &'x dyn Fn(&mut FunctionBuilder<'_>, &[Value]) -> Value;

/// A lane-parallel operation on pair `k` of its vector operands.
type PairOp<'x> = &'x dyn Fn(&mut FunctionBuilder<'_>, usize, &[Value]) -> Value;

/// An operation on one lane's two scalar operands (`WarpCodegen::per_lane`).
type ScalarOp<'x> = &'x dyn Fn(&mut FunctionBuilder<'_>, Value, Value) -> Value;

/// A lane-parallel operation from a group of four 32-bit lanes to two pairs of 64-bit lanes.
type WidenOp<'x> = &'x dyn Fn(&mut FunctionBuilder<'_>, &[Value]) -> (Value, Value);

fn lanes() -> MemFlagsData {
    MemFlagsData::new().with_endianness(Endianness::Little)
}

impl WarpCodegen<'_, '_> {
    pub(super) fn vsrc(&mut self, s: Src) -> Option<VectorSource> {
        if let Src::Reg(r) = s
            && let Some(&x) = self.scalars.get(&r)
            && self.vals.contains_key(&r)
        {
            return Some(self.splat(x));
        }
        if let Src::Reg(r) = s
            && let Some(v) = self.settle(r)
        {
            return Some(VectorSource::Val(v));
        }
        self.vsrc_raw(s)
    }

    /// `vsrc` for f32 arithmetic, which may read a `raw` result as it is.
    fn vsrc_raw(&mut self, s: Src) -> Option<VectorSource> {
        Some(match s {
            Src::Reg(r) if r < self.f.nregs => {
                if let Some(&v) = self.vals.get(&r) {
                    return Some(VectorSource::Val(v));
                }
                self.materialize(r);
                if self.uniform.get(r as usize).copied().unwrap_or(false) {
                    let x = self.one_lane(r);
                    return Some(self.splat(x));
                }
                VectorSource::Mem(self.regs(), reg_off(r), self.narrow(r))
            }
            Src::Imm(v) => {
                let c = self.imm(v);
                self.splat(c)
            }
            Src::Sreg(Sreg::Tid(d)) if d < 3 => VectorSource::Mem(self.gld(goff::LANES), 256 * i32::from(d), true),
            Src::Sreg(Sreg::Laneid) => VectorSource::Mem(self.gld(goff::LANES), 768, true),
            Src::Sreg(s @ (Sreg::Ntid(_) | Sreg::Ctaid(_) | Sreg::Nctaid(_))) => {
                let (base, d) = match s {
                    Sreg::Ntid(d) => (sr::NTID, d),
                    Sreg::Ctaid(d) => (sr::CTAID, d),
                    Sreg::Nctaid(d) => (sr::NCTAID, d),
                    _ => return None,
                };
                if d >= 3 {
                    return None;
                }
                let at = off::SREGS + 4 * (base as i32 + i32::from(d));
                let v = self.b.ins().uload32(flags(), self.ctx, at);
                self.splat(v)
            }
            Src::Global(gi, o) => {
                let gb = self.b.ins().load(I64, flags(), self.ctx, off::GLOBALS);
                let a = self.b.ins().load(I64, flags(), gb, (gi as i32).wrapping_mul(8));
                let a = self.b.ins().iadd_imm_s(a, o);
                self.splat(a)
            }
            Src::Local(o) => {
                let c = self.imm(o);
                self.splat(c)
            }
            _ => return None,
        })
    }

    /// The value of warp-uniform register `r` (its lanes in memory are current): the lowest
    /// active lane's, the same as every other active lane's. (Not any live lane's: lanes
    /// waiting to run an early exit are live and did not compute what the others did.)
    fn one_lane(&mut self, r: Reg) -> Value {
        let act = self.act();
        let lane = self.b.ins().ctz(act);
        let lane = self.b.ins().band_imm_u(lane, 31);
        let at = self.b.ins().ishl_imm_s(lane, 2);
        let rg = self.regs();
        let p = self.b.ins().iadd(rg, at);
        let lo = self.b.ins().uload32(vflags(), p, reg_off(r));
        if self.narrow(r) {
            return lo;
        }
        let hi = self.b.ins().uload32(vflags(), p, reg_off(r) + 128);
        let hi = self.b.ins().ishl_imm_s(hi, 32);
        self.b.ins().bor(lo, hi)
    }

    fn splat(&mut self, x: Value) -> VectorSource {
        let lo = self.b.ins().ireduce(types::I32, x);
        let lo = self.b.ins().splat(types::I32X4, lo);
        VectorSource::Splat(self.b.ins().splat(I64X2, x), x, lo)
    }

    /// Pair `k` (lanes `2k`, `2k+1`) of `s`.
    pub(super) fn pair(&mut self, s: VectorSource, k: i32) -> Value {
        match s {
            VectorSource::Splat(v, ..) => v,
            VectorSource::Val(Lanes::Pairs(p)) => p[k as usize & 15],
            VectorSource::Val(Lanes::Quads(_)) | VectorSource::Mem(_, _, true) => {
                let q = self.quad(s, k / 2);
                if k % 2 == 0 { self.b.ins().uwiden_low(q) } else { self.b.ins().uwiden_high(q) }
            }
            VectorSource::Mem(..) | VectorSource::Val(Lanes::Planes(..)) => {
                let (lo, hi) = (self.quad(s, k / 2), self.hi_quad(s, k / 2));
                self.interleave(lo, hi, k % 2 == 1)
            }
        }
    }

    /// Lanes `4q..4q+4` (`hi`: `4q+2..4q+4`) as `i64x2` from their low and high halves.
    fn interleave(&mut self, lo: Value, hi: Value, upper: bool) -> Value {
        let m: [u8; 16] = if upper {
            [8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31]
        } else {
            [0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23]
        };
        let v = self.shuffle32(lo, hi, m);
        self.b.ins().bitcast(I64X2, lanes(), v)
    }

    /// The `i32x4` of bytes `m` of `x` (0..16) and `y` (16..32).
    pub(super) fn shuffle32(&mut self, x: Value, y: Value, m: [u8; 16]) -> Value {
        let x = self.b.ins().bitcast(types::I8X16, lanes(), x);
        let y = self.b.ins().bitcast(types::I8X16, lanes(), y);
        let imm = self.b.func.dfg.immediates.push(ConstantData::from(m.to_vec()));
        let s = self.b.ins().shuffle(x, y, imm);
        self.b.ins().bitcast(types::I32X4, lanes(), s)
    }

    /// The low (`odd`: high) halves of two pairs, as one `i32x4`.
    pub(super) fn halves(&mut self, p0: Value, p1: Value, odd: bool) -> Value {
        let m: [u8; 16] = if odd {
            [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31]
        } else {
            [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27]
        };
        self.shuffle32(p0, p1, m)
    }

    pub(super) fn cvec(&mut self, ty: types::Type, bytes: Vec<u8>) -> Value {
        let h = self.b.func.dfg.constants.insert(ConstantData::from(bytes));
        self.b.ins().vconst(ty, h)
    }

    pub(super) fn cvec64(&mut self, lo: u64, hi: u64) -> Value {
        let mut v = lo.to_le_bytes().to_vec();
        v.extend_from_slice(&hi.to_le_bytes());
        self.cvec(I64X2, v)
    }

    /// Lanes `4q..4q+4` of `s` as `i32x4` (low halves).
    pub(super) fn quad(&mut self, s: VectorSource, q: i32) -> Value {
        match s {
            VectorSource::Splat(.., lo) => lo,
            VectorSource::Val(Lanes::Quads(qs)) | VectorSource::Val(Lanes::Planes(qs, _)) => qs[q as usize & 7],
            VectorSource::Val(Lanes::Pairs(p)) => {
                let (p0, p1) = (p[(2 * q) as usize & 15], p[(2 * q + 1) as usize & 15]);
                self.halves(p0, p1, false)
            }
            VectorSource::Mem(base, o, _) => self.b.ins().load(types::I32X4, vflags(), base, o + 16 * q),
        }
    }

    /// The high halves of lanes `4q..4q+4` of `s` as `i32x4`.
    pub(super) fn hi_quad(&mut self, s: VectorSource, q: i32) -> Value {
        match s {
            VectorSource::Splat(_, x, _) => {
                let x = self.b.ins().ushr_imm_s(x, 32);
                let x = self.b.ins().ireduce(types::I32, x);
                self.b.ins().splat(types::I32X4, x)
            }
            VectorSource::Val(Lanes::Quads(_)) | VectorSource::Mem(_, _, true) => self.zero32(),
            VectorSource::Val(Lanes::Planes(_, hs)) => hs[q as usize & 7],
            VectorSource::Val(Lanes::Pairs(p)) => {
                let (p0, p1) = (p[(2 * q) as usize & 15], p[(2 * q + 1) as usize & 15]);
                self.halves(p0, p1, true)
            }
            VectorSource::Mem(base, o, false) => self.b.ins().load(types::I32X4, vflags(), base, o + 128 + 16 * q),
        }
    }

    /// Whether the high halves of `s`'s lanes are known to be zero (a 32-bit result, or a
    /// constant below 2^32).
    fn hi_zero(&self, s: VectorSource) -> bool {
        match s {
            VectorSource::Val(Lanes::Quads(_)) | VectorSource::Mem(_, _, true) => true,
            VectorSource::Splat(_, x, _) => {
                use cranelift_codegen::ir::{InstructionData, Opcode};
                let dfg = &self.b.func.dfg;
                match dfg.value_def(x).inst().map(|i| &dfg.insts[i]) {
                    Some(InstructionData::UnaryImm { imm, .. }) => (imm.bits() as u64) >> 32 == 0,
                    // A narrow register's value (`one_lane`), a special register's.
                    Some(d) => matches!(d.opcode(), Opcode::Uload32 | Opcode::Uextend),
                    None => false,
                }
            }
            _ => false,
        }
    }

    pub(super) fn zero32(&mut self) -> Value {
        self.cvec(types::I32X4, vec![0; 16])
    }

    /// The lanes of `em` (a lane mask, splat into `i32x4`) among lanes `4q..4q+4`, as
    /// all-ones or zero `i32x4` lanes.
    fn quad_mask(&mut self, ems: Value, q: i32) -> Value {
        let bits: Vec<u8> = (0..4).flat_map(|i| (1u32 << (4 * q + i)).to_le_bytes()).collect();
        let sel = self.cvec(types::I32X4, bits);
        let m = self.b.ins().band(ems, sel);
        let z = self.zero32();
        self.b.ins().icmp(IntCC::NotEqual, m, z)
    }

    /// Writes lanes `4q..4q+4` of register `d` (low halves `lo`, high halves `hi`): all of
    /// them (`ems` None), else the lanes of `em` (`ems`: `em` splat into `i32x4`). Always into
    /// the register file, also while a load delivers `d` to its join (`mem::Sink`): what
    /// writes `d` here (a store of its pending lanes before a side path reads them) is not
    /// what the load loaded.
    pub(super) fn wquad(&mut self, d: Reg, q: i32, lo: Value, hi: Value, ems: Option<Value>) {
        let at = reg_off(d) + 16 * q;
        let m = ems.map(|ems| self.quad_mask(ems, q));
        // No reader looks at a narrow register's high halves.
        let halves: &[(Value, i32)] = if self.narrow(d) { &[(lo, at)] } else { &[(lo, at), (hi, at + 128)] };
        for &(v, at) in halves {
            let v = match m {
                None => v,
                Some(m) => {
                    let rg = self.regs();
                    let old = self.b.ins().load(types::I32X4, vflags(), rg, at);
                    self.b.ins().bitselect(m, v, old)
                }
            };
            let rg = self.regs();
            self.b.ins().store(vflags(), v, rg, at);
        }
    }

    /// Register `d` was written as lanes: drops its cached bits (and a pending store).
    pub(super) fn forget(&mut self, d: Reg) {
        self.pbits.remove(&d);
        self.vals.remove(&d);
        self.scalars.remove(&d);
        self.raw.remove(&d);
        self.dirty.retain(|&r| r != d);
    }

    /// Register `r`'s lanes held in SSA values (`vals`), their NaNs made canonical here if
    /// they are `raw`. (Not cached in `vals`: this may run on a side path, such as a stop,
    /// whose values the code after it must not use.)
    pub(super) fn settle(&mut self, r: Reg) -> Option<Lanes> {
        let v = *self.vals.get(&r)?;
        match v {
            Lanes::Quads(qs) if self.raw.contains(&r) => Some(Lanes::Quads(qs.map(|q| {
                let f = self.b.ins().bitcast(types::F32X4, lanes(), q);
                canon(&mut self.b, f)
            }))),
            _ => Some(v),
        }
    }

    /// Register `d` now holds `v` in every lane: kept in SSA values, stored later (`flush`).
    pub(super) fn set_vals(&mut self, d: Reg, v: Lanes) {
        let v = self.narrowed(d, v);
        self.pbits.remove(&d);
        self.raw.remove(&d);
        self.scalars.remove(&d);
        self.vals.insert(d, v);
        if !self.dirty.contains(&d) {
            self.dirty.push(d);
        }
    }

    /// Stores lanes `v` into register `d`.
    pub(super) fn store_vals(&mut self, d: Reg, v: Lanes) {
        self.write_lanes(d, v, None);
    }

    /// Writes lanes `v` into register `d`: all of them (`ems` None), else the lanes of `em`
    /// (`ems`: `em` splat into `i32x4`).
    fn write_lanes(&mut self, d: Reg, v: Lanes, ems: Option<Value>) {
        let v = self.narrowed(d, v);
        for q in 0..8 {
            let (lo, hi) = match v {
                Lanes::Pairs(p) => {
                    (self.halves(p[2 * q], p[2 * q + 1], false), self.halves(p[2 * q], p[2 * q + 1], true))
                }
                Lanes::Quads(qs) => (qs[q], self.zero32()),
                Lanes::Planes(l, h) => (l[q], h[q]),
            };
            self.wquad(d, q as i32, lo, hi, ems);
        }
    }

    /// `v` as register `d` holds it: a narrow register keeps only the low halves (`Quads`).
    fn narrowed(&mut self, d: Reg, v: Lanes) -> Lanes {
        match v {
            Lanes::Quads(_) => v,
            _ if !self.narrow(d) => v,
            Lanes::Planes(lo, _) => Lanes::Quads(lo),
            Lanes::Pairs(p) => Lanes::Quads(std::array::from_fn(|q| self.halves(p[2 * q], p[2 * q + 1], false))),
        }
    }

    /// Register `d` = `v` in lanes `em`: in a converged warp (`full`) every live lane, kept
    /// in SSA values; else blended into the register's lanes in memory.
    pub(super) fn put(&mut self, d: Reg, v: Lanes, em: Value, full: bool) {
        if full {
            self.set_vals(d, v);
            return;
        }
        self.materialize(d);
        let e = self.b.ins().ireduce(types::I32, em);
        let ems = self.b.ins().splat(types::I32X4, e);
        self.write_lanes(d, v, Some(ems));
        self.forget(d);
    }

    /// Register `d` = `v` in lanes `em` (every live lane when `full`).
    pub(super) fn uniform(&mut self, d: Reg, v: Value, em: Value, full: bool) {
        let s = self.splat(v);
        self.lanes64_at(d, &[s], em, full, &|_, _, x| x[0]);
        if full && self.vals.contains_key(&d) {
            // The scalar itself (not lane 0 taken back out of the splat, which the optimizer
            // does not fold), zero-extended as a narrow register's lanes hold it.
            let x = if self.narrow(d) { low32(&mut self.b, v) } else { v };
            self.scalars.insert(d, x);
        }
    }

    /// After a lane-parallel operation (a `LaneOp`, which computes each lane from that
    /// lane's operands only) set `d` in every live lane (`full`) from warp-uniform sources
    /// only (`srcs` all `Splat`): keeps lane 0's value as the scalar every lane holds, so
    /// that readers of `d` get a `Splat` again (one scalar comparison for a loop counter's
    /// `setp`, one check for an address).
    fn keep_scalar(&mut self, d: Reg, srcs: &[VectorSource], full: bool) {
        if !full || !srcs.iter().all(|s| matches!(s, VectorSource::Splat(..))) {
            return;
        }
        let x = match self.vals.get(&d) {
            Some(&Lanes::Quads(q)) => {
                let x = self.b.ins().extractlane(q[0], 0);
                self.b.ins().uextend(I64, x)
            }
            Some(&Lanes::Pairs(p)) => self.b.ins().extractlane(p[0], 0),
            Some(&Lanes::Planes(lo, hi)) => {
                let l = self.b.ins().extractlane(lo[0], 0);
                let h = self.b.ins().extractlane(hi[0], 0);
                let (l, h) = (self.b.ins().uextend(I64, l), self.b.ins().uextend(I64, h));
                let h = self.b.ins().ishl_imm_s(h, 32);
                self.b.ins().bor(l, h)
            }
            None => return,
        };
        self.scalars.insert(d, x);
    }

    /// `d = f(srcs)` on pairs of 64-bit lanes.
    fn lanes64(&mut self, d: Reg, srcs: &[VectorSource], em: Value, full: bool, f: LaneOp<'_>) {
        self.lanes64_at(d, srcs, em, full, &|b, _, v| f(b, v));
        self.keep_scalar(d, srcs, full);
    }

    /// `d = f(pair index, srcs)` on pairs of 64-bit lanes.
    fn lanes64_at(&mut self, d: Reg, srcs: &[VectorSource], em: Value, full: bool, f: PairOp<'_>) {
        let out: [Value; 16] = std::array::from_fn(|k| {
            let v: Vec<Value> = srcs.iter().map(|&s| self.pair(s, k as i32)).collect();
            f(&mut self.b, k, &v)
        });
        self.put(d, Lanes::Pairs(out), em, full);
    }

    /// `d = f(srcs)` applied to the low halves and to the high halves of the lanes
    /// separately (bitwise operations and selections: exact on any register).
    fn planes(&mut self, d: Reg, srcs: &[VectorSource], em: Value, full: bool, f: LaneOp<'_>) {
        self.planes_at(d, srcs, em, full, &|b, _, v| f(b, v));
        self.keep_scalar(d, srcs, full);
    }

    /// `d = f(group index, srcs)` as in `planes`. When every source's high halves are zero,
    /// so are the result's (`f` keeps zero lanes zero): only the low halves are computed.
    fn planes_at(&mut self, d: Reg, srcs: &[VectorSource], em: Value, full: bool, f: PairOp<'_>) {
        if srcs.iter().all(|&s| self.hi_zero(s)) {
            self.lanes32_at(d, srcs, em, full, f);
            return;
        }
        let lo: [Value; 8] = std::array::from_fn(|q| {
            let v: Vec<Value> = srcs.iter().map(|&s| self.quad(s, q as i32)).collect();
            f(&mut self.b, q, &v)
        });
        let hi: [Value; 8] = std::array::from_fn(|q| {
            let v: Vec<Value> = srcs.iter().map(|&s| self.hi_quad(s, q as i32)).collect();
            f(&mut self.b, q, &v)
        });
        self.put(d, Lanes::Planes(lo, hi), em, full);
    }

    /// `d = f(srcs)` on groups of four 32-bit lanes, zero-extended into the registers.
    fn lanes32(&mut self, d: Reg, srcs: &[VectorSource], em: Value, full: bool, f: LaneOp<'_>) {
        self.lanes32_at(d, srcs, em, full, &|b, _, v| f(b, v));
        self.keep_scalar(d, srcs, full);
    }

    /// `d = f(x, y)` computed lane by lane on scalars (`i32` for `w` 32, else `i64`), for
    /// operations with no vector form (integer division). Every lane computes (those outside
    /// `em` are blended away), so `f` must not trap on any operands.
    fn per_lane(&mut self, d: Reg, srcs: &[VectorSource], w: u8, em: Value, full: bool, f: ScalarOp<'_>) {
        let each = |b: &mut FunctionBuilder<'_>, v: &[Value], n: u8| {
            let mut r = v[0];
            for i in 0..n {
                let x = b.ins().extractlane(v[0], i);
                let y = b.ins().extractlane(v[1], i);
                let z = f(b, x, y);
                r = b.ins().insertlane(r, z, i);
            }
            r
        };
        if w == 32 {
            self.lanes32(d, srcs, em, full, &|b, v| each(b, v, 4));
        } else {
            self.lanes64(d, srcs, em, full, &|b, v| each(b, v, 2));
        }
    }

    /// `d = f(group index, srcs)` as in `lanes32`.
    fn lanes32_at(&mut self, d: Reg, srcs: &[VectorSource], em: Value, full: bool, f: PairOp<'_>) {
        let out: [Value; 8] = std::array::from_fn(|q| {
            let v: Vec<Value> = srcs.iter().map(|&s| self.quad(s, q as i32)).collect();
            f(&mut self.b, q, &v)
        });
        self.put(d, Lanes::Quads(out), em, full);
    }

    /// `d = f(srcs)` for f32 arithmetic (`f` on `f32x4` groups): kept `raw` in a converged
    /// warp (`WarpCodegen::raw`: read as it is only by more f32 arithmetic), else canonicalized before
    /// it is blended into the register.
    fn arith_f32(&mut self, d: Reg, srcs: &[VectorSource], em: Value, full: bool, f: LaneOp<'_>) {
        self.lanes32(d, srcs, em, full, &|b, v| {
            let v: Vec<Value> = v.iter().map(|&x| b.ins().bitcast(types::F32X4, lanes(), x)).collect();
            let r = f(b, &v);
            if full { b.ins().bitcast(types::I32X4, lanes(), r) } else { canon(b, r) }
        });
        if full {
            // A raw result is no scalar readers may take as it is.
            self.scalars.remove(&d);
            self.raw.insert(d);
        }
    }

    /// `d = f(srcs)` from groups of four 32-bit lanes to two pairs of 64-bit lanes (`f`
    /// returns the low and high pair).
    fn widen32(&mut self, d: Reg, srcs: &[VectorSource], em: Value, full: bool, f: WidenOp<'_>) {
        // (Every element is overwritten below.)
        let mut out = [em; 16];
        for q in 0..8 {
            let v: Vec<Value> = srcs.iter().map(|&s| self.quad(s, q as i32)).collect();
            (out[2 * q], out[2 * q + 1]) = f(&mut self.b, &v);
        }
        self.put(d, Lanes::Pairs(out), em, full);
    }

    /// Sets predicate register `d` to lane bits `bits` in lanes `em` (all live ones when
    /// `full`); the lanes are stored later (`flush`).
    pub(super) fn write_bits(&mut self, d: Reg, bits: Value, em: Value, full: bool) {
        let merged = if full {
            bits
        } else {
            let old = self.pred_bits(d);
            let keep = self.b.ins().band_not(old, em);
            let new = self.b.ins().band(bits, em);
            self.b.ins().bor(keep, new)
        };
        self.pbits.insert(d, merged);
        if !self.dirty.contains(&d) {
            self.dirty.push(d);
        }
    }

    /// Lane bits `bits` as eight `i32x4` masks (all ones in the lanes whose bit is set): the
    /// comparison's own masks when `bits` came from one (`WarpCodegen::bit_masks`).
    fn lane_masks(&mut self, bits: Value) -> [Value; 8] {
        if let Some(&m) = self.bit_masks.get(&bits) {
            return m;
        }
        let b32 = self.b.ins().ireduce(types::I32, bits);
        let bs = self.b.ins().splat(types::I32X4, b32);
        std::array::from_fn(|q| self.quad_mask(bs, q as i32))
    }

    /// Stores lane bits `bits` into every lane of predicate register `d` (as 0/1).
    pub(super) fn store_bits(&mut self, d: Reg, bits: Value) {
        let one = self.cvec(types::I32X4, [1u32; 4].iter().flat_map(|x| x.to_le_bytes()).collect());
        let z = self.zero32();
        let masks = self.lane_masks(bits);
        for (q, m) in masks.into_iter().enumerate() {
            let q = q as i32;
            let v = self.b.ins().band(m, one);
            self.wquad(d, q, v, z, None);
        }
    }

    pub(super) fn const_of(&self, s: Src) -> Option<u64> {
        match s {
            Src::Imm(v) => Some(v),
            Src::Reg(r) => self.consts.get(r as usize).copied().flatten(),
            _ => None,
        }
    }

    /// Compiles `op` for lanes `em` (`full`: every live lane, no blending) when it has a
    /// compiled form; false when the interpreter must run it.
    /// Lane bits of a predicate source (a `.pred` register or an immediate).
    pub(super) fn src_bits(&mut self, s: Src) -> Option<Value> {
        match s {
            Src::Reg(r) if self.f.reg_bits.get(r as usize) == Some(&1) => Some(self.pred_bits(r)),
            Src::Imm(v) => Some(self.imm(if v & 1 != 0 { u64::from(u32::MAX) } else { 0 })),
            _ => None,
        }
    }

    /// Predicate logic (`and/or/xor/not/mov.pred`) on lane bits.
    fn pred_op(&mut self, op: &Op, em: Value, full: bool) -> bool {
        let is_pred = |d: Reg| self.f.reg_bits.get(d as usize) == Some(&1);
        let (d, r) = match *op {
            Op::Bin { op: bop @ (BinOp::And(_) | BinOp::Or(_) | BinOp::Xor(_)), d, a, b } if is_pred(d) => {
                let (Some(x), Some(y)) = (self.src_bits(a), self.src_bits(b)) else { return false };
                let r = match bop {
                    BinOp::And(_) => self.b.ins().band(x, y),
                    BinOp::Or(_) => self.b.ins().bor(x, y),
                    _ => self.b.ins().bxor(x, y),
                };
                (d, r)
            }
            Op::Un { op: UnOp::Cnot(_), d, a } if is_pred(d) => {
                let Some(x) = self.src_bits(a) else { return false };
                (d, self.b.ins().bnot(x))
            }
            Op::Un { op: UnOp::Mov, d, a } if is_pred(d) => {
                let Some(x) = self.src_bits(a) else { return false };
                (d, x)
            }
            // Not predicate logic: the caller's general lowering.
            Op::Bin { .. }
            | Op::Un { .. }
            | Op::Tern { .. }
            | Op::Setp { .. }
            | crate::ir::non_arith_register_ops!()
            | crate::ir::non_register_ops!() => return false,
        };
        let r = self.b.ins().band_imm_s(r, i64::from(u32::MAX));
        self.write_bits(d, r, em, full);
        true
    }

    pub(super) fn fast(&mut self, pc: u32, op: &Op, em: Value, full: bool) -> bool {
        if self.pred_op(op, em, full) {
            return true;
        }
        match op {
            Op::Un { op, d, a } => self.un(op, *d, *a, em, full),
            Op::Pack { d, parts, bits } => self.pack(*d, parts, *bits, em, full),
            Op::Unpack { parts, a, bits } => self.unpack(parts, *a, *bits, em, full),
            Op::Bin { op, d, a, b } => self.bin(op, *d, *a, *b, em, full),
            Op::Tern { op, d, a, b, c } => self.tern(op, *d, *a, *b, *c, em, full),
            Op::Setp { cmp, out: SetOut::Pred, d, dn, a, b, comb } => {
                self.setp(pc, cmp, *d, *dn, *a, *b, *comb, em, full)
            }
            Op::Cvta { to_generic, space, d, a } => {
                let win = match space {
                    Space::Shared => SHARED_WINDOW,
                    Space::Local => LOCAL_WINDOW,
                    _ => 0,
                };
                let Some(s) = self.vsrc(*a) else { return false };
                let w = if *to_generic { win } else { win.wrapping_neg() };
                if let VectorSource::Splat(_, x, _) = s {
                    let v = self.b.ins().iadd_imm_s(x, w as i64);
                    self.uniform(*d, v, em, full);
                    return true;
                }
                let wv = self.cvec64(w, w);
                self.lanes64(*d, &[s], em, full, &|b, v| b.ins().iadd(v[0], wv));
                true
            }
            Op::Ld { .. } | Op::St { .. } | Op::Atom { .. } => self.mem(pc, op, em, full),
            Op::Tex(t) => self.tex(pc, t, em, full),
            // No fast path: `lanewise` or the interpreter (`step`) runs them.
            Op::Setp { .. }
            | Op::Bfi { .. }
            | Op::Mov2 { .. }
            | Op::Isspacep { .. }
            | Op::Nop
            | Op::Nanosleep
            | frame_ops!()
            | Op::Atom128 { .. }
            | Op::AtomV(_)
            | Op::Mbar { .. }
            | Op::CpBulk { .. }
            | Op::CpAsync { .. }
            | calls!()
            | Op::Bra { .. }
            | Op::Ret
            | Op::Exit
            | Op::Trap
            | Op::Bar { .. }
            | collectives!()
            | Op::Brx { .. }
            | Op::Fence
            | Op::Mma(_)
            | Op::Cluster(_)
            | Op::Carry { .. } => false,
        }
    }

    /// `mov.b64 d, {lo, hi}` (the halves are the planar layout's planes) and `mov.b32 d, {lo,
    /// hi}` of 16-bit halves.
    fn pack(&mut self, d: Reg, parts: &[Src], bits: u8, em: Value, full: bool) -> bool {
        let ([a, b], 16 | 32) = (parts, bits) else { return false };
        let (Some(x), Some(y)) = (self.vsrc(*a), self.vsrc(*b)) else { return false };
        if bits == 32 {
            let lo: [Value; 8] = std::array::from_fn(|q| self.quad(x, q as i32));
            let hi: [Value; 8] = std::array::from_fn(|q| self.quad(y, q as i32));
            self.put(d, Lanes::Planes(lo, hi), em, full);
        } else {
            let m = self.cvec(types::I32X4, 0xffffu32.to_le_bytes().repeat(4));
            self.lanes32(d, &[x, y], em, full, &|b, v| {
                let lo = b.ins().band(v[0], m);
                let hi = b.ins().ishl_imm_s(v[1], 16);
                b.ins().bor(lo, hi)
            });
        }
        true
    }

    /// `mov.b64 {lo, hi}, a` and `mov.b32 {lo, hi}, a` of 16-bit halves (both read before
    /// either is written).
    fn unpack(&mut self, parts: &[Option<Reg>], a: Src, bits: u8, em: Value, full: bool) -> bool {
        let ([p0, p1], 16 | 32) = (parts, bits) else { return false };
        let Some(x) = self.vsrc(a) else { return false };
        let halves: [[Value; 8]; 2] = if bits == 32 {
            [std::array::from_fn(|q| self.quad(x, q as i32)), std::array::from_fn(|q| self.hi_quad(x, q as i32))]
        } else {
            let m = self.cvec(types::I32X4, 0xffffu32.to_le_bytes().repeat(4));
            let qs: [Value; 8] = std::array::from_fn(|q| self.quad(x, q as i32));
            [qs.map(|v| self.b.ins().band(v, m)), qs.map(|v| self.b.ins().ushr_imm_s(v, 16))]
        };
        for (p, h) in [p0, p1].into_iter().zip(halves) {
            if let Some(p) = *p {
                self.put(p, Lanes::Quads(h), em, full);
            }
        }
        true
    }

    fn un(&mut self, op: &UnOp, d: Reg, a: Src, em: Value, full: bool) -> bool {
        let Some(s) = self.vsrc(a) else { return false };
        if let VectorSource::Splat(_, x, _) = s
            && let Some(v) = scalar_un(&mut self.b, op, x)
        {
            self.uniform(d, v, em, full);
            return true;
        }
        match op {
            // A copy: the source's own SSA values, else its lanes as they are.
            UnOp::Mov => match s {
                VectorSource::Val(v) if full => self.set_vals(d, v),
                _ => self.planes(d, &[s], em, full, &|_, v| v[0]),
            },
            UnOp::Cvt(c) if !c.sat && !c.ftz && !c.relu && !c.satfinite => {
                return self.cvt_int(c, d, a, s, em, full) || self.cvt_float(c, d, s, em, full);
            }
            UnOp::Not(_) | UnOp::Neg(_) | UnOp::Abs(_) => return self.int_un(op, d, s, em, full),
            _ => return self.float_un(op, d, s, em, full),
        }
        true
    }

    /// `cvt` between integer types (rounding, saturation and `.ftz` excluded).
    fn cvt_int(&mut self, c: &Cvt, d: Reg, a: Src, s: VectorSource, em: Value, full: bool) -> bool {
        use ScalarType::*;
        match (c.to, c.from) {
            (S64, S32) | (U64 | S64 | B64, U32 | B32) => {
                let signed = c.from == S32;
                if let (Src::Reg(i), true) = (a, full) {
                    self.scaled.insert(d, super::mem::Scaled { base: None, idx: i, k: 0, signed });
                }
                self.widen32(d, &[s], em, full, &|b, v| widen(b, v[0], signed));
            }
            (U32 | S32 | B32, U64 | S64 | B64 | U32 | S32 | B32) => self.lanes32(d, &[s], em, full, &|_, v| v[0]),
            // To unsigned 16 bits, and from 16 bits zero-extended: the low half.
            (U16 | B16, U16 | S16 | B16 | U32 | S32 | B32 | U64 | S64 | B64) | (U32 | S32 | B32, U16 | B16) => {
                let m = self.cvec(types::I32X4, 0xffffu32.to_le_bytes().repeat(4));
                self.lanes32(d, &[s], em, full, &|b, v| b.ins().band(v[0], m))
            }
            // To signed 16 bits (held sign-extended to 32, `semantics::convert::narrow_int`)
            // and from signed 16 bits: the low half sign-extended.
            (S16, U16 | S16 | B16 | U32 | S32 | B32 | U64 | S64 | B64) | (U32 | S32 | B32, S16) => {
                self.lanes32(d, &[s], em, full, &|b, v| {
                    let x = b.ins().ishl_imm_s(v[0], 16);
                    b.ins().sshr_imm_s(x, 16)
                })
            }
            _ => return false,
        }
        true
    }

    /// `cvt` to or from a float type, in the roundings it lowers exactly.
    fn cvt_float(&mut self, c: &Cvt, d: Reg, s: VectorSource, em: Value, full: bool) -> bool {
        use ScalarType::*;
        match (c.to, c.from) {
            // Exact: every i32 is an f64 (lane by lane: x86 has no packed form before
            // AVX-512 that Cranelift lowers).
            (F64, S32) if !integral(c.rnd) => self.widen32(d, &[s], em, full, &|b, v| {
                let pair = |b: &mut FunctionBuilder<'_>, k: u8| {
                    let z = b.ins().f64const(0.0);
                    let mut p = b.ins().splat(types::F64X2, z);
                    for i in 0..2 {
                        let x = b.ins().extractlane(v[0], 2 * k + i);
                        let f = b.ins().fcvt_from_sint(types::F64, x);
                        p = b.ins().insertlane(p, f, i);
                    }
                    b.ins().bitcast(I64X2, lanes(), p)
                };
                (pair(b, 0), pair(b, 1))
            }),
            // Exact (a NaN quieted, its payload kept, as `as f64` does).
            (F64, F32) if !integral(c.rnd) => self.widen32(d, &[s], em, full, &|b, v| {
                let f = b.ins().bitcast(types::F32X4, lanes(), v[0]);
                let lo = b.ins().fvpromote_low(f);
                let f = b.ins().bitcast(types::I8X16, lanes(), f);
                let m =
                    b.func.dfg.immediates.push(ConstantData::from(
                        [8u8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15].to_vec(),
                    ));
                let up = b.ins().shuffle(f, f, m);
                let up = b.ins().bitcast(types::F32X4, lanes(), up);
                let hi = b.ins().fvpromote_low(up);
                (b.ins().bitcast(I64X2, lanes(), lo), b.ins().bitcast(I64X2, lanes(), hi))
            }),
            // Rounded to nearest (a NaN quieted, the top of its payload kept).
            (F32, F64) if c.rnd == Rounding::Rn => {
                let quads: [Value; 8] = std::array::from_fn(|q| {
                    let (p0, p1) = (self.pair(s, 2 * q as i32), self.pair(s, 2 * q as i32 + 1));
                    let (f0, f1) = (f64s(&mut self.b, p0), f64s(&mut self.b, p1));
                    let (d0, d1) = (self.b.ins().fvdemote(f0), self.b.ins().fvdemote(f1));
                    let (d0, d1) = (
                        self.b.ins().bitcast(types::I32X4, lanes(), d0),
                        self.b.ins().bitcast(types::I32X4, lanes(), d1),
                    );
                    // The two results of each demotion are its low lanes.
                    self.shuffle32(d0, d1, [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23])
                });
                self.put(d, Lanes::Quads(quads), em, full);
            }
            (F32, S32) if c.rnd == Rounding::Rn => self.lanes32(d, &[s], em, full, &|b, v| {
                let f = b.ins().fcvt_from_sint(types::F32X4, v[0]);
                b.ins().bitcast(types::I32X4, lanes(), f)
            }),
            // Correctly rounded as two exact conversions of the 16-bit halves and one
            // rounding sum (x86 has no packed unsigned conversion before AVX-512).
            (F32, U32) if c.rnd == Rounding::Rn => {
                let low = self.cvec(types::I32X4, 0xffffu32.to_le_bytes().repeat(4));
                let scale = self.cvec(types::F32X4, 65536.0f32.to_le_bytes().repeat(4));
                self.lanes32(d, &[s], em, full, &|b, v| {
                    let hi = b.ins().ushr_imm_s(v[0], 16);
                    let lo = b.ins().band(v[0], low);
                    let (hi, lo) = (b.ins().fcvt_from_sint(types::F32X4, hi), b.ins().fcvt_from_sint(types::F32X4, lo));
                    let hi = b.ins().fmul(hi, scale);
                    let f = b.ins().fadd(hi, lo);
                    b.ins().bitcast(types::I32X4, lanes(), f)
                })
            }
            (S32, F32) if c.rnd == Rounding::Rzi => self.lanes32(d, &[s], em, full, &|b, v| {
                let f = b.ins().bitcast(types::F32X4, lanes(), v[0]);
                b.ins().fcvt_to_sint_sat(types::I32X4, f)
            }),
            _ => return false,
        }
        true
    }

    /// The integer unary operations: `not`, `neg`, `abs`.
    fn int_un(&mut self, op: &UnOp, d: Reg, s: VectorSource, em: Value, full: bool) -> bool {
        match op {
            UnOp::Not(32) => self.lanes32(d, &[s], em, full, &|b, v| b.ins().bnot(v[0])),
            // Not `planes`: its shortcut for sources with zero high halves assumes `f` keeps
            // zero lanes zero, and `bnot` makes them ones (`not.b64 %rd, 46` lost its high half).
            UnOp::Not(64) => self.lanes64(d, &[s], em, full, &|b, v| b.ins().bnot(v[0])),
            UnOp::Neg(32) => self.lanes32(d, &[s], em, full, &|b, v| b.ins().ineg(v[0])),
            UnOp::Neg(64) => self.lanes64(d, &[s], em, full, &|b, v| b.ins().ineg(v[0])),
            UnOp::Abs(32) => self.lanes32(d, &[s], em, full, &|b, v| b.ins().iabs(v[0])),
            UnOp::Abs(64) => self.lanes64(d, &[s], em, full, &|b, v| {
                let z = b.ins().bxor(v[0], v[0]);
                let neg = b.ins().icmp(IntCC::SignedLessThan, v[0], z);
                let n = b.ins().ineg(v[0]);
                b.ins().bitselect(neg, n, v[0])
            }),
            _ => return false,
        }
        true
    }

    /// The float unary operations it lowers inline: sign operations, `sqrt.rn`, `rcp.rn`.
    fn float_un(&mut self, op: &UnOp, d: Reg, s: VectorSource, em: Value, full: bool) -> bool {
        match op {
            // The sign bit flipped, a NaN canonicalized (as the interpreter does).
            UnOp::NegF32 { ftz: false } => self.lanes32(d, &[s], em, full, &|b, v| {
                let f = b.ins().bitcast(types::F32X4, lanes(), v[0]);
                let r = b.ins().fneg(f);
                canon(b, r)
            }),
            // The sign bit cleared, a NaN made canonical (`semantics::arith::unop`).
            UnOp::AbsF32 { ftz: false } => {
                let magnitude = self.cvec(types::I32X4, 0x7fff_ffffu32.to_le_bytes().repeat(4));
                self.lanes32(d, &[s], em, full, &|b, v| {
                    let f = b.ins().bitcast(types::F32X4, lanes(), v[0]);
                    let c = canon(b, f);
                    b.ins().band(c, magnitude)
                })
            }
            // The sign bit cleared or flipped, a NaN quieted with its sign kept
            // (`semantics::arith::sign_op64`).
            UnOp::AbsF64 | UnOp::NegF64 => {
                let negate = matches!(op, UnOp::NegF64);
                let sign = self.cvec64(1 << 63, 1 << 63);
                let magnitude = self.cvec64(i64::MAX as u64, i64::MAX as u64);
                let inf = self.cvec64(0x7ff0_0000_0000_0000, 0x7ff0_0000_0000_0000);
                let quiet = self.cvec64(1 << 51, 1 << 51);
                self.lanes64(d, &[s], em, full, &|b, v| {
                    let m = b.ins().band(v[0], magnitude);
                    let nan = b.ins().icmp(IntCC::SignedGreaterThan, m, inf);
                    let q = b.ins().bor(v[0], quiet);
                    let signed = if negate { b.ins().bxor(v[0], sign) } else { m };
                    b.ins().bitselect(nan, q, signed)
                })
            }
            UnOp::F32(F32Fn::Sqrt, false) => self.lanes32(d, &[s], em, full, &|b, v| {
                let f = b.ins().bitcast(types::F32X4, lanes(), v[0]);
                let r = b.ins().sqrt(f);
                canon(b, r)
            }),
            // `rcp.rn`: the correctly rounded 1 / x, as IEEE division computes it.
            UnOp::F32(F32Fn::Rcp, false) => self.lanes32(d, &[s], em, full, &|b, v| {
                let f = b.ins().bitcast(types::F32X4, lanes(), v[0]);
                let one = b.ins().f32const(1.0);
                let one = b.ins().splat(types::F32X4, one);
                let r = b.ins().fdiv(one, f);
                canon(b, r)
            }),
            _ => return false,
        }
        true
    }

    fn bin(&mut self, op: &BinOp, d: Reg, a: Src, bs: Src, em: Value, full: bool) -> bool {
        let shift = self.const_of(bs);
        let arith = matches!(op, BinOp::F32(FBin::Add | FBin::Sub | FBin::Mul | FBin::Div, false, false));
        let (x, y) = if arith { (self.vsrc_raw(a), self.vsrc_raw(bs)) } else { (self.vsrc(a), self.vsrc(bs)) };
        let (Some(x), Some(y)) = (x, y) else { return false };
        if let (VectorSource::Splat(_, xs, _), VectorSource::Splat(_, ys, _)) = (x, y)
            && let Some(v) = scalar_int(&mut self.b, IntOp::Bin(*op, shift), &[xs, ys])
        {
            // Warp-uniform operands (an address's setup, a loop counter): one scalar
            // operation, not one per pair of lanes with lane 0 taken back out.
            self.uniform(d, v, em, full);
            return true;
        }
        let s = [x, y];
        match *op {
            BinOp::Add(32) => self.lanes32(d, &s, em, full, &|b, v| b.ins().iadd(v[0], v[1])),
            BinOp::Sub(32) => self.lanes32(d, &s, em, full, &|b, v| b.ins().isub(v[0], v[1])),
            BinOp::MulLo(32) => self.lanes32(d, &s, em, full, &|b, v| b.ins().imul(v[0], v[1])),
            BinOp::And(32) => self.lanes32(d, &s, em, full, &|b, v| b.ins().band(v[0], v[1])),
            BinOp::Or(32) => self.lanes32(d, &s, em, full, &|b, v| b.ins().bor(v[0], v[1])),
            BinOp::Xor(32) => self.lanes32(d, &s, em, full, &|b, v| b.ins().bxor(v[0], v[1])),
            BinOp::Min(32, true) => self.lanes32(d, &s, em, full, &|b, v| b.ins().smin(v[0], v[1])),
            BinOp::Min(32, false) => self.lanes32(d, &s, em, full, &|b, v| b.ins().umin(v[0], v[1])),
            BinOp::Max(32, true) => self.lanes32(d, &s, em, full, &|b, v| b.ins().smax(v[0], v[1])),
            BinOp::Max(32, false) => self.lanes32(d, &s, em, full, &|b, v| b.ins().umax(v[0], v[1])),
            BinOp::Add(64) => {
                // A uniform base plus a scaled index (an element's address): kept for `mem.rs`.
                let known = |w: &Self, r: Src, other: VectorSource| match (r, other) {
                    (Src::Reg(r), VectorSource::Splat(_, base, _)) => w
                        .scaled
                        .get(&r)
                        .filter(|sc| sc.base.is_none())
                        .map(|sc| super::mem::Scaled { base: Some(base), ..*sc }),
                    _ => None,
                };
                if let (Some(sc), true) = (known(self, a, y).or_else(|| known(self, bs, x)), full) {
                    self.scaled.insert(d, sc);
                }
                self.lanes64(d, &s, em, full, &|b, v| b.ins().iadd(v[0], v[1]));
            }
            BinOp::Sub(64) => self.lanes64(d, &s, em, full, &|b, v| b.ins().isub(v[0], v[1])),
            BinOp::MulLo(64) => self.lanes64(d, &s, em, full, &|b, v| b.ins().imul(v[0], v[1])),
            BinOp::Min(64, signed) | BinOp::Max(64, signed) => {
                let max = matches!(op, BinOp::Max(..));
                let cc = match (max, signed) {
                    (false, true) => IntCC::SignedLessThan,
                    (false, false) => IntCC::UnsignedLessThan,
                    (true, true) => IntCC::SignedGreaterThan,
                    (true, false) => IntCC::UnsignedGreaterThan,
                };
                self.lanes64(d, &s, em, full, &|b, v| {
                    let m = b.ins().icmp(cc, v[0], v[1]);
                    b.ins().bitselect(m, v[0], v[1])
                })
            }
            // The high half of the 64-bit product, from the lanes widened in pairs.
            BinOp::MulHi(32, signed) => self.lanes32(d, &s, em, full, &|b, v| {
                let ((xl, xh), (yl, yh)) = (widen(b, v[0], signed), widen(b, v[1], signed));
                let (pl, ph) = (b.ins().imul(xl, yl), b.ins().imul(xh, yh));
                let (pl, ph) = (b.ins().bitcast(types::I32X4, lanes(), pl), b.ins().bitcast(types::I32X4, lanes(), ph));
                // The odd 32-bit elements of the two products: the high halves, in lane order.
                let (pl, ph) = (b.ins().bitcast(types::I8X16, lanes(), pl), b.ins().bitcast(types::I8X16, lanes(), ph));
                let m =
                    b.func.dfg.immediates.push(ConstantData::from(
                        [4u8, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31].to_vec(),
                    ));
                let hi = b.ins().shuffle(pl, ph, m);
                b.ins().bitcast(types::I32X4, lanes(), hi)
            }),
            BinOp::MulHi(64, signed) => self.per_lane(d, &s, 64, em, full, &|b, x, y| {
                if signed { b.ins().smulhi(x, y) } else { b.ins().umulhi(x, y) }
            }),
            // 16-bit integer operations on 32-bit lanes, cut to 16 bits as the interpreter does.
            BinOp::Add(16) | BinOp::Sub(16) | BinOp::And(16) | BinOp::Or(16) | BinOp::Xor(16) => {
                let m = self.cvec(types::I32X4, 0xffffu32.to_le_bytes().repeat(4));
                self.lanes32(d, &s, em, full, &|b, v| {
                    let r = match op {
                        BinOp::Add(_) => b.ins().iadd(v[0], v[1]),
                        BinOp::Sub(_) => b.ins().isub(v[0], v[1]),
                        BinOp::And(_) => b.ins().band(v[0], v[1]),
                        BinOp::Or(_) => b.ins().bor(v[0], v[1]),
                        _ => b.ins().bxor(v[0], v[1]),
                    };
                    b.ins().band(r, m)
                })
            }
            BinOp::Div(w @ (32 | 64), signed) | BinOp::Rem(w @ (32 | 64), signed) => {
                let rem = matches!(op, BinOp::Rem(..));
                self.per_lane(d, &s, w, em, full, &|b, x, y| div_rem(b, x, y, signed, rem));
            }
            BinOp::And(64) => self.planes(d, &s, em, full, &|b, v| b.ins().band(v[0], v[1])),
            BinOp::Or(64) => self.planes(d, &s, em, full, &|b, v| b.ins().bor(v[0], v[1])),
            BinOp::Xor(64) => self.planes(d, &s, em, full, &|b, v| b.ins().bxor(v[0], v[1])),
            BinOp::Shl(_) | BinOp::Shr(..) => return self.bin_shift(op, d, s, shift, em, full),
            // By a power of two (an index scaled to a byte offset): a shift of the widened
            // value, exact for either signedness.
            BinOp::MulWide(32, signed) if shift.is_some_and(|c| c.is_power_of_two() && c < 1 << 31) => {
                let k = shift.map_or(0, |c| c.trailing_zeros()) as i64;
                if let (Src::Reg(i), true) = (a, full) {
                    self.scaled.insert(d, super::mem::Scaled { base: None, idx: i, k: k as u8, signed });
                }
                self.widen32(d, &[x], em, full, &|b, v| {
                    let (lo, hi) = widen(b, v[0], signed);
                    (b.ins().ishl_imm_s(lo, k), b.ins().ishl_imm_s(hi, k))
                })
            }
            BinOp::MulWide(32, signed) => self.widen32(d, &s, em, full, &|b, v| {
                let ((xl, xh), (yl, yh)) = (widen(b, v[0], signed), widen(b, v[1], signed));
                (b.ins().imul(xl, yl), b.ins().imul(xh, yh))
            }),
            BinOp::MulWide(16, signed) => self.lanes32(d, &s, em, full, &|b, v| {
                let (x, y) = if signed {
                    let x = b.ins().ishl_imm_s(v[0], 16);
                    let y = b.ins().ishl_imm_s(v[1], 16);
                    (b.ins().sshr_imm_s(x, 16), b.ins().sshr_imm_s(y, 16))
                } else {
                    let m = b.ins().iconst(types::I32, 0xffff);
                    let m = b.ins().splat(types::I32X4, m);
                    (b.ins().band(v[0], m), b.ins().band(v[1], m))
                };
                b.ins().imul(x, y)
            }),
            BinOp::F64(_) | BinOp::F32(..) => return self.bin_float(op, d, s, em, full),
            _ => return false,
        }
        true
    }

    /// `bin`'s shifts: by a warp-uniform amount that is not a constant (clamped as PTX
    /// does), lane by lane, or by a constant; false for the forms it does not compile.
    fn bin_shift(
        &mut self,
        op: &BinOp,
        d: Reg,
        s: [VectorSource; 2],
        shift: Option<u64>,
        em: Value,
        full: bool,
    ) -> bool {
        let [x, y] = s;
        match *op {
            // By a warp-uniform amount that is not a constant: PTX clamps the amount (at the
            // width: zero, or the sign for an arithmetic shift right).
            BinOp::Shl(w @ (32 | 64)) | BinOp::Shr(w @ (32 | 64), _) if shift.is_none() => {
                let VectorSource::Splat(_, amount, _) = y else {
                    // Lane by lane (`1 << lane`): Cranelift shifts a vector by one amount.
                    self.per_lane(d, &s, w, em, full, &|b, x, y| shift_lane(b, op, w, x, y));
                    return true;
                };
                let n = self.b.ins().band_imm_s(amount, 0xffff_ffff);
                let wide = self.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, n, i64::from(w));
                let arith = matches!(op, BinOp::Shr(_, true));
                let n = if arith {
                    let top = self.imm(u64::from(w) - 1);
                    self.b.ins().umin(n, top)
                } else {
                    n
                };
                let n = self.b.ins().ireduce(types::I32, n);
                let f = &|b: &mut FunctionBuilder<'_>, v: &[Value]| {
                    let r = match op {
                        BinOp::Shl(_) => b.ins().ishl(v[0], n),
                        BinOp::Shr(_, true) => b.ins().sshr(v[0], n),
                        _ => b.ins().ushr(v[0], n),
                    };
                    if arith {
                        return r;
                    }
                    let z = b.ins().bxor(r, r);
                    b.ins().select(wide, z, r)
                };
                if w == 32 {
                    self.lanes32(d, &[x], em, full, f);
                } else {
                    self.lanes64(d, &[x], em, full, f);
                }
            }
            BinOp::Shr(64, true) if shift.is_some_and(|n| n < 64) => {
                let n = shift.unwrap_or(0) as i64;
                self.lanes64(d, &[x], em, full, &|b, v| b.ins().sshr_imm_s(v[0], n));
            }
            BinOp::Shl(32) | BinOp::Shr(32, _) => {
                let Some(n) = shift.filter(|&n| n < 32) else { return false };
                let n = n as i64;
                match *op {
                    BinOp::Shl(_) => self.lanes32(d, &[x], em, full, &|b, v| b.ins().ishl_imm_s(v[0], n)),
                    BinOp::Shr(_, true) => self.lanes32(d, &[x], em, full, &|b, v| b.ins().sshr_imm_s(v[0], n)),
                    _ => self.lanes32(d, &[x], em, full, &|b, v| b.ins().ushr_imm_s(v[0], n)),
                }
            }
            BinOp::Shl(64) | BinOp::Shr(64, false) => {
                let Some(n) = shift.filter(|&n| n < 64) else { return false };
                let n = n as i64;
                if matches!(op, BinOp::Shl(_)) {
                    self.lanes64(d, &[x], em, full, &|b, v| b.ins().ishl_imm_s(v[0], n));
                } else {
                    self.lanes64(d, &[x], em, full, &|b, v| b.ins().ushr_imm_s(v[0], n));
                }
            }
            _ => return false,
        }
        true
    }

    /// `bin`'s `f64` and `f32` add, sub, mul and div (`f32` without rounding or `.ftz`
    /// modifiers); false for the others.
    fn bin_float(&mut self, op: &BinOp, d: Reg, s: [VectorSource; 2], em: Value, full: bool) -> bool {
        match *op {
            BinOp::F64(f @ (FBin::Add | FBin::Sub | FBin::Mul | FBin::Div)) => {
                self.lanes64(d, &s, em, full, &|b, v| {
                    let (x, y) = (f64s(b, v[0]), f64s(b, v[1]));
                    let r = match f {
                        FBin::Add => b.ins().fadd(x, y),
                        FBin::Sub => b.ins().fsub(x, y),
                        FBin::Mul => b.ins().fmul(x, y),
                        _ => b.ins().fdiv(x, y),
                    };
                    nan_first64(b, r, &crate::float::BIN64_NAN_PRIORITY.map(|i| v[i]))
                })
            }
            BinOp::F32(f @ (FBin::Add | FBin::Sub | FBin::Mul | FBin::Div), false, false) => {
                self.arith_f32(d, &s, em, full, &|b, v| match f {
                    FBin::Add => b.ins().fadd(v[0], v[1]),
                    FBin::Sub => b.ins().fsub(v[0], v[1]),
                    FBin::Mul => b.ins().fmul(v[0], v[1]),
                    _ => b.ins().fdiv(v[0], v[1]),
                })
            }
            _ => return false,
        }
        true
    }

    #[allow(clippy::too_many_arguments)]
    fn tern(&mut self, op: &TernOp, d: Reg, a: Src, bs: Src, c: Src, em: Value, full: bool) -> bool {
        let src =
            |w: &mut Self, s: Src| if matches!(op, TernOp::Fma32(false, false)) { w.vsrc_raw(s) } else { w.vsrc(s) };
        let (Some(x), Some(y), Some(z)) = (src(self, a), src(self, bs), src(self, c)) else { return false };
        if let (VectorSource::Splat(_, xs, _), VectorSource::Splat(_, ys, _), VectorSource::Splat(_, zs, _)) = (x, y, z)
            && let Some(v) = scalar_int(&mut self.b, IntOp::Tern(*op), &[xs, ys, zs])
        {
            self.uniform(d, v, em, full);
            return true;
        }
        let s = [x, y, z];
        match *op {
            TernOp::MadLo(32) => self.lanes32(d, &s, em, full, &|b, v| {
                let m = b.ins().imul(v[0], v[1]);
                b.ins().iadd(m, v[2])
            }),
            TernOp::MadLo(64) => self.lanes64(d, &s, em, full, &|b, v| {
                let m = b.ins().imul(v[0], v[1]);
                b.ins().iadd(m, v[2])
            }),
            TernOp::Fma32(false, false) => self.arith_f32(d, &s, em, full, &|b, v| b.ins().fma(v[0], v[1], v[2])),
            TernOp::Fma64 => self.lanes64(d, &s, em, full, &|b, v| {
                let (x, y, z) = (f64s(b, v[0]), f64s(b, v[1]), f64s(b, v[2]));
                let r = b.ins().fma(x, y, z);
                nan_first64(b, r, &crate::float::FMA64_NAN_PRIORITY.map(|i| v[i]))
            }),
            TernOp::Selp if matches!(c, Src::Reg(r) if self.f.reg_bits.get(r as usize) == Some(&1)) => {
                // A predicate's lane bits select directly (no lane values needed).
                let Src::Reg(pr) = c else { return false };
                let bits = self.pred_bits(pr);
                let masks = self.lane_masks(bits);
                self.planes_at(d, &[x, y], em, full, &|b, q, v| b.ins().bitselect(masks[q], v[0], v[1]))
            }
            TernOp::Selp => {
                let z0 = self.cvec64(0, 0);
                self.lanes64(d, &s, em, full, &|b, v| {
                    let one = b.ins().iconst(I64, 1);
                    let one = b.ins().splat(I64X2, one);
                    let p = b.ins().band(v[2], one);
                    let m = b.ins().icmp(IntCC::NotEqual, p, z0);
                    b.ins().bitselect(m, v[0], v[1])
                })
            }
            _ => return false,
        }
        true
    }

    /// The low 16 bits of each of four 32-bit lanes, sign- (`signed`) or zero-extended.
    fn extend16(&mut self, v: Value, signed: bool) -> Value {
        if signed {
            let up = self.b.ins().ishl_imm_s(v, 16);
            self.b.ins().sshr_imm_s(up, 16)
        } else {
            let low = self.cvec(types::I32X4, [0xffffu32; 4].iter().flat_map(|x| x.to_le_bytes()).collect());
            self.b.ins().band(v, low)
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn setp(
        &mut self,
        pc: u32,
        cmp: &Cmp,
        d: Reg,
        dn: Option<Reg>,
        a: Src,
        b: Src,
        comb: Option<(BoolOp, Src, bool)>,
        em: Value,
        full: bool,
    ) -> bool {
        enum C {
            I(IntCC),
            F(FloatCC),
        }
        let c = match (cmp.kind, cmp.w, cmp.ftz) {
            (b's' | b'u', 16 | 32 | 64, _) => C::I(crate::jit::lower::int_cc(cmp.op, cmp.kind == b's')),
            // `.f64` (`.ftz` exists for `.f32` alone).
            (b'f', 32, false) | (b'd', 64, _) => match crate::jit::lower::float_cc(cmp.op) {
                Some(cc) => C::F(cc),
                None => return false,
            },
            _ => return false,
        };
        let (Some(x), Some(y)) = (self.vsrc(a), self.vsrc(b)) else { return false };
        // A lane-affine register against a uniform value: the lanes' bits by scalar
        // arithmetic where the warp's lanes follow the pattern (`affine_cmp`), else (and
        // always in the code below) lane by lane. The two paths meet at `join`.
        let affine = match (a, b, x, y) {
            // A `selp` on the predicate, or its store, wants the comparison's lane masks,
            // which only the lane-by-lane path has.
            _ if self.masks_wanted(pc, d) || dn.is_some() => None,
            (Src::Reg(r), _, _, VectorSource::Splat(_, ys, _)) if cmp.w == 32 => {
                self.lane_affine(r).map(|_| (r, ys, cmp.op))
            }
            (_, Src::Reg(r), VectorSource::Splat(_, xs, _), _) if cmp.w == 32 => {
                self.lane_affine(r).and_then(|_| crate::semantics::compare::mirrored(cmp.op)).map(|op| (r, xs, op))
            }
            _ => None,
        };
        let join = match (&c, affine) {
            (C::I(_), Some((r, other, op))) => self.affine_cmp(r, other, op, cmp.kind == b's'),
            _ => None,
        };
        let comb = match comb {
            None => None,
            Some((op, s, neg)) => {
                let bits = match s {
                    Src::Reg(r) if r < self.f.nregs => self.pred_bits(r),
                    Src::Imm(v) => self.imm(if v & 1 != 0 { u64::from(u32::MAX) } else { 0 }),
                    _ => return false,
                };
                Some((op, if neg { self.b.ins().bnot(bits) } else { bits }))
            }
        };
        let mut acc = self.imm(0);
        let mut masks = Vec::with_capacity(8);
        if let (VectorSource::Splat(_, xs, _), VectorSource::Splat(_, ys, _)) = (x, y) {
            // Warp-uniform operands: one scalar comparison, its result in every lane.
            let t = match c {
                C::I(cc) if cmp.w == 64 => self.b.ins().icmp(cc, xs, ys),
                C::I(cc) if cmp.w == 16 => {
                    let (p, q) = (self.b.ins().ireduce(types::I16, xs), self.b.ins().ireduce(types::I16, ys));
                    self.b.ins().icmp(cc, p, q)
                }
                C::I(cc) => {
                    let (p, q) = (self.b.ins().ireduce(types::I32, xs), self.b.ins().ireduce(types::I32, ys));
                    self.b.ins().icmp(cc, p, q)
                }
                C::F(cc) if cmp.w == 64 => {
                    let p = self.b.ins().bitcast(types::F64, MemFlagsData::new(), xs);
                    let q = self.b.ins().bitcast(types::F64, MemFlagsData::new(), ys);
                    self.b.ins().fcmp(cc, p, q)
                }
                C::F(cc) => {
                    let (p, q) = (self.b.ins().ireduce(types::I32, xs), self.b.ins().ireduce(types::I32, ys));
                    let p = self.b.ins().bitcast(types::F32, MemFlagsData::new(), p);
                    let q = self.b.ins().bitcast(types::F32, MemFlagsData::new(), q);
                    self.b.ins().fcmp(cc, p, q)
                }
            };
            let (all, none) = (self.imm(u64::from(u32::MAX)), self.imm(0));
            acc = self.b.ins().select(t, all, none);
            let m = self.b.ins().ireduce(types::I32, acc);
            let m = self.b.ins().splat(types::I32X4, m);
            masks = vec![m; 8];
        } else if cmp.w == 64 {
            for k in 0..16 {
                let (p, q) = (self.pair(x, k), self.pair(y, k));
                let m = match c {
                    C::I(cc) => self.b.ins().icmp(cc, p, q),
                    C::F(cc) => {
                        let p = self.b.ins().bitcast(types::F64X2, lanes(), p);
                        let q = self.b.ins().bitcast(types::F64X2, lanes(), q);
                        let m = self.b.ins().fcmp(cc, p, q);
                        self.b.ins().bitcast(I64X2, lanes(), m)
                    }
                };
                let bits = self.b.ins().vhigh_bits(I64, m);
                let bits = self.b.ins().ishl_imm_s(bits, i64::from(2 * k));
                acc = self.b.ins().bor(acc, bits);
            }
        } else {
            for q in 0..8 {
                let (p, r) = (self.quad(x, q), self.quad(y, q));
                // 16-bit operands: their low halves, extended as the comparison's type says
                // (whatever the register holds above them).
                let (p, r) = if cmp.w == 16 {
                    (self.extend16(p, cmp.kind == b's'), self.extend16(r, cmp.kind == b's'))
                } else {
                    (p, r)
                };
                let m = match c {
                    C::I(cc) => self.b.ins().icmp(cc, p, r),
                    C::F(cc) => {
                        let p = self.b.ins().bitcast(types::F32X4, lanes(), p);
                        let r = self.b.ins().bitcast(types::F32X4, lanes(), r);
                        let m = self.b.ins().fcmp(cc, p, r);
                        self.b.ins().bitcast(types::I32X4, lanes(), m)
                    }
                };
                masks.push(m);
                let bits = self.b.ins().vhigh_bits(I64, m);
                let bits = self.b.ins().ishl_imm_s(bits, i64::from(4 * q));
                acc = self.b.ins().bor(acc, bits);
            }
        }
        if let Some(join) = join {
            self.b.ins().jump(join, &[BlockArg::Value(acc)]);
            self.b.switch_to_block(join);
            acc = self.b.block_params(join)[0];
            // The fast path has no lane masks.
            masks.clear();
        }
        let neg = self.b.ins().bnot(acc);
        let (p, pn) = match comb {
            None => (acc, neg),
            Some((op, q)) => {
                let f = |b: &mut FunctionBuilder<'_>, x: Value| match op {
                    BoolOp::And => b.ins().band(x, q),
                    BoolOp::Or => b.ins().bor(x, q),
                    BoolOp::Xor => b.ins().bxor(x, q),
                };
                (f(&mut self.b, acc), f(&mut self.b, neg))
            }
        };
        let p = self.b.ins().band_imm_s(p, i64::from(u32::MAX));
        if let (Ok(m), None, true) = (<[Value; 8]>::try_from(masks), comb, full) {
            self.bit_masks.insert(p, m);
        }
        self.write_bits(d, p, em, full);
        if let Some(dn) = dn {
            let pn = self.b.ins().band_imm_s(pn, i64::from(u32::MAX));
            self.write_bits(dn, pn, em, full);
        }
        true
    }
}

impl WarpCodegen<'_, '_> {
    /// Whether predicate `p`, written at `pc`, is read by a `selp` later in the block or
    /// stored at its end (both use lane masks) before it is written again.
    fn masks_wanted(&self, pc: u32, p: Reg) -> bool {
        let (mut uses, mut defs) = (Vec::new(), Vec::new());
        let end = self.block_end.max(pc + 1);
        for inst in self.f.code.get(pc as usize + 1..end as usize).unwrap_or(&[]) {
            if matches!(inst.op, Op::Tern { op: TernOp::Selp, c: Src::Reg(r), .. } if r == p) {
                return true;
            }
            uses.clear();
            defs.clear();
            crate::analysis::live::uses_defs(&inst.op, self.f.nregs, &mut uses, &mut defs);
            if defs.contains(&p) {
                return false;
            }
        }
        self.live_regs.is_live(end, p)
    }

    /// Register `r`'s pattern when it is lane-affine with stride 1 (`affine.rs`).
    fn lane_affine(&self, r: Reg) -> Option<affine::Affine> {
        self.affine.get(r as usize).copied().flatten().filter(|a| a.stride == 1)
    }

    /// The fast path of a comparison `r op other` of a lane-affine register `r` (stride 1)
    /// with a warp-uniform value `other` (zero-extended to `i64`), as 32-bit integers
    /// (`signed` or not), in code for rows of 32 (`Shape::Rows32`). Where `base + 31` does not
    /// wrap, lane `l` compares `base + l`: the lanes' bits are a prefix
    /// or suffix of the warp (or one lane), from `other - base` alone. Emits the check and
    /// that path, which jumps to the returned block with the bits (an `i64` parameter), and
    /// leaves the builder on the other path, which must compute the bits lane by lane and
    /// jump there too. `None` (nothing emitted) for comparisons it does not cover.
    fn affine_cmp(&mut self, r: Reg, other: Value, op: CmpOp, signed: bool) -> Option<Block> {
        use CmpOp::*;
        if !matches!(op, Eq | Ne | Lt | Lo | Le | Ls | Gt | Hi | Ge | Hs) {
            return None;
        }
        let (fast, slow, join) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        self.b.append_block_param(join, I64);
        let act = self.act();
        // Lane 0's value: from the SSA lanes only when lane 0 runs (a lane that exited may
        // hold an older value); from the lowest running lane's in memory otherwise.
        let in_vals = self.vals.contains_key(&r);
        let base = if in_vals {
            let x = self.vsrc(Src::Reg(r))?;
            let q0 = self.quad(x, 0);
            let v = self.b.ins().extractlane(q0, 0);
            self.b.ins().uextend(I64, v)
        } else {
            let v = self.one_lane(r);
            let l = self.b.ins().ctz(act);
            let l = self.b.ins().band_imm_u(l, 31);
            let v = self.b.ins().isub(v, l);
            self.b.ins().band_imm_u(v, 0xffff_ffff)
        };
        // base + 31 stays in range: no wrap between lanes.
        let flip = if signed { 0x8000_0000 } else { 0 };
        let biased = self.b.ins().bxor_imm_s(base, flip);
        let no_wrap = self.b.ins().icmp_imm_s(IntCC::UnsignedLessThanOrEqual, biased, 0xffff_ffe0);
        let mut ok = no_wrap;
        if in_vals {
            let all = self.b.ins().icmp_imm_s(IntCC::Equal, act, i64::from(u32::MAX));
            ok = self.b.ins().band(ok, all);
        }
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        // In biased terms both operands compare as unsigned 32-bit numbers.
        let o = self.b.ins().band_imm_u(other, 0xffff_ffff);
        let o = self.b.ins().bxor_imm_s(o, flip);
        let d = self.b.ins().isub(o, biased);
        // The first `n` lanes (0 ≤ n ≤ 32).
        let prefix = |s: &mut Self, n: Value| {
            let (z, w) = (s.imm(0), s.imm(32));
            let n = s.b.ins().smax(n, z);
            let n = s.b.ins().smin(n, w);
            let one = s.imm(1);
            let m = s.b.ins().ishl(one, n);
            s.b.ins().iadd_imm_s(m, -1)
        };
        let below = |s: &mut Self, le: bool| {
            let n = if le { s.b.ins().iadd_imm_s(d, 1) } else { d };
            prefix(s, n)
        };
        let bits = match op {
            Lt | Lo => below(self, false),
            Le | Ls => below(self, true),
            Gt | Hi => {
                let p = below(self, true);
                self.b.ins().bxor_imm_s(p, i64::from(u32::MAX))
            }
            Ge | Hs => {
                let p = below(self, false);
                self.b.ins().bxor_imm_s(p, i64::from(u32::MAX))
            }
            _ => {
                let inside = self.b.ins().icmp_imm_s(IntCC::UnsignedLessThan, d, 32);
                let one = self.imm(1);
                let sh = self.b.ins().band_imm_u(d, 31);
                let bit = self.b.ins().ishl(one, sh);
                let z = self.imm(0);
                let eq = self.b.ins().select(inside, bit, z);
                if op == Eq { eq } else { self.b.ins().bxor_imm_s(eq, i64::from(u32::MAX)) }
            }
        };
        self.b.ins().jump(join, &[BlockArg::Value(bits)]);
        self.b.switch_to_block(slow);
        Some(join)
    }
}

/// PTX shift `op` of one lane's `w`-bit `x` by `y` (its low 32 bits), as the interpreter
/// computes it: by the width or more, zero (or the sign, shifting right arithmetically).
fn shift_lane(b: &mut FunctionBuilder<'_>, op: &BinOp, w: u8, x: Value, y: Value) -> Value {
    let ty = b.func.dfg.value_type(x);
    let n = if ty == I64 { b.ins().band_imm_s(y, 0xffff_ffff) } else { y };
    let wide = b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, n, i64::from(w));
    match op {
        BinOp::Shr(_, true) => {
            let top = b.ins().iconst(ty, i64::from(w) - 1);
            let n = b.ins().select(wide, top, n);
            b.ins().sshr(x, n)
        }
        _ => {
            let r = if matches!(op, BinOp::Shl(_)) { b.ins().ishl(x, n) } else { b.ins().ushr(x, n) };
            let z = b.ins().iconst(ty, 0);
            b.ins().select(wide, z, r)
        }
    }
}

/// PTX integer division (`rem`: remainder) of one lane's `x` by `y`, as the interpreter
/// computes it (`semantics::arith::binop`): by zero, the quotient and the remainder are all
/// ones (as an H200 gives them); a signed quotient by
/// -1 wraps (`MIN / -1` is `MIN`) and its remainder is 0. The divisor the machine sees is
/// never 0 or (signed) -1, so nothing traps.
fn div_rem(b: &mut FunctionBuilder<'_>, x: Value, y: Value, signed: bool, rem: bool) -> Value {
    let ty = b.func.dfg.value_type(x);
    let (zero, one, ones) = (b.ins().iconst(ty, 0), b.ins().iconst(ty, 1), b.ins().iconst(ty, -1));
    let by_zero = b.ins().icmp(IntCC::Equal, y, zero);
    if !signed {
        let ys = b.ins().select(by_zero, one, y);
        let r = if rem { b.ins().urem(x, ys) } else { b.ins().udiv(x, ys) };
        return b.ins().select(by_zero, ones, r);
    }
    let by_minus_one = b.ins().icmp(IntCC::Equal, y, ones);
    let odd = b.ins().bor(by_zero, by_minus_one);
    let ys = b.ins().select(odd, one, y);
    let (r, at_minus_one) = if rem { (b.ins().srem(x, ys), zero) } else { (b.ins().sdiv(x, ys), b.ins().ineg(x)) };
    let r = b.ins().select(by_minus_one, at_minus_one, r);
    b.ins().select(by_zero, ones, r)
}

/// Whether `r` rounds to an integral value (`cvt.rni` and friends).
fn integral(r: Rounding) -> bool {
    matches!(r, Rounding::Rni | Rounding::Rzi | Rounding::Rmi | Rounding::Rpi)
}

/// Pairs of 64-bit lanes as `f64x2`.
fn f64s(b: &mut FunctionBuilder<'_>, v: Value) -> Value {
    b.ins().bitcast(types::F64X2, lanes(), v)
}

/// The bits of f64 result `r` (`f64x2`) with the interpreter's NaN rule (`float::arith64`,
/// `float::fma64`): in a lane where an operand of `ops` (bits, `i64x2`, in priority order) is a
/// NaN, the first such operand, quieted.
fn nan_first64(b: &mut FunctionBuilder<'_>, r: Value, ops: &[Value]) -> Value {
    let mut out = b.ins().bitcast(I64X2, lanes(), r);
    let quiet = b.ins().iconst(I64, 1 << 51);
    let quiet = b.ins().splat(I64X2, quiet);
    for &o in ops.iter().rev() {
        let f = f64s(b, o);
        let nan = b.ins().fcmp(FloatCC::Unordered, f, f);
        let nan = b.ins().bitcast(I64X2, lanes(), nan);
        let q = b.ins().bor(o, quiet);
        out = b.ins().bitselect(nan, q, out);
    }
    out
}

/// Lanes 0..2 and 2..4 of `i32x4` `v` as two `i64x2`, sign- (`signed`) or zero-extended.
fn widen(b: &mut FunctionBuilder<'_>, v: Value, signed: bool) -> (Value, Value) {
    if signed {
        (b.ins().swiden_low(v), b.ins().swiden_high(v))
    } else {
        (b.ins().uwiden_low(v), b.ins().uwiden_high(v))
    }
}

/// The bits of f32 result `r` (`f32x4`), NaNs canonical.
fn canon(b: &mut FunctionBuilder<'_>, r: Value) -> Value {
    let nan = b.ins().fcmp(FloatCC::Unordered, r, r);
    let nan = b.ins().bitcast(types::I32X4, lanes(), nan);
    let bits = b.ins().bitcast(types::I32X4, lanes(), r);
    let c = b.ins().iconst(types::I32, 0x7fff_ffff);
    let c = b.ins().splat(types::I32X4, c);
    b.ins().bitselect(nan, c, bits)
}

/// The low 32 bits of scalar `x`, zero-extended.
fn low32(b: &mut FunctionBuilder<'_>, x: Value) -> Value {
    // (A narrowing and a widening: one 32-bit move on x86, where a mask needs a constant.)
    let lo = b.ins().ireduce(types::I32, x);
    b.ins().uextend(I64, lo)
}

/// The low 32 bits of scalar `x`, sign-extended.
fn sext32(b: &mut FunctionBuilder<'_>, x: Value) -> Value {
    let t = b.ins().ishl_imm_s(x, 32);
    b.ins().sshr_imm_s(t, 32)
}

/// `op` on a scalar operand (as `scalar_int`): copies, integer conversions, `not`, `neg`.
fn scalar_un(b: &mut FunctionBuilder<'_>, op: &UnOp, x: Value) -> Option<Value> {
    use ScalarType::*;
    Some(match op {
        UnOp::Mov => x,
        UnOp::Cvt(c) if !c.sat && !c.ftz && !c.relu && !c.satfinite => match (c.to, c.from) {
            (S64, S32) => sext32(b, x),
            (U64 | S64 | B64, U32 | B32) | (U32 | S32 | B32, U64 | S64 | B64 | U32 | S32 | B32) => low32(b, x),
            _ => return None,
        },
        UnOp::Not(32) => {
            let n = b.ins().bnot(x);
            low32(b, n)
        }
        UnOp::Not(64) => b.ins().bnot(x),
        UnOp::Neg(32) => {
            let n = b.ins().ineg(x);
            low32(b, n)
        }
        UnOp::Neg(64) => b.ins().ineg(x),
        _ => return None,
    })
}

/// An integer operation `scalar_int` computes on warp-uniform operands (a binary one with
/// its second operand's value when that is a constant).
#[derive(Clone, Copy)]
enum IntOp {
    Bin(BinOp, Option<u64>),
    Tern(TernOp),
}

/// `op` on scalar operands (`u64`s, as `VectorSource::Splat` holds them: a narrow register's
/// zero-extended), with the result the lanes would hold: a 32-bit operation's zero-extended.
/// `None` for operations left to the lane-parallel forms (shifts by amounts not constant
/// and below the width, floating point, division, ...).
fn scalar_int(b: &mut FunctionBuilder<'_>, op: IntOp, v: &[Value]) -> Option<Value> {
    let (w, r) = match op {
        IntOp::Bin(bop, amount) => {
            let (x, y) = (v[0], v[1]);
            match bop {
                BinOp::Add(w @ (32 | 64)) => (w, b.ins().iadd(x, y)),
                BinOp::Sub(w @ (32 | 64)) => (w, b.ins().isub(x, y)),
                BinOp::MulLo(w @ (32 | 64)) => (w, b.ins().imul(x, y)),
                BinOp::And(w @ (32 | 64)) => (w, b.ins().band(x, y)),
                BinOp::Or(w @ (32 | 64)) => (w, b.ins().bor(x, y)),
                BinOp::Xor(w @ (32 | 64)) => (w, b.ins().bxor(x, y)),
                BinOp::Min(w @ (32 | 64), signed) | BinOp::Max(w @ (32 | 64), signed) => {
                    let (x, y) = if w == 32 {
                        if signed { (sext32(b, x), sext32(b, y)) } else { (low32(b, x), low32(b, y)) }
                    } else {
                        (x, y)
                    };
                    let r = match (bop, signed) {
                        (BinOp::Min(..), true) => b.ins().smin(x, y),
                        (BinOp::Min(..), false) => b.ins().umin(x, y),
                        (_, true) => b.ins().smax(x, y),
                        _ => b.ins().umax(x, y),
                    };
                    (w, r)
                }
                BinOp::Shl(w @ (32 | 64)) | BinOp::Shr(w @ (32 | 64), _) => {
                    let n = amount.filter(|&n| n < u64::from(w))? as i64;
                    let r = match bop {
                        BinOp::Shl(_) => b.ins().ishl_imm_s(x, n),
                        BinOp::Shr(32, true) => {
                            let x = sext32(b, x);
                            b.ins().sshr_imm_s(x, n)
                        }
                        BinOp::Shr(_, true) => b.ins().sshr_imm_s(x, n),
                        _ if w == 32 => {
                            let x = low32(b, x);
                            b.ins().ushr_imm_s(x, n)
                        }
                        _ => b.ins().ushr_imm_s(x, n),
                    };
                    (w, r)
                }
                BinOp::MulWide(32, signed) => {
                    let (x, y) = if signed { (sext32(b, x), sext32(b, y)) } else { (low32(b, x), low32(b, y)) };
                    (64, b.ins().imul(x, y))
                }
                _ => return None,
            }
        }
        IntOp::Tern(TernOp::MadLo(w @ (32 | 64))) => {
            let m = b.ins().imul(v[0], v[1]);
            (w, b.ins().iadd(m, v[2]))
        }
        IntOp::Tern(_) => return None,
    };
    Some(if w == 32 { low32(b, r) } else { r })
}
