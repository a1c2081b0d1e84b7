//! The shared record counters of an interprocess event (`cudaEventInterprocess`), which a
//! process that opened the event's handle (`crate::ipc`) decides completion by.

use std::sync::Arc;
use std::time::Duration;

use simt::SharedMap;

use crate::error::{Error, Result};

/// The shared state of an interprocess event: word 0 counts records begun, word 1 the
/// highest record completed (records complete in order within a stream).
#[derive(Debug)]
pub(crate) struct SharedEvent {
    map: SharedMap,
    /// Opened from another process's handle (completion is known only from the counters).
    imported: bool,
}

impl SharedEvent {
    /// Fresh counters for a `cudaEventInterprocess` event.
    pub(crate) fn create() -> Result<Arc<SharedEvent>> {
        let map = SharedMap::create(16).map_err(|_| Error::MemoryAllocation)?;
        Ok(Arc::new(SharedEvent { map, imported: false }))
    }

    /// The counters of another process's event, mapped from its handle.
    pub(crate) fn open(map: SharedMap) -> Arc<SharedEvent> {
        Arc::new(SharedEvent { map, imported: true })
    }

    /// The shared map holding the counters (its handle names it to other processes).
    pub(crate) fn map(&self) -> &SharedMap {
        &self.map
    }

    /// Whether the event was opened from another process's handle.
    pub(crate) fn imported(&self) -> bool {
        self.imported
    }

    fn word(&self, i: usize) -> Option<&std::sync::atomic::AtomicU64> {
        self.map.word(i)
    }

    /// The number of records begun so far (in any process).
    pub(crate) fn records(&self) -> u64 {
        self.word(0).map_or(0, |w| w.load(std::sync::atomic::Ordering::SeqCst))
    }

    /// Begins a record; returns its number.
    pub(crate) fn begin_record(&self) -> u64 {
        self.word(0).map_or(0, |w| w.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1)
    }

    /// Marks record `n` (and so every earlier one) complete.
    pub(crate) fn complete(&self, n: u64) {
        if let Some(w) = self.word(1) {
            w.fetch_max(n, std::sync::atomic::Ordering::SeqCst);
        }
    }

    /// Whether record `n` has completed.
    pub(crate) fn is_complete(&self, n: u64) -> bool {
        self.word(1).is_none_or(|w| w.load(std::sync::atomic::Ordering::SeqCst) >= n)
    }

    /// Waits (polling, with backoff up to 1 ms) until record `n` has completed.
    pub(crate) fn wait(&self, n: u64) {
        let mut pause = Duration::from_micros(10);
        while !self.is_complete(n) {
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(1));
        }
    }
}
