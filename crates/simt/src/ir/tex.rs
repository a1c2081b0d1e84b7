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
