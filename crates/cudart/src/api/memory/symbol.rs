//! `__device__` symbols (6.10 Memory Management): copies to and from a registered variable,
//! its address and size.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use crate::registration::{SymbolCopy, symbol};
use crate::{code, invalid};

/// The copy `c` between a symbol and host or device memory, ordered `on` (`cudaMemcpyToSymbol`,
/// `cudaMemcpyFromSymbol` and their `Async` forms).
///
/// # Safety
/// `c.other` must be valid for `c.count` bytes (reads into the symbol, else writes), until the
/// copy completes when asynchronous.
pub(crate) unsafe fn symbol_copy(c: SymbolCopy, on: runtime::memory::On) -> i32 {
    let r = c.ends().and_then(|(dst, src, kind)| {
        // SAFETY: the host end (`c.other`) is valid for `c.count` bytes: this function's
        // contract; the other end is the symbol's device memory, `count` bytes checked in range.
        unsafe { runtime::memory::memcpy_on(dst, src, c.count, kind, on) }?;
        Ok((dst, src, kind))
    });
    if let Ok((dst, src, kind)) = r {
        let (d, s) = (dst as *mut std::ffi::c_void, src as *const std::ffi::c_void);
        let p = crate::api::graph::node::linear_copy_params(d, c.count, s, c.count, (c.count, 1), kind as i32);
        crate::api::graph::node::annotate_captured(on, runtime::graph::NodeType::Memcpy, &p);
    }
    code(r)
}

/// `cudaGetSymbolAddress(void **devPtr, const void *symbol)`.
///
/// # Safety
/// `dev_ptr` must be valid for writes.
pub unsafe fn cudaGetSymbolAddress(dev_ptr: *mut *mut c_void, sym: *const c_void) -> i32 {
    if dev_ptr.is_null() {
        return invalid();
    }
    let r = symbol(sym).map(|(p, _)| {
        // SAFETY: valid for writes per the contract.
        unsafe { dev_ptr.write(p.0 as *mut c_void) }
    });
    code(r)
}

/// `cudaGetSymbolSize(size_t *size, const void *symbol)`.
///
/// # Safety
/// `size` must be valid for writes.
pub unsafe fn cudaGetSymbolSize(size: *mut usize, sym: *const c_void) -> i32 {
    if size.is_null() {
        return invalid();
    }
    let r = symbol(sym).map(|(_, n)| {
        // SAFETY: valid for writes per the contract.
        unsafe { size.write(n) }
    });
    code(r)
}
