//! The process-wide device context: device memory, allocation table, streams, events and the
//! sticky error.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, RwLock};

use simt::DeviceMemory;

use crate::error::{Error, Result};
use crate::event::EventInner;
use crate::stream::StreamInner;

/// The device context (one device, created on first use).
#[derive(Debug)]
pub(crate) struct Context {
    /// Device memory; replaced by `cudaDeviceReset`.
    pub mem: RwLock<Arc<DeviceMemory>>,
    /// Live `cudaMalloc` allocations: base → size.
    pub allocs: Mutex<BTreeMap<u64, u64>>,
    /// Live pinned host allocations: address → (layout, `cudaHostAlloc` flags).
    pub host_allocs: Mutex<HashMap<usize, (std::alloc::Layout, u32)>>,
    /// The sticky error, once a kernel faulted.
    pub sticky: Mutex<Option<Error>>,
    /// A non-sticky error raised by asynchronous work, reported at the next synchronization.
    pub async_err: Mutex<Option<Error>>,
    /// Serializes enqueueing, so dependency capture between streams is consistent.
    pub sched: Mutex<()>,
    /// The legacy default stream.
    pub null_stream: Arc<StreamInner>,
    /// Live user streams by handle.
    pub streams: Mutex<HashMap<u64, Arc<StreamInner>>>,
    /// Live events by handle.
    pub events: Mutex<HashMap<u64, Arc<EventInner>>>,
    /// Handle counter for streams and events.
    pub next_handle: AtomicU64,
}

static CTX: OnceLock<Context> = OnceLock::new();

/// Locks `m`, ignoring poisoning (a panicking worker must not wedge the runtime).
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The context.
pub(crate) fn ctx() -> &'static Context {
    CTX.get_or_init(|| Context {
        mem: RwLock::new(Arc::new(DeviceMemory::new())),
        allocs: Mutex::new(BTreeMap::new()),
        host_allocs: Mutex::new(HashMap::new()),
        sticky: Mutex::new(None),
        async_err: Mutex::new(None),
        sched: Mutex::new(()),
        null_stream: StreamInner::spawn(0, 0),
        streams: Mutex::new(HashMap::new()),
        events: Mutex::new(HashMap::new()),
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
        let mut s = lock(&self.sticky);
        if s.is_none() {
            *s = Some(e);
        }
    }

    /// Records a non-sticky asynchronous error.
    pub fn set_async(&self, e: Error) {
        let mut s = lock(&self.async_err);
        if s.is_none() {
            *s = Some(e);
        }
    }

    /// After a synchronization: the sticky error, else the pending asynchronous error (taken).
    pub fn sync_result(&self) -> Result<()> {
        if let Some(e) = *lock(&self.sticky) {
            return Err(e);
        }
        match lock(&self.async_err).take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// The sticky error, if any.
pub(crate) fn sticky() -> Option<Error> {
    *lock(&ctx().sticky)
}

/// Runs one runtime API call: fails with the sticky error if there is one, and records the
/// call's error as the thread's last error.
pub(crate) fn api<T>(f: impl FnOnce(&'static Context) -> Result<T>) -> Result<T> {
    if !crate::device::visible() {
        return crate::record(Err(Error::NoDevice));
    }
    let c = ctx();
    if let Some(e) = *lock(&c.sticky) {
        return crate::record(Err(e));
    }
    crate::record(f(c))
}
