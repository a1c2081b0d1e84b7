//! 6.28 Version Management: driver and runtime versions.

// C ABI names.
#![allow(non_snake_case)]

use crate::out;

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

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_api_version.rs"));
