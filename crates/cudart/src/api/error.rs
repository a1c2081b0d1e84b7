//! 6.3 Error Handling: the last error and the names and descriptions of error codes.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_char;

use crate::code;

/// `cudaGetLastError()`.
pub fn cudaGetLastError() -> i32 {
    code(runtime::get_last_error())
}

/// `cudaPeekAtLastError()`.
pub fn cudaPeekAtLastError() -> i32 {
    code(runtime::peek_at_last_error())
}

/// `const char *cudaGetErrorName(cudaError_t)`.
pub fn cudaGetErrorName(e: i32) -> *const c_char {
    runtime::error::error_name_c(e).as_ptr()
}

/// `const char *cudaGetErrorString(cudaError_t)`.
pub fn cudaGetErrorString(e: i32) -> *const c_char {
    runtime::error::error_string_c(e).as_ptr()
}
