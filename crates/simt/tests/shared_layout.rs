//! A kernel's shared window is its own static variables (those it and the functions it calls
//! name) plus its dynamic area, not every `.shared` variable of the module: clang emits each
//! kernel's function-scope `__shared__` arrays at module scope, as these modules do. Checked on
//! every engine: sizes, an access just past a kernel's own variables faulting, the dynamic area
//! right after them, and a device function's variable shared by two kernels.

use simt::{DeviceMemory, Dim3, FaultKind, Program};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, download_u32, program};

fn ptx() -> String {
    module(
        "sm_80",
        &[
            String::from(
                r#"
.shared .align 4 .b8 a_tile[4096];
.shared .align 8 .b8 b_tile[8192];
.shared .align 4 .b8 helper_scratch[256];
.extern .shared .align 16 .b8 dyn[];

// out[tid] = what thread tid stored in a_tile, read back by its neighbour.
"#,
            ),
            Kernel::new("uses_a", &["out"], Index::Thread).param(".u32 index").body(
                r#"
    shl.b32 %r2, %r1, 2;
    mov.u32 %r3, a_tile;
    add.s32 %r4, %r3, %r2;
    st.shared.u32 [%r4], %r1;
    bar.sync 0;
    // a_tile[index]: in bounds for index < 1024.
    ld.param.u32 %r5, [index];
    shl.b32 %r5, %r5, 2;
    add.s32 %r5, %r3, %r5;
    ld.shared.u32 %r6, [%r5];
    cvta.to.global.u64 %rd1, %rd1;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r6;
    ret;
"#,
            ),
            String::from(
                r#"
.visible .entry uses_b(.param .u64 out)
{
    .reg .b32 %r<8>;
    .reg .b64 %rd<4>;
    mov.u32 %r1, %tid.x;
    shl.b32 %r2, %r1, 3;
    mov.u32 %r3, b_tile;
    add.s32 %r4, %r3, %r2;
    cvt.u64.u32 %rd1, %r1;
    st.shared.u64 [%r4], %rd1;
    bar.sync 0;
    ld.shared.u64 %rd1, [%r4];
    ld.param.u64 %rd2, [out];
    cvta.to.global.u64 %rd2, %rd2;
    mul.wide.u32 %rd3, %r1, 8;
    add.s64 %rd2, %rd2, %rd3;
    st.global.u64 [%rd2], %rd1;
    ret;
}

// Writes tid + 1 into dyn[tid] and returns dyn[tid] + helper_scratch[tid % 64].
.func (.param .b32 r) helper(.param .b32 tp)
{
    .reg .b32 %h<8>;
    .reg .b32 t;
    ld.param.b32 t, [tp];
    and.b32 %h1, t, 63;
    shl.b32 %h1, %h1, 2;
    mov.u32 %h2, helper_scratch;
    add.s32 %h2, %h2, %h1;
    st.shared.u32 [%h2], t;
    shl.b32 %h3, t, 2;
    mov.u32 %h4, dyn;
    add.s32 %h4, %h4, %h3;
    add.s32 %h5, t, 1;
    st.shared.u32 [%h4], %h5;
    bar.sync 0;
    ld.shared.u32 %h6, [%h4];
    ld.shared.u32 %h7, [%h2];
    add.s32 %h6, %h6, %h7;
    st.param.b32 [r], %h6;
    ret;
}

// Two kernels with different own variables calling the same function.
"#,
            ),
            Kernel::new("calls_helper_a", &["out"], Index::Thread).body(
                r#"
    shl.b32 %r2, %r1, 2;
    mov.u32 %r3, a_tile;
    add.s32 %r3, %r3, %r2;
    st.shared.u32 [%r3], 1000;
    {
        .param .b32 arg;
        st.param.b32 [arg], %r1;
        .param .b32 ret;
        call.uni (ret), helper, (arg);
        ld.param.b32 %r2, [ret];
    }
    ld.shared.u32 %r3, [%r3];
    add.s32 %r2, %r2, %r3;
    cvta.to.global.u64 %rd1, %rd1;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd1, %rd1, %rd2;
    st.global.u32 [%rd1], %r2;
    ret;
"#,
            ),
            Kernel::new("calls_helper_b", &["out"], Index::Thread).body(
                r#"
    shl.b32 %r2, %r1, 3;
    mov.u32 %r3, b_tile;
    add.s32 %r3, %r3, %r2;
    st.shared.u32 [%r3], 2000;
    {
        .param .b32 arg;
        st.param.b32 [arg], %r1;
        .param .b32 ret;
        call.uni (ret), helper, (arg);
        ld.param.b32 %r2, [ret];
    }
    ld.shared.u32 %r3, [%r3];
    add.s32 %r2, %r2, %r3;
    cvta.to.global.u64 %rd1, %rd1;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd1, %rd1, %rd2;
    st.global.u32 [%rd1], %r2;
    ret;
"#,
            ),
            String::from(
                r#"
// Only the dynamic area: its offset 0 is the window's start.
"#,
            ),
            Kernel::new("dynamic_only", &["out"], Index::Thread).body(
                r#"
    shl.b32 %r2, %r1, 2;
    mov.u32 %r3, dyn;
    add.s32 %r3, %r3, %r2;
    st.shared.u32 [%r3], %r1;
    cvta.to.global.u64 %rd1, %rd1;
    cvt.u64.u32 %rd2, %r3;
    st.global.u64 [%rd1], %rd2;
    ret;
"#,
            ),
        ]
        .concat(),
    )
}

fn programs() -> Vec<(String, Program)> {
    ENGINES
        .iter()
        .map(|&e| {
            let p = program(&ptx(), e);
            (format!("{e:?}"), p)
        })
        .collect()
}

#[test]
fn each_kernel_counts_only_its_own_shared_variables() {
    let (_, p) = &programs()[0];
    assert_eq!(p.static_shared("uses_a"), Some(4096));
    assert_eq!(p.static_shared("uses_b"), Some(8192));
    assert_eq!(p.static_shared("dynamic_only"), Some(0));
    // The function's variable sits below each caller's own (256 + 8192 for b); as `helper`
    // names the dynamic area too, which it reaches at one offset whoever calls it, a's dynamic
    // area starts where b's does (a device function is decoded once for all its callers).
    assert_eq!(p.static_shared("calls_helper_b"), Some(256 + 8192));
    assert_eq!(p.static_shared("calls_helper_a"), Some(256 + 8192));
}

#[test]
fn an_access_past_a_kernels_own_variables_faults() {
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        let out = mem.alloc(4 * 64).unwrap();
        let params = |i: u32| {
            let mut b = out.0.to_le_bytes().to_vec();
            b.extend(i.to_le_bytes());
            b
        };
        p.launch("uses_a", Dim3::x(1), Dim3::x(64), 0, &params(1023), &mem).unwrap_or_else(|f| panic!("{v}: {f}"));
        // Thread 0 wrote nothing at 1023 (only threads 0..64 wrote): a new block's shared
        // memory is zeroed.
        assert_eq!(download_u32(&mem, out, 64), vec![0; 64], "{v}");
        p.launch("uses_a", Dim3::x(1), Dim3::x(64), 0, &params(5), &mem).unwrap_or_else(|f| panic!("{v}: {f}"));
        assert_eq!(download_u32(&mem, out, 64), vec![5; 64], "{v}");
        // a_tile[1024] is past the kernel's 4096 bytes: the module's other variables are not
        // its memory.
        let f = p.launch("uses_a", Dim3::x(1), Dim3::x(64), 0, &params(1024), &mem).expect_err(&v);
        assert!(matches!(f.kind, FaultKind::OutOfBounds { space: "shared", addr: 4096, size: 4 }), "{v}: {:?}", f.kind);
        // With 64 bytes of dynamic shared memory, the same access is in the window.
        p.launch("uses_a", Dim3::x(1), Dim3::x(64), 64, &params(1024), &mem).unwrap_or_else(|f| panic!("{v}: {f}"));
    }
}

#[test]
fn kernels_sharing_a_device_function_see_its_variable_and_their_own() {
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        for (k, own) in [("calls_helper_a", 1000), ("calls_helper_b", 2000)] {
            let out = mem.alloc(4 * 128).unwrap();
            p.launch(k, Dim3::x(1), Dim3::x(128), 512, &out.0.to_le_bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v} {k}: {f}"));
            let got = download_u32(&mem, out, 128);
            for (t, &g) in got.iter().enumerate() {
                // dyn[t] = t + 1; helper_scratch[t % 64] = the last thread t' ≡ t (mod 64) to
                // store: threads 64.. overwrite 0..64 (same warp order on every engine is not
                // guaranteed, so accept either writer).
                let t = t as u32;
                let a = t % 64;
                let ok = [a, a + 64].iter().any(|&w| g == t + 1 + w + own);
                assert!(ok, "{v} {k} thread {t}: {g}");
            }
        }
    }
}

#[test]
fn the_dynamic_area_starts_the_window_of_a_kernel_without_static_variables() {
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        let out = mem.alloc(8).unwrap();
        p.launch("dynamic_only", Dim3::x(1), Dim3::x(32), 128, &out.0.to_le_bytes(), &mem)
            .unwrap_or_else(|f| panic!("{v}: {f}"));
        let mut b = [0u8; 8];
        mem.read(out, &mut b).unwrap();
        // The last thread to store wrote its own dyn address; every thread's lies within the
        // 128-byte window that starts at shared address 0.
        let a = u64::from_le_bytes(b);
        assert!(a < 128 && a % 4 == 0, "{v}: {a}");
    }
}
