//! 6.36 Profiler Control: there is no profiler to start or stop; both succeed.

// C ABI names.
#![allow(non_snake_case)]

use runtime::record;

use crate::code;

/// `cudaProfilerStart()`: there is no profiler to start; succeeds.
pub extern "C-unwind" fn cudaProfilerStart() -> i32 {
    code(record(Ok(())))
}

/// `cudaProfilerStop()`: succeeds.
pub extern "C-unwind" fn cudaProfilerStop() -> i32 {
    code(record(Ok(())))
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_api_profiler.rs"));
