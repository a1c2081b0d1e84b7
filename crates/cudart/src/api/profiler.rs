//! 6.36 Profiler Control: there is no profiler to start or stop; both succeed.

// C ABI names.
#![allow(non_snake_case)]

use runtime::record;

use crate::code;

/// `cudaProfilerStart()`: there is no profiler to start; succeeds.
pub fn cudaProfilerStart() -> i32 {
    code(record(Ok(())))
}

/// `cudaProfilerStop()`: succeeds.
pub fn cudaProfilerStop() -> i32 {
    code(record(Ok(())))
}
