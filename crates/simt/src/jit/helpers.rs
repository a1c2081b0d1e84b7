//! Rust functions compiled code calls: the operations it does not inline (through the
//! interpreter's own implementations, one lane at a time, so results are bit-identical) and
//! the slow paths of memory accesses (full checks, with the interpreter's fault reports).
//!
//! Every helper is `extern "C"` and total: no input makes it panic (a panic could not unwind
//! through compiled code).

use super::ctx::Ctx;
use crate::error::FaultKind;
use crate::exec::{self, Launch, Target, Warp, aligned, le_read, le_write, out_of_bounds};
use crate::ir::{Cmp, Cvt, Op, Space, Window};
use crate::memory::MemError;

/// The space codes compiled code passes to [`h_ld`]/[`h_st`].
pub(crate) fn space_code(s: Space) -> u64 {
    match s {
        Space::Global => 0,
        Space::Shared => 1,
        Space::Local => 2,
        Space::KParam => 3,
        Space::FParam => 4,
        Space::Generic => 5,
    }
}

fn space_of(code: u64) -> Space {
    match code {
        0 => Space::Global,
        1 => Space::Shared,
        2 => Space::Local,
        3 => Space::KParam,
        4 => Space::FParam,
        _ => Space::Generic,
    }
}

/// # Safety
/// `ctx` is the context the block runner passed to the compiled code that calls the helper.
unsafe fn ctx_mut<'x>(ctx: *mut Ctx) -> &'x mut Ctx {
    // SAFETY: per the contract; compiled code holds no other reference while a helper runs.
    unsafe { &mut *ctx }
}

/// # Safety
/// `ctx.launch` points to the running launch.
unsafe fn launch_of<'x>(ctx: &Ctx) -> &'x Launch<'x> {
    // SAFETY: the block runner sets it to the launch it runs, which outlives the call.
    unsafe { &*ctx.launch.cast::<Launch<'x>>() }
}

/// # Safety
/// `ptr`/`len` describe a live buffer no other reference uses during the call.
unsafe fn buf<'x>(ptr: u64, len: u64) -> &'x mut [u8] {
    if len == 0 {
        return &mut [];
    }
    // SAFETY: per the contract (the block runner's shared memory or the thread's local memory).
    unsafe { std::slice::from_raw_parts_mut(ptr as *mut u8, len as usize) }
}

/// A pause of a group of the block tier's lane phase every `COOP_FUEL` turns of a loop (a
/// spin at a grid barrier, a long loop): 0 when the launch is stopped or past its time (the
/// group hands its lanes to the scalar code, whose yields report it), else 1 and the group
/// goes on, in a cooperative launch once its block has handed its core to a block waiting for
/// one (`exec::yield_point`).
pub(crate) extern "C" fn h_pause(ctx: *mut Ctx) -> u64 {
    // SAFETY: the block tier's code passes the context its runner set up for the block.
    let l = unsafe { launch_of(ctx_mut(ctx)) };
    if l.stop.load(std::sync::atomic::Ordering::Relaxed) || exec::over_time(l).is_some() {
        return 0;
    }
    if l.cooperative {
        exec::yield_point(l);
    }
    1
}

/// `unop` of one value (`op` points to an `ir::UnOp` of the compiled function's code).
pub(crate) extern "C" fn h_unop(op: *const crate::ir::UnOp, a: u64) -> u64 {
    // SAFETY: compiled code passes pointers into its `Func`'s code, alive as long as the code.
    let op = unsafe { &*op };
    let mut r = [0u64];
    crate::semantics::arith::unop(op, &[a], &mut r);
    r[0]
}

/// `binop` of one pair of values.
pub(crate) extern "C" fn h_binop(op: *const crate::ir::BinOp, a: u64, b: u64) -> u64 {
    // SAFETY: as in `h_unop`.
    let op = unsafe { &*op };
    let mut r = [0u64];
    crate::semantics::arith::binop(op, &[a], &[b], &mut r);
    r[0]
}

/// `ternop` of one triple of values.
pub(crate) extern "C" fn h_ternop(op: *const crate::ir::TernOp, a: u64, b: u64, c: u64) -> u64 {
    // SAFETY: as in `h_unop`.
    let op = unsafe { &*op };
    let mut r = [0u64];
    crate::semantics::arith::ternop(op, &[a], &[b], &[c], &mut r);
    r[0]
}

/// `cvt` of one value.
pub(crate) extern "C" fn h_cvt(c: *const Cvt, x: u64) -> u64 {
    // SAFETY: as in `h_unop`.
    crate::semantics::convert::cvt(unsafe { &*c }, x)
}

/// A comparison of one pair: 1 or 0.
pub(crate) extern "C" fn h_cmp(c: *const Cmp, a: u64, b: u64) -> u64 {
    // SAFETY: as in `h_unop`.
    u64::from(crate::semantics::compare::cmp(unsafe { &*c }, a, b))
}

/// `bfi` of one lane.
pub(crate) extern "C" fn h_bfi(w: u64, a: u64, b: u64, c: u64, e: u64) -> u64 {
    crate::semantics::arith::bfi(w as u8, a, b, c, e)
}

/// The code of an `isspacep` window for [`h_isspacep`].
pub(crate) fn window_code(w: Window) -> u64 {
    match w {
        Window::Global => 0,
        Window::Const => 1,
        Window::Shared => 2,
        Window::Local => 3,
    }
}

/// `isspacep` of one address (`window`: a [`window_code`]).
pub(crate) extern "C" fn h_isspacep(ctx: *mut Ctx, window: u64, a: u64) -> u64 {
    let w = match window {
        0 => Window::Global,
        1 => Window::Const,
        2 => Window::Shared,
        _ => Window::Local,
    };
    // SAFETY: see `ctx_mut` and `launch_of`.
    let l = unsafe { launch_of(ctx_mut(ctx)) };
    u64::from(exec::in_window(l, w, a))
}

/// An extended-precision op (`op` points to an `Op::Carry`): the result; the carry out goes
/// to `ctx.scratch`.
pub(crate) extern "C" fn h_carry(ctx: *mut Ctx, op: *const Op, cf: u64, a: u64, b: u64, c: u64) -> u64 {
    // SAFETY: see `ctx_mut`; `op` as in `h_unop`.
    let (ctx, op) = unsafe { (ctx_mut(ctx), &*op) };
    let Op::Carry { op, w, signed, cin, .. } = *op else { return 0 };
    let (v, out) = crate::semantics::arith::carry(op, w, signed, cin, cf & 1 != 0, a, b, c);
    ctx.scratch = u64::from(out);
    v
}

/// An atomic (`op` points to an `Op::Atom`): the old value; on a fault, `ctx.faulted` is set.
pub(crate) extern "C" fn h_atom(ctx: *mut Ctx, op: *const Op, addr: u64, b: u64, c: u64) -> u64 {
    // SAFETY: see `ctx_mut` and `launch_of`; `op` as in `h_unop`.
    let (ctx, op) = unsafe { (ctx_mut(ctx), &*op) };
    // SAFETY: as above.
    let l = unsafe { launch_of(ctx) };
    let Op::Atom { space, op, size, .. } = *op else { return 0 };
    // SAFETY: the block's shared memory, described by the runner.
    let shared = unsafe { buf(ctx.shared, ctx.shared_len) };
    let mut memory = exec::AtomicMemory { global: &l.mem, cache: &mut ctx.cache, shared };
    match memory.atom(space, op, u32::from(size), addr, b, c) {
        Ok(v) => v,
        Err(k) => {
            ctx.set_fault(k);
            0
        }
    }
}

/// `h_atom` for the warp tier's inline global atomics (`jit/warp/mem.rs`): on success at a
/// global address, makes its allocation the one access site `site` checks inline.
pub(crate) extern "C" fn h_atom_site(ctx: *mut Ctx, op: *const Op, addr: u64, b: u64, c: u64, site: u64) -> u64 {
    let v = h_atom(ctx, op, addr, b, c);
    // SAFETY: see `ctx_mut` and `launch_of`; `op` as in `h_unop`.
    let (ctx, op) = unsafe { (ctx_mut(ctx), &*op) };
    // SAFETY: as above.
    let l = unsafe { launch_of(ctx) };
    if ctx.faulted == 0
        && let Op::Atom { space, size, .. } = *op
        && let Target::Global(a) = Warp::classify(space, addr)
    {
        refill(ctx, l, site, a, u32::from(size));
    }
    v
}

/// Makes the global allocation holding `addr` the one access site `site` checks inline.
fn refill(ctx: &mut Ctx, l: &Launch<'_>, site: u64, addr: u64, size: u32) {
    if let Ok((base, len, host)) = l.mem.alloc_span(addr, u64::from(size))
        && site < ctx.nsites
    {
        // SAFETY: `sites` points to `nsites` slots owned by the block runner.
        let slot = unsafe { &mut *(ctx.sites as *mut [u64; 3]).add(site as usize) };
        let size = u64::from(size.max(1));
        let bound = if len >= size { (len - size) / size + 1 } else { 0 };
        *slot = [base, bound, host as u64];
    }
}

fn misaligned(addr: u64, size: u32) -> FaultKind {
    FaultKind::Memory(MemError::Misaligned { addr, size })
}

/// The checked load the interpreter does for one lane.
fn load(ctx: &mut Ctx, site: u64, space: Space, addr: u64, size: u32) -> Result<u64, FaultKind> {
    // SAFETY: see `launch_of`.
    let l = unsafe { launch_of(ctx) };
    match Warp::classify(space, addr) {
        Target::Global(a) => {
            let v = l.mem.load(a, size, &mut ctx.cache).map_err(FaultKind::Memory)?;
            refill(ctx, l, site, a, size);
            Ok(v)
        }
        Target::Shared(a) => {
            // SAFETY: the block's shared memory, described by the runner.
            let s = unsafe { buf(ctx.shared, ctx.shared_len) };
            let v = le_read(s, a, size).ok_or_else(|| out_of_bounds("shared", a, size))?;
            if !aligned(a, size) {
                return Err(misaligned(addr, size));
            }
            Ok(v)
        }
        Target::Local(a) => {
            // SAFETY: the running thread's local memory, described by the runner.
            let s = unsafe { buf(ctx.local, ctx.local_len) };
            let v = le_read(s, a, size).ok_or_else(|| out_of_bounds("local", a, size))?;
            if !aligned(addr, size) {
                return Err(misaligned(addr, size));
            }
            Ok(v)
        }
        Target::KParam(a) => {
            let v = le_read(l.params, a, size).ok_or_else(|| out_of_bounds("param", a, size))?;
            if !aligned(addr, size) {
                return Err(misaligned(addr, size));
            }
            Ok(v)
        }
        Target::FParam(a) => Err(out_of_bounds("param", a, size)),
    }
}

/// The checked store the interpreter does for one lane.
fn store(ctx: &mut Ctx, site: u64, space: Space, addr: u64, size: u32, v: u64) -> Result<(), FaultKind> {
    // SAFETY: see `launch_of`.
    let l = unsafe { launch_of(ctx) };
    match Warp::classify(space, addr) {
        Target::Global(a) => {
            l.mem.store(a, size, v, &mut ctx.cache).map_err(FaultKind::Memory)?;
            refill(ctx, l, site, a, size);
            Ok(())
        }
        Target::Shared(a) => {
            // The interpreter's warp-wide shared path: bounds first, then alignment.
            // SAFETY: the block's shared memory, described by the runner.
            let s = unsafe { buf(ctx.shared, ctx.shared_len) };
            if a.checked_add(u64::from(size)).is_none_or(|e| e > s.len() as u64) {
                return Err(out_of_bounds("shared", a, size));
            }
            if !aligned(a, size) {
                return Err(misaligned(addr, size));
            }
            le_write(s, a, size, v).ok_or_else(|| out_of_bounds("shared", a, size))
        }
        Target::Local(a) => {
            if !aligned(addr, size) {
                return Err(misaligned(addr, size));
            }
            // SAFETY: the running thread's local memory, described by the runner.
            let s = unsafe { buf(ctx.local, ctx.local_len) };
            le_write(s, a, size, v).ok_or_else(|| out_of_bounds("local", a, size))
        }
        Target::KParam(a) => {
            if !aligned(addr, size) {
                return Err(misaligned(addr, size));
            }
            Err(out_of_bounds("param (read-only)", a, size))
        }
        Target::FParam(a) => Err(out_of_bounds("param", a, size)),
    }
}

/// The slow path of a load at access site `site_space >> 8` in space `site_space & 0xff` (after the inline check failed): the value, or 0 with
/// `ctx.faulted` set.
pub(crate) extern "C" fn h_ld(ctx: *mut Ctx, site_space: u64, addr: u64, size: u64) -> u64 {
    let (site, space) = (site_space >> 8, site_space & 0xff);
    // SAFETY: see `ctx_mut`.
    let ctx = unsafe { ctx_mut(ctx) };
    match load(ctx, site, space_of(space), addr, size as u32) {
        Ok(v) => v,
        Err(k) => {
            ctx.set_fault(k);
            0
        }
    }
}

/// A vector access at `addr` not aligned to its whole `size` (`Space::vector_alignment`):
/// sets the fault the interpreter reports (compiled code checks the alignment inline and calls
/// this only to fault).
pub(crate) extern "C" fn h_misaligned(ctx: *mut Ctx, addr: u64, size: u64) {
    // SAFETY: see `ctx_mut`.
    let ctx = unsafe { ctx_mut(ctx) };
    ctx.set_fault(misaligned(addr, size as u32));
}

/// The slow path of a store; on a fault, `ctx.faulted` is set.
pub(crate) extern "C" fn h_st(ctx: *mut Ctx, site_space: u64, addr: u64, size: u64, v: u64) {
    let (site, space) = (site_space >> 8, site_space & 0xff);
    // SAFETY: see `ctx_mut`.
    let ctx = unsafe { ctx_mut(ctx) };
    if let Err(k) = store(ctx, site, space_of(space), addr, size as u32, v) {
        ctx.set_fault(k);
    }
}
