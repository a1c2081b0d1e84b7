//! CUDA graphs: graphs of work nodes (kernels, copies, memsets, host functions, empty nodes)
//! with dependencies, built explicitly or by stream capture; executable graphs launched on
//! streams.
//!
//! Nodes are added only after the nodes they depend on, so a graph's node order is a
//! topological order: an executable graph runs its nodes in that order on the launching
//! stream's worker, which respects every dependency. Launches of one executable graph are
//! serialized, as in CUDA.
//!
//! Stream capture: while a stream captures, the work enqueued on it becomes nodes (depending
//! on the stream's capture tail) instead of running. Events recorded in a capturing stream and
//! waited on by another stream fork the capture into that stream; waiting back in the origin
//! stream joins it.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::thread::ThreadId;

use crate::context::{api, ctx, lock};
use crate::error::{Error, Result};
use crate::event::Event;
use crate::stream::{Marker, Stream, StreamInner, Work, enqueue, resolve};

/// The work of one node (repeatable: a graph may be launched many times).
pub type NodeFn = Arc<dyn Fn() + Send + Sync>;

/// One node.
#[derive(Clone)]
struct Node {
    handle: u64,
    deps: Vec<usize>,
    /// `None`: an empty node.
    work: Option<NodeFn>,
}

impl std::fmt::Debug for Node {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Node").field("handle", &self.handle).field("deps", &self.deps).finish()
    }
}

/// A graph's nodes, in a topological order.
#[derive(Debug, Default)]
struct GraphData {
    nodes: Vec<Node>,
}

/// An executable graph.
struct Exec {
    work: Vec<NodeFn>,
    /// The marker of the last launch (launches are serialized).
    last: Mutex<Option<Arc<Marker>>>,
}

#[derive(Default)]
struct Registry {
    graphs: HashMap<u64, Arc<Mutex<GraphData>>>,
    /// Node handle → (graph handle, index).
    nodes: HashMap<u64, (u64, usize)>,
    execs: HashMap<u64, Arc<Exec>>,
    /// Active capture sequences.
    active: Vec<Arc<CaptureSeq>>,
}

fn reg() -> MutexGuard<'static, Registry> {
    static R: OnceLock<Mutex<Registry>> = OnceLock::new();
    lock(R.get_or_init(Default::default))
}

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
pub(crate) struct CaptureSeq {
    id: u64,
    graph: u64,
    data: Arc<Mutex<GraphData>>,
    origin: u64,
    mode: CaptureMode,
    thread: ThreadId,
    invalidated: AtomicBool,
    /// Whether a blocking stream takes part (then legacy-stream use is an implicit dependency).
    blocking: AtomicBool,
}

/// A stream's part in a capture sequence.
#[derive(Debug, Clone)]
pub(crate) struct StreamCapture {
    seq: Arc<CaptureSeq>,
    /// The nodes the stream's next captured work depends on.
    tail: Vec<usize>,
}

/// A capture point recorded by an event (`cudaEventRecord` in a capturing stream).
#[derive(Debug, Clone)]
pub(crate) struct CapturePoint {
    seq: Arc<CaptureSeq>,
    nodes: Vec<usize>,
}

fn add_node(g: &mut GraphData, graph: u64, deps: Vec<usize>, work: Option<NodeFn>) -> (u64, usize) {
    let handle = ctx().handle();
    let idx = g.nodes.len();
    g.nodes.push(Node { handle, deps, work });
    reg().nodes.insert(handle, (graph, idx));
    (handle, idx)
}

/// Called for all work enqueued on `s`: `None` if it was captured into a graph (or dropped,
/// the capture being invalidated), else the work to run.
pub(crate) fn capture_work(s: &StreamInner, work: Work) -> Option<Work> {
    let mut cap = lock(&s.capture);
    let Some(sc) = cap.as_mut() else { return Some(work) };
    if sc.seq.invalidated.load(Ordering::Relaxed) {
        return None;
    }
    let deps = std::mem::take(&mut sc.tail);
    let (_, idx) = add_node(&mut lock(&sc.seq.data), sc.seq.graph, deps, Some(Arc::from(work)));
    sc.tail = vec![idx];
    None
}

/// Synchronizing or polling a capturing stream: [`Error::StreamCaptureUnsupported`], and the
/// capture is invalidated.
pub(crate) fn forbid_while_capturing(s: &StreamInner) -> Result<()> {
    if let Some(sc) = lock(&s.capture).as_ref() {
        sc.seq.invalidated.store(true, Ordering::Relaxed);
        return Err(Error::StreamCaptureUnsupported);
    }
    Ok(())
}

/// Using the legacy default stream while a blocking stream captures: an implicit dependency,
/// [`Error::StreamCaptureImplicit`] (the capture is invalidated).
pub(crate) fn check_legacy_use() -> Result<()> {
    let r = reg();
    let mut err = Ok(());
    for seq in &r.active {
        if seq.blocking.load(Ordering::Relaxed) {
            seq.invalidated.store(true, Ordering::Relaxed);
            err = Err(Error::StreamCaptureImplicit);
        }
    }
    err
}

/// A potentially unsafe call during capture (`cudaMalloc`, `cudaFree`, `cudaMallocHost`,
/// `cudaFreeHost`, `cudaDeviceSynchronize`): [`Error::StreamCaptureUnsupported`] as CUDA
/// decides from the calling thread's interaction mode (see
/// [`exchange_thread_capture_mode`]): Global — a non-relaxed capture of this thread or a
/// global capture of another thread prohibits it; ThreadLocal — only a non-relaxed capture of
/// this thread; Relaxed — nothing. The offending captures are invalidated.
pub(crate) fn check_unsafe_call() -> Result<()> {
    let mode = THREAD_MODE.with(std::cell::Cell::get);
    if mode == CaptureMode::Relaxed as i32 {
        return Ok(());
    }
    let me = std::thread::current().id();
    let r = reg();
    let mut err = Ok(());
    for seq in &r.active {
        let local = seq.thread == me && seq.mode != CaptureMode::Relaxed;
        let other = seq.thread != me && seq.mode == CaptureMode::Global && mode == CaptureMode::Global as i32;
        if local || other {
            seq.invalidated.store(true, Ordering::Relaxed);
            err = Err(Error::StreamCaptureUnsupported);
        }
    }
    err
}

/// `cudaEventRecord` on a capturing stream: the event records the capture point. Returns
/// `true` if the stream was capturing.
pub(crate) fn record_capture_point(s: &StreamInner) -> Option<CapturePoint> {
    lock(&s.capture).as_ref().map(|sc| CapturePoint { seq: sc.seq.clone(), nodes: sc.tail.clone() })
}

/// `cudaStreamWaitEvent` with capture: joins/forks the capture when the event recorded a
/// capture point of an active sequence; `Ok(true)` if handled here.
pub(crate) fn wait_event_capture(s: &StreamInner, e: Event) -> Result<bool> {
    let point = crate::event::capture_point_of(e)?;
    let active = point.as_ref().filter(|p| reg().active.iter().any(|a| Arc::ptr_eq(a, &p.seq)));
    let mut cap = lock(&s.capture);
    match (cap.as_mut(), active) {
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
            *cap = Some(StreamCapture { seq: p.seq.clone(), tail: p.nodes.clone() });
            Ok(true)
        }
        (Some(sc), None) => {
            // A dependency of captured work on uncaptured work.
            if crate::event::marker_of(e)?.is_some() {
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
pub fn exchange_thread_capture_mode(mode: i32) -> Result<i32> {
    api(|_| {
        CaptureMode::from_raw(mode)?;
        Ok(THREAD_MODE.with(|m| m.replace(mode)))
    })
}

/// `cudaStreamBeginCapture`.
pub fn begin_capture(stream: Stream, mode: i32) -> Result<()> {
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
        let data = Arc::new(Mutex::new(GraphData::default()));
        let graph = c.handle();
        let seq = Arc::new(CaptureSeq {
            id: c.handle(),
            graph,
            data: data.clone(),
            origin: s.handle,
            mode,
            thread: std::thread::current().id(),
            invalidated: AtomicBool::new(false),
            blocking: AtomicBool::new(s.blocking()),
        });
        let mut r = reg();
        r.graphs.insert(graph, data);
        r.active.push(seq.clone());
        *cap = Some(StreamCapture { seq, tail: Vec::new() });
        Ok(())
    })
}

/// Nodes reachable backwards from `from` (including them).
fn ancestors(g: &GraphData, from: &[usize]) -> HashSet<usize> {
    let mut seen = HashSet::new();
    let mut stack: Vec<usize> = from.to_vec();
    while let Some(n) = stack.pop() {
        if seen.insert(n)
            && let Some(node) = g.nodes.get(n)
        {
            stack.extend(node.deps.iter().copied());
        }
    }
    seen
}

/// `cudaStreamEndCapture`: the captured graph.
pub fn end_capture(stream: Stream) -> Result<Graph> {
    api(|c| {
        let s = resolve(stream)?;
        let seq = match lock(&s.capture).as_ref() {
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
        let origin_tail = lock(&s.capture).take().map(|sc| sc.tail).unwrap_or_default();
        let streams: Vec<Arc<StreamInner>> = lock(&c.streams).values().cloned().collect();
        let mut others = Vec::new();
        for o in streams {
            let mut cap = lock(&o.capture);
            if cap.as_ref().is_some_and(|sc| Arc::ptr_eq(&sc.seq, &seq))
                && let Some(sc) = cap.take()
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
            drop_graph(seq.graph);
            return Err(if unjoined { Error::StreamCaptureUnjoined } else { Error::StreamCaptureInvalidated });
        }
        Ok(Graph(seq.graph))
    })
}

/// `cudaStreamIsCapturing`.
pub fn capture_status(stream: Stream) -> Result<CaptureStatus> {
    api(|_| Ok(status_of(&*resolve(stream)?)))
}

fn status_of(s: &StreamInner) -> CaptureStatus {
    match lock(&s.capture).as_ref() {
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
        Ok(match cap.as_ref() {
            None => CaptureInfo { status, id: 0, graph: None, dependencies: Vec::new() },
            Some(sc) => {
                let g = lock(&sc.seq.data);
                let deps = sc.tail.iter().filter_map(|&i| g.nodes.get(i)).map(|n| GraphNode(n.handle)).collect();
                CaptureInfo { status, id: sc.seq.id, graph: Some(Graph(sc.seq.graph)), dependencies: deps }
            }
        })
    })
}

/// A graph handle (`cudaGraph_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Graph(pub u64);

/// A graph node handle (`cudaGraphNode_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GraphNode(pub u64);

/// An executable graph handle (`cudaGraphExec_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GraphExec(pub u64);

fn drop_graph(h: u64) {
    let mut r = reg();
    if r.graphs.remove(&h).is_some() {
        r.nodes.retain(|_, (g, _)| *g != h);
    }
}

impl Graph {
    /// `cudaGraphCreate` (`flags` must be 0).
    pub fn new(flags: u32) -> Result<Graph> {
        api(|c| {
            if flags != 0 {
                return Err(Error::InvalidValue);
            }
            let h = c.handle();
            reg().graphs.insert(h, Arc::new(Mutex::new(GraphData::default())));
            Ok(Graph(h))
        })
    }

    /// `cudaGraphDestroy`.
    pub fn destroy(self) -> Result<()> {
        api(|_| {
            if !reg().graphs.contains_key(&self.0) {
                return Err(Error::InvalidValue);
            }
            drop_graph(self.0);
            Ok(())
        })
    }

    /// Adds a node doing `work` (`None`: an empty node) after `deps` (nodes of this graph).
    pub fn add_node(self, deps: &[GraphNode], work: Option<NodeFn>) -> Result<GraphNode> {
        api(|_| {
            let (data, idx) = {
                let r = reg();
                let data = r.graphs.get(&self.0).cloned().ok_or(Error::InvalidValue)?;
                let mut idx = Vec::with_capacity(deps.len());
                for d in deps {
                    match r.nodes.get(&d.0) {
                        Some(&(g, i)) if g == self.0 && !idx.contains(&i) => idx.push(i),
                        _ => return Err(Error::InvalidValue),
                    }
                }
                (data, idx)
            };
            let (h, _) = add_node(&mut lock(&data), self.0, idx, work);
            Ok(GraphNode(h))
        })
    }

    /// The nodes, in the order they were added (`cudaGraphGetNodes`).
    pub fn nodes(self) -> Result<Vec<GraphNode>> {
        api(|_| {
            let data = reg().graphs.get(&self.0).cloned().ok_or(Error::InvalidValue)?;
            Ok(lock(&data).nodes.iter().map(|n| GraphNode(n.handle)).collect())
        })
    }

    /// `cudaGraphInstantiate(WithFlags)`: `flags` among AutoFreeOnLaunch (1), Upload (2) and
    /// UseNodePriority (8); DeviceLaunch (4) is not supported.
    pub fn instantiate(self, flags: u64) -> Result<GraphExec> {
        api(|c| {
            if flags & !0xf != 0 {
                return Err(Error::InvalidValue);
            }
            if flags & 4 != 0 {
                return Err(Error::NotSupported);
            }
            let data = reg().graphs.get(&self.0).cloned().ok_or(Error::InvalidValue)?;
            let work = lock(&data).nodes.iter().filter_map(|n| n.work.clone()).collect();
            let h = c.handle();
            reg().execs.insert(h, Arc::new(Exec { work, last: Mutex::new(None) }));
            Ok(GraphExec(h))
        })
    }
}

impl GraphExec {
    /// `cudaGraphLaunch`: runs the graph's nodes on `stream` (after the work enqueued before,
    /// and after this graph's previous launch).
    pub fn launch(self, stream: Stream) -> Result<()> {
        api(|_| {
            let exec = reg().execs.get(&self.0).cloned().ok_or(Error::InvalidValue)?;
            let s = resolve(stream)?;
            let mut last = lock(&exec.last);
            let deps: Vec<Arc<Marker>> = last.iter().filter(|m| m.done().is_none()).cloned().collect();
            let e2 = exec.clone();
            let m = enqueue(
                &s,
                deps,
                Box::new(move || {
                    for w in &e2.work {
                        w();
                    }
                }),
            );
            *last = Some(m);
            Ok(())
        })
    }

    /// `cudaGraphUpload`: checks the handles (nothing to upload on the CPU).
    pub fn upload(self, stream: Stream) -> Result<()> {
        api(|_| {
            if !reg().execs.contains_key(&self.0) {
                return Err(Error::InvalidValue);
            }
            resolve(stream).map(|_| ())
        })
    }

    /// `cudaGraphExecDestroy`.
    pub fn destroy(self) -> Result<()> {
        api(|_| reg().execs.remove(&self.0).map(|_| ()).ok_or(Error::InvalidValue))
    }
}

/// A kernel node's work: `f` launched with `params` (validated now as a launch would be).
pub fn kernel_work(
    f: &crate::module::Function,
    grid: crate::Dim3,
    block: crate::Dim3,
    dynamic_shared: u32,
    params: Vec<u8>,
) -> Result<NodeFn> {
    crate::launch::validate(f, grid, block, dynamic_shared)?;
    let module = f.module.clone();
    let name = f.name.clone();
    Ok(Arc::new(move || {
        crate::launch::run_kernel(
            &module,
            &name,
            grid,
            block,
            dynamic_shared,
            &params,
            &ctx().mem(),
            Default::default(),
        )
    }))
}
