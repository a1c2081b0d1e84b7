//! 6.9 Occupancy: the occupancy calculator (blocks and clusters per multiprocessor,
//! dynamic shared memory per block).

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::{Error, record};

use crate::api::execution::{LaunchConfigC, launch_attrs};
use crate::args::{In, Out};
use crate::registration::function_for_handle;
use crate::{code, invalid};

/// `cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func, int
/// numBlocks, int blockSize)`: the most dynamic shared memory per block that still lets
/// `numBlocks` blocks of `blockSize` threads reside on one multiprocessor.
pub fn cudaOccupancyAvailableDynamicSMemPerBlock(
    size: Out<usize>,
    func: *const c_void,
    num_blocks: i32,
    block_size: i32,
) -> i32 {
    size.put_with(|| {
        let f = function_for_handle(func as usize)?;
        record(runtime::launch::available_dynamic_shared(&f, num_blocks, block_size))
    })
}

/// `cudaOccupancyMaxPotentialClusterSize(int *clusterSize, const void *func, const
/// cudaLaunchConfig_t *config)`: the portable maximum of 8 blocks, 16 for a kernel that
/// allows non-portable cluster sizes (the blocks of a cluster share one worker thread). A
/// configuration whose cluster does not divide its grid is InvalidClusterSize, as on an H200
/// (tests/program-diff/cluster_cg_queries.cu).
///
/// # Safety
/// The configuration's `attrs` must hold `numAttrs` entries.
pub unsafe fn cudaOccupancyMaxPotentialClusterSize(
    size: Out<i32>,
    func: *const c_void,
    config: In<LaunchConfigC>,
) -> i32 {
    size.put_with(|| {
        let f = function_for_handle(func as usize)?;
        let c = record(config.read())?;
        // SAFETY: `attrs` holds `numAttrs` entries per the contract.
        let attrs = record(launch_attrs(unsafe { config_attrs(&c) }))?;
        record(runtime::launch::cluster_grid(&f, c.gridDim.into(), attrs.cluster))?;
        let max =
            if f.non_portable_cluster() { runtime::launch::MAX_CLUSTER } else { runtime::launch::MAX_PORTABLE_CLUSTER };
        Ok(max as i32)
    })
}

/// The launch attributes of a configuration.
///
/// # Safety
/// `c.attrs` must hold `c.numAttrs` entries (or be null, or `numAttrs` 0).
unsafe fn config_attrs(c: &LaunchConfigC) -> &[crate::api::execution::LaunchAttribute] {
    if c.numAttrs == 0 || c.attrs.is_null() {
        &[]
    } else {
        // SAFETY: `attrs` holds `numAttrs` entries per the caller's contract.
        unsafe { std::slice::from_raw_parts(c.attrs, c.numAttrs as usize) }
    }
}

/// `cudaOccupancyMaxActiveClusters(int *numClusters, const void *func, const
/// cudaLaunchConfig_t *config)`: the resident blocks of the whole device for the
/// configuration's block size and shared memory, divided by the cluster size (the
/// configuration's cluster attribute or the kernel's required one).
///
/// # Safety
/// The configuration's `attrs` must hold `numAttrs` entries.
pub unsafe fn cudaOccupancyMaxActiveClusters(num: Out<i32>, func: *const c_void, config: In<LaunchConfigC>) -> i32 {
    num.put_with(|| {
        let f = function_for_handle(func as usize)?;
        let c = record(config.read())?;
        // SAFETY: `attrs` holds `numAttrs` entries per the contract.
        let attrs = record(launch_attrs(unsafe { config_attrs(&c) }))?;
        let shared = u32::try_from(c.dynamicSmemBytes).map_err(|_| Error::InvalidValue);
        let n = record(shared.and_then(|s| {
            runtime::launch::max_active_clusters(&f, c.gridDim.into(), c.blockDim.into(), s, attrs.cluster)
        }))?;
        Ok(n.min(i32::MAX as u64) as i32)
    })
}

/// `cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
/// int blockSize, size_t dynamicSMemSize, unsigned int flags)`: `flags` is
/// `cudaOccupancyDefault` or `cudaOccupancyDisableCachingOverride` (no cache to override here).
///
/// # Safety
/// `num_blocks` must be valid for writes.
pub unsafe fn cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    num_blocks: *mut i32,
    func: *const c_void,
    block_size: i32,
    dynamic_smem: usize,
    flags: u32,
) -> i32 {
    /// `cudaOccupancyDisableCachingOverride`.
    const DISABLE_CACHING_OVERRIDE: u32 = 1;
    if num_blocks.is_null() || flags & !DISABLE_CACHING_OVERRIDE != 0 {
        return invalid();
    }
    // After a kernel fault: the sticky error (tests/program-diff/sticky_error_calls.cu).
    let r = runtime::usable()
        .and_then(|()| function_for_handle(func as usize))
        .and_then(|f| runtime::launch::max_active_blocks_per_sm(&f, block_size, dynamic_smem));
    if let Ok(n) = r {
        // SAFETY: valid for writes per the contract.
        unsafe { num_blocks.write(n) };
    }
    code(r)
}
