//! The modifiers of texture and surface instructions (geometry, result type, bounds, queries,
//! reductions); the instructions themselves, with their register operands, are `ir::tex`.

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
