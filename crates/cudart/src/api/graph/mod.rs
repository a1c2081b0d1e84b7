//! 6.30 Graph Management. This module: a graph itself (creating, destroying, cloning, dot
//! output) and its structure (nodes, edges, dependencies). Submodules: adding nodes and their
//! parameters ([`node`]), executable graphs ([`exec`]), memory nodes and graph memory
//! ([`memory`]), user objects ([`user_object`]). Stream capture is in `api::stream`, where the
//! reference lists it.

// C ABI names.
#![allow(non_snake_case)]

pub mod exec;
pub mod memory;
pub mod node;
pub mod user_object;

use std::ffi::c_void;

use runtime::graph::{self, Graph, GraphNode};
use runtime::{Error, Result, record};

use crate::args::{CStrArg, Out};
use crate::{code, invalid};

/// `cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags)`.
pub fn cudaGraphCreate(g: Out<*mut c_void>, flags: u32) -> i32 {
    g.put(Graph::new(flags).map(|g| g.0 as *mut c_void))
}

/// `cudaGraphDestroy(cudaGraph_t)`.
pub fn cudaGraphDestroy(g: *mut c_void) -> i32 {
    code(Graph(g as u64).destroy())
}

/// `cudaGraphGetNodes(cudaGraph_t, cudaGraphNode_t *nodes, size_t *numNodes)`: with `nodes`
/// null, the count; else up to `*numNodes` handles (the rest of the array is nulled), and the
/// count written back is the number written (3 for an array of 3 in a graph of 10, as an
/// H200 answers: tests/program-diff/graph_node_order_dot.cu), as `write_list` does.
///
/// # Safety
/// `num` must be valid for reads and writes; `nodes` null or valid for `*num` writes.
pub unsafe fn cudaGraphGetNodes(g: *mut c_void, nodes: *mut *mut c_void, num: *mut usize) -> i32 {
    let r = Graph(g as u64).nodes().map(|all| all.iter().map(|n| n.0).collect());
    // SAFETY: `write_list` asks the same of `nodes` and `num` as this function's contract,
    // which its caller keeps.
    unsafe { write_list(nodes, num, r) }
}

pub(crate) fn node(n: *mut c_void) -> GraphNode {
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

/// `cudaGraphEdgeData`: 8 bytes (`graph::EdgeData` and five reserved bytes).
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

impl EdgeData {
    /// The runtime's form.
    fn get(&self) -> graph::EdgeData {
        graph::EdgeData { from_port: self.from_port, to_port: self.to_port, ty: self.type_ }
    }

    /// The C form of `e`.
    fn of(e: graph::EdgeData) -> EdgeData {
        EdgeData { from_port: e.from_port, to_port: e.to_port, type_: e.ty, reserved: [0; 5] }
    }
}

/// The `n` edge data at `e` (`None` when `e` is null).
///
/// # Safety
/// `e` null or valid for `n` reads.
pub(crate) unsafe fn edge_list(e: *const EdgeData, n: usize) -> Option<Vec<graph::EdgeData>> {
    if e.is_null() || n == 0 {
        return None;
    }
    // SAFETY: valid for `n` reads per the contract.
    Some(unsafe { std::slice::from_raw_parts(e, n) }.iter().map(EdgeData::get).collect())
}

/// For the calls that take default edges only (stream capture's dependency updates).
///
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

/// Writes `data` to `e` unless it is null.
///
/// # Safety
/// `e` null or valid for `data.len()` writes.
unsafe fn write_edges(e: *mut EdgeData, data: &[graph::EdgeData]) {
    if !e.is_null() {
        for (i, d) in data.iter().enumerate() {
            // SAFETY: valid for `data.len()` writes per the contract.
            unsafe { e.add(i).write(EdgeData::of(*d)) };
        }
    }
}

/// A query that would list edges without their data (`list` asked for, `data` null) while
/// one of them has other than default data: `cudaErrorLossyQuery`, as an H200 answers
/// (gpu-unseen/runtime16_graph_programmatic_edges); nothing is written then.
fn lossy(list: bool, data: *mut EdgeData, edges: &[graph::EdgeData]) -> bool {
    list && data.is_null() && edges.iter().any(|e| *e != graph::EdgeData::default())
}

/// `cudaGraphNodeGetType(cudaGraphNode_t, enum cudaGraphNodeType *)`.
pub fn cudaGraphNodeGetType(n: *mut c_void, t: Out<i32>) -> i32 {
    t.put(node(n).node_type().map(|t| t as i32))
}

/// `cudaGraphDestroyNode(cudaGraphNode_t)`.
pub fn cudaGraphDestroyNode(n: *mut c_void) -> i32 {
    code(node(n).destroy())
}

/// `cudaGraphGetRootNodes(cudaGraph_t, cudaGraphNode_t *, size_t *)`.
///
/// # Safety
/// As `write_list`.
pub unsafe fn cudaGraphGetRootNodes(g: *mut c_void, arr: *mut *mut c_void, num: *mut usize) -> i32 {
    let r = Graph(g as u64).root_nodes().map(|v| v.iter().map(|n| n.0).collect());
    // SAFETY: `num` is valid and `arr` null or valid for `*num` writes: cudaGraphGetRootNodes' contract for
    // `pRootNodes`/`pNumRootNodes`, which is `write_list`'s.
    unsafe { write_list(arr, num, r) }
}

/// `cudaGraphGetEdges(cudaGraph_t, cudaGraphNode_t *from, cudaGraphNode_t *to,
/// cudaGraphEdgeData *edgeData, size_t *numEdges)`.
///
/// # Safety
/// `num` valid; the arrays null or valid for `*num` writes.
pub unsafe fn cudaGraphGetEdges(
    g: *mut c_void,
    from: *mut *mut c_void,
    to: *mut *mut c_void,
    data: *mut EdgeData,
    num: *mut usize,
) -> i32 {
    if num.is_null() || from.is_null() != to.is_null() {
        return invalid();
    }
    let r = Graph(g as u64).edges_with_data();
    if let Ok(e) = &r
        && lossy(!from.is_null(), data, &e.iter().map(|x| x.2).collect::<Vec<_>>())
    {
        return code::<()>(record(Err(Error::LossyQuery)));
    }
    // SAFETY: `num` is valid and each array null or valid for `*num` writes: cudaGraphGetEdges' contract, which is what
    // `write_list` and `write_edges` require (`*num` stays at most its value on entry).
    unsafe {
        let cap = num.read();
        let rc = write_list(from, num, r.as_ref().map(|e| e.iter().map(|x| x.0.0).collect()).map_err(|e| *e));
        if rc == 0 && !to.is_null() {
            num.write(cap);
            write_list(to, num, r.as_ref().map(|e| e.iter().map(|x| x.1.0).collect()).map_err(|e| *e));
            let written = num.read();
            if let Ok(e) = &r {
                write_edges(data, &e.iter().take(written).map(|x| x.2).collect::<Vec<_>>());
            }
        }
        rc
    }
}

/// Writes a node list as `write_list` does, and each written node's edge data (a lossy
/// query fails: [`lossy`]).
///
/// # Safety
/// As `write_list`; `data` null or valid for `*num` writes.
unsafe fn write_nodes(
    arr: *mut *mut c_void,
    data: *mut EdgeData,
    num: *mut usize,
    r: Result<Vec<(GraphNode, graph::EdgeData)>>,
) -> i32 {
    let edges: Vec<graph::EdgeData> = r.as_ref().map_or(Vec::new(), |v| v.iter().map(|x| x.1).collect());
    if lossy(!arr.is_null(), data, &edges) {
        return code::<()>(record(Err(Error::LossyQuery)));
    }
    // SAFETY: the caller's contract is `write_list`'s, and `data` holds `*num` entries after it (at most as many as
    // on entry).
    unsafe {
        let rc = write_list(arr, num, r.map(|v| v.iter().map(|x| x.0.0).collect()));
        if rc == 0 && !arr.is_null() {
            write_edges(data, &edges[..num.read().min(edges.len())]);
        }
        rc
    }
}

/// `cudaGraphNodeGetDependencies(cudaGraphNode_t, cudaGraphNode_t *, cudaGraphEdgeData *,
/// size_t *)`.
///
/// # Safety
/// As `write_list`; `data` null or valid for `*num` writes.
pub unsafe fn cudaGraphNodeGetDependencies(
    n: *mut c_void,
    arr: *mut *mut c_void,
    data: *mut EdgeData,
    num: *mut usize,
) -> i32 {
    let r = node(n).dependencies();
    // SAFETY: `num` is valid, `arr` and `data` null or valid for `*num` writes: cudaGraphNodeGetDependencies'
    // contract, which is what `write_nodes` requires.
    unsafe { write_nodes(arr, data, num, r) }
}

/// `cudaGraphNodeGetDependentNodes(...)`.
///
/// # Safety
/// As `write_list`; `data` null or valid for `*num` writes.
pub unsafe fn cudaGraphNodeGetDependentNodes(
    n: *mut c_void,
    arr: *mut *mut c_void,
    data: *mut EdgeData,
    num: *mut usize,
) -> i32 {
    let r = node(n).dependents();
    // SAFETY: `num` is valid, `arr` and `data` null or valid for `*num` writes: cudaGraphNodeGetDependentNodes'
    // contract, which is what `write_nodes` requires.
    unsafe { write_nodes(arr, data, num, r) }
}

/// The edges `from[i]` → `to[i]`, with their data if given.
type EdgesArg = (Vec<GraphNode>, Vec<GraphNode>, Option<Vec<graph::EdgeData>>);

/// # Safety
/// `from`, `to` hold `n` handles (or null with `n == 0`); `e` null or `n` entries.
unsafe fn edges_arg(
    from: *const *mut c_void,
    to: *const *mut c_void,
    e: *const EdgeData,
    n: usize,
) -> Result<EdgesArg> {
    if n == 0 {
        return Ok((Vec::new(), Vec::new(), None));
    }
    if from.is_null() || to.is_null() {
        return Err(Error::InvalidValue);
    }
    // SAFETY: `e` is null or holds `n` entries, `from` and `to` hold `n` handles: this function's contract, which is
    // `edge_list`'s and `from_raw_parts`'.
    unsafe {
        let f = std::slice::from_raw_parts(from, n).iter().map(|&p| node(p)).collect();
        let t = std::slice::from_raw_parts(to, n).iter().map(|&p| node(p)).collect();
        Ok((f, t, edge_list(e, n)))
    }
}

/// `cudaGraphAddDependencies(cudaGraph_t, const cudaGraphNode_t *from, const cudaGraphNode_t
/// *to, const cudaGraphEdgeData *edgeData, size_t numDependencies)`.
///
/// # Safety
/// The arrays hold `n` entries (edge data may be null).
pub unsafe fn cudaGraphAddDependencies(
    g: *mut c_void,
    from: *const *mut c_void,
    to: *const *mut c_void,
    e: *const EdgeData,
    n: usize,
) -> i32 {
    // SAFETY: `from` and `to` hold `n` handles and `e` is null or holds `n` entries: cudaGraphAddDependencies'
    // contract, which is `edges_arg`'s.
    let r = record(unsafe { edges_arg(from, to, e, n) })
        .and_then(|(f, t, d)| Graph(g as u64).add_dependencies(&f, &t, d.as_deref()));
    code(r)
}

/// `cudaGraphRemoveDependencies(...)`.
///
/// # Safety
/// The arrays hold `n` entries (edge data may be null).
pub unsafe fn cudaGraphRemoveDependencies(
    g: *mut c_void,
    from: *const *mut c_void,
    to: *const *mut c_void,
    e: *const EdgeData,
    n: usize,
) -> i32 {
    // SAFETY: `from` and `to` hold `n` handles and `e` is null or holds `n` entries: cudaGraphRemoveDependencies'
    // contract, which is `edges_arg`'s.
    let r = record(unsafe { edges_arg(from, to, e, n) })
        .and_then(|(f, t, d)| Graph(g as u64).remove_dependencies(&f, &t, d.as_deref()));
    code(r)
}

/// `cudaGraphClone(cudaGraph_t *clone, cudaGraph_t original)`.
pub fn cudaGraphClone(c: Out<*mut c_void>, g: *mut c_void) -> i32 {
    c.put(Graph(g as u64).clone_graph().map(|g| g.0 as *mut c_void))
}

/// `cudaGraphNodeFindInClone(cudaGraphNode_t *, cudaGraphNode_t original, cudaGraph_t clone)`.
pub fn cudaGraphNodeFindInClone(n: Out<*mut c_void>, orig: *mut c_void, g: *mut c_void) -> i32 {
    n.put(Graph(g as u64).find_in_clone(node(orig)).map(|n| n.0 as *mut c_void))
}

/// `cudaGraphDebugDotPrint(cudaGraph_t, const char *path, unsigned int flags)`: a Graphviz
/// file; `cudaGraphDebugDotFlagsVerbose` (1) or the kernel-params flag (4) adds parameters.
pub fn cudaGraphDebugDotPrint(g: *mut c_void, path: CStrArg, flags: u32) -> i32 {
    if path.is_null() {
        return invalid();
    }
    let Some(p) = path.to_string_lossy() else { return invalid() };
    code(Graph(g as u64).debug_dot_print(std::path::Path::new(&p), flags & 0x5 != 0))
}
