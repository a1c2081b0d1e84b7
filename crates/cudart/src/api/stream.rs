//! 6.4 Stream Management: creating, synchronizing and querying streams, callbacks, stream
//! attributes and priorities, attaching managed memory, and stream capture (the reference
//! lists `cudaStreamBeginCapture` and its companions here, not under graphs).

// C ABI names.
#![allow(non_snake_case)]

use std::cell::RefCell;
use std::ffi::c_void;

use runtime::event::Event;
use runtime::graph::{self, Graph, GraphNode};
use runtime::stream::{AttrValue, Stream};
use runtime::{Error, Result, device, memory, record};

use crate::api::graph::EdgeData;
use crate::args::Out;
use crate::{code, invalid, out, stream};

/// `cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags)`.
pub fn cudaStreamCreateWithFlags(s: Out<*mut c_void>, flags: u32) -> i32 {
    created(s, Stream::with_flags(flags))
}

/// A stream creation's result through its handle: after a kernel fault, the failed creation
/// still writes a handle, one that names no stream (`Stream::stillborn_after`).
fn created(s: Out<*mut c_void>, r: Result<Stream>) -> i32 {
    if let Err(e) = r
        && !s.is_null()
        && let Some(h) = Stream::stillborn_after(e)
    {
        s.write(h.0 as *mut c_void);
    }
    s.put(r.map(|st| st.0 as *mut c_void))
}

/// `cudaStreamCreateWithPriority(cudaStream_t *stream, unsigned int flags, int priority)`:
/// the priority is ignored.
pub fn cudaStreamCreateWithPriority(s: Out<*mut c_void>, flags: u32, priority: i32) -> i32 {
    let r = Stream::with_flags(flags).and_then(|st| {
        let mut v = [0u32; 16];
        v[0] = priority as u32;
        st.set_attribute(runtime::stream::ATTR_PRIORITY, &v).map(|()| st)
    });
    created(s, r)
}

/// `cudaStreamDestroy(cudaStream_t)`.
pub fn cudaStreamDestroy(s: *mut c_void) -> i32 {
    code(stream(s).destroy())
}

/// `cudaStreamSynchronize(cudaStream_t)`.
pub fn cudaStreamSynchronize(s: *mut c_void) -> i32 {
    code(stream(s).synchronize())
}

/// `cudaStreamQuery(cudaStream_t)`.
pub fn cudaStreamQuery(s: *mut c_void) -> i32 {
    code(stream(s).query())
}

/// `cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned int flags)`.
pub fn cudaStreamWaitEvent(s: *mut c_void, e: *mut c_void, flags: u32) -> i32 {
    code(stream(s).wait_event_with_flags(Event(e as u64), flags))
}

/// `cudaStreamGetFlags(cudaStream_t, unsigned int *flags)`.
pub fn cudaStreamGetFlags(s: *mut c_void, flags: Out<u32>) -> i32 {
    flags.put(stream(s).flags())
}

/// `cudaStreamCallback_t`.
pub type StreamCallback = unsafe extern "C" fn(*mut c_void, i32, *mut c_void);

/// `cudaStreamAddCallback(cudaStream_t, cudaStreamCallback_t, void *userData, unsigned int
/// flags)`: `flags` must be 0; the callback gets the sticky error (or success) as status.
pub fn cudaStreamAddCallback(s: *mut c_void, cb: Option<StreamCallback>, data: *mut c_void, flags: u32) -> i32 {
    let Some(cb) = cb else { return invalid() };
    if flags != 0 {
        return invalid();
    }
    let st = stream(s);
    // The callback gets the stream the call resolved handle 0 to (the per-thread default
    // stream in the `_ptsz` variant).
    let (cb, data, handle) = (cb as usize, data as usize, st.0 as usize);
    let work = Box::new(move || {
        // On the worker thread, this is the sticky error (or success).
        let status = runtime::error::code_of(&runtime::peek_at_last_error());
        // SAFETY: `cb` is the `cudaStreamCallback_t` the program passed; calling it with the
        // stream, the status and its user data is its contract.
        unsafe {
            let f: StreamCallback = std::mem::transmute::<usize, StreamCallback>(cb);
            runtime::run_host_function(|| f(handle as *mut c_void, status, data as *mut c_void))
        }
    });
    code(st.add_callback(work))
}

/// `cudaStreamGetPriority(cudaStream_t, int *priority)`: 0.
pub fn cudaStreamGetPriority(s: *mut c_void, p: Out<i32>) -> i32 {
    p.put(stream(s).priority())
}

/// `cudaStreamGetId(cudaStream_t, unsigned long long *id)`.
pub fn cudaStreamGetId(s: *mut c_void, id: Out<u64>) -> i32 {
    id.put(stream(s).id())
}

/// `cudaStreamGetDevice(cudaStream_t, int *device)`: 0.
pub fn cudaStreamGetDevice(s: *mut c_void, dev: Out<i32>) -> i32 {
    dev.put(stream(s).id().map(|_| 0))
}

/// `cudaStreamBeginCapture(cudaStream_t, enum cudaStreamCaptureMode)`.
pub fn cudaStreamBeginCapture(s: *mut c_void, mode: i32) -> i32 {
    code(graph::begin_capture(stream(s), mode))
}

/// # Safety
/// `g` must be valid for writes.
unsafe fn end(s: Stream, g: *mut *mut c_void) -> i32 {
    // The graph of a capture into an existing graph is the caller's already: no place for it
    // is needed then.
    if g.is_null() && !graph::captures_into_existing_graph(s) {
        return invalid();
    }
    let r = graph::end_capture(s);
    if !g.is_null() {
        // SAFETY: non-null, valid for writes per the contract (null on failure, as CUDA).
        unsafe { g.write(r.as_ref().map_or(std::ptr::null_mut(), |g| g.0 as *mut c_void)) };
    }
    code(r)
}

/// `cudaStreamEndCapture(cudaStream_t, cudaGraph_t *pGraph)`.
///
/// # Safety
/// `g` must be valid for writes.
pub unsafe fn cudaStreamEndCapture(s: *mut c_void, g: *mut *mut c_void) -> i32 {
    // SAFETY: `g` is writable: cudaStreamEndCapture's contract for `pGraph`, which is `end`'s.
    unsafe { end(stream(s), g) }
}

/// `cudaStreamIsCapturing(cudaStream_t, enum cudaStreamCaptureStatus *)`.
pub fn cudaStreamIsCapturing(s: *mut c_void, st: Out<i32>) -> i32 {
    st.put(graph::capture_status(stream(s)).map(|x| x as i32))
}

thread_local! {
    /// The dependency array `cudaStreamGetCaptureInfo` returns (valid until the next call on
    /// this thread).
    static CAPTURE_DEPS: RefCell<Vec<*mut c_void>> = const { RefCell::new(Vec::new()) };
}

/// `cudaStreamGetCaptureInfo(cudaStream_t, enum cudaStreamCaptureStatus *, unsigned long long
/// *id, cudaGraph_t *, const cudaGraphNode_t **deps, const cudaGraphEdgeData **edges, size_t
/// *numDeps)` (CUDA 13.0's signature): the status is required, the other outputs optional;
/// `deps` receives an array this thread keeps until its next call.
pub fn cudaStreamGetCaptureInfo(
    s: *mut c_void,
    status: Out<i32>,
    id: Out<u64>,
    g: Out<*mut c_void>,
    deps: Out<*const *mut c_void>,
    edges: Out<*const c_void>,
    ndeps: Out<usize>,
) -> i32 {
    if status.is_null() {
        return invalid();
    }
    let r = graph::capture_info(stream(s)).map(|info| {
        let arr = CAPTURE_DEPS.with(|d| {
            let mut d = d.borrow_mut();
            *d = info.dependencies.iter().map(|n| n.0 as *mut c_void).collect();
            d.as_ptr()
        });
        status.write(info.status as i32);
        // A stream that is not capturing, or whose capture was invalidated, answers its status
        // only: an H200 leaves the other outputs as they were.
        if info.status != graph::CaptureStatus::Active {
            return;
        }
        id.write(info.id);
        g.write(info.graph.map_or(std::ptr::null_mut(), |g| g.0 as *mut c_void));
        deps.write(if info.dependencies.is_empty() { std::ptr::null() } else { arr });
        // All edges are default edges.
        edges.write(std::ptr::null());
        ndeps.write(info.dependencies.len());
    });
    code(r)
}

/// `cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode)`.
///
/// # Safety
/// `mode` must be valid for reads and writes.
pub unsafe fn cudaThreadExchangeStreamCaptureMode(mode: *mut i32) -> i32 {
    if mode.is_null() {
        return invalid();
    }
    // SAFETY: valid for reads per the contract.
    let m = unsafe { mode.read() };
    // SAFETY: `mode` is readable and writable (read above): cudaThreadExchangeStreamCaptureMode's contract, which is
    // `out`'s.
    unsafe { out(mode, graph::exchange_thread_capture_mode(m)) }
}

/// The node handles of a dependency array (edge data, if any, must be default).
///
/// # Safety
/// `deps` holds `n` handles (or is null with `n == 0`); `edges` null or holds `n` entries.
unsafe fn dep_nodes(deps: *const *mut c_void, edges: *const EdgeData, n: usize) -> Result<Vec<GraphNode>> {
    // SAFETY: `edges` is null or holds `n` entries: this function's contract, which is `default_edges`'.
    record(unsafe { crate::api::graph::default_edges(edges, n) })?;
    if n == 0 {
        return Ok(Vec::new());
    }
    if deps.is_null() {
        return record(Err(Error::InvalidValue));
    }
    // SAFETY: `deps` holds `n` handles per the contract.
    Ok(unsafe { std::slice::from_raw_parts(deps, n) }.iter().map(|&d| GraphNode(d as u64)).collect())
}

/// `cudaStreamBeginCaptureToGraph(cudaStream_t, cudaGraph_t, const cudaGraphNode_t
/// *dependencies, const cudaGraphEdgeData *, size_t numDependencies, enum
/// cudaStreamCaptureMode)`: captures into an existing graph (a conditional node's body, say).
///
/// # Safety
/// `deps` holds `n` handles; `edges` null or `n` entries.
pub unsafe fn cudaStreamBeginCaptureToGraph(
    s: *mut c_void,
    g: *mut c_void,
    deps: *const *mut c_void,
    edges: *const EdgeData,
    n: usize,
    mode: i32,
) -> i32 {
    // SAFETY: `deps` holds `n` handles and `edges` is null or holds `n` entries: cudaStreamBeginCaptureToGraph's
    // contract, which is `dep_nodes`'.
    let r = unsafe { dep_nodes(deps, edges, n) }
        .and_then(|d| runtime::graph::begin_capture_to_graph(stream(s), Graph(g as u64), &d, mode));
    code(r)
}

/// `cudaStreamUpdateCaptureDependencies(cudaStream_t, cudaGraphNode_t *dependencies, const
/// cudaGraphEdgeData *, size_t numDependencies, unsigned int flags)`: flags
/// `cudaStreamAddCaptureDependencies` (0) or `cudaStreamSetCaptureDependencies` (1).
///
/// # Safety
/// `deps` holds `n` handles; `edges` null or `n` entries.
pub unsafe fn cudaStreamUpdateCaptureDependencies(
    s: *mut c_void,
    deps: *const *mut c_void,
    edges: *const EdgeData,
    n: usize,
    flags: u32,
) -> i32 {
    // SAFETY: `deps` holds `n` handles and `edges` is null or holds `n` entries: cudaStreamUpdateCaptureDependencies'
    // contract, which is `dep_nodes`'.
    let r = unsafe { dep_nodes(deps, edges, n) }
        .and_then(|d| runtime::graph::update_capture_dependencies(stream(s), &d, flags));
    code(r)
}

/// `cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length, unsigned int
/// flags)`.
pub fn cudaStreamAttachMemAsync(stream: *mut c_void, ptr: *mut c_void, length: usize, flags: u32) -> i32 {
    code(memory::stream_attach_mem_async(crate::stream(stream), ptr as u64, length, flags))
}

/// `cudaCtxResetPersistingL2Cache()`.
pub fn cudaCtxResetPersistingL2Cache() -> i32 {
    code(device::reset_persisting_l2_cache())
}

/// The stream attributes' value pointer as a value.
///
/// # Safety
/// `v` must be null or point to a 64-byte `cudaLaunchAttributeValue`.
unsafe fn attr_value(v: *const AttrValue) -> Option<AttrValue> {
    // SAFETY: `v` is null or points to a readable `cudaLaunchAttributeValue` (64 bytes): this function's contract; the
    // C union's alignment (4 bytes at least) is `AttrValue`'s.
    unsafe { v.as_ref().copied() }
}

/// `cudaStreamSetAttribute(cudaStream_t, cudaStreamAttrID, const cudaStreamAttrValue *)`.
///
/// # Safety
/// `v` must be null or a valid `cudaStreamAttrValue`.
pub unsafe fn cudaStreamSetAttribute(s: *mut c_void, id: i32, v: *const AttrValue) -> i32 {
    // SAFETY: `v` is null or a valid `cudaStreamAttrValue`: cudaStreamSetAttribute's contract, which is
    // `attr_value`'s.
    let Some(v) = (unsafe { attr_value(v) }) else { return invalid() };
    code(stream(s).set_attribute(id, &v))
}

/// `cudaStreamGetAttribute(cudaStream_t, cudaStreamAttrID, cudaStreamAttrValue *)`.
pub fn cudaStreamGetAttribute(s: *mut c_void, id: i32, v: Out<AttrValue>) -> i32 {
    v.put(stream(s).get_attribute(id))
}

/// `cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src)`.
pub fn cudaStreamCopyAttributes(dst: *mut c_void, src: *mut c_void) -> i32 {
    code(stream(dst).copy_attributes_from(stream(src)))
}
