//! 6.28 Version Management: driver and runtime versions.

// C ABI names.
#![allow(non_snake_case)]

use crate::args::Out;

/// `cudaDriverGetVersion(int *version)`: 13000.
pub fn cudaDriverGetVersion(v: Out<i32>) -> i32 {
    v.put(Ok(runtime::CUDA_VERSION))
}

/// `cudaRuntimeGetVersion(int *version)`: 13000.
pub fn cudaRuntimeGetVersion(v: Out<i32>) -> i32 {
    v.put(Ok(runtime::CUDA_VERSION))
}
