//! Runs the blocks of a launch with compiled code: every thread of a block runs on its own
//! until it exits or stops (barrier, yield); when every live thread waits at the same block
//! barrier, they are all released. Blocks are spread over the workers by `exec::run_grid`,
//! exactly as the interpreter spreads them.

use super::compile::Code;
use super::ctx::{Ctx, ST_ALL, ST_FAULT};
use crate::error::{Fault, FaultKind, FaultReport};
use crate::exec::{self, Launch};
use crate::ir::{Func, Src};
use std::sync::atomic::Ordering;

/// Thread states (bits 24..28 of a state word, see `ctx.rs`).
const READY: u32 = 0;
const WAITING: u32 = 1;
const DONE: u32 = 2;
const AT_WARP_OP: u32 = 3;

/// What a worker keeps from block to block of a launch (the per-thread JIT's and the block
/// tier's: both run a block's threads over these buffers).
#[derive(Debug, Default)]
pub(crate) struct Worker {
    pub(crate) ctx: Ctx,
    /// Every thread's spilled registers (`Code::frame_slots` each).
    pub(crate) frames: Vec<u64>,
    /// Every thread's local memory.
    pub(crate) locals: Vec<u8>,
    pub(crate) shared: Vec<u8>,
    /// Every thread's state word.
    pub(crate) states: Vec<u32>,
    /// Allocation cache slots of the access sites (kept for the whole launch).
    pub(crate) sites: Vec<[u64; 3]>,
}

impl exec::WorkerState for Worker {
    fn recycle(&mut self) {
        // The translation cache and the access sites' slots name the last launch's
        // allocations; a fresh block's shared memory is zeroed only where its kernel writes
        // it (`fresh_shared`); new frames are zeroed.
        self.ctx = Ctx::default();
        self.sites.clear();
        self.shared.clear();
        self.frames.clear();
    }

    fn held_bytes(&self) -> usize {
        self.frames.capacity() * 8
            + self.locals.capacity()
            + self.shared.capacity()
            + self.states.capacity() * 4
            + self.sites.capacity() * size_of::<[u64; 3]>()
    }
}

impl Worker {
    /// Readies the buffers for block `ctaid` of launch `l`, as both compiled tiers run it:
    /// shared memory sized and zeroed as the interpreter does it, every thread's local memory
    /// zeroed, `frame_slots` spill words and a state word per thread, `sites` allocation cache
    /// slots (kept from block to block), and the context pointing at them. Returns the number
    /// of threads.
    pub(crate) fn start_block(
        &mut self,
        l: &Launch<'_>,
        frame_slots: usize,
        sites: usize,
        ctaid: [u32; 3],
        worker: u32,
    ) -> usize {
        let k = exec::kernel(l, l.kernel);
        let [bx, by, bz] = l.block;
        let n = (bx * by * bz) as usize;
        exec::fresh_shared(&mut self.shared, l, k);
        let local_size = k.local_size as usize;
        self.locals.clear();
        self.locals.resize(n * local_size, 0);
        if self.frames.len() != n * frame_slots {
            self.frames.clear();
            self.frames.resize(n * frame_slots, 0);
        }
        self.states.clear();
        self.states.resize(n, 0);
        if self.sites.len() != sites {
            self.sites.clear();
            self.sites.resize(sites, [0; 3]);
        }
        let c = &mut self.ctx;
        c.for_block(l, &mut self.sites, &mut self.shared, ctaid, worker);
        c.locals = self.locals.as_mut_ptr() as u64;
        c.local_len = local_size as u64;
        n
    }

    /// The per-thread JIT's warp collectives: [`warp_collectives`] over its frames.
    fn warp_ops(&mut self, f: &Func, code: &Code) {
        let pc_of = |k: usize| code.resumes.get(k.wrapping_sub(1)).map_or(0, |p| p.saturating_sub(1));
        let frames = Frames::ByThread { slots: code.frame_slots };
        warp_collectives(f, &mut self.states, &mut self.frames, frames, &pc_of);
    }
}

/// Where a block's threads keep their registers, for [`warp_collectives`].
#[derive(Debug, Clone, Copy)]
pub(crate) enum Frames<'a> {
    /// The per-thread JIT's: thread `t`'s `slots` words side by side (`frames[t * slots + r]`),
    /// the last not a register.
    ByThread { slots: usize },
    /// The block tier's: register `r` of every thread side by side in its slot
    /// (`frames[slot_of[r] * threads + t]`; registers never live together share one).
    ByRegister { threads: usize, slot_of: &'a [u32] },
}

impl Frames<'_> {
    /// The index of thread `t`'s register `r`.
    fn read(self, t: usize, r: u32) -> Option<usize> {
        match self {
            Frames::ByThread { slots } => Some(t * slots + r as usize),
            Frames::ByRegister { threads, slot_of } => slot_of.get(r as usize).map(|&s| s as usize * threads + t),
        }
    }

    /// The index of thread `t`'s register `r` where a collective may write it.
    fn write(self, t: usize, r: u32) -> Option<usize> {
        match self {
            Frames::ByThread { slots } => ((r as usize) < slots - 1).then(|| t * slots + r as usize),
            Frames::ByRegister { .. } => self.read(t, r),
        }
    }
}

/// In every warp with threads stopped at warp-collective operations (and none able to run),
/// performs one operation (see [`meeting`] for which) over the frames of the threads taking
/// part, with the interpreter's own lane functions, and makes them ready to continue after it.
/// Threads stopped at different instructions that meet (same kind and member mask, see
/// `exec::sync_kind`) perform it together (independent thread scheduling: the two sides of an
/// if/else meet), each with its own instruction's operands and destinations. A thread's state
/// word (one per thread of the block, `states`) names its resume point `k`; `pc_of(k)` is the
/// pc of the collective it stopped at. Shared by both tiers that run a block's threads one at
/// a time: the per-thread JIT and the block tier's scalar passes.
pub(crate) fn warp_collectives(
    f: &Func,
    states: &mut [u32],
    frames: &mut [u64],
    layout: Frames<'_>,
    pc_of: &dyn Fn(usize) -> u32,
) {
    let n = states.len();
    for base in (0..n).step_by(32) {
        let end = (base + 32).min(n);
        let at_op = |t: usize| states[t] >> 24 & 15 == AT_WARP_OP;
        let stopped = (base..end).filter(|&t| at_op(t)).fold(0u32, |m, t| m | 1 << (t - base));
        if stopped == 0 {
            continue;
        }
        let mut pcs = [0; 32];
        for t in base..end {
            pcs[t - base] = pc_of((states[t] & 0xff_ffff) as usize);
        }
        let live = (base..end).filter(|&t| states[t] >> 24 & 15 != DONE).fold(0u32, |m, t| m | 1 << (t - base));
        let group = meeting(f, &pcs, frames, layout, base, live, stopped);
        for l in crate::semantics::lanes_of(group) {
            states[base + l] &= 0xff_ffff;
        }
        collective(f, &pcs, frames, layout, base, end, group);
    }
}

/// The lanes of `stopped` that perform a collective now. Lanes in order of pc (the lowest
/// first: the innermost path, as the interpreter's reconvergence stack would run it), the
/// first whose meeting is complete: with the lanes stopped at instructions meeting its own,
/// every live lane of its member mask. A lane whose meeting is incomplete waits while another
/// completes: its missing lanes may be stopped at another collective (the other side of an
/// if/else shuffling within its own group, say) and arrive once that one is done. Only when
/// no meeting is complete do the lanes at the lowest pc go alone (the missing lanes cannot
/// arrive: undefined). An operation that meets no one (`activemask`) goes at once.
fn meeting(f: &Func, pcs: &[u32; 32], frames: &[u64], layout: Frames<'_>, base: usize, live: u32, stopped: u32) -> u32 {
    let key = |l: usize| {
        let (kind, mask) = exec::sync_kind(&f.code.get(pcs[l] as usize)?.op)?;
        let m = match mask {
            Some(Src::Reg(r)) => layout.read(base + l, r).and_then(|i| frames.get(i)).copied().unwrap_or(0) as u32,
            Some(Src::Imm(v)) => v as u32,
            _ => u32::MAX,
        };
        Some((kind, m & live))
    };
    let keys: [_; 32] = std::array::from_fn(|l| if stopped >> l & 1 != 0 { key(l) } else { None });
    let at_pc = |pc: u32| crate::semantics::lanes_of(stopped).filter(|&l| pcs[l] == pc).fold(0u32, |m, l| m | 1 << l);
    // The stopped lanes by pc (a stable sort: lane order within a pc), on the stack: this runs
    // at every warp collective.
    let mut lanes = [0usize; 32];
    let mut n = 0;
    for l in crate::semantics::lanes_of(stopped) {
        lanes[n] = l;
        n += 1;
    }
    let order = &mut lanes[..n];
    order.sort_by_key(|&l| pcs[l]);
    let mut tried = 0u32;
    for &l in order.iter() {
        if tried >> l & 1 != 0 {
            continue;
        }
        let Some(k) = keys[l] else { return at_pc(pcs[l]) };
        let group = crate::semantics::lanes_of(stopped).filter(|&m| keys[m] == Some(k)).fold(0u32, |m, l| m | 1 << l);
        if k.1 & !group == 0 {
            return group;
        }
        tried |= group;
    }
    order.first().map_or(0, |&l| at_pc(pcs[l]))
}

/// Warp-collective operation for the lanes in `group` of the warp of threads `base..end`,
/// each lane's at its own pc (`pcs`; the kind from the lowest), reading operands from and
/// writing results to their frames.
fn collective(f: &Func, pcs: &[u32; 32], frames: &mut [u64], layout: Frames<'_>, base: usize, end: usize, group: u32) {
    let op_of = |l: usize| f.code.get(pcs[l] as usize).map(|i| &i.op);
    let Some(op) = op_of(group.trailing_zeros() as usize & 31) else { return };
    let lanes = |role, frames: &[u64]| -> [u64; 32] {
        std::array::from_fn(|l| match op_of(l).and_then(|o| o.collective_src(role)) {
            Some(Src::Reg(r)) if base + l < end => {
                layout.read(base + l, r).and_then(|i| frames.get(i)).copied().unwrap_or(0)
            }
            Some(Src::Imm(v)) => v,
            _ => 0,
        })
    };
    let write = |frames: &mut [u64], role, v: &[u64; 32]| {
        for (l, &x) in v.iter().enumerate() {
            if group >> l & 1 != 0
                && let Some(d) = op_of(l).and_then(|o| o.collective_dst(role))
                && let Some(i) = layout.write(base + l, d)
                && let Some(slot) = frames.get_mut(i)
            {
                *slot = x;
            }
        }
    };
    let results = crate::semantics::collective::perform(op, group, |role| lanes(role, frames));
    results.each(|role, v| write(frames, role, v));
}

/// A higher tier that may take over the blocks of a running launch (`jit::Cache::run`): given
/// a worker, the launch and a block just claimed, it runs the block and says how (`None`: it is not
/// ready, the per-thread code runs the block).
pub(crate) type TierUp<'a> = dyn Fn(&mut Worker, &Launch<'_>, [u32; 3], u32) -> Option<Result<(), Fault>> + Sync + 'a;

/// Runs every block of `l` with `code` (the compiled kernel), or with `up` where it takes a
/// block (each block claimed is run by whichever is ready when it is claimed: a long launch
/// climbs the ladder mid-launch, with no boundary where workers wait for each other).
pub(crate) fn run(l: &Launch<'_>, code: &Code, up: Option<&TierUp<'_>>) -> Result<(), Fault> {
    exec::run_grid(
        l,
        |w: &mut Worker, ctaid, worker| match up.and_then(|up| up(w, l, ctaid, worker)) {
            Some(r) => r,
            None => w.block(l, code, ctaid, worker),
        },
        |_| 0,
    )
}

/// The timeout fault of a block whose threads (`states`, one word each: state in bits 24..28,
/// the 1-based index of their resume point in `resumes` below) gave way at back edges, once
/// the launch has run past `CUPRITE_LAUNCH_TIMEOUT` (`exec::over_time`): it names the first
/// such thread and the place it goes on from. Shared by the per-thread JIT and the block tier.
pub(crate) fn timed_out(
    l: &Launch<'_>,
    ctaid: [u32; 3],
    states: &[u32],
    resumes: &[u32],
    tid_of: &dyn Fn(usize) -> [u32; 3],
) -> Result<(), Fault> {
    let Some(kind) = exec::over_time(l) else { return Ok(()) };
    let t = states.iter().position(|&w| w >> 24 & 15 == READY).unwrap_or(0);
    let k = states.get(t).map_or(0, |&w| (w & 0xff_ffff) as usize);
    let pc = resumes.get(k.wrapping_sub(1)).copied().unwrap_or(0);
    Err(fault_at(l, ctaid, tid_of(t), pc, kind))
}

pub(crate) fn fault_at(l: &Launch<'_>, ctaid: [u32; 3], tid: [u32; 3], pc: u32, kind: FaultKind) -> Fault {
    let k = exec::kernel(l, l.kernel);
    let info = k.info.get(pc as usize);
    Fault::from(FaultReport {
        kind,
        kernel: k.name.clone(),
        function: k.name.clone(),
        block: ctaid,
        thread: tid,
        instruction: info.map(|i| i.text.clone()).unwrap_or_default(),
        line: info.map_or(0, |i| i.line),
        source: exec::reported_source(l, vec![(l.kernel, pc as usize)]),
        line_table: !l.files.is_empty(),
        printf_output: Vec::new(),
    })
}

impl Worker {
    fn block(&mut self, l: &Launch<'_>, code: &Code, ctaid: [u32; 3], worker: u32) -> Result<(), Fault> {
        let k = exec::kernel(l, l.kernel);
        let [bx, by, _] = l.block;
        let n = self.start_block(l, code.frame_slots, code.sites, ctaid, worker);
        let tid_of = |t: usize| {
            let t = t as u32;
            [t % bx, (t / bx) % by, t / (bx * by)]
        };
        // No thread waits at a barrier (block start, or just released by the loop below).
        let mut clean = true;
        loop {
            let c = &mut self.ctx;
            c.counts = [0; 2];
            c.bar_ids = 0;
            c.clean = u64::from(clean);
            c.released = 0;
            let st = {
                let (c, frames, states) = (&mut self.ctx, self.frames.as_mut_ptr(), self.states.as_mut_ptr());
                // SAFETY: `code.entry` was compiled from this launch's kernel; `c` is a valid
                // context whose buffers (shared memory, every thread's local memory, the
                // parameters, globals and access-site slots) stay alive and unaliased for the
                // call; `frames` has `frame_slots` slots and `states` one word per thread, for
                // `n` threads. Compiled code checks every memory access (inline against those
                // buffers or a cached allocation, else through the helpers).
                unsafe { (code.entry)(c, frames, states, n as u64) }
            };
            if st & 0xff != ST_ALL {
                let t = (st >> 40) as usize;
                let kind = match (st & 0xff, self.ctx.fault.take()) {
                    (ST_FAULT, Some(k)) => k,
                    _ => FaultKind::Trap,
                };
                self.ctx.faulted = 0;
                return Err(fault_at(l, ctaid, tid_of(t), (st >> 8) as u32, kind));
            }
            if code.resumes.is_empty() {
                // Without resume points, one pass runs every thread to its end.
                return Ok(());
            }
            let (mut ready, mut live, mut first, mut warp) = (0usize, 0u32, None, false);
            for (t, &w) in self.states.iter().enumerate() {
                match w >> 24 & 15 {
                    READY => ready += 1,
                    WAITING => {
                        first.get_or_insert(t);
                    }
                    AT_WARP_OP => warp = true,
                    _ => continue,
                }
                live += 1;
            }
            // Threads released by the compiled code and now waiting again are in state 1 too.
            clean = false;
            if ready == 0 && warp {
                self.warp_ops(k, code);
                continue;
            }
            if ready > 0 {
                // Threads yielded at a backward branch: run them again (unless stopped).
                if l.stop.load(Ordering::Relaxed) {
                    return Ok(());
                }
                // They may spin on another block of the grid: it may need this core, or to start.
                exec::yield_point(l);
                timed_out(l, ctaid, &self.states, &code.resumes, &tid_of)?;
                continue;
            }
            let Some(first) = first else { return Ok(()) };
            let id = self.states[first] >> 28;
            let at = |w: u32| w >> 24 & 15 == WAITING && w >> 28 == id;
            let arrived = self.states.iter().filter(|&&w| at(w)).count() as u32;
            if arrived == live {
                // Every live thread is at barrier `id`: release them.
                for w in &mut self.states {
                    if at(*w) {
                        *w &= 0xff_ffff;
                    }
                }
                clean = true;
                continue;
            }
            // Threads wait at different barriers: none can complete.
            let kind = FaultKind::Deadlock { barrier: id, arrived, expected: live };
            let k = (self.states[first] & 0xff_ffff) as usize;
            let pc = code.resumes.get(k.wrapping_sub(1)).map_or(0, |p| p.saturating_sub(1));
            return Err(fault_at(l, ctaid, tid_of(first), pc, kind));
        }
    }
}
