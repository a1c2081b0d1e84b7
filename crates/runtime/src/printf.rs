//! The printf FIFO as the host sees it: device `printf` output waits here until a
//! synchronization point writes it out, as a GPU's output waits in its FIFO until the driver
//! reads it there. An H200 prints at cudaDeviceSynchronize, cudaStreamSynchronize (of any
//! stream), cudaEventSynchronize, a blocking cudaMemcpy, cudaFree and cudaDeviceReset; not at a
//! launch (kernel or graph: the Programming Guide's "Formatted Output" says a launch is one),
//! a query, cudaMemset, cudaMemcpyAsync or cudaMalloc, nor at exit without a synchronization
//! (tests/program-diff/runtime18_printf_flush.cu). A host line printed between a kernel and the
//! next of these comes before what the kernel printed, whenever the kernel ran.
//!
//! The FIFO's room is the device's (`simt::DeviceMemory::printf_reserve`): records that do not
//! fit are dropped as the kernel prints them; [`flush`] frees the room again. (An H200's FIFO
//! is circular: past its size the oldest records are overwritten, and how many survive depends
//! on timing: tests/gpu-programs/runtime18_printf_fifo.txt.)
//!
//! This layer names nothing else of the crate (the context's synchronizations call it).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

/// Whether a kernel has printed since the device memory was created (the printf FIFO size
/// can no longer be set, as on CUDA after a launch of a kernel that uses `printf`).
pub static PRINTF_USED: AtomicBool = AtomicBool::new(false);

/// Where device `printf` output goes: by default the process's stdout through Rust's
/// `std::io::stdout` (written and flushed at the synchronization point). A C ABI layer may
/// install a sink that writes through the C library's `stdout` instead, so device output
/// interleaves with host `printf` output exactly as on CUDA even when stdout is a fully
/// buffered pipe.
pub static PRINTF_SINK: OnceLock<fn(&[u8])> = OnceLock::new();

/// Output of finished launches not yet written out, in the order the launches finished.
static PENDING: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// Serializes [`flush`]es, so that output taken from [`PENDING`] is written in order.
static WRITING: Mutex<()> = Mutex::new(());

/// Adds a finished launch's `printf` output to what the next synchronization point writes.
pub fn push(out: &[u8]) {
    if out.is_empty() {
        return;
    }
    PRINTF_USED.store(true, Ordering::Relaxed);
    PENDING.lock().unwrap_or_else(|e| e.into_inner()).extend_from_slice(out);
}

/// A synchronization point: writes the output waiting in the FIFO to the sink, and frees the
/// FIFO's room in `mem`.
pub fn flush(mem: &simt::DeviceMemory) {
    let _order = WRITING.lock().unwrap_or_else(|e| e.into_inner());
    let out = std::mem::take(&mut *PENDING.lock().unwrap_or_else(|e| e.into_inner()));
    mem.printf_drained();
    if out.is_empty() {
        return;
    }
    match PRINTF_SINK.get() {
        Some(sink) => sink(&out),
        None => {
            use std::io::Write;
            let mut so = std::io::stdout().lock();
            // Output errors (a closed stdout) are ignored, as CUDA's printf does.
            let _ = so.write_all(&out);
            let _ = so.flush();
        }
    }
}
