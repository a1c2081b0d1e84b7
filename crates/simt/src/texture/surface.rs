//! Surface addressing: from `suld`/`sust`/`sured` coordinates to a device address, with the
//! instruction's out-of-bounds mode.

use super::op::{Bound, Geom};
use super::{Image, Shape};

/// Where a surface access goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// The device address of the access.
    At(u64),
    /// Out of bounds under `.zero`: loads read 0, stores are dropped.
    Zero,
}

/// An out-of-bounds access under `.trap`: a description for the fault report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OutOfRange(pub String);

/// The address of an access of `size` bytes at surface coordinates `coords` (as the
/// instruction's operand vector holds them: layer index first for `a1d`/`a2d`). `x` is a byte
/// offset unless `sample` (then it counts elements of `size` bytes).
pub(crate) fn locate(
    img: &Image,
    geom: Geom,
    coords: &[u32],
    size: u32,
    sample: bool,
    clamp: Bound,
) -> Result<Target, OutOfRange> {
    let Some(lvl) = img.levels.first() else { return Err(OutOfRange("surface has no image".into())) };
    let get = |k: usize| coords.get(k).copied().unwrap_or(0);
    let (layer, rest) = if geom.layered() { (get(0), 1) } else { (0, 0) };
    let x = i64::from(get(rest) as i32);
    let y = if geom.dims() >= 2 { i64::from(get(rest + 1) as i32) } else { 0 };
    let z = if geom == Geom::D3 { i64::from(get(rest + 2) as i32) } else { 0 };
    let x = if sample { x.saturating_mul(i64::from(size)) } else { x };
    let row_bytes = i64::from(lvl.width) * i64::from(img.format.texel_size());
    let height = if img.shape == Shape::Linear || img.shape == Shape::Array1D { 1 } else { i64::from(lvl.height) };
    let (slices, slice) = if img.layered || img.cubemap {
        (i64::from(img.layers.max(1)), i64::from(layer))
    } else {
        (i64::from(lvl.depth.max(1)), z)
    };
    let size = i64::from(size);
    let inside = x >= 0 && x + size <= row_bytes && (0..height).contains(&y) && (0..slices).contains(&slice);
    // The byte coordinate's alignment comes before the boundary mode: a misaligned `x` is a
    // misaligned access (the address keeps it) even where the mode would clamp it, as an H200
    // faults (tests/program-diff/surface_corners.cu).
    let misaligned = x.rem_euclid(size) != 0;
    let (x, y, slice) = if inside || misaligned {
        (x, y, slice)
    } else {
        match clamp {
            Bound::Zero => return Ok(Target::Zero),
            Bound::Trap => {
                return Err(OutOfRange(format!(
                    "surface access of {size} bytes at byte {x}, row {y}, slice/layer {slice} is out of range \
                     (rows of {row_bytes} bytes, {height} rows, {slices} slices/layers)"
                )));
            }
            Bound::Clamp => {
                let max_x = ((row_bytes - size).max(0) / size) * size;
                (x.clamp(0, max_x), y.clamp(0, (height - 1).max(0)), slice.clamp(0, (slices - 1).max(0)))
            }
        }
    };
    let addr = lvl
        .base
        .wrapping_add((slice as u64).wrapping_mul(lvl.slice_pitch))
        .wrapping_add((y as u64).wrapping_mul(lvl.row_pitch))
        .wrapping_add(x as u64);
    Ok(Target::At(addr))
}
