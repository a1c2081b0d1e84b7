//! The common CUDA runtime API: devices, memory, streams, events, errors, versions.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::{c_char, c_void};

use runtime::event::Event;
use runtime::memory::{self, MemcpyKind};
use runtime::stream::Stream;
use runtime::{DevicePtr, Error, device, record};

use crate::{code, invalid, out};

/// `cudaGetDeviceCount(int *count)`.
///
/// # Safety
/// `count` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaGetDeviceCount(count: *mut i32) -> i32 {
    let r = device::device_count();
    if matches!(r, Err(Error::NoDevice)) && !count.is_null() {
        // SAFETY: non-null, valid for writes per the contract. CUDA reports 0 devices too.
        unsafe { count.write(0) };
    }
    // SAFETY: forwarded contract.
    unsafe { out(count, r) }
}

/// `cudaSetDevice(int device)`.
pub extern "C-unwind" fn cudaSetDevice(dev: i32) -> i32 {
    code(device::set_device(dev))
}

/// `cudaGetDevice(int *device)`.
///
/// # Safety
/// `dev` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaGetDevice(dev: *mut i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(dev, device::get_device()) }
}

/// `cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device)`.
///
/// # Safety
/// `prop` must be valid for writes of a `cudaDeviceProp`.
pub unsafe extern "C-unwind" fn cudaGetDeviceProperties(prop: *mut device::DeviceProp, dev: i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(prop, device::properties(dev)) }
}

/// `cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)`.
///
/// # Safety
/// `value` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaDeviceGetAttribute(value: *mut i32, attr: i32, dev: i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(value, device::attribute(attr, dev)) }
}

/// `cudaChooseDevice(int *device, const struct cudaDeviceProp *prop)`: always device 0.
///
/// # Safety
/// `dev` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaChooseDevice(dev: *mut i32, _prop: *const c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(dev, Ok(0)) }
}

/// `cudaDeviceSynchronize()`.
pub extern "C-unwind" fn cudaDeviceSynchronize() -> i32 {
    code(runtime::stream::device_synchronize())
}

/// `cudaDeviceReset()`.
pub extern "C-unwind" fn cudaDeviceReset() -> i32 {
    code(runtime::reset::device_reset())
}

/// `cudaGetLastError()`.
pub extern "C-unwind" fn cudaGetLastError() -> i32 {
    code(runtime::get_last_error())
}

/// `cudaPeekAtLastError()`.
pub extern "C-unwind" fn cudaPeekAtLastError() -> i32 {
    code(runtime::peek_at_last_error())
}

/// `const char *cudaGetErrorName(cudaError_t)`.
pub extern "C-unwind" fn cudaGetErrorName(e: i32) -> *const c_char {
    runtime::error::error_name_c(e).as_ptr()
}

/// `const char *cudaGetErrorString(cudaError_t)`.
pub extern "C-unwind" fn cudaGetErrorString(e: i32) -> *const c_char {
    runtime::error::error_string_c(e).as_ptr()
}

/// `cudaDriverGetVersion(int *version)`: 13000.
///
/// # Safety
/// `v` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaDriverGetVersion(v: *mut i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(v, Ok(runtime::CUDA_VERSION)) }
}

/// `cudaRuntimeGetVersion(int *version)`: 13000.
///
/// # Safety
/// `v` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaRuntimeGetVersion(v: *mut i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(v, Ok(runtime::CUDA_VERSION)) }
}

/// `cudaMalloc(void **devPtr, size_t size)`.
///
/// # Safety
/// `p` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaMalloc(p: *mut *mut c_void, size: usize) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { crate::out_alloc(p, memory::malloc(size).map(|d| d.0 as *mut c_void)) }
}

/// `cudaFree(void *devPtr)`.
pub extern "C-unwind" fn cudaFree(p: *mut c_void) -> i32 {
    code(memory::free(DevicePtr(p as u64)))
}

/// `cudaMallocHost(void **ptr, size_t size)`.
///
/// # Safety
/// `p` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaMallocHost(p: *mut *mut c_void, size: usize) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { crate::out_alloc(p, memory::host_alloc(size, 0).map(|h| h as *mut c_void)) }
}

/// `cudaHostAlloc(void **pHost, size_t size, unsigned int flags)`.
///
/// # Safety
/// `p` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaHostAlloc(p: *mut *mut c_void, size: usize, flags: u32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { crate::out_alloc(p, memory::host_alloc(size, flags).map(|h| h as *mut c_void)) }
}

/// `cudaFreeHost(void *ptr)`.
pub extern "C-unwind" fn cudaFreeHost(p: *mut c_void) -> i32 {
    code(memory::free_host(p as *mut u8))
}

/// `cudaMemGetInfo(size_t *free, size_t *total)`.
///
/// # Safety
/// Both pointers must be valid for writes.
pub unsafe extern "C-unwind" fn cudaMemGetInfo(free: *mut usize, total: *mut usize) -> i32 {
    if free.is_null() || total.is_null() {
        return invalid();
    }
    let r = memory::mem_get_info().map(|(f, t)| {
        // SAFETY: valid for writes per the contract.
        unsafe {
            free.write(f);
            total.write(t);
        }
    });
    code(r)
}

/// # Safety
/// As for `cudaMemcpyAsync`.
unsafe fn memcpy(dst: *mut c_void, src: *const c_void, count: usize, kind: i32, stream: Option<Stream>) -> i32 {
    let r = record(MemcpyKind::from_raw(kind)).and_then(|k| {
        // SAFETY: forwarded contract.
        unsafe { memory::memcpy_raw(dst as u64, src as u64, count, k, stream) }
    });
    code(r)
}

/// `cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind)`.
///
/// # Safety
/// Host pointers must be valid for `count` bytes.
pub unsafe extern "C-unwind" fn cudaMemcpy(dst: *mut c_void, src: *const c_void, count: usize, kind: i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy(dst, src, count, kind, None) }
}

/// `cudaMemcpyAsync(void *dst, const void *src, size_t count, cudaMemcpyKind, cudaStream_t)`.
///
/// # Safety
/// Host pointers must stay valid for `count` bytes until the copy completes.
pub unsafe extern "C-unwind" fn cudaMemcpyAsync(
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: i32,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy(dst, src, count, kind, Some(Stream(stream as u64))) }
}

/// `cudaMemset(void *devPtr, int value, size_t count)`.
pub extern "C-unwind" fn cudaMemset(p: *mut c_void, value: i32, count: usize) -> i32 {
    code(memory::memset(DevicePtr(p as u64), value as u8, count))
}

/// `cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream)`.
pub extern "C-unwind" fn cudaMemsetAsync(p: *mut c_void, value: i32, count: usize, stream: *mut c_void) -> i32 {
    code(memory::memset_async(DevicePtr(p as u64), value as u8, count, Stream(stream as u64)))
}

/// `cudaStreamCreate(cudaStream_t *stream)`.
///
/// # Safety
/// `s` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamCreate(s: *mut *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(s, Stream::new().map(|s| s.0 as *mut c_void)) }
}

/// `cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags)`.
///
/// # Safety
/// `s` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamCreateWithFlags(s: *mut *mut c_void, flags: u32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(s, Stream::with_flags(flags).map(|s| s.0 as *mut c_void)) }
}

/// `cudaStreamCreateWithPriority(cudaStream_t *stream, unsigned int flags, int priority)`:
/// the priority is ignored.
///
/// # Safety
/// `s` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamCreateWithPriority(s: *mut *mut c_void, flags: u32, priority: i32) -> i32 {
    let r = Stream::with_flags(flags).and_then(|st| {
        let mut v = [0u32; 16];
        v[0] = priority as u32;
        st.set_attribute(runtime::stream::ATTR_PRIORITY, &v).map(|()| st.0 as *mut c_void)
    });
    // SAFETY: forwarded contract.
    unsafe { out(s, r) }
}

/// `cudaStreamDestroy(cudaStream_t)`.
pub extern "C-unwind" fn cudaStreamDestroy(s: *mut c_void) -> i32 {
    code(Stream(s as u64).destroy())
}

/// `cudaStreamSynchronize(cudaStream_t)`.
pub extern "C-unwind" fn cudaStreamSynchronize(s: *mut c_void) -> i32 {
    code(Stream(s as u64).synchronize())
}

/// `cudaStreamQuery(cudaStream_t)`.
pub extern "C-unwind" fn cudaStreamQuery(s: *mut c_void) -> i32 {
    code(Stream(s as u64).query())
}

/// `cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned int flags)`.
pub extern "C-unwind" fn cudaStreamWaitEvent(s: *mut c_void, e: *mut c_void, _flags: u32) -> i32 {
    code(Stream(s as u64).wait_event(Event(e as u64)))
}

/// `cudaStreamGetFlags(cudaStream_t, unsigned int *flags)`.
///
/// # Safety
/// `flags` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamGetFlags(s: *mut c_void, flags: *mut u32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(flags, Stream(s as u64).flags()) }
}

/// `cudaEventCreate(cudaEvent_t *event)`.
///
/// # Safety
/// `e` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaEventCreate(e: *mut *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(e, Event::new().map(|e| e.0 as *mut c_void)) }
}

/// `cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)`.
///
/// # Safety
/// `e` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaEventCreateWithFlags(e: *mut *mut c_void, flags: u32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(e, Event::with_flags(flags).map(|e| e.0 as *mut c_void)) }
}

/// `cudaEventRecord(cudaEvent_t, cudaStream_t)`.
pub extern "C-unwind" fn cudaEventRecord(e: *mut c_void, s: *mut c_void) -> i32 {
    code(Event(e as u64).record(Stream(s as u64)))
}

/// `cudaEventRecordWithFlags(cudaEvent_t, cudaStream_t, unsigned int flags)`.
pub extern "C-unwind" fn cudaEventRecordWithFlags(e: *mut c_void, s: *mut c_void, flags: u32) -> i32 {
    code(Event(e as u64).record_with_flags(Stream(s as u64), flags))
}

/// `cudaEventSynchronize(cudaEvent_t)`.
pub extern "C-unwind" fn cudaEventSynchronize(e: *mut c_void) -> i32 {
    code(Event(e as u64).synchronize())
}

/// `cudaEventQuery(cudaEvent_t)`.
pub extern "C-unwind" fn cudaEventQuery(e: *mut c_void) -> i32 {
    code(Event(e as u64).query())
}

/// `cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)`.
///
/// # Safety
/// `ms` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaEventElapsedTime(ms: *mut f32, start: *mut c_void, end: *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(ms, Event::elapsed_ms(Event(start as u64), Event(end as u64))) }
}

/// `cudaEventDestroy(cudaEvent_t)`.
pub extern "C-unwind" fn cudaEventDestroy(e: *mut c_void) -> i32 {
    code(Event(e as u64).destroy())
}

/// `cudaDeviceGetStreamPriorityRange(int *least, int *greatest)`: (0, -5), as on an H100.
///
/// # Safety
/// Both pointers must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaDeviceGetStreamPriorityRange(least: *mut i32, greatest: *mut i32) -> i32 {
    // SAFETY: null-checked; valid for writes per the contract.
    unsafe {
        if !least.is_null() {
            least.write(0);
        }
        if !greatest.is_null() {
            greatest.write(runtime::stream::GREATEST_PRIORITY);
        }
    }
    0
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_api.rs"));
