//! Decoded warp matrix instructions (`Op::Mma` in the IR): `wmma.{load,store,mma}`,
//! `mma.sync`, `ldmatrix`, `stmatrix` and `movmatrix`. `exec/mma.rs` runs them warp-wide;
//! `decode/mma.rs` builds them.

use super::{Addr, Reg, Space, Src};
use ptx::types::Rounding;

/// The element type of a matrix operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MType {
    F16,
    Bf16,
    /// 19-bit float in an `f32` container (the low 13 bits are ignored by the multiply).
    Tf32,
    F32,
    F64,
    S8,
    U8,
    S4,
    U4,
    B1,
    S32,
}

impl MType {
    /// Bits per element in memory and in registers.
    pub(crate) fn bits(self) -> u32 {
        match self {
            MType::B1 => 1,
            MType::S4 | MType::U4 => 4,
            MType::S8 | MType::U8 => 8,
            MType::F16 | MType::Bf16 => 16,
            MType::Tf32 | MType::F32 | MType::S32 => 32,
            MType::F64 => 64,
        }
    }

    /// Elements per register (registers are 32 bits wide, `.f64` ones 64).
    pub(crate) fn per_reg(self) -> u32 {
        if self == MType::F64 { 1 } else { 32 / self.bits() }
    }

    /// Whether the elements are floating point.
    pub(crate) fn is_float(self) -> bool {
        matches!(self, MType::F16 | MType::Bf16 | MType::Tf32 | MType::F32 | MType::F64)
    }
}

/// Which operand of `D = A * B + C` a fragment holds (`C` also stands for `D`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Frag {
    A,
    B,
    C,
}

/// How fragment registers map to matrix elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FragLayout {
    /// `wmma` (unspecified by PTX; `exec/mma.rs` documents the mapping chosen).
    Wmma,
    /// `mma.sync`: the layouts the PTX ISA specifies (groupID = lane / 4, threadID = lane % 4).
    Mma,
}

/// A matrix shape `.mMnNkK`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shape {
    pub m: u32,
    pub n: u32,
    pub k: u32,
}

impl Shape {
    /// Rows and columns of `frag` (A is M x K, B is K x N, C and D are M x N).
    pub(crate) fn dims(self, frag: Frag) -> (u32, u32) {
        match frag {
            Frag::A => (self.m, self.k),
            Frag::B => (self.k, self.n),
            Frag::C => (self.m, self.n),
        }
    }
}

/// The bit operation of single-bit `mma` (`.xor.popc`, `.and.popc`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BitOp {
    Xor,
    And,
}

/// A decoded matrix instruction.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum MmaOp {
    Load(WmmaLoad),
    Store(WmmaStore),
    /// `wmma.mma` / `mma.sync`: `D = A * B + C` over the whole warp's fragments.
    Mma(Box<Mma>),
    Ldmatrix(MatrixLoad),
    Stmatrix(MatrixStore),
    /// `movmatrix.sync.aligned.m8n8.trans.b16`: transposes an 8x8 matrix held as in `ldmatrix`.
    Movmatrix {
        d: Reg,
        a: Reg,
    },
}

/// `wmma.load.{a,b,c}`: each lane loads its fragment elements from a matrix at `addr` stored
/// row-major (else column-major, `col`) with `stride` elements between rows (columns); the
/// default stride is the leading dimension.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct WmmaLoad {
    pub frag: Frag,
    pub shape: Shape,
    pub ty: MType,
    pub col: bool,
    pub space: Space,
    pub addr: Addr,
    pub stride: Option<Src>,
    pub d: Vec<Reg>,
}

/// `wmma.store.d`: the inverse of [`WmmaLoad`] for a `C`/`D` fragment.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct WmmaStore {
    pub shape: Shape,
    pub ty: MType,
    pub col: bool,
    pub space: Space,
    pub addr: Addr,
    pub stride: Option<Src>,
    pub vals: Vec<Reg>,
}

/// `ldmatrix.sync.aligned.m8n8.xN{.trans}.b16`: `num` 8x8 matrices whose row addresses come
/// from lanes `8i..8i+8`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MatrixLoad {
    pub num: u8,
    pub trans: bool,
    pub space: Space,
    pub addr: Addr,
    pub d: Vec<Reg>,
}

/// `stmatrix.sync.aligned.m8n8.xN{.trans}.b16`: the inverse of [`MatrixLoad`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MatrixStore {
    pub num: u8,
    pub trans: bool,
    pub space: Space,
    pub addr: Addr,
    pub vals: Vec<Reg>,
}

/// The operands and types of a matrix multiply-accumulate.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Mma {
    pub layout: FragLayout,
    pub shape: Shape,
    /// Element types of A, B, C and D.
    pub ta: MType,
    pub tb: MType,
    pub tc: MType,
    pub td: MType,
    /// `.satfinite`: integer results clamp to the `s32` range (floats: finite range).
    pub sat: bool,
    /// Rounding of `.f64` accumulation.
    pub rnd: Rounding,
    /// Single-bit operation (`.b1` operands).
    pub bop: Option<BitOp>,
    pub d: Vec<Reg>,
    pub a: Vec<Reg>,
    pub b: Vec<Reg>,
    pub c: Vec<Reg>,
}
