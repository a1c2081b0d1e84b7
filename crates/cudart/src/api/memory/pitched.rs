//! Pitched, 2D and 3D memory (6.10 Memory Management): `cudaMallocPitch`, `cudaMalloc3D`,
//! `cudaMemcpy2D*`, `cudaMemcpy3D*` (3D peer copies included), `cudaMemset2D*`,
//! `cudaMemset3D*`, and the C structs they take (`cudaPitchedPtr`, `cudaExtent`, `cudaPos`,
//! `cudaMemcpy3DParms`, `cudaMemcpy3DPeerParms`).

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::memory::{Copy3D, MemcpyKind, On, Set3D};
use runtime::{DevicePtr, Error, Result, memory, record};

use crate::api::graph::node::{MemsetParams, annotate_captured, linear_copy_params};
use crate::args::Out;
use crate::{code, invalid, stream, sync};
use runtime::graph::NodeType;

/// `struct cudaPitchedPtr`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct PitchedPtr {
    /// `void *ptr`.
    pub ptr: *mut c_void,
    /// `size_t pitch`.
    pub pitch: usize,
    /// `size_t xsize`.
    pub xsize: usize,
    /// `size_t ysize`.
    pub ysize: usize,
}

/// `struct cudaExtent`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Extent {
    /// `size_t width` (bytes, for linear memory).
    pub width: usize,
    /// `size_t height`.
    pub height: usize,
    /// `size_t depth`.
    pub depth: usize,
}

/// `struct cudaPos`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Pos {
    /// `size_t x`.
    pub x: usize,
    /// `size_t y`.
    pub y: usize,
    /// `size_t z`.
    pub z: usize,
}

/// `struct cudaMemcpy3DParms`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Memcpy3DParms {
    /// `cudaArray_t srcArray` (null for linear memory).
    pub srcArray: *mut c_void,
    /// `struct cudaPos srcPos`.
    pub srcPos: Pos,
    /// `struct cudaPitchedPtr srcPtr`.
    pub srcPtr: PitchedPtr,
    /// `cudaArray_t dstArray`.
    pub dstArray: *mut c_void,
    /// `struct cudaPos dstPos`.
    pub dstPos: Pos,
    /// `struct cudaPitchedPtr dstPtr`.
    pub dstPtr: PitchedPtr,
    /// `struct cudaExtent extent`.
    pub extent: Extent,
    /// `enum cudaMemcpyKind kind`.
    pub kind: i32,
}

/// The copy a `cudaMemcpy3DParms` describes (linear memory only).
///
/// # Safety
/// `p` must be null or point to a `cudaMemcpy3DParms`.
pub(crate) unsafe fn copy_3d_of(p: *const Memcpy3DParms) -> Result<Copy3D> {
    if p.is_null() {
        return Err(Error::InvalidValue);
    }
    // SAFETY: non-null, a cudaMemcpy3DParms per the contract.
    let p = unsafe { p.read() };
    if !p.srcArray.is_null() || !p.dstArray.is_null() {
        return Err(Error::NotSupported);
    }
    let kind = MemcpyKind::from_raw(p.kind)?;
    // An empty extent copies nothing, whatever the pointers (an H200 answers success to an
    // all-zero cudaMemcpy3DParms).
    let empty = p.extent.width == 0 || p.extent.height == 0 || p.extent.depth == 0;
    let addr = |q: &PitchedPtr, pos: &Pos| -> Result<u64> {
        if q.ptr.is_null() && !empty {
            return Err(Error::InvalidValue);
        }
        // A box placed past its row (`pitch`) or past the rows of a slice (`ysize`, when
        // given) is InvalidValue, as an H200 answers (unseen11b_memcpy3d_pitched_offsets).
        let past_row = pos.x.checked_add(p.extent.width).is_none_or(|end| end > q.pitch);
        let past_slice = q.ysize != 0 && pos.y.checked_add(p.extent.height).is_none_or(|end| end > q.ysize);
        if !empty && ((pos.x > 0 && past_row) || (pos.y > 0 && past_slice)) {
            return Err(Error::InvalidValue);
        }
        let rows = pos.z.checked_mul(q.ysize).and_then(|r| r.checked_add(pos.y)).ok_or(Error::InvalidValue)?;
        let off = rows.checked_mul(q.pitch).and_then(|o| o.checked_add(pos.x)).ok_or(Error::InvalidValue)?;
        Ok(q.ptr as u64 + off as u64)
    };
    Ok(Copy3D {
        dst: addr(&p.dstPtr, &p.dstPos)?,
        dpitch: p.dstPtr.pitch,
        dheight: p.dstPtr.ysize,
        src: addr(&p.srcPtr, &p.srcPos)?,
        spitch: p.srcPtr.pitch,
        sheight: p.srcPtr.ysize,
        width: p.extent.width,
        height: p.extent.height,
        depth: p.extent.depth,
        kind,
    })
}

/// `cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height)`.
///
/// # Safety
/// `p` and `pitch` must be valid for writes.
pub unsafe fn cudaMallocPitch(p: *mut *mut c_void, pitch: *mut usize, width: usize, height: usize) -> i32 {
    if p.is_null() || pitch.is_null() {
        return invalid();
    }
    let r = memory::malloc_pitch(width, height).map(|(d, w)| {
        // SAFETY: valid for writes per the contract.
        unsafe {
            p.write(d.0 as *mut c_void);
            pitch.write(w);
        }
    });
    code(r)
}

/// `cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent)`.
pub fn cudaMalloc3D(p: Out<PitchedPtr>, extent: Extent) -> i32 {
    let rows = extent.height.checked_mul(extent.depth);
    let r = match rows {
        Some(rows) => memory::malloc_pitch(extent.width, rows).map(|(d, pitch)| PitchedPtr {
            ptr: d.0 as *mut c_void,
            pitch,
            xsize: extent.width,
            ysize: extent.height,
        }),
        None => record(Err(Error::MemoryAllocation)),
    };
    p.put(r)
}

/// `cudaMemcpy2D` (`on`: `sync()`) and `cudaMemcpy2DAsync` (the stream), table entries: the
/// copy of `height` rows of `width` bytes, `spitch` apart at `src`, to rows `dpitch` apart at
/// `dst`, in direction `kind`.
///
/// # Safety
/// Host memory the copy covers must be valid (until it completes, when asynchronous).
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn memcpy_2d(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
    on: On,
) -> i32 {
    // One plane of a 3D copy.
    let copy = record(MemcpyKind::from_raw(kind)).map(|kind| Copy3D {
        dst: dst as u64,
        dpitch,
        dheight: height,
        src: src as u64,
        spitch,
        sheight: height,
        width,
        height,
        depth: 1,
        kind,
    });
    // SAFETY: `dst` and `src` hold `height` rows of `width` bytes, `dpitch` and `spitch` apart (until the copy
    // completes, when asynchronous): this function's contract, which is `memory::memcpy_3d`'s for host ends.
    let r = copy.and_then(|c| unsafe { memory::memcpy_3d(c, on) });
    if r.is_ok() {
        let p = linear_copy_params(dst, dpitch, src, spitch, (width, height), kind);
        annotate_captured(on, NodeType::Memcpy, &p);
    }
    code(r)
}

/// `cudaMemset2D` (`on`: `sync()`) and `cudaMemset2DAsync` (the stream), table entries;
/// `cudaMemset3D` passes its `depth`.
pub(crate) fn memset_2d(
    p: *mut c_void,
    pitch: usize,
    value: i32,
    width: usize,
    height: usize,
    depth: usize,
    on: On,
) -> i32 {
    let s = Set3D {
        dst: DevicePtr(p as u64),
        pitch,
        slice_rows: height,
        value: value as u8 as u32,
        elem_size: 1,
        width,
        height,
        depth,
    };
    let r = memory::memset_3d(s, on);
    if r.is_ok() && depth == 1 {
        // A one-row memset's node has no pitch (as an H200 answers).
        let pitch = if height > 1 { pitch } else { 0 };
        let p = MemsetParams { dst: p, pitch, value: value as u8 as u32, elementSize: 1, width, height };
        annotate_captured(on, NodeType::Memset, &p);
    }
    code(r)
}

/// `cudaMemset3D` (`on`: `sync()`) and `cudaMemset3DAsync` (the stream), table entries.
pub(crate) fn memset_3d(p: PitchedPtr, value: i32, e: Extent, on: On) -> i32 {
    let s = Set3D {
        dst: DevicePtr(p.ptr as u64),
        pitch: p.pitch,
        slice_rows: p.ysize,
        value: value as u8 as u32,
        elem_size: 1,
        width: e.width,
        height: e.height,
        depth: e.depth,
    };
    if e.depth > 1 && e.height > p.ysize {
        return invalid();
    }
    code(memory::memset_3d(s, on))
}

/// `cudaMemcpy3D` (`on`: `sync()`) and `cudaMemcpy3DAsync` (the stream), table entries: linear
/// memory or CUDA arrays.
///
/// # Safety
/// `p` must be null or valid; host memory the copy covers must be valid (until the copy
/// completes, when asynchronous).
pub(crate) unsafe fn memcpy_3d(p: *const Memcpy3DParms, on: On) -> i32 {
    // SAFETY: `p` is null or a valid cudaMemcpy3DParms per the contract.
    if let Some(q) = unsafe { p.as_ref() }
        && (!q.srcArray.is_null() || !q.dstArray.is_null())
    {
        // SAFETY: `q` is a valid `cudaMemcpy3DParms` whose host memory is valid: this function's contract
        // (cudaMemcpy3D's), which is `memcpy_3d_arrays`'.
        return code(record(unsafe { crate::api::memory::array::memcpy_3d_arrays(q, on) }));
    }
    // SAFETY: `p` is null or a valid `cudaMemcpy3DParms`: this function's contract, which is `copy_3d_of`'s.
    let r = record(unsafe { copy_3d_of(p) }).and_then(|c| {
        // SAFETY: the host memory `c` covers is valid (until the copy completes, when asynchronous): this function's
        // contract, which is `memory::memcpy_3d`'s.
        unsafe { memory::memcpy_3d(c, on) }
    });
    code(r)
}

/// `struct cudaMemcpy3DPeerParms`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Memcpy3DPeerParms {
    /// `cudaArray_t srcArray`.
    pub srcArray: *mut c_void,
    /// `struct cudaPos srcPos`.
    pub srcPos: Pos,
    /// `struct cudaPitchedPtr srcPtr`.
    pub srcPtr: PitchedPtr,
    /// `int srcDevice`.
    pub srcDevice: i32,
    /// `cudaArray_t dstArray`.
    pub dstArray: *mut c_void,
    /// `struct cudaPos dstPos`.
    pub dstPos: Pos,
    /// `struct cudaPitchedPtr dstPtr`.
    pub dstPtr: PitchedPtr,
    /// `int dstDevice`.
    pub dstDevice: i32,
    /// `struct cudaExtent extent`.
    pub extent: Extent,
}

/// A 3D peer copy as the `cudaMemcpy3D` (kind `cudaMemcpyDefault`) it is with one device.
///
/// # Safety
/// `p` must be null or valid; the memory the copy covers must be valid.
unsafe fn memcpy_3d_peer(p: *const Memcpy3DPeerParms, on: On) -> i32 {
    // SAFETY: `p` is null or a valid `cudaMemcpy3DPeerParms`: this function's contract (cudaMemcpy3DPeer's).
    let Some(q) = (unsafe { p.as_ref() }) else { return invalid() };
    if q.srcDevice != 0 || q.dstDevice != 0 {
        return code(record::<()>(Err(Error::InvalidDevice)));
    }
    // Peer copies are between device memories (or arrays): host memory is an invalid value,
    // as an H100 answers.
    let on_device = |array: *mut c_void, p: &PitchedPtr| !array.is_null() || memory::is_device_ptr(p.ptr as u64);
    if !on_device(q.srcArray, &q.srcPtr) || !on_device(q.dstArray, &q.dstPtr) {
        return invalid();
    }
    let m = Memcpy3DParms {
        srcArray: q.srcArray,
        srcPos: q.srcPos,
        srcPtr: q.srcPtr,
        dstArray: q.dstArray,
        dstPos: q.dstPos,
        dstPtr: q.dstPtr,
        extent: q.extent,
        kind: 4,
    };
    // SAFETY: `m` is a valid `cudaMemcpy3DParms` made from `q`, whose memory is valid (this function's contract), and
    // it names device memory or arrays only (checked above), as `memcpy_3d` requires.
    unsafe { memcpy_3d(&m, on) }
}

/// `cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p)`.
///
/// # Safety
/// `p` must be null or valid; the memory the copy covers must be valid.
pub unsafe fn cudaMemcpy3DPeer(p: *const Memcpy3DPeerParms) -> i32 {
    // SAFETY: `p` is null or valid and the memory it covers is valid: cudaMemcpy3DPeer's contract, which is
    // `memcpy_3d_peer`'s.
    unsafe { memcpy_3d_peer(p, sync()) }
}

/// `cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p, cudaStream_t stream)`.
///
/// # Safety
/// As for `cudaMemcpy3DPeer`, until the copy completes.
pub unsafe fn cudaMemcpy3DPeerAsync(p: *const Memcpy3DPeerParms, s: *mut c_void) -> i32 {
    // SAFETY: `p` is null or valid and the memory it covers stays valid until the copy completes:
    // cudaMemcpy3DPeerAsync's contract, which is `memcpy_3d_peer`'s.
    unsafe { memcpy_3d_peer(p, On::Async(stream(s))) }
}
