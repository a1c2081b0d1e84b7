//! Runs the blocks of a launch with a kernel's block-tier code: one call runs a whole block
//! (its threads, barriers and all), unless threads yielded (a spin-wait on other threads:
//! the call is repeated, after checking whether the launch was stopped), a thread faulted,
//! or the live threads wait at different barriers (the interpreter's deadlock fault); threads
//! stopped at warp collectives perform them here (`jit::warp_collectives`), then the call is
//! repeated.
//! Blocks are spread over the workers by `exec::run_grid`, as every engine does.

use std::sync::atomic::Ordering;

use super::BlockCode;
use crate::error::{Fault, FaultKind};
use crate::exec::{self, Launch};
use crate::jit::ctx::Ctx;
use crate::jit::helpers as h;
use crate::jit::{Frames, Worker, warp_collectives};

/// The generated entry point: `(ctx, helpers, frames, states, threads, ops) -> status`.
pub(crate) type BlockFn = unsafe extern "C" fn(*mut Ctx, *const Helpers, *mut u64, *mut u32, u64, *const usize) -> u64;

/// The Rust functions generated code calls (`runtime.h`'s `Helpers`, field for field).
#[repr(C)]
pub(crate) struct Helpers {
    ld: extern "C" fn(*mut Ctx, u64, u64, u64) -> u64,
    st: extern "C" fn(*mut Ctx, u64, u64, u64, u64),
    atom: extern "C" fn(*mut Ctx, *const crate::ir::Op, u64, u64, u64) -> u64,
    atom_site: extern "C" fn(*mut Ctx, *const crate::ir::Op, u64, u64, u64, u64) -> u64,
    unop: extern "C" fn(*const crate::ir::UnOp, u64) -> u64,
    binop: extern "C" fn(*const crate::ir::BinOp, u64, u64) -> u64,
    ternop: extern "C" fn(*const crate::ir::TernOp, u64, u64, u64) -> u64,
    cvt: extern "C" fn(*const crate::ir::Cvt, u64) -> u64,
    cmp: extern "C" fn(*const crate::ir::Cmp, u64, u64) -> u64,
    bfi: extern "C" fn(u64, u64, u64, u64, u64) -> u64,
    isspacep: extern "C" fn(*mut Ctx, u64, u64) -> u64,
    misaligned: extern "C" fn(*mut Ctx, u64, u64),
    tex: extern "C" fn(*mut Ctx, *const crate::ir::tex::TexOp, *const u64, u64, *mut u64),
    tex_point: extern "C" fn(*mut Ctx, *const crate::ir::tex::TexOp, u64, *mut crate::jit::tex::TexPoint) -> u64,
    pause: extern "C" fn(*mut Ctx) -> u64,
}

static HELPERS: Helpers = Helpers {
    ld: h::h_ld,
    st: h::h_st,
    atom: h::h_atom,
    atom_site: h::h_atom_site,
    unop: h::h_unop,
    binop: h::h_binop,
    ternop: h::h_ternop,
    cvt: h::h_cvt,
    cmp: h::h_cmp,
    bfi: h::h_bfi,
    isspacep: h::h_isspacep,
    misaligned: h::h_misaligned,
    tex: crate::jit::tex::h_tex,
    tex_point: crate::jit::tex::h_tex_point,
    pause: h::h_pause,
};

/// Status codes of the generated code (`runtime.h`).
const ST_FAULT: u64 = 1;
const ST_YIELD: u64 = 3;
const ST_STUCK: u64 = 7;
const ST_WARP: u64 = 8;

/// Runs every block of `l` with `code`.
pub(crate) fn run(l: &Launch<'_>, code: &BlockCode) -> Result<(), Fault> {
    exec::run_grid(l, |w: &mut Worker, ctaid, worker| w.block_tier_block(l, code, ctaid, worker), |_| 0)
}

/// Runs block `ctaid` of `l` with `code` on a worker whose last block may have run other
/// code (a launch moving up mid-launch, `jit::TierUp`): its register frames and access
/// sites are laid out afresh for `code`.
pub(crate) fn run_block(
    w: &mut Worker,
    l: &Launch<'_>,
    code: &BlockCode,
    ctaid: [u32; 3],
    worker: u32,
) -> Result<(), Fault> {
    w.frames.clear();
    w.sites.clear();
    w.block_tier_block(l, code, ctaid, worker)
}

impl Worker {
    fn block_tier_block(
        &mut self,
        l: &Launch<'_>,
        code: &BlockCode,
        ctaid: [u32; 3],
        worker: u32,
    ) -> Result<(), Fault> {
        let [bx, by, bz] = l.block;
        // The block tier gives its code at least one frame slot per thread and one site slot,
        // and room for the lane phase's loads of a whole group of lanes past the last thread
        // (`frames[slot * n + t]`, `t` up to `n - 1 + WARP_WIDTH - 1`, the widest group).
        let threads = (bx * by * bz).max(1) as usize;
        let slots = code.frame_slots.max(1) + (super::emit::WARP_WIDTH as usize).div_ceil(threads);
        let n = self.start_block(l, slots, code.sites.max(1), ctaid, worker);
        self.ctx.local = self.ctx.locals;
        let tid_of = |t: usize| {
            let t = t as u32;
            [t % bx, (t / bx) % by, t / (bx * by)]
        };
        loop {
            // SAFETY: `code` was generated from this launch's kernel and its `ops` point into
            // the `Func` it owns; `ctx` describes live buffers (shared memory, every thread's
            // local memory, parameters, globals, `sites`: `code.sites` slots) that nothing
            // else uses during the call; `frames` holds `frame_slots` words and `states` one
            // word per thread, for `n` threads. The generated code checks every access
            // against those buffers or a cached allocation, else calls the helpers.
            let st = unsafe {
                (code.library.entry())(
                    &mut self.ctx,
                    &HELPERS,
                    self.frames.as_mut_ptr(),
                    self.states.as_mut_ptr(),
                    n as u64,
                    code.ops.as_ptr(),
                )
            };
            let (status, pc, t) = (st & 0xff, (st >> 8) as u32, (st >> 40) as usize);
            match status {
                0 => return Ok(()),
                ST_YIELD => {
                    if l.stop.load(Ordering::Relaxed) {
                        return Ok(());
                    }
                    // Its threads may spin on another block of the grid, which may need this
                    // core, or to start (`exec::yield_point`).
                    exec::yield_point(l);
                    crate::jit::timed_out(l, ctaid, &self.states, &code.resumes, &tid_of)?;
                }
                ST_WARP => {
                    let pc_of = |k: usize| code.resumes.get(k.wrapping_sub(1)).copied().unwrap_or(0);
                    let frames = Frames::ByRegister { threads: n, slot_of: &code.slot_of };
                    warp_collectives(&code.func, &mut self.states, &mut self.frames, frames, &pc_of);
                }
                ST_STUCK => return Err(self.deadlock(l, code, ctaid, t, &tid_of)),
                _ => {
                    let kind = match (status, self.ctx.fault.take()) {
                        (ST_FAULT, Some(k)) => k,
                        _ => FaultKind::Trap,
                    };
                    self.ctx.faulted = 0;
                    return Err(crate::jit::fault_at(l, ctaid, tid_of(t), pc, kind));
                }
            }
        }
    }

    /// The fault of live threads waiting at different barriers (`first`: the first waiting).
    fn deadlock(
        &self,
        l: &Launch<'_>,
        code: &BlockCode,
        ctaid: [u32; 3],
        first: usize,
        tid_of: &dyn Fn(usize) -> [u32; 3],
    ) -> Fault {
        let w = self.states.get(first).copied().unwrap_or(0);
        let id = w >> 28;
        let live = self.states.iter().filter(|&&s| s >> 24 & 15 != 2).count() as u32;
        let arrived = self.states.iter().filter(|&&s| s >> 24 & 15 == 1 && s >> 28 == id).count() as u32;
        let k = (w & 0xff_ffff) as usize;
        let pc = code.resumes.get(k.wrapping_sub(1)).copied().unwrap_or(0);
        crate::jit::fault_at(l, ctaid, tid_of(first), pc, FaultKind::Deadlock { barrier: id, arrived, expected: live })
    }
}
