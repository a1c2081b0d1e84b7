//! Updating an instantiated graph through the Rust API, over PTX fixtures:
//! `cudaGraphExecUpdate` takes the kernel parameters of a graph of the same topology and
//! refuses one of another (`cudaGraphExecUpdateResult`), and
//! `cudaGraphExecKernelNodeSetParams` changes one node of the executable graph only.

mod fixtures;

use fixtures::{N, all, buffer, kernels, read};
use runtime::graph::{Graph, GraphNode, KernelNode, NodeKind};
use runtime::module::Function;
use runtime::stream::{NON_BLOCKING, Stream};
use runtime::{DevicePtr, Dim3, Error};

/// `cudaGraphExecUpdateResult` values.
const UPDATE_SUCCESS: i32 = 0;
const UPDATE_TOPOLOGY_CHANGED: i32 = 2;
const UPDATE_NODE_TYPE_CHANGED: i32 = 3;

/// A kernel node of `f` over [`N`] threads with the given arguments.
fn kernel(f: &Function, args: &[&[u8]]) -> NodeKind {
    let params = f.pack_params(args).expect("params");
    NodeKind::Kernel(KernelNode::new(f.clone(), Dim3::x(1), Dim3::x(N as u32), 0, params).expect("kernel node"))
}

/// fill(p, v) → mul(p, k); returns the graph and its nodes.
fn fill_then_mul(p: DevicePtr, v: u32, k: u32) -> (Graph, GraphNode, GraphNode) {
    let ks = kernels();
    let g = Graph::new(0).expect("graph");
    let fill = g.add(&[], kernel(&ks.fill, &[&p.0.to_le_bytes(), &v.to_le_bytes()])).expect("fill node");
    let mul = g.add(&[fill], kernel(&ks.mul, &[&p.0.to_le_bytes(), &k.to_le_bytes()])).expect("mul node");
    (g, fill, mul)
}

fn run(exec: runtime::graph::GraphExec, s: Stream) {
    exec.launch(s).expect("launch");
    s.synchronize().expect("sync");
}

/// An update from a graph of the same topology takes its parameters (later launches compute
/// 5 * 3, not 4 * 2) and leaves the graph the executable graph came from unchanged; a graph of
/// another topology or node types is refused with `cudaErrorGraphExecUpdateFailure`, the
/// result saying why, and the executable graph keeps its parameters.
#[test]
fn exec_update_takes_the_parameters_of_a_graph_of_the_same_topology() {
    let s = Stream::with_flags(NON_BLOCKING).expect("stream");
    let p = buffer(0);
    let (g1, _, _) = fill_then_mul(p, 4, 2);
    let exec = g1.instantiate(0).expect("instantiate");
    run(exec, s);
    assert_eq!(read(p), all(8));

    let (g2, _, _) = fill_then_mul(p, 5, 3);
    let (r, info) = exec.update(g2);
    assert_eq!((r, info.result, info.error_node), (Ok(()), UPDATE_SUCCESS, None));
    run(exec, s);
    assert_eq!(read(p), all(15));
    let again = g1.instantiate(0).expect("instantiate the first graph again");
    run(again, s);
    assert_eq!(read(p), all(8), "the first graph keeps its own parameters");

    let (g3, _, mul3) = fill_then_mul(p, 6, 6);
    g3.add_node(&[mul3], None).expect("one node more");
    let (r, info) = exec.update(g3);
    assert_eq!((r, info.result), (Err(Error::GraphExecUpdateFailure), UPDATE_TOPOLOGY_CHANGED));

    let ks = kernels();
    let g4 = Graph::new(0).expect("graph");
    let fill4 = g4.add(&[], kernel(&ks.fill, &[&p.0.to_le_bytes(), &7u32.to_le_bytes()])).expect("fill");
    let empty4 = g4.add_node(&[fill4], None).expect("an empty node where the kernel was");
    let (r, info) = exec.update(g4);
    assert_eq!(
        (r, info.result, info.error_node),
        (Err(Error::GraphExecUpdateFailure), UPDATE_NODE_TYPE_CHANGED, Some(empty4))
    );

    run(exec, s);
    assert_eq!(read(p), all(15), "refused updates change nothing");
    s.destroy().expect("destroy");
}

/// `cudaGraphExecKernelNodeSetParams`: the node of the instantiated graph runs with the new
/// parameters in later launches of that executable graph only; the node must keep its type
/// (`cudaErrorInvalidValue`).
#[test]
fn setting_a_kernel_nodes_parameters_changes_that_executable_graph_only() {
    let s = Stream::with_flags(NON_BLOCKING).expect("stream");
    let p = buffer(0);
    let (g, fill, mul) = fill_then_mul(p, 4, 2);
    let (exec, other) = (g.instantiate(0).expect("instantiate"), g.instantiate(0).expect("instantiate again"));
    let ks = kernels();
    exec.set_node(mul, kernel(&ks.mul, &[&p.0.to_le_bytes(), &10u32.to_le_bytes()])).expect("set params");
    run(exec, s);
    assert_eq!(read(p), all(40));
    run(other, s);
    assert_eq!(read(p), all(8), "another instance of the graph keeps the old parameters");
    assert_eq!(fill.node_type(), Ok(runtime::graph::NodeType::Kernel));
    assert_eq!(exec.set_node(fill, NodeKind::Empty), Err(Error::InvalidValue));
    s.destroy().expect("destroy");
}

/// `cudaGraphNodeSetEnabled` / `GetEnabled` and `cudaGraphExecKernelNodeSetParams` take kernel,
/// memcpy and memset nodes only: a child graph node holding a kernel is none of them (the CUDA
/// runtime reference: "Currently only kernel, memset and memcpy nodes are supported").
#[test]
fn a_child_graph_node_is_neither_disabled_nor_given_kernel_parameters() {
    let s = Stream::with_flags(NON_BLOCKING).expect("stream");
    let p = buffer(0);
    let ks = kernels();
    let (child, _, _) = fill_then_mul(p, 4, 2);
    let g = Graph::new(0).expect("graph");
    let node = g.add(&[], NodeKind::Graph(child)).expect("child graph node");
    let exec = g.instantiate(0).expect("instantiate");
    assert_eq!(exec.set_enabled(node, false), Err(Error::InvalidValue));
    assert_eq!(exec.enabled(node), Err(Error::InvalidValue));
    let params = kernel(&ks.fill, &[&p.0.to_le_bytes(), &9u32.to_le_bytes()]);
    assert_eq!(exec.set_node(node, params), Err(Error::InvalidValue));
    run(exec, s);
    assert_eq!(read(p), all(8), "the child graph still runs, unchanged");
    s.destroy().expect("destroy");
}

/// A graph with a memory allocation node: launching it again while its allocation from the
/// previous launch is unfreed fails with `cudaErrorInvalidValue` (in API order: the first
/// launch need not have run), until the program frees the allocation; a graph instantiated
/// with AutoFreeOnLaunch frees it itself (the CUDA runtime reference on `cudaGraphLaunch`).
#[test]
fn a_graph_relaunched_with_its_allocation_unfreed_fails_unless_auto_free() {
    use runtime::graph::NodeType;
    use runtime::memory;
    let s = Stream::with_flags(NON_BLOCKING).expect("stream");
    let alloc_graph = || {
        let g = Graph::new(0).expect("graph");
        let (ptr, work) = memory::graph_mem_alloc(4096).expect("graph allocation");
        g.add(&[], NodeKind::Work { ty: NodeType::MemAlloc, work, params: None, fixed: None }).expect("alloc node");
        (g, ptr)
    };
    let (g, ptr) = alloc_graph();
    let exec = g.instantiate(0).expect("instantiate");
    exec.launch(s).expect("first launch");
    assert_eq!(exec.launch(s), Err(Error::InvalidValue), "unfreed, before the first launch ran");
    s.synchronize().expect("sync");
    assert_eq!(exec.launch(s), Err(Error::InvalidValue), "unfreed, after it ran");
    memory::free_async(ptr, s).expect("free");
    exec.launch(s).expect("launch after the free");
    s.synchronize().expect("sync");
    memory::free(ptr).expect("free again");
    exec.launch(s).expect("launch after cudaFree");

    let (auto, _) = alloc_graph();
    let exec = auto.instantiate(1).expect("instantiate with AutoFreeOnLaunch");
    for _ in 0..3 {
        exec.launch(s).expect("relaunch frees the previous allocation");
    }
    s.synchronize().expect("sync");
    s.destroy().expect("destroy");
}

/// A graph with a memory allocation node can neither be cloned nor lose an edge
/// (`cudaErrorNotSupported`: the reference says so of cloning, an H200 answers both).
#[test]
fn a_graph_with_memory_nodes_is_not_cloned_and_keeps_its_edges() {
    use runtime::graph::NodeType;
    let (g, _, mul) = fill_then_mul(buffer(0), 1, 2);
    let (_, work) = runtime::memory::graph_mem_alloc(256).expect("graph allocation");
    let alloc =
        g.add(&[mul], NodeKind::Work { ty: NodeType::MemAlloc, work, params: None, fixed: None }).expect("alloc node");
    assert_eq!(g.clone_graph().err(), Some(Error::NotSupported));
    assert_eq!(g.remove_dependencies(&[mul], &[alloc], None), Err(Error::NotSupported));
    assert_eq!(g.edges().expect("edges").len(), 2, "the edges stay");
}

/// The conditions of a flake CI saw once (zeros read after `exec.launch(s); s.synchronize()`):
/// many threads at once each initialize a buffer, launch a tiny graph on a non-blocking stream
/// and read the result back. A synchronous `cudaMemset` of device memory may return before it
/// ran (CUDA's "API synchronization behavior"), here when another thread's legacy-stream work
/// is in flight, and a non-blocking stream is not ordered after the legacy stream: unless the
/// buffer is synchronized before the graph runs (`fixtures::buffer`), the late memset zeroes
/// the graph's results.
#[test]
fn concurrent_graph_launches_on_non_blocking_streams_read_their_results() {
    const THREADS: usize = 12;
    const ROUNDS: u32 = 8;
    let threads: Vec<_> = (0..THREADS)
        .map(|t| {
            std::thread::spawn(move || {
                let s = Stream::with_flags(NON_BLOCKING).expect("stream");
                for r in 0..ROUNDS {
                    let p = buffer(0);
                    let (v, k) = (t as u32 + 1, r + 2);
                    let (g, _, _) = fill_then_mul(p, v, k);
                    let exec = g.instantiate(0).expect("instantiate");
                    run(exec, s);
                    assert_eq!(read(p), all(v * k), "thread {t} round {r}");
                    exec.destroy().expect("exec destroy");
                    g.destroy().expect("graph destroy");
                    runtime::memory::free(p).expect("free");
                }
                s.destroy().expect("destroy");
            })
        })
        .collect();
    for t in threads {
        t.join().expect("a thread's checks");
    }
}
