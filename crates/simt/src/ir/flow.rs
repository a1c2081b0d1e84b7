//! Where control goes after each operation: the one classification of `Op` by control flow that
//! the control-flow graph (`cfg`), liveness and the uniformity analysis build on, and which
//! function a call reaches (`Op::callee`), which the call-graph walks build on. Their matches have
//! no catch-all arm: a new operation states whether it branches and whether it calls.

use super::{AtomOp, Builtin, Inst, Op, Src, calls, collectives, frame_ops, memory_access, no_memory, register_ops};

/// Where control may go after an operation executes (besides the next instruction when the
/// operation's guard is false).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow<'a> {
    /// On to the next instruction (calls and barriers come back to it).
    Next,
    /// `bra`: to the target.
    Jump(u32),
    /// `brx.idx`: to one of the targets.
    Table(&'a [u32]),
    /// `ret`, `exit`, `trap`: out of the function.
    Leave,
}

impl Op {
    /// Where control goes after the operation.
    pub(crate) fn flow(&self) -> Flow<'_> {
        match self {
            Op::Bra { target, .. } => Flow::Jump(*target),
            Op::Brx { targets, .. } => Flow::Table(targets),
            Op::Ret | Op::Exit | Op::Trap => Flow::Leave,
            Op::Nop
            | Op::Nanosleep
            | frame_ops!()
            | register_ops!()
            | memory_access!()
            | calls!()
            | Op::Bar { .. }
            | collectives!()
            | Op::Fence
            | Op::Tex(_)
            | Op::Mma(_)
            | Op::Cluster(_)
            | Op::Carry { .. } => Flow::Next,
        }
    }
}

/// What a call operation calls (`Op::callee`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Callee {
    /// `call`: the function of the module with this index.
    Func(u32),
    /// `call` through a function pointer: any function whose address was taken.
    Pointer,
    /// A function the executor provides (`vprintf`, `malloc`, ...).
    Builtin(Builtin),
}

impl Op {
    /// What the operation calls; `None` for every operation that is not a call.
    pub(crate) fn callee(&self) -> Option<Callee> {
        match self {
            Op::Call { func, .. } => Some(Callee::Func(*func)),
            Op::CallInd { .. } => Some(Callee::Pointer),
            Op::Builtin { f, .. } => Some(Callee::Builtin(*f)),
            Op::Nop
            | Op::Nanosleep
            | frame_ops!()
            | register_ops!()
            | memory_access!()
            | Op::Bra { .. }
            | Op::Brx { .. }
            | Op::Ret
            | Op::Exit
            | Op::Trap
            | Op::Bar { .. }
            | collectives!()
            | Op::Fence
            | Op::Tex(_)
            | Op::Mma(_)
            | Op::Cluster(_)
            | Op::Carry { .. } => None,
        }
    }
}

impl Inst {
    /// The instructions control may reach after this one at `pc`, in a function of `end`
    /// instructions; `leave` stands for leaving the function (`None`: not listed). Targets past
    /// the end are `end`.
    pub(crate) fn successors(&self, pc: usize, end: usize, leave: Option<usize>, out: &mut Vec<usize>) {
        let next = (pc + 1).min(end);
        let flow = self.op.flow();
        match flow {
            Flow::Next => out.push(next),
            Flow::Jump(t) => out.push((t as usize).min(end)),
            Flow::Table(ts) => out.extend(ts.iter().map(|&t| (t as usize).min(end))),
            Flow::Leave => out.extend(leave),
        }
        // A guarded branch or exit may not be taken.
        if self.guard.is_some() && flow != Flow::Next {
            out.push(next);
        }
    }
}

/// How an operation swaps a value into memory, the way a lock is taken (`Op::swap`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Swap {
    /// A scalar `atom.cas` or `atom.exch`: `b`, the value compared against (`cas`) or swapped
    /// in (`exch`).
    Scalar(Src),
    /// A 128-bit or vector one (pairs or vectors of values).
    Wide,
}

impl Op {
    /// Whether the operation swaps a value into memory (a compare-and-swap or an exchange),
    /// and how: what both lock rules look for, the scheduler's (`exec::scheduler`, a warp
    /// whose lanes spin on a lock) and the compiled tiers' (`spin_lock_loop`). Calls are
    /// `None`: a rule that looks into them follows `Op::callee`. Every variant is named, so
    /// that a new instruction is decided here (one that takes a lock and is missed leaves a
    /// spin lock's holder waiting behind its warp-mates).
    pub(crate) fn swap(&self) -> Option<Swap> {
        match self {
            Op::Atom { op: AtomOp::Cas | AtomOp::Exch, b, .. } => Some(Swap::Scalar(*b)),
            Op::Atom { .. } => None,
            // 128-bit atomics are `cas` and `exch` only.
            Op::Atom128 { .. } => Some(Swap::Wide),
            Op::AtomV(v) => matches!(v.op, AtomOp::Cas | AtomOp::Exch).then_some(Swap::Wide),
            Op::Ld { .. }
            | Op::St { .. }
            | Op::Mbar { .. }
            | Op::CpBulk { .. }
            | Op::CpAsync { .. }
            | calls!()
            | no_memory!()
            | Op::Tex(_)
            | Op::Mma(_)
            | Op::Cluster(_) => None,
        }
    }
}

/// The pc of the first loop (a backward branch, its body from the target to the branch) of
/// `code` that spins for a lock: a compare-and-swap against a constant (`atomicCAS(&lock, 0,
/// 1)`) or an exchange of a constant (`atomicExch(&lock, 1)`) inside it. Under independent
/// thread scheduling the lane that took the lock must make progress while its warp-mates spin,
/// which only the interpreter's scheduler guarantees (`Warp::give_way`); a retry loop that
/// swaps in a value computed from the one it read (a float `atomicMax` by CAS) compares
/// against a register, and is none.
pub(crate) fn spin_lock_loop(code: &[Inst]) -> Option<usize> {
    use super::UnOp;
    use super::operands::Operand;
    // A constant: an immediate, or a register the body writes only with immediates (nvcc
    // moves the lock's values into registers inside the loop) or not at all.
    let constant = |body: &[Inst], s: &Src| match *s {
        Src::Imm(_) => true,
        Src::Reg(r) => body.iter().all(|j| {
            let mut writes = false;
            j.op.operands(&mut |o| writes |= matches!(o, Operand::Def(d) if d == r));
            !writes || matches!(j.op, Op::Un { op: UnOp::Mov, a: Src::Imm(_), .. })
        }),
        _ => false,
    };
    let takes_lock = |body: &[Inst], i: &Inst| matches!(i.op.swap(), Some(Swap::Scalar(b)) if constant(body, &b));
    code.iter().enumerate().find_map(|(pc, i)| match i.op.flow() {
        Flow::Jump(target) if (target as usize) <= pc => {
            let body = code.get(target as usize..=pc)?;
            body.iter().any(|j| takes_lock(body, j)).then_some(pc)
        }
        Flow::Jump(_) | Flow::Next | Flow::Table(_) | Flow::Leave => None,
    })
}

#[cfg(test)]
mod tests {
    use super::spin_lock_loop;

    fn code(body: &str) -> Vec<super::Inst> {
        let ptx = format!(
            ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 p) {{\n\
             .reg .pred %p<3>; .reg .b32 %r<9>; .reg .b64 %rd<3>;\n\
             ld.param.u64 %rd1, [p];\n{body}\nret;\n}}\n"
        );
        crate::decode::test_kernel(&ptx, "k").code
    }

    #[test]
    fn a_loop_around_a_compare_and_swap_of_constants_is_a_spin_lock() {
        // clang: the constants inline.
        assert!(
            spin_lock_loop(&code("L: atom.global.cas.b32 %r1, [%rd1], 0, 1;\nsetp.ne.s32 %p1, %r1, 0;\n@%p1 bra L;"))
                .is_some()
        );
        // nvcc: moved into registers inside the loop.
        let nvcc = "L: mov.u32 %r2, 1;\nmov.u32 %r3, 0;\natom.global.cas.b32 %r1, [%rd1], %r3, %r2;\n\
                    setp.ne.s32 %p1, %r1, 0;\n@%p1 bra L;";
        assert!(spin_lock_loop(&code(nvcc)).is_some());
        assert!(
            spin_lock_loop(&code("L: atom.global.exch.b32 %r1, [%rd1], 1;\nsetp.ne.s32 %p1, %r1, 0;\n@%p1 bra L;"))
                .is_some()
        );
    }

    #[test]
    fn a_retry_loop_that_swaps_in_what_it_read_is_no_lock() {
        // `atomicMax` on floats by CAS: the expected value is the one the last CAS returned.
        let retry = "ld.global.u32 %r1, [%rd1];\nL: mov.u32 %r2, %r1;\nmax.f32 %r3, %r2, 0f3F800000;\n\
                     atom.global.cas.b32 %r1, [%rd1], %r2, %r3;\nsetp.ne.s32 %p1, %r1, %r2;\n@%p1 bra L;";
        assert_eq!(spin_lock_loop(&code(retry)), None);
        // A CAS of constants outside any loop (a one-shot claim) is none either.
        assert_eq!(spin_lock_loop(&code("atom.global.cas.b32 %r1, [%rd1], 0, 1;")), None);
    }
}
