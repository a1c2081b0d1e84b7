//! Streams: ordered, asynchronous work queues, each executed by its own worker thread.
//!
//! Every piece of queued work gets a completion [`Marker`]; a stream remembers the marker of its
//! last enqueued work. Cross-stream ordering is expressed as dependencies captured at enqueue
//! time: work on the legacy default stream waits for the last work of every blocking stream,
//! and work on a blocking stream waits for the last work of the legacy default stream
//! (`cudaStreamNonBlocking` streams do neither). Events and `cudaStreamWaitEvent` use the same
//! markers.
//!
//! Stream capture belongs to the graph layer above: a capturing stream holds a
//! `CaptureState` the graph layer put there, which records the stream's work instead of
//! running it, and the graph layer installs a `CaptureRegistry` that answers the checks
//! concerning every capture at once.

use std::any::Any;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::Instant;

use crate::context::{Context, api, api_despite_sticky, ctx, lock};
use crate::error::{Error, Result};
use crate::work::NodeType;

/// `cudaStreamNonBlocking`: the stream does not synchronize with the legacy default stream.
pub const NON_BLOCKING: u32 = 0x1;

/// The completion of one piece of queued work (with its completion time).
#[derive(Debug, Default)]
pub(crate) struct Marker {
    state: Mutex<MarkerState>,
    cv: Condvar,
}

#[derive(Debug, Default)]
struct MarkerState {
    done: Option<Instant>,
    /// Threads blocked in [`Marker::wait`]: completing wakes them only if there are any
    /// (waking costs a system call even when no one waits).
    waiters: u32,
}

impl Marker {
    /// Blocks until complete; returns the completion time.
    pub fn wait(&self) -> Instant {
        let mut d = lock(&self.state);
        loop {
            if let Some(t) = d.done {
                return t;
            }
            d.waiters += 1;
            d = self.cv.wait(d).unwrap_or_else(|e| e.into_inner());
            d.waiters -= 1;
        }
    }

    /// The completion time, if complete.
    pub fn done(&self) -> Option<Instant> {
        lock(&self.state).done
    }

    /// A marker that is already complete.
    pub fn completed() -> Arc<Marker> {
        let m = Arc::new(Marker::default());
        m.complete();
        m
    }

    /// Completes the marker (waking its waiters).
    pub(crate) fn complete(&self) {
        let mut d = lock(&self.state);
        d.done = Some(Instant::now());
        if d.waiters > 0 {
            self.cv.notify_all();
        }
    }
}

/// Queued work. It is `Fn` (not `FnOnce`) so that stream capture can record it into a graph
/// that may be launched many times.
pub(crate) type Work = Box<dyn Fn() + Send + Sync>;

struct Job {
    deps: Vec<Arc<Marker>>,
    work: Work,
    done: Arc<Marker>,
    /// Whether a thread that synchronizes with the stream may run it (see [`Queue::help`]).
    stealable: bool,
}

impl Job {
    /// Waits for the job's dependencies, runs it (as stream `handle`'s work) and completes
    /// its marker.
    fn run(self, handle: u64) {
        for d in &self.deps {
            d.wait();
        }
        crate::profile::as_stream(handle, || (self.work)());
        self.done.complete();
    }
}

/// A stream's queued jobs, run in order by its worker thread or by a thread that blocks on
/// the stream meanwhile ([`Queue::help`]): a launch followed by a synchronization then costs
/// no hand-off to the worker and back (two thread wake-ups: 10-80 µs on a loaded machine,
/// against a few µs for the launch).
#[derive(Debug, Default)]
struct Queue {
    state: Mutex<QueueState>,
    /// Signalled when a job is queued, when a job ends, and when the queue closes.
    changed: Condvar,
}

#[derive(Debug, Default)]
struct QueueState {
    jobs: std::collections::VecDeque<Job>,
    /// A thread runs one of the stream's jobs now (jobs of a stream run one at a time).
    busy: bool,
    /// No more jobs come: the worker ends once the queue is empty.
    closed: bool,
    /// The worker waits on `changed` (signalling costs a system call even when no one waits).
    worker_waits: bool,
}

impl Queue {
    /// Takes the next job when no other runs and `take` accepts it (busy until [`Queue::ended`]).
    fn take_if(&self, take: impl Fn(&Job) -> bool) -> Option<Job> {
        let mut q = lock(&self.state);
        if q.busy || !q.jobs.front().is_some_and(take) {
            return None;
        }
        q.busy = true;
        q.jobs.pop_front()
    }

    /// The job taken by [`Queue::take_if`] or [`Queue::next`] ended.
    fn ended(&self) {
        let mut q = lock(&self.state);
        q.busy = false;
        self.wake_worker(&q);
    }

    /// Wakes the worker if it waits (called with the state locked, after changing it).
    fn wake_worker(&self, q: &QueueState) {
        if q.worker_waits {
            self.changed.notify_all();
        }
    }

    /// The worker's next job, waiting for one; `None` once closed and empty.
    fn next(&self) -> Option<Job> {
        let mut q = lock(&self.state);
        loop {
            if !q.busy
                && let Some(job) = q.jobs.pop_front()
            {
                q.busy = true;
                return Some(job);
            }
            if q.closed && q.jobs.is_empty() {
                return None;
            }
            q.worker_waits = true;
            q = self.changed.wait(q).unwrap_or_else(|e| e.into_inner());
            q.worker_waits = false;
        }
    }

    /// Runs, on the calling thread, the queued jobs up to `until` (complete when this
    /// returns unless another thread runs one of them), as long as no other thread runs one
    /// and they may run here: a thread about to block on the stream does the work its
    /// worker would have been woken for. Host functions (and graphs, which may hold them)
    /// stay on the worker, as CUDA runs them on a thread of its own.
    fn help(&self, handle: u64, until: &Marker) {
        while until.done().is_none() {
            let Some(job) = self.take_if(|j| j.stealable) else { return };
            let last = std::ptr::eq(Arc::as_ptr(&job.done), until);
            job.run(handle);
            self.ended();
            if last {
                return;
            }
        }
    }
}

/// A stream's queue and worker.
#[derive(Debug)]
pub(crate) struct StreamInner {
    /// The handle (0 for the legacy default stream).
    pub handle: u64,
    /// Creation flags.
    pub flags: u32,
    queue: Arc<Queue>,
    /// The worker thread started (else jobs run on the thread that enqueues them).
    has_worker: bool,
    last: Mutex<Option<Arc<Marker>>>,
    /// The stream's part in the capture sequence it is capturing into, if any.
    pub(crate) capture: Mutex<Option<Box<dyn CaptureState>>>,
    /// Attributes set with `cudaStreamSetAttribute`, as raw `cudaLaunchAttributeValue`s.
    pub(crate) attrs: Mutex<std::collections::BTreeMap<i32, AttrValue>>,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job").field("deps", &self.deps.len()).finish()
    }
}

impl StreamInner {
    /// A stream with its worker thread.
    pub fn spawn(handle: u64, flags: u32) -> Arc<StreamInner> {
        let queue = Arc::new(Queue::default());
        let name = format!("cuprite-stream-{handle:x}");
        let worker_queue = queue.clone();
        let worker = move || {
            while let Some(job) = worker_queue.next() {
                job.run(handle);
                worker_queue.ended();
            }
        };
        let has_worker = std::thread::Builder::new().name(name).stack_size(simt::THREAD_STACK).spawn(worker).is_ok();
        Arc::new(StreamInner {
            handle,
            flags,
            queue,
            has_worker,
            last: Mutex::new(None),
            capture: Mutex::new(None),
            attrs: Mutex::new(std::collections::BTreeMap::new()),
        })
    }

    pub(crate) fn blocking(&self) -> bool {
        self.handle != 0 && self.flags & NON_BLOCKING == 0
    }

    /// The marker of the last enqueued work.
    pub fn last(&self) -> Option<Arc<Marker>> {
        lock(&self.last).clone()
    }

    /// Waits for everything enqueued so far (running what it can of it: [`Queue::help`]).
    pub fn wait_idle(&self) {
        if let Some(m) = self.last() {
            self.wait_for(&m);
        }
    }

    /// Waits for `m`, the marker of work enqueued on this stream, running what it can of
    /// the work up to it ([`Queue::help`]).
    pub(crate) fn wait_for(&self, m: &Marker) -> Instant {
        self.queue.help(self.handle, m);
        m.wait()
    }

    pub(crate) fn stop(&self) {
        let mut q = lock(&self.queue.state);
        q.closed = true;
        self.queue.wake_worker(&q);
    }
}

/// A stream handle (`cudaStream_t`). [`Stream::LEGACY`] is the legacy default stream (`0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stream(pub u64);

/// `cudaStreamGetId` of the legacy stream (whose handle is 0): a value no created stream's
/// handle takes.
const LEGACY_ID: u64 = u64::MAX;

impl Stream {
    /// The legacy default stream (`0` / `cudaStreamLegacy`).
    pub const LEGACY: Stream = Stream(0);

    /// `cudaStreamCreate`.
    pub fn new() -> Result<Stream> {
        Stream::with_flags(0)
    }

    /// `cudaStreamCreateWithFlags` (`flags`: 0 or [`NON_BLOCKING`]).
    pub fn with_flags(flags: u32) -> Result<Stream> {
        api(|c| {
            if flags & !NON_BLOCKING != 0 {
                return Err(Error::InvalidValue);
            }
            let h = c.handle();
            let s = StreamInner::spawn(h, flags);
            if !s.has_worker {
                return Err(Error::MemoryAllocation);
            }
            lock(&streams().table).insert(h, s);
            Ok(Stream(h))
        })
    }

    /// `cudaStreamDestroy`: queued work still completes, the handle becomes invalid at once.
    pub fn destroy(self) -> Result<()> {
        self.api(|_| {
            if self.is_default() {
                return Err(Error::InvalidResourceHandle);
            }
            let s = lock(&streams().table).remove(&self.0).ok_or(Error::InvalidResourceHandle)?;
            retire(&s);
            Ok(())
        })
    }

    /// `cudaStreamSynchronize`: waits for the stream's work; returns a sticky error or an
    /// asynchronous error raised by that work. The legacy stream's work includes, as for work
    /// enqueued there, the blocking streams' work enqueued so far: an H200 waits for another
    /// thread's per-thread stream there (gpu-unseen/runtime16_ptds_sync_calls,
    /// tests/program-diff/ptds_sync_calls.cu).
    pub fn synchronize(self) -> Result<()> {
        self.api(|c| {
            let s = resolve(self)?;
            forbid_while_capturing(&s)?;
            let implicit = legacy_implicit(&s);
            s.wait_idle();
            for m in implicit {
                m.wait();
            }
            c.sync_result()
        })
    }

    /// `cudaStreamQuery`: `Ok` when all the stream's work is complete, else
    /// [`Error::NotReady`]; the legacy stream's work includes the blocking streams' (an H200
    /// answers NotReady while a created blocking stream runs: gpu-unseen/runtime17_lazy_loading).
    pub fn query(self) -> Result<()> {
        self.api(|_| {
            let s = resolve(self)?;
            forbid_while_capturing(&s)?;
            if !legacy_implicit(&s).is_empty() {
                return Err(Error::NotReady);
            }
            match s.last() {
                Some(m) if m.done().is_none() => Err(Error::NotReady),
                // Work that faulted after the call began is complete with its fault: the
                // sticky error is read again once the work is seen complete (else a query
                // racing the fault answered success, and the next call the fault).
                _ => crate::context::sticky().map_or(Ok(()), Err),
            }
        })
    }

    /// `cudaStreamGetFlags`.
    pub fn flags(self) -> Result<u32> {
        self.api(|_| Ok(resolve(self)?.flags))
    }

    /// `cudaStreamGetId`: a unique id, nonzero (the legacy stream's too, as an H200 answers:
    /// unseen11b_stream_attr_policy).
    pub fn id(self) -> Result<u64> {
        self.api(|_| resolve(self).map(|s| if s.handle == 0 { LEGACY_ID } else { s.handle }))
    }

    /// `cudaStreamGetPriority`: the priority the stream was created with (or set through its
    /// attribute), clamped to the device's range.
    pub fn priority(self) -> Result<i32> {
        self.api(|_| {
            let s = resolve(self)?;
            Ok(lock(&s.attrs).get(&ATTR_PRIORITY).map_or(0, |v| v[0] as i32))
        })
    }

    /// `cudaStreamSetAttribute`: AccessPolicyWindow (1), SynchronizationPolicy (3), Priority
    /// (8, clamped to the device's range), MemSyncDomainMap (9) and
    /// MemSyncDomain (10), validated by [`check_attr`] and stored.
    pub fn set_attribute(self, id: i32, value: &AttrValue) -> Result<()> {
        self.api(|_| {
            let s = resolve(self)?;
            let mut v = *value;
            check_attr(id, &v, true)?;
            if id == ATTR_PRIORITY {
                let p = (v[0] as i32).clamp(GREATEST_PRIORITY, 0);
                v = [0; 16];
                v[0] = p as u32;
            }
            lock(&s.attrs).insert(id, v);
            Ok(())
        })
    }

    /// `cudaStreamGetAttribute`: the stored value, or the default.
    pub fn get_attribute(self, id: i32) -> Result<AttrValue> {
        self.api(|_| {
            let s = resolve(self)?;
            if !STREAM_ATTRS.contains(&id) {
                return Err(Error::InvalidValue);
            }
            Ok(lock(&s.attrs).get(&id).copied().unwrap_or_else(|| attr_default(id)))
        })
    }

    /// `cudaStreamCopyAttributes(dst = self, src)`.
    pub fn copy_attributes_from(self, src: Stream) -> Result<()> {
        self.api(|_| {
            let d = resolve(self)?;
            let s = resolve(src)?;
            let a = lock(&s.attrs).clone();
            *lock(&d.attrs) = a;
            Ok(())
        })
    }

    /// What a `cudaStreamCreate*` that failed with `e` writes to its handle: when `e` is the
    /// sticky error of a faulted kernel, a new handle that names no stream, which the stream
    /// calls then answer with [`Error::InvalidResourceHandle`] ahead of the sticky error (an
    /// H200 writes such a handle and answers so:
    /// tests/program-diff/stream_create_after_fault.cu); otherwise nothing.
    pub fn stillborn_after(e: Error) -> Option<Stream> {
        let c = ctx();
        if c.sticky.get() != Some(e) {
            return None;
        }
        let h = c.handle();
        lock(&streams().stillborn).insert(h);
        Some(Stream(h))
    }

    /// [`api`] for a call on this stream: a stillborn handle ([`Stream::stillborn_after`]) is
    /// [`Error::InvalidResourceHandle`] even while a sticky error fails every other call.
    fn api<T>(self, f: impl FnOnce(&'static Context) -> Result<T>) -> Result<T> {
        if lock(&streams().stillborn).contains(&self.0) {
            return api_despite_sticky(|_| Err(Error::InvalidResourceHandle));
        }
        api(f)
    }

    /// Whether this is the legacy (or per-thread) default stream handle.
    pub fn is_default(self) -> bool {
        self.0 <= 2
    }

    /// The stream the `_ptsz` API variants use for handle `self`: handle 0 means the calling
    /// thread's per-thread default stream there.
    pub fn per_thread_if_null(self) -> Stream {
        if self.0 == 0 { Stream::PER_THREAD } else { self }
    }

    /// `cudaStreamPerThread` (2): the calling host thread's own default stream.
    pub const PER_THREAD: Stream = Stream(2);

    /// `cudaLaunchHostFunc`: runs `f` on the stream's worker, after the work enqueued before it
    /// and before the work enqueued after it. `f` must not call the CUDA API. Once a kernel
    /// faulted (a sticky error), `f` is not called: an H200 runs neither host functions nor
    /// stream callbacks queued behind a faulting kernel (tests/program-diff/fault_queue.cu).
    pub fn launch_host_func(self, f: Box<dyn Fn() + Send + Sync>) -> Result<()> {
        self.host_work(f, false)
    }

    /// `cudaStreamAddCallback`: as [`Stream::launch_host_func`], but not in a capture
    /// ([`Error::StreamCaptureUnsupported`], the capture invalidated, as an H200 answers).
    pub fn add_callback(self, f: Box<dyn Fn() + Send + Sync>) -> Result<()> {
        self.host_work(f, true)
    }

    /// Host work on the stream, skipped after a kernel fault; `uncapturable`: refused while
    /// the stream captures.
    fn host_work(self, f: Box<dyn Fn() + Send + Sync>, uncapturable: bool) -> Result<()> {
        self.api(|_| {
            let s = resolve(self)?;
            if uncapturable {
                forbid_while_capturing(&s)?;
            }
            refuse_if_invalidated(&s)?;
            let f: Box<dyn Fn() + Send + Sync> = Box::new(move || {
                if crate::context::sticky().is_none() {
                    f();
                }
            });
            enqueue_as(&s, Vec::new(), f, NodeType::Host);
            Ok(())
        })
    }
}

/// The calling thread's per-thread default stream: a blocking stream (it synchronizes with the
/// legacy default stream, as CUDA documents), created on first use and destroyed (after its
/// pending work) when the thread exits.
struct PerThread(Option<Arc<StreamInner>>);

impl Drop for PerThread {
    fn drop(&mut self) {
        if let Some(s) = self.0.take() {
            lock(&streams().table).remove(&s.handle);
            retire(&s);
        }
    }
}

/// Stops a stream taken out of the table: its queued work still completes, and the legacy
/// default stream stays ordered after it.
fn retire(s: &StreamInner) {
    if let Some(m) = s.last()
        && m.done().is_none()
    {
        enqueue(&streams().legacy, vec![m], Box::new(|| {}));
    }
    s.stop();
}

thread_local! {
    static PER_THREAD: std::cell::RefCell<PerThread> = const { std::cell::RefCell::new(PerThread(None)) };
}

fn per_thread_stream() -> Result<Arc<StreamInner>> {
    let all = streams();
    let r = PER_THREAD.try_with(|p| {
        let mut p = p.borrow_mut();
        if let Some(s) = &p.0 {
            // Re-registered after cudaDeviceReset dropped it from the table.
            lock(&all.table).entry(s.handle).or_insert_with(|| s.clone());
            return s.clone();
        }
        let h = ctx().handle();
        let s = StreamInner::spawn(h, 0);
        lock(&all.table).insert(h, s.clone());
        p.0 = Some(s.clone());
        s
    });
    // During thread teardown: the legacy stream.
    Ok(r.unwrap_or_else(|_| all.legacy.clone()))
}

/// The streams of the device.
struct Streams {
    /// The legacy default stream.
    legacy: Arc<StreamInner>,
    /// Live user (and per-thread default) streams by handle.
    table: Mutex<HashMap<u64, Arc<StreamInner>>>,
    /// Serializes enqueueing, so dependency capture between streams is consistent.
    sched: Mutex<()>,
    /// Handles written by a `cudaStreamCreate*` that failed because a kernel had faulted
    /// ([`Stream::stillborn_after`]): they name no stream.
    stillborn: Mutex<HashSet<u64>>,
}

fn streams() -> &'static Streams {
    static STREAMS: OnceLock<Streams> = OnceLock::new();
    STREAMS.get_or_init(|| Streams {
        legacy: StreamInner::spawn(0, 0),
        table: Mutex::new(HashMap::new()),
        sched: Mutex::new(()),
        stillborn: Mutex::new(HashSet::new()),
    })
}

/// The live user (and per-thread default) streams.
pub(crate) fn live_streams() -> Vec<Arc<StreamInner>> {
    lock(&streams().table).values().cloned().collect()
}

/// `cudaDeviceReset`'s part here: waits for all work and destroys every stream (a thread's
/// per-thread default stream is entered again on its next use).
pub(crate) fn reset() {
    wait_all();
    lock(&streams().stillborn).clear();
    let all: Vec<_> = lock(&streams().table).drain().map(|(_, s)| s).collect();
    for s in all {
        s.wait_idle();
    }
}

/// Whether `CUDA_LAUNCH_BLOCKING=1`: every asynchronous operation completes before its call
/// returns.
pub fn launch_blocking() -> bool {
    static B: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *B.get_or_init(|| std::env::var("CUDA_LAUNCH_BLOCKING").is_ok_and(|v| v.trim() == "1"))
}

/// The stream behind a handle (0 and 1 = cudaStreamLegacy: the legacy default stream;
/// 2 = cudaStreamPerThread: the calling thread's per-thread default stream). Using the legacy
/// stream while a blocking stream is capturing is [`Error::StreamCaptureImplicit`] (and
/// invalidates that capture), as in CUDA.
pub(crate) fn resolve(s: Stream) -> Result<Arc<StreamInner>> {
    if s.0 == 2 {
        return per_thread_stream();
    }
    if s.0 <= 1 {
        if let Some(r) = capture_registry() {
            r.check_legacy_use()?;
        }
        return Ok(streams().legacy.clone());
    }
    lock(&streams().table).get(&s.0).cloned().ok_or(Error::InvalidResourceHandle)
}

/// Whether stream `s` is capturing into a graph (its work is recorded, not run).
pub(crate) fn is_capturing(s: Stream) -> Result<bool> {
    Ok(lock(&resolve(s)?.capture).is_some())
}

/// Enqueues `work` on `s` after the implicit dependencies; returns its completion marker.
/// Captured, it becomes an empty-typed node (ordering work).
pub(crate) fn enqueue(s: &Arc<StreamInner>, extra: Vec<Arc<Marker>>, work: Work) -> Arc<Marker> {
    enqueue_as(s, extra, work, NodeType::Empty)
}

/// [`enqueue`] of work that stream capture records as a node of type `ty`.
pub(crate) fn enqueue_as(s: &Arc<StreamInner>, deps: Vec<Arc<Marker>>, work: Work, ty: NodeType) -> Arc<Marker> {
    if let Some(capture) = lock(&s.capture).as_mut() {
        capture.record(work, ty);
        return Marker::completed();
    }
    let done = enqueue_locked(s, deps, work, ty);
    if launch_blocking() {
        s.wait_for(&done);
    }
    done
}

/// [`enqueue_as`] of a copy whose raw `cudaMemcpyKind` is `kind`, which a captured memcpy node
/// keeps (streams sit below memory, so they carry it as a number).
pub(crate) fn enqueue_copy(s: &Arc<StreamInner>, work: Work, kind: i32) -> Arc<Marker> {
    if let Some(capture) = lock(&s.capture).as_mut() {
        capture.record_copy(work, kind);
        return Marker::completed();
    }
    enqueue_as(s, Vec::new(), work, NodeType::Memcpy)
}

/// Adds to `deps` the unfinished work that work enqueued on `s` now must wait for besides
/// its own stream's (the legacy default stream's implicit synchronization). Called under the
/// scheduling lock.
/// What the legacy stream's synchronize and query also cover: the blocking streams' unfinished
/// work (none for any other stream), read under the scheduler's lock.
fn legacy_implicit(s: &StreamInner) -> Vec<Arc<Marker>> {
    let mut implicit = Vec::new();
    if s.handle == 0 {
        let _g = lock(&streams().sched);
        implicit_deps(s, &mut implicit);
    }
    implicit
}

fn implicit_deps(s: &StreamInner, deps: &mut Vec<Arc<Marker>>) {
    let all = streams();
    if s.handle == 0 {
        for o in lock(&all.table).values() {
            if o.blocking()
                && let Some(m) = o.last()
                && m.done().is_none()
            {
                deps.push(m);
            }
        }
    } else if s.blocking()
        && let Some(m) = all.legacy.last()
        && m.done().is_none()
    {
        deps.push(m);
    }
}

fn enqueue_locked(s: &Arc<StreamInner>, mut deps: Vec<Arc<Marker>>, work: Work, ty: NodeType) -> Arc<Marker> {
    let _g = lock(&streams().sched);
    implicit_deps(s, &mut deps);
    let done = Arc::new(Marker::default());
    // The stream's unfinished last work: a queued job runs before this one anyway, but work
    // another thread runs in place ([`run_inline_if_idle`]) is in no queue, so the job waits
    // for it (a kernel launched during a synchronous memset read what the memset had not yet
    // written: streams_and_events' `a_launch_from_another_thread_...`).
    if let Some(prev) = lock(&s.last).replace(done.clone())
        && prev.done().is_none()
    {
        deps.push(prev);
    }
    let stealable = !matches!(ty, NodeType::Host | NodeType::Graph | NodeType::Conditional);
    let job = Job { deps, work, done: done.clone(), stealable };
    let inline = {
        let mut q = lock(&s.queue.state);
        if s.has_worker && !q.closed {
            q.jobs.push_back(job);
            s.queue.wake_worker(&q);
            None
        } else {
            Some(job)
        }
    };
    // No worker (thread creation failed, or the stream was destroyed): run inline, in order.
    if let Some(job) = inline {
        job.run(s.handle);
    }
    done
}

/// Runs `work` on stream `s` in order and waits for it (synchronous copies and the like).
pub(crate) fn run_sync(s: Stream, work: Work) -> Result<()> {
    let st = resolve(s)?;
    let done = enqueue(&st, Vec::new(), work);
    st.wait_for(&done);
    Ok(())
}

/// Runs `work` on the calling thread, in order on stream `s`, when nothing it would wait for
/// is unfinished (the stream idle, and the streams the legacy default stream synchronizes
/// with idle) and `s` is not capturing; `None` (nothing run) otherwise. Synchronous calls
/// then cost a function call, not a hand-off to the stream's worker thread and back.
///
/// While `work` runs, the stream's last work is its marker, so work enqueued meanwhile (by
/// other host threads) is ordered after it, as if the worker ran it.
pub(crate) fn run_inline_if_idle<T>(s: &Arc<StreamInner>, work: impl FnOnce() -> T) -> Option<T> {
    run_inline_marked(s, work).map(|(r, _)| r)
}

/// [`run_inline_if_idle`], also giving the completed marker of the work.
fn run_inline_marked<T>(s: &Arc<StreamInner>, work: impl FnOnce() -> T) -> Option<(T, Arc<Marker>)> {
    let done = {
        let _g = lock(&streams().sched);
        if lock(&s.capture).is_some() || s.last().is_some_and(|m| m.done().is_none()) {
            return None;
        }
        let mut deps = Vec::new();
        implicit_deps(s, &mut deps);
        if !deps.is_empty() {
            return None;
        }
        let done = Arc::new(Marker::default());
        *lock(&s.last) = Some(done.clone());
        done
    };
    let r = crate::profile::as_stream(s.handle, work);
    done.complete();
    Some((r, done))
}

/// [`enqueue`] of `work` with no extra dependencies, except that on an idle stream (see
/// [`run_inline_if_idle`]) it runs at once on the calling thread: an event recorded on an idle
/// stream is complete when `cudaEventRecord` returns, as on a GPU, whose idle stream takes a
/// record at once (not when the stream's worker thread next wakes).
pub(crate) fn enqueue_unless_idle(s: &Arc<StreamInner>, work: Work) -> Arc<Marker> {
    match run_inline_marked(s, &work) {
        Some(((), done)) => done,
        None => enqueue(s, Vec::new(), work),
    }
}

/// The unfinished last work of every stream, the legacy stream's included: what work that
/// must follow everything already enqueued waits for.
pub(crate) fn all_pending() -> Vec<Arc<Marker>> {
    let all = streams();
    let mut v: Vec<Arc<Marker>> = lock(&all.table).values().filter_map(|s| s.last()).collect();
    v.extend(all.legacy.last());
    v.retain(|m| m.done().is_none());
    v
}

/// Waits for all work on every stream.
pub(crate) fn wait_all() {
    for s in live_streams() {
        s.wait_idle();
    }
    streams().legacy.wait_idle();
}

/// `cudaDeviceSynchronize`: waits for all work; returns the sticky error or a pending
/// asynchronous error.
pub fn device_synchronize() -> Result<()> {
    api(|c| {
        check_device_sync()?;
        wait_all();
        c.sync_result()
    })
}

/// A stream's part in a stream capture, kept by the graph layer (`graph::capture`): while a
/// stream holds one, the work enqueued on it is recorded into the graph instead of run.
pub(crate) trait CaptureState: Any + Send + std::fmt::Debug {
    /// Records `work` (as a node of type `ty`) after the stream's capture tail.
    fn record(&mut self, work: Work, ty: NodeType);
    /// Records shared `work` as a node of type `ty` after the stream's capture tail (a memory
    /// node's work, which graph memory knows by its address).
    fn record_shared(&mut self, work: crate::work::NodeFn, ty: NodeType);
    /// Records a copy as a memcpy node that keeps its raw `cudaMemcpyKind` `kind`.
    fn record_copy(&mut self, work: Work, kind: i32);
    /// Marks the capture sequence invalidated (a prohibited call was made on the stream).
    fn invalidate(&self);
    /// Whether the capture sequence was invalidated.
    fn is_invalidated(&self) -> bool;
    /// Where the capture stands now, for an event recorded on the stream.
    fn point(&self) -> CapturePoint;
    /// Records an external event record (`wait == false`) or wait node for `event` after the
    /// stream's capture tail (`cudaEventRecordExternal`, `cudaEventWaitExternal`); `event` is
    /// the event's handle (streams sit below events, so they name it by number).
    fn event_node(&mut self, event: u64, wait: bool);
}

/// A capture point, held by an event recorded in a capturing stream: the graph layer's, opaque
/// here.
pub(crate) type CapturePoint = Arc<dyn Any + Send + Sync>;

/// The checks that concern every capture sequence at once, answered by the graph layer, which
/// installs them ([`install_capture_registry`]) when the first capture begins. Before that no
/// stream captures, and every check passes.
pub(crate) trait CaptureRegistry: Sync {
    /// Using the legacy default stream while a blocking stream captures:
    /// [`Error::StreamCaptureImplicit`] (invalidating that capture).
    fn check_legacy_use(&self) -> Result<()>;
    /// A potentially unsafe call during capture (`cudaMalloc`, `cudaFree`,
    /// `cudaDeviceSynchronize`, ...): [`Error::StreamCaptureUnsupported`] per the capture modes.
    fn check_unsafe_call(&self) -> Result<()>;
    /// `cudaDeviceSynchronize` while any stream captures, in any thread and mode:
    /// [`Error::StreamCaptureUnsupported`], every capture invalidated (it would synchronize
    /// a capturing stream; an H200's answer, unseen11b_capture_cross_thread).
    fn check_device_sync(&self) -> Result<()>;
    /// `cudaStreamWaitEvent` on `s` for an event whose last record left `point` (recorded in a
    /// capturing stream) or was made outside capture (`recorded`): `Ok(true)` when capture
    /// handled the wait (joining or forking a capture).
    fn wait_event(&self, s: &StreamInner, point: Option<CapturePoint>, recorded: bool) -> Result<bool>;
    /// Whether the capture `point` was recorded in is still going on.
    fn is_active(&self, point: &CapturePoint) -> bool;
    /// Invalidates the capture `point` was recorded in.
    fn invalidate(&self, point: &CapturePoint);
}

static CAPTURE_REGISTRY: OnceLock<&'static dyn CaptureRegistry> = OnceLock::new();

/// Installs the graph layer's capture checks (once; later calls change nothing).
pub(crate) fn install_capture_registry(registry: &'static dyn CaptureRegistry) {
    let _ = CAPTURE_REGISTRY.set(registry);
}

/// The installed capture checks, once a capture has begun.
pub(crate) fn capture_registry() -> Option<&'static dyn CaptureRegistry> {
    CAPTURE_REGISTRY.get().copied()
}

/// [`CaptureRegistry::check_device_sync`], passing while no capture ever began.
fn check_device_sync() -> Result<()> {
    capture_registry().map_or(Ok(()), |r| r.check_device_sync())
}

/// [`CaptureRegistry::check_unsafe_call`], passing while no capture ever began.
pub(crate) fn check_unsafe_call() -> Result<()> {
    capture_registry().map_or(Ok(()), |r| r.check_unsafe_call())
}

/// Synchronizing or polling a capturing stream: [`Error::StreamCaptureUnsupported`], and the
/// capture is invalidated.
/// Work enqueued on a stream whose capture was invalidated: [`Error::StreamCaptureInvalidated`]
/// (an H200's answer to a copy and a memset there, unseen11b_capture_host_rules).
pub(crate) fn refuse_if_invalidated(s: &StreamInner) -> Result<()> {
    match lock(&s.capture).as_ref() {
        Some(capture) if capture.is_invalidated() => Err(Error::StreamCaptureInvalidated),
        _ => Ok(()),
    }
}

fn forbid_while_capturing(s: &StreamInner) -> Result<()> {
    if let Some(capture) = lock(&s.capture).as_ref() {
        capture.invalidate();
        return Err(Error::StreamCaptureUnsupported);
    }
    Ok(())
}

/// A raw `cudaLaunchAttributeValue` (`cudaStreamAttrValue`, `cudaKernelNodeAttrValue`): 64
/// bytes.
pub type AttrValue = [u32; 16];

/// `cudaLaunchAttributeAccessPolicyWindow`.
pub const ATTR_ACCESS_POLICY_WINDOW: i32 = 1;
/// `cudaLaunchAttributeSynchronizationPolicy`.
pub const ATTR_SYNC_POLICY: i32 = 3;
/// `cudaLaunchAttributePriority`.
pub const ATTR_PRIORITY: i32 = 8;
/// The attributes a stream has.
const STREAM_ATTRS: [i32; 5] = [ATTR_ACCESS_POLICY_WINDOW, ATTR_SYNC_POLICY, ATTR_PRIORITY, 9, 10];

/// Validates a launch attribute value for a stream (`stream`) or a kernel node: the access
/// policy window (`hitRatio` in [0, 1], `hitProp` Normal/Streaming/Persisting, `missProp`
/// Normal/Streaming, at most `accessPolicyMaxWindowSize` bytes), the synchronization policy
/// (Auto 1 .. BlockingSync 4), the memory synchronization domain (0, 1) and its map; a
/// kernel node also has cooperative (2), cluster dimension (4), cluster scheduling policy
/// (5), priority and the remaining hints. Unknown ids are [`Error::InvalidValue`].
pub fn check_attr(id: i32, v: &AttrValue, stream: bool) -> Result<()> {
    let ok = match id {
        ATTR_ACCESS_POLICY_WINDOW => {
            let bytes = u64::from(v[2]) | (u64::from(v[3]) << 32);
            let hit = f32::from_bits(v[4]);
            let max = crate::device::properties(0).map_or(0, |p| p.accessPolicyMaxWindowSize.max(0) as u64);
            (0.0..=1.0).contains(&hit) && v[5] <= 2 && v[6] <= 1 && bytes <= max
        }
        ATTR_SYNC_POLICY => stream && (1..=4).contains(&v[0]),
        ATTR_PRIORITY => true,
        9 => v[0] & 0xffff == v[0] && (v[0] & 0xff) <= 1 && (v[0] >> 8) <= 1,
        10 => v[0] <= 1,
        2 | 6 | 11 | 14 => !stream,
        4 => !stream && v[..3].iter().all(|&d| d >= 1),
        5 => !stream && v[0] <= 2,
        _ => false,
    };
    if ok { Ok(()) } else { Err(Error::InvalidValue) }
}

/// The greatest (numerically lowest) stream priority, as on an H100; the least is 0. Every
/// stream's work runs on its own thread, so priorities are recorded, not scheduled.
pub const GREATEST_PRIORITY: i32 = -5;

/// The value an attribute has before it is set: no window, synchronization policy -1 (unset),
/// priority 0,
/// the domain map {default 0, remote 1}, domain 0.
pub fn attr_default(id: i32) -> AttrValue {
    let mut v = [0; 16];
    match id {
        // Not set: an H100 reports -1 (tests/gpu-programs/probe_stream_attrs.txt).
        ATTR_SYNC_POLICY => v[0] = u32::MAX,
        9 => v[0] = 1 << 8,
        _ => {}
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// A job that appends `id` and the thread that ran it to `log`.
    fn logging_job(log: &Arc<Mutex<Vec<(u32, std::thread::ThreadId)>>>, id: u32, stealable: bool) -> Job {
        let log = log.clone();
        let work: Work = Box::new(move || lock(&log).push((id, std::thread::current().id())));
        Job { deps: Vec::new(), work, done: Arc::new(Marker::default()), stealable }
    }

    #[test]
    fn a_synchronizing_thread_runs_the_queued_jobs_in_order_up_to_its_marker() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let queue = Queue::default();
        let jobs: Vec<Job> = (0..3).map(|i| logging_job(&log, i, true)).collect();
        let markers: Vec<Arc<Marker>> = jobs.iter().map(|j| j.done.clone()).collect();
        lock(&queue.state).jobs.extend(jobs);
        queue.help(0, &markers[1]);
        let me = std::thread::current().id();
        assert_eq!(*lock(&log), [(0, me), (1, me)], "the jobs up to the marker, in order, here");
        assert!(markers[0].done().is_some() && markers[1].done().is_some());
        assert!(markers[2].done().is_none(), "the job after the marker is left to the worker");
        assert_eq!(lock(&queue.state).jobs.len(), 1);
        assert!(!lock(&queue.state).busy);
    }

    #[test]
    fn host_functions_and_a_running_job_stop_the_help() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let queue = Queue::default();
        // A host function first: it stays for the worker, and so does everything after it.
        let jobs = vec![logging_job(&log, 0, false), logging_job(&log, 1, true)];
        let last = jobs[1].done.clone();
        lock(&queue.state).jobs.extend(jobs);
        queue.help(0, &last);
        assert!(lock(&log).is_empty());
        assert_eq!(lock(&queue.state).jobs.len(), 2);
        // Another thread runs one of the stream's jobs: nothing runs beside it.
        let _running = queue.take_if(|_| true).expect("the host function");
        queue.help(0, &last);
        assert!(lock(&log).is_empty(), "a job ran beside the running one");
        queue.ended();
        queue.help(0, &last);
        assert_eq!(lock(&log).len(), 1);
    }

    #[test]
    fn a_launch_then_a_synchronization_completes_and_keeps_stream_order() {
        // The worker's first job blocks until released, so that later jobs queue behind it:
        // the synchronizing thread must wait for it, never run the later ones beside it.
        let s = StreamInner::spawn(0x5eed, 0);
        let (release, released) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicBool::new(false)));
        let (r, d) = (release.clone(), released.clone());
        let first = enqueue(
            &s,
            Vec::new(),
            Box::new(move || {
                while !r.load(Ordering::Acquire) {
                    std::thread::yield_now();
                }
                d.store(true, Ordering::Release);
            }),
        );
        let log = Arc::new(Mutex::new(Vec::new()));
        for i in 0..4 {
            let (log, d) = (log.clone(), released.clone());
            enqueue_as(
                &s,
                Vec::new(),
                Box::new(move || lock(&log).push((i, d.load(Ordering::Acquire)))),
                NodeType::Kernel,
            );
        }
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(20));
                release.store(true, Ordering::Release);
            });
            s.wait_idle();
        });
        assert!(first.done().is_some());
        assert_eq!(*lock(&log), [(0, true), (1, true), (2, true), (3, true)]);
        s.stop();
    }
}
