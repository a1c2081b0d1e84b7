//! Device memory (simt [`DevicePtr`]s), pinned host memory, copies and memset.
//!
//! Device addresses live in simt's device range (from [`simt::GLOBAL_BASE`]), far from where
//! Linux maps host memory. Managed memory (`cudaMallocManaged`, `__managed__` variables) and
//! pinned/registered host memory are *identity-mapped* in simt's allocation table (device
//! address == host address), so one pointer works on both sides; `cudaMemcpyDefault` and
//! `cudaPointerGetAttributes` classify a pointer by range, then by the allocation table.
//! Stream-ordered allocation (`cudaMallocAsync`, pools) allocates at call time and frees in
//! stream order.

use std::alloc::Layout;
use std::sync::{Arc, Mutex};

use simt::{DeviceMemory, DevicePtr, GLOBAL_BASE, MemError};

use crate::context::{api, ctx, lock, record};
use crate::error::{Error, Result};
use crate::stream::{Stream, enqueue, enqueue_as, resolve, run_sync, wait_all};

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

/// What an address is, as CUDA's unified addressing sees it: the one classification of
/// pointers that copies, sets and `cudaPointerGetAttributes` share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pointer {
    /// The null pointer.
    Null,
    /// Inside an allocation CUDA knows: device, managed (unified) or mapped pinned/registered
    /// host memory.
    Known(simt::AllocInfo),
    /// In the device address range, but in no live allocation (freed, or never allocated).
    StaleDevice,
    /// Any other address: pageable host memory, mapped or not.
    Pageable,
}

/// Classifies `addr` (see [`Pointer`]).
pub fn classify(addr: u64) -> Pointer {
    if addr == 0 {
        return Pointer::Null;
    }
    if let Some((base, size)) = crate::managed_variables::containing(addr) {
        return Pointer::Known(simt::AllocInfo { base, size, kind: simt::AllocKind::Unified });
    }
    match ctx().mem().lookup(addr) {
        Some(info) => Pointer::Known(info),
        None if (GLOBAL_BASE..GLOBAL_BASE + DEVICE_RANGE).contains(&addr) => Pointer::StaleDevice,
        None => Pointer::Pageable,
    }
}

/// How many freed allocations a fault report can still name.
const FREED_KEPT: usize = 1024;

/// For the report of a kernel's access at `addr` that no live allocation holds (or that runs
/// past one's end): where the address lies, as a kernel author looks for the bug. Near a null
/// pointer, outside the device's address range (a host pointer: kernels reach host memory only
/// through pinned, registered or managed memory), inside an allocation `cudaFree` freed, or
/// the distance past the end of (or before) the nearest `cudaMalloc` allocation. `None` when
/// no allocation is near enough to say (none at all).
pub fn fault_hint(addr: u64, variables: &[simt::PlacedVariable]) -> Option<String> {
    let c = ctx();
    if addr == 0 {
        return Some("0x0 is a null pointer".into());
    }
    if addr < 1 << 16 {
        return Some(format!("0x{addr:x} is {addr} bytes past a null pointer"));
    }
    // Below the device range is a device pointer moved too far down; host pointers lie above.
    if addr >= GLOBAL_BASE + DEVICE_RANGE {
        return Some(format!(
            "0x{addr:x} is not a device address: a host pointer (the device reaches host memory only \
             through cudaMallocHost, cudaHostRegister or managed memory) or a corrupted one"
        ));
    }
    let freed = lock(&c.freed).iter().rev().find(|&&(b, s)| (b..b + s).contains(&addr)).copied();
    if let Some((base, size)) = freed {
        return Some(format!(
            "0x{addr:x} is {} bytes into a {size}-byte allocation at 0x{base:x} that cudaFree freed",
            addr - base
        ));
    }
    // The program's allocations and the launched module's variables (`__device__` and
    // `__constant__` arrays are allocations of their own), each with what to call it.
    let allocs = lock(&c.allocs);
    let named = |v: &simt::PlacedVariable| {
        let space = if v.constant { "__constant__" } else { "__device__" };
        (v.base, v.size, format!("{space} variable {}", simt::readable_name(&v.name)))
    };
    let unnamed = |(&base, &size): (&u64, &u64)| (base, size, format!("allocation at 0x{base:x}"));
    let below = allocs
        .range(..=addr)
        .next_back()
        .map(unnamed)
        .into_iter()
        .chain(variables.iter().filter(|v| v.base <= addr).map(named))
        .max_by_key(|&(base, ..)| base);
    let above = allocs
        .range(addr + 1..)
        .next()
        .map(unnamed)
        .into_iter()
        .chain(variables.iter().filter(|v| v.base > addr).map(named))
        .min_by_key(|&(base, ..)| base);
    let past = |(base, size, what): (u64, u64, String)| match addr.checked_sub(base + size) {
        Some(d) => format!("0x{addr:x} is {d} bytes past the end of the {size}-byte {what}"),
        None => {
            format!("the access at 0x{addr:x} ({} bytes in) runs past the end of the {size}-byte {what}", addr - base)
        }
    };
    let before = |(base, size, what): (u64, u64, String)| {
        format!("0x{addr:x} is {} bytes before the {size}-byte {what}", base - addr)
    };
    match (below, above) {
        (Some(b), Some(a)) if addr.saturating_sub(b.0 + b.1) <= a.0 - addr => Some(past(b)),
        (Some(b), None) => Some(past(b)),
        (_, Some(a)) => Some(before(a)),
        (None, None) => None,
    }
}

/// Checks that `len` bytes from `addr` lie inside allocation `info` (which holds `addr`).
fn check_range(info: simt::AllocInfo, addr: u64, len: u64) -> Result<()> {
    let fits = (addr - info.base).checked_add(len).is_some_and(|end| end <= info.size);
    if fits { Ok(()) } else { Err(Error::InvalidValue) }
}

/// Whether the device can access `addr`: an allocation CUDA knows, or simt's device address
/// range.
pub fn is_device_ptr(addr: u64) -> bool {
    matches!(classify(addr), Pointer::Known(_) | Pointer::StaleDevice)
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
        crate::stream::check_unsafe_call()?;
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
        crate::stream::check_unsafe_call()?;
        if ptr.0 == 0 || drop_import(ptr.0) {
            return Ok(());
        }
        if !lock(&c.allocs).contains_key(&ptr.0) {
            wait_all();
            if free_host_block(&c.mem(), ptr.0) {
                return Ok(());
            }
            graph_mem_mark(ptr.0, false)?;
            graph_mem_freed_by_api(ptr.0);
            return Ok(());
        }
        wait_all();
        // Waiting for the device, cudaFree is a synchronization point of printf (an H200
        // prints there: tests/program-diff/runtime18_printf_flush.cu).
        crate::printf::flush(&c.mem());
        c.mem().free(ptr).map_err(|_| Error::InvalidValue)?;
        if let Some(size) = lock(&c.allocs).remove(&ptr.0) {
            let mut freed = lock(&c.freed);
            if freed.len() == FREED_KEPT {
                freed.pop_front();
            }
            freed.push_back((ptr.0, size));
        }
        forget_pool_alloc(ptr.0);
        crate::managed_ranges::forget(ptr.0);
        Ok(())
    })
}

/// `cudaMemGetInfo`: `(free, total)` bytes. Managed allocations take none of the free memory
/// (an H200 keeps a fresh 64 MiB one off the device: tests/program-diff/meminfo_peer_symbols.cu).
pub fn mem_get_info() -> Result<(usize, usize)> {
    api(|c| {
        let total = crate::device::total_memory();
        let allocs: Vec<(u64, u64)> = lock(&c.allocs).iter().map(|(a, n)| (*a, *n)).collect();
        let managed = |a: u64| matches!(classify(a), Pointer::Known(i) if i.kind == simt::AllocKind::Unified);
        let used: u64 = allocs.into_iter().filter(|&(a, _)| !managed(a)).map(|(_, n)| n).sum();
        Ok((total.saturating_sub(used) as usize, total as usize))
    })
}

/// `cudaHostAlloc` / `cudaMallocHost`: page-aligned host memory (a null pointer for 0 bytes).
/// It is mapped: kernels access it at its host address (`cudaHostGetDevicePointer` returns it).
pub fn host_alloc(size: usize, flags: u32) -> Result<*mut u8> {
    api(|c| {
        // Default (0), Portable (1), Mapped (2: accepted; cudaHostGetDevicePointer fails, as
        // CUDA defers the failure there), WriteCombined (4).
        if flags & !7 != 0 {
            return Err(Error::InvalidValue);
        }
        crate::stream::check_unsafe_call()?;
        if size == 0 {
            return Ok(std::ptr::null_mut());
        }
        let layout = Layout::from_size_align(size, 4096).map_err(|_| Error::MemoryAllocation)?;
        // Zeroed: CUDA's pinned memory is pages fresh from the kernel, which programs that read
        // parts they never wrote (wrongly, but commonly) find zero; a reused heap block was not.
        // SAFETY: `layout` has a non-zero size.
        let p = unsafe { std::alloc::alloc_zeroed(layout) };
        if p.is_null() {
            return Err(Error::MemoryAllocation);
        }
        // Pinned memory is mapped (unified addressing): kernels reach it at its host address.
        // SAFETY: `p` is a live block of `size` bytes, unmapped before it is freed.
        if unsafe { c.mem().map_host(p, size as u64) }.is_err() {
            // SAFETY: `p` was just allocated with `layout` and is not used elsewhere.
            unsafe { std::alloc::dealloc(p, layout) };
            return Err(Error::MemoryAllocation);
        }
        lock(&c.host_allocs).insert(p as usize, (layout, flags));
        Ok(p)
    })
}

/// `cudaFreeHost`: frees memory from [`host_alloc`] (null is a no-op; anything else is
/// [`Error::InvalidValue`]).
pub fn free_host(ptr: *mut u8) -> Result<()> {
    api(|c| {
        crate::stream::check_unsafe_call()?;
        if ptr.is_null() {
            return Ok(());
        }
        let (base, (layout, _)) = lock(&c.host_allocs).remove_entry(&(ptr as usize)).ok_or(Error::InvalidValue)?;
        wait_all();
        let _ = c.mem().unmap_host(DevicePtr(base as u64));
        // SAFETY: `base` was returned by `std::alloc::alloc(layout)` in `host_alloc` and is
        // freed once (it was just removed from the table).
        unsafe { std::alloc::dealloc(base as *mut u8, layout) };
        Ok(())
    })
}

/// Whether `ptr` is the start of (or inside) a pinned host allocation: `(base, size)`.
pub fn host_allocation(ptr: usize) -> Option<(usize, usize)> {
    lock(&ctx().host_allocs)
        .iter()
        .find(|(b, (l, _))| (**b..**b + l.size()).contains(&ptr))
        .map(|(b, (l, _))| (*b, l.size()))
}

/// `cudaHostGetFlags`: the flags of the [`host_alloc`] allocation or [`host_register`] range
/// containing `ptr`, with `cudaHostAllocMapped` (2) set, since all pinned memory is mapped
/// under unified addressing (anything else is [`Error::InvalidValue`]).
pub fn host_get_flags(ptr: usize) -> Result<u32> {
    api(|c| {
        let allocated = lock(&c.host_allocs)
            .iter()
            .find(|(b, (l, _))| (**b..**b + l.size()).contains(&ptr))
            .map(|(_, (_, f))| f | 2);
        // Registered memory answers its registration flags, mapped too, without read-only (8)
        // (as an H200 answers).
        let registered = || {
            registered().range(..=ptr).next_back().filter(|(b, (n, _))| ptr < *b + *n).map(|(_, (_, f))| (f & !8) | 2)
        };
        allocated.or_else(registered).ok_or(Error::InvalidValue)
    })
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
    let s = Set3D {
        dst,
        pitch: count,
        slice_rows: 1,
        value: u32::from(value),
        elem_size: 1,
        width: count,
        height: 1,
        depth: 1,
    };
    memset_3d(s, stream.map_or(On::Sync(Stream::LEGACY), On::Async))
}

/// Where one end of a copy (or a memset's destination) lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Memory CUDA knows (device, managed, pinned or registered), reached through the device
    /// memory's allocation table.
    Known,
    /// Other (pageable) host memory, reached through [`crate::host_access`].
    Pageable,
}

/// Classifies the `len` bytes at `addr` as CUDA's unified addressing does
/// (tests/gpu-programs/probe_memcpy_kinds.txt, from an H200): memory CUDA knows is used where
/// it is, whatever a copy's kind says, and must lie in one allocation; any other address is
/// pageable host memory, which is [`Error::InvalidValue`] where `kind_says_device` (the kind
/// puts this end on the device, or it is a memset's destination) and must be mapped. Every
/// copy and memset checks its ends here, when it is called (also when it is asynchronous).
fn place(addr: u64, len: u64, kind_says_device: bool) -> Result<Place> {
    match classify(addr) {
        Pointer::Known(info) => check_range(info, addr, len).map(|()| Place::Known),
        Pointer::Pageable if !kind_says_device && crate::host_access::is_mapped(addr, len) => Ok(Place::Pageable),
        Pointer::Null | Pointer::StaleDevice | Pointer::Pageable => Err(Error::InvalidValue),
    }
}

/// Whether a copy's end at `addr` (classified `place`) is device memory for the profile:
/// device or managed memory, not pinned or pageable host memory.
fn on_device(addr: u64, place: Place) -> bool {
    place == Place::Known
        && matches!(classify(addr), Pointer::Known(info) if matches!(info.kind, simt::AllocKind::Device | simt::AllocKind::Unified))
}

/// One end of a copy: its first byte, how [`place`] classified it, its row pitch and slice
/// pitch (bytes).
#[derive(Debug, Clone, Copy)]
struct End {
    addr: u64,
    place: Place,
    pitch: usize,
    slice: usize,
}

/// The shape of a copy: `depth` slices of `rows` rows of `width` bytes.
#[derive(Debug, Clone, Copy)]
struct Shape {
    width: usize,
    rows: usize,
    depth: usize,
}

/// Copies `shape` from `src` to `dst`, each end reached as [`place`] classified it: directly
/// where it can (device memory, and pageable ranges whose mappings allow it, checked once for
/// the whole copy), else row by row through a bounce buffer moved by the kernel.
fn copy(mem: &DeviceMemory, dst: End, src: End, shape: Shape) -> Result<()> {
    use crate::host_access::{Access, access};
    let Shape { width, rows, depth } = shape;
    let direct = |e: End, write: bool| match e.place {
        Place::Known => Ok(Some(simt::CopyEnd::Device(DevicePtr(e.addr)))),
        Place::Pageable => {
            let extent = (depth - 1) * e.slice + (rows - 1) * e.pitch + width;
            Ok((access(e.addr, extent, write)? == Access::Direct).then_some(simt::CopyEnd::Host(e.addr as *mut u8)))
        }
    };
    let (d, s) = (direct(dst, true)?, direct(src, false)?);
    if let (Some(d), Some(s)) = (d, s) {
        let (dp, sp) = (dst.pitch as u64, src.pitch as u64);
        for z in 0..depth {
            let (d, s) = (shift(d, z * dst.slice), shift(s, z * src.slice));
            // SAFETY: device ends are checked by `copy_2d`; pageable ends were just found
            // mapped with the access needed, and the API's contract gives the copy their
            // bytes until it completes.
            unsafe { mem.copy_2d(d, dp, s, sp, width as u64, rows as u64) }.map_err(mem_err)?;
        }
        return Ok(());
    }
    BOUNCE.with_borrow_mut(|buf| {
        buf.resize(crate::host_access::PIECE.min(width), 0);
        for (z, y) in (0..depth).flat_map(|z| (0..rows).map(move |y| (z, y))) {
            let mut done = 0;
            while done < width {
                let n = (width - done).min(buf.len());
                let piece = &mut buf[..n];
                let at_s = z * src.slice + y * src.pitch + done;
                let at_d = z * dst.slice + y * dst.pitch + done;
                let here = simt::CopyEnd::Host(piece.as_mut_ptr());
                match s {
                    // SAFETY: as above, offset to this piece of this row.
                    Some(e) => unsafe { mem.copy(here, shift(e, at_s), n as u64) }.map_err(mem_err)?,
                    None => crate::host_access::read(src.addr + at_s as u64, piece)?,
                }
                match d {
                    // SAFETY: as above.
                    Some(e) => unsafe { mem.copy(shift(e, at_d), here, n as u64) }.map_err(mem_err)?,
                    None => crate::host_access::write(dst.addr + at_d as u64, piece)?,
                }
                done += n;
            }
        }
        Ok(())
    })
}

/// `end` moved on by `by` bytes.
fn shift(end: simt::CopyEnd, by: usize) -> simt::CopyEnd {
    match end {
        simt::CopyEnd::Device(p) => simt::CopyEnd::Device(p.offset(by as u64)),
        simt::CopyEnd::Host(p) => simt::CopyEnd::Host(p.wrapping_add(by)),
    }
}

thread_local! {
    /// The bounce buffer of copies to or from pageable memory that go through the kernel
    /// (one per thread, so that small copies allocate nothing).
    static BOUNCE: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `cudaMemcpy` (`stream == None`: synchronous, ordered on the legacy default stream) or
/// `cudaMemcpyAsync` (on `stream`), between raw addresses.
///
/// # Safety
///
/// Host memory among `dst`/`src` must not be freed or reused until the copy completes: the
/// end of this call when synchronous, else the stream's next synchronization point (an
/// address that is not mapped is an error, never a fault).
pub unsafe fn memcpy_raw(dst: u64, src: u64, count: usize, kind: MemcpyKind, stream: Option<Stream>) -> Result<()> {
    // SAFETY: `memcpy_on`'s contract is this function's (the host ends live until the copy
    // completes), which the caller keeps for the same `dst`, `src`, `count` and ordering.
    unsafe { memcpy_on(dst, src, count, kind, stream.map_or(On::Sync(Stream::LEGACY), On::Async)) }
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
///
/// Work that comes to run after a kernel faulted is not done: a context with a sticky error
/// does no more work, and a synchronous call queued behind the faulting kernel answers the
/// kernel's error, as copies with a host end (`cudaMemcpy`, the symbol copies, `cudaMemcpy2D`)
/// do on an H200 (tests/program-diff/sync_copy_after_fault.cu).
fn submit(on: On, work: MemWork, node: crate::work::NodeType) -> Result<()> {
    match on {
        On::Sync(s) => {
            let r = match crate::stream::run_inline_if_idle(&resolve(s)?, || unless_faulted(&work)) {
                Some(r) => r,
                None => {
                    let slot = Arc::new(Mutex::new(Ok(())));
                    let s2 = slot.clone();
                    run_sync(s, Box::new(move || *lock(&s2) = unless_faulted(&work)))?;
                    *lock(&slot)
                }
            };
            // The kernel ahead of the copy may have faulted while the copy ran.
            crate::context::sticky().map_or(r, Err)
        }
        On::Async(s) => {
            let st = resolve(s)?;
            crate::stream::refuse_if_invalidated(&st)?;
            enqueue_as(
                &st,
                Vec::new(),
                Box::new(move || {
                    if let Err(e) = unless_faulted(&work) {
                        ctx().set_async(e);
                    }
                }),
                node,
            );
            Ok(())
        }
    }
}

/// `work`, or the sticky error without doing it when a kernel has faulted.
fn unless_faulted(work: &MemWork) -> Result<()> {
    match crate::context::sticky() {
        Some(e) => Err(e),
        None => work(),
    }
}

/// The work of an asynchronous memory operation as a graph node (errors reported at the next
/// synchronization).
pub fn node_work(work: MemWork) -> crate::work::NodeFn {
    Arc::new(move || {
        if let Err(e) = unless_faulted(&work) {
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
        None => record(Err(Error::MemoryAllocation)),
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

/// The bytes from the first to one past the last byte of `depth` slices of `height` rows of
/// `width` bytes, rows `pitch` bytes apart and slices `rows` rows apart ([`Error::InvalidValue`]
/// if that overflows).
fn extent(pitch: usize, rows: usize, width: usize, height: usize, depth: usize) -> Result<u64> {
    let slice = rows.max(height).checked_mul(pitch);
    let last_row = (depth - 1).checked_mul(slice.ok_or(Error::InvalidValue)?).and_then(|z| {
        (height - 1).checked_mul(pitch).and_then(|y| z.checked_add(y)).and_then(|o| o.checked_add(width))
    });
    last_row.map(|n| n as u64).ok_or(Error::InvalidValue)
}

impl Copy3D {
    /// `count` contiguous bytes from `src` to `dst` (one row of one slice): `cudaMemcpy`'s copy.
    pub fn linear(dst: u64, src: u64, count: usize, kind: MemcpyKind) -> Copy3D {
        Copy3D {
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
        }
    }

    /// Checks the description (CUDA's errors) and returns the work doing it.
    ///
    /// # Safety
    ///
    /// As for [`memcpy_raw`], for every row the description covers.
    pub unsafe fn work(self) -> Result<Option<MemWork>> {
        Ok(self.check()?.map(CheckedCopy::work))
    }

    /// Checks the description (CUDA's errors) and classifies its ends; `None` for an empty copy.
    fn check(self) -> Result<Option<CheckedCopy>> {
        if self.width == 0 || self.height == 0 || self.depth == 0 {
            return Ok(None);
        }
        // As an H200 answers (unseen10b_pitched_async_errors, unseen11b_memcpy2d_edges): with
        // more than one row a pitch below the width is InvalidPitchValue and one above the
        // device's maximum InvalidValue; a single row uses no pitch, so any pitch goes (0
        // too), except a nonzero one below the width (InvalidValue).
        let max_pitch = 2_147_483_647usize;
        let (d, s, w) = (self.dpitch, self.spitch, self.width);
        if self.height > 1 || self.depth > 1 {
            if w > d || w > s {
                return Err(Error::InvalidPitchValue);
            }
            if d > max_pitch || s > max_pitch {
                return Err(Error::InvalidValue);
            }
        } else if (d != 0 && w > d) || (s != 0 && w > s) {
            return Err(Error::InvalidValue);
        }
        if self.depth > 1 && (self.height > self.dheight || self.height > self.sheight) {
            return Err(Error::InvalidValue);
        }
        let (d_dev, s_dev) = match self.kind {
            MemcpyKind::HostToDevice => (true, false),
            MemcpyKind::DeviceToHost => (false, true),
            MemcpyKind::DeviceToDevice => (true, true),
            MemcpyKind::HostToHost | MemcpyKind::Default => (false, false),
        };
        let dst = place(self.dst, extent(self.dpitch, self.dheight, self.width, self.height, self.depth)?, d_dev)?;
        let src = place(self.src, extent(self.spitch, self.sheight, self.width, self.height, self.depth)?, s_dev)?;
        // Rows that follow each other without a gap at both ends are one copy (split among
        // threads when large).
        let whole = |pitch: usize, rows: usize| pitch == self.width && (self.depth == 1 || rows == self.height);
        let copy = if whole(self.dpitch, self.dheight) && whole(self.spitch, self.sheight) {
            let n = self.width * self.height * self.depth;
            Copy3D { dpitch: n, spitch: n, width: n, height: 1, depth: 1, dheight: 1, sheight: 1, ..self }
        } else {
            self
        };
        let profile = crate::profile::enabled()
            .then(|| crate::profile::CopyKind::between(on_device(self.dst, dst), on_device(self.src, src)));
        Ok(Some(CheckedCopy { copy, dst, src, profile }))
    }
}

/// A copy whose description was checked: its ends classified.
#[derive(Debug, Clone, Copy)]
struct CheckedCopy {
    copy: Copy3D,
    dst: Place,
    src: Place,
    /// What the profile counts it as, when profiling.
    profile: Option<crate::profile::CopyKind>,
}

/// The most bytes an asynchronous copy from pageable memory stages (reads into a buffer of its
/// own when called); a larger one runs synchronously instead.
const MAX_STAGED: usize = 64 << 20;

impl CheckedCopy {
    /// The work doing the copy (reading and writing its ends when it runs).
    fn work(self) -> MemWork {
        let CheckedCopy { copy: c, dst, src, profile } = self;
        let bytes = (c.width * c.height * c.depth) as u64;
        Arc::new(move || {
            let start = profile.and_then(|_| crate::profile::now());
            let mem = ctx().mem();
            let d = End { addr: c.dst, place: dst, pitch: c.dpitch, slice: c.dheight * c.dpitch };
            let s = End { addr: c.src, place: src, pitch: c.spitch, slice: c.sheight * c.spitch };
            copy(&mem, d, s, Shape { width: c.width, rows: c.height, depth: c.depth })?;
            if let (Some(kind), Some(t)) = (profile, start) {
                crate::profile::copy(kind, bytes, t);
            }
            Ok(())
        })
    }

    /// The source's bytes read now into a buffer of the copy's own, and the work copying them
    /// from there when it runs (what CUDA does with pageable memory: it stages it, and the
    /// caller may reuse the buffer as soon as the call returns).
    fn staged(self) -> Result<MemWork> {
        let c = self.copy;
        let (width, rows, depth) = (c.width, c.height, c.depth);
        let mut staging = vec![0u8; width * rows * depth];
        let here = End { addr: staging.as_mut_ptr() as u64, place: Place::Pageable, pitch: width, slice: width * rows };
        let src = End { addr: c.src, place: self.src, pitch: c.spitch, slice: c.sheight * c.spitch };
        copy(&ctx().mem(), here, src, Shape { width, rows, depth })?;
        let from_staging = Copy3D { src: staging.as_ptr() as u64, spitch: width, sheight: rows, ..c };
        let work = CheckedCopy { copy: from_staging, src: Place::Pageable, ..self }.work();
        // The closure owns the buffer (its heap bytes do not move), so they live as long as the
        // work that reads them.
        Ok(Arc::new(move || {
            let _keep = &staging;
            work()
        }))
    }
}

/// `cudaMemcpy2D`/`cudaMemcpy3D` (linear memory) and their `Async` forms.
///
/// # Safety
///
/// As for [`memcpy_raw`], for every row the description covers.
pub unsafe fn memcpy_3d(c: Copy3D, on: On) -> Result<()> {
    use crate::work::NodeType::Memcpy;
    api(|_| {
        let Some(checked) = c.check()? else { return Ok(()) };
        match on {
            // CUDA's API synchronization rules for asynchronous copies with a pageable host end
            // (outside stream capture, which records the copy as a graph node): a copy to
            // pageable memory, or between host buffers, returns once it is done (ordered on its
            // stream, as a synchronous one); a copy from pageable memory returns once its source
            // is staged, so the program may reuse the buffer at once.
            On::Async(s) if !crate::stream::is_capturing(s)? => {
                let bytes = c.width * c.height * c.depth;
                let host_to_host = !on_device(c.dst, checked.dst) && !on_device(c.src, checked.src);
                if checked.dst == Place::Pageable
                    || host_to_host
                    || (checked.src == Place::Pageable && bytes > MAX_STAGED)
                {
                    submit(On::Sync(s), checked.work(), Memcpy)
                } else if checked.src == Place::Pageable {
                    submit(on, checked.staged()?, Memcpy)
                } else {
                    submit(on, checked.work(), Memcpy)
                }
            }
            On::Async(s) => capture_copy(s, checked.work(), c.kind),
            On::Sync(_) => submit_for(on, &[c.dst, c.src], checked.work(), Memcpy),
        }
    })
}

/// A copy on a capturing stream: a memcpy node that keeps the copy's `cudaMemcpyKind`, which
/// `cudaGraphExecUpdate` may not change (an H200's answer, unseen11b_update_memcpy_kinds).
fn capture_copy(s: Stream, work: MemWork, kind: MemcpyKind) -> Result<()> {
    let st = resolve(s)?;
    crate::stream::refuse_if_invalidated(&st)?;
    let run = Box::new(move || {
        if let Err(e) = unless_faulted(&work) {
            ctx().set_async(e);
        }
    });
    crate::stream::enqueue_copy(&st, run, kind as i32);
    Ok(())
}

/// [`submit`] for a copy or memset whose ends are `ends`. A synchronous call that touches only
/// device memory (`cudaMemcpy` device to device, `cudaMemset` of device memory) returns on a GPU
/// once the work is queued (no host-side synchronization: tests/program-diff/sync_behavior_calls.cu),
/// so a fault of the kernel ahead of it is the next call's error, not its own
/// (tests/program-diff/sync_copy_after_fault.cu). Here it runs at once when its stream is idle
/// (so that work on any stream finds it done, as a GPU's quick copy would be), and is queued
/// behind the stream's work otherwise. Managed, pinned and mapped ends keep the host-synchronous
/// answer.
fn submit_for(on: On, ends: &[u64], work: MemWork, node: crate::work::NodeType) -> Result<()> {
    let device = |a: u64| matches!(classify(a), Pointer::Known(i) if matches!(i.kind, simt::AllocKind::Device));
    let On::Sync(s) = on else { return submit(on, work, node) };
    if !ends.iter().all(|&a| device(a)) {
        let r = submit(on, work, node);
        // A blocking copy with a host end is a synchronization point of printf (an H200
        // prints at cudaMemcpy, not at cudaMemset or at cudaMemcpyAsync to pageable memory,
        // which also returns once done: tests/program-diff/runtime18_printf_flush.cu).
        if node == crate::work::NodeType::Memcpy {
            crate::printf::flush(&ctx().mem());
        }
        return r;
    }
    let r = if crate::stream::is_capturing(s)? {
        submit(on, work, node)
    } else {
        match crate::stream::run_inline_if_idle(&resolve(s)?, || unless_faulted(&work)) {
            Some(r) => r,
            None => return submit(On::Async(s), work, node),
        }
    };
    match r {
        Err(e) if crate::context::sticky() == Some(e) => Ok(()),
        r => r,
    }
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
        // A pitch narrower than a row: cudaErrorInvalidValue (as CUDA 13.0 on an H100).
        if row > self.pitch && (self.height > 1 || self.depth > 1) {
            return Err(Error::InvalidValue);
        }
        place(self.dst.0, extent(self.pitch, self.slice_rows, row, self.height, self.depth)?, true)?;
        let s = self;
        // Rows that follow each other without a gap are one fill (split among threads when
        // large).
        let (row, height, depth) = if row == s.pitch && (s.depth == 1 || s.slice_rows.max(s.height) == s.height) {
            (row * s.height * s.depth, 1, 1)
        } else {
            (row, s.height, s.depth)
        };
        Ok(Some(Arc::new(move || {
            let start = crate::profile::now();
            let mem = ctx().mem();
            let pattern = &s.value.to_le_bytes()[..s.elem_size as usize];
            for z in 0..depth {
                let at = s.dst.offset((z * s.slice_rows.max(s.height) * s.pitch) as u64);
                mem.fill_2d(at, s.pitch as u64, pattern, row as u64, height as u64).map_err(mem_err)?;
            }
            if let Some(t) = start {
                crate::profile::copy(crate::profile::CopyKind::Memset, (row * height * depth) as u64, t);
            }
            Ok(())
        })))
    }
}

/// `cudaMemset2D`/`cudaMemset3D` and their `Async` forms.
pub fn memset_3d(s: Set3D, on: On) -> Result<()> {
    api(|_| match s.work()? {
        Some(w) => submit_for(on, &[s.dst.0], w, crate::work::NodeType::Memset),
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
    // SAFETY: the host ends of the copy are valid for `count` bytes (until it completes, when
    // asynchronous): this function's contract, which is `memcpy_3d`'s for a one-row copy.
    unsafe { memcpy_3d(Copy3D::linear(dst, src, count, kind), on) }
}

/// `cudaMemcpyPeer(Async)`: device-to-device between devices (only device 0 exists).
pub fn memcpy_peer(dst: DevicePtr, dst_dev: i32, src: DevicePtr, src_dev: i32, count: usize, on: On) -> Result<()> {
    if dst_dev != 0 || src_dev != 0 {
        return record(Err(Error::InvalidDevice));
    }
    // SAFETY: device-to-device: no host memory is involved.
    unsafe { memcpy_on(dst.0, src.0, count, MemcpyKind::DeviceToDevice, on) }
}

/// `cudaHostRegister` flags: Portable (1), Mapped (2), IoMemory (4), ReadOnly (8).
pub const HOST_REGISTER_FLAGS: u32 = 0xf;

/// Registered host ranges: base → size.
/// The host ranges `cudaHostRegister` registered: base → (size, registration flags).
fn registered() -> std::sync::MutexGuard<'static, std::collections::BTreeMap<usize, (usize, u32)>> {
    static R: Mutex<std::collections::BTreeMap<usize, (usize, u32)>> = Mutex::new(std::collections::BTreeMap::new());
    lock(&R)
}

/// `cudaHostRegister`: page-locks (records) `size` bytes at `ptr` and maps them (kernels reach
/// them at their host address). ReadOnly (8) is accepted (nothing stops device writes to it:
/// a program writing there is wrong on a GPU too); IoMemory (4) is not supported.
///
/// # Safety
///
/// `ptr..ptr + size` must be valid, readable and writable host memory until
/// [`host_unregister`] of `ptr`.
pub unsafe fn host_register(ptr: usize, size: usize, flags: u32) -> Result<()> {
    api(|c| {
        if ptr == 0 || size == 0 || flags & !HOST_REGISTER_FLAGS != 0 {
            return Err(Error::InvalidValue);
        }
        // Read-only registration (8) is accepted: the memory is mapped as it is; I/O memory
        // (4) cannot be: an invalid value for host memory (an H200's answer,
        // unseen13a_host_register_mapped).
        if flags & 0x4 != 0 {
            return Err(Error::InvalidValue);
        }
        let end = ptr.checked_add(size).ok_or(Error::InvalidValue)?;
        let mut r = registered();
        // Memory of cudaHostAlloc / cudaMallocHost is no memory to register (an H200 answers
        // an invalid value); a registered range is already registered.
        if host_allocation(ptr).is_some() {
            return Err(Error::InvalidValue);
        }
        if r.range(..end).next_back().is_some_and(|(b, (n, _))| b + n > ptr) {
            return Err(Error::HostMemoryAlreadyRegistered);
        }
        // SAFETY: per this function's contract, until `host_unregister` unmaps it.
        unsafe { c.mem().map_host(ptr as *mut u8, size as u64) }.map_err(|_| Error::HostMemoryAlreadyRegistered)?;
        r.insert(ptr, (size, flags));
        Ok(())
    })
}

/// `cudaHostUnregister`: `ptr` must be the base of a registered range.
pub fn host_unregister(ptr: usize) -> Result<()> {
    api(|c| {
        if ptr == 0 {
            return Err(Error::InvalidValue);
        }
        let mut r = registered();
        if r.remove(&ptr).is_none() {
            // Inside a registered range but not its start, or memory of cudaMallocHost /
            // cudaHostAlloc: an invalid value, as on an H100 and an H200
            // (tests/program-diff/host_register_flags.cu).
            let inside = r.range(..ptr).next_back().is_some_and(|(b, (n, _))| b + n > ptr);
            let pinned = host_allocation(ptr).is_some();
            return Err(if inside || pinned { Error::InvalidValue } else { Error::HostMemoryNotRegistered });
        }
        drop(r);
        wait_all();
        let _ = c.mem().unmap_host(DevicePtr(ptr as u64));
        Ok(())
    })
}

/// Maps every registered host range into `mem` (after `cudaDeviceReset` replaced the device
/// memory). Pinned allocations do not survive the reset (`cudaFreeHost` of one then answers an
/// invalid value, as on an H200): they are forgotten, their memory left allocated so that a
/// stale host access harms nothing.
pub(crate) fn remap_host(mem: &DeviceMemory) {
    let c = ctx();
    lock(&c.host_allocs).clear();
    let ranges: Vec<(usize, usize)> = registered().iter().map(|(b, (n, _))| (*b, *n)).collect();
    for (b, n) in ranges {
        // SAFETY: these ranges are live registered memory (`host_register`'s contract),
        // unmapped before they are unregistered.
        let _ = unsafe { mem.map_host(b as *mut u8, n as u64) };
    }
}

/// The registered or pinned host range containing `ptr`: `(base, size)`.
pub fn pinned_range(ptr: usize) -> Option<(usize, usize)> {
    if let Some(r) = host_allocation(ptr) {
        return Some(r);
    }
    registered().range(..=ptr).next_back().filter(|(b, (n, _))| ptr < *b + *n).map(|(b, (n, _))| (*b, *n))
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

/// `cudaPointerGetAttributes`, also after a kernel fault (as an H200 answers:
/// tests/program-diff/sticky_error_calls.cu).
pub fn pointer_attributes(ptr: u64) -> Result<PointerAttributes> {
    crate::context::api_despite_sticky(|_| {
        let mut a = PointerAttributes {
            r#type: MemoryType::Unregistered as i32,
            device: -2,
            devicePointer: std::ptr::null_mut(),
            hostPointer: std::ptr::null_mut(),
            reserved: [0; 8],
        };
        let p = ptr as *mut std::ffi::c_void;
        if let Some(device) = host_pool_pointer(ptr) {
            a.r#type = MemoryType::Host as i32;
            a.device = 0;
            a.hostPointer = p;
            a.devicePointer = if device { p } else { std::ptr::null_mut() };
            return Ok(a);
        }
        match classify(ptr) {
            Pointer::Known(info) => {
                a.device = 0;
                a.devicePointer = p;
                match info.kind {
                    simt::AllocKind::Unified => {
                        a.r#type = MemoryType::Managed as i32;
                        a.hostPointer = p;
                    }
                    simt::AllocKind::MappedHost => {
                        a.r#type = MemoryType::Host as i32;
                        a.hostPointer = p;
                    }
                    simt::AllocKind::Device => a.r#type = MemoryType::Device as i32,
                }
            }
            // Unregistered host memory: CUDA 13.0 reports the pointer as its host address; so
            // it does an address in no live allocation (a freed one, one byte past an
            // allocation's end), as an H200 answers.
            Pointer::Null | Pointer::Pageable | Pointer::StaleDevice => a.hostPointer = p,
        }
        Ok(a)
    })
}

/// `cudaHostGetDevicePointer`: pinned and registered memory is mapped at its host address
/// (unified addressing), so the device pointer is `host` itself; anything else (or non-zero
/// flags) is [`Error::InvalidValue`].
pub fn host_get_device_pointer(host: usize, flags: u32) -> Result<DevicePtr> {
    api(|_| {
        if host == 0 || flags != 0 || pinned_range(host).is_none() {
            return Err(Error::InvalidValue);
        }
        Ok(DevicePtr(host as u64))
    })
}

/// `cudaMemAttachGlobal`.
pub const MEM_ATTACH_GLOBAL: u32 = 1;
/// `cudaMemAttachHost`.
pub const MEM_ATTACH_HOST: u32 = 2;
/// `cudaMemAttachSingle`.
pub const MEM_ATTACH_SINGLE: u32 = 4;

/// `cudaMallocManaged`: `size` zeroed bytes of unified memory, valid at the same address on
/// the host and the device. `flags` must be `cudaMemAttachGlobal` or `cudaMemAttachHost`; a
/// size of 0 gives a null pointer.
pub fn malloc_managed(size: usize, flags: u32) -> Result<DevicePtr> {
    api(|c| {
        crate::stream::check_unsafe_call()?;
        if !(flags == MEM_ATTACH_GLOBAL || flags == MEM_ATTACH_HOST) {
            return Err(Error::InvalidValue);
        }
        // Zero bytes: success with a null pointer, as an H200 answers (cudaMalloc's rule).
        if size == 0 {
            return Ok(DevicePtr(0));
        }
        let p = c.mem().alloc_unified(size as u64).map_err(|_| Error::MemoryAllocation)?;
        lock(&c.allocs).insert(p.0, size as u64);
        Ok(p)
    })
}

/// `struct cudaMemLocation` (8 bytes).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MemLocation {
    /// `enum cudaMemLocationType type`: Invalid 0, Device 1, Host 2, HostNuma 3,
    /// HostNumaCurrent 4.
    pub r#type: i32,
    /// The device ordinal or NUMA node.
    pub id: i32,
}

impl MemLocation {
    fn check(self) -> Result<()> {
        match self.r#type {
            1 if self.id == 0 => Ok(()),
            1 => Err(Error::InvalidDevice),
            2 | 4 => Ok(()),
            3 if self.id == 0 => Ok(()),
            _ => Err(Error::InvalidValue),
        }
    }
}

/// The base of the managed allocation holding `ptr..ptr + count`, if one does.
fn managed_base(ptr: u64, count: usize) -> Option<u64> {
    match classify(ptr) {
        Pointer::Known(i)
            if i.kind == simt::AllocKind::Unified && (ptr - i.base).saturating_add(count as u64) <= i.size =>
        {
            Some(i.base)
        }
        _ => None,
    }
}

/// `cudaMemPrefetchAsync`: validated, recorded as the range's last prefetch location (for
/// `cudaMemRangeGetAttribute`) and ordered on `stream` (managed memory is always resident on
/// the CPU device, so nothing moves).
pub fn mem_prefetch_async(ptr: u64, count: usize, loc: MemLocation, flags: u32, stream: Stream) -> Result<()> {
    api(|_| {
        let base = managed_base(ptr, count).filter(|_| count != 0 && flags == 0).ok_or(Error::InvalidValue)?;
        loc.check()?;
        let st = resolve(stream)?;
        crate::managed_ranges::prefetched(
            base,
            ptr,
            count as u64,
            crate::managed_ranges::Place::of(loc.r#type, loc.id),
        );
        enqueue(&st, Vec::new(), Box::new(|| {}));
        Ok(())
    })
}

/// `cudaMemDiscardBatchAsync`'s check of one range: managed memory, a nonzero size. A
/// discarded range reads back indeterminate values until written or prefetched, and its old
/// contents are such values, so nothing else is done.
pub fn mem_discard(ptr: u64, count: usize, stream: Stream) -> Result<()> {
    api(|_| {
        managed_base(ptr, count).filter(|_| count != 0).ok_or(Error::InvalidValue)?;
        resolve(stream).map(drop)
    })
}

/// `cudaMemoryAdvise` values 1..=6 (set/unset read-mostly, preferred location, accessed-by).
const ADVICE: std::ops::RangeInclusive<i32> = 1..=6;

/// `cudaMemAdvise`: validated and recorded for the pages of the range (for
/// `cudaMemRangeGetAttribute`).
pub fn mem_advise(ptr: u64, count: usize, advice: i32, loc: MemLocation) -> Result<()> {
    api(|_| {
        let base =
            managed_base(ptr, count).filter(|_| count != 0 && ADVICE.contains(&advice)).ok_or(Error::InvalidValue)?;
        match advice {
            // A device that does not exist is an invalid value for a preferred location too
            // (an H200's answer, unseen13a_managed_advise_loc).
            3 => loc.check().map_err(|_| Error::InvalidValue)?,
            // A device that does not exist is an invalid value for accessed-by (an H200's
            // answer).
            5 | 6 => loc.check().map_err(|_| Error::InvalidValue)?,
            _ => {}
        }
        crate::managed_ranges::advised(
            base,
            ptr,
            count as u64,
            advice,
            crate::managed_ranges::Place::of(loc.r#type, loc.id),
        );
        Ok(())
    })
}

/// `cudaMemRangeGetAttribute`: ReadMostly (1), PreferredLocation (2: a device, -1 the host,
/// -2 none or not the same on every page), AccessedBy (3: `int`s, -2 filler),
/// LastPrefetchLocation (4), PreferredLocationType/Id (5, 6), LastPrefetchLocationType/Id
/// (7, 8), as recorded by [`mem_advise`] and [`mem_prefetch_async`]. Returns the bytes to write
/// to `data` (`data_size` of them: a multiple of 4 for AccessedBy, else 4).
pub fn mem_range_get_attribute(data_size: usize, attr: i32, ptr: u64, count: usize) -> Result<Vec<u8>> {
    api(|_| {
        let base =
            managed_base(ptr, count).filter(|_| count != 0 && (1..=8).contains(&attr)).ok_or(Error::InvalidValue)?;
        let size_ok = if attr == 3 { data_size != 0 && data_size.is_multiple_of(4) } else { data_size == 4 };
        if !size_ok {
            return Err(Error::InvalidValue);
        }
        let values = crate::managed_ranges::attribute(base, ptr, count as u64, attr, data_size / 4);
        Ok(values.iter().flat_map(|v| v.to_le_bytes()).collect())
    })
}

/// `cudaStreamAttachMemAsync`: validated and ordered on `stream` (every processor sees managed
/// memory coherently after synchronization, so attachment changes nothing).
pub fn stream_attach_mem_async(stream: Stream, ptr: u64, length: usize, flags: u32) -> Result<()> {
    api(|_| {
        if !matches!(flags, MEM_ATTACH_GLOBAL | MEM_ATTACH_HOST | MEM_ATTACH_SINGLE) {
            return Err(Error::InvalidValue);
        }
        // The whole allocation, from its start: `length` 0 or its size (the reference's rule;
        // an H200 refuses a part of it).
        let ok = matches!(classify(ptr), Pointer::Known(i)
            if i.kind == simt::AllocKind::Unified && i.base == ptr && (length == 0 || length as u64 == i.size));
        if !ok {
            return Err(Error::InvalidValue);
        }
        if flags == MEM_ATTACH_SINGLE && (stream == Stream::LEGACY || stream.0 == 0) {
            return Err(Error::InvalidValue);
        }
        let st = resolve(stream)?;
        enqueue(&st, Vec::new(), Box::new(|| {}));
        Ok(())
    })
}

/// `cudaMemPool_t` of the device's default pool.
pub const DEFAULT_POOL: u64 = 0x5c0f_0000;

/// A stream-ordered memory pool. Freed memory stays *reserved* by the pool (`cached`, reused
/// by its next allocations) until a synchronization finds the pool holding more than its
/// release threshold ([`release_pools`]) or `cudaMemPoolTrimTo` trims it.
#[derive(Debug, Default, Clone)]
struct Pool {
    /// Where its allocations live.
    place: PoolPlace,
    /// For a pool imported with `cudaMemPoolImportFromShareableHandle`: the exporting pool.
    imported_from: Option<u64>,
    /// `cudaMemAllocationHandleType`s the pool may be exported as.
    handle_types: i32,
    release_threshold: u64,
    reuse: [i32; 3],
    used: u64,
    used_high: u64,
    /// Bytes freed into the pool and still reserved by it.
    cached: u64,
    reserved_high: u64,
}

/// Where a pool's memory lives: its `cudaMemPoolProps` location and allocation type.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum PoolPlace {
    /// Device memory (`cudaMemAllocationTypePinned` on a device location).
    #[default]
    Device,
    /// Pinned host memory (`cudaMemAllocationTypePinned` on a host or host-NUMA location):
    /// page-locked and mapped, at one address for the host and the device.
    Host,
    /// Managed memory (`cudaMemAllocationTypeManaged`), as `cudaMallocManaged` allocates it.
    Managed,
}

/// The unit in which a memory pool reserves device memory.
const POOL_CHUNK: u64 = 32 << 20;

impl Pool {
    /// `cudaMemPoolAttrReservedMemCurrent`: live allocations and the memory kept for reuse, in
    /// whole chunks of [`POOL_CHUNK`] (an H200 reserves 32 MiB for a pool holding 3 MiB:
    /// tests/program-diff/pools_explicit.cu).
    fn reserved(&self) -> u64 {
        (self.used + self.cached).next_multiple_of(POOL_CHUNK)
    }

    /// Releases kept memory until at most `keep` bytes stay reserved (live allocations stay).
    fn release_to(&mut self, keep: u64) {
        self.cached = self.cached.min(keep.saturating_sub(self.used));
    }
}

/// After a stream, event or device synchronization: each pool holding more than its release
/// threshold releases memory down to it (CUDA's `cudaMemPoolAttrReleaseThreshold`: "the
/// allocator will try to release memory back to the OS on the next call to stream, event or
/// context synchronize").
fn release_pools() {
    for p in pools().pools.values_mut() {
        let keep = p.release_threshold;
        p.release_to(keep);
    }
}

#[derive(Debug, Default)]
struct Pools {
    pools: std::collections::HashMap<u64, Pool>,
    /// Live pool allocations: address → (pool, size).
    allocs: std::collections::HashMap<u64, (u64, u64)>,
    /// The host memory behind live allocations of host pools ([`PoolPlace::Host`]).
    host_blocks: std::collections::HashMap<u64, Layout>,
    /// Allocations imported with `cudaMemPoolImportPointer` and not yet freed, by address:
    /// in this process an import is the exported allocation itself, and freeing an import
    /// drops it without freeing the memory.
    imports: std::collections::HashMap<u64, u32>,
    /// The current pool of the device (`cudaDeviceSetMemPool`).
    current: u64,
    /// The current pools of the other (location, allocation type) pairs
    /// (`cudaMemSetMemPool`), by [`PoolKey`]; their defaults until set.
    current_at: std::collections::HashMap<PoolKey, u64>,
    /// Whether the device may access each host pool's memory (`cudaMemPoolSetAccess`): an H200
    /// faults a kernel touching host-pool memory it was not granted.
    device_access: std::collections::HashSet<u64>,
}

fn pools() -> std::sync::MutexGuard<'static, Pools> {
    static P: std::sync::OnceLock<Mutex<Pools>> = std::sync::OnceLock::new();
    lock(P.get_or_init(|| {
        let mut p = Pools { current: DEFAULT_POOL, ..Pools::default() };
        p.pools.insert(DEFAULT_POOL, Pool { reuse: [1, 1, 1], ..Pool::default() });
        for (key, place) in DEFAULT_POOLS {
            p.pools.insert(default_pool_of(key), Pool { place, reuse: [1, 1, 1], ..Pool::default() });
        }
        crate::context::install_after_sync(release_pools);
        Mutex::new(p)
    }))
}

/// `struct cudaMemPoolProps` (CUDA 13.0 layout, 88 bytes).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
#[allow(non_snake_case)]
pub struct MemPoolProps {
    /// `enum cudaMemAllocationType` (Pinned 1).
    pub allocType: i32,
    /// `enum cudaMemAllocationHandleType` (None 0, PosixFd 1).
    pub handleTypes: i32,
    /// Where the pool's memory lives (the device).
    pub location: MemLocation,
    /// Windows only.
    pub win32SecurityAttributes: *mut std::ffi::c_void,
    /// Maximum pool size (0: no limit).
    pub maxSize: usize,
    /// Usage flags.
    pub usage: u16,
    /// Reserved (zero).
    pub reserved: [u8; 54],
}

/// `cudaDeviceGetDefaultMemPool`.
pub fn default_mem_pool(device: i32) -> Result<u64> {
    api(|_| {
        if device != 0 {
            return Err(Error::InvalidDevice);
        }
        Ok(DEFAULT_POOL)
    })
}

/// `cudaDeviceGetMemPool`: the device's current pool. A device that does not exist is an
/// invalid value here and in `cudaDeviceSetMemPool` (an H200's answer, where
/// `cudaDeviceGetDefaultMemPool` answers an invalid device: tests/program-diff/pools_explicit.cu).
pub fn device_mem_pool(device: i32) -> Result<u64> {
    api(|_| {
        if device != 0 {
            return Err(Error::InvalidValue);
        }
        Ok(pools().current)
    })
}

/// `cudaDeviceSetMemPool`.
pub fn set_device_mem_pool(device: i32, pool: u64) -> Result<()> {
    api(|_| {
        if device != 0 {
            return Err(Error::InvalidValue);
        }
        let mut p = pools();
        if !p.pools.contains_key(&pool) {
            return Err(Error::InvalidValue);
        }
        p.current = pool;
        Ok(())
    })
}

/// A (`cudaMemLocation`, `cudaMemAllocationType`) pair with a pool of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum PoolKey {
    /// Device 0, pinned: the device's pool (`cudaDeviceGetMemPool`).
    Device,
    /// Device 0, managed.
    DeviceManaged,
    /// The host, pinned.
    Host,
    /// Host NUMA node 0, pinned.
    HostNuma,
    /// The host, managed.
    HostManaged,
}

/// The default pools besides the device's ([`DEFAULT_POOL`]), each where its key says.
const DEFAULT_POOLS: [(PoolKey, PoolPlace); 4] = [
    (PoolKey::DeviceManaged, PoolPlace::Managed),
    (PoolKey::Host, PoolPlace::Host),
    (PoolKey::HostNuma, PoolPlace::Host),
    (PoolKey::HostManaged, PoolPlace::Managed),
];

/// The `cudaMemPool_t` of `key`'s default pool.
fn default_pool_of(key: PoolKey) -> u64 {
    DEFAULT_POOL + 1 + DEFAULT_POOLS.iter().position(|(k, _)| *k == key).map_or(0, |i| i as u64)
}

/// The pool a (`cudaMemLocation`, `cudaMemAllocationType`) pair names for
/// `cudaMemGetDefaultMemPool`/`cudaMemGetMemPool`/`cudaMemSetMemPool`: device 0, the host and
/// host NUMA node 0 with pinned memory, device 0 and the host with managed memory, as an H200
/// answers; other combinations, a device that does not exist included, are
/// [`Error::InvalidValue`].
fn pool_key(loc: MemLocation, alloc_type: i32) -> Result<PoolKey> {
    match (alloc_type, loc.r#type) {
        (1, 1) if loc.id == 0 => Ok(PoolKey::Device),
        (2, 1) if loc.id == 0 => Ok(PoolKey::DeviceManaged),
        (1, 2) => Ok(PoolKey::Host),
        (1, 3) if loc.id == 0 => Ok(PoolKey::HostNuma),
        (2, 2) => Ok(PoolKey::HostManaged),
        _ => Err(Error::InvalidValue),
    }
}

/// `cudaMemGetDefaultMemPool`.
pub fn default_mem_pool_at(loc: MemLocation, alloc_type: i32) -> Result<u64> {
    api(|_| {
        Ok(match pool_key(loc, alloc_type)? {
            PoolKey::Device => DEFAULT_POOL,
            key => default_pool_of(key),
        })
    })
}

/// `cudaMemGetMemPool`: the location's current pool.
pub fn mem_pool_at(loc: MemLocation, alloc_type: i32) -> Result<u64> {
    api(|_| {
        let key = pool_key(loc, alloc_type)?;
        let p = pools();
        Ok(match key {
            PoolKey::Device => p.current,
            key => p.current_at.get(&key).copied().unwrap_or(default_pool_of(key)),
        })
    })
}

/// `cudaMemSetMemPool`: as `cudaDeviceSetMemPool` for the device's pinned pool; the pool must
/// hold the memory the pair names (a device pool as the host's pool, a managed pool as the
/// device's pinned pool are [`Error::InvalidValue`], as an H200 answers).
pub fn set_mem_pool_at(loc: MemLocation, alloc_type: i32, pool: u64) -> Result<()> {
    api(|_| {
        let key = pool_key(loc, alloc_type)?;
        let mut p = pools();
        let place = p.pools.get(&pool).ok_or(Error::InvalidValue)?.place;
        let want = match key {
            PoolKey::Device => PoolPlace::Device,
            PoolKey::Host | PoolKey::HostNuma => PoolPlace::Host,
            PoolKey::DeviceManaged | PoolKey::HostManaged => PoolPlace::Managed,
        };
        if place != want {
            return Err(Error::InvalidValue);
        }
        if key == PoolKey::Device {
            p.current = pool;
        } else {
            p.current_at.insert(key, pool);
        }
        Ok(())
    })
}

/// `cudaMemAccessFlagsProtReadWrite`.
pub const ACCESS_READ_WRITE: i32 = 3;

/// `cudaMemPoolSetAccess`: each `(location, flags)` must name device 0 (the pool's own
/// device, whose access is always read-write: anything else is [`Error::InvalidValue`]). A
/// host pool's memory is the device's once it grants read-write access (its allocations are
/// mapped then) and until it grants none.
pub fn mem_pool_set_access(pool: u64, descs: &[(MemLocation, i32)]) -> Result<()> {
    api(|c| {
        let place = pools().pools.get(&pool).ok_or(Error::InvalidValue)?.place;
        for (loc, flags) in descs {
            if !matches!(flags, 0 | 1 | 3) || loc.r#type != 1 {
                return Err(Error::InvalidValue);
            }
            if place == PoolPlace::Host && loc.id == 0 && matches!(flags, 0 | 3) {
                set_host_pool_access(&c.mem(), pool, *flags == ACCESS_READ_WRITE);
                continue;
            }
            // The pool's own device keeps read-write access: no access is an invalid device,
            // read-only access not supported, as an H200 answers (tests/program-diff/pools_explicit.cu).
            if loc.id == 0 && *flags == 1 {
                return Err(Error::NotSupported);
            }
            if loc.id != 0 || *flags != ACCESS_READ_WRITE {
                return Err(Error::InvalidDevice);
            }
        }
        Ok(())
    })
}

/// `cudaMemPoolGetAccess`: the pool's device has read-write access, the host none; a host
/// pool the reverse, the device having what [`mem_pool_set_access`] granted; a managed pool
/// answers none for both (an H200's answers, tests/program-diff/guide18_pool_locations.cu).
pub fn mem_pool_get_access(pool: u64, loc: MemLocation) -> Result<i32> {
    api(|_| {
        let ps = pools();
        let place = ps.pools.get(&pool).ok_or(Error::InvalidValue)?.place;
        let rw = |yes: bool| if yes { ACCESS_READ_WRITE } else { 0 };
        match loc.r#type {
            1 => {}
            // cudaMemLocationTypeHost: cudaMemAccessFlagsProtNone (an H200 answers success).
            2 => return Ok(rw(place == PoolPlace::Host)),
            _ => return Err(Error::InvalidValue),
        }
        if loc.id != 0 {
            return Err(Error::InvalidDevice);
        }
        // A managed pool answers no access for the device either (as an H200 does).
        Ok(match place {
            PoolPlace::Device => ACCESS_READ_WRITE,
            PoolPlace::Host => rw(ps.device_access.contains(&pool)),
            PoolPlace::Managed => 0,
        })
    })
}

/// Grants (`on`) or takes back the device's access to host pool `pool`: its live allocations
/// are mapped into (or out of) the device's allocation table, and so are its later ones.
fn set_host_pool_access(mem: &DeviceMemory, pool: u64, on: bool) {
    let mut ps = pools();
    if on == ps.device_access.contains(&pool) {
        return;
    }
    let blocks: Vec<(u64, u64)> = ps
        .allocs
        .iter()
        .filter(|(a, (p, _))| *p == pool && ps.host_blocks.contains_key(a))
        .map(|(a, (_, n))| (*a, *n))
        .collect();
    for (addr, size) in blocks {
        if on {
            // SAFETY: `addr` is a live block of `size` bytes from `host_block`, unmapped before
            // `free_host_block` frees it.
            let _ = unsafe { mem.map_host(addr as *mut u8, size) };
        } else {
            let _ = mem.unmap_host(DevicePtr(addr));
        }
    }
    if on {
        ps.device_access.insert(pool);
    } else {
        ps.device_access.remove(&pool);
    }
}

/// A host pool allocation's pointer attributes: `(device pointer, host pointer)` present, the
/// device pointer only while the device may access the pool; `None` for other memory.
pub(crate) fn host_pool_pointer(ptr: u64) -> Option<bool> {
    let ps = pools();
    let (&base, &(pool, size)) = ps.allocs.iter().find(|(a, (_, n))| (**a..**a + *n).contains(&ptr))?;
    let _ = size;
    ps.host_blocks.contains_key(&base).then(|| ps.device_access.contains(&pool))
}

/// `cudaMemPoolCreate`: a device pool (`allocType` Pinned, location the device, handle types
/// None or PosixFd).
///
/// Like [`mem_pool_trim_to`] and [`mem_pool_get_attribute`], it answers also after a kernel
/// fault (a pool is host state: an H200's answers, tests/program-diff/sticky_trap_async.cu).
pub fn mem_pool_create(props: &MemPoolProps) -> Result<u64> {
    crate::context::api_despite_sticky(|c| {
        let loc = props.location;
        let place = match (props.allocType, loc.r#type) {
            // A device that does not exist is an invalid value here (an H200's answer).
            (1, 1) if loc.id == 0 => PoolPlace::Device,
            (1, 2) => PoolPlace::Host,
            (1, 3) if loc.id == 0 => PoolPlace::Host,
            (2, 1) if loc.id == 0 => PoolPlace::Managed,
            (2, 2) => PoolPlace::Managed,
            _ => return Err(Error::InvalidValue),
        };
        if props.handleTypes & !1 != 0 {
            return Err(Error::InvalidValue);
        }
        let h = c.handle();
        pools().pools.insert(h, Pool { place, reuse: [1, 1, 1], handle_types: props.handleTypes, ..Pool::default() });
        Ok(h)
    })
}

/// What an exported pool's file descriptor holds, and an exported allocation's
/// `cudaMemPoolPtrExportData` begins with: this magic, the exporting process and the pool.
const POOL_EXPORT_MAGIC: &[u8; 8] = b"CUPRPOOL";

/// `(process, pool)` as an export names them.
fn export_record(pool: u64) -> [u8; 24] {
    let mut r = [0u8; 24];
    r[..8].copy_from_slice(POOL_EXPORT_MAGIC);
    r[8..16].copy_from_slice(&u64::from(std::process::id()).to_le_bytes());
    r[16..].copy_from_slice(&pool.to_le_bytes());
    r
}

/// The pool an export record names, if the record is one of this process's (another
/// process's export is [`Error::NotSupported`]: Cuprite shares no pool memory between
/// processes; anything else is [`Error::InvalidValue`]).
fn exported_pool(r: &[u8]) -> Result<u64> {
    if r.len() < 24 || &r[..8] != POOL_EXPORT_MAGIC {
        return Err(Error::InvalidValue);
    }
    let word = |i: usize| u64::from_le_bytes(r[i..i + 8].try_into().unwrap_or_default());
    if word(8) != u64::from(std::process::id()) {
        return Err(Error::NotSupported);
    }
    Ok(word(16))
}

/// `cudaMemPoolExportToShareableHandle` as a POSIX file descriptor: a pool created without
/// handle type `ty` (or none) is [`Error::InvalidValue`], as an H200 answers. The descriptor
/// is an unlinked file holding the export record, which
/// [`mem_pool_import`] of this process turns back into a pool.
pub fn mem_pool_export(pool: u64, ty: i32) -> Result<std::os::fd::OwnedFd> {
    api(|_| {
        let p = pools();
        let pl = p.pools.get(&pool).ok_or(Error::InvalidValue)?;
        if ty == 0 || pl.handle_types & ty == 0 || pl.imported_from.is_some() {
            return Err(Error::InvalidValue);
        }
        let path = std::env::temp_dir().join(format!("cuprite-pool-{}-{pool:x}", std::process::id()));
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)
            .map_err(|_| Error::OperatingSystem)?;
        let _ = std::fs::remove_file(&path);
        std::io::Write::write_all(&mut &file, &export_record(pool)).map_err(|_| Error::OperatingSystem)?;
        Ok(file.into())
    })
}

/// `cudaMemPoolImportFromShareableHandle` of POSIX file descriptor `fd`: a new pool sharing
/// the exporting pool's allocations (for [`mem_pool_import_pointer`]). A descriptor that is
/// not open is [`Error::Unknown`] (an H200's answer for -1); one that names no exported pool
/// an invalid value.
pub fn mem_pool_import(fd: i32) -> Result<u64> {
    api(|c| {
        if fd < 0 {
            return Err(Error::Unknown);
        }
        // SAFETY: `fd` is non-negative; it is only read through (pread) and never closed: the
        // `ManuallyDrop` keeps the caller's descriptor open.
        let file = std::mem::ManuallyDrop::new(unsafe { <std::fs::File as std::os::fd::FromRawFd>::from_raw_fd(fd) });
        let mut r = [0u8; 24];
        let n = std::os::unix::fs::FileExt::read_at(&*file, &mut r, 0).map_err(|_| Error::Unknown)?;
        let source = exported_pool(&r[..n])?;
        let mut ps = pools();
        let from = ps.pools.get(&source).ok_or(Error::InvalidValue)?.clone();
        let h = c.handle();
        ps.pools.insert(h, Pool { imported_from: Some(source), used: 0, cached: 0, ..from });
        Ok(h)
    })
}

/// `struct cudaMemPoolPtrExportData` (64 bytes).
pub type PoolPtrExportData = [u8; 64];

/// `cudaMemPoolExportPointer`: `ptr` must be the start of a live allocation of a pool that can
/// be exported (else [`Error::InvalidValue`], as an H200 answers for interior pointers and
/// memory of other pools or `cudaMalloc`).
pub fn mem_pool_export_pointer(ptr: u64) -> Result<PoolPtrExportData> {
    api(|_| {
        let ps = pools();
        let &(pool, _) = ps.allocs.get(&ptr).ok_or(Error::InvalidValue)?;
        if ps.pools.get(&pool).is_none_or(|p| p.handle_types == 0) {
            return Err(Error::InvalidValue);
        }
        let mut d = [0u8; 64];
        d[..24].copy_from_slice(&export_record(pool));
        d[24..32].copy_from_slice(&ptr.to_le_bytes());
        Ok(d)
    })
}

/// `cudaMemPoolImportPointer`: into `pool`, which must have been imported from the pool the
/// data names (the exporting pool itself and other pools are [`Error::InvalidValue`], as an
/// H200 answers). In this process the import is the exported allocation itself.
pub fn mem_pool_import_pointer(pool: u64, data: &PoolPtrExportData) -> Result<DevicePtr> {
    api(|_| {
        let source = exported_pool(&data[..24])?;
        let ptr = u64::from_le_bytes(data[24..32].try_into().unwrap_or_default());
        let mut ps = pools();
        if ps.pools.get(&pool).and_then(|p| p.imported_from) != Some(source)
            || ps.allocs.get(&ptr).map(|a| a.0) != Some(source)
        {
            return Err(Error::InvalidValue);
        }
        *ps.imports.entry(ptr).or_default() += 1;
        Ok(DevicePtr(ptr))
    })
}

/// Drops one import of `ptr` (true) if it has one: freeing an imported pointer frees nothing.
fn drop_import(ptr: u64) -> bool {
    let mut ps = pools();
    match ps.imports.get_mut(&ptr) {
        Some(n) => {
            *n -= 1;
            if *n == 0 {
                ps.imports.remove(&ptr);
            }
            true
        }
        None => false,
    }
}

/// `cudaMemPoolDestroy`: the default pool cannot be destroyed; live allocations of a destroyed
/// pool stay valid until freed (as CUDA frees them lazily).
pub fn mem_pool_destroy(pool: u64) -> Result<()> {
    api(|_| {
        let mut p = pools();
        let default = pool == DEFAULT_POOL || DEFAULT_POOLS.iter().any(|(k, _)| default_pool_of(*k) == pool);
        if default || p.pools.remove(&pool).is_none() {
            return Err(Error::InvalidValue);
        }
        if p.current == pool {
            p.current = DEFAULT_POOL;
        }
        p.current_at.retain(|_, current| *current != pool);
        p.device_access.remove(&pool);
        Ok(())
    })
}

/// `cudaMallocAsync` (`pool == None`: the device's current pool) / `cudaMallocFromPoolAsync`:
/// the memory is allocated at once (so the address is valid in stream order at once) and
/// recorded against the pool. Zero bytes give a null pointer (as an H200 answers: success).
pub fn malloc_async(size: usize, pool: Option<u64>, stream: Stream) -> Result<DevicePtr> {
    api(|c| {
        let pool = match pool {
            Some(p) => p,
            None => pools().current,
        };
        if !pools().pools.contains_key(&pool) {
            return Err(Error::InvalidValue);
        }
        let s = resolve(stream)?;
        if size == 0 {
            return Ok(DevicePtr(0));
        }
        // Captured, the allocation is a memory allocation node of the graph (as CUDA captures
        // it): each launch allocates it, and a captured cudaFreeAsync frees it.
        if let Some(capture) = lock(&s.capture).as_mut() {
            let (p, work) = graph_mem_alloc(size)?;
            capture.record_shared(work, crate::work::NodeType::MemAlloc);
            return Ok(p);
        }
        let place = pools().pools.get(&pool).map(|p| p.place).unwrap_or_default();
        let p = match place {
            PoolPlace::Device => c.mem().alloc(size as u64).map_err(|_| Error::MemoryAllocation)?,
            PoolPlace::Managed => c.mem().alloc_unified(size as u64).map_err(|_| Error::MemoryAllocation)?,
            PoolPlace::Host => {
                let mapped = pools().device_access.contains(&pool);
                let (p, layout) = host_block(c, size, mapped)?;
                pools().host_blocks.insert(p.0, layout);
                p
            }
        };
        if place != PoolPlace::Host {
            lock(&c.allocs).insert(p.0, size as u64);
        }
        let mut ps = pools();
        ps.allocs.insert(p.0, (pool, size as u64));
        if let Some(pl) = ps.pools.get_mut(&pool) {
            // Kept memory is reused first; the rest is newly reserved.
            pl.cached = pl.cached.saturating_sub(size as u64);
            pl.used += size as u64;
            pl.used_high = pl.used_high.max(pl.used);
            pl.reserved_high = pl.reserved_high.max(pl.reserved());
        }
        Ok(p)
    })
}

/// Page-locked host memory for an allocation of a host pool, mapped (`mapped`: kernels reach
/// it at its host address, as they do memory of `cudaMallocHost`) when the device may access
/// the pool.
fn host_block(c: &crate::context::Context, size: usize, mapped: bool) -> Result<(DevicePtr, Layout)> {
    let layout = Layout::from_size_align(size, 4096).map_err(|_| Error::MemoryAllocation)?;
    // SAFETY: `layout` has a non-zero size (a zero-byte allocation returns before this).
    let p = unsafe { std::alloc::alloc(layout) };
    if p.is_null() {
        return Err(Error::MemoryAllocation);
    }
    if !mapped {
        return Ok((DevicePtr(p as u64), layout));
    }
    // SAFETY: `p` is a live block of `size` bytes, unmapped (`free_host_block`) before it is freed.
    match unsafe { c.mem().map_host(p, size as u64) } {
        Ok(_) => Ok((DevicePtr(p as u64), layout)),
        Err(_) => {
            // SAFETY: `p` was just allocated with `layout` and is not used elsewhere.
            unsafe { std::alloc::dealloc(p, layout) };
            Err(Error::MemoryAllocation)
        }
    }
}

/// Frees the host pool allocation at `ptr` (the pool keeps the bytes, as a device pool does);
/// false when `ptr` is none.
fn free_host_block(mem: &DeviceMemory, ptr: u64) -> bool {
    let mut ps = pools();
    let Some(layout) = ps.host_blocks.remove(&ptr) else { return false };
    let _ = mem.unmap_host(DevicePtr(ptr));
    // SAFETY: `ptr` came from `std::alloc::alloc(layout)` in `host_block` and is freed once (its
    // record was just removed); the unmapping above ended kernels' access to it.
    unsafe { std::alloc::dealloc(ptr as *mut u8, layout) };
    if let Some((pool, size)) = ps.allocs.remove(&ptr)
        && let Some(pl) = ps.pools.get_mut(&pool)
    {
        pl.used = pl.used.saturating_sub(size);
        pl.cached += size;
    }
    true
}

/// `cudaFreeAsync`: frees `ptr` when `stream` reaches this point.
pub fn free_async(ptr: DevicePtr, stream: Stream) -> Result<()> {
    api(|c| {
        // Freeing null is a no-op, as `cudaFree(nullptr)` (CUDA 13.0 returns success).
        if ptr.0 == 0 {
            return Ok(());
        }
        let st = resolve(stream)?;
        if drop_import(ptr.0) {
            return Ok(());
        }
        if pools().host_blocks.contains_key(&ptr.0) {
            let mem = c.mem();
            enqueue_as(
                &st,
                Vec::new(),
                Box::new(move || {
                    free_host_block(&mem, ptr.0);
                }),
                crate::work::NodeType::MemFree,
            );
            return Ok(());
        }
        // Captured, only graph allocations can be freed: memory allocated outside the graph
        // is an invalid value, the capture left valid (an H200's answer,
        // unseen11b_async_free_streams).
        if lock(&st.capture).is_some() && !graph_mem().allocs.contains_key(&ptr.0) {
            return Err(Error::InvalidValue);
        }
        if lock(&c.allocs).remove(&ptr.0).is_none() {
            if !graph_mem().allocs.contains_key(&ptr.0) {
                return Err(Error::InvalidValue);
            }
            if let Some(capture) = lock(&st.capture).as_mut() {
                capture.record_shared(graph_mem_free(ptr)?, crate::work::NodeType::MemFree);
                return Ok(());
            }
            graph_mem_freed_by_api(ptr.0);
            enqueue_as(
                &st,
                Vec::new(),
                Box::new(move || {
                    let _ = graph_mem_mark(ptr.0, false);
                }),
                crate::work::NodeType::MemFree,
            );
            return Ok(());
        }
        let mem = c.mem();
        enqueue_as(
            &st,
            Vec::new(),
            Box::new(move || {
                let _ = mem.free(ptr);
                let mut ps = pools();
                if let Some((pool, size)) = ps.allocs.remove(&ptr.0)
                    && let Some(pl) = ps.pools.get_mut(&pool)
                {
                    // The pool keeps the memory until a synchronization releases it.
                    pl.used = pl.used.saturating_sub(size);
                    pl.cached += size;
                }
            }),
            crate::work::NodeType::MemFree,
        );
        Ok(())
    })
}

/// Drops the pool record of an allocation freed with `cudaFree`.
fn forget_pool_alloc(ptr: u64) {
    let mut ps = pools();
    if let Some((pool, size)) = ps.allocs.remove(&ptr)
        && let Some(pl) = ps.pools.get_mut(&pool)
    {
        pl.used = pl.used.saturating_sub(size);
    }
}

/// `cudaMemPoolTrimTo`: releases the memory the pool keeps for reuse until at most `keep`
/// bytes stay reserved (live allocations stay).
pub fn mem_pool_trim_to(pool: u64, keep: usize) -> Result<()> {
    crate::context::api_despite_sticky(|_| {
        let mut ps = pools();
        let p = ps.pools.get_mut(&pool).ok_or(Error::InvalidValue)?;
        p.release_to(keep as u64);
        Ok(())
    })
}

/// `cudaMemPoolSetAttribute`: the reuse flags (1..=3, `int`) and the release threshold (4,
/// `u64`) are recorded; the high watermarks (6, 8) may only be reset to 0; the current
/// counters (5, 7) are read-only.
pub fn mem_pool_set_attribute(pool: u64, attr: i32, value: u64) -> Result<()> {
    api(|_| {
        let mut ps = pools();
        let p = ps.pools.get_mut(&pool).ok_or(Error::InvalidValue)?;
        match attr {
            1..=3 => p.reuse[(attr - 1) as usize] = i32::from(value as i32 != 0),
            4 => p.release_threshold = value,
            6 if value == 0 => p.reserved_high = p.reserved(),
            8 if value == 0 => p.used_high = p.used,
            _ => return Err(Error::InvalidValue),
        }
        Ok(())
    })
}

/// `cudaMemPoolGetAttribute`: the value (an `int` for 1..=3, a `u64` for 4..=8) and its size.
pub fn mem_pool_get_attribute(pool: u64, attr: i32) -> Result<(u64, usize)> {
    crate::context::api_despite_sticky(|_| {
        let ps = pools();
        let p = ps.pools.get(&pool).ok_or(Error::InvalidValue)?;
        Ok(match attr {
            1..=3 => (p.reuse[(attr - 1) as usize] as u64, 4),
            4 => (p.release_threshold, 8),
            5 => (p.reserved(), 8),
            7 => (p.used, 8),
            6 => (p.reserved_high, 8),
            8 => (p.used_high, 8),
            _ => return Err(Error::InvalidValue),
        })
    })
}

/// Makes the device allocation at `base` (a module variable, say) also reachable at the host
/// address of its bytes, and returns that address (for `__managed__` variables).
pub fn unified_alias(base: DevicePtr) -> Result<DevicePtr> {
    api(|c| c.mem().identity_alias(base).map_err(|_| Error::InvalidValue))
}

/// Graph memory: the allocations of memory allocation nodes. Each has its address from node
/// creation on (the backing memory stays with it, as CUDA keeps the virtual address); it is
/// *allocated* from the moment its allocation node runs until a free node, `cudaFree` or
/// `cudaFreeAsync` frees it, and *reserved* (backing memory) from its first allocation until
/// `cudaDeviceGraphMemTrim` finds it free. As on an H100 (tests/gpu-programs/probe_facts.txt),
/// memory a graph freed stays mapped, so both "used" and "reserved" count the reserved
/// allocations, in the pool's 32 MiB granules, until a trim.
#[derive(Debug, Default)]
struct GraphMem {
    /// Address → (size, allocated, reserved).
    allocs: std::collections::HashMap<u64, (u64, bool, bool)>,
    used_high: u64,
    reserved_high: u64,
    /// What each memory node's work does (keyed by the work's address, which clones of the
    /// node share): the allocation it allocates (`true`) or frees (`false`).
    nodes: std::collections::HashMap<usize, (u64, bool)>,
    /// Allocations a graph launch made that no free has followed yet, in API order: what
    /// `cudaGraphLaunch` checks before it enqueues (the flags in `allocs` follow execution).
    unfreed: std::collections::HashSet<u64>,
}

/// The key of a memory node's work in [`GraphMem::nodes`].
fn node_key(work: &crate::work::NodeFn) -> usize {
    Arc::as_ptr(work).cast::<()>() as usize
}

/// The granule graph memory pools map physical memory in.
const GRAPH_MEM_GRANULE: u64 = 32 << 20;

impl GraphMem {
    fn used(&self) -> u64 {
        self.reserved()
    }
    fn reserved(&self) -> u64 {
        self.allocs.values().filter(|a| a.2).map(|a| a.0).sum::<u64>().next_multiple_of(GRAPH_MEM_GRANULE)
    }
}

fn graph_mem() -> std::sync::MutexGuard<'static, GraphMem> {
    static G: std::sync::OnceLock<Mutex<GraphMem>> = std::sync::OnceLock::new();
    lock(G.get_or_init(Default::default))
}

/// Marks a graph allocation allocated or free ([`Error::InvalidValue`] if `ptr` is none).
fn graph_mem_mark(ptr: u64, allocated: bool) -> Result<()> {
    let mut g = graph_mem();
    let a = g.allocs.get_mut(&ptr).ok_or(Error::InvalidValue)?;
    a.1 = allocated;
    if allocated {
        a.2 = true;
    }
    let (u, r) = (g.used(), g.reserved());
    g.used_high = g.used_high.max(u);
    g.reserved_high = g.reserved_high.max(r);
    Ok(())
}

/// A memory allocation node's address (fixed now) and work (which allocates it).
pub fn graph_mem_alloc(size: usize) -> Result<(DevicePtr, crate::work::NodeFn)> {
    api(|c| {
        if size == 0 {
            return Err(Error::InvalidValue);
        }
        let p = c.mem().alloc(size as u64).map_err(|_| Error::MemoryAllocation)?;
        let work = Arc::new(move || {
            let _ = graph_mem_mark(p.0, true);
        }) as crate::work::NodeFn;
        let mut g = graph_mem();
        g.allocs.insert(p.0, (size as u64, false, false));
        g.nodes.insert(node_key(&work), (p.0, true));
        Ok((p, work))
    })
}

/// A memory free node's work: `ptr` must be a graph allocation.
pub fn graph_mem_free(ptr: DevicePtr) -> Result<crate::work::NodeFn> {
    api(|_| {
        let mut g = graph_mem();
        if !g.allocs.contains_key(&ptr.0) {
            return Err(Error::InvalidValue);
        }
        let work = Arc::new(move || {
            let _ = graph_mem_mark(ptr.0, false);
        }) as crate::work::NodeFn;
        g.nodes.insert(node_key(&work), (ptr.0, false));
        Ok(work)
    })
}

/// What `cudaGraphLaunch` checks and records of the graph allocations its memory nodes (the
/// works `nodes`) allocate and free, in API order: an allocation still unfreed from an earlier
/// launch fails the launch with [`Error::InvalidValue`], unless the graph was instantiated with
/// AutoFreeOnLaunch (`auto_free`), which frees it first.
pub(crate) fn graph_mem_launch(nodes: &[crate::work::NodeFn], auto_free: bool) -> Result<()> {
    let mut g = graph_mem();
    let mem: Vec<(u64, bool)> = nodes.iter().filter_map(|w| g.nodes.get(&node_key(w)).copied()).collect();
    if !auto_free && mem.iter().any(|&(p, allocates)| allocates && g.unfreed.contains(&p)) {
        return Err(Error::InvalidValue);
    }
    for &(p, allocates) in &mem {
        if allocates {
            g.unfreed.insert(p);
        }
    }
    for &(p, allocates) in &mem {
        if !allocates {
            g.unfreed.remove(&p);
        }
    }
    Ok(())
}

/// A graph allocation freed outside its graph (`cudaFree`, `cudaFreeAsync`): the next launch of
/// the graph that allocates it may go ahead.
fn graph_mem_freed_by_api(ptr: u64) {
    graph_mem().unfreed.remove(&ptr);
}

/// The size of a graph allocation.
pub fn graph_mem_size(ptr: DevicePtr) -> Option<usize> {
    graph_mem().allocs.get(&ptr.0).map(|a| a.0 as usize)
}

/// `cudaDeviceGraphMemTrim`: graph allocations that are free stop counting as reserved.
pub fn graph_mem_trim(device: i32) -> Result<()> {
    api(|_| {
        if device != 0 {
            return Err(Error::InvalidDevice);
        }
        wait_all();
        for a in graph_mem().allocs.values_mut() {
            if !a.1 {
                a.2 = false;
            }
        }
        Ok(())
    })
}

/// `cudaDeviceGetGraphMemAttribute`: UsedMemCurrent (0), UsedMemHigh (1), ReservedMemCurrent
/// (2), ReservedMemHigh (3), in bytes.
pub fn graph_mem_attribute(device: i32, attr: i32) -> Result<u64> {
    api(|_| {
        if device != 0 {
            return Err(Error::InvalidDevice);
        }
        let g = graph_mem();
        match attr {
            0 => Ok(g.used()),
            1 => Ok(g.used_high),
            2 => Ok(g.reserved()),
            3 => Ok(g.reserved_high),
            _ => Err(Error::InvalidValue),
        }
    })
}

/// `cudaDeviceSetGraphMemAttribute`: the high watermarks (1, 3) can be reset, with 0.
pub fn set_graph_mem_attribute(device: i32, attr: i32, value: u64) -> Result<()> {
    api(|_| {
        if device != 0 {
            return Err(Error::InvalidDevice);
        }
        let mut g = graph_mem();
        match (attr, value) {
            (1, 0) => g.used_high = g.used(),
            (3, 0) => g.reserved_high = g.reserved(),
            _ => return Err(Error::InvalidValue),
        }
        Ok(())
    })
}
