//! The JIT tier's own contracts: which kernels it compiles, what it leaves to the interpreter,
//! threads that wait for each other without a barrier, and identical fault reports.

use std::time::{Duration, Instant};

use simt::{DeviceMemory, Dim3, Engine, Fault, Params, Program, Tier};

mod common;

use common::ptx::{Index, Kernel, module, module_version};
use common::{download_u32, kernel_source, le_bytes, program};

/// Runs kernel `name` of `src` on the warp tier and on the interpreter, one worker each (so
/// that the first block to fault is the same), with `out` (`words` 32-bit words, every byte
/// 0xee) as its first parameter, then `more`'s: each run's `out` after it, or its fault.
fn on_warp_and_interp(
    src: &str,
    name: &str,
    grid: Dim3,
    block: Dim3,
    words: usize,
    more: &Params,
) -> Vec<Result<Vec<u32>, Fault>> {
    let mut got = Vec::new();
    for engine in [Engine::Warp, Engine::Interp] {
        let mut p = program(src, engine);
        p.set_workers(1);
        let mem = DeviceMemory::new();
        let out = mem.alloc(4 * words as u64).unwrap();
        mem.write(out, &vec![0xee; 4 * words]).unwrap();
        let mut params = out.0.to_le_bytes().to_vec();
        params.extend_from_slice(more.bytes());
        got.push(p.launch(name, grid, block, 0, &params, &mem).map(|_| download_u32(&mem, out, words)));
    }
    got
}

/// The benchmark kernels run compiled (a fallback would silently cost the speed-up).
#[test]
fn benchmark_kernels_compile() {
    for (file, names) in [
        ("kernels.sm_80.O3.ptx", &["vector_add", "saxpy", "reduce_sum", "matmul_tiled", "histogram"][..]),
        ("bench.sm_80.O3.ptx", &["stencil2d", "scan_warp", "nbody", "transpose", "bitonic_step"][..]),
    ] {
        let p = program(&kernel_source(file), Engine::JitAll);
        for k in names {
            assert_eq!(p.jit_fallback_reason(k), None, "{k}");
        }
    }
    // Under the default policy the shuffle-dense scan runs on the warp tier (the per-thread JIT
    // would leave it to the interpreter).
    let p = program(&kernel_source("bench.sm_80.O3.ptx"), Engine::Jit);
    assert_eq!(p.jit_fallback_reason("scan_warp"), None);
}

fn ptx() -> String {
    module(
        "sm_80",
        &[
            String::from(
                r#"
// Thread 0 spins on a flag that the block's last thread sets (no barrier in between).
.visible .entry spin(.param .u64 flag, .param .u64 out)
{
    .reg .pred %p<3>;
    .reg .b32 %r<6>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [flag];
    cvta.to.global.u64 %rd2, %rd1;
    ld.param.u64 %rd3, [out];
    cvta.to.global.u64 %rd4, %rd3;
    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra SETTER;
WAIT:
    ld.volatile.global.u32 %r2, [%rd2];
    setp.eq.u32 %p2, %r2, 0;
    @%p2 bra WAIT;
    st.global.u32 [%rd4], %r2;
    ret;
SETTER:
    setp.ne.u32 %p1, %r1, 63;
    @%p1 bra END;
    mov.u32 %r3, 7;
    st.volatile.global.u32 [%rd2], %r3;
END:
    ret;
}

// Warp-synchronous exchange through shared memory: each lane reads its neighbour's value
// without a barrier (correct only in lockstep).
"#,
            ),
            Kernel::new("wsync", &["out"], Index::Thread).declare(".shared .align 4 .b32 s[32];").body(
                r#"
    mov.u32 %r2, s;
    shl.b32 %r3, %r1, 2;
    add.u32 %r4, %r2, %r3;
    st.volatile.shared.u32 [%r4], %r1;
    xor.b32 %r5, %r1, 1;
    shl.b32 %r5, %r5, 2;
    add.u32 %r5, %r2, %r5;
    ld.volatile.shared.u32 %r6, [%r5];
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r6;
    ret;
"#,
            ),
            String::from(
                r#"
// Misaligned and out-of-bounds loads in the middle of a grid.
.visible .entry bad_load(.param .u64 in, .param .u64 out, .param .u32 n)
{
    .reg .pred %p<2>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.x;
    mad.lo.s32 %r5, %r2, %r3, %r4;
    mul.wide.s32 %rd3, %r5, 4;
    add.s64 %rd4, %rd1, %rd3;
    setp.eq.s32 %p1, %r5, %r1;
    @%p1 add.s64 %rd4, %rd4, 2;
    ld.global.u32 %r6, [%rd4];
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r6;
    ret;
}

"#,
            ),
        ]
        .concat(),
    )
}

/// A thread that waits for another thread of its block without a barrier makes progress: it
/// yields after a bounded number of backward branches and the others run.
#[test]
fn spin_wait_on_another_thread_progresses() {
    let p = program(&ptx(), Engine::JitAll);
    assert_eq!(p.jit_fallback_reason("spin"), None);
    let mem = DeviceMemory::new();
    let (flag, out) = (mem.alloc(4).unwrap(), mem.alloc(4).unwrap());
    mem.write(flag, &[0; 4]).unwrap();
    let params = Params::new().ptr(flag).ptr(out).clone();
    p.launch("spin", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).unwrap();
    assert_eq!(download_u32(&mem, out, 1), [7]);
}

/// Lockstep-dependent code is recognized and runs on the interpreter, with the GPU's result.
#[test]
fn warp_synchronous_code_stays_on_the_interpreter() {
    let p = program(&ptx(), Engine::JitAll);
    let why = p.jit_fallback_reason("wsync").expect("falls back");
    assert!(why.contains("warp-synchronous"), "{why}");
    let mem = DeviceMemory::new();
    let out = mem.alloc(4 * 32).unwrap();
    p.launch("wsync", Dim3::x(1), Dim3::x(32), 0, Params::new().ptr(out).bytes(), &mem).unwrap();
    assert_eq!(download_u32(&mem, out, 32), (0..32u32).map(|i| i ^ 1).collect::<Vec<_>>());
}

/// A kernel the per-thread JIT refuses (warp-synchronous) but the warp tier compiles is
/// reported as the warp tier's, the tier its launches run on, not as the per-thread JIT's; on
/// the per-thread JIT alone, with the per-thread JIT's reason.
#[test]
fn the_reported_tier_is_the_one_that_runs() {
    for (engine, want) in [(Engine::Jit, Tier::WarpJit), (Engine::Warp, Tier::WarpJit), (Engine::Interp, Tier::WarpJit)]
    {
        let p = program(&ptx(), engine);
        assert_eq!(p.compiled_tier("wsync"), Ok(want), "{engine:?}");
        assert_eq!(p.jit_fallback_reason("wsync"), None, "{engine:?}");
    }
    let p = program(&ptx(), Engine::JitAll);
    let why = p.compiled_tier("wsync").expect_err("the per-thread JIT refuses it");
    assert!(why.contains("warp-synchronous"), "{why}");
    assert_eq!(p.compiled_tier("bad_load"), Ok(Tier::ThreadJit));
    assert_eq!(p.compiled_tier("no_such_kernel"), Err("no loaded kernel `no_such_kernel`".to_string()));
    for engine in [Engine::Jit, Engine::Warp] {
        let p = program(&ptx(), engine);
        let mem = DeviceMemory::new();
        let out = mem.alloc(4 * 32).unwrap();
        let stats = p.launch("wsync", Dim3::x(1), Dim3::x(32), 0, Params::new().ptr(out).bytes(), &mem).unwrap();
        assert_eq!(stats.tier, Tier::WarpJit, "{engine:?}");
        assert_eq!(download_u32(&mem, out, 32), (0..32u32).map(|i| i ^ 1).collect::<Vec<_>>());
    }
}

/// Faults from compiled code are reported exactly as the interpreter reports them.
#[test]
fn faults_match_the_interpreter() {
    let (mut jit, mut interp) = (program(&ptx(), Engine::JitAll), program(&ptx(), Engine::Interp));
    // One worker: with several, which failing block reports first may vary.
    jit.set_workers(1);
    interp.set_workers(1);
    assert_eq!(jit.jit_fallback_reason("bad_load"), None);
    for (n, len) in [(300u32, 1024u64), (5000, 512)] {
        let mem = DeviceMemory::new();
        let (inp, out) = (mem.alloc(len * 4).unwrap(), mem.alloc(len * 4).unwrap());
        let params = Params::new().ptr(inp).ptr(out).u32(n).clone();
        let grid = Dim3::x(8);
        let a = jit.launch("bad_load", grid, Dim3::x(128), 0, params.bytes(), &mem).unwrap_err();
        let b = interp.launch("bad_load", grid, Dim3::x(128), 0, params.bytes(), &mem).unwrap_err();
        assert_eq!(a, b);
    }
}

fn ifs() -> String {
    module(
        "sm_80",
        &[
            String::from(
                r#"
// Lanes with t % 4 == 1 store data[idx[t]] = t + 8 in a lone `if` with a long body, lanes
// with t % 4 == 3 store data[idx[t]] = t in one with a short body; then flag[t] = 0, 1 or 2
// (t % 4 == 0, odd, 2) from nested `if`s that reconverge at the same point. The warp tier
// runs the straight-line bodies predicated (no reconvergence entry).
"#,
            ),
            Kernel::new("ifs", &["idx", "data", "flag"], Index::Thread).global_pointers().offset(4).body(
                r#"
    add.s64 %rd5, %rd1, %rd4;
    ld.global.u32 %r2, [%rd5];
    and.b32 %r4, %r1, 3;
    setp.ne.u32 %p2, %r4, 1;
    @%p2 bra LONG;
    add.u32 %r5, %r1, 1;
    add.u32 %r5, %r5, 1;
    add.u32 %r5, %r5, 1;
    add.u32 %r5, %r5, 1;
    add.u32 %r5, %r5, 1;
    add.u32 %r5, %r5, 1;
    add.u32 %r5, %r5, 1;
    add.u32 %r5, %r5, 1;
    mul.wide.u32 %rd6, %r2, 4;
    add.s64 %rd7, %rd2, %rd6;
    st.global.u32 [%rd7], %r5;
LONG:
    setp.ne.u32 %p4, %r4, 3;
    @%p4 bra SHORT;
    mul.wide.u32 %rd9, %r2, 4;
    add.s64 %rd10, %rd2, %rd9;
    st.global.u32 [%rd10], %r1;
SHORT:
    mov.u32 %r3, 0;
    setp.eq.u32 %p1, %r4, 0;
    @%p1 bra JOIN;
    mov.u32 %r3, 1;
    setp.ne.u32 %p3, %r4, 2;
    @%p3 bra JOIN;
    mov.u32 %r3, 2;
JOIN:
    add.s64 %rd8, %rd3, %rd4;
    st.global.u32 [%rd8], %r3;
    ret;
"#,
            ),
        ]
        .concat(),
    )
}

/// A divergent `if` whose body is straight-line code runs with the falling-through lanes
/// alone and reconverges where an enclosing `if` does; a fault in such a body is reported as
/// the interpreter reports it.
#[test]
fn straight_line_if_bodies() {
    let n = 64usize;
    for engine in [Engine::Warp, Engine::Interp] {
        let mut p = program(&ifs(), engine);
        p.set_workers(1);
        let mem = DeviceMemory::new();
        let idx: Vec<u32> = (0..n as u32).map(|t| n as u32 - 1 - t).collect();
        let (di, dd, df) = (mem.alloc(4 * 64).unwrap(), mem.alloc(4 * 64).unwrap(), mem.alloc(4 * 64).unwrap());
        mem.write(di, &le_bytes(&idx)).unwrap();
        let params = Params::new().ptr(di).ptr(dd).ptr(df).clone();
        p.launch("ifs", Dim3::x(1), Dim3::x(n as u32), 0, params.bytes(), &mem).unwrap();
        let want_flag: Vec<u32> = (0..n as u32).map(|t| [0, 1, 2, 1][t as usize % 4]).collect();
        assert_eq!(download_u32(&mem, df, n), want_flag, "{engine:?}");
        let data = download_u32(&mem, dd, n);
        for t in 0..n {
            let want = match t % 4 {
                1 => t as u32 + 8,
                3 => t as u32,
                _ => continue,
            };
            assert_eq!(data[idx[t] as usize], want, "{engine:?} thread {t}");
        }
        // Thread 37 (the long body) or 39 (the short one) stores far out of bounds.
        for bad in [37usize, 39] {
            let mut wrong = idx.clone();
            wrong[bad] = 1 << 28;
            mem.write(di, &le_bytes(&wrong)).unwrap();
            let f = p.launch("ifs", Dim3::x(1), Dim3::x(n as u32), 0, params.bytes(), &mem).unwrap_err();
            assert!(matches!(f.kind, simt::FaultKind::Memory(simt::MemError::OutOfBounds { .. })), "{engine:?}: {f}");
            assert_eq!(f.thread, [bad as u32, 0, 0], "{engine:?}: {f}");
            assert!(f.instruction.starts_with("st.global"), "{engine:?}: {f}");
        }
    }
}

fn scaled() -> String {
    module(
        "sm_80",
        &[
            String::from(
                r#"
// dst[t] = src[t - shift] (words, through mul.wide.s32) + bytes[t - shift] (through
// cvt.s64.s32): indices that may be negative, so the lanes' 64-bit addresses are consecutive
// while their 32-bit indices wrap around zero.
"#,
            ),
            Kernel::new("scaled", &["src", "bytes", "dst"], Index::Thread).param(".u32 shift").global_pointers().body(
                r#"
    ld.param.u32 %r5, [shift];
    sub.s32 %r2, %r1, %r5;
    mul.wide.s32 %rd4, %r2, 4;
    add.s64 %rd5, %rd1, %rd4;
    ld.global.u32 %r3, [%rd5];
    cvt.s64.s32 %rd6, %r2;
    add.s64 %rd7, %rd2, %rd6;
    ld.global.u8 %r4, [%rd7];
    add.s32 %r6, %r3, %r4;
    mul.wide.u32 %rd8, %r1, 4;
    add.s64 %rd9, %rd3, %rd8;
    st.global.u32 [%rd9], %r6;
    ret;
"#,
            ),
        ]
        .concat(),
    )
}

/// Element addresses made from a 32-bit index (`mul.wide`, `cvt`, then `add.s64`): the warp
/// tier checks the index's lanes instead of the addresses'; indices crossing zero, all
/// positive, and one past the end.
#[test]
fn scaled_index_addresses() {
    let n = 64u32;
    for engine in [Engine::Warp, Engine::Interp] {
        let mut p = program(&scaled(), engine);
        p.set_workers(1);
        let mem = DeviceMemory::new();
        // 32 words and bytes before the arrays' element 0 (negative indices reach them).
        let words: Vec<u32> = (0..n + 32).map(|i| i * 7 + 1).collect();
        let bytes: Vec<u8> = (0..n + 32).map(|i| (i * 3) as u8).collect();
        let (dw, db, dd) = (mem.alloc(4 * 96).unwrap(), mem.alloc(96).unwrap(), mem.alloc(4 * 64).unwrap());
        mem.write(dw, &le_bytes(&words)).unwrap();
        mem.write(db, &bytes).unwrap();
        for shift in [0u32, 16, 32] {
            let params = Params::new().u64(dw.0 + 4 * 32).u64(db.0 + 32).ptr(dd).u32(shift).clone();
            p.launch("scaled", Dim3::x(1), Dim3::x(n), 0, params.bytes(), &mem).unwrap();
            let want: Vec<u32> = (0..n)
                .map(|t| {
                    let i = (32 + t - shift) as usize;
                    words[i] + u32::from(bytes[i])
                })
                .collect();
            assert_eq!(download_u32(&mem, dd, n as usize), want, "{engine:?} shift {shift}");
        }
        // With the word array one element further, thread 63 reads one word past the end.
        let params = Params::new().u64(dw.0 + 4 * 33).u64(db.0 + 32).ptr(dd).u32(0).clone();
        let f = p.launch("scaled", Dim3::x(1), Dim3::x(n), 0, params.bytes(), &mem).unwrap_err();
        assert_eq!(f.thread, [63, 0, 0], "{engine:?}: {f}");
        assert!(f.instruction.starts_with("ld.global.u32"), "{engine:?}: {f}");
    }
}

fn nans() -> String {
    module(
        "sm_80",
        &[
            String::from(
                r#"
// A chain of f32 arithmetic on operands that include NaNs with payloads and infinities, its
// intermediate results read by arithmetic, a store, a comparison, a bit move and min.
"#,
            ),
            Kernel::new("nans", &["x", "y", "out"], Index::Thread).global_pointers().offset(4).body(
                r#"
    add.s64 %rd5, %rd1, %rd4;
    ld.global.f32 %f1, [%rd5];
    add.s64 %rd6, %rd2, %rd4;
    ld.global.f32 %f2, [%rd6];
    add.f32 %f3, %f1, %f2;
    mul.f32 %f4, %f3, %f2;
    fma.rn.f32 %f5, %f4, %f1, %f3;
    sub.f32 %f6, %f5, %f2;
    // out[0*n + t] = the chain's end (a store).
    mul.wide.u32 %rd7, %r1, 4;
    add.s64 %rd8, %rd3, %rd7;
    st.global.f32 [%rd8], %f6;
    // out[1*n + t] = the bits of an intermediate result (a move to an integer register).
    mov.b32 %r2, %f4;
    st.global.u32 [%rd8+256], %r2;
    // out[2*n + t] = min of an intermediate and y.
    min.f32 %f7, %f3, %f2;
    st.global.f32 [%rd8+512], %f7;
    // out[3*n + t] = whether the chain's end compares unordered with itself.
    setp.nan.f32 %p1, %f6, %f6;
    selp.u32 %r3, 1, 0, %p1;
    st.global.u32 [%rd8+768], %r3;
    ret;
"#,
            ),
        ]
        .concat(),
    )
}

/// f32 arithmetic results are NaN-canonical (0x7fffffff) wherever they are read, on the warp
/// tier as on the interpreter, though the warp tier canonicalizes a chain's NaNs only where
/// something other than f32 arithmetic reads them.
#[test]
fn f32_chains_give_canonical_nans() {
    const N: usize = 64;
    let specials = [
        0x7fc0_0001u32,
        0xffc1_2345,
        0x7f80_0000,
        0xff80_0000,
        0x0000_0000,
        0x8000_0000,
        0x3fc0_0000,
        0xbf80_0000,
        0x7f7f_ffff,
        0x0000_0001,
    ];
    let x: Vec<u32> = (0..N).map(|t| specials[t % specials.len()]).collect();
    let y: Vec<u32> = (0..N).map(|t| specials[(t / specials.len() + 3 * t) % specials.len()]).collect();
    let mut results = Vec::new();
    for engine in [Engine::Warp, Engine::Interp] {
        let p = program(&nans(), engine);
        let mem = DeviceMemory::new();
        let (dx, dy, dout) = (mem.alloc(4 * 64).unwrap(), mem.alloc(4 * 64).unwrap(), mem.alloc(4 * 4 * 64).unwrap());
        mem.write(dx, &le_bytes(&x)).unwrap();
        mem.write(dy, &le_bytes(&y)).unwrap();
        let params = Params::new().ptr(dx).ptr(dy).ptr(dout).clone();
        p.launch("nans", Dim3::x(1), Dim3::x(N as u32), 0, params.bytes(), &mem).unwrap();
        results.push(download_u32(&mem, dout, 4 * N));
    }
    assert_eq!(results[0], results[1], "warp tier vs interpreter");
    let out = &results[0];
    let mut nans = 0;
    for t in 0..N {
        let (fx, fy) = (f32::from_bits(x[t]), f32::from_bits(y[t]));
        let f3 = fx + fy;
        let f4 = f3 * fy;
        let f6 = f4.mul_add(fx, f3) - fy;
        if f6.is_nan() {
            nans += 1;
            assert_eq!(out[t], 0x7fff_ffff, "thread {t}: {:#x} {:#x}", x[t], y[t]);
            assert_eq!(out[3 * N + t], 1, "thread {t}");
        } else {
            assert_eq!(out[t], f6.to_bits(), "thread {t}");
        }
        if f4.is_nan() {
            assert_eq!(out[N + t], 0x7fff_ffff, "thread {t}");
        }
    }
    assert!(nans > 10, "{nans} NaN results");
}

const UNIFORM: &str = r#"
.version 8.0
.target sm_80
.address_size 64

// A loop on a warp-uniform counter (halved from %ntid.x) whose body mixes uniform values
// (kept as scalars by the warp tier) with lane-dependent ones: a `selp` of two constants on a
// lane's predicate must not become a scalar, a 64-bit `or` of uniform values must keep its
// high half.
.visible .entry uni(.param .u64 out, .param .u32 n)
{
    .reg .pred %p<3>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, %ntid.x;
    shr.u32 %r4, %r3, 1;
    mov.u32 %r9, 0;
LOOP:
    setp.lt.u32 %p1, %r2, %r4;
    selp.u32 %r5, 7, 3, %p1;
    add.s32 %r9, %r9, %r5;
    mul.lo.s32 %r6, %r4, 3;
    xor.b32 %r7, %r6, %r1;
    add.s32 %r9, %r9, %r7;
    shr.u32 %r4, %r4, 1;
    setp.ne.s32 %p2, %r4, 0;
    @%p2 bra LOOP;
    cvt.u64.u32 %rd2, %r1;
    or.b64 %rd3, %rd2, 8589934592;
    shr.u64 %rd4, %rd3, 32;
    cvt.u32.u64 %r8, %rd4;
    add.s32 %r9, %r9, %r8;
    mul.wide.u32 %rd5, %r2, 4;
    add.s64 %rd6, %rd1, %rd5;
    st.global.u32 [%rd6], %r9;
    ret;
}
"#;

/// Values the warp tier keeps as one scalar (warp-uniform results) give what the interpreter
/// computes lane by lane, and lane-dependent results of uniform operands stay per lane.
#[test]
fn uniform_values_as_scalars() {
    let n = 0x5a5u32;
    for threads in [64u32, 96] {
        let want: Vec<u32> = (0..threads)
            .map(|t| {
                let (mut s, mut acc) = (threads >> 1, 0u32);
                while s != 0 {
                    acc = acc.wrapping_add(if t < s { 7 } else { 3 });
                    acc = acc.wrapping_add(s.wrapping_mul(3) ^ n);
                    s >>= 1;
                }
                acc + 2
            })
            .collect();
        for engine in [Engine::Warp, Engine::Interp] {
            let p = program(UNIFORM, engine);
            let mem = DeviceMemory::new();
            let dout = mem.alloc(4 * u64::from(threads)).unwrap();
            let params = Params::new().ptr(dout).i32(n as i32).clone();
            p.launch("uni", Dim3::x(2), Dim3::x(threads), 0, params.bytes(), &mem).unwrap();
            assert_eq!(download_u32(&mem, dout, threads as usize), want, "{engine:?}, {threads} threads");
        }
    }
}

fn gather() -> String {
    module(
        "sm_80",
        &[
            String::from(
                r#"
// out[t] = src[idx[t]] + t, and out[64 + t] = the loaded value again after a branch (the
// register read back in a later block), through every path of a warp's load: consecutive
// elements, one element for all lanes, any permutation, and addresses in another
// allocation (`other`, when idx[t] is negative: the lane-by-lane path).
"#,
            ),
            Kernel::new("gather", &["src", "idx", "out", "other"], Index::Thread).offset(4).body(
                r#"
    add.s64 %rd6, %rd2, %rd5;
    ld.global.s32 %r2, [%rd6];
    setp.lt.s32 %p1, %r2, 0;
    mul.wide.s32 %rd7, %r2, 4;
    add.s64 %rd8, %rd1, %rd7;
    @%p1 add.s64 %rd8, %rd4, %rd5;
    ld.global.u32 %r3, [%rd8];
    add.s32 %r4, %r3, %r1;
    add.s64 %rd9, %rd3, %rd5;
    st.global.u32 [%rd9], %r4;
    setp.eq.s32 %p1, %r4, 12345;
    @%p1 bra SKIP;
    st.global.u32 [%rd9+256], %r3;
SKIP:
    ret;
"#,
            ),
            String::from(
                r#"
// The same with 8-byte elements into a 64-bit register (its high halves too).
"#,
            ),
            Kernel::new("gather64", &["src", "idx", "out", "other"], Index::Thread).offset(4).body(
                r#"
    add.s64 %rd6, %rd2, %rd5;
    ld.global.s32 %r2, [%rd6];
    setp.lt.s32 %p1, %r2, 0;
    mul.wide.s32 %rd7, %r2, 8;
    add.s64 %rd8, %rd1, %rd7;
    mul.wide.u32 %rd13, %r1, 8;
    @%p1 add.s64 %rd8, %rd4, %rd13;
    ld.global.u64 %rd10, [%rd8];
    cvt.u64.u32 %rd11, %r1;
    add.s64 %rd12, %rd10, %rd11;
    add.s64 %rd9, %rd3, %rd13;
    st.global.u64 [%rd9], %rd12;
    setp.eq.s64 %p1, %rd12, 12345;
    @%p1 bra SKIP;
    st.global.u64 [%rd9+512], %rd10;
SKIP:
    ret;
"#,
            ),
        ]
        .concat(),
    )
}

/// A warp's load hands its lanes on in SSA values (`mem::Sink`) on every path it may take;
/// each gives what the interpreter loads.
#[test]
fn loaded_lanes_on_every_path() {
    loaded_words_on_every_path();
    loaded_doublewords_on_every_path();
}

fn loaded_doublewords_on_every_path() {
    let src: Vec<u64> = (0..256u64).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15)).collect();
    let other: Vec<u64> = (0..64u64).map(|i| 0xdead_beef_0000_0000 | i).collect();
    let bytes = |v: &[u64]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    for (name, idx) in gather_cases() {
        let want: Vec<u64> = (0..64usize).map(|t| if idx[t] < 0 { other[t] } else { src[idx[t] as usize] }).collect();
        for engine in [Engine::Warp, Engine::Interp] {
            let p = program(&gather(), engine);
            let mem = DeviceMemory::new();
            let (ds, di, dout, dot) =
                (mem.alloc(2048).unwrap(), mem.alloc(256).unwrap(), mem.alloc(1024).unwrap(), mem.alloc(512).unwrap());
            mem.write(ds, &bytes(&src)).unwrap();
            mem.write(di, &le_bytes(&idx.iter().map(|&i| i as u32).collect::<Vec<_>>())).unwrap();
            mem.write(dot, &bytes(&other)).unwrap();
            let params = Params::new().ptr(ds).ptr(di).ptr(dout).ptr(dot).clone();
            p.launch("gather64", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).unwrap();
            let mut raw = vec![0u8; 1024];
            mem.read(dout, &mut raw).unwrap();
            let out: Vec<u64> = raw.chunks(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect();
            for t in 0..64 {
                assert_eq!(out[t], want[t].wrapping_add(t as u64), "{engine:?} {name}: thread {t}");
                assert_eq!(out[64 + t], want[t], "{engine:?} {name}: thread {t}, read back");
            }
        }
    }
}

/// The index vectors of `loaded_lanes_on_every_path`: one per path of a warp's load.
fn gather_cases() -> [(&'static str, Vec<i32>); 4] {
    [
        ("consecutive", (0..64).map(|t| t + 100).collect()),
        ("one element", vec![77; 64]),
        ("permutation", (0..64).map(|t| (t * 37 + 11) % 256).collect()),
        ("other allocation", (0..64).map(|t| if t % 3 == 0 { -1 } else { t }).collect()),
    ]
}

fn loaded_words_on_every_path() {
    let src: Vec<u32> = (0..256u32).map(|i| i.wrapping_mul(2654435761)).collect();
    let other: Vec<u32> = (0..64u32).map(|i| 0xdead_0000 | i).collect();
    for (name, idx) in gather_cases() {
        let want: Vec<u32> = (0..64usize).map(|t| if idx[t] < 0 { other[t] } else { src[idx[t] as usize] }).collect();
        for engine in [Engine::Warp, Engine::Interp] {
            let p = program(&gather(), engine);
            let mem = DeviceMemory::new();
            let (ds, di, dout, dot) =
                (mem.alloc(1024).unwrap(), mem.alloc(256).unwrap(), mem.alloc(512).unwrap(), mem.alloc(256).unwrap());
            mem.write(ds, &le_bytes(&src)).unwrap();
            mem.write(di, &le_bytes(&idx.iter().map(|&i| i as u32).collect::<Vec<_>>())).unwrap();
            mem.write(dot, &le_bytes(&other)).unwrap();
            let params = Params::new().ptr(ds).ptr(di).ptr(dout).ptr(dot).clone();
            p.launch("gather", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).unwrap();
            let out = download_u32(&mem, dout, 128);
            for t in 0..64 {
                assert_eq!(out[t], want[t].wrapping_add(t as u32), "{engine:?} {name}: thread {t}");
                assert_eq!(out[64 + t], want[t], "{engine:?} {name}: thread {t}, read back");
            }
        }
    }
}

fn pending_dest() -> String {
    module(
        "sm_80",
        &[
            String::from(
                r#"
// Loads whose destination the block wrote just before (its lanes held in SSA values, not in
// the register file), each of which a warp may run lane by lane (its access site cold, its
// lanes in two allocations): out[4t] = in[0] loaded over a sentinel through a warp-uniform
// address; out[4t + 1] = in[t + 1] loaded through the destination register itself (pointer
// chasing, 64-bit); out[4t + 2] = other[t] or in[t] (every third lane), 32-bit, over a
// sentinel; out[4t + 3] = the same word, over a sentinel, by a guarded load that every other
// lane runs (the others keep -2).
"#,
            ),
            Kernel::new("pending_dest", &["out", "in", "other"], Index::Grid).offset(8).body(
                r#"
    mul.wide.u32 %rd5, %r4, 16;
    add.s64 %rd6, %rd1, %rd5;
    mov.b32 %r5, -1;
    ld.global.b32 %r5, [%rd2];
    add.s64 %rd7, %rd2, %rd4;
    add.s64 %rd7, %rd7, 8;
    ld.global.u64 %rd7, [%rd7];
    rem.u32 %r6, %r4, 3;
    setp.eq.s32 %p1, %r6, 0;
    add.s64 %rd8, %rd3, %rd4;
    @%p1 add.s64 %rd8, %rd2, %rd4;
    mov.b32 %r7, -1;
    ld.global.b32 %r7, [%rd8];
    and.b32 %r8, %r4, 1;
    setp.eq.s32 %p2, %r8, 0;
    mov.b32 %r9, -2;
    @%p2 ld.global.b32 %r9, [%rd8];
    st.global.u32 [%rd6], %r5;
    st.global.u32 [%rd6+4], %rd7;
    st.global.u32 [%rd6+8], %r7;
    st.global.u32 [%rd6+12], %r9;
    ret;
"#,
            ),
        ]
        .concat(),
    )
}

/// A warp's load into a register the block wrote just before (a sentinel, or the load's own
/// address) gives the loaded lanes on its lane-by-lane path too (a cold access site, lanes in
/// two allocations), not the register's old ones: the old lanes a side path stores go to
/// the register file, never to the load's result (`mem::Sink`). Issue 18 item 2.
#[test]
fn loads_into_pending_registers_on_the_lane_loop() {
    let (blocks, threads) = (3u32, 64u32);
    let n = (blocks * threads) as usize;
    let input: Vec<u64> = (0..n as u64 + 2).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1).collect();
    let other: Vec<u64> = (0..n as u64).map(|i| 0xdead_0000 | i).collect();
    for engine in [Engine::Warp, Engine::JitAll, Engine::Interp] {
        let mut p = program(&pending_dest(), engine);
        p.set_workers(1);
        let mem = DeviceMemory::new();
        let (out, din, dot) = (
            mem.alloc(16 * n as u64).unwrap(),
            mem.alloc(8 * n as u64 + 16).unwrap(),
            mem.alloc(8 * n as u64).unwrap(),
        );
        let bytes = |v: &[u64]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        mem.write(din, &bytes(&input)).unwrap();
        mem.write(dot, &bytes(&other)).unwrap();
        let params = Params::new().ptr(out).ptr(din).ptr(dot).clone();
        p.launch("pending_dest", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem).unwrap();
        let got = download_u32(&mem, out, 4 * n);
        for t in 0..n {
            let third = if t % 3 == 0 { input[t] } else { other[t] } as u32;
            let want = [input[0] as u32, input[t + 1] as u32, third, if t % 2 == 0 { third } else { 0xffff_fffe }];
            assert_eq!(&got[4 * t..4 * t + 4], &want, "{engine:?}: thread {t}");
        }
    }
}

fn shared_peek() -> String {
    module(
        "sm_80",
        &[
            String::from(
                r#"
.shared .align 4 .b8 tile[256];

// out[block][t] = tile[t] as the block finds it, then tile[t] = block + 1.
"#,
            ),
            Kernel::new("peek_write", &["out"], Index::Thread).body(
                r#"
    mov.u32 %r2, %ctaid.x;
    shl.b32 %r3, %r1, 2;
    mov.u32 %r4, tile;
    add.s32 %r5, %r4, %r3;
    ld.shared.u32 %r6, [%r5];
    mad.lo.s32 %r7, %r2, 64, %r1;
    mul.wide.u32 %rd2, %r7, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r6;
    add.s32 %r6, %r2, 1;
    st.shared.u32 [%r5], %r6;
    ret;
"#,
            ),
            String::from(
                r#"
// The same through a called function, which names `tile` (the kernel does not).
.func (.param .b32 old) swap_tile(.param .b32 t, .param .b32 v)
{
    .reg .b32 %r<6>;
    ld.param.u32 %r1, [t];
    ld.param.u32 %r2, [v];
    shl.b32 %r3, %r1, 2;
    mov.u32 %r4, tile;
    add.s32 %r4, %r4, %r3;
    ld.shared.u32 %r5, [%r4];
    st.shared.u32 [%r4], %r2;
    st.param.b32 [old], %r5;
    ret;
}

"#,
            ),
            Kernel::new("peek_write_call", &["out"], Index::Thread).body(
                r#"
    mov.u32 %r2, %ctaid.x;
    add.s32 %r8, %r2, 1;
    {
    .param .b32 p0;
    .param .b32 p1;
    .param .b32 r0;
    st.param.b32 [p0], %r1;
    st.param.b32 [p1], %r8;
    call.uni (r0), swap_tile, (p0, p1);
    ld.param.b32 %r6, [r0];
    }
    mad.lo.s32 %r7, %r2, 64, %r1;
    mul.wide.u32 %rd2, %r7, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r6;
    ret;
"#,
            ),
            String::from(
                r#"
.extern .shared .align 4 .b8 dyn[];

// The same on dynamic shared memory.
"#,
            ),
            Kernel::new("peek_write_dyn", &["out"], Index::Thread).body(
                r#"
    mov.u32 %r2, %ctaid.x;
    shl.b32 %r3, %r1, 2;
    mov.u32 %r4, dyn;
    add.s32 %r5, %r4, %r3;
    ld.shared.u32 %r6, [%r5];
    mad.lo.s32 %r7, %r2, 64, %r1;
    mul.wide.u32 %rd2, %r7, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r6;
    add.s32 %r6, %r2, 1;
    st.shared.u32 [%r5], %r6;
    ret;
"#,
            ),
            String::from(
                r#"
// out[block][t] = tile[t]: a kernel that never writes shared memory.
"#,
            ),
            Kernel::new("peek", &["out"], Index::Thread).body(
                r#"
    mov.u32 %r2, %ctaid.x;
    shl.b32 %r3, %r1, 2;
    mov.u32 %r4, tile;
    add.s32 %r5, %r4, %r3;
    ld.shared.u32 %r6, [%r5];
    mad.lo.s32 %r7, %r2, 64, %r1;
    mul.wide.u32 %rd2, %r7, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r6;
    ret;
"#,
            ),
        ]
        .concat(),
    )
}

/// Every block finds its shared memory zeroed, on every tier and with one worker reusing the
/// buffer from block to block (a kernel that cannot write shared memory is not re-zeroed).
#[test]
fn blocks_find_shared_memory_zeroed() {
    for engine in [Engine::Interp, Engine::JitAll, Engine::Warp] {
        let mut p = program(&shared_peek(), engine);
        p.set_workers(1);
        let mem = DeviceMemory::new();
        let out = mem.alloc(4 * 64 * 8).unwrap();
        // A block zeroes the static variables its kernel names, directly or in the functions
        // it calls, and the dynamic area (not the module's whole static layout).
        for (k, dynamic) in
            [("peek_write", 0), ("peek", 0), ("peek_write_call", 0), ("peek_write_dyn", 256), ("peek_write", 256)]
        {
            mem.write(out, &[0xff; 4 * 64 * 8]).unwrap();
            p.launch(k, Dim3::x(8), Dim3::x(64), dynamic, Params::new().ptr(out).bytes(), &mem).unwrap();
            assert_eq!(download_u32(&mem, out, 64 * 8), vec![0; 64 * 8], "{engine:?} {k}");
        }
    }
}

const INT_OPS: &str = r#"
.version 8.0
.target sm_80
.address_size 64

// out[k * 64 + t] = the k-th operation on x[t], y[t] (64-bit inputs; the 32-bit operations on
// their low halves), and f64 arithmetic on the same bits; `amt` is a warp-uniform shift.
.visible .entry ops(.param .u64 xs, .param .u64 ys, .param .u64 zs, .param .u64 out, .param .u32 amt)
{
    .reg .b32 %r<40>;
    .reg .b64 %rd<60>;
    .reg .f64 %fd<10>;
    .reg .f32 %f<4>;
    .reg .b16 %rs<4>;
    ld.param.u64 %rd1, [xs];
    ld.param.u64 %rd2, [ys];
    ld.param.u64 %rd3, [out];
    ld.param.u32 %r1, [amt];
    ld.param.u64 %rd50, [zs];
    mov.u32 %r2, %tid.x;
    mul.wide.u32 %rd4, %r2, 8;
    add.s64 %rd5, %rd1, %rd4;
    add.s64 %rd6, %rd2, %rd4;
    add.s64 %rd51, %rd50, %rd4;
    ld.global.u64 %rd7, [%rd5];
    ld.global.u64 %rd8, [%rd6];
    ld.global.u64 %rd52, [%rd51];
    cvt.u32.u64 %r3, %rd7;
    cvt.u32.u64 %r4, %rd8;
    add.s64 %rd9, %rd3, %rd4;
    div.u32 %r5, %r3, %r4;
    rem.u32 %r6, %r3, %r4;
    div.s32 %r7, %r3, %r4;
    rem.s32 %r8, %r3, %r4;
    div.u64 %rd10, %rd7, %rd8;
    rem.u64 %rd11, %rd7, %rd8;
    div.s64 %rd12, %rd7, %rd8;
    rem.s64 %rd13, %rd7, %rd8;
    mul.lo.s64 %rd14, %rd7, %rd8;
    mul.hi.s32 %r9, %r3, %r4;
    mul.hi.u32 %r10, %r3, %r4;
    min.s64 %rd15, %rd7, %rd8;
    min.u64 %rd16, %rd7, %rd8;
    max.s64 %rd17, %rd7, %rd8;
    max.u64 %rd18, %rd7, %rd8;
    neg.s32 %r11, %r3;
    neg.s64 %rd19, %rd7;
    abs.s32 %r12, %r3;
    not.b32 %r13, %r3;
    not.b64 %rd20, %rd7;
    shl.b32 %r14, %r3, %r1;
    shr.u32 %r15, %r3, %r1;
    shr.s32 %r16, %r3, %r1;
    shl.b64 %rd21, %rd7, %r1;
    shr.u64 %rd22, %rd7, %r1;
    shr.s64 %rd23, %rd7, %r1;
    shr.s64 %rd24, %rd7, 13;
    mov.b64 %fd1, %rd7;
    mov.b64 %fd2, %rd8;
    mov.b64 %fd3, %rd52;
    add.f64 %fd4, %fd1, %fd2;
    sub.f64 %fd5, %fd1, %fd2;
    mul.f64 %fd6, %fd1, %fd2;
    div.rn.f64 %fd7, %fd1, %fd2;
    fma.rn.f64 %fd8, %fd1, %fd2, %fd3;
    neg.f64 %fd9, %fd1;
    mov.b32 %f1, %r3;
    neg.f32 %f2, %f1;
    mov.b64 {%r20, %r21}, %rd7;
    mov.b64 %rd25, {%r21, %r20};
    mov.b32 {%rs1, %rs2}, %r3;
    mov.b32 %r22, {%rs2, %rs1};
    cvt.rn.f64.s32 %fd5, %r3;
    cvt.f64.f32 %fd6, %f1;
    cvt.rn.f32.f64 %f3, %fd1;
    mul.hi.u64 %rd26, %rd7, %rd8;
    mul.hi.s64 %rd27, %rd7, %rd8;
    abs.s64 %rd28, %rd7;
    cvt.u16.u32 %rs3, %r4;
    add.s16 %rs3, %rs3, %rs1;
    xor.b16 %rs3, %rs3, %rs2;
    cvt.u32.u16 %r23, %rs3;
    cvt.s32.s16 %r24, %rs3;
    add.s32 %r23, %r23, %r24;
    and.b32 %r27, %r4, 127;
    shl.b32 %r25, %r3, %r27;
    shr.s32 %r26, %r3, %r27;
    shr.u64 %rd29, %rd7, %r27;
    shr.s64 %rd30, %rd7, %r4;
    shl.b64 %rd31, %rd7, %r27;
    st.global.u32 [%rd9], %r5;
    st.global.u32 [%rd9+512], %r6;
    st.global.u32 [%rd9+1024], %r7;
    st.global.u32 [%rd9+1536], %r8;
    st.global.u64 [%rd9+2048], %rd10;
    st.global.u64 [%rd9+2560], %rd11;
    st.global.u64 [%rd9+3072], %rd12;
    st.global.u64 [%rd9+3584], %rd13;
    st.global.u64 [%rd9+4096], %rd14;
    st.global.u32 [%rd9+4608], %r9;
    st.global.u32 [%rd9+5120], %r10;
    st.global.u64 [%rd9+5632], %rd15;
    st.global.u64 [%rd9+6144], %rd16;
    st.global.u64 [%rd9+6656], %rd17;
    st.global.u64 [%rd9+7168], %rd18;
    st.global.u32 [%rd9+7680], %r11;
    st.global.u64 [%rd9+8192], %rd19;
    st.global.u32 [%rd9+8704], %r12;
    st.global.u32 [%rd9+9216], %r13;
    st.global.u64 [%rd9+9728], %rd20;
    st.global.u32 [%rd9+10240], %r14;
    st.global.u32 [%rd9+10752], %r15;
    st.global.u32 [%rd9+11264], %r16;
    st.global.u64 [%rd9+11776], %rd21;
    st.global.u64 [%rd9+12288], %rd22;
    st.global.u64 [%rd9+12800], %rd23;
    st.global.u64 [%rd9+13312], %rd24;
    st.global.f64 [%rd9+13824], %fd4;
    st.global.f64 [%rd9+14336], %fd5;
    st.global.f64 [%rd9+14848], %fd6;
    st.global.f64 [%rd9+15360], %fd7;
    st.global.f64 [%rd9+15872], %fd8;
    st.global.f64 [%rd9+16384], %fd9;
    st.global.f32 [%rd9+16896], %f2;
    st.global.u64 [%rd9+17408], %rd25;
    st.global.u32 [%rd9+17920], %r22;
    st.global.f64 [%rd9+18432], %fd5;
    st.global.f64 [%rd9+18944], %fd6;
    st.global.f32 [%rd9+19456], %f3;
    st.global.u64 [%rd9+19968], %rd26;
    st.global.u64 [%rd9+20480], %rd27;
    st.global.u64 [%rd9+20992], %rd28;
    st.global.u32 [%rd9+21504], %r23;
    st.global.u32 [%rd9+22016], %r25;
    st.global.u32 [%rd9+22528], %r26;
    st.global.u64 [%rd9+23040], %rd29;
    st.global.u64 [%rd9+23552], %rd30;
    st.global.u64 [%rd9+24064], %rd31;
    ret;
}
"#;

/// Integer division (by zero, `MIN / -1`), 64-bit multiplies, min/max, shifts by uniform
/// and per-lane amounts at and past the width, packing and unpacking halves, f64 arithmetic and
/// conversions on NaN payloads, infinities and zeros:
/// both compiled tiers give the interpreter's bits.
#[test]
fn integer_and_f64_ops_match_the_interpreter() {
    let specials: [u64; 16] = [
        0,
        1,
        u64::MAX,
        0x8000_0000,
        0xffff_ffff,
        0x8000_0000_0000_0000,
        0x7fff_ffff_ffff_ffff,
        0x7ff8_0000_0000_1234,
        0xfff4_0000_0000_0042,
        0x7ff0_0000_0000_0000,
        0xfff0_0000_0000_0000,
        0x8000_0000_0000_0000 | 7,
        (-7i64) as u64,
        0x7fa0_0001,
        0x4000_0000_0000_0000,
        0x3ff0_0000_0000_0000,
    ];
    let x: Vec<u64> = (0..64).map(|t| specials[t % 16]).collect();
    let y: Vec<u64> = (0..64).map(|t| specials[(t * 7 + 3) % 16]).collect();
    let z: Vec<u64> = (0..64).map(|t| specials[(t * 5 + 9) % 16]).collect();
    let bytes = |v: &[u64]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    for amt in [0u32, 1, 13, 31, 32, 33, 63, 64, 100, u32::MAX] {
        let mut results = Vec::new();
        for engine in [Engine::Warp, Engine::Interp, Engine::JitAll] {
            let p = program(INT_OPS, engine);
            let mem = DeviceMemory::new();
            let (dx, dy, dz, dout) =
                (mem.alloc(512).unwrap(), mem.alloc(512).unwrap(), mem.alloc(512).unwrap(), mem.alloc(24576).unwrap());
            mem.write(dx, &bytes(&x)).unwrap();
            mem.write(dy, &bytes(&y)).unwrap();
            mem.write(dz, &bytes(&z)).unwrap();
            mem.write(dout, &[0xa5; 24576]).unwrap();
            let params = Params::new().ptr(dx).ptr(dy).ptr(dz).ptr(dout).i32(amt as i32).clone();
            p.launch("ops", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).unwrap();
            let mut raw = vec![0u8; 24576];
            mem.read(dout, &mut raw).unwrap();
            results.push(raw);
        }
        for (k, (w, i)) in results[0].chunks(512).zip(results[1].chunks(512)).enumerate() {
            assert_eq!(w, i, "operation {k}, shift amount {amt}: warp tier vs interpreter");
        }
        for (k, (j, i)) in results[2].chunks(512).zip(results[1].chunks(512)).enumerate() {
            assert_eq!(j, i, "operation {k}, shift amount {amt}: per-thread JIT vs interpreter");
        }
    }
    // Spot checks of the interpreter itself: lane 11 divides by zero; lane 3 divides a
    // denormal by a signalling NaN (f64: the NaN operand, quieted, is the result).
    let p = program(INT_OPS, Engine::Interp);
    let mem = DeviceMemory::new();
    let (dx, dy, dz, dout) =
        (mem.alloc(512).unwrap(), mem.alloc(512).unwrap(), mem.alloc(512).unwrap(), mem.alloc(24576).unwrap());
    mem.write(dx, &bytes(&x)).unwrap();
    mem.write(dy, &bytes(&y)).unwrap();
    mem.write(dz, &bytes(&z)).unwrap();
    let params = Params::new().ptr(dx).ptr(dy).ptr(dz).ptr(dout).i32(0).clone();
    p.launch("ops", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).unwrap();
    let mut raw = vec![0u8; 24576];
    mem.read(dout, &mut raw).unwrap();
    let u32_at = |k: usize, t: usize| u32::from_le_bytes(raw[k * 512 + 8 * t..][..4].try_into().unwrap());
    let u64_at = |k: usize, t: usize| u64::from_le_bytes(raw[k * 512 + 8 * t..][..8].try_into().unwrap());
    assert_eq!((y[11], y[3]), (0, 0xfff4_0000_0000_0042));
    assert_eq!(u32_at(0, 11), u32::MAX, "div.u32 by zero");
    // As an H200 gives it (tests/conformance-gpu): the remainder by zero is all ones too.
    assert_eq!(u32_at(1, 11), u32::MAX, "rem.u32 by zero");
    assert_eq!(u64_at(30, 3), 0xfffc_0000_0000_0042, "div.rn.f64 by a NaN");
    assert_eq!(u64_at(34, 11), x[11].rotate_left(32), "halves swapped");
    assert_eq!(u32_at(35, 11), (x[11] as u32).rotate_left(16), "16-bit halves swapped");
}

/// A kernel of `steps` arithmetic steps between a shared-memory exchange and its barrier:
/// `out[i] = f(in[i]) + f(in[i ^ 1])` where `f` is the step chain (all in `u32`).
fn long_kernel(steps: u32) -> String {
    let mut body = String::new();
    for s in 0..steps {
        let (op, k) = match s % 3 {
            0 => ("mul.lo.u32", 2_654_435_761u32.wrapping_add(s)),
            1 => ("xor.b32", 0x9e37_79b9 ^ s),
            _ => ("add.u32", s.wrapping_mul(7919)),
        };
        body.push_str(&format!("    {op} %r2, %r2, {k};\n"));
    }
    format!(
        r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry long_chain(.param .u64 in, .param .u64 out)
{{
    .shared .align 4 .b8 sh[1024];
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %tid.x;
    mov.u32 %r5, %ctaid.x;
    mov.u32 %r6, %ntid.x;
    mad.lo.s32 %r7, %r5, %r6, %r1;
    mul.wide.u32 %rd3, %r7, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r2, [%rd4];
{body}    shl.b32 %r3, %r1, 2;
    mov.u32 %r4, sh;
    add.s32 %r3, %r4, %r3;
    st.shared.u32 [%r3], %r2;
    bar.sync 0;
    xor.b32 %r3, %r1, 1;
    shl.b32 %r3, %r3, 2;
    add.s32 %r3, %r4, %r3;
    ld.shared.u32 %r3, [%r3];
    add.u32 %r2, %r2, %r3;
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r2;
    ret;
}}
"#
    )
}

/// The host's `f` of `long_kernel(steps)`.
fn long_chain(steps: u32, mut x: u32) -> u32 {
    for s in 0..steps {
        x = match s % 3 {
            0 => x.wrapping_mul(2_654_435_761u32.wrapping_add(s)),
            1 => x ^ (0x9e37_79b9 ^ s),
            _ => x.wrapping_add(s.wrapping_mul(7919)),
        };
    }
    x
}

/// A long kernel compiles for the warp tier (and the block tier) on a background thread while
/// its launches run on the per-thread JIT, then moves to one of them: every launch, whichever tier ran it, gives the right
/// result (and so does the warp tier forced).
#[test]
fn long_kernels_move_to_the_warp_tier_with_the_same_results() {
    let steps = 200;
    let src = long_kernel(steps);
    let n = 4 * 256;
    let input: Vec<u32> = (0..n as u32).map(|i| i.wrapping_mul(0x0101_0101) ^ 0x5a5a).collect();
    let f: Vec<u32> = input.iter().map(|&x| long_chain(steps, x)).collect();
    let want: Vec<u32> = (0..n).map(|i| f[i].wrapping_add(f[i ^ 1])).collect();
    for engine in [Engine::Jit, Engine::Warp] {
        let p = program(&src, engine);
        let mem = DeviceMemory::new();
        let (din, dout) = (mem.alloc(4 * n as u64).unwrap(), mem.alloc(4 * n as u64).unwrap());
        mem.write(din, &le_bytes(&input)).unwrap();
        let params = Params::new().ptr(din).ptr(dout).clone();
        let mut tiers = Vec::new();
        // The compile's liveness bound (it takes well under a second in a release build).
        let deadline = Instant::now() + Duration::from_secs(300);
        // Under `Engine::Jit` the block tier, compiled in the background too, may take the
        // kernel first.
        let moved = |tiers: &[Tier]| tiers.iter().any(|t| matches!(t, Tier::WarpJit | Tier::Block));
        while !moved(&tiers) || tiers.len() < 3 {
            assert!(Instant::now() < deadline, "{engine:?}: never left the per-thread JIT: {tiers:?}");
            mem.write(dout, &vec![0u8; 4 * n]).unwrap();
            let stats = p.launch("long_chain", Dim3::x(4), Dim3::x(256), 0, params.bytes(), &mem).unwrap();
            assert_eq!(download_u32(&mem, dout, n), want, "{engine:?}, launch {} on {:?}", tiers.len(), stats.tier);
            tiers.push(stats.tier);
            std::thread::sleep(Duration::from_millis(2));
        }
        let first = if engine == Engine::Jit { Tier::ThreadJit } else { Tier::WarpJit };
        assert_eq!(tiers[0], first, "{engine:?}");
    }
}

/// `not.b64` of an operand with zero high halves (an immediate) sets the high halves on the
/// warp tier (found by `engine_fuzz`, seed 328: the tier's shortcut for such operands computes
/// only the low halves, assuming the operation keeps zero high halves zero, and `not` does not).
#[test]
fn warp_not_b64_of_an_immediate() {
    fn ptx() -> String {
        module_version(
            "8.8",
            "sm_90",
            &Kernel::new("notk", &["out"], Index::Thread).offset(8).body(
                r#"
    add.s64 %rd3, %rd1, %rd2;
    not.b64 %rd4, 46;
    cvt.u64.u32 %rd5, %r1;
    not.b64 %rd5, %rd5;
    add.s64 %rd4, %rd4, %rd5;
    st.global.u64 [%rd3], %rd4;
    ret;
"#,
            ),
        )
    }
    for engine in [Engine::Interp, Engine::JitAll, Engine::Warp] {
        let p = program(&ptx(), engine);
        let mem = DeviceMemory::new();
        let out = mem.alloc(8 * 32).unwrap();
        p.launch("notk", Dim3::x(1), Dim3::x(32), 0, Params::new().ptr(out).bytes(), &mem).unwrap();
        let mut raw = vec![0u8; 8 * 32];
        mem.read(out, &mut raw).unwrap();
        let got: Vec<u64> = raw.chunks(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect();
        let want: Vec<u64> = (0..32u64).map(|t| (!46u64).wrapping_add(!t)).collect();
        assert_eq!(got, want, "{engine:?}");
    }
}

/// A load from a local variable's address (`[lbuf+8]`, no register) reads each lane's own local
/// memory on the warp tier (found by `engine_fuzz`'s memory kernels, seed 6: the tier's path for
/// loads from one address in every lane, meant for parameters and global variables, loaded lane
/// 0's local copy for the whole warp).
#[test]
fn warp_local_variable_loads_are_per_lane() {
    fn ptx() -> String {
        module_version(
            "8.8",
            "sm_90",
            &Kernel::new("localk", &["out"], Index::Thread).declare(".local .align 16 .b8 lbuf[16];").body(
                r#"
    add.s32 %r2, %r1, 100;
    st.local.v2.b32 [lbuf+8], {%r1, %r2};
    ld.local.u32 %r3, [lbuf+8];
    ld.local.v2.b32 {%r4, %r5}, [lbuf+8];
    add.s32 %r3, %r3, %r5;
    add.s32 %r3, %r3, %r4;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r3;
    ret;
"#,
            ),
        )
    }
    for engine in [Engine::Interp, Engine::JitAll, Engine::Warp] {
        let p = program(&ptx(), engine);
        let mem = DeviceMemory::new();
        let out = mem.alloc(4 * 32).unwrap();
        p.launch("localk", Dim3::x(1), Dim3::x(32), 0, Params::new().ptr(out).bytes(), &mem).unwrap();
        let want: Vec<u32> = (0..32u32).map(|t| 3 * t + 100).collect();
        assert_eq!(download_u32(&mem, out, 32), want, "{engine:?}");
    }
}

fn f8_from_f16x2() -> String {
    module(
        "sm_90",
        &Kernel::new("f8", &["in", "out"], Index::Thread).declare(".reg .b16 %h<7>;").offset(4).body(
            r#"
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r2, [%rd4];
    cvt.rn.satfinite.e4m3x2.f16x2 %h3, %r2;
    cvt.rn.satfinite.relu.e5m2x2.f16x2 %h4, %r2;
    mov.b32 {%h1, %h2}, %r2;
    cvt.f32.f16 %f1, %h1;
    cvt.f32.f16 %f2, %h2;
    cvt.rn.satfinite.e4m3x2.f32 %h5, %f2, %f1;
    cvt.rn.satfinite.relu.e5m2x2.f32 %h6, %f2, %f1;
    cvt.u32.u16 %r3, %h3;
    cvt.u32.u16 %r4, %h4;
    cvt.u32.u16 %r5, %h5;
    cvt.u32.u16 %r6, %h6;
    mul.wide.u32 %rd3, %r1, 16;
    add.s64 %rd5, %rd2, %rd3;
    st.global.v4.u32 [%rd5], {%r3, %r4, %r5, %r6};
    ret;
"#,
        ),
    )
}

/// `cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2` (what `cuda_fp8.h` emits for a `__half2`)
/// gives what converting each half through f32 gives (an f16 is exact in f32), on every
/// engine; saturation, NaN and `.relu` by hand for a few halves.
#[test]
fn fp8_pairs_from_f16_pairs() {
    let halves: Vec<u16> = [0x3c00u16, 0xc000, 0x7c00, 0xfc00, 0x7e00, 0x5bff, 0x0001, 0x8001, 0x7bff, 0x3555]
        .into_iter()
        .chain((0..54u16).map(|i| i.wrapping_mul(0x0a3b) ^ 0x1234))
        .collect();
    let n = halves.len() / 2;
    let input: Vec<u32> = (0..n).map(|i| u32::from(halves[2 * i + 1]) << 16 | u32::from(halves[2 * i])).collect();
    let mut outs = Vec::new();
    for engine in [Engine::Interp, Engine::JitAll, Engine::Warp] {
        let p = program(&f8_from_f16x2(), engine);
        let mem = DeviceMemory::new();
        let (din, dout) = (mem.alloc(4 * n as u64).unwrap(), mem.alloc(16 * n as u64).unwrap());
        mem.write(din, &le_bytes(&input)).unwrap();
        let params = Params::new().ptr(din).ptr(dout).clone();
        p.launch("f8", Dim3::x(1), Dim3::x(n as u32), 0, params.bytes(), &mem).unwrap();
        let out = download_u32(&mem, dout, 4 * n);
        for (t, o) in out.chunks(4).enumerate() {
            assert_eq!((o[0], o[1]), (o[2], o[3]), "{engine:?}, thread {t}: f16x2 {:#010x}", input[t]);
        }
        outs.push(out);
    }
    assert!(outs.windows(2).all(|w| w[0] == w[1]), "the engines differ");
    // 1.0 and -2.0; +inf saturates to the largest finite (448 / 57344, e5m2 through relu
    // as 0 for -inf); NaN stays NaN.
    let o = &outs[0];
    assert_eq!(o[0], 0xc038, "e4m3 of (-2.0, 1.0)");
    assert_eq!(o[1], 0x003c, "e5m2 relu of (-2.0, 1.0)");
    assert_eq!(o[4], 0xfe7e, "e4m3 of (-inf, +inf)");
    assert_eq!(o[5], 0x007b, "e5m2 relu of (-inf, +inf)");
    assert_eq!(o[8] & 0x7f, 0x7f, "e4m3 of NaN");
}

fn narrow_pairs() -> String {
    module_version(
        "8.6",
        "sm_100a",
        &Kernel::new("narrow", &["in", "out"], Index::Thread)
            .declare(".reg .b8 %b<2>;\n.reg .b16 %h<3>;")
            .offset(8)
            .body(
                r#"
    add.s64 %rd4, %rd1, %rd3;
    ld.global.v2.f32 {%f1, %f2}, [%rd4];
    cvt.rn.satfinite.e2m1x2.f32 %b1, %f1, %f2;
    cvt.rn.satfinite.e2m3x2.f32 %h1, %f1, %f2;
    cvt.rn.satfinite.relu.e3m2x2.f32 %h2, %f1, %f2;
    cvt.rn.f16x2.e2m1x2 %r2, %b1;
    cvt.rn.f16x2.e2m3x2 %r3, %h1;
    cvt.rn.f16x2.e3m2x2 %r4, %h2;
    cvt.u32.u8 %r5, %b1;
    cvt.u32.u16 %r6, %h1;
    cvt.u32.u16 %r7, %h2;
    mul.wide.u32 %rd3, %r1, 32;
    add.s64 %rd5, %rd2, %rd3;
    st.global.v4.u32 [%rd5], {%r5, %r6, %r7, %r2};
    st.global.v2.u32 [%rd5+16], {%r3, %r4};
    ret;
"#,
            ),
    )
}

/// A narrow format's magnitudes by code, from its definition: `ebits` exponent bits (bias
/// 2^(ebits-1) - 1, subnormals at exponent field 0), `mbits` fraction bits, every code finite.
fn narrow_values(ebits: i32, mbits: i32) -> Vec<f64> {
    let bias = (1 << (ebits - 1)) - 1;
    (0..1 << (ebits + mbits))
        .map(|c| {
            let (e, f) = (c >> mbits, f64::from(c & ((1 << mbits) - 1)));
            let scale = f64::from(1 << mbits);
            if e == 0 { f / scale * 2f64.powi(1 - bias) } else { (1.0 + f / scale) * 2f64.powi(e - bias) }
        })
        .collect()
}

/// `x` in the format of `values` as `cvt.rn.satfinite{.relu}` defines it: the nearest value
/// (ties to the even code), the largest beyond it, NaN the largest positive, `.relu` +0 for a
/// negative `x` or -0.0 (as an H200 gives for the fp8 formats); the sign bit above the
/// magnitude.
fn narrow_code(x: f32, values: &[f64], relu: bool) -> u32 {
    let max = values.len() as u32 - 1;
    if x.is_nan() {
        return max;
    }
    let x = if relu && x.is_sign_negative() { 0.0 } else { x };
    let sign = if x.is_sign_negative() { values.len() as u32 } else { 0 };
    let a = f64::from(x.abs());
    if a >= values[max as usize] {
        return sign | max;
    }
    let mut best = 0u32;
    for (c, v) in values.iter().enumerate() {
        let (d, db) = ((a - v).abs(), (a - values[best as usize]).abs());
        if d < db || (d == db && c % 2 == 0) {
            best = c as u32;
        }
    }
    sign | best
}

/// An f16's value.
fn half_value(h: u32) -> f64 {
    let (e, f) = ((h >> 10) & 31, f64::from(h & 1023));
    let v = if e == 0 { f * 2f64.powi(-24) } else { (1.0 + f / 1024.0) * 2f64.powi(e as i32 - 15) };
    if h & 0x8000 != 0 { -v } else { v }
}

/// `cvt.rn.satfinite{.relu}.{e2m1x2,e2m3x2,e3m2x2}.f32` (cuda_fp4.h's and cuda_fp6.h's
/// conversions on sm_100a) give the nearest code of each format's definition, a in the upper
/// code, saturating, NaN the largest positive value; `cvt.rn.f16x2.{e2m1x2,...}` gives the
/// codes' values back; on every engine.
#[test]
fn fp4_and_fp6_pairs_from_f32_and_back() {
    let mut floats: Vec<f32> =
        vec![1.0, -2.0, 2.5, 5.0, 0.25, 0.3, 7.0, 100.0, f32::INFINITY, f32::NEG_INFINITY, f32::NAN, -0.0];
    floats.extend((0..52).map(|i| (i as f32 - 20.0) * 0.37));
    let n = floats.len() / 2;
    let (e2m1, e2m3, e3m2) = (narrow_values(2, 1), narrow_values(2, 3), narrow_values(3, 2));
    let mut outs = Vec::new();
    for engine in [Engine::Interp, Engine::JitAll, Engine::Warp] {
        let p = program(&narrow_pairs(), engine);
        let mem = DeviceMemory::new();
        let (din, dout) = (mem.alloc(8 * n as u64).unwrap(), mem.alloc(32 * n as u64).unwrap());
        mem.write(din, &le_bytes(&floats.iter().map(|f| f.to_bits()).collect::<Vec<u32>>())).unwrap();
        let params = Params::new().ptr(din).ptr(dout).clone();
        p.launch("narrow", Dim3::x(1), Dim3::x(n as u32), 0, params.bytes(), &mem).unwrap();
        let out = download_u32(&mem, dout, 8 * n);
        for t in 0..n {
            let (a, b, o) = (floats[2 * t], floats[2 * t + 1], &out[8 * t..8 * t + 8]);
            let at = format!("{engine:?}, thread {t}: ({a}, {b})");
            assert_eq!(o[0], narrow_code(a, &e2m1, false) << 4 | narrow_code(b, &e2m1, false), "e2m1 {at}");
            assert_eq!(o[1], narrow_code(a, &e2m3, false) << 8 | narrow_code(b, &e2m3, false), "e2m3 {at}");
            assert_eq!(o[2], narrow_code(a, &e3m2, true) << 8 | narrow_code(b, &e3m2, true), "e3m2 relu {at}");
            // Back to halves: the upper code to the upper half.
            for (word, codes, values, field) in [(o[3], o[0], &e2m1, 4), (o[4], o[1], &e2m3, 8), (o[5], o[2], &e3m2, 8)]
            {
                let sign = values.len() as u32;
                for (half, code) in [(word & 0xffff, codes & ((1 << field) - 1)), (word >> 16, codes >> field)] {
                    let v = values[(code & (sign - 1)) as usize];
                    let v = if code & sign != 0 { -v } else { v };
                    assert_eq!(half_value(half), v, "{at}: code {code:#x} back to half {half:#06x}");
                }
            }
        }
        outs.push(out);
    }
    assert!(outs.windows(2).all(|w| w[0] == w[1]), "the engines differ");
}

fn shared_atoms() -> String {
    module(
        "sm_80",
        &[
            String::from(
                r#"
.shared .align 4 .b8 bins[256];

// Every lane adds, mins, maxes, xors and exchanges into bins[idx[t] + 4 * op] (offsets in
// bytes; results unused, as a histogram's), then thread t copies bins word t out. An index
// past the bins or misaligned faults.
"#,
            ),
            Kernel::new("shared_atoms", &["idx", "vals", "out"], Index::Thread).global_pointers().offset(4).body(
                r#"
    add.s64 %rd5, %rd1, %rd4;
    ld.global.u32 %r2, [%rd5];
    add.s64 %rd6, %rd2, %rd4;
    ld.global.u32 %r3, [%rd6];
    mov.u32 %r4, bins;
    add.s32 %r5, %r4, %r2;
    atom.shared.add.u32 %r6, [%r5+32], %r3;
    atom.shared.add.u32 %r6, [%r5], 1;
    atom.shared.min.s32 %r6, [%r5+64], %r3;
    atom.shared.max.u32 %r6, [%r5+96], %r3;
    atom.shared.xor.b32 %r6, [%r5+128], %r3;
    atom.shared.exch.b32 %r6, [%r5+160], %r3;
    bar.sync 0;
    setp.ge.u32 %p1, %r1, 64;
    @%p1 bra DONE;
    shl.b32 %r7, %r1, 2;
    add.s32 %r8, %r4, %r7;
    ld.shared.u32 %r9, [%r8];
    add.s64 %rd7, %rd3, %rd4;
    st.global.u32 [%rd7], %r9;
DONE:
    ret;
"#,
            ),
        ]
        .concat(),
    )
}

/// Shared atomics of whole warps with unused results (the warp tier's unrolled form, after
/// one vector check of the addresses) give the interpreter's bins, and its faults where a
/// lane's address is out of bounds or misaligned; so do partial warps (the lane loop).
#[test]
fn whole_warp_shared_atomics() {
    let mem = DeviceMemory::new();
    let (idx, vals, out) = (mem.alloc(4 * 96).unwrap(), mem.alloc(4 * 96).unwrap(), mem.alloc(4 * 64).unwrap());
    let v: Vec<u32> = (0..96u32).map(|t| t.wrapping_mul(2_654_435_761) >> 3).collect();
    mem.write(vals, &le_bytes(&v)).unwrap();
    let run = |engine: Engine, threads: u32, bins: &[u32]| {
        let mut p = program(&shared_atoms(), engine);
        p.set_workers(1);
        mem.write(idx, &le_bytes(bins)).unwrap();
        mem.write(out, &[0; 4 * 64]).unwrap();
        let params = Params::new().ptr(idx).ptr(vals).ptr(out).clone();
        let r = p.launch("shared_atoms", Dim3::x(2), Dim3::x(threads), 0, params.bytes(), &mem);
        r.map(|_| download_u32(&mem, out, 64)).map_err(Box::new)
    };
    // Colliding bins, all bins, the last in-bounds word, one lane past the end, one lane
    // misaligned, one lane wrapping.
    let collide: Vec<u32> = (0..96u32).map(|t| 4 * (t % 3)).collect();
    let spread: Vec<u32> = (0..96u32).map(|t| 4 * (t % 8)).collect();
    let last: Vec<u32> = (0..96u32).map(|t| if t == 5 { 256 - 4 - 160 } else { 0 }).collect();
    let past: Vec<u32> = (0..96u32).map(|t| if t == 37 { 256 - 160 } else { 4 }).collect();
    let odd: Vec<u32> = (0..96u32).map(|t| if t == 40 { 2 } else { 8 }).collect();
    // A 32-bit address register that wraps past 2^32 with some offsets: `[%r5+32]` reaches
    // word 0 (the sum modulo 2^32), `[%r5]` is out of bounds.
    let wrap: Vec<u32> = (0..96u32).map(|t| if t == 3 { 0xffff_ffe0 } else { 0 }).collect();
    for bins in [&collide, &spread, &last, &past, &odd, &wrap] {
        for threads in [64, 96, 80] {
            let want = run(Engine::Interp, threads, bins);
            for engine in [Engine::Warp, Engine::JitAll] {
                assert_eq!(run(engine, threads, bins), want, "{engine:?}, {threads} threads, bins {:?}", &bins[..8]);
            }
        }
    }
    // The cases do check something: bins that collide count every lane of the block.
    assert_eq!(run(Engine::Warp, 64, &collide).unwrap()[0], 22);
    assert!([&past, &odd, &wrap].iter().all(|b| run(Engine::Warp, 64, b).is_err()));
}

fn global_atoms() -> String {
    module(
        "sm_80",
        &[
            String::from(
                r#"
// Every thread applies each integer atomic and float additions (its value's bits as a float:
// NaNs, infinities, subnormals) to the counters at byte offset idx[t] and writes the old
// values it got to out[t * 12 ..].
"#,
            ),
            Kernel::new("global_atoms", &["idx", "vals", "counters", "out"], Index::Grid)
                .global_pointers()
                .offset(4)
                .body(
                    r#"
    add.s64 %rd6, %rd1, %rd5;
    ld.global.u32 %r5, [%rd6];
    add.s64 %rd7, %rd2, %rd5;
    ld.global.u32 %r6, [%rd7];
    cvt.u64.u32 %rd8, %r5;
    add.s64 %rd9, %rd3, %rd8;
    atom.global.add.u32 %r10, [%rd9], %r6;
    atom.global.and.b32 %r11, [%rd9+4], %r6;
    atom.global.or.b32 %r12, [%rd9+8], %r6;
    atom.global.xor.b32 %r13, [%rd9+12], %r6;
    atom.global.min.s32 %r14, [%rd9+16], %r6;
    atom.global.max.u32 %r15, [%rd9+20], %r6;
    atom.global.exch.b32 %r16, [%rd9+24], %r6;
    cvt.u64.u32 %rd10, %r6;
    shl.b64 %rd11, %rd10, 29;
    atom.global.add.u64 %rd12, [%rd9+32], %rd11;
    atom.global.min.s64 %rd13, [%rd9+40], %rd11;
    atom.global.max.u64 %rd14, [%rd9+48], %rd11;
    red.global.add.u32 [%rd9+56], 1;
    mov.b32 %f1, %r6;
    atom.global.add.f32 %f2, [%rd9+60], %f1;
    mov.b64 %fd1, {%r6, %r6};
    atom.global.add.f64 %fd2, [%rd9+64], %fd1;
    mul.wide.u32 %rd15, %r4, 48;
    add.s64 %rd16, %rd4, %rd15;
    st.global.v4.u32 [%rd16], {%r10, %r11, %r12, %r13};
    st.global.v2.u32 [%rd16+16], {%r14, %r15};
    st.global.u32 [%rd16+24], %r16;
    st.global.u32 [%rd16+28], %r6;
    st.global.u32 [%rd16+32], %rd12;
    cvt.u32.u64 %r17, %rd13;
    st.global.u32 [%rd16+36], %r17;
    st.global.f32 [%rd16+40], %f2;
    mov.b64 {%r18, %r19}, %fd2;
    st.global.u32 [%rd16+44], %r19;
    ret;
"#,
                ),
        ]
        .concat(),
    )
}

/// Integer atomics on global memory (the warp tier runs them as host atomics on the
/// allocation its access site last saw), and float additions beside them (the interpreter's
/// on every tier), give the interpreter's old values and counters, on
/// counters that every thread shares, that each warp shares and that each thread owns, and
/// its faults for an address past the allocation or misaligned.
#[test]
fn global_integer_atomics() {
    let mem = DeviceMemory::new();
    let threads = 96u32;
    let n = (2 * threads) as usize;
    let (idx, vals) = (mem.alloc(4 * n as u64).unwrap(), mem.alloc(4 * n as u64).unwrap());
    let counters = mem.alloc(128 * n as u64).unwrap();
    let out = mem.alloc(48 * n as u64).unwrap();
    let v: Vec<u32> = (0..n as u32).map(|t| t.wrapping_mul(2_654_435_761) ^ (t << 28)).collect();
    mem.write(vals, &le_bytes(&v)).unwrap();
    let start: Vec<u32> = (0..32 * n as u32).map(|k| k.wrapping_mul(0x9e37_79b9)).collect();
    let run = |engine: Engine, offsets: &[u32]| {
        let mut p = program(&global_atoms(), engine);
        p.set_workers(1);
        mem.write(idx, &le_bytes(offsets)).unwrap();
        mem.write(counters, &le_bytes(&start)).unwrap();
        mem.write(out, &vec![0; 48 * n]).unwrap();
        let params = Params::new().ptr(idx).ptr(vals).ptr(counters).ptr(out).clone();
        let r = p.launch("global_atoms", Dim3::x(2), Dim3::x(threads), 0, params.bytes(), &mem);
        r.map(|_| (download_u32(&mem, counters, 32 * n), download_u32(&mem, out, 12 * n))).map_err(Box::new)
    };
    let shared = vec![0u32; n];
    let per_warp: Vec<u32> = (0..n as u32).map(|t| 128 * (t / 32)).collect();
    let own: Vec<u32> = (0..n as u32).map(|t| 128 * t).collect();
    let past: Vec<u32> = (0..n as u32).map(|t| if t == 100 { 128 * n as u32 } else { 0 }).collect();
    let odd: Vec<u32> = (0..n as u32).map(|t| if t == 7 { 2 } else { 128 }).collect();
    for offsets in [&shared, &per_warp, &own, &past, &odd] {
        let want = run(Engine::Interp, offsets);
        for engine in [Engine::Warp, Engine::JitAll] {
            assert_eq!(run(engine, offsets), want, "{engine:?} offsets {:?}", &offsets[..8]);
        }
    }
    // Something was counted: every thread incremented the shared counter at byte 56.
    assert_eq!(run(Engine::Warp, &shared).unwrap().0[14], start[14].wrapping_add(n as u32));
    assert!(run(Engine::Warp, &past).is_err() && run(Engine::Warp, &odd).is_err());
}

/// The comparisons `lane_affine_comparisons` makes: (operator, type, operands), `r8` being
/// `blockIdx.x * blockDim.x + threadIdx.x + off`, `r9` the lane (`threadIdx.x & 31`) and `r1`
/// the uniform `k`.
const AFFINE_CMPS: [(&str, &str, &str, &str); 24] = [
    ("lt", "u32", "%r8", "%r1"),
    ("le", "u32", "%r8", "%r1"),
    ("gt", "u32", "%r8", "%r1"),
    ("ge", "u32", "%r8", "%r1"),
    ("eq", "u32", "%r8", "%r1"),
    ("ne", "u32", "%r8", "%r1"),
    ("lt", "s32", "%r8", "%r1"),
    ("le", "s32", "%r8", "%r1"),
    ("gt", "s32", "%r8", "%r1"),
    ("ge", "s32", "%r8", "%r1"),
    ("lo", "u32", "%r8", "%r1"),
    ("hs", "u32", "%r8", "%r1"),
    ("lt", "u32", "%r1", "%r8"),
    ("le", "s32", "%r1", "%r8"),
    ("gt", "s32", "%r1", "%r8"),
    ("ge", "u32", "%r1", "%r8"),
    ("eq", "s32", "%r1", "%r8"),
    ("ne", "u32", "%r1", "%r8"),
    ("lt", "u32", "%r9", "%r1"),
    ("ge", "s32", "%r9", "%r1"),
    ("eq", "u32", "%r9", "%r1"),
    ("lt", "u32", "%r9", "17"),
    ("gt", "s32", "%r9", "-3"),
    ("ne", "u32", "%r9", "31"),
];

/// Each thread sets bit `i` of its word when comparison `i` of `AFFINE_CMPS` holds, each
/// predicate read by a branch only (the warp tier's scalar form of a lane-affine comparison
/// takes those); threads below `quit` return first. Bit 31: whether `threadIdx.x / 32` is 1
/// (uniform in blocks whose width is a multiple of 32).
fn affine_cmp_kernel() -> String {
    let mut body = String::new();
    for (i, (op, ty, a, b)) in AFFINE_CMPS.iter().enumerate() {
        body += &format!(
            "    setp.{op}.{ty} %p2, {a}, {b};\n    @!%p2 bra S{i};\n    or.b32 %r20, %r20, {};\nS{i}:\n",
            1u32 << i
        );
    }
    format!(
        r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry affine_cmp(.param .u64 out, .param .u32 k, .param .u32 off, .param .u32 quit)
{{
    .reg .pred %p<4>;
    .reg .b32 %r<24>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    ld.param.u32 %r1, [k];
    ld.param.u32 %r2, [off];
    ld.param.u32 %r3, [quit];
    mov.u32 %r4, %tid.x;
    mov.u32 %r5, %ctaid.x;
    mov.u32 %r6, %ntid.x;
    mov.u32 %r10, %tid.y;
    mad.lo.s32 %r11, %r10, %r6, %r4;
    mov.u32 %r12, %ntid.y;
    mul.lo.s32 %r13, %r6, %r12;
    mad.lo.s32 %r14, %r5, %r13, %r11;
    setp.lt.u32 %p1, %r4, %r3;
    @%p1 bra DONE;
    mad.lo.s32 %r7, %r5, %r6, %r4;
    add.s32 %r8, %r7, %r2;
    and.b32 %r9, %r4, 31;
    shr.u32 %r15, %r4, 5;
    mov.u32 %r20, 0;
{body}    setp.ne.u32 %p3, %r15, 1;
    @%p3 bra W;
    or.b32 %r20, %r20, -2147483648;
W:
    mul.wide.u32 %rd2, %r14, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r20;
DONE:
    ret;
}}
"#
    )
}

/// What thread (`x`, `block`) of `affine_cmp_kernel` writes (`None`: it returned first).
fn affine_cmp_reference(x: u32, block: u32, width: u32, k: u32, off: u32, quit: u32) -> Option<u32> {
    if x < quit {
        return None;
    }
    let r8 = (block * width + x).wrapping_add(off);
    let value = |s: &str| match s {
        "%r8" => r8,
        "%r9" => x & 31,
        "%r1" => k,
        imm => imm.parse::<i32>().unwrap() as u32,
    };
    let mut word = 0;
    for (i, (op, ty, a, b)) in AFFINE_CMPS.iter().enumerate() {
        let (a, b) = (value(a), value(b));
        let ord = if *ty == "s32" { (a as i32).cmp(&(b as i32)) } else { a.cmp(&b) };
        let holds = match *op {
            "lt" | "lo" => ord.is_lt(),
            "le" => ord.is_le(),
            "gt" => ord.is_gt(),
            "ge" | "hs" => ord.is_ge(),
            "eq" => ord.is_eq(),
            _ => ord.is_ne(),
        };
        word |= u32::from(holds) << i;
    }
    // Bit 31: threadIdx.x / 32 == 1 (the warp's index in rows of 32).
    Some(word | u32::from(x >> 5 == 1) << 31)
}

/// Comparisons of lane-affine registers with uniform values (the warp tier's scalar lane
/// masks) give every lane's result: prefixes and suffixes of the warp, one lane, all or
/// none, across signed and unsigned wrap-around, with the lowest lanes returned first, and in
/// blocks whose shape breaks the pattern (rows of 48 and 16 threads: a warp spans two rows).
#[test]
fn lane_affine_comparisons() {
    let mem = DeviceMemory::new();
    let out = mem.alloc(4 * 256).unwrap();
    let src = affine_cmp_kernel();
    let mut progs: Vec<Program> = [Engine::Interp, Engine::Warp].into_iter().map(|e| program(&src, e)).collect();
    let ks = [0u32, 5, 31, 32, 40, 100, 0x7fff_fff0, 0x8000_0000, 0x8000_0010, 0xffff_fff0, 0xffff_ffff];
    let offs = [0u32, 17, 0x7fff_ffe0, 0x7fff_fff0, 0x8000_0000, 0xffff_ffe0, 0xffff_fff0];
    let mut checked = 0;
    for block in [Dim3::x(64), Dim3::new(48, 2, 1), Dim3::new(16, 4, 1)] {
        for &k in &ks {
            for &off in &offs {
                for quit in [0u32, 7] {
                    let mut got = Vec::new();
                    for p in &mut progs {
                        mem.write(out, &[0xee; 4 * 256]).unwrap();
                        let params = Params::new().ptr(out).u32(k).u32(off).u32(quit).clone();
                        p.launch("affine_cmp", Dim3::x(2), block, 0, params.bytes(), &mem).unwrap();
                        got.push(download_u32(&mem, out, 256));
                    }
                    let n = block.x * block.y;
                    for b in 0..2 {
                        for t in 0..n {
                            let (x, y) = (t % block.x, t / block.x);
                            let want = affine_cmp_reference(x, b, block.x, k, off, quit).unwrap_or(0xeeee_eeee);
                            let i = (b * n + y * block.x + x) as usize;
                            assert_eq!(
                                got[0][i], want,
                                "interpreter: block {block:?}, k {k:#x}, off {off:#x}, quit {quit}, thread {i}"
                            );
                            assert_eq!(
                                got[1][i], want,
                                "warp tier: block {block:?}, k {k:#x}, off {off:#x}, quit {quit}, thread {i}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(checked, (64 + 96 + 64) * 2 * ks.len() * offs.len() * 2);
}

const UNIFORM_INT: &str = r#"
.version 8.0
.target sm_80
.address_size 64

// Integer operations on warp-uniform operands (parameters), 32- and 64-bit, each result
// stored per thread: r32[t*20 + j], r64[t*12 + j]. With `div` nonzero, the threads with
// tid < div skip them (they run on a diverged warp).
.visible .entry uniops(.param .u64 r32, .param .u64 r64, .param .u32 a, .param .u32 b,
                       .param .u64 c, .param .u32 div)
{
    .reg .pred %p<2>;
    .reg .b32 %r<32>;
    .reg .b64 %rd<32>;
    ld.param.u64 %rd1, [r32];
    ld.param.u64 %rd2, [r64];
    ld.param.u32 %r1, [a];
    ld.param.u32 %r2, [b];
    ld.param.u64 %rd3, [c];
    ld.param.u32 %r3, [div];
    mov.u32 %r4, %tid.x;
    setp.lt.u32 %p1, %r4, %r3;
    @%p1 bra DONE;
    add.s32 %r10, %r1, %r2;
    sub.s32 %r11, %r1, %r2;
    mul.lo.s32 %r12, %r1, %r2;
    and.b32 %r13, %r1, %r2;
    or.b32 %r14, %r1, %r2;
    xor.b32 %r15, %r1, %r2;
    min.s32 %r16, %r1, %r2;
    min.u32 %r17, %r1, %r2;
    max.s32 %r18, %r1, %r2;
    max.u32 %r19, %r1, %r2;
    shl.b32 %r20, %r1, 5;
    shr.s32 %r21, %r1, 3;
    shr.u32 %r22, %r1, 3;
    mad.lo.s32 %r23, %r1, %r2, %r11;
    shr.s32 %r24, %r2, 31;
    shr.u32 %r25, %r2, 31;
    mul.wide.s32 %rd10, %r1, %r2;
    mul.wide.u32 %rd11, %r1, %r2;
    add.s64 %rd12, %rd3, %rd10;
    sub.s64 %rd13, %rd3, %rd11;
    mul.lo.s64 %rd14, %rd3, %rd10;
    min.s64 %rd15, %rd3, %rd10;
    max.u64 %rd16, %rd3, %rd10;
    shr.s64 %rd17, %rd3, 7;
    shl.b64 %rd18, %rd3, 9;
    mad.lo.s64 %rd19, %rd3, %rd11, %rd10;
    not.b32 %r26, %r1;
    neg.s32 %r27, %r1;
    cvt.u32.u64 %r28, %rd3;
    mov.u32 %r29, %r2;
    cvt.s64.s32 %rd26, %r1;
    cvt.u64.u32 %rd27, %r1;
    not.b64 %rd28, %rd3;
    neg.s64 %rd29, %rd3;
    mul.wide.u32 %rd20, %r4, 80;
    add.s64 %rd21, %rd1, %rd20;
    st.global.v4.u32 [%rd21], {%r10, %r11, %r12, %r13};
    st.global.v4.u32 [%rd21+16], {%r14, %r15, %r16, %r17};
    st.global.v4.u32 [%rd21+32], {%r18, %r19, %r20, %r21};
    st.global.v4.u32 [%rd21+48], {%r22, %r23, %r24, %r25};
    st.global.v4.u32 [%rd21+64], {%r26, %r27, %r28, %r29};
    mul.wide.u32 %rd30, %r4, 96;
    add.s64 %rd22, %rd2, %rd30;
    st.global.v2.u64 [%rd22], {%rd10, %rd11};
    st.global.v2.u64 [%rd22+16], {%rd12, %rd13};
    st.global.v2.u64 [%rd22+32], {%rd14, %rd15};
    st.global.v2.u64 [%rd22+48], {%rd16, %rd17};
    st.global.v2.u64 [%rd22+64], {%rd26, %rd27};
    st.global.v2.u64 [%rd22+80], {%rd28, %rd29};
    cvt.u64.u32 %rd23, %r23;
    add.s64 %rd24, %rd18, %rd23;
    add.s64 %rd25, %rd19, %rd24;
    st.global.u64 [%rd2+6144], %rd25;
DONE:
    ret;
}
"#;

/// The reference of `uniops` for one thread: (its 20 32-bit results, its 12 64-bit ones) and
/// the 64-bit value every running thread stores at `r64 + 6144`.
fn uniops_reference(a: u32, b: u32, c: u64) -> ([u32; 20], [u64; 12], u64) {
    let (sa, sb) = (a as i32, b as i32);
    let sub = a.wrapping_sub(b);
    let mad = a.wrapping_mul(b).wrapping_add(sub);
    let r32 = [
        a.wrapping_add(b),
        sub,
        a.wrapping_mul(b),
        a & b,
        a | b,
        a ^ b,
        sa.min(sb) as u32,
        a.min(b),
        sa.max(sb) as u32,
        a.max(b),
        a << 5,
        (sa >> 3) as u32,
        a >> 3,
        mad,
        (sb >> 31) as u32,
        b >> 31,
        !a,
        a.wrapping_neg(),
        c as u32,
        b,
    ];
    let ws = i64::from(sa).wrapping_mul(i64::from(sb)) as u64;
    let wu = u64::from(a) * u64::from(b);
    let r64 = [
        ws,
        wu,
        c.wrapping_add(ws),
        c.wrapping_sub(wu),
        c.wrapping_mul(ws),
        (c as i64).min(ws as i64) as u64,
        c.max(ws),
        ((c as i64) >> 7) as u64,
        i64::from(sa) as u64,
        u64::from(a),
        !c,
        c.wrapping_neg(),
    ];
    let madw = c.wrapping_mul(wu).wrapping_add(ws);
    (r32, r64, madw.wrapping_add((c << 9).wrapping_add(u64::from(mad))))
}

/// Integer operations on warp-uniform operands compute as scalars in the warp tier (one
/// operation, not one per pair of lanes): every width, signedness and shift gives the
/// interpreter's and the reference's results, on converged and on diverged warps.
#[test]
fn uniform_integer_ops() {
    let cases = [
        (7u32, 3u32, 0x1234_5678_9abc_def0u64),
        (0x8000_0001, 0xffff_fffe, 0xffff_ffff_ffff_fff3),
        (0xfedc_ba98, 0x7fff_ffff, 0x8000_0000_0000_0001),
    ];
    let threads = 64u32;
    for (a, b, c) in cases {
        let (w32, w64, wsum) = uniops_reference(a, b, c);
        for div in [0u32, 5, 40] {
            for engine in [Engine::Warp, Engine::Interp] {
                let p = program(UNIFORM_INT, engine);
                let mem = DeviceMemory::new();
                let d32 = mem.alloc(80 * u64::from(threads)).unwrap();
                let d64 = mem.alloc(96 * u64::from(threads) + 8).unwrap();
                mem.write(d32, &vec![0xee; 80 * threads as usize]).unwrap();
                mem.write(d64, &vec![0xee; 96 * threads as usize + 8]).unwrap();
                let params = Params::new().ptr(d32).ptr(d64).u32(a).u32(b).u64(c).u32(div).clone();
                p.launch("uniops", Dim3::x(1), Dim3::x(threads), 0, params.bytes(), &mem).unwrap();
                let got32 = download_u32(&mem, d32, 20 * threads as usize);
                let mut raw = vec![0u8; 96 * threads as usize + 8];
                mem.read(d64, &mut raw).unwrap();
                let got64: Vec<u64> = raw.chunks(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect();
                for t in 0..threads as usize {
                    let ran = t as u32 >= div;
                    let (e32, e64) = if ran { (w32, w64) } else { ([0xeeee_eeee; 20], [0xeeee_eeee_eeee_eeee; 12]) };
                    let ctx = format!("{engine:?}, a={a:#x} b={b:#x} c={c:#x}, div {div}, thread {t}");
                    assert_eq!(got32[20 * t..20 * t + 20], e32, "{ctx}");
                    assert_eq!(got64[12 * t..12 * t + 12], e64, "{ctx}");
                }
                assert_eq!(got64[12 * threads as usize], wsum, "{engine:?}, div {div}");
            }
        }
    }
}

/// A 2D block's shared-memory loads at constant offsets `offs` from `&tile[ty][tx]` and `rows`
/// from `&tile[ty][0]`, both registers moved by `skew` bytes first: the warp tier matches each
/// address register against the warp's shape once and checks each load's bounds from it.
/// out[(ty*16 + tx)*8 + j].
fn shaped_kernel(skew: i64, offs: [i64; 4], rows: [i64; 4]) -> String {
    let mut s = String::from(
        ".version 8.0\n.target sm_80\n.address_size 64\n\
         .visible .entry shaped(.param .u64 out)\n{\n\
         .reg .b32 %r<40>;\n.reg .b64 %rd<8>;\n.shared .align 16 .b8 tile[1024];\n\
         ld.param.u64 %rd1, [out];\n\
         mov.u32 %r1, %tid.x;\nmov.u32 %r2, %tid.y;\n\
         shl.b32 %r3, %r2, 4;\nadd.s32 %r4, %r3, %r1;\nshl.b32 %r5, %r4, 2;\n\
         mov.u32 %r6, tile;\nadd.s32 %r7, %r6, %r5;\n\
         shl.b32 %r8, %r2, 6;\nadd.s32 %r9, %r6, %r8;\n\
         mul.lo.s32 %r10, %r4, 3;\nadd.s32 %r10, %r10, 1;\nst.shared.u32 [%r7], %r10;\n\
         bar.sync 0;\n",
    );
    s += &format!("add.s32 %r11, %r7, {skew};\nadd.s32 %r12, %r9, {skew};\n");
    for (j, o) in offs.iter().enumerate() {
        s += &format!("ld.shared.u32 %r{}, [%r11+{o}];\n", 20 + j);
    }
    for (j, o) in rows.iter().enumerate() {
        s += &format!("ld.shared.u32 %r{}, [%r12+{o}];\n", 24 + j);
    }
    s += "mul.wide.u32 %rd2, %r4, 32;\nadd.s64 %rd3, %rd1, %rd2;\n\
          st.global.v4.u32 [%rd3], {%r20, %r21, %r22, %r23};\n\
          st.global.v4.u32 [%rd3+16], {%r24, %r25, %r26, %r27};\nret;\n}\n";
    s
}

/// Loads through an address register matched against a 2D block's shape (warps spanning
/// rows) give the interpreter's values, and its fault (out of bounds: every lane or only the
/// last ones; misaligned: by the offset or by the register) at the same load and thread, for
/// warps of two and of four rows.
#[test]
fn shaped_shared_loads() {
    let cases: [(i64, [i64; 4], [i64; 4]); 6] = [
        (0, [0, 4, 64, 128], [0, 4, 60, 8]),
        (0, [0, 4, 2048, 8], [0, 4, 60, 8]),
        (0, [0, 4, 960, 8], [0, 4, 60, 8]),
        (0, [0, 4, 64, 128], [0, 8, 62, 4]),
        (2, [2, 6, 66, 130], [-2, 2, 58, 6]),
        (2, [0, 4, 64, 128], [2, 6, 62, 10]),
    ];
    for (skew, offs, rows) in cases {
        let src = shaped_kernel(skew, offs, rows);
        for block in [Dim3::new(16, 4, 1), Dim3::new(8, 8, 1)] {
            // Thread (tx, ty) owns word ty*16 + tx of the tile and slot ty*16 + tx of `out`.
            let (bx, by) = (i64::from(block.x), i64::from(block.y));
            let slots = 16 * by as usize;
            let got = on_warp_and_interp(&src, "shaped", Dim3::x(2), block, 8 * slots, &Params::new());
            let word = |e: i64| if (0..16 * by).contains(&e) && e % 16 < bx { 3 * e as u32 + 1 } else { 0 };
            let want: Vec<u32> = (0..16 * by)
                .flat_map(|own| {
                    let ty = own / 16;
                    if own % 16 >= bx {
                        return [0xeeee_eeee; 8];
                    }
                    let a = offs.map(|o| word(own + (o + skew) / 4));
                    let b = rows.map(|o| word(ty * 16 + (o + skew) / 4));
                    std::array::from_fn(|j| if j < 4 { a[j] } else { b[j - 4] })
                })
                .collect();
            let (last, own_max) = (16 * by - 1, 4 * (16 * (by - 1) + bx - 1));
            let legal = offs.iter().all(|&o| (o + skew) % 4 == 0 && o + skew + own_max < 1024)
                && rows.iter().all(|&o| (o + skew) % 4 == 0 && (o + skew) >= 0 && 64 * (last / 16) + o + skew < 1024);
            if legal {
                assert_eq!(got[0].as_ref().ok(), Some(&want), "{skew} {offs:?} {rows:?} {block:?}");
            } else {
                assert!(got[1].is_err(), "{skew} {offs:?} {rows:?}: the interpreter faults");
            }
            assert_eq!(got[0], got[1], "{skew} {offs:?} {rows:?} {block:?}");
        }
    }
}

/// Each thread of a 2D block stores `ty * 100 + tx + 1` at byte `skew + ty * row + 4 * tx` of
/// `out` (rows of 8 or 16 consecutive words in a warp: the warp tier's shaped store).
const ROW_STORE: &str = ".version 8.0\n.target sm_80\n.address_size 64\n\
    .visible .entry rowstore(.param .u64 out, .param .u32 row, .param .u32 skew)\n{\n\
    .reg .b32 %r<12>;\n.reg .b64 %rd<6>;\n\
    ld.param.u64 %rd1, [out];\nld.param.u32 %r1, [row];\nld.param.u32 %r2, [skew];\n\
    mov.u32 %r3, %tid.x;\nmov.u32 %r4, %tid.y;\n\
    mad.lo.s32 %r5, %r4, 100, %r3;\nadd.s32 %r5, %r5, 1;\n\
    mul.lo.s32 %r6, %r4, %r1;\nshl.b32 %r7, %r3, 2;\nadd.s32 %r6, %r6, %r7;\nadd.s32 %r6, %r6, %r2;\n\
    cvt.s64.s32 %rd2, %r6;\nadd.s64 %rd3, %rd1, %rd2;\n\
    st.global.u32 [%rd3], %r5;\nret;\n}\n";

/// Stores through an address that follows a 2D block's rows (8×8 and 16×16 blocks: a warp
/// spans four or two rows) write each thread's word, leave the gaps between rows alone, keep
/// the interpreter's lane order where rows overlap, and fault at the interpreter's thread when
/// the last lanes run past the buffer or the rows are misaligned.
#[test]
fn shaped_global_stores() {
    for (bx, by) in [(8u32, 8u32), (16, 16)] {
        let block = Dim3::new(bx, by, 1);
        let dense = 4 * bx;
        // (row step in bytes, skew in bytes, words in the buffer)
        let cases = [
            (dense, 0, bx * by),
            (dense + 32, 0, (bx + 8) * by),
            (dense / 2, 0, bx * by),
            (dense, 4, bx * by),
            (dense, 2, bx * by + 1),
        ];
        for (row, skew, words) in cases {
            let mut more = Params::new();
            more.u32(row).u32(skew);
            let got = on_warp_and_interp(ROW_STORE, "rowstore", Dim3::x(1), block, words as usize, &more);
            let what = format!("{bx}x{by}, row {row}, skew {skew}");
            assert_eq!(got[0], got[1], "{what}");
            match (row, skew) {
                (r, 0) if r >= dense => {
                    let mut want = vec![0xeeee_eeeeu32; words as usize];
                    for ty in 0..by {
                        for tx in 0..bx {
                            want[((ty * row + 4 * tx) / 4) as usize] = ty * 100 + tx + 1;
                        }
                    }
                    assert_eq!(got[0].as_ref().ok(), Some(&want), "{what}");
                }
                // Overlapping rows: the interpreter's lane order (compared above).
                (_, 0) => assert!(got[0].is_ok(), "{what}"),
                (_, 4) => {
                    let f = got[0].as_ref().expect_err("past the end");
                    assert_eq!(f.thread, [bx - 1, by - 1, 0], "{what}: {f}");
                }
                _ => {
                    let f = got[0].as_ref().expect_err("misaligned");
                    assert_eq!(f.thread, [0, 0, 0], "{what}: {f}");
                }
            }
        }
    }
}

const HANDOVER: &str = r#"
.version 8.0
.target sm_80
.address_size 64

.func (.param .b32 r) plus(.param .b32 a, .param .b32 b)
{
    .reg .b32 %r<4>;
    ld.param.u32 %r1, [a];
    ld.param.u32 %r2, [b];
    add.s32 %r3, %r1, %r2;
    st.param.b32 [r], %r3;
    ret;
}

// A function that calls another is not inlined (`decode/inline.rs`): calls of it stay calls,
// which the interpreter runs.
.func (.param .b32 r) twice(.param .b32 x)
{
    .reg .b32 %r<3>;
    ld.param.u32 %r1, [x];
    {
    .param .b32 a;
    .param .b32 b;
    .param .b32 s;
    st.param.b32 [a], %r1;
    st.param.b32 [b], %r1;
    call.uni (s), plus, (a, b);
    ld.param.b32 %r2, [s];
    }
    st.param.b32 [r], %r2;
    ret;
}

// out[i] = v for thread i = ctaid * 64 + tid, where v = 3i, doubled through a call in block
// `special` (on the interpreter), plus 7 in odd threads (a divergent branch), plus the
// value of the thread's neighbour in shared memory (a barrier). Threads 60.. of block
// `special + 2` store 24301 and exit first (a divergent branch in compiled code, the exit on
// the interpreter); thread 37 of block
// `bad_block` loads from `bad`.
.visible .entry handover(.param .u64 out, .param .u32 special, .param .u32 bad_block, .param .u64 bad)
{
    .reg .pred %p<4>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<8>;
    .shared .align 4 .b32 sh[64];
    ld.param.u64 %rd1, [out];
    ld.param.u32 %r1, [special];
    ld.param.u32 %r2, [bad_block];
    mov.u32 %r3, %tid.x;
    mov.u32 %r4, %ctaid.x;
    mad.lo.s32 %r5, %r4, 64, %r3;
    mul.lo.s32 %r6, %r5, 3;
    setp.ne.u32 %p1, %r4, %r1;
    @%p1 bra NOCALL;
    {
    .param .b32 p0;
    .param .b32 r0;
    st.param.b32 [p0], %r6;
    call.uni (r0), twice, (p0);
    ld.param.b32 %r6, [r0];
    }
NOCALL:
    add.s32 %r7, %r1, 2;
    setp.ne.u32 %p1, %r4, %r7;
    @%p1 bra STAY;
    setp.lt.u32 %p1, %r3, 60;
    @%p1 bra STAY;
    mul.wide.u32 %rd2, %r5, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], 24301;
    ret;
STAY:
    and.b32 %r7, %r3, 1;
    setp.eq.u32 %p2, %r7, 0;
    @%p2 bra EVEN;
    add.s32 %r6, %r6, 7;
EVEN:
    mov.u32 %r8, sh;
    shl.b32 %r9, %r3, 2;
    add.s32 %r10, %r8, %r9;
    st.shared.u32 [%r10], %r6;
    bar.sync 0;
    xor.b32 %r11, %r3, 1;
    shl.b32 %r12, %r11, 2;
    add.s32 %r13, %r8, %r12;
    ld.shared.u32 %r14, [%r13];
    add.s32 %r15, %r6, %r14;
    setp.ne.u32 %p3, %r4, %r2;
    @%p3 bra STORE;
    setp.ne.u32 %p3, %r3, 37;
    @%p3 bra STORE;
    ld.param.u64 %rd5, [bad];
    ld.global.u32 %r15, [%rd5];
STORE:
    mul.wide.u32 %rd2, %r5, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r15;
    ret;
}
"#;

/// Blocks after a worker's first start in compiled code without resetting their warps; a
/// block that needs the interpreter (a call, here in block `special`) or faults (in block
/// `bad_block`) resets them where it does, before or after blocks that run to the end in
/// compiled code: the results and the fault report are the interpreter's.
#[test]
fn compiled_blocks_hand_over_to_the_interpreter() {
    let blocks = 12u32;
    let value = |i: u32, special: u32| {
        let v = |i: u32| {
            let v = if i / 64 == special { 6 * i } else { 3 * i };
            if i % 2 == 1 { v + 7 } else { v }
        };
        v(i).wrapping_add(v(i ^ 1))
    };
    for special in [0u32, 3, 6, 11] {
        for bad_block in [blocks, 5, 11] {
            let more = Params::new().u32(special).u32(bad_block).u64(16).clone();
            let got =
                on_warp_and_interp(HANDOVER, "handover", Dim3::x(blocks), Dim3::x(64), 64 * blocks as usize, &more);
            if bad_block < blocks {
                assert!(got[1].is_err(), "block {bad_block} faults");
            } else {
                let want: Vec<u32> = (0..64 * blocks)
                    .map(|i| if i / 64 == special + 2 && i % 64 >= 60 { 24301 } else { value(i, special) })
                    .collect();
                assert_eq!(got[0].as_ref().ok(), Some(&want), "special {special}");
            }
            assert_eq!(got[0], got[1], "special {special}, bad block {bad_block}");
        }
    }
}

const EARLY_EXIT: &str = r#"
.version 8.0
.target sm_80
.address_size 64

.func (.param .b32 r) plus(.param .b32 a, .param .b32 b)
{
    .reg .b32 %r<4>;
    ld.param.u32 %r1, [a];
    ld.param.u32 %r2, [b];
    add.s32 %r3, %r1, %r2;
    st.param.b32 [r], %r3;
    ret;
}

// A function that calls another is not inlined (`decode/inline.rs`): calls of it stay calls,
// which the interpreter runs.
.func (.param .b32 r) twice(.param .b32 x)
{
    .reg .b32 %r<3>;
    ld.param.u32 %r1, [x];
    {
    .param .b32 a;
    .param .b32 b;
    .param .b32 s;
    st.param.b32 [a], %r1;
    st.param.b32 [b], %r1;
    call.uni (s), plus, (a, b);
    ld.param.b32 %r2, [s];
    }
    st.param.b32 [r], %r2;
    ret;
}

// Threads i >= n return first (a branch to the kernel's `ret`). The others load
// v = src[src[i] % n] (consecutive then gathered: the exited lanes' addresses lie past the
// end of `src`), put v in shared memory, meet at a barrier, and store twice (a call, on the
// interpreter) v + their neighbour's v (when it did not exit) to out[i].
.visible .entry early_exit(.param .u64 src, .param .u64 out, .param .u32 n)
{
    .reg .pred %p<3>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<10>;
    .shared .align 4 .b32 sh[64];
    ld.param.u64 %rd1, [src];
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, %ctaid.x;
    mov.u32 %r4, %ntid.x;
    mad.lo.s32 %r5, %r3, %r4, %r2;
    setp.ge.u32 %p1, %r5, %r1;
    @%p1 bra DONE;
    mul.wide.u32 %rd3, %r5, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r6, [%rd4];
    rem.u32 %r7, %r6, %r1;
    mul.wide.u32 %rd5, %r7, 4;
    add.s64 %rd6, %rd1, %rd5;
    ld.global.u32 %r8, [%rd6];
    mov.u32 %r9, sh;
    shl.b32 %r10, %r2, 2;
    add.s32 %r11, %r9, %r10;
    st.shared.u32 [%r11], %r8;
    bar.sync 0;
    xor.b32 %r12, %r5, 1;
    mov.u32 %r13, %r8;
    setp.ge.u32 %p2, %r12, %r1;
    @%p2 bra ALONE;
    xor.b32 %r14, %r10, 4;
    add.s32 %r15, %r9, %r14;
    ld.shared.u32 %r15, [%r15];
    add.s32 %r13, %r13, %r15;
ALONE:
    {
    .param .b32 p0;
    .param .b32 r0;
    st.param.b32 [p0], %r13;
    call.uni (r0), twice, (p0);
    ld.param.b32 %r13, [r0];
    }
    add.s64 %rd7, %rd2, %rd3;
    st.global.u32 [%rd7], %r13;
DONE:
    ret;
}
"#;

/// Lanes that branch to the kernel's exit leave the warp at once (the warp tier lets them
/// exit inline): the others go on converged, their loads read for the exited lanes too
/// without faulting on those lanes' addresses, the barrier does not wait for them, the
/// interpreter takes the warp over without them, and the results are the interpreter's and
/// the reference's.
#[test]
fn lanes_returning_early() {
    for n in [192u32, 100, 75, 33, 1] {
        let src: Vec<u32> = (0..n).map(|i| i.wrapping_mul(2_654_435_761) ^ 0x55).collect();
        let v: Vec<u32> = (0..n).map(|i| src[(src[i as usize] % n) as usize]).collect();
        let want: Vec<u32> = (0..192u32)
            .map(|i| match i {
                i if i >= n => 0xeeee_eeee,
                i if (i ^ 1) >= n => 2 * v[i as usize],
                i => 2 * v[i as usize].wrapping_add(v[(i ^ 1) as usize]),
            })
            .collect();
        for engine in [Engine::Warp, Engine::Interp] {
            let mut p = program(EARLY_EXIT, engine);
            p.set_workers(1);
            let mem = DeviceMemory::new();
            let dsrc = mem.alloc(4 * u64::from(n)).unwrap();
            mem.write(dsrc, &le_bytes(&src)).unwrap();
            let out = mem.alloc(4 * 192).unwrap();
            mem.write(out, &[0xee; 4 * 192]).unwrap();
            let params = Params::new().ptr(dsrc).ptr(out).u32(n).clone();
            for _ in 0..2 {
                p.launch("early_exit", Dim3::x(3), Dim3::x(64), 0, params.bytes(), &mem).unwrap();
            }
            assert_eq!(download_u32(&mem, out, 192), want, "{engine:?}, n = {n}");
        }
    }
}

/// A 64×2 block fills an 8 KiB shared tile (word w holds 7w + 3), then each thread loads the
/// word at `stride * tid.x + 256 * tid.y + base + off` bytes: lane-affine addresses with a
/// constant stride (`tile[threadIdx.x][k]` of a transpose: 132) into out[tid.y * 64 + tid.x].
fn strided_kernel(stride: i32, base: i32, off: i32) -> String {
    format!(
        ".version 8.0\n.target sm_80\n.address_size 64\n\
         .visible .entry strided(.param .u64 out)\n{{\n\
         .reg .pred %p<2>;\n.reg .b32 %r<16>;\n.reg .b64 %rd<4>;\n.shared .align 16 .b8 tile[8192];\n\
         ld.param.u64 %rd1, [out];\n\
         mov.u32 %r1, %tid.x;\nmov.u32 %r2, %tid.y;\nmad.lo.s32 %r3, %r2, 64, %r1;\n\
         mov.u32 %r4, tile;\nmov.u32 %r5, %r3;\n\
         FILL:\n\
         mad.lo.s32 %r6, %r5, 7, 3;\nshl.b32 %r7, %r5, 2;\nadd.s32 %r8, %r4, %r7;\nst.shared.u32 [%r8], %r6;\n\
         add.s32 %r5, %r5, 128;\nsetp.lt.u32 %p1, %r5, 2048;\n@%p1 bra FILL;\n\
         bar.sync 0;\n\
         mad.lo.s32 %r9, %r1, {stride}, %r4;\nmad.lo.s32 %r10, %r2, 256, %r9;\nadd.s32 %r11, %r10, {base};\n\
         ld.shared.u32 %r12, [%r11+{off}];\n\
         mul.wide.u32 %rd2, %r3, 4;\nadd.s64 %rd3, %rd1, %rd2;\nst.global.u32 [%rd3], %r12;\nret;\n}}\n"
    )
}

/// The byte address thread (tx, ty) of a 64×2 block reaches in `strided_kernel` and
/// `strided_store_kernel`, and whether every thread's is inside the 8 KiB tile and aligned.
fn strided_addresses(stride: i32, base: i32, off: i32) -> (impl Fn(i64, i64) -> i64, bool) {
    let addr = move |tx: i64, ty: i64| i64::from(stride) * tx + 256 * ty + i64::from(base) + i64::from(off);
    let legal = (0..2).all(|ty| (0..64).all(|tx| (0..=8188).contains(&addr(tx, ty)) && addr(tx, ty) % 4 == 0));
    (addr, legal)
}

/// Loads through lane-affine addresses with a constant stride other than one element (one
/// load per lane after a check of the first and last lane) give the interpreter's values,
/// for positive and negative strides, and its fault where a lane's address is out of bounds
/// (past the end, or below zero) or misaligned.
#[test]
fn strided_shared_loads() {
    let cases = [
        (132, 0, 0),
        (16, 4, 8),
        (-4, 252, 0),
        (-8, 508, 4),
        (8, 0, 0),
        (132, 0, 4096),
        (16, 2, 0),
        (-4, 100, 0),
        (-4, 300, -200),
    ];
    for (stride, base, off) in cases {
        let src = strided_kernel(stride, base, off);
        let (addr, legal) = strided_addresses(stride, base, off);
        let got = on_warp_and_interp(&src, "strided", Dim3::x(2), Dim3::new(64, 2, 1), 128, &Params::new());
        let ctx = format!("stride {stride}, base {base}, off {off}");
        if legal {
            let want: Vec<u32> = (0..128).map(|t| 7 * (addr(t % 64, t / 64) / 4) as u32 + 3).collect();
            assert_eq!(got[0].as_ref().ok(), Some(&want), "{ctx}");
        } else {
            assert!(got[1].is_err(), "{ctx}: the interpreter faults");
        }
        assert_eq!(got[0], got[1], "{ctx}");
    }
}

/// A 64×2 block stores lin * 5 + 1 (lin = tid.y * 64 + tid.x) at `stride * tid.x + 256 *
/// tid.y + base + off` bytes of a zeroed 8 KiB shared tile (lane-affine addresses with a
/// constant stride), then copies the tile to `out` (2048 words).
fn strided_store_kernel(stride: i32, base: i32, off: i32) -> String {
    format!(
        ".version 8.0\n.target sm_80\n.address_size 64\n\
         .visible .entry strided_st(.param .u64 out)\n{{\n\
         .reg .pred %p<2>;\n.reg .b32 %r<16>;\n.reg .b64 %rd<4>;\n.shared .align 16 .b8 tile[8192];\n\
         ld.param.u64 %rd1, [out];\n\
         mov.u32 %r1, %tid.x;\nmov.u32 %r2, %tid.y;\nmad.lo.s32 %r3, %r2, 64, %r1;\nmov.u32 %r4, tile;\n\
         mad.lo.s32 %r9, %r1, {stride}, %r4;\nmad.lo.s32 %r10, %r2, 256, %r9;\nadd.s32 %r11, %r10, {base};\n\
         mad.lo.s32 %r12, %r3, 5, 1;\n\
         st.shared.u32 [%r11+{off}], %r12;\n\
         bar.sync 0;\nmov.u32 %r5, %r3;\n\
         COPY:\n\
         shl.b32 %r7, %r5, 2;\nadd.s32 %r8, %r4, %r7;\nld.shared.u32 %r6, [%r8];\n\
         mul.wide.u32 %rd2, %r5, 4;\nadd.s64 %rd3, %rd1, %rd2;\nst.global.u32 [%rd3], %r6;\n\
         add.s32 %r5, %r5, 128;\nsetp.lt.u32 %p1, %r5, 2048;\n@%p1 bra COPY;\nret;\n}}\n"
    )
}

/// Stores through lane-affine addresses with a constant stride (one store per lane after a
/// check of the first and last lane) leave the interpreter's tile, and fault as it does.
#[test]
fn strided_shared_stores() {
    let cases = [(132, 0, 0), (16, 4, 8), (-4, 252, 0), (-8, 508, 4), (132, 0, 4096), (16, 2, 0), (-4, 300, -200)];
    for (stride, base, off) in cases {
        let src = strided_store_kernel(stride, base, off);
        let (addr, legal) = strided_addresses(stride, base, off);
        let got = on_warp_and_interp(&src, "strided_st", Dim3::x(2), Dim3::new(64, 2, 1), 2048, &Params::new());
        let ctx = format!("stride {stride}, base {base}, off {off}");
        if legal {
            let mut want = vec![0u32; 2048];
            for t in 0..128i64 {
                want[(addr(t % 64, t / 64) / 4) as usize] = 5 * t as u32 + 1;
            }
            assert_eq!(got[0].as_ref().ok(), Some(&want), "{ctx}");
        } else {
            assert!(got[1].is_err(), "{ctx}: the interpreter faults");
        }
        assert_eq!(got[0], got[1], "{ctx}");
    }
}
