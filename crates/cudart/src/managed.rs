//! Unified memory (`cudaMallocManaged` and its hints) and stream-ordered allocation
//! (`cudaMallocAsync`, memory pools).

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::DevicePtr;
use runtime::memory::{self, MemLocation, MemPoolProps};
use runtime::stream::Stream;

use crate::ext::ptsz;
use crate::{code, invalid, out_with};

/// `cudaMallocManaged(void **devPtr, size_t size, unsigned int flags)`.
///
/// # Safety
/// `p` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaMallocManaged(p: *mut *mut c_void, size: usize, flags: u32) -> i32 {
    // SAFETY: forwarded contract.
    if p.is_null() {
        return crate::invalid();
    }
    // SAFETY: forwarded contract.
    unsafe { crate::out_alloc(p, memory::malloc_managed(size, flags).map(|d| d.0 as *mut c_void)) }
}

/// `cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location,
/// unsigned int flags, cudaStream_t stream)`.
pub extern "C-unwind" fn cudaMemPrefetchAsync(
    ptr: *const c_void,
    count: usize,
    loc: MemLocation,
    flags: u32,
    stream: *mut c_void,
) -> i32 {
    code(memory::mem_prefetch_async(ptr as u64, count, loc, flags, Stream(stream as u64)))
}

/// `cudaMemPrefetchAsync_ptsz`.
pub extern "C-unwind" fn cudaMemPrefetchAsync_ptsz(
    ptr: *const c_void,
    count: usize,
    loc: MemLocation,
    flags: u32,
    stream: *mut c_void,
) -> i32 {
    cudaMemPrefetchAsync(ptr, count, loc, flags, ptsz(stream))
}

/// `cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, struct
/// cudaMemLocation location)`.
pub extern "C-unwind" fn cudaMemAdvise(ptr: *const c_void, count: usize, advice: i32, loc: MemLocation) -> i32 {
    code(memory::mem_advise(ptr as u64, count, advice, loc))
}

/// `cudaMemRangeGetAttribute(void *data, size_t dataSize, enum cudaMemRangeAttribute
/// attribute, const void *devPtr, size_t count)`.
///
/// # Safety
/// `data` must be null or valid for `data_size` bytes of writes.
pub unsafe extern "C-unwind" fn cudaMemRangeGetAttribute(
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

/// `cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length, unsigned int
/// flags)`.
pub extern "C-unwind" fn cudaStreamAttachMemAsync(
    stream: *mut c_void,
    ptr: *mut c_void,
    length: usize,
    flags: u32,
) -> i32 {
    code(memory::stream_attach_mem_async(Stream(stream as u64), ptr as u64, length, flags))
}

/// `cudaStreamAttachMemAsync_ptsz`.
pub extern "C-unwind" fn cudaStreamAttachMemAsync_ptsz(
    stream: *mut c_void,
    ptr: *mut c_void,
    length: usize,
    flags: u32,
) -> i32 {
    cudaStreamAttachMemAsync(ptsz(stream), ptr, length, flags)
}

/// `cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream)`.
///
/// # Safety
/// `p` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaMallocAsync(p: *mut *mut c_void, size: usize, stream: *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    if p.is_null() {
        return crate::invalid();
    }
    // SAFETY: forwarded contract.
    unsafe { crate::out_alloc(p, memory::malloc_async(size, None, Stream(stream as u64)).map(|d| d.0 as *mut c_void)) }
}

/// `cudaMallocAsync_ptsz`.
///
/// # Safety
/// As for `cudaMallocAsync`.
pub unsafe extern "C-unwind" fn cudaMallocAsync_ptsz(p: *mut *mut c_void, size: usize, stream: *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { cudaMallocAsync(p, size, ptsz(stream)) }
}

/// `cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t
/// stream)`.
///
/// # Safety
/// `p` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaMallocFromPoolAsync(
    p: *mut *mut c_void,
    size: usize,
    pool: *mut c_void,
    stream: *mut c_void,
) -> i32 {
    if pool.is_null() {
        return invalid();
    }
    // SAFETY: forwarded contract.
    unsafe {
        out_with(p, || memory::malloc_async(size, Some(pool as u64), Stream(stream as u64)).map(|d| d.0 as *mut c_void))
    }
}

/// `cudaMallocFromPoolAsync_ptsz`.
///
/// # Safety
/// As for `cudaMallocFromPoolAsync`.
pub unsafe extern "C-unwind" fn cudaMallocFromPoolAsync_ptsz(
    p: *mut *mut c_void,
    size: usize,
    pool: *mut c_void,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { cudaMallocFromPoolAsync(p, size, pool, ptsz(stream)) }
}

/// `cudaFreeAsync(void *devPtr, cudaStream_t hStream)`.
pub extern "C-unwind" fn cudaFreeAsync(ptr: *mut c_void, stream: *mut c_void) -> i32 {
    code(memory::free_async(DevicePtr(ptr as u64), Stream(stream as u64)))
}

/// `cudaFreeAsync_ptsz`.
pub extern "C-unwind" fn cudaFreeAsync_ptsz(ptr: *mut c_void, stream: *mut c_void) -> i32 {
    cudaFreeAsync(ptr, ptsz(stream))
}

/// `cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device)`.
///
/// # Safety
/// `p` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaDeviceGetDefaultMemPool(p: *mut *mut c_void, device: i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out_with(p, || memory::default_mem_pool(device).map(|h| h as *mut c_void)) }
}

/// `cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device)`.
///
/// # Safety
/// `p` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaDeviceGetMemPool(p: *mut *mut c_void, device: i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out_with(p, || memory::device_mem_pool(device).map(|h| h as *mut c_void)) }
}

/// `cudaDeviceSetMemPool(int device, cudaMemPool_t memPool)`.
pub extern "C-unwind" fn cudaDeviceSetMemPool(device: i32, pool: *mut c_void) -> i32 {
    code(memory::set_device_mem_pool(device, pool as u64))
}

/// `cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *poolProps)`.
///
/// # Safety
/// `p` must be null or valid for writes; `props` null or valid for reads.
pub unsafe extern "C-unwind" fn cudaMemPoolCreate(p: *mut *mut c_void, props: *const MemPoolProps) -> i32 {
    if props.is_null() {
        return invalid();
    }
    // SAFETY: non-null and valid for reads per the contract.
    let props = unsafe { props.read_unaligned() };
    // SAFETY: forwarded contract.
    unsafe { out_with(p, || memory::mem_pool_create(&props).map(|h| h as *mut c_void)) }
}

/// `cudaMemPoolDestroy(cudaMemPool_t memPool)`.
pub extern "C-unwind" fn cudaMemPoolDestroy(pool: *mut c_void) -> i32 {
    code(memory::mem_pool_destroy(pool as u64))
}

/// `cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep)`.
pub extern "C-unwind" fn cudaMemPoolTrimTo(pool: *mut c_void, keep: usize) -> i32 {
    code(memory::mem_pool_trim_to(pool as u64, keep))
}

/// `cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)`:
/// `int` for the reuse flags (1..=3), `cuuint64_t` for the rest.
///
/// # Safety
/// `value` must be null or point to a value of the attribute's type.
pub unsafe extern "C-unwind" fn cudaMemPoolSetAttribute(pool: *mut c_void, attr: i32, value: *mut c_void) -> i32 {
    if value.is_null() {
        return invalid();
    }
    // SAFETY: `value` points to an `int` (attributes 1..=3) or a `cuuint64_t` per the contract.
    let v = unsafe {
        if (1..=3).contains(&attr) {
            u64::from((value as *const u32).read_unaligned())
        } else if (4..=8).contains(&attr) {
            (value as *const u64).read_unaligned()
        } else {
            return invalid();
        }
    };
    code(memory::mem_pool_set_attribute(pool as u64, attr, v))
}

/// `cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)`.
///
/// # Safety
/// `value` must be null or valid for writes of the attribute's type.
pub unsafe extern "C-unwind" fn cudaMemPoolGetAttribute(pool: *mut c_void, attr: i32, value: *mut c_void) -> i32 {
    if value.is_null() {
        return invalid();
    }
    let r = memory::mem_pool_get_attribute(pool as u64, attr).map(|(v, size)| {
        // SAFETY: `value` is valid for writes of the attribute's type (`size` bytes).
        unsafe {
            if size == 4 {
                (value as *mut u32).write_unaligned(v as u32);
            } else {
                (value as *mut u64).write_unaligned(v);
            }
        }
    });
    code(r)
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_managed.rs"));
