//! Memory nodes and graph memory (6.30 Graph Management): allocation and free nodes, the
//! device's graph memory attributes, trimming.

// C ABI names.
#![allow(non_snake_case)]

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::Mutex;

use runtime::graph::{NodeKind, NodeType};
use runtime::memory::{self, MemPoolProps};
use runtime::{DevicePtr, Error, Result, record};

// `add` is the table's too: `cudaGraphAddMemFreeNode` is `add` of a `mem_free_kind`.
pub(crate) use crate::api::graph::node::add;
use crate::api::graph::node::{node_params, params_bytes};
use crate::api::pool::MemAccessDesc;
use crate::args::Out;
use crate::{code, invalid, out};

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
/// no handle types; the address is fixed now and written to `nodeParams->dptr`. Not an `add`
/// of a kind in the table, as the other node types are: its parameters are checked before the
/// node pointer, and a new node's access descriptors are kept by its handle.
///
/// # Safety
/// `p` null or valid for reads and writes; `p->accessDescs` holds `accessDescCount` entries.
pub unsafe fn cudaGraphAddMemAllocNode(
    nd: Out<*mut c_void>,
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
    if pp.allocType != 1 {
        return invalid();
    }
    // Exportable memory or another location than a device: valid properties a graph cannot
    // allocate with (cudaErrorNotSupported on an H200: tests/program-diff/graph_mem_nodes.cu).
    if pp.handleTypes != 0 || pp.location.r#type != 1 {
        return code(record::<()>(Err(Error::NotSupported)));
    }
    // A device that does not exist is an invalid value here (an H200's answer).
    if pp.location.id != 0 {
        return code(record::<()>(Err(Error::InvalidValue)));
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
        Ok(NodeKind::Work { ty: NodeType::MemAlloc, work, params: Some(params_bytes(&stored)), fixed: None })
    };
    // SAFETY: `nd` is null or writable and `deps` holds `n` handles: cudaGraphAddMemAllocNode's contract, which is
    // `add`'s.
    let r = unsafe { add(nd, g, deps, n, kind) };
    if r == 0 {
        q.dptr = dptr;
        // SAFETY: `add` succeeded, so `nd` is not null and holds the new node (the caller's
        // `cudaGraphNode_t` variable, which it reads back as well).
        let h = unsafe { nd.as_ptr().read() } as u64;
        access_store().insert(h, descs);
    }
    r
}

/// `cudaGraphMemAllocNodeGetParams(cudaGraphNode_t, struct cudaMemAllocNodeParams *)`.
pub fn cudaGraphMemAllocNodeGetParams(n: *mut c_void, p: Out<MemAllocNodeParams>) -> i32 {
    let r = node_params::<MemAllocNodeParams>(n, NodeType::MemAlloc).map(|mut q| {
        let store = access_store();
        if let Some(d) = store.get(&(n as u64))
            && !d.is_empty()
        {
            q.accessDescs = d.as_ptr();
        }
        q
    });
    p.put(r)
}

/// A free node of `dptr`, which must be a graph allocation (`cudaGraphAddMemFreeNode(cudaGraphNode_t *,
/// cudaGraph_t, const cudaGraphNode_t *deps, size_t numDeps, void *dptr)`, a table entry).
pub(crate) fn mem_free_kind(dptr: *mut c_void) -> Result<NodeKind> {
    let work = memory::graph_mem_free(DevicePtr(dptr as u64))?;
    Ok(NodeKind::Work { ty: NodeType::MemFree, work, params: Some(params_bytes(&dptr)), fixed: None })
}

/// `cudaGraphMemFreeNodeGetParams(cudaGraphNode_t, void *dptr_out)`.
pub fn cudaGraphMemFreeNodeGetParams(n: *mut c_void, p: Out<*mut c_void>) -> i32 {
    p.put(node_params(n, NodeType::MemFree))
}

/// `cudaDeviceGraphMemTrim(int device)`.
pub fn cudaDeviceGraphMemTrim(device: i32) -> i32 {
    code(memory::graph_mem_trim(device))
}

/// `cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType, void *value)`:
/// each value is a `cuuint64_t`.
///
/// # Safety
/// `value` must be null or valid for writes of 8 bytes.
pub unsafe fn cudaDeviceGetGraphMemAttribute(device: i32, attr: i32, value: *mut c_void) -> i32 {
    // SAFETY: `value` is null or writable for 8 bytes: cudaDeviceGetGraphMemAttribute's contract (each attribute is a
    // `cuuint64_t`), which is `out`'s for a `u64`.
    unsafe { out(value.cast::<u64>(), memory::graph_mem_attribute(device, attr)) }
}

/// `cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType, void *value)`.
///
/// # Safety
/// `value` must be null or valid for reads of 8 bytes.
pub unsafe fn cudaDeviceSetGraphMemAttribute(device: i32, attr: i32, value: *mut c_void) -> i32 {
    if value.is_null() {
        return invalid();
    }
    // SAFETY: non-null, 8 readable bytes per the contract.
    let v = unsafe { value.cast::<u64>().read_unaligned() };
    code(memory::set_graph_mem_attribute(device, attr, v))
}
