//! One window check for a run of the lane phase's global or shared accesses through one linear base
//! register (`linear.rs`, lanes side by side: its step is the access size): nvcc's unrolled
//! stencils and convolutions load `[%rd6]`, `[%rd6+4]`, ..., `[%rd6+24580]` one after the
//! other, and each access checked its own first and last lane against its own site's window
//! (`mem.rs`, `lane_contiguous`).
//!
//! A *run* is two or more such accesses of one size, through one base register, at offsets
//! that differ by multiples of the size, with no label (where other lanes join), barrier or
//! write of the base register between the first and the last. At its first access, before
//! any lane mask is applied, the run checks once that lanes 0 to LANE_W - 1 follow the step (as
//! `lane_contiguous` decides it from the two ends) and that lane 0's address at the lowest
//! offset and the last lane's at the highest lie in the window of the run's access site: then every
//! lane of every access of the run lies between those two addresses, inside the window, and
//! each access is one vector access with no check of its own (`ok{run}`). Otherwise (a group
//! at the end of a row, or the allocation the site last hit is not the one read) each access
//! checks itself as before, on the run's site, whose slow path refreshes it for the next group.
//!
//! A register that holds the base plus a constant (nvcc's `add.s64 %rd7, %rd5, 4; ld [%rd7]`
//! for each tap of an unrolled loop, `__ldg` convolutions: [`Alias`]) is the base at an offset:
//! its accesses join the base's runs. A shared run's window is the block's shared memory
//! (`matmul_tiled`'s `Bs[k][tx]` for each `k`, a stencil's taps in its tile).

use std::fmt::Write;

use super::Emitter;
use super::mem::Element;
use crate::analysis::live::uses_defs;
use crate::ir::{Addr, Base, BinOp, Func, Op, Space, Src};

use super::linear::Linear;

/// An access of a run (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Member {
    /// The run's index (its flag `ok{run}`).
    pub run: usize,
    /// At the run's first access: the lowest and highest offsets of its accesses, from that
    /// access's base register.
    pub first: Option<(i64, i64)>,
    /// A run of loads of one value through a group-uniform base (`lanes.rs`,
    /// `lane_uniform_load`): its check needs no lanes side by side.
    pub uniform: bool,
}

/// The access `op` of `f` as a candidate member: its base register, size, offset and whether
/// it is a uniform load (`uniform`: the lane phase's group-uniform registers; such a load
/// writes one, as `lane_uniform_load` runs it), else a lane access through a linear base.
fn candidate(f: &Func, op: &Op, linear: &[Option<Linear>], uniform: &[bool]) -> Option<(u32, u8, i64, bool)> {
    let (space, size, addr, element) = super::mem::one_element(op)?;
    let Base::Reg(r) = addr.base else { return None };
    if r >= f.nregs || !matches!(size, 1 | 2 | 4 | 8) {
        return None;
    }
    let is_uniform = |x: u32| uniform.get(x as usize).copied().unwrap_or(false);
    if is_uniform(r) {
        let Element::Load { d, .. } = element else { return None };
        let writes_uniform = d.is_some_and(is_uniform);
        let fits = writes_uniform && (space == Space::Shared || (space == Space::Global && !addr.narrow));
        return fits.then_some((r, size, addr.off, true));
    }
    let p = linear.get(r as usize).copied().flatten()?;
    // A shared address may be 32 bits wide (nvcc's shared pointers): its lanes then follow
    // the step modulo 2^32, which the run's check tells apart as `lane_contiguous` does.
    let width_fits = match space {
        Space::Global => !addr.narrow,
        Space::Shared => !addr.narrow || matches!(p, Linear::Narrow { .. }),
        _ => false,
    };
    let fits = width_fits && p.lane_step() == u64::from(size) && p.ends_decide();
    fits.then_some((r, size, addr.off, false))
}

/// A run being gathered: its base register (a root: see [`Alias`]), access size, first
/// offset (from the root), members, lowest and highest offsets (from the root), and the
/// first member's distance from the root (its base register is the root plus that).
struct Open {
    root: u32,
    size: u8,
    first: i64,
    pcs: Vec<usize>,
    lo: i64,
    hi: i64,
    delta: i64,
    uniform: bool,
}

/// A 64-bit register that holds another plus a constant in every lane, as nvcc addresses
/// the taps of an unrolled loop (`add.s64 %rd7, %rd5, 4; ld [%rd7]`, `add.s64 %rd9, %rd5,
/// 8; ld [%rd9]`, ...): its accesses belong to the runs of the other (the *root*) at their
/// offset plus the constant. Written by an unguarded `add` of an immediate (so every lane
/// at the access ran it: between labels the lanes at an instruction ran all before it),
/// and forgotten when it or its root is written again, or at a label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Alias {
    root: u32,
    delta: i64,
}

/// The alias `op` (guarded by `guarded`) makes of its destination, given the current ones.
fn alias_of(op: &Op, guarded: bool, aliases: &[(u32, Alias)]) -> Option<(u32, Alias)> {
    let Op::Bin { op: BinOp::Add(64), d, a, b } = op else { return None };
    let (r, k) = match (a, b) {
        (Src::Reg(r), Src::Imm(k)) | (Src::Imm(k), Src::Reg(r)) => (*r, *k as i64),
        _ => return None,
    };
    if guarded {
        return None;
    }
    let base = aliases.iter().find(|(x, _)| *x == r).map_or(Alias { root: r, delta: 0 }, |(_, a)| *a);
    // `add %rd5, %rd5, 4` moves the root itself: no alias.
    (base.root != *d).then_some((*d, Alias { root: base.root, delta: base.delta.wrapping_add(k) }))
}

/// Per pc of `f`: the run its access belongs to, if any (`labels`: where lanes may join;
/// `linear` and `uniform`: the lane phase's linear and group-uniform registers). Returns the
/// members and the number of runs.
pub(super) fn runs(
    f: &Func,
    labels: &[u32],
    linear: &[Option<Linear>],
    uniform: &[bool],
) -> (Vec<Option<Member>>, usize) {
    let mut at: Vec<Option<Member>> = vec![None; f.code.len()];
    let mut open: Vec<Open> = Vec::new();
    let mut aliases: Vec<(u32, Alias)> = Vec::new();
    let mut count = 0;
    let mut close = |run: Open, at: &mut Vec<Option<Member>>| {
        if run.pcs.len() >= 2 {
            // The check runs at the first member, through its own base register.
            let first = (run.lo.wrapping_sub(run.delta), run.hi.wrapping_sub(run.delta));
            for (i, &pc) in run.pcs.iter().enumerate() {
                at[pc] = Some(Member { run: count, first: (i == 0).then_some(first), uniform: run.uniform });
            }
            count += 1;
        }
    };
    let mut defs = Vec::new();
    for (pc, inst) in f.code.iter().enumerate() {
        if labels.binary_search(&(pc as u32)).is_ok() || matches!(inst.op, Op::Bar { .. }) {
            open.drain(..).for_each(|r| close(r, &mut at));
            aliases.clear();
        }
        if let Some((r, size, off, uniform)) = candidate(f, &inst.op, linear, uniform) {
            let Alias { root, delta } =
                aliases.iter().find(|(x, _)| *x == r).map_or(Alias { root: r, delta: 0 }, |(_, a)| *a);
            let off = off.wrapping_add(delta);
            let joins = |o: &&mut Open| {
                o.root == root
                    && o.size == size
                    && o.uniform == uniform
                    && off.wrapping_sub(o.first) % i64::from(size) == 0
            };
            match open.iter_mut().find(joins) {
                Some(o) => {
                    o.pcs.push(pc);
                    o.lo = o.lo.min(off);
                    o.hi = o.hi.max(off);
                }
                None => {
                    // Another size or alignment through the same root ends the open run.
                    if let Some(i) = open.iter().position(|o| o.root == root) {
                        let o = open.remove(i);
                        close(o, &mut at);
                    }
                    open.push(Open { root, size, first: off, pcs: vec![pc], lo: off, hi: off, delta, uniform });
                }
            }
        }
        let made = alias_of(&inst.op, inst.guard.is_some(), &aliases);
        defs.clear();
        uses_defs(&inst.op, f.nregs, &mut Vec::new(), &mut defs);
        for &d in &defs {
            if let Some(i) = open.iter().position(|o| o.root == d) {
                let o = open.remove(i);
                close(o, &mut at);
            }
            aliases.retain(|(x, a)| *x != d && a.root != d);
        }
        aliases.extend(made);
    }
    open.drain(..).for_each(|r| close(r, &mut at));
    (at, count)
}

impl Emitter<'_> {
    /// Before the lane phase's access at `pc` (outside its lane mask): the run's check, when
    /// the access is the first of a run.
    pub(super) fn run_check(&mut self, pc: u32) {
        let Some(Member { run, first: Some((lo, hi)), uniform }) = self.runs.get(pc as usize).copied().flatten() else {
            return;
        };
        let Some(Op::Ld { space, size, addr, .. } | Op::St { space, size, addr, .. }) =
            self.f.code.get(pc as usize).map(|i| &i.op)
        else {
            return;
        };
        let (size, k) = (*size, size.trailing_zeros());
        // The window: the run's site's, or the block's shared memory (as `lane_contiguous`).
        let (start, bound) = if *space == Space::Shared {
            ("0ull".to_string(), format!("shb[{k}]"))
        } else {
            let s = self.run_sites[run];
            (format!("sb{s}"), format!("sn{s}"))
        };
        let at = |off: i64| self.addr(Addr { off, ..*addr });
        let (lo_at, hi_at) = (at(lo), at(hi));
        // The last lane follows lane 0 by LANE_W - 1 elements, or (a uniform load) is lane 0.
        let extent = hi.wrapping_sub(lo) as u64;
        let span = if uniform { format!("{extent}ull") } else { format!("(LANE_W - 1ull) * {size}ull + {extent}ull") };
        let _ = writeln!(
            self.out,
            "{{ u64 lo_, hi_; {{ const u32 l = 0; lo_ = {lo_at}; }} {{ const u32 l = LANE_W - 1; hi_ = {hi_at}; }}\n\
             ok{run} = (hi_ ^ (lo_ + {span})) == 0 && rotr(lo_ - {start}, {k}) < {bound} && rotr(hi_ - {start}, {k}) < {bound}; }}"
        );
    }

    /// A run's access (`element`, of `size` bytes in `space`; `a`: its address as C, of lane
    /// `l`; `host` and `start`: the run's site's host and device addresses) when the run's
    /// check passed: one vector access from lane 0's address for the lanes of `m_`. Opens the
    /// `else` in which the access checks itself (`lane_contiguous` closes it).
    pub(super) fn run_access(
        &mut self,
        run: usize,
        (space, size, element): (Space, u8, Element),
        a: &str,
        host: &str,
        start: &str,
    ) {
        let _ = writeln!(self.out, "if (LIKELY(ok{run})) {{ u64 a0_; {{ const u32 l = 0; a0_ = {a}; }}");
        self.lane_vector(space, size, element, &format!("{host} + (a0_ - {start})"), "");
        self.out.push_str("} else {\n");
    }

    /// The run of the lane phase's access at `pc`, if it is in one (of lanes side by side).
    pub(super) fn run_of(&self, pc: u32) -> Option<usize> {
        self.runs.get(pc as usize).copied().flatten().filter(|m| !m.uniform).map(|m| m.run)
    }

    /// A uniform load `op` at `pc` (`lanes.rs`, `lane_uniform_load`, within its lane mask `m_`)
    /// of a run: a plain load when the run's check passed, else the checked one on the run's
    /// site. False when it is in no uniform run.
    pub(super) fn uniform_run_load(&mut self, pc: u32, op: &Op) -> bool {
        let Some(Member { run, uniform: true, .. }) = self.runs.get(pc as usize).copied().flatten() else {
            return false;
        };
        let Op::Ld { space, size, sext, d, addr, .. } = op else { return false };
        let (host, start, site) = if *space == Space::Shared {
            ("shared".to_string(), "0ull".to_string(), None)
        } else {
            let s = self.run_sites[run];
            (format!("sh{s}"), format!("sb{s}"), Some(s))
        };
        let a = self.addr(*addr);
        let t = super::mem::ctype(*size, *sext);
        let _ = writeln!(
            self.out,
            "if (LIKELY(ok{run})) {{ const u64 v_ = (u64)*(const {t} *)({host} + (({a}) - {start}));"
        );
        if let Some(Some(dr)) = d.first() {
            self.set(*dr, "v_");
        }
        self.out.push_str("} else {\n");
        self.memory_at(pc, op, site);
        self.out.push_str("}\n");
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::live::Liveness;
    use crate::block_tier::emit::Grouping;
    use crate::block_tier::emit::lanes::Plan;

    /// Loads through `%rd3` at 0, 4 and 8 (a run), a store through it at 2 (misaligned: not a
    /// member), `%rd3` written, then two loads (a second run) and one after a label (alone).
    const KERNEL: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 a, .param .u32 c)
{
    .reg .pred %p<2>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [a];
    ld.param.u32 %r9, [c];
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    ld.global.u32 %r2, [%rd3];
    ld.global.u32 %r3, [%rd3+8];
    st.global.u16 [%rd3+2], %r3;
    ld.global.u32 %r4, [%rd3+4];
    add.s64 %rd3, %rd3, 64;
    ld.global.u32 %r5, [%rd3];
    ld.global.u32 %r6, [%rd3+4];
    setp.eq.u32 %p1, %r9, 0;
    @%p1 bra SKIP;
    add.s32 %r5, %r5, 1;
SKIP:
    ld.global.u32 %r7, [%rd3+8];
    add.s32 %r8, %r2, %r3;
    add.s32 %r8, %r8, %r4;
    add.s32 %r8, %r8, %r5;
    add.s32 %r8, %r8, %r6;
    add.s32 %r8, %r8, %r7;
    st.global.u32 [%rd1], %r8;
    ret;
}
"#;

    /// The runs of `ptx`'s kernel in its lane phase: their count, and the membership of the
    /// instruction whose text starts with a given text.
    fn runs_of(ptx: &str) -> (usize, impl Fn(&str) -> Option<Member>) {
        let p = crate::Program::from_ptx(ptx).expect("load");
        let f = p.funcs[0].as_ref().expect("decoded");
        let plan = Plan::of(f, &Liveness::of(f), Grouping::Rows).expect("a lane phase");
        let (at, count) = runs(f, &plan.labels, &plan.linear, &plan.uniform);
        let texts: Vec<String> = f.info.iter().map(|i| i.text.trim_start().to_string()).collect();
        let of = move |text: &str| {
            let pc = texts.iter().position(|t| t.starts_with(text)).expect(text);
            at[pc]
        };
        (count, of)
    }

    #[test]
    fn accesses_through_one_base_between_labels_and_writes_share_a_check() {
        let (count, of) = runs_of(KERNEL);
        assert_eq!(count, 2);
        assert_eq!(of("ld.global.u32 %r2"), Some(Member { run: 0, first: Some((0, 8)), uniform: false }));
        assert_eq!(of("ld.global.u32 %r3"), Some(Member { run: 0, first: None, uniform: false }));
        assert_eq!(of("ld.global.u32 %r4"), Some(Member { run: 0, first: None, uniform: false }));
        assert_eq!(of("st.global.u16"), None, "another size");
        assert_eq!(of("ld.global.u32 %r5"), Some(Member { run: 1, first: Some((0, 4)), uniform: false }));
        assert_eq!(of("ld.global.u32 %r6"), Some(Member { run: 1, first: None, uniform: false }));
        assert_eq!(of("ld.global.u32 %r7"), None, "alone after a label");
        assert_eq!(of("st.global.u32"), None, "not through a linear register");
    }

    /// Taps through registers holding `%rd3` plus a constant, one redefined, one of a
    /// register moved after it, a shared run through a 32-bit register, and uniform loads.
    const ALIASES: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 a)
{
    .reg .b32 %r<16>;
    .reg .b64 %rd<8>;
    .shared .align 4 .b8 tile[1024];
    ld.param.u64 %rd1, [a];
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    ld.global.u32 %r2, [%rd3];
    add.s64 %rd4, %rd3, 8;
    ld.global.u32 %r3, [%rd4];
    add.s64 %rd5, %rd4, 4;
    ld.global.u32 %r4, [%rd5+-20];
    add.s64 %rd4, %rd3, 32;
    ld.global.u32 %r5, [%rd4];
    add.s64 %rd3, %rd3, 4;
    ld.global.u32 %r6, [%rd4];
    ld.global.u32 %r7, [%rd3];
    mov.u32 %r8, tile;
    shl.b32 %r9, %r1, 2;
    add.s32 %r10, %r8, %r9;
    st.shared.u32 [%r10], %r2;
    ld.shared.u32 %r11, [%r10+4];
    st.global.u32 [%rd1], %r11;
    ld.global.u32 %r12, [%rd1+8];
    add.s64 %rd6, %rd1, 4;
    ld.global.u32 %r13, [%rd6];
    ld.global.u16 %r14, [%rd6+8];
    add.s32 %r15, %r12, %r13;
    add.s32 %r15, %r15, %r14;
    st.global.u32 [%rd1+16], %r15;
    ret;
}
"#;

    #[test]
    fn a_register_holding_the_base_plus_a_constant_joins_its_runs_and_shared_accesses_run_too() {
        let (count, of) = runs_of(ALIASES);
        assert_eq!(count, 3);
        // %rd3 at 0, %rd3 + 8, %rd3 + 12 - 20, %rd3 + 32: one run from -8 to 32.
        assert_eq!(of("ld.global.u32 %r2"), Some(Member { run: 0, first: Some((-8, 32)), uniform: false }));
        assert_eq!(of("ld.global.u32 %r3"), Some(Member { run: 0, first: None, uniform: false }));
        assert_eq!(of("ld.global.u32 %r4"), Some(Member { run: 0, first: None, uniform: false }));
        assert_eq!(of("ld.global.u32 %r5"), Some(Member { run: 0, first: None, uniform: false }));
        // `%rd3` moved: `%rd4` is a register of its own now, alone; the moved `%rd3` too.
        assert_eq!(of("ld.global.u32 %r6"), None);
        assert_eq!(of("ld.global.u32 %r7"), None);
        // Runs are numbered as they end: the two below end together, at the end.
        let shared = of("st.shared.u32").map_or(0, |m| m.run);
        let uniform = 3 - shared;
        assert_eq!(of("st.shared.u32"), Some(Member { run: shared, first: Some((0, 4)), uniform: false }));
        assert_eq!(of("ld.shared.u32"), Some(Member { run: shared, first: None, uniform: false }));
        assert_eq!(of("st.global.u32 [%rd1]"), None, "a store through a uniform register");
        // Loads of one value through `%rd1` and `%rd1 + 4`: a uniform run from 4 to 8.
        assert_eq!(of("ld.global.u32 %r12"), Some(Member { run: uniform, first: Some((4, 8)), uniform: true }));
        assert_eq!(of("ld.global.u32 %r13"), Some(Member { run: uniform, first: None, uniform: true }));
        assert_eq!(of("ld.global.u16"), None, "another size");
    }
}
