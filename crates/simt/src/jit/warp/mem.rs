//! Memory accesses, lane by lane over the executing lanes in lane order (as the interpreter
//! does them): an inline bounds-and-alignment check against the space's buffer (shared,
//! local, parameters) or the access site's cached allocation (global, generic), else the
//! helpers' full check, which reports the interpreter's fault.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{Block, BlockArg, InstBuilder, Value, types};

use super::entry::shape;
use super::*;
use crate::ir::AtomOp;
use crate::jit::ctx::off;
use crate::jit::helpers::{self as hp, space_code};
use crate::jit::lower::host_rmw;
use crate::jit::lower::{load_int, store_int};
use cranelift_codegen::ir::AtomicRmwOp;

/// An address register whose lanes follow the warp's 2D shape: lane `l` holds
/// `a0 + sx * dx[l] + sy * dy[l]` (`dx`, `dy`: the lane's `%tid.x`, `%tid.y` minus lane 0's;
/// `jit::warp::entry::lane_tables`), as in a 16×16 block's `tile[threadIdx.y][k]` (rows of one
/// address) or `tile[k][threadIdx.x]` (rows of consecutive ones). Computed once per block for
/// a register several accesses use, and valid until the register is written.
#[derive(Clone, Copy)]
pub(super) struct Pat {
    /// Whether every lane matches, the lanes' offsets from `a0` fit in an `i32`, every
    /// address has `a0`'s high 32 bits, each group of four lanes lies in one row, and the
    /// rows are consecutive 4-byte elements or one address each, with steps along x and y
    /// that keep 4-byte alignment (`i8`): what `shaped_load` needs besides its bounds.
    ok: Value,
    /// Whether `a0` is 4-byte aligned (`i8`).
    aligned: Value,
    /// Whether the rows are consecutive elements (else each is one address; `i8`).
    seq: Value,
    /// Lane 0's address (`i64`).
    a0: Value,
    /// The least and greatest lane address (`i64`).
    lo: Value,
    hi: Value,
    /// Where the offset of lane `4q` from `a0` is kept for each group of four lanes `q`
    /// (`i32`s at `quads + 4q` in the warp's registers: in the scratch after the last one).
    quads: i32,
}

/// Where a converged warp's load into one register (`d`) delivers its lanes: every path of
/// the load (vector copies, gathers, the lane loop) jumps to `after` with the eight groups of
/// four lanes (their low halves, then for a register wider than 32 bits their high halves) as
/// block arguments, kept in SSA values from there (`WarpCodegen::vals`) instead of stored into the
/// register and read back by the instruction that uses them.
///
/// Only what a path loaded goes here (`WarpCodegen::deliver`): `d`'s old lanes, which a side path
/// stores before it reads the register file (the lane loop keeps them in the lanes it does
/// not run; `d` may be the address too), go to the register file as any other store.
#[derive(Debug, Clone, Copy)]
pub(super) struct Sink {
    pub d: Reg,
    /// Whether `d` is narrow (`WarpCodegen::narrow`): no high halves.
    pub narrow: bool,
    pub after: Block,
    /// The groups a path loaded so far, low and high halves (`WarpCodegen::deliver`).
    pub got: [Option<(Value, Value)>; 8],
}

/// Patterns kept in one block at most (the scratch holds their offsets; slot `PAT_SLOTS`
/// is for a pattern matched for one access).
pub(super) const PAT_SLOTS: u32 = 15;

/// What `whole_warp`'s vector copy moves: a load (`ld`: destination, sign extension) or store
/// (`st`: the values) of `size` bytes per lane in `space`, through the buffer at `host` whose
/// last valid offset is `lim_s`, at the lanes' addresses plus `delta_s`; then on to `after`.
#[derive(Clone, Copy)]
struct VecCopy {
    space: Space,
    host: Value,
    delta_s: Value,
    lim_s: Value,
    size: u8,
    ld: Option<(Reg, bool)>,
    st: Option<super::ops::VectorSource>,
    after: Block,
}

/// A 64-bit register whose every lane is `base + (ext(idx) << k)`: a warp-uniform base (none:
/// zero) plus 32-bit index register `idx`, sign- (`signed`) or zero-extended and scaled, as
/// `mul.wide` and `cvt` then `add.s64` make an element's address (`WarpCodegen::scaled`). Its lanes
/// are consecutive elements of `1 << k` bytes when the index's are consecutive integers,
/// which is checked on the 32-bit index, four lanes at a time, without the 64-bit lanes.
#[derive(Clone, Copy)]
pub(super) struct Scaled {
    pub base: Option<Value>,
    pub idx: Reg,
    pub k: u8,
    pub signed: bool,
}

/// How many bytes past a warp's consecutive global load compiled code touches the memory
/// that later warps of the block will read (see `whole_warp`).
const PREFETCH_AHEAD: i64 = 512;

// Each pattern's offsets take 32 bytes of the scratch registers.
const _: () = assert!((PAT_SLOTS as usize + 1) * 32 <= super::entry::SCRATCH_REGS * 256);

/// Accesses through one address register in a block that make matching its lanes against
/// the warp's shape worth it.
const PAT_USES: usize = 3;

/// Flags of loads from tables compiled code never writes (the lane tables): free to move
/// next to their uses.
fn ro() -> cranelift_codegen::ir::MemFlagsData {
    cranelift_codegen::ir::MemFlagsData::trusted().with_readonly().with_can_move()
}

/// What `window` computed for an instruction's accesses.
#[derive(Clone, Copy)]
pub(super) struct Win {
    bound: Option<Value>,
    host: Option<Value>,
}

/// A window `window` computed in the current block: for accesses to a space of a size, loads
/// or stores (`WarpCodegen::wins`; the buffers and bounds do not change during a run).
pub(super) type WinKey = (Space, u8, bool, Win);

impl WarpCodegen<'_, '_> {
    /// The whole-warp fast path of a load (`ld`: destination, sign extension) or store
    /// (`st`: the values) of `size` bytes at `[r + off]`: when every lane executes and every
    /// lane's address is in bounds and aligned (one vector check), a vector copy when the
    /// addresses are consecutive, else one unchecked access per lane in lane order; then a
    /// jump to `after`. Otherwise falls through (to the lane loop, which reports faults).
    #[allow(clippy::too_many_arguments)]
    fn whole_warp(
        &mut self,
        space: Space,
        size: u8,
        w: Win,
        r: Reg,
        off: i64,
        em: Value,
        ld: Option<(Reg, bool)>,
        more: &[Option<Reg>],
        st: Option<super::ops::VectorSource>,
        after: Block,
    ) {
        // In a block's diverged copy (`WarpCodegen::full` false) some live lane is not running, so the
        // lanes executing are never all the live ones: the whole-warp paths would be dead code
        // there.
        if !self.full || !matches!(space, Space::Global | Space::Generic | Space::Shared) || r >= self.f.nregs {
            return;
        }
        let sz = i64::from(size);
        let slow = self.b.create_block();
        // A store writes every lane: all 32 must run it. A load may read for lanes that
        // exited too (the converged code computed their addresses like the others', and
        // their values are never read), so every live lane running it is enough.
        let all = if st.is_some() {
            self.b.ins().icmp_imm_s(IntCC::Equal, em, i64::from(u32::MAX))
        } else {
            let live = self.b.use_var(self.live);
            self.b.ins().icmp(IntCC::Equal, em, live)
        };
        let c1 = self.b.create_block();
        self.b.ins().brif(all, c1, &[], slow, &[]);
        self.b.switch_to_block(c1);
        // Offsets into the buffer (shared memory, or the allocation the access site hit
        // last; the lane loop refills it) and the largest valid one.
        let (gbase, limit, host) = match (space, w.bound, w.host) {
            (Space::Shared, Some(bound), Some(host)) => {
                let z = self.imm(0);
                (z, bound, host)
            }
            (Space::Shared, ..) => return,
            _ => {
                // The same slot as the lane loop's access that follows.
                let tbl = self.b.ins().load(I64, flags(), self.ctx, off::SITES);
                let slot = crate::jit::lower::site_slot(&mut self.b, tbl, self.sites as u64);
                (slot.base, slot.bound, slot.host)
            }
        };
        // bound = (len - size) / size + 1 (0: none): valid offsets are aligned and at most
        // (bound - 1) * size.
        let nz = self.b.create_block();
        self.b.ins().brif(limit, nz, &[], slow, &[]);
        self.b.switch_to_block(nz);
        let lim_s = self.b.ins().imul_imm_s(limit, sz);
        let lim_s = self.b.ins().iadd_imm_s(lim_s, -sz);
        let offv = self.imm(off as u64);
        let delta_s = if space == Space::Shared { offv } else { self.b.ins().isub(offv, gbase) };
        // Shared memory's offsets are addresses: a constant offset from the register.
        let delta = (space == Space::Shared).then_some(off);
        if let (Some((d, sext)), 4, Some(&p), true) = (ld, size, self.pats.get(&r), more.is_empty()) {
            self.shaped_load(p, delta_s, delta, lim_s, host, d, sext, after);
        }
        let consecutive_ok = more.is_empty() && (matches!(size, 4 | 8) || (ld.is_some() && matches!(size, 1 | 2)));
        let copy = VecCopy { space, host, delta_s, lim_s, size, ld, st, after };
        if let Some(sc) = self.scaled.get(&r).copied()
            && consecutive_ok
            && u32::from(sc.k) == size.trailing_zeros()
            && let Some(iv) = self.vsrc(Src::Reg(sc.idx))
        {
            self.copy_if_scaled_consecutive(sc, iv, copy, slow);
        }
        if more.is_empty() && (ld.is_some() || st.is_some()) {
            self.strided(r, size, delta_s, lim_s, host, ld, st, after);
        }
        let Some(addrs) = self.vsrc(Src::Reg(r)) else { return };
        if let (Some((d, sext)), ops::VectorSource::Splat(_, a, _)) = (ld, addrs) {
            // A warp-uniform address: one check, one load per element.
            let o0 = self.b.ins().iadd(a, delta_s);
            self.same_element(o0, sz, lim_s, host, d, more, sext, slow, after);
            self.b.switch_to_block(slow);
            return;
        }
        // In a warp that spans rows of a 2D block, the block's shape (rows of 16 consecutive
        // floats, a tile's rows in global memory) for a register no pattern was kept for,
        // first: it covers the consecutive and same-element cases too, which such a warp
        // would otherwise check (and mostly fail) before it.
        if let (Some((d, sext)), 4, true, false) = (ld, size, more.is_empty(), self.rows32)
            && !self.pats.contains_key(&r)
        {
            self.shaped_if_rows(r, delta, (d, sext), copy);
        }
        // Addresses of at most 32 bits (a narrow register): compared 4 lanes at a time, and
        // widened to pairs only for the general check below.
        let narrow = matches!(addrs, ops::VectorSource::Mem(_, _, true) | ops::VectorSource::Val(ops::Lanes::Quads(_)));
        let pairs = |s: &mut Self| -> Vec<Value> { (0..16).map(|k| s.pair(addrs, k)).collect() };
        let mut ps = if narrow { Vec::new() } else { pairs(self) };
        let general = self.b.create_block();
        if consecutive_ok {
            // Consecutive addresses (the common case): checking the first and last lane
            // checks them all; then one vector copy.
            let (p0, seq) = if narrow { self.first_of(addrs, r, sz) } else { self.lanes_from_first(&ps, sz) };
            self.copy_if_consecutive(seq, p0, general, slow, copy);
        } else {
            self.b.ins().jump(general, &[]);
        }
        self.b.switch_to_block(general);
        if let Some((d, sext)) = ld {
            // Every lane reads the same element (a value the warp shares; for a vector load,
            // the same elements): one check, one load per element.
            {
                let (p0, same) = if narrow { self.quads_from_first(addrs, 0) } else { self.lanes_from_first(&ps, 0) };
                let (one, lanes) = (self.b.create_block(), self.b.create_block());
                self.b.ins().brif(same, one, &[], lanes, &[]);
                self.b.switch_to_block(one);
                let o0 = self.b.ins().iadd(p0, delta_s);
                self.same_element(o0, sz, lim_s, host, d, more, sext, slow, after);
                self.b.switch_to_block(lanes);
                if !more.is_empty() {
                    // Other vector loads go lane by lane.
                    self.b.ins().jump(slow, &[]);
                    self.b.switch_to_block(slow);
                    return;
                }
            }
        }
        // Any other addresses: every lane's bounds and alignment (one vector check).
        if narrow {
            ps = pairs(self);
        }
        self.every_lane_checked(&ps, copy, slow);
        self.b.switch_to_block(slow);
    }

    /// `whole_warp`'s copy for a register of scaled indices (`sc`, the index's lanes `iv`):
    /// when the indices are consecutive, lane 0's address is the base plus its scaled index
    /// and the lanes follow it (the vector copy; `slow` when it fails its check); the code
    /// continues where they are not.
    fn copy_if_scaled_consecutive(&mut self, sc: Scaled, iv: ops::VectorSource, copy: VecCopy, slow: Block) {
        // Consecutive indices (of a 32-bit register, four lanes at a time): lane 0's
        // address is the base plus its scaled index, and the lanes follow it.
        let (i0, seq) = self.first_of(iv, sc.idx, 1);
        let (i0, seq) = if sc.signed {
            // No wrap in signed terms either (0x7fffffff to 0x80000000 is not consecutive
            // once sign-extended).
            let flipped = self.b.ins().bxor_imm_s(i0, 0x8000_0000);
            let fits = self.b.ins().icmp_imm_s(IntCC::UnsignedLessThanOrEqual, flipped, i64::from(u32::MAX) - 31);
            let i32v = self.b.ins().ireduce(types::I32, i0);
            (self.b.ins().sextend(I64, i32v), self.b.ins().band(seq, fits))
        } else {
            (i0, seq)
        };
        let scaled = self.b.ins().ishl_imm_s(i0, i64::from(sc.k));
        let p0 = match sc.base {
            Some(base) => self.b.ins().iadd(base, scaled),
            None => scaled,
        };
        let other = self.b.create_block();
        self.copy_if_consecutive(seq, p0, other, slow, copy);
        self.b.switch_to_block(other);
    }

    /// `whole_warp`'s load, in a warp that spans rows of a 2D block, with the block's shape
    /// (`pattern`) of register `r`; the code continues where the warp spans one row.
    fn shaped_if_rows(&mut self, r: Reg, delta: Option<i64>, (d, sext): (Reg, bool), copy: VecCopy) {
        let g = self.g();
        let t = self.b.ins().load(I64, ro(), g, goff::LANES);
        let rows = self.b.ins().uload32(ro(), t, shape::YLANE);
        let (try_it, other) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(rows, try_it, &[], other, &[]);
        self.b.switch_to_block(try_it);
        // `pattern` reads the register's lanes in memory (on this side path only: they
        // stay pending).
        self.store_pending(r);
        let p = self.pattern(r, PAT_SLOTS);
        self.shaped_load(p, copy.delta_s, delta, copy.lim_s, copy.host, d, sext, copy.after);
        self.b.ins().jump(other, &[]);
        self.b.switch_to_block(other);
    }

    /// `whole_warp`'s general case, any addresses (`ps`: the lanes' pairs): every lane's
    /// bounds and alignment in one vector check (to `slow` when it fails), then one
    /// unchecked access per lane in lane order, then on to `copy.after`.
    fn every_lane_checked(&mut self, ps: &[Value], copy: VecCopy, slow: Block) {
        let VecCopy { host, delta_s, lim_s, size, ld, st, after, .. } = copy;
        let sz = i64::from(size);
        let lim = self.b.ins().splat(I64X2, lim_s);
        let delta = self.b.ins().splat(I64X2, delta_s);
        let amask = self.cvec64((sz - 1) as u64, (sz - 1) as u64);
        let zero = self.cvec64(0, 0);
        let mut os = Vec::with_capacity(16);
        let mut good = Vec::with_capacity(16);
        for &p in ps {
            let o = self.b.ins().iadd(p, delta);
            let al = self.b.ins().band(o, amask);
            let al = self.b.ins().icmp(IntCC::Equal, al, zero);
            let inb = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, o, lim);
            good.push(self.b.ins().band(al, inb));
            os.push(o);
        }
        let fine = self.all_lanes(&good);
        let gather = self.b.create_block();
        self.b.ins().brif(fine, gather, &[], slow, &[]);
        self.b.switch_to_block(gather);
        let mut loaded = Vec::with_capacity(16);
        for (k, &o) in os.iter().enumerate() {
            let mut got = Vec::new();
            for h in 0..2u8 {
                let ol = self.b.ins().extractlane(o, h);
                let p = self.b.ins().iadd(host, ol);
                match (ld, st) {
                    (Some((_, sext)), _) => got.push(load_int(&mut self.b, p, size, sext)),
                    (None, Some(vs)) => {
                        let pv = self.pair(vs, k as i32);
                        let v = self.b.ins().extractlane(pv, h);
                        store_int(&mut self.b, p, size, v);
                    }
                    _ => {}
                }
            }
            if let [x, y] = got.as_slice() {
                let v = self.b.ins().splat(I64X2, *x);
                loaded.push(self.b.ins().insertlane(v, *y, 1));
            }
        }
        // (What the code generator knows about `d` stays as it is: the paths emitted after
        // this one, the lane loop's among them, start from the same knowledge; the load's
        // join forgets it.)
        if let Some((d, _)) = ld {
            for (q, p) in loaded.chunks_exact(2).enumerate() {
                self.deliver_pairs(d, q as i32, p[0], p[1]);
            }
        }
        self.jump_after(after);
    }

    /// The load of `whole_warp` when every lane reads the same element (`o0`: its offset into
    /// the buffer at `host` whose last valid offset is `lim_s`; with `more`, the same vector
    /// of elements): one check (to `slow` when it fails), one load per element, then a jump
    /// to `after`.
    #[allow(clippy::too_many_arguments)]
    fn same_element(
        &mut self,
        o0: Value,
        sz: i64,
        lim_s: Value,
        host: Value,
        d: Reg,
        more: &[Option<Reg>],
        sext: bool,
        slow: Block,
        after: Block,
    ) {
        let load = self.b.create_block();
        let mut ok = self.span_ok(o0, sz, more.len() as i64 * sz, lim_s);
        if !more.is_empty() {
            // A vector misaligned as a whole (its elements need not be) faults in the lane
            // loop (`vector_aligned`). An offset keeps its address's alignment in a device
            // allocation or shared memory (aligned bases); wherever it may not, a vector
            // refused here is still checked there, by its address.
            let low = self.b.ins().band_imm_s(o0, (more.len() as i64 + 1) * sz - 1);
            let whole = self.b.ins().icmp_imm_s(IntCC::Equal, low, 0);
            ok = self.b.ins().band(ok, whole);
        }
        self.b.ins().brif(ok, load, &[], slow, &[]);
        self.b.switch_to_block(load);
        let p = self.b.ins().iadd(host, o0);
        for (i, dr) in std::iter::once(Some(d)).chain(more.iter().copied()).enumerate() {
            let Some(dr) = dr else { continue };
            let pi = if i == 0 { p } else { self.b.ins().iadd_imm_s(p, i as i64 * sz) };
            let v = load_int(&mut self.b, pi, sz as u8, sext);
            let lo = self.b.ins().ireduce(types::I32, v);
            let lo = self.b.ins().splat(types::I32X4, lo);
            let hi = self.b.ins().ushr_imm_s(v, 32);
            let hi = self.b.ins().ireduce(types::I32, hi);
            let hi = self.b.ins().splat(types::I32X4, hi);
            for q in 0..8 {
                self.deliver(dr, q, lo, hi);
            }
        }
        self.jump_after(after);
    }

    /// Whether the 4-byte loads from `[r + ..]` in the rest of the block (from `pc` on, until
    /// `r` is written) are enough to match `r` against the warp's shape (`Pat`).
    fn pat_worth(&self, pc: u32, r: Reg) -> bool {
        let (mut uses, mut defs) = (Vec::new(), Vec::new());
        let mut n = 0;
        for inst in self.f.code.get(pc as usize..self.block_end as usize).unwrap_or(&[]) {
            if let Op::Ld {
                space: Space::Global | Space::Generic | Space::Shared, size: 4, d, addr, whole: false, ..
            } = &inst.op
                && addr.base == Base::Reg(r)
                && d.len() == 1
            {
                n += 1;
            }
            uses.clear();
            defs.clear();
            crate::analysis::live::uses_defs(&inst.op, self.f.nregs, &mut uses, &mut defs);
            if defs.contains(&r) {
                break;
            }
        }
        n >= PAT_USES
    }

    /// Matches register `r`'s lanes (its lanes in memory are current) against the warp's
    /// shape: see `Pat`.
    fn pattern(&mut self, r: Reg, slot: u32) -> Pat {
        let quads = reg_off(self.f.nregs) + 32 * slot as i32;
        let g = self.g();
        let t = self.b.ins().load(I64, ro(), g, goff::LANES);
        let rg = self.regs();
        let at = reg_off(r);
        let lane_lo = |s: &mut Self, lane: Value| {
            let l4 = s.b.ins().ishl_imm_s(lane, 2);
            let p = s.b.ins().iadd(rg, l4);
            s.b.ins().uload32(flags(), p, at)
        };
        let lo0 = self.b.ins().uload32(flags(), rg, at);
        let hi0 = if self.narrow(r) { self.imm(0) } else { self.b.ins().uload32(flags(), rg, at + 128) };
        let hi0s = self.b.ins().ishl_imm_s(hi0, 32);
        let a0 = self.b.ins().bor(lo0, hi0s);
        let xl = self.b.ins().uload32(ro(), t, shape::XLANE);
        let yl = self.b.ins().uload32(ro(), t, shape::YLANE);
        let lox = lane_lo(self, xl);
        let loy = lane_lo(self, yl);
        // The steps, as wrapping 32-bit differences of the low halves.
        let step = |s: &mut Self, v: Value| {
            let d = s.b.ins().isub(v, lo0);
            let d = s.b.ins().ireduce(types::I32, d);
            (d, s.b.ins().sextend(I64, d))
        };
        let (sx32, sx) = step(self, lox);
        let (sy32, sy) = step(self, loy);
        let i32x4 = types::I32X4;
        let lo0_32 = self.b.ins().ireduce(types::I32, lo0);
        let hi0_32 = self.b.ins().ireduce(types::I32, hi0);
        let [lov, hiv, sxv, syv] = [lo0_32, hi0_32, sx32, sy32].map(|x| self.b.ins().splat(i32x4, x));
        let Some(src) = self.vsrc(Src::Reg(r)) else {
            let z = self.b.ins().iconst(types::I8, 0);
            return Pat { ok: z, aligned: z, seq: z, a0, lo: a0, hi: a0, quads };
        };
        let mut matched = Vec::with_capacity(8);
        for q in 0..8 {
            let dx = self.b.ins().load(i32x4, ro(), t, shape::DX + 16 * q);
            let dy = self.b.ins().load(i32x4, ro(), t, shape::DY + 16 * q);
            let ex = self.b.ins().imul(sxv, dx);
            let ey = self.b.ins().imul(syv, dy);
            let e = self.b.ins().iadd(ex, ey);
            let d0 = self.b.ins().extractlane(e, 0);
            let rg = self.regs();
            self.b.ins().store(flags(), d0, rg, quads + 4 * q);
            let e = self.b.ins().iadd(e, lov);
            let (lq, hq) = (self.quad(src, q), self.hi_quad(src, q));
            let m_lo = self.b.ins().icmp(IntCC::Equal, lq, e);
            let m_hi = self.b.ins().icmp(IntCC::Equal, hq, hiv);
            matched.push(self.b.ins().band(m_lo, m_hi));
        }
        let lanes_ok = self.all_lanes(&matched);
        // The offsets' range from the extremes of dx and dy.
        let ext = |s: &mut Self, step: Value, lo: i32, hi: i32| {
            let a = s.b.ins().sload32(ro(), t, lo);
            let b = s.b.ins().sload32(ro(), t, hi);
            let a = s.b.ins().imul(step, a);
            let b = s.b.ins().imul(step, b);
            (s.b.ins().smin(a, b), s.b.ins().smax(a, b))
        };
        let (xmin, xmax) = ext(self, sx, shape::DX_MIN, shape::DX_MAX);
        let (ymin, ymax) = ext(self, sy, shape::DY_MIN, shape::DY_MAX);
        let dmin = self.b.ins().iadd(xmin, ymin);
        let dmax = self.b.ins().iadd(xmax, ymax);
        let fits_lo = self.b.ins().icmp_imm_s(IntCC::SignedGreaterThanOrEqual, dmin, i64::from(i32::MIN));
        let fits_hi = self.b.ins().icmp_imm_s(IntCC::SignedLessThanOrEqual, dmax, i64::from(i32::MAX));
        // No carry into the high halves between the extremes.
        let same_hi = |s: &mut Self, d: Value| {
            let x = s.b.ins().iadd(a0, d);
            let x = s.b.ins().ushr_imm_s(x, 32);
            s.b.ins().icmp(IntCC::Equal, x, hi0)
        };
        let c_lo = same_hi(self, dmin);
        let c_hi = same_hi(self, dmax);
        let rows = self.b.ins().uload32(ro(), t, shape::QUAD_ROWS);
        let rows = self.b.ins().icmp_imm_s(IntCC::NotEqual, rows, 0);
        let steps = self.b.ins().bor(sx, sy);
        let steps = self.b.ins().band_imm_s(steps, 3);
        let steps_al = self.b.ins().icmp_imm_s(IntCC::Equal, steps, 0);
        let seq = self.b.ins().icmp_imm_s(IntCC::Equal, sx, 4);
        let uni = self.b.ins().icmp_imm_s(IntCC::Equal, sx, 0);
        let kind = self.b.ins().bor(seq, uni);
        let ok = [fits_lo, fits_hi, c_lo, c_hi, rows, steps_al, kind]
            .into_iter()
            .fold(lanes_ok, |x, y| self.b.ins().band(x, y));
        let al = self.b.ins().band_imm_s(a0, 3);
        let aligned = self.b.ins().icmp_imm_s(IntCC::Equal, al, 0);
        let lo = self.b.ins().iadd(a0, dmin);
        let hi = self.b.ins().iadd(a0, dmax);
        Pat { ok, aligned, seq, a0, lo, hi, quads }
    }

    /// The load of `whole_warp` through a register that matched the warp's shape (`p`):
    /// when its rows are consecutive or each one address, and its lanes' addresses plus
    /// `delta_s` (offsets into the buffer at `host` whose last valid offset is `lim_s`; a
    /// constant `delta` when known) are in bounds and aligned, a vector or scalar load per
    /// group of four lanes, then a jump to `after`. Otherwise falls through.
    #[allow(clippy::too_many_arguments)]
    fn shaped_load(
        &mut self,
        p: Pat,
        delta_s: Value,
        delta: Option<i64>,
        lim_s: Value,
        host: Value,
        d: Reg,
        sext: bool,
        after: Block,
    ) {
        let aligned = match delta {
            // An offset that is not a multiple of 4 is aligned only with a register that is
            // not (the pattern's `aligned` says only whether it is): left to the other paths.
            Some(c) if c & 3 != 0 => return,
            Some(_) => p.aligned,
            None => {
                let o0 = self.b.ins().iadd(p.a0, delta_s);
                let al = self.b.ins().band_imm_s(o0, 3);
                self.b.ins().icmp_imm_s(IntCC::Equal, al, 0)
            }
        };
        let plus = |s: &mut Self, x: Value| match delta {
            Some(c) => s.b.ins().iadd_imm_s(x, c),
            None => s.b.ins().iadd(x, delta_s),
        };
        let (lo, hi) = (plus(self, p.lo), plus(self, p.hi));
        let lo_ok = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, lo, lim_s);
        let hi_ok = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, hi, lim_s);
        let go = [lo_ok, hi_ok, aligned].into_iter().fold(p.ok, |x, y| self.b.ins().band(x, y));
        let o0 = plus(self, p.a0);
        let seq = p.seq;
        let (yes, no) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(go, yes, &[], no, &[]);
        self.b.switch_to_block(yes);
        let base = self.b.ins().iadd(host, o0);
        let (vb, sb) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(seq, vb, &[], sb, &[]);
        for (blk, vector) in [(vb, true), (sb, false)] {
            self.b.switch_to_block(blk);
            for q in 0..8i32 {
                let rg = self.regs();
                let dq = self.b.ins().sload32(flags(), rg, p.quads + 4 * q);
                let at = self.b.ins().iadd(base, dq);
                let v = if vector {
                    self.b.ins().load(types::I32X4, vflags(), at, 0)
                } else {
                    let x = self.b.ins().load(types::I32, flags(), at, 0);
                    self.b.ins().splat(types::I32X4, x)
                };
                self.deliver32(d, q, v, sext);
            }
            self.jump_after(after);
        }
        self.b.switch_to_block(no);
    }

    /// The access of `whole_warp` (a load into `ld`'s register, or a store of `st`) through
    /// a lane-affine register `r` (`affine.rs`) whose lanes step by a multiple of the element
    /// size other than 0 and 1 element (a column of a shared-memory tile, a field of an array
    /// of structures): when the lanes' offsets (`r` plus `delta_s`, into the buffer at `host`
    /// whose last valid offset is `lim_s`) are in bounds and aligned (a check of the first and
    /// last), one access per lane at a constant distance from lane 0's, then a jump to
    /// `after`. Otherwise (or for other registers) falls through.
    #[allow(clippy::too_many_arguments)]
    fn strided(
        &mut self,
        r: Reg,
        size: u8,
        delta_s: Value,
        lim_s: Value,
        host: Value,
        ld: Option<(Reg, bool)>,
        st: Option<ops::VectorSource>,
        after: Block,
    ) {
        let sz = i64::from(size);
        let Some(stride) = self.affine.get(r as usize).copied().flatten().map(|a| i64::from(a.stride)) else {
            return;
        };
        let span = 31 * stride.abs();
        if size != 4 || stride == 0 || stride == sz || stride % sz != 0 || span > i64::from(i32::MAX) {
            return;
        }
        let Some(addrs) = self.vsrc(Src::Reg(r)) else { return };
        let q0 = self.quad(addrs, 0);
        let a0 = self.b.ins().extractlane(q0, 0);
        let p0 = self.b.ins().uextend(I64, a0);
        // No lane wraps around 2^32 (the register is 32 bits wide; its lanes then are exactly
        // lane 0's plus `stride * l`).
        let fits = if stride > 0 {
            self.b.ins().icmp_imm_s(IntCC::UnsignedLessThanOrEqual, p0, i64::from(u32::MAX) - span)
        } else {
            self.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, p0, span)
        };
        let o0 = self.b.ins().iadd(p0, delta_s);
        let lo = if stride > 0 { o0 } else { self.b.ins().iadd_imm_s(o0, -span) };
        let inb = self.span_ok(lo, sz, span, lim_s);
        let ok = self.b.ins().band(fits, inb);
        let (go, next) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(ok, go, &[], next, &[]);
        self.b.switch_to_block(go);
        let base = self.b.ins().iadd(host, o0);
        let at = |q: i64, i: i64| ((4 * q + i) * stride) as i32;
        for q in 0..8i64 {
            if let Some(vs) = st {
                // In lane order, as the lane loop stores.
                let v = self.quad(vs, q as i32);
                for i in 0..4 {
                    let x = self.b.ins().extractlane(v, i as u8);
                    self.b.ins().store(flags(), x, base, at(q, i));
                }
            } else if let Some((d, sext)) = ld {
                let xs: Vec<Value> = (0..4).map(|i| self.b.ins().load(types::I32, flags(), base, at(q, i))).collect();
                let mut v = self.b.ins().splat(types::I32X4, xs[0]);
                for (i, &x) in xs.iter().enumerate().skip(1) {
                    v = self.b.ins().insertlane(v, x, i as u8);
                }
                self.deliver32(d, q as i32, v, sext);
            }
        }
        self.jump_after(after);
        self.b.switch_to_block(next);
    }

    /// Lane 0 of the 32 lanes in pairs `ps`, and whether lane `l` is lane 0 plus `l * step`
    /// for every lane (step 0: all lanes equal).
    fn lanes_from_first(&mut self, ps: &[Value], step: i64) -> (Value, Value) {
        let p0 = self.b.ins().extractlane(ps[0], 0);
        let base = self.b.ins().splat(I64X2, p0);
        let eqs: Vec<Value> = (0..)
            .zip(ps)
            .map(|(k, &p)| {
                let d = self.cvec64((2 * k * step) as u64, ((2 * k + 1) * step) as u64);
                let want = self.b.ins().iadd(base, d);
                self.b.ins().icmp(IntCC::Equal, p, want)
            })
            .collect();
        (p0, self.all_lanes(&eqs))
    }

    /// When `seq` (the lanes' addresses are consecutive from lane 0's, `p0`), the vector copy
    /// of `whole_warp` (`to`), after one check of the whole span (else to `slow`), then a
    /// jump to `to.after`; when not, on at `otherwise`.
    fn copy_if_consecutive(&mut self, seq: Value, p0: Value, otherwise: Block, slow: Block, to: VecCopy) {
        let VecCopy { space, host, delta_s, lim_s, size, ld, st, after } = to;
        let sz = i64::from(size);
        let (cont, vec) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(seq, cont, &[], otherwise, &[]);
        self.b.switch_to_block(cont);
        let o0 = self.b.ins().iadd(p0, delta_s);
        let ok = self.span_ok(o0, sz, 31 * sz, lim_s);
        self.b.ins().brif(ok, vec, &[], slow, &[]);
        self.b.switch_to_block(vec);
        let p = self.b.ins().iadd(host, o0);
        if ld.is_some() && space != Space::Shared {
            // The warps after this one read on from here (one warp's 128 bytes each,
            // typically): touching the lines four warps ahead, clamped to the buffer,
            // starts their fetch from memory (Cranelift has no prefetch instruction; a
            // load whose value is unused does not hold up the code after it).
            for k in [0i64, 64] {
                let t = self.b.ins().iadd_imm_s(o0, PREFETCH_AHEAD + k);
                let t = self.b.ins().umin(t, lim_s);
                let a = self.b.ins().iadd(host, t);
                self.b.ins().load(types::I8, flags(), a, 0);
            }
        }
        self.copy(p, size, ld, st);
        self.jump_after(after);
    }

    /// Whether every lane of every mask in `masks` is set (false when there are none).
    fn all_lanes(&mut self, masks: &[Value]) -> Value {
        let Some((&first, rest)) = masks.split_first() else { return self.b.ins().iconst(types::I8, 0) };
        let all = rest.iter().fold(first, |x, &m| self.b.ins().band(x, m));
        self.b.ins().vall_true(all)
    }

    /// `lanes_from_first` for addresses of at most 32 bits (`s`'s high halves are zero),
    /// four lanes at a time; lane 0's address, zero-extended. The sequence must not wrap
    /// around 2^32 (it does not in 64 bits).
    /// `quads_from_first` for the lanes `s` of register `r`, in a warp whose 32 lanes all
    /// run: when `r` is lane-affine with stride `step` (`affine.rs`, code for rows of 32),
    /// the lanes follow lane 0's without looking at them.
    fn first_of(&mut self, s: ops::VectorSource, r: Reg, step: i64) -> (Value, Value) {
        let stride = self.affine.get(r as usize).copied().flatten().map(|a| i64::from(a.stride));
        if stride != Some(step) || step == 0 {
            return self.quads_from_first(s, step);
        }
        let q0 = self.quad(s, 0);
        let a0 = self.b.ins().extractlane(q0, 0);
        let p0 = self.b.ins().uextend(I64, a0);
        let fits = self.b.ins().icmp_imm_s(IntCC::UnsignedLessThanOrEqual, p0, i64::from(u32::MAX) - 31 * step);
        (p0, fits)
    }

    fn quads_from_first(&mut self, s: ops::VectorSource, step: i64) -> (Value, Value) {
        let qs: Vec<Value> = (0..8).map(|q| self.quad(s, q)).collect();
        let a0 = self.b.ins().extractlane(qs[0], 0);
        let base = self.b.ins().splat(types::I32X4, a0);
        let eqs: Vec<Value> = (0..)
            .zip(&qs)
            .map(|(q, &got)| {
                let d: Vec<u8> = (0..4).flat_map(|i| (((4 * q + i) * step) as u32).to_le_bytes()).collect();
                let d = self.cvec(types::I32X4, d);
                let want = self.b.ins().iadd(base, d);
                self.b.ins().icmp(IntCC::Equal, got, want)
            })
            .collect();
        let p0 = self.b.ins().uextend(I64, a0);
        let all = self.all_lanes(&eqs);
        let fits = self.b.ins().icmp_imm_s(IntCC::UnsignedLessThanOrEqual, p0, i64::from(u32::MAX) - 31 * step);
        let ok = self.b.ins().band(all, fits);
        (p0, ok)
    }

    /// Whether offsets `o0..=o0 + span` (`o0` aligned to `sz`) are valid, that is at most
    /// `lim`.
    fn span_ok(&mut self, o0: Value, sz: i64, span: i64, lim: Value) -> Value {
        let al = self.b.ins().band_imm_s(o0, sz - 1);
        let al = self.b.ins().icmp_imm_s(IntCC::Equal, al, 0);
        let lo = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, o0, lim);
        let room = self.b.ins().isub(lim, o0);
        let hi = self.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, room, span);
        let ok = self.b.ins().band(al, lo);
        self.b.ins().band(ok, hi)
    }

    /// The vector copy of `whole_warp` for consecutive addresses from host address `p`.
    fn copy(&mut self, p: Value, size: u8, ld: Option<(Reg, bool)>, st: Option<super::ops::VectorSource>) {
        match (ld, st) {
            (Some((d, sext)), _) if size < 4 => {
                // Bytes or halves, widened to groups of four 32-bit lanes.
                let (ty, per) = if size == 1 { (types::I8X16, 16) } else { (types::I16X8, 8) };
                let mut quads = Vec::with_capacity(8);
                for k in 0..32 / per {
                    let v = self.b.ins().load(ty, vflags(), p, k * per * i32::from(size));
                    let halves = if size == 1 {
                        let lo = if sext { self.b.ins().swiden_low(v) } else { self.b.ins().uwiden_low(v) };
                        let hi = if sext { self.b.ins().swiden_high(v) } else { self.b.ins().uwiden_high(v) };
                        vec![lo, hi]
                    } else {
                        vec![v]
                    };
                    for h in halves {
                        quads.push(if sext { self.b.ins().swiden_low(h) } else { self.b.ins().uwiden_low(h) });
                        quads.push(if sext { self.b.ins().swiden_high(h) } else { self.b.ins().uwiden_high(h) });
                    }
                }
                for (q, &v) in quads.iter().enumerate() {
                    self.deliver32(d, q as i32, v, sext);
                }
            }
            (Some((d, sext)), _) => {
                for q in 0..8i32 {
                    if size == 4 {
                        let v = self.b.ins().load(types::I32X4, vflags(), p, 16 * q);
                        self.deliver32(d, q, v, sext);
                    } else {
                        let p0 = self.b.ins().load(I64X2, vflags(), p, 32 * q);
                        let p1 = self.b.ins().load(I64X2, vflags(), p, 32 * q + 16);
                        self.deliver_pairs(d, q, p0, p1);
                    }
                }
            }
            (None, Some(vs)) => {
                for q in 0..8i32 {
                    if size == 4 {
                        let v = self.quad(vs, q);
                        self.b.ins().store(vflags(), v, p, 16 * q);
                    } else {
                        for h in 0..2 {
                            let v = self.pair(vs, 2 * q + h);
                            self.b.ins().store(vflags(), v, p, 32 * q + 16 * h);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Jumps to `after`, the join of a load's paths: with the loaded groups of lanes when the
    /// load delivers them there (`Sink`; a path that did not, such as the lane loop, wrote the
    /// register: its lanes are read back).
    fn jump_after(&mut self, after: Block) {
        let Some(s) = self.sink.as_mut().filter(|s| s.after == after) else {
            self.b.ins().jump(after, &[]);
            return;
        };
        let (d, narrow, got) = (s.d, s.narrow, std::mem::take(&mut s.got));
        let halves: &[i32] = if narrow { &[0] } else { &[0, 128] };
        let mut args = Vec::with_capacity(16);
        for &h in halves {
            for (q, g) in (0i32..).zip(got) {
                let v = match g {
                    Some((lo, hi)) => {
                        if h == 0 {
                            lo
                        } else {
                            hi
                        }
                    }
                    None => {
                        let rg = self.regs();
                        self.b.ins().load(types::I32X4, vflags(), rg, reg_off(d) + h + 16 * q)
                    }
                };
                args.push(BlockArg::Value(v));
            }
        }
        self.b.ins().jump(after, &args);
    }

    /// Lanes `4q..4q+4` that a path of a load loaded into its destination `d` (low halves
    /// `lo`, high halves `hi`): to the load's join when it delivers `d` there (`Sink`), else
    /// into the register file.
    fn deliver(&mut self, d: Reg, q: i32, lo: Value, hi: Value) {
        if let Some(s) = self.sink.as_mut().filter(|s| s.d == d) {
            s.got[q as usize & 7] = Some((lo, hi));
            return;
        }
        self.wquad(d, q, lo, hi, None);
    }

    /// `deliver` of pairs `2q` and `2q+1` (`i64x2`).
    fn deliver_pairs(&mut self, d: Reg, q: i32, p0: Value, p1: Value) {
        let lo = self.halves(p0, p1, false);
        let hi = self.halves(p0, p1, true);
        self.deliver(d, q, lo, hi);
    }

    /// `deliver` of 32-bit values `v`, sign- (`sext`) or zero-extended as a load writes them.
    fn deliver32(&mut self, d: Reg, q: i32, v: Value, sext: bool) {
        let hi = if sext { self.b.ins().sshr_imm_s(v, 31) } else { self.zero32() };
        self.deliver(d, q, v, hi);
    }

    /// Loops over the set bits of `em` (lane index `l`, and `lp` = the register file base
    /// plus the lane's offset in a register's low halves), running `body` for each.
    fn lane_loop(&mut self, em: Value, body: &mut dyn FnMut(&mut Self, Value, Value)) {
        let hdr = self.b.create_block();
        self.b.append_block_param(hdr, I64);
        let lb = self.b.create_block();
        let exit = self.b.create_block();
        self.b.ins().jump(hdr, &[BlockArg::Value(em)]);
        self.b.switch_to_block(hdr);
        let m = self.b.block_params(hdr)[0];
        self.b.ins().brif(m, lb, &[], exit, &[]);
        self.b.switch_to_block(lb);
        let l = self.b.ins().ctz(m);
        let m1 = self.b.ins().iadd_imm_s(m, -1);
        let rest = self.b.ins().band(m, m1);
        let l4 = self.b.ins().ishl_imm_s(l, 2);
        let rg = self.regs();
        let lp = self.b.ins().iadd(rg, l4);
        body(self, l, lp);
        self.b.ins().jump(hdr, &[BlockArg::Value(rest)]);
        self.b.switch_to_block(exit);
    }

    /// The device address of `a` for the lane whose registers are at `lp`.
    fn lane_addr(&mut self, a: Addr, lp: Value) -> Value {
        let base = match a.base {
            Base::Reg(r) => self.lane_ld(lp, r),
            Base::Abs => self.imm(0),
            Base::Global(gi) => {
                let gb = self.b.ins().load(I64, flags(), self.ctx, off::GLOBALS);
                self.b.ins().load(I64, flags(), gb, (gi as i32).wrapping_mul(8))
            }
            Base::Local(o) => self.imm(o),
        };
        let at = self.b.ins().iadd_imm_s(base, a.off);
        if a.narrow { self.b.ins().band_imm_u(at, 0xffff_ffff) } else { at }
    }

    /// A lane's value of `s` (registers at `lp`, lane `l`); `None` for sources the loop
    /// does not read.
    fn lane_val(&mut self, s: Src, l: Value, lp: Value) -> Value {
        match s {
            Src::Reg(r) => self.lane_ld(lp, r),
            Src::Sreg(Sreg::Tid(d)) => {
                let l4 = self.b.ins().ishl_imm_s(l, 2);
                let base = self.gld(goff::LANES);
                let p = self.b.ins().iadd(base, l4);
                self.b.ins().uload32(flags(), p, 256 * i32::from(d))
            }
            Src::Imm(v) => self.imm(v),
            _ => self.imm(0),
        }
    }

    /// A lane's `u64` value of register `r` (`lp` as in `lane_loop`).
    fn lane_ld(&mut self, lp: Value, r: Reg) -> Value {
        let at = reg_off(r);
        let lo = self.b.ins().uload32(flags(), lp, at);
        if self.narrow(r) {
            return lo;
        }
        let hi = self.b.ins().uload32(flags(), lp, at + 128);
        let hi = self.b.ins().ishl_imm_s(hi, 32);
        self.b.ins().bor(lo, hi)
    }

    /// Sets a lane's value of register `r` to `v` (`lp` as in `lane_loop`).
    fn lane_st(&mut self, lp: Value, r: Reg, v: Value) {
        let at = reg_off(r);
        self.b.ins().istore32(flags(), v, lp, at);
        if self.narrow(r) {
            return;
        }
        let hi = self.b.ins().ushr_imm_s(v, 32);
        self.b.ins().istore32(flags(), hi, lp, at + 128);
    }

    fn lane_src_ok(&self, s: Src) -> bool {
        match s {
            Src::Reg(r) => r < self.f.nregs,
            Src::Sreg(Sreg::Tid(d)) => d < 3,
            Src::Imm(_) => true,
            _ => false,
        }
    }

    /// The bound of `rotr(offset, log2 size)` for a buffer of `len` bytes: in bounds and
    /// aligned iff below it.
    fn bound_of(&mut self, len: Value, size: u8) -> Value {
        let sz = i64::from(size);
        let k = i64::from(size.trailing_zeros());
        let big = self.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, len, sz);
        let t = self.b.ins().iadd_imm_s(len, -sz);
        let t = self.b.ins().ushr_imm_s(t, k);
        let t = self.b.ins().iadd_imm_s(t, 1);
        let z = self.imm(0);
        self.b.ins().select(big, t, z)
    }

    /// One access of `size` bytes at device address `a` in `space` for lane `l`: the loaded
    /// value (`val` None) or a store of `val`. Faults leave compiled code.
    /// The per-instruction part of an access check: the bound (and buffer address) of the
    /// space's buffer, computed once before the lane loop.
    fn window(&mut self, space: Space, size: u8, store: bool) -> Win {
        if let Some(&(.., w)) = self.wins.iter().find(|k| (k.0, k.1, k.2) == (space, size, store)) {
            return w;
        }
        let (len_off, host_off) = match space {
            Space::Shared => (off::SHARED_LEN, Some(off::SHARED)),
            Space::KParam if !store => (off::PARAMS_LEN, Some(off::PARAMS)),
            Space::Local => (off::LOCAL_LEN, None),
            _ => return Win { bound: None, host: None },
        };
        let len = self.b.ins().load(I64, flags(), self.ctx, len_off);
        let bound = self.bound_of(len, size);
        let host = host_off.map(|o| self.b.ins().load(I64, flags(), self.ctx, o));
        let w = Win { bound: Some(bound), host };
        // Computed where every later instruction of the block passes (before the access's
        // paths split): they reuse it.
        self.wins.push((space, size, store, w));
        w
    }

    #[allow(clippy::too_many_arguments)]
    fn access(
        &mut self,
        pc: u32,
        space: Space,
        w: Win,
        a: Value,
        size: u8,
        l: Value,
        val: Option<Value>,
        sext: bool,
    ) -> Option<Value> {
        let k = i64::from(size.trailing_zeros());
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        let join = self.b.create_block();
        if val.is_none() {
            self.b.append_block_param(join, I64);
        }
        let mut site = 0u64;
        let (o, bound, host) = match (space, w.bound, w.host) {
            (Space::Shared, Some(bound), Some(host)) => (a, bound, host),
            (Space::KParam, Some(bound), Some(host)) if val.is_none() => (a, bound, host),
            (Space::Local, Some(bound), _) => {
                let l8 = self.b.ins().ishl_imm_s(l, 3);
                let base = self.gld(goff::LOCAL);
                let p = self.b.ins().iadd(base, l8);
                let host = self.b.ins().load(I64, flags(), p, 0);
                (a, bound, host)
            }
            (Space::Global | Space::Generic, ..) => {
                let (s, slot) = self.new_site();
                site = s;
                (self.b.ins().isub(a, slot.base), slot.bound, slot.host)
            }
            _ => {
                let z = self.imm(0);
                (a, z, z)
            }
        };
        let r = self.b.ins().rotr_imm_s(o, k);
        let ok = self.b.ins().icmp(IntCC::UnsignedLessThan, r, bound);
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let p = self.b.ins().iadd(host, o);
        match val {
            None => {
                let v = load_int(&mut self.b, p, size, false);
                self.b.ins().jump(join, &[BlockArg::Value(v)]);
            }
            Some(v) => {
                store_int(&mut self.b, p, size, v);
                self.b.ins().jump(join, &[]);
            }
        }
        self.b.switch_to_block(slow);
        self.b.set_cold_block(slow);
        // The helpers find a lane's local memory through the context.
        let l8 = self.b.ins().ishl_imm_s(l, 3);
        let base = self.gld(goff::LOCAL);
        let lpp = self.b.ins().iadd(base, l8);
        let lm = self.b.ins().load(I64, flags(), lpp, 0);
        self.b.ins().store(flags(), lm, self.ctx, off::LOCAL);
        let ss = self.imm(site << 8 | space_code(space));
        let szv = self.imm(u64::from(size));
        let ctx = self.ctx;
        let v = match val {
            None => self.call(hp::h_ld as *const () as usize, &[ctx, ss, a, szv], true),
            Some(v) => self.call(hp::h_st as *const () as usize, &[ctx, ss, a, szv, v], false),
        };
        let args: Vec<BlockArg> = v.iter().map(|&v| BlockArg::Value(v)).collect();
        self.join_unless_faulted(pc, l, join, &args);
        let r = self.b.block_params(join).first().copied();
        r.map(|v| if sext && size < 8 { self.sext(v, size) } else { v })
    }

    fn sext(&mut self, v: Value, size: u8) -> Value {
        let sh = i64::from(64 - 8 * u32::from(size));
        let t = self.b.ins().ishl_imm_s(v, sh);
        self.b.ins().sshr_imm_s(t, sh)
    }

    /// Before a lane loop whose sources `mem` deferred: stores them, pending still (the
    /// whole-warp paths, which joined already or will, did not store them).
    fn lane_path(&mut self, srcs: &[Reg]) {
        for &r in srcs {
            self.store_pending(r);
        }
    }

    /// Loads, stores and atomics with a compiled form; false for the interpreter's.
    pub(super) fn mem(&mut self, pc: u32, op: &Op, em: Value, _full: bool) -> bool {
        // The lane loops read addresses and values from the registers in memory, and write
        // only the executing lanes of the destinations there.
        let mut srcs: Vec<Reg> = Vec::new();
        let base = |a: &Addr| if let Base::Reg(r) = a.base { Some(r) } else { None };
        match op {
            Op::Ld { addr, d, .. } => {
                srcs.extend(base(addr));
                srcs.extend(d.iter().flatten().copied());
            }
            Op::St { addr, vals, .. } => {
                srcs.extend(base(addr));
                srcs.extend(vals.iter().filter_map(|v| if let Src::Reg(r) = v { Some(*r) } else { None }));
            }
            Op::Atom { addr, b, c, d, .. } => {
                srcs.extend(base(addr));
                srcs.extend(d.iter().copied());
                srcs.extend([b, c].into_iter().filter_map(|v| if let Src::Reg(r) = v { Some(*r) } else { None }));
            }
            // `fast` passes only the three above.
            Op::Atom128 { .. }
            | Op::AtomV(_)
            | Op::Mbar { .. }
            | Op::CpBulk { .. }
            | Op::CpAsync { .. }
            | no_memory!()
            | calls!()
            | Op::Tex(_)
            | Op::Mma(_)
            | Op::Cluster(_) => {}
        }
        // A load or store of a converged warp tries the whole-warp access first, on the
        // lanes' SSA values; only its fallback, the lane loop, reads the registers in memory.
        // So the sources are stored on that path alone (`lane_path`), and stay pending on the
        // main one. Elsewhere they are stored here.
        let deferred = self.full && matches!(op, Op::Ld { addr: Addr { base: Base::Reg(_), .. }, .. } | Op::St { .. });
        if !deferred {
            for &r in &srcs {
                self.materialize(r);
            }
        }
        let srcs = if deferred { srcs } else { Vec::new() };
        if matches!(op, Op::Atom { .. }) {
            // An atomic's lane loop has side exits that need every pending register: store
            // them now rather than keep their values live across the loop (dead ones need no
            // store). Keeping them halved the histogram's speed.
            self.flush(Some(&[pc]));
        }
        let space_ok =
            |s: Space| matches!(s, Space::Global | Space::Shared | Space::Local | Space::Generic | Space::KParam);
        let addr_ok = |a: &Addr, n: u32| match a.base {
            Base::Reg(r) => r < n,
            _ => true,
        };
        match op {
            Op::Ld { space, size, addr, whole: false, .. }
                if space_ok(*space)
                    && matches!(size, 1 | 2 | 4 | 8)
                    && !matches!(addr.base, Base::Reg(_) | Base::Local(_))
                    && *space != Space::Local =>
            {
                self.load_same_address(pc, op, em, _full)
            }
            Op::Ld { space, size, addr, whole: false, .. }
                if space_ok(*space) && matches!(size, 1 | 2 | 4 | 8) && addr_ok(addr, self.f.nregs) =>
            {
                self.load_per_lane(pc, op, em, _full, &srcs)
            }
            Op::St { space, size, vals, addr, whole: false, .. }
                if space_ok(*space)
                    && *space != Space::KParam
                    && matches!(size, 1 | 2 | 4 | 8)
                    && addr_ok(addr, self.f.nregs)
                    && vals.iter().all(|&v| self.lane_src_ok(v)) =>
            {
                self.store_per_lane(pc, op, em, &srcs)
            }
            Op::Atom { space, size, d, addr, b, c, .. }
                if matches!(space, Space::Global | Space::Shared | Space::Generic)
                    && matches!(size, 4 | 8)
                    && addr_ok(addr, self.f.nregs)
                    && self.lane_src_ok(*b)
                    && self.lane_src_ok(*c)
                    && d.is_none_or(|r| r < self.f.nregs) =>
            {
                self.atom_per_lane(pc, op, em)
            }
            // The forms above fail their conditions, or another operation: the interpreter's.
            memory_access!() | no_memory!() | calls!() | Op::Tex(_) | Op::Mma(_) | Op::Cluster(_) => false,
        }
    }

    /// `mem`'s load from the same address in every lane (a parameter, a variable): one access.
    fn load_same_address(&mut self, pc: u32, op: &Op, em: Value, full: bool) -> bool {
        let Op::Ld { space, size, sext, d, addr, .. } = op else {
            return false;
        };
        // The same address in every lane (a parameter, a variable): one access. Not a
        // local variable: each lane has its own.
        if d.iter().flatten().any(|&r| r >= self.f.nregs) {
            return false;
        }
        let (space, size, sext, addr) = (*space, *size, *sext, *addr);
        if space == Space::KParam
            && let Some(o) = crate::jit::lower::const_param(self.f, addr, size, d.len())
        {
            // A kernel parameter inside the buffer the launch checked: no check, and
            // no lane needed to read it (the load has no effect).
            let params = self.b.ins().load(I64, flags(), self.ctx, off::PARAMS);
            for (i, dr) in d.iter().enumerate() {
                let Some(dr) = *dr else { continue };
                let p = self.b.ins().iadd_imm_s(params, i64::from(o) + i as i64 * i64::from(size));
                let v = load_int(&mut self.b, p, size, sext);
                self.uniform(dr, v, em, full);
            }
            return true;
        }
        let w = self.window(space, size, false);
        if let Some(total) = space.vector_alignment(size, d.len()) {
            // The one address, checked in the first executing lane.
            let (go, join) = (self.b.create_block(), self.b.create_block());
            self.b.ins().brif(em, go, &[], join, &[]);
            self.b.switch_to_block(go);
            let l = self.b.ins().ctz(em);
            let rg = self.regs();
            let a = self.lane_addr(addr, rg);
            self.vector_aligned(pc, a, total, l);
            self.b.ins().jump(join, &[]);
            self.b.switch_to_block(join);
        }
        for (i, dr) in d.iter().enumerate() {
            let Some(dr) = *dr else { continue };
            let go = self.b.create_block();
            let join = self.b.create_block();
            self.b.append_block_param(join, I64);
            let z = self.imm(0);
            self.b.ins().brif(em, go, &[], join, &[BlockArg::Value(z)]);
            self.b.switch_to_block(go);
            let l = self.b.ins().ctz(em);
            let rg = self.regs();
            let a = self.lane_addr(addr, rg);
            let a = self.b.ins().iadd_imm_s(a, i as i64 * i64::from(size));
            let v = self.access(pc, space, w, a, size, l, None, sext).unwrap_or(z);
            self.b.ins().jump(join, &[BlockArg::Value(v)]);
            self.b.switch_to_block(join);
            let v = self.b.block_params(join)[0];
            self.uniform(dr, v, em, full);
        }
        true
    }

    /// `mem`'s load from a register's address: the whole-warp access when it applies, else the lane loop.
    fn load_per_lane(&mut self, pc: u32, op: &Op, em: Value, full: bool, srcs: &[Reg]) -> bool {
        let Op::Ld { space, size, sext, d, addr, .. } = op else {
            return false;
        };
        if d.iter().flatten().any(|&r| r >= self.f.nregs) {
            return false;
        }
        let (space, size, sext, addr) = (*space, *size, *sext, *addr);
        let w = self.window(space, size, false);
        let after = self.b.create_block();
        if let ([Some(_)], Base::Reg(r), 4) = (d.as_slice(), addr.base, size)
            && matches!(space, Space::Global | Space::Generic | Space::Shared)
            && !self.pats.contains_key(&r)
            && self.pat_slots < PAT_SLOTS
            && self.pat_worth(pc, r)
        {
            // Before any branch: the later accesses of the block reuse it. It reads
            // the register's lanes in memory.
            self.materialize(r);
            let p = self.pattern(r, self.pat_slots);
            self.pat_slots += 1;
            self.pats.insert(r, p);
        }
        if let ([Some(dr)], true) = (d.as_slice(), full) {
            let narrow = self.narrow(*dr);
            for _ in 0..if narrow { 8 } else { 16 } {
                self.b.append_block_param(after, types::I32X4);
            }
            self.sink = Some(Sink { d: *dr, narrow, after, got: [None; 8] });
        }
        if let (Some((Some(dr), more)), Base::Reg(r)) = (d.split_first(), addr.base) {
            self.whole_warp(space, size, w, r, addr.off, em, Some((*dr, sext)), more, None, after);
        }
        self.lane_path(srcs);
        let vector = space.vector_alignment(size, d.len());
        self.lane_loop(em, &mut |s, l, lp| {
            let a = s.lane_addr(addr, lp);
            if let Some(total) = vector {
                s.vector_aligned(pc, a, total, l);
            }
            for (i, dr) in d.iter().enumerate() {
                let ai = s.b.ins().iadd_imm_s(a, i as i64 * i64::from(size));
                if let Some(v) = s.access(pc, space, w, ai, size, l, None, sext)
                    && let Some(dr) = dr
                {
                    s.lane_st(lp, *dr, v);
                }
            }
        });
        self.jump_after(after);
        self.b.switch_to_block(after);
        for dr in d.iter().flatten() {
            self.forget(*dr);
        }
        if let Some(s) = self.sink.take() {
            let ps = self.b.block_params(after);
            let lo: [Value; 8] = std::array::from_fn(|q| ps[q]);
            let v = if s.narrow {
                ops::Lanes::Quads(lo)
            } else {
                ops::Lanes::Planes(lo, std::array::from_fn(|q| ps[8 + q]))
            };
            self.set_vals(s.d, v);
        }
        true
    }

    /// `mem`'s store: the whole-warp access when it applies, else the lane loop.
    fn store_per_lane(&mut self, pc: u32, op: &Op, em: Value, srcs: &[Reg]) -> bool {
        let Op::St { space, size, vals, addr, .. } = op else {
            return false;
        };
        let (space, size, addr) = (*space, *size, *addr);
        let w = self.window(space, size, true);
        let after = self.b.create_block();
        if let ([v], Base::Reg(r)) = (vals.as_slice(), addr.base)
            && let Some(vs) = self.vsrc(*v)
        {
            self.whole_warp(space, size, w, r, addr.off, em, None, &[], Some(vs), after);
        }
        self.lane_path(srcs);
        let vector = space.vector_alignment(size, vals.len());
        self.lane_loop(em, &mut |s, l, lp| {
            let a = s.lane_addr(addr, lp);
            if let Some(total) = vector {
                s.vector_aligned(pc, a, total, l);
            }
            for (i, v) in vals.iter().enumerate() {
                let ai = s.b.ins().iadd_imm_s(a, i as i64 * i64::from(size));
                let x = s.lane_val(*v, l, lp);
                s.access(pc, space, w, ai, size, l, Some(x), false);
            }
        });
        self.b.ins().jump(after, &[]);
        self.b.switch_to_block(after);
        true
    }

    /// `mem`'s atomic: inline on shared memory, a host atomic on global memory, else `h_atom`, lane by lane (all lanes at once for a converged warp's unused shared result).
    fn atom_per_lane(&mut self, pc: u32, op: &Op, em: Value) -> bool {
        let Op::Atom { space, op: aop, size, d, addr, b, c } = op else {
            return false;
        };
        let (space, size, aop, addr, b, c, d) = (*space, *size, *aop, *addr, *b, *c, *d);
        let inline = space == Space::Shared && size == 4 && crate::jit::lower::inline_shared_atom(aop);
        // (Into the function `WarpCode` owns, alive as long as the code.)
        let opp = op as *const Op as u64;
        // A result nothing reads is not written back (a histogram's `atomicAdd`).
        let written = d;
        let d = d.filter(|&r| self.live_regs.is_live(pc + 1, r));
        let win = inline.then(|| self.window(Space::Shared, 4, true));
        // Integer atomics on global memory: a host atomic on the allocation the access
        // site last saw (as loads check theirs), else the interpreter's (`h_atom_site`,
        // which points the site at the allocation).
        let global_rmw = if space == Space::Global { host_rmw(aop) } else { None };
        // Every lane of a converged warp, its result unused (a histogram's bins): one
        // vector check of the addresses, then each lane's read-modify-write in lane
        // order without the lane loop's per-lane loads and checks.
        let joined = match win {
            Some(w) if d.is_none() && self.full => self.atom_shared_warp(aop, w, addr, b, em),
            _ => None,
        };
        self.lane_loop(em, &mut |s, l, lp| {
            let a = s.lane_addr(addr, lp);
            let y = s.lane_val(b, l, lp);
            let old = if let Some(w) = win {
                s.atom_shared(pc, aop, w, a, y, l)
            } else if let Some(rmw) = global_rmw {
                let z = s.lane_val(c, l, lp);
                s.atom_global(pc, rmw, size, opp, a, y, z, l)
            } else {
                let z = s.lane_val(c, l, lp);
                let (ctx, o) = (s.ctx, s.imm(opp));
                let v = s.call(hp::h_atom as *const () as usize, &[ctx, o, a, y, z], true).unwrap_or(ctx);
                let ok = s.b.create_block();
                s.join_unless_faulted(pc, l, ok, &[]);
                v
            };
            if let Some(d) = d {
                s.lane_st(lp, d, old);
            }
        });
        if let Some(join) = joined {
            self.b.ins().jump(join, &[]);
            self.b.switch_to_block(join);
        }
        if let Some(d) = written {
            self.forget(d);
        }
        true
    }

    /// The whole-warp form of an inline shared atomic whose result is unused (`w`: the
    /// shared window; `b`: the operand): when all 32 lanes run (`em`) and every lane's
    /// address is in bounds and aligned, one unchecked read-modify-write per lane in lane
    /// order, then a jump to the returned join block. The code continues where that check
    /// fails (the lane loop follows, which reports faults); it must jump to the join too.
    /// `None` (nothing emitted) for addresses or operands this form does not read.
    fn atom_shared_warp(&mut self, aop: AtomOp, w: Win, addr: Addr, b: Src, em: Value) -> Option<Block> {
        let (Some(bound), Some(host)) = (w.bound, w.host) else { return None };
        let Base::Reg(r) = addr.base else { return None };
        // A 32-bit address wraps (any offset, in 32-bit lanes); a 64-bit one must not.
        let off = if addr.narrow { addr.off as u32 } else { u32::try_from(addr.off).ok()? };
        if !matches!(b, Src::Imm(_)) && !matches!(b, Src::Reg(br) if br < self.f.nregs) {
            return None;
        }
        let av = self.vsrc(Src::Reg(r))?;
        // A constant operand is a splat, whose lanes Cranelift folds.
        let yv = self.vsrc(b)?;
        let narrow = addr.narrow;
        let (check, go, join) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        let slow = self.b.create_block();
        let all = self.b.ins().icmp_imm_s(IntCC::Equal, em, 0xffff_ffff);
        self.b.ins().brif(all, check, &[], slow, &[]);
        self.b.switch_to_block(check);
        // Lane `l`'s address is `a = base + off` (modulo 2^32 for a 32-bit address, else
        // with no wrap past 2^32), in bounds and aligned when `a % 4 == 0` and `a / 4 <
        // bound` (the window's aligned slots).
        let max = self.imm(u64::from(u32::MAX));
        let slots = self.b.ins().umin(bound, max);
        let slots = self.b.ins().ireduce(types::I32, slots);
        let slots = self.b.ins().splat(types::I32X4, slots);
        let offv = self.b.ins().iconst(types::I32, i64::from(off));
        let offv = self.b.ins().splat(types::I32X4, offv);
        let three = self.b.ins().iconst(types::I32, 3);
        let three = self.b.ins().splat(types::I32X4, three);
        let zero = self.zero32();
        let mut addrs = Vec::with_capacity(8);
        let mut ok = None;
        for q in 0..8 {
            let base = self.quad(av, q);
            let a = self.b.ins().iadd(base, offv);
            let low = self.b.ins().band(a, three);
            let aligned = self.b.ins().icmp(IntCC::Equal, low, zero);
            let slot = self.b.ins().ushr_imm_s(a, 2);
            let inside = self.b.ins().icmp(IntCC::UnsignedLessThan, slot, slots);
            let mut lane_ok = self.b.ins().band(aligned, inside);
            if !narrow {
                let no_wrap = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, a, base);
                let hi = self.hi_quad(av, q);
                let hi0 = self.b.ins().icmp(IntCC::Equal, hi, zero);
                lane_ok = self.b.ins().band(lane_ok, no_wrap);
                lane_ok = self.b.ins().band(lane_ok, hi0);
            }
            ok = Some(match ok {
                Some(o) => self.b.ins().band(o, lane_ok),
                None => lane_ok,
            });
            addrs.push(a);
        }
        let ok = self.b.ins().vall_true(ok?);
        self.b.ins().brif(ok, go, &[], slow, &[]);
        self.b.switch_to_block(go);
        let ys: Vec<Value> = (0..8).map(|q| self.quad(yv, q)).collect();
        for l in 0..32u8 {
            let q = usize::from(l / 4);
            let a = self.b.ins().extractlane(addrs[q], l % 4);
            let a = self.b.ins().uextend(I64, a);
            let p = self.b.ins().iadd(host, a);
            let old = self.b.ins().load(types::I32, flags(), p, 0);
            let y = self.b.ins().extractlane(ys[q], l % 4);
            let new = crate::jit::lower::atom_rmw(&mut self.b, aop, old, y);
            self.b.ins().store(flags(), new, p, 0);
        }
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(slow);
        Some(join)
    }

    /// A new global access site: its index and its slot (`lower::SiteSlot`).
    fn new_site(&mut self) -> (u64, crate::jit::lower::SiteSlot) {
        let site = self.sites as u64;
        self.sites += 1;
        let tbl = self.b.ins().load(I64, flags(), self.ctx, off::SITES);
        (site, crate::jit::lower::site_slot(&mut self.b, tbl, site))
    }

    /// One lane's atomic `rmw` of `size` bytes on global address `a` (operands `y`, `z`; `opp`
    /// the instruction, for the slow path): `lower::global_atom_fast_path`, else
    /// `h_atom_site`. Returns the old value.
    #[allow(clippy::too_many_arguments)]
    fn atom_global(
        &mut self,
        pc: u32,
        rmw: AtomicRmwOp,
        size: u8,
        opp: u64,
        a: Value,
        y: Value,
        z: Value,
        l: Value,
    ) -> Value {
        let (site, slot) = self.new_site();
        let join = crate::jit::lower::global_atom_fast_path(&mut self.b, rmw, size, &slot, a, y);
        let (ctx, o, sv) = (self.ctx, self.imm(opp), self.imm(site));
        let v = self.call(hp::h_atom_site as *const () as usize, &[ctx, o, a, y, z, sv], true).unwrap_or(ctx);
        self.join_unless_faulted(pc, l, join, &[BlockArg::Value(v)]);
        self.b.block_params(join)[0]
    }

    /// After a helper call for lane `l`: leaves with the fault at `pc` when it faulted, else
    /// jumps to `join` with `args`, and continues there.
    /// Before the elements of lane `l`'s vector access at `a`: a fault when `a` is not aligned
    /// to the whole vector, `total` bytes (`Space::vector_alignment`).
    fn vector_aligned(&mut self, pc: u32, a: Value, total: u32, l: Value) {
        let low = self.b.ins().band_imm_s(a, i64::from(total - 1));
        let bad = self.b.create_block();
        let ok = self.b.create_block();
        self.b.set_cold_block(bad);
        self.b.ins().brif(low, bad, &[], ok, &[]);
        self.b.switch_to_block(bad);
        let (ctx, t) = (self.ctx, self.imm(u64::from(total)));
        self.call(hp::h_misaligned as *const () as usize, &[ctx, a, t], false);
        self.fault_exit(pc, l);
        self.b.switch_to_block(ok);
    }

    fn join_unless_faulted(&mut self, pc: u32, l: Value, join: Block, args: &[BlockArg]) {
        let fl = self.b.ins().load(I64, flags(), self.ctx, off::FAULTED);
        let bad = self.b.create_block();
        self.b.set_cold_block(bad);
        self.b.ins().brif(fl, bad, &[], join, args);
        self.b.switch_to_block(bad);
        self.fault_exit(pc, l);
        self.b.switch_to_block(join);
    }

    /// A 32-bit atomic on shared memory, inline: the block's shared memory is only touched
    /// by the worker running the block, so a plain read-modify-write is exact.
    fn atom_shared(&mut self, pc: u32, aop: AtomOp, w: Win, a: Value, y: Value, l: Value) -> Value {
        let old = self.access(pc, Space::Shared, w, a, 4, l, None, false).unwrap_or(a);
        let o32 = self.b.ins().ireduce(types::I32, old);
        let y32 = self.b.ins().ireduce(types::I32, y);
        let new = crate::jit::lower::atom_rmw(&mut self.b, aop, o32, y32);
        // In bounds and aligned: the load above checked the same address.
        let host = match w.host {
            Some(h) => h,
            None => self.b.ins().load(I64, flags(), self.ctx, off::SHARED),
        };
        let p = self.b.ins().iadd(host, a);
        self.b.ins().store(flags(), new, p, 0);
        old
    }
}
