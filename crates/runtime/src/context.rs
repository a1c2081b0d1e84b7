//! The process-wide device context, the bottom layer every API call goes through: device
//! memory and its allocation tables, the handle counter, the error state (the sticky error,
//! the pending asynchronous error, each thread's last error) and [`api`], which runs one call
//! under CUDA's error rules. It names no other module but [`crate::error`]; streams and events
//! keep their own tables in their layers.

use std::cell::Cell;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, RwLock};

use simt::DeviceMemory;

use crate::error::{Error, Result};

/// The device context (one device, created on first use).
#[derive(Debug)]
pub(crate) struct Context {
    /// Device memory; replaced by `cudaDeviceReset`.
    pub mem: RwLock<Arc<DeviceMemory>>,
    /// Live `cudaMalloc` allocations: base → size.
    pub allocs: Mutex<BTreeMap<u64, u64>>,
    /// The allocations `cudaFree` freed last (base, size), oldest first: a fault report names
    /// the one a stale pointer points into (`memory::fault_hint`).
    pub freed: Mutex<VecDeque<(u64, u64)>>,
    /// Live pinned host allocations: address → (layout, `cudaHostAlloc` flags).
    pub host_allocs: Mutex<HashMap<usize, (std::alloc::Layout, u32)>>,
    /// The sticky error, once a kernel faulted.
    pub sticky: StickyError,
    /// A non-sticky error raised by asynchronous work, reported at the next synchronization.
    pub async_err: Mutex<Option<Error>>,
    /// Handle counter for streams, events, graphs and their nodes.
    pub next_handle: AtomicU64,
}

static CTX: OnceLock<Context> = OnceLock::new();

/// What a synchronization does besides waiting (stream-ordered pools release memory above
/// their threshold there); installed by a higher layer, which this one cannot name.
static AFTER_SYNC: OnceLock<fn()> = OnceLock::new();

/// Installs the hook [`Context::sync_result`] runs (once; later calls change nothing).
pub(crate) fn install_after_sync(hook: fn()) {
    let _ = AFTER_SYNC.set(hook);
}

/// Locks `m`, ignoring poisoning (a panicking worker must not wedge the runtime).
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The context.
pub(crate) fn ctx() -> &'static Context {
    CTX.get_or_init(|| Context {
        mem: RwLock::new(Arc::new(DeviceMemory::new())),
        allocs: Mutex::new(BTreeMap::new()),
        freed: Mutex::new(VecDeque::new()),
        host_allocs: Mutex::new(HashMap::new()),
        sticky: StickyError::default(),
        async_err: Mutex::new(None),
        // Handles start high and step by 16: never 0, cudaStreamLegacy (1) or
        // cudaStreamPerThread (2), and recognizably ours.
        next_handle: AtomicU64::new(0x5c00_0000),
    })
}

impl Context {
    /// The current device memory.
    pub fn mem(&self) -> Arc<DeviceMemory> {
        self.mem.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// A fresh stream/event handle.
    pub fn handle(&self) -> u64 {
        self.next_handle.fetch_add(16, Ordering::Relaxed)
    }

    /// Makes `e` the sticky error unless one is already set.
    pub fn set_sticky(&self, e: Error) {
        self.sticky.set(e);
    }

    /// Records a non-sticky asynchronous error.
    pub fn set_async(&self, e: Error) {
        let mut s = lock(&self.async_err);
        if s.is_none() {
            *s = Some(e);
        }
    }

    /// After a synchronization: the sticky error, else the pending asynchronous error (taken).
    /// Runs the hook installed by [`install_after_sync`] first, and writes out the printf
    /// FIFO (a synchronization point of CUDA's printf).
    pub fn sync_result(&self) -> Result<()> {
        if let Some(hook) = AFTER_SYNC.get() {
            hook();
        }
        crate::printf::flush(&self.mem());
        if let Some(e) = self.sticky.get() {
            return Err(e);
        }
        match lock(&self.async_err).take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// `cudaDeviceReset`'s part here: fresh device memory with no allocations (`prepare`d
    /// before it replaces the old), and no sticky or pending error. The calling thread's last
    /// error stays what it was, a sticky error included, until cudaGetLastError reads it (an
    /// H200's answer: tests/program-diff/runtime18_graph_fault_branches.cu).
    pub fn reset(&self, prepare: impl FnOnce(&DeviceMemory)) {
        lock(&self.allocs).clear();
        lock(&self.freed).clear();
        let mem = Arc::new(DeviceMemory::new());
        prepare(&mem);
        *self.mem.write().unwrap_or_else(|e| e.into_inner()) = mem;
        self.sticky.clear();
        *lock(&self.async_err) = None;
    }
}

/// The sticky error, if any.
pub(crate) fn sticky() -> Option<Error> {
    ctx().sticky.get()
}

/// The sticky error (none at first): read at every API call and kernel launch, so one
/// atomic load, not a lock.
#[derive(Debug, Default)]
pub(crate) struct StickyError(AtomicI32);

impl StickyError {
    /// The error, if one is set.
    pub fn get(&self) -> Option<Error> {
        match self.0.load(Ordering::Acquire) {
            0 => None,
            code => Error::from_code(code),
        }
    }

    /// Sets `e` unless an error is set already.
    fn set(&self, e: Error) {
        let _ = self.0.compare_exchange(0, e.code(), Ordering::AcqRel, Ordering::Acquire);
    }

    /// No error (`cudaDeviceReset`).
    fn clear(&self) {
        self.0.store(0, Ordering::Release);
    }
}

/// Whether `CUDA_VISIBLE_DEVICES` (when set) makes device 0 visible: as in CUDA, the list is
/// read up to its first invalid entry, so device 0 is visible only if the first entry is `0`
/// (an empty value hides every device).
pub fn visible() -> bool {
    static V: OnceLock<bool> = OnceLock::new();
    *V.get_or_init(|| match std::env::var("CUDA_VISIBLE_DEVICES") {
        Err(_) => true,
        Ok(v) => v.split(',').next().is_some_and(|f| f.trim().parse::<u32>() == Ok(0)),
    })
}

/// Runs one runtime API call: fails with the sticky error if there is one, and records the
/// call's error as the thread's last error. The call needs the device's context: after
/// `cudaDeviceReset`, it creates it again ([`context_gone`]).
pub(crate) fn api<T>(f: impl FnOnce(&'static Context) -> Result<T>) -> Result<T> {
    if CONTEXT_GONE.load(Ordering::Relaxed) {
        CONTEXT_GONE.store(false, Ordering::Relaxed);
    }
    api_despite_sticky(|c| match c.sticky.get() {
        Some(e) => {
            // The call that meets the fault writes out what the kernels printed before it.
            crate::printf::flush(&c.mem());
            Err(e)
        }
        None => f(c),
    })
}

/// `cudaDeviceReset` destroyed the context and no call has needed it since.
static CONTEXT_GONE: AtomicBool = AtomicBool::new(false);

/// Whether `cudaDeviceReset` destroyed the context and no call has created it again: calls
/// made through [`api`] do, queries of the device's properties do not (an H200's
/// `cudaGetDeviceFlags` reads 0 until a `cudaMalloc`, `cudaDeviceGetLimit`,
/// `cudaDeviceSynchronize` or `cudaHostAlloc`, not after a `cudaDeviceGetAttribute`:
/// gpu-unseen/runtime17_device_flags_reset).
pub(crate) fn context_gone() -> bool {
    CONTEXT_GONE.load(Ordering::Relaxed)
}

/// `cudaDeviceReset`'s mark for [`context_gone`].
pub(crate) fn lose_context() {
    CONTEXT_GONE.store(true, Ordering::Relaxed);
}

/// For runtime calls that reach a kernel through the context (function attributes,
/// occupancy): the sticky error, recorded, once a kernel faulted (as an H200 answers them:
/// tests/program-diff/sticky_error_calls.cu).
pub fn usable() -> Result<()> {
    api(|_| Ok(()))
}

/// Runs a runtime API call that needs no working device (which device is current, how many
/// there are): the sticky error does not fail it, as on an H200
/// (tests/program-diff/fault_sticky_last_error.cu); its own error is recorded.
pub(crate) fn api_despite_sticky<T>(f: impl FnOnce(&'static Context) -> Result<T>) -> Result<T> {
    if IN_HOST_FUNCTION.with(Cell::get) {
        return Err(Error::NotPermitted);
    }
    if !visible() {
        return record(Err(Error::NoDevice));
    }
    record(f(ctx()))
}

thread_local! {
    static LAST_ERROR: Cell<i32> = const { Cell::new(0) };
    /// Whether this thread is running a program's host function (`cudaLaunchHostFunc`,
    /// `cudaStreamAddCallback`, a graph's host node).
    static IN_HOST_FUNCTION: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`, a program's host function, on a stream's worker: every runtime call it makes
/// answers [`Error::NotPermitted`] and records nothing, as CUDA 13 answers them all on an H200
/// (the documentation forbids them; a synchronizing call would otherwise wait for the very
/// stream that runs `f`).
pub fn run_host_function<R>(f: impl FnOnce() -> R) -> R {
    /// Clears the mark when `f` returns or unwinds.
    struct Unmark;
    impl Drop for Unmark {
        fn drop(&mut self) {
            IN_HOST_FUNCTION.with(|c| c.set(false));
        }
    }
    IN_HOST_FUNCTION.with(|c| c.set(true));
    let _unmark = Unmark;
    f()
}

/// Records `r`'s error (if any) as the calling thread's last error, and returns `r`.
///
/// [`Error::NotReady`] is not recorded: it is "not actually an error" (CUDA's words), and
/// every call that answers it (`cudaStreamQuery`, `cudaEventQuery`, `cudaEventElapsedTime`, ...)
/// leaves the last error as it was, as on a GPU (tests/gpu-programs/probe_not_ready.txt; the
/// other statuses probed there, such as `cudaErrorHostMemoryAlreadyRegistered`, are recorded).
pub fn record<T>(r: Result<T>) -> Result<T> {
    if let Err(e) = &r
        && *e != Error::NotReady
    {
        LAST_ERROR.with(|c| c.set(e.code()));
    }
    r
}

/// `cudaGetLastError`: the last error of this thread, reset to success, also when it is the
/// sticky error: an H200 answers a second call after a fault with cudaSuccess, while every
/// other call keeps failing with the sticky error (and so records it again)
/// (tests/program-diff/fault_sticky_last_error.cu).
pub fn get_last_error() -> Result<()> {
    if IN_HOST_FUNCTION.with(Cell::get) {
        return Err(Error::NotPermitted);
    }
    let code = LAST_ERROR.with(|c| c.replace(0));
    match Error::from_code(code) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// `cudaPeekAtLastError`: like [`get_last_error`] without resetting; permitted in a host
/// function (where it answers the host function's thread's last error, success), unlike
/// `cudaGetLastError` (an H200's answers, unseen13a_hostfn_api_calls).
pub fn peek_at_last_error() -> Result<()> {
    match Error::from_code(LAST_ERROR.with(Cell::get)) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
