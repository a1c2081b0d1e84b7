//! CUDA arrays (6.10 Memory Management, and 6.11's deprecated `cudaMemcpy{To,From}Array*`):
//! allocating arrays and mipmapped arrays, and copies between arrays and linear memory.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::array::{self, ArrayAt, ChannelDesc, End};
use runtime::memory::{MemcpyKind, On};
use runtime::{Error, Result, record};

use crate::api::memory::pitched::{Extent, Memcpy3DParms};
use crate::args::{In, Out};
use crate::{code, sync};

/// `cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width,
/// size_t height, unsigned int flags)`.
pub fn cudaMallocArray(a: Out<*mut c_void>, desc: In<ChannelDesc>, width: usize, height: usize, flags: u32) -> i32 {
    let r = record(desc.read()).and_then(|d| array::malloc_array(&d, width, height, flags));
    a.put(r.map(|h| h as *mut c_void))
}

/// `cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
/// struct cudaExtent extent, unsigned int flags)`.
pub fn cudaMalloc3DArray(a: Out<*mut c_void>, desc: In<ChannelDesc>, e: Extent, flags: u32) -> i32 {
    let r = record(desc.read()).and_then(|d| array::malloc_3d_array(&d, [e.width, e.height, e.depth], flags));
    a.put(r.map(|h| h as *mut c_void))
}

/// `cudaMallocMipmappedArray(cudaMipmappedArray_t *m, const struct cudaChannelFormatDesc *desc,
/// struct cudaExtent extent, unsigned int numLevels, unsigned int flags)`.
pub fn cudaMallocMipmappedArray(m: Out<*mut c_void>, desc: In<ChannelDesc>, e: Extent, levels: u32, flags: u32) -> i32 {
    let r = record(desc.read())
        .and_then(|d| array::malloc_mipmapped_array(&d, [e.width, e.height, e.depth], levels, flags));
    m.put(r.map(|h| h as *mut c_void))
}

/// `cudaGetMipmappedArrayLevel(cudaArray_t *levelArray, cudaMipmappedArray_const_t m,
/// unsigned int level)`.
pub fn cudaGetMipmappedArrayLevel(a: Out<*mut c_void>, m: *const c_void, level: u32) -> i32 {
    let r = array::mipmapped_array_level(m as u64, level);
    a.put(r.map(|h| h as *mut c_void))
}

/// `cudaFreeArray(cudaArray_t array)`.
pub fn cudaFreeArray(a: *mut c_void) -> i32 {
    code(array::free_array(a as u64))
}

/// `cudaFreeMipmappedArray(cudaMipmappedArray_t m)`.
pub fn cudaFreeMipmappedArray(m: *mut c_void) -> i32 {
    code(array::free_mipmapped_array(m as u64))
}

/// `cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
/// unsigned int *flags, cudaArray_t array)` (each output may be null).
///
/// # Safety
/// Non-null outputs must be valid for writes.
pub unsafe fn cudaArrayGetInfo(desc: *mut ChannelDesc, extent: *mut Extent, flags: *mut u32, a: *mut c_void) -> i32 {
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

/// `cudaArrayGetPlane(cudaArray_t *pPlaneArray, cudaArray_t hArray, unsigned int planeIdx)`:
/// no array here is NV12 (`runtime::array::special_layout_query`).
pub fn cudaArrayGetPlane(_plane: *mut *mut c_void, a: *mut c_void, _index: u32) -> i32 {
    code(array::special_layout_query(a as u64))
}

/// `cudaArrayGetMemoryRequirements(struct cudaArrayMemoryRequirements *, cudaArray_t, int
/// device)`: no array here has deferred mapping (`runtime::array::special_layout_query`).
pub fn cudaArrayGetMemoryRequirements(_req: *mut c_void, a: *mut c_void, _device: i32) -> i32 {
    code(array::special_layout_query(a as u64))
}

/// `cudaArrayGetSparseProperties(struct cudaArraySparseProperties *, cudaArray_t)`: no array
/// here is sparse (`runtime::array::special_layout_query`).
pub fn cudaArrayGetSparseProperties(_props: *mut c_void, a: *mut c_void) -> i32 {
    code(array::special_layout_query(a as u64))
}

/// `cudaMipmappedArrayGetMemoryRequirements(struct cudaArrayMemoryRequirements *,
/// cudaMipmappedArray_t, int device)` (`runtime::array::mipmapped_memory_requirements`).
pub fn cudaMipmappedArrayGetMemoryRequirements(_req: *mut c_void, m: *mut c_void, _device: i32) -> i32 {
    code(array::mipmapped_memory_requirements(m as u64))
}

/// `cudaMipmappedArrayGetSparseProperties(struct cudaArraySparseProperties *, cudaMipmappedArray_t)`:
/// a sparse mipmapped array's properties, all zero (as an H200 answers); a null output is an
/// invalid value.
pub fn cudaMipmappedArrayGetSparseProperties(props: Out<[u8; 48]>, m: *mut c_void) -> i32 {
    let r = array::mipmapped_sparse_properties(m as u64);
    if r.is_ok() && props.is_null() {
        return crate::invalid();
    }
    if r.is_err() {
        return code(r);
    }
    props.put(Ok([0; 48]))
}

fn kind(k: i32) -> Result<MemcpyKind> {
    record(MemcpyKind::from_raw(k))
}

/// The array end of a copy: byte offset `x`, row `y`.
pub(crate) fn at(a: *const c_void, x: usize, y: usize) -> End {
    End::Array { array: a as u64, x, y, z: 0 }
}

/// The linear end of a 2D copy: `rows` rows `pitch` bytes apart.
pub(crate) fn rows_of(p: *const c_void, pitch: usize, rows: usize) -> End {
    End::Linear { ptr: p as u64, pitch, rows }
}

/// A 2D copy of `h` rows of `w` bytes between two ends, at least one an array
/// (`cudaMemcpy2DToArray`, `cudaMemcpy2DFromArray` and their `Async` forms are table entries
/// over it, with `sync()` or the stream). A linear end
/// whose pitch is below the width is `cudaErrorInvalidValue` for one row and
/// `cudaErrorInvalidPitchValue` for more (an H200's answers: tests/program-diff/array_copy_misfit.cu).
///
/// # Safety
/// Host memory the copy covers must be valid (until it completes, when asynchronous).
pub(crate) unsafe fn copy_2d(dst: End, src: End, w: usize, h: usize, k: i32, on: On) -> i32 {
    if h > 0 && [&dst, &src].into_iter().any(|e| matches!(e, End::Linear { pitch, .. } if *pitch < w)) {
        return code(record::<()>(Err(if h > 1 { Error::InvalidPitchValue } else { Error::InvalidValue })));
    }
    // SAFETY: the host memory `dst`/`src` cover is valid (until the copy completes, when asynchronous): this function's
    // contract, which is `memcpy_array`'s.
    code(kind(k).and_then(|k| unsafe { array::memcpy_array(dst, src, w, h, 1, k, on) }))
}

/// `cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
/// cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t width, size_t height,
/// enum cudaMemcpyKind kind)`.
#[allow(clippy::too_many_arguments)]
pub fn cudaMemcpy2DArrayToArray(
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
    unsafe { copy_2d(at(d, dx, dy), at(s, sx, sy), w, h, k, sync()) }
}

/// `cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
/// cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t count, kind)`: `count`
/// bytes in row-major order.
#[allow(clippy::too_many_arguments)]
pub fn cudaMemcpyArrayToArray(
    d: *mut c_void,
    dx: usize,
    dy: usize,
    s: *const c_void,
    sx: usize,
    sy: usize,
    count: usize,
    k: i32,
) -> i32 {
    let (dst, src) = (ArrayAt { array: d as u64, x: dx, y: dy }, ArrayAt { array: s as u64, x: sx, y: sy });
    code(kind(k).and_then(|k| array::memcpy_array_to_array_linear(dst, src, count, k, sync())))
}

/// `cudaMemcpyToArray` / `FromArray` (deprecated) and their `Async` forms, table entries over
/// this: `count` bytes in row-major order from `at` on, to the array (`to`) or from it.
///
/// # Safety
/// Host memory the copy covers must be valid (until it completes, when asynchronous).
pub(crate) unsafe fn linear(at: ArrayAt, other: *const c_void, count: usize, to: bool, k: i32, on: On) -> i32 {
    // SAFETY: `other` covers `count` bytes of host memory that stay valid as long as the copy
    // needs them: this function's contract, which is `memcpy_array_linear`'s.
    let r = kind(k).and_then(|k| unsafe { array::memcpy_array_linear(at, other as u64, count, to, k, on) });
    code(r)
}

/// `cudaMemcpy3D` with an array on either side: the extent's width and the positions are in
/// the array's elements, the linear side's x position too (as an H200 reads it: byte offset
/// `x * texel`, whose row must fit the pitch); naming both an array and a pointer for one side
/// is an error.
///
/// # Safety
/// `p` must be a valid `cudaMemcpy3DParms`; host memory the copy covers must be valid.
pub(crate) unsafe fn memcpy_3d_arrays(p: &Memcpy3DParms, on: On) -> Result<()> {
    let k = MemcpyKind::from_raw(p.kind)?;
    // Array to array "from the host": an H200 answers cudaErrorInvalidValue
    // (tests/program-diff/memcpy3d_array_misfit.cu), not the direction error of the 2D calls.
    if !p.srcArray.is_null() && !p.dstArray.is_null() && k == MemcpyKind::HostToDevice {
        return Err(Error::InvalidValue);
    }
    let texel =
        |a: *mut c_void| -> Result<usize> { array::array_info(a as u64).map(|i| i.format.texel_size() as usize) };
    let elem = if !p.dstArray.is_null() { texel(p.dstArray)? } else { texel(p.srcArray)? };
    let width = p.extent.width.checked_mul(elem).ok_or(Error::InvalidValue)?;
    let end = |a: *mut c_void,
               pos: &crate::api::memory::pitched::Pos,
               q: &crate::api::memory::pitched::PitchedPtr|
     -> Result<End> {
        if a.is_null() {
            if q.ptr.is_null() {
                return Err(Error::InvalidValue);
            }
            // One slice is copied as a 2D copy, more as a 3D one: a pitch below the row is
            // cudaErrorInvalidValue for one and cudaErrorInvalidPitchValue for the other, and so
            // is a slice height (`ysize`) below the extent's (an H200's answers:
            // tests/program-diff/memcpy3d_array_misfit.cu).
            let slices = p.extent.depth > 1;
            if width > q.pitch {
                return Err(if slices { Error::InvalidPitchValue } else { Error::InvalidValue });
            }
            if slices && q.ysize < p.extent.height {
                return Err(Error::InvalidPitchValue);
            }
            let x = pos.x.checked_mul(elem).ok_or(Error::InvalidValue)?;
            if x.checked_add(width).is_none_or(|row_end| row_end > q.pitch) {
                return Err(Error::InvalidValue);
            }
            let rows = pos.z.checked_mul(q.ysize).and_then(|r| r.checked_add(pos.y)).ok_or(Error::InvalidValue)?;
            let off = rows.checked_mul(q.pitch).and_then(|o| o.checked_add(x)).ok_or(Error::InvalidValue)?;
            Ok(End::Linear { ptr: q.ptr as u64 + off as u64, pitch: q.pitch, rows: q.ysize })
        } else if !q.ptr.is_null() {
            Err(Error::InvalidValue)
        } else {
            let x = pos.x.checked_mul(texel(a)?).ok_or(Error::InvalidValue)?;
            Ok(End::Array { array: a as u64, x, y: pos.y, z: pos.z })
        }
    };
    let dst = end(p.dstArray, &p.dstPos, &p.dstPtr)?;
    let src = end(p.srcArray, &p.srcPos, &p.srcPtr)?;
    let (h, d) = (p.extent.height.max(1), p.extent.depth.max(1));
    // SAFETY: the host memory `p`'s pitched pointers cover is valid: this function's contract (cudaMemcpy3D's), which
    // is `memcpy_array`'s.
    unsafe { array::memcpy_array(dst, src, width, h, d, k, on) }
}
