//! 6.13 Unified Addressing: pointer attributes.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::memory::{self};

use crate::args::Out;

/// `cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr)`.
pub fn cudaPointerGetAttributes(attr: Out<memory::PointerAttributes>, ptr: *const c_void) -> i32 {
    attr.put(memory::pointer_attributes(ptr as u64))
}
