//! Where a program's time goes: with `CUPRITE_PROFILE=1` a summary like nsys's is printed on
//! stderr at exit (per kernel, per copy kind, per API call: [`summary`]); with
//! `CUPRITE_TRACE=FILE` a Chrome/Perfetto trace of the same events, one track per host thread
//! and per stream, is written to FILE at exit ([`trace`]).
//!
//! Off (the default), each instrumented point costs one relaxed atomic load ([`enabled`]).
//! On, each event is timed on the thread that does it and added to one table under a mutex.

pub mod summary;
pub mod trace;

use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use simt::Dim3;

/// [`STATE`] before the environment was read.
const UNKNOWN: u8 = 0;
/// [`STATE`]: profiling off.
const OFF: u8 = 1;
/// [`STATE`]: profiling on.
const ON: u8 = 2;

/// Whether profiling is on (read from the environment on first use).
static STATE: AtomicU8 = AtomicU8::new(UNKNOWN);

/// Whether events are recorded (`CUPRITE_PROFILE` or `CUPRITE_TRACE` set): one relaxed load
/// once known.
#[inline]
pub fn enabled() -> bool {
    match STATE.load(Ordering::Relaxed) {
        OFF => false,
        ON => true,
        _ => start(),
    }
}

/// Reads the environment; when profiling is on, starts the clock and arranges the report at
/// exit.
#[cold]
fn start() -> bool {
    let on = simt::env::profile() || simt::env::trace().is_some();
    if STATE.compare_exchange(UNKNOWN, if on { ON } else { OFF }, Ordering::Relaxed, Ordering::Relaxed).is_ok() && on {
        // The clock starts now.
        drop(record());
        // SAFETY: `report_at_exit` is an `extern "C" fn()` that neither unwinds (it catches
        // panics) nor returns into freed code (the library stays loaded until exit).
        unsafe { atexit(report_at_exit) };
    }
    STATE.load(Ordering::Relaxed) == ON
}

unsafe extern "C" {
    fn atexit(f: extern "C" fn()) -> i32;
}

extern "C" fn report_at_exit() {
    let _ = std::panic::catch_unwind(report);
}

/// Prints the summary and writes the trace, as the environment asks.
pub fn report() {
    let r = record();
    if simt::env::profile() {
        eprint!("{}", summary::render(&r, Instant::now()));
    }
    if let Some(path) = simt::env::trace() {
        let pid = std::process::id();
        match std::fs::write(&path, trace::render(&r, pid)) {
            Ok(()) => eprintln!("cuprite: trace written to {path} (open it in https://ui.perfetto.dev)"),
            Err(e) => eprintln!("cuprite: cannot write the trace to {path}: {e}"),
        }
    }
}

/// What a copy moved between (nsys's names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CopyKind {
    /// Host to device.
    HostToDevice,
    /// Device to host.
    DeviceToHost,
    /// Device to device.
    DeviceToDevice,
    /// Host to host.
    HostToHost,
    /// A memset of device memory.
    Memset,
}

impl CopyKind {
    /// The kind of a copy between ends on the device (`true`) or the host.
    pub fn between(dst_device: bool, src_device: bool) -> CopyKind {
        match (src_device, dst_device) {
            (false, true) => CopyKind::HostToDevice,
            (true, false) => CopyKind::DeviceToHost,
            (true, true) => CopyKind::DeviceToDevice,
            (false, false) => CopyKind::HostToHost,
        }
    }

    /// Its name in the summary and trace.
    pub fn name(self) -> &'static str {
        match self {
            CopyKind::HostToDevice => "memcpy host-to-device",
            CopyKind::DeviceToHost => "memcpy device-to-host",
            CopyKind::DeviceToDevice => "memcpy device-to-device",
            CopyKind::HostToHost => "memcpy host-to-host",
            CopyKind::Memset => "memset",
        }
    }
}

/// Count and times of one kind of event.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Totals {
    /// How many.
    pub count: u64,
    /// Their total time.
    pub total: Duration,
    /// The shortest.
    pub min: Duration,
    /// The longest.
    pub max: Duration,
    /// Bytes moved (copies and memsets).
    pub bytes: u64,
}

impl Totals {
    fn add(&mut self, d: Duration, bytes: u64) {
        self.min = if self.count == 0 { d } else { self.min.min(d) };
        self.max = self.max.max(d);
        self.count += 1;
        self.total += d;
        self.bytes += bytes;
    }

    /// The mean time.
    pub fn mean(&self) -> Duration {
        self.total / self.count.max(1) as u32
    }
}

/// A kernel as the summary groups launches: name, grid, block and engine tier.
pub type KernelKey = (Arc<str>, [u32; 3], [u32; 3], &'static str);

/// Where an event happened: a host thread (API calls) or a stream (its work).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Track {
    /// The n-th host thread that called the API (1 first).
    Host(u64),
    /// The stream with this handle (0: the legacy default stream).
    Stream(u64),
}

/// One timed event of the trace.
#[derive(Debug, Clone)]
pub struct Event {
    /// What it was (a kernel's or API call's name, a copy kind's name).
    pub name: Arc<str>,
    /// `kernel`, `memcpy`, `memset` or `api`.
    pub category: &'static str,
    /// Where.
    pub track: Track,
    /// When it started, since profiling started.
    pub start: Duration,
    /// How long it took.
    pub duration: Duration,
    /// Details (`key`, `value`) shown with it.
    pub args: Vec<(&'static str, String)>,
}

/// The most events a trace keeps (about 200 bytes each); later ones count in the summary only.
pub const MAX_TRACE_EVENTS: usize = 4_000_000;

/// Everything recorded so far.
#[derive(Debug)]
pub struct Record {
    /// When profiling started.
    pub start: Instant,
    /// Kernel launches by kernel.
    pub kernels: BTreeMap<KernelKey, Totals>,
    /// Copies and memsets by kind.
    pub copies: BTreeMap<CopyKind, Totals>,
    /// API calls by name (outermost calls only, as the host thread spent them).
    pub api: BTreeMap<&'static str, Totals>,
    /// The program's NVTX ranges (`nvtxRangePushA` to `nvtxRangePop`) by name.
    pub ranges: BTreeMap<Arc<str>, Totals>,
    /// The trace's events (when a trace is asked for), in the order they ended.
    pub events: Vec<Event>,
    /// Events left out of the trace (past [`MAX_TRACE_EVENTS`]).
    pub dropped: u64,
    /// Whether to keep [`Record::events`].
    pub tracing: bool,
}

impl Record {
    /// An empty record starting now.
    pub fn new(tracing: bool) -> Record {
        Record {
            start: Instant::now(),
            kernels: BTreeMap::new(),
            copies: BTreeMap::new(),
            api: BTreeMap::new(),
            ranges: BTreeMap::new(),
            events: Vec::new(),
            dropped: 0,
            tracing,
        }
    }

    fn push(&mut self, e: impl FnOnce(Duration) -> Event, start: Instant) {
        if !self.tracing {
            return;
        }
        if self.events.len() >= MAX_TRACE_EVENTS {
            self.dropped += 1;
            return;
        }
        let at = start.saturating_duration_since(self.start);
        self.events.push(e(at));
    }

    /// Records a kernel launch.
    pub fn kernel(&mut self, key: KernelKey, track: Track, start: Instant, duration: Duration) {
        self.kernels.entry(key.clone()).or_default().add(duration, 0);
        let (name, grid, block, tier) = key;
        let dims = |d: [u32; 3]| format!("({}, {}, {})", d[0], d[1], d[2]);
        self.push(
            |at| Event {
                name,
                category: "kernel",
                track,
                start: at,
                duration,
                args: vec![("grid", dims(grid)), ("block", dims(block)), ("tier", tier.to_string())],
            },
            start,
        );
    }

    /// Records a copy or memset.
    pub fn copy(&mut self, kind: CopyKind, bytes: u64, track: Track, start: Instant, duration: Duration) {
        self.copies.entry(kind).or_default().add(duration, bytes);
        let category = if kind == CopyKind::Memset { "memset" } else { "memcpy" };
        self.push(
            |at| Event {
                name: Arc::from(kind.name()),
                category,
                track,
                start: at,
                duration,
                args: vec![("bytes", bytes.to_string())],
            },
            start,
        );
    }

    /// Records an API call.
    pub fn api(&mut self, name: &'static str, track: Track, start: Instant, duration: Duration) {
        self.api.entry(name).or_default().add(duration, 0);
        self.push(
            |at| Event { name: Arc::from(name), category: "api", track, start: at, duration, args: Vec::new() },
            start,
        );
    }
}

impl Record {
    /// Records an NVTX range of the program's.
    pub fn range(&mut self, name: Arc<str>, track: Track, start: Instant, duration: Duration) {
        self.ranges.entry(name.clone()).or_default().add(duration, 0);
        self.push(|at| Event { name, category: "nvtx", track, start: at, duration, args: Vec::new() }, start);
    }
}

/// The process's record.
fn record() -> std::sync::MutexGuard<'static, Record> {
    static RECORD: OnceLock<Mutex<Record>> = OnceLock::new();
    crate::context::lock(RECORD.get_or_init(|| Mutex::new(Record::new(simt::env::trace().is_some()))))
}

thread_local! {
    /// The stream whose work this thread runs now (a stream's worker, or a thread running
    /// synchronous work inline).
    static STREAM: Cell<Option<u64>> = const { Cell::new(None) };
    /// This host thread's number (0: not numbered yet).
    static HOST: Cell<u64> = const { Cell::new(0) };
    /// API calls this thread is inside (only the outermost is recorded).
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// The NVTX ranges this thread pushed and has not popped, innermost last.
    static RANGES: std::cell::RefCell<Vec<(Arc<str>, Instant)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// What NVTX's push and pop return when no tool tracks ranges (profiling off).
pub const NO_PUSH_POP_TRACKING: i32 = -2;

/// `nvtxRangePushA(name)` with profiling on: opens a range on the calling thread; its
/// 0-based nesting level, as an NVTX tool returns it.
pub fn range_push(name: &str) -> i32 {
    if !enabled() {
        return NO_PUSH_POP_TRACKING;
    }
    RANGES.with_borrow_mut(|r| {
        r.push((Arc::from(name), Instant::now()));
        r.len() as i32 - 1
    })
}

/// `nvtxDomainRegisterStringA(domain, text)` with profiling on: a handle that is `text` itself
/// (one NUL-terminated copy per distinct text, kept for the process's life, as a tool keeps
/// it), which ranges naming it show; `None` (NVTX's null handle) when profiling is off.
pub fn register_string(text: &str) -> Option<&'static std::ffi::CStr> {
    static STRINGS: Mutex<BTreeMap<String, &'static std::ffi::CStr>> = Mutex::new(BTreeMap::new());
    if !enabled() {
        return None;
    }
    let mut strings = crate::context::lock(&STRINGS);
    if let Some(s) = strings.get(text) {
        return Some(s);
    }
    let copy: &'static std::ffi::CStr = Box::leak(std::ffi::CString::new(text).ok()?.into_boxed_c_str());
    strings.insert(text.to_string(), copy);
    Some(copy)
}

/// `nvtxRangePop()` with profiling on: closes the calling thread's innermost range and records
/// it; the level it was at (-1 when none was open).
pub fn range_pop() -> i32 {
    if !enabled() {
        return NO_PUSH_POP_TRACKING;
    }
    let Some((name, start, level)) = RANGES.with_borrow_mut(|r| r.pop().map(|(n, s)| (n, s, r.len() as i32))) else {
        return -1;
    };
    let d = start.elapsed();
    record().range(name, host_track(), start, d);
    level
}

/// Runs `f` as work of stream `handle` (events it records land on that stream's track).
#[inline]
pub(crate) fn as_stream<T>(handle: u64, f: impl FnOnce() -> T) -> T {
    if !enabled() {
        return f();
    }
    let old = STREAM.replace(Some(handle));
    let r = f();
    STREAM.set(old);
    r
}

/// The track of work done by the calling thread now.
fn work_track() -> Track {
    STREAM.get().map_or_else(host_track, Track::Stream)
}

/// The calling host thread's track.
fn host_track() -> Track {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let n = HOST.get();
    if n != 0 {
        return Track::Host(n);
    }
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    HOST.set(n);
    Track::Host(n)
}

/// The time now, when profiling is on.
#[inline]
pub fn now() -> Option<Instant> {
    enabled().then(Instant::now)
}

/// Records a kernel launch that started at `start` and just ended.
pub(crate) fn kernel(name: &Arc<str>, grid: Dim3, block: Dim3, tier: simt::Tier, start: Instant) {
    let d = start.elapsed();
    let tier = match tier {
        simt::Tier::Interpreter => "interpreter",
        simt::Tier::ThreadJit => "thread JIT",
        simt::Tier::WarpJit => "warp JIT",
        simt::Tier::Block => "block tier",
    };
    let key = (name.clone(), [grid.x, grid.y, grid.z], [block.x, block.y, block.z], tier);
    record().kernel(key, work_track(), start, d);
}

/// Records a copy or memset of `bytes` bytes that started at `start` and just ended.
pub(crate) fn copy(kind: CopyKind, bytes: u64, start: Instant) {
    let d = start.elapsed();
    record().copy(kind, bytes, work_track(), start, d);
}

/// Times one API call (named as CUDA names it) until it drops; nested calls (an API function
/// calling another) count in the outermost only.
#[derive(Debug)]
#[must_use]
pub struct ApiCall(Option<(&'static str, Instant, bool)>);

/// Starts timing API call `name` (nothing when profiling is off).
#[inline]
pub fn api_call(name: &'static str) -> ApiCall {
    if !enabled() {
        return ApiCall(None);
    }
    let outer = DEPTH.get() == 0;
    DEPTH.set(DEPTH.get() + 1);
    ApiCall(Some((name, Instant::now(), outer)))
}

impl Drop for ApiCall {
    fn drop(&mut self) {
        if let Some((name, start, outer)) = self.0 {
            DEPTH.set(DEPTH.get().saturating_sub(1));
            if outer {
                let d = start.elapsed();
                record().api(name, host_track(), start, d);
            }
        }
    }
}
