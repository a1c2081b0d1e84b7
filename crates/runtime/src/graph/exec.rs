//! Executable graphs: a graph flattened (child graphs inlined) into a topologically ordered
//! list of steps, run in order on the launching stream's worker. Launches of one executable
//! graph are serialized, as in CUDA. Node parameters of an executable graph may be changed
//! (`cudaGraphExec*NodeSetParams`), nodes disabled, or the whole graph updated from a graph of
//! the same topology (`cudaGraphExecUpdate`); changes apply to later launches.

use std::sync::{Arc, Mutex};

use super::{Graph, GraphExec, GraphNode, NodeFn, NodeKind, NodeType, data_of, reg};
use crate::context::{api, ctx, lock};
use crate::error::{Error, Result};
use crate::event::Event;
use crate::stream::{Marker, Stream, resolve};

/// What one step does.
#[derive(Clone)]
enum Op {
    Work(NodeFn),
    Record(Event),
    Wait(Event),
    Nop,
}

/// One step: the node it comes from (for a step of a child graph, the child graph node of
/// the top-level graph), its type, and whether it is enabled.
#[derive(Clone)]
struct Step {
    node: u64,
    ty: NodeType,
    op: Op,
    enabled: bool,
}

/// An executable graph.
pub(crate) struct Exec {
    steps: Mutex<Vec<Step>>,
    /// The topology it was instantiated from: per node (in node order), its type and the
    /// indices of its dependencies.
    topology: Topology,
    flags: u64,
    /// The graph's user object references, held while this exists.
    user_refs: super::user_object::Refs,
    /// The marker of the last launch (launches are serialized).
    last: Mutex<Option<Arc<Marker>>>,
}

/// The steps of a graph's nodes in topological order (`owner`: the top-level node that child
/// graph steps belong to).
fn flatten(g: Graph, owner: Option<u64>, out: &mut Vec<Step>, depth: u32) -> Result<()> {
    if depth > 64 {
        return Err(Error::InvalidValue);
    }
    let d = data_of(g)?;
    let nodes: Vec<(u64, NodeKind)> = {
        let data = lock(&d);
        let order = data.topo_order().ok_or(Error::InvalidValue)?;
        order.into_iter().map(|i| (data.nodes[i].handle, data.nodes[i].kind.clone())).collect()
    };
    for (h, kind) in nodes {
        let node = owner.unwrap_or(h);
        let op = match &kind {
            NodeKind::Graph(c) => {
                flatten(*c, Some(node), out, depth + 1)?;
                continue;
            }
            NodeKind::Work { work, .. } => Op::Work(work.clone()),
            NodeKind::Kernel(k) => Op::Work(k.work.clone()),
            NodeKind::Empty => Op::Nop,
            NodeKind::WaitEvent(e) => Op::Wait(*e),
            NodeKind::EventRecord(e) => Op::Record(*e),
        };
        out.push(Step { node, ty: kind.ty(), op, enabled: true });
    }
    Ok(())
}

/// Per node (in node order): its type and the sorted indices of its dependencies.
type Topology = Vec<(NodeType, Vec<usize>)>;

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
            (n.kind.ty(), deps)
        })
        .collect();
    Ok((topo, handles))
}

impl Exec {
    pub(crate) fn new(g: Graph, flags: u64) -> Result<Exec> {
        let mut steps = Vec::new();
        flatten(g, None, &mut steps, 0)?;
        let (topology, _) = topology(g)?;
        let user_refs = lock(data_of(g)?.as_ref()).user_refs.clone();
        super::user_object::retain_all(&user_refs);
        Ok(Exec { steps: Mutex::new(steps), topology, flags, user_refs, last: Mutex::new(None) })
    }
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
    /// record of their event; wait steps wait for the record current at launch.
    pub fn launch(self, stream: Stream) -> Result<()> {
        api(|_| {
            let exec = get(self)?;
            let s = resolve(stream)?;
            let mut ops = Vec::new();
            for st in lock(&exec.steps).iter().filter(|s| s.enabled) {
                ops.push(match &st.op {
                    Op::Work(w) => Run::Work(w.clone()),
                    Op::Nop => continue,
                    Op::Record(e) => Run::Complete(crate::event::begin_record(*e)?),
                    Op::Wait(e) => match crate::event::marker_of(*e)? {
                        Some(m) => Run::Wait(m),
                        None => continue,
                    },
                });
            }
            let mut last = lock(&exec.last);
            let deps: Vec<Arc<Marker>> = last.iter().filter(|m| m.done().is_none()).cloned().collect();
            let m = crate::stream::enqueue_as(
                &s,
                deps,
                Box::new(move || {
                    for op in &ops {
                        match op {
                            Run::Work(w) => w(),
                            Run::Complete(m) => m.complete(),
                            Run::Wait(m) => {
                                m.wait();
                            }
                        }
                    }
                }),
                NodeType::Graph,
            );
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
        api(|_| reg().execs.remove(&self.0).map(|_| ()).ok_or(Error::InvalidValue))
    }

    /// `cudaGraphExecGetFlags`: the flags it was instantiated with.
    pub fn flags(self) -> Result<u64> {
        api(|_| get(self).map(|e| e.flags))
    }

    /// `cudaGraphExec*NodeSetParams`: node `node` (of the graph this was instantiated from)
    /// does `kind` in later launches; the type must stay the same.
    pub fn set_node(self, node: GraphNode, kind: NodeKind) -> Result<()> {
        api(|_| {
            let exec = get(self)?;
            let op = match &kind {
                NodeKind::Work { work, .. } => Op::Work(work.clone()),
                NodeKind::Kernel(k) => Op::Work(k.work.clone()),
                NodeKind::WaitEvent(e) => Op::Wait(*e),
                NodeKind::EventRecord(e) => Op::Record(*e),
                NodeKind::Empty | NodeKind::Graph(_) => return Err(Error::InvalidValue),
            };
            let mut steps = lock(&exec.steps);
            let st = steps.iter_mut().find(|s| s.node == node.0).ok_or(Error::InvalidValue)?;
            if st.ty != kind.ty() {
                return Err(Error::InvalidValue);
            }
            st.op = op;
            Ok(())
        })
    }

    /// `cudaGraphNodeSetEnabled`: a disabled node does nothing (kernel, memcpy and memset
    /// nodes only, as CUDA).
    pub fn set_enabled(self, node: GraphNode, enabled: bool) -> Result<()> {
        api(|_| {
            let exec = get(self)?;
            let mut steps = lock(&exec.steps);
            let mut found = false;
            for st in steps.iter_mut().filter(|s| s.node == node.0) {
                if !matches!(st.ty, NodeType::Kernel | NodeType::Memcpy | NodeType::Memset) {
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
            if !matches!(st.ty, NodeType::Kernel | NodeType::Memcpy | NodeType::Memset) {
                return Err(Error::InvalidValue);
            }
            Ok(st.enabled)
        })
    }

    /// `cudaGraphExecUpdate`: takes the node parameters of `g`, which must have the same
    /// topology (node count, node types in order, edges) as the instantiated graph. On a
    /// mismatch the executable graph is unchanged, the call fails with
    /// [`Error::GraphExecUpdateFailure`] and the result says why.
    pub fn update(self, g: Graph) -> (Result<()>, UpdateResult) {
        let mut res = UpdateResult { result: 1, error_node: None };
        let r = api(|_| {
            let exec = get(self)?;
            let (topo, handles) = topology(g)?;
            let at = |i: usize| handles.get(i).map(|&h| GraphNode(h));
            if topo.len() != exec.topology.len() {
                res.result = 2;
                return Err(Error::GraphExecUpdateFailure);
            }
            for (i, (a, b)) in topo.iter().zip(&exec.topology).enumerate() {
                if a != b {
                    res = UpdateResult { result: if a.0 != b.0 { 3 } else { 2 }, error_node: at(i) };
                    return Err(Error::GraphExecUpdateFailure);
                }
            }
            let mut fresh = Vec::new();
            flatten(g, None, &mut fresh, 0)?;
            let mut steps = lock(&exec.steps);
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
    Complete(Arc<Marker>),
    Wait(Arc<Marker>),
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
