//! Ctrl-C while kernels run: a program stuck in a kernel that never ends is interrupted by the
//! user, who then wants to know which kernel hung. On SIGINT the running kernels are listed on
//! stderr (name and launch configuration), then the process dies of SIGINT as it would have.
//!
//! The handler only writes a byte to a pipe (async-signal-safe); a watcher thread reads it,
//! lists the kernels (taking locks, which a handler must not), restores the default action and
//! raises SIGINT again. A program that installed its own SIGINT handler before its first CUDA
//! registration keeps it (ours is installed only over the default action), and one that
//! installs its own later replaces ours.

use std::ffi::c_void;
use std::sync::Once;
use std::sync::atomic::{AtomicI32, Ordering};

const SIGINT: i32 = 2;
/// `SIG_DFL`.
const DEFAULT_ACTION: usize = 0;
/// `SIG_ERR`.
const SIGNAL_ERROR: usize = usize::MAX;

unsafe extern "C" {
    fn signal(sig: i32, handler: usize) -> usize;
    fn pipe(fds: *mut i32) -> i32;
    fn read(fd: i32, buf: *mut c_void, n: usize) -> isize;
    fn write(fd: i32, buf: *const c_void, n: usize) -> isize;
    fn close(fd: i32) -> i32;
    fn raise(sig: i32) -> i32;
}

/// The pipe's write end, for the handler (-1 until installed).
static WAKE: AtomicI32 = AtomicI32::new(-1);

extern "C" fn on_sigint(_sig: i32) {
    let fd = WAKE.load(Ordering::Relaxed);
    let byte = 1u8;
    // SAFETY: `write` is async-signal-safe; `byte` is a live one-byte buffer.
    unsafe { write(fd, (&raw const byte).cast(), 1) };
}

/// Installs the SIGINT report (once per process; nothing if SIGINT is not at its default
/// action, or if the pipe or thread cannot be made).
pub(crate) fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let mut fds = [-1i32; 2];
        // SAFETY: `fds` has room for the two descriptors `pipe` writes.
        if unsafe { pipe(fds.as_mut_ptr()) } != 0 {
            return;
        }
        WAKE.store(fds[1], Ordering::Relaxed);
        let watcher = std::thread::Builder::new().name("cuprite-sigint".into()).spawn(move || watch(fds[0]));
        if watcher.is_err() {
            return;
        }
        // SAFETY: `on_sigint` is an `extern "C" fn(i32)`, as a signal handler must be.
        let old = unsafe { signal(SIGINT, on_sigint as extern "C" fn(i32) as usize) };
        if old != DEFAULT_ACTION && old != SIGNAL_ERROR {
            // The program handles (or ignores) SIGINT itself: give it back its handler.
            // SAFETY: `old` is the handler `signal` just returned.
            unsafe { signal(SIGINT, old) };
        }
    });
}

/// The watcher: waits for the handler's byte, reports the running kernels, and ends the
/// process by SIGINT's default action.
fn watch(fd: i32) {
    let mut byte = 0u8;
    loop {
        // SAFETY: `byte` is a live one-byte buffer.
        match unsafe { read(fd, (&raw mut byte).cast(), 1) } {
            1 => break,
            -1 => continue, // interrupted: read again
            _ => return,
        }
    }
    let kernels = runtime::launch::running_kernels();
    if !kernels.is_empty() {
        let mut msg = String::from("cuprite: interrupted while kernels were running:\n");
        for k in &kernels {
            msg.push_str("  ");
            msg.push_str(k);
            msg.push('\n');
        }
        eprint!("{msg}");
    }
    // SAFETY: restoring the default action and raising the signal again ends the process as
    // SIGINT would have; `fd` is our pipe's read end, not used afterwards.
    unsafe {
        close(fd);
        signal(SIGINT, DEFAULT_ACTION);
        raise(SIGINT);
    }
}
