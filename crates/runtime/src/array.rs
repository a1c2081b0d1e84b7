//! CUDA arrays (`cudaMallocArray`, `cudaMalloc3DArray`, mipmapped arrays) and copies to,
//! from and between them.
//!
//! An array is one simt device allocation holding its texels packed: rows of
//! `width × texel size` bytes, `max(height, 1)` rows per slice, and `max(depth, 1)` slices
//! (3D depth, layers, or 6 × cubemaps). Handles are opaque pointer-sized values (never
//! dereferenced by programs); every array copy becomes a pitched copy ([`Copy3D`]) with the
//! array side's pitch and rows, so copies share the validation and stream ordering of linear
//! ones. The texture module reads the layout ([`ArrayInfo`]) to describe images to the engine.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use simt::DevicePtr;
use simt::texture::{ChannelKind, Format, Level};

use crate::context::{api, lock};
use crate::error::{Error, Result};
use crate::memory::{Copy3D, MemcpyKind, On};

/// `cudaArrayLayered`.
pub const ARRAY_LAYERED: u32 = 0x01;
/// `cudaArraySurfaceLoadStore`.
pub const ARRAY_SURFACE_LOAD_STORE: u32 = 0x02;
/// `cudaArrayCubemap`.
pub const ARRAY_CUBEMAP: u32 = 0x04;
/// `cudaArrayTextureGather`.
pub const ARRAY_TEXTURE_GATHER: u32 = 0x08;

/// `struct cudaChannelFormatDesc`: bits per channel and the channel kind.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ChannelDesc {
    /// Bits of x.
    pub x: i32,
    /// Bits of y.
    pub y: i32,
    /// Bits of z.
    pub z: i32,
    /// Bits of w.
    pub w: i32,
    /// `enum cudaChannelFormatKind` (0 signed, 1 unsigned, 2 float; 5..=16 the normalized
    /// 8- and 16-bit integer kinds).
    pub f: i32,
}

/// `cudaChannelFormatKindUnsignedNormalized8X1` ..= `SignedNormalized16X4`: the kind and the
/// channel width and count each names.
fn normalized_kind(f: i32) -> Option<(ChannelKind, i32, usize)> {
    let (kind, i) = match f {
        5..=10 => (ChannelKind::Unsigned, f - 5),
        11..=16 => (ChannelKind::Signed, f - 11),
        _ => return None,
    };
    // 8X1, 8X2, 8X4, 16X1, 16X2, 16X4.
    Some((kind, if i < 3 { 8 } else { 16 }, [1, 2, 4][(i % 3) as usize]))
}

impl ChannelDesc {
    /// Whether the kind is a normalized one (`cudaChannelFormatKind*Normalized*`), whose texels
    /// a texture reads only as normalized floats.
    pub fn is_normalized(&self) -> bool {
        normalized_kind(self.f).is_some()
    }

    /// The texel format, or `cudaErrorInvalidChannelDescriptor`: 1, 2 or 4 channels of equal
    /// width (8/16/32-bit integers, 16/32-bit floats); 3-channel formats are not supported by
    /// CUDA arrays either.
    pub fn format(&self) -> Result<Format> {
        let bits = [self.x, self.y, self.z, self.w];
        let channels = bits.iter().take_while(|&&b| b != 0).count();
        // A normalized kind names its channels: the description must give exactly those (an
        // H200 refuses UnsignedNormalized8X4 as 8,0,0,0 and UnsignedNormalized8X1 as 16 bits:
        // tests/program-diff/runtime18_tex_norm_views.cu).
        if let Some((kind, width, count)) = normalized_kind(self.f) {
            if channels != count || bits[..count].iter().any(|&b| b != width) || bits[count..].iter().any(|&b| b != 0) {
                return Err(Error::InvalidChannelDescriptor);
            }
            return Ok(Format { kind, bits: width as u8, channels: count as u8 });
        }
        if channels == 0 || bits[channels..].iter().any(|&b| b != 0) || bits[..channels].iter().any(|&b| b != self.x) {
            return Err(Error::InvalidChannelDescriptor);
        }
        let kind = match self.f {
            0 => ChannelKind::Signed,
            1 => ChannelKind::Unsigned,
            2 => ChannelKind::Float,
            _ => return Err(Error::InvalidChannelDescriptor),
        };
        let f = Format {
            kind,
            bits: u8::try_from(self.x).map_err(|_| Error::InvalidChannelDescriptor)?,
            channels: channels as u8,
        };
        if !f.is_valid() {
            return Err(Error::InvalidChannelDescriptor);
        }
        Ok(f)
    }
}

/// A CUDA array's description and layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArrayInfo {
    /// The channel descriptor it was created with.
    pub desc: ChannelDesc,
    /// Its texel format.
    pub format: Format,
    /// The extent as CUDA reports it (elements; 0 for absent dimensions).
    pub extent: [usize; 3],
    /// `cudaArray*` flags.
    pub flags: u32,
    /// The device address of texel (0, 0, 0).
    pub base: DevicePtr,
    /// Bytes per row.
    pub row: usize,
    /// Rows per slice.
    pub rows: usize,
    /// Slices (depth, layers or cubemap faces).
    pub slices: usize,
}

impl ArrayInfo {
    /// The engine's description of this array as one level.
    pub fn level(&self) -> Level {
        let layered = self.flags & (ARRAY_LAYERED | ARRAY_CUBEMAP) != 0;
        Level {
            base: self.base.0,
            width: self.extent[0] as u32,
            height: self.rows as u32,
            depth: if layered { 1 } else { self.slices as u32 },
            row_pitch: self.row as u64,
            slice_pitch: (self.row * self.rows) as u64,
        }
    }

    /// Bytes in all.
    pub fn size(&self) -> usize {
        self.row * self.rows * self.slices
    }
}

#[derive(Debug, Default)]
struct Tables {
    arrays: HashMap<u64, ArrayInfo>,
    /// Mipmapped arrays: their level arrays, level 0 first.
    mipmapped: HashMap<u64, Vec<u64>>,
    /// Arrays (plain and mipmapped) a `cudaDeviceReset` destroyed or that were freed: using one is
    /// `cudaErrorContextIsDestroyed`, as an H200 answers (tests/program-diff/stale_handles_after_reset.cu).
    retired: std::collections::HashSet<u64>,
}

impl Tables {
    /// What using array handle `h`, which is not live, is.
    fn missing(&self, h: u64) -> Error {
        if self.retired.contains(&h) { Error::ContextIsDestroyed } else { Error::InvalidResourceHandle }
    }
}

/// `cudaDeviceReset`'s part here: every array is destroyed (its memory goes with the
/// context's), its handle retired.
pub(crate) fn reset() {
    let mut t = lock(tables());
    let Tables { arrays, mipmapped, retired } = &mut *t;
    retired.extend(arrays.drain().map(|(h, _)| h).chain(mipmapped.drain().map(|(h, _)| h)));
}

fn tables() -> &'static Mutex<Tables> {
    static T: OnceLock<Mutex<Tables>> = OnceLock::new();
    T.get_or_init(Mutex::default)
}

/// Array handles: opaque, nonzero, 16-byte steps in a range of their own.
fn next_handle() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0xa7_0000_0000);
    NEXT.fetch_add(16, Ordering::Relaxed)
}

/// The array `h`, if live.
pub fn array_info(h: u64) -> Result<ArrayInfo> {
    let t = lock(tables());
    t.arrays.get(&h).copied().ok_or_else(|| t.missing(h))
}

/// The levels of mipmapped array `h`.
pub fn mipmapped_levels(h: u64) -> Result<Vec<ArrayInfo>> {
    let t = lock(tables());
    let levels = t.mipmapped.get(&h).ok_or_else(|| t.missing(h))?;
    levels.iter().map(|l| t.arrays.get(l).copied().ok_or(Error::InvalidResourceHandle)).collect()
}

/// Validates and allocates an array of `extent` (CUDA's convention: `[w, 0, 0]` 1D,
/// `[w, h, 0]` 2D, `[w, h, d]` 3D; layered: `d` layers; cubemap: `d` = 6 × cubes).
/// Whether an array of `extent` (elements; layers in `depth` when layered) and `flags` is
/// within the device's texture limits for its shape (cudaDeviceProp's maxTexture*, as an H200
/// refuses a 3D array 2^20 wide); texture gather is for 2D arrays only.
fn within_limits([w, h, d]: [usize; 3], flags: u32) -> bool {
    let fits = |dims: &[usize], max: &[usize]| dims.iter().zip(max).all(|(v, m)| v <= m);
    let layered = flags & ARRAY_LAYERED != 0;
    if flags & ARRAY_TEXTURE_GATHER != 0 {
        return h > 0 && d == 0 && !layered && fits(&[w, h], &[32768, 32768]);
    }
    if flags & ARRAY_CUBEMAP != 0 {
        return fits(&[w, d], &[32768, if layered { 2046 * 6 } else { 6 }]);
    }
    match (h, d, layered) {
        (0, 0, false) => w <= 131_072,
        (_, 0, false) => fits(&[w, h], &[131_072, 65536]),
        (0, _, true) => fits(&[w, d], &[32768, 2048]),
        (_, _, true) => fits(&[w, h, d], &[32768, 32768, 2048]),
        _ => fits(&[w, h, d], &[16384, 16384, 16384]) || fits(&[w, h, d], &[8192, 8192, 32768]),
    }
}

fn create(desc: &ChannelDesc, extent: [usize; 3], flags: u32, any_bits: bool) -> Result<ArrayInfo> {
    // cudaChannelFormatKindNV12 (4): an H200 refuses these arrays with cudaErrorInvalidValue,
    // 2D and 3D alike (tests/program-diff/array_alloc_matrix.cu).
    if desc.f == 4 {
        return Err(Error::InvalidValue);
    }
    let format = desc.format()?;
    let [w, h, d] = extent;
    // Sparse (0x40) and deferred mapping (0x80) are accepted and reported back by
    // cudaArrayGetInfo, as an H200 does (tests/program-diff/array_alloc_matrix.cu), so are bits
    // CUDA does not define, by cudaMallocArray only (`any_bits`; cudaMalloc3DArray refuses
    // them: tests/program-diff/array3d_flags_copies.cu); a color attachment (0x20, for graphics
    // interop) and sparse with deferred mapping are refused; a layered array needs layers.
    let layered = flags & ARRAY_LAYERED != 0;
    let known = ARRAY_LAYERED | ARRAY_SURFACE_LOAD_STORE | ARRAY_CUBEMAP | ARRAY_TEXTURE_GATHER | 0xc0;
    let refused = flags & 0x20 != 0 || flags & 0xc0 == 0xc0 || (!any_bits && flags & !known != 0);
    if refused || w == 0 || (h == 0 && d != 0 && !layered) || (layered && d == 0) {
        return Err(Error::InvalidValue);
    }
    if flags & ARRAY_CUBEMAP != 0 {
        let per = if flags & ARRAY_LAYERED != 0 { d.is_multiple_of(6) && d > 0 } else { d == 6 };
        if w != h || !per {
            return Err(Error::InvalidValue);
        }
    }
    if !within_limits(extent, flags) {
        return Err(Error::InvalidValue);
    }
    let row = w * format.texel_size() as usize;
    let rows = h.max(1);
    let slices = d.max(1);
    let size = row.checked_mul(rows).and_then(|n| n.checked_mul(slices)).ok_or(Error::MemoryAllocation)?;
    let mem = crate::context::ctx().mem();
    let base = mem.alloc(size as u64).map_err(|_| Error::MemoryAllocation)?;
    mem.memset(base, 0, size as u64).map_err(|_| Error::MemoryAllocation)?;
    Ok(ArrayInfo { desc: *desc, format, extent, flags, base, row, rows, slices })
}

fn register(info: ArrayInfo) -> u64 {
    let h = next_handle();
    lock(tables()).arrays.insert(h, info);
    h
}

/// `cudaMallocArray(array, desc, width, height, flags)`: a 1D (`height` 0) or 2D array.
pub fn malloc_array(desc: &ChannelDesc, width: usize, height: usize, flags: u32) -> Result<u64> {
    api(|_| {
        if flags & (ARRAY_LAYERED | ARRAY_CUBEMAP) != 0 {
            return Err(Error::InvalidValue);
        }
        Ok(register(create(desc, [width, height, 0], flags, true)?))
    })
}

/// `cudaMalloc3DArray(array, desc, extent, flags)` (extent in elements).
pub fn malloc_3d_array(desc: &ChannelDesc, extent: [usize; 3], flags: u32) -> Result<u64> {
    api(|_| Ok(register(create(desc, extent, flags, false)?)))
}

/// `cudaArrayGetInfo`: (descriptor, extent, flags).
pub fn array_get_info(h: u64) -> Result<(ChannelDesc, [usize; 3], u32)> {
    api(|_| array_info(h).map(|a| (a.desc, a.extent, a.flags)))
}

/// `cudaArrayGetPlane`, `cudaArrayGetMemoryRequirements`, `cudaArrayGetSparseProperties`: they
/// describe NV12 planes, deferred-mapping memory and sparse tiles, which no array here has, so
/// each answers `cudaErrorInvalidValue` for a live array, as an H200 does for an ordinary one
/// (tests/program-diff/array_alloc_matrix.cu).
pub fn special_layout_query(h: u64) -> Result<()> {
    api(|_| {
        array_info(h)?;
        Err(Error::InvalidValue)
    })
}

/// `cudaMipmappedArrayGetMemoryRequirements`: no mipmapped array here has deferred mapping,
/// so each answers `cudaErrorInvalidValue` (a sparse one included), as an H200 does.
pub fn mipmapped_memory_requirements(h: u64) -> Result<()> {
    api(|_| {
        mipmapped_levels(h)?;
        Err(Error::InvalidValue)
    })
}

/// `cudaMipmappedArraySparseProperties`: for a mipmapped array created `cudaArraySparse`
/// (0x40), success with every property zero, as an H200 answers for one; for any other an
/// invalid value.
pub fn mipmapped_sparse_properties(h: u64) -> Result<()> {
    api(|_| {
        let levels = mipmapped_levels(h)?;
        if levels.first().is_some_and(|l| l.flags & 0x40 != 0) { Ok(()) } else { Err(Error::InvalidValue) }
    })
}

/// Frees array `h`'s memory (after the device's queued work).
fn release(h: u64) -> Result<()> {
    let info = {
        let mut t = lock(tables());
        let info = t.arrays.remove(&h).ok_or_else(|| t.missing(h))?;
        // A freed array's handle answers as one a reset destroyed (cudaFreeArray twice:
        // cudaErrorContextIsDestroyed on an H200, tests/program-diff/array_alloc_matrix.cu).
        t.retired.insert(h);
        info
    };
    crate::stream::wait_all();
    let _ = crate::context::ctx().mem().free(info.base);
    Ok(())
}

/// `cudaFreeArray` (null is a no-op).
pub fn free_array(h: u64) -> Result<()> {
    api(|_| if h == 0 { Ok(()) } else { release(h) })
}

/// `cudaMallocMipmappedArray`: `levels` levels, each half the size of the previous one
/// (at least 1) in every present dimension.
pub fn malloc_mipmapped_array(desc: &ChannelDesc, extent: [usize; 3], levels: u32, flags: u32) -> Result<u64> {
    api(|_| {
        let [w, h, d] = extent;
        let layered = flags & (ARRAY_LAYERED | ARRAY_CUBEMAP) != 0;
        let max_dim = w.max(h).max(if layered { 0 } else { d }).max(1);
        // The level count is clamped to [1, 1 + floor(log2(largest dimension))], as the
        // reference says (an H200 accepts 0 and one too many).
        let levels = levels.clamp(1, usize::BITS - max_dim.leading_zeros());
        let mut hs = Vec::new();
        for l in 0..levels {
            let shrink = |v: usize| if v == 0 { 0 } else { (v >> l).max(1) };
            let e = [shrink(w), shrink(h), if layered { d } else { shrink(d) }];
            match create(desc, e, flags, false) {
                Ok(a) => hs.push(register(a)),
                Err(e) => {
                    for h in hs {
                        let _ = release(h);
                    }
                    return Err(e);
                }
            }
        }
        let m = next_handle();
        lock(tables()).mipmapped.insert(m, hs);
        Ok(m)
    })
}

/// `cudaGetMipmappedArrayLevel`: the array of level `level`.
pub fn mipmapped_array_level(h: u64, level: u32) -> Result<u64> {
    api(|_| {
        let t = lock(tables());
        let levels = t.mipmapped.get(&h).ok_or(Error::InvalidResourceHandle)?;
        levels.get(level as usize).copied().ok_or(Error::InvalidValue)
    })
}

/// `cudaFreeMipmappedArray` (null is a no-op).
pub fn free_mipmapped_array(h: u64) -> Result<()> {
    api(|_| {
        if h == 0 {
            return Ok(());
        }
        let levels = lock(tables()).mipmapped.remove(&h).ok_or(Error::InvalidResourceHandle)?;
        for l in levels {
            release(l)?;
        }
        Ok(())
    })
}

/// One side of an array copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// An array at position (x bytes, y rows, z slices).
    Array {
        /// The array handle.
        array: u64,
        /// Byte offset in the row.
        x: usize,
        /// Row.
        y: usize,
        /// Slice.
        z: usize,
    },
    /// Linear memory (host or device) with its pitch and rows per slice.
    Linear {
        /// Address of the first byte.
        ptr: u64,
        /// Bytes from row to row.
        pitch: usize,
        /// Rows per slice.
        rows: usize,
    },
}

/// Resolves an end for a copy of `width` bytes × `height` rows × `depth` slices.
fn resolve(e: End, width: usize, height: usize, depth: usize) -> Result<(u64, usize, usize, bool)> {
    match e {
        End::Linear { ptr, pitch, rows } => Ok((ptr, pitch, rows, false)),
        End::Array { array, x, y, z } => {
            let a = array_info(array)?;
            let fits = |off: usize, n: usize, lim: usize| off.checked_add(n).is_some_and(|end| end <= lim);
            if !fits(x, width, a.row) || !fits(y, height, a.rows) || !fits(z, depth, a.slices) {
                return Err(Error::InvalidValue);
            }
            let off = (z * a.rows + y) * a.row + x;
            Ok((a.base.0 + off as u64, a.row, a.rows, true))
        }
    }
}

/// A copy of `width` bytes × `height` rows × `depth` slices between `dst` and `src` where at
/// least one side is an array; `kind` must agree with the array sides (arrays are device
/// memory).
///
/// # Safety
///
/// Host memory on a linear side must be valid for the rows the copy covers, as for
/// [`crate::memory::memcpy_raw`].
pub unsafe fn memcpy_array(
    dst: End,
    src: End,
    width: usize,
    height: usize,
    depth: usize,
    kind: MemcpyKind,
    on: On,
) -> Result<()> {
    api(|_| {
        let (d, dpitch, dheight, d_arr) = resolve(dst, width, height, depth)?;
        let (s, spitch, sheight, s_arr) = resolve(src, width, height, depth)?;
        let ok = match kind {
            MemcpyKind::Default | MemcpyKind::DeviceToDevice => true,
            MemcpyKind::HostToDevice => !s_arr,
            MemcpyKind::DeviceToHost => !d_arr,
            MemcpyKind::HostToHost => false,
        };
        if !ok {
            return Err(Error::InvalidMemcpyDirection);
        }
        let c = Copy3D { dst: d, dpitch, dheight, src: s, spitch, sheight, width, height, depth, kind };
        // SAFETY: `memcpy_3d` asks that host memory on an end be valid for its rows until the
        // copy completes: the caller's guarantee for a linear side; array sides are live device
        // allocations of the checked size, which the copy checks itself.
        unsafe { crate::memory::memcpy_3d(c, on) }
    })
}

/// A byte position in an array: byte `x` of row `y` (the `wOffset`, `hOffset` of the
/// deprecated `cudaMemcpyToArray` family).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArrayAt {
    /// The array handle.
    pub array: u64,
    /// Byte offset in the row.
    pub x: usize,
    /// Row.
    pub y: usize,
}

/// `cudaMemcpyArrayToArray` (deprecated): `count` bytes in the arrays' row-major order, from
/// `src` on to `dst` on, crossing rows as an H200 copies them (tests/program-diff/array_copy_misfit.cu);
/// either range past its array's end is [`Error::InvalidValue`].
pub fn memcpy_array_to_array_linear(dst: ArrayAt, src: ArrayAt, count: usize, kind: MemcpyKind, on: On) -> Result<()> {
    api(|_| {
        let range = |at: ArrayAt| -> Result<End> {
            let a = array_info(at.array)?;
            let off = at.y.checked_mul(a.row).and_then(|o| o.checked_add(at.x)).ok_or(Error::InvalidValue)?;
            if off.checked_add(count).is_none_or(|end| end > a.size()) {
                return Err(Error::InvalidValue);
            }
            Ok(End::Linear { ptr: a.base.0 + off as u64, pitch: count, rows: 1 })
        };
        let (d, s) = (range(dst)?, range(src)?);
        if !matches!(kind, MemcpyKind::Default | MemcpyKind::DeviceToDevice) {
            return Err(Error::InvalidMemcpyDirection);
        }
        // SAFETY: both ends are live device allocations (the arrays) of the checked size.
        unsafe { memcpy_array(d, s, count, 1, 1, kind, on) }
    })
}

/// `cudaMemcpyToArray`/`FromArray` (deprecated): `count` bytes from `at` on, in the array's
/// row-major order, to the array (`to_array`) or from it.
///
/// # Safety
///
/// As for [`memcpy_array`].
pub unsafe fn memcpy_array_linear(
    at: ArrayAt,
    other: u64,
    count: usize,
    to_array: bool,
    kind: MemcpyKind,
    on: On,
) -> Result<()> {
    api(|_| {
        let a = array_info(at.array)?;
        let off = at.y.checked_mul(a.row).and_then(|o| o.checked_add(at.x)).ok_or(Error::InvalidValue)?;
        if off.checked_add(count).is_none_or(|end| end > a.size()) {
            return Err(Error::InvalidValue);
        }
        let arr = End::Linear { ptr: a.base.0 + off as u64, pitch: count, rows: 1 };
        let lin = End::Linear { ptr: other, pitch: count, rows: 1 };
        let ok = match kind {
            MemcpyKind::Default | MemcpyKind::DeviceToDevice => true,
            MemcpyKind::HostToDevice => to_array,
            MemcpyKind::DeviceToHost => !to_array,
            MemcpyKind::HostToHost => false,
        };
        if !ok {
            return Err(Error::InvalidMemcpyDirection);
        }
        let (dst, src) = if to_array { (arr, lin) } else { (lin, arr) };
        // SAFETY: `memcpy_array` asks what this function's caller guarantees of the linear
        // side (`other`, `count` bytes); the array side is a live device allocation, and the
        // range was checked against its size above.
        unsafe { memcpy_array(dst, src, count, 1, 1, kind, on) }
    })
}

/// `cudaDeviceGetTexture1DLinearMaxWidth`: the most texels of the format a linear texture may
/// have.
pub fn texture_1d_linear_max_width(desc: &ChannelDesc, device: i32) -> Result<usize> {
    api(|_| {
        if device != 0 {
            return Err(Error::InvalidDevice);
        }
        // 2^32 bytes' worth of texels, at most 2^30 (an H200: float 2^30, float4 2^28).
        let texel = desc.format().map_err(|_| Error::InvalidValue)?.texel_size() as usize;
        Ok(((1usize << 32) / texel.max(1)).min(1 << 30))
    })
}
