//! Memory breadth (pitched, 2D/3D, peer, pointer attributes, host registration), execution
//! control (host functions, limits, flags, cache config, PCI ids) and the per-thread default
//! stream (`_ptsz`/`_ptds`) variants of the common API.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::{c_char, c_void};

use runtime::event::Event;
use runtime::memory::{self, Copy3D, MemcpyKind, On, Set3D};
use runtime::stream::Stream;
use runtime::{DevicePtr, Error, Result, device, record};

use crate::{PTDS, SYNC, code, invalid, out, stream};

/// The `_ptsz` variants' stream: handle 0 is the per-thread default stream.
pub(crate) fn ptsz(s: *mut c_void) -> *mut c_void {
    Stream(s as u64).per_thread_if_null().0 as *mut c_void
}

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
    let addr = |q: &PitchedPtr, pos: &Pos| -> Result<u64> {
        if q.ptr.is_null() {
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
pub unsafe extern "C-unwind" fn cudaMallocPitch(
    p: *mut *mut c_void,
    pitch: *mut usize,
    width: usize,
    height: usize,
) -> i32 {
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
///
/// # Safety
/// `p` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaMalloc3D(p: *mut PitchedPtr, extent: Extent) -> i32 {
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
    // SAFETY: forwarded contract.
    unsafe { out(p, r) }
}

/// # Safety
/// Host memory a 2D copy covers must be valid until it completes.
#[allow(clippy::too_many_arguments)]
unsafe fn memcpy_2d(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
    on: On,
) -> i32 {
    let r = record(MemcpyKind::from_raw(kind)).and_then(|kind| {
        let c = Copy3D {
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
        };
        // SAFETY: forwarded contract.
        unsafe { memory::memcpy_3d(c, on) }
    });
    code(r)
}

/// `cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
/// size_t height, enum cudaMemcpyKind kind)`.
///
/// # Safety
/// Host memory the copy covers must be valid.
pub unsafe extern "C-unwind" fn cudaMemcpy2D(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy_2d(dst, dpitch, src, spitch, width, height, kind, SYNC) }
}

/// `cudaMemcpy2D_ptds`.
///
/// # Safety
/// As for `cudaMemcpy2D`.
pub unsafe extern "C-unwind" fn cudaMemcpy2D_ptds(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy_2d(dst, dpitch, src, spitch, width, height, kind, PTDS) }
}

/// `cudaMemcpy2DAsync(..., cudaStream_t stream)`.
///
/// # Safety
/// Host memory the copy covers must stay valid until it completes.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaMemcpy2DAsync(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
    s: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy_2d(dst, dpitch, src, spitch, width, height, kind, On::Async(stream(s))) }
}

/// `cudaMemcpy2DAsync_ptsz`.
///
/// # Safety
/// As for `cudaMemcpy2DAsync`.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaMemcpy2DAsync_ptsz(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: i32,
    s: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy_2d(dst, dpitch, src, spitch, width, height, kind, On::Async(stream(ptsz(s)))) }
}

fn memset_2d(p: *mut c_void, pitch: usize, value: i32, width: usize, height: usize, depth: usize, on: On) -> i32 {
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
    code(memory::memset_3d(s, on))
}

/// `cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height)`.
pub extern "C-unwind" fn cudaMemset2D(p: *mut c_void, pitch: usize, value: i32, width: usize, height: usize) -> i32 {
    memset_2d(p, pitch, value, width, height, 1, SYNC)
}

/// `cudaMemset2D_ptds`.
pub extern "C-unwind" fn cudaMemset2D_ptds(
    p: *mut c_void,
    pitch: usize,
    value: i32,
    width: usize,
    height: usize,
) -> i32 {
    memset_2d(p, pitch, value, width, height, 1, PTDS)
}

/// `cudaMemset2DAsync(..., cudaStream_t stream)`.
pub extern "C-unwind" fn cudaMemset2DAsync(
    p: *mut c_void,
    pitch: usize,
    value: i32,
    width: usize,
    height: usize,
    s: *mut c_void,
) -> i32 {
    memset_2d(p, pitch, value, width, height, 1, On::Async(stream(s)))
}

/// `cudaMemset2DAsync_ptsz`.
pub extern "C-unwind" fn cudaMemset2DAsync_ptsz(
    p: *mut c_void,
    pitch: usize,
    value: i32,
    width: usize,
    height: usize,
    s: *mut c_void,
) -> i32 {
    memset_2d(p, pitch, value, width, height, 1, On::Async(stream(ptsz(s))))
}

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

/// `cudaMemset3D(struct cudaPitchedPtr, int value, struct cudaExtent)`.
pub extern "C-unwind" fn cudaMemset3D(p: PitchedPtr, value: i32, e: Extent) -> i32 {
    memset_3d(p, value, e, SYNC)
}

/// `cudaMemset3DAsync(struct cudaPitchedPtr, int value, struct cudaExtent, cudaStream_t)`.
pub extern "C-unwind" fn cudaMemset3DAsync(p: PitchedPtr, value: i32, e: Extent, s: *mut c_void) -> i32 {
    memset_3d(p, value, e, On::Async(stream(s)))
}

/// # Safety
/// As for `cudaMemcpy3D`.
pub(crate) unsafe fn memcpy_3d(p: *const Memcpy3DParms, on: On) -> i32 {
    // SAFETY: `p` is null or a valid cudaMemcpy3DParms per the contract.
    if let Some(q) = unsafe { p.as_ref() }
        && (!q.srcArray.is_null() || !q.dstArray.is_null())
    {
        // SAFETY: forwarded contract.
        return code(record(unsafe { crate::tex::memcpy_3d_arrays(q, on) }));
    }
    // SAFETY: forwarded contract.
    let r = record(unsafe { copy_3d_of(p) }).and_then(|c| {
        // SAFETY: forwarded contract.
        unsafe { memory::memcpy_3d(c, on) }
    });
    code(r)
}

/// `cudaMemcpy3D(const struct cudaMemcpy3DParms *p)`: linear memory or CUDA arrays.
///
/// # Safety
/// `p` must be null or valid; host memory the copy covers must be valid.
pub unsafe extern "C-unwind" fn cudaMemcpy3D(p: *const Memcpy3DParms) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy_3d(p, SYNC) }
}

/// `cudaMemcpy3D_ptds`.
///
/// # Safety
/// As for `cudaMemcpy3D`.
pub unsafe extern "C-unwind" fn cudaMemcpy3D_ptds(p: *const Memcpy3DParms) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy_3d(p, PTDS) }
}

/// `cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream)`.
///
/// # Safety
/// As for `cudaMemcpy3D`, until the copy completes.
pub unsafe extern "C-unwind" fn cudaMemcpy3DAsync(p: *const Memcpy3DParms, s: *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy_3d(p, On::Async(stream(s))) }
}

/// `cudaMemcpy3DAsync_ptsz`.
///
/// # Safety
/// As for `cudaMemcpy3DAsync`.
pub unsafe extern "C-unwind" fn cudaMemcpy3DAsync_ptsz(p: *const Memcpy3DParms, s: *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy_3d(p, On::Async(stream(ptsz(s)))) }
}

/// `cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count)`.
pub extern "C-unwind" fn cudaMemcpyPeer(dst: *mut c_void, dd: i32, src: *const c_void, sd: i32, count: usize) -> i32 {
    code(memory::memcpy_peer(DevicePtr(dst as u64), dd, DevicePtr(src as u64), sd, count, SYNC))
}

/// `cudaMemcpyPeerAsync(..., cudaStream_t stream)`.
pub extern "C-unwind" fn cudaMemcpyPeerAsync(
    dst: *mut c_void,
    dd: i32,
    src: *const c_void,
    sd: i32,
    count: usize,
    s: *mut c_void,
) -> i32 {
    code(memory::memcpy_peer(DevicePtr(dst as u64), dd, DevicePtr(src as u64), sd, count, On::Async(stream(s))))
}

/// # Safety
/// As for `cudaMemcpy`.
unsafe fn memcpy_on(dst: *mut c_void, src: *const c_void, count: usize, kind: i32, on: On) -> i32 {
    let r = record(MemcpyKind::from_raw(kind)).and_then(|k| {
        // SAFETY: forwarded contract.
        unsafe { memory::memcpy_on(dst as u64, src as u64, count, k, on) }
    });
    code(r)
}

/// `cudaMemcpy_ptds`: synchronous on the per-thread default stream.
///
/// # Safety
/// As for `cudaMemcpy`.
pub unsafe extern "C-unwind" fn cudaMemcpy_ptds(dst: *mut c_void, src: *const c_void, count: usize, kind: i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy_on(dst, src, count, kind, PTDS) }
}

/// `cudaMemcpyAsync_ptsz`.
///
/// # Safety
/// As for `cudaMemcpyAsync`.
pub unsafe extern "C-unwind" fn cudaMemcpyAsync_ptsz(
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: i32,
    s: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy_on(dst, src, count, kind, On::Async(stream(ptsz(s)))) }
}

/// `cudaMemset_ptds`.
pub extern "C-unwind" fn cudaMemset_ptds(p: *mut c_void, value: i32, count: usize) -> i32 {
    memset_2d(p, count, value, count, 1, 1, PTDS)
}

/// `cudaMemsetAsync_ptsz`.
pub extern "C-unwind" fn cudaMemsetAsync_ptsz(p: *mut c_void, value: i32, count: usize, s: *mut c_void) -> i32 {
    memset_2d(p, count, value, count, 1, 1, On::Async(stream(ptsz(s))))
}

/// `cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr)`.
///
/// # Safety
/// `attr` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaPointerGetAttributes(
    attr: *mut memory::PointerAttributes,
    ptr: *const c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(attr, memory::pointer_attributes(ptr as u64)) }
}

/// `cudaHostRegister(void *ptr, size_t size, unsigned int flags)`: the range is mapped
/// (kernels reach it at its host address).
///
/// # Safety
/// `ptr..ptr + size` must be valid host memory until `cudaHostUnregister(ptr)`.
pub unsafe extern "C-unwind" fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: u32) -> i32 {
    // SAFETY: forwarded contract.
    code(unsafe { memory::host_register(ptr as usize, size, flags) })
}

/// `cudaHostUnregister(void *ptr)`.
pub extern "C-unwind" fn cudaHostUnregister(ptr: *mut c_void) -> i32 {
    code(memory::host_unregister(ptr as usize))
}

/// `cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags)`: pinned memory
/// is mapped at its host address (unified addressing).
///
/// # Safety
/// `p` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaHostGetDevicePointer(p: *mut *mut c_void, host: *mut c_void, flags: u32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(p, memory::host_get_device_pointer(host as usize, flags).map(|d| d.0 as *mut c_void)) }
}

/// A host function and its argument, run on a stream's worker.
#[derive(Debug, Clone, Copy)]
struct HostCall {
    f: usize,
    data: usize,
}

/// `cudaHostFn_t`.
type HostFn = unsafe extern "C" fn(*mut c_void);
/// `cudaStreamCallback_t`.
type StreamCallback = unsafe extern "C" fn(*mut c_void, i32, *mut c_void);

/// The work of `cudaLaunchHostFunc` (also a host graph node's work).
pub(crate) fn host_fn_work(f: HostFn, data: *mut c_void) -> Box<dyn Fn() + Send + Sync> {
    let call = HostCall { f: f as usize, data: data as usize };
    Box::new(move || {
        // SAFETY: `call.f` is the `cudaHostFn_t` the program passed (a function pointer, so
        // never null once transmuted back); calling it with its user data is its contract.
        unsafe {
            let f: HostFn = std::mem::transmute::<usize, HostFn>(call.f);
            f(call.data as *mut c_void)
        }
    })
}

fn launch_host_func(s: Stream, f: Option<HostFn>, data: *mut c_void) -> i32 {
    let Some(f) = f else { return invalid() };
    code(s.launch_host_func(host_fn_work(f, data)))
}

/// `cudaLaunchHostFunc(cudaStream_t, cudaHostFn_t fn, void *userData)`.
pub extern "C-unwind" fn cudaLaunchHostFunc(s: *mut c_void, f: Option<HostFn>, data: *mut c_void) -> i32 {
    launch_host_func(stream(s), f, data)
}

/// `cudaLaunchHostFunc_ptsz`.
pub extern "C-unwind" fn cudaLaunchHostFunc_ptsz(s: *mut c_void, f: Option<HostFn>, data: *mut c_void) -> i32 {
    launch_host_func(stream(ptsz(s)), f, data)
}

fn add_callback(s: *mut c_void, cb: Option<StreamCallback>, data: *mut c_void, flags: u32) -> i32 {
    let Some(cb) = cb else { return invalid() };
    if flags != 0 {
        return invalid();
    }
    let (cb, data, handle) = (cb as usize, data as usize, s as usize);
    let work = Box::new(move || {
        // On the worker thread, this is the sticky error (or success).
        let status = runtime::error::code_of(&runtime::peek_at_last_error());
        // SAFETY: `cb` is the `cudaStreamCallback_t` the program passed; calling it with the
        // stream, the status and its user data is its contract.
        unsafe {
            let f: StreamCallback = std::mem::transmute::<usize, StreamCallback>(cb);
            f(handle as *mut c_void, status, data as *mut c_void)
        }
    });
    code(stream(s).launch_host_func(work))
}

/// `cudaStreamAddCallback(cudaStream_t, cudaStreamCallback_t, void *userData, unsigned int
/// flags)`: `flags` must be 0; the callback gets the sticky error (or success) as status.
pub extern "C-unwind" fn cudaStreamAddCallback(
    s: *mut c_void,
    cb: Option<StreamCallback>,
    data: *mut c_void,
    flags: u32,
) -> i32 {
    add_callback(s, cb, data, flags)
}

/// `cudaStreamAddCallback_ptsz`.
pub extern "C-unwind" fn cudaStreamAddCallback_ptsz(
    s: *mut c_void,
    cb: Option<StreamCallback>,
    data: *mut c_void,
    flags: u32,
) -> i32 {
    add_callback(ptsz(s), cb, data, flags)
}

/// `cudaDeviceSetLimit(enum cudaLimit, size_t value)`.
pub extern "C-unwind" fn cudaDeviceSetLimit(limit: i32, value: usize) -> i32 {
    code(device::set_limit(limit, value))
}

/// `cudaDeviceGetLimit(size_t *pValue, enum cudaLimit)`.
///
/// # Safety
/// `v` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaDeviceGetLimit(v: *mut usize, limit: i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(v, device::get_limit(limit)) }
}

/// `cudaSetDeviceFlags(unsigned int flags)`.
pub extern "C-unwind" fn cudaSetDeviceFlags(flags: u32) -> i32 {
    code(device::set_device_flags(flags))
}

/// `cudaGetDeviceFlags(unsigned int *flags)`.
///
/// # Safety
/// `flags` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaGetDeviceFlags(flags: *mut u32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(flags, device::get_device_flags()) }
}

/// `cudaDeviceSetCacheConfig(enum cudaFuncCache)`.
pub extern "C-unwind" fn cudaDeviceSetCacheConfig(config: i32) -> i32 {
    code(device::set_cache_config(config))
}

/// `cudaDeviceGetCacheConfig(enum cudaFuncCache *)`.
///
/// # Safety
/// `config` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaDeviceGetCacheConfig(config: *mut i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(config, device::get_cache_config()) }
}

/// `cudaDeviceGetPCIBusId(char *pciBusId, int len, int device)`: writes at most `len` bytes
/// (NUL-terminated, truncated if needed).
///
/// # Safety
/// `id` must be valid for `len` bytes of writes.
pub unsafe extern "C-unwind" fn cudaDeviceGetPCIBusId(id: *mut c_char, len: i32, dev: i32) -> i32 {
    if id.is_null() || len <= 0 {
        return invalid();
    }
    let r = device::pci_bus_id(dev).map(|s| {
        let n = s.len().min(len as usize - 1);
        // SAFETY: `id` is valid for `len` bytes; `n + 1 <= len`.
        unsafe {
            std::ptr::copy_nonoverlapping(s.as_ptr(), id as *mut u8, n);
            id.add(n).write(0);
        }
    });
    code(r)
}

/// `cudaDeviceGetByPCIBusId(int *device, const char *pciBusId)`.
///
/// # Safety
/// `dev` must be valid for writes; `id` a NUL-terminated string.
pub unsafe extern "C-unwind" fn cudaDeviceGetByPCIBusId(dev: *mut i32, id: *const c_char) -> i32 {
    if id.is_null() {
        return invalid();
    }
    // SAFETY: non-null, NUL-terminated per the contract.
    let s = unsafe { std::ffi::CStr::from_ptr(id) }.to_string_lossy().into_owned();
    // SAFETY: forwarded contract.
    unsafe { out(dev, device::device_by_pci_bus_id(&s)) }
}

/// `cudaStreamGetPriority(cudaStream_t, int *priority)`: 0.
///
/// # Safety
/// `p` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamGetPriority(s: *mut c_void, p: *mut i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(p, stream(s).priority()) }
}

/// `cudaStreamGetPriority_ptsz`.
///
/// # Safety
/// `p` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamGetPriority_ptsz(s: *mut c_void, p: *mut i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(p, stream(ptsz(s)).priority()) }
}

/// `cudaStreamGetFlags_ptsz`.
///
/// # Safety
/// `flags` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamGetFlags_ptsz(s: *mut c_void, flags: *mut u32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(flags, stream(ptsz(s)).flags()) }
}

/// `cudaStreamSynchronize_ptsz`.
pub extern "C-unwind" fn cudaStreamSynchronize_ptsz(s: *mut c_void) -> i32 {
    code(stream(ptsz(s)).synchronize())
}

/// `cudaStreamQuery_ptsz`.
pub extern "C-unwind" fn cudaStreamQuery_ptsz(s: *mut c_void) -> i32 {
    code(stream(ptsz(s)).query())
}

/// `cudaStreamWaitEvent_ptsz`.
pub extern "C-unwind" fn cudaStreamWaitEvent_ptsz(s: *mut c_void, e: *mut c_void, _flags: u32) -> i32 {
    code(stream(ptsz(s)).wait_event(Event(e as u64)))
}

/// `cudaEventRecord_ptsz`.
pub extern "C-unwind" fn cudaEventRecord_ptsz(e: *mut c_void, s: *mut c_void) -> i32 {
    code(Event(e as u64).record(stream(ptsz(s))))
}

/// `cudaEventRecordWithFlags_ptsz`.
pub extern "C-unwind" fn cudaEventRecordWithFlags_ptsz(e: *mut c_void, s: *mut c_void, flags: u32) -> i32 {
    code(Event(e as u64).record_with_flags(stream(ptsz(s)), flags))
}

/// `cudaStreamGetId(cudaStream_t, unsigned long long *id)`.
///
/// # Safety
/// `id` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamGetId(s: *mut c_void, id: *mut u64) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(id, stream(s).id()) }
}

/// `cudaStreamGetId_ptsz`.
///
/// # Safety
/// `id` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamGetId_ptsz(s: *mut c_void, id: *mut u64) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(id, stream(ptsz(s)).id()) }
}

/// `cudaStreamGetDevice(cudaStream_t, int *device)`: 0.
///
/// # Safety
/// `dev` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamGetDevice(s: *mut c_void, dev: *mut i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(dev, stream(s).id().map(|_| 0)) }
}

/// `cudaStreamGetDevice_ptsz`.
///
/// # Safety
/// `dev` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamGetDevice_ptsz(s: *mut c_void, dev: *mut i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(dev, stream(ptsz(s)).id().map(|_| 0)) }
}

/// `cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice)`: 0.
///
/// # Safety
/// `can` valid for writes.
pub unsafe extern "C-unwind" fn cudaDeviceCanAccessPeer(can: *mut i32, dev: i32, peer: i32) -> i32 {
    if can.is_null() {
        return invalid();
    }
    code(device::can_access_peer(dev, peer).map(|c| {
        // SAFETY: non-null, valid for writes per the contract.
        unsafe { can.write(i32::from(c)) }
    }))
}

/// `cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags)`: there is no peer.
pub extern "C-unwind" fn cudaDeviceEnablePeerAccess(peer: i32, flags: u32) -> i32 {
    code(device::peer_access(peer, flags))
}

/// `cudaDeviceDisablePeerAccess(int peerDevice)`: there is no peer.
pub extern "C-unwind" fn cudaDeviceDisablePeerAccess(peer: i32) -> i32 {
    code(device::peer_access(peer, 0))
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_ext.rs"));
