//! Runs of global accesses through one base register on the block tier (`emit/window.rs`: one
//! window check for all of them): `out[i] = a[i] + a[i+1] + a[i+2]` and `out[i + 1024] = a[i]`
//! for the threads below `n`, in blocks whose rows fill their groups, cut the last one short, or
//! are one group; with `a` exactly as long as the threads read (the last group's lanes past `n`
//! would read past its end: the run's check fails there, and each access checks itself) and
//! longer; and with `a` one element short, the thread reading past its end faults as on the
//! interpreter, named by the same block and thread.

use simt::{DeviceMemory, Dim3, Engine, Params, Tier};

mod common;

use common::{download_u32, program, upload};

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
fn run(engine: Engine, block: [u32; 2], n: u32, len: u32) -> Result<(Vec<u32>, Tier), simt::Fault> {
    let mem = DeviceMemory::new();
    let a: Vec<u32> = (0..len).map(|i| i.wrapping_mul(2654435761) >> 7).collect();
    let pa = upload(&mem, &a);
    let pout = upload(&mem, &vec![0u32; 2048]);
    let params = Params::new().ptr(pa).ptr(pout).u32(n).bytes().to_vec();
    let threads = block[0] * block[1];
    let mut p = program(KERNEL, engine);
    p.set_workers(1);
    let stats =
        p.launch("k", Dim3::x(n.div_ceil(threads)), Dim3 { x: block[0], y: block[1], z: 1 }, 0, &params, &mem)?;
    Ok((download_u32(&mem, pout, 2048), stats.tier))
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
                for engine in [Engine::Interp, Engine::Block] {
                    let (got, tier) =
                        run(engine, block, n, len).unwrap_or_else(|f| panic!("{engine:?} {block:?} n {n}: {f}"));
                    assert_eq!(tier, if engine == Engine::Block { Tier::Block } else { Tier::Interpreter });
                    assert!(got == want, "{engine:?} {block:?} n {n} a of {len}");
                }
            }
        }
    }
}

#[test]
fn a_lane_of_a_run_past_the_end_faults_as_on_the_interpreter() {
    for block in [[16, 1], [40, 1], [32, 4], [64, 1]] {
        for n in [1000u32, 999, 64] {
            let want = run(Engine::Interp, block, n, n + 1).expect_err("a fault");
            let got = run(Engine::Block, block, n, n + 1).expect_err("a fault");
            assert_eq!(got, want, "{block:?} n {n}");
        }
    }
}
