//! Smaller runtime API families: the profiler switches, shared memory bank configuration,
//! device initialization and selection, peer attributes, stream attributes, function queries
//! (`cudaFuncGetName`, `cudaGetKernel`, parameter layout), memory range attributes, memory
//! pools by location and pool access, and 3D peer copies.

// C ABI names.
#![allow(non_snake_case)]

use std::collections::HashMap;
use std::ffi::{CString, c_char, c_void};
use std::sync::Mutex;

use runtime::array::ChannelDesc;
use runtime::memory::{MemLocation, On};
use runtime::stream::AttrValue;
use runtime::{Error, device, memory, record};

use crate::ext::{Extent, Memcpy3DParms, PitchedPtr, Pos, ptsz};
use crate::register::function_for_handle;
use crate::{PTDS, SYNC, code, invalid, out, stream};

/// `cudaProfilerStart()`: there is no profiler to start; succeeds.
pub extern "C-unwind" fn cudaProfilerStart() -> i32 {
    code(record(Ok(())))
}

/// `cudaProfilerStop()`: succeeds.
pub extern "C-unwind" fn cudaProfilerStop() -> i32 {
    code(record(Ok(())))
}

/// `cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config)`.
pub extern "C-unwind" fn cudaDeviceSetSharedMemConfig(config: i32) -> i32 {
    code(device::set_shared_mem_config(config))
}

/// `cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig)`.
///
/// # Safety
/// `config` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaDeviceGetSharedMemConfig(config: *mut i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(config, device::get_shared_mem_config()) }
}

/// `cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config)`: the
/// function must be a kernel, the configuration valid; the bank size is fixed.
pub extern "C-unwind" fn cudaFuncSetSharedMemConfig(func: *const c_void, config: i32) -> i32 {
    code(function_for_handle(func as usize).and_then(|_| record(device::check_shared_mem_config(config))))
}

/// `cudaHostGetFlags(unsigned int *pFlags, void *pHost)`.
///
/// # Safety
/// `flags` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaHostGetFlags(flags: *mut u32, host: *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(flags, memory::host_get_flags(host as usize)) }
}

/// `cudaCtxResetPersistingL2Cache()`.
pub extern "C-unwind" fn cudaCtxResetPersistingL2Cache() -> i32 {
    code(device::reset_persisting_l2_cache())
}

/// `cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int srcDevice, int
/// dstDevice)`.
///
/// # Safety
/// `value` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaDeviceGetP2PAttribute(value: *mut i32, attr: i32, src: i32, dst: i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(value, device::p2p_attribute(attr, src, dst)) }
}

/// `cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags)`.
pub extern "C-unwind" fn cudaInitDevice(dev: i32, device_flags: u32, flags: u32) -> i32 {
    code(device::init_device(dev, device_flags, flags))
}

/// `cudaSetValidDevices(int *device_arr, int len)`.
///
/// # Safety
/// `list` must hold `len` ints when `len > 0`.
pub unsafe extern "C-unwind" fn cudaSetValidDevices(list: *mut i32, len: i32) -> i32 {
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
pub unsafe extern "C-unwind" fn cudaDeviceGetTexture1DLinearMaxWidth(
    width: *mut usize,
    desc: *const ChannelDesc,
    dev: i32,
) -> i32 {
    // SAFETY: null-checked; valid per the contract.
    let Some(d) = (unsafe { desc.as_ref() }) else { return invalid() };
    // SAFETY: forwarded contract.
    unsafe { out(width, runtime::array::texture_1d_linear_max_width(d, dev)) }
}

/// The stream attributes' value pointer as a value.
///
/// # Safety
/// `v` must be null or point to a 64-byte `cudaLaunchAttributeValue`.
unsafe fn attr_value(v: *const AttrValue) -> Option<AttrValue> {
    // SAFETY: forwarded contract; the C union has 4-byte alignment at least.
    unsafe { v.as_ref().copied() }
}

/// As for `cudaStreamSetAttribute`.
unsafe fn stream_set_attribute(s: *mut c_void, id: i32, v: *const AttrValue) -> i32 {
    // SAFETY: forwarded contract.
    let Some(v) = (unsafe { attr_value(v) }) else { return invalid() };
    code(stream(s).set_attribute(id, &v))
}

/// `cudaStreamSetAttribute(cudaStream_t, cudaStreamAttrID, const cudaStreamAttrValue *)`.
///
/// # Safety
/// `v` must be null or a valid `cudaStreamAttrValue`.
pub unsafe extern "C-unwind" fn cudaStreamSetAttribute(s: *mut c_void, id: i32, v: *const AttrValue) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { stream_set_attribute(s, id, v) }
}

/// `cudaStreamSetAttribute_ptsz`.
///
/// # Safety
/// As for `cudaStreamSetAttribute`.
pub unsafe extern "C-unwind" fn cudaStreamSetAttribute_ptsz(s: *mut c_void, id: i32, v: *const AttrValue) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { stream_set_attribute(ptsz(s), id, v) }
}

/// `cudaStreamGetAttribute(cudaStream_t, cudaStreamAttrID, cudaStreamAttrValue *)`.
///
/// # Safety
/// `v` must be null or valid for writes of a `cudaStreamAttrValue`.
pub unsafe extern "C-unwind" fn cudaStreamGetAttribute(s: *mut c_void, id: i32, v: *mut AttrValue) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(v, stream(s).get_attribute(id)) }
}

/// `cudaStreamGetAttribute_ptsz`.
///
/// # Safety
/// As for `cudaStreamGetAttribute`.
pub unsafe extern "C-unwind" fn cudaStreamGetAttribute_ptsz(s: *mut c_void, id: i32, v: *mut AttrValue) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(v, stream(ptsz(s)).get_attribute(id)) }
}

/// `cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src)`.
pub extern "C-unwind" fn cudaStreamCopyAttributes(dst: *mut c_void, src: *mut c_void) -> i32 {
    code(stream(dst).copy_attributes_from(stream(src)))
}

/// `cudaStreamCopyAttributes_ptsz`.
pub extern "C-unwind" fn cudaStreamCopyAttributes_ptsz(dst: *mut c_void, src: *mut c_void) -> i32 {
    code(stream(ptsz(dst)).copy_attributes_from(stream(ptsz(src))))
}

/// Kernel names as C strings, kept for the life of the process (`cudaFuncGetName` returns
/// pointers into them).
fn c_name(name: &str) -> *const c_char {
    static NAMES: Mutex<Option<HashMap<String, CString>>> = Mutex::new(None);
    let mut g = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    let m = g.get_or_insert_with(HashMap::new);
    // A PTX identifier has no NUL byte; fall back to an empty name if one ever had.
    m.entry(name.to_string()).or_insert_with(|| CString::new(name).unwrap_or_default()).as_ptr()
}

/// `cudaFuncGetName(const char **name, const void *func)`: the (mangled) kernel name.
///
/// # Safety
/// `name` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaFuncGetName(name: *mut *const c_char, func: *const c_void) -> i32 {
    if name.is_null() {
        return invalid();
    }
    // SAFETY: forwarded contract.
    unsafe { out(name, function_for_handle(func as usize).map(|f| c_name(f.name()))) }
}

/// `cudaGetKernel(cudaKernel_t *kernelPtr, const void *entryFuncAddr)`: the kernel handle is
/// the host stub address.
///
/// # Safety
/// `kernel` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaGetKernel(kernel: *mut *mut c_void, entry: *const c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { crate::register::__cudaGetKernel(kernel, entry) }
}

/// `cudaGetFuncBySymbol(cudaFunction_t *functionPtr, const void *symbolPtr)`: as
/// `cudaGetKernel` (the handle is the host stub address).
///
/// # Safety
/// `func` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaGetFuncBySymbol(func: *mut *mut c_void, symbol: *const c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { crate::register::__cudaGetKernel(func, symbol) }
}

/// `cudaFuncGetParamInfo(const void *func, size_t paramIndex, size_t *paramOffset, size_t
/// *paramSize)`: the parameter's offset and size in the packed parameter buffer.
///
/// # Safety
/// `offset`, `size` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaFuncGetParamInfo(
    func: *const c_void,
    index: usize,
    offset: *mut usize,
    size: *mut usize,
) -> i32 {
    let r = function_for_handle(func as usize).and_then(|f| {
        let mut off = 0usize;
        for (i, p) in f.params().iter().enumerate() {
            off = off.next_multiple_of(p.align.max(1) as usize);
            if i == index {
                return Ok((off, p.size as usize));
            }
            off += p.size as usize;
        }
        record(Err(Error::InvalidValue))
    });
    match r {
        Ok((o, s)) => {
            // SAFETY: null-checked; valid for writes per the contract.
            unsafe {
                if !offset.is_null() {
                    offset.write(o);
                }
                if !size.is_null() {
                    size.write(s);
                }
            }
            0
        }
        Err(_) => code(r),
    }
}

/// `cudaMemRangeGetAttributes(void **data, size_t *dataSizes, enum cudaMemRangeAttribute
/// *attributes, size_t numAttributes, const void *devPtr, size_t count)`: each attribute as
/// `cudaMemRangeGetAttribute` gives it.
///
/// # Safety
/// The three arrays must hold `num` entries; each `data[i]` must be valid for writes of
/// `dataSizes[i]` bytes.
pub unsafe extern "C-unwind" fn cudaMemRangeGetAttributes(
    data: *mut *mut c_void,
    sizes: *mut usize,
    attrs: *mut i32,
    num: usize,
    ptr: *const c_void,
    count: usize,
) -> i32 {
    if data.is_null() || sizes.is_null() || attrs.is_null() || num == 0 {
        return invalid();
    }
    // SAFETY: non-null with `num` entries each per the contract.
    let (data, sizes, attrs) = unsafe {
        (
            std::slice::from_raw_parts(data, num),
            std::slice::from_raw_parts(sizes, num),
            std::slice::from_raw_parts(attrs, num),
        )
    };
    if data.iter().any(|d| d.is_null()) {
        return invalid();
    }
    let mut values = Vec::with_capacity(num);
    for (&a, &n) in attrs.iter().zip(sizes) {
        match memory::mem_range_get_attribute(n, a, ptr as u64, count) {
            Ok(v) => values.push(v),
            Err(e) => return code::<()>(Err(e)),
        }
    }
    for (&d, v) in data.iter().zip(values) {
        // SAFETY: `d` is valid for `dataSizes[i]` = `v.len()` bytes per the contract.
        unsafe { std::ptr::copy_nonoverlapping(v.as_ptr(), d.cast::<u8>(), v.len()) };
    }
    0
}

/// # Safety
/// `loc` must be null or valid.
unsafe fn location(loc: *const MemLocation) -> Option<MemLocation> {
    // SAFETY: forwarded contract.
    unsafe { loc.as_ref().copied() }
}

/// `cudaMemGetDefaultMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location, enum
/// cudaMemAllocationType type)`.
///
/// # Safety
/// `pool` must be null or valid for writes; `loc` null or valid.
pub unsafe extern "C-unwind" fn cudaMemGetDefaultMemPool(pool: *mut u64, loc: *const MemLocation, ty: i32) -> i32 {
    // SAFETY: forwarded contract.
    let Some(l) = (unsafe { location(loc) }) else { return invalid() };
    // SAFETY: forwarded contract.
    unsafe { out(pool, memory::default_mem_pool_at(l, ty)) }
}

/// `cudaMemGetMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location, enum
/// cudaMemAllocationType type)`.
///
/// # Safety
/// As for `cudaMemGetDefaultMemPool`.
pub unsafe extern "C-unwind" fn cudaMemGetMemPool(pool: *mut u64, loc: *const MemLocation, ty: i32) -> i32 {
    // SAFETY: forwarded contract.
    let Some(l) = (unsafe { location(loc) }) else { return invalid() };
    // SAFETY: forwarded contract.
    unsafe { out(pool, memory::mem_pool_at(l, ty)) }
}

/// `cudaMemSetMemPool(struct cudaMemLocation *location, enum cudaMemAllocationType type,
/// cudaMemPool_t memPool)`.
///
/// # Safety
/// `loc` must be null or valid.
pub unsafe extern "C-unwind" fn cudaMemSetMemPool(loc: *const MemLocation, ty: i32, pool: u64) -> i32 {
    // SAFETY: forwarded contract.
    let Some(l) = (unsafe { location(loc) }) else { return invalid() };
    code(memory::set_mem_pool_at(l, ty, pool))
}

/// `struct cudaMemAccessDesc`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MemAccessDesc {
    /// `struct cudaMemLocation location`.
    pub location: MemLocation,
    /// `enum cudaMemAccessFlags flags`.
    pub flags: i32,
}

/// `cudaMemPoolSetAccess(cudaMemPool_t, const struct cudaMemAccessDesc *descList, size_t
/// count)`.
///
/// # Safety
/// `descs` must hold `count` entries.
pub unsafe extern "C-unwind" fn cudaMemPoolSetAccess(pool: u64, descs: *const MemAccessDesc, count: usize) -> i32 {
    if count > 0 && descs.is_null() {
        return invalid();
    }
    let list = if count == 0 {
        &[][..]
    } else {
        // SAFETY: non-null with `count` entries per the contract.
        unsafe { std::slice::from_raw_parts(descs, count) }
    };
    let v: Vec<_> = list.iter().map(|d| (d.location, d.flags)).collect();
    code(memory::mem_pool_set_access(pool, &v))
}

/// `cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t, struct cudaMemLocation
/// *location)`.
///
/// # Safety
/// `flags` must be null or valid for writes; `loc` null or valid.
pub unsafe extern "C-unwind" fn cudaMemPoolGetAccess(flags: *mut i32, pool: u64, loc: *const MemLocation) -> i32 {
    // SAFETY: forwarded contract.
    let Some(l) = (unsafe { location(loc) }) else { return invalid() };
    // SAFETY: forwarded contract.
    unsafe { out(flags, memory::mem_pool_get_access(pool, l)) }
}

/// `struct cudaMemcpy3DPeerParms`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Memcpy3DPeerParms {
    /// `cudaArray_t srcArray`.
    pub srcArray: *mut c_void,
    /// `struct cudaPos srcPos`.
    pub srcPos: Pos,
    /// `struct cudaPitchedPtr srcPtr`.
    pub srcPtr: PitchedPtr,
    /// `int srcDevice`.
    pub srcDevice: i32,
    /// `cudaArray_t dstArray`.
    pub dstArray: *mut c_void,
    /// `struct cudaPos dstPos`.
    pub dstPos: Pos,
    /// `struct cudaPitchedPtr dstPtr`.
    pub dstPtr: PitchedPtr,
    /// `int dstDevice`.
    pub dstDevice: i32,
    /// `struct cudaExtent extent`.
    pub extent: Extent,
}

/// A 3D peer copy as the `cudaMemcpy3D` (kind `cudaMemcpyDefault`) it is with one device.
///
/// # Safety
/// `p` must be null or valid; the memory the copy covers must be valid.
unsafe fn memcpy_3d_peer(p: *const Memcpy3DPeerParms, on: On) -> i32 {
    // SAFETY: forwarded contract.
    let Some(q) = (unsafe { p.as_ref() }) else { return invalid() };
    if q.srcDevice != 0 || q.dstDevice != 0 {
        return code(record::<()>(Err(Error::InvalidDevice)));
    }
    // Peer copies are between device memories (or arrays): host memory is an invalid value,
    // as an H100 answers.
    let on_device = |array: *mut c_void, p: &PitchedPtr| !array.is_null() || memory::is_device_ptr(p.ptr as u64);
    if !on_device(q.srcArray, &q.srcPtr) || !on_device(q.dstArray, &q.dstPtr) {
        return invalid();
    }
    let m = Memcpy3DParms {
        srcArray: q.srcArray,
        srcPos: q.srcPos,
        srcPtr: q.srcPtr,
        dstArray: q.dstArray,
        dstPos: q.dstPos,
        dstPtr: q.dstPtr,
        extent: q.extent,
        kind: 4,
    };
    // SAFETY: forwarded contract.
    unsafe { crate::ext::memcpy_3d(&m, on) }
}

/// `cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p)`.
///
/// # Safety
/// `p` must be null or valid; the memory the copy covers must be valid.
pub unsafe extern "C-unwind" fn cudaMemcpy3DPeer(p: *const Memcpy3DPeerParms) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy_3d_peer(p, SYNC) }
}

/// `cudaMemcpy3DPeer_ptds`.
///
/// # Safety
/// As for `cudaMemcpy3DPeer`.
pub unsafe extern "C-unwind" fn cudaMemcpy3DPeer_ptds(p: *const Memcpy3DPeerParms) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy_3d_peer(p, PTDS) }
}

/// `cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p, cudaStream_t stream)`.
///
/// # Safety
/// As for `cudaMemcpy3DPeer`, until the copy completes.
pub unsafe extern "C-unwind" fn cudaMemcpy3DPeerAsync(p: *const Memcpy3DPeerParms, s: *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy_3d_peer(p, On::Async(stream(s))) }
}

/// `cudaMemcpy3DPeerAsync_ptsz`.
///
/// # Safety
/// As for `cudaMemcpy3DPeerAsync`.
pub unsafe extern "C-unwind" fn cudaMemcpy3DPeerAsync_ptsz(p: *const Memcpy3DPeerParms, s: *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { memcpy_3d_peer(p, On::Async(stream(ptsz(s)))) }
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_misc.rs"));
