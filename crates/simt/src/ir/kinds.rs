//! The kinds of operation the engines execute: every `Op` variant, split by its sub-operation
//! (`BinOp`, `UnOp`, `TernOp`, `AtomOp`, `MbarOp`, the matrix, texture and cluster operations),
//! each named once in one table. The table is a match with no catch-all arm, so a new variant
//! or sub-operation does not compile until it has a kind here, and the list of every kind
//! ([`all`]) comes from the same arms: the conformance table's coverage test
//! (`crates/simt/tests/conformance.rs`) checks that each kind has a case on every engine.
//!
//! A kind names what the engines lower differently, not every parameter: widths and types
//! are the PTX level's (`ptx::validate::type_rules`), which the same test enumerates.

use super::AtomOp;
use super::mma::MmaOp;
use super::tex::TexOp;
use super::{BinOp, ClusterOp, F32Fn, F64Fn, MbarOp, Op, TernOp, Testp, UnOp};

/// Defines `$list`, every kind's name, and `$f`, the kind of a `$ty`, from one list of arms.
macro_rules! kinds {
    ($list:ident, $f:ident, $ty:ty, { $($pat:pat => $name:literal,)* }) => {
        const $list: &[&str] = &[$($name),*];

        fn $f(op: &$ty) -> &'static str {
            match op {
                $($pat => $name,)*
            }
        }
    };
}

kinds!(OP_KINDS, op_kind, Op, {
    Op::Nop => "nop",
    Op::Nanosleep => "nanosleep",
    Op::Alloca { .. } => "alloca",
    Op::StackSave { .. } => "stacksave",
    Op::StackRestore { .. } => "stackrestore",
    Op::Un { op: UnOp::Mov, .. } => "Un::Mov",
    Op::Un { op: UnOp::CvtTf32 { .. }, .. } => "Un::CvtTf32",
    Op::Un { op: UnOp::CvtF16x2Narrow { .. }, .. } => "Un::CvtF16x2Narrow",
    Op::Un { op: UnOp::CvtF8x2F16x2 { .. }, .. } => "Un::CvtF8x2F16x2",
    Op::Un { op: UnOp::Not(_), .. } => "Un::Not",
    Op::Un { op: UnOp::Cnot(_), .. } => "Un::Cnot",
    Op::Un { op: UnOp::Neg(_), .. } => "Un::Neg",
    Op::Un { op: UnOp::Abs(_), .. } => "Un::Abs",
    Op::Un { op: UnOp::Popc(_), .. } => "Un::Popc",
    Op::Un { op: UnOp::Clz(_), .. } => "Un::Clz",
    Op::Un { op: UnOp::Brev(_), .. } => "Un::Brev",
    Op::Un { op: UnOp::Bfind { .. }, .. } => "Un::Bfind",
    Op::Un { op: UnOp::IsParam, .. } => "Un::IsParam",
    Op::Un { op: UnOp::NegF32 { .. }, .. } => "Un::NegF32",
    Op::Un { op: UnOp::AbsF32 { .. }, .. } => "Un::AbsF32",
    Op::Un { op: UnOp::NegF64, .. } => "Un::NegF64",
    Op::Un { op: UnOp::AbsF64, .. } => "Un::AbsF64",
    Op::Un { op: UnOp::F32(F32Fn::Sqrt, _), .. } => "Un::F32::Sqrt",
    Op::Un { op: UnOp::F32(F32Fn::Rcp, _), .. } => "Un::F32::Rcp",
    Op::Un { op: UnOp::F32(F32Fn::SqrtApprox, _), .. } => "Un::F32::SqrtApprox",
    Op::Un { op: UnOp::F32(F32Fn::RcpApprox, _), .. } => "Un::F32::RcpApprox",
    Op::Un { op: UnOp::F32(F32Fn::Rsqrt, _), .. } => "Un::F32::Rsqrt",
    Op::Un { op: UnOp::F32(F32Fn::Sin, _), .. } => "Un::F32::Sin",
    Op::Un { op: UnOp::F32(F32Fn::Cos, _), .. } => "Un::F32::Cos",
    Op::Un { op: UnOp::F32(F32Fn::Lg2, _), .. } => "Un::F32::Lg2",
    Op::Un { op: UnOp::F32(F32Fn::Ex2, _), .. } => "Un::F32::Ex2",
    Op::Un { op: UnOp::F32(F32Fn::Tanh, _), .. } => "Un::F32::Tanh",
    Op::Un { op: UnOp::F64(F64Fn::Sqrt), .. } => "Un::F64::Sqrt",
    Op::Un { op: UnOp::F64(F64Fn::Rcp), .. } => "Un::F64::Rcp",
    Op::Un { op: UnOp::F64(F64Fn::RcpFtz), .. } => "Un::F64::RcpFtz",
    Op::Un { op: UnOp::F64(F64Fn::Rsqrt), .. } => "Un::F64::Rsqrt",
    Op::Un { op: UnOp::F64(F64Fn::RsqrtFtz), .. } => "Un::F64::RsqrtFtz",
    Op::Un { op: UnOp::FDir(_), .. } => "Un::FDir",
    Op::Un { op: UnOp::Cvt(_), .. } => "Un::Cvt",
    Op::Un { op: UnOp::Testp(Testp::Finite, _), .. } => "Un::Testp::Finite",
    Op::Un { op: UnOp::Testp(Testp::Infinite, _), .. } => "Un::Testp::Infinite",
    Op::Un { op: UnOp::Testp(Testp::Number, _), .. } => "Un::Testp::Number",
    Op::Un { op: UnOp::Testp(Testp::NotANumber, _), .. } => "Un::Testp::NotANumber",
    Op::Un { op: UnOp::Testp(Testp::Normal, _), .. } => "Un::Testp::Normal",
    Op::Un { op: UnOp::Testp(Testp::Subnormal, _), .. } => "Un::Testp::Subnormal",
    Op::Un { op: UnOp::HNegAbs { .. }, .. } => "Un::HNegAbs",
    Op::Un { op: UnOp::HApprox { .. }, .. } => "Un::HApprox",
    Op::Bin { op: BinOp::Add(_), .. } => "Bin::Add",
    Op::Bin { op: BinOp::Sub(_), .. } => "Bin::Sub",
    Op::Bin { op: BinOp::AddSat, .. } => "Bin::AddSat",
    Op::Bin { op: BinOp::SubSat, .. } => "Bin::SubSat",
    Op::Bin { op: BinOp::MulLo(_), .. } => "Bin::MulLo",
    Op::Bin { op: BinOp::MulHi(..), .. } => "Bin::MulHi",
    Op::Bin { op: BinOp::MulWide(..), .. } => "Bin::MulWide",
    Op::Bin { op: BinOp::Mul24Lo(_), .. } => "Bin::Mul24Lo",
    Op::Bin { op: BinOp::Mul24Hi(_), .. } => "Bin::Mul24Hi",
    Op::Bin { op: BinOp::Div(..), .. } => "Bin::Div",
    Op::Bin { op: BinOp::Rem(..), .. } => "Bin::Rem",
    Op::Bin { op: BinOp::Min(..), .. } => "Bin::Min",
    Op::Bin { op: BinOp::Max(..), .. } => "Bin::Max",
    Op::Bin { op: BinOp::And(_), .. } => "Bin::And",
    Op::Bin { op: BinOp::Or(_), .. } => "Bin::Or",
    Op::Bin { op: BinOp::Xor(_), .. } => "Bin::Xor",
    Op::Bin { op: BinOp::Shl(_), .. } => "Bin::Shl",
    Op::Bin { op: BinOp::Shr(..), .. } => "Bin::Shr",
    Op::Bin { op: BinOp::F32(..), .. } => "Bin::F32",
    Op::Bin { op: BinOp::DivApprox32(_), .. } => "Bin::DivApprox32",
    Op::Bin { op: BinOp::DivFull32(_), .. } => "Bin::DivFull32",
    Op::Bin { op: BinOp::FDir(_), .. } => "Bin::FDir",
    Op::Bin { op: BinOp::F64(_), .. } => "Bin::F64",
    Op::Bin { op: BinOp::Copysign32, .. } => "Bin::Copysign32",
    Op::Bin { op: BinOp::Copysign64, .. } => "Bin::Copysign64",
    Op::Bin { op: BinOp::Bmsk(_), .. } => "Bin::Bmsk",
    Op::Bin { op: BinOp::MinMaxXorsign32 { .. }, .. } => "Bin::MinMaxXorsign32",
    Op::Bin { op: BinOp::Szext { .. }, .. } => "Bin::Szext",
    Op::Bin { op: BinOp::I16x2 { .. }, .. } => "Bin::I16x2",
    Op::Bin { op: BinOp::MinMaxNaN32 { .. }, .. } => "Bin::MinMaxNaN32",
    Op::Bin { op: BinOp::MinMaxRelu { .. }, .. } => "Bin::MinMaxRelu",
    Op::Bin { op: BinOp::CvtNarrowX2 { .. }, .. } => "Bin::CvtNarrowX2",
    Op::Bin { op: BinOp::Half(..), .. } => "Bin::Half",
    Op::Bin { op: BinOp::CvtX2 { .. }, .. } => "Bin::CvtX2",
    Op::Tern { op: TernOp::MadLo(_), .. } => "Tern::MadLo",
    Op::Tern { op: TernOp::MadHi(..), .. } => "Tern::MadHi",
    Op::Tern { op: TernOp::MadHiSat, .. } => "Tern::MadHiSat",
    Op::Tern { op: TernOp::MadWide(..), .. } => "Tern::MadWide",
    Op::Tern { op: TernOp::Mad24Lo(_), .. } => "Tern::Mad24Lo",
    Op::Tern { op: TernOp::Mad24Hi { .. }, .. } => "Tern::Mad24Hi",
    Op::Tern { op: TernOp::Fma32(..), .. } => "Tern::Fma32",
    Op::Tern { op: TernOp::FmaDir(_), .. } => "Tern::FmaDir",
    Op::Tern { op: TernOp::Fma64, .. } => "Tern::Fma64",
    Op::Tern { op: TernOp::Bfe(..), .. } => "Tern::Bfe",
    Op::Tern { op: TernOp::Prmt(_), .. } => "Tern::Prmt",
    Op::Tern { op: TernOp::Lop3(_), .. } => "Tern::Lop3",
    Op::Tern { op: TernOp::ShfL(_), .. } => "Tern::ShfL",
    Op::Tern { op: TernOp::ShfR(_), .. } => "Tern::ShfR",
    Op::Tern { op: TernOp::Selp, .. } => "Tern::Selp",
    Op::Tern { op: TernOp::Slct { .. }, .. } => "Tern::Slct",
    Op::Tern { op: TernOp::Sad(..), .. } => "Tern::Sad",
    Op::Tern { op: TernOp::Dp4a(..), .. } => "Tern::Dp4a",
    Op::Tern { op: TernOp::HFma(..), .. } => "Tern::HFma",
    Op::Tern { op: TernOp::NegFma { .. }, .. } => "Tern::NegFma",
    Op::Tern { op: TernOp::Video(_), .. } => "Tern::Video",
    Op::Tern { op: TernOp::VideoScalar(_), .. } => "Tern::VideoScalar",
    Op::Tern { op: TernOp::Fns, .. } => "Tern::Fns",
    Op::Tern { op: TernOp::Dp2a(..), .. } => "Tern::Dp2a",
    Op::Tern { op: TernOp::CvtPack { .. }, .. } => "Tern::CvtPack",
    Op::Bfi { .. } => "Bfi",
    Op::Setp { .. } => "Setp",
    Op::Pack { .. } => "Pack",
    Op::Unpack { .. } => "Unpack",
    Op::Mov2 { .. } => "Mov2",
    Op::Atom128 { .. } => "Atom128",
    Op::Ld { .. } => "Ld",
    Op::St { .. } => "St",
    Op::Mbar { op: MbarOp::Init, .. } => "Mbar::Init",
    Op::Mbar { op: MbarOp::Arrive { .. }, .. } => "Mbar::Arrive",
    Op::Mbar { op: MbarOp::ExpectTx, .. } => "Mbar::ExpectTx",
    Op::Mbar { op: MbarOp::CompleteTx, .. } => "Mbar::CompleteTx",
    Op::Mbar { op: MbarOp::Wait { .. }, .. } => "Mbar::Wait",
    Op::Mbar { op: MbarOp::PendingCount, .. } => "Mbar::PendingCount",
    Op::Mbar { op: MbarOp::Inval, .. } => "Mbar::Inval",
    Op::CpBulk { .. } => "CpBulk",
    Op::CpAsync { .. } => "CpAsync",
    Op::Atom { op: AtomOp::Add, .. } => "Atom::Add",
    Op::Atom { op: AtomOp::FAdd, .. } => "Atom::FAdd",
    Op::Atom { op: AtomOp::HAdd { .. }, .. } => "Atom::HAdd",
    Op::Atom { op: AtomOp::HMin { .. }, .. } => "Atom::HMin",
    Op::Atom { op: AtomOp::HMax { .. }, .. } => "Atom::HMax",
    Op::Atom { op: AtomOp::MinU, .. } => "Atom::MinU",
    Op::Atom { op: AtomOp::MinS, .. } => "Atom::MinS",
    Op::Atom { op: AtomOp::MaxU, .. } => "Atom::MaxU",
    Op::Atom { op: AtomOp::MaxS, .. } => "Atom::MaxS",
    Op::Atom { op: AtomOp::MinF, .. } => "Atom::MinF",
    Op::Atom { op: AtomOp::MaxF, .. } => "Atom::MaxF",
    Op::Atom { op: AtomOp::Inc, .. } => "Atom::Inc",
    Op::Atom { op: AtomOp::Dec, .. } => "Atom::Dec",
    Op::Atom { op: AtomOp::Exch, .. } => "Atom::Exch",
    Op::Atom { op: AtomOp::Cas, .. } => "Atom::Cas",
    Op::Atom { op: AtomOp::And, .. } => "Atom::And",
    Op::Atom { op: AtomOp::Or, .. } => "Atom::Or",
    Op::Atom { op: AtomOp::Xor, .. } => "Atom::Xor",
    Op::Cvta { .. } => "Cvta",
    Op::Isspacep { .. } => "Isspacep",
    Op::Bra { .. } => "Bra",
    Op::Call { .. } => "Call",
    Op::CallInd { .. } => "CallInd",
    Op::Builtin { .. } => "Builtin",
    Op::Ret => "Ret",
    Op::Exit => "Exit",
    Op::Trap => "Trap",
    Op::Bar { .. } => "Bar",
    Op::WarpSync { .. } => "WarpSync",
    Op::Elect { .. } => "Elect",
    Op::Brx { .. } => "Brx",
    Op::Fence => "Fence",
    Op::Shfl { .. } => "Shfl",
    Op::Vote { .. } => "Vote",
    Op::Activemask { .. } => "Activemask",
    Op::Redux { .. } => "Redux",
    Op::Match { .. } => "Match",
    // Boxed operations: their own tables below.
    Op::Tex(_) => "Tex",
    Op::AtomV(_) => "AtomV",
    Op::Mma(_) => "Mma",
    Op::Cluster(ClusterOp::Arrive) => "Cluster::Arrive",
    Op::Cluster(ClusterOp::Wait) => "Cluster::Wait",
    Op::Cluster(ClusterOp::Mapa { .. }) => "Cluster::Mapa",
    Op::Cluster(ClusterOp::Getctarank { .. }) => "Cluster::Getctarank",
    Op::Cluster(ClusterOp::IsSharedCluster { .. }) => "Cluster::IsSharedCluster",
    Op::Cluster(ClusterOp::StAsync(_)) => "Cluster::StAsync",
    Op::Cluster(ClusterOp::RedAsync { .. }) => "Cluster::RedAsync",
    Op::Carry { .. } => "Carry",
});

kinds!(MMA_KINDS, mma_kind, MmaOp, {
    MmaOp::Load(_) => "Mma::Load",
    MmaOp::Store(_) => "Mma::Store",
    MmaOp::Mma(_) => "Mma::Mma",
    MmaOp::Ldmatrix(_) => "Mma::Ldmatrix",
    MmaOp::Stmatrix(_) => "Mma::Stmatrix",
    MmaOp::Movmatrix { .. } => "Mma::Movmatrix",
});

kinds!(TEX_KINDS, tex_kind, TexOp, {
    TexOp::Sample(_) => "Tex::Sample",
    TexOp::Query(_) => "Tex::Query",
    TexOp::Load(_) => "Tex::Load",
    TexOp::Store(_) => "Tex::Store",
    TexOp::Reduce(_) => "Tex::Reduce",
    TexOp::IsType(_) => "Tex::IsType",
});

impl Op {
    /// The operation's kind (one of [`all`]): its variant and, for the boxed matrix and
    /// texture operations, their sub-operation.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Op::Mma(m) => mma_kind(m),
            Op::Tex(t) => tex_kind(t),
            op => op_kind(op),
        }
    }
}

/// Every kind [`Op::kind`] can give (the boxed operations by their sub-operation only).
pub(crate) fn all() -> Vec<&'static str> {
    OP_KINDS.iter().chain(MMA_KINDS).chain(TEX_KINDS).copied().filter(|k| !matches!(*k, "Mma" | "Tex")).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn kinds_are_named_once() {
        let all = super::all();
        let mut seen = std::collections::HashSet::new();
        for k in &all {
            assert!(seen.insert(k), "kind {k} is named twice");
        }
        assert!(all.len() > 150, "{} kinds", all.len());
    }
}
