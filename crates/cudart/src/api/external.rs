//! 6.20 External Resource Interoperability: memory and semaphores imported from other APIs
//! (Vulkan, Direct3D, NvSciBuf, ...).
//!
//! Nothing can be imported into Cuprite's CPU device (`cudaImportExternalMemory` and
//! `cudaImportExternalSemaphore` answer `cudaErrorNotSupported`), so every external memory or
//! semaphore handle a program passes is invalid: the calls that take one answer
//! `cudaErrorInvalidValue`, as an H200 answers them for a null handle or an empty list
//! (tests/program-diff/runtime18_api_rare_entry_points.cu's recording).

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::{Error, record};

use crate::code;

fn invalid() -> i32 {
    code(record::<()>(Err(Error::InvalidValue)))
}

/// `cudaDestroyExternalMemory(cudaExternalMemory_t extMem)`.
pub fn cudaDestroyExternalMemory(_ext_mem: *mut c_void) -> i32 {
    invalid()
}

/// `cudaDestroyExternalSemaphore(cudaExternalSemaphore_t extSem)`.
pub fn cudaDestroyExternalSemaphore(_ext_sem: *mut c_void) -> i32 {
    invalid()
}

/// `cudaSignalExternalSemaphoresAsync(const cudaExternalSemaphore_t *extSemArray, const struct
/// cudaExternalSemaphoreSignalParams *paramsArray, unsigned numExtSems, cudaStream_t stream)`:
/// no semaphore exists (an empty list too is an invalid value).
pub fn cudaSignalExternalSemaphoresAsync(
    _sems: *const c_void,
    _params: *const c_void,
    _n: u32,
    _s: *mut c_void,
) -> i32 {
    invalid()
}

/// `cudaWaitExternalSemaphoresAsync(...)`: as [`cudaSignalExternalSemaphoresAsync`].
pub fn cudaWaitExternalSemaphoresAsync(_sems: *const c_void, _params: *const c_void, _n: u32, _s: *mut c_void) -> i32 {
    invalid()
}

/// `cudaDeviceGetNvSciSyncAttributes(void *nvSciSyncAttrList, int device, int flags)`: there is
/// no NvSciSync on this platform, so cudaErrorNotSupported, as an H200 under Linux answers
/// (tests/program-diff/guide18_runtime_misc13.cu).
pub fn cudaDeviceGetNvSciSyncAttributes(_list: *mut c_void, _device: i32, _flags: i32) -> i32 {
    code(record::<()>(Err(Error::NotSupported)))
}
