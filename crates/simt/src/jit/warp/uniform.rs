//! Which registers are *warp-uniform*: wherever the kernel reads them, every active lane of
//! the warp holds the same value. Compiled code then reads such a register from one lane (a
//! scalar load and a splat) instead of all 32, and Cranelift's value numbering folds the
//! identical lane groups of everything computed from it into one.
//!
//! A register is uniform when every instruction that writes it
//! - computes its value from uniform operands only (registers found uniform, immediates,
//!   kernel parameters, variables' addresses, `%ntid`, `%ctaid`, `%nctaid`), by an operation
//!   whose result depends on nothing else (arithmetic, comparisons, conversions, moves, a
//!   load from global, shared or kernel-parameter space: one address, one value; not a load
//!   from lanes' own memory, an atomic, a shuffle or another collective);
//! - is unpredicated or under a uniform predicate;
//! - and lies outside every *divergent region*: the instructions a divergent branch (one on a
//!   predicate that is not uniform) reaches before its reconvergence point. A value written
//!   there is written by some lanes only (the two sides of an `if`, a loop some lanes leave
//!   early), so lanes may disagree after the region even when each write was uniform.
//!
//! A branch one of whose sides leads straight to the kernel's end (`if (i >= n) return;`) is
//! no divergent region: the lanes that take that side only exit, and the others go on
//! together. Until those lanes exit (the warp may run the other side first) they are live
//! but not active, so readers take the value from the lowest *active* lane
//! (`WarpCodegen::one_lane`).
//!
//! Inside a divergent region one more kind of write keeps a register uniform: the register's
//! only write, of uniform operands by such an operation (not a load: memory may change
//! between the lanes' turns), unpredicated, that comes before every read of the register on
//! every path (it strictly dominates them; `def_dominates_uses`). Each lane that reads it then
//! wrote it first, from operands that no instruction of the region changes, so every active
//! lane holds the same value: a pointer set up under `if (i < n)` and used in the loop below.
//!
//! The conditions depend on each other (a branch is divergent when its predicate is not
//! uniform), so they are iterated from "everything uniform" down to a fixpoint over every
//! instruction's exact register lists (`Op::operands`).

use crate::analysis::live;
use crate::ir::flow::Flow;
use crate::ir::*;

/// Beyond this many instructions times divergent branches, the region walk gives up (no
/// register uniform): a bound on compile time for huge kernels.
const WALK_LIMIT: usize = 1 << 26;

/// Per register of `f` (and one more entry for the carry flag, `f.nregs`): whether it is
/// warp-uniform (see the module documentation).
pub(crate) fn uniform_regs(f: &Func) -> Vec<bool> {
    uniform_and_divergent(f, false).0
}

/// `uniform_regs`, and per pc (and one past the end) whether it lies in a divergent region
/// under those registers (all of them when the analysis gave up). `rows32`: for code that
/// runs only in blocks whose width is a multiple of 32 (`jit::Shape::Rows32`), where
/// `%tid.x >> k` for `k >= 5` (the warp's index, `threadIdx.x / 32`) is the same in every lane
/// of a warp.
pub(super) fn uniform_and_divergent(f: &Func, rows32: bool) -> (Vec<bool>, Vec<bool>) {
    let n = f.nregs as usize;
    let code = &f.code;
    let mut uniform = vec![true; n + 1];
    let none = (vec![false; n + 1], vec![true; code.len() + 1]);
    // Each instruction's defs and whether its own result can be uniform given uniform
    // operands (`uses`).
    let mut facts = Vec::with_capacity(code.len());
    for inst in code {
        let (mut uses, mut defs) = (Vec::new(), Vec::new());
        live::uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
        let mut own = produces_uniform(&inst.op);
        let settled = own && inst.guard.is_none() && !matches!(inst.op, Op::Ld { .. });
        live::for_each_src(&inst.op, &mut |s| {
            // In rows of 32 a warp lies in one row: `%tid.y` and `%tid.z` are its own.
            if let Src::Sreg(r) = s
                && !matches!(r, Sreg::Ntid(_) | Sreg::Ctaid(_) | Sreg::Nctaid(_))
                && !(rows32 && matches!(r, Sreg::Tid(1 | 2)))
            {
                own = false;
            }
        });
        facts.push((uses, defs, own, settled));
    }
    let dominating = def_dominates_uses(f, &facts);
    if rows32 {
        warp_index_shifts(f, &dominating, &mut facts);
    }
    let is = |uniform: &[bool], r: u32| uniform.get(r as usize).copied().unwrap_or(false);
    let mut divergent = vec![false; code.len() + 1];
    // Branches whose region is marked already (a divergent branch stays divergent).
    let mut walked_from = vec![false; code.len()];
    // `seen[p] == stamp`: reached in the current branch's walk.
    let (mut seen, mut stamp) = (vec![0u32; code.len()], 0u32);
    let (mut stack, mut succ) = (Vec::new(), Vec::new());
    let mut walked = 0usize;
    loop {
        let mut changed = false;
        for (pc, (inst, (uses, defs, own, settled))) in code.iter().zip(&facts).enumerate() {
            let alone = *settled && defs.iter().all(|&d| dominating.get(d as usize).copied().unwrap_or(false));
            let same = *own
                && (!divergent[pc] || alone)
                && uses.iter().all(|&r| is(&uniform, r))
                && inst.guard.is_none_or(|g| is(&uniform, g.reg));
            if !same {
                for &d in defs {
                    if let Some(u) = uniform.get_mut(d as usize)
                        && *u
                    {
                        *u = false;
                        changed = true;
                    }
                }
            }
        }
        // The divergent regions under the registers found so far.
        for (pc, inst) in code.iter().enumerate() {
            let (diverges, join) = match &inst.op {
                Op::Bra { ipdom, .. } => (inst.guard.is_some_and(|g| !is(&uniform, g.reg)), *ipdom as usize),
                Op::Brx { index: Src::Reg(r), ipdom, .. } => (!is(&uniform, *r), *ipdom as usize),
                // An immediate index: one target for every lane.
                Op::Brx { .. } | non_branch_ops!() => continue,
            };
            if !diverges || walked_from[pc] || exits_on_one_side(f, pc) {
                continue;
            }
            walked_from[pc] = true;
            // Everything reachable from the branch before its reconvergence point.
            stamp += 1;
            succ.clear();
            live::successors(f, pc, &mut succ);
            stack.clear();
            stack.extend(succ.iter().copied());
            while let Some(p) = stack.pop() {
                if p == join || p >= code.len() || seen[p] == stamp {
                    continue;
                }
                seen[p] = stamp;
                walked += 1;
                if walked > WALK_LIMIT {
                    return none;
                }
                if !divergent[p] {
                    divergent[p] = true;
                    changed = true;
                }
                succ.clear();
                live::successors(f, p, &mut succ);
                stack.extend(succ.iter().copied());
            }
        }
        if !changed {
            return (uniform, divergent);
        }
    }
}

/// In code for rows of 32: marks each `shr d, t, k` (`k >= 5`) of `%tid.x` (itself, or a
/// register whose only write, before every read, is `mov t, %tid.x`) as a lane-independent
/// operation of no registers (`facts`: `uniform_and_divergent`'s per instruction).
fn warp_index_shifts(f: &Func, dominating: &[bool], facts: &mut [(Vec<Reg>, Vec<Reg>, bool, bool)]) {
    let tid_x = |r: Reg| {
        dominating.get(r as usize).copied().unwrap_or(false)
            && f.code.iter().any(|i| {
                i.guard.is_none() && matches!(i.op, Op::Un { op: UnOp::Mov, d, a: Src::Sreg(Sreg::Tid(0)) } if d == r)
            })
    };
    for (inst, fact) in f.code.iter().zip(facts.iter_mut()) {
        if let Op::Bin { op: BinOp::Shr(32, _), a, b: Src::Imm(k), .. } = inst.op
            && (5..32).contains(&k)
            && inst.guard.is_none()
            && match a {
                Src::Sreg(Sreg::Tid(0)) => true,
                Src::Reg(r) => tid_x(r),
                _ => false,
            }
        {
            fact.0.clear();
            fact.2 = true;
            fact.3 = true;
        }
    }
}

/// Per register: whether it has exactly one write, which strictly dominates every read of it
/// (every path from the kernel's start to a read passes the write first). `facts`: per
/// instruction, its registers read and written.
fn def_dominates_uses(f: &Func, facts: &[(Vec<Reg>, Vec<Reg>, bool, bool)]) -> Vec<bool> {
    let n = f.nregs as usize;
    let mut def_pc = vec![u32::MAX; n];
    let mut writes = vec![0u32; n];
    for (pc, (_, defs, ..)) in facts.iter().enumerate() {
        for &d in defs {
            if let (Some(w), Some(p)) = (writes.get_mut(d as usize), def_pc.get_mut(d as usize)) {
                *w += 1;
                *p = pc as u32;
            }
        }
    }
    let mut ok: Vec<bool> = writes.iter().map(|&w| w == 1).collect();
    if !ok.iter().any(|&x| x) {
        return ok;
    }
    let (pre, post) = dominator_intervals(f);
    let dominates = |a: usize, b: usize| a != b && pre[a] <= pre[b] && post[b] <= post[a] && pre[b] != u32::MAX;
    for (pc, inst) in facts.iter().enumerate() {
        let (uses, ..) = inst;
        for &r in uses {
            if let Some(o) = ok.get_mut(r as usize)
                && *o
                && !dominates(def_pc[r as usize] as usize, pc)
            {
                *o = false;
            }
        }
        // A call's reads are not listed (the analysis gives up on other such instructions):
        // they count as reads of everything.
        if matches!(f.code[pc].op, crate::ir::calls!()) {
            ok.iter_mut().for_each(|o| *o = false);
        }
    }
    ok
}

/// The dominator tree of `f`'s instruction-level control flow from pc 0
/// (`cfg::immediate_dominators`), as each pc's preorder and postorder number in it: `a` dominates `b`
/// when `pre[a] <= pre[b]` and `post[b] <= post[a]`. Unreachable pcs get `u32::MAX`.
fn dominator_intervals(f: &Func) -> (Vec<u32>, Vec<u32>) {
    let n = f.code.len();
    const NONE: usize = usize::MAX;
    let succ: Vec<Vec<usize>> = (0..n)
        .map(|pc| {
            let mut s = Vec::new();
            live::successors(f, pc, &mut s);
            s.retain(|&t| t < n);
            s
        })
        .collect();
    let idom = crate::cfg::immediate_dominators(0, &succ);
    // Number the tree.
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (b, &d) in idom.iter().enumerate() {
        if d != NONE && b != 0 {
            children[d].push(b);
        }
    }
    let (mut pre, mut post) = (vec![u32::MAX; n], vec![u32::MAX; n]);
    let (mut t_pre, mut t_post) = (0u32, 0u32);
    let mut walk: Vec<(usize, usize)> = if n > 0 { vec![(0, 0)] } else { Vec::new() };
    if n > 0 {
        pre[0] = 0;
        t_pre = 1;
    }
    while let Some((node, k)) = walk.last_mut() {
        if let Some(&c) = children[*node].get(*k) {
            *k += 1;
            pre[c] = t_pre;
            t_pre += 1;
            walk.push((c, 0));
        } else {
            post[*node] = t_post;
            t_post += 1;
            walk.pop();
        }
    }
    (pre, post)
}

/// Whether one side of the branch at `pc` goes straight to the end of the kernel: through
/// unconditional branches only, to an unconditional `ret` or `exit`.
fn exits_on_one_side(f: &Func, pc: usize) -> bool {
    let mut succ = Vec::new();
    live::successors(f, pc, &mut succ);
    succ.iter().any(|&start| {
        let mut p = start;
        // A bound on the chain of jumps (a loop of them would never exit).
        for _ in 0..8 {
            let Some(Inst { op, guard: None }) = f.code.get(p) else { return false };
            match op.flow() {
                Flow::Jump(target) => p = target as usize,
                // `trap` leaves too, with a fault: not counted (the rule is about lanes that
                // finish).
                Flow::Leave => return matches!(op, Op::Ret | Op::Exit),
                Flow::Next | Flow::Table(_) => return false,
            }
        }
        false
    })
}

/// Whether `op`'s results are the same in every lane when its operands are (false for
/// results that depend on the lane or on lane-private state).
fn produces_uniform(op: &Op) -> bool {
    match op {
        register_ops!() | Op::Carry { .. } | Op::Activemask { .. } => true,
        // One address is one value in memory every lane shares (not a lane's local memory,
        // nor a frame's per-lane parameters, which generic addresses may also reach).
        Op::Ld { space, .. } => matches!(space, Space::Global | Space::Shared | Space::KParam),
        // No value, a per-lane value (stack frames, atomics, collectives answer per lane or
        // are not analysed), or control flow: not known uniform. Every variant is named, so
        // that a new instruction is decided here.
        Op::Nop
        | Op::Nanosleep
        | frame_ops!()
        | Op::Atom128 { .. }
        | Op::St { .. }
        | Op::Mbar { .. }
        | Op::CpBulk { .. }
        | Op::CpAsync { .. }
        | Op::Atom { .. }
        | Op::Bra { .. }
        | calls!()
        | Op::Ret
        | Op::Exit
        | Op::Trap
        | Op::Bar { .. }
        | Op::WarpSync { .. }
        | Op::Elect { .. }
        | Op::Brx { .. }
        | Op::Fence
        | Op::Shfl { .. }
        | Op::Vote { .. }
        | Op::Redux { .. }
        | Op::Match { .. }
        | Op::Tex(_)
        | Op::AtomV(_)
        | Op::Mma(_)
        | Op::Cluster(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jit::warp::test_util::{decoded, dest_of};

    /// Kernel `name` of `ptx`, decoded, with its uniform registers.
    fn analyse(ptx: &str, name: &str) -> (Func, Vec<bool>) {
        let f = decoded(ptx, name);
        let u = uniform_regs(&f);
        (f, u)
    }

    /// Whether the register the instruction whose text starts with `text` writes is uniform.
    fn writes_uniform(f: &Func, u: &[bool], text: &str) -> bool {
        u[dest_of(f, text) as usize]
    }

    /// A module with one kernel `k(params)` whose body is `body`.
    fn kernel(params: &str, body: &str) -> String {
        format!(".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k({params}) {{\n{body}}}")
    }

    #[test]
    fn loop_counters_are_uniform_and_thread_indices_are_not() {
        let src = include_str!("../../../tests/kernels/kernels.sm_80.O3.ptx");
        let (f, u) = analyse(src, "reduce_sum");
        assert!(writes_uniform(&f, &u, "shr.u32 %r28, %r28, 1"));
        assert!(writes_uniform(&f, &u, "setp.ne.s32 %p5"));
        assert!(writes_uniform(&f, &u, "shl.b32 %r16, %r1, 1"));
        assert!(!writes_uniform(&f, &u, "mad.lo.s32 %r4"));
        assert!(!writes_uniform(&f, &u, "setp.ge.u32 %p4"));
        assert!(!writes_uniform(&f, &u, "ld.shared.u32 %r22"));
    }

    #[test]
    fn values_set_under_a_divergent_branch_are_not_uniform() {
        // x = tid < 5 ? 1 : 2 as two branches: each write is a constant.
        let src = kernel(
            ".param .u64 out",
            "  .reg .pred %p<2>; .reg .b32 %r<4>;
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 5;
  @%p1 bra A;
  mov.u32 %r2, 2;
  bra.uni J;
A:
  mov.u32 %r2, 1;
J:
  add.s32 %r3, %r2, 1;
  ret;
",
        );
        let (f, u) = analyse(&src, "k");
        assert!(!writes_uniform(&f, &u, "mov.u32 %r2, 2"));
        assert!(!writes_uniform(&f, &u, "add.s32 %r3"));
    }

    #[test]
    fn an_early_return_leaves_the_rest_uniform() {
        // if (tid >= n) return; then a loop over n every remaining lane runs.
        let src = kernel(
            ".param .u32 n",
            "  .reg .pred %p<3>; .reg .b32 %r<5>;
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  setp.ge.u32 %p1, %r2, %r1;
  @%p1 bra R;
  mov.u32 %r3, 0;
L:
  add.s32 %r3, %r3, 1;
  setp.lt.u32 %p2, %r3, %r1;
  @%p2 bra L;
R:
  ret;
",
        );
        let (f, u) = analyse(&src, "k");
        assert!(writes_uniform(&f, &u, "add.s32 %r3, %r3, 1"));
        assert!(!writes_uniform(&f, &u, "setp.ge.u32 %p1"));
    }

    #[test]
    fn a_loop_some_lanes_leave_early_has_no_uniform_counter() {
        let src = kernel(
            ".param .u32 n",
            "  .reg .pred %p<3>; .reg .b32 %r<5>;
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, 0;
L:
  setp.eq.u32 %p1, %r3, %r2;
  @%p1 bra X;
  add.s32 %r3, %r3, 1;
  setp.lt.u32 %p2, %r3, %r1;
  @%p2 bra L;
X:
  add.s32 %r4, %r3, %r1;
  ret;
",
        );
        let (f, u) = analyse(&src, "k");
        assert!(writes_uniform(&f, &u, "ld.param.u32 %r1"));
        assert!(!writes_uniform(&f, &u, "add.s32 %r3, %r3, 1"));
        assert!(!writes_uniform(&f, &u, "add.s32 %r4"));
    }

    #[test]
    fn a_uniform_loop_keeps_its_counter_uniform() {
        let src = kernel(
            ".param .u32 n",
            "  .reg .pred %p<3>; .reg .b32 %r<5>;
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, 0;
L:
  setp.eq.u32 %p1, %r2, 7;
  @%p1 bra S;
  add.s32 %r4, %r2, 1;
S:
  add.s32 %r3, %r3, 1;
  setp.lt.u32 %p2, %r3, %r1;
  @%p2 bra L;
  ret;
",
        );
        let (f, u) = analyse(&src, "k");
        assert!(writes_uniform(&f, &u, "add.s32 %r3, %r3, 1"));
        assert!(writes_uniform(&f, &u, "setp.lt.u32 %p2"));
        assert!(!writes_uniform(&f, &u, "add.s32 %r4"));
    }

    #[test]
    fn a_lone_write_before_every_read_in_a_divergent_region_stays_uniform() {
        // if (tid < n) { p = 2 * n; for (..) use p } — and what does not qualify.
        let src = kernel(
            ".param .u32 n",
            "  .reg .pred %p<5>; .reg .b32 %r<14>;
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  setp.ge.u32 %p1, %r2, %r1;
  @%p1 bra J;
  shl.b32 %r3, %r1, 1;
  shl.b32 %r12, %r1, 2;
  add.s32 %r9, %r9, 1;
  ld.param.u32 %r10, [n];
  add.s32 %r11, %r10, 1;
  mov.u32 %r4, 0;
L:
  add.s32 %r4, %r4, %r3;
  add.s32 %r5, %r3, 3;
  setp.lt.u32 %p2, %r4, %r2;
  @%p2 bra L;
  setp.eq.u32 %p3, %r2, 7;
  @%p3 bra S;
  mov.u32 %r6, %r3;
S:
  add.s32 %r7, %r6, 1;
J:
  add.s32 %r8, %r12, 1;
  ret;
",
        );
        let (f, u) = analyse(&src, "k");
        // Written once, before every read, of uniform operands.
        assert!(writes_uniform(&f, &u, "shl.b32 %r3"));
        assert!(writes_uniform(&f, &u, "add.s32 %r5"));
        // Its own operand (each lane counts its own turns).
        assert!(!writes_uniform(&f, &u, "add.s32 %r9"));
        // A loop counter the lanes leave at different times.
        assert!(!writes_uniform(&f, &u, "add.s32 %r4"));
        // Written on one side of a branch, read after it.
        assert!(!writes_uniform(&f, &u, "mov.u32 %r6"));
        // Read after the region, where lanes that skipped it run too.
        assert!(!writes_uniform(&f, &u, "shl.b32 %r12"));
        // A load in the region (memory may change between the lanes' turns), and what
        // follows from it.
        assert!(!writes_uniform(&f, &u, "ld.param.u32 %r10"));
        assert!(!writes_uniform(&f, &u, "add.s32 %r11"));
    }

    #[test]
    fn the_warp_index_is_uniform_in_rows_of_32_only() {
        let src = kernel(
            ".param .u32 n",
            "  .reg .pred %p<3>; .reg .b32 %r<8>;
  mov.u32 %r1, %tid.x;
  shr.u32 %r2, %r1, 5;
  shr.u32 %r3, %r1, 4;
  setp.eq.u32 %p1, %r2, 0;
  @%p1 bra S;
  add.s32 %r4, %r2, 7;
S:
  add.s32 %r5, %r2, 1;
  ret;
",
        );
        let f = decoded(&src, "k");
        let rows = uniform_and_divergent(&f, true).0;
        let any = uniform_and_divergent(&f, false).0;
        // threadIdx.x / 32, and what the branch on it leaves uniform.
        assert!(writes_uniform(&f, &rows, "shr.u32 %r2"));
        assert!(writes_uniform(&f, &rows, "add.s32 %r4"));
        assert!(writes_uniform(&f, &rows, "add.s32 %r5"));
        assert!(!writes_uniform(&f, &rows, "shr.u32 %r3"));
        assert!(!writes_uniform(&f, &any, "shr.u32 %r2"));
        assert!(!writes_uniform(&f, &any, "add.s32 %r4"));
    }

    #[test]
    fn lane_private_loads_and_collectives_are_not_uniform() {
        let src = kernel(
            ".param .u64 p",
            "  .local .align 4 .b8 buf[16];
  .reg .b32 %r<6>; .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [p];
  ld.global.u32 %r1, [%rd1];
  ld.local.u32 %r2, [buf];
  shfl.sync.idx.b32 %r3, %r1, 0, 31, -1;
  atom.global.add.u32 %r4, [%rd1], 1;
  add.s32 %r5, %r1, 1;
  ret;
",
        );
        let (f, u) = analyse(&src, "k");
        assert!(writes_uniform(&f, &u, "ld.global.u32 %r1"));
        assert!(writes_uniform(&f, &u, "add.s32 %r5"));
        assert!(!writes_uniform(&f, &u, "ld.local.u32 %r2"));
        assert!(!writes_uniform(&f, &u, "shfl.sync.idx.b32 %r3"));
        assert!(!writes_uniform(&f, &u, "atom.global.add.u32 %r4"));
    }
}
