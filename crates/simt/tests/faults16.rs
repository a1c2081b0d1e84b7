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
