//! 6.31 Driver Entry Point Access: `cudaGetDriverEntryPoint(ByVersion)`.
//!
//! Cuprite has no driver API (no `libcuda`), so every driver function is one "not supported on
//! the platform": the reference's answer for that is success with a null function pointer and
//! `cudaDriverEntryPointSymbolNotFound`, which a program checks before calling through it (it
//! was `cudaErrorNotSupported`, and programs that trusted a success called a null pointer).

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use crate::args::{CStrArg, Out};
use crate::invalid;

/// `cudaDriverEntryPointSymbolNotFound`.
const SYMBOL_NOT_FOUND: i32 = 1;

/// `cudaGetDriverEntryPointByVersion(const char *symbol, void **funcPtr, unsigned int
/// cudaVersion, unsigned long long flags, cudaDriverEntryPointQueryResult *driverStatus)`:
/// `cudaErrorInvalidValue` for a null symbol or `funcPtr`, flags other than
/// `cudaEnableDefault`/`LegacyStream`/`PerThreadDefaultStream` (0, 1, 2), or a version above
/// the driver's; else success, a null function and SymbolNotFound (`driverStatus` optional).
pub fn cudaGetDriverEntryPointByVersion(
    symbol: CStrArg,
    func: Out<*mut c_void>,
    version: u32,
    flags: u64,
    status: Out<i32>,
) -> i32 {
    if symbol.is_null() || func.is_null() || flags > 2 || version > runtime::CUDA_VERSION as u32 {
        return invalid();
    }
    func.write(std::ptr::null_mut());
    status.write(SYMBOL_NOT_FOUND);
    0
}

/// `cudaGetDriverEntryPoint(const char *symbol, void **funcPtr, unsigned long long flags,
/// cudaDriverEntryPointQueryResult *driverStatus)`: as
/// [`cudaGetDriverEntryPointByVersion`] at the runtime's version.
pub fn cudaGetDriverEntryPoint(symbol: CStrArg, func: Out<*mut c_void>, flags: u64, status: Out<i32>) -> i32 {
    cudaGetDriverEntryPointByVersion(symbol, func, runtime::CUDA_VERSION as u32, flags, status)
}
