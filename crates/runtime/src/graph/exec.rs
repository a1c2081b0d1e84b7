//! Executable graphs: a graph flattened (child graphs inlined) into a topologically ordered
//! list of steps, run in order on the launching stream's worker. Launches of one executable
//! graph are serialized, as in CUDA. Node parameters of an executable graph may be changed
//! (`cudaGraphExec*NodeSetParams`), nodes disabled, or the whole graph updated from a graph of
//! the same topology (`cudaGraphExecUpdate`); changes apply to later launches.

use std::sync::{Arc, Mutex};

use std::collections::HashSet;

use super::{CondType, Fixed, Graph, GraphExec, GraphNode, NodeFn, NodeKind, NodeType, data_of, reg};
use crate::context::{api, ctx, lock, record};
use crate::error::{Error, Result};
use crate::event::Event;
use crate::launch::KernelRun;
use crate::stream::{Marker, Stream, resolve};

/// What one step does.
#[derive(Clone)]
enum Op {
    Work(NodeFn),
    Kernel(Arc<KernelRun>),
    Record(Event),
    Wait(Event),
    Nop,
    /// A conditional node: its handle, type, and the steps of each body.
    Cond(u64, CondType, Vec<Vec<Step>>),
}

/// One step: the node it comes from (for a step of a child graph, the child graph node of
/// the top-level graph), its type, and whether it is enabled.
#[derive(Clone)]
struct Step {
    node: u64,
    /// The type of `node` (a child graph or conditional node for the steps of its graphs).
    node_ty: NodeType,
    ty: NodeType,
    op: Op,
    enabled: bool,
    /// What the node's exec parameters may not change, as instantiated ([`Fixed`]).
    fixed: Option<Fixed>,
    /// The node's encoded parameters as instantiated or last set in this exec (see
    /// [`NodeKind::Work`]): what exec parameter changes are checked against.
    params: Option<Arc<[u8]>>,
}

/// An executable graph.
pub(crate) struct Exec {
    steps: Mutex<Vec<Step>>,
    /// What a launch runs, resolved once while no step needs resolving at launch time (event
    /// records and waits do); dropped whenever the steps change.
    plan: Mutex<Option<Arc<[Run]>>>,
    /// The topology it was instantiated from: per node (in node order), its type and the
    /// indices of its dependencies.
    topology: Topology,
    flags: u64,
    /// The graph's user object references, held while this exists.
    user_refs: super::user_object::Refs,
    /// The marker of the last launch (launches are serialized).
    last: Mutex<Option<Arc<Marker>>>,
    /// The conditional handles set to their default value at each launch (address, value).
    resets: Vec<(u64, u32)>,
    /// The works of its memory allocation and free nodes (what a launch checks in API order).
    mem_nodes: Vec<NodeFn>,
    /// The graph it was instantiated from.
    pub(crate) source: u64,
}

/// What flattening saw: the graphs flattened and the conditional handles used.
#[derive(Default)]
struct Seen {
    graphs: HashSet<u64>,
    handles: HashSet<u64>,
}

/// The steps of a graph's nodes in topological order (`owner`: the top-level node that child
/// graph and conditional body steps belong to, with its type). Conditional bodies hold no event nodes (as
/// CUDA requires).
fn flatten(
    g: Graph,
    owner: Option<(u64, NodeType)>,
    out: &mut Vec<Step>,
    depth: u32,
    body: bool,
    seen: &mut Seen,
) -> Result<()> {
    if depth > 64 {
        return Err(Error::InvalidValue);
    }
    seen.graphs.insert(g.0);
    let d = data_of(g)?;
    let nodes: Vec<(u64, NodeKind)> = {
        let data = lock(&d);
        let order = data.topo_order().ok_or(Error::InvalidValue)?;
        order.into_iter().map(|i| (data.nodes[i].handle, data.nodes[i].kind.clone())).collect()
    };
    for (h, kind) in nodes {
        let (node, node_ty) = owner.unwrap_or((h, kind.ty()));
        let op = match &kind {
            NodeKind::Graph(c) => {
                flatten(*c, Some((node, node_ty)), out, depth + 1, body, seen)?;
                continue;
            }
            NodeKind::Conditional(c) => {
                seen.handles.insert(c.handle);
                let mut bodies = Vec::with_capacity(c.bodies.len());
                for &b in c.bodies.iter() {
                    let mut steps = Vec::new();
                    flatten(Graph(b), Some((node, node_ty)), &mut steps, depth + 1, true, seen)?;
                    bodies.push(steps);
                }
                Op::Cond(c.handle, c.ty, bodies)
            }
            NodeKind::WaitEvent(_) | NodeKind::EventRecord(_) if body => return Err(Error::InvalidValue),
            NodeKind::Work { work, .. } => Op::Work(work.clone()),
            NodeKind::Kernel(k) => Op::Kernel(k.run.clone()),
            NodeKind::Empty => Op::Nop,
            NodeKind::WaitEvent(e) => Op::Wait(*e),
            NodeKind::EventRecord(e) => Op::Record(*e),
        };
        let (fixed, params) = match &kind {
            NodeKind::Work { fixed, params, .. } => (*fixed, params.clone()),
            _ => (None, None),
        };
        out.push(Step { node, node_ty, ty: kind.ty(), op, enabled: true, fixed, params });
    }
    Ok(())
}

/// Per node (in node order): its type, the sorted indices of its dependencies and, for a
/// memcpy node, its kind (the memory types an update may not change).
type Topology = Vec<(NodeType, Vec<usize>, Option<Fixed>)>;

/// The topology of `g` and its node handles.
fn topology(g: Graph) -> Result<(Topology, Vec<u64>)> {
    let d = data_of(g)?;
    let data = lock(&d);
    let handles: Vec<u64> = data.nodes.iter().map(|n| n.handle).collect();
    let topo = data
        .nodes
        .iter()
        .map(|n| {
            let mut deps: Vec<usize> = n.deps.iter().filter_map(|d| handles.iter().position(|h| h == d)).collect();
            deps.sort_unstable();
            let fixed = match &n.kind {
                NodeKind::Work { fixed, .. } => *fixed,
                _ => None,
            };
            (n.kind.ty(), deps, fixed)
        })
        .collect();
    Ok((topo, handles))
}

impl Exec {
    pub(crate) fn new(g: Graph, flags: u64) -> Result<Exec> {
        let mut steps = Vec::new();
        let mut seen = Seen::default();
        flatten(g, None, &mut steps, 0, false, &mut seen)?;
        let (topology, _) = topology(g)?;
        let resets = reg()
            .conds
            .iter()
            .filter(|(h, c)| c.assign && (seen.handles.contains(h) || seen.graphs.contains(&c.graph)))
            .map(|(h, c)| (*h, c.default))
            .collect();
        let mem_nodes: Vec<NodeFn> = steps
            .iter()
            .filter(|s| matches!(s.ty, NodeType::MemAlloc | NodeType::MemFree))
            .filter_map(|s| if let Op::Work(w) = &s.op { Some(w.clone()) } else { None })
            .collect();
        let user_refs = lock(data_of(g)?.as_ref()).user_refs.clone();
        super::user_object::retain_all(&user_refs);
        // A graph with memory allocation or free nodes has one executable graph at a time (CUDA's
        // rule; a second instantiation is not supported, as an H200 answers:
        // unseen13a_graph_instantiate_upload).
        if !mem_nodes.is_empty() && reg().execs.values().any(|e| e.source == g.0) {
            return Err(Error::NotSupported);
        }
        Ok(Exec {
            steps: Mutex::new(steps),
            plan: Mutex::new(None),
            topology,
            flags,
            user_refs,
            last: Mutex::new(None),
            resets,
            mem_nodes,
            source: g.0,
        })
    }
}

impl Exec {
    /// What this launch runs: the resolved plan, made now if the steps changed or need
    /// resolving at each launch.
    fn plan(&self) -> Result<Arc<[Run]>> {
        if let Some(p) = lock(&self.plan).as_ref() {
            return Ok(p.clone());
        }
        let steps = lock(&self.steps);
        let mut ops = vec![Run::Reset(self.resets.clone())];
        ops.extend(runs(&steps)?);
        let plan: Arc<[Run]> = ops.into();
        if resolved_once(&steps) {
            *lock(&self.plan) = Some(plan.clone());
        }
        Ok(plan)
    }

    /// The steps, to change them (which drops the plan).
    fn steps_mut(&self) -> std::sync::MutexGuard<'_, Vec<Step>> {
        let steps = lock(&self.steps);
        *lock(&self.plan) = None;
        steps
    }
}

/// Whether the enabled steps run the same way at every launch (no event record or wait,
/// which resolve the event's current record at launch time).
fn resolved_once(steps: &[Step]) -> bool {
    steps.iter().filter(|s| s.enabled).all(|s| match &s.op {
        Op::Work(_) | Op::Kernel(_) | Op::Nop => true,
        Op::Record(_) | Op::Wait(_) => false,
        Op::Cond(_, _, bodies) => bodies.iter().all(|b| resolved_once(b)),
    })
}

impl Drop for Exec {
    fn drop(&mut self) {
        super::user_object::release_all(&self.user_refs);
    }
}

/// `cudaGraphExecUpdateResult` with the node it concerns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UpdateResult {
    /// `cudaGraphExecUpdateResult` (0 success, 2 topology changed, 3 node type changed).
    pub result: i32,
    /// The node of the new graph that could not be updated, if any.
    pub error_node: Option<GraphNode>,
}

fn get(e: GraphExec) -> Result<Arc<Exec>> {
    reg().execs.get(&e.0).cloned().ok_or(Error::InvalidValue)
}

impl GraphExec {
    /// `cudaGraphLaunch`: runs the graph's enabled steps on `stream` (after the work enqueued
    /// before, and after this graph's previous launch). Event record steps complete a fresh
    /// record of their event; wait steps wait for the record current at launch. A graph whose
    /// allocations from the previous launch are still unfreed fails with
    /// [`Error::InvalidValue`] unless instantiated with AutoFreeOnLaunch (as CUDA documents).
    pub fn launch(self, stream: Stream) -> Result<()> {
        api(|_| {
            let exec = get(self)?;
            let s = resolve(stream)?;
            let ops = exec.plan()?;
            crate::memory::graph_mem_launch(&exec.mem_nodes, exec.flags & 1 != 0)?;
            let mut last = lock(&exec.last);
            let deps: Vec<Arc<Marker>> = last.iter().filter(|m| m.done().is_none()).cloned().collect();
            let m = crate::stream::enqueue_as(&s, deps, Box::new(move || run(&ops, &ctx().mem())), NodeType::Graph);
            *last = Some(m);
            Ok(())
        })
    }

    /// `cudaGraphUpload`: checks the handles (nothing to upload on the CPU).
    pub fn upload(self, stream: Stream) -> Result<()> {
        api(|_| {
            get(self)?;
            resolve(stream).map(|_| ())
        })
    }

    /// `cudaGraphExecDestroy`.
    pub fn destroy(self) -> Result<()> {
        // As destroying a graph: also after a kernel fault (gpu-unseen/runtime16_fault_in_graph).
        super::host_api(|_| reg().execs.remove(&self.0).map(|_| ()).ok_or(Error::InvalidValue))
    }

    /// `cudaGraphExecGetFlags`: the flags it was instantiated with.
    pub fn flags(self) -> Result<u64> {
        // An H200 reports AutoFreeOnLaunch (1) and DeviceLaunch (4), never Upload (2) or
        // UseNodePriority (8) (unseen11b_instantiate_flags).
        api(|_| get(self).map(|e| e.flags & 0x5))
    }

    /// `cudaGraphExec*NodeSetParams`: node `node` (of the graph this was instantiated from)
    /// does `kind` in later launches; the type must stay the same.
    pub fn set_node(self, node: GraphNode, kind: NodeKind) -> Result<()> {
        api(|_| {
            let exec = get(self)?;
            let op = match &kind {
                NodeKind::Work { work, .. } => Op::Work(work.clone()),
                NodeKind::Kernel(k) => Op::Kernel(k.run.clone()),
                NodeKind::WaitEvent(e) => Op::Wait(*e),
                NodeKind::EventRecord(e) => Op::Record(*e),
                NodeKind::Empty | NodeKind::Graph(_) | NodeKind::Conditional(_) => return Err(Error::InvalidValue),
            };
            let mut steps = exec.steps_mut();
            let st = steps.iter_mut().find(|s| s.node == node.0).ok_or(Error::InvalidValue)?;
            if st.node_ty != kind.ty() {
                return Err(Error::InvalidValue);
            }
            // A memcpy node keeps the memory types of its ends (another `cudaMemcpyKind`,
            // `cudaMemcpyDefault` for a device-to-host node too), a memset node its rows: else
            // an invalid value (an H200's answers, unseen11b_update_memcpy_kinds,
            // unseen13a_graph_memset_update).
            if let NodeKind::Work { fixed: Some(new), .. } = &kind
                && st.fixed.is_some_and(|old| old != *new)
            {
                return Err(Error::InvalidValue);
            }
            st.op = op;
            if let NodeKind::Work { params, .. } = kind {
                st.params = params;
            }
            Ok(())
        })
    }

    /// The encoded parameters node `node` has in this exec (as instantiated, or as an exec
    /// `Set*Params` call last set them); `None` for a node without them or not in the exec.
    pub fn node_params(self, node: GraphNode) -> Option<Arc<[u8]>> {
        let exec = get(self).ok()?;
        let steps = lock(&exec.steps);
        steps.iter().find(|s| s.node == node.0 && s.node_ty == s.ty).and_then(|s| s.params.clone())
    }

    /// `cudaGraphExecChildGraphNodeSetParams`: the steps of child graph node `node` come from
    /// `child` in later launches; `child` must have the same steps (count and types), else
    /// [`Error::GraphExecUpdateFailure`] (as an H100 answers).
    pub fn set_child(self, node: GraphNode, child: Graph) -> Result<()> {
        if node.node_type()? != NodeType::Graph {
            return record(Err(Error::InvalidValue));
        }
        api(|_| {
            let exec = get(self)?;
            let mut fresh = Vec::new();
            flatten(child, Some((node.0, NodeType::Graph)), &mut fresh, 1, false, &mut Seen::default())?;
            let mut steps = exec.steps_mut();
            let old: Vec<&mut Step> = steps.iter_mut().filter(|s| s.node == node.0).collect();
            if old.len() != fresh.len() || old.iter().zip(&fresh).any(|(a, b)| a.ty != b.ty) {
                return Err(Error::GraphExecUpdateFailure);
            }
            for (o, n) in old.into_iter().zip(fresh) {
                o.op = n.op;
            }
            Ok(())
        })
    }

    /// `cudaGraphNodeSetEnabled`: a disabled node does nothing (kernel, memcpy and memset
    /// nodes only, as CUDA).
    pub fn set_enabled(self, node: GraphNode, enabled: bool) -> Result<()> {
        api(|_| {
            let exec = get(self)?;
            let mut steps = exec.steps_mut();
            let mut found = false;
            for st in steps.iter_mut().filter(|s| s.node == node.0) {
                if !matches!(st.node_ty, NodeType::Kernel | NodeType::Memcpy | NodeType::Memset) {
                    return Err(Error::InvalidValue);
                }
                st.enabled = enabled;
                found = true;
            }
            if found { Ok(()) } else { Err(Error::InvalidValue) }
        })
    }

    /// `cudaGraphNodeGetEnabled`.
    pub fn enabled(self, node: GraphNode) -> Result<bool> {
        api(|_| {
            let exec = get(self)?;
            let steps = lock(&exec.steps);
            let st = steps.iter().find(|s| s.node == node.0).ok_or(Error::InvalidValue)?;
            if !matches!(st.node_ty, NodeType::Kernel | NodeType::Memcpy | NodeType::Memset) {
                return Err(Error::InvalidValue);
            }
            Ok(st.enabled)
        })
    }

    /// `cudaGraphExecUpdate`: takes the node parameters of `g`, which must have the same
    /// topology (node count, node types in order, edges, each memcpy node's kind) as the instantiated graph. On a
    /// mismatch the executable graph is unchanged, the call fails with
    /// [`Error::GraphExecUpdateFailure`] and the result says why. A sticky error does not fail
    /// it (host-side work: an H200 answers success after a kernel fault,
    /// tests/program-diff/runtime18_graph_fault_branches.cu).
    pub fn update(self, g: Graph) -> (Result<()>, UpdateResult) {
        let mut res = UpdateResult { result: 1, error_node: None };
        let r = crate::context::api_despite_sticky(|_| {
            let exec = get(self)?;
            let (topo, handles) = topology(g)?;
            let at = |i: usize| handles.get(i).map(|&h| GraphNode(h));
            if topo.len() != exec.topology.len() {
                res.result = 2;
                return Err(Error::GraphExecUpdateFailure);
            }
            for (i, (a, b)) in topo.iter().zip(&exec.topology).enumerate() {
                if a != b {
                    // NodeTypeChanged (3), TopologyChanged (2), or a [`Fixed`] part changed:
                    // ParametersChanged (5), as an H200 answers.
                    let result = if a.0 != b.0 {
                        3
                    } else if a.1 != b.1 {
                        2
                    } else {
                        5
                    };
                    res = UpdateResult { result, error_node: at(i) };
                    return Err(Error::GraphExecUpdateFailure);
                }
            }
            let mut fresh = Vec::new();
            flatten(g, None, &mut fresh, 0, false, &mut Seen::default())?;
            let mut steps = exec.steps_mut();
            if fresh.len() != steps.len() {
                res.result = 2;
                return Err(Error::GraphExecUpdateFailure);
            }
            // Keep the identities (the instantiated graph's nodes) and enabled flags.
            for (old, new) in steps.iter_mut().zip(fresh) {
                old.op = new.op;
            }
            res.result = 0;
            Ok(())
        });
        (r, res)
    }
}

/// A step as one launch runs it.
enum Run {
    Work(NodeFn),
    Kernel(Arc<KernelRun>),
    Complete(Arc<Marker>),
    Wait(Arc<Marker>),
    /// Sets conditional handles to their defaults (address, value).
    Reset(Vec<(u64, u32)>),
    /// A conditional node: handle, type, the runs of each body.
    Cond(u64, CondType, Vec<Vec<Run>>),
}

/// The enabled steps as one launch runs them (event records begun, waits resolved now).
fn runs(steps: &[Step]) -> Result<Vec<Run>> {
    let mut ops = Vec::new();
    for st in steps.iter().filter(|s| s.enabled) {
        ops.push(match &st.op {
            Op::Work(w) => Run::Work(w.clone()),
            Op::Kernel(k) => Run::Kernel(k.clone()),
            Op::Nop => continue,
            Op::Record(e) => Run::Complete(crate::event::begin_record(*e)?),
            Op::Wait(e) => match crate::event::marker_of(*e)? {
                Some(m) => Run::Wait(m),
                None => continue,
            },
            Op::Cond(h, ty, bodies) => Run::Cond(*h, *ty, bodies.iter().map(|b| runs(b)).collect::<Result<_>>()?),
        });
    }
    Ok(ops)
}

/// A conditional handle's current value (0 if its memory is gone).
fn cond_value(mem: &simt::DeviceMemory, handle: u64) -> u32 {
    let mut b = [0u8; 4];
    match mem.read(simt::DevicePtr(handle), &mut b) {
        Ok(()) => u32::from_le_bytes(b),
        Err(_) => 0,
    }
}

/// Runs one launch's steps in order (on the stream's worker) in `mem` (the device memory,
/// looked up once per launch: only a device reset, which waits for all work, replaces it). A
/// WHILE loop also ends when the context has a sticky error (a faulted body kernel cannot
/// clear the condition). Once a kernel faulted, work steps (host functions, copies, memsets,
/// kernels) no longer run: an H200 runs no host node after a faulting kernel node
/// (gpu-unseen/runtime16_fault_in_graph); event records still complete, so waits end.
fn run(ops: &[Run], mem: &simt::DeviceMemory) {
    for op in ops {
        let faulted = || crate::context::sticky().is_some();
        match op {
            Run::Work(_) | Run::Kernel(_) if faulted() => {}
            Run::Work(w) => w(),
            Run::Kernel(k) => k.run(mem),
            Run::Complete(m) => m.complete(),
            Run::Wait(m) => {
                m.wait();
            }
            Run::Reset(hs) => {
                for (h, v) in hs {
                    // A handle whose memory is gone (device reset) has nothing to reset.
                    let _ = mem.write(simt::DevicePtr(*h), &v.to_le_bytes());
                }
            }
            Run::Cond(h, ty, bodies) => match ty {
                CondType::If => {
                    let i = if cond_value(mem, *h) != 0 { 0 } else { 1 };
                    if let Some(b) = bodies.get(i) {
                        run(b, mem);
                    }
                }
                CondType::Switch => {
                    if let Some(b) = bodies.get(cond_value(mem, *h) as usize) {
                        run(b, mem);
                    }
                }
                CondType::While => {
                    while cond_value(mem, *h) != 0 && crate::context::sticky().is_none() {
                        if let Some(b) = bodies.first() {
                            run(b, mem);
                        }
                    }
                }
            },
        }
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
    let run = kernel_run(f, grid, block, dynamic_shared, params)?;
    Ok(Arc::new(move || run.run(&ctx().mem())))
}

/// A kernel node's launch: `f` with `params` (validated now as a launch would be).
pub(crate) fn kernel_run(
    f: &crate::module::Function,
    grid: crate::Dim3,
    block: crate::Dim3,
    dynamic_shared: u32,
    params: Vec<u8>,
) -> Result<Arc<KernelRun>> {
    crate::launch::validate(f, grid, block, dynamic_shared)?;
    Ok(Arc::new(KernelRun::new(f, grid, block, dynamic_shared, params, Default::default())))
}
