//! `cudaDeviceReset`: it tears down every layer's state, so it sits above them all.

use crate::context::ctx;
use crate::error::Result;

/// `cudaDeviceReset`: waits for all work, frees every allocation, destroys every stream and
/// event, and clears the sticky error. Loaded modules stay loaded (their variables are
/// re-initialized on next use).
pub fn device_reset() -> Result<()> {
    crate::stream::reset();
    // Destroying the context writes out the printf FIFO.
    crate::printf::flush(&ctx().mem());
    crate::event::reset();
    crate::array::reset();
    crate::ipc::forget();
    ctx().reset(crate::memory::remap_host);
    crate::device::reset_limits();
    crate::context::lose_context();
    Ok(())
}
