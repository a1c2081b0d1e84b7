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
//! - [`array`](mod@array) and [`texture`]: CUDA arrays (and copies to/from them), texture and surface
//!   objects (registered in simt's texture registry of the device memory);
//! - [`reset`]: `cudaDeviceReset`, which tears down every layer;
//! - [`profile`]: `CUPRITE_PROFILE` and `CUPRITE_TRACE`.
//!
//! The modules are layered, each naming only modules of the layers below it (checked by
//! `crates/cli/tests/layering.rs`):
//! 1. [`error`], `work` (the node types and repeatable work that streams and graphs share),
//!    [`printf`] (device output waiting for a synchronization point);
//! 2. `context`: device memory, allocation tables, handles, the error state (sticky,
//!    asynchronous, each thread's last error) and the API-call wrapper;
//! 3. [`device`], [`profile`];
//! 4. [`stream`], then [`event`] (which also holds `cudaStreamWaitEvent`);
//! 5. [`memory`], [`module`], [`launch`], [`ipc`], [`array`](mod@array), [`texture`];
//! 6. [`graph`], which installs stream capture into the layers below as hooks (a
//!    capturing stream's state, the checks over every capture, the capture of a kernel launch);
//! 7. [`reset`].
//!
//! Errors follow CUDA: kernel faults are reported asynchronously (at the next synchronizing
//! call) and are *sticky* — every later call returns them until [`reset::device_reset`].
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
pub mod image;
pub mod ipc;
pub mod launch;
pub mod memory;
pub mod module;
pub mod printf;
pub mod profile;
pub mod reset;
pub mod stream;
pub mod texture;

mod context;
mod host_access;
mod interprocess_event;
mod managed_ranges;
mod managed_variables;
mod work;

pub use context::{get_last_error, peek_at_last_error, record, run_host_function, usable};
pub use error::{Error, Result};
pub use simt::{DevicePtr, Dim3};

/// `cudaDriverGetVersion` / `cudaRuntimeGetVersion`: 13000 (CUDA 13.0).
pub const CUDA_VERSION: i32 = 13000;
