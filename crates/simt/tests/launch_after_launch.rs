//! A launch runs as on a fresh engine whatever ran before it. Workers keep their warps,
//! frames, shared memory and compiled-tier state from one launch to the next (to start small
//! launches fast: `exec/kept.rs`); nothing of the last launch may show through: its block
//! shape, its shared memory, its parameters, its allocations. Every engine, one worker (so
//! that consecutive launches run on the same thread and meet what it kept).

use simt::{DeviceMemory, DevicePtr, Dim3, Engine, FaultKind, MemError, Program, Tier};

mod common;

use common::program;
use common::ptx::{Index, Kernel, module_version};

fn ptx() -> String {
    module_version(
        "7.0",
        "sm_80",
        &[
            String::from(
                r#"
.shared .align 4 .b8 filled[128];
.shared .align 4 .b8 untouched[128];

// out[linear tid] = tid.x | tid.y << 8 | tid.z << 16
"#,
            ),
            Kernel::new("tids", &["out"], Index::Thread).global_pointers().body(
                r#"
    mov.u32 %r2, %tid.y;
    mov.u32 %r3, %tid.z;
    mov.u32 %r4, %ntid.x;
    mov.u32 %r5, %ntid.y;
    mad.lo.s32 %r6, %r3, %r5, %r2;
    mad.lo.s32 %r6, %r6, %r4, %r1;
    shl.b32 %r7, %r2, 8;
    or.b32 %r7, %r7, %r1;
    shl.b32 %r8, %r3, 16;
    or.b32 %r7, %r7, %r8;
    mul.wide.u32 %rd2, %r6, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r7;
    ret;
"#,
            ),
            String::from(
                r#"
// filled[tid.x] = v (32 threads)
.visible .entry fill_shared(.param .u32 v)
{
    .reg .b32 %r<6>;
    ld.param.u32 %r1, [v];
    mov.u32 %r2, %tid.x;
    shl.b32 %r3, %r2, 2;
    mov.u32 %r4, filled;
    add.s32 %r5, %r4, %r3;
    st.shared.u32 [%r5], %r1;
    ret;
}

// out[tid.x] = untouched[tid.x] (32 threads; never written: zero)
"#,
            ),
            Kernel::new("read_shared", &["out"], Index::None).global_pointers().body(
                r#"
    mov.u32 %r2, %tid.x;
    shl.b32 %r3, %r2, 2;
    mov.u32 %r4, untouched;
    add.s32 %r5, %r4, %r3;
    ld.shared.u32 %r6, [%r5];
    mul.wide.u32 %rd2, %r2, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r6;
    ret;
"#,
            ),
            String::from(
                r#"
// out[global tid] = *p + tid.x
"#,
            ),
            Kernel::new("read_at", &["p", "out"], Index::None).global_pointers().body(
                r#"
    ld.global.u32 %r1, [%rd1];
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, %ctaid.x;
    mov.u32 %r4, %ntid.x;
    mad.lo.s32 %r5, %r3, %r4, %r2;
    add.s32 %r1, %r1, %r2;
    mul.wide.u32 %rd3, %r5, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r1;
    ret;
"#,
            ),
        ]
        .concat(),
    )
}

/// The program on every engine and the default one, one worker each.
fn programs() -> Vec<(Engine, Program)> {
    common::ENGINES
        .into_iter()
        .chain([Engine::Jit])
        .map(|e| {
            let mut p = program(&ptx(), e);
            p.set_workers(1);
            (e, p)
        })
        .collect()
}

fn read_u32(mem: &DeviceMemory, p: DevicePtr, n: usize) -> Vec<u32> {
    let mut bytes = vec![0u8; n * 4];
    mem.read(p, &mut bytes).unwrap();
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
}

#[test]
fn each_launch_sees_its_own_block_shape() {
    let mem = DeviceMemory::new();
    let out = mem.alloc(4 * 64).unwrap();
    for (e, p) in programs() {
        // One warp each (the same number of warps), then two.
        for (x, y, z) in [(32, 1, 1), (16, 2, 1), (8, 2, 2), (32, 1, 1), (4, 4, 2), (64, 1, 1), (16, 2, 2)] {
            p.launch("tids", Dim3::x(3), Dim3 { x, y, z }, 0, &out.0.to_le_bytes(), &mem).unwrap();
            let got = read_u32(&mem, out, (x * y * z) as usize);
            let want: Vec<u32> = (0..z)
                .flat_map(|tz| (0..y).flat_map(move |ty| (0..x).map(move |tx| tx | ty << 8 | tz << 16)))
                .collect();
            assert_eq!(got, want, "{e:?} block {x}x{y}x{z}");
        }
    }
}

#[test]
fn shared_memory_another_kernel_wrote_is_zero() {
    let mem = DeviceMemory::new();
    let out = mem.alloc(4 * 32).unwrap();
    for (e, p) in programs() {
        for round in 1..=3u32 {
            p.launch("fill_shared", Dim3::x(2), Dim3::x(32), 0, &(0xabc0 + round).to_le_bytes(), &mem).unwrap();
            mem.write(out, &[0xff; 128]).unwrap();
            p.launch("read_shared", Dim3::x(1), Dim3::x(32), 0, &out.0.to_le_bytes(), &mem).unwrap();
            assert_eq!(read_u32(&mem, out, 32), vec![0; 32], "{e:?} round {round}");
        }
    }
}

#[test]
fn each_launch_reads_its_own_parameters() {
    let mem = DeviceMemory::new();
    for (e, p) in programs() {
        // (Every parameter buffer stays alive: a launch reading the last one's would not
        // fault, only read the wrong values.)
        let mut kept = Vec::new();
        for (value, blocks) in [(7u32, 1), (1000, 1), (31, 4), (8, 1)] {
            let src = mem.alloc(4).unwrap();
            mem.write(src, &value.to_le_bytes()).unwrap();
            let n = 32 * blocks;
            let out = mem.alloc(4 * n as u64).unwrap();
            let params: Vec<u8> = src.0.to_le_bytes().into_iter().chain(out.0.to_le_bytes()).collect();
            let st = p.launch("read_at", Dim3::x(blocks), Dim3::x(32), 0, &params, &mem).unwrap();
            let want: Vec<u32> = (0..n).map(|t| value + t % 32).collect();
            assert_eq!(read_u32(&mem, out, n as usize), want, "{e:?} value {value} ({:?})", st.tier);
            kept.push(params);
        }
    }
}

/// An allocation freed after a launch read it faults in the next launch: no cache of the
/// last launch (the compiled tiers' access-site slots hold host addresses) reaches it.
#[test]
fn a_freed_allocation_faults_in_the_next_launch() {
    let mem = DeviceMemory::new();
    for (e, p) in programs() {
        let src = mem.alloc(4096).unwrap();
        mem.write(src, &[1; 4096]).unwrap();
        let at = DevicePtr(src.0 + 400);
        let out = mem.alloc(4 * 128).unwrap();
        let params: Vec<u8> = at.0.to_le_bytes().into_iter().chain(out.0.to_le_bytes()).collect();
        for _ in 0..3 {
            p.launch("read_at", Dim3::x(4), Dim3::x(32), 0, &params, &mem).unwrap();
        }
        mem.free(src).unwrap();
        let f = p.launch("read_at", Dim3::x(4), Dim3::x(32), 0, &params, &mem).unwrap_err();
        assert_eq!(f.kind, FaultKind::Memory(MemError::OutOfBounds { addr: at.0, size: 4 }), "{e:?}: {f}");
        mem.free(out).unwrap();
    }
}

/// Threads racing through one location (`Func::warps_interleave`) in blocks of one warp run
/// on the warp tier, whose lanes run in lockstep as the interpreter's do; with more warps a
/// block runs on the interpreter, which interleaves them.
#[test]
fn a_racing_kernel_runs_compiled_in_blocks_of_one_warp() {
    let path = format!("{}/tests/kernels/warps_together.sm_80.O3.ptx", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(path).unwrap();
    let mem = DeviceMemory::new();
    for (e, one_warp, more) in [
        (Engine::Jit, Tier::WarpJit, Tier::Interpreter),
        (Engine::Warp, Tier::WarpJit, Tier::Interpreter),
        (Engine::JitAll, Tier::Interpreter, Tier::Interpreter),
        (Engine::Interp, Tier::Interpreter, Tier::Interpreter),
    ] {
        let p = program(&src, e);
        let counter = p.global_address("g_counter", &mem).unwrap();
        for (threads, tier) in [(32, one_warp), (20, one_warp), (64, more)] {
            mem.write(counter, &5i32.to_le_bytes()).unwrap();
            let out = mem.alloc(4 * threads as u64).unwrap();
            let writer = threads as i32 - 1;
            let params: Vec<u8> = out.0.to_le_bytes().into_iter().chain(writer.to_le_bytes()).collect();
            let st = p.launch("read_then_bump", Dim3::x(1), Dim3::x(threads), 0, &params, &mem).unwrap();
            assert_eq!(st.tier, tier, "{e:?}, {threads} threads");
            // Every thread read the value from before the writer's store.
            assert_eq!(read_u32(&mem, out, threads as usize), vec![5; threads as usize], "{e:?} {threads}");
            assert_eq!(read_u32(&mem, counter, 1), vec![6], "{e:?} {threads}");
            mem.free(out).unwrap();
        }
    }
}
