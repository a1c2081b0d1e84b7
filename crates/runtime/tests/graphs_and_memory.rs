//! The runtime's Rust API for graphs (explicit and captured), 2D memory, host functions,
//! pointer attributes and limits, over the CPU device.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use runtime::graph::{self, Graph};
use runtime::memory::{self, Copy3D, MemcpyKind, On, Set3D};
use runtime::module::Module;
use runtime::stream::Stream;
use runtime::{Dim3, device, launch};

fn read_f32s(p: runtime::DevicePtr, n: usize) -> Vec<f32> {
    let mut b = vec![0u8; n * 4];
    memory::memcpy_dtoh(&mut b, p).expect("copy back");
    b.chunks(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

#[test]
fn explicit_graph_runs_in_dependency_order_each_launch() {
    let m = Module::load_ptx(include_str!("../examples/scale.ptx")).expect("load");
    let k = m.function("scale").expect("kernel");
    let buf = memory::malloc(4 * 256).expect("malloc");
    let g = Graph::new(0).expect("graph");
    // memset to 1.0f (0x3f800000) then scale by 3, then a host node that counts.
    let set =
        Set3D { dst: buf, pitch: 0, slice_rows: 1, value: 0x3f80_0000, elem_size: 4, width: 256, height: 1, depth: 1 };
    let n_set = g.add_node(&[], set.work().expect("memset").map(memory::node_work)).expect("memset node");
    let params = k.pack_params(&[&buf.0.to_le_bytes(), &3.0f32.to_le_bytes()]).expect("params");
    let work = graph::kernel_work(&k, Dim3::x(1), Dim3::x(256), 0, params).expect("kernel work");
    let n_k = g.add_node(&[n_set], Some(work)).expect("kernel node");
    let count = Arc::new(AtomicUsize::new(0));
    let c2 = count.clone();
    g.add_node(
        &[n_k],
        Some(Arc::new(move || {
            c2.fetch_add(1, Ordering::SeqCst);
        })),
    )
    .expect("host node");
    assert!(g.add_node(&[runtime::graph::GraphNode(12345)], None).is_err());
    let exec = g.instantiate(0).expect("instantiate");
    let s = Stream::new().expect("stream");
    for _ in 0..3 {
        exec.launch(s).expect("launch");
    }
    s.synchronize().expect("sync");
    assert_eq!(count.load(Ordering::SeqCst), 3);
    assert!(read_f32s(buf, 256).iter().all(|&v| v == 3.0));
    exec.destroy().expect("exec destroy");
    g.destroy().expect("graph destroy");
    memory::free(buf).expect("free");
}

#[test]
fn capture_records_instead_of_running() {
    let m = Module::load_ptx(include_str!("../examples/scale.ptx")).expect("load");
    let k = m.function("scale").expect("kernel");
    let buf = memory::malloc(4 * 256).expect("malloc");
    let ones: Vec<u8> = (0..256).flat_map(|_| 1.0f32.to_le_bytes()).collect();
    memory::memcpy_htod(buf, &ones).expect("init");
    let s = Stream::with_flags(runtime::stream::NON_BLOCKING).expect("stream");
    graph::begin_capture(s, 2).expect("begin");
    assert_eq!(graph::capture_status(s).expect("status"), graph::CaptureStatus::Active);
    launch::launch(&k, Dim3::x(1), Dim3::x(256), 0, s, &[&buf.0.to_le_bytes(), &2.0f32.to_le_bytes()]).expect("launch");
    let info = graph::capture_info(s).expect("info");
    assert_eq!(info.dependencies.len(), 1);
    let g = graph::end_capture(s).expect("end");
    assert_eq!(g.nodes().expect("nodes").len(), 1);
    s.synchronize().expect("sync");
    assert!(read_f32s(buf, 256).iter().all(|&v| v == 1.0), "captured work must not run");
    let e = g.instantiate(0).expect("instantiate");
    e.launch(s).expect("launch 1");
    e.launch(s).expect("launch 2");
    s.synchronize().expect("sync");
    assert!(read_f32s(buf, 256).iter().all(|&v| v == 4.0));
    memory::free(buf).expect("free");
}

#[test]
fn pitched_copies_host_functions_and_limits() {
    let (d, pitch) = memory::malloc_pitch(40, 4).expect("pitch");
    assert_eq!(pitch % memory::PITCH_ALIGN, 0);
    let src: Vec<u8> = (0..160u8).collect();
    let mut back = vec![0u8; 160];
    let c = Copy3D {
        dst: d.0,
        dpitch: pitch,
        dheight: 4,
        src: src.as_ptr() as u64,
        spitch: 40,
        sheight: 4,
        width: 40,
        height: 4,
        depth: 1,
        kind: MemcpyKind::HostToDevice,
    };
    // SAFETY: `src` lives across the synchronous copy.
    unsafe { memory::memcpy_3d(c, On::Sync(Stream::LEGACY)) }.expect("2d h2d");
    let c = Copy3D {
        dst: back.as_mut_ptr() as u64,
        dpitch: 40,
        src: d.0,
        spitch: pitch,
        kind: MemcpyKind::DeviceToHost,
        ..c
    };
    // SAFETY: `back` lives across the synchronous copy.
    unsafe { memory::memcpy_3d(c, On::Sync(Stream::LEGACY)) }.expect("2d d2h");
    assert_eq!(src, back);
    let bad = Copy3D { dpitch: 8, ..c };
    // SAFETY: rejected before touching memory.
    assert_eq!(unsafe { memory::memcpy_3d(bad, On::Sync(Stream::LEGACY)) }, Err(runtime::Error::InvalidPitchValue));
    let a = memory::pointer_attributes(d.0 + 5).expect("attrs");
    assert_eq!((a.r#type, a.device), (memory::MemoryType::Device as i32, 0));
    let order = Arc::new(std::sync::Mutex::new(Vec::new()));
    let s = Stream::new().expect("stream");
    for i in 0..20 {
        let o = order.clone();
        s.launch_host_func(Box::new(move || o.lock().expect("lock").push(i))).expect("host fn");
    }
    s.synchronize().expect("sync");
    assert_eq!(*order.lock().expect("lock"), (0..20).collect::<Vec<_>>());
    device::set_limit(device::limit::PRINTF_FIFO_SIZE, 1 << 22).expect("set");
    assert_eq!(device::limit_value(device::limit::PRINTF_FIFO_SIZE), Some(1 << 22));
    assert_eq!(device::get_limit(99), Err(runtime::Error::InvalidValue));
    memory::free(d).expect("free");
}

/// An address in no live allocation (one byte past a device allocation's end, a freed
/// allocation) is unregistered host memory to `cudaPointerGetAttributes`: type 0, device -2,
/// the address as its host pointer (as an H200 answers).
#[test]
fn pointer_attributes_of_addresses_outside_every_allocation() {
    let d = memory::malloc(1000).expect("malloc");
    let unregistered = |p: u64| {
        let a = memory::pointer_attributes(p).expect("attrs");
        (a.r#type, a.device, a.devicePointer as u64, a.hostPointer as u64)
    };
    assert_eq!(unregistered(d.0 + 999), (memory::MemoryType::Device as i32, 0, d.0 + 999, 0));
    assert_eq!(unregistered(d.0 + 1000), (memory::MemoryType::Unregistered as i32, -2, 0, d.0 + 1000));
    memory::free(d).expect("free");
    assert_eq!(unregistered(d.0), (memory::MemoryType::Unregistered as i32, -2, 0, d.0));
}

/// `cudaHostGetFlags` of registered memory: its registration flags with mapped (2) set, at any
/// address inside (as an H200 answers: Portable 1 reads 3, Mapped 2 reads 2); registering
/// memory of `cudaHostAlloc` is an invalid value, registering a registered range again
/// `cudaErrorHostMemoryAlreadyRegistered`.
#[test]
fn registered_host_memory_flags_and_double_registration() {
    let mut portable = vec![0u8; 10_000];
    let mut mapped = vec![0u8; 4096];
    let (p, m) = (portable.as_mut_ptr() as usize, mapped.as_mut_ptr() as usize);
    // SAFETY: both buffers outlive their registration (unregistered below).
    unsafe {
        memory::host_register(p + 3, 5000, 1).expect("register portable");
        memory::host_register(m, 4096, 2).expect("register mapped");
    }
    assert_eq!(memory::host_get_flags(p + 3), Ok(3));
    assert_eq!(memory::host_get_flags(p + 4000), Ok(3));
    assert_eq!(memory::host_get_flags(m + 100), Ok(2));
    assert_eq!(memory::host_get_flags(p + 6000), Err(runtime::Error::InvalidValue), "past the range");
    // SAFETY: rejected before anything is mapped.
    assert_eq!(unsafe { memory::host_register(m, 16, 0) }, Err(runtime::Error::HostMemoryAlreadyRegistered));
    let pinned = memory::host_alloc(4096, 0).expect("pinned");
    // SAFETY: rejected before anything is mapped.
    assert_eq!(unsafe { memory::host_register(pinned as usize, 4096, 0) }, Err(runtime::Error::InvalidValue));
    memory::host_unregister(p + 3).expect("unregister");
    memory::host_unregister(m).expect("unregister");
    assert_eq!(memory::host_get_flags(m), Err(runtime::Error::InvalidValue));
    memory::free_host(pinned).expect("free pinned");
}

/// `cudaMallocManaged` of zero bytes: success with a null pointer (as an H200 answers); the
/// attach flags are still checked.
#[test]
fn a_zero_byte_managed_allocation_is_null() {
    assert_eq!(memory::malloc_managed(0, 1), Ok(runtime::DevicePtr(0)));
    assert_eq!(memory::malloc_managed(0, 4), Err(runtime::Error::InvalidValue));
}

/// `cudaGraphGetEdges` lists edges by the node they leave (in node order), then by the node
/// they enter, as an H200 lists them (unseen13a_graph_manual_edges: `0->1 0->3 1->2 2->4 2->7
/// 3->4 ...` for nodes made in that order), not by the node they enter.
#[test]
fn edges_are_listed_by_the_node_they_leave() {
    let g = Graph::new(0).expect("graph");
    let n0 = g.add_node(&[], None).expect("node");
    let n1 = g.add_node(&[n0], None).expect("node");
    let n2 = g.add_node(&[n1], None).expect("node");
    let n3 = g.add_node(&[n0], None).expect("node");
    let n4 = g.add_node(&[n2, n3], None).expect("node");
    let edges = g.edges().expect("edges");
    assert_eq!(edges, vec![(n0, n1), (n0, n3), (n1, n2), (n2, n4), (n3, n4)]);
    g.destroy().expect("destroy");
}
