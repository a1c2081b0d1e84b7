//! 6.1 Device Management (and 6.2, its deprecated shared memory bank configuration):
//! device selection, properties and attributes, limits, flags, cache configuration, PCI ids,
//! the device's memory pools, and interprocess (IPC) memory and event handles, which the
//! reference lists in this section.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::{c_char, c_void};

use runtime::array::ChannelDesc;
use runtime::event::Event;
use runtime::{DevicePtr, Error, device, ipc, memory, record};

use crate::args::{CStrArg, Out};
use crate::{code, invalid};

/// `cudaGetDeviceCount(int *count)`.
pub fn cudaGetDeviceCount(count: Out<i32>) -> i32 {
    let r = device::device_count();
    if matches!(r, Err(Error::NoDevice)) {
        // CUDA reports 0 devices too.
        count.write(0);
    }
    count.put(r)
}

/// `cudaSetDevice(int device)`.
pub fn cudaSetDevice(dev: i32) -> i32 {
    code(device::set_device(dev))
}

/// `cudaGetDevice(int *device)`.
pub fn cudaGetDevice(dev: Out<i32>) -> i32 {
    dev.put(device::get_device())
}

/// `cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device)`.
pub fn cudaGetDeviceProperties(prop: Out<device::DeviceProp>, dev: i32) -> i32 {
    prop.put(device::properties(dev))
}

/// `cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)`.
pub fn cudaDeviceGetAttribute(value: Out<i32>, attr: i32, dev: i32) -> i32 {
    value.put(device::attribute(attr, dev))
}

/// `cudaChooseDevice(int *device, const struct cudaDeviceProp *prop)`: always device 0; a null
/// `prop` is an invalid value (an H200's answer, tests/program-diff/device_selection.cu).
pub fn cudaChooseDevice(dev: Out<i32>, prop: *const c_void) -> i32 {
    if prop.is_null() {
        return invalid();
    }
    dev.put(Ok(0))
}

/// `cudaDeviceSynchronize()`.
pub fn cudaDeviceSynchronize() -> i32 {
    code(runtime::stream::device_synchronize())
}

/// `cudaDeviceReset()`.
pub fn cudaDeviceReset() -> i32 {
    code(runtime::reset::device_reset())
}

/// `cudaDeviceFlushGPUDirectRDMAWrites(enum cudaFlushGPUDirectRDMAWritesTarget target, enum
/// cudaFlushGPUDirectRDMAWritesScope scope)`: the current device (target 0), to its owner (100)
/// or to all devices (200). Nothing to flush: the CPU device's writes are visible once made.
/// Other values are invalid (an H200's answers: tests/program-diff/runtime18_api_rare_entry_points.cu's
/// recording).
pub fn cudaDeviceFlushGPUDirectRDMAWrites(target: i32, scope: i32) -> i32 {
    if target != 0 || !matches!(scope, 100 | 200) {
        return crate::invalid();
    }
    code(runtime::usable())
}

/// `cudaDeviceGetStreamPriorityRange(int *least, int *greatest)`: (0, -5), as on an H100.
///
/// # Safety
/// Both pointers must be null or valid for writes.
pub unsafe fn cudaDeviceGetStreamPriorityRange(least: *mut i32, greatest: *mut i32) -> i32 {
    // SAFETY: null-checked; valid for writes per the contract.
    unsafe {
        if !least.is_null() {
            least.write(0);
        }
        if !greatest.is_null() {
            greatest.write(runtime::stream::GREATEST_PRIORITY);
        }
    }
    0
}

/// `cudaDeviceSetLimit(enum cudaLimit, size_t value)`.
pub fn cudaDeviceSetLimit(limit: i32, value: usize) -> i32 {
    code(device::set_limit(limit, value))
}

/// `cudaDeviceGetLimit(size_t *pValue, enum cudaLimit)`.
pub fn cudaDeviceGetLimit(v: Out<usize>, limit: i32) -> i32 {
    v.put(device::get_limit(limit))
}

/// `cudaSetDeviceFlags(unsigned int flags)`.
pub fn cudaSetDeviceFlags(flags: u32) -> i32 {
    code(device::set_device_flags(flags))
}

/// `cudaGetDeviceFlags(unsigned int *flags)`.
pub fn cudaGetDeviceFlags(flags: Out<u32>) -> i32 {
    flags.put(device::get_device_flags())
}

/// `cudaDeviceSetCacheConfig(enum cudaFuncCache)`.
pub fn cudaDeviceSetCacheConfig(config: i32) -> i32 {
    code(device::set_cache_config(config))
}

/// `cudaDeviceGetCacheConfig(enum cudaFuncCache *)`.
pub fn cudaDeviceGetCacheConfig(config: Out<i32>) -> i32 {
    config.put(device::get_cache_config())
}

/// `cudaDeviceGetPCIBusId(char *pciBusId, int len, int device)`: writes at most `len` bytes
/// (NUL-terminated, truncated if needed).
///
/// # Safety
/// `id` must be valid for `len` bytes of writes.
pub unsafe fn cudaDeviceGetPCIBusId(id: *mut c_char, len: i32, dev: i32) -> i32 {
    if id.is_null() || len <= 0 {
        return invalid();
    }
    let r = device::pci_bus_id(dev).and_then(|s| {
        let n = s.len().min(len as usize - 1);
        // SAFETY: `id` is valid for `len` bytes; `n + 1 <= len`.
        unsafe {
            std::ptr::copy_nonoverlapping(s.as_ptr(), id as *mut u8, n);
            id.add(n).write(0);
        }
        // A buffer too short for the whole id gets its start, and the call fails (as an H200
        // answers).
        if n < s.len() { record(Err(Error::InvalidValue)) } else { Ok(()) }
    });
    code(r)
}

/// `cudaDeviceGetByPCIBusId(int *device, const char *pciBusId)`.
pub fn cudaDeviceGetByPCIBusId(dev: Out<i32>, id: CStrArg) -> i32 {
    if id.is_null() {
        return invalid();
    }
    let Some(s) = id.to_string_lossy() else { return invalid() };
    dev.put(device::device_by_pci_bus_id(&s))
}

/// `cudaIpcMemHandle_t` / `cudaIpcEventHandle_t`: 64 opaque bytes, passed by value.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct IpcHandle {
    /// The handle's bytes.
    pub reserved: [c_char; 64],
}

impl IpcHandle {
    fn from_bytes(b: ipc::Handle) -> IpcHandle {
        IpcHandle { reserved: b.map(|x| x as c_char) }
    }

    fn bytes(&self) -> ipc::Handle {
        self.reserved.map(|x| x as u8)
    }
}

/// `cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle, void *devPtr)`.
pub fn cudaIpcGetMemHandle(handle: Out<IpcHandle>, dev_ptr: *mut c_void) -> i32 {
    if handle.is_null() || dev_ptr.is_null() {
        return invalid();
    }
    handle.put(ipc::get_mem_handle(dev_ptr as u64).map(IpcHandle::from_bytes))
}

/// `cudaIpcOpenMemHandle(void **devPtr, cudaIpcMemHandle_t handle, unsigned int flags)`.
pub fn cudaIpcOpenMemHandle(dev_ptr: Out<*mut c_void>, handle: IpcHandle, flags: u32) -> i32 {
    if dev_ptr.is_null() {
        return invalid();
    }
    dev_ptr.put(ipc::open_mem_handle(&handle.bytes(), flags).map(|p| p.0 as *mut c_void))
}

/// `cudaIpcCloseMemHandle(void *devPtr)`.
pub fn cudaIpcCloseMemHandle(dev_ptr: *mut c_void) -> i32 {
    code(ipc::close_mem_handle(DevicePtr(dev_ptr as u64)))
}

/// `cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle, cudaEvent_t event)`.
pub fn cudaIpcGetEventHandle(handle: Out<IpcHandle>, event: *mut c_void) -> i32 {
    if handle.is_null() {
        return invalid();
    }
    handle.put(ipc::get_event_handle(Event(event as u64)).map(IpcHandle::from_bytes))
}

/// `cudaIpcOpenEventHandle(cudaEvent_t *event, cudaIpcEventHandle_t handle)`.
pub fn cudaIpcOpenEventHandle(event: Out<*mut c_void>, handle: IpcHandle) -> i32 {
    if event.is_null() {
        return invalid();
    }
    event.put(ipc::open_event_handle(&handle.bytes()).map(|e| e.0 as *mut c_void))
}

/// `cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device)`.
pub fn cudaDeviceGetDefaultMemPool(p: Out<*mut c_void>, device: i32) -> i32 {
    p.put_with(|| memory::default_mem_pool(device).map(|h| h as *mut c_void))
}

/// `cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device)`.
pub fn cudaDeviceGetMemPool(p: Out<*mut c_void>, device: i32) -> i32 {
    p.put_with(|| memory::device_mem_pool(device).map(|h| h as *mut c_void))
}

/// `cudaDeviceSetMemPool(int device, cudaMemPool_t memPool)`.
pub fn cudaDeviceSetMemPool(device: i32, pool: *mut c_void) -> i32 {
    code(memory::set_device_mem_pool(device, pool as u64))
}

/// `cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config)`.
pub fn cudaDeviceSetSharedMemConfig(config: i32) -> i32 {
    code(device::set_shared_mem_config(config))
}

/// `cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig)`.
pub fn cudaDeviceGetSharedMemConfig(config: Out<i32>) -> i32 {
    config.put(device::get_shared_mem_config())
}

/// `cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int srcDevice, int
/// dstDevice)`.
pub fn cudaDeviceGetP2PAttribute(value: Out<i32>, attr: i32, src: i32, dst: i32) -> i32 {
    value.put(device::p2p_attribute(attr, src, dst))
}

/// `cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags)`.
pub fn cudaInitDevice(dev: i32, device_flags: u32, flags: u32) -> i32 {
    code(device::init_device(dev, device_flags, flags))
}

/// `cudaSetValidDevices(int *device_arr, int len)`.
///
/// # Safety
/// `list` must hold `len` ints when `len > 0`.
pub unsafe fn cudaSetValidDevices(list: *mut i32, len: i32) -> i32 {
    if len < 0 || (len > 0 && list.is_null()) {
        return invalid();
    }
    let devs = if len == 0 {
        &[][..]
    } else {
        // SAFETY: non-null with `len` entries per the contract.
        unsafe { std::slice::from_raw_parts(list, len as usize) }
    };
    code(device::set_valid_devices(devs))
}

/// `cudaDeviceGetTexture1DLinearMaxWidth(size_t *maxWidthInElements, const
/// cudaChannelFormatDesc *fmtDesc, int device)`.
///
/// # Safety
/// `width` must be null or valid for writes; `desc` null or valid.
pub unsafe fn cudaDeviceGetTexture1DLinearMaxWidth(width: Out<usize>, desc: *const ChannelDesc, dev: i32) -> i32 {
    // SAFETY: null-checked; valid per the contract.
    let Some(d) = (unsafe { desc.as_ref() }) else { return invalid() };
    width.put(runtime::array::texture_1d_linear_max_width(d, dev))
}

/// The atomic capabilities a link supports natively, for `count` operations (each a
/// `cudaAtomicOperation`, 0..=12): none for every valid operation, as an H200 answers between
/// itself and the host (Cuprite's device atomics are host atomics, but report as that device).
///
/// # Safety
/// `caps` and `ops` must be null or hold `count` entries.
unsafe fn atomic_capabilities(caps: *mut u32, ops: *const i32, count: u32) -> i32 {
    if caps.is_null() || ops.is_null() || count == 0 {
        return invalid();
    }
    // SAFETY: non-null with `count` entries per the contract.
    let (caps, ops) = unsafe {
        (std::slice::from_raw_parts_mut(caps, count as usize), std::slice::from_raw_parts(ops, count as usize))
    };
    if ops.iter().any(|o| !(0..=12).contains(o)) {
        return invalid();
    }
    caps.fill(0);
    0
}

/// `cudaDeviceGetHostAtomicCapabilities(unsigned int *capabilities, const enum
/// cudaAtomicOperation *operations, unsigned int count, int device)`.
///
/// # Safety
/// As `atomic_capabilities`.
pub unsafe fn cudaDeviceGetHostAtomicCapabilities(caps: *mut u32, ops: *const i32, count: u32, dev: i32) -> i32 {
    if dev != 0 {
        return code(runtime::record::<()>(Err(runtime::Error::InvalidDevice)));
    }
    // SAFETY: as this function's contract.
    unsafe { atomic_capabilities(caps, ops, count) }
}

/// `cudaDeviceGetP2PAtomicCapabilities(unsigned int *capabilities, const enum
/// cudaAtomicOperation *operations, unsigned int count, int srcDevice, int dstDevice)`: there
/// is no peer of the one device (an H200 alone answers cudaErrorInvalidDevice for itself).
pub fn cudaDeviceGetP2PAtomicCapabilities(_caps: *mut u32, _ops: *const i32, _count: u32, _src: i32, _dst: i32) -> i32 {
    code(runtime::record::<()>(Err(runtime::Error::InvalidDevice)))
}

/// The handles of the async-notification callbacks registered and not yet unregistered
/// (`cudaDeviceRegisterAsyncNotification`). The CPU device never sends a notification (there is
/// no device-memory budget to go over), so a callback is kept only as its handle, which
/// unregistering must find.
fn async_notifications() -> std::sync::MutexGuard<'static, (usize, std::collections::BTreeSet<usize>)> {
    static HANDLES: std::sync::Mutex<(usize, std::collections::BTreeSet<usize>)> =
        std::sync::Mutex::new((0, std::collections::BTreeSet::new()));
    HANDLES.lock().unwrap_or_else(|e| e.into_inner())
}

/// `cudaDeviceRegisterAsyncNotification(int device, cudaAsyncCallback callbackFunc, void
/// *userData, cudaAsyncCallbackHandle_t *callback)`: an unknown device is
/// cudaErrorInvalidDevice, a null callback or output cudaErrorInvalidValue (an H200's answers:
/// tests/program-diff/guide18_runtime_misc13.cu).
pub fn cudaDeviceRegisterAsyncNotification(
    dev: i32,
    callback: *mut c_void,
    _user: *mut c_void,
    handle: Out<*mut c_void>,
) -> i32 {
    if dev != 0 {
        return code(record::<()>(Err(Error::InvalidDevice)));
    }
    if callback.is_null() {
        return invalid();
    }
    handle.put_with(|| {
        runtime::usable()?;
        let mut n = async_notifications();
        // Handles count up from 1 (null is never a handle).
        n.0 += 1;
        let h = n.0;
        n.1.insert(h);
        Ok(h as *mut c_void)
    })
}

/// `cudaDeviceUnregisterAsyncNotification(int device, cudaAsyncCallbackHandle_t callback)`: a
/// handle not registered (null included) is cudaErrorInvalidValue.
pub fn cudaDeviceUnregisterAsyncNotification(dev: i32, handle: *mut c_void) -> i32 {
    if dev != 0 {
        return code(record::<()>(Err(Error::InvalidDevice)));
    }
    if async_notifications().1.remove(&(handle as usize)) { 0 } else { invalid() }
}
