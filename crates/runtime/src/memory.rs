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
pub fn host_alloc(size: usize, _flags: u32) -> Result<*mut u8> {
    api(|c| {
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
