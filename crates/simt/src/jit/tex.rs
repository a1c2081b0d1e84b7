//! The helpers through which the compiled tiers run texture and surface instructions: the
//! interpreter's lane functions (`exec::tex::execute_lane` for one thread, `execute_lanes` for
//! a warp's lanes in lane order), with the object lookup cached in the worker's context for the
//! launch (the registry's lock is taken only when a lane names another object than the last one);
//! and, for the block tier's point lookups that fetch texels inline, where those lie
//! ([`h_tex_point`], through `exec::tex::clamped_texels`).
//!
//! Like every helper, they are `extern "C"` and total: no input makes them panic.

use super::ctx::Ctx;
pub(crate) use crate::exec::MAX_SOURCES;
use crate::exec::{Launch, Planar, RESULT_SLOTS, TexContext, clamped_texels, execute_lane, execute_lanes};
use crate::ir::tex::TexOp;

/// # Safety
/// `ctx` is the context the block runner passed to the compiled code that calls the helper,
/// and `ctx.launch` points to the running launch; `op` points to an instruction of the
/// compiled function, alive as long as its code.
unsafe fn parts<'x>(ctx: *mut Ctx, op: *const TexOp) -> (&'x mut Ctx, &'x Launch<'x>, &'x TexOp) {
    // SAFETY: per the contract; compiled code holds no other reference while a helper runs.
    let ctx = unsafe { &mut *ctx };
    // SAFETY: the block runner sets `launch` to the launch it runs, which outlives the call.
    let launch = unsafe { &*ctx.launch.cast::<Launch<'x>>() };
    // SAFETY: per the contract.
    let op = unsafe { &*op };
    (ctx, launch, op)
}

/// `op` for the per-thread JIT's running thread: its `nargs` source values at `args` (in
/// `exec::tex::sources` order), its results to the `RESULT_SLOTS` words at `out` (slots as
/// `exec::tex::results` names them). On a fault, `ctx.faulted` is set.
pub(crate) extern "C" fn h_tex(ctx: *mut Ctx, op: *const TexOp, args: *const u64, nargs: u64, out: *mut u64) {
    // SAFETY: compiled code passes its context and a pointer into its function's code.
    let (ctx, launch, op) = unsafe { parts(ctx, op) };
    // SAFETY: compiled code passes a stack slot of `nargs` words (at most `MAX_SOURCES`) and
    // one of `RESULT_SLOTS` words, neither referenced elsewhere during the call.
    let (args, out) = unsafe {
        (std::slice::from_raw_parts(args, (nargs as usize).min(MAX_SOURCES)), &mut *out.cast::<[u64; RESULT_SLOTS]>())
    };
    let mut cx = TexContext { launch, cache: &mut ctx.cache, last: &mut ctx.tex_object };
    if let Err(k) = execute_lane(&mut cx, op, args, out) {
        ctx.set_fault(k);
    }
}

/// Where a point lookup's texels lie, for the block tier to fetch them itself
/// (`runtime.h`'s `TexPoint`, field for field): texel (x, y)'s channel c is the 32-bit word at
/// host address `host + y * row_pitch + x * texel + 4 * c`, for x below `width`, y below
/// `height` and c below `channels`.
#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct TexPoint {
    pub host: u64,
    pub row_pitch: u64,
    pub texel: u64,
    pub width: u32,
    pub height: u32,
    pub channels: u32,
    pub pad: u32,
}

/// Whether `op` (a `tex`) through texture `handle` is a clamped point lookup of 32-bit float
/// channels, at unnormalized coordinates, whose texels all lie in one allocation
/// (`exec::tex::clamped_texels`) and whose extents are at most 2^24 texels (the generated code
/// compares f32 coordinates with them exactly): then 1, with `*out` saying where its texels
/// lie; else 0 (`out` untouched), and the instruction goes through [`h_tex`].
pub(crate) extern "C" fn h_tex_point(ctx: *mut Ctx, op: *const TexOp, handle: u64, out: *mut TexPoint) -> u64 {
    // SAFETY: compiled code passes its context and a pointer into its function's code.
    let (ctx, launch, op) = unsafe { parts(ctx, op) };
    let TexOp::Sample(s) = op else { return 0 };
    let mut cx = TexContext { launch, cache: &mut ctx.cache, last: &mut ctx.tex_object };
    let Some((l, host)) = clamped_texels(&mut cx, s, handle) else { return 0 };
    if l.width > 1 << 24 || l.height > 1 << 24 {
        return 0;
    }
    let point = TexPoint {
        host,
        row_pitch: l.row_pitch,
        texel: l.texel,
        width: l.width,
        height: l.height,
        channels: l.channels,
        pad: 0,
    };
    // SAFETY: compiled code passes a `TexPoint` of its own, not referenced elsewhere during
    // the call.
    unsafe { out.write(point) };
    1
}

/// `op` for the warp tier over the lanes of `emask`, in lane order: the `nargs` sources'
/// lanes at `args` (one `Planar` register image each, in `exec::tex::sources` order), the
/// results to the `nout` `Planar` images at `out` (in `exec::tex::results` order; lanes outside
/// `emask` read 0). Returns 0, or 1 + the lane that faulted (`ctx.fault` set).
pub(crate) extern "C" fn h_tex_lanes(
    ctx: *mut Ctx,
    op: *const TexOp,
    emask: u64,
    args: *const Planar,
    nargs: u64,
    out: *mut Planar,
    nout: u64,
) -> u64 {
    // SAFETY: compiled code passes its context and a pointer into its function's code.
    let (ctx, launch, op) = unsafe { parts(ctx, op) };
    // SAFETY: compiled code passes stack slots of `nargs` and `nout` register images (at most
    // `MAX_SOURCES` and `RESULT_SLOTS`), not referenced elsewhere during the call.
    let (args, out) = unsafe {
        (
            std::slice::from_raw_parts(args, (nargs as usize).min(MAX_SOURCES)),
            std::slice::from_raw_parts_mut(out, (nout as usize).min(RESULT_SLOTS)),
        )
    };
    let mut slots = [0usize; RESULT_SLOTS];
    let mut n = 0;
    crate::exec::tex_results(op, |slot, _| {
        if let Some(s) = slots.get_mut(n) {
            *s = slot;
            n += 1;
        }
    });
    for o in out.iter_mut() {
        o.fill(0);
    }
    let mut cx = TexContext { launch, cache: &mut ctx.cache, last: &mut ctx.tex_object };
    let lane_arg = |k: usize, lane: usize| u64::from(args[k][lane]) | u64::from(args[k][32 + lane]) << 32;
    let ran = execute_lanes(&mut cx, op, emask as u32, args.len(), lane_arg, |lane, r| {
        for (o, &slot) in out.iter_mut().zip(&slots[..n]) {
            let v = r[slot];
            o[lane] = v as u32;
            o[32 + lane] = (v >> 32) as u32;
        }
    });
    match ran {
        Ok(()) => 0,
        Err((lane, k)) => {
            ctx.set_fault(k);
            1 + lane as u64
        }
    }
}
