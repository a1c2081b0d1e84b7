//! CUDA arrays, array copies, texture and surface objects: the C ABI over `runtime::array` and
//! `runtime::texture`. Array handles (`cudaArray_t`, `cudaMipmappedArray_t`) are opaque
//! pointer values; texture and surface objects are 64-bit handles the kernels pass to the
//! engine's texture instructions.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::array::{self, ChannelDesc, End};
use runtime::memory::{MemcpyKind, On};
use runtime::stream::Stream;
use runtime::texture::{self, Resource, TextureDesc};
use runtime::{Error, Result, record};

use crate::ext::{Extent, Memcpy3DParms};
use crate::{PTDS, SYNC, code, out, stream};

fn async_ptsz(s: *mut c_void) -> On {
    On::Async(Stream(crate::ext::ptsz(s) as u64))
}

fn fail(e: Error) -> i32 {
    code(record::<()>(Err(e)))
}

/// Reads `*p` (null → `cudaErrorInvalidValue`).
///
/// # Safety
/// `p` must be null or valid for reads.
unsafe fn get<T: Copy>(p: *const T) -> Result<T> {
    if p.is_null() {
        return record(Err(Error::InvalidValue));
    }
    // SAFETY: non-null and valid for reads per the contract.
    Ok(unsafe { p.read() })
}

/// `cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f)`.
pub extern "C-unwind" fn cudaCreateChannelDesc(x: i32, y: i32, z: i32, w: i32, f: i32) -> ChannelDesc {
    ChannelDesc { x, y, z, w, f }
}

/// `cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array)`.
///
/// # Safety
/// `desc` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaGetChannelDesc(desc: *mut ChannelDesc, a: *const c_void) -> i32 {
    let r = record(array::array_get_info(a as u64).map(|(d, _, _)| d));
    // SAFETY: forwarded contract.
    unsafe { out(desc, r) }
}

/// `cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width,
/// size_t height, unsigned int flags)`.
///
/// # Safety
/// `a` must be null or valid for writes, `desc` null or valid for reads.
pub unsafe extern "C-unwind" fn cudaMallocArray(
    a: *mut *mut c_void,
    desc: *const ChannelDesc,
    width: usize,
    height: usize,
    flags: u32,
) -> i32 {
    // SAFETY: forwarded contract.
    let r = unsafe { get(desc) }.and_then(|d| array::malloc_array(&d, width, height, flags));
    // SAFETY: forwarded contract.
    unsafe { out(a, r.map(|h| h as *mut c_void)) }
}

/// `cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
/// struct cudaExtent extent, unsigned int flags)`.
///
/// # Safety
/// As for `cudaMallocArray`.
pub unsafe extern "C-unwind" fn cudaMalloc3DArray(
    a: *mut *mut c_void,
    desc: *const ChannelDesc,
    e: Extent,
    flags: u32,
) -> i32 {
    // SAFETY: forwarded contract.
    let r = unsafe { get(desc) }.and_then(|d| array::malloc_3d_array(&d, [e.width, e.height, e.depth], flags));
    // SAFETY: forwarded contract.
    unsafe { out(a, r.map(|h| h as *mut c_void)) }
}

/// `cudaMallocMipmappedArray(cudaMipmappedArray_t *m, const struct cudaChannelFormatDesc *desc,
/// struct cudaExtent extent, unsigned int numLevels, unsigned int flags)`.
///
/// # Safety
/// As for `cudaMallocArray`.
pub unsafe extern "C-unwind" fn cudaMallocMipmappedArray(
    m: *mut *mut c_void,
    desc: *const ChannelDesc,
    e: Extent,
    levels: u32,
    flags: u32,
) -> i32 {
    // SAFETY: forwarded contract.
    let r = unsafe { get(desc) }
        .and_then(|d| array::malloc_mipmapped_array(&d, [e.width, e.height, e.depth], levels, flags));
    // SAFETY: forwarded contract.
    unsafe { out(m, r.map(|h| h as *mut c_void)) }
}

/// `cudaGetMipmappedArrayLevel(cudaArray_t *levelArray, cudaMipmappedArray_const_t m,
/// unsigned int level)`.
///
/// # Safety
/// `a` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaGetMipmappedArrayLevel(a: *mut *mut c_void, m: *const c_void, level: u32) -> i32 {
    let r = array::mipmapped_array_level(m as u64, level);
    // SAFETY: forwarded contract.
    unsafe { out(a, r.map(|h| h as *mut c_void)) }
}

/// `cudaFreeArray(cudaArray_t array)`.
pub extern "C-unwind" fn cudaFreeArray(a: *mut c_void) -> i32 {
    code(array::free_array(a as u64))
}

/// `cudaFreeMipmappedArray(cudaMipmappedArray_t m)`.
pub extern "C-unwind" fn cudaFreeMipmappedArray(m: *mut c_void) -> i32 {
    code(array::free_mipmapped_array(m as u64))
}

/// `cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
/// unsigned int *flags, cudaArray_t array)` (each output may be null).
///
/// # Safety
/// Non-null outputs must be valid for writes.
pub unsafe extern "C-unwind" fn cudaArrayGetInfo(
    desc: *mut ChannelDesc,
    extent: *mut Extent,
    flags: *mut u32,
    a: *mut c_void,
) -> i32 {
    let r = array::array_get_info(a as u64).map(|(d, e, f)| {
        // SAFETY: each non-null output is valid for writes per the contract.
        unsafe {
            if !desc.is_null() {
                desc.write(d);
            }
            if !extent.is_null() {
                extent.write(Extent { width: e[0], height: e[1], depth: e[2] });
            }
            if !flags.is_null() {
                flags.write(f);
            }
        }
    });
    code(r)
}

fn kind(k: i32) -> Result<MemcpyKind> {
    record(MemcpyKind::from_raw(k))
}

/// The array end of a copy: byte offset `x`, row `y`.
fn at(a: *const c_void, x: usize, y: usize) -> End {
    End::Array { array: a as u64, x, y, z: 0 }
}

/// The linear end of a 2D copy: `rows` rows `pitch` bytes apart.
fn rows_of(p: *const c_void, pitch: usize, rows: usize) -> End {
    End::Linear { ptr: p as u64, pitch, rows }
}

/// A 2D copy of `h` rows of `w` bytes between two ends, at least one an array.
///
/// # Safety
/// Host memory the copy covers must be valid (until it completes, when asynchronous).
unsafe fn copy_2d(dst: End, src: End, w: usize, h: usize, k: i32, on: On) -> i32 {
    // SAFETY: forwarded contract.
    code(kind(k).and_then(|k| unsafe { array::memcpy_array(dst, src, w, h, 1, k, on) }))
}

/// `cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
/// size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind)`.
///
/// # Safety
/// Host memory the copy covers must be valid.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaMemcpy2DToArray(
    a: *mut c_void,
    x: usize,
    y: usize,
    src: *const c_void,
    spitch: usize,
    w: usize,
    h: usize,
    k: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { copy_2d(at(a, x, y), rows_of(src, spitch, h), w, h, k, SYNC) }
}

/// `cudaMemcpy2DToArray_ptds`.
///
/// # Safety
/// As for `cudaMemcpy2DToArray`.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaMemcpy2DToArray_ptds(
    a: *mut c_void,
    x: usize,
    y: usize,
    src: *const c_void,
    spitch: usize,
    w: usize,
    h: usize,
    k: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { copy_2d(at(a, x, y), rows_of(src, spitch, h), w, h, k, PTDS) }
}

/// `cudaMemcpy2DToArrayAsync(..., cudaStream_t stream)`.
///
/// # Safety
/// Host memory the copy covers must stay valid until it completes.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaMemcpy2DToArrayAsync(
    a: *mut c_void,
    x: usize,
    y: usize,
    src: *const c_void,
    spitch: usize,
    w: usize,
    h: usize,
    k: i32,
    s: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { copy_2d(at(a, x, y), rows_of(src, spitch, h), w, h, k, On::Async(stream(s))) }
}

/// `cudaMemcpy2DToArrayAsync_ptsz`.
///
/// # Safety
/// As for `cudaMemcpy2DToArrayAsync`.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaMemcpy2DToArrayAsync_ptsz(
    a: *mut c_void,
    x: usize,
    y: usize,
    src: *const c_void,
    spitch: usize,
    w: usize,
    h: usize,
    k: i32,
    s: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { copy_2d(at(a, x, y), rows_of(src, spitch, h), w, h, k, async_ptsz(s)) }
}

/// `cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
/// size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind)`.
///
/// # Safety
/// Host memory the copy covers must be valid.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaMemcpy2DFromArray(
    dst: *mut c_void,
    dpitch: usize,
    a: *const c_void,
    x: usize,
    y: usize,
    w: usize,
    h: usize,
    k: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { copy_2d(rows_of(dst, dpitch, h), at(a, x, y), w, h, k, SYNC) }
}

/// `cudaMemcpy2DFromArray_ptds`.
///
/// # Safety
/// As for `cudaMemcpy2DFromArray`.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaMemcpy2DFromArray_ptds(
    dst: *mut c_void,
    dpitch: usize,
    a: *const c_void,
    x: usize,
    y: usize,
    w: usize,
    h: usize,
    k: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { copy_2d(rows_of(dst, dpitch, h), at(a, x, y), w, h, k, PTDS) }
}

/// `cudaMemcpy2DFromArrayAsync(..., cudaStream_t stream)`.
///
/// # Safety
/// Host memory the copy covers must stay valid until it completes.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaMemcpy2DFromArrayAsync(
    dst: *mut c_void,
    dpitch: usize,
    a: *const c_void,
    x: usize,
    y: usize,
    w: usize,
    h: usize,
    k: i32,
    s: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { copy_2d(rows_of(dst, dpitch, h), at(a, x, y), w, h, k, On::Async(stream(s))) }
}

/// `cudaMemcpy2DFromArrayAsync_ptsz`.
///
/// # Safety
/// As for `cudaMemcpy2DFromArrayAsync`.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaMemcpy2DFromArrayAsync_ptsz(
    dst: *mut c_void,
    dpitch: usize,
    a: *const c_void,
    x: usize,
    y: usize,
    w: usize,
    h: usize,
    k: i32,
    s: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { copy_2d(rows_of(dst, dpitch, h), at(a, x, y), w, h, k, async_ptsz(s)) }
}

/// `cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
/// cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t width, size_t height,
/// enum cudaMemcpyKind kind)`.
#[allow(clippy::too_many_arguments)]
pub extern "C-unwind" fn cudaMemcpy2DArrayToArray(
    d: *mut c_void,
    dx: usize,
    dy: usize,
    s: *const c_void,
    sx: usize,
    sy: usize,
    w: usize,
    h: usize,
    k: i32,
) -> i32 {
    // SAFETY: both ends are arrays (device memory); no host memory is touched.
    unsafe { copy_2d(at(d, dx, dy), at(s, sx, sy), w, h, k, SYNC) }
}

/// `cudaMemcpy2DArrayToArray_ptds`.
#[allow(clippy::too_many_arguments)]
pub extern "C-unwind" fn cudaMemcpy2DArrayToArray_ptds(
    d: *mut c_void,
    dx: usize,
    dy: usize,
    s: *const c_void,
    sx: usize,
    sy: usize,
    w: usize,
    h: usize,
    k: i32,
) -> i32 {
    // SAFETY: both ends are arrays (device memory); no host memory is touched.
    unsafe { copy_2d(at(d, dx, dy), at(s, sx, sy), w, h, k, PTDS) }
}

/// `cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
/// cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t count, kind)`: `count`
/// bytes within one row.
#[allow(clippy::too_many_arguments)]
pub extern "C-unwind" fn cudaMemcpyArrayToArray(
    d: *mut c_void,
    dx: usize,
    dy: usize,
    s: *const c_void,
    sx: usize,
    sy: usize,
    count: usize,
    k: i32,
) -> i32 {
    // SAFETY: both ends are arrays (device memory); no host memory is touched.
    unsafe { copy_2d(at(d, dx, dy), at(s, sx, sy), count, 1, k, SYNC) }
}

/// `cudaMemcpyArrayToArray_ptds`.
#[allow(clippy::too_many_arguments)]
pub extern "C-unwind" fn cudaMemcpyArrayToArray_ptds(
    d: *mut c_void,
    dx: usize,
    dy: usize,
    s: *const c_void,
    sx: usize,
    sy: usize,
    count: usize,
    k: i32,
) -> i32 {
    // SAFETY: both ends are arrays (device memory); no host memory is touched.
    unsafe { copy_2d(at(d, dx, dy), at(s, sx, sy), count, 1, k, PTDS) }
}

/// `cudaMemcpyToArray` / `FromArray` (deprecated): `count` bytes in row-major order.
///
/// # Safety
/// Host memory the copy covers must be valid (until it completes, when asynchronous).
#[allow(clippy::too_many_arguments)]
unsafe fn linear(
    a: *const c_void,
    x: usize,
    y: usize,
    other: *const c_void,
    count: usize,
    to: bool,
    k: i32,
    on: On,
) -> i32 {
    // SAFETY: forwarded contract.
    let r = kind(k).and_then(|k| unsafe { array::memcpy_array_linear(a as u64, x, y, other as u64, count, to, k, on) });
    code(r)
}

/// `cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
/// size_t count, enum cudaMemcpyKind kind)`.
///
/// # Safety
/// Host memory the copy covers must be valid.
pub unsafe extern "C-unwind" fn cudaMemcpyToArray(
    a: *mut c_void,
    x: usize,
    y: usize,
    src: *const c_void,
    count: usize,
    k: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { linear(a, x, y, src, count, true, k, SYNC) }
}

/// `cudaMemcpyToArray_ptds`.
///
/// # Safety
/// As for `cudaMemcpyToArray`.
pub unsafe extern "C-unwind" fn cudaMemcpyToArray_ptds(
    a: *mut c_void,
    x: usize,
    y: usize,
    src: *const c_void,
    count: usize,
    k: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { linear(a, x, y, src, count, true, k, PTDS) }
}

/// `cudaMemcpyToArrayAsync(..., cudaStream_t stream)`.
///
/// # Safety
/// Host memory the copy covers must stay valid until it completes.
pub unsafe extern "C-unwind" fn cudaMemcpyToArrayAsync(
    a: *mut c_void,
    x: usize,
    y: usize,
    src: *const c_void,
    count: usize,
    k: i32,
    s: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { linear(a, x, y, src, count, true, k, On::Async(stream(s))) }
}

/// `cudaMemcpyToArrayAsync_ptsz`.
///
/// # Safety
/// As for `cudaMemcpyToArrayAsync`.
pub unsafe extern "C-unwind" fn cudaMemcpyToArrayAsync_ptsz(
    a: *mut c_void,
    x: usize,
    y: usize,
    src: *const c_void,
    count: usize,
    k: i32,
    s: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { linear(a, x, y, src, count, true, k, async_ptsz(s)) }
}

/// `cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
/// size_t count, enum cudaMemcpyKind kind)`.
///
/// # Safety
/// Host memory the copy covers must be valid.
pub unsafe extern "C-unwind" fn cudaMemcpyFromArray(
    dst: *mut c_void,
    a: *const c_void,
    x: usize,
    y: usize,
    count: usize,
    k: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { linear(a, x, y, dst, count, false, k, SYNC) }
}

/// `cudaMemcpyFromArray_ptds`.
///
/// # Safety
/// As for `cudaMemcpyFromArray`.
pub unsafe extern "C-unwind" fn cudaMemcpyFromArray_ptds(
    dst: *mut c_void,
    a: *const c_void,
    x: usize,
    y: usize,
    count: usize,
    k: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { linear(a, x, y, dst, count, false, k, PTDS) }
}

/// `cudaMemcpyFromArrayAsync(..., cudaStream_t stream)`.
///
/// # Safety
/// Host memory the copy covers must stay valid until it completes.
pub unsafe extern "C-unwind" fn cudaMemcpyFromArrayAsync(
    dst: *mut c_void,
    a: *const c_void,
    x: usize,
    y: usize,
    count: usize,
    k: i32,
    s: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { linear(a, x, y, dst, count, false, k, On::Async(stream(s))) }
}

/// `cudaMemcpyFromArrayAsync_ptsz`.
///
/// # Safety
/// As for `cudaMemcpyFromArrayAsync`.
pub unsafe extern "C-unwind" fn cudaMemcpyFromArrayAsync_ptsz(
    dst: *mut c_void,
    a: *const c_void,
    x: usize,
    y: usize,
    count: usize,
    k: i32,
    s: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { linear(a, x, y, dst, count, false, k, async_ptsz(s)) }
}

/// `cudaMemcpy3D` with an array on either side: positions and the extent's width are in
/// elements on array sides (the width converts to bytes with the array's texel size).
///
/// # Safety
/// `p` must be a valid `cudaMemcpy3DParms`; host memory the copy covers must be valid.
pub(crate) unsafe fn memcpy_3d_arrays(p: &Memcpy3DParms, on: On) -> Result<()> {
    let k = MemcpyKind::from_raw(p.kind)?;
    let texel =
        |a: *mut c_void| -> Result<usize> { array::array_info(a as u64).map(|i| i.format.texel_size() as usize) };
    let elem = if !p.dstArray.is_null() { texel(p.dstArray)? } else { texel(p.srcArray)? };
    let width = p.extent.width.checked_mul(elem).ok_or(Error::InvalidValue)?;
    let end = |a: *mut c_void, pos: &crate::ext::Pos, q: &crate::ext::PitchedPtr| -> Result<End> {
        if a.is_null() {
            if q.ptr.is_null() {
                return Err(Error::InvalidValue);
            }
            let rows = pos.z.checked_mul(q.ysize).and_then(|r| r.checked_add(pos.y)).ok_or(Error::InvalidValue)?;
            let off = rows.checked_mul(q.pitch).and_then(|o| o.checked_add(pos.x)).ok_or(Error::InvalidValue)?;
            Ok(End::Linear { ptr: q.ptr as u64 + off as u64, pitch: q.pitch, rows: q.ysize })
        } else {
            let x = pos.x.checked_mul(texel(a)?).ok_or(Error::InvalidValue)?;
            Ok(End::Array { array: a as u64, x, y: pos.y, z: pos.z })
        }
    };
    let dst = end(p.dstArray, &p.dstPos, &p.dstPtr)?;
    let src = end(p.srcArray, &p.srcPos, &p.srcPtr)?;
    let (h, d) = (p.extent.height.max(1), p.extent.depth.max(1));
    // SAFETY: forwarded contract.
    unsafe { array::memcpy_array(dst, src, width, h, d, k, on) }
}

/// `struct cudaResourceDesc`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ResourceDesc {
    /// `enum cudaResourceType resType`.
    pub resType: i32,
    /// `union res` (128 bytes).
    pub res: ResUnion,
    /// `unsigned int flags` (must be zero).
    pub flags: u32,
}

/// The `res` union of `cudaResourceDesc`: `array`/`mipmap` use `ptr`; `linear` uses `ptr`,
/// `desc`, `a` (sizeInBytes); `pitch2D` uses `ptr`, `desc`, `a` (width), `b` (height), `c`
/// (pitchInBytes).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ResUnion {
    /// `array`, `mipmap` or `devPtr`.
    pub ptr: *mut c_void,
    /// `struct cudaChannelFormatDesc desc`.
    pub desc: ChannelDesc,
    /// `sizeInBytes` / `width`.
    pub a: usize,
    /// `height`.
    pub b: usize,
    /// `pitchInBytes`.
    pub c: usize,
    /// Rest of `int reserved[32]`.
    pub pad: [u64; 9],
}

/// `struct cudaTextureDesc`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct CTextureDesc {
    /// `addressMode[3]`.
    pub addressMode: [i32; 3],
    /// `filterMode`.
    pub filterMode: i32,
    /// `readMode`.
    pub readMode: i32,
    /// `sRGB`.
    pub sRGB: i32,
    /// `borderColor[4]`.
    pub borderColor: [f32; 4],
    /// `normalizedCoords`.
    pub normalizedCoords: i32,
    /// `maxAnisotropy`.
    pub maxAnisotropy: u32,
    /// `mipmapFilterMode`.
    pub mipmapFilterMode: i32,
    /// `mipmapLevelBias`.
    pub mipmapLevelBias: f32,
    /// `minMipmapLevelClamp`.
    pub minMipmapLevelClamp: f32,
    /// `maxMipmapLevelClamp`.
    pub maxMipmapLevelClamp: f32,
    /// `disableTrilinearOptimization`.
    pub disableTrilinearOptimization: i32,
    /// `seamlessCubemap`.
    pub seamlessCubemap: i32,
}

fn resource_of(r: &ResourceDesc) -> Result<Resource> {
    if r.flags != 0 {
        return Err(Error::InvalidValue);
    }
    let u = &r.res;
    Ok(match r.resType {
        0 => Resource::Array(u.ptr as u64),
        1 => Resource::Mipmapped(u.ptr as u64),
        2 => Resource::Linear { ptr: u.ptr as u64, desc: u.desc, size: u.a },
        3 => Resource::Pitch2D { ptr: u.ptr as u64, desc: u.desc, width: u.a, height: u.b, pitch: u.c },
        _ => return Err(Error::InvalidValue),
    })
}

fn resource_desc(r: &Resource) -> ResourceDesc {
    let mut u = ResUnion { ptr: std::ptr::null_mut(), desc: ChannelDesc::default(), a: 0, b: 0, c: 0, pad: [0; 9] };
    let t = match *r {
        Resource::Array(h) => {
            u.ptr = h as *mut c_void;
            0
        }
        Resource::Mipmapped(h) => {
            u.ptr = h as *mut c_void;
            1
        }
        Resource::Linear { ptr, desc, size } => {
            (u.ptr, u.desc, u.a) = (ptr as *mut c_void, desc, size);
            2
        }
        Resource::Pitch2D { ptr, desc, width, height, pitch } => {
            (u.ptr, u.desc, u.a, u.b, u.c) = (ptr as *mut c_void, desc, width, height, pitch);
            3
        }
    };
    ResourceDesc { resType: t, res: u, flags: 0 }
}

fn texture_desc(t: &CTextureDesc) -> TextureDesc {
    TextureDesc {
        address: t.addressMode,
        filter: t.filterMode,
        read_mode: t.readMode,
        srgb: t.sRGB,
        border: t.borderColor,
        normalized: t.normalizedCoords,
        max_anisotropy: t.maxAnisotropy,
        mipmap_filter: t.mipmapFilterMode,
        mipmap_bias: t.mipmapLevelBias,
        min_lod: t.minMipmapLevelClamp,
        max_lod: t.maxMipmapLevelClamp,
        disable_trilinear: t.disableTrilinearOptimization,
        seamless_cubemap: t.seamlessCubemap,
    }
}

/// `cudaCreateTextureObject(cudaTextureObject_t *obj, const struct cudaResourceDesc *res,
/// const struct cudaTextureDesc *tex, const struct cudaResourceViewDesc *view)`; resource
/// views are not supported (`cudaErrorNotSupported` when given).
///
/// # Safety
/// `obj` must be null or valid for writes; `res`, `tex` null or valid for reads.
pub unsafe extern "C-unwind" fn cudaCreateTextureObject(
    obj: *mut u64,
    res: *const ResourceDesc,
    tex: *const CTextureDesc,
    view: *const c_void,
) -> i32 {
    if !view.is_null() {
        return fail(Error::NotSupported);
    }
    // SAFETY: forwarded contract.
    let r = unsafe { get(res) }.and_then(|r| record(resource_of(&r))).and_then(|r| {
        // A null texture descriptor is `cudaErrorInvalidResourceHandle`, as on an H100.
        if tex.is_null() {
            return record(Err(Error::InvalidResourceHandle));
        }
        // SAFETY: forwarded contract.
        let t = unsafe { get(tex) }?;
        texture::create_texture_object(&r, &texture_desc(&t))
    });
    // SAFETY: forwarded contract.
    unsafe { out(obj, r) }
}

/// `cudaDestroyTextureObject(cudaTextureObject_t obj)`.
pub extern "C-unwind" fn cudaDestroyTextureObject(obj: u64) -> i32 {
    code(texture::destroy_texture_object(obj))
}

/// `cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *res, cudaTextureObject_t obj)`.
///
/// # Safety
/// `res` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaGetTextureObjectResourceDesc(res: *mut ResourceDesc, obj: u64) -> i32 {
    let r = texture::texture_object_desc(obj).map(|(r, _)| resource_desc(&r));
    // SAFETY: forwarded contract.
    unsafe { out(res, r) }
}

/// `cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *tex, cudaTextureObject_t obj)`.
///
/// # Safety
/// `tex` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaGetTextureObjectTextureDesc(tex: *mut CTextureDesc, obj: u64) -> i32 {
    let r = texture::texture_object_desc(obj).map(|(_, t)| CTextureDesc {
        addressMode: t.address,
        filterMode: t.filter,
        readMode: t.read_mode,
        sRGB: t.srgb,
        borderColor: t.border,
        normalizedCoords: t.normalized,
        maxAnisotropy: t.max_anisotropy,
        mipmapFilterMode: t.mipmap_filter,
        mipmapLevelBias: t.mipmap_bias,
        minMipmapLevelClamp: t.min_lod,
        maxMipmapLevelClamp: t.max_lod,
        disableTrilinearOptimization: t.disable_trilinear,
        seamlessCubemap: t.seamless_cubemap,
    });
    // SAFETY: forwarded contract.
    unsafe { out(tex, r) }
}

/// `cudaCreateSurfaceObject(cudaSurfaceObject_t *obj, const struct cudaResourceDesc *res)`.
///
/// # Safety
/// `obj` must be null or valid for writes; `res` null or valid for reads.
pub unsafe extern "C-unwind" fn cudaCreateSurfaceObject(obj: *mut u64, res: *const ResourceDesc) -> i32 {
    // SAFETY: forwarded contract.
    let r = unsafe { get(res) }.and_then(|r| record(resource_of(&r))).and_then(|r| texture::create_surface_object(&r));
    // SAFETY: forwarded contract.
    unsafe { out(obj, r) }
}

/// `cudaDestroySurfaceObject(cudaSurfaceObject_t obj)`.
pub extern "C-unwind" fn cudaDestroySurfaceObject(obj: u64) -> i32 {
    code(texture::destroy_surface_object(obj))
}

/// `cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *res, cudaSurfaceObject_t obj)`.
///
/// # Safety
/// `res` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaGetSurfaceObjectResourceDesc(res: *mut ResourceDesc, obj: u64) -> i32 {
    let r = texture::surface_object_desc(obj).map(|r| resource_desc(&r));
    // SAFETY: forwarded contract.
    unsafe { out(res, r) }
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_tex.rs"));
