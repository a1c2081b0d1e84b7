//! `__device__` symbols (6.10 Memory Management): copies to and from a registered variable,
//! its address and size.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::memory::On;

use crate::registration::{SymbolCopy, symbol};
use crate::{code, invalid, sync};

/// # Safety
/// `c.other` must be valid for `c.count` bytes (reads into the symbol, else writes), until the
/// copy completes when asynchronous.
unsafe fn symbol_copy(c: SymbolCopy, on: runtime::memory::On) -> i32 {
    let r = c.ends().and_then(|(dst, src, kind)| {
        // SAFETY: the host end (`c.other`) is valid for `c.count` bytes: this function's
        // contract; the other end is the symbol's device memory, `count` bytes checked in range.
        unsafe { runtime::memory::memcpy_on(dst, src, c.count, kind, on) }
    });
    code(r)
}

/// `cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
/// cudaMemcpyKind kind)`.
///
/// # Safety
/// `src` must be valid for `count` bytes of reads.
pub unsafe fn cudaMemcpyToSymbol(
    sym: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    // SAFETY: `src` is readable for `count` bytes: cudaMemcpyToSymbol's contract, which is `symbol_copy`'s for the host
    // end.
    unsafe { symbol_copy(SymbolCopy::into_symbol(sym, src, count, offset, kind), sync()) }
}

/// `cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
/// cudaMemcpyKind kind)`.
///
/// # Safety
/// `dst` must be valid for `count` bytes of writes.
pub unsafe fn cudaMemcpyFromSymbol(
    dst: *mut c_void,
    sym: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    // SAFETY: `dst` is writable for `count` bytes: cudaMemcpyFromSymbol's contract, which is `symbol_copy`'s for the
    // host end.
    unsafe { symbol_copy(SymbolCopy::out_of_symbol(dst, sym, count, offset, kind), sync()) }
}

/// `cudaMemcpyToSymbolAsync`.
///
/// # Safety
/// `src` must stay valid for `count` bytes of reads until the copy completes.
pub unsafe fn cudaMemcpyToSymbolAsync(
    sym: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: `src` stays readable for `count` bytes until the copy completes: cudaMemcpyToSymbolAsync's contract,
    // which is `symbol_copy`'s for an asynchronous copy.
    unsafe { symbol_copy(SymbolCopy::into_symbol(sym, src, count, offset, kind), On::Async(crate::stream(stream))) }
}

/// `cudaMemcpyFromSymbolAsync`.
///
/// # Safety
/// `dst` must stay valid for `count` bytes of writes until the copy completes.
pub unsafe fn cudaMemcpyFromSymbolAsync(
    dst: *mut c_void,
    sym: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: `dst` stays writable for `count` bytes until the copy completes: cudaMemcpyFromSymbolAsync's contract,
    // which is `symbol_copy`'s for an asynchronous copy.
    unsafe { symbol_copy(SymbolCopy::out_of_symbol(dst, sym, count, offset, kind), On::Async(crate::stream(stream))) }
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
