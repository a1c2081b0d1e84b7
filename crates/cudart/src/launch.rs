//! `cudaLaunchKernelEx` (launch attributes), cooperative launches (grid-wide sync) and the
//! occupancy calculator.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::event::Event;
use runtime::launch::{LaunchAttrs, LaunchConfig};
use runtime::stream::Stream;
use runtime::{Dim3, Error, Result, record};

use crate::register::{Dim3C, function_for, prepare_launch};
use crate::{code, out_with};

/// `cudaLaunchAttribute`: `{ cudaLaunchAttributeID id; char pad[4]; cudaLaunchAttributeValue
/// val; }` (the value is a 64-byte union).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct LaunchAttribute {
    /// `cudaLaunchAttributeID`.
    pub id: i32,
    /// Padding.
    pub pad: [u8; 4],
    /// `cudaLaunchAttributeValue`, as raw words.
    pub val: [u32; 16],
}

/// `cudaLaunchConfig_t`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct LaunchConfigC {
    /// `dim3 gridDim`.
    pub gridDim: Dim3C,
    /// `dim3 blockDim`.
    pub blockDim: Dim3C,
    /// `size_t dynamicSmemBytes`.
    pub dynamicSmemBytes: usize,
    /// `cudaStream_t stream`.
    pub stream: *mut c_void,
    /// `cudaLaunchAttribute *attrs` (nullable if `numAttrs` is 0).
    pub attrs: *const LaunchAttribute,
    /// `unsigned int numAttrs`.
    pub numAttrs: u32,
}

/// The attributes CUDA 13.0 defines (`cudaLaunchAttributeID`), as the CPU device applies
/// them: cooperative (2), cluster dimension (4), priority (8) and completion events (7, 12)
/// change the launch; the performance hints (1, 3, 5, 6, 9, 10, 11, 13, 14, 16) are accepted
/// and have no effect; Ignore (0) entries are skipped; anything else is
/// `cudaErrorInvalidValue`.
pub fn launch_attrs(list: &[LaunchAttribute]) -> Result<LaunchAttrs> {
    let mut a = LaunchAttrs::default();
    for at in list {
        let v = &at.val;
        match at.id {
            0 | 1 | 3 | 5 | 6 | 9 | 10 | 11 | 13 | 14 | 16 => {}
            2 => a.cooperative = v[0] != 0,
            4 => a.cluster = Some(Dim3::new(v[0], v[1], v[2])),
            8 => a.priority = v[0] as i32,
            7 | 12 => {
                let e = u64::from(v[0]) | (u64::from(v[1]) << 32);
                if e == 0 {
                    return Err(Error::InvalidValue);
                }
                a.completion_event = Some(Event(e));
            }
            _ => return Err(Error::InvalidValue),
        }
    }
    Ok(a)
}

/// # Safety
/// `config` valid; `args` as for `cudaLaunchKernel`.
unsafe fn launch_ex(config: *const LaunchConfigC, func: *const c_void, args: *mut *mut c_void, ptsz: bool) -> i32 {
    crate::install_printf_sink();
    let r = (|| {
        if config.is_null() {
            return record(Err(Error::InvalidValue));
        }
        // SAFETY: non-null, valid per the contract.
        let c = unsafe { config.read() };
        let list = if c.numAttrs == 0 {
            &[][..]
        } else if c.attrs.is_null() {
            return record(Err(Error::InvalidValue));
        } else {
            // SAFETY: `attrs` holds `numAttrs` entries per the contract.
            unsafe { std::slice::from_raw_parts(c.attrs, c.numAttrs as usize) }
        };
        let attrs = record(launch_attrs(list))?;
        // SAFETY: forwarded contract.
        let (f, packed, shared) = unsafe { prepare_launch(func as usize, args, c.dynamicSmemBytes) }?;
        let stream = if ptsz { crate::ext::ptsz(c.stream) } else { c.stream };
        let cfg = LaunchConfig {
            grid: c.gridDim.into(),
            block: c.blockDim.into(),
            dynamic_shared: shared,
            stream: Stream(stream as u64),
            attrs,
        };
        runtime::launch::launch_ex(&f, &cfg, packed)
    })();
    code(r)
}

/// `cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args)`
/// (what the `cudaLaunchKernelEx` C++ template calls).
///
/// # Safety
/// `config` valid; `args` one pointer per kernel parameter.
pub unsafe extern "C-unwind" fn cudaLaunchKernelExC(
    config: *const LaunchConfigC,
    func: *const c_void,
    args: *mut *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { launch_ex(config, func, args, false) }
}

/// `cudaLaunchKernelExC_ptsz`: stream 0 is the per-thread default stream.
///
/// # Safety
/// As `cudaLaunchKernelExC`.
pub unsafe extern "C-unwind" fn cudaLaunchKernelExC_ptsz(
    config: *const LaunchConfigC,
    func: *const c_void,
    args: *mut *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { launch_ex(config, func, args, true) }
}

/// # Safety
/// `args` as for `cudaLaunchKernel`.
unsafe fn cooperative(
    func: *const c_void,
    grid: Dim3C,
    block: Dim3C,
    args: *mut *mut c_void,
    shared: usize,
    stream: *mut c_void,
) -> i32 {
    let mut attr = LaunchAttribute { id: 2, pad: [0; 4], val: [0; 16] };
    attr.val[0] = 1;
    let c =
        LaunchConfigC { gridDim: grid, blockDim: block, dynamicSmemBytes: shared, stream, attrs: &attr, numAttrs: 1 };
    // SAFETY: `c` and `attr` are live; `args` per the contract.
    unsafe { launch_ex(&c, func, args, false) }
}

/// `cudaLaunchCooperativeKernel(const void *func, dim3, dim3, void **args, size_t sharedMem,
/// cudaStream_t)`: every block is resident at once, so `this_grid().sync()` works; a grid
/// larger than the device holds at once is `cudaErrorCooperativeLaunchTooLarge`.
///
/// # Safety
/// `args` one pointer per kernel parameter.
pub unsafe extern "C-unwind" fn cudaLaunchCooperativeKernel(
    func: *const c_void,
    grid: Dim3C,
    block: Dim3C,
    args: *mut *mut c_void,
    shared: usize,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { cooperative(func, grid, block, args, shared, stream) }
}

/// `cudaLaunchCooperativeKernel_ptsz`.
///
/// # Safety
/// As `cudaLaunchCooperativeKernel`.
pub unsafe extern "C-unwind" fn cudaLaunchCooperativeKernel_ptsz(
    func: *const c_void,
    grid: Dim3C,
    block: Dim3C,
    args: *mut *mut c_void,
    shared: usize,
    stream: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { cooperative(func, grid, block, args, shared, crate::ext::ptsz(stream)) }
}

/// `cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func, int
/// numBlocks, int blockSize)`: the most dynamic shared memory per block that still lets
/// `numBlocks` blocks of `blockSize` threads reside on one multiprocessor.
///
/// # Safety
/// `size` valid for writes.
pub unsafe extern "C-unwind" fn cudaOccupancyAvailableDynamicSMemPerBlock(
    size: *mut usize,
    func: *const c_void,
    num_blocks: i32,
    block_size: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe {
        out_with(size, || {
            let f = function_for(func as usize)?;
            record(runtime::launch::available_dynamic_shared(&f, num_blocks, block_size))
        })
    }
}

/// `cudaOccupancyMaxPotentialClusterSize(int *clusterSize, const void *func, const
/// cudaLaunchConfig_t *config)`: the portable maximum of 8 blocks, 16 for a kernel that
/// allows non-portable cluster sizes (the blocks of a cluster share one worker thread).
///
/// # Safety
/// `size` valid for writes, `config` valid.
pub unsafe extern "C-unwind" fn cudaOccupancyMaxPotentialClusterSize(
    size: *mut i32,
    func: *const c_void,
    config: *const LaunchConfigC,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe {
        out_with(size, || {
            let f = function_for(func as usize)?;
            if config.is_null() {
                return record(Err(Error::InvalidValue));
            }
            let max = if f.non_portable_cluster() {
                runtime::launch::MAX_CLUSTER
            } else {
                runtime::launch::MAX_PORTABLE_CLUSTER
            };
            Ok(max as i32)
        })
    }
}

/// `cudaOccupancyMaxActiveClusters(int *numClusters, const void *func, const
/// cudaLaunchConfig_t *config)`: the resident blocks of the whole device for the
/// configuration's block size and shared memory, divided by the cluster size (the
/// configuration's cluster attribute or the kernel's required one).
///
/// # Safety
/// `num` valid for writes, `config` valid.
pub unsafe extern "C-unwind" fn cudaOccupancyMaxActiveClusters(
    num: *mut i32,
    func: *const c_void,
    config: *const LaunchConfigC,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe {
        out_with(num, || {
            let f = function_for(func as usize)?;
            if config.is_null() {
                return record(Err(Error::InvalidValue));
            }
            // SAFETY: non-null, valid per the contract.
            let c = config.read();
            let list = if c.numAttrs == 0 || c.attrs.is_null() {
                &[][..]
            } else {
                // SAFETY: `attrs` holds `numAttrs` entries per the contract.
                std::slice::from_raw_parts(c.attrs, c.numAttrs as usize)
            };
            let attrs = record(launch_attrs(list))?;
            let shared = u32::try_from(c.dynamicSmemBytes).map_err(|_| Error::InvalidValue);
            let n = record(
                shared.and_then(|s| runtime::launch::max_active_clusters(&f, c.blockDim.into(), s, attrs.cluster)),
            )?;
            Ok(n.min(i32::MAX as u64) as i32)
        })
    }
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_launch.rs"));
