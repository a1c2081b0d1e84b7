//! Device memory (simt [`DevicePtr`]s), pinned host memory, copies and memset.
//!
//! Device addresses live in simt's device range (from [`simt::GLOBAL_BASE`]), far from where
//! Linux maps host memory, so `cudaMemcpyDefault` tells device from host pointers by range.

use std::alloc::Layout;
use std::sync::{Arc, Mutex};

use simt::{DeviceMemory, DevicePtr, GLOBAL_BASE, MemError};

use crate::context::{api, ctx, lock};
use crate::error::{Error, Result};
use crate::stream::{Stream, enqueue, resolve, run_sync, wait_all};

/// The size of simt's device address range that `cudaMemcpyDefault` treats as device memory.
const DEVICE_RANGE: u64 = 1 << 44;

/// `cudaMemcpyKind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i32)]
pub enum MemcpyKind {
    /// `cudaMemcpyHostToHost` (0).
    HostToHost = 0,
    /// `cudaMemcpyHostToDevice` (1).
    HostToDevice = 1,
    /// `cudaMemcpyDeviceToHost` (2).
    DeviceToHost = 2,
    /// `cudaMemcpyDeviceToDevice` (3).
    DeviceToDevice = 3,
    /// `cudaMemcpyDefault` (4): inferred from the pointers.
    Default = 4,
}

impl MemcpyKind {
    /// The kind with CUDA value `v`.
    pub fn from_raw(v: i32) -> Result<MemcpyKind> {
        Ok(match v {
            0 => MemcpyKind::HostToHost,
            1 => MemcpyKind::HostToDevice,
            2 => MemcpyKind::DeviceToHost,
            3 => MemcpyKind::DeviceToDevice,
            4 => MemcpyKind::Default,
            _ => return Err(Error::InvalidMemcpyDirection),
        })
    }
}

/// Whether `addr` is in the device address range.
pub fn is_device_ptr(addr: u64) -> bool {
    (GLOBAL_BASE..GLOBAL_BASE + DEVICE_RANGE).contains(&addr)
}

fn mem_err(e: MemError) -> Error {
    match e {
        MemError::OutOfMemory(_) => Error::MemoryAllocation,
        _ => Error::InvalidValue,
    }
}

/// `cudaMalloc`: `size` bytes of device memory, 256-byte aligned (a null pointer for 0 bytes).
pub fn malloc(size: usize) -> Result<DevicePtr> {
    api(|c| {
        crate::graph::check_unsafe_call()?;
        if size == 0 {
            return Ok(DevicePtr(0));
        }
        let p = c.mem().alloc(size as u64).map_err(|_| Error::MemoryAllocation)?;
        lock(&c.allocs).insert(p.0, size as u64);
        Ok(p)
    })
}

/// `cudaFree`: synchronizes the device, then frees (null is a no-op).
pub fn free(ptr: DevicePtr) -> Result<()> {
    api(|c| {
        crate::graph::check_unsafe_call()?;
        if ptr.0 == 0 {
            return Ok(());
        }
        if !lock(&c.allocs).contains_key(&ptr.0) {
            return Err(Error::InvalidValue);
        }
        wait_all();
        c.mem().free(ptr).map_err(|_| Error::InvalidValue)?;
        lock(&c.allocs).remove(&ptr.0);
        Ok(())
    })
}

/// `cudaMemGetInfo`: `(free, total)` bytes.
pub fn mem_get_info() -> Result<(usize, usize)> {
    api(|c| {
        let total = crate::device::total_memory();
        let used: u64 = lock(&c.allocs).values().sum();
        Ok((total.saturating_sub(used) as usize, total as usize))
    })
}

/// `cudaHostAlloc` / `cudaMallocHost`: page-aligned host memory (a null pointer for 0 bytes).
/// It is ordinary host memory: kernels cannot access it (no mapped/zero-copy memory yet).
pub fn host_alloc(size: usize, flags: u32) -> Result<*mut u8> {
    api(|c| {
        // Default (0), Portable (1), Mapped (2: accepted; cudaHostGetDevicePointer fails, as
        // CUDA defers the failure there), WriteCombined (4).
        if flags & !7 != 0 {
            return Err(Error::InvalidValue);
        }
        crate::graph::check_unsafe_call()?;
        if size == 0 {
            return Ok(std::ptr::null_mut());
        }
        let layout = Layout::from_size_align(size, 4096).map_err(|_| Error::MemoryAllocation)?;
        // SAFETY: `layout` has a non-zero size.
        let p = unsafe { std::alloc::alloc(layout) };
        if p.is_null() {
            return Err(Error::MemoryAllocation);
        }
        lock(&c.host_allocs).insert(p as usize, layout);
        Ok(p)
    })
}

/// `cudaFreeHost`: frees memory from [`host_alloc`] (null is a no-op; anything else is
/// [`Error::InvalidValue`]).
pub fn free_host(ptr: *mut u8) -> Result<()> {
    api(|c| {
        crate::graph::check_unsafe_call()?;
        if ptr.is_null() {
            return Ok(());
        }
        let (base, layout) = lock(&c.host_allocs).remove_entry(&(ptr as usize)).ok_or(Error::InvalidValue)?;
        wait_all();
        // SAFETY: `base` was returned by `std::alloc::alloc(layout)` in `host_alloc` and is
        // freed once (it was just removed from the table).
        unsafe { std::alloc::dealloc(base as *mut u8, layout) };
        Ok(())
    })
}

/// Whether `ptr` is the start of (or inside) a pinned host allocation: `(base, size)`.
pub fn host_allocation(ptr: usize) -> Option<(usize, usize)> {
    lock(&ctx().host_allocs).iter().find(|(b, l)| (**b..**b + l.size()).contains(&ptr)).map(|(b, l)| (*b, l.size()))
}

/// `cudaMemcpy` host → device (synchronous).
pub fn memcpy_htod(dst: DevicePtr, src: &[u8]) -> Result<()> {
    // SAFETY: `src` is a live slice for the whole (synchronous) call.
    unsafe { memcpy_raw(dst.0, src.as_ptr() as u64, src.len(), MemcpyKind::HostToDevice, None) }
}

/// `cudaMemcpy` device → host (synchronous).
pub fn memcpy_dtoh(dst: &mut [u8], src: DevicePtr) -> Result<()> {
    // SAFETY: `dst` is a live, exclusively borrowed slice for the whole (synchronous) call.
    unsafe { memcpy_raw(dst.as_mut_ptr() as u64, src.0, dst.len(), MemcpyKind::DeviceToHost, None) }
}

/// `cudaMemcpy` device → device (synchronous).
pub fn memcpy_dtod(dst: DevicePtr, src: DevicePtr, count: usize) -> Result<()> {
    // SAFETY: no host memory is involved.
    unsafe { memcpy_raw(dst.0, src.0, count, MemcpyKind::DeviceToDevice, None) }
}

/// `cudaMemset` (synchronous with respect to the host for device memory, as in CUDA).
pub fn memset(dst: DevicePtr, value: u8, count: usize) -> Result<()> {
    memset_on(dst, value, count, None)
}

/// `cudaMemsetAsync` on `stream`.
pub fn memset_async(dst: DevicePtr, value: u8, count: usize, stream: Stream) -> Result<()> {
    memset_on(dst, value, count, Some(stream))
}

fn memset_on(dst: DevicePtr, value: u8, count: usize, stream: Option<Stream>) -> Result<()> {
    api(|c| {
        if count == 0 {
            return Ok(());
        }
        if !is_device_ptr(dst.0) {
            return Err(Error::InvalidValue);
        }
        let mem = c.mem();
        match stream {
            None => {
                let slot = Arc::new(Mutex::new(Ok(())));
                let s2 = slot.clone();
                run_sync(
                    Stream::LEGACY,
                    Box::new(move || *lock(&s2) = mem.memset(dst, value, count as u64).map_err(mem_err)),
                )?;
                *lock(&slot)
            }
            Some(s) => {
                let st = resolve(s)?;
                enqueue(
                    &st,
                    Vec::new(),
                    Box::new(move || {
                        if let Err(e) = mem.memset(dst, value, count as u64) {
                            ctx().set_async(mem_err(e));
                        }
                    }),
                );
                Ok(())
            }
        }
    })
}

/// Copies `count` bytes between raw addresses, host or device according to `kind`.
fn copy(mem: &DeviceMemory, dst: u64, src: u64, count: usize, kind: MemcpyKind) -> Result<()> {
    let (d_dev, s_dev) = match kind {
        MemcpyKind::HostToHost => (false, false),
        MemcpyKind::HostToDevice => (true, false),
        MemcpyKind::DeviceToHost => (false, true),
        MemcpyKind::DeviceToDevice => (true, true),
        MemcpyKind::Default => (is_device_ptr(dst), is_device_ptr(src)),
    };
    match (d_dev, s_dev) {
        (false, false) => {
            // SAFETY: the caller of `memcpy_raw` guarantees both host ranges are valid.
            unsafe { std::ptr::copy(src as *const u8, dst as *mut u8, count) };
            Ok(())
        }
        (true, false) => {
            // SAFETY: the caller of `memcpy_raw` guarantees `src..src+count` is readable host
            // memory until the copy completes.
            let s = unsafe { std::slice::from_raw_parts(src as *const u8, count) };
            mem.write(DevicePtr(dst), s).map_err(mem_err)
        }
        (false, true) => {
            // SAFETY: the caller of `memcpy_raw` guarantees `dst..dst+count` is writable host
            // memory, not otherwise accessed, until the copy completes.
            let d = unsafe { std::slice::from_raw_parts_mut(dst as *mut u8, count) };
            mem.read(DevicePtr(src), d).map_err(mem_err)
        }
        (true, true) => {
            let mut tmp = vec![0u8; count];
            mem.read(DevicePtr(src), &mut tmp).map_err(mem_err)?;
            mem.write(DevicePtr(dst), &tmp).map_err(mem_err)
        }
    }
}

/// `cudaMemcpy` (`stream == None`: synchronous, ordered on the legacy default stream) or
/// `cudaMemcpyAsync` (on `stream`), between raw addresses.
///
/// # Safety
///
/// Host addresses among `dst`/`src` (as `kind` says, or for [`MemcpyKind::Default`], addresses
/// outside the device range) must be valid for `count` bytes of reads (`src`) or writes (`dst`)
/// until the copy completes: the end of this call when synchronous, else the stream's next
/// synchronization point.
pub unsafe fn memcpy_raw(dst: u64, src: u64, count: usize, kind: MemcpyKind, stream: Option<Stream>) -> Result<()> {
    api(|c| {
        if count == 0 {
            return Ok(());
        }
        let (d_dev, s_dev) = match kind {
            MemcpyKind::HostToDevice => (true, false),
            MemcpyKind::DeviceToHost => (false, true),
            MemcpyKind::DeviceToDevice => (true, true),
            _ => (is_device_ptr(dst), is_device_ptr(src)),
        };
        if dst == 0 || src == 0 || (d_dev && !is_device_ptr(dst)) || (s_dev && !is_device_ptr(src)) {
            return Err(Error::InvalidValue);
        }
        let mem = c.mem();
        match stream {
            None => {
                let slot = Arc::new(Mutex::new(Ok(())));
                let s2 = slot.clone();
                run_sync(Stream::LEGACY, Box::new(move || *lock(&s2) = copy(&mem, dst, src, count, kind)))?;
                *lock(&slot)
            }
            Some(s) => {
                let st = resolve(s)?;
                enqueue(
                    &st,
                    Vec::new(),
                    Box::new(move || {
                        if let Err(e) = copy(&mem, dst, src, count, kind) {
                            ctx().set_async(e);
                        }
                    }),
                );
                Ok(())
            }
        }
    })
}

/// Where a copy or memset runs: synchronously (the call waits) or asynchronously, ordered on a
/// stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum On {
    /// Synchronous, ordered on this stream (the legacy default stream for the plain APIs, the
    /// per-thread default stream for the `_ptds` variants).
    Sync(Stream),
    /// Asynchronous on this stream.
    Async(Stream),
}

/// A repeatable piece of memory work (also a graph node's work).
pub type MemWork = Arc<dyn Fn() -> Result<()> + Send + Sync>;

/// Runs `work` as `on` says: a synchronous call returns its error; an asynchronous one reports
/// it at the next synchronization.
fn submit(on: On, work: MemWork) -> Result<()> {
    match on {
        On::Sync(s) => {
            let slot = Arc::new(Mutex::new(Ok(())));
            let s2 = slot.clone();
            run_sync(s, Box::new(move || *lock(&s2) = work()))?;
            *lock(&slot)
        }
        On::Async(s) => {
            let st = resolve(s)?;
            enqueue(
                &st,
                Vec::new(),
                Box::new(move || {
                    if let Err(e) = work() {
                        ctx().set_async(e);
                    }
                }),
            );
            Ok(())
        }
    }
}

/// The work of an asynchronous memory operation as a graph node (errors reported at the next
/// synchronization).
pub fn node_work(work: MemWork) -> crate::graph::NodeFn {
    Arc::new(move || {
        if let Err(e) = work() {
            ctx().set_async(e);
        }
    })
}

/// The pitch `cudaMallocPitch` gives rows of `width` bytes: a multiple of 512 bytes.
pub const PITCH_ALIGN: usize = 512;

/// `cudaMallocPitch`: `height` rows of `width` bytes; returns `(pointer, pitch)`.
pub fn malloc_pitch(width: usize, height: usize) -> Result<(DevicePtr, usize)> {
    if width == 0 || height == 0 {
        return api(|_| Ok((DevicePtr(0), 0)));
    }
    let pitch = width.div_ceil(PITCH_ALIGN).checked_mul(PITCH_ALIGN);
    match pitch.and_then(|p| p.checked_mul(height).map(|n| (p, n))) {
        Some((p, n)) => malloc(n).map(|d| (d, p)),
        None => crate::record(Err(Error::MemoryAllocation)),
    }
}

/// A 2D (or 3D, as `depth` slices) copy description between raw addresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Copy3D {
    /// Destination of the first byte.
    pub dst: u64,
    /// Destination row pitch.
    pub dpitch: usize,
    /// Destination rows per slice.
    pub dheight: usize,
    /// Source of the first byte.
    pub src: u64,
    /// Source row pitch.
    pub spitch: usize,
    /// Source rows per slice.
    pub sheight: usize,
    /// Bytes per row.
    pub width: usize,
    /// Rows per slice.
    pub height: usize,
    /// Slices.
    pub depth: usize,
    /// The direction.
    pub kind: MemcpyKind,
}

impl Copy3D {
    /// Checks the description (CUDA's errors) and returns the work doing it.
    ///
    /// # Safety
    ///
    /// As for [`memcpy_raw`], for every row the description covers.
    pub unsafe fn work(self) -> Result<Option<MemWork>> {
        if self.width == 0 || self.height == 0 || self.depth == 0 {
            return Ok(None);
        }
        let max_pitch = 2_147_483_647usize;
        if self.width > self.dpitch || self.width > self.spitch || self.dpitch > max_pitch || self.spitch > max_pitch {
            return Err(Error::InvalidPitchValue);
        }
        if self.depth > 1 && (self.height > self.dheight || self.height > self.sheight) {
            return Err(Error::InvalidValue);
        }
        let (d_dev, s_dev) = match self.kind {
            MemcpyKind::HostToDevice => (true, false),
            MemcpyKind::DeviceToHost => (false, true),
            MemcpyKind::DeviceToDevice => (true, true),
            MemcpyKind::HostToHost => (false, false),
            MemcpyKind::Default => (is_device_ptr(self.dst), is_device_ptr(self.src)),
        };
        if self.dst == 0 || self.src == 0 || (d_dev && !is_device_ptr(self.dst)) || (s_dev && !is_device_ptr(self.src))
        {
            return Err(Error::InvalidValue);
        }
        let c = self;
        Ok(Some(Arc::new(move || {
            let mem = ctx().mem();
            for z in 0..c.depth {
                for y in 0..c.height {
                    let d = c.dst + ((z * c.dheight + y) * c.dpitch) as u64;
                    let s = c.src + ((z * c.sheight + y) * c.spitch) as u64;
                    copy(&mem, d, s, c.width, c.kind)?;
                }
            }
            Ok(())
        })))
    }
}

/// `cudaMemcpy2D`/`cudaMemcpy3D` (linear memory) and their `Async` forms.
///
/// # Safety
///
/// As for [`memcpy_raw`], for every row the description covers.
pub unsafe fn memcpy_3d(c: Copy3D, on: On) -> Result<()> {
    api(|_| {
        // SAFETY: forwarded contract.
        match unsafe { c.work() }? {
            Some(w) => submit(on, w),
            None => Ok(()),
        }
    })
}

/// A 2D/3D memset description (`elem_size` 1, 2 or 4 bytes; `width` in elements).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Set3D {
    /// The first byte.
    pub dst: DevicePtr,
    /// Row pitch in bytes.
    pub pitch: usize,
    /// Rows per slice (for `depth > 1`).
    pub slice_rows: usize,
    /// The value (its low `elem_size` bytes are stored).
    pub value: u32,
    /// 1, 2 or 4.
    pub elem_size: u32,
    /// Elements per row.
    pub width: usize,
    /// Rows per slice.
    pub height: usize,
    /// Slices.
    pub depth: usize,
}

impl Set3D {
    /// Checks the description and returns the work doing it.
    pub fn work(self) -> Result<Option<MemWork>> {
        if !matches!(self.elem_size, 1 | 2 | 4) {
            return Err(Error::InvalidValue);
        }
        let row = self.width.checked_mul(self.elem_size as usize).ok_or(Error::InvalidValue)?;
        if row == 0 || self.height == 0 || self.depth == 0 {
            return Ok(None);
        }
        if row > self.pitch && (self.height > 1 || self.depth > 1) {
            return Err(Error::InvalidPitchValue);
        }
        if !is_device_ptr(self.dst.0) {
            return Err(Error::InvalidValue);
        }
        let s = self;
        let pattern: Vec<u8> =
            s.value.to_le_bytes()[..s.elem_size as usize].iter().copied().cycle().take(row).collect();
        Ok(Some(Arc::new(move || {
            let mem = ctx().mem();
            for z in 0..s.depth {
                for y in 0..s.height {
                    let at = s.dst.offset(((z * s.slice_rows.max(s.height) + y) * s.pitch) as u64);
                    if s.elem_size == 1 {
                        mem.memset(at, s.value as u8, row as u64).map_err(mem_err)?;
                    } else {
                        mem.write(at, &pattern).map_err(mem_err)?;
                    }
                }
            }
            Ok(())
        })))
    }
}

/// `cudaMemset2D`/`cudaMemset3D` and their `Async` forms.
pub fn memset_3d(s: Set3D, on: On) -> Result<()> {
    api(|_| match s.work()? {
        Some(w) => submit(on, w),
        None => Ok(()),
    })
}

/// `cudaMemcpy`/`cudaMemset` ordered on another stream than the legacy one (the `_ptds`
/// variants run on the per-thread default stream).
///
/// # Safety
///
/// As for [`memcpy_raw`].
pub unsafe fn memcpy_on(dst: u64, src: u64, count: usize, kind: MemcpyKind, on: On) -> Result<()> {
    let c = Copy3D {
        dst,
        dpitch: count,
        dheight: 1,
        src,
        spitch: count,
        sheight: 1,
        width: count,
        height: 1,
        depth: 1,
        kind,
    };
    // SAFETY: forwarded contract.
    unsafe { memcpy_3d(c, on) }
}

/// `cudaMemcpyPeer(Async)`: device-to-device between devices (only device 0 exists).
pub fn memcpy_peer(dst: DevicePtr, dst_dev: i32, src: DevicePtr, src_dev: i32, count: usize, on: On) -> Result<()> {
    if dst_dev != 0 || src_dev != 0 {
        return crate::record(Err(Error::InvalidDevice));
    }
    // SAFETY: device-to-device: no host memory is involved.
    unsafe { memcpy_on(dst.0, src.0, count, MemcpyKind::DeviceToDevice, on) }
}

/// `cudaHostRegister` flags: Portable (1), Mapped (2), IoMemory (4), ReadOnly (8).
pub const HOST_REGISTER_FLAGS: u32 = 0xf;

/// Registered host ranges: base → size.
fn registered() -> std::sync::MutexGuard<'static, std::collections::BTreeMap<usize, usize>> {
    static R: Mutex<std::collections::BTreeMap<usize, usize>> = Mutex::new(std::collections::BTreeMap::new());
    lock(&R)
}

/// `cudaHostRegister`: page-locks (records) `size` bytes at `ptr`. ReadOnly (8) is not
/// supported (`cudaDevAttrHostRegisterReadOnlySupported` is 0), nor IoMemory (4).
pub fn host_register(ptr: usize, size: usize, flags: u32) -> Result<()> {
    api(|_| {
        if ptr == 0 || size == 0 || flags & !HOST_REGISTER_FLAGS != 0 {
            return Err(Error::InvalidValue);
        }
        if flags & 0xc != 0 {
            return Err(Error::NotSupported);
        }
        let end = ptr.checked_add(size).ok_or(Error::InvalidValue)?;
        let mut r = registered();
        let overlaps = r.range(..end).next_back().is_some_and(|(b, n)| b + n > ptr);
        if overlaps || host_allocation(ptr).is_some() {
            return Err(Error::HostMemoryAlreadyRegistered);
        }
        r.insert(ptr, size);
        Ok(())
    })
}

/// `cudaHostUnregister`: `ptr` must be the base of a registered range.
pub fn host_unregister(ptr: usize) -> Result<()> {
    api(|_| {
        if ptr == 0 {
            return Err(Error::InvalidValue);
        }
        registered().remove(&ptr).map(|_| ()).ok_or(Error::HostMemoryNotRegistered)
    })
}

/// The registered or pinned host range containing `ptr`: `(base, size)`.
pub fn pinned_range(ptr: usize) -> Option<(usize, usize)> {
    if let Some(r) = host_allocation(ptr) {
        return Some(r);
    }
    registered().range(..=ptr).next_back().filter(|(b, n)| ptr < *b + *n).map(|(b, n)| (*b, *n))
}

/// `cudaMemoryType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i32)]
pub enum MemoryType {
    /// `cudaMemoryTypeUnregistered` (0).
    Unregistered = 0,
    /// `cudaMemoryTypeHost` (1).
    Host = 1,
    /// `cudaMemoryTypeDevice` (2).
    Device = 2,
    /// `cudaMemoryTypeManaged` (3).
    Managed = 3,
}

/// `struct cudaPointerAttributes` (CUDA 13.0 layout).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(non_snake_case)]
pub struct PointerAttributes {
    /// `enum cudaMemoryType type`.
    pub r#type: i32,
    /// The device (-2 for unregistered host memory, as CUDA reports).
    pub device: i32,
    /// The device address (null for host memory: the device cannot map it).
    pub devicePointer: *mut std::ffi::c_void,
    /// The host address (null for device memory).
    pub hostPointer: *mut std::ffi::c_void,
    /// Reserved.
    pub reserved: [i64; 8],
}

/// `cudaPointerGetAttributes`.
pub fn pointer_attributes(ptr: u64) -> Result<PointerAttributes> {
    api(|_| {
        let mut a = PointerAttributes {
            r#type: MemoryType::Unregistered as i32,
            device: -2,
            devicePointer: std::ptr::null_mut(),
            hostPointer: std::ptr::null_mut(),
            reserved: [0; 8],
        };
        if ptr != 0 && is_device_ptr(ptr) {
            a.r#type = MemoryType::Device as i32;
            a.device = 0;
            a.devicePointer = ptr as *mut std::ffi::c_void;
        } else if ptr != 0 && pinned_range(ptr as usize).is_some() {
            a.r#type = MemoryType::Host as i32;
            a.device = 0;
            a.hostPointer = ptr as *mut std::ffi::c_void;
        }
        Ok(a)
    })
}

/// `cudaHostGetDevicePointer`: the device cannot map host memory (`canMapHostMemory` is 0),
/// so for pinned or registered memory this is [`Error::MemoryAllocation`] (CUDA's error when
/// mapping is unavailable); anything else is [`Error::InvalidValue`].
pub fn host_get_device_pointer(host: usize, flags: u32) -> Result<DevicePtr> {
    api(|_| {
        if host == 0 || flags != 0 || pinned_range(host).is_none() {
            return Err(Error::InvalidValue);
        }
        Err(Error::MemoryAllocation)
    })
}
