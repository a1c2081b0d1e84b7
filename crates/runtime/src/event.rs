//! Events: markers recorded into streams, for ordering, polling and timing; and
//! `cudaStreamWaitEvent`, which orders a stream after an event.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use crate::context::{api, ctx, lock};
use crate::error::{Error, Result};
use crate::interprocess_event::SharedEvent;
use crate::stream::{CapturePoint, Marker, Stream, capture_registry, enqueue, enqueue_unless_idle, resolve};

/// `cudaEventDefault`.
pub const DEFAULT: u32 = 0x0;
/// `cudaEventBlockingSync`.
pub const BLOCKING_SYNC: u32 = 0x1;
/// `cudaEventDisableTiming`.
pub const DISABLE_TIMING: u32 = 0x2;
/// `cudaEventInterprocess`.
pub const INTERPROCESS: u32 = 0x4;

/// An event's state.
#[derive(Debug)]
pub(crate) struct EventInner {
    flags: u32,
    /// The marker of the last record, if recorded.
    marker: Mutex<Option<Arc<Marker>>>,
    /// The capture point of the last record, if it was recorded in a capturing stream.
    capture: Mutex<Option<CapturePoint>>,
    /// The capture point of its last external record (`cudaEventRecordExternal`), until a
    /// plain record.
    external: Mutex<Option<CapturePoint>>,
    /// The shared record counters of an interprocess event.
    pub(crate) ipc: Option<Arc<SharedEvent>>,
}

impl EventInner {
    /// The shared counters of an event opened from another process's handle
    /// (`cudaIpcOpenEventHandle`), whose completion only they tell.
    fn imported_counters(&self) -> Option<&Arc<SharedEvent>> {
        self.ipc.as_ref().filter(|s| s.imported())
    }
}

/// Live events by handle.
fn events() -> MutexGuard<'static, HashMap<u64, Arc<EventInner>>> {
    static EVENTS: OnceLock<Mutex<HashMap<u64, Arc<EventInner>>>> = OnceLock::new();
    lock(EVENTS.get_or_init(Default::default))
}

/// Handles of the events a `cudaDeviceReset` destroyed: querying or synchronizing one is
/// `cudaErrorContextIsDestroyed`, as an H200 answers (tests/program-diff/stale_handles_after_reset.cu).
fn retired() -> MutexGuard<'static, std::collections::HashSet<u64>> {
    static RETIRED: OnceLock<Mutex<std::collections::HashSet<u64>>> = OnceLock::new();
    lock(RETIRED.get_or_init(Default::default))
}

/// `cudaDeviceReset`'s part here: every event is destroyed, its handle retired.
pub(crate) fn reset() {
    let mut e = events();
    retired().extend(e.drain().map(|(h, _)| h));
}

/// An event handle (`cudaEvent_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Event(pub u64);

pub(crate) fn get(e: Event) -> Result<Arc<EventInner>> {
    let live = events().get(&e.0).cloned();
    live.ok_or_else(|| if retired().contains(&e.0) { Error::ContextIsDestroyed } else { Error::InvalidResourceHandle })
}

/// An event a launch attribute names (`cudaLaunchAttributeLaunchCompletionEvent`,
/// `ProgrammaticEvent`): one that exists ([`Error::InvalidResourceHandle`] for null or
/// destroyed) and was created with `cudaEventDisableTiming` ([`Error::NotSupported`] for a
/// timing event), as an H200 answers (tests/program-diff/launch_attr_rare.cu).
pub fn check_launch_event(e: Event) -> Result<()> {
    if get(e)?.flags & DISABLE_TIMING == 0 {
        return Err(Error::NotSupported);
    }
    Ok(())
}

/// The event, unless its last record was made in a capturing stream: the host cannot wait for
/// a capture point ([`Error::CapturedEvent`], as the capture modes' documentation says of
/// `cudaEventQuery`).
fn recorded_outside_capture(e: Event) -> Result<Arc<EventInner>> {
    let ev = get(e)?;
    if let Some(point) = lock(&ev.capture).as_ref() {
        // A capture that ended left the event with no record the host can wait for: an
        // invalid value, as an H200 answers.
        let active = crate::stream::capture_registry().is_some_and(|r| r.is_active(point));
        return Err(if active { Error::CapturedEvent } else { Error::InvalidValue });
    }
    Ok(ev)
}

/// An external event record or wait (`cudaEventRecordExternal`, `cudaEventWaitExternal`): a
/// node of the capture `s` takes part in; outside a capture [`Error::IllegalState`] (an H200's
/// answer to both).
fn external_node(s: &crate::stream::StreamInner, event: Event, wait: bool) -> Result<()> {
    match lock(&s.capture).as_mut() {
        Some(capture) => {
            capture.event_node(event.0, wait);
            Ok(())
        }
        None => Err(Error::IllegalState),
    }
}

/// `cudaEventRecordExternal`.
pub const RECORD_EXTERNAL: u32 = 0x1;

/// `cudaEventWaitExternal`.
pub const WAIT_EXTERNAL: u32 = 0x1;

/// The marker of the event's last record (`None` if never recorded).
pub(crate) fn marker_of(e: Event) -> Result<Option<Arc<Marker>>> {
    Ok(lock(&get(e)?.marker).clone())
}

/// Starts a record of `e` completed by whoever completes the returned marker (a graph's event
/// record node).
pub(crate) fn begin_record(e: Event) -> Result<Arc<Marker>> {
    let ev = get(e)?;
    let m = Arc::new(Marker::default());
    *lock(&ev.marker) = Some(m.clone());
    *lock(&ev.capture) = None;
    Ok(m)
}

/// Enters a new event.
pub(crate) fn insert(flags: u32, ipc: Option<Arc<SharedEvent>>) -> Event {
    let h = ctx().handle();
    let (marker, capture, external) = (Mutex::new(None), Mutex::new(None), Mutex::new(None));
    events().insert(h, Arc::new(EventInner { flags, marker, capture, external, ipc }));
    Event(h)
}

impl Event {
    /// `cudaEventCreate`.
    pub fn new() -> Result<Event> {
        Event::with_flags(DEFAULT)
    }

    /// `cudaEventCreateWithFlags` ([`BLOCKING_SYNC`], [`DISABLE_TIMING`]; [`INTERPROCESS`]
    /// requires [`DISABLE_TIMING`], as in CUDA).
    pub fn with_flags(flags: u32) -> Result<Event> {
        api(|_| {
            if flags & !(BLOCKING_SYNC | DISABLE_TIMING | INTERPROCESS) != 0
                || (flags & INTERPROCESS != 0 && flags & DISABLE_TIMING == 0)
            {
                return Err(Error::InvalidValue);
            }
            let ipc = if flags & INTERPROCESS != 0 { Some(SharedEvent::create()?) } else { None };
            Ok(insert(flags, ipc))
        })
    }

    /// `cudaEventDestroy`.
    pub fn destroy(self) -> Result<()> {
        api(|_| events().remove(&self.0).map(|_| ()).ok_or(Error::InvalidResourceHandle))
    }

    /// `cudaEventRecord`: the event completes when all work enqueued on `stream` so far has.
    /// In a capturing stream, the event records the capture point instead (for forking and
    /// joining captures across streams).
    pub fn record(self, stream: Stream) -> Result<()> {
        self.record_with_flags(stream, 0)
    }

    /// `cudaEventRecordWithFlags` (`flags`: 0 or [`RECORD_EXTERNAL`], which makes an event
    /// record node of a capture and is [`Error::IllegalState`] outside one, as an H200 answers).
    pub fn record_with_flags(self, stream: Stream, flags: u32) -> Result<()> {
        api(|_| {
            if flags & !RECORD_EXTERNAL != 0 {
                return Err(Error::InvalidValue);
            }
            let ev = get(self)?;
            let s = resolve(stream)?;
            let point = lock(&s.capture).as_ref().map(|capture| capture.point());
            if flags & RECORD_EXTERNAL != 0 {
                external_node(&s, self, false)?;
                *lock(&ev.external) = point;
                return Ok(());
            }
            *lock(&ev.external) = None;
            if let Some(p) = point {
                *lock(&ev.capture) = Some(p);
                return Ok(());
            }
            let m = match &ev.ipc {
                Some(shared) => {
                    let (shared, n) = (shared.clone(), shared.begin_record());
                    enqueue_unless_idle(&s, Box::new(move || shared.complete(n)))
                }
                None => enqueue_unless_idle(&s, Box::new(|| {})),
            };
            *lock(&ev.marker) = Some(m);
            *lock(&ev.capture) = None;
            Ok(())
        })
    }

    /// `cudaEventQuery`: `Ok` if complete (or never recorded), else [`Error::NotReady`];
    /// [`Error::CapturedEvent`] if last recorded in a capturing stream.
    pub fn query(self) -> Result<()> {
        api(|_| {
            // An event recorded in a capture is an invalid value (the capture stays valid);
            // else the query is potentially unsafe during a capture (an H200 refuses it in
            // another thread of global mode: unseen11b_capture_cross_thread).
            let ev = recorded_outside_capture(self)?;
            crate::stream::check_unsafe_call()?;
            if let Some(shared) = ev.imported_counters() {
                return if shared.is_complete(shared.records()) { Ok(()) } else { Err(Error::NotReady) };
            }
            match lock(&ev.marker).clone() {
                Some(m) if m.done().is_none() => Err(Error::NotReady),
                // As `Stream::query`: a fault that struck during the call is its answer.
                _ => crate::context::sticky().map_or(Ok(()), Err),
            }
        })
    }

    /// `cudaEventSynchronize`: waits for the event's last record to complete
    /// ([`Error::InvalidValue`] if it was made in a capture still going on).
    pub fn synchronize(self) -> Result<()> {
        api(|c| {
            // Waiting for a capture point of a capture still going on is an invalid value that
            // invalidates that capture (an H200's answer, unseen13a_capture_illegal), where
            // cudaEventQuery answers cudaErrorCapturedEvent.
            let point = lock(&get(self)?.capture).clone();
            if let (Some(p), Some(registry)) = (point, capture_registry())
                && registry.is_active(&p)
            {
                registry.invalidate(&p);
                return Err(Error::InvalidValue);
            }
            let ev = recorded_outside_capture(self)?;
            if let Some(shared) = ev.imported_counters() {
                shared.wait(shared.records());
            } else if let Some(m) = lock(&ev.marker).clone() {
                m.wait();
            }
            c.sync_result()
        })
    }

    /// `cudaEventElapsedTime`: milliseconds between two completed records.
    pub fn elapsed_ms(start: Event, end: Event) -> Result<f32> {
        api(|_| {
            let (s, e) = (get(start)?, get(end)?);
            if s.flags & DISABLE_TIMING != 0 || e.flags & DISABLE_TIMING != 0 {
                return Err(Error::InvalidResourceHandle);
            }
            // One lock at a time: `start` and `end` may be the same event (a tuple of both
            // guards would lock its mutex twice and never return).
            let sm = lock(&s.marker).clone();
            let em = lock(&e.marker).clone();
            let (Some(sm), Some(em)) = (sm, em) else {
                return Err(Error::InvalidResourceHandle);
            };
            let (Some(t0), Some(t1)) = (sm.done(), em.done()) else {
                return Err(Error::NotReady);
            };
            let ms = if t1 >= t0 {
                t1.duration_since(t0).as_secs_f64() * 1e3
            } else {
                -(t0.duration_since(t1).as_secs_f64() * 1e3)
            };
            Ok(ms as f32)
        })
    }
}

impl Stream {
    /// `cudaStreamWaitEvent`: later work on this stream waits for the event's last record. In
    /// capture, the wait joins or forks the capture instead (see `graph::capture`).
    pub fn wait_event(self, event: Event) -> Result<()> {
        self.wait_event_with_flags(event, 0)
    }

    /// `cudaStreamWaitEvent` with its flags: 0, or [`WAIT_EXTERNAL`], which makes an event wait
    /// node of a capture (and is [`Error::IllegalState`] outside one, as an H200 answers).
    pub fn wait_event_with_flags(self, event: Event, flags: u32) -> Result<()> {
        api(|_| {
            if flags & !WAIT_EXTERNAL != 0 {
                return Err(Error::InvalidValue);
            }
            let s = resolve(self)?;
            let ev = get(event)?;
            if flags & WAIT_EXTERNAL != 0 {
                // Waiting externally for an external record of a capture still going on is an
                // invalid value that invalidates the waiting stream's capture (an H200's
                // answer, unseen11b_capture_host_rules).
                let own = lock(&ev.external).clone();
                if let (Some(p), Some(registry)) = (own, capture_registry())
                    && registry.is_active(&p)
                    && let Some(capture) = lock(&s.capture).as_ref()
                {
                    capture.invalidate();
                    return Err(Error::InvalidValue);
                }
                return external_node(&s, event, true);
            }
            if let Some(registry) = capture_registry() {
                let point = lock(&ev.capture).clone();
                let recorded = lock(&ev.marker).is_some();
                if registry.wait_event(&s, point, recorded)? {
                    return Ok(());
                }
            }
            if let Some(shared) = ev.imported_counters().cloned() {
                let target = shared.records();
                enqueue(&s, Vec::new(), Box::new(move || shared.wait(target)));
                return Ok(());
            }
            let m = lock(&ev.marker).clone();
            if let Some(m) = m {
                enqueue(&s, vec![m], Box::new(|| {}));
            }
            Ok(())
        })
    }
}
