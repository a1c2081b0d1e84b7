//! Decoded texture and surface instructions (`Op::Tex` in the IR).

use crate::ir::{Reg, Src};

/// The geometry modifier of a texture or surface instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Geom {
    D1,
    D2,
    D3,
    A1,
    A2,
    Cube,
    ACube,
}

impl Geom {
    /// Spatial coordinates (cubemaps: the 3 direction components).
    pub(crate) fn dims(self) -> usize {
        match self {
            Geom::D1 | Geom::A1 => 1,
            Geom::D2 | Geom::A2 => 2,
            Geom::D3 | Geom::Cube | Geom::ACube => 3,
        }
    }

    /// Whether the first coordinate is a layer index.
    pub(crate) fn layered(self) -> bool {
        matches!(self, Geom::A1 | Geom::A2 | Geom::ACube)
    }
}

/// The level of detail of a `tex`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Lod {
    Base,
    Level(Src),
    /// `dPdx`, `dPdy` (one per spatial dimension).
    Grad(Vec<Src>, Vec<Src>),
}

/// Result element type of `tex`/`tld4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DType {
    F32,
    S32,
    U32,
}

/// Out-of-bounds behavior of surface instructions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    Trap,
    Clamp,
    Zero,
}

/// `txq`/`suq` queries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Query {
    Width,
    Height,
    Depth,
    ChannelDataType,
    ChannelOrder,
    NormalizedCoords,
    ArraySize,
    NumMipmapLevels,
    NumSamples,
    ForceUnnormalizedCoords,
    FilterMode,
    AddrMode(u8),
    MemoryLayout,
}

/// `sured` operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RedOp {
    Add,
    Min,
    Max,
    And,
    Or,
}

/// One texture or surface instruction.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum TexOp {
    /// `tex` (`gather: None`) or `tld4.comp` (`gather: Some(comp)`).
    Sample {
        geom: Geom,
        dtype: DType,
        /// Coordinates are `.s32` (texel indices) rather than `.f32`.
        int_coords: bool,
        d: [Option<Reg>; 4],
        /// Residency predicate (always true: every texel is resident).
        p: Option<Reg>,
        handle: Src,
        /// The coordinate vector as written (layer index first for arrays).
        coords: Vec<Src>,
        lod: Lod,
        gather: Option<u8>,
    },
    /// `txq` (`surface: false`) or `suq`.
    Query { query: Query, surface: bool, d: Reg, handle: Src, level: Option<Src> },
    /// `suld.b`: `vec` elements of `size` bytes.
    Load { geom: Geom, size: u8, d: Vec<Option<Reg>>, handle: Src, coords: Vec<Src>, clamp: Bound },
    /// `sust.b` (`formatted: false`) or `sust.p`.
    Store { geom: Geom, size: u8, formatted: bool, vals: Vec<Src>, handle: Src, coords: Vec<Src>, clamp: Bound },
    /// `sured.b` / `sured.p` (`sample`: x counts elements of `size` bytes).
    Reduce {
        geom: Geom,
        op: RedOp,
        size: u8,
        signed: bool,
        sample: bool,
        val: Src,
        handle: Src,
        coords: Vec<Src>,
        clamp: Bound,
    },
    /// `istypep.{texref,samplerref,surfref}`: `kind` 0, 1, 2.
    IsType { kind: u8, d: Reg, a: Src },
}
