//! 6.28 Version Management: driver and runtime versions.

// C ABI names.
#![allow(non_snake_case)]

use crate::args::Out;

/// `cudaDriverGetVersion(int *version)`: 13000.
pub extern "C-unwind" fn cudaDriverGetVersion(v: Out<i32>) -> i32 {
    v.put(Ok(runtime::CUDA_VERSION))
}

/// `cudaRuntimeGetVersion(int *version)`: 13000.
pub extern "C-unwind" fn cudaRuntimeGetVersion(v: Out<i32>) -> i32 {
    v.put(Ok(runtime::CUDA_VERSION))
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_api_version.rs"));
