//! Lowering of memory accesses: one inline bounds-and-alignment check against the cached window
//! of the space, else the helpers' full check (same faults as the interpreter).

use super::*;

impl<'a, 'b> ThreadCodegen<'a, 'b> {
    /// A 32-bit atomic on shared memory, inline: a block's shared memory is only touched by
    /// the worker running the block, so a plain read-modify-write is exact. Out of bounds or
    /// misaligned goes to the helper, which reports the fault.
    pub(super) fn atom_shared(&mut self, pc: u32, op: &'a Op, aop: AtomOp, a: Value, y: Value, z: Value) -> Value {
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        let join = self.b.create_block();
        self.b.append_block_param(join, I64);
        let r = self.b.ins().rotr_imm_s(a, 2);
        let ok = self.b.ins().icmp(IntCC::UnsignedLessThan, r, self.shared.1[2]);
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.enter(fast);
        let p = self.b.ins().iadd(self.shared.0, a);
        let old = self.b.ins().uload32(flags(), p, 0);
        let (o32, y32) = (self.b.ins().ireduce(types::I32, old), self.b.ins().ireduce(types::I32, y));
        let new = crate::jit::lower::atom_rmw(&mut self.b, aop, o32, y32);
        self.b.ins().store(flags(), new, p, 0);
        self.b.ins().jump(join, &[BlockArg::Value(old)]);
        self.enter(slow);
        self.b.set_cold_block(slow);
        let opp = self.ptr(op);
        let ctx = self.ctx;
        let v = self.call1(helpers::h_atom as *const () as usize, &[ctx, opp, a, y, z]);
        self.join_unless_faulted(pc, join, &[BlockArg::Value(v)]);
        self.b.block_params(join)[0]
    }

    /// An integer atomic `rmw` of `size` bytes on global address `a` (operands `y`, `z`):
    /// `lower::global_atom_fast_path`, else the helper `h_atom_site`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn atom_global(
        &mut self,
        pc: u32,
        op: &'a Op,
        rmw: cranelift_codegen::ir::AtomicRmwOp,
        size: u8,
        a: Value,
        y: Value,
        z: Value,
    ) -> Value {
        let (site, slot) = self.new_site();
        let join = crate::jit::lower::global_atom_fast_path(&mut self.b, rmw, size, &slot, a, y);
        let (opp, sv, ctx) = (self.ptr(op), self.imm(site), self.ctx);
        let v = self.call1(helpers::h_atom_site as *const () as usize, &[ctx, opp, a, y, z, sv]);
        self.join_unless_faulted(pc, join, &[BlockArg::Value(v)]);
        self.b.block_params(join)[0]
    }

    /// A new global access site: its index and its slot (`lower::SiteSlot`).
    fn new_site(&mut self) -> (u64, crate::jit::lower::SiteSlot) {
        let site = self.sites as u64;
        self.sites += 1;
        (site, crate::jit::lower::site_slot(&mut self.b, self.sites_tbl, site))
    }

    /// After a helper call: returns `ST_FAULT` at `pc` when it faulted, else jumps to `join`
    /// with `args`, and continues there.
    fn join_unless_faulted(&mut self, pc: u32, join: Block, args: &[BlockArg]) {
        let fl = self.ctx_ld(off::FAULTED);
        let bad = self.b.create_block();
        self.b.set_cold_block(bad);
        self.b.ins().brif(fl, bad, &[], join, args);
        self.enter(bad);
        self.ret(ST_FAULT, pc, 0);
        self.enter(join);
        self.terminated = false;
    }

    /// Before the elements of a vector access of `n` elements at `a`: a fault when `a` is not
    /// aligned to the whole vector (`Space::vector_alignment`).
    pub(super) fn vector_aligned(&mut self, pc: u32, space: Space, a: Value, size: u8, n: usize) {
        let Some(total) = space.vector_alignment(size, n) else { return };
        let low = self.b.ins().band_imm_s(a, i64::from(total - 1));
        let bad = self.b.create_block();
        let ok = self.b.create_block();
        self.b.set_cold_block(bad);
        self.b.ins().brif(low, bad, &[], ok, &[]);
        self.enter(bad);
        let (ctx, t) = (self.ctx, self.imm(u64::from(total)));
        self.call(helpers::h_misaligned as *const () as usize, &[ctx, a, t], false);
        self.ret(ST_FAULT, pc, 0);
        self.enter(ok);
        self.terminated = false;
    }

    pub(super) fn addr(&mut self, a: Addr) -> Value {
        let base = match a.base {
            Base::Reg(r) => self.var(r),
            Base::Abs => self.imm(0),
            Base::Global(g) => {
                let gb = self.ctx_ld(off::GLOBALS);
                self.b.ins().load(I64, flags(), gb, (g as i32).wrapping_mul(8))
            }
            Base::Local(o) => self.imm(o),
        };
        let at = self.b.ins().iadd_imm_s(base, a.off);
        if a.narrow { self.b.ins().band_imm_u(at, 0xffff_ffff) } else { at }
    }

    pub(super) fn check_fault(&mut self, pc: u32) {
        let fl = self.ctx_ld(off::FAULTED);
        let bad = self.b.create_block();
        let cont = self.b.create_block();
        self.b.ins().brif(fl, bad, &[], cont, &[]);
        self.enter(bad);
        self.ret(ST_FAULT, pc, 0);
        self.enter(cont);
        self.terminated = false;
    }

    /// A load (`val` None; returns the value) or store of `size` bytes at `a` in `space`: an
    /// inline check against the cached window of the space, else the helper's full check.
    // One call per access site, each naming what the access is; a struct would only rename them.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn access(
        &mut self,
        pc: u32,
        space: Space,
        a: Value,
        size: u8,
        val: Option<Value>,
        sext: bool,
        float: bool,
    ) -> Option<Value> {
        // A 4-byte load into a register that f32 operations read goes straight into a vector
        // register (its integer bits are derived only if something else uses them).
        let f32_load = float && val.is_none() && size == 4 && !sext;
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        let join = self.b.create_block();
        if val.is_none() {
            self.b.append_block_param(join, if f32_load { types::F32 } else { I64 });
        }
        let mut site = 0u64;
        let k = size.trailing_zeros() as usize & 3;
        // The access is in bounds and aligned iff rotr(offset, k) < bound: a misaligned offset
        // rotates its low bits to the top, and bound = (len - size) / size + 1 (0 if len <
        // size), so one comparison checks both.
        let (o, bound, host) = match space {
            Space::Global | Space::Generic => {
                let (s, slot) = self.new_site();
                site = s;
                (self.b.ins().isub(a, slot.base), slot.bound, slot.host)
            }
            Space::Shared => (a, self.shared.1[k], self.shared.0),
            Space::Local => {
                let len = u64::from(self.f.local_size);
                let b = if len >= u64::from(size) { (len - u64::from(size)) / u64::from(size) + 1 } else { 0 };
                let bound = self.imm(b);
                let host = self.b.use_var(self.local);
                (a, bound, host)
            }
            Space::KParam | Space::FParam => (a, self.params.1[k], self.params.0),
        };
        let r = if k == 0 { o } else { self.b.ins().rotr_imm_s(o, k as i64) };
        let ok = self.b.ins().icmp(IntCC::UnsignedLessThan, r, bound);
        let read_only = space == Space::KParam && val.is_some();
        if read_only {
            self.b.ins().jump(slow, &[]);
        } else {
            self.b.ins().brif(ok, fast, &[], slow, &[]);
        }
        // Fast path.
        self.enter(fast);
        let p = self.b.ins().iadd(host, o);
        match val {
            None => {
                let v = if size == 4 && !sext && f32_load {
                    self.b.ins().load(types::F32, flags(), p, 0)
                } else {
                    crate::jit::lower::load_int(&mut self.b, p, size, sext)
                };
                self.b.ins().jump(join, &[BlockArg::Value(v)]);
            }
            Some(v) => {
                crate::jit::lower::store_int(&mut self.b, p, size, v);
                self.b.ins().jump(join, &[]);
            }
        }
        // Slow path.
        self.enter(slow);
        self.b.set_cold_block(slow);
        let sc = self.imm(site << 8 | helpers::space_code(space));
        let sz = self.imm(u64::from(size));
        let ctx = self.ctx;
        let r = match val {
            None => Some(self.call1(helpers::h_ld as *const () as usize, &[ctx, sc, a, sz])),
            Some(v) => {
                self.call(helpers::h_st as *const () as usize, &[ctx, sc, a, sz, v], false);
                None
            }
        };
        let args: Vec<BlockArg> = match r {
            Some(mut v) => {
                if sext {
                    v = self.sext(v, size * 8);
                }
                if f32_load {
                    let t = self.b.ins().ireduce(types::I32, v);
                    v = self.b.ins().bitcast(types::F32, MemFlagsData::new(), t);
                }
                vec![BlockArg::Value(v)]
            }
            None => vec![],
        };
        self.join_unless_faulted(pc, join, &args);
        let v = self.b.block_params(join).first().copied()?;
        if !f32_load {
            return Some(v);
        }
        let bits = self.b.ins().bitcast(types::I32, MemFlagsData::new(), v);
        let bits = self.b.ins().uextend(I64, bits);
        self.fview.insert(bits, v);
        Some(bits)
    }
}

/// The bound an access of `1 << k` bytes into a `len`-byte window is checked against (see
/// `ThreadCodegen::access`): `(len - size) / size + 1`, or 0 when `len < size`.
pub(super) fn bound(b: &mut FunctionBuilder<'_>, len: Value, k: i64) -> Value {
    let size = 1i64 << k;
    let fits = b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, len, size);
    let d = b.ins().iadd_imm_s(len, -size);
    let d = b.ins().ushr_imm_s(d, k);
    let d = b.ins().iadd_imm_s(d, 1);
    let z = b.ins().iconst(I64, 0);
    b.ins().select(fits, d, z)
}
