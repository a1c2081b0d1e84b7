//! Grid-stride loops on the block tier (`emit/prefetch.rs`, the stride hint: a group that
//! reaches the same global access again with its span moved by more than 2 KiB asks for the
//! span eight strides ahead). The hint changes no value and never faults, also where it asks
//! for memory past the end of an allocation (the loop's last turns) or where a group's lanes
//! leave the loop apart: `out[i] = 3 * a[i] + 1` and each thread's sum of its `a[i]`, for
//! `i = gtid; i < n; i += threads in the grid`, in blocks of 32, 96, 100, 1000 threads and
//! 16×8, the interpreter and the block tier alike; with `a` one element short, the thread
//! reading past its end faults as on the interpreter.

use simt::{DeviceMemory, Dim3, Engine, Params, Tier};

mod common;

use common::{download_u32, one_worker_program, upload};

const KERNEL: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 a, .param .u64 out, .param .u64 sums, .param .u32 n)
{
    .reg .pred %p<3>;
    .reg .b32 %r<24>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [a];
    ld.param.u64 %rd2, [out];
    ld.param.u64 %rd3, [sums];
    ld.param.u32 %r9, [n];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.y;
    mov.u32 %r5, %ntid.y;
    mov.u32 %r10, %nctaid.x;
    mad.lo.s32 %r6, %r4, %r3, %r1;
    mul.lo.s32 %r7, %r3, %r5;
    mad.lo.s32 %r8, %r2, %r7, %r6;
    mul.lo.s32 %r11, %r7, %r10;
    mov.u32 %r12, %r8;
    mov.u32 %r13, 0;
    setp.ge.u32 %p1, %r12, %r9;
    @%p1 bra DONE;
LOOP:
    mul.wide.u32 %rd4, %r12, 4;
    add.s64 %rd5, %rd1, %rd4;
    ld.global.u32 %r14, [%rd5];
    add.s32 %r13, %r13, %r14;
    mad.lo.s32 %r15, %r14, 3, 1;
    add.s64 %rd6, %rd2, %rd4;
    st.global.u32 [%rd6], %r15;
    add.s32 %r12, %r12, %r11;
    setp.lt.u32 %p2, %r12, %r9;
    @%p2 bra LOOP;
DONE:
    mul.wide.u32 %rd7, %r8, 4;
    add.s64 %rd8, %rd3, %rd7;
    st.global.u32 [%rd8], %r13;
    ret;
}
"#;

/// What a launch left: the outputs and the sums, and the tier that ran, or the fault.
type Outcome = Result<(Vec<u32>, Vec<u32>, Tier), simt::Fault>;

/// The kernel on `engine` (one worker) over `n` elements in `grid` blocks of `block`, with `a`
/// of `len` elements.
fn run(engine: Engine, grid: u32, block: [u32; 2], n: u32, len: u32) -> Outcome {
    let mem = DeviceMemory::new();
    let a: Vec<u32> = (0..len).map(|i| i.wrapping_mul(2654435761) >> 7).collect();
    let threads = (grid * block[0] * block[1]) as usize;
    let pa = upload(&mem, &a);
    let pout = upload(&mem, &vec![0u32; n as usize]);
    let psums = upload(&mem, &vec![0u32; threads]);
    let params = Params::new().ptr(pa).ptr(pout).ptr(psums).u32(n).bytes().to_vec();
    let p = one_worker_program(KERNEL, engine);
    let stats = p.launch("k", Dim3::x(grid), Dim3 { x: block[0], y: block[1], z: 1 }, 0, &params, &mem)?;
    Ok((download_u32(&mem, pout, n as usize), download_u32(&mem, psums, threads), stats.tier))
}

#[test]
fn a_grid_stride_loop_computes_on_the_block_tier_what_it_computes_on_the_interpreter() {
    for (grid, block) in [(20, [32, 1]), (8, [96, 1]), (7, [100, 1]), (2, [1000, 1]), (5, [16, 8])] {
        let threads = grid * block[0] * block[1];
        assert!(threads * 4 > 2048, "a stride the hint follows");
        for n in [20011u32, threads * 9, threads - 5] {
            let a: Vec<u32> = (0..n).map(|i| i.wrapping_mul(2654435761) >> 7).collect();
            let out: Vec<u32> = a.iter().map(|&v| v.wrapping_mul(3).wrapping_add(1)).collect();
            let mut sums = vec![0u32; threads as usize];
            for (i, &v) in a.iter().enumerate() {
                let t = i % threads as usize;
                sums[t] = sums[t].wrapping_add(v);
            }
            for engine in [Engine::Interp, Engine::Block] {
                let what = format!("{engine:?} grid {grid} block {block:?} n {n}");
                let (got_out, got_sums, tier) =
                    run(engine, grid, block, n, n).unwrap_or_else(|f| panic!("{what}: {f}"));
                assert_eq!(tier, if engine == Engine::Block { Tier::Block } else { Tier::Interpreter }, "{what}");
                assert!(got_out == out, "{what}: outputs");
                assert!(got_sums == sums, "{what}: sums");
            }
        }
    }
}

#[test]
fn a_grid_stride_loop_reading_past_the_end_faults_as_on_the_interpreter() {
    for (grid, block) in [(20, [32, 1]), (7, [100, 1]), (5, [16, 8])] {
        let n = 20011u32;
        let want = run(Engine::Interp, grid, block, n, n - 1).expect_err("a fault");
        let got = run(Engine::Block, grid, block, n, n - 1).expect_err("a fault");
        assert_eq!(got, want, "grid {grid} block {block:?}");
    }
}
