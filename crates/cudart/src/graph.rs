//! Stream capture and the graph API: graphs of kernel, memcpy, memset, host and empty nodes,
//! instantiated and launched on streams.

// C ABI names.
#![allow(non_snake_case)]

use std::cell::RefCell;
use std::ffi::c_void;

use runtime::graph::{self, Graph, GraphExec, GraphNode};
use runtime::memory::{self, Set3D};
use runtime::stream::Stream;
use runtime::{DevicePtr, Error, Result, record};

use crate::ext::{Memcpy3DParms, copy_3d_of, host_fn_work, ptsz};
use crate::register::Dim3C;
use crate::{code, invalid, out, stream};

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

fn begin(s: Stream, mode: i32) -> i32 {
    code(graph::begin_capture(s, mode))
}

/// `cudaStreamBeginCapture(cudaStream_t, enum cudaStreamCaptureMode)`.
pub extern "C-unwind" fn cudaStreamBeginCapture(s: *mut c_void, mode: i32) -> i32 {
    begin(stream(s), mode)
}

/// `cudaStreamBeginCapture_ptsz`.
pub extern "C-unwind" fn cudaStreamBeginCapture_ptsz(s: *mut c_void, mode: i32) -> i32 {
    begin(stream(ptsz(s)), mode)
}

/// # Safety
/// `g` must be valid for writes.
unsafe fn end(s: Stream, g: *mut *mut c_void) -> i32 {
    if g.is_null() {
        return invalid();
    }
    let r = graph::end_capture(s);
    // SAFETY: non-null, valid for writes per the contract (null on failure, as CUDA).
    unsafe { g.write(r.as_ref().map_or(std::ptr::null_mut(), |g| g.0 as *mut c_void)) };
    code(r)
}

/// `cudaStreamEndCapture(cudaStream_t, cudaGraph_t *pGraph)`.
///
/// # Safety
/// `g` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamEndCapture(s: *mut c_void, g: *mut *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { end(stream(s), g) }
}

/// `cudaStreamEndCapture_ptsz`.
///
/// # Safety
/// `g` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamEndCapture_ptsz(s: *mut c_void, g: *mut *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { end(stream(ptsz(s)), g) }
}

/// `cudaStreamIsCapturing(cudaStream_t, enum cudaStreamCaptureStatus *)`.
///
/// # Safety
/// `st` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamIsCapturing(s: *mut c_void, st: *mut i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(st, graph::capture_status(stream(s)).map(|x| x as i32)) }
}

/// `cudaStreamIsCapturing_ptsz`.
///
/// # Safety
/// `st` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamIsCapturing_ptsz(s: *mut c_void, st: *mut i32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(st, graph::capture_status(stream(ptsz(s))).map(|x| x as i32)) }
}

thread_local! {
    /// The dependency array `cudaStreamGetCaptureInfo` returns (valid until the next call on
    /// this thread).
    static CAPTURE_DEPS: RefCell<Vec<*mut c_void>> = const { RefCell::new(Vec::new()) };
}

/// # Safety
/// Every non-null pointer must be valid for writes.
#[allow(clippy::too_many_arguments)]
unsafe fn capture_info(
    s: Stream,
    status: *mut i32,
    id: *mut u64,
    g: *mut *mut c_void,
    deps: *mut *const *mut c_void,
    edges: *mut *const c_void,
    ndeps: *mut usize,
) -> i32 {
    if status.is_null() {
        return invalid();
    }
    let r = graph::capture_info(s).map(|info| {
        let arr = CAPTURE_DEPS.with(|d| {
            let mut d = d.borrow_mut();
            *d = info.dependencies.iter().map(|n| n.0 as *mut c_void).collect();
            d.as_ptr()
        });
        // SAFETY: non-null pointers are valid for writes per the contract.
        unsafe {
            status.write(info.status as i32);
            if !id.is_null() {
                id.write(info.id);
            }
            if !g.is_null() {
                g.write(info.graph.map_or(std::ptr::null_mut(), |g| g.0 as *mut c_void));
            }
            if !deps.is_null() {
                deps.write(if info.dependencies.is_empty() { std::ptr::null() } else { arr });
            }
            if !edges.is_null() {
                // All edges are default edges.
                edges.write(std::ptr::null());
            }
            if !ndeps.is_null() {
                ndeps.write(info.dependencies.len());
            }
        }
    });
    code(r)
}

/// `cudaStreamGetCaptureInfo(cudaStream_t, enum cudaStreamCaptureStatus *, unsigned long long
/// *id, cudaGraph_t *, const cudaGraphNode_t **deps, const cudaGraphEdgeData **edges, size_t
/// *numDeps)` (CUDA 13.0's signature).
///
/// # Safety
/// Every non-null pointer must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamGetCaptureInfo(
    s: *mut c_void,
    status: *mut i32,
    id: *mut u64,
    g: *mut *mut c_void,
    deps: *mut *const *mut c_void,
    edges: *mut *const c_void,
    ndeps: *mut usize,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { capture_info(stream(s), status, id, g, deps, edges, ndeps) }
}

/// `cudaStreamGetCaptureInfo_ptsz`.
///
/// # Safety
/// Every non-null pointer must be valid for writes.
pub unsafe extern "C-unwind" fn cudaStreamGetCaptureInfo_ptsz(
    s: *mut c_void,
    status: *mut i32,
    id: *mut u64,
    g: *mut *mut c_void,
    deps: *mut *const *mut c_void,
    edges: *mut *const c_void,
    ndeps: *mut usize,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { capture_info(stream(ptsz(s)), status, id, g, deps, edges, ndeps) }
}

/// `cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode)`.
///
/// # Safety
/// `mode` must be valid for reads and writes.
pub unsafe extern "C-unwind" fn cudaThreadExchangeStreamCaptureMode(mode: *mut i32) -> i32 {
    if mode.is_null() {
        return invalid();
    }
    // SAFETY: valid for reads per the contract.
    let m = unsafe { mode.read() };
    // SAFETY: forwarded contract.
    unsafe { out(mode, graph::exchange_thread_capture_mode(m)) }
}

/// `cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags)`.
///
/// # Safety
/// `g` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphCreate(g: *mut *mut c_void, flags: u32) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(g, Graph::new(flags).map(|g| g.0 as *mut c_void)) }
}

/// `cudaGraphDestroy(cudaGraph_t)`.
pub extern "C-unwind" fn cudaGraphDestroy(g: *mut c_void) -> i32 {
    code(Graph(g as u64).destroy())
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
    node: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    kind: impl FnOnce() -> Result<graph::NodeKind>,
) -> i32 {
    if node.is_null() {
        return invalid();
    }
    let r = (|| {
        // SAFETY: forwarded contract.
        let deps = record(unsafe { deps_of(deps, n) })?;
        let k = record(kind())?;
        Graph(g as u64).add(&deps, k)
    })();
    // SAFETY: forwarded contract.
    unsafe { out(node, r.map(|h| h.0 as *mut c_void)) }
}

/// A kernel node from `cudaKernelNodeParams` (the arguments are copied now).
///
/// # Safety
/// `p` null or valid, `p->kernelParams` one pointer per kernel parameter.
pub(crate) unsafe fn kernel_kind(p: *const KernelNodeParams) -> Result<graph::NodeKind> {
    if p.is_null() {
        return Err(Error::InvalidValue);
    }
    // SAFETY: non-null, valid per the contract.
    let p = unsafe { p.read() };
    if !p.extra.is_null() {
        return Err(Error::NotSupported);
    }
    // SAFETY: forwarded contract.
    let (f, packed, shared) =
        unsafe { crate::register::prepare_launch(p.func as usize, p.kernelParams, p.sharedMemBytes as usize) }?;
    graph::KernelNode::new(f, p.gridDim.into(), p.blockDim.into(), shared, packed).map(graph::NodeKind::Kernel)
}

/// A memset node from `cudaMemsetParams`.
///
/// # Safety
/// `p` null or valid.
pub(crate) unsafe fn memset_kind(p: *const MemsetParams) -> Result<graph::NodeKind> {
    if p.is_null() {
        return Err(Error::InvalidValue);
    }
    // SAFETY: non-null, valid per the contract.
    let p = unsafe { p.read() };
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
    Ok(work_kind(graph::NodeType::Memset, s.work()?.map(memory::node_work), params_bytes(&p)))
}

/// A memcpy node from `cudaMemcpy3DParms`.
///
/// # Safety
/// `p` valid; host memory it covers must stay valid while the graph may run.
pub(crate) unsafe fn memcpy_kind(p: *const Memcpy3DParms) -> Result<graph::NodeKind> {
    // SAFETY: forwarded contract.
    let c = unsafe { copy_3d_of(p) }?;
    // SAFETY: `copy_3d_of` checked that `p` is not null; valid per the contract.
    let b = params_bytes(unsafe { &*p });
    // SAFETY: forwarded contract.
    Ok(work_kind(graph::NodeType::Memcpy, unsafe { c.work() }?.map(memory::node_work), b))
}

/// A 1D memcpy node.
///
/// # Safety
/// Host memory covered must stay valid while the graph may run.
pub(crate) unsafe fn memcpy_1d_kind(
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: i32,
) -> Result<graph::NodeKind> {
    let kind = memory::MemcpyKind::from_raw(kind)?;
    let c = memory::Copy3D {
        dst: dst as u64,
        dpitch: count,
        dheight: 1,
        src: src as u64,
        spitch: count,
        sheight: 1,
        width: count,
        height: 1,
        depth: 1,
        kind,
    };
    let pitched = |p: *mut c_void| crate::ext::PitchedPtr { ptr: p, pitch: count, xsize: count, ysize: 1 };
    let origin = crate::ext::Pos { x: 0, y: 0, z: 0 };
    let as_3d = Memcpy3DParms {
        srcArray: std::ptr::null_mut(),
        srcPos: origin,
        srcPtr: pitched(src.cast_mut()),
        dstArray: std::ptr::null_mut(),
        dstPos: origin,
        dstPtr: pitched(dst),
        extent: crate::ext::Extent { width: count, height: 1, depth: 1 },
        kind: kind as i32,
    };
    // SAFETY: forwarded contract.
    Ok(work_kind(graph::NodeType::Memcpy, unsafe { c.work() }?.map(memory::node_work), params_bytes(&as_3d)))
}

/// A host node from `cudaHostNodeParams`.
///
/// # Safety
/// `p` null or valid.
pub(crate) unsafe fn host_kind(p: *const HostNodeParams) -> Result<graph::NodeKind> {
    if p.is_null() {
        return Err(Error::InvalidValue);
    }
    // SAFETY: non-null, valid per the contract.
    let p = unsafe { p.read() };
    let Some(f) = p.fn_ else { return Err(Error::InvalidValue) };
    Ok(graph::NodeKind::Work {
        ty: graph::NodeType::Host,
        work: std::sync::Arc::from(host_fn_work(f, p.userData)),
        params: Some(params_bytes(&p)),
    })
}

/// Work of type `ty` (`None`, nothing to do: still a node of that type).
fn work_kind(ty: graph::NodeType, w: Option<graph::NodeFn>, params: std::sync::Arc<[u8]>) -> graph::NodeKind {
    graph::NodeKind::Work { ty, work: w.unwrap_or_else(|| std::sync::Arc::new(|| {})), params: Some(params) }
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
        graph::NodeKind::Work { ty: t, params: Some(b), .. } if *t == ty && b.len() == std::mem::size_of::<T>() => {
            // SAFETY: the bytes were made by `params_bytes::<T>` for this node type (same
            // size), so they are a valid `T`; read unaligned from the byte buffer.
            Some(unsafe { b.as_ptr().cast::<T>().read_unaligned() })
        }
        _ => None,
    }
}

/// `cudaGraphAddKernelNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *deps, size_t
/// numDeps, const struct cudaKernelNodeParams *)`: the arguments are copied now.
///
/// # Safety
/// As its CUDA contract: `p` valid, `p->kernelParams` one pointer per kernel parameter.
pub unsafe extern "C-unwind" fn cudaGraphAddKernelNode(
    node: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    p: *const KernelNodeParams,
) -> i32 {
    // SAFETY: forwarded contract.
    let work = || unsafe { kernel_kind(p) };
    // SAFETY: forwarded contract.
    unsafe { add(node, g, deps, n, work) }
}

/// `cudaGraphAddMemcpyNode(..., const struct cudaMemcpy3DParms *)`.
///
/// # Safety
/// `p` must be valid; host memory it covers must stay valid while the graph may run.
pub unsafe extern "C-unwind" fn cudaGraphAddMemcpyNode(
    node: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    p: *const Memcpy3DParms,
) -> i32 {
    // SAFETY: forwarded contract.
    let work = || unsafe { memcpy_kind(p) };
    // SAFETY: forwarded contract.
    unsafe { add(node, g, deps, n, work) }
}

/// `cudaGraphAddMemcpyNode1D(..., void *dst, const void *src, size_t count, enum
/// cudaMemcpyKind)`.
///
/// # Safety
/// Host memory covered must stay valid while the graph may run.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn cudaGraphAddMemcpyNode1D(
    node: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    let work = || unsafe { memcpy_1d_kind(dst, src, count, kind) };
    // SAFETY: forwarded contract.
    unsafe { add(node, g, deps, n, work) }
}

/// `cudaGraphAddMemsetNode(..., const struct cudaMemsetParams *)`.
///
/// # Safety
/// `p` must be valid.
pub unsafe extern "C-unwind" fn cudaGraphAddMemsetNode(
    node: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    p: *const MemsetParams,
) -> i32 {
    // SAFETY: forwarded contract.
    let work = || unsafe { memset_kind(p) };
    // SAFETY: forwarded contract.
    unsafe { add(node, g, deps, n, work) }
}

/// `cudaGraphAddHostNode(..., const struct cudaHostNodeParams *)`.
///
/// # Safety
/// `p` must be valid.
pub unsafe extern "C-unwind" fn cudaGraphAddHostNode(
    node: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    p: *const HostNodeParams,
) -> i32 {
    // SAFETY: forwarded contract.
    let work = || unsafe { host_kind(p) };
    // SAFETY: forwarded contract.
    unsafe { add(node, g, deps, n, work) }
}

/// `cudaGraphAddEmptyNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t)`.
///
/// # Safety
/// `node` must be valid for writes; `deps` must hold `n` handles.
pub unsafe extern "C-unwind" fn cudaGraphAddEmptyNode(
    node: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { add(node, g, deps, n, || Ok(graph::NodeKind::Empty)) }
}

/// `cudaGraphGetNodes(cudaGraph_t, cudaGraphNode_t *nodes, size_t *numNodes)`: with `nodes`
/// null, the count; else up to `*numNodes` handles (the rest of the array is nulled), and the
/// count written back is the number of nodes.
///
/// # Safety
/// `num` must be valid for reads and writes; `nodes` null or valid for `*num` writes.
pub unsafe extern "C-unwind" fn cudaGraphGetNodes(g: *mut c_void, nodes: *mut *mut c_void, num: *mut usize) -> i32 {
    if num.is_null() {
        return invalid();
    }
    let r = Graph(g as u64).nodes().map(|all| {
        if !nodes.is_null() {
            // SAFETY: valid for reads per the contract.
            let cap = unsafe { num.read() };
            for i in 0..cap {
                let h = all.get(i).map_or(std::ptr::null_mut(), |n| n.0 as *mut c_void);
                // SAFETY: `nodes` is valid for `cap` writes per the contract.
                unsafe { nodes.add(i).write(h) };
            }
        }
        // SAFETY: valid for writes per the contract.
        unsafe { num.write(all.len()) };
    });
    code(r)
}

/// `cudaGraphInstantiate(cudaGraphExec_t *, cudaGraph_t, unsigned long long flags)`.
///
/// # Safety
/// `e` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphInstantiate(e: *mut *mut c_void, g: *mut c_void, flags: u64) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(e, Graph(g as u64).instantiate(flags).map(|x| x.0 as *mut c_void)) }
}

/// `cudaGraphInstantiateWithFlags(cudaGraphExec_t *, cudaGraph_t, unsigned long long flags)`.
///
/// # Safety
/// `e` must be valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphInstantiateWithFlags(e: *mut *mut c_void, g: *mut c_void, flags: u64) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { cudaGraphInstantiate(e, g, flags) }
}

/// `cudaGraphLaunch(cudaGraphExec_t, cudaStream_t)`.
pub extern "C-unwind" fn cudaGraphLaunch(e: *mut c_void, s: *mut c_void) -> i32 {
    code(GraphExec(e as u64).launch(stream(s)))
}

/// `cudaGraphLaunch_ptsz`.
pub extern "C-unwind" fn cudaGraphLaunch_ptsz(e: *mut c_void, s: *mut c_void) -> i32 {
    code(GraphExec(e as u64).launch(stream(ptsz(s))))
}

/// `cudaGraphUpload(cudaGraphExec_t, cudaStream_t)`.
pub extern "C-unwind" fn cudaGraphUpload(e: *mut c_void, s: *mut c_void) -> i32 {
    code(GraphExec(e as u64).upload(stream(s)))
}

/// `cudaGraphUpload_ptsz`.
pub extern "C-unwind" fn cudaGraphUpload_ptsz(e: *mut c_void, s: *mut c_void) -> i32 {
    code(GraphExec(e as u64).upload(stream(ptsz(s))))
}

/// `cudaGraphExecDestroy(cudaGraphExec_t)`.
pub extern "C-unwind" fn cudaGraphExecDestroy(e: *mut c_void) -> i32 {
    code(GraphExec(e as u64).destroy())
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_graph.rs"));
