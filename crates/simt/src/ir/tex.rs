//! Decoded texture and surface instructions (`Op::Tex`): their register operands, with the
//! modifiers `texture::op` defines.

use super::{Reg, Src};
use crate::texture::op::{Bound, DType, Geom, Query, RedOp};

/// The level of detail of a `tex`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Lod {
    Base,
    Level(Src),
    /// `dPdx`, `dPdy` (one per spatial dimension).
    Grad(Vec<Src>, Vec<Src>),
}

/// One texture or surface instruction.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum TexOp {
    Sample(Sample),
    Query(TexQuery),
    Load(SurfaceLoad),
    Store(SurfaceStore),
    Reduce(SurfaceReduce),
    IsType(IsType),
}

/// `tex` (`gather: None`) or `tld4.comp` (`gather: Some(comp)`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Sample {
    pub geom: Geom,
    pub dtype: DType,
    /// Coordinates are `.s32` (texel indices) rather than `.f32`.
    pub int_coords: bool,
    pub d: [Option<Reg>; 4],
    /// Residency predicate (always true: every texel is resident).
    pub p: Option<Reg>,
    pub handle: Src,
    /// The coordinate vector as written (layer index first for arrays).
    pub coords: Vec<Src>,
    pub lod: Lod,
    pub gather: Option<u8>,
}

/// `txq` (`surface: false`) or `suq`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TexQuery {
    pub query: Query,
    pub surface: bool,
    pub d: Reg,
    pub handle: Src,
    pub level: Option<Src>,
}

/// `suld.b`: `d.len()` elements of `size` bytes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SurfaceLoad {
    pub geom: Geom,
    pub size: u8,
    pub d: Vec<Option<Reg>>,
    pub handle: Src,
    pub coords: Vec<Src>,
    pub clamp: Bound,
}

/// `sust.b` (`formatted: false`) or `sust.p`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SurfaceStore {
    pub geom: Geom,
    pub size: u8,
    pub formatted: bool,
    pub vals: Vec<Src>,
    pub handle: Src,
    pub coords: Vec<Src>,
    pub clamp: Bound,
}

/// `sured.b` / `sured.p` (`sample`: x counts elements of `size` bytes).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SurfaceReduce {
    pub geom: Geom,
    pub op: RedOp,
    pub size: u8,
    pub signed: bool,
    pub sample: bool,
    pub val: Src,
    pub handle: Src,
    pub coords: Vec<Src>,
    pub clamp: Bound,
}

/// `istypep.{texref,samplerref,surfref}`: `kind` 0, 1, 2.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct IsType {
    pub kind: u8,
    pub d: Reg,
    pub a: Src,
}
