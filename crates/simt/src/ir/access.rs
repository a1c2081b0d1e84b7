//! The one list of the memory each [`Op`] reaches through an address operand: which space,
//! which address, and whether it reads, writes or does both at once.
//!
//! The race analyses (`analysis/hazard.rs`) ask "what does this instruction do to memory, and
//! where?" for loads and stores as much as for 128-bit and vector atomics, asynchronous copies
//! and mbarriers. They ask [`Op::memory_accesses`], whose match over `Op` has no catch-all
//! arm: a new operation does not compile until its accesses are listed here.

use super::AtomOp;
use super::mma::MmaOp;
use super::{Addr, ClusterOp, Op, Reg, Space};

/// What an access does at its address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AccessKind<'a> {
    /// A read; `strong` with a memory-order qualifier (`.volatile`, `.relaxed`, `.acquire`).
    Load { strong: bool },
    /// A write; `strong` as for `Load`.
    Store { strong: bool },
    /// A read-modify-write with operation `op` (`None`: `cas`/`exch` of 128 bits) whose old
    /// values go to `results`.
    Atomic { op: Option<AtomOp>, results: &'a [Option<Reg>] },
    /// An mbarrier operation: a synchronization object that threads read and update together.
    Mbarrier,
}

/// One memory access of an operation, per executing lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Access<'a> {
    pub space: Space,
    pub addr: &'a Addr,
    pub kind: AccessKind<'a>,
    /// A warp matrix access (`wmma.load/store`, `ldmatrix`, `stmatrix`): each lane reaches
    /// its own elements from the address (a matrix or row base), not the address itself.
    pub matrix: bool,
}

impl Op {
    /// Calls `f` with every memory access the operation makes through an address operand.
    /// Texture and surface instructions (through a handle) and calls (the callee's code) reach
    /// memory that no address operand names: they report nothing, and each caller says why
    /// that is sound for it.
    pub(crate) fn memory_accesses<'a>(&'a self, f: &mut impl FnMut(Access<'a>)) {
        let mut at =
            |space: Space, addr: &'a Addr, kind: AccessKind<'a>| f(Access { space, addr, kind, matrix: false });
        match self {
            Op::Ld { space, addr, strong, .. } => at(*space, addr, AccessKind::Load { strong: *strong }),
            Op::St { space, addr, strong, .. } => at(*space, addr, AccessKind::Store { strong: *strong }),
            Op::Atom { space, op, d, addr, .. } => {
                at(*space, addr, AccessKind::Atomic { op: Some(*op), results: std::slice::from_ref(d) })
            }
            Op::Atom128 { space, d, addr, .. } => at(*space, addr, AccessKind::Atomic { op: None, results: d }),
            Op::AtomV(v) => at(v.space, &v.addr, AccessKind::Atomic { op: Some(v.op), results: &v.d }),
            Op::Mbar { addr, space, .. } => at(*space, addr, AccessKind::Mbarrier),
            // The source is read at issue, the destination written (`exec/mbarrier.rs`).
            Op::CpAsync { dst, src, .. } => {
                at(Space::Global, src, AccessKind::Load { strong: false });
                at(Space::Shared, dst, AccessKind::Store { strong: false });
            }
            Op::CpBulk { dst, src, mbar: Some(mbar), .. } => {
                at(Space::Global, src, AccessKind::Load { strong: false });
                at(Space::Shared, dst, AccessKind::Store { strong: false });
                at(Space::Shared, mbar, AccessKind::Mbarrier);
            }
            Op::CpBulk { dst, src, mbar: None, .. } => {
                at(Space::Shared, src, AccessKind::Load { strong: false });
                at(Space::Global, dst, AccessKind::Store { strong: false });
            }
            Op::Cluster(c) => match c {
                ClusterOp::StAsync(s) => {
                    at(s.space, &s.addr, AccessKind::Store { strong: false });
                    at(s.mbar_space, &s.mbar, AccessKind::Mbarrier);
                }
                ClusterOp::RedAsync { op, addr, space, mbar, mbar_space, .. } => {
                    at(*space, addr, AccessKind::Atomic { op: Some(*op), results: &[] });
                    at(*mbar_space, mbar, AccessKind::Mbarrier);
                }
                ClusterOp::Arrive
                | ClusterOp::Wait
                | ClusterOp::Mapa { .. }
                | ClusterOp::Getctarank { .. }
                | ClusterOp::IsSharedCluster { .. } => {}
            },
            Op::Mma(m) => {
                let (space, addr, kind) = match &**m {
                    MmaOp::Load(l) => (l.space, &l.addr, AccessKind::Load { strong: false }),
                    MmaOp::Ldmatrix(l) => (l.space, &l.addr, AccessKind::Load { strong: false }),
                    MmaOp::Store(s) => (s.space, &s.addr, AccessKind::Store { strong: false }),
                    MmaOp::Stmatrix(s) => (s.space, &s.addr, AccessKind::Store { strong: false }),
                    MmaOp::Mma(_) | MmaOp::Movmatrix { .. } => return,
                };
                f(Access { space, addr, kind, matrix: true });
            }
            Op::Tex(_) | super::calls!() | super::no_memory!() => {}
        }
    }
}
