//! Runs of global accesses through one base register on the block tier (`emit/window.rs`: one
//! window check for all of them): `out[i] = a[i] + a[i+1] + a[i+2]` and `out[i + 1024] = a[i]`
//! for the threads below `n`, in blocks whose rows fill their groups, cut the last one short, or
//! are one group; with `a` exactly as long as the threads read (the last group's lanes past `n`
//! would read past its end: the run's check fails there, and each access checks itself) and
//! longer; and with `a` one element short, the thread reading past its end faults as on the
//! interpreter, named by the same block and thread.

use simt::{DeviceMemory, DevicePtr, Dim3, Engine, Params, Tier};

mod common;

use common::{download_u32, one_worker_program, upload};

/// What a launch left: the output words and the tier that ran, or the fault.
type Outcome = Result<(Vec<u32>, Tier), simt::Fault>;

/// Launches `kernel`'s `k` on `engine` (one worker) in `grid` blocks of `block` with `shared`
/// bytes of dynamic shared memory and `params`: the `words` words at `out` afterwards.
fn launch(
    kernel: &str,
    engine: Engine,
    (grid, block, shared): (u32, [u32; 2], u32),
    params: &[u8],
    (mem, out, words): (&DeviceMemory, DevicePtr, usize),
) -> Outcome {
    let p = one_worker_program(kernel, engine);
    let stats = p.launch("k", Dim3::x(grid), Dim3 { x: block[0], y: block[1], z: 1 }, shared, params, mem)?;
    Ok((download_u32(mem, out, words), stats.tier))
}

/// `run` on the interpreter and on the block tier: each gives `want`, on its own tier (`what`
/// names the case).
fn both_give(want: &[u32], what: &str, run: impl Fn(Engine) -> Outcome) {
    for engine in [Engine::Interp, Engine::Block] {
        let (got, tier) = run(engine).unwrap_or_else(|f| panic!("{engine:?} {what}: {f}"));
        assert_eq!(tier, if engine == Engine::Block { Tier::Block } else { Tier::Interpreter });
        assert!(got == want, "{engine:?} {what}");
    }
}

/// `run` faults on the block tier as on the interpreter: same block, thread and kind.
fn both_fault_alike(what: &str, run: impl Fn(Engine) -> Outcome) {
    let want = run(Engine::Interp).expect_err("a fault");
    let got = run(Engine::Block).expect_err("a fault");
    assert_eq!(got, want, "{what}");
}

const KERNEL: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 a, .param .u64 out, .param .u32 n)
{
    .reg .pred %p<2>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [a];
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r9, [n];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.y;
    mov.u32 %r5, %ntid.y;
    mad.lo.s32 %r6, %r4, %r3, %r1;
    mul.lo.s32 %r7, %r3, %r5;
    mad.lo.s32 %r8, %r2, %r7, %r6;
    setp.ge.u32 %p1, %r8, %r9;
    @%p1 bra DONE;
    mul.wide.u32 %rd3, %r8, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r10, [%rd4];
    ld.global.u32 %r11, [%rd4+4];
    ld.global.u32 %r12, [%rd4+8];
    add.s32 %r13, %r10, %r11;
    add.s32 %r13, %r13, %r12;
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r13;
    st.global.u32 [%rd5+4096], %r10;
DONE:
    ret;
}
"#;

/// Runs the kernel over `n` threads in blocks of `block` (and as many blocks as it takes) with
/// `a` of `len` elements: the output (2048 words), or the fault.
fn run(engine: Engine, block: [u32; 2], n: u32, len: u32) -> Outcome {
    let mem = DeviceMemory::new();
    let a: Vec<u32> = (0..len).map(|i| i.wrapping_mul(2654435761) >> 7).collect();
    let pa = upload(&mem, &a);
    let pout = upload(&mem, &vec![0u32; 2048]);
    let params = Params::new().ptr(pa).ptr(pout).u32(n).bytes().to_vec();
    launch(KERNEL, engine, (n.div_ceil(block[0] * block[1]), block, 0), &params, (&mem, pout, 2048))
}

#[test]
fn a_run_of_accesses_reads_and_writes_what_each_access_would() {
    for block in [[16, 1], [40, 1], [64, 1], [32, 4], [24, 3], [128, 1]] {
        for n in [1000u32, 999, 37] {
            for extra in [0u32, 100] {
                let len = n + 2 + extra;
                let a: Vec<u32> = (0..len).map(|i| i.wrapping_mul(2654435761) >> 7).collect();
                let mut want = vec![0u32; 2048];
                for i in 0..n as usize {
                    want[i] = a[i].wrapping_add(a[i + 1]).wrapping_add(a[i + 2]);
                    want[i + 1024] = a[i];
                }
                both_give(&want, &format!("{block:?} n {n} a of {len}"), |e| run(e, block, n, len));
            }
        }
    }
}

#[test]
fn a_lane_of_a_run_past_the_end_faults_as_on_the_interpreter() {
    for block in [[16, 1], [40, 1], [32, 4], [64, 1]] {
        for n in [1000u32, 999, 64] {
            both_fault_alike(&format!("{block:?} n {n}"), |e| run(e, block, n, n + 1));
        }
    }
}

/// Taps through registers that hold the base plus a constant (nvcc's unrolled `__ldg`
/// convolutions: `add.s64 %rd5, %rd4, 4; ld [%rd5]`): such a register is the base at an offset
/// (`window.rs`, `Alias`) while neither is written again. The kernel also redefines an alias,
/// takes an alias of an alias, writes one under a uniform guard over a value 16 bytes on (`flag`
/// = 0: it keeps that value, past what an alias at 8 would have the run check) and moves the
/// base back after an alias of it was made (the alias keeps the old base: its one read of
/// `a[i + 3]` with the flag comes after, beyond the moved base's run). Each thread below `n`
/// reads `a[i .. i + 4]` (`a[i .. i + 3]` with the flag) and writes one mix of its seven loads.
const ALIASES: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 a, .param .u64 out, .param .u32 n, .param .u32 flag)
{
    .reg .pred %p<3>;
    .reg .b32 %r<32>;
    .reg .b64 %rd<9>;
    ld.param.u64 %rd1, [a];
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r9, [n];
    ld.param.u32 %r20, [flag];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.y;
    mov.u32 %r5, %ntid.y;
    mad.lo.s32 %r6, %r4, %r3, %r1;
    mul.lo.s32 %r7, %r3, %r5;
    mad.lo.s32 %r8, %r2, %r7, %r6;
    setp.ge.u32 %p1, %r8, %r9;
    @%p1 bra DONE;
    mul.wide.u32 %rd3, %r8, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.nc.u32 %r10, [%rd4];
    add.s64 %rd5, %rd4, 4;
    ld.global.nc.u32 %r11, [%rd5];
    add.s64 %rd6, %rd5, 4;
    ld.global.nc.u32 %r12, [%rd6+-4];
    add.s64 %rd5, %rd4, 12;
    ld.global.nc.u32 %r13, [%rd5+-8];
    mov.b64 %rd8, 16;
    add.s64 %rd6, %rd4, %rd8;
    setp.ne.u32 %p2, %r20, 0;
    @%p2 add.s64 %rd6, %rd4, 8;
    ld.global.nc.u32 %r14, [%rd6];
    add.s64 %rd4, %rd4, -4;
    ld.global.nc.u32 %r16, [%rd4+4];
    ld.global.nc.u32 %r15, [%rd5];
    mad.lo.s32 %r17, %r10, 3, %r11;
    mad.lo.s32 %r17, %r17, 3, %r12;
    mad.lo.s32 %r17, %r17, 3, %r13;
    mad.lo.s32 %r17, %r17, 3, %r14;
    mad.lo.s32 %r17, %r17, 3, %r15;
    mad.lo.s32 %r17, %r17, 3, %r16;
    add.s64 %rd7, %rd2, %rd3;
    st.global.u32 [%rd7], %r17;
DONE:
    ret;
}
"#;

/// `ALIASES` over `n` threads in blocks of `block` with `a` of `len` elements and `flag`: the
/// output (1024 words), or the fault.
fn run_aliases(engine: Engine, block: [u32; 2], n: u32, len: u32, flag: u32) -> Outcome {
    let mem = DeviceMemory::new();
    let a: Vec<u32> = (0..len).map(|i| i.wrapping_mul(2654435761) >> 7).collect();
    let pa = upload(&mem, &a);
    let pout = upload(&mem, &vec![0u32; 1024]);
    let params = Params::new().ptr(pa).ptr(pout).u32(n).u32(flag).bytes().to_vec();
    launch(ALIASES, engine, (n.div_ceil(block[0] * block[1]), block, 0), &params, (&mem, pout, 1024))
}

#[test]
fn accesses_through_a_register_holding_the_base_plus_a_constant_read_what_each_would() {
    for block in [[16, 1], [40, 1], [64, 1], [32, 4], [24, 3], [128, 1], [8, 8], [10, 10]] {
        for n in [1000u32, 999, 37] {
            for flag in [0u32, 1] {
                for extra in [0u32, 100] {
                    // Threads read up to a[i + 4] (a[i + 3] with the flag).
                    let len = n + 4 - flag + extra;
                    let a: Vec<u32> = (0..len).map(|i| i.wrapping_mul(2654435761) >> 7).collect();
                    let mut want = vec![0u32; 1024];
                    for i in 0..n as usize {
                        let taps = [a[i], a[i + 1], a[i + 1], a[i + 1], a[i + 4 - 2 * flag as usize], a[i + 3], a[i]];
                        want[i] = taps.iter().fold(0u32, |h, &t| h.wrapping_mul(3).wrapping_add(t));
                    }
                    let what = format!("{block:?} n {n} flag {flag} a of {len}");
                    both_give(&want, &what, |e| run_aliases(e, block, n, len, flag));
                }
            }
        }
    }
}

#[test]
fn a_lane_past_the_end_through_an_alias_faults_as_on_the_interpreter() {
    for block in [[16, 1], [40, 1], [32, 4], [64, 1], [8, 8]] {
        for n in [1000u32, 999, 64] {
            for flag in [0u32, 1] {
                let len = n + 3 - flag;
                both_fault_alike(&format!("{block:?} n {n} flag {flag}"), |e| run_aliases(e, block, n, len, flag));
            }
        }
    }
}

/// A shared run: each thread stores `7t + 1` at `tile[t]` through a 32-bit shared address (as
/// nvcc keeps them), then, past a barrier, reads `tile[t]`, `tile[t + 1]` and `tile[t + 2]`,
/// (never stored beyond the block's threads: zero, as a block finds its shared memory), and the
/// first three words of its row, `tile[y * ntid.x + 0..3]` (one value for a group within a
/// row: a uniform run), from dynamic shared memory of `words` words. Blocks of one row (the
/// lanes side by side) and of several.
const SHARED: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.extern .shared .align 4 .b8 tile[];
.visible .entry k(.param .u64 out)
{
    .reg .b32 %r<32>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.y;
    mov.u32 %r5, %ntid.y;
    mov.u32 %r2, %ctaid.x;
    mad.lo.s32 %r6, %r4, %r3, %r1;
    mul.lo.s32 %r7, %r3, %r5;
    mad.lo.s32 %r8, %r2, %r7, %r6;
    mov.u32 %r9, tile;
    shl.b32 %r10, %r6, 2;
    add.s32 %r11, %r9, %r10;
    mad.lo.s32 %r12, %r6, 7, 1;
    st.shared.u32 [%r11], %r12;
    bar.sync 0;
    ld.shared.u32 %r13, [%r11];
    ld.shared.u32 %r14, [%r11+4];
    ld.shared.u32 %r15, [%r11+8];
    mad.lo.s32 %r16, %r13, 3, %r14;
    mad.lo.s32 %r16, %r16, 3, %r15;
    mul.lo.s32 %r18, %r4, %r3;
    shl.b32 %r19, %r18, 2;
    add.s32 %r20, %r9, %r19;
    ld.shared.u32 %r21, [%r20];
    ld.shared.u32 %r22, [%r20+4];
    ld.shared.u32 %r23, [%r20+8];
    mad.lo.s32 %r16, %r16, 3, %r21;
    mad.lo.s32 %r16, %r16, 3, %r22;
    mad.lo.s32 %r16, %r16, 3, %r23;
    mul.wide.u32 %rd2, %r8, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r16;
    ret;
}
"#;

/// `SHARED` in 3 blocks of `block` with `words` words of dynamic shared memory.
fn run_shared(engine: Engine, block: [u32; 2], words: u32) -> Outcome {
    let mem = DeviceMemory::new();
    let outs = 3 * (block[0] * block[1]) as usize;
    let pout = upload(&mem, &vec![0u32; outs]);
    launch(SHARED, engine, (3, block, words * 4), Params::new().ptr(pout).bytes(), (&mem, pout, outs))
}

#[test]
fn a_run_of_shared_accesses_reads_what_each_access_would() {
    for block in [[16, 1], [40, 1], [64, 1], [32, 4], [24, 3], [128, 1], [8, 8], [10, 10], [32, 32]] {
        let threads = block[0] * block[1];
        let stored = |t: u32| if t < threads { t.wrapping_mul(7).wrapping_add(1) } else { 0 };
        let want: Vec<u32> = (0..3 * threads)
            .map(|g| {
                let t = g % threads;
                let row = t / block[0] * block[0];
                [stored(t), stored(t + 1), stored(t + 2), stored(row), stored(row + 1), stored(row + 2)]
                    .iter()
                    .fold(0u32, |h, &v| h.wrapping_mul(3).wrapping_add(v))
            })
            .collect();
        for words in [threads + 2, threads + 40] {
            both_give(&want, &format!("{block:?} shared of {words} words"), |e| run_shared(e, block, words));
        }
        // One word short: the last thread reads past the block's shared memory.
        both_fault_alike(&format!("{block:?}"), |e| run_shared(e, block, threads + 1));
    }
}

/// Loads of one value (`w[0..4]`, through the parameter and registers holding it plus a
/// constant): a uniform run (`window.rs`), one check for the four. `out[i] = a[i]` mixed with
/// them for the threads below `n`; with `w` one word short, the first thread to load `w[3]`
/// faults as on the interpreter.
const UNIFORM: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 a, .param .u64 w, .param .u64 out, .param .u32 n)
{
    .reg .pred %p<2>;
    .reg .b32 %r<24>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [a];
    ld.param.u64 %rd9, [w];
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r9, [n];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.y;
    mov.u32 %r5, %ntid.y;
    mad.lo.s32 %r6, %r4, %r3, %r1;
    mul.lo.s32 %r7, %r3, %r5;
    mad.lo.s32 %r8, %r2, %r7, %r6;
    setp.ge.u32 %p1, %r8, %r9;
    @%p1 bra DONE;
    mul.wide.u32 %rd3, %r8, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.nc.u32 %r10, [%rd9];
    add.s64 %rd10, %rd9, 4;
    ld.global.nc.u32 %r11, [%rd10];
    ld.global.u32 %r12, [%rd4];
    add.s64 %rd11, %rd10, 8;
    ld.global.nc.u32 %r13, [%rd11];
    ld.global.nc.u32 %r14, [%rd10+4];
    mad.lo.s32 %r15, %r12, %r10, %r11;
    mad.lo.s32 %r15, %r15, %r14, %r13;
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r15;
DONE:
    ret;
}
"#;

/// `UNIFORM` over `n` threads in blocks of `block` with `w` of `words` words: the output (1024
/// words), or the fault.
fn run_uniform(engine: Engine, block: [u32; 2], n: u32, words: u32) -> Outcome {
    let mem = DeviceMemory::new();
    let a: Vec<u32> = (0..n).map(|i| i.wrapping_mul(2654435761) >> 7).collect();
    let w: Vec<u32> = (0..words).map(|i| 3 + 2 * i).collect();
    let (pa, pw, pout) = (upload(&mem, &a), upload(&mem, &w), upload(&mem, &vec![0u32; 1024]));
    let params = Params::new().ptr(pa).ptr(pw).ptr(pout).u32(n).bytes().to_vec();
    launch(UNIFORM, engine, (n.div_ceil(block[0] * block[1]), block, 0), &params, (&mem, pout, 1024))
}

#[test]
fn a_run_of_uniform_loads_reads_what_each_load_would_and_faults_where_one_would() {
    for block in [[16, 1], [40, 1], [64, 1], [32, 4], [24, 3], [8, 8]] {
        for n in [1000u32, 37] {
            let a: Vec<u32> = (0..n).map(|i| i.wrapping_mul(2654435761) >> 7).collect();
            let w: Vec<u32> = (0..4).map(|i| 3 + 2 * i).collect();
            let mut want = vec![0u32; 1024];
            for i in 0..n as usize {
                want[i] = a[i].wrapping_mul(w[0]).wrapping_add(w[1]).wrapping_mul(w[2]).wrapping_add(w[3]);
            }
            for words in [4, 5] {
                both_give(&want, &format!("{block:?} n {n} w of {words}"), |e| run_uniform(e, block, n, words));
            }
            both_fault_alike(&format!("{block:?} n {n}"), |e| run_uniform(e, block, n, 3));
        }
    }
}
