//! Instruction forms: operand counts and kinds per opcode, and modifier checks (unknown
//! words, mutually exclusive words, too many type words).
//!
//! The table is deliberately permissive: an opcode whose operand shapes vary a lot with its
//! modifiers (`cp`, `mbarrier`, `mma`, `tex`, ...) only gets an operand-count range and `x`
//! (anything) roles; what it does check holds for every form in the PTX ISA manual.

use super::{Role, Validator, full_name};
use crate::ast::{Instruction, Modifier};
use crate::keyword::Kw;
use crate::types::{Opcode, ScalarType};
use std::sync::LazyLock;

/// The operand shape of an opcode.
#[derive(Debug, Clone, Copy)]
pub(super) struct Form {
    /// Fewest operands.
    pub min: u8,
    /// Most operands.
    pub max: u8,
    /// One role per operand position (`d` destination, `r` register or immediate, `s` the same
    /// or an address constant, `a` address, `l` label, `x` anything); the last one repeats.
    pat: &'static [u8],
    /// Most type words (`.u32`, `.f16`, ...) allowed.
    pub types: u8,
}

impl Form {
    /// The role of operand `i`.
    pub fn role(&self, i: usize) -> Role {
        let c = match self.pat.get(i) {
            Some(&c) => c,
            None => self.pat.last().copied().unwrap_or(b'x'),
        };
        match c {
            b'd' => Role::Dst,
            b'r' => Role::Val,
            b's' => Role::Src,
            b'a' => Role::Addr,
            b'l' => Role::Label,
            _ => Role::Any,
        }
    }
}

const fn f(min: u8, max: u8, pat: &'static str, types: u8) -> Form {
    Form { min, max, pat: pat.as_bytes(), types }
}

/// No limit on type words.
const T: u8 = u8::MAX;

/// The form table: one entry per opcode.
pub(super) fn form(op: Opcode) -> Form {
    use Opcode::*;
    match op {
        // d, a, b
        Add | Sub => f(3, 3, "dr", 2), // `add.f32.f16` (mixed precision) has two types
        Mul | Div | Rem | Copysign | Addc | Subc | Mul24 | And | Or | Xor | Shl | Shr | Bmsk | Szext => {
            f(3, 3, "dr", 1)
        }
        Min | Max => f(3, 4, "dr", 1), // three-input min/max (PTX 8.8)
        // d, a, b, c
        Mad | Madc | Mad24 | Sad | Bfe | Shf | Prmt | Fns | Selp => f(4, 4, "dr", 1),
        Fma => f(4, 4, "dr", 2),
        Dp2a | Dp4a | Slct => f(4, 4, "dr", 2),
        Bfi => f(5, 5, "dr", 1),
        // d, a
        Abs | Neg | Not | Cnot | Popc | Clz | Bfind | Brev | Rcp | Sqrt | Rsqrt | Sin | Cos | Lg2 | Ex2 | Tanh
        | Testp | Isspacep | Movmatrix => f(2, 2, "dr", 1),
        // these also take address constants (`mov.u64 %rd, var`) or opaque variables
        Mov | Cvta | Getctarank | Istypep => f(2, 2, "ds", 1),
        Mapa => f(3, 3, "ds", 1),
        Cvt => f(2, 4, "dr", 3), // cvt.f16x2.f32 d, a, b; cvt.rs... d, a, b, rbits; cvt.pack 3 types
        Setp => f(3, 4, "dr", 1),
        Set => f(3, 4, "dr", 2),
        Lop3 => f(5, 6, "dr", 1),
        // memory
        Ld => f(2, 3, "dax", 1), // d, [a] {, cache-policy}
        Ldu => f(2, 2, "da", 1),
        St => f(2, 3, "arx", 1),   // [a], b {, cache-policy | [mbar] (st.async)}
        Atom => f(3, 5, "dar", 1), // d, [a], b {, c} {, cache-policy}
        Red => f(2, 4, "arx", 1),  // [a], b {, cache-policy | [mbar] (red.async)}
        Prefetch | Prefetchu => f(1, 1, "a", 0),
        Applypriority | Discard => f(2, 2, "ar", 0),
        Ldmatrix => f(2, 2, "da", 2),
        Stmatrix => f(2, 2, "ar", 1),
        Createpolicy => f(1, 4, "x", 1),
        Cp => f(0, 8, "x", T),
        Mbarrier => f(1, 4, "x", 1),
        Multimem => f(2, 4, "x", T),
        Tensormap => f(2, 3, "x", T),
        Clusterlaunchcontrol => f(2, 2, "x", T),
        Alloca => f(2, 3, "dr", 1),
        Stacksave => f(1, 1, "d", 1),
        Stackrestore => f(1, 1, "r", 1),
        // warp and block level
        Bar | Barrier => f(0, 4, "x", 1),
        Vote => f(2, 3, "dr", 1),
        Shfl => f(4, 5, "dr", 1),
        Match => f(3, 3, "dr", 1),
        Redux => f(3, 3, "dr", 1),
        Activemask => f(1, 1, "d", 1),
        Elect => f(2, 2, "dr", 0),
        Nanosleep | Setmaxnreg | Pmevent => f(1, 1, "r", 1),
        Membar | Griddepcontrol | Trap | Brkpt | Exit | Ret => f(0, 0, "x", 0),
        Fence => f(0, 3, "x", 0),
        // control flow
        Bra => f(1, 1, "l", 0),
        Brx => f(2, 2, "rl", 0),
        Call => f(1, 4, "x", 0),
        // matrix
        Mma => f(4, 10, "x", T), // mma.sp...block_scale has 10
        Wmma => f(2, 4, "x", T),
        Wgmma => f(0, 10, "x", T),
        Tcgen05 => f(0, 8, "x", T),
        // textures and surfaces
        Tex => f(2, 5, "x", T),
        Tld4 => f(2, 4, "x", T),
        Txq => f(2, 3, "x", T),
        Suld | Sust | Sured | Suq => f(2, 2, "x", T),
        // video
        Vadd | Vsub | Vabsdiff | Vmin | Vmax | Vshl | Vshr | Vset => f(3, 4, "dr", 3),
        Vmad => f(4, 4, "dr", 3),
        Vadd2 | Vadd4 | Vsub2 | Vsub4 | Vavrg2 | Vavrg4 | Vabsdiff2 | Vabsdiff4 | Vmin2 | Vmin4 | Vmax2 | Vmax4
        | Vset2 | Vset4 => f(3, 4, "dr", 3),
    }
}

/// The scalar type a modifier word names (a table lookup; `Kw::as_type` compares strings).
pub(super) fn kw_type(k: Kw) -> Option<ScalarType> {
    static TABLE: LazyLock<Vec<Option<ScalarType>>> = LazyLock::new(|| {
        let mut t = vec![None; 1 << 12];
        for &ty in ScalarType::ALL {
            if let Some(k) = Kw::lookup(ty.as_str()) {
                t[k as usize] = Some(ty);
            }
        }
        t
    });
    TABLE.get(k as usize).copied().flatten()
}

/// Cache eviction priorities and hints of `ld`/`st`.
macro_rules! memory_words {
    ($($k:ident),* $(,)?) => {
        &[
            Kw::Cta, Kw::Cluster, Kw::Gpu, Kw::Sys, Kw::Global, Kw::Shared, Kw::SharedCta,
            Kw::SharedCluster, Kw::L1EvictFirst, Kw::L1EvictLast, Kw::L1EvictNormal,
            Kw::L1EvictUnchanged, Kw::L1NoAllocate, Kw::L2CacheHint, Kw::L2EvictFirst,
            Kw::L2EvictLast, Kw::L2EvictNormal, Kw::L2EvictUnchanged, Kw::V2, Kw::V4, Kw::V8,
            $(Kw::$k),*
        ]
    };
}

/// `ld{.weak|.volatile|.relaxed.scope|.acquire.scope|.mmio}{.ss}{.cop}{.level...}{.nc}{.vec}.type`.
const LD_WORDS: &[Kw] = memory_words![
    Weak, Volatile, Relaxed, Acquire, Mmio, Local, Const, Param, ParamEntry, ParamFunc, Ca, Cg, Cs, Lu, Cv, L264B,
    L2128B, L2256B, Unified, Nc,
];
/// `st{.weak|.volatile|.relaxed.scope|.release.scope|.mmio}{.ss}{.cop}{.level...}{.vec}.type`,
/// `st.async`, `st.bulk`.
const ST_WORDS: &[Kw] = memory_words![
    Weak,
    Volatile,
    Relaxed,
    Release,
    Mmio,
    Local,
    Param,
    ParamFunc,
    Wb,
    Cg,
    Cs,
    Wt,
    Async,
    MbarrierCompleteTxBytes,
    Bulk,
    Unified,
];
/// `atom{.sem}{.scope}{.space}.op{.noftz}{.level::cache_hint}{.vec}.type`.
const ATOM_WORDS: &[Kw] =
    memory_words![Relaxed, Acquire, Release, AcqRel, And, Or, Xor, Cas, Exch, Add, Inc, Dec, Min, Max, Noftz,];
/// `red{.sem}{.scope}{.space}.op{.noftz}{.level::cache_hint}{.vec}.type`, `red.async`.
const RED_WORDS: &[Kw] =
    memory_words![Relaxed, Release, And, Or, Xor, Add, Inc, Dec, Min, Max, Noftz, Async, MbarrierCompleteTxBytes];

/// `wmma.load.{a,b,c}.sync.aligned.layout.shape{.ss}.type`, `wmma.store.d...`,
/// `wmma.mma.sync.aligned.alayout.blayout.shape{.rnd}{.satfinite}.dtype.ctype` and the
/// single-bit `wmma.mma.xor.popc`/`.and.popc`.
const WMMA_WORDS: &[Kw] = &[
    Kw::Load,
    Kw::Store,
    Kw::Mma,
    Kw::A,
    Kw::B,
    Kw::C,
    Kw::D,
    Kw::Sync,
    Kw::Aligned,
    Kw::Row,
    Kw::Col,
    Kw::Global,
    Kw::Shared,
    Kw::SharedCta,
    Kw::Satfinite,
    Kw::Rn,
    Kw::Rz,
    Kw::Rm,
    Kw::Rp,
    Kw::And,
    Kw::Xor,
    Kw::Popc,
    // (not in the manual; ptxas takes them on `wmma.load`/`wmma.store`)
    Kw::V2,
    Kw::V4,
];
/// The words of `cp.async` (`.ca`/`.cg`, `.wait_group`, `.commit_group`, `.mbarrier.arrive`),
/// `cp.async.bulk{.tensor}` and `cp.reduce.async.bulk{.tensor}`.
const CP_WORDS: &[Kw] = &[
    Kw::Async,
    Kw::Bulk,
    Kw::BulkGroup,
    Kw::Ca,
    Kw::Cg,
    Kw::CommitGroup,
    Kw::WaitAll,
    Kw::WaitGroup,
    Kw::Read,
    Kw::Mbarrier,
    Kw::Arrive,
    Kw::Noinc,
    Kw::MbarrierCompleteTxBytes,
    Kw::MulticastCluster,
    Kw::Tensor,
    Kw::Tile,
    Kw::TileGather4,
    Kw::Im2col,
    Kw::Im2colW,
    Kw::Im2colW128,
    Kw::Reduce,
    Kw::Prefetch,
    Kw::CtaGroup1,
    Kw::CtaGroup2,
    Kw::Global,
    Kw::Shared,
    Kw::SharedCta,
    Kw::SharedCluster,
    Kw::Add,
    Kw::Min,
    Kw::Max,
    Kw::Inc,
    Kw::Dec,
    Kw::And,
    Kw::Or,
    Kw::Xor,
    Kw::Noftz,
    Kw::D1d,
    Kw::D2d,
    Kw::D3d,
    Kw::D4d,
    Kw::D5d,
    Kw::L2,
    Kw::L2CacheHint,
    Kw::L264B,
    Kw::L2128B,
    Kw::L2256B,
    Kw::IgnoreOob,
    Kw::CpMask,
    // (scopes: not in the manual's `cp.async.bulk` syntax, but ptxas 13.0 takes them)
    Kw::Cta,
    Kw::Cluster,
    Kw::Gpu,
    Kw::Sys,
];
/// `fence{.sem}.scope`, `fence.op_restrict.release.cluster`, `fence.proxy.proxykind`,
/// `fence.proxy.to_proxykind::from_proxykind...`, `fence.sync_restrict...`.
const FENCE_WORDS: &[Kw] = &[
    Kw::Sc,
    Kw::AcqRel,
    Kw::Acquire,
    Kw::Release,
    Kw::Cta,
    Kw::Cluster,
    Kw::Gpu,
    Kw::Sys,
    Kw::Proxy,
    Kw::Async,
    Kw::Alias,
    Kw::Global,
    Kw::Shared,
    Kw::SharedCta,
    Kw::SharedCluster,
    Kw::MbarrierInit,
    Kw::Tensormap,
    Kw::TensormapGeneric,
    Kw::AsyncGeneric,
    Kw::OpRestrict,
    Kw::SyncRestrict,
    Kw::SyncRestrictSharedCluster,
    Kw::SyncRestrictSharedCta,
    Kw::ToProxykind,
    Kw::FromProxykind,
];
/// `mma{.sp|.sp::ordered_metadata}.sync.aligned.shape.alayout.blayout{.kind}{.block_scale}
/// {.satfinite}{.rnd}{.op.popc}.types`.
const MMA_WORDS: &[Kw] = &[
    Kw::Sp,
    Kw::SpOrderedMetadata,
    Kw::Sync,
    Kw::Aligned,
    Kw::Row,
    Kw::Col,
    Kw::KindF16,
    Kw::KindF8f6f4,
    Kw::KindI8,
    Kw::KindMxf4,
    Kw::KindMxf4nvf4,
    Kw::KindMxf8f6f4,
    Kw::KindTf32,
    Kw::BlockScale,
    Kw::Satfinite,
    Kw::Rn,
    Kw::Rz,
    Kw::Rm,
    Kw::Rp,
    Kw::And,
    Kw::Xor,
    Kw::Popc,
];

/// `cvt`: roundings, saturation, `.relu`, `.satfinite`, `.pack`.
const CVT_WORDS: &[Kw] = &[
    Kw::Rn,
    Kw::Rz,
    Kw::Rm,
    Kw::Rp,
    Kw::Rna,
    Kw::Rs,
    Kw::Rni,
    Kw::Rzi,
    Kw::Rmi,
    Kw::Rpi,
    Kw::Ftz,
    Kw::Sat,
    Kw::Relu,
    Kw::Satfinite,
    Kw::Pack,
];

/// `cvta`: `.to` and the state spaces.
const CVTA_WORDS: &[Kw] = &[
    Kw::To,
    Kw::Global,
    Kw::Shared,
    Kw::SharedCta,
    Kw::SharedCluster,
    Kw::Local,
    Kw::Const,
    Kw::Param,
    Kw::ParamEntry,
];

/// `prefetch`: state spaces, cache levels and eviction priorities, the tensor forms.
const PREFETCH_WORDS: &[Kw] = &[
    Kw::Global,
    Kw::Local,
    Kw::Const,
    Kw::Param,
    Kw::L1,
    Kw::L2,
    Kw::L2EvictLast,
    Kw::L2EvictNormal,
    Kw::Tensormap,
    Kw::Tensor,
    Kw::Tile,
    Kw::TileGather4,
    Kw::Im2col,
    Kw::Im2colW,
    Kw::Im2colW128,
    Kw::D1d,
    Kw::D2d,
    Kw::D3d,
    Kw::D4d,
    Kw::D5d,
    Kw::L2CacheHint,
];

/// `createpolicy`: fractional and range policies, eviction priorities.
const CREATEPOLICY_WORDS: &[Kw] =
    &[Kw::Fractional, Kw::Range, Kw::L2, Kw::L2EvictLast, Kw::L2EvictNormal, Kw::L2EvictFirst, Kw::L2EvictUnchanged];

/// `ldmatrix`/`stmatrix`: shapes, counts, `.trans`, state spaces, element formats.
const MATRIX_MOVE_WORDS: &[Kw] = &[
    Kw::Sync,
    Kw::Aligned,
    Kw::M8n8,
    Kw::M16n16,
    Kw::M8n16,
    Kw::X1,
    Kw::X2,
    Kw::X4,
    Kw::Trans,
    Kw::Shared,
    Kw::SharedCta,
    Kw::B8x16,
    Kw::B6x16P32,
    Kw::B4x16P64,
];

/// `tex`: geometries, vector widths, level-of-detail modes, `.uni`.
const TEX_WORDS: &[Kw] = &[
    Kw::D1d,
    Kw::D2d,
    Kw::D3d,
    Kw::A1d,
    Kw::A2d,
    Kw::Cube,
    Kw::Acube,
    Kw::D2dms,
    Kw::A2dms,
    Kw::V4,
    Kw::V2,
    Kw::Base,
    Kw::Level,
    Kw::Grad,
    Kw::Uni,
];

/// `suld`: `.b`, geometries, cache operators, vector widths, out-of-range modes.
const SULD_WORDS: &[Kw] = &[
    Kw::B,
    Kw::D1d,
    Kw::D2d,
    Kw::D3d,
    Kw::A1d,
    Kw::A2d,
    Kw::Ca,
    Kw::Cg,
    Kw::Cs,
    Kw::Cv,
    Kw::V2,
    Kw::V4,
    Kw::Trap,
    Kw::Clamp,
    Kw::Zero,
];

/// `sust`: `.b`/`.p`, geometries, cache operators, vector widths, out-of-range modes.
const SUST_WORDS: &[Kw] = &[
    Kw::B,
    Kw::P,
    Kw::D1d,
    Kw::D2d,
    Kw::D3d,
    Kw::A1d,
    Kw::A2d,
    Kw::Wb,
    Kw::Cg,
    Kw::Cs,
    Kw::Wt,
    Kw::V2,
    Kw::V4,
    Kw::Trap,
    Kw::Clamp,
    Kw::Zero,
];

/// `mbarrier`: operations, state spaces, semantics and scopes.
const MBARRIER_WORDS: &[Kw] = &[
    Kw::Init,
    Kw::Inval,
    Kw::Arrive,
    Kw::ArriveDrop,
    Kw::ExpectTx,
    Kw::CompleteTx,
    Kw::TestWait,
    Kw::TryWait,
    Kw::PendingCount,
    Kw::NoComplete,
    Kw::Parity,
    Kw::Shared,
    Kw::SharedCta,
    Kw::SharedCluster,
    Kw::Relaxed,
    Kw::Acquire,
    Kw::Release,
    Kw::Cta,
    Kw::Cluster,
];

/// The modifier words (besides type words) each simple opcode takes, from the syntax blocks of
/// the PTX ISA manual; `None` for the opcodes not listed, whose words are not checked. For
/// `setp`/`set`, the comparison operators are allowed besides these.
pub(super) fn allowed_words(op: Opcode) -> Option<&'static [Kw]> {
    use Opcode as O;
    Some(match op {
        O::Add | O::Sub => &[Kw::Sat, Kw::Cc, Kw::Rn, Kw::Rz, Kw::Rm, Kw::Rp, Kw::Ftz],
        O::Addc | O::Subc => &[Kw::Cc],
        O::Mul => &[Kw::Lo, Kw::Hi, Kw::Wide, Kw::Rn, Kw::Rz, Kw::Rm, Kw::Rp, Kw::Ftz, Kw::Sat],
        O::Mad => &[Kw::Lo, Kw::Hi, Kw::Wide, Kw::Sat, Kw::Cc, Kw::Rn, Kw::Rz, Kw::Rm, Kw::Rp, Kw::Ftz],
        O::Madc => &[Kw::Lo, Kw::Hi, Kw::Cc],
        O::Mul24 | O::Mad24 => &[Kw::Lo, Kw::Hi, Kw::Sat],
        O::Div => &[Kw::Approx, Kw::Full, Kw::Rn, Kw::Rz, Kw::Rm, Kw::Rp, Kw::Ftz],
        O::Abs | O::Neg => &[Kw::Ftz],
        O::Min | O::Max => &[Kw::Ftz, Kw::NaN, Kw::Xorsign, Kw::Abs, Kw::Relu],
        O::Rem
        | O::Sad
        | O::Popc
        | O::Clz
        | O::Brev
        | O::Bfe
        | O::Bfi
        | O::Fns
        | O::And
        | O::Or
        | O::Xor
        | O::Not
        | O::Cnot
        | O::Shl
        | O::Shr
        | O::Copysign
        | O::Selp
        | O::Activemask => &[],
        O::Bfind => &[Kw::Shiftamt],
        O::Trap | O::Exit | O::Brkpt => &[],
        O::Ret | O::Bra => &[Kw::Uni],
        O::Bmsk | O::Szext => &[Kw::Clamp, Kw::Wrap],
        O::Lop3 => &[Kw::And, Kw::Or],
        O::Shf => &[Kw::L, Kw::R, Kw::Clamp, Kw::Wrap],
        O::Prmt => &[Kw::F4e, Kw::B4e, Kw::Rc8, Kw::Ecl, Kw::Ecr, Kw::Rc16],
        O::Testp => &[Kw::Finite, Kw::Infinite, Kw::Number, Kw::Notanumber, Kw::Normal, Kw::Subnormal],
        O::Fma => &[Kw::Rn, Kw::Rz, Kw::Rm, Kw::Rp, Kw::Ftz, Kw::Sat, Kw::Relu, Kw::Oob],
        O::Rcp | O::Sqrt => &[Kw::Approx, Kw::Rn, Kw::Rz, Kw::Rm, Kw::Rp, Kw::Ftz],
        O::Rsqrt | O::Sin | O::Cos | O::Lg2 | O::Ex2 => &[Kw::Approx, Kw::Ftz],
        O::Tanh => &[Kw::Approx],
        O::Setp | O::Set => &[Kw::Ftz, Kw::And, Kw::Or, Kw::Xor],
        O::Shfl => &[Kw::Sync, Kw::Up, Kw::Down, Kw::Bfly, Kw::Idx],
        O::Mov => &[Kw::V2, Kw::V4],
        O::Redux => &[Kw::Sync, Kw::Add, Kw::Min, Kw::Max, Kw::And, Kw::Or, Kw::Xor, Kw::Abs, Kw::NaN],
        O::Match => &[Kw::Any, Kw::All, Kw::Sync],
        // (`bar`/`barrier` words: barrier.rs)
        O::Isspacep => {
            &[Kw::Global, Kw::Shared, Kw::SharedCta, Kw::SharedCluster, Kw::Local, Kw::Const, Kw::Param, Kw::ParamEntry]
        }
        O::Membar => &[Kw::Cta, Kw::Gl, Kw::Sys, Kw::Proxy],
        O::Cvt => CVT_WORDS,
        O::Cvta => CVTA_WORDS,
        O::Dp4a => &[],
        O::Dp2a => &[Kw::Lo, Kw::Hi],
        O::Ld => LD_WORDS,
        O::St => ST_WORDS,
        O::Atom => ATOM_WORDS,
        O::Red => RED_WORDS,
        O::Vote => &[Kw::Sync, Kw::All, Kw::Any, Kw::Uni, Kw::Ballot],
        O::Wmma => WMMA_WORDS,
        O::Cp => CP_WORDS,
        O::Fence => FENCE_WORDS,
        // `prefetch{.space}.level`, `prefetch{.tensormap_space}.tensormap`, `prefetch.tensor...`
        O::Prefetch => PREFETCH_WORDS,
        O::Prefetchu => &[Kw::L1],
        O::Griddepcontrol => &[Kw::Wait, Kw::LaunchDependents],
        O::Createpolicy => CREATEPOLICY_WORDS,
        O::Ldmatrix | O::Stmatrix => MATRIX_MOVE_WORDS,
        O::Movmatrix => &[Kw::Sync, Kw::Aligned, Kw::M8n8, Kw::Trans],
        O::Elect => &[Kw::Sync],
        O::Nanosleep => &[],
        O::Pmevent => &[Kw::Mask],
        O::Mapa => &[Kw::SharedCluster],
        O::Mma => MMA_WORDS,
        // (ptxas also takes `.uni` on `tex`/`tld4`, which the manual lists for `bra`/`call`)
        O::Tex => TEX_WORDS,
        O::Tld4 => &[Kw::R, Kw::G, Kw::B, Kw::A, Kw::D2d, Kw::A2d, Kw::Cube, Kw::Acube, Kw::V4, Kw::Uni],
        O::Suld => SULD_WORDS,
        O::Sust => SUST_WORDS,
        O::Mbarrier => MBARRIER_WORDS,
        _ => return None,
    })
}

/// Mutually exclusive groups of modifier words: an instruction may carry at most one distinct
/// word of each group. 0 means no group.
fn group(k: Kw, op: Opcode) -> usize {
    use Opcode as O;
    match k {
        Kw::Rn | Kw::Rz | Kw::Rm | Kw::Rp | Kw::Rna | Kw::Rs | Kw::Rni | Kw::Rzi | Kw::Rmi | Kw::Rpi => 1,
        Kw::Approx | Kw::Full if matches!(op, O::Div | O::Rcp | O::Sqrt | O::Rsqrt) => 1,
        Kw::Eq
        | Kw::Ne
        | Kw::Lt
        | Kw::Le
        | Kw::Gt
        | Kw::Ge
        | Kw::Ls
        | Kw::Hs
        | Kw::Equ
        | Kw::Neu
        | Kw::Ltu
        | Kw::Leu
        | Kw::Gtu
        | Kw::Geu
        | Kw::Num
        | Kw::Nan => 2,
        Kw::Hi | Kw::Lo | Kw::Wide => 3,
        Kw::And | Kw::Or | Kw::Xor | Kw::Add | Kw::Inc | Kw::Dec | Kw::Exch | Kw::Cas | Kw::Min | Kw::Max => 4,
        Kw::Weak | Kw::Volatile | Kw::Relaxed | Kw::Acquire | Kw::Release | Kw::AcqRel | Kw::Sc => 5,
        // (`membar.gl` is the `.gpu` level of the older spelling)
        Kw::Cta | Kw::Cluster | Kw::Gpu | Kw::Sys | Kw::Gl => 6,
        Kw::Ca | Kw::Cg | Kw::Cs | Kw::Lu | Kw::Cv | Kw::Wb | Kw::Wt => 7,
        Kw::V2 | Kw::V4 | Kw::V8 => 8,
        Kw::L1EvictFirst | Kw::L1EvictLast | Kw::L1EvictNormal | Kw::L1EvictUnchanged | Kw::L1NoAllocate => 9,
        Kw::Global
        | Kw::Shared
        | Kw::Local
        | Kw::Const
        | Kw::Param
        | Kw::SharedCta
        | Kw::SharedCluster
        | Kw::ParamEntry
        | Kw::ParamFunc
            if matches!(
                op,
                O::Ld
                    | O::Ldu
                    | O::St
                    | O::Atom
                    | O::Red
                    | O::Cvta
                    | O::Isspacep
                    | O::Prefetch
                    | O::Prefetchu
                    | O::Mbarrier
                    | O::Wmma
            ) =>
        {
            10
        }
        Kw::Up | Kw::Down | Kw::Bfly | Kw::Idx => 11,
        Kw::All | Kw::Any | Kw::Uni | Kw::Ballot => 12,
        Kw::Trap | Kw::Clamp | Kw::Zero if matches!(op, O::Suld | O::Sust) => 13,
        Kw::Wrap | Kw::Clamp if matches!(op, O::Shf | O::Bmsk | O::Szext) => 13,
        _ => 0,
    }
}

const GROUPS: usize = 14;

/// Unknown modifiers, conflicting modifiers and too many type words.
pub(super) fn check_modifiers(v: &mut Validator<'_>, ins: &Instruction) {
    let mut seen: [Option<Kw>; GROUPS] = [None; GROUPS];
    let mut types = 0u8;
    let mut first_type: Option<Kw> = None;
    let mut second_type: Option<Kw> = None;
    let allowed = allowed_words(ins.opcode);
    for md in &ins.mods {
        let k = match md {
            Modifier::Kw(k) => *k,
            Modifier::Shape { .. } => continue,
            Modifier::Unknown(n) => {
                let msg = format!("unknown modifier `.{}` on `{}`", v.name(*n), ins.opcode.as_str());
                v.err(ins.span, msg);
                continue;
            }
        };
        let is_cmp = matches!(ins.opcode, Opcode::Setp | Opcode::Set) && k.as_cmp().is_some();
        if let Some(words) = allowed
            && kw_type(k).is_none()
            && !is_cmp
            && !words.contains(&k)
        {
            let msg = format!("`.{}` is not a modifier of `{}`", k.as_str(), ins.opcode.as_str());
            v.err(ins.span, msg);
            continue;
        }
        if kw_type(k).is_some() {
            types = types.saturating_add(1);
            match types {
                1 => first_type = Some(k),
                2 => second_type = Some(k),
                _ => {}
            }
        }
        let g = group(k, ins.opcode);
        if g != 0 {
            match seen[g] {
                Some(prev) if prev != k => {
                    let msg = format!(
                        "conflicting modifiers `.{}` and `.{}` on `{}`",
                        prev.as_str(),
                        k.as_str(),
                        ins.opcode.as_str()
                    );
                    v.err(ins.span, msg);
                }
                _ => seen[g] = Some(k),
            }
        }
    }
    let cmps: Vec<Kw> = ins.kws().filter(|k| k.as_cmp().is_some()).collect();
    if matches!(ins.opcode, Opcode::Setp | Opcode::Set) && cmps.len() > 1 {
        let msg = format!(
            "conflicting modifiers `.{}` and `.{}` on `{}`",
            cmps[0].as_str(),
            cmps[1].as_str(),
            ins.opcode.as_str()
        );
        v.err(ins.span, msg);
    }
    if matches!(ins.opcode, Opcode::Setp | Opcode::Set) && cmps.is_empty() {
        let msg = format!("`{}` requires a comparison operator such as `.eq` or `.lt`", ins.opcode.as_str());
        v.err(ins.span, msg);
    }
    let form = form(ins.opcode);
    let (Some(a), Some(b)) = (first_type, second_type) else { return };
    let mixed_ok = !matches!(ins.opcode, Opcode::Add | Opcode::Sub | Opcode::Fma)
        || (a == Kw::F32 && matches!(b, Kw::F16 | Kw::Bf16));
    if types > form.types || !mixed_ok {
        let msg = format!("conflicting modifiers `.{}` and `.{}` on `{}`", a.as_str(), b.as_str(), ins.opcode.as_str());
        v.err(ins.span, msg);
    }
}

/// Immediate operands with a range: a barrier number is 0 through 15 (PTX ISA `bar`,
/// `barrier`: "an immediate constant or register with value 0 through 15"); `bfe`/`bfi`'s bit
/// position and length are 0 through 255 (ptxas: "expected to be in range [0..255]").
pub(super) fn check_immediates(v: &mut Validator<'_>, ins: &Instruction) {
    if matches!(ins.opcode, Opcode::Bfe | Opcode::Bfi) {
        let from = if ins.opcode == Opcode::Bfe { 2 } else { 3 };
        for (i, op) in ins.operands.iter().enumerate().skip(from) {
            if let crate::ast::Operand::Imm(crate::ast::Imm::Int(n)) = op
                && !(0..=255).contains(n)
            {
                let msg = format!(
                    "operand {i} of `{}` is {n}: a bit position or length is 0 through 255",
                    ins.opcode.as_str()
                );
                v.err(ins.span, msg);
            }
        }
        return;
    }
    // `pmevent a` triggers performance monitor event a, 0 through 15; `pmevent.mask a` the
    // events of the 16-bit mask a: both immediates.
    if ins.opcode == Opcode::Pmevent {
        let (top, what) =
            if ins.has(Kw::Mask) { (0xffff, "a 16-bit event mask") } else { (15, "an event number 0 through 15") };
        match ins.operands.first() {
            Some(crate::ast::Operand::Imm(crate::ast::Imm::Int(n))) if (0..=top).contains(n) => {}
            Some(_) => v.err(
                ins.span,
                format!("the operand of `{}` must be {what} (an integer immediate)", full_name(v.m, ins)),
            ),
            None => {}
        }
        return;
    }
    // `bar.warp.sync` takes a member mask instead.
    if !matches!(ins.opcode, Opcode::Bar | Opcode::Barrier) || ins.has(Kw::Warp) {
        return;
    }
    // `bar.red.popc.u32 d, a, ...` has its destination first.
    let at = usize::from(ins.has(Kw::Red));
    // ptxas reads the immediate as a .u32 (4294967296 is barrier 0).
    if let Some(crate::ast::Operand::Imm(crate::ast::Imm::Int(n))) = ins.operands.get(at)
        && *n as u32 > 15
    {
        let n = *n as u32;
        let msg = format!("barrier number {n} of `{}` is out of range: it must be 0 through 15", ins.opcode.as_str());
        v.err(ins.span, msg);
    }
}
