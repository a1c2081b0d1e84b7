//! Device memory: allocations in a dedicated device address range, checked translation, and
//! real host atomics. With the JIT tier's call edges (`jit/`), the only module with `unsafe` code.
//!
//! Invariants:
//! - every allocation is a host block of at least `size` bytes (at least 1), aligned to
//!   [`ALLOC_ALIGN`], zero-initialized, owned by the [`DeviceMemory`] until `free` or drop;
//!   an allocation exported to other processes ([`DeviceMemory::share`]) or imported from one
//!   ([`DeviceMemory::import`]) is a page-aligned shared mapping ([`SharedMap`]) instead,
//!   which other processes' kernels and copies may access concurrently (also atomically);
//! - device address `base + i` maps to host byte `ptr + i` for `i < size`; device bases are
//!   [`ALLOC_ALIGN`]-aligned, so device alignment equals host alignment for accesses up to 256 bytes;
//! - unified addressing: an owned allocation may also have an *alias* entry whose base is the
//!   host address of its bytes ([`DeviceMemory::identity_alias`], [`DeviceMemory::alloc_unified`]),
//!   and host memory owned elsewhere may be mapped at its own address
//!   ([`DeviceMemory::map_host`]); table entries never overlap, identity entries stay out of the
//!   shared/local windows, and ordinary allocations skip any identity entry in the device range;
//!   freeing an owned allocation (or its alias) removes both, and only owned entries are
//!   deallocated;
//! - kernels touch allocations only through a [`MemView`], which holds the read lock for the
//!   whole launch, so no allocation can be freed while a kernel can reach it;
//! - an allocation made while launches hold the read lock (a kernel still running, as CUDA
//!   lets a program allocate meanwhile) is *staged*: entered beside the table, found by the
//!   lookups that miss the table, and moved into it by the next holder of the write lock;
//! - every access from a kernel is a relaxed (or, for atomics, sequentially consistent) host
//!   atomic of the access size at a naturally aligned address, so concurrent blocks racing on
//!   the same bytes never cause undefined behaviour on the host.

use std::alloc::Layout;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, RwLock, RwLockReadGuard, RwLockWriteGuard};

use crate::address_space::{GLOBAL_BASE, PARAM_HALF, PARAM_WINDOW, SHARED_WINDOW, WINDOW_SIZE};
use crate::ir::AtomOp;
use crate::semantics::atomic;
use crate::shm::SharedMap;

/// Alignment of every allocation (as `cudaMalloc` guarantees).
pub const ALLOC_ALIGN: u64 = 256;

/// Entries in a translation cache.
pub(crate) const ALLOC_CACHE: usize = 4;
/// Indices of recently used allocations (a per-warp translation cache).
pub(crate) type AllocCache = [usize; ALLOC_CACHE];
/// An empty translation cache.
pub(crate) const NO_CACHE: AllocCache = [usize::MAX; ALLOC_CACHE];

/// One end of a bulk copy ([`DeviceMemory::copy`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CopyEnd {
    /// A device address, inside a live allocation (device, unified or mapped host memory).
    Device(DevicePtr),
    /// Host memory outside the allocation table (pageable memory), at this address.
    Host(*mut u8),
}

/// A device address (what `cudaMalloc` returns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DevicePtr(pub u64);

impl DevicePtr {
    /// The address `bytes` further on.
    pub fn offset(self, bytes: u64) -> DevicePtr {
        DevicePtr(self.0.wrapping_add(bytes))
    }
}

/// Why a memory operation failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemError {
    /// No live allocation covers the accessed bytes.
    OutOfBounds {
        /// The first byte accessed.
        addr: u64,
        /// The access size.
        size: u32,
    },
    /// The address is not a multiple of the access size.
    Misaligned {
        /// The address.
        addr: u64,
        /// The access size.
        size: u32,
    },
    /// `free` of an address that is not the start of a live allocation.
    InvalidFree(u64),
    /// The host could not provide the memory.
    OutOfMemory(u64),
    /// The device `malloc` heap cannot be resized after a launch created it.
    HeapInUse,
}

impl std::fmt::Display for MemError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            MemError::OutOfBounds { addr, size } => {
                write!(f, "{size}-byte access at 0x{addr:x} is outside every live allocation")
            }
            MemError::Misaligned { addr, size } => {
                write!(f, "{size}-byte access at 0x{addr:x} is misaligned")
            }
            MemError::InvalidFree(a) => write!(f, "free of 0x{a:x}, which is not a live allocation"),
            MemError::OutOfMemory(n) => write!(f, "cannot allocate {n} bytes"),
            MemError::HeapInUse => write!(f, "the device heap is in use and cannot be resized"),
        }
    }
}

impl std::error::Error for MemError {}

/// What backs an allocation's bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Backing {
    /// A host block this memory owns (freed with this layout).
    Owned(Layout),
    /// An identity-mapped alias (device address == host address of the bytes) of the owned
    /// allocation at this device base.
    Alias(u64),
    /// Host memory owned by someone else, mapped at its own address ([`DeviceMemory::map_host`]).
    External,
    /// A shareable mapping owned by the allocation's `shm` ([`DeviceMemory::share`],
    /// [`DeviceMemory::import`]); unmapped when the allocation is dropped.
    Shared,
}

/// One live allocation.
#[derive(Debug)]
struct Allocation {
    base: u64,
    size: u64,
    ptr: NonNull<u8>,
    backing: Backing,
    /// The mapping behind a [`Backing::Shared`] allocation.
    shm: Option<SharedMap>,
}

/// Whether an allocation's identity alias exists ([`DeviceMemory::identity_alias`]).
enum Alias {
    /// The address at which the bytes are also reachable.
    Is(DevicePtr),
    /// Not yet: the bytes and their size.
    Missing(NonNull<u8>, u64),
}

/// What kind of memory a device address is in ([`DeviceMemory::lookup`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AllocKind {
    /// Ordinary device memory (in the device address range).
    Device,
    /// Unified memory: the device address is also the host address of the bytes
    /// ([`DeviceMemory::alloc_unified`], [`DeviceMemory::identity_alias`]).
    Unified,
    /// Host memory mapped at its own address ([`DeviceMemory::map_host`]).
    MappedHost,
}

/// A live allocation containing some address ([`DeviceMemory::lookup`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllocInfo {
    /// Its first address.
    pub base: u64,
    /// Its size in bytes.
    pub size: u64,
    /// Its kind.
    pub kind: AllocKind,
}

#[derive(Debug, Default)]
struct Inner {
    /// Sorted by `base`.
    allocs: Vec<Allocation>,
    /// Allocations entered while launches held the table, and the next device address.
    staged: Mutex<Staged>,
    /// Whether `staged` holds allocations: a lookup that misses the table (a fault, or a
    /// kernel parameter read through its generic address) locks `staged` only then.
    any_staged: AtomicBool,
}

/// What [`DeviceMemory::enter`] needs besides the table: the allocations entered while
/// launches held the table (read lock), in the order made, and the next device address.
#[derive(Debug, Default)]
struct Staged {
    allocs: Vec<Allocation>,
    next: u64,
}

impl Staged {
    /// The end of a staged allocation overlapping `lo..hi`, if any.
    fn overlap(&self, lo: u64, hi: u64) -> Option<u64> {
        self.allocs
            .iter()
            .map(|a| (a.base, a.base + a.size.max(1)))
            .filter(|&(b, e)| b < hi && e > lo)
            .map(|(_, e)| e)
            .max()
    }

    /// The staged allocation holding the `len` bytes at `addr`: its base, size and host address.
    fn span(&self, addr: u64, len: u64) -> Option<(u64, u64, *mut u8)> {
        let a = self.allocs.iter().find(|a| addr >= a.base && addr - a.base < a.size.max(1))?;
        (addr.wrapping_sub(a.base).saturating_add(len) <= a.size).then_some((a.base, a.size, a.ptr.as_ptr()))
    }
}

impl Inner {
    /// The end of a live allocation overlapping `lo..hi`, if any (staged ones included).
    fn overlap(&self, staged: &Staged, lo: u64, hi: u64) -> Option<u64> {
        let i = self.allocs.partition_point(|a| a.base < hi);
        let table = self.allocs[..i].last().filter(|a| a.base + a.size.max(1) > lo).map(|a| a.base + a.size.max(1));
        table.max(staged.overlap(lo, hi))
    }

    /// Inserts `a`, keeping the table sorted.
    fn insert(&mut self, a: Allocation) {
        let at = self.allocs.partition_point(|x| x.base < a.base);
        self.allocs.insert(at, a);
    }

    /// Moves the staged allocations into the table (under the write lock: no view is alive,
    /// so no one holds an index into the table).
    fn merge_staged(&mut self) {
        let staged = std::mem::take(&mut self.staged.get_mut().unwrap_or_else(|e| e.into_inner()).allocs);
        *self.any_staged.get_mut() = false;
        for a in staged {
            self.insert(a);
        }
    }

    /// The staged allocation holding the `len` bytes at `addr` (a lookup that missed the table).
    #[cold]
    fn staged_span(&self, addr: u64, len: u64) -> Option<(u64, u64, *mut u8)> {
        if !self.any_staged.load(Ordering::Acquire) {
            return None;
        }
        self.staged.lock().unwrap_or_else(|e| e.into_inner()).span(addr, len)
    }
}

/// An identity-mapped entry (base == host address of its bytes) for [`DeviceMemory::enter`],
/// refusing ranges that overlap another allocation or the shared/local/parameter windows.
fn identity(
    inner: &Inner,
    staged: &mut Staged,
    ptr: NonNull<u8>,
    size: u64,
    backing: Backing,
) -> Result<Allocation, MemError> {
    let base = ptr.as_ptr() as u64;
    let end = base.checked_add(size.max(1)).ok_or(MemError::OutOfMemory(size))?;
    let windows = SHARED_WINDOW..PARAM_WINDOW + WINDOW_SIZE;
    if inner.overlap(staged, base, end).is_some() || (base < windows.end && end > windows.start) {
        return Err(MemError::OutOfMemory(size));
    }
    Ok(Allocation { base, size, ptr, backing, shm: None })
}

// SAFETY: the raw pointers in `Inner` are owned heap blocks; all accesses through them go
// through atomics (see the module invariants), so sharing them between threads is sound.
unsafe impl Send for Inner {}
// SAFETY: as above.
unsafe impl Sync for Inner {}

static NEXT_ID: AtomicUsize = AtomicUsize::new(1);

/// Device memory: every allocation kernels may reach through a global address.
#[derive(Debug)]
pub struct DeviceMemory {
    inner: RwLock<Inner>,
    id: usize,
    heap: Mutex<Heap>,
    printf_fifo: AtomicUsize,
    /// Bytes of the printf FIFO that records written since the host last emptied it hold
    /// ([`DeviceMemory::printf_reserve`], [`DeviceMemory::printf_drained`]).
    printf_used: AtomicUsize,
    /// The per-thread stack size (`cudaLimitStackSize`), bounding recursion.
    stack_size: AtomicUsize,
    /// Texture and surface objects whose images live in this memory.
    textures: crate::texture::Registry,
}

/// The default per-thread stack size (CUDA's `cudaLimitStackSize` default).
pub const DEFAULT_STACK_SIZE: usize = 1024;

/// The default size of the device `printf` buffer (CUDA's `cudaLimitPrintfFifoSize` default).
pub const DEFAULT_PRINTF_FIFO_SIZE: usize = 8_650_752;

/// The default size of the device `malloc` heap (CUDA's `cudaLimitMallocHeapSize` default).
pub const DEFAULT_HEAP_SIZE: u64 = 8 << 20;

/// Alignment of device `malloc` results (CUDA guarantees 16 bytes).
const HEAP_ALIGN: u64 = 16;

/// The device `malloc` heap: one allocation, created before the first launch that may call
/// `malloc`, carved up first-fit.
#[derive(Debug)]
struct Heap {
    size: u64,
    base: Option<u64>,
    /// Live blocks as (offset, size), sorted by offset.
    blocks: Vec<(u64, u64)>,
}

impl Default for DeviceMemory {
    fn default() -> Self {
        Self::new()
    }
}

impl DeviceMemory {
    /// An empty device memory.
    pub fn new() -> DeviceMemory {
        DeviceMemory {
            inner: RwLock::new(Inner {
                allocs: Vec::new(),
                staged: Mutex::new(Staged { allocs: Vec::new(), next: GLOBAL_BASE }),
                any_staged: AtomicBool::new(false),
            }),
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            heap: Mutex::new(Heap { size: DEFAULT_HEAP_SIZE, base: None, blocks: Vec::new() }),
            printf_fifo: AtomicUsize::new(DEFAULT_PRINTF_FIFO_SIZE),
            printf_used: AtomicUsize::new(0),
            stack_size: AtomicUsize::new(DEFAULT_STACK_SIZE),
            textures: crate::texture::Registry::default(),
        }
    }

    /// The texture and surface objects kernels reach by handle.
    pub fn textures(&self) -> &crate::texture::Registry {
        &self.textures
    }

    /// Sets the per-thread stack size (`cudaLimitStackSize`).
    pub fn set_stack_size(&self, bytes: usize) {
        self.stack_size.store(bytes, Ordering::Relaxed);
    }

    /// The per-thread stack size recursion may use (`cudaLimitStackSize`).
    pub fn stack_size(&self) -> usize {
        self.stack_size.load(Ordering::Relaxed)
    }

    /// Sets the device `printf` buffer size.
    pub fn set_printf_fifo_size(&self, bytes: usize) {
        self.printf_fifo.store(bytes, Ordering::Relaxed);
    }

    /// The device `printf` buffer size.
    pub fn printf_fifo_size(&self) -> usize {
        self.printf_fifo.load(Ordering::Relaxed)
    }

    /// Takes `bytes` of the printf FIFO for one `printf` record, as a GPU's `printf` takes
    /// room in its FIFO: `false` (nothing taken) when they do not fit in what is left. The
    /// FIFO holds every launch's records until the host empties it at a synchronization point
    /// ([`DeviceMemory::printf_drained`]), so later launches find less room.
    pub fn printf_reserve(&self, bytes: usize) -> bool {
        let size = self.printf_fifo_size();
        self.printf_used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |used| used.checked_add(bytes).filter(|&u| u <= size))
            .is_ok()
    }

    /// The host has written out the printf FIFO's records: all its room is free again.
    pub fn printf_drained(&self) {
        self.printf_used.store(0, Ordering::Release);
    }

    fn heap(&self) -> std::sync::MutexGuard<'_, Heap> {
        self.heap.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Sets the size of the device `malloc` heap (`cudaLimitMallocHeapSize`). Fails with
    /// [`MemError::HeapInUse`] once a launch has created the heap.
    pub fn set_heap_size(&self, bytes: u64) -> Result<(), MemError> {
        let mut h = self.heap();
        if h.base.is_some() {
            return Err(MemError::HeapInUse);
        }
        h.size = bytes;
        Ok(())
    }

    /// The size of the device `malloc` heap.
    pub fn heap_size(&self) -> u64 {
        self.heap().size
    }

    /// Creates the device heap if it does not exist yet (before a launch takes its view).
    pub(crate) fn ensure_heap(&self) -> Result<(), MemError> {
        let mut h = self.heap();
        if h.base.is_none() && h.size > 0 {
            h.base = Some(self.alloc(h.size)?.0);
        }
        Ok(())
    }

    /// Device `malloc`: a 16-byte aligned block of `size` bytes in the heap, or 0.
    pub(crate) fn heap_malloc(&self, size: u64) -> u64 {
        self.heap_malloc_aligned(size, HEAP_ALIGN)
    }

    /// Device `__nv_aligned_device_malloc`: a block of `size` bytes at a multiple of `align`
    /// (a power of two; at least 16) in the heap, or 0.
    pub(crate) fn heap_malloc_aligned(&self, size: u64, align: u64) -> u64 {
        if !align.is_power_of_two() {
            return 0;
        }
        let align = align.max(HEAP_ALIGN);
        let mut h = self.heap();
        let Some(base) = h.base else { return 0 };
        let need = size.max(1).div_ceil(HEAP_ALIGN).saturating_mul(HEAP_ALIGN);
        // The first offset at or after `from` whose device address is a multiple of `align`.
        let aligned = |from: u64| (base + from).next_multiple_of(align) - base;
        let mut at = aligned(0);
        let mut idx = h.blocks.len();
        for (i, &(off, sz)) in h.blocks.iter().enumerate() {
            if off >= at && off - at >= need {
                idx = i;
                break;
            }
            at = aligned(at.max(off + sz));
        }
        if idx == h.blocks.len() && h.size.saturating_sub(at) < need {
            return 0;
        }
        h.blocks.insert(idx, (at, need));
        base + at
    }

    /// Device `free`: releases a block returned by [`DeviceMemory::heap_malloc`]; other
    /// pointers (including 0) are ignored.
    pub(crate) fn heap_free(&self, ptr: u64) {
        let mut h = self.heap();
        let Some(base) = h.base else { return };
        let off = ptr.wrapping_sub(base);
        if let Ok(i) = h.blocks.binary_search_by_key(&off, |b| b.0) {
            h.blocks.remove(i);
        }
    }

    /// A number identifying this memory (unique in the process).
    pub(crate) fn id(&self) -> usize {
        self.id
    }

    fn read_inner(&self) -> RwLockReadGuard<'_, Inner> {
        self.inner.read().unwrap_or_else(|e| e.into_inner())
    }

    /// The table for a change (waits for running launches), staged allocations merged.
    fn write_inner(&self) -> RwLockWriteGuard<'_, Inner> {
        let mut inner = self.inner.write().unwrap_or_else(|e| e.into_inner());
        inner.merge_staged();
        inner
    }

    /// Allocates `size` zeroed bytes.
    pub fn alloc(&self, size: u64) -> Result<DevicePtr, MemError> {
        let bytes = usize::try_from(size.max(1)).map_err(|_| MemError::OutOfMemory(size))?;
        let layout = Layout::from_size_align(bytes, ALLOC_ALIGN as usize).map_err(|_| MemError::OutOfMemory(size))?;
        // SAFETY: `layout` has a non-zero size.
        let raw = unsafe { std::alloc::alloc_zeroed(layout) };
        let ptr = NonNull::new(raw).ok_or(MemError::OutOfMemory(size))?;
        self.place(Allocation { base: 0, size, ptr, backing: Backing::Owned(layout), shm: None })
    }

    /// Enters the allocation `make` returns (given the table and the staged entries, to
    /// choose its address) and returns its base: into the table when no launch holds it, else
    /// staged, so that allocating never waits for a running kernel (which may be waiting for
    /// the host: CUDA's allocation calls return while kernels run).
    fn enter(&self, make: impl FnOnce(&Inner, &mut Staged) -> Result<Allocation, MemError>) -> Result<u64, MemError> {
        if let Ok(mut inner) = self.inner.try_write() {
            inner.merge_staged();
            let mut staged = std::mem::take(inner.staged.get_mut().unwrap_or_else(|e| e.into_inner()));
            let made = make(&inner, &mut staged);
            *inner.staged.get_mut().unwrap_or_else(|e| e.into_inner()) = staged;
            let a = made?;
            let base = a.base;
            inner.insert(a);
            return Ok(base);
        }
        let inner = self.read_inner();
        let mut staged = inner.staged.lock().unwrap_or_else(|e| e.into_inner());
        let a = make(&inner, &mut staged)?;
        let base = a.base;
        staged.allocs.push(a);
        inner.any_staged.store(true, Ordering::Release);
        Ok(base)
    }

    /// Gives `a` a fresh device address and enters it ([`DeviceMemory::enter`]).
    fn place(&self, mut a: Allocation) -> Result<DevicePtr, MemError> {
        let placed = self.enter(|inner, staged| {
            let span = a.size.max(1).div_ceil(ALLOC_ALIGN) * ALLOC_ALIGN;
            let mut base = staged.next;
            // Skip identity-mapped host ranges that happen to lie in the device range.
            while let Some(end) = inner.overlap(staged, base, base + span) {
                base = end.div_ceil(ALLOC_ALIGN) * ALLOC_ALIGN + ALLOC_ALIGN;
            }
            // Leave a gap after each allocation so off-by-one accesses fault.
            staged.next = base + span + ALLOC_ALIGN;
            a.base = base;
            Ok(a)
        });
        placed.map(DevicePtr)
    }

    /// Makes the owned allocation starting at `base` shareable with other processes (CUDA IPC
    /// export): its bytes move to a [`SharedMap`] (once; later calls find it there), keeping
    /// the device address. Waits for running kernels (the write lock). Returns the mapping's
    /// descriptor in this process, its inode number and the allocation's size. Allocations with a unified alias,
    /// mapped host memory and aliases are refused ([`MemError::InvalidFree`]).
    pub fn share(&self, base: DevicePtr) -> Result<(std::os::fd::RawFd, u64, u64), MemError> {
        let mut inner = self.write_inner();
        let i = inner.allocs.binary_search_by_key(&base.0, |a| a.base).map_err(|_| MemError::InvalidFree(base.0))?;
        if inner.allocs.iter().any(|x| x.backing == Backing::Alias(base.0)) {
            return Err(MemError::InvalidFree(base.0));
        }
        let a = &mut inner.allocs[i];
        let layout = match (a.backing, &a.shm) {
            (Backing::Shared, Some(m)) => return Ok((m.fd(), m.ino(), a.size)),
            (Backing::Owned(layout), _) => layout,
            _ => return Err(MemError::InvalidFree(base.0)),
        };
        let map = SharedMap::create(layout.size()).map_err(|_| MemError::OutOfMemory(a.size))?;
        // SAFETY: both blocks hold `layout.size()` bytes (the mapping at least that many) and
        // do not overlap; the write lock excludes every kernel and copy (they access device
        // memory only under the read lock), so no one else touches either block meanwhile.
        // The old block was allocated with `layout` and is unreachable once `ptr` is replaced.
        unsafe {
            std::ptr::copy_nonoverlapping(a.ptr.as_ptr(), map.as_ptr().as_ptr(), layout.size());
            std::alloc::dealloc(a.ptr.as_ptr(), layout);
        }
        a.ptr = map.as_ptr();
        a.backing = Backing::Shared;
        let (fd, ino) = (map.fd(), map.ino());
        a.shm = Some(map);
        Ok((fd, ino, a.size))
    }

    /// Maps `map` (another process's shared allocation of `size` bytes, `size <= map.len()`)
    /// at a fresh device address (CUDA IPC import). Freed with [`DeviceMemory::free`], which
    /// unmaps it.
    pub fn import(&self, map: SharedMap, size: u64) -> Result<DevicePtr, MemError> {
        if size > map.len() as u64 {
            return Err(MemError::OutOfMemory(size));
        }
        self.place(Allocation { base: 0, size, ptr: map.as_ptr(), backing: Backing::Shared, shm: Some(map) })
    }

    /// Allocates `size` zeroed bytes of unified memory: the returned device address is also
    /// the host address of the bytes, so host code may use it directly (as a pointer from
    /// `cudaMallocManaged`). Freed with [`DeviceMemory::free`] (of this address).
    pub fn alloc_unified(&self, size: u64) -> Result<DevicePtr, MemError> {
        let d = self.alloc(size)?;
        match self.identity_alias(d) {
            Ok(p) => Ok(p),
            Err(e) => {
                let _ = self.free(d);
                Err(e)
            }
        }
    }

    /// Makes the owned allocation starting at device address `base` also reachable at the host
    /// address of its bytes (unified addressing), and returns that address; the same address
    /// again if it already is. Both addresses then reach the same bytes; freeing either frees
    /// both.
    pub fn identity_alias(&self, base: DevicePtr) -> Result<DevicePtr, MemError> {
        let (ptr, size) = match self.alias_state(base)? {
            Alias::Is(p) => return Ok(p),
            Alias::Missing(ptr, size) => (ptr, size),
        };
        match self.enter(|inner, staged| identity(inner, staged, ptr, size, Backing::Alias(base.0))) {
            Ok(host) => Ok(DevicePtr(host)),
            // Another thread entered the alias meanwhile.
            Err(e) => match self.alias_state(base)? {
                Alias::Is(p) => Ok(p),
                Alias::Missing(..) => Err(e),
            },
        }
    }

    /// Whether the allocation at `base` has its identity alias (or needs none: an alias or
    /// mapped host memory already is at its host address), and if not, its bytes and size.
    fn alias_state(&self, base: DevicePtr) -> Result<Alias, MemError> {
        let inner = self.read_inner();
        let staged = inner.staged.lock().unwrap_or_else(|e| e.into_inner());
        let all = || inner.allocs.iter().chain(staged.allocs.iter());
        let a = all().find(|a| a.base == base.0).ok_or(MemError::InvalidFree(base.0))?;
        let host = a.ptr.as_ptr() as u64;
        match a.backing {
            Backing::Alias(_) | Backing::External => Ok(Alias::Is(base)),
            Backing::Owned(_) | Backing::Shared
                if host == base.0 || all().any(|x| x.base == host && x.backing == Backing::Alias(base.0)) =>
            {
                Ok(Alias::Is(DevicePtr(host)))
            }
            Backing::Owned(_) | Backing::Shared => Ok(Alias::Missing(a.ptr, a.size)),
        }
    }

    /// Maps `size` bytes of host memory at `ptr` into the device address space at their own
    /// address (mapped pinned memory): kernels may access them at device address `ptr`.
    ///
    /// # Safety
    ///
    /// `ptr..ptr + size` must be valid host memory, readable and writable, until
    /// [`DeviceMemory::unmap_host`] of `ptr` (or until this memory is dropped), and must not be
    /// accessed by Rust code as ordinary (non-atomic) memory while kernels may use it.
    pub unsafe fn map_host(&self, ptr: *mut u8, size: u64) -> Result<DevicePtr, MemError> {
        let p = NonNull::new(ptr).ok_or(MemError::OutOfMemory(size))?;
        self.enter(|inner, staged| identity(inner, staged, p, size, Backing::External)).map(DevicePtr)
    }

    /// Removes a mapping made by [`DeviceMemory::map_host`] (waits for running kernels).
    pub fn unmap_host(&self, ptr: DevicePtr) -> Result<(), MemError> {
        let mut inner = self.write_inner();
        let i = inner.allocs.binary_search_by_key(&ptr.0, |a| a.base).map_err(|_| MemError::InvalidFree(ptr.0))?;
        if inner.allocs[i].backing != Backing::External {
            return Err(MemError::InvalidFree(ptr.0));
        }
        inner.allocs.remove(i);
        Ok(())
    }

    /// The live allocation containing address `addr`, if any.
    pub fn lookup(&self, addr: u64) -> Option<AllocInfo> {
        let inner = self.read_inner();
        let staged = inner.staged.lock().unwrap_or_else(|e| e.into_inner());
        let i = inner.allocs.partition_point(|a| a.base <= addr);
        let within = |a: &&Allocation| addr >= a.base && addr - a.base < a.size.max(1);
        let a = inner.allocs[..i].last().filter(within).or_else(|| staged.allocs.iter().find(within))?;
        let kind = match a.backing {
            Backing::Owned(_) | Backing::Shared => AllocKind::Device,
            Backing::Alias(_) => AllocKind::Unified,
            Backing::External => AllocKind::MappedHost,
        };
        Some(AllocInfo { base: a.base, size: a.size, kind })
    }

    /// Frees the allocation starting at `ptr`.
    pub fn free(&self, ptr: DevicePtr) -> Result<(), MemError> {
        let mut inner = self.write_inner();
        let i = inner.allocs.binary_search_by_key(&ptr.0, |a| a.base).map_err(|_| MemError::InvalidFree(ptr.0))?;
        let owner = match inner.allocs[i].backing {
            Backing::Owned(_) | Backing::Shared => ptr.0,
            Backing::Alias(owner) => owner,
            Backing::External => return Err(MemError::InvalidFree(ptr.0)),
        };
        let i = inner.allocs.binary_search_by_key(&owner, |a| a.base).map_err(|_| MemError::InvalidFree(ptr.0))?;
        let a = inner.allocs.remove(i);
        inner.allocs.retain(|x| x.backing != Backing::Alias(owner));
        if let Backing::Owned(layout) = a.backing {
            // SAFETY: `a.ptr` was allocated with `layout` and is removed from the table with
            // its aliases, so nothing can reach it any more (kernels hold the read lock while
            // running).
            unsafe { std::alloc::dealloc(a.ptr.as_ptr(), layout) };
        }
        // A shared allocation's mapping is unmapped as `a` drops, for the same reasons.
        Ok(())
    }

    /// Copies `data` to device address `dst`.
    pub fn write(&self, dst: DevicePtr, data: &[u8]) -> Result<(), MemError> {
        // SAFETY: `data` is a live slice, only read, for the whole call.
        unsafe { self.copy(CopyEnd::Device(dst), CopyEnd::Host(data.as_ptr().cast_mut()), data.len() as u64) }
    }

    /// Copies device bytes from `src` into `out`.
    pub fn read(&self, src: DevicePtr, out: &mut [u8]) -> Result<(), MemError> {
        // SAFETY: `out` is a live, exclusively borrowed slice for the whole call.
        unsafe { self.copy(CopyEnd::Host(out.as_mut_ptr()), CopyEnd::Device(src), out.len() as u64) }
    }

    /// Copies `len` bytes from `src` to `dst` (`cudaMemcpy` of any kind; overlapping ranges
    /// as `memmove`). Device ends must lie inside one live allocation each. Sound while
    /// kernels access the same bytes (see `bulk.rs`); large copies use several threads.
    ///
    /// # Safety
    ///
    /// A [`CopyEnd::Host`] end must be valid for `len` bytes (reads for `src`, writes for
    /// `dst`) for the whole call, and accessed by others meanwhile only atomically, if at all.
    pub unsafe fn copy(&self, dst: CopyEnd, src: CopyEnd, len: u64) -> Result<(), MemError> {
        // SAFETY: `copy_2d` asks this function's contract of every row of a host end; here one
        // row of `len` bytes, which is what the caller guarantees.
        unsafe { self.copy_2d(dst, len, src, len, len, 1) }
    }

    /// Copies `rows` rows of `width` bytes, `src_pitch` bytes apart from `src` on and
    /// `dst_pitch` bytes apart from `dst` on (`cudaMemcpy2D`); as [`DeviceMemory::copy`],
    /// with all rows of a device end inside one live allocation.
    ///
    /// # Safety
    ///
    /// As for [`DeviceMemory::copy`], for every row of a [`CopyEnd::Host`] end.
    pub unsafe fn copy_2d(
        &self,
        dst: CopyEnd,
        dst_pitch: u64,
        src: CopyEnd,
        src_pitch: u64,
        width: u64,
        rows: u64,
    ) -> Result<(), MemError> {
        if width == 0 || rows == 0 {
            return Ok(());
        }
        let too_big = MemError::OutOfBounds { addr: 0, size: u32::MAX };
        let extent = |pitch: u64| (rows - 1).checked_mul(pitch).and_then(|n| n.checked_add(width)).ok_or(too_big);
        let view = self.view();
        let mut cache = NO_CACHE;
        let mut host = |end: CopyEnd, pitch: u64| match end {
            CopyEnd::Device(p) => view.translate(p.0, extent(pitch)?, &mut cache),
            CopyEnd::Host(p) => Ok(p),
        };
        let (d, s) = (host(dst, dst_pitch)?, host(src, src_pitch)?);
        let size = |n: u64| usize::try_from(n).map_err(|_| too_big);
        // SAFETY: `translate` checked that every row of each device end lies in one live
        // allocation, which the read lock (`view`) keeps alive until the copy returns; host
        // ends are the caller's contract. Device bytes are otherwise only accessed by
        // kernels' atomics.
        unsafe { crate::bulk::copy_rows(d, size(dst_pitch)?, s, size(src_pitch)?, size(width)?, size(rows)?) };
        Ok(())
    }

    /// Fills `len` bytes at `dst` with `value` (`cudaMemset`).
    pub fn memset(&self, dst: DevicePtr, value: u8, len: u64) -> Result<(), MemError> {
        self.fill(dst, &[value], len)
    }

    /// Fills `len` bytes at `dst` with `pattern` (1, 2, 4 or 8 bytes) repeated from `dst` on
    /// (`cudaMemset`, `cudaMemset2D`'s wider forms, `cuMemsetD16/D32`); large fills use
    /// several threads.
    pub fn fill(&self, dst: DevicePtr, pattern: &[u8], len: u64) -> Result<(), MemError> {
        self.fill_2d(dst, len, pattern, len, 1)
    }

    /// Fills `rows` rows of `width` bytes, `pitch` bytes apart from `dst` on, each with
    /// `pattern` (1, 2, 4 or 8 bytes) repeated from the row's first byte (`cudaMemset2D`);
    /// all rows inside one live allocation.
    pub fn fill_2d(&self, dst: DevicePtr, pitch: u64, pattern: &[u8], width: u64, rows: u64) -> Result<(), MemError> {
        if !matches!(pattern.len(), 1 | 2 | 4 | 8) {
            return Err(MemError::Misaligned { addr: dst.0, size: pattern.len() as u32 });
        }
        if width == 0 || rows == 0 {
            return Ok(());
        }
        let too_big = MemError::OutOfBounds { addr: dst.0, size: u32::MAX };
        let extent = (rows - 1).checked_mul(pitch).and_then(|n| n.checked_add(width)).ok_or(too_big)?;
        let view = self.view();
        let mut cache = NO_CACHE;
        let host = view.translate(dst.0, extent, &mut cache)?;
        // SAFETY: `translate` checked that the `extent` bytes holding every row lie in one
        // live allocation (so each count fits a `usize`), kept alive by the read lock.
        unsafe { crate::bulk::fill_rows(host, pitch as usize, pattern, width as usize, rows as usize) };
        Ok(())
    }

    /// A view for kernel accesses; holds the read lock until dropped.
    pub(crate) fn view(&self) -> MemView<'_> {
        MemView { inner: self.read_inner(), params: &[] }
    }
}

impl Drop for DeviceMemory {
    fn drop(&mut self) {
        let inner = self.inner.get_mut().unwrap_or_else(|e| e.into_inner());
        inner.merge_staged();
        for a in inner.allocs.drain(..) {
            if let Backing::Owned(layout) = a.backing {
                // SAFETY: each owned allocation was made with its layout and is freed exactly
                // once (aliases and external mappings own nothing).
                unsafe { std::alloc::dealloc(a.ptr.as_ptr(), layout) };
            }
        }
    }
}

/// A read-mostly view of device memory for the duration of a launch.
#[derive(Debug)]
pub(crate) struct MemView<'a> {
    inner: RwLockReadGuard<'a, Inner>,
    /// The launch's kernel parameters, readable at [`PARAM_WINDOW`] + offset.
    params: &'a [u8],
}

/// A live allocation a [`MemView`] resolved ([`MemView::resolve`]): valid while the view is.
#[derive(Debug)]
pub(crate) struct Resolved<'v> {
    base: u64,
    size: u64,
    host: *mut u8,
    _view: std::marker::PhantomData<&'v MemView<'v>>,
}

/// Loads `size` (1, 2, 4 or 8) bytes at host address `p`, zero-extended.
///
/// # Safety
/// `size` bytes at `p` lie inside a live allocation, and `p` is aligned to `size`. (Atomic
/// accesses make racing with other threads' accesses sound.)
#[inline]
unsafe fn load_host(p: *mut u8, size: u32) -> u64 {
    // SAFETY: per the contract.
    unsafe {
        match size {
            1 => u64::from(AtomicU8::from_ptr(p).load(Ordering::Relaxed)),
            2 => u64::from(AtomicU16::from_ptr(p.cast()).load(Ordering::Relaxed)),
            4 => u64::from(AtomicU32::from_ptr(p.cast()).load(Ordering::Relaxed)),
            _ => AtomicU64::from_ptr(p.cast()).load(Ordering::Relaxed),
        }
    }
}

/// Whether lane `l` accesses `addrs[0] + l * size` for every lane (the common coalesced
/// pattern); vectorizes with baseline SSE2.
#[inline]
fn is_contiguous(addrs: &[u64; 32], size: u32) -> bool {
    let (base, step) = (addrs[0], u64::from(size));
    let mut diff = 0u64;
    let mut expect = base;
    for &a in addrs {
        diff |= a ^ expect;
        expect = expect.wrapping_add(step);
    }
    diff == 0
}

impl<'a> MemView<'a> {
    /// This view with the launch's kernel parameter buffer `params` readable at
    /// [`PARAM_WINDOW`] + offset (`cvta.param`).
    pub(crate) fn with_params<'p>(self, params: &'p [u8]) -> MemView<'p>
    where
        'a: 'p,
    {
        MemView { inner: self.inner, params }
    }

    /// The `len` bytes at `addr` in the kernel parameters, when `addr` is a `len`-aligned
    /// address in the parameter window (either half) and they all lie in the parameter buffer; `None`
    /// otherwise (the caller reports its own error).
    #[cold]
    fn param_bytes(&self, addr: u64, len: u32) -> Option<&[u8]> {
        let off = addr.wrapping_sub(PARAM_WINDOW);
        if off >= WINDOW_SIZE || !addr.is_multiple_of(u64::from(len)) {
            return None;
        }
        // Either half (`PARAM_ALIAS`) holds the parameters.
        let start = usize::try_from(off % PARAM_HALF).ok()?;
        self.params.get(start..start.checked_add(len as usize)?)
    }

    /// The host address of `len` bytes at device address `addr`, all inside one live
    /// allocation. `cache` holds the indices of the allocations that satisfied the last
    /// lookups (most recent first).
    #[inline]
    pub(crate) fn translate(&self, addr: u64, len: u64, cache: &mut AllocCache) -> Result<*mut u8, MemError> {
        let allocs = &self.inner.allocs;
        let fits = |a: &Allocation| addr >= a.base && addr.wrapping_sub(a.base).saturating_add(len) <= a.size;
        let hit = cache.iter().find_map(|&i| allocs.get(i).filter(|a| fits(a)));
        let a = match hit {
            Some(a) => a,
            None => {
                let i = allocs.partition_point(|a| a.base <= addr);
                let oob = MemError::OutOfBounds { addr, size: len as u32 };
                let Some(i) = i.checked_sub(1).filter(|&i| fits(&allocs[i])) else {
                    // Not cached: staged allocations are few, and move into the table soon.
                    let (base, _, host) = self.inner.staged_span(addr, len).ok_or(oob)?;
                    // SAFETY: `staged_span` checked `addr - base + len <= size`.
                    return Ok(unsafe { host.add((addr - base) as usize) });
                };
                cache.copy_within(0..ALLOC_CACHE - 1, 1);
                cache[0] = i;
                &allocs[i]
            }
        };
        // SAFETY: `addr - base + len <= size`, so the offset stays inside the allocation.
        Ok(unsafe { a.ptr.as_ptr().add((addr - a.base) as usize) })
    }

    /// The live allocation holding the `len` bytes at `addr`: its device base, size and host
    /// address (the JIT tier caches it and checks later accesses against it inline; the read
    /// lock held by this view keeps it alive for the whole launch).
    pub(crate) fn alloc_span(&self, addr: u64, len: u64) -> Result<(u64, u64, *mut u8), MemError> {
        let allocs = &self.inner.allocs;
        let oob = MemError::OutOfBounds { addr, size: len as u32 };
        let fits = |a: &&Allocation| addr >= a.base && addr.wrapping_sub(a.base).saturating_add(len) <= a.size;
        match allocs.partition_point(|a| a.base <= addr).checked_sub(1).map(|i| &allocs[i]).filter(fits) {
            Some(a) => Ok((a.base, a.size, a.ptr.as_ptr())),
            None => self.inner.staged_span(addr, len).ok_or(oob),
        }
    }

    #[inline]
    fn checked(&self, addr: u64, size: u32, cache: &mut AllocCache) -> Result<*mut u8, MemError> {
        if !addr.is_multiple_of(u64::from(size)) {
            return Err(MemError::Misaligned { addr, size });
        }
        self.translate(addr, u64::from(size), cache)
    }

    /// Loads `size` (1, 2, 4 or 8) bytes, zero-extended.
    #[inline]
    pub(crate) fn load(&self, addr: u64, size: u32, cache: &mut AllocCache) -> Result<u64, MemError> {
        let p = match self.checked(addr, size, cache) {
            Ok(p) => p,
            // Not in an allocation: maybe a kernel parameter (read-only, so only loads look).
            Err(e) => return self.param_bytes(addr, size).map(le_u64).ok_or(e),
        };
        // SAFETY: `checked` verified that `size` bytes at `p` are inside a live allocation
        // (kept alive by the read lock) and that `p` is aligned to `size` (device and host
        // alignment agree up to ALLOC_ALIGN).
        Ok(unsafe { load_host(p, size) })
    }

    /// The live allocation holding device address `addr`, resolved once for many loads inside
    /// it ([`MemView::load_resolved`]); `None` when no allocation holds it.
    pub(crate) fn resolve(&self, addr: u64) -> Option<Resolved<'_>> {
        let (base, size, host) = self.alloc_span(addr, 1).ok()?;
        Some(Resolved { base, size, host, _view: std::marker::PhantomData })
    }

    /// The `size` (1, 2, 4 or 8) bytes at `addr`, zero-extended, when they lie inside `r`
    /// (an allocation this view resolved) and are aligned: a bounds check, not a search of
    /// the allocation table. `None` otherwise (`MemView::load` then tells why, or reads a
    /// kernel parameter).
    #[inline(always)]
    pub(crate) fn load_resolved(r: &Resolved<'_>, addr: u64, size: u32) -> Option<u64> {
        let off = addr.wrapping_sub(r.base);
        let fits = off < r.size && u64::from(size) <= r.size - off;
        // (A mask, not `is_multiple_of`: the size is not a constant here, and a division
        // would cost more than the rest of the load.)
        if !fits || !matches!(size, 1 | 2 | 4 | 8) || addr & (u64::from(size) - 1) != 0 {
            return None;
        }
        // SAFETY: the `size` bytes at `off` lie inside the allocation `r` describes, which the
        // read lock of the view that resolved it (alive as long as `r`) keeps alive; `addr`
        // is aligned to `size`, and so is the host address (device and host alignment agree
        // up to ALLOC_ALIGN).
        Some(unsafe { load_host(r.host.add(off as usize), size) })
    }

    /// Stores the low `size` (1, 2, 4 or 8) bytes of `v`.
    #[inline]
    pub(crate) fn store(&self, addr: u64, size: u32, v: u64, cache: &mut AllocCache) -> Result<(), MemError> {
        // The kernel parameters (`PARAM_WINDOW`) are read-only: no allocation covers them.
        let p = self.checked(addr, size, cache)?;
        // SAFETY: as in `load`.
        unsafe {
            match size {
                1 => AtomicU8::from_ptr(p).store(v as u8, Ordering::Relaxed),
                2 => AtomicU16::from_ptr(p.cast()).store(v as u16, Ordering::Relaxed),
                4 => AtomicU32::from_ptr(p.cast()).store(v as u32, Ordering::Relaxed),
                _ => AtomicU64::from_ptr(p.cast()).store(v, Ordering::Relaxed),
            }
        }
        Ok(())
    }

    /// Loads 16 aligned bytes as one single-copy atomic access (low and high halves).
    pub(crate) fn load16(&self, addr: u64, cache: &mut AllocCache) -> Result<[u64; 2], MemError> {
        let p = match self.checked(addr, 16, cache) {
            Ok(p) => p,
            // Kernel parameters do not change during a launch: two halves are one access.
            Err(e) => {
                return self
                    .param_bytes(addr, 16)
                    .map(|b| {
                        let (lo, hi) = b.split_at(8.min(b.len()));
                        [le_u64(lo), le_u64(hi)]
                    })
                    .ok_or(e);
            }
        };
        // SAFETY: `checked` verified 16 in-bounds bytes at `p`, 16-byte aligned (device and
        // host alignment agree), inside a live allocation kept alive by the read lock.
        Ok(unsafe { load16_host(p) })
    }

    /// Stores 16 aligned bytes (low and high halves) as one single-copy atomic access.
    pub(crate) fn store16(&self, addr: u64, v: [u64; 2], cache: &mut AllocCache) -> Result<(), MemError> {
        let p = self.checked(addr, 16, cache)?;
        // SAFETY: as in `load16`.
        unsafe { store16_host(p, v) };
        Ok(())
    }

    /// A 16-byte atomic at `addr` (low and high halves): compare-and-swap (`b` the expected
    /// value, `c` the new one) when `cas`, else exchange with `b`; returns the old value.
    pub(crate) fn atomic16(
        &self,
        addr: u64,
        cas: bool,
        b: [u64; 2],
        c: [u64; 2],
        cache: &mut AllocCache,
    ) -> Result<[u64; 2], MemError> {
        let p = self.checked(addr, 16, cache)?;
        if cas {
            // SAFETY: `checked` verified 16 in-bounds bytes at `p`, 16-byte aligned, inside a
            // live allocation kept alive by the read lock.
            return Ok(unsafe { cas16(p, b, c) });
        }
        let mut old = self.load16(addr, cache)?;
        loop {
            // SAFETY: as above.
            let seen = unsafe { cas16(p, old, b) };
            if seen == old {
                return Ok(old);
            }
            old = seen;
        }
    }

    /// Checks that the `size`-byte accesses of the lanes in `mask` at `addrs` all lie in one
    /// live allocation and are aligned; returns the host address of the lowest one and that
    /// address. `None` when any check fails (the caller then goes lane by lane to find the
    /// faulting one).
    #[inline]
    fn span(&self, addrs: &[u64; 32], mask: u32, size: u32, cache: &mut AllocCache) -> Option<(*mut u8, u64)> {
        if !size.is_power_of_two() || size > 8 || mask == 0 {
            return None;
        }
        let (lo, hi, or) = if mask == u32::MAX && is_contiguous(addrs, size) {
            (addrs[0], addrs[31], addrs[0])
        } else {
            let (mut lo, mut hi, mut or) = (u64::MAX, 0u64, 0u64);
            for (l, &a) in addrs.iter().enumerate() {
                if mask >> l & 1 != 0 {
                    lo = lo.min(a);
                    hi = hi.max(a);
                    or |= a;
                }
            }
            (lo, hi, or)
        };
        if or & u64::from(size - 1) != 0 {
            return None;
        }
        let len = (hi.checked_sub(lo)?).checked_add(u64::from(size))?;
        let p = self.translate(lo, len, cache).ok()?;
        Some((p, lo))
    }

    /// Loads `size` (1, 2, 4 or 8) bytes for every lane in `mask` from `addrs[lane]` into
    /// `out[lane]` (zero-extended). On failure, returns the first faulting lane and why.
    #[inline]
    pub(crate) fn load_lanes(
        &self,
        addrs: &[u64; 32],
        mask: u32,
        size: u32,
        out: &mut [u64; 32],
        cache: &mut AllocCache,
    ) -> Result<(), (usize, MemError)> {
        let Some((p, lo)) = self.span(addrs, mask, size, cache) else {
            for l in 0..32 {
                if mask >> l & 1 != 0 {
                    out[l] = self.load(addrs[l], size, cache).map_err(|e| (l, e))?;
                }
            }
            return Ok(());
        };
        macro_rules! go {
            ($at:ty) => {{
                if mask == u32::MAX {
                    for (o, &a) in out.iter_mut().zip(addrs) {
                        // SAFETY: as below (every lane is active).
                        *o = unsafe { <$at>::from_ptr(p.add((a - lo) as usize).cast()).load(Ordering::Relaxed) } as u64;
                    }
                    return Ok(());
                }
                for (l, (o, &a)) in out.iter_mut().zip(addrs).enumerate() {
                    if mask >> l & 1 != 0 {
                        // SAFETY: `span` checked that every active lane's access lies inside
                        // one live allocation starting at host `p` for device `lo`, and is
                        // aligned to `size`; the read lock keeps the allocation alive.
                        *o = unsafe { <$at>::from_ptr(p.add((a - lo) as usize).cast()).load(Ordering::Relaxed) } as u64;
                    }
                }
            }};
        }
        match size {
            1 => go!(AtomicU8),
            2 => go!(AtomicU16),
            4 => go!(AtomicU32),
            _ => go!(AtomicU64),
        }
        Ok(())
    }

    /// Stores the low `size` bytes of `vals[lane]` at `addrs[lane]` for every lane in `mask`
    /// (in lane order). On failure, returns the first faulting lane and why; lanes before it
    /// have stored.
    #[inline]
    pub(crate) fn store_lanes(
        &self,
        addrs: &[u64; 32],
        mask: u32,
        size: u32,
        vals: &[u64; 32],
        cache: &mut AllocCache,
    ) -> Result<(), (usize, MemError)> {
        let Some((p, lo)) = self.span(addrs, mask, size, cache) else {
            for l in 0..32 {
                if mask >> l & 1 != 0 {
                    self.store(addrs[l], size, vals[l], cache).map_err(|e| (l, e))?;
                }
            }
            return Ok(());
        };
        macro_rules! go {
            ($at:ty, $t:ty) => {{
                if mask == u32::MAX {
                    for (&v, &a) in vals.iter().zip(addrs) {
                        // SAFETY: as in `load_lanes` (every lane is active).
                        unsafe { <$at>::from_ptr(p.add((a - lo) as usize).cast()).store(v as $t, Ordering::Relaxed) };
                    }
                    return Ok(());
                }
                for (l, (&v, &a)) in vals.iter().zip(addrs).enumerate() {
                    if mask >> l & 1 != 0 {
                        // SAFETY: as in `load_lanes`.
                        unsafe { <$at>::from_ptr(p.add((a - lo) as usize).cast()).store(v as $t, Ordering::Relaxed) };
                    }
                }
            }};
        }
        match size {
            1 => go!(AtomicU8, u8),
            2 => go!(AtomicU16, u16),
            4 => go!(AtomicU32, u32),
            _ => go!(AtomicU64, u64),
        }
        Ok(())
    }

    /// Atomically applies `op` to `size` (2, 4 or 8) bytes at `addr`; returns the old value.
    pub(crate) fn atomic(
        &self,
        addr: u64,
        size: u32,
        op: AtomOp,
        b: u64,
        c: u64,
        cache: &mut AllocCache,
    ) -> Result<u64, MemError> {
        let p = self.checked(addr, size, cache)?;
        // SAFETY: as in `load`; the read-modify-write is a host compare-exchange loop (or a
        // single host RMW), so it is atomic with respect to every other kernel access.
        unsafe {
            match size {
                4 => {
                    let a = AtomicU32::from_ptr(p.cast());
                    if op == AtomOp::Add {
                        return Ok(u64::from(a.fetch_add(b as u32, Ordering::SeqCst)));
                    }
                    let r = a.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |old| {
                        Some(atomic::apply(op, 4, u64::from(old), b, c, true) as u32)
                    });
                    Ok(u64::from(r.unwrap_or_else(|x| x)))
                }
                8 => {
                    let a = AtomicU64::from_ptr(p.cast());
                    if op == AtomOp::Add {
                        return Ok(a.fetch_add(b, Ordering::SeqCst));
                    }
                    let r = a.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |old| {
                        Some(atomic::apply(op, 8, old, b, c, true))
                    });
                    Ok(r.unwrap_or_else(|x| x))
                }
                _ => {
                    let a = AtomicU16::from_ptr(p.cast());
                    let r = a.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |old| {
                        Some(atomic::apply(op, 2, u64::from(old), b, c, true) as u16)
                    });
                    Ok(u64::from(r.unwrap_or_else(|x| x)))
                }
            }
        }
    }
}

/// Up to 8 little-endian bytes as an integer (zero-extended).
fn le_u64(bytes: &[u8]) -> u64 {
    bytes.iter().rev().fold(0, |v, &b| v << 8 | u64::from(b))
}

/// One 16-byte compare-and-swap at `p` (`lock cmpxchg16b`): stores `new` if the 16 bytes
/// equal `old`; returns what they held.
///
/// # Safety
/// `p` must be valid for reads and writes of 16 bytes and 16-byte aligned.
#[cfg(target_arch = "x86_64")]
unsafe fn cas16(p: *mut u8, old: [u64; 2], new: [u64; 2]) -> [u64; 2] {
    let (lo, hi): (u64, u64);
    // SAFETY: the caller guarantees `p`; `cmpxchg16b` (present on every x86-64 processor
    // since 2006, required by every OS that runs this) is one atomic 16-byte read-modify-write
    // with full-barrier semantics. `rbx` is reserved by LLVM, so the low half of `new` is
    // swapped into it and back around the instruction.
    unsafe {
        std::arch::asm!(
            "xchg {t}, rbx",
            "lock cmpxchg16b xmmword ptr [{p}]",
            "mov rbx, {t}",
            p = in(reg) p,
            t = inout(reg) new[0] => _,
            in("rcx") new[1],
            inout("rax") old[0] => lo,
            inout("rdx") old[1] => hi,
            options(nostack),
        );
    }
    [lo, hi]
}

/// Without a 16-byte compare-and-swap instruction: a striped lock serializes the 16-byte
/// atomics of one word against each other (not against plain 16-byte loads and stores).
///
/// # Safety
/// As for the x86-64 version.
#[cfg(not(target_arch = "x86_64"))]
unsafe fn cas16(p: *mut u8, old: [u64; 2], new: [u64; 2]) -> [u64; 2] {
    static LOCKS: [std::sync::Mutex<()>; 64] = [const { std::sync::Mutex::new(()) }; 64];
    let _g = LOCKS[(p as usize >> 4) % 64].lock().unwrap_or_else(|e| e.into_inner());
    // SAFETY: the caller guarantees `p`; atomic halves keep racing plain accesses sound.
    unsafe {
        let (l, h) = (AtomicU64::from_ptr(p.cast()), AtomicU64::from_ptr(p.add(8).cast()));
        let cur = [l.load(Ordering::SeqCst), h.load(Ordering::SeqCst)];
        if cur == old {
            l.store(new[0], Ordering::SeqCst);
            h.store(new[1], Ordering::SeqCst);
        }
        cur
    }
}

/// The 16 aligned bytes at `p` (low and high halves) read by one single-copy atomic access: a
/// decoupled look-back (CUB's scans, run-length encode, reduce-by-key) packs a tile's status
/// and value into one 16-byte word, and a reader that saw the new status beside the old value
/// took a tile's partial aggregate for its inclusive prefix. An aligned SSE load is atomic on
/// x86-64 processors with AVX (Intel SDM vol. 3A 9.1.1; AMD APM vol. 2 7.3.2), but only as one
/// instruction: written with intrinsics, LLVM split it into three scalar loads once inlined,
/// so the instruction is written out here.
///
/// # Safety
/// `p` is 16-byte aligned and its 16 bytes are readable for the call.
#[inline]
pub(crate) unsafe fn load16_host(p: *const u8) -> [u64; 2] {
    #[cfg(target_arch = "x86_64")]
    {
        let (lo, hi): (u64, u64);
        // SAFETY: per the contract: one aligned 16-byte load (`movdqa` faults rather than
        // tears on a misaligned address), then its halves out of the SSE register.
        unsafe {
            std::arch::asm!(
                "movdqa {x}, xmmword ptr [{p}]",
                "movq {lo}, {x}",
                "punpckhqdq {x}, {x}",
                "movq {hi}, {x}",
                p = in(reg) p,
                x = out(xmm_reg) _,
                lo = out(reg) lo,
                hi = out(reg) hi,
                options(nostack, readonly, preserves_flags),
            );
        }
        [lo, hi]
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        // SAFETY: per the contract; without a 16-byte atomic load, two 8-byte ones.
        unsafe {
            [
                AtomicU64::from_ptr(p.cast_mut().cast()).load(Ordering::Relaxed),
                AtomicU64::from_ptr(p.add(8).cast_mut().cast()).load(Ordering::Relaxed),
            ]
        }
    }
}

/// Stores `v` (low and high halves) to the 16 aligned bytes at `p` by one single-copy atomic
/// access (see [`load16_host`]).
///
/// # Safety
/// `p` is 16-byte aligned and its 16 bytes are writable for the call.
#[inline]
pub(crate) unsafe fn store16_host(p: *mut u8, v: [u64; 2]) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: per the contract: the halves into one SSE register, then one aligned store.
    unsafe {
        std::arch::asm!(
            "movq {x}, {lo}",
            "movq {y}, {hi}",
            "punpcklqdq {x}, {y}",
            "movdqa xmmword ptr [{p}], {x}",
            p = in(reg) p,
            lo = in(reg) v[0],
            hi = in(reg) v[1],
            x = out(xmm_reg) _,
            y = out(xmm_reg) _,
            options(nostack, preserves_flags),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: per the contract; without a 16-byte atomic store, two 8-byte ones.
    unsafe {
        AtomicU64::from_ptr(p.cast()).store(v[0], Ordering::Relaxed);
        AtomicU64::from_ptr(p.add(8).cast()).store(v[1], Ordering::Relaxed);
    }
}

#[cfg(test)]
mod sixteen_byte_tests {
    use super::*;

    /// A reader racing a writer of two 16-byte patterns (each the same word twice) through
    /// `load16_host`/`store16_host` only ever sees whole patterns. (With intrinsics the load
    /// was three scalar loads, and a look-back read a new status beside an old value.)
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn sixteen_byte_accesses_never_tear() {
        #[repr(align(16))]
        struct Word(std::cell::UnsafeCell<[u64; 2]>);
        // SAFETY: shared between the two threads only through the 16-byte accesses under test.
        unsafe impl Sync for Word {}
        let w = Word(std::cell::UnsafeCell::new([0, 0]));
        let p = w.0.get().cast::<u8>() as usize;
        let stop = AtomicU64::new(0);
        let torn = std::thread::scope(|s| {
            s.spawn(|| {
                let mut i = 0u64;
                while stop.load(Ordering::Relaxed) == 0 {
                    i = i.wrapping_add(0x0101_0101_0101_0101);
                    // SAFETY: `p` is the aligned word, alive for the scope.
                    unsafe { store16_host(p as *mut u8, [i, i]) };
                }
            });
            let reader = s.spawn(|| {
                let mut torn = 0u64;
                let start = std::time::Instant::now();
                while start.elapsed() < std::time::Duration::from_millis(300) {
                    // SAFETY: as above.
                    let [lo, hi] = unsafe { load16_host(p as *const u8) };
                    torn += u64::from(lo != hi);
                }
                stop.store(1, Ordering::Relaxed);
                torn
            });
            reader.join().unwrap_or(u64::MAX)
        });
        assert_eq!(torn, 0, "16-byte reads saw two different halves {torn} times");
    }
}
