//! 6.13 Unified Addressing: pointer attributes.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::memory::{self};

use crate::out;

/// `cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr)`.
///
/// # Safety
/// `attr` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaPointerGetAttributes(
    attr: *mut memory::PointerAttributes,
    ptr: *const c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(attr, memory::pointer_attributes(ptr as u64)) }
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_api_unified.rs"));
