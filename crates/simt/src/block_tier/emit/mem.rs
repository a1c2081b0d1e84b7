//! Addresses and memory accesses. Each access is one compare-and-branch against the window
//! of its space (`rotr(offset, log2 size) < bound` checks bounds and alignment at once, as
//! the per-thread JIT's `compile/mem.rs` does): global and generic accesses against the
//! allocation their access site last hit (kept in locals, refreshed after the slow path),
//! shared, local and parameter accesses against their buffers. Anything else takes the slow
//! path, the per-thread JIT's helpers (`h->ld`, `h->st`, `h->atom*`), which report the same
//! faults as the interpreter.

use std::fmt::Write;

use super::{Emitter, OpRef};
use crate::ir::AtomOp;
use crate::ir::{Addr, Base, Func, Op, Reg, Space, Src};

/// The element a lane-phase access of one element moves (`one_element`).
#[derive(Clone, Copy)]
pub(super) enum Element {
    /// A load, sign-extending or not, into `d` (`None`: a sink).
    Load { sext: bool, d: Option<Reg> },
    /// A store of `val`.
    Store { val: Src },
}

/// `op` as a load or store of one element: its space, size, address and element; `None` for
/// vector loads and stores and every other instruction (the lane phase's vector accesses and
/// address runs take only these).
pub(super) fn one_element(op: &Op) -> Option<(Space, u8, Addr, Element)> {
    match op {
        Op::Ld { space, size, sext, d, addr, .. } => match d.as_slice() {
            [d] => Some((*space, *size, *addr, Element::Load { sext: *sext, d: *d })),
            _ => None,
        },
        Op::St { space, size, vals, addr, .. } => match vals.as_slice() {
            [val] => Some((*space, *size, *addr, Element::Store { val: *val })),
            _ => None,
        },
        Op::Atom { .. } | crate::ir::non_ld_st_atom_ops!() => None,
    }
}

/// The C type of a `size`-byte access, signed or not.
pub(super) fn ctype(size: u8, signed: bool) -> &'static str {
    match (size, signed) {
        (1, false) => "uint8_t",
        (1, true) => "int8_t",
        (2, false) => "uint16_t",
        (2, true) => "int16_t",
        (4, false) => "uint32_t",
        (4, true) => "int32_t",
        (_, false) => "uint64_t",
        (_, true) => "int64_t",
    }
}

/// The declaration of hoisted parameter load `i` of the `ld.param` at `pc` (its offset is
/// constant and inside the parameters every launch passes: `jit::lower::const_param`).
pub(super) fn hoisted_param(f: &Func, pc: u32, i: usize) -> String {
    let Some(Op::Ld { size, sext, addr, .. }) = f.code.get(pc as usize).map(|x| &x.op) else { return String::new() };
    let at = addr.off + i as i64 * i64::from(*size);
    format!("const u64 kp{pc}_{i} = (u64)(*(const {} *)(params + {at}ull));", ctype(*size, *sext))
}

impl Emitter<'_> {
    /// The C expression of address `a`.
    pub(super) fn addr(&self, a: Addr) -> String {
        let base = match a.base {
            Base::Reg(r) => self.src(crate::ir::Src::Reg(r)),
            Base::Abs => "0ull".to_string(),
            Base::Global(g) => format!("glob[{g}]"),
            Base::Local(o) => format!("{o:#x}ull"),
        };
        let at = format!("({base} + (u64){}ll)", a.off);
        if a.narrow { format!("({at} & 0xffffffffull)") } else { at }
    }

    pub(super) fn new_site(&mut self) -> usize {
        self.sites += 1;
        self.sites - 1
    }

    pub(super) fn memory(&mut self, pc: u32, op: &Op) {
        self.memory_at(pc, op, None);
    }

    /// `memory`, with global and generic accesses at access site `site` when given (else a
    /// new one).
    pub(super) fn memory_at(&mut self, pc: u32, op: &Op, site: Option<usize>) {
        match op {
            Op::Ld { space: Space::KParam, size, d, addr, .. }
                if crate::jit::lower::const_param(self.f, *addr, *size, d.len()).is_some() =>
            {
                for (i, dr) in d.iter().enumerate() {
                    if let Some(dr) = dr {
                        if !self.hoisted.contains(&(pc, i)) {
                            self.hoisted.push((pc, i));
                        }
                        self.set(*dr, &format!("kp{pc}_{i}"));
                    }
                }
            }
            Op::Ld { space, size, sext, d, addr, .. } => {
                let site =
                    matches!(space, Space::Global | Space::Generic).then(|| site.unwrap_or_else(|| self.new_site()));
                let a = self.addr(*addr);
                let _ = writeln!(self.out, "{{ const u64 b_ = {a};");
                self.vector_aligned(pc, space.vector_alignment(*size, d.len()));
                for (i, dr) in d.iter().enumerate() {
                    let _ = writeln!(self.out, "{{ const u64 a_ = b_ + {}ull; u64 v_;", i as u64 * u64::from(*size));
                    self.access(pc, *space, site, *size, *sext, None);
                    if let Some(dr) = dr {
                        self.set(*dr, "v_");
                    }
                    self.out.push_str("}\n");
                }
                self.out.push_str("}\n");
            }
            Op::St { space, size, vals, addr, .. } => {
                let site =
                    matches!(space, Space::Global | Space::Generic).then(|| site.unwrap_or_else(|| self.new_site()));
                let a = self.addr(*addr);
                let _ = writeln!(self.out, "{{ const u64 b_ = {a};");
                self.vector_aligned(pc, space.vector_alignment(*size, vals.len()));
                let vs: Vec<String> = vals.iter().map(|v| self.src(*v)).collect();
                for (i, v) in vs.iter().enumerate() {
                    let _ = writeln!(self.out, "const u64 s{i}_ = {v};");
                }
                for i in 0..vs.len() {
                    let _ = writeln!(self.out, "{{ const u64 a_ = b_ + {}ull;", i as u64 * u64::from(*size));
                    self.access(pc, *space, site, *size, false, Some(&format!("s{i}_")));
                    self.out.push_str("}\n");
                }
                self.out.push_str("}\n");
            }
            Op::Atom { space, op: aop, size, d, addr, b, c } => self.atom(pc, *space, *aop, *size, *d, *addr, *b, *c),
            // Callers pass loads, stores and atomics only (`Emitter::op`, `memory_or_op`, the
            // lane phase's uniform loads); every other operation is emitted where it is named.
            crate::ir::non_ld_st_atom_ops!() => {}
        }
    }

    /// Before the elements of a vector access at `b_` (a C local in scope) that must be
    /// aligned to `total` bytes (`Space::vector_alignment`): a fault when it is not.
    fn vector_aligned(&mut self, pc: u32, total: Option<u32>) {
        let Some(total) = total else { return };
        let _ = writeln!(self.out, "if (UNLIKELY(b_ & {}ull)) {{ h->misaligned(ctx, b_, {total}ull);", total - 1);
        self.check_fault(pc);
        self.out.push_str(
            "}
",
        );
    }

    /// A checked access of `size` bytes at `a_` (a C local in scope): a load into `v_`
    /// (`val` None), else a store of `val`.
    fn access(&mut self, pc: u32, space: Space, site: Option<usize>, size: u8, sext: bool, val: Option<&str>) {
        let k = size.trailing_zeros();
        let (off, bound, host) = match (space, site) {
            (Space::Global | Space::Generic, Some(s)) => (format!("(a_ - sb{s})"), format!("sn{s}"), format!("sh{s}")),
            (Space::Shared, _) => ("a_".into(), format!("shb[{k}]"), "shared".into()),
            (Space::Local, _) => {
                let len = u64::from(self.f.local_size);
                let s = u64::from(size);
                let b = if len >= s { (len - s) / s + 1 } else { 0 };
                ("a_".into(), format!("{b}ull"), "local".into())
            }
            // Kernel parameters: loads only (a store always takes the slow path, which
            // reports it); `FParam` is declined (`jit::unsupported`).
            _ => ("a_".into(), if val.is_some() { "0ull".into() } else { format!("pb[{k}]") }, "params".into()),
        };
        let code = crate::jit::helpers::space_code(space) | (site.unwrap_or(0) as u64) << 8;
        let _ = writeln!(self.out, "{{ const u64 o_ = {off}; if (LIKELY(rotr(o_, {k}) < {bound})) {{");
        match val {
            None => {
                let _ = writeln!(self.out, "v_ = (u64)(*(const {} *)({host} + o_));", ctype(size, sext));
            }
            Some(v) => {
                let _ = writeln!(self.out, "*({} *)({host} + o_) = ({}){v};", ctype(size, false), ctype(size, false));
            }
        }
        self.out.push_str("} else {\n");
        self.point_at_local(space);
        match val {
            None => {
                let _ = writeln!(self.out, "v_ = h->ld(ctx, {code:#x}ull, a_, {size}ull);");
                if sext {
                    let _ = writeln!(self.out, "v_ = (u64)sx(v_, {});", size * 8);
                }
            }
            Some(v) => {
                let _ = writeln!(self.out, "h->st(ctx, {code:#x}ull, a_, {size}ull, {v});");
            }
        }
        self.check_fault(pc);
        if let Some(s) = site {
            let _ = writeln!(
                self.out,
                "sb{s} = sites[{}]; sn{s} = sites[{}]; sh{s} = sites[{}];",
                3 * s,
                3 * s + 1,
                3 * s + 2
            );
        }
        self.out.push_str("} }\n");
    }

    /// Before a helper call that may reach local memory (a local or generic address): the
    /// helpers find the running thread's local memory at `ctx->local`.
    fn point_at_local(&mut self, space: Space) {
        if matches!(space, Space::Local | Space::Generic) && self.f.local_size > 0 {
            self.out.push_str("ctx->local = local;\n");
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn atom(
        &mut self,
        pc: u32,
        space: Space,
        aop: AtomOp,
        size: u8,
        d: Option<u32>,
        addr: Addr,
        b: crate::ir::Src,
        c: crate::ir::Src,
    ) {
        let y = self.src(b);
        self.atom_of(pc, (space, aop, size), d, addr, &y, c);
    }

    /// `atom` with the C expression `y` for its operand `b` (`atom_sum.rs`: the sum of a
    /// group's lanes).
    pub(super) fn atom_of(
        &mut self,
        pc: u32,
        (space, aop, size): (Space, AtomOp, u8),
        d: Option<u32>,
        addr: Addr,
        y: &str,
        c: crate::ir::Src,
    ) {
        let a = self.addr(addr);
        let z = self.src(c);
        let i = self.op_ref(OpRef::Whole(pc));
        let _ = writeln!(self.out, "{{ const u64 a_ = {a}, y_ = {y}, z_ = {z}; u64 v_; (void)z_;");
        self.point_at_local(space);
        // The inline forms below are `semantics::atomic::apply`'s arms for these integer
        // operations at the access width (a 4-byte shared `rmw` on `uint32_t`, signed
        // `min`/`max` compared as `i32`; a 4- or 8-byte global one as the C compiler's
        // `__atomic` builtin of that width, which is the same wrapping add or bitwise
        // operation, or the exchange), so the block tier computes the interpreter's bits;
        // every other atomic calls the helper, which applies `apply` itself
        // (`tests/conformance_forms/atomics.rs` runs each on every engine).
        let shared_rmw = match aop {
            AtomOp::Add => Some("old_ + (u32)y_"),
            AtomOp::And => Some("old_ & (u32)y_"),
            AtomOp::Or => Some("old_ | (u32)y_"),
            AtomOp::Xor => Some("old_ ^ (u32)y_"),
            AtomOp::MinU => Some("(old_ < (u32)y_ ? old_ : (u32)y_)"),
            AtomOp::MaxU => Some("(old_ > (u32)y_ ? old_ : (u32)y_)"),
            AtomOp::MinS => Some("((i32)old_ < (i32)y_ ? old_ : (u32)y_)"),
            AtomOp::MaxS => Some("((i32)old_ > (i32)y_ ? old_ : (u32)y_)"),
            AtomOp::Exch => Some("(u32)y_"),
            _ => None,
        };
        let global_rmw = match aop {
            AtomOp::Add => Some("__atomic_fetch_add"),
            AtomOp::And => Some("__atomic_fetch_and"),
            AtomOp::Or => Some("__atomic_fetch_or"),
            AtomOp::Xor => Some("__atomic_fetch_xor"),
            AtomOp::Exch => Some("__atomic_exchange_n"),
            _ => None,
        };
        match (space, shared_rmw, global_rmw) {
            // A block's shared memory is only touched by the worker running the block: a
            // plain read-modify-write is exact.
            (Space::Shared, Some(rmw), _) if size == 4 => {
                let _ = writeln!(
                    self.out,
                    "if (LIKELY(rotr(a_, 2) < shb[2])) {{ uint32_t *p_ = (uint32_t *)(shared + a_); uint32_t old_ = *p_; \
                     *p_ = (uint32_t)({rmw}); v_ = old_; }} else {{ v_ = h->atom(ctx, ops[{i}], a_, y_, z_);"
                );
                self.check_fault(pc);
                self.out.push_str("}\n");
            }
            (Space::Global, _, Some(f)) if matches!(size, 4 | 8) => {
                let s = self.new_site();
                let t = ctype(size, false);
                let _ = writeln!(
                    self.out,
                    "{{ const u64 o_ = a_ - sb{s}; if (LIKELY(rotr(o_, {k}) < sn{s})) {{ \
                     v_ = (u64){f}(({t} *)(sh{s} + o_), ({t})y_, __ATOMIC_SEQ_CST); }} else {{ \
                     v_ = h->atom_site(ctx, ops[{i}], a_, y_, z_, {s}ull);",
                    k = size.trailing_zeros()
                );
                self.check_fault(pc);
                let _ = writeln!(
                    self.out,
                    "sb{s} = sites[{}]; sn{s} = sites[{}]; sh{s} = sites[{}]; }} }}",
                    3 * s,
                    3 * s + 1,
                    3 * s + 2
                );
            }
            _ => {
                let _ = writeln!(self.out, "v_ = h->atom(ctx, ops[{i}], a_, y_, z_);");
                self.check_fault(pc);
            }
        }
        if let Some(d) = d {
            self.set(d, "v_");
        }
        self.out.push_str("}\n");
    }
}

impl Emitter<'_> {
    /// In the lane phase (`lanes.rs`), a load or store of one element at a global, generic or
    /// shared address for the lanes of mask `m_` (a C local in scope): when their addresses
    /// are consecutive (lane `l` at `a0_ + l` elements) and the first and last lane's lie in
    /// the window of the allocation the access site last hit (of the block's shared memory),
    /// one vector access (masked where lanes sit out); else lane by lane (`slow`, given the
    /// access site: the scalar access, which refreshes the site's window and faults naming
    /// the lane's thread; only when some lane's address is outside the window: a gather inside
    /// it is one check of every lane, then a plain access per lane). `None` when `op` is not
    /// such an access.
    pub(super) fn lane_contiguous(
        &mut self,
        pc: u32,
        op: &Op,
        slow: &mut dyn FnMut(&mut Self, Option<usize>),
    ) -> Option<()> {
        let (space, size, addr, element) = one_element(op)?;
        if !matches!(space, Space::Global | Space::Generic | Space::Shared) || !matches!(size, 1 | 2 | 4 | 8) {
            return None;
        }
        let full = "LANE_FULL";
        let k = size.trailing_zeros();
        // The window: its start, its bound (as `access` checks it) and its host address.
        // A run's access (`window.rs`) is on the run's site, and needs no check of its own
        // when the run's check passed.
        let run = self.run_of(pc);
        let (site, start, bound, host) = if space == Space::Shared {
            (None, "0ull".to_string(), format!("shb[{k}]"), "shared".to_string())
        } else {
            let s = match run {
                Some(r) => self.run_sites[r],
                None => self.new_site(),
            };
            (Some(s), format!("sb{s}"), format!("sn{s}"), format!("sh{s}"))
        };
        let a = self.addr(addr);
        if let Some(r) = run {
            self.run_access(r, (space, size, element), &a, &host, &start);
        }
        // Whether the lanes' addresses are side by side: from the first and last lane's alone
        // when the base register is linear (`linear.rs`), else lane by lane. A linear base
        // whose step is a multiple of the element size other than it (a column of a tile, a
        // tree's pairs) is one strided access under the same two checks.
        let linear_step = match addr.base {
            Base::Reg(r) => self
                .linear_of(r)
                .filter(|p| p.ends_decide() && (!addr.narrow || matches!(p, super::linear::Linear::Narrow { .. })))
                .and_then(|p| strided(p, size)),
            _ => None,
        };
        let step = linear_step.unwrap_or(i64::from(size));
        let consecutive = if linear_step.is_some() {
            format!("u64 d_; {{ const u32 l = e_; d_ = ({a}) ^ (a0_ + (u64)l * {step}ull); }}")
        } else {
            format!(
                "u64 d_ = 0; if (m_ == {full}) {{ LANES d_ |= ({a}) ^ (a0_ + (u64)l * {size}ull); }}\n\
                 else {{ LANES d_ |= (({a}) ^ (a0_ + (u64)l * {size}ull)) & (0ull - (u64)(m_ >> l & 1)); }}"
            )
        };
        // `step` as C's u64 (a negative step wraps, as the addresses do).
        let ustep = step as u64;
        let _ = writeln!(
            self.out,
            "{{ const u32 f_ = __builtin_ctz(m_), e_ = 31 - __builtin_clz(m_); u64 a0_;\n\
             {{ const u32 l = f_; a0_ = ({a}) - (u64)l * {ustep}ull; }}\n\
             {consecutive}\n\
             const u64 o_ = a0_ + (u64)f_ * {ustep}ull - {start};\n\
             if (LIKELY(d_ == 0 && rotr(o_, {k}) < {bound} && rotr(o_ + (u64)(e_ - f_) * {ustep}ull, {k}) < {bound})) {{"
        );
        if step == i64::from(size) {
            self.lane_vector(space, size, element, &format!("{host} + o_"), " - f_");
        } else {
            self.lane_strided(size, element, &format!("{host} + o_"), step);
        }
        // Not side by side (a gather or scatter): still one check for all lanes when every
        // lane's address lies in the site's window, then each lane's access (without the
        // lane mask when every lane takes part: a loop the compiler vectorizes).
        let _ = writeln!(
            self.out,
            "}} else {{\n\
             u64 bad_ = 0;\n\
             if (m_ == {full}) {{ LANES bad_ |= (u64)(rotr(({a}) - {start}, {k}) >= {bound}); }}\n\
             else {{ LANES bad_ |= (u64)(rotr(({a}) - {start}, {k}) >= {bound}) & (u64)(m_ >> l & 1); }}\n\
             if (LIKELY(bad_ == 0)) {{"
        );
        let access = match element {
            Element::Load { sext, d } => d.map(|dr| {
                format!("{} = (u64)*(const {} *)({host} + (({a}) - {start}));", self.dst(dr), ctype(size, sext))
            }),
            Element::Store { val } => {
                let t = ctype(size, false);
                Some(format!("*({t} *)({host} + (({a}) - {start})) = ({t})({});", self.src(val)))
            }
        };
        if let Some(x) = access {
            let _ = writeln!(self.out, "{}", in_lanes(&x));
        }
        self.out.push_str("} else {\n");
        slow(self, site);
        self.out.push_str("} } }\n");
        if run.is_some() {
            self.out.push_str("}\n");
        }
        Some(())
    }
}

/// C that runs statement `x` for the lanes of mask `m_` (a C local in scope): without the test
/// of each lane when all take part (a loop the compiler vectorizes).
fn in_lanes(x: &str) -> String {
    format!("if (m_ == LANE_FULL) {{ LANES {x} }} else {{ LANES if (m_ >> l & 1) {x} }}")
}

/// The step in bytes from one lane's address to the next's (`p`'s, signed: a 32-bit address
/// steps down by the two's complement of its step), when a strided access takes it: a nonzero
/// multiple of the element size `size` (every lane aligned when the first is), at most 64 KiB
/// either way.
fn strided(p: super::linear::Linear, size: u8) -> Option<i64> {
    let step = match p {
        super::linear::Linear::Narrow { step } => i64::from(step as i32),
        wide => wide.lane_step() as i64,
    };
    (step != 0 && step % i64::from(size) == 0 && step.unsigned_abs() <= 1 << 16).then_some(step)
}

impl Emitter<'_> {
    /// Element `e` moved for the lanes of `m_`, lane `f_` (a C local, the first of `m_`) at
    /// host address `base` (C, in bytes) and each lane `step` bytes from the one before.
    fn lane_strided(&mut self, size: u8, e: Element, base: &str, step: i64) {
        let at = format!("(p_ + ((i64)l - (i64)f_) * {step}ll)");
        match e {
            Element::Load { sext, d } => {
                let t = ctype(size, sext);
                let _ = writeln!(self.out, "const char *p_ = (const char *)({base});");
                if let Some(dr) = d {
                    let dst = self.dst(dr);
                    let x = format!("{dst} = (u64)*(const {t} *){at};");
                    let _ = writeln!(self.out, "{}", in_lanes(&x));
                }
            }
            Element::Store { val } => {
                let t = ctype(size, false);
                let x = format!("*({t} *){at} = ({t})({});", self.src(val));
                let _ = writeln!(self.out, "char *p_ = (char *)({base});\n{}", in_lanes(&x));
            }
        }
    }

    /// Element `e` moved for the lanes of `m_` as one vector access: lane `l` at `p_[l]`,
    /// `p_` being host address `base` (C, in bytes) as a pointer to the access's type, then
    /// `back` (C pointer arithmetic, in elements: `" - f_"`, or empty).
    pub(super) fn lane_vector(&mut self, space: Space, size: u8, e: Element, base: &str, back: &str) {
        match e {
            Element::Load { sext, d } => {
                let t = ctype(size, sext);
                let _ = writeln!(self.out, "const {t} *p_ = (const {t} *)({base}){back};");
                if let Some(h) = super::prefetch::hint(space, size, false) {
                    let _ = writeln!(self.out, "{h}");
                }
                if let Some(h) = super::prefetch::stride_hint(self.strides, space, size, false) {
                    self.strides += 1;
                    let _ = writeln!(self.out, "{h}");
                }
                if let Some(dr) = d {
                    let dst = self.dst(dr);
                    let _ = writeln!(self.out, "{}", in_lanes(&format!("{dst} = (u64)p_[l];")));
                }
            }
            Element::Store { val } => {
                let t = ctype(size, false);
                let v = self.src(val);
                let mut h = super::prefetch::hint(space, size, true).unwrap_or_default();
                if let Some(sh) = super::prefetch::stride_hint(self.strides, space, size, true) {
                    self.strides += 1;
                    h.push('\n');
                    h.push_str(&sh);
                }
                let _ = writeln!(
                    self.out,
                    "{t} *p_ = ({t} *)({base}){back}; {h}\n\
                     {}",
                    in_lanes(&format!("p_[l] = ({t})({v});"))
                );
            }
        }
    }
}
