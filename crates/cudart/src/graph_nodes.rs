//! The graph API beyond building: event record/wait and child graph nodes, edges and
//! structure queries, node parameters (graph and executable graph), enabling nodes,
//! `cudaGraphExecUpdate`, cloning, and `cudaGraphDebugDotPrint`.

// C ABI names.
#![allow(non_snake_case)]

use std::collections::HashMap;
use std::ffi::{CStr, c_char, c_void};
use std::sync::Mutex;

use runtime::event::Event;
use runtime::graph::{self, Graph, GraphExec, GraphNode, NodeKind};
use runtime::{Error, Result, record};

use crate::ext::Memcpy3DParms;
use crate::graph::{
    HostNodeParams, KernelNodeParams, MemsetParams, add, host_kind, kernel_kind, memcpy_1d_kind, memcpy_kind,
    memset_kind,
};
use crate::register::Dim3C;
use crate::{code, invalid, out};

fn node(n: *mut c_void) -> GraphNode {
    GraphNode(n as u64)
}

/// Writes a list as CUDA's "array + count" outputs do: with `arr` null, the count; else up to
/// `*num` entries (the rest of the array nulled) and the number written.
///
/// # Safety
/// `num` valid for reads and writes; `arr` null or valid for `*num` writes.
unsafe fn write_list(arr: *mut *mut c_void, num: *mut usize, r: Result<Vec<u64>>) -> i32 {
    if num.is_null() {
        return invalid();
    }
    code(r.map(|all| {
        // SAFETY: valid for reads and writes per the contract.
        unsafe {
            if arr.is_null() {
                num.write(all.len());
                return;
            }
            let cap = num.read();
            for i in 0..cap {
                arr.add(i).write(all.get(i).map_or(std::ptr::null_mut(), |&h| h as *mut c_void));
            }
            num.write(cap.min(all.len()));
        }
    }))
}

/// `cudaGraphEdgeData`: 8 bytes; only the default (all zero) edge is supported.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct EdgeData {
    /// `from_port`.
    pub from_port: u8,
    /// `to_port`.
    pub to_port: u8,
    /// `type`.
    pub type_: u8,
    /// `reserved[5]`.
    pub reserved: [u8; 5],
}

/// # Safety
/// `e` null or valid for `n` reads.
pub(crate) unsafe fn default_edges(e: *const EdgeData, n: usize) -> Result<()> {
    if e.is_null() || n == 0 {
        return Ok(());
    }
    // SAFETY: valid for `n` reads per the contract.
    let s = unsafe { std::slice::from_raw_parts(e, n) };
    if s.iter().any(|d| d.from_port != 0 || d.to_port != 0 || d.type_ != 0) {
        return Err(Error::NotSupported);
    }
    Ok(())
}

/// # Safety
/// `e` null or valid for `n` writes.
unsafe fn zero_edges(e: *mut EdgeData, n: usize) {
    if !e.is_null() {
        for i in 0..n {
            // SAFETY: valid for `n` writes per the contract.
            unsafe { e.add(i).write(EdgeData::default()) };
        }
    }
}

/// `cudaGraphAddEventRecordNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *,
/// size_t, cudaEvent_t)`.
///
/// # Safety
/// `n` valid for writes; `deps` holds `nd` handles.
pub unsafe extern "C-unwind" fn cudaGraphAddEventRecordNode(
    n: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    nd: usize,
    e: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { add(n, g, deps, nd, || Ok(NodeKind::EventRecord(Event(e as u64)))) }
}

/// `cudaGraphAddEventWaitNode(...)`.
///
/// # Safety
/// `n` valid for writes; `deps` holds `nd` handles.
pub unsafe extern "C-unwind" fn cudaGraphAddEventWaitNode(
    n: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    nd: usize,
    e: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { add(n, g, deps, nd, || Ok(NodeKind::WaitEvent(Event(e as u64)))) }
}

/// `cudaGraphAddChildGraphNode(..., cudaGraph_t childGraph)`: the child graph is cloned.
///
/// # Safety
/// `n` valid for writes; `deps` holds `nd` handles.
pub unsafe extern "C-unwind" fn cudaGraphAddChildGraphNode(
    n: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    nd: usize,
    child: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { add(n, g, deps, nd, || Ok(NodeKind::Graph(Graph(child as u64)))) }
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
///
/// # Safety
/// `e` valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphEventRecordNodeGetEvent(n: *mut c_void, e: *mut *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(e, event_of(n, graph::NodeType::EventRecord)) }
}

/// `cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t, cudaEvent_t *)`.
///
/// # Safety
/// `e` valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphEventWaitNodeGetEvent(n: *mut c_void, e: *mut *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(e, event_of(n, graph::NodeType::WaitEvent)) }
}

/// `cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t, cudaEvent_t)`.
pub extern "C-unwind" fn cudaGraphEventRecordNodeSetEvent(n: *mut c_void, e: *mut c_void) -> i32 {
    code(node(n).set_kind(NodeKind::EventRecord(Event(e as u64))))
}

/// `cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t, cudaEvent_t)`.
pub extern "C-unwind" fn cudaGraphEventWaitNodeSetEvent(n: *mut c_void, e: *mut c_void) -> i32 {
    code(node(n).set_kind(NodeKind::WaitEvent(Event(e as u64))))
}

/// `cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t, cudaGraphNode_t, cudaEvent_t)`.
pub extern "C-unwind" fn cudaGraphExecEventRecordNodeSetEvent(x: *mut c_void, n: *mut c_void, e: *mut c_void) -> i32 {
    code(GraphExec(x as u64).set_node(node(n), NodeKind::EventRecord(Event(e as u64))))
}

/// `cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t, cudaGraphNode_t, cudaEvent_t)`.
pub extern "C-unwind" fn cudaGraphExecEventWaitNodeSetEvent(x: *mut c_void, n: *mut c_void, e: *mut c_void) -> i32 {
    code(GraphExec(x as u64).set_node(node(n), NodeKind::WaitEvent(Event(e as u64))))
}

/// `cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t, cudaGraph_t *)`: the node's own graph.
///
/// # Safety
/// `g` valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphChildGraphNodeGetGraph(n: *mut c_void, g: *mut *mut c_void) -> i32 {
    let r = node(n).kind().and_then(|k| match k {
        NodeKind::Graph(c) => Ok(c.0 as *mut c_void),
        _ => record(Err(Error::InvalidValue)),
    });
    // SAFETY: forwarded contract.
    unsafe { out(g, r) }
}

/// `cudaGraphNodeGetType(cudaGraphNode_t, enum cudaGraphNodeType *)`.
///
/// # Safety
/// `t` valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphNodeGetType(n: *mut c_void, t: *mut i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(t, node(n).node_type().map(|t| t as i32)) }
}

/// `cudaGraphDestroyNode(cudaGraphNode_t)`.
pub extern "C-unwind" fn cudaGraphDestroyNode(n: *mut c_void) -> i32 {
    code(node(n).destroy())
}

/// `cudaGraphGetRootNodes(cudaGraph_t, cudaGraphNode_t *, size_t *)`.
///
/// # Safety
/// As `write_list`.
pub unsafe extern "C-unwind" fn cudaGraphGetRootNodes(g: *mut c_void, arr: *mut *mut c_void, num: *mut usize) -> i32 {
    let r = Graph(g as u64).root_nodes().map(|v| v.iter().map(|n| n.0).collect());
    // SAFETY: forwarded contract.
    unsafe { write_list(arr, num, r) }
}

/// `cudaGraphGetEdges(cudaGraph_t, cudaGraphNode_t *from, cudaGraphNode_t *to,
/// cudaGraphEdgeData *edgeData, size_t *numEdges)`.
///
/// # Safety
/// `num` valid; the arrays null or valid for `*num` writes.
pub unsafe extern "C-unwind" fn cudaGraphGetEdges(
    g: *mut c_void,
    from: *mut *mut c_void,
    to: *mut *mut c_void,
    data: *mut EdgeData,
    num: *mut usize,
) -> i32 {
    if num.is_null() || from.is_null() != to.is_null() {
        return invalid();
    }
    let r = Graph(g as u64).edges();
    // SAFETY: forwarded contract.
    unsafe {
        let cap = num.read();
        let rc = write_list(from, num, r.as_ref().map(|e| e.iter().map(|x| x.0.0).collect()).map_err(|e| *e));
        if rc == 0 && !to.is_null() {
            num.write(cap);
            write_list(to, num, r.map(|e| e.iter().map(|x| x.1.0).collect()));
            zero_edges(data, num.read());
        }
        rc
    }
}

/// `cudaGraphNodeGetDependencies(cudaGraphNode_t, cudaGraphNode_t *, cudaGraphEdgeData *,
/// size_t *)`.
///
/// # Safety
/// As `write_list`; `data` null or valid for `*num` writes.
pub unsafe extern "C-unwind" fn cudaGraphNodeGetDependencies(
    n: *mut c_void,
    arr: *mut *mut c_void,
    data: *mut EdgeData,
    num: *mut usize,
) -> i32 {
    let r = node(n).dependencies().map(|v| v.iter().map(|n| n.0).collect());
    // SAFETY: forwarded contract.
    unsafe {
        let rc = write_list(arr, num, r);
        if rc == 0 && !arr.is_null() {
            zero_edges(data, num.read());
        }
        rc
    }
}

/// `cudaGraphNodeGetDependentNodes(...)`.
///
/// # Safety
/// As `write_list`; `data` null or valid for `*num` writes.
pub unsafe extern "C-unwind" fn cudaGraphNodeGetDependentNodes(
    n: *mut c_void,
    arr: *mut *mut c_void,
    data: *mut EdgeData,
    num: *mut usize,
) -> i32 {
    let r = node(n).dependents().map(|v| v.iter().map(|n| n.0).collect());
    // SAFETY: forwarded contract.
    unsafe {
        let rc = write_list(arr, num, r);
        if rc == 0 && !arr.is_null() {
            zero_edges(data, num.read());
        }
        rc
    }
}

/// # Safety
/// `from`, `to` hold `n` handles (or null with `n == 0`); `e` null or `n` entries.
unsafe fn edges_arg(
    from: *const *mut c_void,
    to: *const *mut c_void,
    e: *const EdgeData,
    n: usize,
) -> Result<(Vec<GraphNode>, Vec<GraphNode>)> {
    if n == 0 {
        return Ok((Vec::new(), Vec::new()));
    }
    if from.is_null() || to.is_null() {
        return Err(Error::InvalidValue);
    }
    // SAFETY: forwarded contract.
    unsafe {
        default_edges(e, n)?;
        let f = std::slice::from_raw_parts(from, n).iter().map(|&p| node(p)).collect();
        let t = std::slice::from_raw_parts(to, n).iter().map(|&p| node(p)).collect();
        Ok((f, t))
    }
}

/// `cudaGraphAddDependencies(cudaGraph_t, const cudaGraphNode_t *from, const cudaGraphNode_t
/// *to, const cudaGraphEdgeData *edgeData, size_t numDependencies)`.
///
/// # Safety
/// The arrays hold `n` entries (edge data may be null).
pub unsafe extern "C-unwind" fn cudaGraphAddDependencies(
    g: *mut c_void,
    from: *const *mut c_void,
    to: *const *mut c_void,
    e: *const EdgeData,
    n: usize,
) -> i32 {
    // SAFETY: forwarded contract.
    let r = record(unsafe { edges_arg(from, to, e, n) }).and_then(|(f, t)| Graph(g as u64).add_dependencies(&f, &t));
    code(r)
}

/// `cudaGraphRemoveDependencies(...)`.
///
/// # Safety
/// The arrays hold `n` entries (edge data may be null).
pub unsafe extern "C-unwind" fn cudaGraphRemoveDependencies(
    g: *mut c_void,
    from: *const *mut c_void,
    to: *const *mut c_void,
    e: *const EdgeData,
    n: usize,
) -> i32 {
    // SAFETY: forwarded contract.
    let r = record(unsafe { edges_arg(from, to, e, n) }).and_then(|(f, t)| Graph(g as u64).remove_dependencies(&f, &t));
    code(r)
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
///
/// # Safety
/// `p` valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphKernelNodeGetParams(n: *mut c_void, p: *mut KernelNodeParams) -> i32 {
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
            func: crate::register::host_stub_of(k.function.name()) as *mut c_void,
            gridDim: Dim3C { x: k.grid.x, y: k.grid.y, z: k.grid.z },
            blockDim: Dim3C { x: k.block.x, y: k.block.y, z: k.block.z },
            sharedMemBytes: k.dynamic_shared,
            kernelParams: ptrs.as_ptr() as *mut *mut c_void,
            extra: std::ptr::null_mut(),
        })
    });
    // SAFETY: forwarded contract.
    unsafe { out(p, r) }
}

/// `cudaGraphKernelNodeSetParams(cudaGraphNode_t, const struct cudaKernelNodeParams *)`.
///
/// # Safety
/// As `cudaGraphAddKernelNode`.
pub unsafe extern "C-unwind" fn cudaGraphKernelNodeSetParams(n: *mut c_void, p: *const KernelNodeParams) -> i32 {
    // SAFETY: forwarded contract.
    code(record(unsafe { kernel_kind(p) }).and_then(|k| node(n).set_kind(k)))
}

/// `cudaGraphMemsetNodeSetParams(cudaGraphNode_t, const struct cudaMemsetParams *)`.
///
/// # Safety
/// `p` valid.
pub unsafe extern "C-unwind" fn cudaGraphMemsetNodeSetParams(n: *mut c_void, p: *const MemsetParams) -> i32 {
    // SAFETY: forwarded contract.
    code(record(unsafe { memset_kind(p) }).and_then(|k| node(n).set_kind(k)))
}

/// `cudaGraphHostNodeSetParams(cudaGraphNode_t, const struct cudaHostNodeParams *)`.
///
/// # Safety
/// `p` valid.
pub unsafe extern "C-unwind" fn cudaGraphHostNodeSetParams(n: *mut c_void, p: *const HostNodeParams) -> i32 {
    // SAFETY: forwarded contract.
    code(record(unsafe { host_kind(p) }).and_then(|k| node(n).set_kind(k)))
}

/// `cudaGraphMemcpyNodeSetParams(cudaGraphNode_t, const struct cudaMemcpy3DParms *)`.
///
/// # Safety
/// `p` valid.
pub unsafe extern "C-unwind" fn cudaGraphMemcpyNodeSetParams(n: *mut c_void, p: *const Memcpy3DParms) -> i32 {
    // SAFETY: forwarded contract.
    code(record(unsafe { memcpy_kind(p) }).and_then(|k| node(n).set_kind(k)))
}

/// `cudaGraphExecKernelNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, const struct
/// cudaKernelNodeParams *)`.
///
/// # Safety
/// As `cudaGraphAddKernelNode`.
pub unsafe extern "C-unwind" fn cudaGraphExecKernelNodeSetParams(
    x: *mut c_void,
    n: *mut c_void,
    p: *const KernelNodeParams,
) -> i32 {
    // SAFETY: forwarded contract.
    code(record(unsafe { kernel_kind(p) }).and_then(|k| GraphExec(x as u64).set_node(node(n), k)))
}

/// `cudaGraphExecMemsetNodeSetParams(...)`.
///
/// # Safety
/// `p` valid.
pub unsafe extern "C-unwind" fn cudaGraphExecMemsetNodeSetParams(
    x: *mut c_void,
    n: *mut c_void,
    p: *const MemsetParams,
) -> i32 {
    // SAFETY: forwarded contract.
    code(record(unsafe { memset_kind(p) }).and_then(|k| GraphExec(x as u64).set_node(node(n), k)))
}

/// `cudaGraphExecHostNodeSetParams(...)`.
///
/// # Safety
/// `p` valid.
pub unsafe extern "C-unwind" fn cudaGraphExecHostNodeSetParams(
    x: *mut c_void,
    n: *mut c_void,
    p: *const HostNodeParams,
) -> i32 {
    // SAFETY: forwarded contract.
    code(record(unsafe { host_kind(p) }).and_then(|k| GraphExec(x as u64).set_node(node(n), k)))
}

/// `cudaGraphExecMemcpyNodeSetParams(...)`.
///
/// # Safety
/// `p` valid.
pub unsafe extern "C-unwind" fn cudaGraphExecMemcpyNodeSetParams(
    x: *mut c_void,
    n: *mut c_void,
    p: *const Memcpy3DParms,
) -> i32 {
    // SAFETY: forwarded contract.
    code(record(unsafe { memcpy_kind(p) }).and_then(|k| GraphExec(x as u64).set_node(node(n), k)))
}

/// `cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t, cudaGraphNode_t, void *dst, const
/// void *src, size_t count, enum cudaMemcpyKind)`.
///
/// # Safety
/// Host memory covered must stay valid while the graph may run.
pub unsafe extern "C-unwind" fn cudaGraphExecMemcpyNodeSetParams1D(
    x: *mut c_void,
    n: *mut c_void,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    code(
        record(unsafe { memcpy_1d_kind(dst, src, count, kind) }).and_then(|k| GraphExec(x as u64).set_node(node(n), k)),
    )
}

/// `cudaGraphNodeSetEnabled(cudaGraphExec_t, cudaGraphNode_t, unsigned int isEnabled)`.
pub extern "C-unwind" fn cudaGraphNodeSetEnabled(x: *mut c_void, n: *mut c_void, enabled: u32) -> i32 {
    code(GraphExec(x as u64).set_enabled(node(n), enabled != 0))
}

/// `cudaGraphNodeGetEnabled(cudaGraphExec_t, cudaGraphNode_t, unsigned int *isEnabled)`.
///
/// # Safety
/// `e` valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphNodeGetEnabled(x: *mut c_void, n: *mut c_void, e: *mut u32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(e, GraphExec(x as u64).enabled(node(n)).map(u32::from)) }
}

/// `cudaGraphExecUpdateResultInfo`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct UpdateResultInfo {
    /// `enum cudaGraphExecUpdateResult result`.
    pub result: i32,
    /// `cudaGraphNode_t errorNode`.
    pub errorNode: *mut c_void,
    /// `cudaGraphNode_t errorFromNode`.
    pub errorFromNode: *mut c_void,
}

/// `cudaGraphExecUpdate(cudaGraphExec_t, cudaGraph_t, cudaGraphExecUpdateResultInfo *)`
/// (CUDA 12+ signature).
///
/// # Safety
/// `info` valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphExecUpdate(
    x: *mut c_void,
    g: *mut c_void,
    info: *mut UpdateResultInfo,
) -> i32 {
    if info.is_null() {
        return invalid();
    }
    let (r, res) = GraphExec(x as u64).update(Graph(g as u64));
    let i = UpdateResultInfo {
        result: res.result,
        errorNode: res.error_node.map_or(std::ptr::null_mut(), |n| n.0 as *mut c_void),
        errorFromNode: std::ptr::null_mut(),
    };
    // SAFETY: non-null, valid for writes per the contract.
    unsafe { info.write(i) };
    code(r)
}

/// `cudaGraphExecGetFlags(cudaGraphExec_t, unsigned long long *)`.
///
/// # Safety
/// `f` valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphExecGetFlags(x: *mut c_void, f: *mut u64) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(f, GraphExec(x as u64).flags()) }
}

/// `cudaGraphClone(cudaGraph_t *clone, cudaGraph_t original)`.
///
/// # Safety
/// `c` valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphClone(c: *mut *mut c_void, g: *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(c, Graph(g as u64).clone_graph().map(|g| g.0 as *mut c_void)) }
}

/// `cudaGraphNodeFindInClone(cudaGraphNode_t *, cudaGraphNode_t original, cudaGraph_t clone)`.
///
/// # Safety
/// `n` valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphNodeFindInClone(
    n: *mut *mut c_void,
    orig: *mut c_void,
    g: *mut c_void,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(n, Graph(g as u64).find_in_clone(node(orig)).map(|n| n.0 as *mut c_void)) }
}

/// `cudaGraphDebugDotPrint(cudaGraph_t, const char *path, unsigned int flags)`: a Graphviz
/// file; `cudaGraphDebugDotFlagsVerbose` (1) or the kernel-params flag (4) adds parameters.
///
/// # Safety
/// `path` a NUL-terminated string.
pub unsafe extern "C-unwind" fn cudaGraphDebugDotPrint(g: *mut c_void, path: *const c_char, flags: u32) -> i32 {
    if path.is_null() {
        return invalid();
    }
    // SAFETY: non-null, NUL-terminated per the contract.
    let p = unsafe { CStr::from_ptr(path) }.to_string_lossy().into_owned();
    code(Graph(g as u64).debug_dot_print(std::path::Path::new(&p), flags & 0x5 != 0))
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_graph_nodes.rs"));
