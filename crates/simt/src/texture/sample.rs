//! Texel fetches, addressing and filtering, as the CUDA Programming Guide's texture-fetching
//! appendix specifies them.
//!
//! Texels are carried as 4 × 32-bit patterns: f32 bits when the texture returns floats (float
//! formats, or `cudaReadModeNormalizedFloat`), else the integer (sign- or zero-extended).
//! Missing channels read as 0, alpha as 1.

use super::op::Geom;
use super::{AddressMode, ChannelKind, FilterMode, Format, Image, Level, Sampler, Shape, Texture};
use crate::float::{f16_to_f32, f64_to_f16, f64_to_f16_ties_away, f64_to_f32_ties_away};

/// The level of detail of one lookup, resolved per lane.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum LodArg {
    Base,
    Level(f32),
    /// dP/dx and dP/dy (spatial components; unused ones 0).
    Grad([f32; 3], [f32; 3]),
}

/// One lookup: coordinates as 32-bit patterns, as the instruction's operand vector holds them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Request {
    pub geom: Geom,
    pub int_coords: bool,
    /// Layer index (layered geometries).
    pub layer: u32,
    /// Spatial coordinates (f32 or s32 bits).
    pub xyz: [u32; 3],
    pub lod: LodArg,
    /// `tld4`: the component gathered.
    pub gather: Option<u8>,
}

/// Whether texture `t` returns floats.
#[inline(always)]
pub(crate) fn float_result(t: &Texture) -> bool {
    t.image.format.kind == ChannelKind::Float || t.sampler.normalized_float
}

/// Converts raw channel values (zero-extended) to the texture's result patterns.
#[inline(always)]
pub(crate) fn convert(f: Format, s: &Sampler, raw: [u32; 4]) -> [u32; 4] {
    let float_out = f.kind == ChannelKind::Float || s.normalized_float;
    let mut out = [0u32; 4];
    for (c, o) in out.iter_mut().enumerate() {
        if c >= usize::from(f.channels) {
            *o = match (c, float_out) {
                (3, true) => 1.0f32.to_bits(),
                (3, false) => 1,
                _ => 0,
            };
            continue;
        }
        let r = raw[c];
        *o = match (f.kind, f.bits, float_out) {
            (ChannelKind::Float, 16, _) => f16_to_f32(r as u16).to_bits(),
            (ChannelKind::Float, _, _) => r,
            (ChannelKind::Unsigned, 8, true) => {
                // sRGB colour channels decode through the hardware's table (`srgb`).
                (if s.srgb && c < 3 { super::srgb::to_linear(r as u8) } else { r as f32 / 255.0 }).to_bits()
            }
            (ChannelKind::Unsigned, 16, true) => (r as f32 / 65535.0).to_bits(),
            (ChannelKind::Signed, 8, true) => (f32::from(r as u8 as i8) / 127.0).max(-1.0).to_bits(),
            (ChannelKind::Signed, 16, true) => (f32::from(r as u16 as i16) / 32767.0).max(-1.0).to_bits(),
            (ChannelKind::Unsigned, _, true) => (r as f32).to_bits(),
            (ChannelKind::Signed, _, true) => (r as i32 as f32).to_bits(),
            (ChannelKind::Signed, 8, false) => r as u8 as i8 as i32 as u32,
            (ChannelKind::Signed, 16, false) => r as u16 as i16 as i32 as u32,
            (_, _, false) => r,
        };
    }
    out
}

/// Texel index `i` under address mode `m` for a dimension of `n` texels; `None` is the border.
#[inline(always)]
pub(crate) fn address(i: i64, n: u32, m: AddressMode) -> Option<i64> {
    let n = i64::from(n.max(1));
    match m {
        AddressMode::Clamp => Some(i.clamp(0, n - 1)),
        AddressMode::Border => (0..n).contains(&i).then_some(i),
        AddressMode::Wrap => Some(i.rem_euclid(n)),
        AddressMode::Mirror => {
            let p = i.rem_euclid(2 * n);
            Some(if p < n { p } else { 2 * n - 1 - p })
        }
    }
}

/// Fractional bits of a normalized coordinate that take part in addressing: the hardware
/// truncates the rest (toward −∞) before scaling by the size. 21 is the one value with which an
/// H200 agrees on every fetch of `tests/program-diff/texture_edges.cu` (25,780 point and linear
/// fetches at texel boundaries, filter-weight ties and far coordinates on 12 and 16 texels, and
/// in 2^-26 steps above the first two boundaries: those pin 21 of the 16–22 the rest allow).
const NORMALIZED_FRACTION_BITS: i32 = 21;

/// A normalized coordinate `u` in texel space of a dimension of `n` texels (exact in `f64`):
/// `u` truncated to `NORMALIZED_FRACTION_BITS` fractional bits; wrap takes its fractional part
/// (one period), mirror `u` modulo 2 (a period and its mirror image); then scaled by `n`, and
/// `address` maps the texel indices of that span. Mirroring indices, not the coordinate, is what
/// the hardware does where a coordinate falls on a texel boundary: u = 17/16 on 16 texels is
/// texel 17 of the span, the mirror of texel 14 (an H200 reads texel 14; `1 - frac(u)` would
/// give the boundary 15.0 and texel 15).
pub(crate) fn scale(u: f32, n: u32, m: AddressMode) -> f64 {
    let one = f64::from(1u32 << NORMALIZED_FRACTION_BITS);
    let u = floor(f64::from(u) * one) / one;
    let u = match m {
        AddressMode::Wrap => u - floor(u),
        AddressMode::Mirror => u - 2.0 * floor(u * 0.5),
        _ => u,
    };
    u * f64::from(n)
}

/// The 9-bit fixed-point weight (8 fractional bits) of fraction `a`.
pub(crate) fn weight(a: f32) -> f32 {
    round(a * 256.0) / 256.0
}

// Every lookup floors two or three coordinates and rounds its filter weights: without SSE4.1
// (the build's baseline) `f64::floor` and `f32::round` are calls into libm, a tenth of a
// point-sampled lookup. These compute the same values (signed zeros, NaNs and infinities
// included) with conversions.

/// `x.floor()`.
#[inline(always)]
fn floor(x: f64) -> f64 {
    if x.abs() < 4_503_599_627_370_496.0 {
        // |x| < 2^52: truncation to an integer is exact, and so is the step down.
        let t = x as i64 as f64;
        if t > x { t - 1.0 } else { t.copysign(x) }
    } else {
        // Integral already (or NaN, an infinity).
        x
    }
}

/// `x.round()` (half away from zero).
fn round(x: f32) -> f32 {
    if x.abs() < 8_388_608.0 {
        // |x| < 2^23: the truncation and the fraction `x - t` are exact.
        let t = x as i32 as f32;
        let d = x - t;
        let r = if d >= 0.5 {
            t + 1.0
        } else if d <= -0.5 {
            t - 1.0
        } else {
            t
        };
        r.copysign(x)
    } else {
        x
    }
}

/// The four bilinear weights (corners (i,j), (i+1,j), (i,j+1), (i+1,j+1)) for 8-bit fractions
/// `a` and `b`, as the hardware forms them (bit-exact with an H100 in every case recorded:
/// tests/program-diff/textures.cu, tests/cuda/tex_filtering.cu): [`split_square`] of 1.
fn bilinear_weights(a: f32, b: f32) -> [f32; 4] {
    split_square(256, in_256ths(a), in_256ths(b)).map(|v| v as f32 / 256.0)
}

/// The eight trilinear weights (corner index: bit 0 for i+1, bit 1 for j+1, bit 2 for k+1) for
/// 8-bit fractions `a`, `b`, `c`: the z fraction splits 1 exactly into the two slices' shares,
/// and [`split_square`] splits each share over its four corners (bit-exact with an H200's
/// weights at all 512 fraction triples of tests/program-diff/tex_trilinear_weights.cu).
fn trilinear_weights(a: f32, b: f32, c: f32) -> [f32; 8] {
    let (ai, bi, ci) = (in_256ths(a), in_256ths(b), in_256ths(c));
    let (near, far) = (split_square(256 - ci, ai, bi), split_square(ci, ai, bi));
    std::array::from_fn(|n| if n < 4 { near[n] } else { far[n - 4] } as f32 / 256.0)
}

/// An 8-bit weight in 256ths.
fn in_256ths(w: f32) -> i32 {
    (w * 256.0) as i32
}

/// Splits `share` 256ths over the corners (i,j), (i+1,j), (i,j+1), (i+1,j+1) of a square for
/// fractions `a` and `b` (in 256ths), in 256ths that sum to `share`, as the texture unit does:
/// the i+1 column gets `share·a` rounded half up; then the i column's (i,j) corner gets its
/// share times `1-b` and the i+1 column's (i+1,j+1) corner its share times `b`, each rounded half
/// up, the column's other corner the rest.
fn split_square(share: i32, a: i32, b: i32) -> [i32; 4] {
    let round = |v: i32| (v + 128) >> 8;
    let upper = round(share * a);
    let lower = share - upper;
    let w00 = round(lower * (256 - b));
    let w11 = round(upper * b);
    [w00, upper - w11, lower - w00, w11]
}

/// `floor(x)` as an index (saturating; NaN is 0).
#[inline(always)]
fn ifloor(x: f64) -> i64 {
    // Truncation saturates (NaN: 0); a negative non-integer steps down (saturating too).
    let t = x as i64;
    if (t as f64) > x { t.saturating_sub(1) } else { t }
}

/// The cube face and face coordinates in [0, 1] of direction (x, y, z), per CUDA's cubemap
/// fetch table.
pub(crate) fn cube_face(x: f32, y: f32, z: f32) -> (u32, f32, f32) {
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    // A tie for the major axis goes to z, then y (an H200 reads face 4 for (1, 1, 1):
    // tests/program-diff/tex_layered_cubemap.cu).
    let (face, m, s, t) = if az >= ax && az >= ay {
        if z >= 0.0 { (4, az, x, -y) } else { (5, az, -x, -y) }
    } else if ay >= ax {
        if y >= 0.0 { (2, ay, x, z) } else { (3, ay, x, -z) }
    } else if x >= 0.0 {
        (0, ax, -z, -y)
    } else {
        (1, ax, z, -y)
    };
    let m = if m == 0.0 { 1.0 } else { m };
    (face, (s / m + 1.0) * 0.5, (t / m + 1.0) * 0.5)
}

/// Samples one texture at one lane's coordinates; returns the four result patterns. `read`
/// reads `size` (1, 2 or 4) bytes of device memory, zero-extended; its error (a bad address)
/// is the lookup's: sampling only passes it on, whatever memory reports.
#[inline]
pub(crate) fn sample<E, R>(t: &Texture, rq: &Request, read: &mut R) -> Result<[u32; 4], E>
where
    R: FnMut(u64, u32) -> Result<u64, E>,
{
    let img = &t.image;
    let Some(l0) = img.levels.first() else { return Ok([0; 4]) };
    if img.shape == Shape::Linear {
        // Buffer fetch: integer index (float coordinates are floored), zeros out of range.
        let i = if rq.int_coords {
            i64::from(rq.xyz[0] as i32)
        } else {
            let x = f32::from_bits(rq.xyz[0]);
            ifloor(f64::from(if t.sampler.normalized_coords { x * l0.width as f32 } else { x }))
        };
        if !(0..i64::from(l0.width)).contains(&i) {
            return Ok([0; 4]);
        }
        let raw = texel_raw(img, l0, i, 0, 0, read)?;
        return Ok(convert(img.format, &t.sampler, raw));
    }
    if let Some(point) = PointFetch::of(t, rq.geom, rq.int_coords, rq.gather.is_some()) {
        return point.fetch(rq.xyz, read);
    }
    let s = &t.sampler;
    let mut p = Pass { t, float_out: float_result(t), modes: s.address, normalized: s.normalized_coords, read };
    let mut layer = if rq.geom.layered() { rq.layer } else { 0 };
    let mut xyz = [0f32; 3];
    for (k, v) in xyz.iter_mut().enumerate().take(rq.geom.dims()) {
        *v = if rq.int_coords { rq.xyz[k] as i32 as f32 } else { f32::from_bits(rq.xyz[k]) };
    }
    let mut dims = rq.geom.dims();
    if matches!(rq.geom, Geom::Cube | Geom::ACube) {
        let (face, u, v) = cube_face(xyz[0], xyz[1], xyz[2]);
        layer = layer.saturating_mul(6).saturating_add(face);
        xyz = [u, v, 0.0];
        dims = 2;
        p.modes = [AddressMode::Clamp; 3];
        p.normalized = true;
    }
    if rq.int_coords {
        // Integer coordinates: texel indices, no filtering.
        let idx = [xyz[0] as i64, xyz[1] as i64, xyz[2] as i64];
        return p.point_at(l0, idx, dims, layer);
    }
    // Level of detail.
    let nlev = img.levels.len();
    let lod = if img.mipmapped && nlev > 1 {
        let raw = match rq.lod {
            LodArg::Base => 0.0,
            LodArg::Level(l) => l,
            LodArg::Grad(dx, dy) => {
                let size = [l0.width as f32, l0.height as f32, l0.depth as f32];
                let len = |d: [f32; 3]| -> f32 {
                    let mut s2 = 0.0f32;
                    for k in 0..dims {
                        let v = if p.normalized { d[k] * size[k] } else { d[k] };
                        s2 += v * v;
                    }
                    s2.sqrt()
                };
                // An H200 rounds the level a gradient selects to the nearest 1/256
                // (a footprint of the f32 nearest √2 texels, just under level 0.5, filters as
                // 0.5: tests/program-diff/tex_mip_grad.cu); an explicit level's fraction is
                // truncated instead (below).
                (len(dx).max(len(dy)).log2() * 256.0).round() / 256.0
            }
        };
        let l = raw + s.mipmap_bias;
        let l = if l > s.max_lod { s.max_lod } else { l };
        let l = if l < s.min_lod { s.min_lod } else { l };
        if l.is_nan() { 0.0 } else { l.clamp(0.0, (nlev - 1) as f32) }
    } else {
        0.0
    };
    if let Some(comp) = rq.gather {
        let lvl = &img.levels[0];
        return p.gather(lvl, xyz, layer, comp);
    }
    if s.mipmap_filter == FilterMode::Linear && p.float_out && lod.fract() != 0.0 {
        let l = lod.floor() as usize;
        // The level fraction's weight is truncated to 8 bits (an H200 weighs a fraction of
        // 0.8 as 204/256: tests/program-diff/tex_mipmap_lod.cu).
        let w = (lod.fract() * 256.0).floor() / 256.0;
        let a = p.filtered(&img.levels[l], xyz, dims, layer)?;
        let b = p.filtered(&img.levels[(l + 1).min(nlev - 1)], xyz, dims, layer)?;
        // Blended exactly and rounded once to nearest, ties away from zero (8-bit weights
        // times 24-bit values fit f64's significand), as an H200 does: an f32 `(1-w)a + wb`
        // differs in the last bit (tests/program-diff/tex_mip_blend.cu), ties to even at ties
        // (tests/program-diff/tex_filter_ties.cu).
        let (wa, wb) = (f64::from(1.0 - w), f64::from(w));
        let mut out = [0u32; 4];
        for c in 0..4 {
            let v = wa * f64::from(f32::from_bits(a[c])) + wb * f64::from(f32::from_bits(b[c]));
            out[c] = f64_to_f32_ties_away(v).to_bits();
        }
        return Ok(out);
    }
    let l = if nlev > 1 { (round(lod) as usize).min(nlev - 1) } else { 0 };
    p.filtered(&img.levels[l], xyz, dims, layer)
}

/// Reads the raw channels of texel (x, y, z) of `layer`... (indices in range).
#[inline(always)]
fn texel_raw<E, R>(img: &Image, lvl: &Level, x: i64, y: i64, slice: i64, read: &mut R) -> Result<[u32; 4], E>
where
    R: FnMut(u64, u32) -> Result<u64, E>,
{
    let f = img.format;
    let csize = u32::from(f.bits / 8);
    let addr = lvl
        .base
        .wrapping_add((slice as u64).wrapping_mul(lvl.slice_pitch))
        .wrapping_add((y as u64).wrapping_mul(lvl.row_pitch))
        .wrapping_add((x as u64).wrapping_mul(u64::from(f.texel_size())));
    let mut raw = [0u32; 4];
    for (c, r) in raw.iter_mut().enumerate().take(usize::from(f.channels)) {
        *r = read(addr.wrapping_add(c as u64 * u64::from(csize)), csize)? as u32;
    }
    Ok(raw)
}

/// Texture `t`'s border color as result patterns, as an H200 returns it
/// (tests/program-diff/tex_border_quantize.cu): for an integer format, each of its channels
/// is the texel `border_raw` makes of the color, converted as texels are; other channels and
/// float formats give the color as it is.
fn border(t: &Texture) -> [u32; 4] {
    let (f, b) = (t.image.format, t.sampler.border);
    let mut out = if float_result(t) { b.map(f32::to_bits) } else { b.map(|v| v as i32 as u32) };
    if f.kind != ChannelKind::Float {
        let texel = convert(f, &t.sampler, b.map(|c| border_raw(c, f, &t.sampler)));
        out[..usize::from(f.channels)].copy_from_slice(&texel[..usize::from(f.channels)]);
    }
    out
}

/// The raw channel (zero-extended) that border color component `c` stands for in integer
/// format `f`: read as normalized floats, `c` times the largest channel value (one f32
/// multiplication) rounded to nearest with ties toward zero (0.5 of 255 is 127, 0.25 is 64)
/// and clamped to the channel's range; read as integers, the float's own bits, truncated to
/// the channel's width (a border of 3.7f, 0x406ccccd, reads 0xcd from an 8-bit texture).
fn border_raw(c: f32, f: Format, s: &Sampler) -> u32 {
    let width_mask = if f.bits >= 32 { u32::MAX } else { (1u32 << f.bits) - 1 };
    if !s.normalized_float {
        return c.to_bits() & width_mask;
    }
    (border_units(c, f) as i32 as u32) & width_mask
}

/// Border color component `c` in channel units of normalized-integer format `f` (see
/// `border_raw`).
fn border_units(c: f32, f: Format) -> i64 {
    let signed = f.kind == ChannelKind::Signed;
    let max = (1i64 << (i32::from(f.bits.min(16)) - i32::from(signed))) - 1;
    let x = c * max as f32;
    let magnitude = (f64::from(x.abs()) - 0.5).ceil().max(0.0) as i64;
    let q = if x < 0.0 { -magnitude } else { magnitude };
    q.clamp(if signed { -max } else { 0 }, max)
}

/// Address mode `m` as it applies (wrap and mirror need normalized coordinates; with
/// unnormalized ones they clamp).
#[inline(always)]
fn effective_mode(m: AddressMode, normalized: bool) -> AddressMode {
    match m {
        AddressMode::Wrap | AddressMode::Mirror if !normalized => AddressMode::Clamp,
        m => m,
    }
}

/// A point-sampled lookup of level 0 of a 1D, 2D or 3D texture that is neither layered, a
/// cubemap, a linear buffer nor mipmapped (one level): what most kernels' `tex2D` does. Every
/// such lookup takes this path (`sample` too), with what does not depend on the lane's
/// coordinates resolved once ([`PointFetch::of`]), so that a warp's lanes share it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PointFetch<'a> {
    t: &'a Texture,
    lvl: &'a Level,
    dims: usize,
    int_coords: bool,
    /// The address mode of each dimension as it applies (`effective_mode`).
    modes: [AddressMode; 3],
}

impl<'a> PointFetch<'a> {
    /// The plan of a lookup of `t` in geometry `geom` (`int_coords`: by texel indices;
    /// `gather`: a `tld4`), when it is such a lookup.
    #[inline]
    pub(crate) fn of(t: &'a Texture, geom: Geom, int_coords: bool, gather: bool) -> Option<Self> {
        let img = &t.image;
        let lvl = img.levels.first()?;
        let filtered = !int_coords && t.sampler.filter == FilterMode::Linear && float_result(t);
        let plain_image = img.shape != Shape::Linear && !img.layered && !img.cubemap;
        // With one level the level of detail is 0 whatever the instruction asks.
        let one_level = !(img.mipmapped && img.levels.len() > 1) || int_coords;
        let plain_geom = !geom.layered() && !matches!(geom, Geom::Cube | Geom::ACube);
        if filtered || !plain_image || !one_level || !plain_geom || gather {
            return None;
        }
        let s = &t.sampler;
        let modes = s.address.map(|m| effective_mode(m, s.normalized_coords));
        Some(PointFetch { t, lvl, dims: geom.dims(), int_coords, modes })
    }

    /// The four result patterns at coordinates `xyz` (f32 or s32 bits, as the instruction's
    /// operands hold them), the texel read by `read` (see `sample`).
    #[inline(always)]
    pub(crate) fn fetch<E, R>(&self, xyz: [u32; 3], read: &mut R) -> Result<[u32; 4], E>
    where
        R: FnMut(u64, u32) -> Result<u64, E>,
    {
        let (lvl, s) = (self.lvl, &self.t.sampler);
        let size = [lvl.width, lvl.height, lvl.depth];
        let mut at = [0i64; 3];
        for k in 0..self.dims {
            let i = if self.int_coords {
                // As `sample`: integer coordinates pass through f32.
                xyz[k] as i32 as f32 as i64
            } else {
                let x = f32::from_bits(xyz[k]);
                ifloor(if s.normalized_coords { scale(x, size[k], s.address[k]) } else { f64::from(x) })
            };
            match address(i, size[k], self.modes[k]) {
                Some(i) => at[k] = i,
                None => return Ok(border(self.t)),
            }
        }
        let raw = texel_raw(&self.t.image, lvl, at[0], at[1], at[2], read)?;
        Ok(convert(self.t.image.format, s, raw))
    }

    /// The commonest of these lookups, when this is one (`tex2D<float>` and its vectors on a
    /// CUDA array: float channels of 32 bits, unnormalized float coordinates, clamped on both
    /// axes), with its texels fetched without the general case's branches on the texture's
    /// kind (`ClampedF32::fetch`, the same results as `fetch`).
    #[inline]
    pub(crate) fn clamped_f32(&self) -> Option<ClampedF32<'a>> {
        let f = self.t.image.format;
        let clamped = self.modes[0] == AddressMode::Clamp && self.modes[1] == AddressMode::Clamp;
        (self.dims == 2
            && !self.int_coords
            && !self.t.sampler.normalized_coords
            && clamped
            && f.kind == ChannelKind::Float
            && f.bits == 32
            && (1..=4).contains(&f.channels))
        .then_some(ClampedF32 { lvl: self.lvl, channels: usize::from(f.channels), texel: u64::from(f.texel_size()) })
    }
}

/// The texels of a [`ClampedF32`] (`ClampedF32::layout`): texel (x, y)'s channel c is the
/// 32-bit word at `base + y * row_pitch + x * texel + 4 * c`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ClampedLayout {
    pub base: u64,
    pub width: u32,
    pub height: u32,
    pub row_pitch: u64,
    pub texel: u64,
    pub channels: u32,
}

impl ClampedLayout {
    /// The bytes from `base` that its clamped fetches can read: up to the last channel of the
    /// last texel of the last row. `None` for an empty level, or one too large to count.
    pub(crate) fn span(&self) -> Option<u64> {
        let rows = u64::from(self.height).checked_sub(1)?;
        let row = u64::from(self.width).checked_mul(self.texel).filter(|&r| r > 0)?;
        rows.checked_mul(self.row_pitch)?.checked_add(row)
    }
}

/// A [`PointFetch`] of a 2D texture of 32-bit float channels at unnormalized coordinates,
/// clamped ([`PointFetch::clamped_f32`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ClampedF32<'a> {
    lvl: &'a Level,
    channels: usize,
    texel: u64,
}

impl ClampedF32<'_> {
    /// Where its texels lie: the level's first texel, width, height and row pitch, the bytes
    /// per texel and the channels (what a compiled tier needs to fetch them itself, as
    /// [`ClampedF32::fetch`] does).
    pub(crate) fn layout(&self) -> ClampedLayout {
        let l = self.lvl;
        ClampedLayout {
            base: l.base,
            width: l.width,
            height: l.height,
            row_pitch: l.row_pitch,
            texel: self.texel,
            channels: self.channels as u32,
        }
    }

    /// As [`PointFetch::fetch`] (its `xyz`'s first two coordinates).
    #[inline(always)]
    pub(crate) fn fetch<E, R>(&self, xyz: [u32; 3], read: &mut R) -> Result<[u32; 4], E>
    where
        R: FnMut(u64, u32) -> Result<u64, E>,
    {
        // `ifloor` then clamping to [0, n - 1]: below 0 (or NaN, which floors to 0) is 0, at
        // or past n is n - 1, and in between truncation is the floor.
        let index = |c: u32, n: u32| {
            let (x, last) = (f64::from(f32::from_bits(c)), n.max(1) - 1);
            if x >= 0.0 { if x < f64::from(last) { x as u64 } else { u64::from(last) } } else { 0 }
        };
        let (x, y) = (index(xyz[0], self.lvl.width), index(xyz[1], self.lvl.height));
        let addr = self.lvl.base.wrapping_add(y.wrapping_mul(self.lvl.row_pitch)).wrapping_add(x * self.texel);
        // Missing channels: 0, alpha 1 (`convert` for float results).
        let mut out = [0, 0, 0, 1.0f32.to_bits()];
        for (c, o) in out.iter_mut().enumerate().take(self.channels) {
            *o = read(addr.wrapping_add(4 * c as u64), 4)? as u32;
        }
        Ok(out)
    }
}

/// One lookup's state: the texture, its effective addressing, and the memory reader.
struct Pass<'a, 'x, R> {
    t: &'a Texture,
    float_out: bool,
    modes: [AddressMode; 3],
    normalized: bool,
    read: &'x mut R,
}

impl<E, R: FnMut(u64, u32) -> Result<u64, E>> Pass<'_, '_, R> {
    /// The border color as result patterns.
    fn border(&self) -> [u32; 4] {
        border(self.t)
    }

    /// The effective address mode of dimension `k` (wrap and mirror need normalized
    /// coordinates; with unnormalized ones they clamp).
    #[inline(always)]
    fn mode(&self, k: usize) -> AddressMode {
        effective_mode(self.modes[k], self.normalized)
    }

    /// The texel at indices `idx` (before addressing) of `layer`, as result patterns.
    #[inline(always)]
    fn texel(&mut self, lvl: &Level, idx: [i64; 3], dims: usize, layer: u32) -> Result<[u32; 4], E> {
        let size = [lvl.width, lvl.height, lvl.depth];
        let mut at = [0i64; 3];
        for k in 0..dims {
            match address(idx[k], size[k], self.mode(k)) {
                Some(i) => at[k] = i,
                None => return Ok(self.border()),
            }
        }
        let img = &self.t.image;
        let layers = img.layers.max(1);
        let slice = if img.layered || img.cubemap { i64::from(layer.min(layers - 1)) } else { at[2] };
        let raw = texel_raw(img, lvl, at[0], at[1], slice, self.read)?;
        Ok(convert(img.format, &self.t.sampler, raw))
    }

    #[inline(always)]
    fn point_at(&mut self, lvl: &Level, idx: [i64; 3], dims: usize, layer: u32) -> Result<[u32; 4], E> {
        self.texel(lvl, idx, dims, layer)
    }

    /// Texel-space coordinates of `xyz` on `lvl`.
    #[inline(always)]
    fn texel_coords(&self, lvl: &Level, xyz: [f32; 3], dims: usize) -> [f64; 3] {
        let size = [lvl.width, lvl.height, lvl.depth];
        let mut x = xyz.map(f64::from);
        if self.normalized {
            for k in 0..dims {
                x[k] = scale(xyz[k], size[k], self.modes[k]);
            }
        }
        x
    }

    /// Point or linear sampling on one level.
    #[inline(always)]
    fn filtered(&mut self, lvl: &Level, xyz: [f32; 3], dims: usize, layer: u32) -> Result<[u32; 4], E> {
        let mut x = self.texel_coords(lvl, xyz, dims);
        if self.t.sampler.filter == FilterMode::Point || !self.float_out {
            return self.point_at(lvl, [ifloor(x[0]), ifloor(x[1]), ifloor(x[2])], dims, layer);
        }
        // Clamp mode clamps a filtered lookup's texel-space coordinate to the outer texels'
        // centres, so at an edge the outer texel gets all of that dimension's weight (an H200's
        // trilinear weights show it where they do not factor: tests/program-diff/tex_layered_gather_3d.cu).
        // Not a cubemap's face coordinates, whose lookups keep the rule they had
        // (tests/program-diff/tex_layered_cubemap.cu passes either way; an H200's linear lookups
        // at face corners differ from both, see the session-12 report).
        let size = [lvl.width, lvl.height, lvl.depth];
        for k in 0..dims {
            if self.mode(k) == AddressMode::Clamp && !self.t.image.cubemap {
                x[k] = x[k].clamp(0.5, f64::from(size[k]) - 0.5);
            }
        }
        let mut base = [0i64; 3];
        let mut w = [0f32; 3];
        for k in 0..dims {
            let xb = x[k] - 0.5;
            let f = floor(xb);
            base[k] = f as i64;
            w[k] = weight((xb - f) as f32);
        }
        let corners = 1usize << dims;
        let mut table = [0f32; 8];
        match dims {
            1 => table[..2].copy_from_slice(&[1.0 - w[0], w[0]]),
            2 => table[..4].copy_from_slice(&bilinear_weights(w[0], w[1])),
            _ => table = trilinear_weights(w[0], w[1], w[2]),
        }
        let units = self.integer_units();
        // The weighted taps are summed exactly (9-bit weights times 24-bit values fit f64's
        // significand) and rounded once, as an H200 does: an f32 running sum differs in the
        // last bit (tests/program-diff/tex_channel_formats.cu).
        let mut acc = [0f64; 4];
        for (n, &wt) in table.iter().enumerate().take(corners) {
            let mut idx = base;
            for (k, i) in idx.iter_mut().enumerate().take(dims) {
                *i += (n >> k & 1) as i64;
            }
            let v = match units {
                Some(max) => self.tap_units(lvl, idx, dims, layer, max)?,
                None => self.texel(lvl, idx, dims, layer)?.map(|b| f64::from(f32::from_bits(b))),
            };
            for c in 0..4 {
                acc[c] += f64::from(wt) * v[c];
            }
        }
        // A 1-D array texture filters as a 2-D one of height 1 sampled at texel row -0.5: with
        // border addressing in y, half of every lookup is the border colour (an H200, f32 and
        // u16, normalized coordinates or not: tests/program-diff/tex1d_border_linear.cu).
        let img = &self.t.image;
        if dims == 1 && !img.layered && !img.cubemap && self.mode(1) == AddressMode::Border {
            let border = self.border_tap(units);
            for c in 0..4 {
                acc[c] = 0.5 * acc[c] + 0.5 * border[c];
            }
        }
        let f = self.t.image.format;
        let out = match units {
            // Filtered normalized-integer texels come out in 16-bit fixed point (unorm16 /
            // snorm16; bit-exact with an H100 for 8-bit formats: tests/program-diff/textures.cu),
            // rounded half up from the exact blend (an H200 gives 23773 for 23772.5:
            // tests/program-diff/tex_channel_formats.cu).
            // Signed ones round half up too, to +0 near zero (an H200 gives 0 for -0.5 and
            // -0.25 units: tests/program-diff/tex_filter_ties.cu).
            Some(max) if f.kind == ChannelKind::Signed => {
                acc.map(|a| ((floor(a * 32767.0 / max + 0.5) / 32767.0) as f32).max(-1.0) + 0.0)
            }
            Some(max) => acc.map(|a| (floor(a * 65535.0 / max + 0.5) / 65535.0) as f32),
            // sRGB colour channels come out as f16 (their texels are bfloat16 values, see `convert`); blended
            // ones differ from an H100 by up to ~3e-3 (its sRGB filtering precision is not known).
            // Their alpha, not sRGB-encoded, comes out in unorm16 like other normalized texels.
            None if self.t.sampler.srgb => {
                let mut o = acc.map(|a| a as f32);
                for v in o.iter_mut().take(3) {
                    *v = f16_to_f32(f64_to_f16(f64::from(*v)));
                }
                o[3] = ((acc[3] * 65535.0).round() / 65535.0) as f32;
                o
            }
            // A half texture filters to half precision (an H200's results are f16 values:
            // tests/program-diff/tex_channel_formats.cu).
            None if f.kind == ChannelKind::Float && f.bits == 16 => acc.map(|a| f16_to_f32(f64_to_f16_ties_away(a))),
            // Rounded to nearest, ties away from zero (an H200's exact ties land on the larger
            // magnitude: tests/program-diff/tex_modes_sweep.cu).
            None => acc.map(f64_to_f32_ties_away),
        };
        Ok(out.map(f32::to_bits))
    }

    /// The border colour as a filter tap: in `units` for a normalized-integer texture read as
    /// floats (as `tap_units` gives it), else the colour itself.
    fn border_tap(&self, units: Option<f64>) -> [f64; 4] {
        match units {
            Some(max) => {
                let f = self.t.image.format;
                let mut u = self.t.sampler.border.map(|c| f64::from(c) * max);
                for (v, &c) in u.iter_mut().zip(&self.t.sampler.border).take(usize::from(f.channels)) {
                    *v = border_units(c, f) as f64;
                }
                u
            }
            None => border(self.t).map(|b| f64::from(f32::from_bits(b))),
        }
    }

    /// For a normalized-integer texture read as floats (not sRGB): the largest channel value
    /// (255, 127, 65535 or 32767), in whose units filtering blends texels exactly.
    fn integer_units(&self) -> Option<f64> {
        let (f, s) = (self.t.image.format, &self.t.sampler);
        if !s.normalized_float || s.srgb || f.kind == ChannelKind::Float || f.bits > 16 {
            return None;
        }
        let bits = i32::from(f.bits) - i32::from(f.kind == ChannelKind::Signed);
        Some(f64::from((1u32 << bits) - 1))
    }

    /// The texel at indices `idx` (before addressing) of `layer` in channel units of `max`
    /// (`integer_units`): the channels' integer values, a missing alpha `max`; the border
    /// color scaled to the units.
    fn tap_units(&mut self, lvl: &Level, idx: [i64; 3], dims: usize, layer: u32, max: f64) -> Result<[f64; 4], E> {
        let size = [lvl.width, lvl.height, lvl.depth];
        let mut at = [0i64; 3];
        for k in 0..dims {
            match address(idx[k], size[k], self.mode(k)) {
                Some(i) => at[k] = i,
                None => return Ok(self.border_tap(Some(max))),
            }
        }
        let img = &self.t.image;
        let layers = img.layers.max(1);
        let slice = if img.layered || img.cubemap { i64::from(layer.min(layers - 1)) } else { at[2] };
        let raw = texel_raw(img, lvl, at[0], at[1], slice, self.read)?;
        let f = img.format;
        let mut out = [0f64; 4];
        for (c, o) in out.iter_mut().enumerate() {
            *o = if c >= usize::from(f.channels) {
                if c == 3 { max } else { 0.0 }
            } else if f.kind == ChannelKind::Signed {
                // Sign-extended; the most negative value reads as -1 (`convert`'s clamp).
                f64::from(if f.bits == 8 { i32::from(raw[c] as u8 as i8) } else { i32::from(raw[c] as u16 as i16) })
                    .max(-max)
            } else {
                f64::from(raw[c])
            };
        }
        Ok(out)
    }

    /// `tld4`: component `comp` of the four texels of the bilinear footprint, counter-clockwise
    /// from the lower left: T[i, j+1], T[i+1, j+1], T[i+1, j], T[i, j].
    fn gather(&mut self, lvl: &Level, xyz: [f32; 3], layer: u32, comp: u8) -> Result<[u32; 4], E> {
        let x = self.texel_coords(lvl, xyz, 2);
        let i = ifloor(x[0] - 0.5);
        let j = ifloor(x[1] - 0.5);
        let c = usize::from(comp.min(3));
        let order = [(i, j + 1), (i + 1, j + 1), (i + 1, j), (i, j)];
        let mut out = [0u32; 4];
        for (o, (a, b)) in out.iter_mut().zip(order) {
            *o = self.texel(lvl, [a, b, 0], 2, layer)?[c];
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2D texture of `w` x `h` texels of `format` (`bytes`, rows packed) sampled by
    /// `sampler` at `at`; the result bits.
    fn sample_2d(format: Format, bytes: &[u8], (w, h): (u32, u32), sampler: Sampler, at: (f32, f32)) -> [u32; 4] {
        let row = u64::from(w * format.texel_size());
        let level = Level { base: 0, width: w, height: h, depth: 1, row_pitch: row, slice_pitch: row * u64::from(h) };
        let image = Image {
            format,
            shape: Shape::Array2D,
            layered: false,
            cubemap: false,
            layers: 1,
            mipmapped: false,
            levels: vec![level],
        };
        let t = Texture { image, sampler };
        let rq = Request {
            geom: Geom::D2,
            int_coords: false,
            layer: 0,
            xyz: [at.0.to_bits(), at.1.to_bits(), 0],
            lod: LodArg::Base,
            gather: None,
        };
        let mut read = |a: u64, n: u32| -> Result<u64, ()> {
            let mut v = [0u8; 8];
            v[..n as usize].copy_from_slice(&bytes[a as usize..(a + u64::from(n)) as usize]);
            Ok(u64::from_le_bytes(v))
        };
        sample(&t, &rq, &mut read).unwrap()
    }

    /// The CUDA Programming Guide's bilinear blend of texels `v` (row-major, `w` wide) at
    /// texel-space (x, y) with 8-bit weights, summed exactly (f64 holds every term exactly).
    fn exact_blend(v: &[f64], w: usize, x: f64, y: f64) -> f64 {
        let (i, j) = ((x - 0.5).floor(), (y - 0.5).floor());
        let (a, b) = (((x - 0.5 - i) * 256.0).round() / 256.0, ((y - 0.5 - j) * 256.0).round() / 256.0);
        let at = |di: f64, dj: f64| v[(j + dj) as usize * w + (i + di) as usize];
        (1.0 - a) * (1.0 - b) * at(0.0, 0.0)
            + a * (1.0 - b) * at(1.0, 0.0)
            + (1.0 - a) * b * at(0.0, 1.0)
            + a * b * at(1.0, 1.0)
    }

    /// Filtering sums the weighted taps exactly and rounds once: an f32 running sum is 1 ulp
    /// off here (an H200 returned 0x3e0ea493 for these taps of 1/(3 + x):
    /// tests/program-diff/tex_channel_formats.cu), and four equal taps give the texel itself.
    #[test]
    fn float_filtering_rounds_the_exact_sum_once() {
        let f32x1 = Format { kind: ChannelKind::Float, bits: 32, channels: 1 };
        let texels: Vec<f32> = (0..12).map(|k| 1.0 / (3.0 + (k % 6) as f32)).collect();
        let bytes: Vec<u8> = texels.iter().flat_map(|v| v.to_le_bytes()).collect();
        let clamp = Sampler { address: [AddressMode::Clamp; 3], filter: FilterMode::Linear, ..Sampler::default() };
        // x = 4.5 + 51/256: weights 205/256 and 51/256 on texels 4 and 5 of row 0.
        let x = 4.5 + 51.0 / 256.0;
        let want = exact_blend(&texels.iter().map(|&v| f64::from(v)).collect::<Vec<_>>(), 6, x, 0.5) as f32;
        assert_eq!(want.to_bits(), 0x3e0e_a493);
        assert_eq!(sample_2d(f32x1, &bytes, (6, 2), clamp, (x as f32, 0.5))[0], want.to_bits());
        // Beyond a corner every tap is the corner texel.
        let corner = sample_2d(f32x1, &bytes, (6, 2), clamp, (-3.3, -1.9))[0];
        assert_eq!(corner, texels[0].to_bits());
    }

    /// A half texture filters to half precision, ties away from zero: an H200 returns f16
    /// values (-0x1.d3cp+1 where the f32 blend is -0x1.d3c4p+1: tests/program-diff/
    /// tex_channel_formats.cu; 1 + 2^-10 for the tie 1 + 2^-11: tests/program-diff/tex_filter_ties.cu).
    #[test]
    fn half_filtering_rounds_to_half() {
        let f16x1 = Format { kind: ChannelKind::Float, bits: 16, channels: 1 };
        let texels: Vec<f64> = (0..30)
            .map(|k| f64::from(k % 6 * (k % 6)) * 0.375 - f64::from(k / 6) * 1.5 + 0.001 * f64::from(k % 6))
            .collect();
        let halves: Vec<u16> = texels.iter().map(|&v| f64_to_f16(v)).collect();
        let bytes: Vec<u8> = halves.iter().flat_map(|v| v.to_le_bytes()).collect();
        let values: Vec<f64> = halves.iter().map(|&h| f64::from(f16_to_f32(h))).collect();
        let clamp = Sampler { address: [AddressMode::Clamp; 3], filter: FilterMode::Linear, ..Sampler::default() };
        for (x, y) in [(2.25f32, 3.75f32), (4.9, 3.5), (1.3, 0.8), (3.6, 2.2)] {
            let blend = exact_blend(&values, 6, f64::from(x), f64::from(y));
            let got = f32::from_bits(sample_2d(f16x1, &bytes, (6, 5), clamp, (x, y))[0]);
            assert_eq!(got, f16_to_f32(f64_to_f16_ties_away(blend)), "at ({x}, {y})");
        }
        let got = sample_2d(f16x1, &bytes, (6, 5), clamp, (2.25, 3.75))[0];
        assert_eq!(f32::from_bits(got), -f32::from_bits(0x4069_e000), "the H200's -0x1.d3cp+1");
    }

    /// Normalized 8-bit texels blend exactly in texel units and come out in unorm16 rounded
    /// half up: 23680/256 = 92.5 of 255 is 23772.5 of 65535, which an H200 returns as 23773
    /// (an f32 blend of the converted texels gave 23772).
    #[test]
    fn normalized_filtering_rounds_half_up_from_the_exact_blend() {
        let u8x1 = Format { kind: ChannelKind::Unsigned, bits: 8, channels: 1 };
        // Rows of 105 over 55, y weights 192/256 and 64/256 (the x weights, 154/256 and
        // 102/256, split them into four taps, as in the H200's case).
        let bytes = [105u8, 105, 55, 55];
        let s = Sampler {
            address: [AddressMode::Clamp; 3],
            filter: FilterMode::Linear,
            normalized_float: true,
            ..Sampler::default()
        };
        let got = f32::from_bits(sample_2d(u8x1, &bytes, (2, 2), s, (0.5 + 102.0 / 256.0, 0.5 + 0.25))[0]);
        assert_eq!(got, (23773.0f64 / 65535.0) as f32);
    }

    /// The border color of integer formats, as an H200 returns it (tests/program-diff/
    /// tex_border_quantize.cu): read as normalized floats, quantized to the format (ties
    /// toward zero, clamped) for point and linear sampling alike; read as integers, the
    /// float's bits truncated to the channel.
    #[test]
    fn integer_border_colors_are_quantized_or_reinterpreted() {
        let outside = |kind, bits: u8, normalized_float, filter, c: f32| {
            let f = Format { kind, bits, channels: 1 };
            let bytes = vec![0u8; 4 * usize::from(bits / 8)];
            let s = Sampler {
                address: [AddressMode::Border; 3],
                filter,
                normalized_float,
                border: [c, 0.0, 0.0, 0.0],
                ..Sampler::default()
            };
            sample_2d(f, &bytes, (2, 2), s, (-5.0, -7.0))[0]
        };
        let (u, sg) = (ChannelKind::Unsigned, ChannelKind::Signed);
        for filter in [FilterMode::Point, FilterMode::Linear] {
            // 0.25 * 255 = 63.75 -> 64; 0.5 * 255 = 127.5 -> 127; 0.3f * 255 rounds to 76.5 in
            // f32 -> 76; beyond 1 and below 0 clamp.
            for (c, q) in [(0.25f32, 64.0f32), (0.5, 127.0), (0.3, 76.0), (0.999, 255.0), (1.5, 255.0), (-0.25, 0.0)] {
                assert_eq!(outside(u, 8, true, filter, c), (q / 255.0).to_bits(), "u8 {c} {filter:?}");
            }
            // 0.5 * 65535 = 32767.5 -> 32767.
            assert_eq!(outside(u, 16, true, filter, 0.5), (32767.0f32 / 65535.0).to_bits());
        }
        // -0.5 * 127 = -63.5 -> -63; -2 clamps to -127 (-1.0).
        assert_eq!(outside(sg, 8, true, FilterMode::Point, -0.5), (-63.0f32 / 127.0).to_bits());
        assert_eq!(outside(sg, 8, true, FilterMode::Point, -2.0), (-1.0f32).to_bits());
        // Element reads: 3.7f is 0x406ccccd; an 8-bit channel keeps 0xcd, 32 bits keep them all.
        assert_eq!(outside(u, 8, false, FilterMode::Point, 3.7), 0xcd);
        assert_eq!(outside(sg, 32, false, FilterMode::Point, 3.0), 3.0f32.to_bits());
        assert_eq!(outside(sg, 8, false, FilterMode::Point, 1e10), 0xffff_fff9, "0x501502f9's 0xf9, sign-extended");
    }

    /// A direction with equal components selects the z face first, then y (an H200 reads face
    /// 4 for (1, 1, 1)); a strict major axis is unchanged.
    #[test]
    fn cube_face_ties_prefer_z_then_y() {
        assert_eq!(cube_face(1.0, 1.0, 1.0).0, 4);
        assert_eq!(cube_face(-1.0, 1.0, -1.0).0, 5);
        assert_eq!(cube_face(1.0, -1.0, 0.5).0, 3);
        assert_eq!(cube_face(1.0, 0.99, -0.5).0, 0);
        assert_eq!(cube_face(-0.999, 1.0, 0.001).0, 2);
    }

    /// Trilinear weights as an H200 forms them (its weights in 256ths at fraction triples of
    /// tests/program-diff/tex_trilinear_weights.cu, where rounding each corner's product, the
    /// earlier rule, was 1/256 off in some corner of most triples).
    #[test]
    fn trilinear_weights_split_slices_then_columns() {
        for ((a, b, c), want) in [
            ((37, 100, 200), [29, 5, 19, 3, 104, 18, 67, 11]),
            ((1, 128, 1), [127, 0, 127, 1, 1, 0, 0, 0]),
            ((1, 64, 1), [191, 1, 63, 0, 1, 0, 0, 0]),
            ((3, 200, 128), [28, 0, 98, 2, 28, 0, 98, 2]),
            ((1, 1, 128), [127, 1, 0, 0, 127, 1, 0, 0]),
        ] {
            let w = trilinear_weights(a as f32 / 256.0, b as f32 / 256.0, c as f32 / 256.0);
            assert_eq!(w.map(|v| (v * 256.0) as i32), want, "fractions {a} {b} {c}");
        }
    }

    /// Between two mipmap levels the level fraction weighs in truncated to 8 bits: an H200
    /// blends a level of detail of 0.8 with weight 204/256, not 205/256 (its tex2DLod results:
    /// tests/program-diff/tex_mipmap_lod.cu). Levels of 0 and 256 show the weight itself.
    #[test]
    fn mipmap_level_weight_is_truncated() {
        for (lod, weight) in [(0.8f32, 204.0f32), (0.1, 25.0), (0.5, 128.0), (0.3, 76.0)] {
            assert_eq!(sample_two_levels(0.0, 256.0, lod), weight, "lod {lod}");
        }
    }

    /// Two levels are blended exactly and rounded once: an H200 returns 0x416427e8 for levels
    /// 0x416803a4 and 0x4009deea at a level fraction of 5/256, where an f32 `(1-w)a + wb`
    /// gives 0x416427e9 (tests/program-diff/tex_mip_blend.cu).
    #[test]
    fn mipmap_levels_blend_exactly() {
        let (a, b) = (f32::from_bits(0x4168_03a4), f32::from_bits(0x4009_deea));
        assert_eq!(sample_two_levels(a, b, 5.0 / 256.0).to_bits(), 0x4164_27e8);
    }

    /// `tex2DLod` at level of detail `lod` of a float texture whose 2x2 level 0 holds `level0`
    /// and whose 1x1 level 1 holds `level1`, with linear mipmap filtering.
    fn sample_two_levels(level0: f32, level1: f32, lod: f32) -> f32 {
        let f32x1 = Format { kind: ChannelKind::Float, bits: 32, channels: 1 };
        let mut bytes = Vec::new();
        for v in [level0, level0, level0, level0, level1] {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        let level = |base: u64, n: u32| Level {
            base,
            width: n,
            height: n,
            depth: 1,
            row_pitch: u64::from(4 * n),
            slice_pitch: u64::from(4 * n * n),
        };
        let image = Image {
            format: f32x1,
            shape: Shape::Array2D,
            layered: false,
            cubemap: false,
            layers: 1,
            mipmapped: true,
            levels: vec![level(0, 2), level(16, 1)],
        };
        let sampler = Sampler {
            address: [AddressMode::Clamp; 3],
            normalized_coords: true,
            mipmap_filter: FilterMode::Linear,
            max_lod: 1.0,
            ..Sampler::default()
        };
        let t = Texture { image, sampler };
        let mut read = |a: u64, n: u32| -> Result<u64, ()> {
            let mut v = [0u8; 8];
            v[..n as usize].copy_from_slice(&bytes[a as usize..(a + u64::from(n)) as usize]);
            Ok(u64::from_le_bytes(v))
        };
        let rq = Request {
            geom: Geom::D2,
            int_coords: false,
            layer: 0,
            xyz: [0.5f32.to_bits(), 0.5f32.to_bits(), 0],
            lod: LodArg::Level(lod),
            gather: None,
        };
        f32::from_bits(sample(&t, &rq, &mut read).unwrap()[0])
    }

    /// Values around every edge of the conversions: zeros, halves, the ends of the exact
    /// ranges, the integer limits, infinities and NaN, and a spread of random bit patterns.
    fn edges() -> Vec<f64> {
        let mut v = vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.5,
            -1.5,
            2.5,
            -2.5,
            0.49999997,
            -0.49999997,
            4_503_599_627_370_495.5,
            -4_503_599_627_370_495.5,
            4_503_599_627_370_496.0,
            8_388_607.5,
            -8_388_607.5,
            8_388_608.0,
            9.223372036854775e18,
            -9.223372036854775e18,
            9.3e18,
            -9.3e18,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
        ];
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            v.push(f64::from_bits(x));
            v.push((x >> 11) as f64 / (1u64 << 40) as f64 - 4096.0);
        }
        v
    }

    /// `PointFetch::clamped_f32`'s lookups read what the general `fetch` reads: every channel
    /// count, coordinates inside, on and past the edges, negative, infinite and NaN.
    #[test]
    fn clamped_float_fetches_match_the_general_fetch() {
        for channels in 1..=4u8 {
            let format = Format { kind: ChannelKind::Float, bits: 32, channels };
            let (w, h) = (7u32, 5u32);
            let row = u64::from(w * format.texel_size());
            let level = Level { base: 0, width: w, height: h, depth: 1, row_pitch: row, slice_pitch: row * 5 };
            let image = Image {
                format,
                shape: Shape::Array2D,
                layered: false,
                cubemap: false,
                layers: 1,
                mipmapped: false,
                levels: vec![level],
            };
            let sampler = Sampler { address: [AddressMode::Clamp; 3], ..Sampler::default() };
            let t = Texture { image, sampler };
            let point = PointFetch::of(&t, Geom::D2, false, false).expect("a point lookup");
            let clamped = point.clamped_f32().expect("the clamped float shortcut");
            let bytes: Vec<u8> = (0..row * 5).map(|b| (b * 37 % 251) as u8).collect();
            let mut read = |a: u64, n: u32| -> Result<u64, ()> {
                let mut v = [0u8; 8];
                v[..n as usize].copy_from_slice(bytes.get(a as usize..(a + u64::from(n)) as usize).ok_or(())?);
                Ok(u64::from_le_bytes(v))
            };
            let coords = edges().into_iter().map(|x| x as f32).chain([-0.0, 6.999_999_5, 7.0, 4.999_999_5, 5.0]);
            let coords: Vec<f32> = coords.collect();
            for (i, &x) in coords.iter().enumerate() {
                let y = coords[(i * 7 + 3) % coords.len()];
                let xyz = [x.to_bits(), y.to_bits(), 0];
                assert_eq!(
                    clamped.fetch(xyz, &mut read),
                    point.fetch(xyz, &mut read),
                    "{channels} channels at ({x}, {y})"
                );
            }
        }
        // Not the shortcut's: integer coordinates, border addressing, 16-bit channels.
        let f32x1 = Format { kind: ChannelKind::Float, bits: 32, channels: 1 };
        let level = Level { base: 0, width: 4, height: 4, depth: 1, row_pitch: 16, slice_pitch: 64 };
        let image = |format| Image {
            format,
            shape: Shape::Array2D,
            layered: false,
            cubemap: false,
            layers: 1,
            mipmapped: false,
            levels: vec![level],
        };
        let clamp = Sampler { address: [AddressMode::Clamp; 3], ..Sampler::default() };
        let border = Sampler { address: [AddressMode::Border; 3], ..Sampler::default() };
        let half = Format { kind: ChannelKind::Float, bits: 16, channels: 1 };
        for (t, int_coords) in [
            (Texture { image: image(f32x1), sampler: clamp }, true),
            (Texture { image: image(f32x1), sampler: border }, false),
            (Texture { image: image(half), sampler: clamp }, false),
        ] {
            let point = PointFetch::of(&t, Geom::D2, int_coords, false).expect("a point lookup");
            assert!(point.clamped_f32().is_none());
        }
    }

    #[test]
    fn floor_round_and_ifloor_match_the_standard_library() {
        for x in edges() {
            assert_eq!(floor(x).to_bits(), x.floor().to_bits(), "floor({x:e})");
            assert_eq!(ifloor(x), x.floor() as i64, "ifloor({x:e})");
            let y = x as f32;
            assert_eq!(round(y).to_bits(), y.round().to_bits(), "round({y:e})");
        }
    }
}
