//! Executable graphs (6.30 Graph Management): instantiating, launching, uploading and
//! destroying them, setting their nodes' parameters, enabling nodes, `cudaGraphExecUpdate`.

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::event::Event;
use runtime::graph::{Graph, GraphExec, GraphNode, NodeKind, NodeType};
use runtime::{Error, record};

use crate::api::graph::node;
use crate::api::graph::node::{
    ChildGraphNodeParams, GraphNodeParams, HostNodeParams, KernelNodeParams, MemsetParams, host_kind, kernel_kind,
    memcpy_1d_kind, memcpy_kind, memcpy_params, memset_kind, type_matches, union_of,
};
use crate::api::memory::pitched::Memcpy3DParms;
use crate::args::{In, Out};
use crate::{code, invalid, stream};

/// `cudaGraphInstantiate(cudaGraphExec_t *, cudaGraph_t, unsigned long long flags)`.
pub fn cudaGraphInstantiate(e: Out<*mut c_void>, g: *mut c_void, flags: u64) -> i32 {
    // Upload (2) needs cudaGraphInstantiateWithParams' upload stream: InvalidValue here, as an
    // H200 answers.
    if flags & 2 != 0 {
        return invalid();
    }
    e.put(Graph(g as u64).instantiate(flags).map(|x| x.0 as *mut c_void))
}

/// `cudaGraphLaunch(cudaGraphExec_t, cudaStream_t)`.
pub fn cudaGraphLaunch(e: *mut c_void, s: *mut c_void) -> i32 {
    code(GraphExec(e as u64).launch(stream(s)))
}

/// `cudaGraphUpload(cudaGraphExec_t, cudaStream_t)`.
pub fn cudaGraphUpload(e: *mut c_void, s: *mut c_void) -> i32 {
    code(GraphExec(e as u64).upload(stream(s)))
}

/// `cudaGraphExecDestroy(cudaGraphExec_t)`.
pub fn cudaGraphExecDestroy(e: *mut c_void) -> i32 {
    code(GraphExec(e as u64).destroy())
}

/// `cudaGraphExecNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, struct cudaGraphNodeParams
/// *)`: kernel, memcpy, memset, host, child graph and event nodes.
///
/// # Safety
/// `p` null or valid, with the parameters of its type valid.
pub unsafe fn cudaGraphExecNodeSetParams(x: *mut c_void, nd: *mut c_void, p: *mut GraphNodeParams) -> i32 {
    // SAFETY: null-checked; valid per the contract.
    let Some(q) = (unsafe { p.as_ref() }) else { return invalid() };
    if let Err(e) = type_matches(GraphNode(nd as u64), q.type_) {
        return code::<()>(Err(e));
    }
    // SAFETY: `q.type_` names the union member that holds valid parameters (cudaGraphExecNodeSetParams' contract), so
    // `union_of` reads that member, as the typed setters require.
    unsafe {
        match q.type_ {
            0 => cudaGraphExecKernelNodeSetParams(x, nd, In::new(union_of::<KernelNodeParams>(p))),
            1 => match memcpy_params(p) {
                Ok(c) => cudaGraphExecMemcpyNodeSetParams(x, nd, c),
                Err(e) => code::<()>(Err(e)),
            },
            2 => cudaGraphExecMemsetNodeSetParams(x, nd, In::new(union_of::<MemsetParams>(p))),
            3 => cudaGraphExecHostNodeSetParams(x, nd, In::new(union_of::<HostNodeParams>(p))),
            4 => cudaGraphExecChildGraphNodeSetParams(x, nd, union_of::<ChildGraphNodeParams>(p).read().graph),
            6 => cudaGraphExecEventWaitNodeSetEvent(x, nd, union_of::<*mut c_void>(p).read()),
            7 => cudaGraphExecEventRecordNodeSetEvent(x, nd, union_of::<*mut c_void>(p).read()),
            _ => code::<()>(record(Err(Error::NotSupported))),
        }
    }
}

/// `cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t, cudaGraphNode_t node, cudaGraph_t
/// childGraph)`: the child graph must have the topology of the node's.
pub fn cudaGraphExecChildGraphNodeSetParams(x: *mut c_void, nd: *mut c_void, child: *mut c_void) -> i32 {
    code(GraphExec(x as u64).set_child(GraphNode(nd as u64), Graph(child as u64)))
}

/// Gives node `nd` of executable graph `x` the kind `k` (`cudaGraphExecMemcpyNodeSetParamsToSymbol`,
/// `cudaGraphExecMemcpyNodeSetParamsFromSymbol`).
pub(crate) fn set_node_kind(x: *mut c_void, nd: *mut c_void, k: runtime::Result<NodeKind>) -> i32 {
    code(k.and_then(|k| GraphExec(x as u64).set_node(GraphNode(nd as u64), k)))
}

// The node types the generic calls dispatch on.
const _: () = assert!(NodeType::Conditional as i32 == 13);

/// `cudaGraphInstantiateParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct InstantiateParams {
    /// `unsigned long long flags`.
    pub flags: u64,
    /// `cudaStream_t uploadStream`.
    pub uploadStream: *mut c_void,
    /// `cudaGraphNode_t errNode_out`.
    pub errNode_out: *mut c_void,
    /// `cudaGraphInstantiateResult result_out`.
    pub result_out: i32,
}

/// `cudaGraphInstantiateWithParams(cudaGraphExec_t *, cudaGraph_t, cudaGraphInstantiateParams *)`:
/// `flags` as `cudaGraphInstantiateWithFlags` (with Upload, the graph is uploaded to
/// `uploadStream`); `result_out` and `errNode_out` are written.
///
/// # Safety
/// `p` must be null or valid for reads and writes.
pub unsafe fn cudaGraphInstantiateWithParams(e: Out<*mut c_void>, g: *mut c_void, p: *mut InstantiateParams) -> i32 {
    // SAFETY: `p` is null or valid for reads and writes per the contract.
    let (Some(q), false) = (unsafe { p.as_mut() }, e.is_null()) else { return invalid() };
    let (r, result, node) = Graph(g as u64).instantiate_info(q.flags);
    q.errNode_out = node.map_or(std::ptr::null_mut(), |n| n.0 as *mut c_void);
    q.result_out = result as i32;
    let r = r.and_then(|x| {
        if q.flags & 2 != 0 {
            x.upload(stream(q.uploadStream))?;
        }
        Ok(x.0 as *mut c_void)
    });
    e.put(r)
}

/// `cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t, cudaGraphNode_t, cudaEvent_t)`.
pub fn cudaGraphExecEventRecordNodeSetEvent(x: *mut c_void, n: *mut c_void, e: *mut c_void) -> i32 {
    code(GraphExec(x as u64).set_node(node(n), NodeKind::EventRecord(Event(e as u64))))
}

/// `cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t, cudaGraphNode_t, cudaEvent_t)`.
pub fn cudaGraphExecEventWaitNodeSetEvent(x: *mut c_void, n: *mut c_void, e: *mut c_void) -> i32 {
    code(GraphExec(x as u64).set_node(node(n), NodeKind::WaitEvent(Event(e as u64))))
}

/// `cudaGraphExecKernelNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, const struct
/// cudaKernelNodeParams *)`.
///
/// # Safety
/// As `cudaGraphAddKernelNode`.
pub unsafe fn cudaGraphExecKernelNodeSetParams(x: *mut c_void, n: *mut c_void, p: In<KernelNodeParams>) -> i32 {
    // SAFETY: `p` is null or valid, its `kernelParams` one pointer per kernel parameter:
    // cudaGraphExecKernelNodeSetParams' contract, which is `kernel_kind`'s.
    code(record(unsafe { kernel_kind(p) }).and_then(|k| GraphExec(x as u64).set_node(node(n), k)))
}

/// `cudaGraphExecMemsetNodeSetParams(...)`: the number of rows may not change (an H200
/// refuses it and takes a new value, width, element size or destination:
/// unseen13a_graph_memset_update), as `graph::Fixed::Rows` says.
pub fn cudaGraphExecMemsetNodeSetParams(x: *mut c_void, n: *mut c_void, p: In<MemsetParams>) -> i32 {
    code(record(memset_kind(p)).and_then(|k| GraphExec(x as u64).set_node(node(n), k)))
}

/// `cudaGraphExecHostNodeSetParams(...)`.
pub fn cudaGraphExecHostNodeSetParams(x: *mut c_void, n: *mut c_void, p: In<HostNodeParams>) -> i32 {
    code(record(host_kind(p)).and_then(|k| GraphExec(x as u64).set_node(node(n), k)))
}

/// `cudaGraphExecMemcpyNodeSetParams(...)`.
///
/// # Safety
/// `p` valid.
pub unsafe fn cudaGraphExecMemcpyNodeSetParams(x: *mut c_void, n: *mut c_void, p: *const Memcpy3DParms) -> i32 {
    // SAFETY: `p` is valid and its host memory outlives the graph's runs: cudaGraphExecMemcpyNodeSetParams' contract,
    // which is `memcpy_kind`'s.
    code(record(unsafe { memcpy_kind(p) }).and_then(|k| GraphExec(x as u64).set_node(node(n), k)))
}

/// `cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t, cudaGraphNode_t, void *dst, const
/// void *src, size_t count, enum cudaMemcpyKind)`.
///
/// # Safety
/// Host memory covered must stay valid while the graph may run.
pub unsafe fn cudaGraphExecMemcpyNodeSetParams1D(
    x: *mut c_void,
    n: *mut c_void,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: i32,
) -> i32 {
    // An empty copy is an invalid value here (an H200's answer, unseen11b_update_memcpy_kinds).
    if count == 0 {
        return code::<()>(record(Err(Error::InvalidValue)));
    }
    // SAFETY: the host memory `dst`/`src` cover outlives the graph's runs: cudaGraphExecMemcpyNodeSetParams1D's
    // contract, which is `memcpy_1d_kind`'s.
    code(
        record(unsafe { memcpy_1d_kind(dst, src, count, kind) }).and_then(|k| GraphExec(x as u64).set_node(node(n), k)),
    )
}

/// `cudaGraphNodeSetEnabled(cudaGraphExec_t, cudaGraphNode_t, unsigned int isEnabled)`.
pub fn cudaGraphNodeSetEnabled(x: *mut c_void, n: *mut c_void, enabled: u32) -> i32 {
    code(GraphExec(x as u64).set_enabled(node(n), enabled != 0))
}

/// `cudaGraphNodeGetEnabled(cudaGraphExec_t, cudaGraphNode_t, unsigned int *isEnabled)`.
pub fn cudaGraphNodeGetEnabled(x: *mut c_void, n: *mut c_void, e: Out<u32>) -> i32 {
    e.put(GraphExec(x as u64).enabled(node(n)).map(u32::from))
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
pub unsafe fn cudaGraphExecUpdate(x: *mut c_void, g: *mut c_void, info: *mut UpdateResultInfo) -> i32 {
    // The result info may be null: the update is made (or refused) all the same (an H200's
    // answer, unseen13a_graph_update_reasons).
    let (r, res) = GraphExec(x as u64).update(Graph(g as u64));
    let i = UpdateResultInfo {
        result: res.result,
        errorNode: res.error_node.map_or(std::ptr::null_mut(), |n| n.0 as *mut c_void),
        errorFromNode: std::ptr::null_mut(),
    };
    if !info.is_null() {
        // SAFETY: non-null, valid for writes per the contract.
        unsafe { info.write(i) };
    }
    code(r)
}

/// `cudaGraphExecGetFlags(cudaGraphExec_t, unsigned long long *)`.
pub fn cudaGraphExecGetFlags(x: *mut c_void, f: Out<u64>) -> i32 {
    f.put(GraphExec(x as u64).flags())
}
