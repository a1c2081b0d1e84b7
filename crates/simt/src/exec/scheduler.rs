//! The block scheduler: runs a block's warps in turns until each yields, releases block
//! barriers, detects deadlock; a warp's giving way to the others (independent thread
//! scheduling within the warp).

use super::*;
use crate::ir::flow::Callee;

#[derive(Debug)]
pub(crate) enum Yield {
    Done,
    /// A block barrier: id, thread count, whether the warp only arrives (`bar.arrive`), and
    /// for `bar.red` the warp's contribution (true predicates, all true, any true).
    Barrier {
        id: u32,
        count: Option<u32>,
        arrive: bool,
        red: Option<(u32, bool, bool)>,
    },
    Stopped,
    /// `barrier.cluster.wait` before the cluster barrier's phase completed.
    ClusterWait,
    /// An `mbarrier.test_wait`/`try_wait` failed: let the other warps of the block run.
    Spin,
    /// The warp gave way (`nanosleep`, or a long-running loop): it is still ready, but the
    /// other warps of the block run first. Polling loops (a flag another warp sets, a lock
    /// another lane holds) make progress this way, as under the GPU's scheduler.
    Preempt,
}

/// Backward branches a warp takes before it gives way to the other warps of its block.
/// Large enough that the switch costs nothing measurable, small enough that a polling loop
/// waits microseconds, not seconds.
pub(super) const PREEMPT_BACKEDGES: u32 = 1024;

/// Whether a loop body tries to take a lock: an atomic compare-and-swap or exchange (the
/// intra-warp spin lock the guide warns about, which needs independent thread scheduling).
/// Looks into the functions the loop calls, a few levels deep (-G code calls nvcc's
/// `atomicCAS` wrapper, which calls the intrinsic's).
fn is_lock_loop(l: &Launch<'_>, body: &[Inst]) -> bool {
    fn takes_lock(l: &Launch<'_>, code: &[Inst], depth: u32) -> bool {
        // `Op::swap` names every variant; a call through a pointer is not followed.
        code.iter().any(|i| match i.op.callee() {
            Some(Callee::Func(func)) => depth > 0 && takes_lock(l, &kernel(l, func).code, depth - 1),
            Some(Callee::Pointer | Callee::Builtin(_)) | None => i.op.swap().is_some(),
        })
    }
    takes_lock(l, body, 3)
}

/// Whether the path looping at `pc` (in a loop from `start`) spins for a lock: that loop,
/// widened to the loops around it that close before the path's reconvergence point `rpc`, tries
/// to take one (`is_lock_loop`). A test-and-test-and-set lock (libcu++'s semaphores) retries
/// its exchange in an outer loop and spins in an inner loop that only reads the lock word, so
/// the inner loop alone takes no lock, though its lanes wait for the holder all the same.
pub(super) fn spins_for_lock(l: &Launch<'_>, code: &[Inst], start: u32, pc: u32, rpc: u32) -> bool {
    use crate::ir::flow::Flow as Goes;
    let (pc, end) = (pc as usize, (rpc as usize).min(code.len()));
    let (mut lo, mut hi) = ((start as usize).min(pc), pc);
    loop {
        // A backward branch from pc on (before the reconvergence point) to `lo` or above it that
        // lies past `hi` or reaches above `lo` closes a wider loop around [lo, pc] (a loop's
        // retry may branch to the polling loop's own header).
        let wider = code.get(pc..end).unwrap_or(&[]).iter().enumerate().filter_map(|(k, i)| match i.op.flow() {
            Goes::Jump(target) if (target as usize) < lo || ((target as usize) == lo && pc + k > hi) => {
                Some((pc + k, target as usize))
            }
            Goes::Jump(_) | Goes::Next | Goes::Table(_) | Goes::Leave => None,
        });
        let Some((last, header)) = wider.fold(None, |acc: Option<(usize, usize)>, (i, t)| {
            Some(acc.map_or((i, t), |(ai, at)| (ai.max(i), at.min(t))))
        }) else {
            break;
        };
        (lo, hi) = (header, hi.max(last));
    }
    is_lock_loop(l, code.get(lo..=hi).unwrap_or(&[]))
}

/// Consecutive preemptions of the same only-runnable path before the lanes waiting for it at
/// its reconvergence point go on without it (see `Warp::split_join`).
pub(super) const SPLIT_AFTER_PREEMPTS: u32 = 8;

/// The same for a loop that takes no lock (it polls memory, or only computes): longer, as the
/// lanes at its join seldom wait for it (a flag another warp sets), and a split leaves the warp
/// diverged until the join's own reconvergence point.
pub(super) const POLL_SPLIT_AFTER_PREEMPTS: u32 = 32;

/// Passes of only failing mbarrier waits after which a block is deadlocked.
pub(super) const SPIN_LIMIT: u32 = 1 << 20;

/// The block barriers' state: per barrier id, threads arrived and the explicit thread count
/// of the waiting `bar.sync` (None: all non-exited threads of the block, as `__syncthreads()`
/// behaves on hardware, where exited warps count as arrived), and the `bar.red` accumulators
/// (true predicates, all true, any true).
pub(crate) struct Barriers {
    pub(crate) arrived: [u32; 16],
    pub(crate) counts: [Option<u32>; 16],
    pub(crate) red: [(u32, bool, bool); 16],
}

impl Barriers {
    pub(super) fn new() -> Barriers {
        Barriers { arrived: [0; 16], counts: [None; 16], red: [(0, true, false); 16] }
    }
}

/// The warp state of a warp waiting at the cluster barrier (block barriers use 0..16).
pub(super) const CLUSTER_BARRIER: u32 = 16;

/// What one scheduling pass over a block's warps did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    /// Every warp finished.
    Done,
    /// The launch was stopped (another block faulted).
    Stopped,
    /// Warps ran or a barrier was released.
    Ran,
    /// The warps that ran only failed mbarrier waits.
    Spun,
    /// No warp can run: all wait at barriers (the cluster barrier may release them).
    Blocked,
}

/// Runs the warps of a block until all finish, releasing barriers; faults on deadlock.
/// `fresh`: the block starts with every warp in compiled code, from glues set up for it
/// alone (`CompiledTier::run`), the warps not reset yet.
pub(super) fn schedule(l: &Launch<'_>, blk: &mut Block<'_, '_>, warps: &mut [Warp], fresh: bool) -> Result<(), Fault> {
    let mut bars = Barriers::new();
    // Consecutive passes in which every warp that ran only failed an mbarrier wait.
    let mut idle = 0u32;
    let mut fresh = fresh;
    loop {
        match step(blk, warps, &mut bars, std::mem::take(&mut fresh))? {
            Step::Done | Step::Stopped => return Ok(()),
            Step::Ran => idle = 0,
            Step::Spun => {
                idle += 1;
                if idle > SPIN_LIMIT {
                    return Err(spin_deadlock(blk, warps));
                }
            }
            Step::Blocked => {
                // Without a cluster launch the block is its cluster.
                if !cluster::release(std::slice::from_mut(&mut &mut *warps)) {
                    return Err(deadlock(l, blk, warps, &bars));
                }
            }
        }
    }
}

/// One pass: runs every ready warp of the block until it yields, then releases the block
/// barriers that have all their threads. `fresh`: as `schedule`'s (the first pass only).
#[inline]
pub(super) fn step(
    blk: &mut Block<'_, '_>,
    warps: &mut [Warp],
    bars: &mut Barriers,
    fresh: bool,
) -> Result<Step, Fault> {
    let (mut progress, mut spun) = (false, false);
    let mut i = 0;
    let mut fresh = fresh;
    while i < warps.len() {
        if !fresh && warps[i].state != State::Ready {
            i += 1;
            continue;
        }
        if let Some(tier) = blk.l.tier
            && let Some(ran) = tier.run(warps, i, blk, bars, std::mem::take(&mut fresh))
        {
            if ran.finished {
                return Ok(Step::Done);
            }
            // The warps that stopped in compiled code (at barriers, or finished; with
            // barriers released there, warps after the one that returned too) are settled;
            // the one that returned is run by the interpreter when it asks.
            progress |= ran.stops;
            i = ran.end;
            match ran.last {
                Some(Some(r)) => {
                    if let Some(s) = yielded(blk, &mut warps[i], bars, r, (&mut progress, &mut spun))? {
                        return Ok(s);
                    }
                    i += 1;
                    continue;
                }
                // The interpreter runs warp `i` now (below).
                Some(None) => {}
                None => continue,
            }
        }
        let Some(w) = warps.get_mut(i) else { break };
        if w.state == State::Ready {
            if let Some(tier) = blk.l.tier {
                tier.hand_back(w, kernel(blk.l, blk.l.kernel));
            }
            let r = w.run(blk);
            if let Some(s) = yielded(blk, w, bars, r, (&mut progress, &mut spun))? {
                return Ok(s);
            }
        }
        i += 1;
    }
    let live: u32 = warps.iter().map(|w| (w.valid & !w.exited).count_ones()).sum();
    let mut released = false;
    for id in 0..16usize {
        if bars.arrived[id] > 0 && bars.arrived[id] >= bars.counts[id].unwrap_or(live) {
            bars.arrived[id] = 0;
            bars.counts[id] = None;
            released = true;
            let (n, all, any) = std::mem::replace(&mut bars.red[id], (0, true, false));
            for w in warps.iter_mut() {
                if w.state == State::Waiting(id as u32) {
                    w.state = State::Ready;
                    for (op, d, m, _) in std::mem::take(&mut w.red) {
                        let v = match op {
                            BarRed::Popc => u64::from(n),
                            BarRed::And => u64::from(all),
                            BarRed::Or => u64::from(any),
                        };
                        if let Some(dst) = w.regs.get_mut(d as usize) {
                            write_masked(dst, &[v; 32], m);
                        }
                    }
                }
            }
        }
    }
    if released {
        return Ok(Step::Ran);
    }
    if warps.iter().all(|w| w.state == State::Done) {
        return Ok(Step::Done);
    }
    if !warps.iter().any(|w| w.state == State::Ready) {
        return Ok(Step::Blocked);
    }
    Ok(if spun && !progress { Step::Spun } else { Step::Ran })
}

/// Applies what warp `w` did in its slice (`r`): its new state, its arrival at a block
/// barrier, whether the pass made progress or only spun. `Some` when the pass ends at once
/// (the launch was stopped).
pub(super) fn yielded(
    blk: &Block<'_, '_>,
    w: &mut Warp,
    bars: &mut Barriers,
    r: WarpResult<Yield>,
    (progress, spun): (&mut bool, &mut bool),
) -> Result<Option<Step>, Fault> {
    *progress |= !matches!(r, Ok(Yield::Spin));
    match r {
        Ok(Yield::Done) => {
            w.state = State::Done;
            w.exited = w.valid;
        }
        Ok(Yield::Stopped) => return Ok(Some(Step::Stopped)),
        Ok(Yield::Spin) => {
            *spun = true;
            super::yield_point(blk.l);
            timed_out(blk, w)?;
        }
        // (Out of fuel in compiled code, among others: a block may spin on another.)
        Ok(Yield::Preempt) => {
            super::yield_point(blk.l);
            timed_out(blk, w)?;
        }
        Ok(Yield::ClusterWait) => w.state = State::Waiting(CLUSTER_BARRIER),
        Ok(Yield::Barrier { id, count, arrive, red: contrib }) => {
            let id = id & 15;
            if !arrive {
                w.state = State::Waiting(id);
            }
            bars.arrived[id as usize] += (w.valid & !w.exited).count_ones();
            if count.is_some() || !arrive {
                bars.counts[id as usize] = count;
            }
            if let Some((n, all, any)) = contrib {
                let r = &mut bars.red[id as usize];
                *r = (r.0 + n, r.1 && all, r.2 || any);
            }
        }
        Err(e) => return Err(blk.fault_at(w, e)),
    }
    Ok(None)
}

/// The timeout fault of warp `w`, which gave way and will go on where its running path
/// stands, once the launch has run past `CUPRITE_LAUNCH_TIMEOUT` (`over_time`).
fn timed_out(blk: &Block<'_, '_>, w: &Warp) -> Result<(), Fault> {
    match super::over_time(blk.l) {
        Some(kind) => {
            let lane = w.stack.last().map_or(0, |t| (t.mask & !w.exited).trailing_zeros());
            Err(blk.fault_at(w, fault(kind, lane)))
        }
        None => Ok(()),
    }
}

/// The fault of a block whose warps only failed mbarrier waits for too long.
#[cold]
pub(super) fn spin_deadlock(blk: &Block<'_, '_>, warps: &[Warp]) -> Fault {
    let w = warps.iter().find(|w| w.state == State::Ready).unwrap_or(&warps[0]);
    let lane = (w.valid & !w.exited).trailing_zeros().min(31);
    let kind = FaultKind::Deadlock { barrier: u32::MAX, arrived: 0, expected: 0 };
    blk.fault_at(w, fault(kind, lane))
}

/// The fault of a block whose live warps all wait at barriers that cannot complete.
#[cold]
pub(super) fn deadlock(l: &Launch<'_>, blk: &Block<'_, '_>, warps: &[Warp], bars: &Barriers) -> Fault {
    let live: u32 = warps.iter().map(|w| (w.valid & !w.exited).count_ones()).sum();
    let w = warps.iter().find(|w| matches!(w.state, State::Waiting(_))).unwrap_or(&warps[0]);
    let id = match w.state {
        State::Waiting(id) => id,
        _ => 0,
    };
    let kind = if id == CLUSTER_BARRIER {
        let arrived = warps.iter().map(|w| (w.cluster_arrived & w.valid & !w.exited).count_ones()).sum();
        FaultKind::Deadlock { barrier: CLUSTER_BARRIER, arrived, expected: live }
    } else {
        let i = id as usize & 15;
        FaultKind::Deadlock { barrier: id, arrived: bars.arrived[i], expected: bars.counts[i].unwrap_or(live) }
    };
    let lane = (w.valid & !w.exited).trailing_zeros().min(31);
    let mut f = blk.fault_at(w, fault(kind, lane));
    let func = kernel(l, w.func);
    if let Some(info) = func.info.get(w.bar_pc as usize) {
        f.instruction = info.text.clone();
        f.line = info.line;
        f.source = reported_source(l, vec![(w.func, w.bar_pc as usize)]);
    }
    f
}

impl Warp {
    /// Runs another path while the top of the stack is parked at a `bar.warp.sync`: the
    /// highest entry of the current frame whose lanes are not waiting moves to the top; when
    /// there is none (the missing lanes went on without reaching a `bar.warp.sync`), the
    /// parked paths are released rather than deadlock.
    /// Yields the warp to the scheduler after a long run of backward branches or a
    /// `nanosleep`. When it resumes, a disjoint path of the warp (lanes the looping ones may
    /// be waiting for) runs first; when the looping path has been the only runnable one for
    /// a while, the lanes waiting for it at its reconvergence point go on alone.
    /// A loop that tries to take a lock (`lock_loop`) splits soon; any other loop splits only
    /// after `POLL_SPLIT_AFTER_PREEMPTS`: lanes may wait for the warp-mates waiting at their
    /// join without a lock word (a ticket lock's holder serves the next ticket only once it
    /// goes on; lanes handing a turn on in order), which only finishes under independent
    /// thread scheduling, as on a GPU. Lanes that go on and reach a block barrier or a warp
    /// collective wait there for the spinning ones (`converge.rs`), so a warp polling a flag
    /// or a grid barrier loses nothing by the split, only later.
    /// `poll_split`: whether a loop that takes no lock may split here (not at a `nanosleep` in
    /// a called function, a -G build's `__nanosleep`: the loop's paths are in the caller).
    pub(super) fn give_way(&mut self, lock_loop: bool, poll_split: bool) -> Yield {
        // The split comes first: another path to rotate to may itself only poll (lanes that ran
        // ahead to a latch), and the lock's holder waits at the spinning path's join. (A yield
        // that may not split leaves the count alone: a -G build's loop sleeps in a called
        // function between the backward branches where it splits.)
        if lock_loop || poll_split {
            let paths = self.top_path();
            if self.stuck.0 == paths {
                self.stuck.1 += 1;
            } else {
                self.stuck = (paths, 1);
            }
            // A warp that needed a split once (its lanes wait for each other) gets the next one
            // at once.
            let after = match (lock_loop, self.split_seen) {
                (_, true) => 1,
                (true, false) => SPLIT_AFTER_PREEMPTS,
                (false, false) => POLL_SPLIT_AFTER_PREEMPTS,
            };
            if self.stuck.1 >= after && self.split_join() {
                self.stuck = (0, 0);
                self.split_seen = true;
                return Yield::Preempt;
            }
        }
        self.spin_rotate();
        Yield::Preempt
    }

    /// The top path's pc and lanes, as one word.
    fn top_path(&self) -> u64 {
        self.stack.last().map_or(0, |e| u64::from(e.pc) << 32 | u64::from(e.mask))
    }

    /// After a failing mbarrier wait or a long loop: when other lanes of the warp are on a
    /// disjoint path of the current frame (independent thread scheduling), run that path
    /// first, as they may be the ones to arrive. Returns whether it found one.
    ///
    /// A path may run when none of its lanes is on a running path above it (else it is where
    /// those lanes join) and none waits at a `bar.warp.sync`. Entries already at their
    /// reconvergence point (pc == rpc) only wait to be popped: a path below them whose lanes
    /// are all there may run (a spin lock's holder whose spinning lanes all left their loop
    /// by splits and exits, under a split-off path that spins for that same lock). Of the
    /// runnable paths, the deepest goes to the top, so that they take turns in a ring: taking
    /// the nearest one only swapped the two topmost, and a path further down (a spinning path
    /// whose lock holder waits at its join, to be split off when that path runs) never ran
    /// again. Both hung a spin lock as clang compiles it, in a block of two or three warps.
    pub(super) fn spin_rotate(&mut self) -> bool {
        let n = self.stack.len();
        let lo = self.stack.iter().rposition(|e| e.base).unwrap_or(0);
        let waiting = self.stack.iter().filter(|e| e.wait).fold(0, |m, e| m | e.mask);
        // Lanes on the running paths above each entry, from the top down.
        let mut above = self.stack.last().map_or(0, |e| e.mask);
        let mut other = None;
        for j in (lo..n.saturating_sub(1)).rev() {
            let e = &self.stack[j];
            if e.pc != e.rpc {
                if !e.wait && e.mask != 0 && e.mask & (above | waiting) == 0 {
                    other = Some(j);
                }
                above |= e.mask;
            }
        }
        if let Some(j) = other {
            let e = self.stack.remove(j);
            self.stack.push(e);
        }
        other.is_some()
    }

    /// Independent thread scheduling for a path that spins while other lanes wait for it at
    /// its reconvergence point (the classic intra-warp spin lock: the lock holder waits at
    /// the loop exit for the lanes that wait for its unlock). The waiting lanes get their own
    /// entry that runs on to the join's own reconvergence point; the join keeps the rest.
    /// Returns whether there were such lanes.
    pub(super) fn split_join(&mut self) -> bool {
        let n = self.stack.len();
        let Some(top) = self.stack.last().copied() else { return false };
        let lo = self.stack.iter().rposition(|e| e.base).unwrap_or(0);
        // Entries already at their reconvergence point (pc == rpc) only wait to be popped:
        // their lanes are among those waiting at the join.
        let pending = |e: &Entry| e.pc == e.rpc;
        let Some(j) = (lo..n - 1).rev().find(|&j| self.stack[j].pc == top.rpc && !pending(&self.stack[j])) else {
            return false;
        };
        let join = self.stack[j];
        if join.wait {
            return false;
        }
        let above = self.stack[j + 1..].iter().filter(|e| !pending(e)).fold(0u32, |m, e| m | e.mask);
        let waiting = join.mask & !above & !self.exited;
        if waiting == 0 {
            return false;
        }
        self.stack[j].mask &= !waiting;
        self.stack.push(Entry { pc: join.pc, rpc: join.rpc, mask: waiting, base: false, wait: false });
        true
    }
}
