//! Cuprite's CUDA runtime: the semantics of the CUDA Runtime API over the CPU SIMT device
//! (`simt`), as a safe, `Result`-based Rust API. `libcudart.so.13` (crate `cuprite-cudart`) is a
//! thin C ABI layer over this crate.
//!
//! - [`error`]: every `cudaError_t` of CUDA 13.0 with its exact value, name and string, and the
//!   per-thread last-error state ([`get_last_error`], [`peek_at_last_error`]);
//! - [`device`]: the one device, "Cuprite CPU (N cores)", compute capability 9.0, and its
//!   `cudaDeviceProp`;
//! - [`memory`]: device allocations (simt [`DevicePtr`]s), pinned host memory, copies, memset;
//! - [`module`]: PTX modules loaded into simt programs, their kernels and variables;
//! - [`stream`] and [`event`]: asynchronous, ordered work queues (one worker thread per stream)
//!   with the legacy default stream's implicit synchronization, and events;
//! - [`launch`]: kernel launches with CUDA's validation and error codes;
//! - [`graph`]: CUDA graphs, explicit and by stream capture;
//! - [`ipc`]: device memory and events shared with other processes (`cudaIpc*`);
//! - [`array`] and [`texture`]: CUDA arrays (and copies to/from them), texture and surface
//!   objects (registered in simt's texture registry of the device memory).
//!
//! Errors follow CUDA: kernel faults are reported asynchronously (at the next synchronizing
//! call) and are *sticky* — every later call returns them until [`device::reset`].
//!
//! ```no_run
//! use runtime::{Dim3, launch, memory, module::Module, stream, stream::Stream};
//! # fn main() -> Result<(), runtime::Error> {
//! let m = Module::load_ptx(include_str!("../examples/scale.ptx"))?;
//! let k = m.function("scale")?;
//! let buf = memory::malloc(4 * 256)?;
//! memory::memcpy_htod(buf, &[0u8; 1024])?;
//! launch::launch(&k, Dim3::x(1), Dim3::x(256), 0, Stream::LEGACY, &[&buf.0.to_le_bytes(), &2.0f32.to_le_bytes()])?;
//! stream::device_synchronize()?;
//! # Ok(()) }
//! ```

pub mod array;
pub mod device;
pub mod error;
pub mod event;
pub mod graph;
pub mod ipc;
pub mod launch;
pub mod memory;
pub mod module;
pub mod profile;
pub mod stream;
pub mod texture;

mod context;
mod host_access;
mod managed_ranges;
mod managed_variables;

pub use error::{Error, Result};
pub use simt::{DevicePtr, Dim3};

use std::cell::Cell;

thread_local! {
    static LAST_ERROR: Cell<i32> = const { Cell::new(0) };
}

/// Records `r`'s error (if any) as the calling thread's last error, and returns `r`.
///
/// [`Error::NotReady`] is not recorded: it is "not actually an error" (CUDA's words), and
/// every call that answers it (`cudaStreamQuery`, `cudaEventQuery`, `cudaEventElapsedTime`, ...)
/// leaves the last error as it was, as on a GPU (tests/gpu-programs/probe_not_ready.txt; the
/// other statuses probed there, such as `cudaErrorHostMemoryAlreadyRegistered`, are recorded).
pub fn record<T>(r: Result<T>) -> Result<T> {
    if let Err(e) = &r
        && *e != Error::NotReady
    {
        LAST_ERROR.with(|c| c.set(e.code()));
    }
    r
}

/// `cudaGetLastError`: the last error of this thread (or the sticky error), resetting the
/// thread's (non-sticky) last error to success.
pub fn get_last_error() -> Result<()> {
    if let Some(e) = context::sticky() {
        return Err(e);
    }
    let code = LAST_ERROR.with(|c| c.replace(0));
    match Error::from_code(code) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// After `cudaDeviceReset`: the calling thread's last error no longer reports the (gone)
/// sticky error.
pub(crate) fn forget_sticky_last_error() {
    LAST_ERROR.with(|c| {
        if Error::from_code(c.get()).is_some_and(|e| e.is_sticky()) {
            c.set(0);
        }
    });
}

/// `cudaPeekAtLastError`: like [`get_last_error`] without resetting.
pub fn peek_at_last_error() -> Result<()> {
    if let Some(e) = context::sticky() {
        return Err(e);
    }
    match Error::from_code(LAST_ERROR.with(Cell::get)) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// `cudaDriverGetVersion` / `cudaRuntimeGetVersion`: 13000 (CUDA 13.0).
pub const CUDA_VERSION: i32 = 13000;
