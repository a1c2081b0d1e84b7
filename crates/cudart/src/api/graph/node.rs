//! Graph nodes (6.30 Graph Management): adding nodes of each type (the generic
//! `cudaGraphAddNode` included), their parameters (get and set), event and child graph nodes,
//! kernel node attributes, conditional nodes and their handles, symbol memcpy nodes, and the
//! C node parameter structs.

// C ABI names.
#![allow(non_snake_case)]

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::Mutex;

use runtime::event::Event;
use runtime::graph::{self, Graph, GraphNode, NodeKind, NodeType};
use runtime::memory::{self, Set3D};
use runtime::stream::{AttrValue, attr_default, check_attr};
use runtime::{DevicePtr, Error, Result, record};

use crate::api::execution::host_fn_work;
use crate::api::graph::memory::{MemAllocNodeParams, mem_free_kind};
use crate::api::graph::{EdgeData, node};
use crate::api::memory::pitched::{Memcpy3DParms, copy_3d_of};
use crate::args::Dim3C;
use crate::args::{In, Out};
use crate::registration::SymbolCopy;
use crate::{code, invalid};

/// `struct cudaKernelNodeParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct KernelNodeParams {
    /// `void *func`: the kernel's host stub.
    pub func: *mut c_void,
    /// `dim3 gridDim`.
    pub gridDim: Dim3C,
    /// `dim3 blockDim`.
    pub blockDim: Dim3C,
    /// `unsigned int sharedMemBytes`.
    pub sharedMemBytes: u32,
    /// `void **kernelParams`.
    pub kernelParams: *mut *mut c_void,
    /// `void **extra` (not supported: must be null).
    pub extra: *mut *mut c_void,
}

/// `struct cudaMemsetParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MemsetParams {
    /// `void *dst`.
    pub dst: *mut c_void,
    /// `size_t pitch`.
    pub pitch: usize,
    /// `unsigned int value`.
    pub value: u32,
    /// `unsigned int elementSize` (1, 2 or 4).
    pub elementSize: u32,
    /// `size_t width` (elements).
    pub width: usize,
    /// `size_t height`.
    pub height: usize,
}

/// `struct cudaHostNodeParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HostNodeParams {
    /// `cudaHostFn_t fn`.
    pub fn_: Option<unsafe extern "C" fn(*mut c_void)>,
    /// `void *userData`.
    pub userData: *mut c_void,
}

/// # Safety
/// `deps` must hold `n` node handles (or be null with `n == 0`).
unsafe fn deps_of(deps: *const *mut c_void, n: usize) -> Result<Vec<GraphNode>> {
    if n == 0 {
        return Ok(Vec::new());
    }
    if deps.is_null() {
        return Err(Error::InvalidValue);
    }
    // SAFETY: `deps` holds `n` handles per the contract.
    let s = unsafe { std::slice::from_raw_parts(deps, n) };
    Ok(s.iter().map(|&p| GraphNode(p as u64)).collect())
}

/// Adds a node; writes its handle.
///
/// # Safety
/// `node` must be valid for writes; `deps` must hold `n` handles.
pub(crate) unsafe fn add(
    node: Out<*mut c_void>,
    g: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    kind: impl FnOnce() -> Result<graph::NodeKind>,
) -> i32 {
    // SAFETY: this function's contract, which is `add_with`'s.
    unsafe { add_with(node, g, deps, None, n, kind) }
}

/// [`add`] with each edge's data (`None`: default edges).
///
/// # Safety
/// As [`add`].
unsafe fn add_with(
    node: Out<*mut c_void>,
    g: *mut c_void,
    deps: *const *mut c_void,
    edges: Option<&[graph::EdgeData]>,
    n: usize,
    kind: impl FnOnce() -> Result<graph::NodeKind>,
) -> i32 {
    if node.is_null() {
        return invalid();
    }
    let r = (|| {
        // SAFETY: `deps` holds `n` handles (or `n` is 0): this function's contract, which the entry points take from
        // CUDA's for `pDependencies` and `numDependencies`.
        let deps = record(unsafe { deps_of(deps, n) })?;
        let k = record(kind())?;
        Graph(g as u64).add_with_edges(&deps, edges, k)
    })();
    node.put(r.map(|h| h.0 as *mut c_void))
}

/// A kernel node from `cudaKernelNodeParams` (`cudaGraphAddKernelNode`: the arguments are
/// copied now).
///
/// # Safety
/// `p->kernelParams` must hold one pointer per kernel parameter.
pub(crate) unsafe fn kernel_kind(p: In<KernelNodeParams>) -> Result<graph::NodeKind> {
    let p = p.read()?;
    if !p.extra.is_null() {
        return Err(Error::NotSupported);
    }
    // SAFETY: `p.kernelParams` holds one pointer per kernel parameter, each to a value of its size: this function's
    // contract (CUDA's for `cudaKernelNodeParams::kernelParams`), which `prepare_launch` requires.
    let (f, packed, shared) =
        unsafe { crate::registration::prepare_launch(p.func as usize, p.kernelParams, p.sharedMemBytes as usize) }?;
    graph::KernelNode::new(f, p.gridDim.into(), p.blockDim.into(), shared, packed).map(graph::NodeKind::Kernel)
}

/// A memset node from `cudaMemsetParams` (`cudaGraphAddMemsetNode`).
pub(crate) fn memset_kind(p: In<MemsetParams>) -> Result<graph::NodeKind> {
    let p = p.read()?;
    // An empty memset, or a destination not aligned to the element size, is an invalid value
    // for a node (an H200's answers, unseen13a_graph_memset_update).
    if p.width == 0 || p.height == 0 || !(p.dst as usize).is_multiple_of(p.elementSize.max(1) as usize) {
        return Err(Error::InvalidValue);
    }
    let s = Set3D {
        dst: DevicePtr(p.dst as u64),
        pitch: p.pitch,
        slice_rows: p.height,
        value: p.value,
        elem_size: p.elementSize,
        width: p.width,
        height: p.height,
        depth: 1,
    };
    let rows = Some(graph::Fixed::Rows(p.height));
    Ok(work_kind(graph::NodeType::Memset, s.work()?.map(memory::node_work), params_bytes(&p), rows))
}

/// A memcpy node from `cudaMemcpy3DParms` (`cudaGraphAddMemcpyNode`).
///
/// # Safety
/// `p` valid; host memory it covers must stay valid while the graph may run.
pub(crate) unsafe fn memcpy_kind(p: *const Memcpy3DParms) -> Result<graph::NodeKind> {
    // SAFETY: `p` is null or a valid `cudaMemcpy3DParms`: this function's contract, which is `copy_3d_of`'s.
    let c = unsafe { copy_3d_of(p) }?;
    // SAFETY: `copy_3d_of` checked that `p` is not null; valid per the contract.
    let b = params_bytes(unsafe { &*p });
    // SAFETY: the host memory the copy covers stays valid while the graph may run: this function's contract (CUDA's for
    // a memcpy node's host pointers), which is what `work` requires.
    Ok(work_kind(
        graph::NodeType::Memcpy,
        unsafe { c.work() }?.map(memory::node_work),
        b,
        Some(graph::Fixed::Copy(c.kind)),
    ))
}

/// A 1D memcpy node (`cudaGraphAddMemcpyNode1D`).
///
/// # Safety
/// Host memory covered must stay valid while the graph may run.
pub(crate) unsafe fn memcpy_1d_kind(
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: i32,
) -> Result<graph::NodeKind> {
    // Its parameters read back with both pitches 0 (an H200's answer,
    // tests/program-diff/graph_node_params_roundtrip.cu).
    let as_3d = linear_copy_params(dst, 0, src, 0, (count, 1), kind);
    let kind = memory::MemcpyKind::from_raw(kind)?;
    let c = memory::Copy3D::linear(dst as u64, src as u64, count, kind);
    // SAFETY: the host memory `dst`/`src` cover stays valid while the graph may run: this function's contract (CUDA's
    // for a memcpy node's host pointers), which is what `work` requires.
    Ok(work_kind(
        graph::NodeType::Memcpy,
        unsafe { c.work() }?.map(memory::node_work),
        params_bytes(&as_3d),
        Some(graph::Fixed::Copy(kind)),
    ))
}

/// A host node from `cudaHostNodeParams` (`cudaGraphAddHostNode`).
pub(crate) fn host_kind(p: In<HostNodeParams>) -> Result<graph::NodeKind> {
    let p = p.read()?;
    let Some(f) = p.fn_ else { return Err(Error::InvalidValue) };
    Ok(graph::NodeKind::Work {
        ty: graph::NodeType::Host,
        work: std::sync::Arc::from(host_fn_work(f, p.userData)),
        params: Some(params_bytes(&p)),
        fixed: None,
    })
}

/// An empty node (`cudaGraphAddEmptyNode`).
pub(crate) fn empty_kind() -> Result<NodeKind> {
    Ok(NodeKind::Empty)
}

/// An event record node of event `e` (`cudaGraphAddEventRecordNode`).
pub(crate) fn event_record_kind(e: *mut c_void) -> Result<NodeKind> {
    Ok(NodeKind::EventRecord(Event(e as u64)))
}

/// An event wait node of event `e` (`cudaGraphAddEventWaitNode`).
pub(crate) fn event_wait_kind(e: *mut c_void) -> Result<NodeKind> {
    Ok(NodeKind::WaitEvent(Event(e as u64)))
}

/// A child graph node (`cudaGraphAddChildGraphNode`): the child graph is cloned.
pub(crate) fn child_graph_kind(child: *mut c_void) -> Result<NodeKind> {
    Ok(NodeKind::Graph(Graph(child as u64)))
}

/// Work of type `ty` (`None`, nothing to do: still a node of that type); `copy`, a memcpy
/// node's kind.
fn work_kind(
    ty: graph::NodeType,
    w: Option<graph::NodeFn>,
    params: std::sync::Arc<[u8]>,
    fixed: Option<graph::Fixed>,
) -> graph::NodeKind {
    graph::NodeKind::Work { ty, work: w.unwrap_or_else(|| std::sync::Arc::new(|| {})), params: Some(params), fixed }
}

/// A C parameter struct as the bytes a node keeps for its `Get*Params` call.
pub(crate) fn params_bytes<T: Copy>(p: &T) -> std::sync::Arc<[u8]> {
    // SAFETY: `p` is a live `T` of `size_of::<T>()` bytes; the C parameter structs are plain
    // data (the padding bytes copied are never interpreted).
    let b = unsafe { std::slice::from_raw_parts((p as *const T).cast::<u8>(), std::mem::size_of::<T>()) };
    std::sync::Arc::from(b)
}

/// The C parameter struct a node was made from (`None`: a captured node, or another type).
pub(crate) fn params_of<T: Copy>(k: &graph::NodeKind, ty: graph::NodeType) -> Option<T> {
    match k {
        graph::NodeKind::Work { ty: t, params: Some(b), .. } if *t == ty => decode_params(b),
        _ => None,
    }
}

/// The `T` that `params_bytes::<T>` encoded as `b` (`None` if the size differs). Callers pass
/// bytes of a node whose type encodes a `T`.
pub(crate) fn decode_params<T: Copy>(b: &[u8]) -> Option<T> {
    // SAFETY: bytes of `size_of::<T>()` made by `params_bytes::<T>` (the callers' node types
    // encode a `T`) are a valid `T`; read unaligned from the byte buffer.
    (b.len() == std::mem::size_of::<T>()).then(|| unsafe { b.as_ptr().cast::<T>().read_unaligned() })
}

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
pub(crate) fn union_of<T>(p: *mut GraphNodeParams) -> *mut T {
    p.cast::<u8>().wrapping_add(16).cast::<T>()
}

/// `cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out, cudaGraph_t
/// graph, unsigned int defaultLaunchValue, unsigned int flags)`.
pub fn cudaGraphConditionalHandleCreate(h: Out<u64>, g: *mut c_void, default: u32, flags: u32) -> i32 {
    if h.is_null() {
        return invalid();
    }
    h.put(Graph(g as u64).conditional_handle(default, flags))
}

/// `cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t
/// *pDependencies, const cudaGraphEdgeData *dependencyData, size_t numDependencies, struct
/// cudaGraphNodeParams *nodeParams)`: any node type but external semaphores, with edge data
/// (`graph::EdgeData`; programmatic edges into memory allocation and conditional nodes are not
/// supported). Conditional nodes get their body graphs in `nodeParams->conditional.phGraph_out`,
/// memory allocation nodes their address in `nodeParams->alloc.dptr`.
///
/// # Safety
/// As its CUDA contract: `node` valid for writes, `deps` (and `edges` unless null) hold `n`
/// entries, `p` null or valid for reads and writes with the parameters of its type valid.
pub unsafe fn cudaGraphAddNode(
    node: Out<*mut c_void>,
    g: *mut c_void,
    deps: *const *mut c_void,
    edges: *const EdgeData,
    n: usize,
    p: *mut GraphNodeParams,
) -> i32 {
    // SAFETY: `edges` is null or holds `n` entries: cudaGraphAddNode's contract for `dependencyData`, which is
    // `edge_list`'s.
    let ed = unsafe { crate::api::graph::edge_list(edges, n) };
    let ed = ed.as_deref();
    // SAFETY: null-checked; valid per the contract.
    let Some(q) = (unsafe { p.as_ref() }) else { return invalid() };
    // The reserved words must be zero (an H200's answer, unseen13a_graph_generic_nodes).
    if q.reserved0 != [0; 3] {
        return code::<()>(record(Err(Error::InvalidValue)));
    }
    // SAFETY: `node`, `deps` and `n` as cudaGraphAddNode's contract says, which the typed entry points require; `p` is
    // not null and `q.type_` names the union member that holds valid parameters (the contract), so `union_of` reads
    // that member.
    unsafe {
        match q.type_ {
            0 => add_with(node, g, deps, ed, n, || kernel_kind(In::new(union_of::<KernelNodeParams>(p)))),
            1 => match memcpy_params(p) {
                Ok(c) => add_with(node, g, deps, ed, n, || memcpy_kind(c)),
                Err(e) => code::<()>(Err(e)),
            },
            2 => add_with(node, g, deps, ed, n, || memset_kind(In::new(union_of::<MemsetParams>(p)))),
            3 => add_with(node, g, deps, ed, n, || host_kind(In::new(union_of::<HostNodeParams>(p)))),
            4 => {
                let c = union_of::<ChildGraphNodeParams>(p).read();
                if c.ownership != 0 {
                    return code::<()>(record(Err(Error::NotSupported)));
                }
                add_with(node, g, deps, ed, n, || child_graph_kind(c.graph))
            }
            5 => add_with(node, g, deps, ed, n, empty_kind),
            6 => add_with(node, g, deps, ed, n, || event_wait_kind(union_of::<*mut c_void>(p).read())),
            7 => add_with(node, g, deps, ed, n, || event_record_kind(union_of::<*mut c_void>(p).read())),
            // Programmatic edges into these: not supported here (default edges are).
            10 | 13 if ed.is_some_and(|e| e.iter().any(|d| *d != graph::EdgeData::default())) => {
                code::<()>(record(Err(Error::NotSupported)))
            }
            10 => {
                crate::api::graph::memory::cudaGraphAddMemAllocNode(node, g, deps, n, union_of::<MemAllocNodeParams>(p))
            }
            11 => add_with(node, g, deps, ed, n, || mem_free_kind(union_of::<*mut c_void>(p).read())),
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
pub(crate) unsafe fn memcpy_params(p: *mut GraphNodeParams) -> Result<*const Memcpy3DParms> {
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
    node: Out<*mut c_void>,
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
    node.put(r)
}

/// `cudaGraphNodeSetParams(cudaGraphNode_t, struct cudaGraphNodeParams *)`: kernel, memcpy,
/// memset, host and event nodes (the type must stay the same).
///
/// # Safety
/// `p` null or valid, with the parameters of its type valid.
pub unsafe fn cudaGraphNodeSetParams(nd: *mut c_void, p: *mut GraphNodeParams) -> i32 {
    // SAFETY: null-checked; valid per the contract.
    let Some(q) = (unsafe { p.as_ref() }) else { return invalid() };
    if let Err(e) = type_matches(GraphNode(nd as u64), q.type_) {
        return code::<()>(Err(e));
    }
    // SAFETY: `q.type_` names the union member that holds valid parameters (cudaGraphNodeSetParams' contract, and
    // `type_matches` checked it is the node's type), so `union_of` reads that member, as the typed setters require.
    unsafe {
        match q.type_ {
            0 => cudaGraphKernelNodeSetParams(nd, In::new(union_of::<KernelNodeParams>(p))),
            1 => match memcpy_params(p) {
                Ok(c) => cudaGraphMemcpyNodeSetParams(nd, c),
                Err(e) => code::<()>(Err(e)),
            },
            2 => cudaGraphMemsetNodeSetParams(nd, In::new(union_of::<MemsetParams>(p))),
            3 => cudaGraphHostNodeSetParams(nd, In::new(union_of::<HostNodeParams>(p))),
            6 => cudaGraphEventWaitNodeSetEvent(nd, union_of::<*mut c_void>(p).read()),
            7 => cudaGraphEventRecordNodeSetEvent(nd, union_of::<*mut c_void>(p).read()),
            _ => code::<()>(record(Err(Error::NotSupported))),
        }
    }
}

/// The node exists and is of type `ty`, else [`Error::InvalidValue`].
pub(crate) fn type_matches(n: GraphNode, ty: i32) -> Result<()> {
    let t = n.node_type()?;
    if t as i32 != ty {
        return record(Err(Error::InvalidValue));
    }
    Ok(())
}

/// A memcpy node's work for the symbol copy `c` (`cudaGraphAddMemcpyNodeToSymbol`,
/// `cudaGraphAddMemcpyNodeFromSymbol`).
///
/// # Safety
/// `c.other` must be valid for `c.count` bytes while the graph may run.
pub(crate) unsafe fn symbol_kind(c: SymbolCopy) -> Result<runtime::graph::NodeKind> {
    let (dst, src, _) = c.ends()?;
    // SAFETY: one end is the symbol's device memory (`count` bytes checked in range), the other
    // `c.other`, valid for `count` bytes while the graph may run: this function's contract,
    // which is `memcpy_1d_kind`'s.
    unsafe { memcpy_1d_kind(dst as *mut c_void, src as *const c_void, c.count, c.kind) }
}

/// Gives node `nd` the kind `k` (`cudaGraphMemcpyNodeSetParamsToSymbol`,
/// `cudaGraphMemcpyNodeSetParamsFromSymbol`).
pub(crate) fn set_kind(nd: *mut c_void, k: Result<NodeKind>) -> i32 {
    code(k.and_then(|k| GraphNode(nd as u64).set_kind(k)))
}

/// The parameters of a node of type `ty` made through the explicit API.
pub(crate) fn node_params<T: Copy>(n: *mut c_void, ty: NodeType) -> Result<T> {
    node(n).kind().and_then(|k| {
        if k.ty() != ty {
            return record(Err(Error::InvalidValue));
        }
        // A node made by stream capture keeps no parameters.
        record(params_of::<T>(&k, ty).ok_or(Error::NotSupported))
    })
}

/// `cudaGraphHostNodeGetParams(cudaGraphNode_t, struct cudaHostNodeParams *)`.
pub fn cudaGraphHostNodeGetParams(n: *mut c_void, p: Out<HostNodeParams>) -> i32 {
    p.put(node_params(n, NodeType::Host))
}

/// `cudaGraphMemsetNodeGetParams(cudaGraphNode_t, struct cudaMemsetParams *)`.
pub fn cudaGraphMemsetNodeGetParams(n: *mut c_void, p: Out<MemsetParams>) -> i32 {
    p.put(node_params(n, NodeType::Memset))
}

/// `cudaGraphMemcpyNodeGetParams(cudaGraphNode_t, struct cudaMemcpy3DParms *)`: a 1D copy
/// node's parameters as the equivalent 3D copy.
pub fn cudaGraphMemcpyNodeGetParams(n: *mut c_void, p: Out<Memcpy3DParms>) -> i32 {
    p.put(node_params(n, NodeType::Memcpy))
}

/// `cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t, void *dst, const void *src, size_t count,
/// enum cudaMemcpyKind)`.
///
/// # Safety
/// Host memory covered must stay valid while the graph may run.
pub unsafe fn cudaGraphMemcpyNodeSetParams1D(
    n: *mut c_void,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: i32,
) -> i32 {
    // SAFETY: the host memory `dst`/`src` cover outlives the graph's runs: cudaGraphMemcpyNodeSetParams1D's contract,
    // which is `memcpy_1d_kind`'s.
    code(record(unsafe { memcpy_1d_kind(dst, src, count, kind) }).and_then(|k| node(n).set_kind(k)))
}

/// The attributes a kernel node has (`cudaLaunchAttributeID`).
const KERNEL_NODE_ATTRS: [i32; 10] = [1, 2, 4, 5, 6, 8, 9, 10, 11, 14];

fn kernel_node(n: *mut c_void) -> Result<graph::KernelNode> {
    node(n).kind().and_then(|k| match k {
        NodeKind::Kernel(k) => Ok(k),
        _ => record(Err(Error::InvalidValue)),
    })
}

/// `cudaGraphKernelNodeGetAttribute(cudaGraphNode_t, cudaKernelNodeAttrID, cudaKernelNodeAttrValue
/// *)`: the value set, or the default.
pub fn cudaGraphKernelNodeGetAttribute(n: *mut c_void, id: i32, v: Out<AttrValue>) -> i32 {
    let r = kernel_node(n).and_then(|k| {
        if !KERNEL_NODE_ATTRS.contains(&id) {
            return record(Err(Error::InvalidValue));
        }
        Ok(k.attrs.get(&id).copied().unwrap_or_else(|| attr_default(id)))
    });
    v.put(r)
}

/// `cudaGraphKernelNodeSetAttribute(cudaGraphNode_t, cudaKernelNodeAttrID, const
/// cudaKernelNodeAttrValue *)`: validated and stored (the CPU device runs every value alike).
///
/// # Safety
/// `v` must be null or a valid `cudaKernelNodeAttrValue`.
pub unsafe fn cudaGraphKernelNodeSetAttribute(n: *mut c_void, id: i32, v: *const AttrValue) -> i32 {
    // SAFETY: null-checked; valid per the contract.
    let Some(v) = (unsafe { v.as_ref() }).copied() else { return invalid() };
    let r = kernel_node(n).and_then(|mut k| {
        record(check_attr(id, &v, false))?;
        k.attrs.insert(id, v);
        node(n).set_kind(NodeKind::Kernel(k))
    });
    code(r)
}

/// `cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t dst, cudaGraphNode_t src)`.
pub fn cudaGraphKernelNodeCopyAttributes(dst: *mut c_void, src: *mut c_void) -> i32 {
    let r = kernel_node(src).and_then(|s| {
        let mut d = kernel_node(dst)?;
        d.attrs = s.attrs;
        node(dst).set_kind(NodeKind::Kernel(d))
    });
    code(r)
}

/// The event of an event node of type `want`.
fn event_of(n: *mut c_void, want: graph::NodeType) -> Result<*mut c_void> {
    match node(n).kind()? {
        NodeKind::EventRecord(e) if want == graph::NodeType::EventRecord => Ok(e.0 as *mut c_void),
        NodeKind::WaitEvent(e) if want == graph::NodeType::WaitEvent => Ok(e.0 as *mut c_void),
        _ => record(Err(Error::InvalidValue)),
    }
}

/// `cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t, cudaEvent_t *)`.
pub fn cudaGraphEventRecordNodeGetEvent(n: *mut c_void, e: Out<*mut c_void>) -> i32 {
    e.put(event_of(n, graph::NodeType::EventRecord))
}

/// `cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t, cudaEvent_t *)`.
pub fn cudaGraphEventWaitNodeGetEvent(n: *mut c_void, e: Out<*mut c_void>) -> i32 {
    e.put(event_of(n, graph::NodeType::WaitEvent))
}

/// `cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t, cudaEvent_t)`.
pub fn cudaGraphEventRecordNodeSetEvent(n: *mut c_void, e: *mut c_void) -> i32 {
    code(node(n).set_kind(NodeKind::EventRecord(Event(e as u64))))
}

/// `cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t, cudaEvent_t)`.
pub fn cudaGraphEventWaitNodeSetEvent(n: *mut c_void, e: *mut c_void) -> i32 {
    code(node(n).set_kind(NodeKind::WaitEvent(Event(e as u64))))
}

/// `cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t, cudaGraph_t *)`: the node's own graph.
pub fn cudaGraphChildGraphNodeGetGraph(n: *mut c_void, g: Out<*mut c_void>) -> i32 {
    let r = node(n).kind().and_then(|k| match k {
        NodeKind::Graph(c) => Ok(c.0 as *mut c_void),
        _ => record(Err(Error::InvalidValue)),
    });
    g.put(r)
}

/// Argument storage for `cudaGraphKernelNodeGetParams` results: per node, the packed
/// parameters and the addresses of each parameter in them (valid until the next call for the
/// node).
type ArgStore = HashMap<u64, (Vec<u8>, Vec<usize>)>;

fn arg_store() -> std::sync::MutexGuard<'static, ArgStore> {
    static S: std::sync::OnceLock<Mutex<ArgStore>> = std::sync::OnceLock::new();
    S.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

/// `cudaGraphKernelNodeGetParams(cudaGraphNode_t, struct cudaKernelNodeParams *)`.
pub fn cudaGraphKernelNodeGetParams(n: *mut c_void, p: Out<KernelNodeParams>) -> i32 {
    let r = node(n).kind().and_then(|k| {
        let NodeKind::Kernel(k) = k else { return record(Err(Error::InvalidValue)) };
        let mut store = arg_store();
        let (bytes, ptrs) = store.entry(n as u64).or_default();
        *bytes = k.params.clone();
        let mut off = 0usize;
        ptrs.clear();
        for prm in k.function.params() {
            off = off.div_ceil(prm.align.max(1) as usize) * prm.align.max(1) as usize;
            ptrs.push(bytes.as_ptr() as usize + off);
            off += prm.size as usize;
        }
        Ok(KernelNodeParams {
            func: crate::registration::host_stub_of(k.function.name()) as *mut c_void,
            gridDim: Dim3C { x: k.grid.x, y: k.grid.y, z: k.grid.z },
            blockDim: Dim3C { x: k.block.x, y: k.block.y, z: k.block.z },
            sharedMemBytes: k.dynamic_shared,
            kernelParams: ptrs.as_ptr() as *mut *mut c_void,
            extra: std::ptr::null_mut(),
        })
    });
    p.put(r)
}

/// `cudaGraphKernelNodeSetParams(cudaGraphNode_t, const struct cudaKernelNodeParams *)`.
///
/// # Safety
/// As `cudaGraphAddKernelNode`.
pub unsafe fn cudaGraphKernelNodeSetParams(n: *mut c_void, p: In<KernelNodeParams>) -> i32 {
    // SAFETY: `p` is null or valid, its `kernelParams` one pointer per kernel parameter: cudaGraphKernelNodeSetParams'
    // contract, which is `kernel_kind`'s.
    code(record(unsafe { kernel_kind(p) }).and_then(|k| node(n).set_kind(k)))
}

/// `cudaGraphMemsetNodeSetParams(cudaGraphNode_t, const struct cudaMemsetParams *)`.
pub fn cudaGraphMemsetNodeSetParams(n: *mut c_void, p: In<MemsetParams>) -> i32 {
    code(record(memset_kind(p)).and_then(|k| node(n).set_kind(k)))
}

/// `cudaGraphHostNodeSetParams(cudaGraphNode_t, const struct cudaHostNodeParams *)`.
pub fn cudaGraphHostNodeSetParams(n: *mut c_void, p: In<HostNodeParams>) -> i32 {
    code(record(host_kind(p)).and_then(|k| node(n).set_kind(k)))
}

/// `cudaGraphMemcpyNodeSetParams(cudaGraphNode_t, const struct cudaMemcpy3DParms *)`.
///
/// # Safety
/// `p` valid.
pub unsafe fn cudaGraphMemcpyNodeSetParams(n: *mut c_void, p: *const Memcpy3DParms) -> i32 {
    // SAFETY: `p` is valid and its host memory outlives the graph's runs: cudaGraphMemcpyNodeSetParams' contract, which
    // is `memcpy_kind`'s.
    code(record(unsafe { memcpy_kind(p) }).and_then(|k| node(n).set_kind(k)))
}

/// After a memset or copy was made on `on`: if that stream captures, the node the capture just
/// made (its tail) takes `params`, so that `cudaGraphMemsetNodeGetParams` and
/// `cudaGraphMemcpyNodeGetParams` answer for captured nodes as for added ones (an H200's
/// answers, unseen13a_capture_node_kinds; captured work carries no parameters otherwise).
pub(crate) fn annotate_captured<T: Copy>(on: memory::On, ty: NodeType, params: &T) {
    // The legacy stream never captures (and naming it during a capture is an implicit
    // dependency): only other streams.
    let memory::On::Async(s) = on else { return };
    if s.0 <= 1 {
        return;
    }
    let Ok(info) = graph::capture_info(s) else { return };
    if let [n] = info.dependencies[..]
        && let Some(NodeKind::Work { ty: t, work, params: None, fixed }) = n.peek_kind()
        && t == ty
    {
        let _ = n.set_kind(NodeKind::Work { ty, work, params: Some(params_bytes(params)), fixed });
    }
}

/// A linear copy of `height` rows of `width` bytes as `cudaMemcpy3DParms` (a memcpy node's
/// parameters).
pub(crate) fn linear_copy_params(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    (width, height): (usize, usize),
    kind: i32,
) -> Memcpy3DParms {
    let pitched = |ptr: *mut c_void, pitch: usize| crate::api::memory::pitched::PitchedPtr {
        ptr,
        pitch,
        xsize: width,
        ysize: height,
    };
    let origin = crate::api::memory::pitched::Pos { x: 0, y: 0, z: 0 };
    Memcpy3DParms {
        srcArray: std::ptr::null_mut(),
        srcPos: origin,
        srcPtr: pitched(src.cast_mut(), spitch),
        dstArray: std::ptr::null_mut(),
        dstPos: origin,
        dstPtr: pitched(dst, dpitch),
        extent: crate::api::memory::pitched::Extent { width, height, depth: 1 },
        kind,
    }
}
