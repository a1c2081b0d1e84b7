//! Instructions that only the threads of one `threadIdx.x` run: those behind a test of
//! `threadIdx.x` against a constant (`if (threadIdx.x == 0) { ... }`: nvcc's `setp.ne.s32 %p,
//! %r, 0; @%p bra` around the body, or a guard on the instruction itself). The lockstep hazard
//! rule (`hazard.rs`) asks it: a shared load that only thread `c` runs, after shared stores that
//! only thread `c` runs, reads what that thread wrote itself, in program order, whatever order
//! the threads of its warp run in (a block scan's `if (t == 0) { sum = s[n - 1]; s[n - 1] = 0; }`
//! right after its up-sweep's last step, which thread 0 did alone).
//!
//! In a block of several rows, every row has a thread of that `threadIdx.x`. Those threads
//! cannot tell each other apart through registers when the kernel reads no other thread index
//! (`%tid.y`, `%tid.z`, `%laneid`, `%warpid`, `%lanemask_*`) and no warp collective's result
//! ([`rows_alike`]): they then store to the same addresses, a race between them whichever
//! tier runs it. (Threads that tell themselves apart through memory, an atomic's ticket, are
//! not followed.)

use super::live::{for_each_src, successors};
use crate::ir::*;
use ptx::types::CmpOp;

/// What the threads reaching an instruction share, as far as tests of `threadIdx.x` say.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Reach {
    /// No path reaches it (yet).
    None,
    /// Only threads whose `threadIdx.x` is this value.
    X(u64),
    /// Any thread.
    Any,
}

impl Reach {
    fn join(self, other: Reach) -> Reach {
        match (self, other) {
            (Reach::None, r) | (r, Reach::None) => r,
            (a, b) if a == b => a,
            _ => Reach::Any,
        }
    }

    /// The threads of `self` that also pass a test keeping `threadIdx.x == c` (when `c` is one).
    fn and(self, c: Option<u64>) -> Reach {
        match (self, c) {
            (Reach::Any, Some(c)) => Reach::X(c),
            (r, _) => r,
        }
    }
}

/// Whether the threads of one `threadIdx.x` in different rows compute the same registers (see
/// the module docs): `f` reads no thread index but `%tid.x` and has no warp collective.
pub(crate) fn rows_alike(f: &Func) -> bool {
    f.code.iter().all(|inst| {
        let mut alike = !matches!(inst.op, collectives!());
        for_each_src(&inst.op, &mut |s| {
            if let Src::Sreg(r) = s {
                alike &= !(matches!(r, Sreg::Tid(1 | 2)) || r.warp_position());
            }
        });
        alike
    })
}

/// Per instruction: `Some(c)` when only threads with `threadIdx.x == c` run it.
pub(crate) fn solo_x(f: &Func) -> Vec<Option<u64>> {
    let n = f.code.len();
    let facts = predicate_facts(f);
    // What a predicate register's value `v` says of the thread: `threadIdx.x == c`, or nothing.
    let when =
        |reg: Reg, v: bool| facts.get(reg as usize).copied().flatten().and_then(|(c, eq)| (v == eq).then_some(c));
    let mut reach = vec![Reach::None; n + 1];
    if n > 0 {
        reach[0] = Reach::Any;
    }
    let mut work: Vec<usize> = (0..n.min(1)).collect();
    let mut succ = Vec::new();
    while let Some(pc) = work.pop() {
        let inst = &f.code[pc];
        succ.clear();
        successors(f, pc, &mut succ);
        for &s in &succ {
            // A guarded branch: its target is reached when the guard holds, the next
            // instruction when it does not (both, when they are one).
            let edge = match (inst.guard, &inst.op) {
                (Some(g), Op::Bra { target, .. }) if (*target as usize) != pc + 1 => {
                    let taken = s == (*target as usize).min(n);
                    reach[pc].and(when(g.reg, taken != g.neg))
                }
                _ => reach[pc],
            };
            let joined = reach[s].join(edge);
            if joined != reach[s] {
                reach[s] = joined;
                if s < n {
                    work.push(s);
                }
            }
        }
    }
    f.code
        .iter()
        .enumerate()
        .map(|(pc, inst)| {
            let own = match inst.guard {
                Some(g) if !matches!(inst.op, Op::Bra { .. }) => reach[pc].and(when(g.reg, !g.neg)),
                _ => reach[pc],
            };
            match own {
                Reach::X(c) => Some(c),
                Reach::None | Reach::Any => None,
            }
        })
        .collect()
}

/// Per predicate register: `Some((c, eq))` when every definition of it is one test of
/// `threadIdx.x` against `c`, true exactly when `threadIdx.x == c` (`eq`) or exactly when not.
fn predicate_facts(f: &Func) -> Vec<Option<(u64, bool)>> {
    let tid_x = tid_x_registers(f);
    let is_tid = |s: &Src| match s {
        Src::Sreg(Sreg::Tid(0)) => true,
        Src::Reg(r) => tid_x.get(*r as usize).copied().unwrap_or(false),
        _ => false,
    };
    let mut facts: Vec<Option<Option<(u64, bool)>>> = vec![None; f.nregs as usize];
    let (mut uses, mut defs) = (Vec::new(), Vec::new());
    for inst in &f.code {
        let fact = match &inst.op {
            Op::Setp { cmp, out: SetOut::Pred, d, dn: None, a, b: Src::Imm(c), comb: None }
                if inst.guard.is_none() && is_tid(a) && matches!(cmp.kind, b'u' | b's' | b'b') && cmp.w >= 16 =>
            {
                test_of_tid(cmp.op, *c).map(|fact| (*d, fact))
            }
            // Any other definition says nothing of `threadIdx.x`.
            register_ops!() | non_register_ops!() => None,
        };
        uses.clear();
        defs.clear();
        super::live::uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
        for &d in &defs {
            let this = fact.filter(|&(r, _)| r == d).map(|(_, fact)| fact);
            if let Some(slot) = facts.get_mut(d as usize) {
                // Two definitions must agree; any other definition says nothing.
                *slot = Some(match *slot {
                    None => this,
                    Some(old) if old == this => old,
                    Some(_) => None,
                });
            }
        }
    }
    facts.into_iter().map(Option::flatten).collect()
}

/// `threadIdx.x OP c` (`threadIdx.x` below 1024, so non-negative whether compared signed or
/// not) as `(c', eq)`: true exactly when `threadIdx.x == c'` (`eq`) or when not.
fn test_of_tid(op: CmpOp, c: u64) -> Option<(u64, bool)> {
    match (op, c) {
        (CmpOp::Eq, c) => Some((c, true)),
        (CmpOp::Ne, c) => Some((c, false)),
        (CmpOp::Le | CmpOp::Ls, 0) | (CmpOp::Lt | CmpOp::Lo, 1) => Some((0, true)),
        (CmpOp::Gt | CmpOp::Hi, 0) | (CmpOp::Ge | CmpOp::Hs, 1) => Some((0, false)),
        _ => None,
    }
}

/// Registers every definition of which copies `%tid.x` (or such a register), unguarded.
fn tid_x_registers(f: &Func) -> Vec<bool> {
    let nregs = f.nregs as usize;
    // Start from "every register is one" and strike those with another definition.
    let mut is = vec![true; nregs];
    let mut defined = vec![false; nregs];
    let (mut uses, mut defs) = (Vec::new(), Vec::new());
    let mut changed = true;
    while changed {
        changed = false;
        for inst in &f.code {
            uses.clear();
            defs.clear();
            super::live::uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
            let copy = match &inst.op {
                Op::Un { op: UnOp::Mov, a: Src::Sreg(Sreg::Tid(0)), .. } => true,
                Op::Un { op: UnOp::Mov, a: Src::Reg(r), .. } => is.get(*r as usize).copied().unwrap_or(false),
                register_ops!() | non_register_ops!() => false,
            } && inst.guard.is_none()
                && defs.len() == 1;
            for &d in &defs {
                let Some(slot) = is.get_mut(d as usize) else { continue };
                defined[d as usize] = true;
                if *slot && !copy {
                    *slot = false;
                    changed = true;
                }
            }
        }
    }
    is.iter().zip(&defined).map(|(&is, &defined)| is && defined).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn func(body: &str) -> Func {
        let src = format!(
            ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 out)\n{{\n\
             .reg .pred %p<4>;\n.reg .b32 %r<8>;\n{body}\n}}\n"
        );
        let p = crate::Program::from_ptx(&src).expect("load");
        p.funcs[0].as_ref().expect("decoded").clone()
    }

    /// The solo value of the instructions whose text starts with each of `texts`.
    fn solo_of(f: &Func, texts: &[&str]) -> Vec<Option<u64>> {
        let solo = solo_x(f);
        texts
            .iter()
            .map(|t| {
                let pc = f.info.iter().position(|i| i.text.trim_start().starts_with(t)).expect("instruction");
                solo[pc]
            })
            .collect()
    }

    #[test]
    fn code_behind_a_test_of_tid_x_against_a_constant_is_solo() {
        let f = func(
            "mov.u32 %r1, %tid.x;\n\
             mov.u32 %r2, 5;\n\
             setp.gt.s32 %p1, %r1, 0;\n\
             @%p1 bra SKIP;\n\
             add.u32 %r2, %r2, 1;\n\
             SKIP:\n\
             setp.ne.u32 %p2, %r1, 3;\n\
             @!%p2 add.u32 %r3, %r2, 2;\n\
             @%p2 add.u32 %r4, %r2, 3;\n\
             ret;",
        );
        assert_eq!(
            solo_of(&f, &["add.u32 %r2", "setp.ne", "@!%p2 add", "@%p2 add", "ret"]),
            [Some(0), None, Some(3), None, None]
        );
    }

    #[test]
    fn a_test_of_anything_but_tid_x_or_a_redefined_predicate_says_nothing() {
        let f = func(
            "mov.u32 %r1, %tid.y;\n\
             setp.ne.u32 %p1, %r1, 0;\n\
             @%p1 bra A;\n\
             add.u32 %r2, %r2, 1;\n\
             A:\n\
             mov.u32 %r3, %tid.x;\n\
             setp.ne.u32 %p2, %r3, 0;\n\
             setp.ne.u32 %p2, %r3, 1;\n\
             @%p2 bra B;\n\
             add.u32 %r4, %r4, 1;\n\
             B:\n\
             setp.lt.u32 %p3, %r3, 2;\n\
             @!%p3 bra C;\n\
             add.u32 %r5, %r5, 1;\n\
             C:\n\
             ret;",
        );
        assert_eq!(solo_of(&f, &["add.u32 %r2", "add.u32 %r4", "add.u32 %r5"]), [None, None, None]);
    }

    #[test]
    fn paths_from_different_threads_join_to_any() {
        let f = func(
            "mov.u32 %r1, %tid.x;\n\
             setp.eq.u32 %p1, %r1, 0;\n\
             @%p1 bra ZERO;\n\
             setp.ne.u32 %p2, %r1, 1;\n\
             @%p2 bra END;\n\
             add.u32 %r2, %r2, 1;\n\
             bra JOIN;\n\
             ZERO:\n\
             add.u32 %r3, %r3, 1;\n\
             JOIN:\n\
             add.u32 %r4, %r4, 1;\n\
             END:\n\
             ret;",
        );
        assert_eq!(solo_of(&f, &["add.u32 %r2", "add.u32 %r3", "add.u32 %r4"]), [Some(1), Some(0), None]);
    }

    #[test]
    fn rows_are_alike_unless_the_kernel_reads_another_thread_index() {
        assert!(rows_alike(&func("mov.u32 %r1, %tid.x;\nmov.u32 %r2, %ntid.y;\nret;")));
        assert!(!rows_alike(&func("mov.u32 %r1, %tid.y;\nret;")));
        assert!(!rows_alike(&func("mov.u32 %r1, %laneid;\nret;")));
        assert!(!rows_alike(&func("mov.u32 %r1, %tid.x;\nshfl.sync.down.b32 %r2|%p1, %r1, 1, 31, -1;\nret;")));
    }
}
