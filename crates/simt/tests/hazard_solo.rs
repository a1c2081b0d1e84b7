//! The lockstep hazard rule and code that only one thread runs (`analysis/solo.rs`): a shared
//! load after shared stores, with no barrier between, that only the threads of one
//! `threadIdx.x` run reads that thread's own stores in program order (a block scan's thread 0
//! reading the total it just added), so the per-thread JIT and the block tier may run the
//! kernel; a load that can read another thread's store still keeps it on the lockstep tiers.
//! Results against the CUDA semantics of each kernel, on every engine.

use simt::{DeviceMemory, Dim3, Engine, Params};

mod common;

use common::{ENGINES, download_u32, program};

/// A kernel `k(out)` with 32-bit registers `%r<24>`, predicates `%p<8>`, `.shared .b32 s[64]`,
/// `%r1` = `threadIdx.x`, `%r4` = the address of `s[%r1]`, `%rd1` = `out`, then `body`.
fn kernel(body: &str) -> String {
    format!(
        r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{{
    .reg .pred %p<8>;
    .reg .b32 %r<24>;
    .reg .b64 %rd<8>;
    .shared .align 4 .b32 s[64];
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    shl.b32 %r2, %r1, 2;
    mov.u32 %r3, s;
    add.u32 %r4, %r3, %r2;
{body}
}}
"#
    )
}

/// `out[0]` = what thread 0 read, `out[1 + t]` = `s[t]` after the last barrier.
const STORE_RESULTS: &str = r#"
    bar.sync 0;
    ld.shared.u32 %r20, [%r4];
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3+4], %r20;
    ret;
"#;

/// As a block scan's up-sweep ends and its down-sweep begins: every thread stores
/// `s[t] = t + 1`; after a barrier thread 0 alone (`t <= 0`, nvcc's `setp.gt.s32; @p bra`) adds
/// `s[1]` into `s[0]`, then, with no barrier, thread 0 alone (`t != 0` branches around) reads
/// `s[0]` (its own store), writes it to `out[0]` and clears `s[0]`.
fn scan_like() -> String {
    kernel(&format!(
        r#"
    add.u32 %r5, %r1, 1;
    st.shared.u32 [%r4], %r5;
    bar.sync 0;
    setp.gt.s32 %p1, %r1, 0;
    @%p1 bra SKIP;
    ld.shared.u32 %r6, [%r4+4];
    ld.shared.u32 %r7, [%r4];
    add.u32 %r8, %r6, %r7;
    st.shared.u32 [%r4], %r8;
SKIP:
    setp.ne.s32 %p2, %r1, 0;
    @%p2 bra DONE;
    ld.shared.u32 %r9, [s];
    st.global.u32 [%rd1], %r9;
    mov.u32 %r10, 0;
    st.shared.u32 [s], %r10;
DONE:
{STORE_RESULTS}"#
    ))
}

/// Runs `k` in one block of `threads` threads on `engine`: `1 + threads` words of `out`.
fn run(src: &str, engine: Engine, threads: u32) -> Vec<u32> {
    let p = program(src, engine);
    let mem = DeviceMemory::new();
    let words = 1 + threads as usize;
    let out = mem.alloc(4 * words as u64).unwrap();
    mem.write(out, &vec![0xee; 4 * words]).unwrap();
    p.launch("k", Dim3::x(1), Dim3::x(threads), 0, Params::new().ptr(out).bytes(), &mem).unwrap();
    download_u32(&mem, out, words)
}

#[test]
fn a_thread_reading_its_own_stores_without_a_barrier_is_no_hazard() {
    let src = scan_like();
    let p = program(&src, Engine::JitAll);
    assert_eq!(p.jit_fallback_reason("k"), None, "the per-thread JIT compiles it");
    // Thread 0 read s[0] + s[1] = 1 + 2 and cleared s[0]; the others kept t + 1.
    let mut want = vec![3, 0];
    want.extend(2..=32);
    for engine in ENGINES {
        assert_eq!(run(&src, engine, 32), want, "{engine:?}");
    }
}

/// Kernels where a load can read another thread's store with no barrier between: each stays
/// off the per-thread JIT, and every engine gives the lockstep result `want` (thread 0 stores
/// `s[0] = 7`; then threads `readers` read `s[0]`; `out[0]` is what the last of them read,
/// `out[1 + t]` = `s[t]` after a barrier).
fn cross_thread(body: &str, threads: u32, want_first: u32) {
    let src = kernel(&format!(
        r#"
    st.shared.u32 [%r4], 1;
    bar.sync 0;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra READ;
    st.shared.u32 [s], 7;
READ:
{body}
{STORE_RESULTS}"#
    ));
    let p = program(&src, Engine::JitAll);
    let why = p.jit_fallback_reason("k").expect("stays on the lockstep tiers");
    assert!(why.contains("warp-synchronous"), "{why}");
    let mut want = vec![want_first, 7];
    want.extend(std::iter::repeat_n(1, threads as usize - 1));
    for engine in ENGINES {
        assert_eq!(run(&src, engine, threads), want, "{engine:?}");
    }
}

#[test]
fn another_thread_reading_what_thread_0_stored_is_still_a_hazard() {
    // Thread 1 alone reads s[0], which thread 0 stored: in lockstep, after the store.
    cross_thread(
        "    setp.ne.u32 %p2, %r1, 1;\n    @%p2 bra DONE;\n    ld.shared.u32 %r9, [s];\n    st.global.u32 [%rd1], %r9;\nDONE:",
        32,
        7,
    );
    // Every thread reads it (the last lane's value is the one kept: 7 too).
    cross_thread(
        "    ld.shared.u32 %r9, [s];\n    setp.ne.u32 %p2, %r1, 31;\n    @%p2 bra DONE;\n    st.global.u32 [%rd1], %r9;\nDONE:",
        32,
        7,
    );
}

#[test]
fn a_kernel_that_tells_rows_apart_gets_no_solo_rule() {
    // Thread 0 of each row runs the solo region; reading %tid.y, the kernel could make one
    // row's thread 0 read another's store, so the rule does not apply.
    let src = scan_like().replace("mov.u32 %r3, s;", "mov.u32 %r3, s;\n    mov.u32 %r11, %tid.y;");
    let p = program(&src, Engine::JitAll);
    let why = p.jit_fallback_reason("k").expect("stays on the lockstep tiers");
    assert!(why.contains("warp-synchronous"), "{why}");
}
