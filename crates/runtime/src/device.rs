//! The CPU device: one device, "Cuprite CPU (N cores)", compute capability 9.0, with the
//! limits of an H100 where CUDA programs check them, and `cudaDeviceProp` in CUDA 13.0's exact
//! C layout.

use crate::context::api;
use crate::error::{Error, Result};

/// The device's compute capability as CUDA writes it in `cudaFuncAttributes` (major * 10 +
/// minor): 9.0.
pub const COMPUTE_CAPABILITY: i32 = 90;

/// The register file of a multiprocessor, as an sm_90's occupancy calculator sees it: 65536
/// registers in four sub-partitions (a warp's registers come from one of them), given to a
/// warp in units of 256.
const REGISTERS_PER_SUB_PARTITION: u32 = 16384;
const SUB_PARTITIONS: u32 = 4;
const REGISTER_ALLOCATION_UNIT: u32 = 256;

/// The warps per multiprocessor — and so per block — that `registers` per thread leave room
/// for: with 184 registers (5888 per warp) two warps fit in each sub-partition, so a block has
/// at most 256 threads, as an H200 reports (`cudaFuncAttributes::maxThreadsPerBlock`,
/// `cudaErrorLaunchOutOfResources` above it).
pub fn warps_by_registers(registers: u32) -> u32 {
    let per_warp = (registers.clamp(1, 255) * 32).next_multiple_of(REGISTER_ALLOCATION_UNIT);
    SUB_PARTITIONS * (REGISTERS_PER_SUB_PARTITION / per_warp)
}

/// `struct cudaDeviceProp` of CUDA 13.0 (`driver_types.h`), field for field.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
#[allow(non_snake_case)]
pub struct DeviceProp {
    /// ASCII string identifying device
    pub name: [u8; 256],
    /// 16-byte unique identifier
    pub uuid: [u8; 16],
    /// 8-byte locally unique identifier. Value is undefined on TCC and non-Windows platforms
    pub luid: [u8; 8],
    /// LUID device node mask. Value is undefined on TCC and non-Windows platforms
    pub luidDeviceNodeMask: u32,
    /// Global memory available on device in bytes
    pub totalGlobalMem: usize,
    /// Shared memory available per block in bytes
    pub sharedMemPerBlock: usize,
    /// 32-bit registers available per block
    pub regsPerBlock: i32,
    /// Warp size in threads
    pub warpSize: i32,
    /// Maximum pitch in bytes allowed by memory copies
    pub memPitch: usize,
    /// Maximum number of threads per block
    pub maxThreadsPerBlock: i32,
    /// Maximum size of each dimension of a block
    pub maxThreadsDim: [i32; 3],
    /// Maximum size of each dimension of a grid
    pub maxGridSize: [i32; 3],
    /// Constant memory available on device in bytes
    pub totalConstMem: usize,
    /// Major compute capability
    pub major: i32,
    /// Minor compute capability
    pub minor: i32,
    /// Alignment requirement for textures
    pub textureAlignment: usize,
    /// Pitch alignment requirement for texture references bound to pitched memory
    pub texturePitchAlignment: usize,
    /// Number of multiprocessors on device
    pub multiProcessorCount: i32,
    /// Device is integrated as opposed to discrete
    pub integrated: i32,
    /// Device can map host memory with cudaHostAlloc/cudaHostGetDevicePointer
    pub canMapHostMemory: i32,
    /// Maximum 1D texture size
    pub maxTexture1D: i32,
    /// Maximum 1D mipmapped texture size
    pub maxTexture1DMipmap: i32,
    /// Maximum 2D texture dimensions
    pub maxTexture2D: [i32; 2],
    /// Maximum 2D mipmapped texture dimensions
    pub maxTexture2DMipmap: [i32; 2],
    /// Maximum dimensions (width, height, pitch) for 2D textures bound to pitched memory
    pub maxTexture2DLinear: [i32; 3],
    /// Maximum 2D texture dimensions if texture gather operations have to be performed
    pub maxTexture2DGather: [i32; 2],
    /// Maximum 3D texture dimensions
    pub maxTexture3D: [i32; 3],
    /// Maximum alternate 3D texture dimensions
    pub maxTexture3DAlt: [i32; 3],
    /// Maximum Cubemap texture dimensions
    pub maxTextureCubemap: i32,
    /// Maximum 1D layered texture dimensions
    pub maxTexture1DLayered: [i32; 2],
    /// Maximum 2D layered texture dimensions
    pub maxTexture2DLayered: [i32; 3],
    /// Maximum Cubemap layered texture dimensions
    pub maxTextureCubemapLayered: [i32; 2],
    /// Maximum 1D surface size
    pub maxSurface1D: i32,
    /// Maximum 2D surface dimensions
    pub maxSurface2D: [i32; 2],
    /// Maximum 3D surface dimensions
    pub maxSurface3D: [i32; 3],
    /// Maximum 1D layered surface dimensions
    pub maxSurface1DLayered: [i32; 2],
    /// Maximum 2D layered surface dimensions
    pub maxSurface2DLayered: [i32; 3],
    /// Maximum Cubemap surface dimensions
    pub maxSurfaceCubemap: i32,
    /// Maximum Cubemap layered surface dimensions
    pub maxSurfaceCubemapLayered: [i32; 2],
    /// Alignment requirements for surfaces
    pub surfaceAlignment: usize,
    /// Device can possibly execute multiple kernels concurrently
    pub concurrentKernels: i32,
    /// Device has ECC support enabled
    pub ECCEnabled: i32,
    /// PCI bus ID of the device
    pub pciBusID: i32,
    /// PCI device ID of the device
    pub pciDeviceID: i32,
    /// PCI domain ID of the device
    pub pciDomainID: i32,
    /// 1 if device is a Tesla device using TCC driver, 0 otherwise
    pub tccDriver: i32,
    /// Number of asynchronous engines
    pub asyncEngineCount: i32,
    /// Device shares a unified address space with the host
    pub unifiedAddressing: i32,
    /// Global memory bus width in bits
    pub memoryBusWidth: i32,
    /// Size of L2 cache in bytes
    pub l2CacheSize: i32,
    /// Device's maximum l2 persisting lines capacity setting in bytes
    pub persistingL2CacheMaxSize: i32,
    /// Maximum resident threads per multiprocessor
    pub maxThreadsPerMultiProcessor: i32,
    /// Device supports stream priorities
    pub streamPrioritiesSupported: i32,
    /// Device supports caching globals in L1
    pub globalL1CacheSupported: i32,
    /// Device supports caching locals in L1
    pub localL1CacheSupported: i32,
    /// Shared memory available per multiprocessor in bytes
    pub sharedMemPerMultiprocessor: usize,
    /// 32-bit registers available per multiprocessor
    pub regsPerMultiprocessor: i32,
    /// Device supports allocating managed memory on this system
    pub managedMemory: i32,
    /// Device is on a multi-GPU board
    pub isMultiGpuBoard: i32,
    /// Unique identifier for a group of devices on the same multi-GPU board
    pub multiGpuBoardGroupID: i32,
    /// Link between the device and the host supports native atomic operations
    pub hostNativeAtomicSupported: i32,
    /// Device supports coherently accessing pageable memory without calling cudaHostRegister on it
    pub pageableMemoryAccess: i32,
    /// Device can coherently access managed memory concurrently with the CPU
    pub concurrentManagedAccess: i32,
    /// Device supports Compute Preemption
    pub computePreemptionSupported: i32,
    /// Device can access host registered memory at the same virtual address as the CPU
    pub canUseHostPointerForRegisteredMem: i32,
    /// Device supports launching cooperative kernels via ::cudaLaunchCooperativeKernel
    pub cooperativeLaunch: i32,
    /// Per device maximum shared memory per block usable by special opt in
    pub sharedMemPerBlockOptin: usize,
    /// Device accesses pageable memory via the host's page tables
    pub pageableMemoryAccessUsesHostPageTables: i32,
    /// Host can directly access managed memory on the device without migration.
    pub directManagedMemAccessFromHost: i32,
    /// Maximum number of resident blocks per multiprocessor
    pub maxBlocksPerMultiProcessor: i32,
    /// The maximum value of ::cudaAccessPolicyWindow::num_bytes.
    pub accessPolicyMaxWindowSize: i32,
    /// Shared memory reserved by CUDA driver per block in bytes
    pub reservedSharedMemPerBlock: usize,
    /// Device supports host memory registration via ::cudaHostRegister.
    pub hostRegisterSupported: i32,
    /// 1 if the device supports sparse CUDA arrays and sparse CUDA mipmapped arrays, 0 otherwise
    pub sparseCudaArraySupported: i32,
    /// Device supports using the ::cudaHostRegister flag cudaHostRegisterReadOnly to register memory that must be mapped as read-only to the GPU
    pub hostRegisterReadOnlySupported: i32,
    /// External timeline semaphore interop is supported on the device
    pub timelineSemaphoreInteropSupported: i32,
    /// 1 if the device supports using the cudaMallocAsync and cudaMemPool family of APIs, 0 otherwise
    pub memoryPoolsSupported: i32,
    /// 1 if the device supports GPUDirect RDMA APIs, 0 otherwise
    pub gpuDirectRDMASupported: i32,
    /// Bitmask to be interpreted according to the ::cudaFlushGPUDirectRDMAWritesOptions enum
    pub gpuDirectRDMAFlushWritesOptions: u32,
    /// See the ::cudaGPUDirectRDMAWritesOrdering enum for numerical values
    pub gpuDirectRDMAWritesOrdering: i32,
    /// Bitmask of handle types supported with mempool-based IPC
    pub memoryPoolSupportedHandleTypes: u32,
    /// 1 if the device supports deferred mapping CUDA arrays and CUDA mipmapped arrays
    pub deferredMappingCudaArraySupported: i32,
    /// Device supports IPC Events.
    pub ipcEventSupported: i32,
    /// Indicates device supports cluster launch
    pub clusterLaunch: i32,
    /// Indicates device supports unified pointers
    pub unifiedFunctionPointers: i32,
    /// NUMA configuration of a device: value is of type ::cudaDeviceNumaConfig enum
    pub deviceNumaConfig: i32,
    /// NUMA node ID of the GPU memory
    pub deviceNumaId: i32,
    /// Indicates if contexts created on this device will be shared via MPS
    pub mpsEnabled: i32,
    /// NUMA ID of the host node closest to the device or -1 when system does not support NUMA
    pub hostNumaId: i32,
    /// The combined 16-bit PCI device ID and 16-bit PCI vendor ID
    pub gpuPciDeviceID: u32,
    /// The combined 16-bit PCI subsystem ID and 16-bit PCI subsystem vendor ID
    pub gpuPciSubsystemID: u32,
    /// 1 if the device supports HostNuma location IPC between nodes in a multi-node system.
    pub hostNumaMultinodeIpcSupported: i32,
    /// Reserved for future use
    pub reserved: [i32; 56],
}

/// The number of CPU cores simt uses (= `multiProcessorCount`).
pub fn cores() -> i32 {
    // (Read once: asking the OS, cgroup files included, costs more than a small launch, which
    // asks for its resident blocks.)
    static CORES: std::sync::OnceLock<i32> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get() as i32))
}

/// The device's memory size: the host's physical memory (from `/proc/meminfo`), else 80 GiB.
pub fn total_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse::<u64>().ok())
        })
        .map_or(80 << 30, |kb| kb * 1024)
}

/// The device name: `Cuprite CPU (<N> cores)`.
pub fn name() -> String {
    format!("Cuprite CPU ({} cores)", cores())
}

fn check(device: i32) -> Result<()> {
    if device == 0 { Ok(()) } else { Err(Error::InvalidDevice) }
}

/// `cudaDeviceCanAccessPeer`: never (there is one device, and a device is not its own peer).
pub fn can_access_peer(device: i32, peer: i32) -> Result<bool> {
    crate::context::api(|_| {
        check(device)?;
        check(peer)?;
        Ok(false)
    })
}

/// `cudaDeviceEnablePeerAccess` / `cudaDeviceDisablePeerAccess`: `peer` is never a peer of the
/// current device ([`Error::InvalidDevice`]); `flags` must be 0.
pub fn peer_access(peer: i32, flags: u32) -> Result<()> {
    crate::context::api(|_| {
        if flags != 0 {
            return Err(Error::InvalidValue);
        }
        check(peer)?;
        // The only device is the current one: CUDA 13.0 answers this way for a device and
        // itself.
        Err(Error::PeerAccessUnsupported)
    })
}

/// `cudaDeviceDisablePeerAccess`: access to `peer` was never enabled
/// ([`Error::PeerAccessNotEnabled`] for the device itself too, as an H200 answers,
/// unseen13a_peer_single_device).
pub fn disable_peer_access(peer: i32) -> Result<()> {
    crate::context::api(|_| {
        check(peer)?;
        Err(Error::PeerAccessNotEnabled)
    })
}

/// `cudaGetDeviceCount`: 1 (0 devices, [`Error::NoDevice`], when `CUDA_VISIBLE_DEVICES`
/// hides device 0), also after a kernel fault.
pub fn device_count() -> Result<i32> {
    crate::context::api_despite_sticky(|_| Ok(1))
}

pub use crate::context::visible;

/// `cudaLimit` values.
pub mod limit {
    /// `cudaLimitStackSize`.
    pub const STACK_SIZE: i32 = 0;
    /// `cudaLimitPrintfFifoSize`.
    pub const PRINTF_FIFO_SIZE: i32 = 1;
    /// `cudaLimitMallocHeapSize`.
    pub const MALLOC_HEAP_SIZE: i32 = 2;
    /// `cudaLimitDevRuntimeSyncDepth`.
    pub const DEV_RUNTIME_SYNC_DEPTH: i32 = 3;
    /// `cudaLimitDevRuntimePendingLaunchCount`.
    pub const DEV_RUNTIME_PENDING_LAUNCH_COUNT: i32 = 4;
    /// `cudaLimitMaxL2FetchGranularity`.
    pub const MAX_L2_FETCH_GRANULARITY: i32 = 5;
    /// `cudaLimitPersistingL2CacheSize`.
    pub const PERSISTING_L2_CACHE_SIZE: i32 = 6;
}

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

/// The most shared memory (static + dynamic) a block may use (H100 opt-in maximum,
/// `sharedMemPerBlockOptin`).
pub const MAX_SHARED_PER_BLOCK: u32 = 232_448;

/// Current limits, indexed by `cudaLimit` (CUDA 13's defaults on an H200:
/// tests/program-diff/heap_limits_rounding.cu; the sync depth slot is unused, see
/// [`limit_slot`]).
static LIMITS: [AtomicUsize; 7] = [
    AtomicUsize::new(simt::DEFAULT_STACK_SIZE),
    AtomicUsize::new(simt::DEFAULT_PRINTF_FIFO_SIZE),
    AtomicUsize::new(8 << 20),
    AtomicUsize::new(0),
    AtomicUsize::new(2048),
    AtomicUsize::new(64),
    // cudaLimitPersistingL2CacheSize: an H200's default, 30% of its 39321600-byte maximum
    // (unseen11b_stream_attr_policy).
    AtomicUsize::new(11_796_480),
];

/// The slot of limit `which`: [`Error::InvalidValue`] for a value that is no `cudaLimit`,
/// [`Error::UnsupportedLimit`] for `cudaLimitDevRuntimeSyncDepth`, which CUDA 13 refuses on
/// sm_90 in both directions (device-side synchronization is gone from dynamic parallelism).
fn limit_slot(which: i32) -> Result<&'static AtomicUsize> {
    if which == limit::DEV_RUNTIME_SYNC_DEPTH {
        return Err(Error::UnsupportedLimit);
    }
    usize::try_from(which).ok().and_then(|i| LIMITS.get(i)).ok_or(Error::InvalidValue)
}

/// `value` rounded up to a multiple of `step` (a power of two), saturating.
fn round_up(value: usize, step: usize) -> usize {
    value.checked_next_multiple_of(step).unwrap_or(usize::MAX - (step - 1))
}

/// What `cudaDeviceSetLimit` stores for `value` of a size limit, as an H200 reads it back
/// (tests/program-diff/heap_limits_rounding.cu, tests/program-diff/limits_roundtrip.cu): the
/// malloc heap is at least 4 MiB and a multiple of 64 KiB, the printf FIFO at least 512 KiB, a
/// multiple of 256 bytes and at most 2 GiB, the per-thread stack a multiple of 16 bytes, the
/// pending launch count at least 32, the persisting L2 size (when not 0) a multiple of a tenth
/// of its maximum; other limits as given.
fn rounded_limit(which: i32, value: usize) -> usize {
    match which {
        limit::MALLOC_HEAP_SIZE => round_up(value, 64 << 10).max(4 << 20),
        limit::PRINTF_FIFO_SIZE => round_up(value, 256).clamp(512 << 10, 1 << 31),
        limit::STACK_SIZE => round_up(value, 16),
        limit::DEV_RUNTIME_PENDING_LAUNCH_COUNT => value.max(32),
        limit::PERSISTING_L2_CACHE_SIZE => {
            let step = props().persistingL2CacheMaxSize as usize / 10;
            value.checked_next_multiple_of(step).unwrap_or(usize::MAX)
        }
        _ => value,
    }
}

/// `cudaDeviceGetLimit`.
pub fn get_limit(which: i32) -> Result<usize> {
    api(|_| Ok(limit_slot(which)?.load(Ordering::Relaxed)))
}

/// A limit's current value, for the engine side (printf FIFO, malloc heap, stack size);
/// `None` for an unknown limit.
pub fn limit_value(which: i32) -> Option<usize> {
    usize::try_from(which).ok().and_then(|i| LIMITS.get(i)).map(|l| l.load(Ordering::Relaxed))
}

/// `cudaDeviceSetLimit`: the value is stored, rounded as CUDA does ([`rounded_limit`]).
pub fn set_limit(which: i32, value: usize) -> Result<()> {
    api(|c| {
        let l = limit_slot(which)?;
        let value = rounded_limit(which, value);
        let v = match which {
            limit::STACK_SIZE if value > (1 << 20) => return Err(Error::InvalidValue),
            // 0 to 128 bytes: an H200 refuses 256 (unseen11b_limits_after_launch).
            limit::MAX_L2_FETCH_GRANULARITY if value > 128 => return Err(Error::InvalidValue),
            // Beyond its maximum: an invalid value (an H200's answer).
            limit::PERSISTING_L2_CACHE_SIZE if value > props().persistingL2CacheMaxSize as usize => {
                return Err(Error::InvalidValue);
            }
            // After a launch that used it: cudaErrorInvalidValue.
            limit::MALLOC_HEAP_SIZE => {
                c.mem().set_heap_size(value as u64).map_err(|_| Error::InvalidValue)?;
                value
            }
            limit::PRINTF_FIFO_SIZE => {
                if crate::printf::PRINTF_USED.load(Ordering::Relaxed) {
                    return Err(Error::InvalidValue);
                }
                c.mem().set_printf_fifo_size(value);
                value
            }
            limit::STACK_SIZE => {
                c.mem().set_stack_size(value);
                value
            }
            _ => value,
        };
        l.store(v, Ordering::Relaxed);
        Ok(())
    })
}

/// `cudaDeviceMapHost`: reported by `cudaGetDeviceFlags` while the context exists, or before
/// it is first made (the runtime sets it).
pub const DEVICE_MAP_HOST: u32 = 0x08;
/// Every valid `cudaSetDeviceFlags` bit: schedule mask (0x07), MapHost (0x08),
/// LmemResizeToMax (0x10), SyncMemops (0x80).
const DEVICE_FLAGS: u32 = 0x07 | 0x08 | 0x10 | 0x80;
static FLAGS: AtomicU32 = AtomicU32::new(0);

/// `cudaSetDeviceFlags`: validated and recorded (scheduling does not change on the CPU).
pub fn set_device_flags(flags: u32) -> Result<()> {
    api(|_| {
        // At most one scheduling policy: Auto 0, Spin 1, Yield 2, BlockingSync 4.
        if flags & !DEVICE_FLAGS != 0 || !matches!(flags & 7, 0 | 1 | 2 | 4) {
            return Err(Error::InvalidValue);
        }
        FLAGS.store(flags, Ordering::Relaxed);
        Ok(())
    })
}

/// `cudaGetDeviceFlags`: the flags set, with `cudaDeviceMapHost`; 0 after `cudaDeviceReset`
/// until a call makes the context again (which this one does not), as an H200 answers
/// (gpu-unseen/runtime17_device_flags_reset; tests/program-diff/device_flags_reset.cu).
pub fn get_device_flags() -> Result<u32> {
    crate::context::api_despite_sticky(|c| match c.sticky.get() {
        Some(e) => Err(e),
        None if crate::context::context_gone() => Ok(0),
        None => Ok(FLAGS.load(Ordering::Relaxed) | DEVICE_MAP_HOST),
    })
}

static CACHE_CONFIG: AtomicU32 = AtomicU32::new(0);

/// `cudaDeviceSetCacheConfig` (`cudaFuncCache` 0..=3: recorded, no effect on the CPU).
pub fn set_cache_config(config: i32) -> Result<()> {
    api(|_| {
        if !(0..=3).contains(&config) {
            return Err(Error::InvalidValue);
        }
        CACHE_CONFIG.store(config as u32, Ordering::Relaxed);
        Ok(())
    })
}

/// `cudaDeviceGetCacheConfig`.
pub fn get_cache_config() -> Result<i32> {
    api(|_| Ok(CACHE_CONFIG.load(Ordering::Relaxed) as i32))
}

/// `cudaDeviceSetSharedMemConfig`/`cudaFuncSetSharedMemConfig` configurations: Default 0,
/// FourByte 1, EightByte 2.
pub fn check_shared_mem_config(config: i32) -> Result<()> {
    if (0..=2).contains(&config) { Ok(()) } else { Err(Error::InvalidValue) }
}

/// `cudaDeviceSetSharedMemConfig`: validated; the bank size is fixed (as on every GPU since
/// Maxwell), so nothing changes.
pub fn set_shared_mem_config(config: i32) -> Result<()> {
    api(|_| check_shared_mem_config(config))
}

/// `cudaDeviceGetSharedMemConfig`: `cudaSharedMemBankSizeFourByte` (1), the fixed bank size.
pub fn get_shared_mem_config() -> Result<i32> {
    api(|_| Ok(1))
}

/// `cudaInitDevice(device, deviceFlags, flags)`: `flags` 0 or `cudaInitDeviceFlagsAreValid`
/// (1), which applies `deviceFlags` as `cudaSetDeviceFlags` does.
pub fn init_device(device: i32, device_flags: u32, flags: u32) -> Result<()> {
    api(|_| {
        check(device)?;
        if flags & !1 != 0 {
            return Err(Error::InvalidValue);
        }
        Ok(())
    })?;
    if flags & 1 != 0 { set_device_flags(device_flags) } else { Ok(()) }
}

/// `cudaSetValidDevices`: a list longer than the devices there are is [`Error::InvalidValue`]
/// (an H100's answer to `{0, 1}` with one device, `crates/cudart/tests/cuda/runtime_misc.cu`);
/// a listed device that does not exist, [`Error::InvalidDevice`] (an H200's answer to `{3}`,
/// `tests/program-diff/device_selection.cu`); the first one is made current (device 0, the
/// only one).
pub fn set_valid_devices(list: &[i32]) -> Result<()> {
    let devices = usize::try_from(device_count().unwrap_or(0)).unwrap_or(0);
    api(|_| {
        if list.len() > devices {
            return Err(Error::InvalidValue);
        }
        list.iter().try_for_each(|&d| check(d))
    })?;
    match list.first() {
        Some(&d) => set_device(d),
        None => Ok(()),
    }
}

/// `cudaDeviceGetP2PAttribute`: attributes 1..=5; there is no second device to link to, so a
/// valid attribute always gives [`Error::InvalidDevice`] (a device is not its own peer).
pub fn p2p_attribute(attr: i32, src: i32, dst: i32) -> Result<i32> {
    api(|_| {
        // The devices are checked first (a device is not its own peer), as an H100 answers.
        check(src)?;
        check(dst)?;
        if src == dst {
            return Err(Error::InvalidDevice);
        }
        if !(1..=5).contains(&attr) {
            return Err(Error::InvalidValue);
        }
        Err(Error::InvalidDevice)
    })
}

/// `cudaCtxResetPersistingL2Cache`: there is no persisting L2 cache to reset.
pub fn reset_persisting_l2_cache() -> Result<()> {
    api(|_| Ok(()))
}

/// `cudaDeviceGetPCIBusId`: `domain:bus:device.function` as CUDA formats it
/// (`0000:00:00.0`).
pub fn pci_bus_id(device: i32) -> Result<String> {
    api(|_| {
        check(device)?;
        let p = props();
        Ok(format!("{:04x}:{:02x}:{:02x}.0", p.pciDomainID, p.pciBusID, p.pciDeviceID))
    })
}

/// `cudaDeviceGetByPCIBusId`: accepts `domain:bus:device.function`, `domain:bus:device` and
/// `bus:device.function` (hexadecimal), as CUDA does.
pub fn device_by_pci_bus_id(id: &str) -> Result<i32> {
    api(|_| {
        let p = props();
        let parse = |s: &str| u32::from_str_radix(s.trim(), 16).map_err(|_| Error::InvalidValue);
        let (head, _func) = id.split_once('.').unwrap_or((id, "0"));
        let parts: Vec<&str> = head.split(':').collect();
        let (dom, bus, dev) = match parts.as_slice() {
            [d, b, v] => (parse(d)?, parse(b)?, parse(v)?),
            [b, v] => (0, parse(b)?, parse(v)?),
            _ => return Err(Error::InvalidValue),
        };
        if (dom, bus, dev) == (p.pciDomainID as u32, p.pciBusID as u32, p.pciDeviceID as u32) {
            Ok(0)
        } else {
            Err(Error::InvalidDevice)
        }
    })
}

thread_local! {
    static CURRENT: std::cell::Cell<i32> = const { std::cell::Cell::new(0) };
}

/// `cudaSetDevice` (only device 0 exists), also after a kernel fault (as an H200 answers:
/// tests/program-diff/sticky_error_calls.cu).
pub fn set_device(device: i32) -> Result<()> {
    crate::context::api_despite_sticky(|_| {
        if !(0..1).contains(&device) {
            return Err(Error::InvalidDevice);
        }
        CURRENT.with(|c| c.set(device));
        Ok(())
    })
}

/// `cudaGetDevice`, also after a kernel fault.
pub fn get_device() -> Result<i32> {
    crate::context::api_despite_sticky(|_| Ok(CURRENT.with(std::cell::Cell::get)))
}

/// `cudaDeviceReset`'s part here: the limits a launch or the device memory fixed, and the
/// cache configuration, go back to their defaults.
pub(crate) fn reset_limits() {
    CACHE_CONFIG.store(0, Ordering::Relaxed);
    // The flags set before are gone too (an H200's cudaGetDeviceFlags after the context is
    // made again: gpu-unseen/runtime17_device_flags_reset).
    FLAGS.store(0, Ordering::Relaxed);
    LIMITS[limit::PRINTF_FIFO_SIZE as usize].store(simt::DEFAULT_PRINTF_FIFO_SIZE, Ordering::Relaxed);
    crate::printf::PRINTF_USED.store(false, Ordering::Relaxed);
    LIMITS[limit::MALLOC_HEAP_SIZE as usize].store(8 << 20, Ordering::Relaxed);
    LIMITS[limit::STACK_SIZE as usize].store(simt::DEFAULT_STACK_SIZE, Ordering::Relaxed);
}

fn pad<const N: usize>(s: &str) -> [u8; N] {
    let mut a = [0u8; N];
    for (d, b) in a.iter_mut().zip(s.bytes().take(N - 1)) {
        *d = b;
    }
    a
}

/// `cudaGetDeviceProperties`, also after a kernel fault (as `set_device`).
pub fn properties(device: i32) -> Result<DeviceProp> {
    crate::context::api_despite_sticky(|_| {
        check(device)?;
        Ok(props())
    })
}

fn props() -> DeviceProp {
    let cores = cores();
    DeviceProp {
        name: pad(&name()),
        uuid: *b"cuprite-cpu-dev0",
        luid: [0; 8],
        luidDeviceNodeMask: 0,
        totalGlobalMem: total_memory() as usize,
        sharedMemPerBlock: 49152,
        regsPerBlock: 65536,
        warpSize: 32,
        memPitch: 2147483647,
        maxThreadsPerBlock: 1024,
        maxThreadsDim: [1024, 1024, 64],
        maxGridSize: [2147483647, 65535, 65535],
        totalConstMem: 65536,
        major: COMPUTE_CAPABILITY / 10,
        minor: COMPUTE_CAPABILITY % 10,
        textureAlignment: 512,
        texturePitchAlignment: 32,
        multiProcessorCount: cores,
        integrated: 0,
        canMapHostMemory: 1,
        maxTexture1D: 131072,
        maxTexture1DMipmap: 32768,
        maxTexture2D: [131072, 65536],
        maxTexture2DMipmap: [32768, 32768],
        maxTexture2DLinear: [131072, 65000, 2097120],
        maxTexture2DGather: [32768, 32768],
        maxTexture3D: [16384, 16384, 16384],
        maxTexture3DAlt: [8192, 8192, 32768],
        maxTextureCubemap: 32768,
        maxTexture1DLayered: [32768, 2048],
        maxTexture2DLayered: [32768, 32768, 2048],
        maxTextureCubemapLayered: [32768, 2046],
        maxSurface1D: 32768,
        maxSurface2D: [131072, 65536],
        maxSurface3D: [16384, 16384, 16384],
        maxSurface1DLayered: [32768, 2048],
        maxSurface2DLayered: [32768, 32768, 2048],
        maxSurfaceCubemap: 32768,
        maxSurfaceCubemapLayered: [32768, 2046],
        surfaceAlignment: 512,
        concurrentKernels: 1,
        ECCEnabled: 0,
        pciBusID: 0,
        pciDeviceID: 0,
        pciDomainID: 0,
        tccDriver: 0,
        // An H200's (tests/program-diff/device_query_matrix.cu).
        asyncEngineCount: 3,
        // No unified address space: kernels cannot dereference host addresses.
        unifiedAddressing: 1,
        memoryBusWidth: 5120,
        l2CacheSize: 52428800,
        // An H200's: three quarters of its 50 MiB L2 (unseen10b_device_attr_values).
        persistingL2CacheMaxSize: 39321600,
        maxThreadsPerMultiProcessor: 2048,
        streamPrioritiesSupported: 1,
        globalL1CacheSupported: 1,
        localL1CacheSupported: 1,
        sharedMemPerMultiprocessor: 233472,
        regsPerMultiprocessor: 65536,
        managedMemory: 1,
        isMultiGpuBoard: 0,
        multiGpuBoardGroupID: 0,
        hostNativeAtomicSupported: 0,
        pageableMemoryAccess: 0,
        // Host and device may access managed memory concurrently: it is one memory, which
        // kernels and host threads reach at the same address at any time (as on an H100/H200:
        // tests/gpu-programs/probe_managed.txt).
        concurrentManagedAccess: 1,
        computePreemptionSupported: 1,
        // Registered memory is mapped at its host address (cudaHostGetDevicePointer answers it).
        canUseHostPointerForRegisteredMem: 1,
        cooperativeLaunch: 1,
        sharedMemPerBlockOptin: MAX_SHARED_PER_BLOCK as usize,
        pageableMemoryAccessUsesHostPageTables: 0,
        directManagedMemAccessFromHost: 0,
        maxBlocksPerMultiProcessor: 32,
        accessPolicyMaxWindowSize: 134217728,
        reservedSharedMemPerBlock: 1024,
        // cudaHostRegister is supported.
        hostRegisterSupported: 1,
        // An H200 answers 1; Cuprite refuses cudaArraySparse (and cudaArrayDeferredMapping).
        sparseCudaArraySupported: 0,
        hostRegisterReadOnlySupported: 1,
        // An H200 answers 1; Cuprite imports no external semaphores.
        timelineSemaphoreInteropSupported: 0,
        memoryPoolsSupported: 1,
        // An H200 answers 1 (a kernel-driver feature: nvidia_p2p_get_pages); there is no such driver here.
        gpuDirectRDMASupported: 0,
        // cudaFlushGPUDirectRDMAWritesOptionHost: cudaDeviceFlushGPUDirectRDMAWrites is there
        // (nothing to flush), as an H200 answers.
        gpuDirectRDMAFlushWritesOptions: 1,
        gpuDirectRDMAWritesOrdering: 0,
        // POSIX file descriptors (an H200 has the bit): pools export as one
        // (`memory::mem_pool_export`), imported back in this process.
        memoryPoolSupportedHandleTypes: 1,
        deferredMappingCudaArraySupported: 0,
        ipcEventSupported: 1,
        clusterLaunch: 1,
        unifiedFunctionPointers: 0,
        deviceNumaConfig: 0,
        deviceNumaId: -1,
        mpsEnabled: 0,
        hostNumaId: -1,
        gpuPciDeviceID: 0,
        gpuPciSubsystemID: 0,
        hostNumaMultinodeIpcSupported: 0,
        reserved: [0; 56],
    }
}

/// `cudaDeviceGetAttribute(attr, device)` (`attr` is a `cudaDeviceAttr` value), also after a
/// kernel fault (as `set_device`).
pub fn attribute(attr: i32, device: i32) -> Result<i32> {
    crate::context::api_despite_sticky(|_| {
        check(device)?;
        let p = props();
        let clamp = |v: usize| v.min(i32::MAX as usize) as i32;
        Ok(match attr {
            1 => p.maxThreadsPerBlock,
            2..=4 => p.maxThreadsDim[(attr - 2) as usize],
            5..=7 => p.maxGridSize[(attr - 5) as usize],
            8 => clamp(p.sharedMemPerBlock),
            9 => clamp(p.totalConstMem),
            10 => p.warpSize,
            11 => clamp(p.memPitch),
            12 => p.regsPerBlock,
            13 => simt::CLOCK_RATE_KHZ as i32,
            14 => clamp(p.textureAlignment),
            15 => 1,
            16 => p.multiProcessorCount,
            17 => 0,
            18 => p.integrated,
            19 => p.canMapHostMemory,
            20 => 0,
            21 => p.maxTexture1D,
            22 | 23 => p.maxTexture2D[(attr - 22) as usize],
            24..=26 => p.maxTexture3D[(attr - 24) as usize],
            27..=29 => p.maxTexture2DLayered[(attr - 27) as usize],
            30 => clamp(p.surfaceAlignment),
            31 => p.concurrentKernels,
            32 => p.ECCEnabled,
            33 => p.pciBusID,
            34 => p.pciDeviceID,
            35 => p.tccDriver,
            36 => 2_619_000,
            37 => p.memoryBusWidth,
            38 => p.l2CacheSize,
            39 => p.maxThreadsPerMultiProcessor,
            40 => p.asyncEngineCount,
            41 => p.unifiedAddressing,
            42 | 43 => p.maxTexture1DLayered[(attr - 42) as usize],
            // CU_DEVICE_ATTRIBUTE_CAN_TEX2D_GATHER (deprecated, unnamed in the runtime's enum):
            // tex2Dgather works, as an H200 answers.
            44 => 1,
            45 | 46 => p.maxTexture2DGather[(attr - 45) as usize],
            47..=49 => p.maxTexture3DAlt[(attr - 47) as usize],
            50 => p.pciDomainID,
            51 => clamp(p.texturePitchAlignment),
            52 => p.maxTextureCubemap,
            53 | 54 => p.maxTextureCubemapLayered[(attr - 53) as usize],
            55 => p.maxSurface1D,
            56 | 57 => p.maxSurface2D[(attr - 56) as usize],
            58..=60 => p.maxSurface3D[(attr - 58) as usize],
            61 | 62 => p.maxSurface1DLayered[(attr - 61) as usize],
            63..=65 => p.maxSurface2DLayered[(attr - 63) as usize],
            66 => p.maxSurfaceCubemap,
            67 | 68 => p.maxSurfaceCubemapLayered[(attr - 67) as usize],
            // cudaDevAttrMaxTexture1DLinearWidth: 2^28 texels, as an H200 answers.
            69 => 1 << 28,
            70..=72 => p.maxTexture2DLinear[(attr - 70) as usize],
            73 | 74 => p.maxTexture2DMipmap[(attr - 73) as usize],
            75 => p.major,
            76 => p.minor,
            77 => p.maxTexture1DMipmap,
            78 => p.streamPrioritiesSupported,
            79 => p.globalL1CacheSupported,
            80 => p.localL1CacheSupported,
            81 => clamp(p.sharedMemPerMultiprocessor),
            82 => p.regsPerMultiprocessor,
            83 => p.managedMemory,
            84 => p.isMultiGpuBoard,
            85 => p.multiGpuBoardGroupID,
            86 => p.hostNativeAtomicSupported,
            87 => 2,
            88 => p.pageableMemoryAccess,
            89 => p.concurrentManagedAccess,
            90 => p.computePreemptionSupported,
            91 => p.canUseHostPointerForRegisteredMem,
            92..=94 | 96 | 122..=124 | 127..=129 | 132 | 141 | 145 => 0,
            95 => p.cooperativeLaunch,
            97 => clamp(p.sharedMemPerBlockOptin),
            98 => 0,
            99 => p.hostRegisterSupported,
            100 => p.pageableMemoryAccessUsesHostPageTables,
            101 => p.directManagedMemAccessFromHost,
            // The driver's virtual memory management (102), POSIX file descriptor (103), Win32
            // (104, 105) handles, generic compression (107) and GPUDirect RDMA with it (110):
            // numbers the runtime's enum leaves unnamed that an H200 answers (1, 1, 0, 0, 1, 1).
            // Cuprite has no driver API (cuMemCreate and the rest), so it answers 0.
            102..=105 | 107 | 110 => 0,
            106 => p.maxBlocksPerMultiProcessor,
            108 => p.persistingL2CacheMaxSize,
            109 => p.accessPolicyMaxWindowSize,
            111 => clamp(p.reservedSharedMemPerBlock),
            112 => p.sparseCudaArraySupported,
            113 => p.hostRegisterReadOnlySupported,
            114 => p.timelineSemaphoreInteropSupported,
            115 => p.memoryPoolsSupported,
            116 => p.gpuDirectRDMASupported,
            117 => p.gpuDirectRDMAFlushWritesOptions as i32,
            118 => p.gpuDirectRDMAWritesOrdering,
            119 => p.memoryPoolSupportedHandleTypes as i32,
            120 => p.clusterLaunch,
            121 => p.deferredMappingCudaArraySupported,
            125 => p.ipcEventSupported,
            // cudaDevAttrMemSyncDomainCount: an H200's 4 (domains only order fences there).
            126 => 4,
            130 => p.deviceNumaConfig,
            131 => p.deviceNumaId,
            133 => p.mpsEnabled,
            134 => p.hostNumaId,
            135 | 138 => 0,
            139 => p.gpuPciDeviceID as i32,
            140 => p.gpuPciSubsystemID as i32,
            142..=144 | 147 => 0,
            // The driver's decompression engine (136: algorithm mask, 137: maximum length) and
            // dma_buf sharing of pinned host memory (146): none, as an H200 answers.
            136 | 137 | 146 => 0,
            _ => return Err(Error::InvalidValue),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_size() {
        // sizeof(struct cudaDeviceProp) in CUDA 13.0 (checked against the C header by the
        // cudart crate's layout test).
        assert_eq!(std::mem::size_of::<DeviceProp>(), 1008);
        let p = properties(0).ok();
        assert_eq!(p.map(|p| (p.major, p.minor, p.warpSize)), Some((9, 0, 32)));
        assert_eq!(attribute(75, 0).ok(), Some(9));
        assert_eq!(attribute(16, 0).ok(), Some(cores()));
        assert_eq!(properties(1).err(), Some(Error::InvalidDevice));
    }

    /// An H200 answers every cudaDeviceGetAttribute number from 1 to 147, the ones the runtime's
    /// enum leaves unnamed too, and refuses 0 and 148 (unseen10b_device_attr_codes); the values
    /// that do not depend on what Cuprite implements are an H200's (unseen10b_device_attr_values).
    #[test]
    fn attribute_numbers_an_h200_answers() {
        for n in 1..=147 {
            assert!(attribute(n, 0).is_ok(), "attribute {n}");
        }
        for n in [0, 148, 149, 150, 100_000] {
            assert_eq!(attribute(n, 0).err(), Some(Error::InvalidValue), "attribute {n}");
        }
        for (n, v) in [(44, 1), (104, 0), (105, 0), (136, 0), (137, 0), (146, 0), (108, 39_321_600)] {
            assert_eq!(attribute(n, 0).ok(), Some(v), "attribute {n}");
        }
        assert_eq!(properties(0).ok().map(|p| p.persistingL2CacheMaxSize), Some(39_321_600));
    }
}
