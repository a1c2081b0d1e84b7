//! Kernel faults as learners and kernel authors make them, on every engine: the fault names the
//! right kernel, block, thread and source line.

use simt::{DeviceMemory, Dim3, FaultKind, Params};

mod common;

use common::{ENGINES, one_worker_program};

/// nvcc 13.0's PTX for `q[i] = 5` through a pointer to `__constant__` memory (`-lineinfo`, line
/// 29): nvcc compiles the store to a `trap` under `.loc 1 0 30`, line 0 being DWARF's "no source
/// line". An H200 answers it with cudaErrorLaunchFailure (tests/program-diff/faults16_kinds.cu).
const CONST_STORE: &str = r#"
.version 8.0
.target sm_90
.address_size 64
.file 1 "/src/app.cu"

.visible .entry const_store(.param .u32 i)
{
    .reg .pred %p<2>;
    .reg .b32 %r<2>;
.loc	1 29 0

.loc	1 29 30
    mov.u32 %r1, %tid.x;
    setp.eq.s32 %p1, %r1, 3;
    @%p1 bra $L__BB5_2;

    ret;

$L__BB5_2:
.loc	1 0 30
    trap;
}
"#;

/// A `.loc` of line 0 has no line of its own: the fault names the line its code was made for
/// (the previous `.loc`), never "app.cu:0".
#[test]
fn a_line_zero_loc_reports_the_line_before() {
    for e in ENGINES {
        let p = one_worker_program(CONST_STORE, e);
        let mem = DeviceMemory::new();
        let mut params = Params::new();
        params.u32(0);
        let f = p.launch("const_store", Dim3::x(2), Dim3::x(64), 0, params.bytes(), &mem).unwrap_err();
        assert_eq!(f.kind, FaultKind::Trap, "{e:?}: {f}");
        assert_eq!((f.block, f.thread), ([0, 0, 0], [3, 0, 0]), "{e:?}: {f}");
        assert_eq!(f.source, Some(("/src/app.cu".to_string(), 29)), "{e:?}: {f}");
    }
}

/// A kernel that never ends: thread 5 of block 1 polls a flag nobody sets (line 12), every
/// other thread leaves; `spin_all`'s threads count forever (line 20).
const NEVER_ENDS: &str = r#"
.version 8.0
.target sm_90
.address_size 64
.file 1 "/src/hang.cu"

.visible .entry poll(.param .u64 flag)
{
    .reg .pred %p<3>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<3>;
.loc 1 10 0
    ld.param.u64 %rd1, [flag];
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    setp.ne.u32 %p1, %r1, 5;
    setp.ne.u32 %p2, %r2, 1;
    or.pred %p1, %p1, %p2;
    @%p1 bra $DONE;
$POLL:
.loc 1 12 0
    ld.volatile.global.u32 %r3, [%rd2];
    setp.eq.u32 %p2, %r3, 0;
    @%p2 bra $POLL;
$DONE:
.loc 1 14 0
    ret;
}

.visible .entry spin_all(.param .u64 out)
{
    .reg .b32 %r<3>;
.loc 1 18 0
    mov.u32 %r1, 0;
$LOOP:
.loc 1 20 0
    add.u32 %r1, %r1, 1;
    bra.uni $LOOP;
}
"#;

/// `CUPRITE_LAUNCH_TIMEOUT`: a launch still running after it ends with the watchdog's fault
/// (cudaErrorLaunchTimeout in the runtime) naming a thread that was still running and the line
/// of its loop, on every engine. The variable is read once per process, so the test runs
/// itself again in a child process that has it.
#[test]
fn a_kernel_that_never_ends_times_out_where_it_loops() {
    const NAME: &str = "a_kernel_that_never_ends_times_out_where_it_loops";
    if std::env::var_os("CUPRITE_LAUNCH_TIMEOUT").is_none() {
        let exe = std::env::current_exe().expect("the test binary");
        let out = std::process::Command::new(exe)
            .args(["--exact", NAME, "--nocapture", "--test-threads=1"])
            .env("CUPRITE_LAUNCH_TIMEOUT", "0.25")
            .output()
            .expect("run the test binary");
        let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && text.contains("1 passed"), "{text}");
        return;
    }
    for e in ENGINES {
        let p = one_worker_program(NEVER_ENDS, e);
        let mem = DeviceMemory::new();
        let flag = mem.alloc(4).unwrap();
        let mut params = Params::new();
        params.ptr(flag);
        let f = p.launch("poll", Dim3::x(2), Dim3::x(64), 0, params.bytes(), &mem).unwrap_err();
        assert_eq!(f.kind, FaultKind::Timeout { limit_ms: 250 }, "{e:?}: {f}");
        assert_eq!((f.block, f.thread), ([1, 0, 0], [5, 0, 0]), "{e:?}: {f}");
        assert_eq!(f.source, Some(("/src/hang.cu".to_string(), 12)), "{e:?}: {f}");
        let f = p.launch("spin_all", Dim3::x(3), Dim3::x(64), 0, params.bytes(), &mem).unwrap_err();
        assert_eq!(f.kind, FaultKind::Timeout { limit_ms: 250 }, "{e:?}: {f}");
        // Every thread of block 0 (the only block one worker started) is still running: any
        // of them is the right one to name.
        assert_eq!(f.block, [0, 0, 0], "{e:?}: {f}");
        assert!(f.thread[0] < 64 && f.thread[1..] == [0, 0], "{e:?}: {f}");
        assert_eq!(f.source, Some(("/src/hang.cu".to_string(), 20)), "{e:?}: {f}");
    }
}
