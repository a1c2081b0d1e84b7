//! 6.35 Interactions with the CUDA Driver API: a kernel's driver handle
//! (`cudaGetKernel`, `cudaGetFuncBySymbol`; the handle is the host stub address).

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

/// `cudaGetKernel(cudaKernel_t *kernelPtr, const void *entryFuncAddr)`: the kernel handle is
/// the host stub address.
///
/// # Safety
/// `kernel` must be null or valid for writes.
pub unsafe fn cudaGetKernel(kernel: *mut *mut c_void, entry: *const c_void) -> i32 {
    // SAFETY: `kernel` is null or writable: cudaGetKernel's contract for `kernelPtr`, which is `__cudaGetKernel`'s.
    unsafe { crate::registration::__cudaGetKernel(kernel, entry) }
}

/// `cudaGetFuncBySymbol(cudaFunction_t *functionPtr, const void *symbolPtr)`: as
/// `cudaGetKernel` (the handle is the host stub address).
///
/// # Safety
/// `func` must be null or valid for writes.
pub unsafe fn cudaGetFuncBySymbol(func: *mut *mut c_void, symbol: *const c_void) -> i32 {
    // SAFETY: `func` is null or writable: cudaGetFuncBySymbol's contract for `functionPtr`, which is
    // `__cudaGetKernel`'s.
    unsafe { crate::registration::__cudaGetKernel(func, symbol) }
}
