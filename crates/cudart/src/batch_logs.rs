//! Batched copies (`cudaMemcpyBatchAsync`), the `_ptds`/`_ptsz` 3D memsets, and CUDA's error
//! log API (`cudaLogs*`).
//!
//! The log API reads the driver's log buffer of errors and warnings. Cuprite's runtime reports
//! its diagnostics (kernel faults, unsupported features) on stderr as they happen and keeps no
//! such buffer, so the log is always empty: iterators stay at 0, dumps write nothing, and
//! registered callbacks are kept but never called.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::{c_char, c_void};

use runtime::memory::On;
use runtime::{Error, record};

use crate::ext::{Extent, PitchedPtr, ptsz};
use crate::{PTDS, code, invalid, stream};

/// `cudaMemset3D_ptds`: `cudaMemset3D` ordered on the per-thread default stream.
pub extern "C-unwind" fn cudaMemset3D_ptds(p: PitchedPtr, value: i32, e: Extent) -> i32 {
    crate::ext::memset_3d(p, value, e, PTDS)
}

/// `cudaMemset3DAsync_ptsz`: stream 0 is the per-thread default stream.
pub extern "C-unwind" fn cudaMemset3DAsync_ptsz(p: PitchedPtr, value: i32, e: Extent, s: *mut c_void) -> i32 {
    crate::ext::memset_3d(p, value, e, On::Async(stream(ptsz(s))))
}

/// `cudaMemcpyBatchAsync(void *const *dsts, const void *const *srcs, const size_t *sizes,
/// size_t count, cudaMemcpyAttributes *attrs, size_t *attrsIdxs, size_t numAttrs,
/// cudaStream_t)`: every copy, in order, on `stream` (the attributes' source-access and
/// location hints do not change what a copy does here; unified addressing tells the kinds).
///
/// # Safety
/// `dsts`, `srcs` and `sizes` must hold `count` entries; each copy's memory must be valid.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaMemcpyBatchAsync(
    dsts: *const *mut c_void,
    srcs: *const *const c_void,
    sizes: *const usize,
    count: usize,
    attrs: *mut c_void,
    attrs_idxs: *mut usize,
    num_attrs: usize,
    s: *mut c_void,
) -> i32 {
    if count == 0 || dsts.is_null() || srcs.is_null() || sizes.is_null() {
        return invalid();
    }
    if num_attrs > count || (num_attrs > 0 && (attrs.is_null() || attrs_idxs.is_null())) {
        return invalid();
    }
    // The legacy default stream is not allowed for batched copies.
    if s.is_null() {
        return code(record::<()>(Err(Error::InvalidValue)));
    }
    for i in 0..count {
        // SAFETY: the arrays hold `count` entries per the contract.
        let (d, src, n) = unsafe { (dsts.add(i).read(), srcs.add(i).read(), sizes.add(i).read()) };
        const DEFAULT: i32 = 4;
        // SAFETY: forwarded contract.
        let r = unsafe { crate::api::cudaMemcpyAsync(d, src, n, DEFAULT, s) };
        if r != 0 {
            return r;
        }
    }
    0
}

/// `cudaMemcpyBatchAsync_ptsz`.
///
/// # Safety
/// As for `cudaMemcpyBatchAsync`.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaMemcpyBatchAsync_ptsz(
    dsts: *const *mut c_void,
    srcs: *const *const c_void,
    sizes: *const usize,
    count: usize,
    attrs: *mut c_void,
    attrs_idxs: *mut usize,
    num_attrs: usize,
    s: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { cudaMemcpyBatchAsync(dsts, srcs, sizes, count, attrs, attrs_idxs, num_attrs, ptsz(s)) }
}

/// Registered log callbacks (kept for unregistering; the log stays empty, so never called).
fn callbacks() -> std::sync::MutexGuard<'static, Vec<usize>> {
    static C: std::sync::OnceLock<std::sync::Mutex<Vec<usize>>> = std::sync::OnceLock::new();
    C.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

/// `cudaLogsRegisterCallback(cudaLogsCallback_t, void *userData, cudaLogsCallbackHandle *)`.
///
/// # Safety
/// `out` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaLogsRegisterCallback(
    f: *mut c_void,
    _user: *mut c_void,
    out: *mut *mut c_void,
) -> i32 {
    if f.is_null() || out.is_null() {
        return invalid();
    }
    let mut c = callbacks();
    c.push(f as usize);
    let handle = c.len();
    // SAFETY: non-null and valid for writes per the contract.
    unsafe { out.write(handle as *mut c_void) };
    0
}

/// `cudaLogsUnregisterCallback(cudaLogsCallbackHandle)`.
pub extern "C-unwind" fn cudaLogsUnregisterCallback(h: *mut c_void) -> i32 {
    let mut c = callbacks();
    match (h as usize).checked_sub(1).and_then(|i| c.get_mut(i)) {
        Some(slot) if *slot != 0 => {
            *slot = 0;
            0
        }
        _ => invalid(),
    }
}

/// `cudaLogsCurrent(cudaLogIterator *iterator_out, unsigned int flags)`: the end of the (empty)
/// log.
///
/// # Safety
/// `it` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaLogsCurrent(it: *mut u32, flags: u32) -> i32 {
    if it.is_null() || flags != 0 {
        return invalid();
    }
    // SAFETY: non-null and valid for writes per the contract.
    unsafe { it.write(0) };
    0
}

/// `cudaLogsDumpToFile(cudaLogIterator *iterator, const char *pathToFile, unsigned int flags)`:
/// appends the log entries since `iterator` (none) to the file, creating it.
///
/// # Safety
/// `path` must be a NUL-terminated string; `it` null or valid.
pub unsafe extern "C-unwind" fn cudaLogsDumpToFile(it: *mut u32, path: *const c_char, flags: u32) -> i32 {
    if path.is_null() || flags != 0 {
        return invalid();
    }
    // SAFETY: NUL-terminated per the contract.
    let p = unsafe { std::ffi::CStr::from_ptr(path) }.to_string_lossy().into_owned();
    if std::fs::OpenOptions::new().create(true).append(true).open(&p).is_err() {
        return invalid();
    }
    if !it.is_null() {
        // SAFETY: non-null and valid for writes per the contract.
        unsafe { it.write(0) };
    }
    0
}

/// `cudaLogsDumpToMemory(cudaLogIterator *iterator, char *buffer, size_t *size, unsigned int
/// flags)`: the entries since `iterator` (none): an empty string, `*size` = 0.
///
/// # Safety
/// `buffer` must hold `*size` bytes; `size` and `it` null or valid.
pub unsafe extern "C-unwind" fn cudaLogsDumpToMemory(
    it: *mut u32,
    buffer: *mut c_char,
    size: *mut usize,
    flags: u32,
) -> i32 {
    if buffer.is_null() || size.is_null() || flags != 0 {
        return invalid();
    }
    // SAFETY: valid per the contract.
    unsafe {
        if size.read() > 0 {
            buffer.write(0);
        }
        size.write(0);
        if !it.is_null() {
            it.write(0);
        }
    }
    0
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_batch_logs.rs"));
