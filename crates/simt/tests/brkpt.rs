//! `brkpt` with no debugger attached stops the kernel as `trap` does: an H200 answers a
//! `__brkpt()` reached by a thread with cudaErrorLaunchFailure, sticky like a trap (recorded
//! with the nvcc-built fault program unseen10b_fault_kinds2 of this round); one in a branch no
//! thread takes does nothing. On every engine.

use simt::{DeviceMemory, Dim3, FaultKind, Params};

mod common;

use common::{ENGINES, download_u32, one_worker_program, upload};

const KERNEL: &str = r#"
.version 8.0
.target sm_90
.address_size 64

.visible .entry k(.param .u64 out, .param .u32 stop)
{
    .reg .pred %p;
    .reg .b32 %t, %s;
    .reg .b64 %o, %a;
    mov.u32 %t, %tid.x;
    ld.param.u64 %o, [out];
    ld.param.u32 %s, [stop];
    cvta.to.global.u64 %o, %o;
    mul.wide.u32 %a, %t, 4;
    add.s64 %a, %o, %a;
    setp.eq.u32 %p, %t, %s;
    @%p brkpt;
    st.global.u32 [%a], %t;
    ret;
}
"#;

#[test]
fn brkpt_faults_as_trap_does() {
    for e in ENGINES {
        let p = one_worker_program(KERNEL, e);
        let mem = DeviceMemory::new();
        let out = upload(&mem, &[u32::MAX; 64]);
        let mut params = Params::new();
        params.ptr(out).u32(1000);
        p.launch("k", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).unwrap_or_else(|f| panic!("{e:?}: {f}"));
        assert_eq!(download_u32(&mem, out, 64), (0..64).collect::<Vec<_>>(), "{e:?}: no thread reached it");
        let mut params = Params::new();
        params.ptr(out).u32(5);
        let f = p.launch("k", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).unwrap_err();
        assert_eq!(f.kind, FaultKind::Trap, "{e:?}: {f}");
        assert_eq!(f.thread, [5, 0, 0], "{e:?}: {f}");
        assert!(f.instruction.contains("brkpt"), "{e:?}: {f}");
    }
}
