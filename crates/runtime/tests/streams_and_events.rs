//! Streams and events through the Rust API, over PTX fixtures: ordering across streams with
//! events (`cudaStreamWaitEvent`), the legacy default stream's implicit synchronization,
//! query and synchronize, host functions, and event states and elapsed times, as the CUDA
//! Runtime API reference (Stream Management, Event Management) specifies them.

mod fixtures;

use std::time::Duration;

use fixtures::{Gate, Log, all, buffer, kernels, read};
use runtime::Error;
use runtime::event::{self, Event};
use runtime::stream::{NON_BLOCKING, Stream};

/// "Makes all future work submitted to `stream` wait for all work captured in `event`": `b`'s
/// kernel reads what `a`'s kernel wrote, however long `a` is held back.
#[test]
fn wait_event_orders_a_stream_after_another_streams_work() {
    let k = kernels();
    let (src, dst) = (buffer(0), buffer(0));
    let (a, b) = (Stream::with_flags(NON_BLOCKING).expect("a"), Stream::with_flags(NON_BLOCKING).expect("b"));
    let gate = Gate::new();
    a.launch_host_func(gate.waiter()).expect("gate on a");
    k.fill(src, 7, a);
    let e = Event::new().expect("event");
    e.record(a).expect("record");
    b.wait_event(e).expect("wait");
    k.add(dst, src, 1, b);
    // Everything on b waits for a, which waits for the gate: given time, b's add still has not
    // run.
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(read(dst), all(0));
    assert_eq!(b.query(), Err(Error::NotReady));
    assert_eq!(e.query(), Err(Error::NotReady));
    gate.open();
    b.synchronize().expect("sync b");
    assert_eq!(read(dst), all(8), "b's add must see a's fill (7 + 1)");
    assert_eq!(e.query(), Ok(()));
    assert_eq!(a.query(), Ok(()));
    for s in [a, b] {
        s.destroy().expect("destroy");
    }
}

/// The wait covers the work the event captured when `cudaStreamWaitEvent` was called: a later
/// record of the event (behind a second gate) does not hold the waiting stream back. An event
/// never recorded captures no work, so waiting on it waits for nothing.
#[test]
fn wait_event_waits_for_the_record_as_of_the_call() {
    let k = kernels();
    let (src, dst, other) = (buffer(0), buffer(0), buffer(0));
    let a = Stream::with_flags(NON_BLOCKING).expect("a");
    let b = Stream::with_flags(NON_BLOCKING).expect("b");
    let c = Stream::with_flags(NON_BLOCKING).expect("c");
    let (first, second) = (Gate::new(), Gate::new());
    let e = Event::new().expect("event");
    a.launch_host_func(first.waiter()).expect("first gate");
    k.fill(src, 3, a);
    e.record(a).expect("record on a");
    b.wait_event(e).expect("wait");
    k.add(dst, src, 10, b);
    c.launch_host_func(second.waiter()).expect("second gate");
    e.record(c).expect("record again, on c");
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(read(dst), all(0), "b waits for a's record");
    first.open();
    b.synchronize().expect("b completes while c is still held");
    assert_eq!(read(dst), all(13));
    assert_eq!(e.query(), Err(Error::NotReady), "the event's last record is c's");
    second.open();
    e.synchronize().expect("event sync");
    assert_eq!(e.query(), Ok(()));

    let never = Event::new().expect("fresh event");
    b.wait_event(never).expect("wait on an event never recorded");
    k.fill(other, 5, b);
    b.synchronize().expect("nothing to wait for");
    assert_eq!(read(other), all(5));
    for s in [a, b, c] {
        s.destroy().expect("destroy");
    }
}

/// `cudaStreamQuery`: success when all the stream's work is done (an empty stream included),
/// `cudaErrorNotReady` while any is pending; `cudaStreamSynchronize` waits for all of it; a
/// destroyed handle is `cudaErrorInvalidResourceHandle`, unknown creation flags
/// `cudaErrorInvalidValue`.
#[test]
fn query_and_synchronize_report_the_streams_state() {
    let k = kernels();
    let buf = buffer(0);
    let s = Stream::new().expect("stream");
    assert_eq!(s.query(), Ok(()), "an empty stream is complete");
    let gate = Gate::new();
    s.launch_host_func(gate.waiter()).expect("gate");
    k.fill(buf, 42, s);
    assert_eq!(s.query(), Err(Error::NotReady));
    assert_eq!(runtime::peek_at_last_error(), Ok(()), "cudaErrorNotReady is not recorded as an error");
    gate.open();
    s.synchronize().expect("sync");
    assert_eq!(s.query(), Ok(()));
    assert_eq!(read(buf), all(42));
    assert_eq!(s.flags(), Ok(0));
    s.destroy().expect("destroy");
    assert_eq!(s.query(), Err(Error::InvalidResourceHandle));
    assert_eq!(s.synchronize(), Err(Error::InvalidResourceHandle));
    assert_eq!(s.destroy(), Err(Error::InvalidResourceHandle));
    assert_eq!(Stream::with_flags(0x2).err(), Some(Error::InvalidValue));
    assert_eq!(runtime::get_last_error(), Err(Error::InvalidValue));
}

/// Host functions run "after currently enqueued work" and "block work added after" them, and
/// an event carries that order to another stream: b's second function runs after a's, which
/// waits for a gate, while b's first one (independent of a) runs at once.
#[test]
fn host_functions_run_in_stream_order_and_follow_events() {
    let a = Stream::with_flags(NON_BLOCKING).expect("a");
    let b = Stream::with_flags(NON_BLOCKING).expect("b");
    let (gate, log) = (Gate::new(), Log::new());
    a.launch_host_func(gate.waiter()).expect("gate");
    a.launch_host_func(log.writer("a1")).expect("a1");
    let e = Event::new().expect("event");
    e.record(a).expect("record");
    b.launch_host_func(log.writer("b0")).expect("b0");
    b.wait_event(e).expect("wait");
    b.launch_host_func(log.writer("b1")).expect("b1");
    log.wait_for("b0");
    assert_eq!(log.entries(), ["b0"], "b1 waits for a1, which waits for the gate");
    gate.open();
    b.synchronize().expect("sync b");
    assert_eq!(log.entries(), ["b0", "a1", "b1"]);
    for s in [a, b] {
        s.destroy().expect("destroy");
    }
}

/// The legacy default stream waits for the work of blocking streams (created without
/// `cudaStreamNonBlocking`), and their later work waits for it; a non-blocking stream does
/// neither.
#[test]
fn the_legacy_stream_synchronizes_with_blocking_streams_only() {
    let blocking = Stream::new().expect("blocking");
    let non_blocking = Stream::with_flags(NON_BLOCKING).expect("non-blocking");
    let (gate, log) = (Gate::new(), Log::new());
    blocking.launch_host_func(gate.waiter()).expect("gate");
    blocking.launch_host_func(log.writer("blocking")).expect("blocking");
    Stream::LEGACY.launch_host_func(log.writer("legacy")).expect("legacy");
    blocking.launch_host_func(log.writer("blocking after legacy")).expect("after");
    non_blocking.launch_host_func(log.writer("non-blocking")).expect("non-blocking");
    log.wait_for("non-blocking");
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(log.entries(), ["non-blocking"], "the legacy stream waits for the gated blocking stream");
    gate.open();
    Stream::LEGACY.synchronize().expect("sync legacy");
    blocking.synchronize().expect("sync blocking");
    assert_eq!(log.entries(), ["non-blocking", "blocking", "legacy", "blocking after legacy"]);
    for s in [blocking, non_blocking] {
        s.destroy().expect("destroy");
    }
}

/// `cudaEventQuery`: success when all the work the event captured is done (an event never
/// recorded captured none), `cudaErrorNotReady` before. `cudaEventElapsedTime`:
/// `cudaErrorInvalidResourceHandle` if either event was never recorded or has
/// `cudaEventDisableTiming`, `cudaErrorNotReady` while either is incomplete, else the time
/// between the two records' completions.
#[test]
fn event_states_and_elapsed_time() {
    let s = Stream::with_flags(NON_BLOCKING).expect("stream");
    let (start, end) = (Event::new().expect("start"), Event::new().expect("end"));
    assert_eq!(start.query(), Ok(()), "never recorded: nothing captured");
    assert_eq!(Event::elapsed_ms(start, end), Err(Error::InvalidResourceHandle));
    let gate = Gate::new();
    start.record(s).expect("record start");
    s.launch_host_func(gate.waiter()).expect("gate");
    end.record(s).expect("record end");
    start.synchronize().expect("start completes before the gate");
    assert_eq!(end.query(), Err(Error::NotReady));
    assert_eq!(Event::elapsed_ms(start, end), Err(Error::NotReady));
    let held = Duration::from_millis(30);
    std::thread::sleep(held);
    gate.open();
    end.synchronize().expect("sync end");
    assert_eq!(end.query(), Ok(()));
    let ms = Event::elapsed_ms(start, end).expect("elapsed");
    assert!((29.0..10_000.0).contains(&ms), "the end completed at least {held:?} after the start: {ms} ms");
    assert_eq!(Event::elapsed_ms(end, end), Ok(0.0), "an event and itself: no time between (and no deadlock)");

    let untimed = Event::with_flags(event::DISABLE_TIMING).expect("untimed");
    untimed.record(s).expect("record untimed");
    untimed.synchronize().expect("sync untimed");
    assert_eq!(Event::elapsed_ms(start, untimed), Err(Error::InvalidResourceHandle));
    assert_eq!(Event::with_flags(0x8).err(), Some(Error::InvalidValue));
    assert_eq!(Event::with_flags(event::INTERPROCESS).err(), Some(Error::InvalidValue), "needs DisableTiming");
    end.destroy().expect("destroy");
    assert_eq!(end.query(), Err(Error::InvalidResourceHandle));
    assert_eq!(end.record(s), Err(Error::InvalidResourceHandle));
    s.destroy().expect("destroy stream");
}

/// A host function may not call the runtime: every call it makes answers
/// `cudaErrorNotPermitted` (as CUDA 13 answers them all on an H200: `cudaMalloc`, a synchronous
/// `cudaMemcpy` that would otherwise wait for the stream running it, `cudaStreamQuery`,
/// `cudaDeviceSynchronize`, `cudaGetLastError`), records nothing, and the stream goes on.
#[test]
fn runtime_calls_inside_a_host_function_are_not_permitted() {
    use std::sync::{Arc, Mutex};
    let s = Stream::with_flags(NON_BLOCKING).expect("stream");
    let p = buffer(7);
    let seen: Arc<Mutex<Vec<Result<(), Error>>>> = Arc::default();
    let inside = seen.clone();
    s.launch_host_func(Box::new(move || {
        runtime::run_host_function(|| {
            let mut v = inside.lock().expect("lock");
            v.push(runtime::memory::malloc(16).map(|_| ()));
            let mut b = [0u8; 4];
            v.push(runtime::memory::memcpy_dtoh(&mut b, p));
            v.push(Stream::LEGACY.query());
            v.push(runtime::stream::device_synchronize());
            v.push(runtime::get_last_error());
        })
    }))
    .expect("host function");
    s.synchronize().expect("the stream goes on");
    assert_eq!(*seen.lock().expect("lock"), vec![Err(Error::NotPermitted); 5]);
    assert_eq!(runtime::get_last_error(), Ok(()), "nothing recorded for this thread");
    assert_eq!(read(p), all(0x0707_0707), "the buffer is untouched");
    s.destroy().expect("destroy");
}

/// Work on one stream runs in the order of its API calls, whichever host thread makes them:
/// a kernel that another thread launches on the legacy stream while a synchronous
/// `cudaMemset` runs there (on its caller's thread: the stream was idle) reads what the memset
/// wrote. (The kernel was queued without waiting for it and read the buffer's old end.)
#[test]
fn a_launch_from_another_thread_waits_for_a_synchronous_memset_in_progress() {
    const BIG: usize = 256 << 20;
    let k = kernels();
    let big = runtime::memory::malloc(BIG).expect("malloc");
    let dst = buffer(0);
    let tail = runtime::DevicePtr(big.0 + (BIG - fixtures::N * 4) as u64);
    let setter = std::thread::spawn(move || runtime::memory::memset(big, 1, BIG).expect("memset"));
    // The memset runs once the legacy stream has unfinished work.
    let t0 = std::time::Instant::now();
    while Stream::LEGACY.query().is_ok() && !setter.is_finished() && t0.elapsed() < Duration::from_secs(10) {
        std::hint::spin_loop();
    }
    k.add(dst, tail, 0, Stream::LEGACY);
    Stream::LEGACY.synchronize().expect("sync");
    setter.join().expect("memset thread");
    assert_eq!(read(dst), all(0x0101_0101), "the kernel ran after the memset");
    runtime::memory::free(big).expect("free");
}
