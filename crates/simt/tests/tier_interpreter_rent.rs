//! Under `Engine::Jit` a long kernel compiles for the warp tier on a background thread, and
//! a kernel the per-thread JIT leaves to the interpreter runs there meanwhile, 10-50x slower.
//! Once its launches have spent on the interpreter what the compile is expected to take
//! (`WarpSlot::expected_first_compile` in `jit/warp_slot.rs`), the next launch waits for the compile and runs on
//! the warp tier (`jit/mod.rs`): on a loaded machine the background compile could take the
//! whole run, which then stayed on the interpreter (a Rodinia LU decomposition did).

use simt::{DeviceMemory, Dim3, Engine, Program, Tier};

mod common;

use common::ptx::{Index, Kernel, module};

/// `x = 3x + 1` steps per `activemask` (result unused): dense warp collectives, which the
/// per-thread JIT leaves to the interpreter, so only the interpreter and the warp tier run
/// the kernel.
fn filler(steps: usize) -> String {
    ("    mad.lo.u32 %r6, %r6, 3, 1;\n".repeat(9) + "    activemask.b32 %r7;\n").repeat(steps / 10)
}

/// `name(out)`: each thread writes `steps` steps of `x = 3x + 1` from its global index to
/// `out[index]` (one more instruction than steps per ten).
fn kernel(name: &str, steps: usize) -> String {
    let body = format!(
        "
    mov.u32 %r6, %r4;
{}    mul.wide.u32 %rd3, %r4, 4;
    add.s64 %rd4, %rd1, %rd3;
    st.global.u32 [%rd4], %r6;
    ret;",
        filler(steps)
    );
    module("sm_80", &Kernel::new(name, &["out"], Index::Grid).global_pointers().body(&body))
}

/// The kernel's steps: 200 (about 210 instructions with the rest).
const STEPS: usize = 200;
/// The expected compile of 220 instructions (more than the kernel has): 220 x 0.5 ms +
/// 220² x 2.5 µs.
const COMPILE_BOUND_MS: u128 = 231;

#[test]
fn a_kernel_left_to_the_interpreter_waits_for_its_warp_code_once_the_interpreter_cost_as_much() {
    // SAFETY: the only test of this binary, before it starts any thread of its own; nothing
    // else reads the environment meanwhile. (The block tier, which could take the kernel
    // from both, stays off without a C compiler.)
    unsafe { std::env::set_var("CUPRITE_CC", "/nonexistent/cuprite-no-cc") };
    // A much longer kernel's background compile first: ours waits behind it (one background
    // compile at a time), so that without the rule its launches would stay on the
    // interpreter for seconds.
    let mut long = Program::from_ptx(&kernel("long", 600)).expect("load long");
    long.set_engine(Engine::Jit);
    long.set_workers(1);
    let mem = DeviceMemory::new();
    let out = mem.alloc(4 * 32).unwrap();
    let params = out.0.to_le_bytes();
    long.launch("long", Dim3::x(1), Dim3::x(32), 0, &params, &mem).expect("launch long");

    let mut p = Program::from_ptx(&kernel("rent", STEPS)).expect("load");
    p.set_engine(Engine::Jit);
    p.set_workers(1);
    let (grid, block) = (Dim3::x(64), Dim3::x(128));
    let threads = 64 * 128u32;
    let out = mem.alloc(4 * u64::from(threads)).unwrap();
    let params = out.0.to_le_bytes();
    let expected: Vec<u32> =
        (0..threads).map(|i| (0..STEPS / 10 * 9).fold(i, |x, _| x.wrapping_mul(3).wrapping_add(1))).collect();
    let mut interpreted = std::time::Duration::ZERO;
    for launch in 1.. {
        mem.write(out, &vec![0; 4 * threads as usize]).unwrap();
        let stats = p.launch("rent", grid, block, 0, &params, &mem).expect("launch");
        let mut o = vec![0u8; 4 * threads as usize];
        mem.read(out, &mut o).unwrap();
        let got: Vec<u32> = o.chunks(4).map(|b| u32::from_le_bytes(b.try_into().unwrap())).collect();
        assert!(got == expected, "launch {launch} on {:?}: wrong values", stats.tier);
        match stats.tier {
            Tier::WarpJit => break,
            Tier::Interpreter => {
                assert!(
                    interpreted.as_millis() < COMPILE_BOUND_MS,
                    "launch {launch} ran on the interpreter after {interpreted:?} there, more than the compile"
                );
                interpreted += stats.elapsed;
            }
            other => panic!("launch {launch} ran on {other:?}"),
        }
    }
}
