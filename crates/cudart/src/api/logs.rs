//! 6.29 Error Log Management Functions (`cudaLogs*`).
//!
//! The log API reads the driver's log buffer of errors and warnings. Cuprite's runtime reports
//! its diagnostics (kernel faults, unsupported features) on stderr as they happen and keeps no
//! such buffer, so the log is always empty: iterators stay at 0, dumps write nothing, and
//! registered callbacks are kept but never called.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::{c_char, c_void};

use crate::args::CStrArg;
use crate::invalid;

/// Registered log callbacks (kept for unregistering; the log stays empty, so never called).
fn callbacks() -> std::sync::MutexGuard<'static, Vec<usize>> {
    static C: std::sync::OnceLock<std::sync::Mutex<Vec<usize>>> = std::sync::OnceLock::new();
    C.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

/// `cudaLogsRegisterCallback(cudaLogsCallback_t, void *userData, cudaLogsCallbackHandle *)`.
///
/// # Safety
/// `out` must be null or valid for writes.
pub unsafe fn cudaLogsRegisterCallback(f: *mut c_void, _user: *mut c_void, out: *mut *mut c_void) -> i32 {
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
pub fn cudaLogsUnregisterCallback(h: *mut c_void) -> i32 {
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
/// log. `flags` is reserved and not checked (an H200 accepts 1:
/// tests/program-diff/guide18_runtime_misc13.cu).
///
/// # Safety
/// `it` must be null or valid for writes.
pub unsafe fn cudaLogsCurrent(it: *mut u32, _flags: u32) -> i32 {
    if it.is_null() {
        return invalid();
    }
    // SAFETY: non-null and valid for writes per the contract.
    unsafe { it.write(0) };
    0
}

/// `cudaLogsDumpToFile(cudaLogIterator *iterator, const char *pathToFile, unsigned int flags)`:
/// appends the log entries since `iterator` (none) to the file, creating it. `flags` is reserved
/// and not checked (an H200 accepts 1).
///
/// # Safety
/// `path` must be a NUL-terminated string; `it` null or valid.
pub unsafe fn cudaLogsDumpToFile(it: *mut u32, path: CStrArg, _flags: u32) -> i32 {
    if path.is_null() {
        return invalid();
    }
    let Some(p) = path.to_string_lossy() else { return invalid() };
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
pub unsafe fn cudaLogsDumpToMemory(it: *mut u32, buffer: *mut c_char, size: *mut usize, flags: u32) -> i32 {
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
