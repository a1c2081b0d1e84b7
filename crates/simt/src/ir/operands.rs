//! The one list of every operand of every [`Op`]: what it reads and what it writes.
//!
//! Liveness, the hand-over between the interpreter's and the warp tier's register layouts, the
//! uniform/affine analyses and the race analysis all ask "which registers does this instruction
//! read and write?". They ask [`Op::operands`], whose match over `Op` has no catch-all arm: a
//! new operation does not compile until its operands are listed here.

use super::mma::{self, MmaOp};
use super::tex::{self, Lod, TexOp};
use super::{Addr, BarKind, Base, ClusterOp, Op, Reg, Src, collectives, non_collective_ops};

/// One operand of an operation, as [`Op::operands`] reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Operand<'a> {
    /// A source operand: a register, an immediate, a special register or a variable's address.
    Src(&'a Src),
    /// A register read whole that is not a [`Src`] (matrix fragments).
    Use(Reg),
    /// A memory address: its base register, if any, is read.
    Addr(&'a Addr),
    /// A register the operation writes (when it executes: a guard may skip it).
    Def(Reg),
    /// The lane's carry flag, read (`addc`, `subc`, `madc`).
    CarryIn,
    /// The lane's carry flag, written (`add.cc`, `sub.cc`, `mad.cc`, ...).
    CarryOut,
}

impl Operand<'_> {
    /// The register this operand reads, if it reads one.
    pub(crate) fn read_reg(self) -> Option<Reg> {
        match self {
            Operand::Src(Src::Reg(r)) | Operand::Addr(Addr { base: Base::Reg(r), .. }) => Some(*r),
            Operand::Use(r) => Some(r),
            _ => None,
        }
    }
}

impl Op {
    /// Calls `f` with every operand of the operation, sources before destinations. The list is
    /// exact: registers the operation reads or writes are all reported, and only those. (Calls
    /// pass arguments and results through `.param` memory, not registers.)
    pub(crate) fn operands<'a>(&'a self, f: &mut impl FnMut(Operand<'a>)) {
        let srcs = |ss: &[&'a Src], f: &mut dyn FnMut(Operand<'a>)| ss.iter().for_each(|s| f(Operand::Src(s)));
        match self {
            Op::Nop
            | Op::Nanosleep
            | Op::Bra { .. }
            | Op::Ret
            | Op::Exit
            | Op::Trap
            | Op::Fence
            | Op::Call { .. }
            | Op::Builtin { .. } => {}
            Op::Alloca { d, size, .. } => {
                f(Operand::Src(size));
                f(Operand::Def(*d));
            }
            Op::StackSave { d } | Op::Activemask { d } => f(Operand::Def(*d)),
            Op::StackRestore { a } => f(Operand::Src(a)),
            Op::Un { d, a, .. } | Op::Cvta { d, a, .. } | Op::Isspacep { d, a, .. } => {
                f(Operand::Src(a));
                f(Operand::Def(*d));
            }
            Op::Bin { d, a, b, .. } => {
                srcs(&[a, b], f);
                f(Operand::Def(*d));
            }
            Op::Tern { d, a, b, c, .. } => {
                srcs(&[a, b, c], f);
                f(Operand::Def(*d));
            }
            Op::Bfi { d, a, b, c, e, .. } => {
                srcs(&[a, b, c, e], f);
                f(Operand::Def(*d));
            }
            Op::Setp { d, dn, a, b, comb, out, .. } => {
                srcs(&[a, b], f);
                if let Some((_, s, _)) = comb {
                    f(Operand::Src(s));
                }
                f(Operand::Def(*d));
                // `set` writes one register; `setp` a predicate and optionally its complement.
                if let (Some(dn), super::SetOut::Pred) = (dn, out) {
                    f(Operand::Def(*dn));
                }
            }
            Op::Pack { d, parts, .. } => {
                parts.iter().for_each(|p| f(Operand::Src(p)));
                f(Operand::Def(*d));
            }
            Op::Unpack { parts, a, .. } => {
                f(Operand::Src(a));
                parts.iter().flatten().for_each(|&r| f(Operand::Def(r)));
            }
            Op::Mov2 { d, a } => {
                a.iter().for_each(|s| f(Operand::Src(s)));
                d.iter().flatten().for_each(|&r| f(Operand::Def(r)));
            }
            Op::Atom128 { d, addr, b, c, .. } => {
                f(Operand::Addr(addr));
                b.iter().chain(c).for_each(|s| f(Operand::Src(s)));
                d.iter().flatten().for_each(|&r| f(Operand::Def(r)));
            }
            Op::Ld { d, addr, .. } => {
                f(Operand::Addr(addr));
                d.iter().flatten().for_each(|&r| f(Operand::Def(r)));
            }
            Op::St { vals, addr, .. } => {
                f(Operand::Addr(addr));
                vals.iter().for_each(|v| f(Operand::Src(v)));
            }
            Op::Mbar { d, addr, a, .. } => {
                f(Operand::Addr(addr));
                f(Operand::Src(a));
                d.iter().for_each(|&r| f(Operand::Def(r)));
            }
            Op::CpBulk { dst, src, size, mbar } => {
                f(Operand::Addr(dst));
                f(Operand::Addr(src));
                f(Operand::Src(size));
                mbar.iter().for_each(|m| f(Operand::Addr(m)));
            }
            Op::CpAsync { dst, src, src_size, ignore, .. } => {
                f(Operand::Addr(dst));
                f(Operand::Addr(src));
                src_size.iter().for_each(|s| f(Operand::Src(s)));
                ignore.iter().for_each(|(s, _)| f(Operand::Src(s)));
            }
            Op::Atom { d, addr, b, c, .. } => {
                f(Operand::Addr(addr));
                srcs(&[b, c], f);
                d.iter().for_each(|&r| f(Operand::Def(r)));
            }
            Op::CallInd { target, .. } => f(Operand::Src(target)),
            Op::Bar { id, count, kind } => {
                f(Operand::Src(id));
                count.iter().for_each(|c| f(Operand::Src(c)));
                if let BarKind::Red { d, p, .. } = kind {
                    f(Operand::Src(p));
                    f(Operand::Def(*d));
                }
            }
            Op::WarpSync { mask } => f(Operand::Src(mask)),
            Op::Elect { d, p, mask } => {
                f(Operand::Src(mask));
                d.iter().chain(p).for_each(|&r| f(Operand::Def(r)));
            }
            Op::Brx { index, .. } => f(Operand::Src(index)),
            Op::Shfl { d, p, a, b, c, mask, .. } => {
                srcs(&[a, b, c, mask], f);
                f(Operand::Def(*d));
                p.iter().for_each(|&r| f(Operand::Def(r)));
            }
            Op::Vote { d, a, mask, .. } | Op::Redux { d, a, mask, .. } => {
                srcs(&[a, mask], f);
                f(Operand::Def(*d));
            }
            Op::Match { d, p, a, mask, .. } => {
                srcs(&[a, mask], f);
                f(Operand::Def(*d));
                p.iter().for_each(|&r| f(Operand::Def(r)));
            }
            Op::Tex(t) => tex_operands(t, f),
            Op::AtomV(v) => {
                f(Operand::Addr(&v.addr));
                v.b.iter().for_each(|s| f(Operand::Src(s)));
                v.d.iter().flatten().for_each(|&r| f(Operand::Def(r)));
            }
            Op::Mma(m) => mma_operands(m, f),
            Op::Cluster(c) => cluster_operands(c, f),
            Op::Carry { cin, cout, d, a, b, c, .. } => {
                srcs(&[a, b, c], f);
                if *cin {
                    f(Operand::CarryIn);
                }
                f(Operand::Def(*d));
                if *cout {
                    f(Operand::CarryOut);
                }
            }
        }
    }
}

/// The operands of a texture or surface instruction: its sources in the order the engines
/// pass their values (`exec::tex::sources`), then the registers it writes.
pub(crate) fn tex_operands<'a>(t: &'a TexOp, f: &mut impl FnMut(Operand<'a>)) {
    match t {
        TexOp::Sample(tex::Sample { d, p, handle, coords, lod, .. }) => {
            f(Operand::Src(handle));
            coords.iter().for_each(|s| f(Operand::Src(s)));
            match lod {
                Lod::Base => {}
                Lod::Level(s) => f(Operand::Src(s)),
                Lod::Grad(x, y) => x.iter().chain(y).for_each(|s| f(Operand::Src(s))),
            }
            d.iter().flatten().chain(p).for_each(|&r| f(Operand::Def(r)));
        }
        TexOp::Query(tex::TexQuery { d, handle, level, .. }) => {
            f(Operand::Src(handle));
            level.iter().for_each(|s| f(Operand::Src(s)));
            f(Operand::Def(*d));
        }
        TexOp::Load(tex::SurfaceLoad { d, handle, coords, .. }) => {
            f(Operand::Src(handle));
            coords.iter().for_each(|s| f(Operand::Src(s)));
            d.iter().flatten().for_each(|&r| f(Operand::Def(r)));
        }
        TexOp::Store(tex::SurfaceStore { vals, handle, coords, .. }) => {
            f(Operand::Src(handle));
            coords.iter().chain(vals).for_each(|s| f(Operand::Src(s)));
        }
        TexOp::Reduce(tex::SurfaceReduce { val, handle, coords, .. }) => {
            f(Operand::Src(handle));
            coords.iter().for_each(|s| f(Operand::Src(s)));
            f(Operand::Src(val));
        }
        TexOp::IsType(tex::IsType { d, a, .. }) => {
            f(Operand::Src(a));
            f(Operand::Def(*d));
        }
    }
}

fn mma_operands<'a>(m: &'a MmaOp, f: &mut impl FnMut(Operand<'a>)) {
    match m {
        MmaOp::Load(mma::WmmaLoad { addr, stride, d, .. }) => {
            f(Operand::Addr(addr));
            stride.iter().for_each(|s| f(Operand::Src(s)));
            d.iter().for_each(|&r| f(Operand::Def(r)));
        }
        MmaOp::Store(mma::WmmaStore { addr, stride, vals, .. }) => {
            f(Operand::Addr(addr));
            stride.iter().for_each(|s| f(Operand::Src(s)));
            vals.iter().for_each(|&r| f(Operand::Use(r)));
        }
        MmaOp::Mma(x) => {
            x.a.iter().chain(&x.b).chain(&x.c).for_each(|&r| f(Operand::Use(r)));
            x.d.iter().for_each(|&r| f(Operand::Def(r)));
        }
        MmaOp::Ldmatrix(mma::MatrixLoad { addr, d, .. }) => {
            f(Operand::Addr(addr));
            d.iter().for_each(|&r| f(Operand::Def(r)));
        }
        MmaOp::Stmatrix(mma::MatrixStore { addr, vals, .. }) => {
            f(Operand::Addr(addr));
            vals.iter().for_each(|&r| f(Operand::Use(r)));
        }
        MmaOp::Movmatrix { d, a } => {
            f(Operand::Use(*a));
            f(Operand::Def(*d));
        }
    }
}

fn cluster_operands<'a>(c: &'a ClusterOp, f: &mut impl FnMut(Operand<'a>)) {
    match c {
        ClusterOp::Arrive | ClusterOp::Wait => {}
        ClusterOp::Mapa { d, a, rank, .. } => {
            f(Operand::Src(a));
            f(Operand::Src(rank));
            f(Operand::Def(*d));
        }
        ClusterOp::Getctarank { d, a, .. } | ClusterOp::IsSharedCluster { d, a } => {
            f(Operand::Src(a));
            f(Operand::Def(*d));
        }
        ClusterOp::StAsync(s) => {
            f(Operand::Addr(&s.addr));
            s.vals.iter().for_each(|v| f(Operand::Src(v)));
            f(Operand::Addr(&s.mbar));
        }
        ClusterOp::RedAsync { addr, b, mbar, .. } => {
            f(Operand::Addr(addr));
            f(Operand::Src(b));
            f(Operand::Addr(mbar));
        }
    }
}

/// A source operand of a warp collective, by its role ([`Op::collective_src`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CollectiveIn {
    /// The value operand (`shfl`, `vote`, `redux`, `match`).
    A,
    /// `shfl`'s lane operand.
    B,
    /// `shfl`'s clamp and segment mask.
    C,
    /// The member mask.
    Mask,
    /// `vote`'s `!` on its predicate: an immediate 1 where it is negated.
    Neg,
}

/// A destination of a warp collective, by its role ([`Op::collective_dst`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CollectiveOut {
    /// The value destination.
    D,
    /// The predicate destination (`shfl`'s in-range, `match.all`'s, `elect`'s).
    P,
}

impl Op {
    /// Source `role` of a warp collective; `None` where the operation has no such operand (every
    /// operation but the collectives has none).
    pub(crate) fn collective_src(&self, role: CollectiveIn) -> Option<Src> {
        use CollectiveIn as In;
        match (self, role) {
            (Op::Shfl { a, .. } | Op::Vote { a, .. } | Op::Redux { a, .. } | Op::Match { a, .. }, In::A) => Some(*a),
            (Op::Shfl { b, .. }, In::B) => Some(*b),
            (Op::Shfl { c, .. }, In::C) => Some(*c),
            (
                Op::WarpSync { mask }
                | Op::Elect { mask, .. }
                | Op::Shfl { mask, .. }
                | Op::Vote { mask, .. }
                | Op::Redux { mask, .. }
                | Op::Match { mask, .. },
                In::Mask,
            ) => Some(*mask),
            (Op::Vote { neg: true, .. }, In::Neg) => Some(Src::Imm(1)),
            (collectives!() | non_collective_ops!(), _) => None,
        }
    }

    /// Destination `role` of a warp collective; `None` where the operation has none (every
    /// operation but the collectives has none).
    pub(crate) fn collective_dst(&self, role: CollectiveOut) -> Option<Reg> {
        use CollectiveOut as Out;
        match (self, role) {
            (
                Op::Shfl { d, .. }
                | Op::Vote { d, .. }
                | Op::Redux { d, .. }
                | Op::Match { d, .. }
                | Op::Activemask { d },
                Out::D,
            ) => Some(*d),
            (Op::Elect { d, .. }, Out::D) => *d,
            (Op::Shfl { p, .. } | Op::Match { p, .. } | Op::Elect { p, .. }, Out::P) => *p,
            (Op::WarpSync { .. }, _)
            | (Op::Vote { .. } | Op::Redux { .. } | Op::Activemask { .. }, Out::P)
            | (non_collective_ops!(), _) => None,
        }
    }
}
