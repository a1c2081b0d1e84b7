//! `bar.warp.sync` (`__syncwarp`) in diverged code: the lanes of the mask wait for each other
//! even on different paths; lanes that exited count as arrived.

use simt::{DeviceMemory, Dim3, Engine, Params, Program};

mod common;

use common::program;
use common::ptx::{Index, Kernel, module};

fn ptx() -> String {
    module(
        "sm_90",
        &[
            Kernel::new("exchange", &["out"], Index::Thread).declare(".shared .align 4 .b32 buf[32];").body(
                r#"
    and.b32 %r2, %r1, 1;
    setp.eq.u32 %p1, %r2, 0;
    mov.u32 %r9, buf;
    shl.b32 %r3, %r1, 2;
    add.u32 %r4, %r9, %r3;
    @%p1 bra EVEN;
    mul.lo.u32 %r5, %r1, 10;
    st.shared.u32 [%r4], %r5;
    bar.warp.sync -1;
    ld.shared.u32 %r6, [%r4+-4];
    bra DONE;
EVEN:
    mul.lo.u32 %r5, %r1, 100;
    st.shared.u32 [%r4], %r5;
    bar.warp.sync -1;
    ld.shared.u32 %r6, [%r4+4];
DONE:
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r6;
    ret;
"#,
            ),
            Kernel::new("after_exit", &["out"], Index::Thread).body(
                r#"
    setp.ge.u32 %p1, %r1, 16;
    @%p1 bra END;
    bar.warp.sync -1;
    add.u32 %r2, %r1, 7;
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r2;
END:
    ret;
"#,
            ),
        ]
        .concat(),
    )
}

fn run(kernel: &str) -> Vec<u32> {
    let p = Program::from_ptx(&ptx()).unwrap();
    let mem = DeviceMemory::new();
    let out = mem.alloc(32 * 4).unwrap();
    mem.write(out, &[0u8; 128]).unwrap();
    let mut params = Params::new();
    params.ptr(out);
    p.launch(kernel, Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem).unwrap();
    let mut bytes = [0u8; 128];
    mem.read(out, &mut bytes).unwrap();
    bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

#[test]
fn diverged_paths_wait_for_each_other() {
    let got = run("exchange");
    let want: Vec<u32> = (0..32).map(|t| if t % 2 == 1 { (t - 1) * 100 } else { (t + 1) * 10 }).collect();
    assert_eq!(got, want);
}

#[test]
fn exited_lanes_count_as_arrived() {
    let got = run("after_exit");
    let want: Vec<u32> = (0..32).map(|t| if t < 16 { t + 7 } else { 0 }).collect();
    assert_eq!(got, want);
}

/// Independent thread scheduling (sm_70+): collectives on different divergent paths meet when
/// they have the same kind and member mask (PTX ISA: "the same qualifiers and same membermask
/// value"), each lane with its own instruction's operands; `bar.sync` counts every thread.
fn its() -> String {
    module(
        "sm_90",
        &[
            shfl_ifelse(),
            vote_ifelse(),
            syncwarp_partial(),
            bar_ifelse(),
            activemask_loop(),
            groups_then_warp(),
            mismatched(),
        ]
        .concat(),
    )
}

/// Odd and even lanes each shuffle on their side of an if/else: every lane reads its partner
/// t ^ 1's value of that side (`10 t` odd, `100 t` even).
fn shfl_ifelse() -> String {
    Kernel::new("shfl_ifelse", &["out"], Index::Thread).body(
        r#"
    and.b32 %r2, %r1, 1;
    setp.eq.u32 %p1, %r2, 0;
    @%p1 bra EVEN;
    mul.lo.u32 %r5, %r1, 10;
    sub.u32 %r3, %r1, 1;
    shfl.sync.idx.b32 %r6, %r5, %r3, 31, -1;
    bra DONE;
EVEN:
    mul.lo.u32 %r7, %r1, 100;
    add.u32 %r4, %r1, 1;
    shfl.sync.idx.b32 %r6, %r7, %r4, 31, -1;
DONE:
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r6;
    ret;
"#,
    )
}

/// A ballot on each side of an if/else over a different predicate: one ballot of the warp.
fn vote_ifelse() -> String {
    Kernel::new("vote_ifelse", &["out"], Index::Thread).body(
        r#"
    and.b32 %r2, %r1, 1;
    setp.eq.u32 %p1, %r2, 0;
    @%p1 bra EVEN;
    setp.lt.u32 %p2, %r1, 10;
    vote.sync.ballot.b32 %r6, %p2, -1;
    bra DONE;
EVEN:
    setp.lt.u32 %p2, %r1, 20;
    vote.sync.ballot.b32 %r6, !%p2, -1;
DONE:
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r6;
    ret;
"#,
    )
}

/// Lanes 0..8 and 8..16 exchange through shared memory across `bar.warp.sync` on different
/// paths; the other lanes write 1.
fn syncwarp_partial() -> String {
    Kernel::new("syncwarp_partial", &["out"], Index::Thread).declare(".shared .align 4 .b32 buf[32];").body(
        r#"
    mov.u32 %r9, buf;
    shl.b32 %r3, %r1, 2;
    add.u32 %r4, %r9, %r3;
    mov.u32 %r6, 1;
    setp.ge.u32 %p1, %r1, 8;
    @%p1 bra HIGH;
    mul.lo.u32 %r5, %r1, 3;
    st.shared.u32 [%r4], %r5;
    bar.warp.sync 65535;
    ld.shared.u32 %r6, [%r4+32];
    bra DONE;
HIGH:
    setp.ge.u32 %p2, %r1, 16;
    @%p2 bra DONE;
    mul.lo.u32 %r5, %r1, 5;
    st.shared.u32 [%r4], %r5;
    bar.warp.sync 65535;
    ld.shared.u32 %r6, [%r4+-32];
DONE:
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r6;
    ret;
"#,
    )
}

/// 64 threads store on the two sides of an if/else, meet at `bar.sync` and read thread
/// 63 - t's value.
fn bar_ifelse() -> String {
    Kernel::new("bar_ifelse", &["out"], Index::Thread).declare(".shared .align 4 .b32 buf[64];").body(
        r#"
    mov.u32 %r9, buf;
    shl.b32 %r3, %r1, 2;
    add.u32 %r4, %r9, %r3;
    sub.u32 %r7, 63, %r1;
    shl.b32 %r8, %r7, 2;
    add.u32 %r8, %r9, %r8;
    and.b32 %r2, %r1, 1;
    setp.eq.u32 %p1, %r2, 0;
    @%p1 bra EVEN;
    mul.lo.u32 %r5, %r1, 7;
    st.shared.u32 [%r4], %r5;
    bar.sync 0;
    ld.shared.u32 %r6, [%r8];
    bra DONE;
EVEN:
    mul.lo.u32 %r5, %r1, 11;
    st.shared.u32 [%r4], %r5;
    bar.sync 0;
    ld.shared.u32 %r6, [%r8];
DONE:
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r6;
    ret;
"#,
    )
}

/// The sum of `activemask`'s population over a loop that lanes leave one group at a time.
fn activemask_loop() -> String {
    Kernel::new("activemask_loop", &["out"], Index::Thread).body(
        r#"
    and.b32 %r2, %r1, 3;
    mov.u32 %r3, 0;
    mov.u32 %r6, 0;
LOOP:
    setp.gt.u32 %p1, %r3, %r2;
    @%p1 bra DONE;
    activemask.b32 %r4;
    setp.ne.u32 %p2, %r1, 99;
    vote.sync.ballot.b32 %r5, %p2, %r4;
    popc.b32 %r7, %r5;
    add.u32 %r6, %r6, %r7;
    add.u32 %r3, %r3, 1;
    bra LOOP;
DONE:
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r6;
    ret;
"#,
    )
}

/// Odd and even lanes shuffle within their groups, then vote over the whole warp.
fn groups_then_warp() -> String {
    Kernel::new("groups_then_warp", &["out"], Index::Thread).body(
        r#"
    mul.lo.u32 %r5, %r1, 10;
    add.u32 %r5, %r5, 1;
    and.b32 %r2, %r1, 1;
    setp.eq.u32 %p1, %r2, 0;
    @%p1 bra EVEN;
    shfl.sync.idx.b32 %r6, %r5, 1, 31, 0xaaaaaaaa;
JOIN:
    vote.sync.ballot.b32 %r7, %p1, -1;
    bra DONE;
EVEN:
    shfl.sync.idx.b32 %r6, %r5, 0, 31, 0x55555555;
    bra JOIN;
DONE:
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r6;
    st.global.u32 [%rd4+128], %r7;
    ret;
"#,
    )
}

/// Odd lanes wait in `shfl.sync`, even lanes in `bar.warp.sync`: a warp deadlock.
fn mismatched() -> String {
    Kernel::new("mismatched", &["out"], Index::Thread).body(
        r#"
    and.b32 %r2, %r1, 1;
    setp.eq.u32 %p1, %r2, 0;
    @%p1 bra EVEN;
    shfl.sync.idx.b32 %r6, %r1, 0, 31, -1;
    bra DONE;
EVEN:
    bar.warp.sync -1;
    mov.u32 %r6, 5;
DONE:
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r6;
    ret;
"#,
    )
}

/// Runs `kernel` of `its` with `threads` threads on `engine`; the first 64 output words.
fn run_its(kernel: &str, threads: u32, engine: Engine) -> Result<Vec<u32>, simt::Fault> {
    let p = program(&its(), engine);
    let mem = DeviceMemory::new();
    let out = mem.alloc(64 * 4).unwrap();
    mem.write(out, &[0u8; 256]).unwrap();
    let mut params = Params::new();
    params.ptr(out);
    p.launch(kernel, Dim3::x(1), Dim3::x(threads), 0, params.bytes(), &mem)?;
    let mut bytes = [0u8; 256];
    mem.read(out, &mut bytes).unwrap();
    Ok(bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
}

/// Every engine produces `want` (for the first `want.len()` words).
fn check_both(kernel: &str, threads: u32, want: &[u32]) {
    for engine in [Engine::Interp, Engine::JitAll, Engine::Warp] {
        let got = run_its(kernel, threads, engine).unwrap_or_else(|f| panic!("{kernel} on {engine:?}: {f}"));
        assert_eq!(&got[..want.len()], want, "{kernel} on {engine:?}");
    }
}

#[test]
fn shfl_on_both_sides_of_if_else_meets() {
    // Every lane reads its partner t ^ 1, whose value its own side computed.
    let want: Vec<u32> = (0..32).map(|t| if t % 2 == 1 { (t - 1) * 100 } else { (t + 1) * 10 }).collect();
    check_both("shfl_ifelse", 32, &want);
}

#[test]
fn vote_on_both_sides_of_if_else_meets() {
    let ballot = (0..32u32).filter(|t| if t % 2 == 1 { *t < 10 } else { *t >= 20 }).fold(0u32, |m, t| m | 1 << t);
    check_both("vote_ifelse", 32, &[ballot; 32]);
}

#[test]
fn partial_syncwarp_after_divergence() {
    let want: Vec<u32> = (0..32)
        .map(|t| {
            if t < 8 {
                (t + 8) * 5
            } else if t < 16 {
                (t - 8) * 3
            } else {
                1
            }
        })
        .collect();
    check_both("syncwarp_partial", 32, &want);
}

#[test]
fn block_barrier_waits_for_every_thread_of_a_diverged_warp() {
    let v = |u: u32| if u % 2 == 1 { u * 7 } else { u * 11 };
    let want: Vec<u32> = (0..64).map(|t| v(63 - t)).collect();
    check_both("bar_ifelse", 64, &want);
}

#[test]
fn activemask_masks_in_a_loop_lanes_leave() {
    // Iteration i runs the lanes with (t & 3) >= i: 32 - 8i of them.
    let want: Vec<u32> = (0..32).map(|t| (0..=(t & 3)).map(|i| 32 - 8 * i).sum()).collect();
    check_both("activemask_loop", 32, &want);
}

#[test]
fn a_group_waits_at_a_warp_collective_while_the_other_group_shuffles() {
    // The odd lanes shuffle within their group, then reach a whole-warp `vote` (at a lower pc)
    // while the even lanes still wait at their own group's shuffle: the vote waits for them
    // (it once ran with the odd lanes alone, each group's ballot missing the other's lanes).
    let mut want: Vec<u32> = (0..32).map(|t| if t % 2 == 1 { 11 } else { 1 }).collect();
    want.extend([0x5555_5555; 32]);
    check_both("groups_then_warp", 32, &want);
}

#[test]
fn mismatched_collectives_deadlock_faults() {
    // Odd lanes wait in `shfl.sync` for the even ones, which wait in `bar.warp.sync` for the
    // odd ones (undefined in CUDA: a hang on a GPU). The interpreter reports it.
    let err = run_its("mismatched", 32, Engine::Interp).unwrap_err();
    assert!(matches!(err.kind, simt::FaultKind::WarpDeadlock { .. }), "{err}");
}
