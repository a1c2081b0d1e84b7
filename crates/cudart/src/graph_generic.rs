//! The generic node API (`cudaGraphAddNode`, `cudaGraphNodeSetParams`,
//! `cudaGraphExecNodeSetParams` over `struct cudaGraphNodeParams`), conditional nodes and
//! their handles, memcpy nodes to and from symbols, and child graph updates of executable
//! graphs.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::graph::{Graph, GraphExec, GraphNode, NodeType};
use runtime::{Error, Result, record};

use crate::ext::Memcpy3DParms;
use crate::graph::{HostNodeParams, KernelNodeParams, MemsetParams, memcpy_1d_kind};
use crate::graph_more::MemAllocNodeParams;
use crate::graph_nodes::EdgeData;
use crate::{code, graph, graph_more, graph_nodes, invalid, out};

/// `struct cudaGraphNodeParams` (256 bytes): the type, then a union of the per-type
/// parameter structs at offset 16.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct GraphNodeParams {
    /// `enum cudaGraphNodeType type`.
    pub type_: i32,
    /// `int reserved0[3]`.
    pub reserved0: [i32; 3],
    /// The union (`long long reserved1[29]` in size).
    pub u: [i64; 29],
    /// `long long reserved2`.
    pub reserved2: i64,
}

/// `struct cudaMemcpyNodeParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MemcpyNodeParams {
    /// `int flags` (must be 0).
    pub flags: i32,
    /// `int reserved[3]`.
    pub reserved: [i32; 3],
    /// `struct cudaMemcpy3DParms copyParams`.
    pub copyParams: Memcpy3DParms,
}

/// `struct cudaChildGraphNodeParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ChildGraphNodeParams {
    /// `cudaGraph_t graph`.
    pub graph: *mut c_void,
    /// `enum cudaGraphChildGraphNodeOwnership ownership` (0 clone, 1 move).
    pub ownership: i32,
}

/// `struct cudaConditionalNodeParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ConditionalNodeParams {
    /// `cudaGraphConditionalHandle handle`.
    pub handle: u64,
    /// `enum cudaGraphConditionalNodeType type` (0 IF, 1 WHILE, 2 SWITCH).
    pub type_: i32,
    /// `unsigned int size`: the number of body graphs.
    pub size: u32,
    /// `cudaGraph_t *phGraph_out` (out): the body graphs, owned by the node.
    pub phGraph_out: *mut *mut c_void,
}

const _: () = assert!(std::mem::size_of::<GraphNodeParams>() == 256);
const _: () = assert!(std::mem::size_of::<ConditionalNodeParams>() == 24);

/// The per-type parameters in the union of `p`.
fn union_of<T>(p: *mut GraphNodeParams) -> *mut T {
    p.cast::<u8>().wrapping_add(16).cast::<T>()
}

/// `cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out, cudaGraph_t
/// graph, unsigned int defaultLaunchValue, unsigned int flags)`.
///
/// # Safety
/// `h` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphConditionalHandleCreate(
    h: *mut u64,
    g: *mut c_void,
    default: u32,
    flags: u32,
) -> i32 {
    if h.is_null() {
        return invalid();
    }
    // SAFETY: forwarded contract.
    unsafe { out(h, Graph(g as u64).conditional_handle(default, flags)) }
}

/// `cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t
/// *pDependencies, const cudaGraphEdgeData *dependencyData, size_t numDependencies, struct
/// cudaGraphNodeParams *nodeParams)`: any node type but external semaphores (only default
/// edges). Conditional nodes get their body graphs in `nodeParams->conditional.phGraph_out`,
/// memory allocation nodes their address in `nodeParams->alloc.dptr`.
///
/// # Safety
/// As its CUDA contract: `node` valid for writes, `deps` (and `edges` unless null) hold `n`
/// entries, `p` null or valid for reads and writes with the parameters of its type valid.
pub unsafe extern "C-unwind" fn cudaGraphAddNode(
    node: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    edges: *const EdgeData,
    n: usize,
    p: *mut GraphNodeParams,
) -> i32 {
    // SAFETY: forwarded contract.
    if let Err(e) = record(unsafe { graph_nodes::default_edges(edges, n) }) {
        return code::<()>(Err(e));
    }
    // SAFETY: null-checked; valid per the contract.
    let Some(q) = (unsafe { p.as_ref() }) else { return invalid() };
    // SAFETY: forwarded contract; the union holds the parameters of the type (every call below).
    unsafe {
        match q.type_ {
            0 => graph::cudaGraphAddKernelNode(node, g, deps, n, union_of::<KernelNodeParams>(p)),
            1 => match memcpy_params(p) {
                Ok(c) => graph::cudaGraphAddMemcpyNode(node, g, deps, n, c),
                Err(e) => code::<()>(Err(e)),
            },
            2 => graph::cudaGraphAddMemsetNode(node, g, deps, n, union_of::<MemsetParams>(p)),
            3 => graph::cudaGraphAddHostNode(node, g, deps, n, union_of::<HostNodeParams>(p)),
            4 => {
                let c = union_of::<ChildGraphNodeParams>(p).read();
                if c.ownership != 0 {
                    return code::<()>(record(Err(Error::NotSupported)));
                }
                graph_nodes::cudaGraphAddChildGraphNode(node, g, deps, n, c.graph)
            }
            5 => graph::cudaGraphAddEmptyNode(node, g, deps, n),
            6 => graph_nodes::cudaGraphAddEventWaitNode(node, g, deps, n, union_of::<*mut c_void>(p).read()),
            7 => graph_nodes::cudaGraphAddEventRecordNode(node, g, deps, n, union_of::<*mut c_void>(p).read()),
            10 => graph_more::cudaGraphAddMemAllocNode(node, g, deps, n, union_of::<MemAllocNodeParams>(p)),
            11 => graph_more::cudaGraphAddMemFreeNode(node, g, deps, n, union_of::<*mut c_void>(p).read()),
            13 => add_conditional(node, g, deps, n, union_of::<ConditionalNodeParams>(p)),
            8 | 9 => code::<()>(record(Err(Error::NotSupported))),
            _ => invalid(),
        }
    }
}

/// The copy of a `cudaMemcpyNodeParams` (flags must be 0).
///
/// # Safety
/// `p` valid with memcpy parameters in its union.
unsafe fn memcpy_params(p: *mut GraphNodeParams) -> Result<*const Memcpy3DParms> {
    let m = union_of::<MemcpyNodeParams>(p);
    // SAFETY: valid per the contract.
    let flags = unsafe { (*m).flags };
    if flags != 0 {
        return record(Err(Error::InvalidValue));
    }
    // SAFETY: in bounds of the same struct.
    Ok(unsafe { &raw const (*m).copyParams })
}

/// A conditional node; writes its body graphs' array to `c->phGraph_out`.
///
/// # Safety
/// `node` valid for writes; `deps` holds `n` handles; `c` valid for reads and writes.
unsafe fn add_conditional(
    node: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    c: *mut ConditionalNodeParams,
) -> i32 {
    if node.is_null() {
        return invalid();
    }
    // SAFETY: valid per the contract.
    let q = unsafe { c.read() };
    let r = (|| {
        let deps: Vec<GraphNode> = if n == 0 {
            Vec::new()
        } else if deps.is_null() {
            return record(Err(Error::InvalidValue));
        } else {
            // SAFETY: `deps` holds `n` handles per the contract.
            unsafe { std::slice::from_raw_parts(deps, n) }.iter().map(|&d| GraphNode(d as u64)).collect()
        };
        let ty = u32::try_from(q.type_).map_err(|_| Error::InvalidValue);
        let (nd, bodies) = Graph(g as u64).add_conditional(&deps, q.handle, record(ty)?, q.size)?;
        // The bodies' array lives as long as the node: handles are the graph ids, as
        // `cudaGraph_t` values are.
        // SAFETY: valid for writes per the contract.
        unsafe { (*c).phGraph_out = bodies.as_ptr().cast::<*mut c_void>().cast_mut() };
        Ok(nd.0 as *mut c_void)
    })();
    // SAFETY: checked non-null; valid per the contract.
    unsafe { out(node, r) }
}

/// `cudaGraphNodeSetParams(cudaGraphNode_t, struct cudaGraphNodeParams *)`: kernel, memcpy,
/// memset, host and event nodes (the type must stay the same).
///
/// # Safety
/// `p` null or valid, with the parameters of its type valid.
pub unsafe extern "C-unwind" fn cudaGraphNodeSetParams(nd: *mut c_void, p: *mut GraphNodeParams) -> i32 {
    // SAFETY: null-checked; valid per the contract.
    let Some(q) = (unsafe { p.as_ref() }) else { return invalid() };
    if let Err(e) = type_matches(GraphNode(nd as u64), q.type_) {
        return code::<()>(Err(e));
    }
    // SAFETY: forwarded contract; the union holds the parameters of the type (every call below).
    unsafe {
        match q.type_ {
            0 => graph_nodes::cudaGraphKernelNodeSetParams(nd, union_of::<KernelNodeParams>(p)),
            1 => match memcpy_params(p) {
                Ok(c) => graph_nodes::cudaGraphMemcpyNodeSetParams(nd, c),
                Err(e) => code::<()>(Err(e)),
            },
            2 => graph_nodes::cudaGraphMemsetNodeSetParams(nd, union_of::<MemsetParams>(p)),
            3 => graph_nodes::cudaGraphHostNodeSetParams(nd, union_of::<HostNodeParams>(p)),
            6 => graph_nodes::cudaGraphEventWaitNodeSetEvent(nd, union_of::<*mut c_void>(p).read()),
            7 => graph_nodes::cudaGraphEventRecordNodeSetEvent(nd, union_of::<*mut c_void>(p).read()),
            _ => code::<()>(record(Err(Error::NotSupported))),
        }
    }
}

/// `cudaGraphExecNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, struct cudaGraphNodeParams
/// *)`: kernel, memcpy, memset, host, child graph and event nodes.
///
/// # Safety
/// `p` null or valid, with the parameters of its type valid.
pub unsafe extern "C-unwind" fn cudaGraphExecNodeSetParams(
    x: *mut c_void,
    nd: *mut c_void,
    p: *mut GraphNodeParams,
) -> i32 {
    // SAFETY: null-checked; valid per the contract.
    let Some(q) = (unsafe { p.as_ref() }) else { return invalid() };
    if let Err(e) = type_matches(GraphNode(nd as u64), q.type_) {
        return code::<()>(Err(e));
    }
    // SAFETY: forwarded contract; the union holds the parameters of the type (every call below).
    unsafe {
        match q.type_ {
            0 => graph_nodes::cudaGraphExecKernelNodeSetParams(x, nd, union_of::<KernelNodeParams>(p)),
            1 => match memcpy_params(p) {
                Ok(c) => graph_nodes::cudaGraphExecMemcpyNodeSetParams(x, nd, c),
                Err(e) => code::<()>(Err(e)),
            },
            2 => graph_nodes::cudaGraphExecMemsetNodeSetParams(x, nd, union_of::<MemsetParams>(p)),
            3 => graph_nodes::cudaGraphExecHostNodeSetParams(x, nd, union_of::<HostNodeParams>(p)),
            4 => cudaGraphExecChildGraphNodeSetParams(x, nd, union_of::<ChildGraphNodeParams>(p).read().graph),
            6 => graph_nodes::cudaGraphExecEventWaitNodeSetEvent(x, nd, union_of::<*mut c_void>(p).read()),
            7 => graph_nodes::cudaGraphExecEventRecordNodeSetEvent(x, nd, union_of::<*mut c_void>(p).read()),
            _ => code::<()>(record(Err(Error::NotSupported))),
        }
    }
}

/// The node exists and is of type `ty`, else [`Error::InvalidValue`].
fn type_matches(n: GraphNode, ty: i32) -> Result<()> {
    let t = n.node_type()?;
    if t as i32 != ty {
        return record(Err(Error::InvalidValue));
    }
    Ok(())
}

/// `cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t, cudaGraphNode_t node, cudaGraph_t
/// childGraph)`: the child graph must have the topology of the node's.
pub extern "C-unwind" fn cudaGraphExecChildGraphNodeSetParams(
    x: *mut c_void,
    nd: *mut c_void,
    child: *mut c_void,
) -> i32 {
    code(GraphExec(x as u64).set_child(GraphNode(nd as u64), Graph(child as u64)))
}

/// A memcpy node's work between a symbol and memory (`to_symbol`: into it).
///
/// # Safety
/// Host memory covered must stay valid while the graph may run.
unsafe fn symbol_kind(
    sym: *const c_void,
    other: *mut c_void,
    count: usize,
    offset: usize,
    kind: i32,
    to_symbol: bool,
) -> Result<runtime::graph::NodeKind> {
    let (dst, src, _) = crate::register::symbol_copy_ends(sym, other, count, offset, kind, to_symbol)?;
    // SAFETY: forwarded contract.
    unsafe { memcpy_1d_kind(dst as *mut c_void, src as *const c_void, count, kind) }
}

/// `cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *,
/// size_t, const void *symbol, const void *src, size_t count, size_t offset, enum
/// cudaMemcpyKind)`.
///
/// # Safety
/// `node` valid for writes, `deps` holds `n` handles; `src` valid for `count` bytes while
/// the graph may run.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaGraphAddMemcpyNodeToSymbol(
    node: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    sym: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    let k = || unsafe { symbol_kind(sym, src.cast_mut(), count, offset, kind, true) };
    // SAFETY: forwarded contract.
    unsafe { graph::add(node, g, deps, n, k) }
}

/// `cudaGraphAddMemcpyNodeFromSymbol(..., void *dst, const void *symbol, size_t count,
/// size_t offset, enum cudaMemcpyKind)`.
///
/// # Safety
/// `node` valid for writes, `deps` holds `n` handles; `dst` valid for `count` bytes while
/// the graph may run.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaGraphAddMemcpyNodeFromSymbol(
    node: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    dst: *mut c_void,
    sym: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    let k = || unsafe { symbol_kind(sym, dst, count, offset, kind, false) };
    // SAFETY: forwarded contract.
    unsafe { graph::add(node, g, deps, n, k) }
}

/// `cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t, const void *symbol, const void
/// *src, size_t count, size_t offset, enum cudaMemcpyKind)`.
///
/// # Safety
/// `src` valid for `count` bytes while the graph may run.
pub unsafe extern "C-unwind" fn cudaGraphMemcpyNodeSetParamsToSymbol(
    nd: *mut c_void,
    sym: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    code(
        unsafe { symbol_kind(sym, src.cast_mut(), count, offset, kind, true) }
            .and_then(|k| GraphNode(nd as u64).set_kind(k)),
    )
}

/// `cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t, void *dst, const void *symbol,
/// size_t count, size_t offset, enum cudaMemcpyKind)`.
///
/// # Safety
/// `dst` valid for `count` bytes while the graph may run.
pub unsafe extern "C-unwind" fn cudaGraphMemcpyNodeSetParamsFromSymbol(
    nd: *mut c_void,
    dst: *mut c_void,
    sym: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    code(unsafe { symbol_kind(sym, dst, count, offset, kind, false) }.and_then(|k| GraphNode(nd as u64).set_kind(k)))
}

/// `cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t, cudaGraphNode_t, const void
/// *symbol, const void *src, size_t count, size_t offset, enum cudaMemcpyKind)`.
///
/// # Safety
/// `src` valid for `count` bytes while the graph may run.
pub unsafe extern "C-unwind" fn cudaGraphExecMemcpyNodeSetParamsToSymbol(
    x: *mut c_void,
    nd: *mut c_void,
    sym: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    let k = unsafe { symbol_kind(sym, src.cast_mut(), count, offset, kind, true) };
    code(k.and_then(|k| GraphExec(x as u64).set_node(GraphNode(nd as u64), k)))
}

/// `cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t, cudaGraphNode_t, void *dst,
/// const void *symbol, size_t count, size_t offset, enum cudaMemcpyKind)`.
///
/// # Safety
/// `dst` valid for `count` bytes while the graph may run.
pub unsafe extern "C-unwind" fn cudaGraphExecMemcpyNodeSetParamsFromSymbol(
    x: *mut c_void,
    nd: *mut c_void,
    dst: *mut c_void,
    sym: *const c_void,
    count: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    let k = unsafe { symbol_kind(sym, dst, count, offset, kind, false) };
    code(k.and_then(|k| GraphExec(x as u64).set_node(GraphNode(nd as u64), k)))
}

// The node types the generic calls dispatch on.
const _: () = assert!(NodeType::Conditional as i32 == 13);

/// The node handles of a dependency array (edge data, if any, must be default).
///
/// # Safety
/// `deps` holds `n` handles (or is null with `n == 0`); `edges` null or holds `n` entries.
unsafe fn dep_nodes(deps: *const *mut c_void, edges: *const EdgeData, n: usize) -> Result<Vec<GraphNode>> {
    // SAFETY: forwarded contract.
    record(unsafe { graph_nodes::default_edges(edges, n) })?;
    if n == 0 {
        return Ok(Vec::new());
    }
    if deps.is_null() {
        return record(Err(Error::InvalidValue));
    }
    // SAFETY: `deps` holds `n` handles per the contract.
    Ok(unsafe { std::slice::from_raw_parts(deps, n) }.iter().map(|&d| GraphNode(d as u64)).collect())
}

/// # Safety
/// As `cudaStreamBeginCaptureToGraph`.
unsafe fn begin_to_graph(
    s: runtime::stream::Stream,
    g: *mut c_void,
    deps: *const *mut c_void,
    edges: *const EdgeData,
    n: usize,
    mode: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    let r = unsafe { dep_nodes(deps, edges, n) }
        .and_then(|d| runtime::graph::begin_capture_to_graph(s, Graph(g as u64), &d, mode));
    code(r)
}

/// `cudaStreamBeginCaptureToGraph(cudaStream_t, cudaGraph_t, const cudaGraphNode_t
/// *dependencies, const cudaGraphEdgeData *, size_t numDependencies, enum
/// cudaStreamCaptureMode)`: captures into an existing graph (a conditional node's body, say).
///
/// # Safety
/// `deps` holds `n` handles; `edges` null or `n` entries.
pub unsafe extern "C-unwind" fn cudaStreamBeginCaptureToGraph(
    s: *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    edges: *const EdgeData,
    n: usize,
    mode: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { begin_to_graph(crate::stream(s), g, deps, edges, n, mode) }
}

/// `cudaStreamBeginCaptureToGraph_ptsz`.
///
/// # Safety
/// As `cudaStreamBeginCaptureToGraph`.
pub unsafe extern "C-unwind" fn cudaStreamBeginCaptureToGraph_ptsz(
    s: *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    edges: *const EdgeData,
    n: usize,
    mode: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { begin_to_graph(crate::stream(crate::ext::ptsz(s)), g, deps, edges, n, mode) }
}

/// # Safety
/// As `cudaStreamUpdateCaptureDependencies`.
unsafe fn update_deps(
    s: runtime::stream::Stream,
    deps: *const *mut c_void,
    edges: *const EdgeData,
    n: usize,
    flags: u32,
) -> i32 {
    // SAFETY: forwarded contract.
    let r =
        unsafe { dep_nodes(deps, edges, n) }.and_then(|d| runtime::graph::update_capture_dependencies(s, &d, flags));
    code(r)
}

/// `cudaStreamUpdateCaptureDependencies(cudaStream_t, cudaGraphNode_t *dependencies, const
/// cudaGraphEdgeData *, size_t numDependencies, unsigned int flags)`: flags
/// `cudaStreamAddCaptureDependencies` (0) or `cudaStreamSetCaptureDependencies` (1).
///
/// # Safety
/// `deps` holds `n` handles; `edges` null or `n` entries.
pub unsafe extern "C-unwind" fn cudaStreamUpdateCaptureDependencies(
    s: *mut c_void,
    deps: *const *mut c_void,
    edges: *const EdgeData,
    n: usize,
    flags: u32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { update_deps(crate::stream(s), deps, edges, n, flags) }
}

/// `cudaStreamUpdateCaptureDependencies_ptsz`.
///
/// # Safety
/// As `cudaStreamUpdateCaptureDependencies`.
pub unsafe extern "C-unwind" fn cudaStreamUpdateCaptureDependencies_ptsz(
    s: *mut c_void,
    deps: *const *mut c_void,
    edges: *const EdgeData,
    n: usize,
    flags: u32,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { update_deps(crate::stream(crate::ext::ptsz(s)), deps, edges, n, flags) }
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_graph_generic.rs"));
