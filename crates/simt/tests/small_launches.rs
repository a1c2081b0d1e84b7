//! Small launches run on the launching thread alone, without reading the clock between their
//! blocks once the kernel's earlier launches measured short (`exec/grid.rs`, `KernelCost`). A
//! kernel measured short whose blocks turn slow must still bring the other workers in.

use simt::{DeviceMemory, Dim3, Engine, Params, Program};

mod common;

use common::download;

const PTX: &str = r#"
.version 7.0
.target sm_80
.address_size 64

// Each block spins until `ns` nanoseconds have passed since it started (%globaltimer), then
// writes the worker that ran it (%smid) to out[ctaid.x].
.visible .entry spin_then_smid(.param .u64 out, .param .u32 ns)
{
    .reg .pred %p<2>;
    .reg .b32 %r<6>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [out];
    ld.param.u32 %r1, [ns];
    cvt.u64.u32 %rd2, %r1;
    mov.u64 %rd3, %globaltimer;
    add.s64 %rd4, %rd3, %rd2;
WAIT:
    mov.u64 %rd5, %globaltimer;
    setp.lt.u64 %p1, %rd5, %rd4;
    @%p1 bra WAIT;
    mov.u32 %r2, %smid;
    mov.u32 %r3, %ctaid.x;
    mul.wide.u32 %rd6, %r3, 4;
    add.s64 %rd7, %rd1, %rd6;
    st.global.u32 [%rd7], %r2;
    ret;
}
"#;

#[test]
fn a_kernel_measured_short_whose_blocks_turn_slow_still_spreads_over_the_workers() {
    // On the interpreter: its blocks of one thread are cheap enough (~0.5 µs) for 8 of them to
    // be measured short. Every engine spreads its blocks through the same `run_grid`.
    let mut p = Program::from_ptx(PTX).unwrap();
    p.set_workers(2);
    p.set_engine(Engine::Interp);
    let mem = DeviceMemory::new();
    let blocks = 8u32;
    let out = mem.alloc(4 * u64::from(blocks)).unwrap();
    let launch = |ns: u32| {
        let mut params = Params::new();
        params.ptr(out).u32(ns);
        p.launch("spin_then_smid", Dim3::x(blocks), Dim3::x(1), 0, params.bytes(), &mem).unwrap();
    };
    // Blocks that do not wait: the kernel is measured short (its first launch, which sets up
    // the worker's state, counts long, and the measure falls by a quarter a launch).
    for _ in 0..200 {
        launch(0);
    }
    // Blocks of 4 ms: alone they would take 32 ms; the launching thread reads the clock after
    // its first unwatched runs (4 blocks), and the other worker takes blocks from then on.
    launch(4_000_000);
    let ran_on: Vec<u32> = download(&mem, out, blocks as usize);
    assert!(ran_on.iter().all(|&w| w < 2), "%smid out of range: {ran_on:?}");
    assert!(ran_on.contains(&1), "every block ran on the launching worker: {ran_on:?}");
}
