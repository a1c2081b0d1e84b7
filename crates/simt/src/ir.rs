//! The executor's internal IR: what `decode` produces from a PTX function and `exec` runs.
//! Registers are dense slot indices, branch targets are instruction indices, and every
//! operation carries its resolved type parameters, so execution never looks at names.

pub(crate) mod access;
pub(crate) mod families;
pub(crate) mod flow;
pub(crate) mod kinds;
pub(crate) mod mma;
pub(crate) mod operands;
pub(crate) mod tex;

use crate::address_space::FUNC_BASE;
use crate::float::{FBin, HFmt, HMode, Narrow};
pub(crate) use families::{
    calls, collectives, frame_ops, memory_access, no_memory, non_arith_register_ops, non_branch_ops,
    non_collective_ops, non_ld_st_atom_ops, non_register_ops, other_memory, register_ops,
};
use ptx::types::{Rounding, ScalarType};

/// A register slot index within a function's frame.
pub(crate) type Reg = u32;

/// Sentinel for "no reconvergence point" (paths that only leave through `ret`/`exit`).
pub(crate) const NO_PC: u32 = u32::MAX;

/// A special register value, resolved per lane at execution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sreg {
    Tid(u8),
    Ntid(u8),
    Ctaid(u8),
    Nctaid(u8),
    Laneid,
    Warpid,
    Nwarpid,
    Smid,
    Nsmid,
    Gridid,
    LanemaskEq,
    LanemaskLe,
    LanemaskLt,
    LanemaskGe,
    LanemaskGt,
    Clock,
    ClockHi,
    Clock64,
    Globaltimer,
    GlobaltimerLo,
    GlobaltimerHi,
    DynamicSmem,
    /// `%total_smem_size`: the block's user shared memory in 128-byte allocation units.
    TotalSmem,
    /// `%aggr_smem_size`: the block's user shared memory plus the system's reserved 1 KiB.
    AggrSmem,
    /// `%reserved_smem_offset_*`: `0` begin/offset_0, `1` offset_1, `2` end, `3` cap.
    ReservedSmem(u8),
    /// `%envregN`: launch environment words (the cooperative grid workspace address).
    Envreg(u8),
    /// A thread block cluster register (`%cluster_ctarank`, `%clusterid.x`, ...).
    Cluster(ClusterReg),
}

impl Sreg {
    /// Whether the register says where a thread sits in its warp (`%laneid`, `%warpid`,
    /// `%lanemask_*`): what threads alike in their `%tid` still differ by.
    pub(crate) fn warp_position(self) -> bool {
        matches!(
            self,
            Sreg::Laneid
                | Sreg::Warpid
                | Sreg::LanemaskEq
                | Sreg::LanemaskLe
                | Sreg::LanemaskLt
                | Sreg::LanemaskGe
                | Sreg::LanemaskGt
        )
    }
}

/// The thread block cluster special registers (component `0..3` = x, y, z).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ClusterReg {
    /// `%cluster_ctaid`: the block's position in its cluster.
    Ctaid(u8),
    /// `%cluster_nctaid`: the cluster's dimensions in blocks.
    Nctaid(u8),
    /// `%clusterid`: the cluster's position in the grid.
    Id(u8),
    /// `%nclusterid`: the grid's dimensions in clusters.
    Nid(u8),
    /// `%cluster_ctarank`: the block's linear rank in its cluster.
    Ctarank,
    /// `%cluster_nctarank`: blocks per cluster.
    Nctarank,
    /// `%is_explicit_cluster`: whether the launch named a cluster size.
    IsExplicit,
}

/// Thread block cluster instructions (`exec/cluster.rs`; the JIT leaves them to the
/// interpreter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ClusterOp {
    /// `barrier.cluster.arrive`: the executing threads arrive at the cluster barrier.
    Arrive,
    /// `barrier.cluster.wait`: wait until the phase the threads arrived in completes.
    Wait,
    /// `mapa`: `d` = address `a` (shared::cluster, or generic when `generic`) mapped to the
    /// same offset in the shared memory of block `rank` of the cluster.
    Mapa { d: Reg, a: Src, rank: Src, generic: bool },
    /// `getctarank`: `d` = the cluster rank of the block whose shared memory `a` points into.
    Getctarank { d: Reg, a: Src, generic: bool },
    /// `isspacep.shared::cluster`: whether generic address `a` is in the cluster's shared
    /// memory window.
    IsSharedCluster { d: Reg, a: Src },
    /// `st.async{.weak}{.shared::cluster}.mbarrier::complete_tx::bytes{.v2,.v4}.type [addr],
    /// vals, [mbar]`: stores `vals` (each `size` bytes) at `addr` (a shared::cluster address
    /// in `space` `Shared`, or a generic one in `Generic`), possibly in another block of the
    /// cluster, then performs complete-tx of the bytes stored on the mbarrier at `mbar` (in
    /// `mbar_space`). Done at issue, so the store is complete before the barrier sees it.
    StAsync(Box<AsyncStore>),
    /// `red.async.relaxed.cluster{.shared::cluster}.mbarrier::complete_tx::bytes.op.type
    /// [addr], b, [mbar]`: the reduction `op` of `size` bytes at `addr`, then complete-tx of
    /// `size` bytes on the mbarrier at `mbar`; spaces as for `StAsync`.
    RedAsync { op: AtomOp, size: u8, addr: Addr, space: Space, b: Src, mbar: Addr, mbar_space: Space },
}

/// The operands of `ClusterOp::StAsync`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AsyncStore {
    /// Bytes per element (4 or 8).
    pub size: u8,
    /// The elements (1, 2 or 4), stored at consecutive addresses.
    pub vals: Vec<Src>,
    /// The destination and its space (`Shared`: a shared::cluster address; `Generic`).
    pub addr: Addr,
    pub space: Space,
    /// The mbarrier and its space (as for `addr`).
    pub mbar: Addr,
    pub mbar_space: Space,
}

/// What a block barrier instruction does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BarKind {
    /// `bar.sync`: arrive and wait.
    Sync,
    /// `bar.arrive`: arrive without waiting.
    Arrive,
    /// `bar.red.op`: arrive, wait, and reduce predicate `p` (negated when `neg`) over the
    /// participating threads into `d`.
    Red { op: BarRed, d: Reg, p: Src, neg: bool },
}

/// The reduction of `bar.red`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BarRed {
    /// The number of threads whose predicate is true (`.popc.u32`).
    Popc,
    /// Whether the predicate is true in every thread (`.and.pred`).
    And,
    /// Whether the predicate is true in some thread (`.or.pred`).
    Or,
}

/// A source operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Src {
    Reg(Reg),
    Imm(u64),
    Sreg(Sreg),
    /// Device address of module global `idx` plus an offset.
    Global(u32, i64),
    /// The local-space address of a frame-local variable: frame base + offset.
    Local(u64),
}

/// The base of a memory address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Base {
    Reg(Reg),
    /// An absolute address (the offset alone).
    Abs,
    Global(u32),
    /// Frame-local variable at this local offset (relative to the frame's local base).
    Local(u64),
}

/// A memory address: base plus a constant byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Addr {
    pub base: Base,
    pub off: i64,
    /// The base is a register 32 bits wide or narrower: the address is 32 bits wide, the
    /// register's low 32 bits plus the offset modulo 2^32, zero-extended (PTX ISA 6.4.1: the
    /// address size follows the register; nvcc keeps shared-memory pointers in 32-bit
    /// registers and may leave one "negative", `[%r+68]` with `%r` = the address - 68).
    pub narrow: bool,
}

impl Addr {
    /// An address whose base is not a register (never narrow).
    pub(crate) const fn fixed(base: Base, off: i64) -> Addr {
        Addr { base, off, narrow: false }
    }

    /// The address for base value `base` (the register's value, the variable's address).
    #[inline]
    pub(crate) fn at(self, base: u64) -> u64 {
        let a = base.wrapping_add(self.off as u64);
        if self.narrow { a & u64::from(u32::MAX) } else { a }
    }
}

/// The state-space window `isspacep` tests a generic address for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Window {
    /// Global memory (which holds the constant banks too).
    Global,
    /// The module's `.const` variables.
    Const,
    Shared,
    Local,
}

/// The state space a memory instruction addresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Space {
    Global,
    Shared,
    Local,
    /// The kernel's parameter buffer (offsets into it).
    KParam,
    /// The current frame's per-lane `.param` area (offsets into it).
    FParam,
    Generic,
}

impl Space {
    /// The alignment a vector access (`ld`/`st` `.v2`, `.v4`, ...) of `n` elements of `size`
    /// bytes needs beyond each element's own: the whole vector's size, as the PTX ISA requires
    /// of `ld` and `st` (an H200 answers a global or shared `float4` at an 8-byte boundary
    /// with `cudaErrorMisalignedAddress`: tests/program-diff/vector_alignment.cu). `None` for
    /// a scalar access, for the parameter spaces, whose layout the PTX fixes, and for local
    /// memory, which ptxas keeps in registers where it can (an H200 ran a misaligned local
    /// `int2` read without a fault).
    pub(crate) fn vector_alignment(self, size: u8, n: usize) -> Option<u32> {
        let total = u32::from(size) * u32::try_from(n).ok()?;
        let checked = !matches!(self, Space::KParam | Space::FParam | Space::Local);
        (n > 1 && total.is_power_of_two() && checked).then_some(total)
    }
}

/// Integer unary operations; `w` is the operand width in bits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum UnOp {
    Mov,
    /// `cvt.{rna,rn,rz}{.relu}{.satfinite}.tf32.f32`: 10 mantissa bits (`semantics::convert::tf32`).
    CvtTf32 {
        rnd: Rounding,
        relu: bool,
        sat: bool,
    },
    /// `cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2,e2m3x2,e3m2x2,e2m1x2}`: the upper code (byte, or
    /// nibble for e2m1) to the upper half.
    CvtF16x2Narrow {
        fmt: Narrow,
        relu: bool,
    },
    /// `cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2`: the upper half to the upper byte.
    CvtF8x2F16x2 {
        fmt: Narrow,
        relu: bool,
    },
    Not(u8),
    Cnot(u8),
    Neg(u8),
    Abs(u8),
    Popc(u8),
    Clz(u8),
    Brev(u8),
    Bfind {
        w: u8,
        signed: bool,
        shiftamt: bool,
    },
    /// `isspacep.param`: 1 when the generic address is in the kernel parameter window
    /// (`address_space::PARAM_WINDOW`).
    IsParam,
    /// `neg.f32`: a NaN gives the canonical NaN (an H200's answer), as `abs.f32` does.
    NegF32 {
        ftz: bool,
    },
    AbsF32 {
        ftz: bool,
    },
    /// `neg.f64`/`abs.f64`: a NaN keeps its sign and payload, quieted (an H200's answer).
    NegF64,
    AbsF64,
    /// `f32` transcendental or root, with flush-to-zero.
    F32(F32Fn, bool),
    F64(F64Fn),
    /// `sqrt` (op `Add`) or `rcp` (op `Div`) with a directed rounding mode.
    FDir(FDir),
    Cvt(Cvt),
    Testp(Testp, bool),
    /// Half-precision `neg` (else `abs`), `x2` on both halves.
    HNegAbs {
        neg: bool,
        fmt: HFmt,
        ftz: bool,
        x2: bool,
    },
    /// Half-precision `ex2.approx` / `tanh.approx` (`f`: `Ex2` or `Tanh`), `x2` on both halves:
    /// the f32 unit's result truncated to the format (`semantics::mufu::half`).
    HApprox {
        f: F32Fn,
        fmt: HFmt,
        ftz: bool,
        x2: bool,
    },
}

/// Single-precision math functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum F32Fn {
    /// `sqrt.rn`: correctly rounded.
    Sqrt,
    /// `rcp.rn`: correctly rounded.
    Rcp,
    /// `sqrt.approx`, `rcp.approx` and the rest: an H200's special function unit
    /// (`semantics::mufu`).
    SqrtApprox,
    RcpApprox,
    Rsqrt,
    Sin,
    Cos,
    Lg2,
    Ex2,
    Tanh,
}

/// Double-precision math functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum F64Fn {
    Sqrt,
    Rcp,
    /// `rcp.approx.ftz.f64`: from the operand's upper word, into the result's.
    RcpFtz,
    Rsqrt,
    /// `rsqrt.approx.ftz.f64`: from the operand's upper word, into the result's.
    RsqrtFtz,
}

/// `testp` properties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Testp {
    Finite,
    Infinite,
    Number,
    NotANumber,
    Normal,
    Subnormal,
}

/// A conversion, fully resolved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Cvt {
    pub to: ScalarType,
    pub from: ScalarType,
    pub rnd: Rounding,
    pub sat: bool,
    pub ftz: bool,
    /// `.relu` (f16/bf16 destinations): negative results become +0.
    pub relu: bool,
    /// `.satfinite` (f16/bf16 destinations): infinite results become the largest finite
    /// value of their sign.
    pub satfinite: bool,
}

/// Binary operations; integer ones carry the width in bits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum BinOp {
    Add(u8),
    Sub(u8),
    AddSat,
    SubSat,
    MulLo(u8),
    MulHi(u8, bool),
    MulWide(u8, bool),
    Mul24Lo(bool),
    /// `mul24.hi`: bits 47..16 of the 48-bit product (signed or not).
    Mul24Hi(bool),
    Div(u8, bool),
    Rem(u8, bool),
    Min(u8, bool),
    Max(u8, bool),
    And(u8),
    Or(u8),
    Xor(u8),
    Shl(u8),
    Shr(u8, bool),
    /// `f32` add/sub/mul/div/min/max with ftz and sat.
    F32(FBin, bool, bool),
    /// `div.approx.f32` (`.ftz` when true): `x` times the special function unit's reciprocal
    /// of `y` (`semantics::mufu`).
    DivApprox32(bool),
    /// `div.full.f32` (`.ftz` when true): as `DivApprox32`, with a range reduction for large
    /// divisors (`semantics::mufu`).
    DivFull32(bool),
    /// add/sub/mul/div with a directed rounding mode (`rz`, `rm`, `rp`), f32 or f64.
    FDir(FDir),
    F64(FBin),
    Copysign32,
    Copysign64,
    Bmsk(bool),
    /// `min/max{.ftz}{.NaN}.xorsign.abs.f32`: of the magnitudes, with the sign the XOR of the
    /// operands' signs (a NaN result: the canonical NaN).
    MinMaxXorsign32 {
        max: bool,
        ftz: bool,
        nan: bool,
    },
    /// `szext.{clamp,wrap}.{s32,u32} d, a, n`: the low `n` bits of `a`, sign- or
    /// zero-extended (`n` 0: 0; `n` 32 or more: `a` when clamping, else `n` mod 32).
    Szext {
        signed: bool,
        clamp: bool,
    },
    /// `add`/`sub`/`min`/`max` on `.u16x2`/`.s16x2` (`relu`: negative results become 0).
    I16x2 {
        op: FBin,
        signed: bool,
        relu: bool,
    },
    /// `min.NaN.f32` / `max.NaN.f32`: NaN when either operand is NaN.
    MinMaxNaN32 {
        max: bool,
        ftz: bool,
    },
    /// `min.relu.s32` / `max.relu.s32`.
    MinMaxRelu {
        max: bool,
    },
    /// `cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2,e2m3x2,e3m2x2,e2m1x2}.f32 d, a, b`: a in the
    /// upper code (byte; nibble for e2m1).
    CvtNarrowX2 {
        fmt: Narrow,
        relu: bool,
    },
    /// Half-precision add/sub/mul/min/max (`x2`: on both halves of a 32-bit value).
    Half(FBin, HMode, bool),
    /// `cvt.{f16x2,bf16x2}.f32 d, a, b`: `a` converted into the upper half, `b` the lower.
    CvtX2 {
        fmt: HFmt,
        rnd: Rounding,
        relu: bool,
        sat: bool,
        /// `.satfinite`: infinite results become the largest finite value of their sign.
        satfinite: bool,
    },
}

/// A packed SIMD video operation (`v*2` on 16-bit, `v*4` on 8-bit lanes), without the
/// accumulate/merge operand, which `Op::Tern` supplies as `c`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Video {
    pub op: VideoOp,
    /// Lane width in bits (8 or 16).
    pub lane: u8,
    pub a_signed: bool,
    pub b_signed: bool,
    pub d_signed: bool,
    pub sat: bool,
    /// `.add`: the result lanes are summed and added to `c`.
    pub add: bool,
    /// Where each lane of `a` comes from: lane `i`'s source, a lane of the pair `{b, a}`
    /// (`a`'s lanes first), in bits `4i..4i+4` (`.asel`; `.h10`/`.b3210` by default).
    pub asel: u16,
    /// The same for `b` (`.bsel`; `.h32`/`.b7654` by default).
    pub bsel: u16,
    /// The destination lanes written (bit `i` for lane `i`, `d.mask`); the others are `c`'s
    /// lanes, or, with `.add`, are left out of the sum.
    pub mask: u8,
}

/// Video operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum VideoOp {
    Add,
    Sub,
    Avrg,
    Absdiff,
    Min,
    Max,
    /// `vset2`/`vset4`: 1 where the lanes compare true, else 0 (integer comparisons only).
    Set(ptx::types::CmpOp),
}

/// A part of a scalar video operand: the whole word, a byte (`.b0`..`.b3`) or a half-word
/// (`.h0`, `.h1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum VideoPart {
    Word,
    Byte(u8),
    Half(u8),
}

/// A scalar video instruction (`vadd`, `vshl`, `vset`, `vmad`, ...) on 32-bit operands, each
/// a part sign- or zero-extended; `Op::Tern`'s `c` is the secondary operand, the merge target or
/// `vmad`'s addend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ScalarVideo {
    pub op: ScalarVideoOp,
    pub a_signed: bool,
    pub b_signed: bool,
    pub d_signed: bool,
    pub sat: bool,
    pub asel: VideoPart,
    pub bsel: VideoPart,
    /// `d.b1`, `d.h0`: the result merged into that part of `c` (`Word`: no merge).
    pub dsel: VideoPart,
    /// `.add`, `.min`, `.max` with `c`.
    pub op2: Option<VideoOp2>,
}

/// The primary operation of a scalar video instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ScalarVideoOp {
    Add,
    Sub,
    Absdiff,
    Min,
    Max,
    /// `vshl`/`vshr` (`clamp`: amounts past 32 are 32; else `.wrap`, modulo 32).
    Shl {
        clamp: bool,
    },
    Shr {
        clamp: bool,
    },
    /// `vset`: 1 where `a` compares true with `b`.
    Set(ptx::types::CmpOp),
    /// `vmad`: `a * b + c`; `neg_ab`: the product negated (`-a` xor `-b`), `neg_c`: `c`
    /// negated, `po`: plus one; `shr`: the sum shifted right (0, 7 or 15).
    Mad {
        neg_ab: bool,
        neg_c: bool,
        po: bool,
        shr: u8,
    },
}

/// A scalar video instruction's secondary operation with `c`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum VideoOp2 {
    Add,
    Min,
    Max,
}

/// A float operation with a directed rounding mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FDir {
    pub op: FBin,
    pub rnd: Rounding,
    pub double: bool,
    pub ftz: bool,
    pub sat: bool,
}

/// The kind of a contracted fma.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum FmaKind {
    /// f32, with ftz.
    F32(bool),
    F64,
    /// f16/bf16 (`x2`: on both halves).
    Half(HMode, bool),
}

/// Ternary operations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum TernOp {
    MadLo(u8),
    MadHi(u8, bool),
    /// `mad.hi.sat.s32`: the high half of the signed product plus `c`, clamped to the `s32`
    /// range.
    MadHiSat,
    MadWide(u8, bool),
    Mad24Lo(bool),
    /// `mad24.hi{.sat}`: bits 47..16 of the 48-bit product plus `c` (`sat`: the signed
    /// addition clamped to the `s32` range).
    Mad24Hi {
        signed: bool,
        sat: bool,
    },
    /// fma f32 with ftz, sat.
    Fma32(bool, bool),
    /// fma with a directed rounding mode (`op` is unused).
    FmaDir(FDir),
    Fma64,
    Bfe(u8, bool),
    Prmt(u8),
    Lop3(u8),
    ShfL(bool),
    ShfR(bool),
    Selp,
    /// `slct`: the first operand where the selector (an s32, or an f32 with optional ftz) is
    /// ≥ 0, else the second.
    Slct {
        float: bool,
        ftz: bool,
    },
    Sad(u8, bool),
    Dp4a(bool, bool),
    /// Half-precision fma (`x2`: on both halves).
    HFma(HMode, bool),
    /// A contracted `mul` + `add`/`sub`: an fma of kind `k` with the sign bits `xm` flipped in
    /// the first factor and `zm` in the addend.
    NegFma {
        xm: u64,
        zm: u64,
        k: FmaKind,
    },
    /// SIMD video instruction with its third operand.
    Video(Video),
    /// Scalar video instruction with its third operand (0 where the instruction has none).
    VideoScalar(ScalarVideo),
    /// `fns.b32 d, mask, base, offset`.
    Fns,
    Dp2a(bool, bool, bool),
    /// `cvt.pack.sat.{u,s}{bits}.s32{.b32}`: `a` and `b` clamped to `bits`-bit integers and
    /// packed (`a` above `b`), `c`'s low bits above them.
    CvtPack {
        bits: u8,
        signed: bool,
    },
}

/// A comparison, resolved with its operand type.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Cmp {
    pub op: ptx::types::CmpOp,
    /// 'u', 's', 'f' (f32), 'd' (f64), 'h' (f16), 'g' (bf16), 'b' (bits, unsigned compare);
    /// `w` 32 with 'h'/'g' compares the two halves of `.f16x2`/`.bf16x2` separately.
    pub kind: u8,
    pub w: u8,
    pub ftz: bool,
}

/// Predicate combination of `setp`/`set` with a third predicate operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BoolOp {
    And,
    Or,
    Xor,
}

/// `set` result kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SetOut {
    Pred,
    /// This value when true, 0 when false (all ones, or 1.0 in the destination format); per
    /// 16-bit half for `.f16x2`/`.bf16x2` sources.
    Bits(u64),
}
/// `shfl.sync` modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ShflMode {
    Up,
    Down,
    Bfly,
    Idx,
}

/// `vote.sync` modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum VoteMode {
    All,
    Any,
    Uni,
    Ballot,
}

/// One decoded operation.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Op {
    Nop,
    /// `nanosleep`: a point where the warp lets the other warps of its block run.
    Nanosleep,
    /// `alloca d, size, align`: `size` bytes of the thread's local memory above its frame,
    /// freed when the function returns; `d` gets their local address.
    Alloca {
        d: Reg,
        size: Src,
        align: u32,
    },
    /// `stacksave d`: the current top of the `alloca` stack.
    StackSave {
        d: Reg,
    },
    /// `stackrestore a`: frees what was `alloca`ted since `a` was saved.
    StackRestore {
        a: Src,
    },
    Un {
        op: UnOp,
        d: Reg,
        a: Src,
    },
    Bin {
        op: BinOp,
        d: Reg,
        a: Src,
        b: Src,
    },
    Tern {
        op: TernOp,
        d: Reg,
        a: Src,
        b: Src,
        c: Src,
    },
    Bfi {
        w: u8,
        d: Reg,
        a: Src,
        b: Src,
        c: Src,
        e: Src,
    },
    Setp {
        cmp: Cmp,
        out: SetOut,
        d: Reg,
        dn: Option<Reg>,
        a: Src,
        b: Src,
        comb: Option<(BoolOp, Src, bool)>,
    },
    /// Pack `parts` (each `bits` wide, first is least significant) into `d`.
    Pack {
        d: Reg,
        parts: Vec<Src>,
        bits: u8,
    },
    /// Unpack `a` into `parts`.
    Unpack {
        parts: Vec<Option<Reg>>,
        a: Src,
        bits: u8,
    },
    /// Two 64-bit moves done at once (all sources read before any destination is written):
    /// the halves of a `.b128` register (which occupies two consecutive slots, low then
    /// high) packed, unpacked or copied by `mov.b128`.
    Mov2 {
        d: [Option<Reg>; 2],
        a: [Src; 2],
    },
    /// `atom{.space}.cas.b128 d, [addr], b, c` / `atom{.space}.exch.b128 d, [addr], b`: one
    /// 16-byte atomic; every operand is a (low, high) pair of 64-bit halves (`c` unused by
    /// `exch`).
    Atom128 {
        space: Space,
        cas: bool,
        d: [Option<Reg>; 2],
        addr: Addr,
        b: [Src; 2],
        c: [Src; 2],
    },
    /// `ld{.v2,.v4}`: `size` is the element size. `whole`: a strong (`.relaxed`, `.acquire`,
    /// `.volatile`) vector access of at most 16 bytes, which must be single-copy atomic as a
    /// whole (CUB's decoupled look-back packs a tile's status and value into one `v2`/`v4`
    /// access; two element accesses could tear).
    Ld {
        space: Space,
        size: u8,
        sext: bool,
        d: Vec<Option<Reg>>,
        addr: Addr,
        whole: bool,
        /// With a memory-order qualifier (`.relaxed`, `.acquire`, `.volatile`): meant for
        /// threads to communicate through (a flag), unlike a plain access.
        strong: bool,
    },
    /// `st{.v2,.v4}`; `whole` and `strong` as for `Ld`.
    St {
        space: Space,
        size: u8,
        vals: Vec<Src>,
        addr: Addr,
        whole: bool,
        strong: bool,
    },
    /// An `mbarrier` operation on the 64-bit object at `addr` (`.shared` or generic), per lane
    /// in lane order. `a` is the count / tx-count / token / parity operand.
    Mbar {
        op: MbarOp,
        d: Option<Reg>,
        addr: Addr,
        space: Space,
        a: Src,
    },
    /// `cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [dst], [src], size,
    /// [mbar]`: copies `size` bytes at issue, then completes `size` transaction bytes; without
    /// `mbar`, `cp.async.bulk.global.shared::cta.bulk_group [dst], [src], size` (shared to
    /// global, the direction PTX gives a bulk group): copies at issue, so its group is complete.
    CpBulk {
        dst: Addr,
        src: Addr,
        size: Src,
        mbar: Option<Addr>,
    },
    /// `cp.async.{ca,cg}.shared.global [dst], [src], size{, src_size}{, ignore_src}`: copies
    /// `size` bytes global → shared at issue time, zero-filling past `src_size` (all of them when
    /// the `ignore` predicate is true).
    CpAsync {
        dst: Addr,
        src: Addr,
        size: u8,
        src_size: Option<Src>,
        ignore: Option<(Src, bool)>,
    },
    Atom {
        space: Space,
        op: AtomOp,
        size: u8,
        d: Option<Reg>,
        addr: Addr,
        b: Src,
        c: Src,
    },
    /// `cvta`: `to_generic` converts a `space` address to generic, else the reverse.
    Cvta {
        to_generic: bool,
        space: Space,
        d: Reg,
        a: Src,
    },
    Isspacep {
        window: Window,
        d: Reg,
        a: Src,
    },
    Bra {
        target: u32,
        ipdom: u32,
    },
    Call {
        func: u32,
        args: Vec<(u32, u32, u32)>,
        rets: Vec<(u32, u32, u32)>,
    },
    /// A call through a function pointer: `args` and `rets` are the call-site `.param`
    /// variables (caller offset, size), matched by position to the callee's at run time.
    CallInd {
        target: Src,
        args: Vec<(u32, u32)>,
        rets: Vec<(u32, u32)>,
    },
    /// A call to a function the executor provides (`vprintf`, `malloc`, ...): `args` and
    /// `ret` are offsets of the call-site `.param` variables in the caller's frame.
    Builtin {
        f: Builtin,
        args: Vec<u32>,
        ret: Option<u32>,
    },
    Ret,
    Exit,
    Trap,
    /// `bar{.cta}.sync` / `barrier{.cta}` / `bar.arrive` / `bar.red`: barrier `id`, with an
    /// optional thread count.
    Bar {
        id: Src,
        count: Option<Src>,
        kind: BarKind,
    },
    /// `bar.warp.sync mask`: the live lanes of `mask` must all arrive before any continues.
    WarpSync {
        mask: Src,
    },
    /// `elect.sync d|p, mask`: the lowest executing lane of `mask` is elected; `d` gets its lane
    /// id, `p` is true in it.
    Elect {
        d: Option<Reg>,
        p: Option<Reg>,
        mask: Src,
    },
    /// `brx.idx index, targets`: an indirect branch to `targets[index]`; `ipdom` is the
    /// reconvergence point of the targets.
    Brx {
        index: Src,
        targets: Vec<u32>,
        ipdom: u32,
    },
    Fence,
    /// `shfl.sync`; `mask` is the member mask.
    Shfl {
        mode: ShflMode,
        d: Reg,
        p: Option<Reg>,
        a: Src,
        b: Src,
        c: Src,
        mask: Src,
    },
    /// `vote.sync`; `mask` is the member mask.
    Vote {
        mode: VoteMode,
        d: Reg,
        a: Src,
        neg: bool,
        mask: Src,
    },
    Activemask {
        d: Reg,
    },
    /// `redux.sync`: the reduction over the executing lanes, in every one of them.
    Redux {
        op: ReduxOp,
        signed: bool,
        d: Reg,
        a: Src,
        mask: Src,
    },
    /// `match.{any,all}.sync` on `w`-bit values; `mask` is the member mask.
    Match {
        all: bool,
        w: u8,
        d: Reg,
        p: Option<Reg>,
        a: Src,
        mask: Src,
    },
    /// A texture or surface instruction (`texture/`, `decode/tex.rs`, `exec/tex.rs`).
    Tex(Box<tex::TexOp>),
    /// A vector atomic (`atom/red{.global}.v2/.v4/.v8`): element by element.
    AtomV(Box<AtomVec>),
    /// A warp matrix instruction (`ir/mma.rs`, `decode/mma.rs`, `exec/mma.rs`).
    Mma(Box<mma::MmaOp>),
    /// A thread block cluster instruction.
    Cluster(ClusterOp),
    /// Extended-precision arithmetic through the per-lane carry flag (`add.cc`, `addc`,
    /// `sub.cc`, `subc`, `mad.cc`, `madc`): `cin` reads CC.CF, `cout` writes it.
    Carry {
        op: CarryOp,
        w: u8,
        signed: bool,
        cin: bool,
        cout: bool,
        d: Reg,
        a: Src,
        b: Src,
        c: Src,
    },
}

/// An atomic read-modify-write operation (`atom`, `red`): what it does to the location is
/// `semantics::atomic::apply`, on every engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AtomOp {
    /// Integer `add` (wrapping).
    Add,
    /// `add` of an f64, f32 or f16 (by the access size).
    FAdd,
    /// Add, min and max on 16-bit floats (`.f16`, `.bf16`) or pairs of them (`.f16x2`,
    /// `.bf16x2`: `pair`), each half rounded to nearest even, no flush to zero.
    HAdd {
        fmt: crate::float::HFmt,
        pair: bool,
    },
    HMin {
        fmt: crate::float::HFmt,
        pair: bool,
    },
    HMax {
        fmt: crate::float::HFmt,
        pair: bool,
    },
    /// Unsigned `min`.
    MinU,
    /// Signed `min`.
    MinS,
    /// Unsigned `max`.
    MaxU,
    /// Signed `max`.
    MaxS,
    /// `min` of f32 or f64.
    MinF,
    /// `max` of f32 or f64.
    MaxF,
    /// `inc`: 0 at or above the bound, else one more.
    Inc,
    /// `dec`: the bound at 0 or above it, else one less.
    Dec,
    /// `exch`.
    Exch,
    /// `cas`.
    Cas,
    And,
    Or,
    Xor,
}

/// A vector atomic: `op` on each `size`-byte element at `addr + i * size` with `b[i]`; `d[i]`
/// gets the old value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct AtomVec {
    pub space: Space,
    pub op: AtomOp,
    pub size: u8,
    pub d: Vec<Option<Reg>>,
    pub addr: Addr,
    pub b: Vec<Src>,
}

/// Functions the executor implements itself (nvcc declares them `.extern .func`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Builtin {
    /// `vprintf(format, args) -> b32`.
    Vprintf,
    /// `__assertfail(message, file, line, function, charSize)`.
    AssertFail,
    /// `malloc(size) -> b64`.
    Malloc,
    /// `free(ptr)`.
    Free,
    /// `__nv_aligned_device_malloc(size, align) -> b64` (nvcc calls
    /// `__cuda_syscall_aligned_malloc`).
    AlignedMalloc,
    /// The device runtime (dynamic parallelism, `-rdc=true`): the `__cudaCDP2*` functions
    /// libcudadevrt would provide (`device_launch.rs`).
    Cdp(crate::device_launch::CdpFn),
    /// `cudaGraphSetConditional(handle, value)`: the handle is the device address of the
    /// conditional node's 4-byte value (the runtime's `cudaGraphConditionalHandleCreate`).
    SetConditional,
}

impl Op {
    /// Whether the operation reads or writes memory that other threads can see (global,
    /// shared or generic space: not a thread's local memory or the parameters).
    pub(crate) fn accesses_memory(&self) -> bool {
        let shared_or_global = |s: &Space| matches!(s, Space::Global | Space::Shared | Space::Generic);
        match self {
            Op::Ld { space, .. } | Op::St { space, .. } | Op::Atom { space, .. } | Op::Atom128 { space, .. } => {
                shared_or_global(space)
            }
            Op::Mbar { .. }
            | Op::CpBulk { .. }
            | Op::CpAsync { .. }
            | Op::AtomV(_)
            | Op::Tex(_)
            | Op::Mma(_)
            | Op::Cluster(ClusterOp::StAsync(_) | ClusterOp::RedAsync { .. }) => true,
            Op::Cluster(
                ClusterOp::Arrive
                | ClusterOp::Wait
                | ClusterOp::Mapa { .. }
                | ClusterOp::Getctarank { .. }
                | ClusterOp::IsSharedCluster { .. },
            )
            | no_memory!()
            | calls!() => false,
        }
    }
}

impl Builtin {
    /// The built-in named `name`, with its parameter sizes and return size.
    pub(crate) fn of(name: &str) -> Option<(Builtin, &'static [u32], Option<u32>)> {
        Some(match name {
            "vprintf" => (Builtin::Vprintf, &[8, 8], Some(4)),
            "__assertfail" => (Builtin::AssertFail, &[8, 8, 4, 8, 8], None),
            "malloc" => (Builtin::Malloc, &[8], Some(8)),
            "free" => (Builtin::Free, &[8], None),
            "__cuda_syscall_aligned_malloc" => (Builtin::AlignedMalloc, &[8, 8], Some(8)),
            "cudaGraphSetConditional" => (Builtin::SetConditional, &[8, 4], None),
            _ => {
                let (f, sizes) = crate::device_launch::CdpFn::of(name)?;
                (Builtin::Cdp(f), sizes, Some(f.ret_size()))
            }
        })
    }

    /// The size of the return value, if any.
    pub(crate) fn ret_size(self) -> Option<u32> {
        match self {
            Builtin::Vprintf => Some(4),
            Builtin::Malloc | Builtin::AlignedMalloc => Some(8),
            Builtin::AssertFail | Builtin::Free | Builtin::SetConditional => None,
            Builtin::Cdp(f) => Some(f.ret_size()),
        }
    }
}

/// `redux.sync` operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReduxOp {
    Add,
    Min,
    Max,
    And,
    Or,
    Xor,
}

/// The arithmetic of an [`Op::Carry`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CarryOp {
    Add,
    Sub,
    MadLo,
    MadHi,
}

/// A guard predicate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Guard {
    pub reg: Reg,
    pub neg: bool,
}

/// One decoded instruction.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Inst {
    pub op: Op,
    pub guard: Option<Guard>,
}

/// Where an instruction came from, for error messages (cold data, kept apart from `Inst`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SrcInfo {
    /// The instruction as PTX text.
    pub text: String,
    /// PTX line and column (0 when the source text was not given).
    pub line: u32,
    pub col: u32,
    /// Byte offset in the PTX text.
    pub offset: u32,
    /// The last `.loc` before the instruction: (file path, line).
    pub loc: Option<(u32, u32)>,
}

/// A decoded function.
#[derive(Debug, Clone)]
pub(crate) struct Func {
    pub name: String,
    pub is_kernel: bool,
    pub code: Vec<Inst>,
    pub info: Vec<SrcInfo>,
    pub nregs: u32,
    /// Declared width of each register in bits (1: `.pred`), `nregs` entries.
    pub reg_bits: Vec<u8>,
    /// Bytes of per-lane `.param` area: returns, params, then call-site declarations.
    pub param_size: u32,
    /// Per-thread local bytes of this function's frame.
    pub local_size: u32,
    /// Kernel parameter buffer size (kernels).
    pub kparam_size: u32,
    /// Whether the function may write shared memory (`Func::may_write_shared`): a block of a
    /// kernel that cannot finds it as the previous block left it, zeroed.
    pub writes_shared: bool,
    /// Static shared memory bytes of the kernel's window, where its dynamic area starts: its
    /// own variables and those of the functions it calls (`decode::shared_layout`).
    pub shared_size: u32,
    /// The byte ranges (start, end; sorted, disjoint) of the static shared variables that a
    /// kernel and the functions it calls name (a function: its own); `None` when unknown
    /// (an indirect call). A new block zeroes only these and the dynamic area
    /// (`exec::fresh_shared`).
    pub shared_used: Option<Vec<(u32, u32)>>,
    /// (offset, size) of the return and parameter `.param` slots (device functions).
    pub ret_slots: Vec<(u32, u32)>,
    pub param_slots: Vec<(u32, u32)>,
    /// The kernel's required cluster dimensions (`.reqnctapercluster`, `__cluster_dims__`).
    pub cluster: Option<[u32; 3]>,
    /// Whether the kernel's threads communicate through a module variable without a barrier
    /// (one thread stores through its address while others load through one: `v = g; if
    /// (tid == 0) g = v + 1;`). On a GPU the warps of a block start together, so every
    /// thread reads the old value; such a kernel runs on the interpreter with the warps of a
    /// block interleaved at each memory access (`exec`), never one warp to its end first.
    pub warps_interleave: bool,
}

impl Func {
    /// Whether code `code` may write shared memory: any instruction not known to leave it
    /// alone (stores and atomics outside global, local and parameter space, calls, and every
    /// instruction that may reach memory other than by a load) counts.
    pub(crate) fn may_write_shared(code: &[Inst]) -> bool {
        let elsewhere = |s: &Space| matches!(s, Space::Global | Space::Local | Space::FParam);
        code.iter().any(|i| match &i.op {
            Op::St { space, .. } | Op::Atom { space, .. } => !elsewhere(space),
            no_memory!() | Op::Ld { .. } => false,
            // Memory other than by a plain load or store, or code elsewhere.
            Op::Atom128 { .. }
            | Op::Mbar { .. }
            | Op::CpBulk { .. }
            | Op::CpAsync { .. }
            | calls!()
            | Op::Tex(_)
            | Op::AtomV(_)
            | Op::Mma(_)
            | Op::Cluster(_) => true,
        })
    }

    /// Whether register `r` is narrow: declared 32 bits wide or less (predicates too), so
    /// nothing reads more than its low 32 bits. (The warp tier keeps no high halves for
    /// such registers: `jit/warp`, `jit::warp::entry::from_planar`.)
    pub(crate) fn narrow(&self, r: u32) -> bool {
        self.reg_bits.get(r as usize).is_some_and(|&b| b <= 32)
    }
}

/// The address of function `idx` (in the window at [`FUNC_BASE`]).
pub(crate) fn func_addr(idx: u32) -> u64 {
    FUNC_BASE + 16 * u64::from(idx)
}

/// `mbarrier` operations (see `Op::Mbar`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MbarOp {
    Init,
    /// `arrive{.expect_tx}{.noComplete}`, `arrive_drop`: `count` arrivals (operand `a`, 1 when
    /// absent); with `expect_tx`, `a` is the tx-count and the arrival count is 1.
    Arrive {
        drop: bool,
        expect_tx: bool,
    },
    ExpectTx,
    CompleteTx,
    /// `test_wait`/`try_wait`, with a token or (`.parity`) a phase parity.
    Wait {
        parity: bool,
    },
    PendingCount,
    Inval,
}
