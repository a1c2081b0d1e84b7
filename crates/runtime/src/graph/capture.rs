//! Stream capture: while a stream captures, the work enqueued on it becomes nodes (depending
//! on the stream's capture tail) instead of running. Events recorded in a capturing stream and
//! waited on by another stream fork the capture into that stream; waiting back in the origin
//! stream joins it. Capture modes (global, thread-local, relaxed) decide which potentially
//! unsafe calls are prohibited, per the calling thread's interaction mode.
//!
//! The layers below know capture only through hooks this module installs when the first
//! capture begins: each capturing stream holds its [`StreamCapture`] as a
//! [`CaptureState`](crate::stream::CaptureState), the checks over all captures are
//! [`Captures`] (a [`CaptureRegistry`]), and a kernel launch in a capturing stream becomes a
//! kernel node through [`capture_launch`].

use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;

use super::{
    EdgeData, Graph, GraphData, GraphNode, KernelNode, NodeKind, NodeType, Registry, ancestors, drop_graph,
    insert_node, reg,
};
use crate::Dim3;
use crate::context::{api, lock};
use crate::error::{Error, Result};
use crate::module::Function;
use crate::stream::{self, CaptureRegistry, CaptureState, Stream, StreamInner, Work, resolve};

/// `cudaStreamCaptureMode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureMode {
    /// `cudaStreamCaptureModeGlobal` (0).
    Global = 0,
    /// `cudaStreamCaptureModeThreadLocal` (1).
    ThreadLocal = 1,
    /// `cudaStreamCaptureModeRelaxed` (2).
    Relaxed = 2,
}

impl CaptureMode {
    /// The mode with CUDA value `v`.
    pub fn from_raw(v: i32) -> Result<CaptureMode> {
        match v {
            0 => Ok(CaptureMode::Global),
            1 => Ok(CaptureMode::ThreadLocal),
            2 => Ok(CaptureMode::Relaxed),
            _ => Err(Error::InvalidValue),
        }
    }
}

/// `cudaStreamCaptureStatus`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureStatus {
    /// `cudaStreamCaptureStatusNone` (0).
    None = 0,
    /// `cudaStreamCaptureStatusActive` (1).
    Active = 1,
    /// `cudaStreamCaptureStatusInvalidated` (2).
    Invalidated = 2,
}

/// A capture sequence (begun by `cudaStreamBeginCapture` on its origin stream).
#[derive(Debug)]
pub struct CaptureSeq {
    id: u64,
    graph: u64,
    data: Arc<Mutex<GraphData>>,
    origin: u64,
    mode: CaptureMode,
    thread: ThreadId,
    invalidated: AtomicBool,
    /// Whether a blocking stream takes part (then legacy-stream use is an implicit dependency).
    blocking: AtomicBool,
    /// Whether it captures into the caller's graph (`cudaStreamBeginCaptureToGraph`), which
    /// a failed capture then leaves to the caller.
    user_graph: bool,
}

/// A stream's part in a capture sequence.
#[derive(Debug, Clone)]
struct StreamCapture {
    seq: Arc<CaptureSeq>,
    /// The nodes the stream's next captured work depends on.
    tail: Vec<u64>,
}

/// A capture point recorded by an event (`cudaEventRecord` in a capturing stream).
#[derive(Debug, Clone)]
struct CapturePoint {
    seq: Arc<CaptureSeq>,
    nodes: Vec<u64>,
}

impl CaptureState for StreamCapture {
    /// Work enqueued on a capturing stream becomes a node (nothing, once the capture is
    /// invalidated).
    fn record(&mut self, work: Work, ty: NodeType) {
        append(self, NodeKind::Work { ty, work: Arc::from(work), params: None, fixed: None });
    }

    fn invalidate(&self) {
        self.seq.invalidated.store(true, Ordering::Relaxed);
    }

    fn is_invalidated(&self) -> bool {
        self.seq.invalidated.load(Ordering::Relaxed)
    }

    fn record_shared(&mut self, work: crate::work::NodeFn, ty: NodeType) {
        append(self, NodeKind::Work { ty, work, params: None, fixed: None });
    }

    fn record_copy(&mut self, work: Work, kind: i32) {
        let fixed = crate::memory::MemcpyKind::from_raw(kind).ok().map(super::Fixed::Copy);
        append(self, NodeKind::Work { ty: NodeType::Memcpy, work: Arc::from(work), params: None, fixed });
    }

    fn event_node(&mut self, event: u64, wait: bool) {
        let event = crate::event::Event(event);
        append(self, if wait { NodeKind::WaitEvent(event) } else { NodeKind::EventRecord(event) });
    }

    fn point(&self) -> stream::CapturePoint {
        Arc::new(CapturePoint { seq: self.seq.clone(), nodes: self.tail.clone() })
    }
}

/// The stream's part in a capture, if it is capturing.
fn part(state: &mut Option<Box<dyn CaptureState>>) -> Option<&mut StreamCapture> {
    state.as_mut().and_then(|s| (&mut **s as &mut dyn Any).downcast_mut::<StreamCapture>())
}

/// Ends the stream's part in its capture, returning it.
fn take_part(state: &mut Option<Box<dyn CaptureState>>) -> Option<StreamCapture> {
    let boxed: Box<dyn Any> = state.take()?;
    boxed.downcast::<StreamCapture>().ok().map(|b| *b)
}

/// The same, read-only.
fn part_ref(state: &Option<Box<dyn CaptureState>>) -> Option<&StreamCapture> {
    state.as_ref().and_then(|s| (&**s as &dyn Any).downcast_ref::<StreamCapture>())
}

/// Installs the capture hooks in the stream and launch layers (once).
fn install_hooks() {
    static CAPTURES: Captures = Captures;
    stream::install_capture_registry(&CAPTURES);
    crate::launch::install_kernel_capture(capture_launch);
}

/// A kernel launch on `s`: `None` if the stream is not capturing (the caller enqueues it),
/// else the launch becomes a kernel node (as `cudaGraphAddKernelNode` makes one, so the
/// kernel-node calls see its function, configuration and parameters), or the error making it
/// gave. A launch that allows programmatic stream serialization gets programmatic edges
/// from the kernel nodes before it, as an H200 captures it
/// (gpu-unseen/runtime16_graph_programmatic_edges).
fn capture_launch(
    s: &StreamInner,
    function: &Function,
    grid: Dim3,
    block: Dim3,
    dynamic_shared: u32,
    params: &[u8],
    programmatic: bool,
) -> Option<Result<()>> {
    let mut cap = lock(&s.capture);
    let sc = part(&mut cap)?;
    if sc.seq.invalidated.load(Ordering::Relaxed) {
        return Some(Err(Error::StreamCaptureInvalidated));
    }
    let node = KernelNode::new(function.clone(), grid, block, dynamic_shared, params.to_vec());
    // The kernel node takes the stream's priority as its launch attribute (an H200's answer,
    // unseen13a_graph_kernel_attrs).
    let priority = lock(&s.attrs).get(&stream::ATTR_PRIORITY).copied();
    Some(node.map(|mut k| {
        if let Some(p) = priority {
            k.attrs.insert(stream::ATTR_PRIORITY, p);
        }
        append_with(sc, NodeKind::Kernel(k), programmatic)
    }))
}

/// Adds `kind` to the stream's capture after its tail (nothing once the capture is invalidated).
fn append(sc: &mut StreamCapture, kind: NodeKind) {
    append_with(sc, kind, false);
}

/// [`append`], the edges from the tail's kernel nodes programmatic ones if `programmatic`.
fn append_with(sc: &mut StreamCapture, kind: NodeKind, programmatic: bool) {
    if sc.seq.invalidated.load(Ordering::Relaxed) {
        return;
    }
    let deps = std::mem::take(&mut sc.tail);
    let mut data = lock(&sc.seq.data);
    let edge_data = if programmatic {
        let kernels = deps.iter().filter(|d| data.node(**d).is_some_and(|n| n.kind.ty() == NodeType::Kernel));
        kernels.map(|d| (*d, EdgeData::PROGRAMMATIC)).collect()
    } else {
        Vec::new()
    };
    let h = insert_node(&mut data, sc.seq.graph, deps, edge_data, kind);
    sc.tail = vec![h];
}

/// The checks over every capture sequence, as the stream layer asks them.
struct Captures;

impl CaptureRegistry for Captures {
    fn check_legacy_use(&self) -> Result<()> {
        check_legacy_use()
    }

    fn check_unsafe_call(&self) -> Result<()> {
        check_unsafe_call()
    }

    fn check_device_sync(&self) -> Result<()> {
        let r = reg();
        for seq in &r.active {
            seq.invalidated.store(true, Ordering::Relaxed);
        }
        if r.active.is_empty() { Ok(()) } else { Err(Error::StreamCaptureUnsupported) }
    }

    fn wait_event(&self, s: &StreamInner, point: Option<stream::CapturePoint>, recorded: bool) -> Result<bool> {
        let point = point.and_then(|p| p.downcast::<CapturePoint>().ok());
        wait_event_capture(s, point.as_deref(), recorded)
    }

    fn is_active(&self, point: &stream::CapturePoint) -> bool {
        point.downcast_ref::<CapturePoint>().is_some_and(|p| reg().active.iter().any(|a| Arc::ptr_eq(a, &p.seq)))
    }

    fn invalidate(&self, point: &stream::CapturePoint) {
        if let Some(p) = point.downcast_ref::<CapturePoint>() {
            p.seq.invalidated.store(true, Ordering::Relaxed);
        }
    }
}

/// Using the legacy default stream while a blocking stream captures: an implicit dependency,
/// [`Error::StreamCaptureImplicit`] (the capture is invalidated).
fn check_legacy_use() -> Result<()> {
    let r = reg();
    let mut err = Ok(());
    for seq in captures_with_blocking_streams(&r) {
        seq.invalidated.store(true, Ordering::Relaxed);
        err = Err(Error::StreamCaptureImplicit);
    }
    err
}

/// The active captures a blocking stream takes part in: the legacy stream depends on them
/// implicitly.
fn captures_with_blocking_streams(r: &Registry) -> impl Iterator<Item = &Arc<CaptureSeq>> {
    r.active.iter().filter(|seq| seq.blocking.load(Ordering::Relaxed))
}

/// A potentially unsafe call during capture (`cudaMalloc`, `cudaFree`, `cudaMallocHost`,
/// `cudaFreeHost`, `cudaEventQuery`): [`Error::StreamCaptureUnsupported`] as CUDA
/// decides from the calling thread's interaction mode (see
/// [`exchange_thread_capture_mode`]): Global — a non-relaxed capture of this thread or a
/// global capture of another thread prohibits it; ThreadLocal — only a non-relaxed capture of
/// this thread; Relaxed — nothing. The offending captures are invalidated.
fn check_unsafe_call() -> Result<()> {
    let mode = THREAD_MODE.with(std::cell::Cell::get);
    if mode == CaptureMode::Relaxed as i32 {
        return Ok(());
    }
    let me = std::thread::current().id();
    let r = reg();
    let mut err = Ok(());
    for seq in &r.active {
        let local = seq.thread == me && seq.mode != CaptureMode::Relaxed;
        let other = seq.thread != me && seq.mode == CaptureMode::Global && mode != CaptureMode::ThreadLocal as i32;
        if local || other {
            seq.invalidated.store(true, Ordering::Relaxed);
            err = Err(Error::StreamCaptureUnsupported);
        }
    }
    err
}

/// `cudaStreamWaitEvent` with capture, for an event whose last record left `point` (in a
/// capturing stream) or was made outside capture (`recorded`): joins/forks the capture when
/// the point is of an active sequence; `Ok(true)` if handled here.
fn wait_event_capture(s: &StreamInner, point: Option<&CapturePoint>, recorded: bool) -> Result<bool> {
    let active = point.filter(|p| reg().active.iter().any(|a| Arc::ptr_eq(a, &p.seq)));
    let mut cap = lock(&s.capture);
    match (part(&mut cap), active) {
        (Some(sc), Some(p)) => {
            if !Arc::ptr_eq(&sc.seq, &p.seq) {
                return Err(Error::StreamCaptureMerge);
            }
            for n in &p.nodes {
                if !sc.tail.contains(n) {
                    sc.tail.push(*n);
                }
            }
            Ok(true)
        }
        (None, Some(p)) => {
            if s.blocking() {
                p.seq.blocking.store(true, Ordering::Relaxed);
            }
            *cap = Some(Box::new(StreamCapture { seq: p.seq.clone(), tail: p.nodes.clone() }));
            Ok(true)
        }
        (Some(sc), None) => {
            // A dependency of captured work on uncaptured work.
            if recorded {
                sc.seq.invalidated.store(true, Ordering::Relaxed);
                return Err(Error::StreamCaptureIsolation);
            }
            Ok(true)
        }
        (None, None) => Ok(false),
    }
}

thread_local! {
    static THREAD_MODE: std::cell::Cell<i32> = const { std::cell::Cell::new(0) };
}

/// `cudaThreadExchangeStreamCaptureMode`: sets this thread's mode, returns the previous one.
/// Any value is taken and handed back, as an H200 does (unseen11b_capture_info_modes); one
/// that is no mode acts as Global, the strictest.
pub fn exchange_thread_capture_mode(mode: i32) -> Result<i32> {
    api(|_| Ok(THREAD_MODE.with(|m| m.replace(mode))))
}

/// `cudaStreamBeginCapture`.
pub fn begin_capture(stream: Stream, mode: i32) -> Result<()> {
    begin(stream, None, &[], mode)
}

/// `cudaStreamBeginCaptureToGraph`: captures into `graph` (an existing graph, a conditional
/// body say), the first captured work depending on `deps` (nodes of it).
pub fn begin_capture_to_graph(stream: Stream, graph: Graph, deps: &[GraphNode], mode: i32) -> Result<()> {
    begin(stream, Some(graph), deps, mode)
}

fn begin(stream: Stream, into: Option<Graph>, deps: &[GraphNode], mode: i32) -> Result<()> {
    install_hooks();
    api(|c| {
        let mode = CaptureMode::from_raw(mode)?;
        let s = resolve(stream)?;
        if s.handle == 0 {
            return Err(Error::StreamCaptureUnsupported);
        }
        let mut cap = lock(&s.capture);
        if cap.is_some() {
            return Err(Error::IllegalState);
        }
        let (graph, data) = match into {
            Some(g) => {
                let d = super::data_of(g)?;
                {
                    let gd = lock(&d);
                    if deps.iter().any(|n| gd.node(n.0).is_none()) {
                        return Err(Error::InvalidValue);
                    }
                }
                (g.0, d)
            }
            None => (c.handle(), Arc::new(Mutex::new(GraphData::default()))),
        };
        let seq = Arc::new(CaptureSeq {
            id: c.handle(),
            graph,
            data: data.clone(),
            origin: s.handle,
            mode,
            thread: std::thread::current().id(),
            invalidated: AtomicBool::new(false),
            blocking: AtomicBool::new(s.blocking()),
            user_graph: into.is_some(),
        });
        let mut r = reg();
        if into.is_none() {
            r.graphs.insert(graph, data);
        }
        r.active.push(seq.clone());
        *cap = Some(Box::new(StreamCapture { seq, tail: deps.iter().map(|n| n.0).collect() }));
        Ok(())
    })
}

/// `cudaStreamUpdateCaptureDependencies`: the nodes (of the graph being captured) the
/// stream's next captured work depends on: `deps` added (`flags` 0) or instead (1).
pub fn update_capture_dependencies(stream: Stream, deps: &[GraphNode], flags: u32) -> Result<()> {
    api(|_| {
        if flags > 1 {
            return Err(Error::InvalidValue);
        }
        let s = resolve(stream)?;
        let mut cap = lock(&s.capture);
        let Some(sc) = part(&mut cap) else { return Err(Error::IllegalState) };
        {
            let g = lock(&sc.seq.data);
            if deps.iter().any(|n| g.node(n.0).is_none()) {
                return Err(Error::InvalidValue);
            }
        }
        if flags == 1 {
            sc.tail.clear();
        }
        for n in deps {
            if !sc.tail.contains(&n.0) {
                sc.tail.push(n.0);
            }
        }
        Ok(())
    })
}

/// Whether `stream` captures into a graph the caller made (`cudaStreamBeginCaptureToGraph`), so
/// that ending the capture need not hand a graph back: CUDA accepts a null `pGraph` there (the
/// Programming Guide's conditional-node examples end such captures with `nullptr`).
pub fn captures_into_existing_graph(stream: Stream) -> bool {
    resolve(stream).is_ok_and(|s| part_ref(&lock(&s.capture)).is_some_and(|sc| sc.seq.user_graph))
}

/// `cudaStreamEndCapture`: the captured graph.
pub fn end_capture(stream: Stream) -> Result<Graph> {
    api(|_| {
        let s = resolve(stream)?;
        let seq = match part_ref(&lock(&s.capture)) {
            None => return Err(Error::IllegalState),
            Some(sc) => sc.seq.clone(),
        };
        if seq.origin != s.handle {
            seq.invalidated.store(true, Ordering::Relaxed);
            return Err(Error::StreamCaptureUnmatched);
        }
        if seq.mode != CaptureMode::Relaxed && seq.thread != std::thread::current().id() {
            return Err(Error::StreamCaptureWrongThread);
        }
        // End the capture in every stream taking part; all must have joined the origin.
        let origin_tail = take_part(&mut lock(&s.capture)).map(|sc| sc.tail).unwrap_or_default();
        let mut others = Vec::new();
        for o in stream::live_streams() {
            let mut cap = lock(&o.capture);
            if part_ref(&cap).is_some_and(|sc| Arc::ptr_eq(&sc.seq, &seq))
                && let Some(sc) = take_part(&mut cap)
            {
                others.push(sc.tail);
            }
        }
        reg().active.retain(|a| !Arc::ptr_eq(a, &seq));
        let unjoined = {
            let g = lock(&seq.data);
            let reach = ancestors(&g, &origin_tail);
            others.iter().flatten().any(|n| !reach.contains(n))
        };
        if unjoined || seq.invalidated.load(Ordering::Relaxed) {
            if !seq.user_graph {
                drop_graph(seq.graph);
            }
            return Err(if unjoined { Error::StreamCaptureUnjoined } else { Error::StreamCaptureInvalidated });
        }
        Ok(Graph(seq.graph))
    })
}

/// `cudaStreamIsCapturing`. On the legacy stream: [`Error::StreamCaptureImplicit`] while a
/// blocking stream captures, which (unlike other uses of the legacy stream) leaves that
/// capture valid, as CUDA documents.
pub fn capture_status(stream: Stream) -> Result<CaptureStatus> {
    api(|_| {
        if stream.0 <= 1 {
            return match captures_with_blocking_streams(&reg()).next() {
                Some(_) => Err(Error::StreamCaptureImplicit),
                None => Ok(CaptureStatus::None),
            };
        }
        Ok(status_of(&*resolve(stream)?))
    })
}

fn status_of(s: &StreamInner) -> CaptureStatus {
    match part_ref(&lock(&s.capture)) {
        None => CaptureStatus::None,
        Some(sc) if sc.seq.invalidated.load(Ordering::Relaxed) => CaptureStatus::Invalidated,
        Some(_) => CaptureStatus::Active,
    }
}

/// `cudaStreamGetCaptureInfo`'s results.
#[derive(Debug, Clone)]
pub struct CaptureInfo {
    /// The status.
    pub status: CaptureStatus,
    /// The capture sequence's unique id (0 when not capturing).
    pub id: u64,
    /// The graph being captured into.
    pub graph: Option<Graph>,
    /// The nodes the stream's next captured work will depend on.
    pub dependencies: Vec<GraphNode>,
}

/// `cudaStreamGetCaptureInfo`.
pub fn capture_info(stream: Stream) -> Result<CaptureInfo> {
    api(|_| {
        let s = resolve(stream)?;
        let status = status_of(&s);
        let cap = lock(&s.capture);
        Ok(match part_ref(&cap) {
            None => CaptureInfo { status, id: 0, graph: None, dependencies: Vec::new() },
            Some(sc) => {
                let deps = sc.tail.iter().map(|&h| GraphNode(h)).collect();
                CaptureInfo { status, id: sc.seq.id, graph: Some(Graph(sc.seq.graph)), dependencies: deps }
            }
        })
    })
}
