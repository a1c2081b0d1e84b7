//! Which tier runs the Nth launch of a kernel at one worker while the block tier's C compiles
//! (`jit/tiering.rs`). gcc takes seconds at -O3 for a kernel of many accesses (the kit's
//! 5x5 conv2d: 4.5 s of CPU), longer than a short program: from a cold disk cache the kit's
//! 1-thread runs of conv2d and the 33-tap conv1d ran every repetition thread by thread on
//! the per-thread JIT (2.1 and 1.8 s a repetition on a 16-core Xeon, 100x their 16-thread
//! times, whose run found the cache filled). A kernel the block tier runs lanes at a time
//! runs on the warp tier meanwhile (conv2d: 0.24 s of CPU a repetition against 1.21 s),
//! compiled in the background; one whose lanes leave a loop apart stays on the per-thread
//! JIT, which runs each thread's trips alone (Collatz lengths: 3x faster there).
//!
//! The C compiler here (`CUPRITE_CC`) is a script that does not finish a compile until the
//! test ends, so which tier runs each launch does not depend on the machine's speed.

use std::time::{Duration, Instant};

use simt::{DeviceMemory, Dim3, Engine, Program, Tier};

mod common;

use common::download_u32;
use common::ptx::{Index, Kernel, module};

/// `scale(input, out)`: `out[i] = 3 * input[i] + 1`, straight-line: the block tier runs it
/// 16 threads at a time, and `warp::preferred` does not pick it (no barrier, collective or
/// loop).
fn scale_ptx() -> String {
    module(
        "sm_80",
        &Kernel::new("scale", &["input", "out"], Index::Grid).global_pointers().body(
            r#"
    mul.wide.u32 %rd3, %r4, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r5, [%rd4];
    mad.lo.u32 %r6, %r5, 3, 1;
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r6;
    ret;
"#,
        ),
    )
}

/// `collatz(input, out)`: `out[i]` = the Collatz steps from `input[i]` to 1: a loop each
/// lane leaves after its own number of trips.
fn collatz_ptx() -> String {
    module(
        "sm_80",
        &Kernel::new("collatz", &["input", "out"], Index::Grid).global_pointers().body(
            r#"
    mul.wide.u32 %rd3, %r4, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r5, [%rd4];
    mov.u32 %r6, 0;
    setp.le.u32 %p1, %r5, 1;
    @%p1 bra DONE;
LOOP:
    and.b32 %r7, %r5, 1;
    setp.eq.u32 %p2, %r7, 1;
    mad.lo.u32 %r8, %r5, 3, 1;
    shr.u32 %r9, %r5, 1;
    selp.u32 %r5, %r8, %r9, %p2;
    add.u32 %r6, %r6, 1;
    setp.ne.u32 %p3, %r5, 1;
    @%p3 bra LOOP;
DONE:
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r6;
    ret;
"#,
        ),
    )
}

/// `echo(input, out)`: `out[i] = 3 * input[i] + 1` after two butterfly shuffles that hand
/// each lane its own value back: straight-line (the block tier runs it lanes at a time), and
/// the per-thread JIT leaves shuffles to the interpreter, so its first launch must wait for
/// the warp tier's short compile (a warp-shuffle scan: 3 s interpreted, a 42 ms compile).
fn echo_ptx() -> String {
    module(
        "sm_80",
        &Kernel::new("echo", &["input", "out"], Index::Grid).global_pointers().body(
            r#"
    mul.wide.u32 %rd3, %r4, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r5, [%rd4];
    shfl.sync.bfly.b32 %r7, %r5, 1, 31, -1;
    shfl.sync.bfly.b32 %r8, %r7, 1, 31, -1;
    mad.lo.u32 %r6, %r8, 3, 1;
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r6;
    ret;
"#,
        ),
    )
}

fn collatz_steps(mut x: u32) -> u32 {
    let mut n = 0;
    while x > 1 {
        x = if x & 1 == 1 { x.wrapping_mul(3).wrapping_add(1) } else { x >> 1 };
        n += 1;
    }
    n
}

const BLOCKS: u32 = 64;
const THREADS: u32 = 128;

/// Launches kernel `name` of `p` on `input` (one value per thread), checks every result
/// against `want`, and returns the tier that ran it.
fn launch(p: &Program, name: &str, input: &[u32], want: &dyn Fn(u32) -> u32) -> Tier {
    let n = (BLOCKS * THREADS) as usize;
    let mem = DeviceMemory::new();
    let (inp, out) = (mem.alloc(4 * n as u64).unwrap(), mem.alloc(4 * n as u64).unwrap());
    let bytes: Vec<u8> = input.iter().flat_map(|v| v.to_le_bytes()).collect();
    mem.write(inp, &bytes).unwrap();
    let params: Vec<u8> = [inp.0, out.0].iter().flat_map(|a| a.to_le_bytes()).collect();
    let stats = p.launch(name, Dim3::x(BLOCKS), Dim3::x(THREADS), 0, &params, &mem).expect("launch");
    let got = download_u32(&mem, out, n);
    assert!(got.iter().zip(input).all(|(&g, &x)| g == want(x)), "{name} on {:?}: wrong values", stats.tier);
    stats.tier
}

/// A C compiler that answers `--version` and finishes no compile while `flag` exists (then
/// fails it), in `dir`.
fn stalled_cc(dir: &std::path::Path, flag: &std::path::Path) -> std::path::PathBuf {
    let cc = dir.join("stalled-cc");
    let script = format!(
        "#!/bin/sh\n[ \"$1\" = --version ] && {{ echo cuprite-stalled-cc 1; exit 0; }}\n\
         while [ -e '{}' ]; do sleep 0.05; done\nexit 1\n",
        flag.display()
    );
    std::fs::write(&cc, script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&cc, std::fs::Permissions::from_mode(0o755)).unwrap();
    cc
}

#[test]
fn while_the_block_tiers_c_compiles_a_lane_kernel_runs_on_the_warp_tier() {
    let dir = std::env::temp_dir().join(format!("cuprite-tier-interim-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let flag = dir.join("compiling");
    std::fs::write(&flag, b"").unwrap();
    let cc = stalled_cc(&dir, &flag);
    // SAFETY: the only test of this binary, before it starts any thread of its own; nothing
    // else reads the environment meanwhile. (Its own cache: the stalled compile's claim and
    // source stay out of the user's.)
    unsafe {
        std::env::set_var("CUPRITE_CC", &cc);
        std::env::set_var("XDG_CACHE_HOME", dir.join("cache"));
    }
    let input: Vec<u32> = (0..BLOCKS * THREADS).map(|i| i.wrapping_mul(2_654_435_761) >> 12).collect();

    let mut p = Program::from_ptx(&scale_ptx()).expect("load scale");
    p.set_engine(Engine::Jit);
    p.set_workers(1);
    let scale = |x: u32| x.wrapping_mul(3).wrapping_add(1);
    // The first launch waits for no compile: the per-thread JIT runs it while the warp tier
    // compiles in the background (and the block tier's C, after its first 40 ms of work).
    let mut tiers = vec![launch(&p, "scale", &input, &scale)];
    assert_eq!(tiers[0], Tier::ThreadJit, "the first launch");
    let deadline = Instant::now() + Duration::from_secs(120);
    while !tiers.contains(&Tier::WarpJit) {
        assert!(Instant::now() < deadline, "never on the warp tier while the C compiles: {tiers:?}");
        std::thread::sleep(Duration::from_millis(5));
        tiers.push(launch(&p, "scale", &input, &scale));
    }
    for _ in 0..20 {
        tiers.push(launch(&p, "scale", &input, &scale));
    }
    let at = tiers.iter().position(|&t| t == Tier::WarpJit).unwrap();
    assert!(tiers[..at].iter().all(|&t| t == Tier::ThreadJit), "{tiers:?}");
    assert!(tiers[at..].iter().all(|&t| t == Tier::WarpJit), "from its warp code on, every launch there: {tiers:?}");

    // Lanes that leave a loop apart: the per-thread JIT, launch after launch.
    let mut p = Program::from_ptx(&collatz_ptx()).expect("load collatz");
    p.set_engine(Engine::Jit);
    p.set_workers(1);
    let small: Vec<u32> = input.iter().map(|x| x % 1000).collect();
    for n in 1..=30 {
        assert_eq!(launch(&p, "collatz", &small, &collatz_steps), Tier::ThreadJit, "launch {n}");
        std::thread::sleep(Duration::from_millis(5));
    }
    // Shuffles: the warp tier from the first launch on, never the interpreter meanwhile.
    let mut p = Program::from_ptx(&echo_ptx()).expect("load echo");
    p.set_engine(Engine::Jit);
    p.set_workers(1);
    for n in 1..=10 {
        assert_eq!(launch(&p, "echo", &input, &scale), Tier::WarpJit, "launch {n}");
    }
    // The stalled compiles end (failed) and leave nothing behind.
    std::fs::remove_file(&flag).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let _ = std::fs::remove_dir_all(&dir);
}
