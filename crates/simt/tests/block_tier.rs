//! The block tier's own contracts (`Engine::Block`): barriers inside loops and shared memory,
//! atomics, threads that wait for each other without a barrier, the interpreter's fault
//! reports, and kernels it declines staying on the interpreter with a reason. (Every engine
//! runs the conformance table and the fuzzers too: `tests/common`, `engine_fuzz.rs`.)

use simt::{DeviceMemory, Dim3, Engine, FaultKind, Params, Tier};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{download_u32, one_worker_program, write};

/// A shared-memory tree reduction (`__syncthreads()` in the loop, as CUDA samples write it):
/// `out[blockIdx.x] = sum of in[block's elements]`, any block size that is a power of two.
fn reduce() -> String {
    module(
        "sm_80",
        &Kernel::new("reduce", &["in", "out"], Index::None).declare(".shared .align 4 .b8 buf[4096];").body(
            r#"
    cvta.to.global.u64 %rd3, %rd1;
    cvta.to.global.u64 %rd4, %rd2;
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %ctaid.x;
    mad.lo.s32 %r4, %r3, %r2, %r1;
    mul.wide.u32 %rd5, %r4, 4;
    add.s64 %rd6, %rd3, %rd5;
    ld.global.u32 %r5, [%rd6];
    shl.b32 %r6, %r1, 2;
    mov.u32 %r7, buf;
    add.s32 %r8, %r7, %r6;
    st.shared.u32 [%r8], %r5;
    bar.sync 0;
    shr.u32 %r9, %r2, 1;
LOOP:
    setp.eq.s32 %p1, %r9, 0;
    @%p1 bra DONE;
    setp.ge.u32 %p2, %r1, %r9;
    @%p2 bra SKIP;
    shl.b32 %r10, %r9, 2;
    add.s32 %r11, %r8, %r10;
    ld.shared.u32 %r12, [%r11];
    ld.shared.u32 %r13, [%r8];
    add.s32 %r14, %r13, %r12;
    st.shared.u32 [%r8], %r14;
SKIP:
    bar.sync 0;
    shr.u32 %r9, %r9, 1;
    bra LOOP;
DONE:
    setp.ne.s32 %p3, %r1, 0;
    @%p3 bra END;
    ld.shared.u32 %r15, [buf];
    mul.wide.u32 %rd7, %r3, 4;
    add.s64 %rd8, %rd4, %rd7;
    st.global.u32 [%rd8], %r15;
END:
    ret;
"#,
        ),
    )
}

#[test]
fn barriers_in_a_loop_reduce_through_shared_memory() {
    for threads in [32u32, 256, 1024] {
        let blocks = 5u32;
        let n = (threads * blocks) as usize;
        let input: Vec<u32> = (0..n as u32).map(|i| i.wrapping_mul(2_654_435_761) >> 7).collect();
        let want: Vec<u32> =
            input.chunks(threads as usize).map(|c| c.iter().fold(0u32, |a, &x| a.wrapping_add(x))).collect();
        let p = one_worker_program(&reduce(), Engine::Block);
        let mem = DeviceMemory::new();
        let (din, dout) = (mem.alloc(4 * n as u64).unwrap(), mem.alloc(4 * u64::from(blocks)).unwrap());
        write(&mem, din, &input);
        let params = Params::new().ptr(din).ptr(dout).clone();
        let st = p.launch("reduce", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem).unwrap();
        assert_eq!(st.tier, Tier::Block);
        assert_eq!(download_u32(&mem, dout, blocks as usize), want, "{threads} threads");
    }
}

/// Warp 0 waits at barrier 0, warp 1 at barrier 1: the deadlock fault the other engines report
/// (the first waiting thread's barrier, its arrivals, the live threads).
const SPLIT_BARRIERS: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry split(.param .u64 out)
{
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    mov.u32 %r1, %tid.x;
    setp.lt.u32 %p1, %r1, 32;
    @%p1 bra FIRST;
    bar.sync 1;
    bra END;
FIRST:
    bar.sync 0;
END:
    ret;
}
"#;

#[test]
fn threads_at_different_barriers_fault_as_on_the_interpreter() {
    let mem = DeviceMemory::new();
    let out = mem.alloc(4).unwrap();
    let params = Params::new().ptr(out).clone();
    let fault = |e| {
        one_worker_program(SPLIT_BARRIERS, e).launch("split", Dim3::x(2), Dim3::x(64), 0, params.bytes(), &mem).err()
    };
    let block = fault(Engine::Block).expect("a deadlock");
    assert!(matches!(block.kind, FaultKind::Deadlock { barrier: 0, arrived: 32, expected: 64 }), "{:?}", block.kind);
    assert_eq!(Some(block.clone()), fault(Engine::JitAll));
    assert_eq!(Some(block), fault(Engine::Interp));
}

/// Thread 0 spins on a shared flag that thread 1 sets: it must yield for thread 1 to run.
fn spin() -> String {
    module(
        "sm_80",
        &Kernel::new("spin", &["out"], Index::None).declare(".shared .align 4 .u32 flag;").body(
            r#"
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32 %r1, %tid.x;
    setp.eq.s32 %p1, %r1, 1;
    @%p1 bra SET;
    setp.ne.s32 %p2, %r1, 0;
    @%p2 bra END;
    mov.u32 %r3, 0;
WAIT:
    add.s32 %r3, %r3, 1;
    ld.volatile.shared.u32 %r2, [flag];
    setp.eq.s32 %p2, %r2, 0;
    @%p2 bra WAIT;
    st.global.u32 [%rd2], %r2;
    bra END;
SET:
    mov.u32 %r4, 7;
    st.volatile.shared.u32 [flag], %r4;
END:
    ret;
"#,
        ),
    )
}

#[test]
fn a_thread_spinning_on_another_lets_it_run() {
    let p = one_worker_program(&spin(), Engine::Block);
    let mem = DeviceMemory::new();
    let out = mem.alloc(4).unwrap();
    let params = Params::new().ptr(out).clone();
    let st = p.launch("spin", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).unwrap();
    assert_eq!(st.tier, Tier::Block);
    assert_eq!(download_u32(&mem, out, 1), [7]);
}

/// `out[tid] = in[tid]` with `in` one element short, and a shared atomic histogram.
fn access() -> String {
    module(
        "sm_80",
        &[
            Kernel::new("copy", &["in", "out"], Index::Thread).offset(4).body(
                r#"
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r2, [%rd4];
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r2;
    ret;
"#,
            ),
            Kernel::new("histogram", &["in", "out"], Index::Grid)
                .declare(".shared .align 4 .b8 bins[64];")
                .offset(4)
                .body(
                    r#"
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r5, [%rd4];
    and.b32 %r6, %r5, 15;
    shl.b32 %r7, %r6, 2;
    mov.u32 %r8, bins;
    add.s32 %r9, %r8, %r7;
    atom.shared.add.u32 %r10, [%r9], 1;
    bar.sync 0;
    setp.ge.u32 %p1, %r1, 16;
    @%p1 bra END;
    shl.b32 %r7, %r1, 2;
    add.s32 %r9, %r8, %r7;
    ld.shared.u32 %r11, [%r9];
    cvt.u64.u32 %rd5, %r7;
    add.s64 %rd6, %rd2, %rd5;
    atom.global.add.u32 %r10, [%rd6], %r11;
END:
    ret;
"#,
                ),
        ]
        .concat(),
    )
}

#[test]
fn an_access_out_of_bounds_faults_as_on_the_interpreter() {
    let mem = DeviceMemory::new();
    let (din, dout) = (mem.alloc(4 * 63).unwrap(), mem.alloc(4 * 64).unwrap());
    let params = Params::new().ptr(din).ptr(dout).clone();
    let fault =
        |e| one_worker_program(&access(), e).launch("copy", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).err();
    let block = fault(Engine::Block).expect("thread 63 reads past `in`");
    assert_eq!(block.thread, [63, 0, 0]);
    assert!(matches!(block.kind, FaultKind::Memory(_)), "{:?}", block.kind);
    assert_eq!(Some(block), fault(Engine::Interp));
}

#[test]
fn shared_and_global_atomics_count_exactly() {
    let (blocks, threads) = (7u32, 96u32);
    let n = (blocks * threads) as usize;
    let input: Vec<u32> = (0..n as u32).map(|i| i.wrapping_mul(0x9e37_79b9) >> 5).collect();
    let mut want = [0u32; 16];
    for x in &input {
        want[(x & 15) as usize] += 1;
    }
    let p = one_worker_program(&access(), Engine::Block);
    let mem = DeviceMemory::new();
    let (din, dout) = (mem.alloc(4 * n as u64).unwrap(), mem.alloc(64).unwrap());
    write(&mem, din, &input);
    write(&mem, dout, &[0; 16]);
    let params = Params::new().ptr(din).ptr(dout).clone();
    let st = p.launch("histogram", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem).unwrap();
    assert_eq!(st.tier, Tier::Block);
    assert_eq!(download_u32(&mem, dout, 16), want);
}

/// A warp shuffle: lane `l` reads lane `l + 1`'s `%tid.x` (`shfl.sync.idx`, source lane taken
/// mod 32 by the ISA's `bval & 31`).
fn shuffle() -> String {
    module(
        "sm_80",
        &Kernel::new("rotate", &["out"], Index::Thread).body(
            r#"
    add.s32 %r2, %r1, 1;
    shfl.sync.idx.b32 %r3, %r1, %r2, 31, -1;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r3;
    ret;
"#,
        ),
    )
}

/// The block tier runs warp collectives (its threads stop there and meet, `run.rs`).
#[test]
fn warp_collectives_run_on_the_block_tier() {
    let p = one_worker_program(&shuffle(), Engine::Block);
    assert_eq!(p.jit_fallback_reason("rotate"), None);
    let mem = DeviceMemory::new();
    let out = mem.alloc(4 * 64).unwrap();
    let params = Params::new().ptr(out).clone();
    let st = p.launch("rotate", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).unwrap();
    assert_eq!(st.tier, Tier::Block);
    let want: Vec<u32> = (0..64).map(|t| t / 32 * 32 + (t + 1) % 32).collect();
    assert_eq!(download_u32(&mem, out, 64), want);
}

/// Each thread's local array, written and read through generic addresses too.
fn generic_local() -> String {
    module(
        "sm_80",
        &Kernel::new("genlocal", &["out"], Index::Thread).declare(".local .align 4 .b8 buf[16];").body(
            r#"
    mov.u64 %rd2, buf;
    cvta.local.u64 %rd3, %rd2;
    st.local.u32 [buf], %r1;
    mul.lo.s32 %r2, %r1, 3;
    st.u32 [%rd3+4], %r2;
    ld.u32 %r3, [%rd3];
    ld.local.u32 %r4, [buf+4];
    add.s32 %r5, %r3, %r4;
    mul.wide.u32 %rd4, %r1, 4;
    add.s64 %rd5, %rd1, %rd4;
    st.global.u32 [%rd5], %r5;
    ret;
"#,
        ),
    )
}

#[test]
fn generic_addresses_reach_each_threads_own_local_memory() {
    let p = one_worker_program(&generic_local(), Engine::Block);
    let mem = DeviceMemory::new();
    let out = mem.alloc(4 * 64).unwrap();
    let params = Params::new().ptr(out).clone();
    let st = p.launch("genlocal", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).unwrap();
    assert_eq!(st.tier, Tier::Block);
    let want: Vec<u32> = (0..64).map(|t| t + 3 * t).collect();
    assert_eq!(download_u32(&mem, out, 64), want);
}

/// Runs kernel `name` of `ptx` (parameters `in`, `out`) in one block of `threads` threads over
/// the words `input`, on the block tier and on the interpreter: the `out_words` words the block
/// tier wrote, after asserting that it ran the kernel and wrote what the interpreter wrote.
fn block_tier_as_interpreter(ptx: &str, name: &str, threads: u32, input: &[u32], out_words: usize) -> Vec<u32> {
    let mem = DeviceMemory::new();
    let (din, dout) = (mem.alloc(4 * input.len() as u64).unwrap(), mem.alloc(4 * out_words as u64).unwrap());
    write(&mem, din, input);
    let params = Params::new().ptr(din).ptr(dout).clone();
    let run = |e| {
        let st =
            one_worker_program(ptx, e).launch(name, Dim3::x(1), Dim3::x(threads), 0, params.bytes(), &mem).unwrap();
        (st.tier, download_u32(&mem, dout, out_words))
    };
    let (tier, block) = run(Engine::Block);
    assert_eq!(tier, Tier::Block);
    let (_, interp) = run(Engine::Interp);
    assert_eq!(block, interp);
    block
}

/// `rsqrt.approx.f32`, with and without `.ftz`, inline in the block tier.
fn rsqrt() -> String {
    module(
        "sm_80",
        &Kernel::new("rsqrt", &["in", "out"], Index::Thread).offset(4).body(
            r#"
    add.s64 %rd4, %rd1, %rd3;
    ld.global.f32 %f1, [%rd4];
    rsqrt.approx.f32 %f2, %f1;
    rsqrt.approx.ftz.f32 %f3, %f1;
    mul.wide.u32 %rd5, %r1, 8;
    add.s64 %rd6, %rd2, %rd5;
    st.global.v2.f32 [%rd6], {%f2, %f3};
    ret;
"#,
        ),
    )
}

#[test]
fn reciprocal_roots_match_the_interpreter_bit_for_bit() {
    let input: [u32; 12] = [
        0,
        0x8000_0000,
        1,
        0x8000_0001,
        0x0040_0000,
        0x3f80_0000,
        0x4080_0000,
        0x4000_0000,
        0xbf80_0000,
        0x7f80_0000,
        0x7fc0_1234,
        0x7f7f_ffff,
    ];
    let block = block_tier_as_interpreter(&rsqrt(), "rsqrt", 12, &input, 24);
    // rsqrt(4) = 0.5 exactly; rsqrt(+0) = +inf; rsqrt(-1) = the canonical NaN; a subnormal
    // input flushed (`.ftz`) gives +inf.
    assert_eq!(&block[12..14], &[0x3f00_0000; 2]);
    assert_eq!(&block[0..2], &[0x7f80_0000; 2]);
    assert_eq!(&block[16..18], &[0x7fff_ffff; 2]);
    assert_eq!(block[5], 0x7f80_0000);
}

/// f32 results that only f32 operations read skip NaN canonicalization in the block tier
/// (`emit/nan.rs`); every value that reaches memory, through arithmetic, a move, a select or
/// a compare, must still carry PTX's canonical NaN.
fn nan_chains() -> String {
    module(
        "sm_80",
        &Kernel::new("nanchain", &["in", "out"], Index::Thread).offset(8).body(
            r#"
    add.s64 %rd4, %rd1, %rd3;
    ld.global.v2.f32 {%f1, %f2}, [%rd4];
    add.f32 %f3, %f1, %f2;
    add.f32 %f4, %f3, 0f3F800000;
    mul.f32 %f5, %f1, %f2;
    mov.f32 %f6, %f5;
    fma.rn.f32 %f7, %f3, %f2, %f1;
    setp.nan.f32 %p1, %f3, %f3;
    selp.u32 %r2, 1, 0, %p1;
    max.f32 %f8, %f3, %f3;
    sub.f32 %f9, %f1, %f2;
    selp.f32 %f10, %f9, %f1, %p1;
    mul.wide.u32 %rd5, %r1, 32;
    add.s64 %rd6, %rd2, %rd5;
    st.global.v4.f32 [%rd6], {%f4, %f6, %f7, %f8};
    st.global.f32 [%rd6+16], %f10;
    st.global.u32 [%rd6+20], %r2;
    ret;
"#,
        ),
    )
}

#[test]
fn nan_results_reach_memory_canonical() {
    const QNAN: u32 = 0x7fff_ffff;
    // (a, b): +inf + -inf, a NaN with a payload, two NaNs, two ordinary numbers.
    let input: [u32; 8] =
        [0x7f80_0000, 0xff80_0000, 0x7fc0_1234, 0x3f80_0000, 0xffc0_0001, 0x7f80_0001, 0x4000_0000, 0x4040_0000];
    // 32 bytes per thread: a `v4` store must be 16-byte aligned (6 words used of 8).
    let words = block_tier_as_interpreter(&nan_chains(), "nanchain", 4, &input, 32);
    let block: Vec<u32> = words.chunks(8).flat_map(|c| c[..6].to_vec()).collect();
    // inf + -inf: a + b + 1, fma and max are the canonical NaN; inf * -inf = -inf; the
    // NaN test holds, so the select takes inf - -inf = +inf.
    assert_eq!(&block[0..6], &[QNAN, 0xff80_0000, QNAN, QNAN, 0x7f80_0000, 1]);
    // Any NaN operand: every result is the canonical NaN, whatever the payload.
    for t in 1..3 {
        assert_eq!(&block[6 * t..6 * t + 6], &[QNAN, QNAN, QNAN, QNAN, QNAN, 1], "thread {t}");
    }
    // 2 + 3 + 1 = 6, 2 * 3 = 6, (2 + 3) * 3 + 2 = 17, max(5, 5) = 5; no NaN: the select
    // takes a = 2.
    assert_eq!(&block[18..24], &[0x40c0_0000, 0x40c0_0000, 0x4188_0000, 0x40a0_0000, 0x4000_0000, 0]);
}

/// 32-bit integer division and remainder (the block tier divides through a double, which
/// vectorizes), and 32-bit high and wide multiplies (as 32-bit operands widened), on pairs
/// `in[2t], in[2t + 1]`: eight words out per thread.
fn int_arith() -> String {
    module(
        "sm_80",
        &Kernel::new("intarith", &["in", "out"], Index::Thread).offset(8).body(
            r#"
    add.s64 %rd4, %rd1, %rd3;
    ld.global.v2.u32 {%r2, %r3}, [%rd4];
    div.s32 %r4, %r2, %r3;
    div.u32 %r5, %r2, %r3;
    rem.s32 %r6, %r2, %r3;
    rem.u32 %r7, %r2, %r3;
    mul.hi.s32 %r8, %r2, %r3;
    mul.hi.u32 %r9, %r2, %r3;
    mul.wide.s32 %rd5, %r2, %r3;
    mov.b64 {%r10, %r11}, %rd5;
    mul.wide.u32 %rd6, %r1, 32;
    add.s64 %rd7, %rd2, %rd6;
    st.global.v4.u32 [%rd7], {%r4, %r5, %r6, %r7};
    st.global.v4.u32 [%rd7+16], {%r8, %r9, %r10, %r11};
    ret;
"#,
        ),
    )
}

#[test]
fn integer_division_and_high_multiplies_match_the_interpreter() {
    // Edge pairs first (division by zero, INT_MIN / -1, operands near 2^32, signs), then
    // pseudo-random ones; 64 threads, so every lane of several groups divides.
    let mut pairs: Vec<(u32, u32)> = vec![
        (7, 0),
        (0x8000_0000, 0xffff_ffff),
        (0x8000_0000, 1),
        (0xffff_ffff, 0xffff_fffe),
        (0xffff_fffe, 0xffff_ffff),
        (0xffff_ffff, 1),
        ((-7i32) as u32, 2),
        (7, (-2i32) as u32),
        ((-7i32) as u32, (-2i32) as u32),
        (0x7fff_ffff, 0x7fff_fffe),
        (999, 256),
        (0, 5),
    ];
    let mut x: u32 = 0x1234_5678;
    while pairs.len() < 64 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        let a = x;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        // Divisors of every size, from one bit to 32.
        pairs.push((a, x >> (pairs.len() % 32)));
    }
    let input: Vec<u32> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    let block = block_tier_as_interpreter(&int_arith(), "intarith", 64, &input, 8 * 64);
    // PTX's results, computed here: division by zero gives all ones, INT_MIN / -1 wraps to
    // INT_MIN (remainder 0), quotients truncate toward zero.
    for (t, &(a, b)) in pairs.iter().enumerate() {
        let (sa, sb) = (a as i32, b as i32);
        let wide = i64::from(sa) * i64::from(sb);
        let want = [
            if sb == 0 { u32::MAX } else { sa.wrapping_div(sb) as u32 },
            a.checked_div(b).unwrap_or(u32::MAX),
            if sb == 0 { u32::MAX } else { sa.wrapping_rem(sb) as u32 },
            a.checked_rem(b).unwrap_or(u32::MAX),
            (wide >> 32) as u32,
            ((u64::from(a) * u64::from(b)) >> 32) as u32,
            wide as u32,
            (wide >> 32) as u32,
        ];
        assert_eq!(&block[8 * t..8 * t + 8], &want, "thread {t}: {a:#x}, {b:#x}");
    }
}

/// Branches on a comparison of `v = threadIdx.x + k` (its lanes one apart) with a uniform
/// `u` (`k`, `u`: `in[0]`, `in[1]`), each compare operator, signed and unsigned, `v` first or
/// second: the block tier decides such a branch from the two values' first lanes unless a
/// lane wraps around. Bit `i` of `out[t]`: the branch of compare `i` was not taken.
fn stepped_compares() -> String {
    const COMPARES: [&str; 14] = [
        "setp.lt.u32 %p1, %r4, %r3",
        "setp.le.u32 %p1, %r4, %r3",
        "setp.gt.u32 %p1, %r4, %r3",
        "setp.ge.u32 %p1, %r4, %r3",
        "setp.eq.u32 %p1, %r4, %r3",
        "setp.ne.u32 %p1, %r4, %r3",
        "setp.lt.s32 %p1, %r4, %r3",
        "setp.le.s32 %p1, %r4, %r3",
        "setp.gt.s32 %p1, %r4, %r3",
        "setp.ge.s32 %p1, %r4, %r3",
        "setp.hi.u32 %p1, %r3, %r4",
        "setp.ls.u32 %p1, %r3, %r4",
        "setp.lt.s32 %p1, %r3, %r4",
        "setp.ge.s32 %p1, %r3, %r4",
    ];
    let mut body = String::from(
        "    ld.global.u32 %r2, [%rd1];\n    ld.global.u32 %r3, [%rd1+4];\n    add.s32 %r4, %r1, %r2;\n    mov.u32 %r5, 0;\n",
    );
    for (i, c) in COMPARES.iter().enumerate() {
        body += &format!("    {c};\n    @%p1 bra SKIP{i};\n    or.b32 %r5, %r5, {};\nSKIP{i}:\n", 1u32 << i);
    }
    body += "    mul.wide.u32 %rd4, %r1, 4;\n    add.s64 %rd5, %rd2, %rd4;\n    st.global.u32 [%rd5], %r5;\n    ret;\n";
    module("sm_80", &Kernel::new("stepcmp", &["in", "out"], Index::Thread).body(&body))
}

#[test]
fn branches_on_a_thread_index_against_a_uniform_value_match_the_interpreter() {
    // (k, u): a split inside a group and at groups' edges, and lanes wrapping around 2^32
    // (unsigned) and 2^31 (signed) inside a group, at its first lane and just past its last.
    let cases: [(u32, u32); 12] = [
        (0, 20),
        (0, 16),
        (0, 0),
        (0, 40),
        (5, 21),
        (0xffff_fff8, 3),
        (0xffff_fff8, 0xffff_fffa),
        (0xffff_ffd8, 0xffff_ffff),
        (0x7fff_fff8, 0x8000_0002),
        (0x7fff_fff8, 0x7fff_fffc),
        (0x7fff_ffd8, 0x7fff_ffff),
        (0x8000_0000, 0x8000_0005),
    ];
    let threads = 40;
    for (k, u) in cases {
        let out = block_tier_as_interpreter(&stepped_compares(), "stepcmp", threads, &[k, u], threads as usize);
        for (t, &got) in out.iter().enumerate() {
            let v = (t as u32).wrapping_add(k);
            let (sv, su) = (v as i32, u as i32);
            let taken = [
                v < u,
                v <= u,
                v > u,
                v >= u,
                v == u,
                v != u,
                sv < su,
                sv <= su,
                sv > su,
                sv >= su,
                u > v,
                u <= v,
                su < sv,
                su >= sv,
            ];
            let want = taken.iter().enumerate().fold(0u32, |m, (i, &b)| m | u32::from(!b) << i);
            assert_eq!(got, want, "thread {t}, k = {k:#x}, u = {u:#x}");
        }
    }
}

/// Guards that combine such comparisons (`and`, `or`, `xor`, `not`) with uniform ones and with
/// a per-lane one (`w = in[2 + t]` odd), a comparison whose register is written again before
/// the branch, and one that some lanes skip (they keep the predicate's older value): `v =
/// threadIdx.x + in[0]`, `u = in[1]`. Bit `i` of `out[t]`: guard `i` did not branch.
fn combined_guards() -> String {
    let body = r#"
    ld.global.u32 %r2, [%rd1];
    ld.global.u32 %r3, [%rd1+4];
    add.s32 %r4, %r1, %r2;
    mul.wide.u32 %rd4, %r1, 4;
    add.s64 %rd5, %rd1, %rd4;
    ld.global.u32 %r6, [%rd5+8];
    mov.u32 %r5, 0;
    add.s32 %r7, %r3, -1;
    setp.lt.s32 %p1, %r4, 1;
    setp.ge.s32 %p2, %r4, %r7;
    or.pred %p3, %p1, %p2;
    @%p3 bra S0;
    or.b32 %r5, %r5, 1;
S0:
    setp.gt.u32 %p4, %r3, 100;
    setp.le.u32 %p5, %r4, %r3;
    xor.pred %p6, %p4, %p5;
    @%p6 bra S1;
    or.b32 %r5, %r5, 2;
S1:
    setp.eq.u32 %p7, %r4, %r3;
    not.pred %p8, %p7;
    and.b32 %r8, %r6, 1;
    setp.ne.u32 %p9, %r8, 0;
    and.pred %p10, %p8, %p9;
    @%p10 bra S2;
    or.b32 %r5, %r5, 4;
S2:
    setp.lt.u32 %p11, %r4, %r3;
    add.s32 %r4, %r4, 3;
    @%p11 bra S3;
    or.b32 %r5, %r5, 8;
S3:
    setp.gt.u32 %p12, %r4, %r3;
    @%p9 bra S4;
    setp.lt.u32 %p12, %r4, %r3;
S4:
    add.s32 %r9, %r4, 1;
    @%p12 bra S5;
    or.b32 %r5, %r5, 16;
S5:
    add.s32 %r5, %r5, %r9;
    mul.wide.u32 %rd6, %r1, 4;
    add.s64 %rd7, %rd2, %rd6;
    st.global.u32 [%rd7], %r5;
    ret;
"#;
    module("sm_80", &Kernel::new("guards", &["in", "out"], Index::Thread).body(body))
}

#[test]
fn combined_guards_match_the_interpreter() {
    let cases: [(u32, u32); 8] = [
        (0, 20),
        (0, 16),
        (3, 101),
        (0xffff_fff8, 3),
        (0xffff_fff8, 0xffff_fffa),
        (0x7fff_fff8, 0x8000_0002),
        (0x7fff_fff8, 0x7fff_fffc),
        (0x8000_0000, 0x8000_0005),
    ];
    let threads = 40u32;
    for (k, u) in cases {
        let mut input = vec![k, u];
        input.extend((0..threads).map(|t| t.wrapping_mul(0x9e37_79b9).wrapping_add(k) >> 7));
        let out = block_tier_as_interpreter(&combined_guards(), "guards", threads, &input, threads as usize);
        for (t, &got) in out.iter().enumerate() {
            let (v, w) = ((t as u32).wrapping_add(k), input[2 + t]);
            let (sv, su) = (v as i32, u as i32);
            let odd = w & 1 != 0;
            let v3 = v.wrapping_add(3);
            let p12 = if odd { v3 > u } else { v3 < u };
            let taken = [sv < 1 || sv >= su.wrapping_sub(1), (u > 100) ^ (v <= u), v != u && odd, v < u, p12];
            let bits = taken.iter().enumerate().fold(0u32, |m, (i, &b)| m | u32::from(!b) << i);
            assert_eq!(got, bits.wrapping_add(v3.wrapping_add(1)), "thread {t}, k = {k:#x}, u = {u:#x}");
        }
    }
}
