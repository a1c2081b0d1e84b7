//! A kernel's warp-tier code for one block shape, compiled in up to two grades: a long kernel's
//! background compile first allocates registers with regalloc2's single-pass allocator (2.5 to
//! 4.5x faster to compile than its backtracking allocator, which was ~80% of the warp tier's
//! compile: Rodinia lud's perimeter kernel, 551 PTX instructions, 400,000 CLIF instructions,
//! took 2 s), so its launches leave the interpreter sooner. Once its launches have run on that
//! code long enough that the faster code would have paid for its compile (rent or buy again:
//! most kernels' launches end long before), it is compiled again in the background with the
//! backtracking allocator, whose code runs faster (lud's kernels: 2.8x), and later launches run that
//! (`CUPRITE_WARP_REGALLOC`: `tiered`, the default, or one allocator for every compile).
//! Both grades come from the same code generator, so they compute the same bits and share
//! the launch state (access sites) layout.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use super::lower::Regalloc;
use super::warp::{self, WarpCode};
use crate::ir::Func;

/// Which allocators the warp tier uses (`CUPRITE_WARP_REGALLOC`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Background compiles: single-pass first, then backtracking; compiles a launch waits
    /// for (short kernels, `Engine::Warp`): backtracking.
    Tiered,
    /// Every compile with this allocator, once.
    Only(Regalloc),
}

fn mode() -> Mode {
    match crate::env::warp_regalloc() {
        Some("backtracking") => Mode::Only(Regalloc::Backtracking),
        Some("single_pass") => Mode::Only(Regalloc::SinglePass),
        _ => Mode::Tiered,
    }
}

/// Held by the background thread compiling (one at a time: they share the cores with
/// launches).
static BACKGROUND: Mutex<()> = Mutex::new(());

/// Background compiles whose first code is not ready yet: a second-grade compile waits for
/// them (a kernel still on the interpreter gains more from its first code than a kernel
/// already compiled does from better code).
static FIRST_PENDING: AtomicUsize = AtomicUsize::new(0);

/// One kernel's warp-tier code for one block shape (or why it does not compile).
#[derive(Debug, Default)]
pub(crate) struct WarpSlot {
    /// A background compile's first code (single-pass registers, unless the mode says otherwise).
    first: OnceLock<Result<WarpCode, String>>,
    /// Code with backtracking-allocated registers, compiled after `first` in the background, or
    /// here when a launch needs code now.
    tuned: OnceLock<Result<WarpCode, String>>,
    /// Whether the background compile of `tuned` was started.
    tuning: AtomicBool,
}

impl WarpSlot {
    /// The best code compiled so far (the tuned code once it compiled, else the first), or why
    /// the kernel does not compile; `None` before any compile finished.
    pub(crate) fn get(&self) -> Option<&Result<WarpCode, String>> {
        match (self.tuned.get(), self.first.get()) {
            (Some(Err(_)), Some(first)) => Some(first),
            (Some(tuned), _) => Some(tuned),
            (None, first) => first,
        }
    }

    /// The best code compiled so far, or compiled here now.
    pub(crate) fn get_or_compile(&self, f: &Func, rows32: bool) -> &Result<WarpCode, String> {
        if let Some(r) = self.get() {
            return r;
        }
        let regalloc = match mode() {
            Mode::Tiered => Regalloc::Backtracking,
            Mode::Only(r) => r,
        };
        self.tuned.get_or_init(|| compile(f, rows32, regalloc))
    }

    /// Waits for the background compile's first code.
    pub(crate) fn wait(&self) -> &Result<WarpCode, String> {
        self.get().unwrap_or_else(|| self.first.wait())
    }

    /// What a background compile's first code of a kernel of `insts` PTX instructions is
    /// expected to take (`backtracking_compile`); with single-pass allocation, about in step
    /// with the kernel (Rodinia lud's kernels: 185 ms for 335 instructions, 335 ms for 551,
    /// against 0.83 s and 1.6 s with backtracking, process CPU on a 2-core Xeon VM).
    pub(crate) fn expected_first_compile(insts: usize) -> Duration {
        match mode() {
            Mode::Only(Regalloc::Backtracking) => backtracking_compile(insts),
            Mode::Tiered | Mode::Only(Regalloc::SinglePass) => Duration::from_micros(insts as u64 * 600),
        }
    }

    /// Counts a background compile about to start (before its thread is spawned, so that a
    /// second-grade compile already running waits for it); `compile_in_background` uncounts it.
    pub(crate) fn background_starts() {
        FIRST_PENDING.fetch_add(1, Ordering::AcqRel);
    }

    /// Uncounts a background compile that could not start.
    pub(crate) fn background_failed() {
        FIRST_PENDING.fetch_sub(1, Ordering::AcqRel);
    }

    /// The background thread's work (counted by `background_starts`): the first code.
    pub(crate) fn compile_in_background(&self, f: &Func, rows32: bool) {
        let _one = BACKGROUND.lock().unwrap_or_else(|e| e.into_inner());
        let regalloc = match mode() {
            Mode::Tiered => Regalloc::SinglePass,
            Mode::Only(r) => r,
        };
        self.first.get_or_init(|| {
            // Code single-pass registers cannot give (a frame too large for a thread's stack:
            // `lower::define`) is compiled with backtracking, whose spill slots are shared.
            compile(f, rows32, regalloc).or_else(|e| match regalloc {
                Regalloc::SinglePass => compile(f, rows32, Regalloc::Backtracking),
                Regalloc::Backtracking => Err(e),
            })
        });
        FIRST_PENDING.fetch_sub(1, Ordering::AcqRel);
    }

    /// Whether tuned code would replace code that runs now: the first code compiled (a kernel
    /// the warp tier does not compile fails with either allocator), with single-pass
    /// registers, and no tuned compile started.
    pub(crate) fn tunable(&self) -> bool {
        mode() == Mode::Tiered
            && self.first.get().is_some_and(Result::is_ok)
            && self.tuned.get().is_none()
            && !self.tuning.load(Ordering::Relaxed)
    }

    /// Compiles the tuned code of `f` on a background thread (once), after every first
    /// compile pending (a kernel still on the interpreter gains more from its first code
    /// than one already compiled does from better code); until it is ready, launches run
    /// the first code.
    pub(crate) fn tune_in_background(slot: &Arc<WarpSlot>, f: &Func, rows32: bool) {
        if slot.tuning.swap(true, Ordering::Relaxed) {
            return;
        }
        let (slot, f) = (Arc::clone(slot), f.clone());
        let tune = move || {
            loop {
                let one = BACKGROUND.lock().unwrap_or_else(|e| e.into_inner());
                if FIRST_PENDING.load(Ordering::Acquire) == 0 {
                    slot.tuned.get_or_init(|| compile(&f, rows32, Regalloc::Backtracking));
                    drop(one);
                    return;
                }
                drop(one);
                std::thread::sleep(Duration::from_millis(1));
            }
        };
        // No thread to be had: the first code goes on running.
        let _ = std::thread::Builder::new().name("cuprite-warp-jit".into()).spawn(tune);
    }

    /// The time a kernel of `insts` PTX instructions runs on its first code before its tuned
    /// compile starts: when the tuned code would have saved what its compile is expected to
    /// cost. Backtracking-allocated code saved 64% of the single-pass code's time on lud's
    /// three kernels (2.2 s against 6.0 s of compiled code, `CUPRITE_ENGINE=warp`).
    pub(crate) fn tuning_rent(insts: usize) -> Duration {
        backtracking_compile(insts).mul_f64(1.0 / 0.64)
    }
}

/// What a compile with backtracking allocation of a kernel of `insts` PTX instructions is
/// expected to take: it grows faster than the kernel (register allocation over the converged
/// and diverged copies). Measured on the development machine's EPYC, process CPU time of
/// straight-line kernels: 120 ms for 200 instructions, 0.5 s for 500, 2 s for 1000, 10 s for
/// 2000.
fn backtracking_compile(insts: usize) -> Duration {
    let n = insts as u64;
    Duration::from_micros(n * 500 + n * n * 5 / 2)
}

/// Compiles `f` for the warp tier; a compiler bug is an error (the kernel then runs on the
/// other tiers), not a crash.
fn compile(f: &Func, rows32: bool, regalloc: Regalloc) -> Result<WarpCode, String> {
    let t0 = crate::workers::thread_cpu_time();
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| warp::compile(f, rows32, regalloc)))
        .unwrap_or_else(|_| Err("the warp JIT compiler failed".to_string()));
    match &r {
        Err(e) if crate::env::flag(crate::env::WARP_TRACE) => eprintln!("warp JIT: `{}` not compiled: {e}", f.name),
        Ok(_) if super::tiering::trace() => {
            let how = match regalloc {
                Regalloc::Backtracking => "backtracking",
                Regalloc::SinglePass => "single-pass",
            };
            let cpu = t0.zip(crate::workers::thread_cpu_time()).map_or(0, |(a, b)| b.saturating_sub(a).as_millis());
            eprintln!("tier: `{}` compiled for the warp tier in {cpu} ms of CPU ({how} register allocation)", f.name);
        }
        _ => {}
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    const PTX: &str = r#"
.version 8.0
.target sm_90
.address_size 64
.visible .entry twice(.param .u64 p)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [p];
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd2, %rd2, %rd3;
    ld.global.u32 %r2, [%rd2];
    shl.b32 %r3, %r2, 1;
    st.global.u32 [%rd2], %r3;
    ret;
}
"#;

    fn kernel() -> Func {
        crate::decode::test_kernel(PTX, "twice")
    }

    /// The code `slot.get()` hands out is `cell`'s.
    fn hands_out(slot: &WarpSlot, cell: &OnceLock<Result<WarpCode, String>>) -> bool {
        matches!((slot.get(), cell.get()), (Some(a), Some(b)) if std::ptr::eq(a, b))
    }

    #[test]
    fn launches_get_the_tuned_code_once_it_compiled_and_the_first_until_then() {
        let f = kernel();
        let slot = WarpSlot::default();
        assert!(slot.get().is_none() && !slot.tunable());
        WarpSlot::background_starts();
        slot.compile_in_background(&f, false);
        assert!(hands_out(&slot, &slot.first), "the first code runs before the tuned code is ready");
        // (The mode is the default, tiered, unless the environment sets another.)
        if mode() == Mode::Tiered {
            assert!(slot.tunable());
            let slot = Arc::new(slot);
            WarpSlot::tune_in_background(&slot, &f, false);
            assert!(!slot.tunable(), "one tuned compile per slot");
            let start = std::time::Instant::now();
            while slot.tuned.get().is_none() && start.elapsed() < Duration::from_secs(120) {
                std::thread::sleep(Duration::from_millis(5));
            }
            assert!(hands_out(&slot, &slot.tuned), "the tuned code replaces the first");
            assert!(slot.get().is_some_and(Result::is_ok));
        }
    }

    #[test]
    fn a_tuned_compile_that_fails_leaves_the_first_code_running() {
        let slot = WarpSlot::default();
        let _ = slot.first.set(compile(&kernel(), false, Regalloc::SinglePass));
        let _ = slot.tuned.set(Err("the warp JIT compiler failed".into()));
        assert!(hands_out(&slot, &slot.first));
        assert!(slot.get().is_some_and(Result::is_ok));
    }

    #[test]
    fn a_kernel_compiled_when_needed_now_gets_tuned_code_in_one_compile() {
        let slot = WarpSlot::default();
        let r = slot.get_or_compile(&kernel(), false);
        assert!(r.is_ok());
        if mode() == Mode::Tiered {
            assert!(hands_out(&slot, &slot.tuned) && slot.first.get().is_none() && !slot.tunable());
        }
    }

    /// Compiled code runs only on a thread whose stack has room for its frame and the helpers
    /// below it: a frame past the stack's end would write over other memory.
    #[test]
    fn warp_code_runs_only_on_threads_with_room_for_its_frame() {
        let code = compile(&kernel(), false, Regalloc::SinglePass).expect("compiles");
        let fits_on = |stack: usize| {
            std::thread::scope(|s| {
                std::thread::Builder::new()
                    .stack_size(stack)
                    .spawn_scoped(s, || code.fits_on_this_thread())
                    .expect("a thread")
                    .join()
                    .expect("no panic")
            })
        };
        assert!(fits_on(crate::workers::THREAD_STACK), "the threads Cuprite starts");
        assert!(!fits_on(256 << 10), "a 256 KiB stack leaves no room for the helpers");
    }

    #[test]
    fn single_pass_first_compiles_are_expected_to_cost_less() {
        if mode() == Mode::Tiered {
            for n in [200, 551, 2000] {
                assert!(WarpSlot::expected_first_compile(n) < backtracking_compile(n));
                assert!(WarpSlot::tuning_rent(n) > backtracking_compile(n));
            }
        }
    }
}
