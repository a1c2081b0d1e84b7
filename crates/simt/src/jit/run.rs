//! Runs the blocks of a launch with compiled code: every thread of a block runs on its own
//! until it exits or stops (barrier, yield); when every live thread waits at the same block
//! barrier, they are all released. Blocks are spread over the workers by `exec::run_grid`,
//! exactly as the interpreter spreads them.

use super::compile::Code;
use super::ctx::{Ctx, FUEL, ST_BAR, ST_DONE, ST_FAULT, ST_YIELD, sr};
use crate::error::{Fault, FaultKind};
use crate::exec::{self, Launch};
use std::sync::atomic::Ordering;

/// Where a thread of the block is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Ready,
    /// At a `bar.sync` with this id (0..16).
    Waiting(u32),
    Done,
}

/// What a worker keeps from block to block of a launch.
#[derive(Debug, Default)]
pub(crate) struct Worker {
    ctx: Ctx,
    /// Every thread's spilled registers (`Code::frame_slots` each).
    frames: Vec<u64>,
    /// Every thread's local memory.
    locals: Vec<u8>,
    shared: Vec<u8>,
    state: Vec<State>,
    resume: Vec<u64>,
    /// pc where each thread stopped last (barrier reports).
    stop_pc: Vec<u32>,
    /// Allocation cache slots of the access sites (kept for the whole launch).
    sites: Vec<[u64; 3]>,
}

/// Runs every block of `l` with `code` (the compiled kernel).
pub(crate) fn run(l: &Launch<'_>, code: &Code) -> Result<(), Fault> {
    exec::run_grid(l, |w: &mut Worker, ctaid, worker| w.block(l, code, ctaid, worker), |_| 0)
}

fn fault_at(l: &Launch<'_>, ctaid: [u32; 3], tid: [u32; 3], pc: u32, kind: FaultKind) -> Fault {
    let k = exec::kernel(l, l.kernel);
    let info = k.info.get(pc as usize);
    Fault {
        kind,
        kernel: k.name.clone(),
        function: k.name.clone(),
        block: ctaid,
        thread: tid,
        instruction: info.map(|i| i.text.clone()).unwrap_or_default(),
        line: info.map_or(0, |i| i.line),
        source: info.and_then(|i| i.loc).map(|(file, line)| (l.files.get(&file).cloned().unwrap_or_default(), line)),
        printf_output: Vec::new(),
    }
}

impl Worker {
    fn block(&mut self, l: &Launch<'_>, code: &Code, ctaid: [u32; 3], worker: u32) -> Result<(), Fault> {
        let k = exec::kernel(l, l.kernel);
        let [bx, by, bz] = l.block;
        let n = (bx * by * bz) as usize;
        // Shared memory sized and zeroed as the interpreter does it.
        let user = (k.shared_size + l.dyn_shared) as usize;
        let size = if l.reserved_smem > 0 { user.next_multiple_of(128) + l.reserved_smem as usize } else { user };
        self.shared.clear();
        self.shared.resize(size, 0);
        let ls = k.local_size as usize;
        self.locals.clear();
        self.locals.resize(n * ls, 0);
        let slots = code.frame_slots;
        if self.frames.len() != n * slots {
            self.frames.clear();
            self.frames.resize(n * slots, 0);
        }
        self.state.clear();
        self.state.resize(n, State::Ready);
        self.resume.clear();
        self.resume.resize(n, 0);
        self.stop_pc.clear();
        self.stop_pc.resize(n, 0);
        if self.sites.len() != code.sites {
            self.sites = vec![[0; 3]; code.sites];
        }
        let c = &mut self.ctx;
        c.sites = self.sites.as_mut_ptr() as u64;
        c.nsites = self.sites.len() as u64;
        c.launch = (l as *const Launch<'_>).cast();
        c.shared = self.shared.as_mut_ptr() as u64;
        c.shared_len = self.shared.len() as u64;
        c.params = l.params.as_ptr() as u64;
        c.params_len = l.params.len() as u64;
        c.globals = l.globals.as_ptr() as u64;
        c.faulted = 0;
        c.fault = None;
        for i in 0..3 {
            c.sregs[sr::NTID + i] = l.block[i];
            c.sregs[sr::CTAID + i] = ctaid[i];
            c.sregs[sr::NCTAID + i] = l.grid[i];
        }
        c.sregs[sr::SMID] = worker;
        c.sregs[sr::NSMID] = l.nworkers;
        c.sregs[sr::DYN_SMEM] = l.dyn_shared;
        let tid_of = |t: usize| {
            let t = t as u32;
            [t % bx, (t / bx) % by, t / (bx * by)]
        };
        loop {
            for t in 0..n {
                if self.state[t] != State::Ready {
                    continue;
                }
                let tid = tid_of(t);
                let c = &mut self.ctx;
                c.sregs[sr::TID..sr::TID + 3].copy_from_slice(&tid);
                c.sregs[sr::LANE] = t as u32 % 32;
                c.sregs[sr::WARP] = t as u32 / 32;
                // SAFETY: `t * ls` is within `locals` (n * ls bytes).
                c.local = unsafe { self.locals.as_mut_ptr().add(t * ls) } as u64;
                c.local_len = ls as u64;
                c.fuel = FUEL;
                let frame = self.frames[t * slots..].as_mut_ptr();
                // SAFETY: `code.entry` was compiled from this launch's kernel; `c` is a valid
                // context whose buffers (shared memory, this thread's local memory, the
                // parameters and globals) stay alive and unaliased for the call, and `frame`
                // has `frame_slots` slots. Compiled code checks every memory access (inline
                // against those buffers or the cached allocation, else through the helpers).
                let st = unsafe { (code.entry)(c, frame, self.resume[t]) };
                let pc = (st >> 8) as u32;
                self.stop_pc[t] = pc;
                match st & 0xff {
                    ST_DONE => self.state[t] = State::Done,
                    ST_BAR => {
                        self.state[t] = State::Waiting(self.ctx.scratch as u32 & 15);
                        self.resume[t] = st >> 40;
                    }
                    ST_YIELD => {
                        self.resume[t] = st >> 40;
                        if l.stop.load(Ordering::Relaxed) {
                            return Ok(());
                        }
                    }
                    code => {
                        let kind = match (code, self.ctx.fault.take()) {
                            (ST_FAULT, Some(k)) => k,
                            _ => FaultKind::Trap,
                        };
                        self.ctx.faulted = 0;
                        return Err(fault_at(l, ctaid, tid, pc, kind));
                    }
                }
            }
            if self.state.contains(&State::Ready) {
                continue;
            }
            let Some(first) = self.state.iter().position(|s| matches!(s, State::Waiting(_))) else {
                return Ok(());
            };
            let State::Waiting(id) = self.state[first] else { return Ok(()) };
            let live = self.state.iter().filter(|s| **s != State::Done).count() as u32;
            let arrived = self.state.iter().filter(|s| **s == State::Waiting(id)).count() as u32;
            if arrived == live {
                for s in &mut self.state {
                    if *s == State::Waiting(id) {
                        *s = State::Ready;
                    }
                }
                continue;
            }
            // Threads wait at different barriers: none can complete.
            let kind = FaultKind::Deadlock { barrier: id, arrived, expected: live };
            return Err(fault_at(l, ctaid, tid_of(first), self.stop_pc[first], kind));
        }
    }
}
