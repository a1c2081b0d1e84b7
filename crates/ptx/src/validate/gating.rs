//! `.version`/`.target` rules, and the PTX ISA version and target architecture each
//! instruction, modifier and special register needs (from the "PTX ISA Notes" and "Target ISA
//! Notes" of the PTX ISA manual).

use super::Validator;
use super::forms::kw_type;
use crate::ast::{Instruction, Modifier, Operand};
use crate::keyword::Kw;
use crate::types::{Opcode, SpecialReg};
use std::sync::LazyLock;

/// The newest PTX ISA version Cuprite accepts (what ptxas 13.0 accepts), as `major * 10 + minor`.
const MAX_VERSION: u32 = 90;

/// A condition on an instruction's modifiers.
#[derive(Debug, Clone, Copy)]
enum C {
    /// Has this word.
    Has(Kw),
    /// Does not have this word.
    Not(Kw),
    /// Has one of these words.
    Any(&'static [Kw]),
    /// Has this `.mMnNkK` shape.
    Shape(u16, u16, u16),
    /// The first type word is one of these.
    T0(&'static [Kw]),
    /// The first type word is not one of these.
    NotT0(&'static [Kw]),
    /// The second type word is one of these.
    T1(&'static [Kw]),
    /// The second type word is not one of these.
    NotT1(&'static [Kw]),
    /// Has at least this many operands.
    Ops(u8),
}

/// One requirement: when `op` satisfies every condition in `when`, the module needs PTX ISA
/// `ptx` (`major * 10 + minor`) and `sm_{sm}` or higher; `arch`: an `a`/`f` target; `exact`:
/// exactly `sm_{sm}a` (wgmma exists on sm_90a only).
#[derive(Debug, Clone, Copy)]
struct Gate {
    op: Opcode,
    when: &'static [C],
    what: &'static str,
    ptx: u8,
    sm: u16,
    arch: bool,
    exact: bool,
}

const fn g(op: Opcode, when: &'static [C], what: &'static str, ptx: u8, sm: u16) -> Gate {
    Gate { op, when, what, ptx, sm, arch: false, exact: false }
}

const fn ga(op: Opcode, when: &'static [C], what: &'static str, ptx: u8, sm: u16) -> Gate {
    Gate { op, when, what, ptx, sm, arch: true, exact: false }
}

const fn gx(op: Opcode, when: &'static [C], what: &'static str, ptx: u8, sm: u16) -> Gate {
    Gate { op, when, what, ptx, sm, arch: true, exact: true }
}

use C::*;
use Opcode as O;

const F16S: &[Kw] = &[Kw::F16, Kw::F16x2];
const BF16S: &[Kw] = &[Kw::Bf16, Kw::Bf16x2];
const HALVES: &[Kw] = &[Kw::F16, Kw::F16x2, Kw::Bf16, Kw::Bf16x2];
const X16X2: &[Kw] = &[Kw::U16x2, Kw::S16x2];
const X8X4: &[Kw] = &[Kw::U8x4, Kw::S8x4];
const SCOPES: &[Kw] = &[Kw::Cta, Kw::Gpu, Kw::Sys];
const SEM_ATOM: &[Kw] = &[Kw::Relaxed, Kw::Acquire, Kw::Release, Kw::AcqRel];
const SEM_LD: &[Kw] = &[Kw::Relaxed, Kw::Acquire, Kw::Weak];
const SEM_ST: &[Kw] = &[Kw::Relaxed, Kw::Release, Kw::Weak];
const L1_EVICT: &[Kw] = &[Kw::L1EvictFirst, Kw::L1EvictLast, Kw::L1EvictNormal, Kw::L1EvictUnchanged, Kw::L1NoAllocate];
const L2_EVICT: &[Kw] = &[Kw::L2EvictFirst, Kw::L2EvictLast, Kw::L2EvictNormal, Kw::L2EvictUnchanged];
const B64S: &[Kw] = &[Kw::B64, Kw::U64, Kw::S64, Kw::F64];
const VECS: &[Kw] = &[Kw::V2, Kw::V4, Kw::V8];
const MMA_KINDS: &[Kw] = &[
    Kw::KindF16,
    Kw::KindF8f6f4,
    Kw::KindI8,
    Kw::KindMxf4,
    Kw::KindMxf4nvf4,
    Kw::KindMxf8f6f4,
    Kw::KindTf32,
    Kw::BlockScale,
];

/// The gating table.
static GATES: &[Gate] = &[
    // ---- integer arithmetic
    g(O::Add, &[Any(X16X2)], "add.u16x2", 80, 90),
    ga(O::Add, &[Any(X8X4)], "add.u8x4", 92, 120),
    ga(O::Sub, &[Any(X8X4)], "sub.u8x4", 92, 120),
    g(O::Min, &[Any(X16X2)], "min.u16x2", 80, 90),
    g(O::Max, &[Any(X16X2)], "max.u16x2", 80, 90),
    g(O::Min, &[Has(Kw::Relu), Has(Kw::S32)], "min.relu.s32", 80, 90),
    g(O::Max, &[Has(Kw::Relu), Has(Kw::S32)], "max.relu.s32", 80, 90),
    g(O::Bmsk, &[], "bmsk", 76, 70),
    g(O::Szext, &[], "szext", 76, 70),
    g(O::Dp4a, &[], "dp4a", 50, 61),
    g(O::Dp2a, &[], "dp2a", 50, 61),
    g(O::Fns, &[], "fns", 60, 30),
    g(O::Popc, &[], "popc", 20, 20),
    g(O::Clz, &[], "clz", 20, 20),
    g(O::Bfind, &[], "bfind", 20, 20),
    g(O::Brev, &[], "brev", 20, 20),
    g(O::Bfe, &[], "bfe", 20, 20),
    g(O::Bfi, &[], "bfi", 20, 20),
    g(O::Prmt, &[], "prmt", 20, 20),
    // ---- floating point
    g(O::Add, &[Any(BF16S)], "add.bf16", 78, 90),
    g(O::Sub, &[Any(BF16S)], "sub.bf16", 78, 90),
    g(O::Mul, &[Any(BF16S)], "mul.bf16", 78, 90),
    g(O::Add, &[Any(F16S)], "add.f16", 42, 53),
    g(O::Sub, &[Any(F16S)], "sub.f16", 42, 53),
    g(O::Mul, &[Any(F16S)], "mul.f16", 42, 53),
    g(O::Add, &[Has(Kw::F32x2)], "add.f32x2", 86, 100),
    g(O::Sub, &[Has(Kw::F32x2)], "sub.f32x2", 86, 100),
    g(O::Mul, &[Has(Kw::F32x2)], "mul.f32x2", 86, 100),
    g(O::Fma, &[Has(Kw::F32x2)], "fma.f32x2", 86, 100),
    g(O::Add, &[T0(&[Kw::F32]), T1(&[Kw::F16, Kw::Bf16])], "add.f32.f16", 86, 100),
    g(O::Sub, &[T0(&[Kw::F32]), T1(&[Kw::F16, Kw::Bf16])], "sub.f32.f16", 86, 100),
    g(O::Fma, &[T0(&[Kw::F32]), T1(&[Kw::F16, Kw::Bf16])], "fma.f32.f16", 86, 100),
    g(O::Fma, &[Any(F16S)], "fma.f16", 42, 53),
    g(O::Fma, &[Any(BF16S)], "fma.bf16", 70, 80),
    g(O::Fma, &[Has(Kw::Relu)], "fma.relu", 70, 80),
    g(O::Fma, &[Has(Kw::Oob)], "fma.oob", 81, 90),
    g(O::Neg, &[Any(F16S)], "neg.f16", 60, 53),
    g(O::Neg, &[Any(BF16S)], "neg.bf16", 70, 80),
    g(O::Abs, &[Any(F16S)], "abs.f16", 65, 53),
    g(O::Abs, &[Any(BF16S)], "abs.bf16", 70, 80),
    g(O::Min, &[Any(HALVES)], "min.f16", 70, 80),
    g(O::Max, &[Any(HALVES)], "max.f16", 70, 80),
    g(O::Min, &[Has(Kw::NaN)], "min.NaN", 70, 80),
    g(O::Max, &[Has(Kw::NaN)], "max.NaN", 70, 80),
    g(O::Min, &[Has(Kw::Xorsign)], "min.xorsign.abs", 72, 86),
    g(O::Max, &[Has(Kw::Xorsign)], "max.xorsign.abs", 72, 86),
    g(O::Min, &[Ops(4)], "three-input min", 88, 100),
    g(O::Max, &[Ops(4)], "three-input max", 88, 100),
    g(O::Tanh, &[Any(BF16S)], "tanh.bf16", 78, 90),
    g(O::Tanh, &[], "tanh", 70, 75),
    g(O::Ex2, &[Any(BF16S)], "ex2.bf16", 78, 90),
    g(O::Ex2, &[Any(F16S)], "ex2.f16", 70, 75),
    g(O::Setp, &[Any(BF16S)], "setp.bf16", 78, 90),
    g(O::Setp, &[Any(F16S)], "setp.f16", 42, 53),
    g(O::Set, &[Any(BF16S)], "set.bf16", 78, 90),
    g(O::Set, &[Any(F16S)], "set.f16", 42, 53),
    g(O::Lop3, &[Any(&[Kw::And, Kw::Or, Kw::Xor])], "lop3.BoolOp", 82, 70),
    // ---- conversions and moves
    g(O::Mov, &[Has(Kw::B128)], "mov.b128", 83, 70),
    ga(O::Cvt, &[Any(&[Kw::E2m1x2, Kw::E2m3x2, Kw::E3m2x2, Kw::Ue8m0x2])], "cvt.e2m1x2", 86, 100),
    ga(O::Cvt, &[Has(Kw::Rs)], "cvt.rs", 87, 100),
    g(O::Cvt, &[Any(&[Kw::E4m3x2, Kw::E5m2x2])], "cvt.e4m3x2", 78, 89),
    g(O::Cvt, &[T0(&[Kw::Tf32]), Has(Kw::Satfinite), Any(&[Kw::Rn, Kw::Rz])], "cvt.rn.satfinite.tf32", 86, 100),
    g(O::Cvt, &[T0(&[Kw::Tf32]), Any(&[Kw::Rn, Kw::Rz])], "cvt.rn.tf32.f32", 78, 90),
    g(O::Cvt, &[T0(&[Kw::F16x2, Kw::Bf16, Kw::Bf16x2, Kw::Tf32]), T1(&[Kw::F32])], "cvt.bf16.f32", 70, 80),
    g(O::Cvt, &[T0(&[Kw::F32]), T1(&[Kw::Bf16])], "cvt.f32.bf16", 71, 80),
    g(O::Cvt, &[T0(&[Kw::Bf16]), NotT1(&[Kw::F32])], "cvt.bf16", 78, 90),
    g(O::Cvt, &[T1(&[Kw::Bf16]), NotT0(&[Kw::F32])], "cvt from .bf16", 78, 90),
    g(O::Cvt, &[Has(Kw::Relu)], "cvt.relu", 70, 80),
    g(O::Cvt, &[Has(Kw::Pack)], "cvt.pack", 65, 72),
    g(O::Shfl, &[Has(Kw::Sync)], "shfl.sync", 60, 30),
    g(O::Shfl, &[], "shfl", 30, 30),
    g(O::Mapa, &[], "mapa", 78, 90),
    g(O::Getctarank, &[], "getctarank", 78, 90),
    g(O::Isspacep, &[Any(&[Kw::Param, Kw::ParamEntry])], "isspacep.param", 77, 70),
    g(O::Isspacep, &[Has(Kw::SharedCluster)], "isspacep.shared::cluster", 78, 90),
    g(O::Cvta, &[Any(&[Kw::Param, Kw::ParamEntry])], "cvta.param", 77, 70),
    g(O::Cvta, &[Has(Kw::SharedCluster)], "cvta.shared::cluster", 78, 90),
    // ---- loads and stores
    g(O::Ld, &[Any(SEM_LD)], "ld.relaxed", 60, 70),
    g(O::Ld, &[Any(SCOPES)], "ld with a scope", 60, 70),
    g(O::Ld, &[Has(Kw::Cluster)], "ld.cluster", 78, 90),
    g(O::Ld, &[Has(Kw::SharedCluster)], "ld.shared::cluster", 78, 90),
    g(O::Ld, &[Has(Kw::Unified)], "ld.unified", 80, 90),
    g(O::Ld, &[Has(Kw::Mmio)], "ld.mmio", 82, 70),
    g(O::Ld, &[Has(Kw::B128)], "ld.b128", 83, 70),
    g(O::Ld, &[Any(&[Kw::ParamEntry, Kw::ParamFunc])], "ld.param::entry", 83, 20),
    g(O::Ld, &[Any(L1_EVICT)], "ld.L1::evict_*", 74, 70),
    g(O::Ld, &[Any(&[Kw::L264B, Kw::L2128B])], "ld.L2::128B", 74, 75),
    g(O::Ld, &[Any(&[Kw::L2256B, Kw::L2CacheHint])], "ld.L2::256B", 74, 80),
    g(O::Ld, &[Any(L2_EVICT)], "ld.L2::evict_*", 88, 100),
    g(O::Ld, &[Has(Kw::V8)], "ld.v8", 88, 100),
    g(O::Ld, &[Has(Kw::V4), Any(B64S)], "ld.v4.b64", 88, 100),
    g(O::Ld, &[Has(Kw::Nc)], "ld.global.nc", 31, 32),
    g(O::Ldu, &[Has(Kw::B128)], "ldu.b128", 83, 70),
    g(O::St, &[Has(Kw::Bulk)], "st.bulk", 86, 100),
    g(O::St, &[Has(Kw::Async)], "st.async", 81, 90),
    g(O::St, &[Any(SEM_ST)], "st.relaxed", 60, 70),
    g(O::St, &[Any(SCOPES)], "st with a scope", 60, 70),
    g(O::St, &[Has(Kw::Cluster)], "st.cluster", 78, 90),
    g(O::St, &[Has(Kw::SharedCluster)], "st.shared::cluster", 78, 90),
    g(O::St, &[Has(Kw::Mmio)], "st.mmio", 82, 70),
    g(O::St, &[Has(Kw::B128)], "st.b128", 83, 70),
    g(O::St, &[Has(Kw::ParamFunc)], "st.param::func", 83, 20),
    g(O::St, &[Any(L1_EVICT)], "st.L1::evict_*", 74, 70),
    g(O::St, &[Has(Kw::L2CacheHint)], "st.L2::cache_hint", 74, 80),
    g(O::St, &[Any(L2_EVICT)], "st.L2::evict_*", 88, 100),
    g(O::St, &[Has(Kw::V8)], "st.v8", 88, 100),
    g(O::St, &[Has(Kw::V4), Any(B64S)], "st.v4.b64", 88, 100),
    g(O::Prefetch, &[Has(Kw::Tensormap)], "prefetch.tensormap", 80, 90),
    g(O::Prefetch, &[Any(L2_EVICT)], "prefetch.L2::evict_*", 74, 80),
    g(O::Applypriority, &[], "applypriority", 74, 80),
    g(O::Discard, &[], "discard", 74, 80),
    g(O::Createpolicy, &[], "createpolicy", 74, 80),
    // ---- asynchronous copies and tensor maps
    ga(
        O::Cp,
        &[Any(&[Kw::TileGather4, Kw::TileScatter4, Kw::Im2colW, Kw::Im2colW128])],
        "cp.async.bulk.tensor.tile::gather4",
        86,
        100,
    ),
    ga(O::Cp, &[Any(&[Kw::CtaGroup1, Kw::CtaGroup2])], "cp.async.bulk.tensor.cta_group", 86, 100),
    g(O::Cp, &[Has(Kw::CpMask)], "cp.async.bulk.cp_mask", 86, 100),
    g(O::Cp, &[Has(Kw::Bulk), Has(Kw::Tensor)], "cp.async.bulk.tensor", 80, 90),
    g(O::Cp, &[Has(Kw::Bulk)], "cp.async.bulk", 80, 90),
    g(
        O::Cp,
        &[Has(Kw::Async), Not(Kw::Bulk), Any(&[Kw::L264B, Kw::L2128B, Kw::L2256B, Kw::L2CacheHint])],
        "cp.async.L2::128B",
        74,
        80,
    ),
    g(O::Cp, &[Has(Kw::Async), Not(Kw::Bulk)], "cp.async", 70, 80),
    g(O::Multimem, &[], "multimem", 81, 90),
    ga(O::Tensormap, &[Has(Kw::Replace)], "tensormap.replace", 83, 90),
    g(O::Tensormap, &[Not(Kw::Replace)], "tensormap.cp_fenceproxy", 83, 90),
    g(O::Clusterlaunchcontrol, &[], "clusterlaunchcontrol", 86, 100),
    // ---- synchronization
    g(
        O::Barrier,
        &[Has(Kw::Cluster), Any(&[Kw::Acquire, Kw::Relaxed, Kw::Release])],
        "barrier.cluster.release",
        80,
        90,
    ),
    g(O::Barrier, &[Has(Kw::Cluster)], "barrier.cluster", 78, 90),
    g(O::Barrier, &[Not(Kw::Cluster)], "barrier", 60, 30),
    g(O::Bar, &[Has(Kw::Cta)], "bar.cta", 78, 20),
    g(O::Membar, &[Has(Kw::Proxy)], "membar.proxy", 75, 60),
    g(O::Fence, &[Has(Kw::Proxy), Has(Kw::Async)], "fence.proxy.async", 80, 90),
    g(O::Fence, &[Has(Kw::TensormapGeneric)], "fence.proxy.tensormap::generic", 83, 90),
    g(O::Fence, &[Has(Kw::MbarrierInit)], "fence.mbarrier_init", 80, 90),
    g(
        O::Fence,
        &[Any(&[Kw::SyncRestrictSharedCluster, Kw::SyncRestrictSharedCta, Kw::SyncRestrict])],
        "fence.sync_restrict",
        86,
        90,
    ),
    g(O::Fence, &[Has(Kw::OpRestrict)], "fence.op_restrict", 80, 90),
    g(O::Fence, &[Has(Kw::Cluster)], "fence.cluster", 78, 90),
    g(O::Fence, &[Has(Kw::Proxy)], "fence.proxy", 75, 70),
    g(O::Fence, &[], "fence", 60, 70),
    g(O::Atom, &[Has(Kw::Add), Has(Kw::F64)], "atom.add.f64", 50, 60),
    g(O::Atom, &[Has(Kw::F16x2)], "atom.f16x2", 62, 60),
    g(O::Atom, &[Has(Kw::F16)], "atom.f16", 63, 70),
    g(O::Atom, &[Has(Kw::Cas), Has(Kw::B16)], "atom.cas.b16", 63, 70),
    g(O::Atom, &[Any(BF16S)], "atom.bf16", 78, 90),
    g(O::Atom, &[Has(Kw::B128)], "atom.b128", 83, 90),
    g(O::Atom, &[Any(VECS)], "atom with vector types", 81, 90),
    g(O::Atom, &[Has(Kw::Cluster)], "atom.cluster", 78, 90),
    g(O::Atom, &[Has(Kw::SharedCluster)], "atom.shared::cluster", 78, 90),
    g(O::Atom, &[Any(SEM_ATOM)], "atom with memory ordering", 60, 70),
    g(O::Atom, &[Any(SCOPES)], "atom with a scope", 50, 60),
    g(O::Atom, &[Has(Kw::L2CacheHint)], "atom.L2::cache_hint", 74, 80),
    g(O::Atom, &[], "atom", 11, 11),
    g(O::Red, &[Has(Kw::Async)], "red.async", 81, 90),
    g(O::Red, &[Has(Kw::Add), Has(Kw::F64)], "red.add.f64", 50, 60),
    g(O::Red, &[Has(Kw::F16x2)], "red.f16x2", 62, 60),
    g(O::Red, &[Has(Kw::F16)], "red.f16", 63, 70),
    g(O::Red, &[Any(BF16S)], "red.bf16", 78, 90),
    g(O::Red, &[Any(VECS)], "red with vector types", 81, 90),
    g(O::Red, &[Has(Kw::Cluster)], "red.cluster", 78, 90),
    g(O::Red, &[Has(Kw::SharedCluster)], "red.shared::cluster", 78, 90),
    g(O::Red, &[Any(SEM_ATOM)], "red with memory ordering", 60, 70),
    g(O::Red, &[Any(SCOPES)], "red with a scope", 50, 60),
    g(O::Red, &[Has(Kw::L2CacheHint)], "red.L2::cache_hint", 74, 80),
    g(O::Red, &[], "red", 11, 11),
    g(O::Vote, &[Has(Kw::Sync)], "vote.sync", 60, 30),
    g(O::Match, &[], "match.sync", 60, 70),
    g(O::Activemask, &[], "activemask", 62, 30),
    ga(O::Redux, &[Has(Kw::F32)], "redux.sync.f32", 86, 100),
    g(O::Redux, &[], "redux.sync", 70, 80),
    g(O::Griddepcontrol, &[], "griddepcontrol", 78, 90),
    g(O::Elect, &[], "elect.sync", 80, 90),
    g(
        O::Mbarrier,
        &[Has(Kw::Relaxed), Any(&[Kw::Arrive, Kw::ArriveDrop, Kw::TryWait, Kw::TestWait])],
        "mbarrier.relaxed",
        86,
        90,
    ),
    g(O::Mbarrier, &[Has(Kw::ExpectTx)], "mbarrier.expect_tx", 80, 90),
    g(O::Mbarrier, &[Has(Kw::CompleteTx)], "mbarrier.complete_tx", 80, 90),
    g(O::Mbarrier, &[Has(Kw::SharedCluster)], "mbarrier.shared::cluster", 80, 90),
    g(O::Mbarrier, &[Has(Kw::Cluster)], "mbarrier.cluster", 80, 90),
    g(O::Mbarrier, &[Has(Kw::TryWait)], "mbarrier.try_wait", 78, 90),
    g(O::Mbarrier, &[Has(Kw::Parity)], "mbarrier.test_wait.parity", 71, 80),
    g(
        O::Mbarrier,
        &[Any(&[Kw::Arrive, Kw::ArriveDrop]), Not(Kw::ExpectTx), Ops(3), Not(Kw::NoComplete)],
        "mbarrier.arrive with a count and without .noComplete",
        78,
        90,
    ),
    g(O::Mbarrier, &[], "mbarrier", 70, 80),
    ga(O::Setmaxnreg, &[], "setmaxnreg", 80, 90),
    g(O::Nanosleep, &[], "nanosleep", 63, 70),
    g(O::Alloca, &[], "alloca", 73, 52),
    g(O::Stacksave, &[], "stacksave", 73, 52),
    g(O::Stackrestore, &[], "stackrestore", 73, 52),
    g(O::Brx, &[], "brx.idx", 60, 30),
    g(O::Istypep, &[], "istypep", 40, 30),
    // ---- matrix instructions
    ga(O::Ldmatrix, &[Any(&[Kw::M16n16, Kw::M8n16])], "ldmatrix.m16n16", 86, 100),
    ga(O::Ldmatrix, &[Has(Kw::B8)], "ldmatrix.b8", 86, 100),
    g(O::Ldmatrix, &[], "ldmatrix", 65, 75),
    ga(O::Stmatrix, &[Shape(16, 8, 0)], "stmatrix.m16n8", 86, 100),
    ga(O::Stmatrix, &[Has(Kw::B8)], "stmatrix.b8", 86, 100),
    g(O::Stmatrix, &[], "stmatrix", 78, 90),
    g(O::Movmatrix, &[], "movmatrix", 78, 75),
    ga(O::Mma, &[Any(MMA_KINDS)], "mma.kind", 87, 120),
    ga(O::Mma, &[Any(&[Kw::E3m2, Kw::E2m3, Kw::E2m1])], "mma.e2m1", 87, 120),
    g(O::Mma, &[Any(&[Kw::E4m3, Kw::E5m2])], "mma.e4m3", 84, 89),
    g(O::Mma, &[Has(Kw::SpOrderedMetadata)], "mma.sp::ordered_metadata", 85, 80),
    g(O::Mma, &[Has(Kw::Sp)], "mma.sp", 71, 80),
    g(O::Mma, &[Has(Kw::And)], "mma.and.popc", 71, 80),
    g(O::Mma, &[Shape(8, 8, 4), Has(Kw::F64)], "mma.m8n8k4.f64", 70, 80),
    g(O::Mma, &[Shape(16, 8, 4), Has(Kw::F64)], "mma.m16n8k4.f64", 78, 90),
    g(O::Mma, &[Shape(16, 8, 8), Has(Kw::F64)], "mma.m16n8k8.f64", 78, 90),
    g(O::Mma, &[Shape(16, 8, 16), Has(Kw::F64)], "mma.m16n8k16.f64", 78, 90),
    g(O::Mma, &[Shape(16, 8, 8), Any(&[Kw::Bf16, Kw::Tf32])], "mma.m16n8k8.bf16", 70, 80),
    g(O::Mma, &[Shape(8, 8, 4)], "mma.m8n8k4", 64, 70),
    g(O::Mma, &[Shape(16, 8, 8)], "mma.m16n8k8", 65, 75),
    g(O::Mma, &[Shape(8, 8, 16)], "mma.m8n8k16", 65, 75),
    g(O::Mma, &[Shape(8, 8, 32)], "mma.m8n8k32", 65, 75),
    g(O::Mma, &[Shape(8, 8, 128)], "mma.m8n8k128", 70, 75),
    g(O::Mma, &[Shape(16, 8, 4)], "mma.m16n8k4", 70, 80),
    g(O::Mma, &[Shape(16, 8, 16)], "mma.m16n8k16", 70, 80),
    g(O::Mma, &[Shape(16, 8, 32)], "mma.m16n8k32", 70, 80),
    g(O::Mma, &[Shape(16, 8, 64)], "mma.m16n8k64", 70, 80),
    g(O::Mma, &[Shape(16, 8, 128)], "mma.m16n8k128", 70, 80),
    g(O::Mma, &[Shape(16, 8, 256)], "mma.m16n8k256", 70, 80),
    g(O::Mma, &[], "mma", 64, 70),
    g(O::Wmma, &[Any(&[Kw::F64, Kw::Bf16, Kw::Tf32])], "wmma.bf16", 70, 80),
    g(O::Wmma, &[Shape(16, 16, 8)], "wmma.m16n16k8", 70, 80),
    g(O::Wmma, &[Has(Kw::And)], "wmma.and.popc", 71, 80),
    g(O::Wmma, &[Any(&[Kw::S4, Kw::U4, Kw::B1])], "wmma.s4", 63, 75),
    g(O::Wmma, &[Shape(8, 8, 32)], "wmma.m8n8k32", 63, 75),
    g(O::Wmma, &[Shape(8, 8, 128)], "wmma.m8n8k128", 63, 75),
    g(O::Wmma, &[Any(&[Kw::S8, Kw::U8])], "wmma.s8", 63, 72),
    g(O::Wmma, &[Has(Kw::S32)], "integer wmma", 63, 72),
    g(O::Wmma, &[Shape(8, 32, 16)], "wmma.m8n32k16", 61, 70),
    g(O::Wmma, &[Shape(32, 8, 16)], "wmma.m32n8k16", 61, 70),
    g(O::Wmma, &[], "wmma", 60, 70),
    gx(O::Wgmma, &[Has(Kw::Sp)], "wgmma.mma_async.sp", 82, 90),
    gx(O::Wgmma, &[], "wgmma", 80, 90),
    ga(O::Tcgen05, &[], "tcgen05", 86, 100),
];

/// Words gated the same way on every instruction: (word, what, PTX ISA, sm).
static WORD_GATES: &[(Kw, &str, u8, u16)] =
    &[(Kw::SharedCta, ".shared::cta", 78, 30), (Kw::SharedCluster, ".shared::cluster", 78, 90)];

/// Special registers newer than sm_20 / PTX ISA 2.0: (register, PTX ISA, sm).
static SREG_GATES: &[(SpecialReg, u8, u16)] = &[
    (SpecialReg::Clusterid, 78, 90),
    (SpecialReg::Nclusterid, 78, 90),
    (SpecialReg::ClusterCtaid, 78, 90),
    (SpecialReg::ClusterNctaid, 78, 90),
    (SpecialReg::ClusterCtarank, 78, 90),
    (SpecialReg::ClusterNctarank, 78, 90),
    (SpecialReg::IsExplicitCluster, 78, 90),
    (SpecialReg::AggrSmemSize, 81, 90),
    (SpecialReg::ReservedSmemOffsetBegin, 76, 80),
    (SpecialReg::ReservedSmemOffsetEnd, 76, 80),
    (SpecialReg::ReservedSmemOffsetCap, 76, 80),
    (SpecialReg::ReservedSmemOffset0, 76, 80),
    (SpecialReg::ReservedSmemOffset1, 76, 80),
    (SpecialReg::CurrentGraphExec, 80, 50),
    (SpecialReg::Globaltimer, 31, 30),
    (SpecialReg::GlobaltimerLo, 31, 30),
    (SpecialReg::GlobaltimerHi, 31, 30),
    (SpecialReg::DynamicSmemSize, 41, 20),
    (SpecialReg::TotalSmemSize, 41, 20),
    (SpecialReg::ClockHi, 50, 20),
    (SpecialReg::Pm0_64, 40, 50),
    (SpecialReg::Pm1_64, 40, 50),
    (SpecialReg::Pm2_64, 40, 50),
    (SpecialReg::Pm3_64, 40, 50),
    (SpecialReg::Pm4_64, 40, 50),
    (SpecialReg::Pm5_64, 40, 50),
    (SpecialReg::Pm6_64, 40, 50),
    (SpecialReg::Pm7_64, 40, 50),
];

/// How many entries the gating tables have (instructions and modifiers, special registers).
#[cfg(test)]
pub(super) fn table_size() -> (usize, usize) {
    (GATES.len() + WORD_GATES.len() + CLUSTER_DIRECTIVES.len(), SREG_GATES.len())
}

/// Cluster directives of kernels: PTX ISA 7.8, sm_90.
const CLUSTER_DIRECTIVES: &[&str] = &[".reqnctapercluster", ".explicitcluster", ".maxclusterrank"];

/// Gating of function directives.
pub(super) fn check_function(v: &mut Validator<'_>, f: &crate::ast::Function) {
    use crate::ast::FuncDirective as D;
    for d in &f.directives {
        let what = match d {
            D::Reqnctapercluster(_) => CLUSTER_DIRECTIVES[0],
            D::Explicitcluster => CLUSTER_DIRECTIVES[1],
            D::Maxclusterrank(_) => CLUSTER_DIRECTIVES[2],
            _ => continue,
        };
        let mut msgs = Vec::new();
        if v.sm != 0 && v.sm < 90 {
            msgs.push(format!("`{what}` requires `.target sm_90` or higher (module targets {})", v.m.target.arch));
        }
        if v.version != 0 && v.version < 78 {
            msgs.push(format!("`{what}` requires PTX ISA 7.8 (module is .version {})", show_version(v.version)));
        }
        for m in msgs {
            v.err(f.span, m);
        }
    }
}

/// Gate indexes per opcode.
static BY_OPCODE: LazyLock<Vec<Vec<u16>>> = LazyLock::new(|| {
    let mut v = vec![Vec::new(); Opcode::ALL.len()];
    for (i, g) in GATES.iter().enumerate() {
        v[g.op as usize].push(i as u16);
    }
    v
});

/// The minimum PTX ISA version of a target (`sm`, `suffix` "", "a" or "f"), as major × 10 +
/// minor, or `None` for an unknown target.
pub fn target_version(sm: u32, suffix: &str) -> Option<u32> {
    Some(match (sm, suffix) {
        (10 | 11, "") => 10,
        (12 | 13, "") => 12,
        (20 | 21, "") => 20,
        (30, "") => 30,
        (35, "") => 31,
        (32 | 50, "") => 40,
        (37 | 52, "") => 41,
        (53, "") => 42,
        (60..=62, "") => 50,
        (70, "") => 60,
        (72, "") => 61,
        (75, "") => 63,
        (80, "") => 70,
        (86, "") => 71,
        (87, "") => 74,
        (88, "") => 74,
        (89 | 90, "") => 78,
        (90, "a") => 80,
        (100, "" | "a") => 86,
        (100, "f") => 88,
        (103, "" | "a" | "f") => 88,
        (110, "" | "a" | "f") => 90,
        (120, "" | "a") => 87,
        (120, "f") => 88,
        (121, "" | "a" | "f") => 88,
        _ => return None,
    })
}

fn show_version(v: u32) -> String {
    format!("{}.{}", v / 10, v % 10)
}

/// `.version` and `.target` rules; records the module's version and target for [`check`].
pub(super) fn check_directives(v: &mut Validator<'_>) {
    let m = v.m;
    let ver = m.version;
    if ver.major != 0 || ver.minor != 0 {
        let n = ver.major.saturating_mul(10).saturating_add(ver.minor);
        if ver.major == 0 || ver.minor > 9 || n > MAX_VERSION {
            let msg = format!(
                "unsupported .version {}.{}; Cuprite supports PTX ISA up to {}",
                ver.major,
                ver.minor,
                show_version(MAX_VERSION)
            );
            v.err(m.version_span, msg);
        } else {
            v.version = n;
        }
    }
    if let Some(span) = m.address_size_span
        && v.version != 0
        && v.version < 23
    {
        let msg = format!("`.address_size` requires PTX ISA 2.3 (module is .version {})", show_version(v.version));
        v.err(span, msg);
    }
    let arch = m.target.arch.as_str();
    if arch.is_empty() {
        return;
    }
    let span = m.target.span;
    let rest = arch.strip_prefix("sm_").or_else(|| arch.strip_prefix("compute_")).unwrap_or("");
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let (num, mut suffix) = rest.split_at(digits);
    // ptxas 13.0 ignores one letter it does not know after the number (`sm_90b`, `sm_52x`
    // assemble as `sm_90`, `sm_52`), but not a misplaced `a`/`f` (`sm_80a`, `sm_90f`): so do we.
    if suffix.len() == 1 && suffix.bytes().all(|c| c.is_ascii_lowercase() && c != b'a' && c != b'f') {
        suffix = "";
    }
    let Some(need) = num.parse().ok().and_then(|sm| target_version(sm, suffix)) else {
        v.err(span, format!("unknown target architecture `{arch}`"));
        return;
    };
    v.sm = m.target.sm;
    v.arch_specific = matches!(suffix, "a" | "f");
    if v.version != 0 && v.version < need {
        let msg = format!(
            "`.target {arch}` requires PTX ISA {} (module is .version {})",
            show_version(need),
            show_version(v.version)
        );
        v.err(span, msg);
    }
    for o in &m.target.options {
        match o.as_str() {
            "texmode_unified" | "texmode_independent" | "map_f64_to_f32" => {}
            "debug" => {
                if v.version != 0 && v.version < 30 {
                    let msg = format!(
                        "`.target debug` requires PTX ISA 3.0 (module is .version {})",
                        show_version(v.version)
                    );
                    v.err(span, msg);
                }
            }
            _ => v.err(span, format!("unknown `.target` option `{o}`")),
        }
    }
}

/// Checks one instruction against the gating table.
pub(super) fn check(v: &mut Validator<'_>, ins: &Instruction) {
    if v.version == 0 && v.sm == 0 {
        return;
    }
    let (mut t0, mut t1, mut nt) = (None, None, 0);
    let mut shape = None;
    for md in &ins.mods {
        match md {
            Modifier::Kw(k) if kw_type(*k).is_some() => {
                match nt {
                    0 => t0 = Some(*k),
                    1 => t1 = Some(*k),
                    _ => {}
                }
                nt += 1;
            }
            Modifier::Shape { m, n, k } => shape = Some((*m, *n, *k)),
            _ => {}
        }
    }
    let holds = |c: &C| match *c {
        Has(k) => ins.has(k),
        Not(k) => !ins.has(k),
        Any(ks) => ks.iter().any(|&k| ins.has(k)),
        Shape(m, n, k) => shape == Some((m, n, k)),
        T0(ks) => t0.is_some_and(|t| ks.contains(&t)),
        NotT0(ks) => t0.is_some_and(|t| !ks.contains(&t)),
        T1(ks) => t1.is_some_and(|t| ks.contains(&t)),
        NotT1(ks) => t1.is_some_and(|t| !ks.contains(&t)),
        Ops(n) => ins.operands.len() >= usize::from(n),
    };
    let mut reported = false;
    for &gi in &BY_OPCODE[ins.opcode as usize] {
        let gate = &GATES[gi as usize];
        if gate.when.iter().all(holds) && require(v, ins, gate) {
            reported = true;
            break;
        }
    }
    for &(k, what, ptx, sm) in WORD_GATES {
        if !reported && ins.has(k) {
            let gate = Gate { op: ins.opcode, when: &[], what, ptx, sm, arch: false, exact: false };
            reported = require(v, ins, &gate);
        }
    }
    for op in &ins.operands {
        sregs(v, ins, op);
    }
    // `mad.f32` needs a rounding modifier from sm_20 on and takes none before (it fused
    // nothing there).
    let mode = ins.has(Kw::Lo) || ins.has(Kw::Hi) || ins.has(Kw::Wide);
    if ins.opcode == Opcode::Mad && ins.has(Kw::F32) && !mode && v.sm != 0 {
        let rounded = ins.kws().any(|k| matches!(k, Kw::Rn | Kw::Rz | Kw::Rm | Kw::Rp));
        if v.sm >= 20 && !rounded {
            v.err(
                ins.span,
                "`mad.f32` requires a rounding modifier (`.rn`, `.rz`, `.rm` or `.rp`) for sm_20 and higher",
            );
        } else if v.sm < 20 && rounded {
            v.err(ins.span, "`mad.f32` takes no rounding modifier below sm_20");
        }
    }
    // The non-`.sync` warp-level forms are gone for sm_70+ from PTX ISA 6.4 on.
    if matches!(ins.opcode, Opcode::Shfl | Opcode::Vote) && !ins.has(Kw::Sync) && v.sm >= 70 && v.version >= 64 {
        let op = ins.opcode.as_str();
        let msg =
            format!("`{op}` without `.sync` is not supported for sm_70 and higher from PTX ISA 6.4; use `{op}.sync`");
        v.err(ins.span, msg);
    }
}

fn sregs(v: &mut Validator<'_>, ins: &Instruction, op: &Operand) {
    match op {
        Operand::Sreg(r, _) => {
            if let Some(&(_, ptx, sm)) = SREG_GATES.iter().find(|(s, ..)| s == r) {
                let gate = Gate { op: ins.opcode, when: &[], what: r.as_str(), ptx, sm, arch: false, exact: false };
                require(v, ins, &gate);
            }
        }
        Operand::Vector(items) | Operand::List(items) | Operand::AddrList(items) => {
            for it in items {
                sregs(v, ins, it);
            }
        }
        _ => {}
    }
}

/// Reports what `gate` needs that the module lacks; true if anything was reported.
fn require(v: &mut Validator<'_>, ins: &Instruction, gate: &Gate) -> bool {
    let Gate { what, ptx, sm, arch, exact, .. } = *gate;
    let mut failed = false;
    let sm_ok = if exact { v.sm == u32::from(sm) } else { v.sm >= u32::from(sm) };
    if v.sm != 0 && (!sm_ok || (arch && !v.arch_specific)) {
        let target = &v.m.target.arch;
        let msg = if arch {
            format!("`{what}` requires `.target sm_{sm}a` (module targets {target})")
        } else {
            format!("`{what}` requires `.target sm_{sm}` or higher (module targets {target})")
        };
        v.err(ins.span, msg);
        failed = true;
    }
    if v.version != 0 && v.version < u32::from(ptx) {
        let msg = format!(
            "`{what}` requires PTX ISA {} (module is .version {})",
            show_version(u32::from(ptx)),
            show_version(v.version)
        );
        v.err(ins.span, msg);
        failed = true;
    }
    failed
}
