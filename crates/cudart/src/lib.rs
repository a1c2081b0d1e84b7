//! `libcudart.so.13` for nvcc-built programs: the CUDA Runtime C ABI of CUDA 13.0 over
//! `cuprite-runtime`, so that a program built with `nvcc -cudart shared` runs unchanged on
//! Cuprite's CPU device (`cuprite exec ./app`, or `LD_LIBRARY_PATH` pointing at a directory
//! where `libcudart.so.13` is this library).
//!
//! - [`api`]: the CUDA Runtime API, one module per section of the Runtime API reference
//!   (`api::stream` for 6.4 Stream Management, `api::memory` for 6.10 Memory Management, ...);
//! - [`registration`]: the registration and launch ABI nvcc's generated host code calls
//!   (`__cudaRegisterFatBinary`, `__cudaRegisterFunction`, `__cudaRegisterVar`,
//!   `__cudaPushCallConfiguration`, `__cudaLaunchKernel`, ...) and the registry of kernels and
//!   variables;
//! - [`args`]: the pointer arguments (`Out`, `In`, `CStrArg`), whose contract is argued
//!   once there;
//! - `interrupt`: Ctrl-C while kernels run names them before the process dies;
//! - `readable`: which of the program's pointers may be read;
//! - `default_stream`: the default stream of a call, which the `_ptsz`/`_ptds` variants
//!   make the per-thread one;
//! - `exports`: the C ABI, generated from the table of entry points.
//!
//! Every symbol CUDA 13.0's libcudart.so.13 exports is exported (under version node
//! `libcudart.so.13`); the ones not implemented yet print a one-time note and return
//! `cudaErrorNotSupported` (801). `exports` generates the C ABI from one table of every
//! entry point (`src/exports/table.rs`); `build.rs` writes the linker version script.
//!
//! The cargo output is `libcudart.so` (crate name `cudart`); its SONAME is `libcudart.so.13`.
//! Programs look for the file `libcudart.so.13`: `cuprite exec` and the tests make a
//! `libcudart.so.13` symlink to it.

pub mod api;
pub mod args;
mod default_stream;
mod exports;
mod interrupt;
pub mod nvtx;
mod readable;
pub mod registration;

use default_stream::{stream, sync};
use std::collections::HashSet;
use std::sync::Mutex;

/// What an exported function returns when its implementation panicked (a bug in Cuprite):
/// an error code where the function returns one, else a null or zero value.
trait OnPanic {
    fn on_panic() -> Self;
}

impl OnPanic for i32 {
    /// `cudaErrorUnknown`, recorded as the thread's last error.
    fn on_panic() -> i32 {
        code(runtime::record::<()>(Err(runtime::Error::Unknown)))
    }
}

impl OnPanic for () {
    fn on_panic() {}
}

impl OnPanic for u32 {
    fn on_panic() -> u32 {
        0
    }
}

impl OnPanic for std::ffi::c_char {
    fn on_panic() -> std::ffi::c_char {
        0
    }
}

impl OnPanic for runtime::array::ChannelDesc {
    fn on_panic() -> Self {
        Self::default()
    }
}

impl<T> OnPanic for *mut T {
    fn on_panic() -> Self {
        std::ptr::null_mut()
    }
}

impl<T> OnPanic for *const T {
    fn on_panic() -> Self {
        std::ptr::null()
    }
}

/// Runs exported function `name`'s implementation `f`; a panic in it becomes the function's
/// error value ([`OnPanic`]) and a line on stderr naming the function, instead of unwinding
/// into the caller's C code (which would abort the program). Every export goes through one
/// (`exports` generates them).
fn guard<R: OnPanic>(name: &str, f: impl FnOnce() -> R) -> R {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(_) => {
            eprintln!(
                "cuprite: internal error in {name} (a bug in Cuprite; please report it): it returns an error instead"
            );
            R::on_panic()
        }
    }
}

/// `cudaErrorNotSupported`.
const NOT_SUPPORTED: i32 = 801;

/// The body of every stub: a one-time note on stderr, then `cudaErrorNotSupported`.
fn not_implemented(name: &'static str) -> i32 {
    static NOTED: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);
    let mut g = NOTED.lock().unwrap_or_else(|e| e.into_inner());
    if g.get_or_insert_with(HashSet::new).insert(name) {
        eprintln!("cuprite: {name} is not implemented yet");
    }
    runtime::record::<()>(Err(runtime::Error::NotSupported)).map_or(NOT_SUPPORTED, |_| 0)
}

/// A runtime result as a `cudaError_t` (the error was already recorded as the last error).
fn code<T>(r: runtime::Result<T>) -> i32 {
    runtime::error::code_of(&r)
}

/// `cudaErrorInvalidValue`, recorded as the thread's last error.
fn invalid() -> i32 {
    code(runtime::record::<()>(Err(runtime::Error::InvalidValue)))
}

/// Writes `r`'s value through the output pointer `p` (null → `cudaErrorInvalidValue`).
///
/// # Safety
/// `p` must be null or valid for writes.
unsafe fn out<T>(p: *mut T, r: runtime::Result<T>) -> i32 {
    if p.is_null() {
        return invalid();
    }
    code(r.map(|v| {
        // SAFETY: non-null and valid for writes per the contract.
        unsafe { p.write(v) }
    }))
}

/// Writes device `printf` output through the C library's `stdout` (then flushes it), so that
/// it is ordered with the program's own stdio output exactly as on CUDA.
fn printf_to_c_stdout(out: &[u8]) {
    unsafe extern "C" {
        static mut stdout: *mut std::ffi::c_void;
        fn fwrite(ptr: *const std::ffi::c_void, size: usize, n: usize, f: *mut std::ffi::c_void) -> usize;
        fn fflush(f: *mut std::ffi::c_void) -> i32;
    }
    // SAFETY: `stdout` is the C library's standard output stream (initialized before any
    // constructor runs); `fwrite`/`fflush` lock it internally, and `out` is a live slice.
    unsafe {
        let so = std::ptr::addr_of!(stdout).read();
        if so.is_null() {
            return;
        }
        fwrite(out.as_ptr().cast(), 1, out.len(), so);
        fflush(so);
    }
}

/// Routes device `printf` output through C's `stdout` (idempotent).
pub(crate) fn install_printf_sink() {
    let _ = runtime::printf::PRINTF_SINK.set(printf_to_c_stdout);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_in_an_export_becomes_cuda_error_unknown_and_the_last_error() {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let r: i32 = guard("cudaTestExport", || panic!("a bug"));
        let p: *mut u8 = guard("cudaTestPointer", || panic!("a bug"));
        std::panic::set_hook(prev);
        assert_eq!(r, 999);
        assert!(p.is_null());
        assert_eq!(api::error::cudaGetLastError(), 999);
        assert_eq!(api::error::cudaGetLastError(), 0);
    }

    #[test]
    fn a_normal_return_passes_through_the_guard() {
        assert_eq!(guard("cudaTestExport", || 7i32), 7);
    }
}
