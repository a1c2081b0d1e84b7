//! Device `printf` through the printf FIFO (a test binary of its own: it installs the output
//! sink). What an H200 does (tests/program-diff/runtime18_printf_flush.cu): output waits in the
//! FIFO until a synchronization point (a synchronize call, a blocking copy, cudaFree), not at a
//! query, a launch, cudaMalloc or cudaMemset.

use std::sync::Mutex;

use runtime::module::Module;
use runtime::stream::Stream;
use runtime::{Dim3, launch, memory, printf, stream};

/// What the sink received.
static OUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

fn sink(out: &[u8]) {
    OUT.lock().expect("sink").extend_from_slice(out);
}

/// The output received so far, taken.
fn take() -> String {
    String::from_utf8(std::mem::take(&mut *OUT.lock().expect("sink"))).expect("utf-8")
}

/// `say(n)`: one thread prints "x\n" `n` times (a `printf` with no arguments).
const SAY: &str = r#"
.version 8.0
.target sm_90
.address_size 64
.extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.global .align 1 .b8 fmt[3] = {120, 10, 0};
.visible .entry say(.param .u32 n)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    .reg .pred %p<2>;
    ld.param.u32 %r1, [n];
    mov.u32 %r2, 0;
    mov.u64 %rd1, fmt;
    cvta.global.u64 %rd2, %rd1;
    mov.u64 %rd3, 0;
LOOP:
    setp.ge.u32 %p1, %r2, %r1;
    @%p1 bra DONE;
    {
    .param .b64 p0;
    st.param.b64 [p0], %rd2;
    .param .b64 p1;
    st.param.b64 [p1], %rd3;
    .param .b32 rv;
    call.uni (rv), vprintf, (p0, p1);
    }
    add.u32 %r2, %r2, 1;
    bra LOOP;
DONE:
    ret;
}
"#;

/// Waits until `s` has no unfinished work, by queries (no synchronization point).
fn wait_idle(s: Stream) {
    while s.query() != Ok(()) {
        std::thread::yield_now();
    }
}

#[test]
fn output_waits_for_a_synchronization_point() {
    printf::PRINTF_SINK.set(sink).expect("no other sink");
    let m = Module::load_ptx(SAY).expect("the PTX loads");
    let say = m.function("say").expect("say");
    let run = |n: u32, s: Stream| {
        launch::launch(&say, Dim3::x(1), Dim3::x(1), 0, s, &[&n.to_le_bytes()]).expect("launch");
    };

    // Finished but not synchronized: nothing written yet, neither by a query nor by the next
    // launch; cudaDeviceSynchronize writes both kernels' output.
    run(3, Stream::LEGACY);
    wait_idle(Stream::LEGACY);
    assert_eq!(take(), "");
    run(2, Stream::LEGACY);
    wait_idle(Stream::LEGACY);
    assert_eq!(take(), "");
    stream::device_synchronize().expect("synchronize");
    assert_eq!(take(), "x\n".repeat(5));

    // cudaStreamSynchronize of another (idle) stream, and cudaFree, are synchronization points;
    // cudaMalloc and cudaMemset are not.
    let other = Stream::with_flags(1).expect("stream");
    run(1, Stream::LEGACY);
    wait_idle(Stream::LEGACY);
    other.synchronize().expect("synchronize");
    assert_eq!(take(), "x\n");
    run(1, Stream::LEGACY);
    wait_idle(Stream::LEGACY);
    let p = memory::malloc(64).expect("malloc");
    memory::memset(p, 0, 64).expect("memset");
    assert_eq!(take(), "");
    memory::free(p).expect("free");
    assert_eq!(take(), "x\n");
    other.destroy().expect("destroy");
}
