//! Families of `Op` variants that the analyses treat alike, each listed once here. A family is
//! a pattern macro (`register_ops!()` stands for `Op::Un { .. } | Op::Bin { .. } | ...`), so a
//! match that names families stays exhaustive, with no catch-all arm: a new variant either
//! joins a family here (and every match naming the family decides it as the family does) or is
//! named in every match, which the compiler checks.

/// Register operations: each lane computes registers from its register and immediate operands
/// (`cvta`, `isspacep`: and the fixed bases of the state spaces' windows) and nothing else: no
/// memory, no control flow, no other lane, no carry flag.
macro_rules! register_ops {
    () => {
        $crate::ir::Op::Un { .. }
            | $crate::ir::Op::Bin { .. }
            | $crate::ir::Op::Tern { .. }
            | $crate::ir::Op::Setp { .. }
            | $crate::ir::non_arith_register_ops!()
    };
}
pub(crate) use register_ops;

/// The register operations beyond the arithmetic shapes (`Un`, `Bin`, `Tern`) and `setp`:
/// bit-field insert, packing and unpacking, two-register moves, `cvta`, `isspacep`. A match
/// that recognizes some arithmetic names the rest of `register_ops!()` through this family.
macro_rules! non_arith_register_ops {
    () => {
        $crate::ir::Op::Bfi { .. }
            | $crate::ir::Op::Pack { .. }
            | $crate::ir::Op::Unpack { .. }
            | $crate::ir::Op::Mov2 { .. }
            | $crate::ir::Op::Cvta { .. }
            | $crate::ir::Op::Isspacep { .. }
    };
}
pub(crate) use non_arith_register_ops;

/// The thread's `alloca` stack: `alloca`, `stacksave`, `stackrestore`.
macro_rules! frame_ops {
    () => {
        $crate::ir::Op::Alloca { .. } | $crate::ir::Op::StackSave { .. } | $crate::ir::Op::StackRestore { .. }
    };
}
pub(crate) use frame_ops;

/// Loads, stores, atomics, mbarrier operations and asynchronous copies: the instructions that
/// reach memory through an address operand (texture and cluster operations aside).
macro_rules! memory_access {
    () => {
        $crate::ir::Op::Ld { .. }
            | $crate::ir::Op::St { .. }
            | $crate::ir::Op::Atom { .. }
            | $crate::ir::other_memory!()
    };
}
pub(crate) use memory_access;

/// The memory accesses beyond plain loads, stores and scalar atomics: 128-bit and vector
/// atomics, mbarrier operations and asynchronous copies.
macro_rules! other_memory {
    () => {
        $crate::ir::Op::Atom128 { .. }
            | $crate::ir::Op::AtomV(_)
            | $crate::ir::Op::Mbar { .. }
            | $crate::ir::Op::CpBulk { .. }
            | $crate::ir::Op::CpAsync { .. }
    };
}
pub(crate) use other_memory;

/// Calls: of a function of the module, through a pointer, or of one the executor provides.
macro_rules! calls {
    () => {
        $crate::ir::Op::Call { .. } | $crate::ir::Op::CallInd { .. } | $crate::ir::Op::Builtin { .. }
    };
}
pub(crate) use calls;

/// The warp-collective operations: lanes of a member mask (or the executing lanes) act
/// together (`bar.warp.sync`, `elect`, `shfl`, `vote`, `activemask`, `redux`, `match`).
macro_rules! collectives {
    () => {
        $crate::ir::Op::WarpSync { .. }
            | $crate::ir::Op::Elect { .. }
            | $crate::ir::Op::Shfl { .. }
            | $crate::ir::Op::Vote { .. }
            | $crate::ir::Op::Activemask { .. }
            | $crate::ir::Op::Redux { .. }
            | $crate::ir::Op::Match { .. }
    };
}
pub(crate) use collectives;

/// Every operation that is not a warp collective (`collectives!()`): a match that decides the
/// collectives one by one names them and this family, and stays exhaustive.
macro_rules! non_collective_ops {
    () => {
        $crate::ir::Op::Nop
            | $crate::ir::Op::Nanosleep
            | $crate::ir::frame_ops!()
            | $crate::ir::register_ops!()
            | $crate::ir::memory_access!()
            | $crate::ir::calls!()
            | $crate::ir::Op::Bra { .. }
            | $crate::ir::Op::Ret
            | $crate::ir::Op::Exit
            | $crate::ir::Op::Trap
            | $crate::ir::Op::Bar { .. }
            | $crate::ir::Op::Brx { .. }
            | $crate::ir::Op::Fence
            | $crate::ir::Op::Tex(_)
            | $crate::ir::Op::Mma(_)
            | $crate::ir::Op::Cluster(_)
            | $crate::ir::Op::Carry { .. }
    };
}
pub(crate) use non_collective_ops;

/// Operations that access no memory (though `bar` and `fence` order it): no-ops, the `alloca`
/// stack, register operations, control flow, barriers, warp collectives and the carry flag.
macro_rules! no_memory {
    () => {
        $crate::ir::Op::Nop
            | $crate::ir::Op::Nanosleep
            | $crate::ir::frame_ops!()
            | $crate::ir::register_ops!()
            | $crate::ir::Op::Bra { .. }
            | $crate::ir::Op::Ret
            | $crate::ir::Op::Exit
            | $crate::ir::Op::Trap
            | $crate::ir::Op::Bar { .. }
            | $crate::ir::collectives!()
            | $crate::ir::Op::Brx { .. }
            | $crate::ir::Op::Fence
            | $crate::ir::Op::Carry { .. }
    };
}
pub(crate) use no_memory;

/// Every operation but the branches (`bra`, `brx.idx`): none has a target or a reconvergence
/// point (it goes on to the next instruction or leaves the function: `Op::flow`). A match that
/// treats the branches specially names them and this family, and stays exhaustive.
macro_rules! non_branch_ops {
    () => {
        $crate::ir::Op::Nop
            | $crate::ir::Op::Nanosleep
            | $crate::ir::frame_ops!()
            | $crate::ir::register_ops!()
            | $crate::ir::memory_access!()
            | $crate::ir::calls!()
            | $crate::ir::Op::Ret
            | $crate::ir::Op::Exit
            | $crate::ir::Op::Trap
            | $crate::ir::Op::Bar { .. }
            | $crate::ir::collectives!()
            | $crate::ir::Op::Fence
            | $crate::ir::Op::Tex(_)
            | $crate::ir::Op::Mma(_)
            | $crate::ir::Op::Cluster(_)
            | $crate::ir::Op::Carry { .. }
    };
}
pub(crate) use non_branch_ops;

/// Every operation that is not a register operation (`register_ops!()`): a match that treats
/// some register operations specially names the others and this family, and stays exhaustive.
macro_rules! non_register_ops {
    () => {
        $crate::ir::Op::Nop
            | $crate::ir::Op::Nanosleep
            | $crate::ir::frame_ops!()
            | $crate::ir::memory_access!()
            | $crate::ir::calls!()
            | $crate::ir::Op::Bra { .. }
            | $crate::ir::Op::Ret
            | $crate::ir::Op::Exit
            | $crate::ir::Op::Trap
            | $crate::ir::Op::Bar { .. }
            | $crate::ir::collectives!()
            | $crate::ir::Op::Brx { .. }
            | $crate::ir::Op::Fence
            | $crate::ir::Op::Tex(_)
            | $crate::ir::Op::Mma(_)
            | $crate::ir::Op::Cluster(_)
            | $crate::ir::Op::Carry { .. }
    };
}
pub(crate) use non_register_ops;

/// Every operation but the plain loads and stores and the scalar atomics (`ld`, `st`, `atom`):
/// a match that emits those three itself names them and this family, and stays exhaustive.
macro_rules! non_ld_st_atom_ops {
    () => {
        $crate::ir::other_memory!()
            | $crate::ir::no_memory!()
            | $crate::ir::calls!()
            | $crate::ir::Op::Tex(_)
            | $crate::ir::Op::Mma(_)
            | $crate::ir::Op::Cluster(_)
    };
}
pub(crate) use non_ld_st_atom_ops;
