//! Threads with unequal work: a rung of the tier ladder (`jit/tiering.rs`) read from the code.
//!
//! A kernel whose threads each loop over their own list (a CSR row in a scalar SpMV, a node's
//! edges in a BFS) runs fastest on the per-thread JIT: each thread walks its list to the end,
//! its loads in order through its own cache lines, and a thread with a short list costs only
//! its own iterations. The warp tier and the block tier run 32 or 16 such threads side by side:
//! every lane's load is a gather from another list, and the lanes that are done wait, masked,
//! for the longest list. Measured (process CPU, one worker, 2-core VM): the kit's
//! `spmv_scalar` 526 ms on the per-thread JIT against 2,012 on the warp tier and 2,529 on the
//! block tier; `bfs` 860 against 1,999 and 2,213.
//!
//! The fact that predicts it: a loop whose trip count each thread reads from memory at an
//! address of its own (`start[v]`, `start[v + 1]`), and that loads from global memory. Loops
//! whose exit tests data they compute (a Collatz count, `divergent`) or narrow a range (a
//! binary search, `merge_sort`) are not such loops: the block tier wins those (its masks cost
//! little beside arithmetic, and a search's lanes run the same number of steps).

use crate::ir::operands::Operand;
use crate::ir::{Addr, Base, BinOp, Func, Inst, Op, Reg, Space, Src, Sreg};

/// Whether kernel `f`'s threads loop over lists of their own, read from memory (see the
/// module documentation): without barriers, warp collectives or texture reads, which the
/// per-thread JIT stops each thread at.
pub(crate) fn per_thread_lists(f: &Func) -> bool {
    let stops = f.code.iter().any(|i| matches!(i.op, Op::Bar { .. } | Op::Tex(_)) || crate::jit::is_collective(&i.op));
    if stops {
        return false;
    }
    let loaded = loaded_per_thread(f);
    f.code.iter().enumerate().any(|(pc, i)| match (&i.op, i.guard) {
        (Op::Bra { target, .. }, Some(g)) if (*target as usize) <= pc => {
            let body = &f.code[*target as usize..=pc];
            let loads = body.iter().any(|j| matches!(&j.op, Op::Ld { space: Space::Global | Space::Generic, .. }));
            loads && counts_to_loaded(body, g.reg, &loaded)
        }
        // Forward or unguarded branches, `brx.idx` (its targets are not followed) and every
        // other instruction: no loop of this kind.
        (Op::Bra { .. } | Op::Brx { .. } | crate::ir::non_branch_ops!(), _) => false,
    })
}

/// Whether the loop `body` exits on predicate `p` set by comparing a counter (a register the
/// body only steps by constants) with a bound it does not compute, either of them from
/// `loaded` data.
fn counts_to_loaded(body: &[Inst], p: Reg, loaded: &[bool]) -> bool {
    let Some((a, b)) = body.iter().rev().find_map(|j| match &j.op {
        Op::Setp { d, a, b, comb: None, .. } if *d == p => Some((a, b)),
        // Not the comparison that sets `p`.
        crate::ir::register_ops!() | crate::ir::non_register_ops!() => None,
    }) else {
        return false;
    };
    let writes = |r: Reg| body.iter().filter(move |j| defines(&j.op, r));
    let counter = |r: Reg| {
        writes(r).count() > 0
            && writes(r).all(|j| {
                matches!(&j.op, Op::Bin { op: BinOp::Add(_) | BinOp::Sub(_), d, a: Src::Reg(x), b: Src::Imm(_) } if d == x)
            })
    };
    let is_loaded = |s: &Src| matches!(s, Src::Reg(r) if loaded.get(*r as usize).copied().unwrap_or(false));
    // A bound the body does not write, or only reloads (nvcc reads `start[v + 1]` again after
    // stores that might alias it: a BFS's expand).
    let invariant = |s: &Src| match s {
        Src::Reg(r) => writes(*r).all(|j| matches!(j.op, Op::Ld { space: Space::Global | Space::Generic, .. })),
        _ => true,
    };
    [(a, b), (b, a)].into_iter().any(|(c, bound)| {
        matches!(c, Src::Reg(r) if counter(*r)) && invariant(bound) && (is_loaded(c) || is_loaded(bound))
    })
}

/// Whether instruction `op` writes register `r`.
fn defines(op: &Op, r: Reg) -> bool {
    let mut hit = false;
    op.operands(&mut |o| hit |= o == Operand::Def(r));
    hit
}

/// Per register of `f`: whether some value it holds derives from a global load at an address
/// that depends on the thread's index (its own data, not a value every thread reads). Flow-
/// insensitive: a register written anywhere from such data counts.
fn loaded_per_thread(f: &Func) -> Vec<bool> {
    let thread_index = |o: Operand<'_>| matches!(o, Operand::Src(Src::Sreg(Sreg::Tid(_) | Sreg::Laneid)));
    let per_thread = spread(f, |i| {
        let mut hit = false;
        i.op.operands(&mut |o| hit |= thread_index(o));
        hit
    });
    spread(f, |i| match &i.op {
        Op::Ld { space: Space::Global | Space::Generic, addr: Addr { base: Base::Reg(b), .. }, .. } => {
            per_thread.get(*b as usize).copied().unwrap_or(false)
        }
        // Other loads, stores, atomics (their results are not followed) and every other
        // instruction: no per-thread data loaded.
        Op::Ld { .. } | Op::St { .. } | Op::Atom { .. } | crate::ir::non_ld_st_atom_ops!() => false,
    })
}

/// Per register of `f`: whether it is written by an instruction `seed` picks or by one that
/// reads such a register (to a fixpoint; each round sets one more register, or stops).
fn spread(f: &Func, seed: impl Fn(&Inst) -> bool) -> Vec<bool> {
    let mut set = vec![false; f.nregs as usize];
    loop {
        let mut changed = false;
        for i in &f.code {
            let mut from = seed(i);
            i.op.operands(&mut |o| {
                from |= o.read_reg().is_some_and(|r| set.get(r as usize).copied().unwrap_or(false));
            });
            if !from {
                continue;
            }
            i.op.operands(&mut |o| {
                if let Operand::Def(d) = o
                    && let Some(s) = set.get_mut(d as usize)
                    && !*s
                {
                    *s = true;
                    changed = true;
                }
            });
        }
        if !changed {
            return set;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::per_thread_lists;
    use crate::ir::Func;

    /// Kernel `k` of a module whose body (after the thread's index in `%r4` and its word's
    /// address in `input` in `%rd3`) is `body`.
    fn kernel(body: &str) -> Func {
        let ptx = format!(
            ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 input, .param .u64 n) {{\n\
             .reg .pred %p<4>;\n.reg .b32 %r<16>;\n.reg .b64 %rd<16>;\n\
             ld.param.u64 %rd1, [input];\nld.param.u64 %rd2, [n];\nmov.u32 %r1, %tid.x;\nmov.u32 %r2, %ctaid.x;\n\
             mov.u32 %r3, %ntid.x;\nmad.lo.s32 %r4, %r2, %r3, %r1;\nmul.wide.u32 %rd4, %r4, 4;\n\
             add.s64 %rd3, %rd1, %rd4;\n{body}\nret;\n}}\n"
        );
        crate::decode::test_kernel(&ptx, "k")
    }

    /// `for (e = start[i]; e < start[i + 1]; e++) s += vals[e]`, as nvcc writes it.
    const ROW: &str = "ld.global.u32 %r5, [%rd3];\nld.global.u32 %r6, [%rd3+4];\nmov.u32 %r7, 0;\n\
        L: mul.wide.u32 %rd5, %r5, 4;\nadd.s64 %rd6, %rd1, %rd5;\nld.global.u32 %r8, [%rd6];\n\
        add.u32 %r7, %r7, %r8;\nadd.u32 %r5, %r5, 1;\nsetp.lt.u32 %p1, %r5, %r6;\n@%p1 bra L;\n\
        st.global.u32 [%rd3], %r7;";

    #[test]
    fn a_loop_over_a_list_read_per_thread() {
        assert!(per_thread_lists(&kernel(ROW)));
        // nvcc's remainder loop: a count from loaded data, stepped down to zero.
        let remainder = "ld.global.u32 %r5, [%rd3];\nand.b32 %r9, %r5, 3;\nmov.u32 %r7, 0;\n\
            L: ld.global.u32 %r8, [%rd3];\nadd.u32 %r7, %r7, %r8;\nadd.s32 %r9, %r9, -1;\n\
            setp.ne.s32 %p1, %r9, 0;\n@%p1 bra L;\nst.global.u32 [%rd3], %r7;";
        assert!(per_thread_lists(&kernel(remainder)));
        // The bound read again in the body, after a store that might have changed it.
        let reload = ROW.replace(
            "add.u32 %r5, %r5, 1;",
            "st.global.u32 [%rd6], %r7;\nld.global.u32 %r6, [%rd3+4];\nadd.u32 %r5, %r5, 1;",
        );
        assert!(per_thread_lists(&kernel(&reload)));
    }

    #[test]
    fn loops_that_are_not_lists_of_a_threads_own() {
        // A bound every thread reads at the same address.
        let shared = ROW.replace("ld.global.u32 %r6, [%rd3+4];", "ld.global.u32 %r6, [%rd2];");
        let shared = shared.replace("ld.global.u32 %r5, [%rd3];", "mov.u32 %r5, 0;");
        assert!(!per_thread_lists(&kernel(&shared)));
        // A Collatz count: the exit tests computed data, not a counter (`divergent`).
        let collatz = "ld.global.u32 %r5, [%rd3];\nmov.u32 %r7, 0;\nL: and.b32 %r8, %r5, 1;\n\
            setp.eq.u32 %p2, %r8, 0;\nshr.u32 %r9, %r5, 1;\nmad.lo.u32 %r10, %r5, 3, 1;\n\
            selp.u32 %r5, %r9, %r10, %p2;\nld.global.u32 %r11, [%rd1];\nadd.u32 %r7, %r7, %r11;\n\
            setp.ne.u32 %p1, %r5, 1;\n@%p1 bra L;\nst.global.u32 [%rd3], %r7;";
        assert!(!per_thread_lists(&kernel(collatz)));
        // A binary search narrows a range (`merge_sort`'s ranks).
        let search = "ld.global.u32 %r5, [%rd3];\nmov.u32 %r6, 0;\nmov.u32 %r7, 64;\n\
            L: add.u32 %r8, %r6, %r7;\nshr.u32 %r8, %r8, 1;\nmul.wide.u32 %rd5, %r8, 4;\n\
            add.s64 %rd6, %rd1, %rd5;\nld.global.u32 %r9, [%rd6];\nsetp.lt.u32 %p2, %r9, %r5;\n\
            add.u32 %r10, %r8, 1;\nselp.u32 %r6, %r10, %r6, %p2;\nselp.u32 %r7, %r7, %r8, %p2;\n\
            setp.lt.u32 %p1, %r6, %r7;\n@%p1 bra L;\nst.global.u32 [%rd3], %r6;";
        assert!(!per_thread_lists(&kernel(search)));
        // A barrier in the kernel: the per-thread JIT would stop every thread there.
        assert!(!per_thread_lists(&kernel(&format!("bar.sync 0;\n{ROW}"))));
    }
}
