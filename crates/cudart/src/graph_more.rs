//! More of the graph API: node parameter queries (host, memcpy, memset), memory allocation and
//! free nodes with the graph memory attributes, kernel node attributes, user objects and
//! `cudaGraphInstantiateWithParams`.

// C ABI names.
#![allow(non_snake_case)]

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::Mutex;

use runtime::graph::{self, Graph, GraphNode, NodeKind, NodeType, user_object};
use runtime::memory::{self, MemPoolProps};
use runtime::stream::{AttrValue, Stream, attr_default, check_attr};
use runtime::{DevicePtr, Error, Result, record};

use crate::ext::Memcpy3DParms;
use crate::graph::{HostNodeParams, MemsetParams, add, memcpy_1d_kind, params_bytes, params_of};
use crate::misc::MemAccessDesc;
use crate::{code, invalid, out, stream};

fn node(n: *mut c_void) -> GraphNode {
    GraphNode(n as u64)
}

/// The parameters of a node of type `ty` made through the explicit API.
fn node_params<T: Copy>(n: *mut c_void, ty: NodeType) -> Result<T> {
    node(n).kind().and_then(|k| {
        if k.ty() != ty {
            return record(Err(Error::InvalidValue));
        }
        // A node made by stream capture keeps no parameters.
        record(params_of::<T>(&k, ty).ok_or(Error::NotSupported))
    })
}

/// `cudaGraphHostNodeGetParams(cudaGraphNode_t, struct cudaHostNodeParams *)`.
///
/// # Safety
/// `p` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphHostNodeGetParams(n: *mut c_void, p: *mut HostNodeParams) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(p, node_params(n, NodeType::Host)) }
}

/// `cudaGraphMemsetNodeGetParams(cudaGraphNode_t, struct cudaMemsetParams *)`.
///
/// # Safety
/// `p` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphMemsetNodeGetParams(n: *mut c_void, p: *mut MemsetParams) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(p, node_params(n, NodeType::Memset)) }
}

/// `cudaGraphMemcpyNodeGetParams(cudaGraphNode_t, struct cudaMemcpy3DParms *)`: a 1D copy
/// node's parameters as the equivalent 3D copy.
///
/// # Safety
/// `p` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphMemcpyNodeGetParams(n: *mut c_void, p: *mut Memcpy3DParms) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(p, node_params(n, NodeType::Memcpy)) }
}

/// `cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t, void *dst, const void *src, size_t count,
/// enum cudaMemcpyKind)`.
///
/// # Safety
/// Host memory covered must stay valid while the graph may run.
pub unsafe extern "C-unwind" fn cudaGraphMemcpyNodeSetParams1D(
    n: *mut c_void,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: i32,
) -> i32 {
    // SAFETY: forwarded contract.
    code(record(unsafe { memcpy_1d_kind(dst, src, count, kind) }).and_then(|k| node(n).set_kind(k)))
}

/// `struct cudaMemAllocNodeParams`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MemAllocNodeParams {
    /// `struct cudaMemPoolProps poolProps`.
    pub poolProps: MemPoolProps,
    /// `const struct cudaMemAccessDesc *accessDescs`.
    pub accessDescs: *const MemAccessDesc,
    /// `size_t accessDescCount`.
    pub accessDescCount: usize,
    /// `size_t bytesize`.
    pub bytesize: usize,
    /// `void *dptr` (out).
    pub dptr: *mut c_void,
}

/// The access descriptors of memory allocation nodes (`cudaGraphMemAllocNodeGetParams`
/// returns a pointer into them), by node.
fn access_store() -> std::sync::MutexGuard<'static, HashMap<u64, Vec<MemAccessDesc>>> {
    static S: std::sync::OnceLock<Mutex<HashMap<u64, Vec<MemAccessDesc>>>> = std::sync::OnceLock::new();
    S.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

/// `cudaGraphAddMemAllocNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *deps,
/// size_t numDeps, struct cudaMemAllocNodeParams *)`: pinned device memory of device 0 with
/// no handle types; the address is fixed now and written to `nodeParams->dptr`.
///
/// # Safety
/// `p` null or valid for reads and writes; `p->accessDescs` holds `accessDescCount` entries.
pub unsafe extern "C-unwind" fn cudaGraphAddMemAllocNode(
    nd: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    p: *mut MemAllocNodeParams,
) -> i32 {
    // SAFETY: null-checked; valid per the contract.
    let Some(q) = (unsafe { p.as_mut() }) else { return invalid() };
    let descs: Vec<MemAccessDesc> = if q.accessDescCount == 0 {
        Vec::new()
    } else if q.accessDescs.is_null() {
        return invalid();
    } else {
        // SAFETY: `accessDescCount` entries per the contract.
        unsafe { std::slice::from_raw_parts(q.accessDescs, q.accessDescCount) }.to_vec()
    };
    let pp = q.poolProps;
    if pp.allocType != 1 || pp.handleTypes != 0 || pp.location.r#type != 1 {
        return invalid();
    }
    if pp.location.id != 0 {
        return code(record::<()>(Err(Error::InvalidDevice)));
    }
    let checked = memory::mem_pool_set_access(
        memory::DEFAULT_POOL,
        &descs.iter().map(|d| (d.location, d.flags)).collect::<Vec<_>>(),
    );
    if checked.is_err() {
        return code(checked);
    }
    let mut dptr = std::ptr::null_mut();
    let kind = || {
        let (ptr, work) = memory::graph_mem_alloc(q.bytesize)?;
        dptr = ptr.0 as *mut c_void;
        let mut stored = *q;
        stored.dptr = dptr;
        stored.accessDescs = std::ptr::null();
        Ok(NodeKind::Work { ty: NodeType::MemAlloc, work, params: Some(params_bytes(&stored)) })
    };
    // SAFETY: forwarded contract.
    let r = unsafe { add(nd, g, deps, n, kind) };
    if r == 0 {
        q.dptr = dptr;
        // SAFETY: `add` succeeded, so `nd` holds the new node.
        let h = unsafe { nd.read() } as u64;
        access_store().insert(h, descs);
    }
    r
}

/// `cudaGraphMemAllocNodeGetParams(cudaGraphNode_t, struct cudaMemAllocNodeParams *)`.
///
/// # Safety
/// `p` must be null or valid for writes.
pub unsafe extern "C-unwind" fn cudaGraphMemAllocNodeGetParams(n: *mut c_void, p: *mut MemAllocNodeParams) -> i32 {
    let r = node_params::<MemAllocNodeParams>(n, NodeType::MemAlloc).map(|mut q| {
        let store = access_store();
        if let Some(d) = store.get(&(n as u64))
            && !d.is_empty()
        {
            q.accessDescs = d.as_ptr();
        }
        q
    });
    // SAFETY: forwarded contract.
    unsafe { out(p, r) }
}

/// `cudaGraphAddMemFreeNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *deps,
/// size_t numDeps, void *dptr)`: `dptr` must be a graph allocation.
///
/// # Safety
/// `nd` must be null or valid for writes; `deps` must hold `n` handles.
pub unsafe extern "C-unwind" fn cudaGraphAddMemFreeNode(
    nd: *mut *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    dptr: *mut c_void,
) -> i32 {
    let kind = || {
        let work = memory::graph_mem_free(DevicePtr(dptr as u64))?;
        Ok(NodeKind::Work { ty: NodeType::MemFree, work, params: Some(params_bytes(&dptr)) })
    };
    // SAFETY: forwarded contract.
    unsafe { add(nd, g, deps, n, kind) }
}

/// `cudaGraphMemFreeNodeGetParams(cudaGraphNode_t, void *dptr_out)`.
///
/// # Safety
/// `p` must be null or valid for writes of a pointer.
pub unsafe extern "C-unwind" fn cudaGraphMemFreeNodeGetParams(n: *mut c_void, p: *mut *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(p, node_params(n, NodeType::MemFree)) }
}

/// `cudaDeviceGraphMemTrim(int device)`.
pub extern "C-unwind" fn cudaDeviceGraphMemTrim(device: i32) -> i32 {
    code(memory::graph_mem_trim(device))
}

/// `cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType, void *value)`:
/// each value is a `cuuint64_t`.
///
/// # Safety
/// `value` must be null or valid for writes of 8 bytes.
pub unsafe extern "C-unwind" fn cudaDeviceGetGraphMemAttribute(device: i32, attr: i32, value: *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(value.cast::<u64>(), memory::graph_mem_attribute(device, attr)) }
}

/// `cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType, void *value)`.
///
/// # Safety
/// `value` must be null or valid for reads of 8 bytes.
pub unsafe extern "C-unwind" fn cudaDeviceSetGraphMemAttribute(device: i32, attr: i32, value: *mut c_void) -> i32 {
    if value.is_null() {
        return invalid();
    }
    // SAFETY: non-null, 8 readable bytes per the contract.
    let v = unsafe { value.cast::<u64>().read_unaligned() };
    code(memory::set_graph_mem_attribute(device, attr, v))
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
///
/// # Safety
/// `v` must be null or valid for writes of a `cudaKernelNodeAttrValue`.
pub unsafe extern "C-unwind" fn cudaGraphKernelNodeGetAttribute(n: *mut c_void, id: i32, v: *mut AttrValue) -> i32 {
    let r = kernel_node(n).and_then(|k| {
        if !KERNEL_NODE_ATTRS.contains(&id) {
            return record(Err(Error::InvalidValue));
        }
        Ok(k.attrs.get(&id).copied().unwrap_or_else(|| attr_default(id)))
    });
    // SAFETY: forwarded contract.
    unsafe { out(v, r) }
}

/// `cudaGraphKernelNodeSetAttribute(cudaGraphNode_t, cudaKernelNodeAttrID, const
/// cudaKernelNodeAttrValue *)`: validated and stored (the CPU device runs every value alike).
///
/// # Safety
/// `v` must be null or a valid `cudaKernelNodeAttrValue`.
pub unsafe extern "C-unwind" fn cudaGraphKernelNodeSetAttribute(n: *mut c_void, id: i32, v: *const AttrValue) -> i32 {
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
pub extern "C-unwind" fn cudaGraphKernelNodeCopyAttributes(dst: *mut c_void, src: *mut c_void) -> i32 {
    let r = kernel_node(src).and_then(|s| {
        let mut d = kernel_node(dst)?;
        d.attrs = s.attrs;
        node(dst).set_kind(NodeKind::Kernel(d))
    });
    code(r)
}

/// `cudaUserObjectCreate(cudaUserObject_t *, void *ptr, cudaHostFn_t destroy, unsigned int
/// initialRefcount, unsigned int flags)`: `flags` must be `cudaUserObjectNoDestructorSync`.
///
/// # Safety
/// `obj` must be null or valid for writes; `destroy(ptr)` must be callable once.
pub unsafe extern "C-unwind" fn cudaUserObjectCreate(
    obj: *mut *mut c_void,
    ptr: *mut c_void,
    destroy: Option<unsafe extern "C" fn(*mut c_void)>,
    refs: u32,
    flags: u32,
) -> i32 {
    if obj.is_null() {
        return invalid();
    }
    let Some(f) = destroy else { return invalid() };
    let d = user_object::Destructor { f, ptr: ptr as usize };
    // SAFETY: forwarded contract.
    unsafe { out(obj, user_object::create(d, refs, flags).map(|h| h as *mut c_void)) }
}

/// `cudaUserObjectRetain(cudaUserObject_t, unsigned int count)`.
pub extern "C-unwind" fn cudaUserObjectRetain(obj: *mut c_void, count: u32) -> i32 {
    code(user_object::retain(obj as u64, count))
}

/// `cudaUserObjectRelease(cudaUserObject_t, unsigned int count)`: the destructor runs when the
/// last reference goes.
pub extern "C-unwind" fn cudaUserObjectRelease(obj: *mut c_void, count: u32) -> i32 {
    code(user_object::release(obj as u64, count))
}

/// `cudaGraphRetainUserObject(cudaGraph_t, cudaUserObject_t, unsigned int count, unsigned int
/// flags)`.
pub extern "C-unwind" fn cudaGraphRetainUserObject(g: *mut c_void, obj: *mut c_void, count: u32, flags: u32) -> i32 {
    code(Graph(g as u64).retain_user_object(obj as u64, count, flags))
}

/// `cudaGraphReleaseUserObject(cudaGraph_t, cudaUserObject_t, unsigned int count)`.
pub extern "C-unwind" fn cudaGraphReleaseUserObject(g: *mut c_void, obj: *mut c_void, count: u32) -> i32 {
    code(Graph(g as u64).release_user_object(obj as u64, count))
}

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

/// As for `cudaGraphInstantiateWithParams`.
unsafe fn instantiate_with_params(
    e: *mut *mut c_void,
    g: *mut c_void,
    p: *mut InstantiateParams,
    upload: impl Fn(*mut c_void) -> Stream,
) -> i32 {
    // SAFETY: null-checked; valid per the contract.
    let (Some(q), false) = (unsafe { p.as_mut() }, e.is_null()) else { return invalid() };
    q.errNode_out = std::ptr::null_mut();
    let r = Graph(g as u64).instantiate(q.flags);
    q.result_out = match &r {
        Ok(_) => 0,
        // A cycle (or a child graph nested too deep): invalid structure.
        Err(Error::InvalidValue) if q.flags & !0xf == 0 => 2,
        Err(_) => 1,
    };
    let r = r.and_then(|x| {
        if q.flags & 2 != 0 {
            x.upload(upload(q.uploadStream))?;
        }
        Ok(x.0 as *mut c_void)
    });
    // SAFETY: forwarded contract.
    unsafe { out(e, r) }
}

/// `cudaGraphInstantiateWithParams(cudaGraphExec_t *, cudaGraph_t, cudaGraphInstantiateParams *)`:
/// `flags` as `cudaGraphInstantiateWithFlags` (with Upload, the graph is uploaded to
/// `uploadStream`); `result_out` and `errNode_out` are written.
///
/// # Safety
/// `e` must be null or valid for writes; `p` null or valid for reads and writes.
pub unsafe extern "C-unwind" fn cudaGraphInstantiateWithParams(
    e: *mut *mut c_void,
    g: *mut c_void,
    p: *mut InstantiateParams,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { instantiate_with_params(e, g, p, stream) }
}

/// `cudaGraphInstantiateWithParams_ptsz`.
///
/// # Safety
/// As for `cudaGraphInstantiateWithParams`.
pub unsafe extern "C-unwind" fn cudaGraphInstantiateWithParams_ptsz(
    e: *mut *mut c_void,
    g: *mut c_void,
    p: *mut InstantiateParams,
) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { instantiate_with_params(e, g, p, |s| stream(crate::ext::ptsz(s))) }
}

// The panic guards of this module's exported functions (build.rs).
include!(concat!(env!("OUT_DIR"), "/guards_graph_more.rs"));
