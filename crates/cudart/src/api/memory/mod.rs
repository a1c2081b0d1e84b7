//! 6.10 Memory Management (and 6.11, its deprecated array copies): allocation of device,
//! host (pinned) and managed memory, host registration, linear copies and sets, peer copies,
//! prefetching, advice and range attributes, batched copies. The section's larger families
//! have submodules: pitched and 3D memory ([`pitched`]), CUDA arrays ([`array`]) and
//! `__device__` symbols ([`symbol`]).

// C ABI names.
#![allow(non_snake_case)]

pub mod array;
pub mod batch;
pub mod pitched;
pub mod symbol;

use std::ffi::c_void;

use runtime::memory::{MemLocation, MemcpyKind, On};
use runtime::{DevicePtr, memory, record};

use crate::args::Out;
use crate::{code, invalid, stream, sync};
use pitched::memset_2d;

/// `cudaMalloc(void **devPtr, size_t size)`.
pub fn cudaMalloc(p: Out<*mut c_void>, size: usize) -> i32 {
    p.put_alloc(memory::malloc(size).map(|d| d.0 as *mut c_void))
}

/// `cudaFree(void *devPtr)`.
pub fn cudaFree(p: *mut c_void) -> i32 {
    code(memory::free(DevicePtr(p as u64)))
}

/// `cudaHostAlloc(void **pHost, size_t size, unsigned int flags)`.
pub fn cudaHostAlloc(p: Out<*mut c_void>, size: usize, flags: u32) -> i32 {
    p.put_alloc(memory::host_alloc(size, flags).map(|h| h as *mut c_void))
}

/// `cudaFreeHost(void *ptr)`.
pub fn cudaFreeHost(p: *mut c_void) -> i32 {
    code(memory::free_host(p as *mut u8))
}

/// `cudaMemGetInfo(size_t *free, size_t *total)`: a null pointer is skipped, not an error (an
/// H200 answers `cudaMemGetInfo(nullptr, nullptr)` with cudaSuccess:
/// tests/program-diff/runtime_misuse.cu).
///
/// # Safety
/// Each pointer must be null or valid for writes.
pub unsafe fn cudaMemGetInfo(free: *mut usize, total: *mut usize) -> i32 {
    let r = memory::mem_get_info().map(|(f, t)| {
        for (p, v) in [(free, f), (total, t)] {
            if !p.is_null() {
                // SAFETY: a non-null pointer is valid for writes per the contract.
                unsafe { p.write(v) };
            }
        }
    });
    code(r)
}

/// `cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind)`.
///
/// # Safety
/// Host pointers must be valid for `count` bytes.
pub unsafe fn cudaMemcpy(dst: *mut c_void, src: *const c_void, count: usize, kind: i32) -> i32 {
    // SAFETY: a host `dst` is writable and a host `src` readable for `count` bytes: cudaMemcpy's contract, which is
    // `memcpy_on`'s.
    unsafe { memcpy_on(dst, src, count, kind, sync()) }
}

/// `cudaMemcpyAsync(void *dst, const void *src, size_t count, cudaMemcpyKind, cudaStream_t)`.
///
/// # Safety
/// Host pointers must stay valid for `count` bytes until the copy completes.
pub unsafe fn cudaMemcpyAsync(
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: i32,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: a host `dst` stays writable and a host `src` readable for `count` bytes until the copy completes:
    // cudaMemcpyAsync's contract, which is `memcpy_on`'s.
    unsafe { memcpy_on(dst, src, count, kind, On::Async(crate::stream(stream))) }
}

/// `cudaMemset(void *devPtr, int value, size_t count)`.
pub fn cudaMemset(p: *mut c_void, value: i32, count: usize) -> i32 {
    memset_2d(p, count, value, count, 1, 1, sync())
}

/// `cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream)`.
pub fn cudaMemsetAsync(p: *mut c_void, value: i32, count: usize, stream: *mut c_void) -> i32 {
    memset_2d(p, count, value, count, 1, 1, On::Async(crate::stream(stream)))
}

/// `cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count)`.
pub fn cudaMemcpyPeer(dst: *mut c_void, dd: i32, src: *const c_void, sd: i32, count: usize) -> i32 {
    code(memory::memcpy_peer(DevicePtr(dst as u64), dd, DevicePtr(src as u64), sd, count, sync()))
}

/// `cudaMemcpyPeerAsync(..., cudaStream_t stream)`.
pub fn cudaMemcpyPeerAsync(
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
        // SAFETY: host ends of the copy are valid for `count` bytes (until it completes, when asynchronous): this
        // function's contract (cudaMemcpy's), which is `memory::memcpy_on`'s.
        unsafe { memory::memcpy_on(dst as u64, src as u64, count, k, on) }
    });
    if r.is_ok() {
        let p = crate::api::graph::node::linear_copy_params(dst, count, src, count, (count, 1), kind);
        crate::api::graph::node::annotate_captured(on, runtime::graph::NodeType::Memcpy, &p);
    }
    code(r)
}

/// `cudaHostRegister(void *ptr, size_t size, unsigned int flags)`: the range is mapped
/// (kernels reach it at its host address).
///
/// # Safety
/// `ptr..ptr + size` must be valid host memory until `cudaHostUnregister(ptr)`.
pub unsafe fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: u32) -> i32 {
    // SAFETY: `ptr..ptr + size` is host memory that stays valid until `cudaHostUnregister(ptr)`: cudaHostRegister's
    // contract, which is `host_register`'s.
    code(unsafe { memory::host_register(ptr as usize, size, flags) })
}

/// `cudaHostUnregister(void *ptr)`.
pub fn cudaHostUnregister(ptr: *mut c_void) -> i32 {
    code(memory::host_unregister(ptr as usize))
}

/// `cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags)`: pinned memory
/// is mapped at its host address (unified addressing).
pub fn cudaHostGetDevicePointer(p: Out<*mut c_void>, host: *mut c_void, flags: u32) -> i32 {
    p.put(memory::host_get_device_pointer(host as usize, flags).map(|d| d.0 as *mut c_void))
}

/// `cudaMallocManaged(void **devPtr, size_t size, unsigned int flags)`.
pub fn cudaMallocManaged(p: Out<*mut c_void>, size: usize, flags: u32) -> i32 {
    if p.is_null() {
        return crate::invalid();
    }
    p.put_alloc(memory::malloc_managed(size, flags).map(|d| d.0 as *mut c_void))
}

/// `cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location,
/// unsigned int flags, cudaStream_t stream)`.
pub fn cudaMemPrefetchAsync(
    ptr: *const c_void,
    count: usize,
    loc: MemLocation,
    flags: u32,
    stream: *mut c_void,
) -> i32 {
    code(memory::mem_prefetch_async(ptr as u64, count, loc, flags, crate::stream(stream)))
}

/// `cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, struct
/// cudaMemLocation location)`.
pub fn cudaMemAdvise(ptr: *const c_void, count: usize, advice: i32, loc: MemLocation) -> i32 {
    code(memory::mem_advise(ptr as u64, count, advice, loc))
}

/// `cudaMemRangeGetAttribute(void *data, size_t dataSize, enum cudaMemRangeAttribute
/// attribute, const void *devPtr, size_t count)`.
///
/// # Safety
/// `data` must be null or valid for `data_size` bytes of writes.
pub unsafe fn cudaMemRangeGetAttribute(
    data: *mut c_void,
    data_size: usize,
    attr: i32,
    ptr: *const c_void,
    count: usize,
) -> i32 {
    if data.is_null() {
        return invalid();
    }
    let r = memory::mem_range_get_attribute(data_size, attr, ptr as u64, count).map(|bytes| {
        // SAFETY: `data` is valid for `data_size` bytes, and `bytes` has that length.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), data as *mut u8, bytes.len()) }
    });
    code(r)
}

/// `cudaHostGetFlags(unsigned int *pFlags, void *pHost)`.
pub fn cudaHostGetFlags(flags: Out<u32>, host: *mut c_void) -> i32 {
    flags.put(memory::host_get_flags(host as usize))
}

/// `cudaMemRangeGetAttributes(void **data, size_t *dataSizes, enum cudaMemRangeAttribute
/// *attributes, size_t numAttributes, const void *devPtr, size_t count)`: each attribute as
/// `cudaMemRangeGetAttribute` gives it.
///
/// # Safety
/// The three arrays must hold `num` entries; each `data[i]` must be valid for writes of
/// `dataSizes[i]` bytes.
pub unsafe fn cudaMemRangeGetAttributes(
    data: *mut *mut c_void,
    sizes: *mut usize,
    attrs: *mut i32,
    num: usize,
    ptr: *const c_void,
    count: usize,
) -> i32 {
    if data.is_null() || sizes.is_null() || attrs.is_null() || num == 0 {
        return invalid();
    }
    // SAFETY: non-null with `num` entries each per the contract.
    let (data, sizes, attrs) = unsafe {
        (
            std::slice::from_raw_parts(data, num),
            std::slice::from_raw_parts(sizes, num),
            std::slice::from_raw_parts(attrs, num),
        )
    };
    if data.iter().any(|d| d.is_null()) {
        return invalid();
    }
    let mut values = Vec::with_capacity(num);
    for (&a, &n) in attrs.iter().zip(sizes) {
        match memory::mem_range_get_attribute(n, a, ptr as u64, count) {
            Ok(v) => values.push(v),
            Err(e) => return code::<()>(Err(e)),
        }
    }
    for (&d, v) in data.iter().zip(values) {
        // SAFETY: `d` is valid for `dataSizes[i]` = `v.len()` bytes per the contract.
        unsafe { std::ptr::copy_nonoverlapping(v.as_ptr(), d.cast::<u8>(), v.len()) };
    }
    0
}
