//! Dynamic parallelism: kernels launching kernels (`-rdc=true` programs, CUDA 12+ "CDP2").
//!
//! nvcc compiles a device-side `child<<<g, b, s, stream>>>(args)` into calls of the device
//! runtime (libcudadevrt): `__cudaCDP2GetParameterBufferV2(child, g, b, s)` returns a buffer the
//! parent writes the arguments into, and `__cudaCDP2LaunchDeviceV2(buffer, stream)` launches.
//! The engine implements these functions itself ([`CdpFn`]); a launch is queued on the parent's
//! launch and the queued grids run when the parent grid has finished, in launch order, each
//! with its own children after it. That is a valid CUDA schedule: a child grid may start any
//! time after its launch, and the parent grid is not complete until its children are, so
//! work after the parent on its stream (and `cudaDeviceSynchronize`) sees every descendant's
//! effects. (A parent that waits for its child inside the kernel would hang on a GPU too: CDP2
//! has no device-side synchronization.) Nesting is limited to CUDA's 24 levels.
//!
//! Device-side streams and events are handles only: everything runs in launch order anyway,
//! except CUDA 12's tail launches (`cudaStreamTailLaunch`), which run after the grid's other
//! children (and theirs), as a tail launch waits for the launching grid's work to complete.
//! A launch with a bad configuration launches nothing and is the launching thread's
//! `cudaErrorInvalidConfiguration`, as an H200 reports every one
//! (`tests/gpu-programs/probe_device_launch.txt`).

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// CUDA's maximum nesting depth of device launches.
pub(crate) const MAX_DEPTH: u32 = 24;

/// `cudaErrorInvalidValue`.
pub(crate) const ERR_INVALID_VALUE: u64 = 1;
/// `cudaErrorMemoryAllocation`.
pub(crate) const ERR_MEMORY_ALLOCATION: u64 = 2;
/// `cudaErrorInvalidConfiguration`.
pub(crate) const ERR_INVALID_CONFIGURATION: u64 = 9;
/// `cudaErrorLaunchMaxDepthExceeded`.
pub(crate) const ERR_MAX_DEPTH: u64 = 65;
/// `cudaErrorInvalidDeviceFunction`.
pub(crate) const ERR_INVALID_DEVICE_FUNCTION: u64 = 98;

/// The device-runtime functions the engine provides (`__cudaCDP2NAME`, also `_ptsz`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CdpFn {
    /// `(alignment, size) -> void*`.
    GetParameterBuffer,
    /// `(func, dim3 grid, dim3 block, unsigned shared) -> void*`.
    GetParameterBufferV2,
    /// `(func, buffer, dim3 grid, dim3 block, unsigned shared, stream) -> cudaError_t`.
    LaunchDevice,
    /// `(buffer, stream) -> cudaError_t`.
    LaunchDeviceV2,
    /// `(cudaStream_t*, flags)`.
    StreamCreateWithFlags,
    /// `(stream)`.
    StreamDestroy,
    /// `()`: the calling thread's last error, reset.
    GetLastError,
    /// `()`: the calling thread's last error.
    PeekAtLastError,
    /// `(int*)`: device 0.
    GetDevice,
    /// `(int*)`: one device.
    GetDeviceCount,
    /// `(int*)`: 6000, the device runtime version CUDA 13.0 reports in device code.
    RuntimeGetVersion,
    /// `(void**, size)`: from the device heap.
    Malloc,
    /// `(void*)`.
    Free,
    /// `(cudaEvent_t*, flags)`.
    EventCreateWithFlags,
    /// `(event, stream)`.
    EventRecord,
    /// `(event)`.
    EventDestroy,
    /// `(stream, event, flags)`.
    StreamWaitEvent,
}

impl CdpFn {
    /// The function called `name`, with its parameter sizes.
    pub(crate) fn of(name: &str) -> Option<(CdpFn, &'static [u32])> {
        let base = name.strip_prefix("__cudaCDP2")?;
        let base = base.strip_suffix("_ptsz").unwrap_or(base);
        Some(match base {
            "GetParameterBuffer" => (CdpFn::GetParameterBuffer, &[8, 8]),
            "GetParameterBufferV2" => (CdpFn::GetParameterBufferV2, &[8, 12, 12, 4]),
            "LaunchDevice" => (CdpFn::LaunchDevice, &[8, 8, 12, 12, 4, 8]),
            "LaunchDeviceV2" => (CdpFn::LaunchDeviceV2, &[8, 8]),
            "StreamCreateWithFlags" => (CdpFn::StreamCreateWithFlags, &[8, 4]),
            "StreamDestroy" => (CdpFn::StreamDestroy, &[8]),
            "GetLastError" => (CdpFn::GetLastError, &[]),
            "PeekAtLastError" => (CdpFn::PeekAtLastError, &[]),
            "GetDevice" => (CdpFn::GetDevice, &[8]),
            "GetDeviceCount" => (CdpFn::GetDeviceCount, &[8]),
            "RuntimeGetVersion" => (CdpFn::RuntimeGetVersion, &[8]),
            "Malloc" => (CdpFn::Malloc, &[8, 8]),
            "Free" => (CdpFn::Free, &[8]),
            "EventCreateWithFlags" => (CdpFn::EventCreateWithFlags, &[8, 4]),
            "EventRecord" => (CdpFn::EventRecord, &[8, 8]),
            "EventDestroy" => (CdpFn::EventDestroy, &[8]),
            "StreamWaitEvent" => (CdpFn::StreamWaitEvent, &[8, 8, 4]),
            _ => return None,
        })
    }

    /// The size of the return value.
    pub(crate) fn ret_size(self) -> u32 {
        match self {
            CdpFn::GetParameterBuffer | CdpFn::GetParameterBufferV2 => 8,
            _ => 4,
        }
    }

    /// Whether it allocates from the device heap (which must then exist before the launch).
    pub(crate) fn uses_heap(self) -> bool {
        matches!(self, CdpFn::GetParameterBuffer | CdpFn::GetParameterBufferV2 | CdpFn::Malloc | CdpFn::Free)
    }
}

/// The device-side stream handle `cudaStreamTailLaunch`.
pub(crate) const TAIL_LAUNCH_STREAM: u64 = 3;

/// The shared memory a block may have without the host-side opt-in
/// (`cudaFuncAttributeMaxDynamicSharedMemorySize`): 48 KB.
const MAX_SHARED_PER_BLOCK: u64 = 48 * 1024;

/// A grid launched from device code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DeviceLaunch {
    /// The kernel (index into the program's functions).
    pub func: u32,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Dynamic shared memory.
    pub shared: u32,
    /// The parameter buffer (a device-heap block, freed after the launch).
    pub params: u64,
}

impl DeviceLaunch {
    /// Whether the configuration is one CUDA launches, for a kernel with `static_shared` bytes
    /// of shared memory: dimensions within the device's limits, shared memory within 48 KB.
    pub(crate) fn is_valid(&self, static_shared: u32) -> bool {
        let [bx, by, bz] = self.block.map(u64::from);
        let [gx, gy, gz] = self.grid;
        let threads = bx * by * bz;
        (1..=1024).contains(&threads)
            && bz <= 64
            && gx != 0
            && gx <= i32::MAX as u32
            && (1..=65535).contains(&gy)
            && (1..=65535).contains(&gz)
            && u64::from(self.shared) + u64::from(static_shared) <= MAX_SHARED_PER_BLOCK
    }
}

/// The device runtime's state during one launch: parameter buffers handed out, grids launched.
#[derive(Debug, Default)]
pub(crate) struct DeviceRuntime {
    /// Nesting depth of the running grid (0: launched by the host).
    pub depth: u32,
    /// Buffers from `GetParameterBufferV2` not launched yet: address → the launch they are for.
    pending: Mutex<BTreeMap<u64, DeviceLaunch>>,
    /// Grids launched, in order, each with whether it is a tail launch.
    launches: Mutex<Vec<(DeviceLaunch, bool)>>,
    /// Whether a parameter buffer was handed out or a grid queued (most launches launch
    /// nothing: `take` then has nothing to look at).
    used: AtomicBool,
    /// The next stream/event handle.
    next_handle: AtomicU64,
    /// Each thread's last device-runtime error (`cudaGetLastError` in device code), by
    /// (block, thread) index; absent means `cudaSuccess`.
    last_error: Mutex<BTreeMap<(u64, u32), u64>>,
}

impl DeviceRuntime {
    /// A runtime for a grid at nesting `depth`.
    pub(crate) fn new(depth: u32) -> DeviceRuntime {
        DeviceRuntime { depth, next_handle: AtomicU64::new(0x100), ..Default::default() }
    }

    /// Remembers that `buffer` holds the arguments of `launch` (`GetParameterBufferV2`).
    pub(crate) fn hand_out(&self, launch: DeviceLaunch) {
        self.used.store(true, Ordering::Relaxed);
        self.pending.lock().unwrap_or_else(|e| e.into_inner()).insert(launch.params, launch);
    }

    /// Launches the grid whose parameter buffer is `buffer` on `stream` (`LaunchDeviceV2`);
    /// `static_shared` gives a kernel's static shared memory: a CUDA error.
    pub(crate) fn launch_v2(&self, buffer: u64, stream: u64, static_shared: impl Fn(u32) -> u32) -> u64 {
        let Some(l) = self.pending.lock().unwrap_or_else(|e| e.into_inner()).remove(&buffer) else {
            return ERR_INVALID_VALUE;
        };
        self.launch(l, stream, static_shared(l.func))
    }

    /// Queues `l` on `stream`, a kernel with `static_shared` bytes of shared memory: a CUDA
    /// error.
    pub(crate) fn launch(&self, l: DeviceLaunch, stream: u64, static_shared: u32) -> u64 {
        if !l.is_valid(static_shared) {
            return ERR_INVALID_CONFIGURATION;
        }
        if self.depth + 1 >= MAX_DEPTH {
            return ERR_MAX_DEPTH;
        }
        self.used.store(true, Ordering::Relaxed);
        self.launches.lock().unwrap_or_else(|e| e.into_inner()).push((l, stream == TAIL_LAUNCH_STREAM));
        0
    }

    /// Records `code` as thread `who`'s last error if it is one; returns it.
    pub(crate) fn note(&self, who: (u64, u32), code: u64) -> u64 {
        if code != 0 {
            self.last_error.lock().unwrap_or_else(|e| e.into_inner()).insert(who, code);
        }
        code
    }

    /// Thread `who`'s last error, reset to `cudaSuccess` unless `peek`.
    pub(crate) fn last_error(&self, who: (u64, u32), peek: bool) -> u64 {
        let mut m = self.last_error.lock().unwrap_or_else(|e| e.into_inner());
        if peek { m.get(&who).copied().unwrap_or(0) } else { m.remove(&who).unwrap_or(0) }
    }

    /// A fresh stream or event handle.
    pub(crate) fn handle(&self) -> u64 {
        self.next_handle.fetch_add(1, Ordering::Relaxed)
    }

    /// The queued grids in the order they run, tail launches last (and the parameter buffers
    /// never launched, to free), once the launch's workers are done (joined: what they stored
    /// is seen).
    pub(crate) fn take(&self) -> (Vec<DeviceLaunch>, Vec<u64>) {
        if !self.used.load(Ordering::Relaxed) {
            return (Vec::new(), Vec::new());
        }
        let mut launches = std::mem::take(&mut *self.launches.lock().unwrap_or_else(|e| e.into_inner()));
        // Stable: launch order within the plain and within the tail launches.
        launches.sort_by_key(|&(_, tail)| tail);
        let launches = launches.into_iter().map(|(l, _)| l).collect();
        let unused = std::mem::take(&mut *self.pending.lock().unwrap_or_else(|e| e.into_inner())).into_keys().collect();
        (launches, unused)
    }
}
