//! The default stream of an API call, which the `_ptsz`/`_ptds` variants change.
//!
//! A program compiled with `--default-stream per-thread` calls `cudaMemcpyAsync_ptsz`,
//! `cudaMemcpy_ptds`, ... instead of the plain functions: the same call, except that its
//! default stream is the calling thread's per-thread default stream rather than the legacy
//! one. So stream handle 0 means `cudaStreamPerThread`, and a synchronous copy or set is
//! ordered on the per-thread stream. Every entry point reads stream handles through
//! [`stream`] and orders synchronous work with [`sync`], and each variant runs its plain
//! function under [`per_thread`] (`src/exports/table.rs` names the variants, and the C ABI
//! is generated from it), so a variant cannot drift from the function it varies.

use std::cell::Cell;
use std::ffi::c_void;

use runtime::memory::On;
use runtime::stream::Stream;

thread_local! {
    /// Whether the call running on this thread is a `_ptsz`/`_ptds` variant.
    static PER_THREAD: Cell<bool> = const { Cell::new(false) };
}

/// Runs `call` (a plain entry point) with the default stream its caller chose: the legacy
/// default stream, unless the call is nested in a variant's (the counterpart of [`per_thread`]
/// in the generated entry points).
pub(crate) fn as_called<R>(call: impl FnOnce() -> R) -> R {
    call()
}

/// Runs `call` (the plain function a `_ptsz`/`_ptds` variant varies) with the per-thread
/// default stream as the default stream; the previous default comes back when it returns or
/// unwinds.
pub(crate) fn per_thread<R>(call: impl FnOnce() -> R) -> R {
    /// Restores the default stream of the enclosing call.
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            PER_THREAD.set(self.0);
        }
    }
    let _restore = Restore(PER_THREAD.replace(true));
    call()
}

/// A `cudaStream_t` handle as the runtime's stream: handle 0 is the call's default stream
/// (the legacy default stream, or the per-thread one in a `_ptsz`/`_ptds` variant).
pub(crate) fn stream(s: *mut c_void) -> Stream {
    let s = Stream(s as u64);
    if PER_THREAD.get() { s.per_thread_if_null() } else { s }
}

/// The ordering of a synchronous copy or set: on the call's default stream.
pub(crate) fn sync() -> On {
    On::Sync(stream(std::ptr::null_mut()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `cudaStreamPerThread`, `cudaStreamLegacy` and a created stream's handle.
    const PER_THREAD_HANDLE: usize = 2;
    const LEGACY_HANDLE: usize = 1;
    const CREATED: usize = 0x1000;

    fn handle(h: usize) -> *mut c_void {
        h as *mut c_void
    }

    #[test]
    fn handle_0_is_the_legacy_stream_in_a_plain_call() {
        assert_eq!(stream(handle(0)), Stream::LEGACY);
        assert_eq!(sync(), On::Sync(Stream::LEGACY));
    }

    #[test]
    fn handle_0_is_the_per_thread_stream_in_a_variant() {
        per_thread(|| {
            assert_eq!(stream(handle(0)), Stream::PER_THREAD);
            assert_eq!(sync(), On::Sync(Stream::PER_THREAD));
        });
    }

    #[test]
    fn a_variant_keeps_every_other_handle() {
        per_thread(|| {
            for h in [LEGACY_HANDLE, PER_THREAD_HANDLE, CREATED] {
                assert_eq!(stream(handle(h)), Stream(h as u64));
            }
        });
    }

    #[test]
    fn the_plain_default_comes_back_after_a_variant_returns_or_panics() {
        per_thread(|| per_thread(|| ()));
        assert_eq!(stream(handle(0)), Stream::LEGACY);
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let r = std::panic::catch_unwind(|| per_thread(|| panic!("a bug")));
        std::panic::set_hook(prev);
        assert!(r.is_err());
        assert_eq!(stream(handle(0)), Stream::LEGACY);
    }
}
