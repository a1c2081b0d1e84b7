//! The CUDA Runtime API's entry points, one module per section of the CUDA Runtime API
//! reference (CUDA 13.0, chapter 6), so that a function is found where the reference lists it:
//! `cudaStreamSynchronize` (6.4 Stream Management) is in [`stream`], `cudaMemcpy2D` (6.10
//! Memory Management) in [`memory`], `cudaGraphLaunch` (6.30 Graph Management) in [`graph`].
//! A section's `[DEPRECATED]` companion lives with it. These are the implementations; the C
//! ABI (the exported symbols, their panic guards, the `_ptsz`/`_ptds` variants and the entry
//! points that only fix an argument of another) is generated from the table of entry points,
//! `src/exports/table.rs`.

pub mod device;
pub mod driver;
pub mod entry_point;
pub mod error;
pub mod event;
pub mod execution;
pub mod external;
pub mod graph;
pub mod interop;
pub mod library;
pub mod logs;
pub mod memory;
pub mod occupancy;
pub mod peer;
pub mod pool;
pub mod profiler;
pub mod stream;
pub mod surface;
pub mod texture;
pub mod unified;
pub mod version;
