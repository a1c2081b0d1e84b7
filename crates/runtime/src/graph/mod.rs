//! CUDA graphs: graphs of work nodes (kernels, copies, memsets, host functions, event
//! record/wait, child graphs, empty nodes) with dependency edges, built explicitly or by
//! stream capture ([`capture`]); executable graphs ([`exec`]) launched on streams; Graphviz
//! output ([`dot`]).
//!
//! Nodes refer to their dependencies by handle; edges may be added and removed freely, and a
//! graph is ordered topologically (cycles refused) when it is instantiated.

mod capture;
mod dot;
mod exec;
pub mod user_object;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

pub use capture::{
    CaptureInfo, CaptureMode, CaptureStatus, begin_capture, begin_capture_to_graph, capture_info, capture_status,
    captures_into_existing_graph, end_capture, exchange_thread_capture_mode, update_capture_dependencies,
};
pub use exec::{UpdateResult, kernel_work};

use crate::context::{api, ctx, lock, record};
use crate::error::{Error, Result};
use crate::event::Event;
pub use crate::work::{NodeFn, NodeType};

/// What a node does.
#[derive(Clone)]
pub enum NodeKind {
    /// Work run in place: a kernel, copy, memset or host function (`ty` says which).
    Work {
        /// The node type.
        ty: NodeType,
        /// The work.
        work: NodeFn,
        /// The parameters the node was made from, as the API layer encoded them (for the
        /// `Get*Params` calls; `None` for captured work).
        params: Option<Arc<[u8]>>,
        /// What an executable graph may not change in the node ([`Fixed`]); `None` for work
        /// without such a part.
        fixed: Option<Fixed>,
    },
    /// A kernel with its launch parameters (as the explicit API adds it).
    Kernel(KernelNode),
    /// A child graph (a graph owned by the node, cloned from the one given).
    Graph(Graph),
    /// An empty node (ordering only).
    Empty,
    /// Waits for the event's last record (as of the graph launch).
    WaitEvent(Event),
    /// Records the event.
    EventRecord(Event),
    /// A conditional node: runs its body graphs by the value of its handle.
    Conditional(CondNode),
}

/// The part of a node that `cudaGraphExecUpdate` and the `cudaGraphExec*SetParams` calls may
/// not change in an executable graph: an H200 refuses another one (`cudaGraphExecUpdate`:
/// ParametersChanged).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fixed {
    /// A memcpy node's `cudaMemcpyKind`: the memory type of each end as the driver takes it
    /// (host, device; unified for `cudaMemcpyDefault`) (unseen11b_update_memcpy_kinds).
    Copy(crate::memory::MemcpyKind),
    /// A memset node's rows (its height): a 1D memset may not become 2D, nor a 2D one change
    /// its height (unseen13a_graph_memset_update; tests/program-diff/exec_update_kinds.cu).
    Rows(usize),
}

/// `cudaGraphConditionalNodeType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CondType {
    /// `cudaGraphCondTypeIf` (0): body 0 when the value is nonzero, else body 1 if there is one.
    If = 0,
    /// `cudaGraphCondTypeWhile` (1): body 0 while the value is nonzero (checked before each run).
    While = 1,
    /// `cudaGraphCondTypeSwitch` (2): body `value` if there is one.
    Switch = 2,
}

/// A conditional node's parameters.
#[derive(Debug, Clone)]
pub struct CondNode {
    /// The conditional handle (`cudaGraphConditionalHandle`).
    pub handle: u64,
    /// IF, WHILE or SWITCH.
    pub ty: CondType,
    /// The body graphs the node owns (`phGraph_out`: the array stays put for the node's life).
    pub bodies: Arc<[u64]>,
}

/// A conditional handle's settings (`cudaGraphConditionalHandleCreate`). The handle is the
/// device address of its 4-byte value, so device code's `cudaGraphSetConditional` is a store.
#[derive(Debug, Clone, Copy)]
struct CondHandle {
    /// The graph it was created for.
    graph: u64,
    /// The default value.
    default: u32,
    /// `cudaGraphCondAssignDefault`: the value is reset to the default at each launch.
    assign: bool,
}

impl NodeKind {
    /// Whether this is a memory allocation or free node.
    pub fn is_memory(&self) -> bool {
        matches!(self.ty(), NodeType::MemAlloc | NodeType::MemFree)
    }

    /// The node type.
    pub fn ty(&self) -> NodeType {
        match self {
            NodeKind::Work { ty, .. } => *ty,
            NodeKind::Kernel(_) => NodeType::Kernel,
            NodeKind::Graph(_) => NodeType::Graph,
            NodeKind::Empty => NodeType::Empty,
            NodeKind::WaitEvent(_) => NodeType::WaitEvent,
            NodeKind::EventRecord(_) => NodeType::EventRecord,
            NodeKind::Conditional(_) => NodeType::Conditional,
        }
    }
}

impl std::fmt::Debug for NodeKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.ty())
    }
}

/// A kernel node's parameters.
#[derive(Clone)]
pub struct KernelNode {
    /// The kernel.
    pub function: crate::module::Function,
    /// Grid dimensions.
    pub grid: crate::Dim3,
    /// Block dimensions.
    pub block: crate::Dim3,
    /// Dynamic shared memory bytes.
    pub dynamic_shared: u32,
    /// The packed parameter buffer.
    pub params: Vec<u8>,
    /// The prepared launch.
    run: Arc<crate::launch::KernelRun>,
    /// Launch attributes set with `cudaGraphKernelNodeSetAttribute` (raw values by id).
    pub attrs: std::collections::BTreeMap<i32, crate::stream::AttrValue>,
}

impl std::fmt::Debug for KernelNode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KernelNode").field("function", &self.function.name()).field("grid", &self.grid).finish()
    }
}

impl KernelNode {
    /// A kernel node, validated as a launch would be.
    pub fn new(
        function: crate::module::Function,
        grid: crate::Dim3,
        block: crate::Dim3,
        dynamic_shared: u32,
        params: Vec<u8>,
    ) -> Result<KernelNode> {
        let run = exec::kernel_run(&function, grid, block, dynamic_shared, params.clone())?;
        Ok(KernelNode { function, grid, block, dynamic_shared, params, run, attrs: Default::default() })
    }
}

/// `cudaGraphEdgeData`: an edge's ports and type. All zero is the default edge: the node it
/// enters starts once the node it leaves completed. Every edge runs as a default one here (a
/// programmatic dependent may start early on a GPU, and completing first is one order it
/// allows).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct EdgeData {
    /// `from_port`: 0, or out of a kernel node `cudaGraphKernelNodePortProgrammatic` (1) or
    /// `cudaGraphKernelNodePortLaunchCompletion` (2).
    pub from_port: u8,
    /// `to_port`: 0, the only one defined.
    pub to_port: u8,
    /// `type`: `cudaGraphDependencyTypeDefault` (0) or `cudaGraphDependencyTypeProgrammatic` (1).
    pub ty: u8,
}

impl EdgeData {
    /// The edge a captured launch with programmatic stream serialization gets from the work
    /// before it (an H200's, gpu-unseen/runtime16_graph_programmatic_edges).
    pub const PROGRAMMATIC: EdgeData = EdgeData { from_port: 1, to_port: 0, ty: 1 };

    /// Whether an edge out of a node of `from` may carry this data, as an H200 answers
    /// (gpu-unseen/runtime16_graph_programmatic_edges): a programmatic edge leaves a kernel
    /// node's programmatic or launch-completion port, and a launch-completion port may also
    /// carry a default edge; any other port, type or `to_port` is an invalid value.
    fn allowed_from(self, from: &NodeKind) -> bool {
        let kernel = from.ty() == NodeType::Kernel;
        self.to_port == 0
            && match (self.from_port, self.ty) {
                (0, 0) => true,
                (1, 1) | (2, 0) | (2, 1) => kernel,
                _ => false,
            }
    }
}

/// One node.
#[derive(Debug, Clone)]
struct Node {
    handle: u64,
    /// The handles of the nodes this one depends on.
    deps: Vec<u64>,
    /// The data of those edges that are not default ones, by the node they leave.
    edge_data: Vec<(u64, EdgeData)>,
    kind: NodeKind,
}

impl Node {
    /// The data of the edge from `dep` into this node.
    fn edge_from(&self, dep: u64) -> EdgeData {
        self.edge_data.iter().find(|(d, _)| *d == dep).map_or(EdgeData::default(), |(_, e)| *e)
    }

    /// Forgets the edge from `dep`.
    fn drop_dep(&mut self, dep: u64) {
        self.deps.retain(|d| *d != dep);
        self.edge_data.retain(|(d, _)| *d != dep);
    }
}

/// A graph's nodes, in the order they were added.
#[derive(Debug, Default)]
pub(crate) struct GraphData {
    nodes: Vec<Node>,
    /// User object references the graph owns.
    pub(crate) user_refs: user_object::Refs,
}

impl GraphData {
    fn node(&self, h: u64) -> Option<&Node> {
        self.nodes.iter().find(|n| n.handle == h)
    }

    fn node_mut(&mut self, h: u64) -> Option<&mut Node> {
        self.nodes.iter_mut().find(|n| n.handle == h)
    }

    /// Every edge `(from, to)`, in the order an H200 lists them (`cudaGraphGetEdges`): by the node they leave, in node
    /// order, then by the node they enter (unseen13a_graph_manual_edges).
    fn edges(&self) -> Vec<(u64, u64, EdgeData)> {
        let index: HashMap<u64, usize> = self.nodes.iter().enumerate().map(|(i, n)| (n.handle, i)).collect();
        let mut edges: Vec<(u64, u64, EdgeData)> =
            self.nodes.iter().flat_map(|n| n.deps.iter().map(move |&d| (d, n.handle, n.edge_from(d)))).collect();
        edges.sort_by_key(|&(from, to, _)| (index.get(&from).copied(), index.get(&to).copied()));
        edges
    }

    /// The node indices in a topological order (stable: insertion order where free), or
    /// `None` if the edges form a cycle.
    fn topo_order(&self) -> Option<Vec<usize>> {
        let index: HashMap<u64, usize> = self.nodes.iter().enumerate().map(|(i, n)| (n.handle, i)).collect();
        let mut indeg: Vec<usize> = self.nodes.iter().map(|n| n.deps.len()).collect();
        let mut out: Vec<Vec<usize>> = vec![Vec::new(); self.nodes.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            for d in &n.deps {
                out[*index.get(d)?].push(i);
            }
        }
        let mut ready: std::collections::BTreeSet<usize> = (0..self.nodes.len()).filter(|&i| indeg[i] == 0).collect();
        let mut order = Vec::with_capacity(self.nodes.len());
        while let Some(i) = ready.pop_first() {
            order.push(i);
            for &j in &out[i] {
                indeg[j] -= 1;
                if indeg[j] == 0 {
                    ready.insert(j);
                }
            }
        }
        (order.len() == self.nodes.len()).then_some(order)
    }
}

#[derive(Default)]
struct Registry {
    graphs: HashMap<u64, Arc<Mutex<GraphData>>>,
    /// Node handle → graph handle.
    nodes: HashMap<u64, u64>,
    /// Executable graphs.
    execs: HashMap<u64, Arc<exec::Exec>>,
    /// Active capture sequences.
    active: Vec<Arc<capture::CaptureSeq>>,
    /// Clones: cloned node handle → original node handle.
    clone_of: HashMap<u64, u64>,
    /// Conditional handles (device addresses of their values).
    conds: HashMap<u64, CondHandle>,
}

fn reg() -> MutexGuard<'static, Registry> {
    static R: OnceLock<Mutex<Registry>> = OnceLock::new();
    lock(R.get_or_init(Default::default))
}

/// Adds a node to `g` (graph handle `graph`), with the data of its non-default edges; returns
/// its handle.
fn insert_node(g: &mut GraphData, graph: u64, deps: Vec<u64>, edge_data: Vec<(u64, EdgeData)>, kind: NodeKind) -> u64 {
    let handle = ctx().handle();
    g.nodes.push(Node { handle, deps, edge_data, kind });
    reg().nodes.insert(handle, graph);
    handle
}

/// Node handles reachable backwards from `from` (including them).
fn ancestors(g: &GraphData, from: &[u64]) -> HashSet<u64> {
    let mut seen = HashSet::new();
    let mut stack: Vec<u64> = from.to_vec();
    while let Some(n) = stack.pop() {
        if seen.insert(n)
            && let Some(node) = g.node(n)
        {
            stack.extend(node.deps.iter().copied());
        }
    }
    seen
}

/// Drops graph `h` and its nodes (and the child graphs its nodes own).
fn drop_graph(h: u64) {
    let data = {
        let mut r = reg();
        let Some(d) = r.graphs.remove(&h) else { return };
        r.nodes.retain(|_, g| *g != h);
        d
    };
    let refs = std::mem::take(&mut lock(&data).user_refs);
    user_object::release_all(&refs);
    let children: Vec<u64> = lock(&data).nodes.iter().flat_map(|n| owned_graphs(&n.kind)).collect();
    for c in children {
        drop_graph(c);
    }
    // Conditional handles stay (8 bytes each): executable graphs made from this graph keep
    // running after it is destroyed, and their kernels still set the values.
}

/// The graphs a node owns (a child graph, conditional bodies).
fn owned_graphs(k: &NodeKind) -> Vec<u64> {
    match k {
        NodeKind::Graph(c) => vec![c.0],
        NodeKind::Conditional(c) => c.bodies.to_vec(),
        _ => Vec::new(),
    }
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

fn data_of(g: Graph) -> Result<Arc<Mutex<GraphData>>> {
    reg().graphs.get(&g.0).cloned().ok_or(Error::InvalidValue)
}

/// The graph holding node `n`.
fn graph_of(n: GraphNode) -> Result<(Graph, Arc<Mutex<GraphData>>)> {
    let r = reg();
    let g = *r.nodes.get(&n.0).ok_or(Error::InvalidValue)?;
    let d = r.graphs.get(&g).cloned().ok_or(Error::InvalidValue)?;
    Ok((Graph(g), d))
}

/// A copy of `src` under fresh handles (child graphs copied too), registered as a graph;
/// records each copied node's original in the clone table.
fn clone_data(src: &GraphData) -> Graph {
    let h = ctx().handle();
    let mut map = HashMap::new();
    let mut nodes = Vec::with_capacity(src.nodes.len());
    for n in &src.nodes {
        map.insert(n.handle, ctx().handle());
    }
    for n in &src.nodes {
        let kind = match &n.kind {
            NodeKind::Graph(c) => {
                let child = reg().graphs.get(&c.0).cloned();
                match child {
                    Some(d) => NodeKind::Graph(clone_data(&lock(&d))),
                    None => NodeKind::Empty,
                }
            }
            NodeKind::Conditional(c) => {
                let bodies = c
                    .bodies
                    .iter()
                    .map(|b| {
                        let d = reg().graphs.get(b).cloned();
                        match d {
                            Some(d) => clone_data(&lock(&d)).0,
                            None => 0,
                        }
                    })
                    .collect();
                NodeKind::Conditional(CondNode { bodies, ..c.clone() })
            }
            k => k.clone(),
        };
        let deps = n.deps.iter().filter_map(|d| map.get(d).copied()).collect();
        let edge_data = n.edge_data.iter().filter_map(|(d, e)| Some((*map.get(d)?, *e))).collect();
        nodes.push(Node { handle: map[&n.handle], deps, edge_data, kind });
    }
    let mut r = reg();
    for (orig, new) in &map {
        r.nodes.insert(*new, h);
        r.clone_of.insert(*new, *orig);
    }
    r.graphs.insert(h, Arc::new(Mutex::new(GraphData { nodes, ..GraphData::default() })));
    Graph(h)
}

/// A graph-building call (everything before instantiation): a graph is host state until it is
/// instantiated, so these answer also after a kernel fault, as on an H200 (adding a node,
/// listing nodes, destroying a graph: gpu-unseen/runtime16_fault_in_graph; cudaGraphCreate:
/// sticky_error_calls).
pub(crate) fn host_api<T>(f: impl FnOnce(&'static crate::context::Context) -> Result<T>) -> Result<T> {
    crate::context::api_despite_sticky(f)
}

impl Graph {
    /// `cudaGraphCreate` (`flags` must be 0), also after a kernel fault (a graph is host
    /// state until launched: as an H200 answers, tests/program-diff/sticky_error_calls.cu).
    pub fn new(flags: u32) -> Result<Graph> {
        host_api(|c| {
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
        host_api(|_| {
            if !reg().graphs.contains_key(&self.0) {
                return Err(Error::InvalidValue);
            }
            drop_graph(self.0);
            Ok(())
        })
    }

    /// Adds a node doing `work` (`None`: an empty node) after `deps` (nodes of this graph).
    pub fn add_node(self, deps: &[GraphNode], work: Option<NodeFn>) -> Result<GraphNode> {
        let kind = match work {
            Some(work) => NodeKind::Work { ty: NodeType::Host, work, params: None, fixed: None },
            None => NodeKind::Empty,
        };
        self.add(deps, kind)
    }

    /// Adds a node of `kind` after `deps` (distinct nodes of this graph). A child graph is
    /// cloned into the node (as CUDA does); an event must exist.
    pub fn add(self, deps: &[GraphNode], kind: NodeKind) -> Result<GraphNode> {
        self.add_with_edges(deps, None, kind)
    }

    /// [`Graph::add`] with the data of each edge (`cudaGraphAddNode`'s `dependencyData`;
    /// `None`: default edges), each allowed out of its node ([`EdgeData`]).
    pub fn add_with_edges(self, deps: &[GraphNode], edges: Option<&[EdgeData]>, kind: NodeKind) -> Result<GraphNode> {
        host_api(|_| {
            let data = data_of(self)?;
            let mut g = lock(&data);
            let mut hs = Vec::with_capacity(deps.len());
            let mut edge_data = Vec::new();
            for (i, d) in deps.iter().enumerate() {
                let e = edges.and_then(|e| e.get(i)).copied().unwrap_or_default();
                let Some(from) = g.node(d.0) else { return Err(Error::InvalidValue) };
                if hs.contains(&d.0) || !e.allowed_from(&from.kind) {
                    return Err(Error::InvalidValue);
                }
                if e != EdgeData::default() {
                    edge_data.push((d.0, e));
                }
                hs.push(d.0);
            }
            let kind = match kind {
                NodeKind::Graph(child) => {
                    if child == self {
                        return Err(Error::InvalidValue);
                    }
                    let cd = data_of(child)?;
                    let cg = lock(&cd);
                    // Graphs with conditional nodes cannot be children (cloned), as CUDA 13.0
                    // answers on an H100, nor graphs with memory nodes (an H200's answer, as
                    // cudaGraphClone's).
                    if cg.nodes.iter().any(|n| matches!(n.kind, NodeKind::Conditional(_)) || n.kind.is_memory()) {
                        return Err(Error::NotSupported);
                    }
                    NodeKind::Graph(clone_data(&cg))
                }
                NodeKind::WaitEvent(e) | NodeKind::EventRecord(e) => {
                    crate::event::marker_of(e).map_err(|_| Error::InvalidValue)?;
                    kind
                }
                // A second free node of one pointer (the same parameters) in a graph:
                // cudaErrorInvalidValue on an H200 (tests/program-diff/graph_mem_nodes.cu).
                NodeKind::Work { ty: NodeType::MemFree, params: Some(ref p), .. }
                    if g.nodes.iter().any(
                        |n| matches!(&n.kind, NodeKind::Work { ty: NodeType::MemFree, params: Some(q), .. } if q == p),
                    ) =>
                {
                    return Err(Error::InvalidValue);
                }
                k => k,
            };
            Ok(GraphNode(insert_node(&mut g, self.0, hs, edge_data, kind)))
        })
    }

    /// The nodes, in the order they were added (`cudaGraphGetNodes`).
    pub fn nodes(self) -> Result<Vec<GraphNode>> {
        host_api(|_| {
            let d = data_of(self)?;
            let g = lock(&d);
            Ok(g.nodes.iter().map(|n| GraphNode(n.handle)).collect())
        })
    }

    /// The nodes without dependencies (`cudaGraphGetRootNodes`), newest first as CUDA 13.0
    /// lists them (`tests/gpu-programs/probe_facts.txt`).
    pub fn root_nodes(self) -> Result<Vec<GraphNode>> {
        host_api(|_| {
            let d = data_of(self)?;
            let g = lock(&d);
            Ok(g.nodes.iter().rev().filter(|n| n.deps.is_empty()).map(|n| GraphNode(n.handle)).collect())
        })
    }

    /// Every edge `(from, to)` (`cudaGraphGetEdges`).
    pub fn edges(self) -> Result<Vec<(GraphNode, GraphNode)>> {
        Ok(self.edges_with_data()?.into_iter().map(|(a, b, _)| (a, b)).collect())
    }

    /// Every edge `(from, to, data)` (`cudaGraphGetEdges` with `edgeData`).
    pub fn edges_with_data(self) -> Result<Vec<(GraphNode, GraphNode, EdgeData)>> {
        host_api(|_| {
            let d = data_of(self)?;
            let g = lock(&d);
            Ok(g.edges().into_iter().map(|(a, b, e)| (GraphNode(a), GraphNode(b), e)).collect())
        })
    }

    /// `cudaGraphAddDependencies`: `to[i]` depends on `from[i]`, through an edge with
    /// `data[i]` (`None`: default edges), allowed out of `from[i]` ([`EdgeData`]). Every node
    /// must belong to this graph; an edge that exists already is [`Error::InvalidValue`].
    pub fn add_dependencies(self, from: &[GraphNode], to: &[GraphNode], data: Option<&[EdgeData]>) -> Result<()> {
        let data_at = |i: usize| data.and_then(|d| d.get(i)).copied().unwrap_or_default();
        self.edit_edges(
            from,
            to,
            |g, i, f, t| {
                f != t
                    && g.node(f).is_some_and(|n| data_at(i).allowed_from(&n.kind))
                    && g.node(t).is_some_and(|n| !n.deps.contains(&f))
            },
            |n, i, f| {
                if !n.deps.contains(&f) {
                    n.deps.push(f);
                    if data_at(i) != EdgeData::default() {
                        n.edge_data.push((f, data_at(i)));
                    }
                }
            },
        )
    }

    /// `cudaGraphRemoveDependencies`: every edge must exist, with `data[i]` if given (an H200
    /// removes an edge of any data when none is given); a graph with memory allocation or
    /// free nodes keeps its edges ([`Error::NotSupported`], as an H200 answers).
    pub fn remove_dependencies(self, from: &[GraphNode], to: &[GraphNode], data: Option<&[EdgeData]>) -> Result<()> {
        let has_memory_nodes =
            host_api(|_| Ok(lock(data_of(self)?.as_ref()).nodes.iter().any(|n| n.kind.is_memory())))?;
        if has_memory_nodes {
            return record(Err(Error::NotSupported));
        }
        let matches = |i: usize, n: &Node, f: u64| data.and_then(|d| d.get(i)).is_none_or(|e| n.edge_from(f) == *e);
        self.edit_edges(
            from,
            to,
            |g, i, f, t| g.node(t).is_some_and(|n| n.deps.contains(&f) && matches(i, n, f)),
            |n, _, f| n.drop_dep(f),
        )
    }

    /// Changes each edge `from[i]` → `to[i]` with `apply` (given `to[i]`'s node, `i` and
    /// `from[i]`), after checking every one with `valid` (given the graph, `i`, `from[i]` and
    /// `to[i]`): CUDA changes all the edges or none ([`Error::InvalidValue`]).
    fn edit_edges(
        self,
        from: &[GraphNode],
        to: &[GraphNode],
        valid: impl Fn(&GraphData, usize, u64, u64) -> bool,
        apply: impl Fn(&mut Node, usize, u64),
    ) -> Result<()> {
        host_api(|_| {
            if from.len() != to.len() {
                return Err(Error::InvalidValue);
            }
            let d = data_of(self)?;
            let mut g = lock(&d);
            if !from.iter().zip(to).enumerate().all(|(i, (f, t))| valid(&g, i, f.0, t.0)) {
                return Err(Error::InvalidValue);
            }
            for (i, (f, t)) in from.iter().zip(to).enumerate() {
                if let Some(n) = g.node_mut(t.0) {
                    apply(n, i, f.0);
                }
            }
            Ok(())
        })
    }

    /// `cudaGraphClone` ([`Error::NotSupported`] for graphs with conditional nodes, as CUDA
    /// 13.0 answers on an H100, or memory allocation or free nodes, as the reference says and
    /// an H200 answers).
    pub fn clone_graph(self) -> Result<Graph> {
        host_api(|_| {
            let d = data_of(self)?;
            let g = lock(&d);
            if g.nodes.iter().any(|n| matches!(n.kind, NodeKind::Conditional(_)) || n.kind.is_memory()) {
                return Err(Error::NotSupported);
            }
            Ok(clone_data(&g))
        })
    }

    /// `cudaGraphNodeFindInClone`: the node of this clone made from `original`.
    pub fn find_in_clone(self, original: GraphNode) -> Result<GraphNode> {
        host_api(|_| {
            let r = reg();
            r.nodes
                .iter()
                .find(|(n, g)| **g == self.0 && r.clone_of.get(n) == Some(&original.0))
                .map(|(n, _)| GraphNode(*n))
                .ok_or(Error::InvalidValue)
        })
    }

    /// `cudaGraphDebugDotPrint`: writes the graph in Graphviz's dot language to `path`.
    pub fn debug_dot_print(self, path: &std::path::Path, verbose: bool) -> Result<()> {
        host_api(|_| {
            let text = dot::render(self, verbose)?;
            std::fs::write(path, text).map_err(|_| Error::OperatingSystem)
        })
    }

    /// `cudaGraphConditionalHandleCreate`: a handle for conditional nodes of this graph, its
    /// value `default` now (and at each launch with `cudaGraphCondAssignDefault`, flag 1).
    pub fn conditional_handle(self, default: u32, flags: u32) -> Result<u64> {
        host_api(|c| {
            if flags & !1 != 0 {
                return Err(Error::InvalidValue);
            }
            data_of(self)?;
            let mem = c.mem();
            let p = mem.alloc(8).map_err(|_| Error::MemoryAllocation)?;
            mem.write(p, &default.to_le_bytes()).map_err(|_| Error::InvalidValue)?;
            reg().conds.insert(p.0, CondHandle { graph: self.0, default, assign: flags & 1 != 0 });
            Ok(p.0)
        })
    }

    /// Adds a conditional node (`cudaGraphAddNode` with `cudaGraphNodeTypeConditional`) of
    /// type `ty` (0 IF, 1 WHILE, 2 SWITCH) with `size` body graphs (IF 1 or 2, WHILE 1,
    /// SWITCH 1 to 65536), made empty now for the caller to fill; returns the node and them.
    pub fn add_conditional(
        self,
        deps: &[GraphNode],
        handle: u64,
        ty: u32,
        size: u32,
    ) -> Result<(GraphNode, Arc<[u64]>)> {
        let ty = match (ty, size) {
            (0, 1 | 2) => CondType::If,
            (1, 1) => CondType::While,
            (2, 1..=65536) => CondType::Switch,
            _ => return record(Err(Error::InvalidValue)),
        };
        // The handle must belong to this graph or to one this graph is a conditional body of
        // (an H200 refuses one of another graph, gpu-unseen/runtime16_graph_cond_bodies, and accepts the
        // parent's in a body, gpu-unseen/runtime16_graph_cond_nested), and drive no other node (refused:
        // gpu-unseen/runtime16_graph_cond_bodies).
        let Some(owner) = reg().conds.get(&handle).map(|c| c.graph) else {
            return record(Err(Error::InvalidValue));
        };
        // A snapshot: the registry is not held while a graph is locked.
        let graphs: Vec<(u64, Arc<Mutex<GraphData>>)> = reg().graphs.iter().map(|(&h, d)| (h, d.clone())).collect();
        let (mut parent, mut used) = (HashMap::new(), false);
        for (h, d) in &graphs {
            for n in &lock(d).nodes {
                if let NodeKind::Conditional(c) = &n.kind {
                    used |= c.handle == handle;
                    parent.extend(c.bodies.iter().map(|&b| (b, *h)));
                }
            }
        }
        let mut at = Some(self.0);
        let mut owned = false;
        for _ in 0..=parent.len() {
            match at {
                Some(g) if g == owner => {
                    owned = true;
                    break;
                }
                Some(g) => at = parent.get(&g).copied(),
                None => break,
            }
        }
        if !owned || used {
            return record(Err(Error::InvalidValue));
        }
        let mut bodies = Vec::with_capacity(size as usize);
        for _ in 0..size {
            match Graph::new(0) {
                Ok(g) => bodies.push(g.0),
                Err(e) => {
                    bodies.into_iter().for_each(drop_graph);
                    return Err(e);
                }
            }
        }
        let bodies: Arc<[u64]> = bodies.into();
        match self.add(deps, NodeKind::Conditional(CondNode { handle, ty, bodies: bodies.clone() })) {
            Ok(n) => Ok((n, bodies)),
            Err(e) => {
                bodies.iter().copied().for_each(drop_graph);
                Err(e)
            }
        }
    }

    /// `cudaGraphInstantiate(WithFlags)`: `flags` among AutoFreeOnLaunch (1), Upload (2),
    /// DeviceLaunch (4) and UseNodePriority (8). A cycle is [`Error::InvalidValue`].
    pub fn instantiate(self, flags: u64) -> Result<GraphExec> {
        self.instantiate_info(flags).0
    }

    /// [`Graph::instantiate`] with what `cudaGraphInstantiateWithParams` reports besides the
    /// error: its `cudaGraphInstantiateResult` and the node at fault.
    ///
    /// A graph instantiated for device launch runs as any other when launched from the host
    /// (Cuprite's device runtime has no device-side `cudaGraphLaunch`); it must hold only the
    /// nodes CUDA allows there (kernel, memcpy, memset, child graph), else it is
    /// [`Error::InvalidValue`] with `cudaGraphInstantiateNodeOperationNotSupported` (3) and the
    /// node, as an H200 answers for a host node.
    pub fn instantiate_info(self, flags: u64) -> (Result<GraphExec>, InstantiateResult, Option<GraphNode>) {
        let mut fault = (InstantiateResult::Error, None);
        let r = api(|c| {
            if flags & !0xf != 0 {
                return Err(Error::InvalidValue);
            }
            if flags & DEVICE_LAUNCH != 0 {
                // Not with AutoFreeOnLaunch; then a node it may not hold; then a graph with no
                // work (CUDA's rules, in the order an H200 checks them).
                if flags & AUTO_FREE_ON_LAUNCH != 0 {
                    return Err(Error::InvalidValue);
                }
                if let Some(node) = self.not_device_launchable(0)? {
                    fault = (InstantiateResult::NodeOperationNotSupported, Some(node));
                    return Err(Error::InvalidValue);
                }
                if !self.has_work(0)? {
                    return Err(Error::InvalidValue);
                }
            }
            let e = exec::Exec::new(self, flags).inspect_err(|e| {
                if *e == Error::InvalidValue {
                    fault.0 = InstantiateResult::InvalidStructure;
                }
            })?;
            let h = c.handle();
            reg().execs.insert(h, Arc::new(e));
            Ok(GraphExec(h))
        });
        let result = if r.is_ok() { InstantiateResult::Success } else { fault.0 };
        (r, result, fault.1)
    }

    /// Whether the graph (child graphs searched in place, `depth` levels down) holds a kernel,
    /// memcpy or memset node.
    fn has_work(self, depth: usize) -> Result<bool> {
        if depth > 64 {
            return Err(Error::InvalidValue);
        }
        let d = data_of(self)?;
        let kinds: Vec<NodeKind> = lock(&d).nodes.iter().map(|n| n.kind.clone()).collect();
        for kind in kinds {
            let work = match kind {
                NodeKind::Graph(child) => child.has_work(depth + 1)?,
                k => matches!(k.ty(), NodeType::Kernel | NodeType::Memcpy | NodeType::Memset),
            };
            if work {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The first node (child graphs searched in place, `depth` levels down) that a graph
    /// instantiated for device launch may not hold.
    fn not_device_launchable(self, depth: usize) -> Result<Option<GraphNode>> {
        // Deeper than any graph cudaGraphAddChildGraphNode can build (exec::flatten's bound).
        if depth > 64 {
            return Err(Error::InvalidValue);
        }
        let d = data_of(self)?;
        let nodes: Vec<(u64, NodeKind)> = lock(&d).nodes.iter().map(|n| (n.handle, n.kind.clone())).collect();
        for (handle, kind) in nodes {
            match kind {
                NodeKind::Graph(child) => {
                    if let Some(n) = child.not_device_launchable(depth + 1)? {
                        return Ok(Some(n));
                    }
                }
                NodeKind::Kernel(_) => {}
                NodeKind::Work { ty: NodeType::Kernel | NodeType::Memcpy | NodeType::Memset, .. } => {}
                _ => return Ok(Some(GraphNode(handle))),
            }
        }
        Ok(None)
    }
}

/// `cudaGraphInstantiateFlagAutoFreeOnLaunch`.
const AUTO_FREE_ON_LAUNCH: u64 = 1;
/// `cudaGraphInstantiateFlagDeviceLaunch`.
const DEVICE_LAUNCH: u64 = 4;

/// `cudaGraphInstantiateResult`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InstantiateResult {
    /// `cudaGraphInstantiateSuccess` (0).
    Success = 0,
    /// `cudaGraphInstantiateError` (1).
    Error = 1,
    /// `cudaGraphInstantiateInvalidStructure` (2): a cycle, or children nested too deep.
    InvalidStructure = 2,
    /// `cudaGraphInstantiateNodeOperationNotSupported` (3).
    NodeOperationNotSupported = 3,
}

impl GraphNode {
    /// `cudaGraphNodeGetType`.
    pub fn node_type(self) -> Result<NodeType> {
        self.kind().map(|k| k.ty())
    }

    /// What the node does.
    pub fn kind(self) -> Result<NodeKind> {
        host_api(|_| {
            let (_, d) = graph_of(self)?;
            let g = lock(&d);
            g.node(self.0).map(|n| n.kind.clone()).ok_or(Error::InvalidValue)
        })
    }

    /// What the node does, if it still exists, recording no error (for a check against a
    /// node's parameters where the node may be gone with its graph).
    pub fn peek_kind(self) -> Option<NodeKind> {
        let (_, d) = graph_of(self).ok()?;
        let g = lock(&d);
        g.node(self.0).map(|n| n.kind.clone())
    }

    /// Replaces what the node does (`cudaGraph*NodeSetParams`): the new kind must be of the
    /// same type.
    pub fn set_kind(self, kind: NodeKind) -> Result<()> {
        host_api(|_| {
            let (_, d) = graph_of(self)?;
            let mut g = lock(&d);
            let n = g.node_mut(self.0).ok_or(Error::InvalidValue)?;
            if n.kind.ty() != kind.ty() || matches!(kind, NodeKind::Conditional(_) | NodeKind::Graph(_)) {
                return Err(Error::InvalidValue);
            }
            // An event node's event must be one, as when it was added (a null event:
            // cudaErrorInvalidValue on an H200, tests/program-diff/graph_events_clone.cu).
            if let NodeKind::WaitEvent(e) | NodeKind::EventRecord(e) = kind {
                crate::event::marker_of(e).map_err(|_| Error::InvalidValue)?;
            }
            n.kind = kind;
            Ok(())
        })
    }

    /// `cudaGraphNodeGetDependencies`: the nodes this one depends on, with each edge's data.
    pub fn dependencies(self) -> Result<Vec<(GraphNode, EdgeData)>> {
        host_api(|_| {
            let (_, d) = graph_of(self)?;
            let g = lock(&d);
            let n = g.node(self.0).ok_or(Error::InvalidValue)?;
            Ok(n.deps.iter().map(|&h| (GraphNode(h), n.edge_from(h))).collect())
        })
    }

    /// `cudaGraphNodeGetDependentNodes`: the nodes that depend on this one, with each edge's
    /// data.
    pub fn dependents(self) -> Result<Vec<(GraphNode, EdgeData)>> {
        host_api(|_| {
            let (_, d) = graph_of(self)?;
            let g = lock(&d);
            Ok(g.nodes
                .iter()
                .filter(|n| n.deps.contains(&self.0))
                .map(|n| (GraphNode(n.handle), n.edge_from(self.0)))
                .collect())
        })
    }

    /// `cudaGraphDestroyNode`: removes the node and its edges; not in a graph with memory
    /// allocation or free nodes ([`Error::NotSupported`], as an H200 answers, like removing an
    /// edge there: unseen13a_graph_manual_edges).
    pub fn destroy(self) -> Result<()> {
        host_api(|_| {
            let (_, d) = graph_of(self)?;
            let removed = {
                let mut g = lock(&d);
                if g.nodes.iter().any(|n| n.kind.is_memory()) {
                    return Err(Error::NotSupported);
                }
                let i = g.nodes.iter().position(|n| n.handle == self.0).ok_or(Error::InvalidValue)?;
                let n = g.nodes.remove(i);
                for m in &mut g.nodes {
                    m.drop_dep(self.0);
                }
                n
            };
            reg().nodes.remove(&self.0);
            for c in owned_graphs(&removed.kind) {
                drop_graph(c);
            }
            Ok(())
        })
    }
}
