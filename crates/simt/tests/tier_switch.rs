//! `Engine::Jit` moves a kernel between the per-thread JIT and the warp tier between launches
//! (`jit/tiering.rs`), compiling a long kernel for the warp tier on a background thread
//! meanwhile. Results must not depend on which tier ran a launch, nor on what the process
//! did with its memory between launches.

use std::time::{Duration, Instant};

use simt::{DeviceMemory, Dim3, Engine, Program, Tier};

mod common;

use common::ptx::{Index, Kernel, module};

/// Steps of the filler recurrence `x = 3x + 1` (wrapping), enough to make the kernel longer
/// than the instructions beyond which the warp tier compiles in the background (160).
const STEPS: usize = 200;

/// `count(counter, out)`: every thread adds 1 to `*counter` (`atom.global.add`, result
/// unused) and writes `STEPS` steps of `x = 3x + 1` from its global index to `out[index]`.
/// An `activemask` (result unused) every ten steps makes the kernel one only the warp tier
/// compiles well (dense warp collectives: the per-thread JIT leaves it to the interpreter),
/// so that the default engine runs it there once it is compiled, whatever the two tiers'
/// speeds at the arithmetic (the warp tier's is within 2x of the per-thread JIT's either
/// way, so that a choice by measurement would depend on the machine's load).
fn count_ptx() -> String {
    let filler = "    mad.lo.u32 %r6, %r6, 3, 1;\n".repeat(10) + "    activemask.b32 %r7;\n";
    let filler = filler.repeat(STEPS / 10);
    let body = format!(
        "
    atom.global.add.u32 %r5, [%rd1], 1;
    mov.u32 %r6, %r4;
{filler}    mul.wide.u32 %rd3, %r4, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r6;
    ret;"
    );
    module("sm_80", &Kernel::new("count", &["counter", "out"], Index::Grid).global_pointers().body(&body))
}

/// Fills the heap's free chunks (what the process freed lately) with a pattern, as other
/// work of a program between two launches does.
fn churn_heap() {
    let held: Vec<Vec<u8>> = (1..=512).map(|i| vec![0xff; i * 256]).collect();
    std::hint::black_box(&held);
}

/// A kernel whose warp-tier code was compiled on the background thread keeps counting
/// every thread's atomic once that code runs, after the heap was reused. (Its global
/// atomics' slow path read their instruction from the background thread's copy of the
/// function, freed when the compile finished: cooperative groups' `grid.sync()` lost
/// arrivals and hung, CUB's decoupled look-back sorted wrongly.)
#[test]
fn background_warp_code_outlives_its_compile() {
    // The warp tier is what this test is about: with no C compiler the block tier, which
    // could win the kernel from it, stays off.
    // SAFETY: the only test of this binary, before it starts any thread of its own; nothing
    // else reads the environment meanwhile.
    unsafe { std::env::set_var("CUPRITE_CC", "/nonexistent/cuprite-no-cc") };
    let mut p = Program::from_ptx(&count_ptx()).expect("load");
    p.set_engine(Engine::Jit);
    p.set_workers(1);
    let (grid, block) = (Dim3::new(64, 1, 1), Dim3::new(128, 1, 1));
    let threads = 64 * 128u32;
    let mem = DeviceMemory::new();
    let counter = mem.alloc(4).unwrap();
    let out = mem.alloc(4 * u64::from(threads)).unwrap();
    let mut params = counter.0.to_le_bytes().to_vec();
    params.extend_from_slice(&out.0.to_le_bytes());
    let expected_out: Vec<u32> =
        (0..threads).map(|i| (0..STEPS).fold(i, |x, _| x.wrapping_mul(3).wrapping_add(1))).collect();
    let (mut launches, mut warp_launches) = (0u32, 0u32);
    let deadline = Instant::now() + Duration::from_secs(120);
    while warp_launches < 3 {
        assert!(Instant::now() < deadline, "the warp tier never ran the kernel ({launches} launches)");
        mem.write(counter, &0u32.to_le_bytes()).unwrap();
        mem.write(out, &vec![0; 4 * threads as usize]).unwrap();
        let stats = p.launch("count", grid, block, 0, &params, &mem).expect("launch");
        launches += 1;
        let mut c = [0u8; 4];
        mem.read(counter, &mut c).unwrap();
        assert_eq!(u32::from_le_bytes(c), threads, "launch {launches} on {:?}: atomics counted", stats.tier);
        let mut o = vec![0u8; 4 * threads as usize];
        mem.read(out, &mut o).unwrap();
        let got: Vec<u32> = o.chunks(4).map(|b| u32::from_le_bytes(b.try_into().unwrap())).collect();
        assert!(got == expected_out, "launch {launches} on {:?}: wrong values", stats.tier);
        if stats.tier == Tier::WarpJit {
            warp_launches += 1;
        } else {
            // Let the background compile progress.
            std::thread::sleep(Duration::from_millis(5));
        }
        churn_heap();
    }
}
