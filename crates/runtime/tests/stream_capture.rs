//! Stream capture through the Rust API, over PTX fixtures: a captured sequence becomes a graph
//! that replays what the stream would have done; events fork and join captures across
//! streams; the calls that stream capture forbids give CUDA's errors (the Runtime API
//! reference: `cudaStreamBeginCapture`, `cudaStreamEndCapture`, `cudaStreamIsCapturing`,
//! `cudaThreadExchangeStreamCaptureMode`, and the `cudaErrorStreamCapture*` codes).
//!
//! Capture modes and the legacy stream's rules concern every thread of the process, so these
//! tests take turns ([`one_at_a_time`]).

mod fixtures;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use fixtures::{N, all, buffer, kernels, read};
use runtime::event::Event;
use runtime::graph::{self, CaptureStatus, Graph, GraphNode, NodeType};
use runtime::memory::{self, MemcpyKind};
use runtime::stream::{NON_BLOCKING, Stream};
use runtime::{DevicePtr, Error};

/// `cudaStreamCaptureMode` values.
const GLOBAL: i32 = 0;
const THREAD_LOCAL: i32 = 1;
const RELAXED: i32 = 2;

fn one_at_a_time() -> MutexGuard<'static, ()> {
    static TURN: Mutex<()> = Mutex::new(());
    TURN.lock().unwrap_or_else(|e| e.into_inner())
}

fn non_blocking() -> Stream {
    Stream::with_flags(NON_BLOCKING).expect("stream")
}

/// `cudaMemcpyAsync` device to device.
fn copy_async(dst: DevicePtr, src: DevicePtr, s: Stream) {
    // SAFETY: both ends are device allocations of N u32s; no host memory is involved.
    unsafe { memory::memcpy_raw(dst.0, src.0, N * 4, MemcpyKind::DeviceToDevice, Some(s)) }.expect("copy");
}

/// The types of a graph's nodes, in the order they were added.
fn node_types(g: Graph) -> Vec<NodeType> {
    g.nodes().expect("nodes").into_iter().map(|n| n.node_type().expect("type")).collect()
}

/// fill(a, 5); b = a + 3; c = b (a copy); c *= 2; a host function counting its runs.
fn sequence(s: Stream, (a, b, c): (DevicePtr, DevicePtr, DevicePtr), runs: &Arc<AtomicUsize>) {
    let k = kernels();
    k.fill(a, 5, s);
    k.add(b, a, 3, s);
    copy_async(c, b, s);
    k.mul(c, 2, s);
    let r = runs.clone();
    s.launch_host_func(Box::new(move || {
        r.fetch_add(1, Ordering::SeqCst);
    }))
    .expect("host function");
}

/// "When a stream is in capture mode, all operations pushed into the stream will not be
/// executed, but will instead be captured into a graph": nothing runs during capture, the
/// graph holds one node per operation in stream order, and each launch of it does what the
/// stream did.
#[test]
fn a_captured_sequence_replays_as_the_stream_would_run_it() {
    let _turn = one_at_a_time();
    let s = non_blocking();
    let runs = Arc::new(AtomicUsize::new(0));
    let eager = (buffer(0), buffer(0), buffer(0));
    sequence(s, eager, &runs);
    s.synchronize().expect("sync");
    assert_eq!((read(eager.1), read(eager.2)), (all(8), all(16)));
    assert_eq!(runs.load(Ordering::SeqCst), 1);

    let captured = (buffer(0xaa), buffer(0xaa), buffer(0xaa));
    graph::begin_capture(s, THREAD_LOCAL).expect("begin");
    assert_eq!(graph::capture_status(s), Ok(CaptureStatus::Active));
    sequence(s, captured, &runs);
    let g = graph::end_capture(s).expect("end");
    assert_eq!(graph::capture_status(s), Ok(CaptureStatus::None));
    s.synchronize().expect("nothing was enqueued");
    assert_eq!(read(captured.2), all(0xaaaa_aaaa), "captured work must not run");
    assert_eq!(runs.load(Ordering::SeqCst), 1);
    assert_eq!(node_types(g), [NodeType::Kernel, NodeType::Kernel, NodeType::Memcpy, NodeType::Kernel, NodeType::Host]);
    let nodes = g.nodes().expect("nodes");
    let chain: Vec<(GraphNode, GraphNode)> = nodes.windows(2).map(|w| (w[0], w[1])).collect();
    assert_eq!(g.edges().expect("edges"), chain, "each node depends on the one before it");

    let exec = g.instantiate(0).expect("instantiate");
    for launch in 1..=2 {
        exec.launch(s).expect("launch");
        s.synchronize().expect("sync");
        assert_eq!((read(captured.0), read(captured.1), read(captured.2)), (all(5), all(8), all(16)));
        assert_eq!(runs.load(Ordering::SeqCst), 1 + launch);
    }
    exec.destroy().expect("destroy exec");
    g.destroy().expect("destroy graph");
    s.destroy().expect("destroy stream");
}

/// An event recorded in a capturing stream and waited on by another stream forks the capture
/// into it; waiting back in the origin stream joins it. The graph's edges are the
/// dependencies: fill(a) before add(b) (on the forked stream) and fill(c) (on the origin),
/// both before mul(b).
#[test]
fn events_fork_and_join_a_capture_across_streams() {
    let _turn = one_at_a_time();
    let k = kernels();
    let (origin, side) = (non_blocking(), non_blocking());
    let (a, b, c) = (buffer(0), buffer(0), buffer(0));
    let (forked, joined) = (Event::new().expect("fork event"), Event::new().expect("join event"));
    graph::begin_capture(origin, THREAD_LOCAL).expect("begin");
    k.fill(a, 1, origin);
    forked.record(origin).expect("record fork");
    side.wait_event(forked).expect("fork");
    assert_eq!(graph::capture_status(side), Ok(CaptureStatus::Active), "the side stream joined the capture");
    k.add(b, a, 1, side);
    k.fill(c, 9, origin);
    joined.record(side).expect("record join");
    origin.wait_event(joined).expect("join");
    k.mul(b, 3, origin);
    let g = graph::end_capture(origin).expect("end");
    assert_eq!(graph::capture_status(side), Ok(CaptureStatus::None), "ending the capture ends it everywhere");
    let n = g.nodes().expect("nodes");
    assert_eq!(n.len(), 4);
    let mut edges = g.edges().expect("edges");
    edges.sort_by_key(|(x, y)| (x.0, y.0));
    let mut expected = vec![(n[0], n[1]), (n[0], n[2]), (n[1], n[3]), (n[2], n[3])];
    expected.sort_by_key(|(x, y)| (x.0, y.0));
    assert_eq!(edges, expected);
    let exec = g.instantiate(0).expect("instantiate");
    exec.launch(origin).expect("launch");
    origin.synchronize().expect("sync");
    assert_eq!((read(a), read(b), read(c)), (all(1), all(6), all(9)));
    for s in [origin, side] {
        s.destroy().expect("destroy");
    }
}

/// Synchronizing or querying a capturing stream is `cudaErrorStreamCaptureUnsupported` and
/// invalidates the capture, which then ends with `cudaErrorStreamCaptureInvalidated` (and no
/// graph); the stream is usable again after. Capture may not begin on the legacy stream, nor
/// twice on one stream; ending a capture that is not there is `cudaErrorIllegalState`.
#[test]
fn synchronizing_a_capturing_stream_invalidates_the_capture() {
    let _turn = one_at_a_time();
    let k = kernels();
    let s = non_blocking();
    let buf = buffer(0);
    assert_eq!(graph::begin_capture(Stream::LEGACY, THREAD_LOCAL), Err(Error::StreamCaptureUnsupported));
    assert_eq!(graph::end_capture(s).err(), Some(Error::IllegalState));
    // cudaStreamAddCallback cannot be captured either (an H200 answers Unsupported and
    // invalidates the capture: unseen11b_capture_host_rules); cudaLaunchHostFunc can.
    let callback = |s: Stream| s.add_callback(Box::new(|| {}));
    for forbidden in [Stream::synchronize, Stream::query, callback] {
        graph::begin_capture(s, THREAD_LOCAL).expect("begin");
        assert_eq!(graph::begin_capture(s, THREAD_LOCAL), Err(Error::IllegalState), "already capturing");
        k.fill(buf, 1, s);
        assert_eq!(forbidden(s), Err(Error::StreamCaptureUnsupported));
        assert_eq!(graph::capture_status(s), Ok(CaptureStatus::Invalidated));
        assert_eq!(graph::end_capture(s).err(), Some(Error::StreamCaptureInvalidated));
        assert_eq!(graph::capture_status(s), Ok(CaptureStatus::None));
    }
    k.fill(buf, 2, s);
    s.synchronize().expect("usable after the capture ended");
    assert_eq!(read(buf), all(2), "captured work never ran; the last fill did");
    assert_eq!(graph::begin_capture(s, 3), Err(Error::InvalidValue), "no such mode");
    s.destroy().expect("destroy");
}

/// "Potentially unsafe API calls" (`cudaMalloc` here) are prohibited by the calling thread's
/// mode: in Global mode by a non-relaxed capture of this thread or a Global capture of another
/// thread; in ThreadLocal mode only by this thread's; in Relaxed mode never.
#[test]
fn unsafe_calls_during_capture_follow_the_threads_capture_mode() {
    let _turn = one_at_a_time();
    let s = non_blocking();
    let previous = graph::exchange_thread_capture_mode(GLOBAL).expect("mode");

    graph::begin_capture(s, THREAD_LOCAL).expect("begin thread-local capture");
    assert_eq!(memory::malloc(256).err(), Some(Error::StreamCaptureUnsupported));
    assert_eq!(graph::end_capture(s).err(), Some(Error::StreamCaptureInvalidated), "the capture was invalidated");

    graph::begin_capture(s, RELAXED).expect("begin relaxed capture");
    let p = memory::malloc(256).expect("a relaxed capture prohibits nothing");
    memory::free(p).expect("free");
    graph::end_capture(s).expect("the relaxed capture is intact");

    // Another thread's Global capture prohibits this (Global-mode) thread's unsafe calls, not a
    // ThreadLocal-mode thread's.
    let other = non_blocking();
    let (begun, ended) = (std::sync::Barrier::new(2), std::sync::Barrier::new(2));
    std::thread::scope(|scope| {
        scope.spawn(|| {
            graph::begin_capture(other, GLOBAL).expect("begin global capture");
            begun.wait();
            ended.wait();
            let _ = graph::end_capture(other);
        });
        begun.wait();
        assert_eq!(memory::malloc(256).err(), Some(Error::StreamCaptureUnsupported));
        assert_eq!(graph::exchange_thread_capture_mode(THREAD_LOCAL), Ok(GLOBAL));
        let p = memory::malloc(256).expect("ThreadLocal mode ignores other threads' captures");
        memory::free(p).expect("free");
        ended.wait();
    });
    assert_eq!(graph::exchange_thread_capture_mode(previous), Ok(THREAD_LOCAL));
    // Any value is taken and handed back, as an H200 does (unseen11b_capture_info_modes).
    assert_eq!(graph::exchange_thread_capture_mode(7), Ok(previous));
    assert_eq!(graph::exchange_thread_capture_mode(previous), Ok(7));
    for s in [s, other] {
        s.destroy().expect("destroy");
    }
}

/// The errors of ill-formed capture sequences: ending on a stream that joined but did not
/// begin the capture (`cudaErrorStreamCaptureUnmatched`), a fork never joined back
/// (`cudaErrorStreamCaptureUnjoined`), waiting on work recorded outside the capture
/// (`cudaErrorStreamCaptureIsolation`), joining two captures
/// (`cudaErrorStreamCaptureMerge`), and ending a non-relaxed capture on another thread
/// (`cudaErrorStreamCaptureWrongThread`).
#[test]
fn ill_formed_capture_sequences_give_cudas_errors() {
    let _turn = one_at_a_time();
    let k = kernels();
    let (origin, side) = (non_blocking(), non_blocking());
    let buf = buffer(0);
    let e = Event::new().expect("event");

    // Unjoined: the side stream's work never joins the origin.
    graph::begin_capture(origin, THREAD_LOCAL).expect("begin");
    k.fill(buf, 1, origin);
    e.record(origin).expect("record");
    side.wait_event(e).expect("fork");
    k.fill(buf, 2, side);
    assert_eq!(graph::end_capture(origin).err(), Some(Error::StreamCaptureUnjoined));
    assert_eq!(graph::capture_status(side), Ok(CaptureStatus::None), "the capture ended on every stream");

    // Unmatched: the capture ends on the stream that began it, not one that joined it.
    graph::begin_capture(origin, THREAD_LOCAL).expect("begin");
    e.record(origin).expect("record");
    side.wait_event(e).expect("fork");
    assert_eq!(graph::end_capture(side).err(), Some(Error::StreamCaptureUnmatched));
    let _ = graph::end_capture(origin);

    // Isolation: the event's last record ran outside any capture.
    e.record(side).expect("record outside capture");
    side.synchronize().expect("sync");
    graph::begin_capture(origin, THREAD_LOCAL).expect("begin");
    assert_eq!(origin.wait_event(e), Err(Error::StreamCaptureIsolation));
    assert_eq!(graph::end_capture(origin).err(), Some(Error::StreamCaptureInvalidated));

    // Merge: a stream capturing one sequence waits on a point of another.
    graph::begin_capture(origin, THREAD_LOCAL).expect("begin first");
    graph::begin_capture(side, THREAD_LOCAL).expect("begin second");
    k.fill(buf, 3, origin);
    e.record(origin).expect("record in the first");
    assert_eq!(side.wait_event(e), Err(Error::StreamCaptureMerge));
    graph::end_capture(origin).expect("the first capture is intact");
    graph::end_capture(side).expect("end second");

    // Wrong thread.
    graph::begin_capture(origin, THREAD_LOCAL).expect("begin");
    let from_elsewhere = std::thread::scope(|scope| scope.spawn(|| graph::end_capture(origin).err()).join());
    assert_eq!(from_elsewhere.expect("thread"), Some(Error::StreamCaptureWrongThread));
    graph::end_capture(origin).expect("ends on its own thread");
    assert_eq!(read(buf), all(0), "nothing captured ever ran");
    for s in [origin, side] {
        s.destroy().expect("destroy");
    }
}

/// "When a blocking stream is capturing, the legacy stream is in an unusable state": work on
/// it is `cudaErrorStreamCaptureImplicit` and invalidates the capture. A non-blocking stream's
/// capture leaves the legacy stream usable.
#[test]
fn the_legacy_stream_is_unusable_while_a_blocking_stream_captures() {
    let _turn = one_at_a_time();
    let k = kernels();
    let buf = buffer(0);
    let blocking = Stream::new().expect("blocking stream");
    graph::begin_capture(blocking, THREAD_LOCAL).expect("begin");
    assert_eq!(memory::memset_async(buf, 1, N * 4, Stream::LEGACY), Err(Error::StreamCaptureImplicit));
    assert_eq!(graph::end_capture(blocking).err(), Some(Error::StreamCaptureInvalidated));

    let s = non_blocking();
    graph::begin_capture(s, THREAD_LOCAL).expect("begin");
    k.fill(buf, 4, Stream::LEGACY);
    Stream::LEGACY.synchronize().expect("legacy stream usable");
    graph::end_capture(s).expect("the non-blocking capture is intact");
    assert_eq!(read(buf), all(4));
    for s in [blocking, s] {
        s.destroy().expect("destroy");
    }
}

/// `cudaStreamIsCapturing` on the legacy stream while a blocking stream captures "will return
/// cudaErrorStreamCaptureImplicit ... The blocking stream capture is not invalidated."
#[test]
fn asking_the_legacy_stream_whether_it_captures_leaves_the_capture_intact() {
    let _turn = one_at_a_time();
    let blocking = Stream::new().expect("blocking stream");
    assert_eq!(graph::capture_status(Stream::LEGACY), Ok(CaptureStatus::None));
    graph::begin_capture(blocking, THREAD_LOCAL).expect("begin");
    assert_eq!(graph::capture_status(Stream::LEGACY), Err(Error::StreamCaptureImplicit));
    assert_eq!(graph::capture_status(blocking), Ok(CaptureStatus::Active));
    graph::end_capture(blocking).expect("the capture is intact");
    blocking.destroy().expect("destroy");
}

/// An event last recorded in a capturing stream cannot be queried or waited for on the host
/// (`cudaErrorCapturedEvent`: "The operation is not permitted on an event which was last
/// recorded in a capturing stream", for a query; a synchronize is `cudaErrorInvalidValue` and
/// invalidates the capture, as an H200 answers: tests/program-diff/capture_illegal.cu; once
/// the capture ended, both are `cudaErrorInvalidValue`), until it is recorded again outside
/// capture.
#[test]
fn an_event_recorded_in_capture_cannot_be_queried_or_synchronized() {
    let _turn = one_at_a_time();
    let s = non_blocking();
    let e = Event::new().expect("event");
    graph::begin_capture(s, RELAXED).expect("begin");
    e.record(s).expect("record in capture");
    assert_eq!(e.query(), Err(Error::CapturedEvent));
    assert_eq!(graph::capture_status(s), Ok(CaptureStatus::Active), "a query leaves the capture");
    assert_eq!(e.synchronize(), Err(Error::InvalidValue));
    assert_eq!(graph::capture_status(s), Ok(CaptureStatus::Invalidated));
    assert_eq!(graph::end_capture(s).err(), Some(Error::StreamCaptureInvalidated));
    // Once the capture ended, the record it left is no record at all: an invalid value (as an
    // H200 answers, tests/program-diff/capture_rules.cu).
    assert_eq!(e.query(), Err(Error::InvalidValue), "last recorded in an ended capture");
    assert_eq!(e.synchronize(), Err(Error::InvalidValue));
    e.record(s).expect("record outside capture");
    e.synchronize().expect("sync");
    assert_eq!(e.query(), Ok(()));
    s.destroy().expect("destroy");
}

/// `cudaEventRecordExternal` and `cudaEventWaitExternal` make event record and wait nodes of
/// the capture (the graph then records and waits like those nodes), and are
/// `cudaErrorIllegalState` outside a capture; other wait flags are `cudaErrorInvalidValue` (as an
/// H200 answers).
#[test]
fn external_event_records_and_waits_are_nodes_of_a_capture() {
    use runtime::event::{RECORD_EXTERNAL, WAIT_EXTERNAL};
    let _turn = one_at_a_time();
    let k = kernels();
    let (s, other) = (non_blocking(), non_blocking());
    let (done, ready) = (Event::new().expect("event"), Event::new().expect("event"));
    assert_eq!(done.record_with_flags(s, RECORD_EXTERNAL), Err(Error::IllegalState));
    assert_eq!(s.wait_event_with_flags(ready, WAIT_EXTERNAL), Err(Error::IllegalState));
    assert_eq!(s.wait_event_with_flags(ready, 2), Err(Error::InvalidValue));
    let p = buffer(0);
    ready.record(other).expect("record outside");
    graph::begin_capture(s, GLOBAL).expect("begin");
    s.wait_event_with_flags(ready, WAIT_EXTERNAL).expect("external wait in capture");
    k.fill(p, 7, s);
    done.record_with_flags(s, RECORD_EXTERNAL).expect("external record in capture");
    k.mul(p, 3, s);
    let g = graph::end_capture(s).expect("end");
    assert_eq!(node_types(g), vec![NodeType::WaitEvent, NodeType::Kernel, NodeType::EventRecord, NodeType::Kernel]);
    let exec = g.instantiate(0).expect("instantiate");
    exec.launch(s).expect("launch");
    s.synchronize().expect("sync");
    assert_eq!(read(p), all(21));
    assert_eq!(done.query(), Ok(()), "the record node recorded the event");
    s.destroy().expect("destroy");
    other.destroy().expect("destroy");
}

/// `cudaMallocAsync` and `cudaFreeAsync` in a capture become memory allocation and free nodes
/// (as an H200 captures them): the graph replays as often as wanted, each launch allocating
/// and freeing its scratch buffer (a captured free used to free the allocation made during
/// capture at the first launch, so the second launch's kernels faulted).
#[test]
fn stream_ordered_allocations_are_captured_as_memory_nodes() {
    let _turn = one_at_a_time();
    let k = kernels();
    let s = non_blocking();
    let out = buffer(0);
    graph::begin_capture(s, GLOBAL).expect("begin");
    let scratch = memory::malloc_async(N * 4, None, s).expect("captured allocation");
    k.fill(scratch, 6, s);
    k.add(out, scratch, 1, s);
    memory::free_async(scratch, s).expect("captured free");
    let g = graph::end_capture(s).expect("end");
    assert_eq!(node_types(g), vec![NodeType::MemAlloc, NodeType::Kernel, NodeType::Kernel, NodeType::MemFree]);
    let exec = g.instantiate(0).expect("instantiate");
    for _ in 0..3 {
        exec.launch(s).expect("launch");
    }
    s.synchronize().expect("every launch runs");
    assert_eq!(read(out), all(7));
    s.destroy().expect("destroy");
}
