//! The lane phase: a barrier-free kernel run [`WIDTH`] threads at a time (consecutive
//! threads of the block: along `threadIdx.x` of a row, or across rows when rows are narrower
//! than a group, `grouping.rs`), each PTX register an array of
//! `WIDTH` lanes, each run of arithmetic one loop over the lanes that the C compiler
//! vectorizes (`for (l = 0; l < WIDTH; l++) r5[l] = ...`). The scalar code cannot be left
//! to the compiler: nvcc's wrapping 32-bit index arithmetic keeps gcc and clang from proving
//! a thread loop's addresses consecutive (`benchmarks/spikes/block-tier`).
//!
//! Control flow runs the lanes as a warp without a reconvergence stack: `act` is the mask of
//! lanes at the current instruction, `wX` the lanes waiting at label `X`. A branch moves its
//! taken lanes to the target's mask; a label takes its waiting lanes back in; when no lane is
//! left, execution goes on at the lowest label with waiting lanes (`V_NEXT`). Waiting lanes
//! always sit at labels after the current instruction (a backward branch runs its taken lanes
//! first and parks the others just after it), so every lane runs its own path, in order.
//! Arithmetic runs for every lane; a write keeps the old value of lanes not at the
//! instruction only where such a lane reads the register later (`Plan::protected`).
//! Registers the same in every lane are C scalars (`Plan::uniform`), and so are linear ones,
//! lane `l` being lane 0's value plus a known step times `l` (`linear.rs`: indices and the
//! addresses made from them).
//!
//! Memory accesses with side effects or faults run for the lanes at the instruction only: a
//! global access whose lanes' addresses are consecutive (known from the first and last lane
//! for a linear address) and inside the allocation its site last hit is one vector access; any other lane by lane, through the scalar code's checked
//! access (`mem.rs`), which faults naming the lane's thread.
//!
//! Barriers split the kernel into phases (the loop fission of COX, CuPBoP and Polygeist): a
//! phase runs every group, one after the other, from where the last phase stopped to its next
//! barrier (or the end of its threads). A lane reaching `bar.sync` stores its registers live
//! after it in its frame (`frames[slot * n + t]`, as the scalar code keeps them: a vector
//! store per register), those written since it last resumed (`stale.rs`); when every group stopped
//! at the same barrier, the next phase takes each group's waiting lanes back there. Any other
//! case (lanes of one group at different barriers or reaching one at different times, groups
//! at different barriers) leaves the block to the scalar passes, which resume every thread
//! from its state word (waiting at a barrier, done, or at a label) and frame, and know what a
//! barrier is. The lane phase writes the state words only then: from its groups' waiting
//! masks and barriers, or as lanes stop once a group knows the block is handed over.
//!
//! A group that loops [`crate::jit::ctx::LANE_FUEL`] times (threads spinning on each other)
//! hands its lanes to the scalar code too (`V_EVAC`): their live registers go to their frames,
//! each is to resume at its label; the phase's later groups still run, then the scalar passes
//! finish the block. Every [`crate::jit::ctx::COOP_FUEL`] turns on the way it pauses
//! (`jit::helpers::h_pause`): in a cooperative launch its block hands its core to another
//! (its blocks have threads of their own; one spinning at a grid barrier waits there for
//! blocks that need the core), and a stopped or timed-out launch sends its lanes on at once.

use std::fmt::Write;

use super::Emitter;
use super::affine::{Combos, combos};
use super::grouping::Grouping;
use super::linear::{Linear, Seed, linear_regs, linear_write};
use super::probe::{self, Probe};
use super::reload;
use super::stale::Stale;
use crate::analysis::live::{Liveness, for_each_src, uses_defs};
use crate::ir::flow::Flow;
use crate::ir::{BarKind, Base, BinOp, Func, Guard, Op, Space, Src};

pub(crate) use super::grouping::WIDTH;

/// The most groups of a block: one per thread of CUDA's largest block.
const MAX_GROUPS: u64 = 1024;

/// What the lane phase of a kernel needs to know about its control flow and registers.
pub(crate) struct Plan {
    /// The labels lanes may wait at, ascending: branch targets and the instruction after a
    /// conditional backward branch.
    pub labels: Vec<u32>,
    /// Per label (as `labels`): the first instruction at which lanes may be waiting there
    /// (they are, at most, from it up to the label).
    from: Vec<u32>,
    /// Per label (as `labels`): the registers live there.
    live: Vec<Vec<bool>>,
    /// The registers live at the kernel's start (read before any write on some path): they
    /// start at 0 in every group, as a thread's registers do.
    live_in: Vec<usize>,
    /// Whether the kernel has a backward branch (a loop: fuel, and the hand-over).
    loops: bool,
    /// The kernel's barriers, by pc.
    barriers: Vec<Barrier>,
    /// Whether it has warp collectives (`warp.rs`: a group may hand lanes to the scalar code
    /// at one).
    collectives: bool,
    /// Per register: the same in every lane of a group (a C scalar, not an array).
    pub uniform: Vec<bool>,
    /// Per register: its pattern when linear (`linear.rs`: a C scalar too, lane 0's value).
    pub linear: Vec<Option<Linear>>,
    /// Per linear register: the label from which it is an array instead (`split.rs`).
    pub split: Vec<Option<u32>>,
    /// Per instruction: the expansion of its write (`affine.rs`), which `linear` was found with.
    combos: Combos,
    /// How its groups' lanes are the block's threads.
    pub grouping: Grouping,
    /// Per barrier (as `barriers`): the probe of the stretch after it (`probe.rs`).
    pub(super) probes: Vec<Option<Probe>>,
}

/// A `bar.sync` with a constant barrier number (the only barriers `eligible` lets through
/// that the lane phase runs: `Plan::of` declines any other).
pub(super) struct Barrier {
    pub(super) at: u32,
    id: u64,
    /// The registers live after it (what its lanes keep in their frames).
    pub(super) live: Vec<usize>,
    /// Of those, the ones its lanes store: written since they last resumed from a barrier
    /// (`stale.rs`; the frames hold the others already).
    pub(super) stored: Vec<usize>,
    /// Of those, the ones a group resuming after it takes back from the frames (`reload.rs`).
    reload: Vec<usize>,
}

/// A branch: where it is, where it goes, and the register of its guard.
struct Branch {
    at: u32,
    target: u32,
    guard: Option<u32>,
}

impl Plan {
    /// The plan of kernel `f` for groups of `grouping`; `None` when the lane phase does not
    /// run it (an indirect branch or a barrier numbered by a register: those stay with the
    /// scalar code).
    pub(crate) fn of(f: &Func, live: &Liveness, grouping: Grouping) -> Option<Plan> {
        let n = f.code.len() as u32;
        let mut branches = Vec::new();
        let mut barriers = Vec::new();
        let mut collectives = false;
        let stale = std::cell::OnceCell::new();
        for (pc, inst) in f.code.iter().enumerate() {
            match inst.op {
                Op::Bar { id: Src::Imm(id), count: None, kind: BarKind::Sync } => {
                    let live: Vec<usize> =
                        live.live_at(pc as u32 + 1).into_iter().filter(|&r| r < f.nregs as usize).collect();
                    let stale = stale.get_or_init(|| Stale::of(f));
                    let stored = live.iter().copied().filter(|&r| stale.stale(pc as u32, r)).collect();
                    barriers.push(Barrier { at: pc as u32, id, live, stored, reload: Vec::new() })
                }
                Op::Bar { .. } => return None,
                // A guarded collective stays with the scalar code (`warp.rs` runs the lanes at
                // one, all of them).
                ref op if crate::jit::is_collective(op) && inst.guard.is_some() => return None,
                ref op if crate::jit::is_collective(op) => collectives = true,
                // Where control goes: an indirect branch stays with the scalar code too.
                ref op => match op.flow() {
                    Flow::Jump(target) => {
                        branches.push(Branch { at: pc as u32, target: target.min(n), guard: inst.guard.map(|g| g.reg) })
                    }
                    Flow::Table(_) => return None,
                    Flow::Next | Flow::Leave => {}
                },
            }
        }
        let mut labels: Vec<u32> = branches.iter().map(|b| b.target).collect();
        labels.extend(branches.iter().filter(|b| b.target <= b.at && b.guard.is_some()).map(|b| b.at + 1));
        labels.sort_unstable();
        labels.dedup();
        let live_sets: Vec<Vec<bool>> = labels
            .iter()
            .map(|&x| {
                let mut v = vec![false; f.nregs as usize];
                for r in live.live_at(x) {
                    if let Some(b) = v.get_mut(r) {
                        *b = true;
                    }
                }
                v
            })
            .collect();
        // Uniform registers and where lanes may wait (`from`) depend on each other: a branch
        // on a varying predicate parks lanes, and a register written while parked lanes
        // still read it varies. Both only grow: iterate to the fixpoint.
        let mut uniform = vec![true; f.nregs as usize];
        let from = loop {
            let from = waiting_from(&labels, &branches, &uniform);
            let waiting_read = |pc: u32, r: u32| {
                labels.iter().enumerate().any(|(i, &x)| from[i] <= pc && pc < x && live_sets[i][r as usize])
            };
            let mut next = vec![true; f.nregs as usize];
            for (pc, inst) in f.code.iter().enumerate() {
                let (mut uses, mut defs) = (Vec::new(), Vec::new());
                uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
                defs.retain(|&d| d < f.nregs);
                let mut same = match kind(f, &inst.op) {
                    Kind::Pure => true,
                    Kind::Masked => uniform_load(&inst.op),
                    Kind::Control => false,
                };
                same &= !defs.iter().any(|&d| waiting_read(pc as u32, d));
                same &= uses
                    .iter()
                    .chain(inst.guard.as_ref().map(|g| &g.reg))
                    .all(|&r| uniform.get(r as usize).copied().unwrap_or(true));
                for_each_src(&inst.op, &mut |s| {
                    if let Src::Sreg(r) = s {
                        same &= grouping.uniform_sreg(r);
                    }
                });
                if !same {
                    for d in defs {
                        next[d as usize] = false;
                    }
                }
            }
            if next == uniform {
                break from;
            }
            uniform = next;
        };
        let live_in: Vec<usize> = live.live_at(0).into_iter().filter(|&r| r < f.nregs as usize).collect();
        let loops = branches.iter().any(|b| b.target <= b.at);
        // Linear registers start at lane 0's value: not one read before written (0 in every
        // lane). One kept across a barrier (in frames, per thread) comes back as its first
        // waiting lane's value less that lane's steps: not one with an extension, whose seed
        // the frames do not keep.
        let mut excluded = vec![false; f.nregs as usize];
        for &r in &live_in {
            excluded[r] = true;
        }
        let waiting_read = |pc: u32, r: u32| {
            labels.iter().enumerate().any(|(i, &x)| from[i] <= pc && pc < x && live_sets[i][r as usize])
        };
        let together = |pc: u32| {
            let Some(inst) = f.code.get(pc as usize) else { return false };
            let mut defs = Vec::new();
            uses_defs(&inst.op, f.nregs, &mut Vec::new(), &mut defs);
            inst.guard.is_none_or(|g| uniform.get(g.reg as usize).copied().unwrap_or(false))
                && !defs.iter().any(|&d| d < f.nregs && waiting_read(pc, d))
        };
        // Only `threadIdx.x` of rows seeds linear registers.
        let combos = if grouping.x_linear() { combos(f, &together) } else { Vec::new() };
        let mut split = vec![None; f.nregs as usize];
        // A write of register `d` at `pc` is together when its guard is uniform and no lane
        // waits where `d` is live: at a label before `d`'s split when it has one (lanes
        // waiting from there on have their own copies, `split.rs`).
        let together_split = |split: &[Option<u32>], pc: u32, d: u32| {
            let Some(inst) = f.code.get(pc as usize) else { return false };
            let upto = split.get(d as usize).copied().flatten().unwrap_or(u32::MAX);
            inst.guard.is_none_or(|g| uniform.get(g.reg as usize).copied().unwrap_or(false))
                && !labels.iter().enumerate().any(|(i, &x)| {
                    x < upto && from[i] <= pc && pc < x && live_sets[i].get(d as usize).copied().unwrap_or(false)
                })
        };
        let mut linear = if grouping.x_linear() {
            linear_regs(f, &uniform, &excluded, &|pc, d| together_split(&split, pc, d), &combos, &split)
        } else {
            vec![None; f.nregs as usize]
        };
        if grouping.x_linear() && !collectives {
            let in_frames: Vec<&[usize]> = barriers.iter().map(|b| b.live.as_slice()).collect();
            split = super::split::candidates(f, live, &labels, &linear, &uniform, &excluded, &in_frames);
            if split.iter().any(Option::is_some) {
                linear = linear_regs(f, &uniform, &excluded, &|pc, d| together_split(&split, pc, d), &combos, &split);
                // A register not linear before its split stays an array throughout.
                for (s, p) in split.iter_mut().zip(&linear) {
                    if p.is_none() {
                        *s = None;
                    }
                }
            }
        }
        loop {
            let seeded: Vec<usize> = barriers
                .iter()
                .flat_map(|b| b.live.iter().copied())
                .filter(|&r| matches!(linear[r], Some(Linear::Wide { ext: Some(_), .. })))
                .collect();
            if seeded.is_empty() {
                break;
            }
            seeded.into_iter().for_each(|r| excluded[r] = true);
            linear = linear_regs(f, &uniform, &excluded, &|pc, d| together_split(&split, pc, d), &combos, &split);
            for (s, p) in split.iter_mut().zip(&linear) {
                if p.is_none() {
                    *s = None;
                }
            }
        }
        let probes = probe::probes(f, &barriers);
        let reloads = reload::reloads(f, &barriers, &probes, loops);
        for (b, reload) in barriers.iter_mut().zip(reloads) {
            b.reload = reload;
        }
        Some(Plan {
            labels,
            from,
            live: live_sets,
            live_in,
            loops,
            barriers,
            collectives,
            uniform,
            linear,
            split,
            combos,
            grouping,
            probes,
        })
    }

    /// How many of `f`'s global, shared and generic accesses reach their groups' memory in
    /// one piece (an address the same in every lane, or linear: `linear.rs`), and how many
    /// lane by lane (the others, and texture fetches, whose coordinates are any lane's own).
    pub(crate) fn access_pieces(&self, f: &Func) -> (usize, usize) {
        let (mut whole, mut per_lane) = (0, 0);
        for inst in &f.code {
            if matches!(inst.op, Op::Tex(_)) {
                per_lane += 1;
            }
            inst.op.memory_accesses(&mut |a| {
                if !matches!(a.space, Space::Global | Space::Shared | Space::Generic) {
                    return;
                }
                let one = match a.addr.base {
                    Base::Reg(r) => {
                        self.uniform.get(r as usize).copied().unwrap_or(false)
                            || self.linear.get(r as usize).is_some_and(Option::is_some)
                    }
                    Base::Abs | Base::Global(_) | Base::Local(_) => true,
                };
                if one { whole += 1 } else { per_lane += 1 }
            });
        }
        (whole, per_lane)
    }

    /// Whether every barrier has the scalar code's resume point after it (`resumes`: the
    /// scalar code's, as `Emitter::resumes`).
    pub(crate) fn barriers_resumable(&self, resumes: &[(u32, u32)]) -> bool {
        self.barriers.iter().all(|b| resumes.contains(&(b.at, b.at + 1)))
    }

    /// The pc of barrier `i`.
    pub(super) fn barrier_at(&self, i: usize) -> u32 {
        self.barriers[i].at
    }

    /// The barrier whose stretch's probe branches at `pc`, if one does.
    fn probe_at(&self, pc: u32) -> Option<usize> {
        self.probes.iter().position(|p| p.as_ref().is_some_and(|p| p.branch() == pc))
    }

    /// Whether some stretch is probed (`probe.rs`): groups may be ahead of a phase.
    pub(super) fn probing(&self) -> bool {
        self.probes.iter().any(Option::is_some)
    }

    /// Whether a group resuming at some barrier takes back fewer registers than are live
    /// after it (`reload.rs`): the group loop then hides its step (`Grouping::group_loop`).
    fn reloads_fewer(&self) -> bool {
        self.barriers.iter().any(|b| b.reload.len() < b.live.len())
    }

    /// Whether groups may stop before the kernel's end, so that each must leave its threads'
    /// state words (barriers, and loops or warp collectives a group may hand to the scalar
    /// code).
    fn stateful(&self) -> bool {
        self.loops || !self.barriers.is_empty() || self.collectives
    }

    /// Whether a write of register `r` at instruction `pc` must keep the old value of lanes
    /// not at `pc`: some may be waiting at a label where `r` is live.
    fn protected(&self, pc: u32, r: u32) -> bool {
        self.labels
            .iter()
            .enumerate()
            .any(|(i, &x)| self.from[i] <= pc && pc < x && self.live[i].get(r as usize).copied().unwrap_or(false))
    }
}

/// Per label: the first instruction at which lanes may wait there, given which registers are
/// uniform (the label itself when none ever do). A branch parks lanes when its predicate
/// varies, or when it runs while lanes wait elsewhere (its lanes then leave those behind).
fn waiting_from(labels: &[u32], branches: &[Branch], uniform: &[bool]) -> Vec<u32> {
    let varies = |g: Option<u32>| g.is_some_and(|r| !uniform.get(r as usize).copied().unwrap_or(true));
    let mut lo: Vec<u32> = labels.to_vec();
    let at = |x: u32| labels.binary_search(&x).ok();
    let mut changed = true;
    while changed {
        changed = false;
        let mut lower = |i: Option<usize>, to: u32, lo: &mut Vec<u32>| {
            if let Some(i) = i
                && to < lo[i]
            {
                lo[i] = to;
                changed = true;
            }
        };
        for b in branches {
            let parked = labels.iter().zip(lo.iter()).any(|(&x, &l)| l <= b.at && b.at < x);
            if b.target > b.at {
                if varies(b.guard) || parked {
                    lower(at(b.target), b.at + 1, &mut lo);
                }
            } else {
                if varies(b.guard) {
                    lower(at(b.at + 1), b.target, &mut lo);
                }
                // Lanes parked after a loop, by a branch inside it, wait through the loop's
                // later turns too.
                for i in 0..labels.len() {
                    if lo[i] <= b.at && labels[i] > b.at && b.target < lo[i] {
                        lower(Some(i), b.target, &mut lo);
                    }
                }
            }
        }
    }
    lo
}

/// How the lane phase runs an instruction.
pub(super) enum Kind {
    /// Arithmetic with no effect but its register writes: every lane computes it.
    Pure,
    /// Control: branches, the end of a thread, traps, fences.
    Control,
    /// Memory and anything else with effects: only the lanes at the instruction.
    Masked,
}

pub(super) fn kind(f: &Func, op: &Op) -> Kind {
    match op {
        Op::Un { .. }
        | Op::Bin { .. }
        | Op::Tern { .. }
        | Op::Bfi { .. }
        | Op::Setp { .. }
        | Op::Pack { .. }
        | Op::Unpack { .. }
        | Op::Cvta { .. }
        | Op::Nop
        | Op::Nanosleep => Kind::Pure,
        Op::Ld { space: crate::ir::Space::KParam, size, d, addr, .. }
            if crate::jit::lower::const_param(f, *addr, *size, d.len()).is_some() =>
        {
            Kind::Pure
        }
        Op::Bra { .. } | Op::Ret | Op::Exit | Op::Trap | Op::Fence | Op::Bar { .. } => Kind::Control,
        Op::Mov2 { .. }
        | Op::Isspacep { .. }
        | crate::ir::frame_ops!()
        | crate::ir::memory_access!()
        | crate::ir::calls!()
        | crate::ir::collectives!()
        | Op::Brx { .. }
        | Op::Tex(_)
        | Op::Mma(_)
        | Op::Cluster(_)
        | Op::Carry { .. } => Kind::Masked,
    }
}

/// C that makes a group write its lanes' state words as they stop from now on (`eager`),
/// writing those of its lanes already waiting at barrier `bar_at`.
pub(super) const GO_EAGER: &str =
    "if (!eager) { eager = 1; LANES if (at_bar >> l & 1) states[t0 + l] = bar_words_[bar_at]; }";

/// C that writes the state words of every group of the block not written as its lanes
/// stopped (`written_`): a lane waiting at a barrier gets its group's barrier's word, any
/// other is done (a group that is not `eager` handed no lane to the scalar code).
fn flush_states(grouping: Grouping) -> String {
    format!(
        "u32 g_ = 0;\n\
         {groups}\
         if (written_[g_]) continue;\n\
         const u32 wait_ = waiting_[g_], word_ = bar_words_[bar_of_[g_]];\n\
         LANES if (row >> l & 1) states[t0 + l] = (wait_ >> l & 1) ? word_ : S_DONE << 24;\n\
         }}",
        groups = grouping.group_loop("g_++", false)
    )
}

/// Whether `op` loads the same values in every lane when its address is uniform: memory every
/// thread sees alike (not local memory, nor a generic address, which may be).
fn uniform_load(op: &Op) -> bool {
    matches!(op, Op::Ld { space: Space::Global | Space::Shared | Space::KParam, .. })
}

impl Emitter<'_> {
    /// The lane phase of the kernel (`plan`): C that runs the block's threads a row segment
    /// of [`WIDTH`] at a time, phase after phase, and returns 0, or hands them to the scalar
    /// passes that follow (`V_SCALAR`).
    pub(super) fn lane_phase(&mut self, plan: &Plan) -> String {
        let saved = std::mem::take(&mut self.out);
        self.lane = true;
        self.uniform = plan.uniform.clone();
        let f = self.f;
        let nregs = f.nregs as usize;
        let stateful = plan.stateful();
        // A loop over the lanes, kept a loop: gcc unrolls one of 16 turns before its loop
        // vectorizer sees it, and vectorizes the unrolled statements far less.
        // A block has at most `MAX_GROUPS` threads (CUDA's limit, which launches check), so
        // at most as many groups; a larger one would stay with the scalar code.
        let _ = writeln!(
            self.out,
            "#define LANES _Pragma(\"GCC unroll 1\") for (u32 l = 0; l < LANE_W; l++)\n\
             #define MAX_GROUPS {MAX_GROUPS}u\n\
             if (states[0] == 0 && n <= MAX_GROUPS && {fits}) {{\n{setup}",
            fits = plan.grouping.fits(),
            setup = plan.grouping.setup(),
        );
        let zeroed = super::zeroed::zeroed(f);
        for narrow in [true, false] {
            let regs: Vec<usize> = (0..nregs).filter(|&r| f.narrow(r as u32) == narrow).collect();
            for chunk in regs.chunks(16) {
                let decl: Vec<String> = chunk
                    .iter()
                    .map(|&r| match plan.linear[r] {
                        // `split.rs`: the scalar and the array form.
                        Some(Linear::Wide { ext: Some(_), .. }) if plan.split[r].is_some() => {
                            format!("r{r} = 0, r{r}x[LANE_W] = {{0}}; u32 r{r}_s = 0; (void)r{r}_s")
                        }
                        Some(_) if plan.split[r].is_some() => format!("r{r} = 0, r{r}x[LANE_W] = {{0}}"),
                        Some(Linear::Wide { ext: Some(_), .. }) => format!("r{r} = 0; u32 r{r}_s = 0; (void)r{r}_s"),
                        _ if plan.uniform[r] || plan.linear[r].is_some() => format!("r{r} = 0"),
                        _ if zeroed[r] => format!("r{r}[LANE_W] = {{0}}"),
                        _ => format!("r{r}[LANE_W]"),
                    })
                    .map(|d| format!("{} {d};", if narrow { "u32" } else { "u64" }))
                    .collect();
                let _ = writeln!(self.out, "{}", decl.join(" "));
            }
        }
        self.linear = plan.linear.clone();
        self.split = plan.split.clone();
        self.at = 0;
        self.combos = plan.combos.clone();
        let (runs, count) = super::window::runs(f, &plan.labels, &plan.linear, &plan.uniform);
        self.runs = runs;
        self.run_sites = (0..count).map(|_| self.new_site()).collect();
        for r in 0..count {
            let _ = writeln!(self.out, "u32 ok{r} = 0;");
        }
        for &x in &plan.labels {
            let _ = writeln!(self.out, "u32 w{x} = 0;");
        }
        // Phases: `resume_at` is the barrier (index from 1; 0: the start) every waiting thread
        // waits at, `stopped_at` the one the groups of this phase stopped at, `to_scalar` set
        // when the scalar passes must finish the block. Per group (at most one per thread of a
        // block): `waiting_`, its lanes waiting at a barrier, `bar_of_` which (index from 1),
        // `written_` whether its lanes' state words are written (`bar_words_`: a waiting
        // lane's, per barrier). The state words are for the scalar passes only: a group writes
        // them as its lanes stop only once the phase is to hand the block over (`eager`); else
        // `flush_states` writes them all when it does.
        if stateful {
            let words: Vec<String> =
                std::iter::once("0u".to_string()).chain(plan.barriers.iter().map(|b| self.barrier_word(b))).collect();
            if plan.probing() {
                self.probe_declarations();
            }
            let _ = writeln!(
                self.out,
                "static const u32 bar_words_[] = {{ {} }};\n\
                 u32 resume_at = 0; (void)resume_at;\n\
                 u32 waiting_[MAX_GROUPS]; u32 bar_of_[MAX_GROUPS]; uint8_t written_[MAX_GROUPS];\n\
                 (void)waiting_; (void)bar_of_; (void)written_;\n\
                 for (;;) {{\n\
                 u32 stopped_at = 0, to_scalar = 0, groups_ = 0; (void)stopped_at; (void)groups_;",
                words.join(", ")
            );
            if plan.probing() {
                self.idle_tail_start(plan);
            }
        }
        // Groups (`grouping.rs`), their lanes that are threads `row`. `at_bar`: its lanes
        // stopped at a barrier (`bar_at` the last one), `handed`: its lanes handed to the
        // scalar code, `eager`: its lanes write their state words as they stop.
        let _ = writeln!(
            self.out,
            "{groups}u32 act = row;\n\
             u64 fuel = {fuel}ull; (void)fuel;",
            groups = plan.grouping.group_loop("", plan.reloads_fewer()),
            fuel = crate::jit::ctx::LANE_FUEL,
        );
        plan.grouping.lane_indices(&mut self.out);
        // The stride hints' last addresses (`prefetch.rs`), per group: declared here once the
        // phase is emitted and their number known.
        let strides_at = self.out.len();
        self.strides = 0;
        if stateful {
            self.out.push_str(
                "u32 at_bar = 0, bar_at = 0, handed = 0, eager = 0; (void)bar_at;\n\
                 const u32 group_ = groups_++; (void)group_; written_[group_] = 0;\n",
            );
        }
        if plan.probing() {
            self.out.push_str("if (group_ >= lim_) goto V_TAIL_;\n");
            self.probe_group_start();
        }
        if !plan.barriers.is_empty() {
            self.resume_group(plan);
        }
        for &r in &plan.live_in {
            if plan.uniform[r] {
                let _ = writeln!(self.out, "r{r} = 0;");
            } else {
                let _ = writeln!(self.out, "memset(r{r}, 0, sizeof r{r});");
            }
        }
        let mut group = false;
        for (pc, inst) in f.code.iter().enumerate() {
            let pc = pc as u32;
            if plan.labels.binary_search(&pc).is_ok() {
                self.close_group(&mut group);
                let cross = super::split::at_label(&plan.split, &plan.linear, pc);
                let _ = writeln!(self.out, "VL{pc}: {cross}act |= w{pc}; w{pc} = 0;");
            }
            self.at = pc;
            match kind(f, &inst.op) {
                Kind::Pure => self.lane_pure(plan, pc, inst.guard, &inst.op, &mut group),
                Kind::Control => {
                    self.close_group(&mut group);
                    match plan.barriers.iter().position(|b| b.at == pc) {
                        Some(i) => self.lane_barrier(plan, i, inst.guard),
                        None => self.lane_control(plan, pc, inst.guard, &inst.op),
                    }
                }
                Kind::Masked => {
                    self.close_group(&mut group);
                    if crate::jit::is_collective(&inst.op) {
                        self.lane_collective(pc, &inst.op);
                    } else if uniform_load(&inst.op) && self.writes_uniform(&inst.op) {
                        self.run_check(pc);
                        self.lane_uniform_load(pc, inst.guard, &inst.op);
                    } else if !self.lane_atom_sum(pc, inst.guard, &inst.op) && !self.lane_tex(pc, inst.guard, &inst.op)
                    {
                        self.run_check(pc);
                        self.lane_masked(pc, inst.guard, &inst.op);
                    }
                }
            }
        }
        self.close_group(&mut group);
        let end = f.code.len() as u32;
        if plan.labels.binary_search(&end).is_ok() {
            let _ = writeln!(self.out, "VL{end}: act |= w{end}; w{end} = 0;");
        }
        // No lane left: on at the first label with waiting lanes, else the group is done.
        self.out.push_str("goto V_NEXT;\nV_NEXT:\n");
        if plan.probing() && !plan.labels.is_empty() {
            let waiting: Vec<String> = plan.labels.iter().map(|x| format!("w{x}")).collect();
            let _ = writeln!(self.out, "if ({}) stop_clean_ = 0;", waiting.join(" | "));
        }
        for &x in &plan.labels {
            let _ = writeln!(self.out, "if (w{x}) goto VL{x};");
        }
        if !stateful {
            self.out.push_str("continue;\n}\nreturn 0;\n}\n");
            self.lane = false;
            self.out.insert_str(strides_at, &super::prefetch::stride_declarations(self.strides));
            return std::mem::replace(&mut self.out, saved);
        }
        self.out.push_str("goto V_STOP;\n");
        if plan.loops {
            self.evacuate(plan);
        }
        // The group's other lanes are done; the phase stops at the barrier all its groups
        // stopped at, else the scalar passes take over.
        let _ = writeln!(
            self.out,
            "V_STOP:\n\
             if (eager) {{ written_[group_] = 1;\n\
             if ((at_bar | handed) != row) {{ const u32 done_ = row & ~(at_bar | handed);\n\
             LANES if (done_ >> l & 1) states[t0 + l] = S_DONE << 24; }} }}"
        );
        if plan.probing() {
            self.probe_chain(plan);
        }
        let _ = writeln!(
            self.out,
            "waiting_[group_] = at_bar; bar_of_[group_] = bar_at;\n\
             if (at_bar) {{ if (stopped_at && stopped_at != bar_at) to_scalar = 1; stopped_at = bar_at; }}\n\
             }}"
        );
        if plan.probing() {
            self.idle_tail_end();
        }
        let _ = writeln!(
            self.out,
            "if (to_scalar) {{ {flush} goto V_SCALAR; }}\n\
             if (!stopped_at) return 0;\n\
             resume_at = stopped_at;\n\
             }}\n\
             }}\n\
             V_SCALAR:;",
            flush = flush_states(plan.grouping)
        );
        self.lane = false;
        self.out.insert_str(strides_at, &super::prefetch::stride_declarations(self.strides));
        std::mem::replace(&mut self.out, saved)
    }

    /// At a phase after a barrier: the group's lanes waiting there (none: the group is done)
    /// take back their registers live after it and go on from there.
    fn resume_group(&mut self, plan: &Plan) {
        self.out.push_str("if (resume_at) {\nact = waiting_[group_];\nif (!act) continue;\n");
        if plan.probing() {
            self.probe_skip();
        }
        self.out.push_str("switch (resume_at) {\n");
        for (i, b) in plan.barriers.iter().enumerate() {
            let _ = writeln!(self.out, "case {}: {{", i + 1);
            let (scalar, lanes): (Vec<usize>, Vec<usize>) =
                b.reload.iter().partition(|&&r| plan.uniform[r] || plan.linear[r].is_some());
            // The waiting lanes' only: past a block's last thread, `frames` holds other
            // registers' words, which may read as subnormal floats (`zeroed.rs`). A whole
            // group (the usual case) copies without the blend: 6% of a chain of barriers.
            if !lanes.is_empty() {
                let copy = |blend: bool| -> String {
                    lanes
                        .iter()
                        .map(|r| {
                            let word = format!("frames[{}ull * n + t0 + l]", self.slot(*r));
                            let value = if blend { format!("act >> l & 1 ? {word} : r{r}[l]") } else { word };
                            format!("LANES r{r}[l] = {value};\n")
                        })
                        .collect()
                };
                let _ = writeln!(self.out, "if (act == LANE_FULL) {{\n{}}} else {{\n{}}}", copy(false), copy(true));
            }
            if !scalar.is_empty() {
                // A uniform register is its first waiting lane's value; a linear one (no
                // extension: `Plan::of`) that lane's value less its lane's steps.
                self.out.push_str("const u32 lf_ = (u32)__builtin_ctz(act); const u64 first_ = t0 + lf_;");
                for r in scalar {
                    let back = match plan.linear[r] {
                        Some(p) => format!(" - (u64)lf_ * {:#x}ull", p.lane_step()),
                        None => String::new(),
                    };
                    let _ = write!(self.out, " r{r} = frames[{}ull * n + first_]{back};", self.slot(r));
                }
                self.out.push('\n');
            }
            let _ = writeln!(self.out, "goto VR{}; }}", b.at);
        }
        self.out.push_str("default: break;\n}\n}\n");
    }

    /// `bar.sync` (barrier `i` of `plan`) for the lanes at it: they keep their live registers
    /// (those not in their frames already: `stale.rs`) and state words as the scalar code's
    /// barrier does, and stop; the next phase resumes
    /// them at `VR{pc}`. Lanes of the group reaching a barrier a second time in one phase
    /// (they split before it) leave the block to the scalar passes.
    fn lane_barrier(&mut self, plan: &Plan, i: usize, guard: Option<Guard>) {
        let b = &plan.barriers[i];
        self.out.push_str("{\n");
        self.lane_mask(guard);
        // One loop per register: a loop storing to several arrays that may alias (`frames`,
        // `states`) is not vectorized.
        let stores: Vec<String> = b
            .stored
            .iter()
            .map(|&r| format!("frames[{}ull * n + t0 + l] = {};", self.slot(r), self.lane_value(r as u32)))
            .collect();
        let all: String = stores.iter().map(|st| format!("LANES {st}\n")).collect();
        let some: String = stores.iter().map(|st| format!("LANES if (m_ >> l & 1) {st}\n")).collect();
        // Lanes of the group stopping at a barrier a second time in the phase (they split
        // before it): the block goes to the scalar passes, and the lanes' state words, which
        // now differ within the group, are written as they stop.
        let _ = writeln!(
            self.out,
            "if (m_) {{\n\
             if (at_bar) {{ to_scalar = 1; {write_earlier} }}\n\
             bar_at = {};\n\
             if (m_ == LANE_FULL) {{\n{all}}} else {{\n{some}}}\n\
             if (eager) {{ LANES if (m_ >> l & 1) states[t0 + l] = bar_words_[bar_at]; }}\n\
             at_bar |= m_; act &= ~m_; if (!act) {stop}\n\
             }} }}\n\
             VR{}:;",
            i + 1,
            b.at,
            write_earlier = GO_EAGER,
            stop = if plan.probing() { "{ stop_clean_ = 1; goto V_NEXT; }" } else { "goto V_NEXT;" },
        );
    }

    /// The state word of a lane waiting at barrier `b`, as the scalar code's barrier writes it.
    fn barrier_word(&self, b: &Barrier) -> String {
        // `Plan::barriers_resumable`: there is a resume point after it.
        let k = self.resumes.iter().position(|&(at, next)| at == b.at && next == b.at + 1).map_or(0, |k| k + 1);
        format!("(S_WAITING << 24) | ({}u << 28) | {k}u", b.id & 15)
    }

    fn close_group(&mut self, group: &mut bool) {
        if *group {
            self.out.push_str("}\n");
            *group = false;
        }
    }

    /// Lane `l`'s value of register `r` (in a lane loop).
    fn lane_value(&self, r: u32) -> String {
        self.src(Src::Reg(r))
    }

    pub(super) fn is_uniform(&self, r: u32) -> bool {
        self.uniform.get(r as usize).copied().unwrap_or(false)
    }

    /// Whether `op` writes registers, all uniform.
    fn writes_uniform(&self, op: &Op) -> bool {
        let mut defs = Vec::new();
        uses_defs(op, self.f.nregs, &mut Vec::new(), &mut defs);
        defs.retain(|&d| d < self.f.nregs);
        !defs.is_empty() && defs.iter().all(|&r| self.is_uniform(r))
    }

    /// A load of one uniform value (`uniform_load`, a uniform address): once, by the first
    /// lane at it (the thread a fault names, as the interpreter's first lane would be).
    fn lane_uniform_load(&mut self, pc: u32, guard: Option<Guard>, op: &Op) {
        self.out.push_str("{\n");
        self.lane_mask(guard);
        self.out.push_str(
            "if (m_) {\nconst u64 t = t0 + (u64)__builtin_ctz(m_); u64 local = locals + t * local_len; (void)local;\n",
        );
        if !self.uniform_run_load(pc, op) {
            self.memory(pc, op);
        }
        self.out.push_str("} }\n");
    }

    /// Declares `m_`, the lanes at the instruction that its guard lets run.
    pub(super) fn lane_mask(&mut self, guard: Option<Guard>) {
        match guard {
            None => self.out.push_str("const u32 m_ = act;\n"),
            Some(g) if self.is_uniform(g.reg) => {
                let _ = writeln!(self.out, "const u32 m_ = ((r{} & 1) ^ {}) ? act : 0;", g.reg, u8::from(g.neg));
            }
            Some(g) => {
                let lanes = self.lane_bits(g.reg);
                let bits = self.guard_lanes(g.reg, &lanes).unwrap_or(lanes);
                let _ = writeln!(self.out, "const u32 m_ = act & ({}{bits});", if g.neg { "~" } else { "" });
            }
        }
    }

    /// The C of the lanes at which bit 0 of register `r`'s array is set (one vector test).
    pub(super) fn lane_bits(&self, r: u32) -> String {
        format!("{}(r{r})", if self.f.narrow(r) { "lane_bits32" } else { "lane_bits64" })
    }

    /// The lanes at which predicate `p`, the guard of the instruction being emitted, is
    /// true, computed from scalars where it is a combination (`and`, `or`, `xor`, `not`) of
    /// comparisons of a 32-bit register whose lanes step by one (`threadIdx.x`, `i =
    /// blockIdx.x * blockDim.x + threadIdx.x`) with a group-uniform value (`i < n`, `x >= 1 &&
    /// x < n - 1 && y >= 1 && y < n - 1`): such a comparison's lanes follow from the two
    /// values' first lanes (`step_cmp_bits`, `runtime.h`), with no lane loop, no store of the
    /// predicate's lanes and no vector test of them. `lanes`: the C of the plain test, taken
    /// when a lane wraps around. `None` when no such comparison is in it.
    fn guard_lanes(&self, p: u32, lanes: &str) -> Option<String> {
        let mut steps = Vec::new();
        let (e, _) = self.mask_of(Src::Reg(p), self.at, &mut steps, 0)?;
        // Worth it only where it saves the lane-by-lane test, not where it adds more.
        if steps.is_empty() || e.matches("lane_bits").count() > 1 {
            return None;
        }
        let decl: Vec<String> = steps.iter().enumerate().map(|(i, c)| format!("s{i}_ = {c}")).collect();
        let any: Vec<String> = (0..steps.len()).map(|i| format!("s{i}_")).collect();
        Some(format!("({{ const i64 {}; ({}) >= 0 ? (u32)({e}) : {lanes}; }})", decl.join(", "), any.join(" | ")))
    }

    /// The C of the lanes at which bit 0 of `s`, as the instruction at `reader` read it, is
    /// set, valid at the instruction being emitted (`self.at`): from the instructions that
    /// computed it in the straight-line code before `reader` (no label between, where lanes
    /// that did not run them would join; no barrier, no collective), each unguarded, none of
    /// their operands written again before `self.at`. Comparisons it decides from first
    /// lanes go to `steps` (referred to as `s{i}_`); a register computed otherwise is tested
    /// lane by lane (`lane_bits`). With it, whether every lane of `s` is 0 or 1 (a
    /// predicate), where `not.pred` (`cnot`: is it zero?) is the complement of bit 0.
    fn mask_of(&self, s: Src, reader: u32, steps: &mut Vec<String>, depth: u32) -> Option<(String, bool)> {
        const DEEPEST: u32 = 6;
        let r = match s {
            Src::Imm(v) => return Some((if v & 1 != 0 { "LANE_FULL" } else { "0u" }.to_string(), v <= 1)),
            Src::Reg(r) if r < self.f.nregs && depth <= DEEPEST => r,
            _ => return None,
        };
        if self.written_between(r, reader, self.at) {
            return None;
        }
        if self.is_uniform(r) {
            return Some((format!("((r{r} & 1) ? LANE_FULL : 0u)"), false));
        }
        if self.linear_of(r).is_some() || self.split_array(r) {
            return None;
        }
        let def = self.straight_def(r, reader)?;
        let inst = &self.f.code[def as usize];
        let lane_by_lane = |boolean: bool| Some((self.lane_bits(r), boolean));
        if inst.guard.is_some() {
            return None;
        }
        match inst.op {
            Op::Setp { cmp, out: crate::ir::SetOut::Pred, d, a, b, comb: None, .. } if d == r => {
                match self.stepped_compare(&cmp, a, b) {
                    Some((lin, other, call)) => {
                        if [lin, other]
                            .iter()
                            .any(|&x| matches!(x, Src::Reg(x) if self.written_between(x, def, self.at)))
                        {
                            return None;
                        }
                        steps.push(call);
                        Some((format!("(u32)s{}_", steps.len() - 1), true))
                    }
                    None => lane_by_lane(true),
                }
            }
            Op::Bin { op: op @ (BinOp::And(_) | BinOp::Or(_) | BinOp::Xor(_)), a, b, .. } => {
                let ((x, xb), (y, yb)) =
                    (self.mask_of(a, def, steps, depth + 1)?, self.mask_of(b, def, steps, depth + 1)?);
                let f = match op {
                    BinOp::And(_) => "&",
                    BinOp::Or(_) => "|",
                    _ => "^",
                };
                Some((format!("({x} {f} {y})"), xb && yb))
            }
            Op::Un { op: crate::ir::UnOp::Not(_), a, .. } => {
                Some((format!("(~{})", self.mask_of(a, def, steps, depth + 1)?.0), false))
            }
            Op::Un { op: crate::ir::UnOp::Cnot(_), a, .. } => match self.mask_of(a, def, steps, depth + 1)? {
                (x, true) => Some((format!("(~{x})"), true)),
                _ => None,
            },
            Op::Setp { out: crate::ir::SetOut::Pred, .. } => lane_by_lane(true),
            _ => lane_by_lane(false),
        }
    }

    /// The instruction that last wrote register `r` before `reader`, in the straight-line
    /// code that leads to `reader` (no label at `reader` or between, no barrier, no
    /// collective).
    fn straight_def(&self, r: u32, reader: u32) -> Option<u32> {
        if self.targets.get(reader as usize).copied().unwrap_or(true) {
            return None;
        }
        // (A bounded look back: a guard's comparisons sit just before it.)
        const FARTHEST: u32 = 64;
        let mut defs = Vec::new();
        for pc in (reader.saturating_sub(FARTHEST)..reader).rev() {
            let op = &self.f.code[pc as usize].op;
            if matches!(op, Op::Bar { .. }) || crate::jit::is_collective(op) {
                return None;
            }
            defs.clear();
            uses_defs(op, self.f.nregs, &mut Vec::new(), &mut defs);
            if defs.contains(&r) {
                return Some(pc);
            }
            if self.targets.get(pc as usize).copied().unwrap_or(true) {
                return None;
            }
        }
        None
    }

    /// Whether an instruction from `from` up to (not including) `to` writes register `r`.
    fn written_between(&self, r: u32, from: u32, to: u32) -> bool {
        let mut defs = Vec::new();
        (from..to).any(|pc| {
            defs.clear();
            self.f.code.get(pc as usize).is_some_and(|i| {
                uses_defs(&i.op, self.f.nregs, &mut Vec::new(), &mut defs);
                defs.contains(&r)
            })
        })
    }

    /// When `setp` compares 32-bit operands `a` and `b`, one a register whose lanes step by
    /// one and the other group-uniform: those two operands and the C of `step_cmp_bits`
    /// (`runtime.h`) for the comparison, from their first lanes.
    fn stepped_compare(&self, cmp: &crate::ir::Cmp, a: Src, b: Src) -> Option<(Src, Src, String)> {
        use ptx::types::CmpOp::*;
        if cmp.w != 32 || !matches!(cmp.kind, b'u' | b's' | b'b') {
            return None;
        }
        let one_step = |s: Src| match s {
            Src::Reg(r) => self.linear_of(r) == Some(super::linear::Linear::Narrow { step: 1 }),
            _ => false,
        };
        let same = |s: Src| match s {
            Src::Reg(r) => self.is_uniform(r),
            Src::Imm(_) => true,
            _ => false,
        };
        // `op`'s code in `step_cmp_bits`, with the stepping operand first.
        let (lin, other, op) = match (one_step(a), one_step(b)) {
            (true, false) if same(b) => (a, b, cmp.op),
            (false, true) if same(a) => (b, a, crate::semantics::compare::mirrored(cmp.op)?),
            _ => return None,
        };
        let code = match op {
            Lt | Lo => 0,
            Le | Ls => 1,
            Gt | Hi => 2,
            Ge | Hs => 3,
            Eq => 4,
            Ne => 5,
            _ => return None,
        };
        let (cast, top) =
            if cmp.kind == b's' { ("(i64)(i32)(u32)", "0x7fffffffll") } else { ("(i64)(u32)", "0xffffffffll") };
        let first = |s: Src| format!("({{ const u32 l = 0; (void)l; {cast}({}); }})", self.src(s));
        Some((lin, other, format!("step_cmp_bits({}, {}, {top}, {code})", first(lin), first(other))))
    }

    /// An arithmetic instruction: of uniform registers once, as scalar code (between lane
    /// loops), else for lane `l` inside one (`group`: a lane loop is open).
    fn lane_pure(&mut self, plan: &Plan, pc: u32, guard: Option<Guard>, op: &Op, group: &mut bool) {
        let mut defs = Vec::new();
        uses_defs(op, self.f.nregs, &mut Vec::new(), &mut defs);
        let combo = self.combos.get(pc as usize).and_then(Option::as_deref);
        if let Some((_, seed)) = linear_write(self.f, pc, op, &self.linear, &self.uniform, combo, &self.split) {
            self.close_group(group);
            self.linear_pure(pc, guard, op, seed);
            return;
        }
        if self.writes_uniform(op) {
            self.close_group(group);
            // `Plan::of`: a uniform write is unguarded or has a uniform guard, and no lane
            // waits elsewhere.
            match guard {
                Some(g) => {
                    let _ = writeln!(self.out, "if ({}(r{} & 1)) {{", if g.neg { "!" } else { "" }, g.reg);
                    self.op(pc, op);
                    self.out.push_str("}\n");
                }
                None => self.op(pc, op),
            }
            return;
        }
        if !*group {
            self.out.push_str("LANES {\n");
            *group = true;
        }
        let mut cond = Vec::new();
        if let Some(g) = guard {
            let r = if self.is_uniform(g.reg) { format!("r{}", g.reg) } else { format!("r{}[l]", g.reg) };
            cond.push(format!("{}({r} & 1)", if g.neg { "!" } else { "" }));
        }
        if defs.iter().any(|&r| plan.protected(pc, r)) {
            cond.push("(act >> l & 1)".to_string());
        }
        if cond.is_empty() {
            self.op(pc, op);
            return;
        }
        // Decided before the instruction writes its guard.
        let _ = writeln!(self.out, "{{ const int c_ = {};", cond.join(" && "));
        self.lane_cond = Some("c_".to_string());
        self.op(pc, op);
        self.lane_cond = None;
        self.out.push_str("}\n");
    }

    /// An instruction writing a linear register (`linear.rs`): lane 0's value, and its seed,
    /// as scalar code (`Plan::of`: unguarded or under a uniform guard).
    fn linear_pure(&mut self, pc: u32, guard: Option<Guard>, op: &Op, seed: Option<Seed>) {
        let mut defs = Vec::new();
        uses_defs(op, self.f.nregs, &mut Vec::new(), &mut defs);
        let Some(&d) = defs.first() else { return };
        self.out.push_str("{ const u32 l = 0; (void)l;\n");
        if let Some(g) = guard {
            let _ = writeln!(self.out, "if ({}(r{} & 1)) {{", if g.neg { "!" } else { "" }, g.reg);
        }
        // The seed is read before the write (which may overwrite where it comes from).
        let seed = match seed {
            Some(Seed::Take(s)) => Some(format!("(u32)({})", self.src(s))),
            Some(Seed::Copy(r)) => Some(format!("r{r}_s")),
            None => None,
        };
        if let Some(s) = &seed {
            let _ = writeln!(self.out, "const u32 seed_ = {s};");
        }
        self.op(pc, op);
        if seed.is_some() {
            let _ = writeln!(self.out, "r{d}_s = seed_;");
        }
        if guard.is_some() {
            self.out.push_str("}\n");
        }
        self.out.push_str("}\n");
    }

    /// A branch, the end of threads, a trap or a fence, for the lanes at it.
    fn lane_control(&mut self, plan: &Plan, pc: u32, guard: Option<Guard>, op: &Op) {
        self.out.push_str("{\n");
        self.lane_mask(guard);
        if let Some(i) = plan.probe_at(pc) {
            self.probe_branch(plan, i);
        }
        match *op {
            Op::Bra { target, .. } => {
                let target = target.min(self.f.code.len() as u32);
                // Lanes parked past a register's split take their copies (`split.rs`).
                let copies = |parked: u32, mask: &str| match plan.labels.binary_search(&parked) {
                    Ok(i) => super::split::snapshot(&plan.split, &plan.linear, &plan.live[i], pc, parked, mask),
                    Err(_) => String::new(),
                };
                if target > pc {
                    let copies = copies(target, "m_");
                    let _ = writeln!(self.out, "{copies}w{target} |= m_; act &= ~m_; if (!act) goto V_NEXT;");
                } else {
                    // The taken lanes run the loop again first; the others wait after it.
                    let park = if guard.is_some() {
                        let copies = copies(pc + 1, "(act & ~m_)");
                        format!("{copies}w{} |= act & ~m_; ", pc + 1)
                    } else {
                        String::new()
                    };
                    let _ = writeln!(
                        self.out,
                        "if (m_) {{ {park}act = m_;\n\
                         if (UNLIKELY((--fuel & {pause}u) == 0) && (fuel == 0 || !h->pause(ctx))) {{ w{target} |= act; act = 0; goto V_EVAC; }}\n\
                         goto VL{target}; }}",
                        pause = crate::jit::ctx::COOP_FUEL - 1,
                    );
                }
            }
            Op::Ret | Op::Exit => self.out.push_str("act &= ~m_; if (!act) goto V_NEXT;\n"),
            Op::Trap => {
                let _ = writeln!(self.out, "if (m_) return STATUS(ST_TRAP, {pc}ull, t0 + (u64)__builtin_ctz(m_));");
            }
            // A fence, or a barrier that is none of the plan's (`kind` sends only
            // `Kind::Control` operations here: the others never reach this arm).
            Op::Fence
            | Op::Bar { .. }
            | Op::Nop
            | Op::Nanosleep
            | crate::ir::frame_ops!()
            | crate::ir::register_ops!()
            | crate::ir::memory_access!()
            | crate::ir::calls!()
            | crate::ir::collectives!()
            | Op::Brx { .. }
            | Op::Tex(_)
            | Op::Mma(_)
            | Op::Cluster(_)
            | Op::Carry { .. } => self.out.push_str("if (m_) __atomic_thread_fence(__ATOMIC_SEQ_CST);\n"),
        }
        self.out.push_str("}\n");
    }

    /// A memory access (or other instruction with effects) for the lanes at it.
    fn lane_masked(&mut self, pc: u32, guard: Option<Guard>, op: &Op) {
        self.out.push_str("{\n");
        self.lane_mask(guard);
        self.out.push_str("if (m_) {\n");
        let lane_by_lane = |e: &mut Self, site: Option<usize>| {
            e.out.push_str(
                "LANES if (m_ >> l & 1) {\n\
                 const u64 t = t0 + l; u64 local = locals + t * local_len; (void)local;\n",
            );
            e.memory_or_op(pc, op, site);
            e.out.push_str("}\n");
        };
        if self.lane_contiguous(pc, op, &mut |e, site| lane_by_lane(e, site)).is_none() {
            lane_by_lane(self, None);
        }
        self.out.push_str("} }\n");
    }

    fn memory_or_op(&mut self, pc: u32, op: &Op, site: Option<usize>) {
        match op {
            Op::Ld { .. } | Op::St { .. } => self.memory_at(pc, op, site),
            Op::Atom { .. } | crate::ir::non_ld_st_atom_ops!() => self.op(pc, op),
        }
    }

    /// `V_EVAC`: the group ran out of fuel; its waiting lanes go to the scalar code, each to
    /// resume at its label with its live registers, and the phase goes on with the next group.
    fn evacuate(&mut self, plan: &Plan) {
        let _ = writeln!(self.out, "V_EVAC:\n{GO_EAGER}");
        for (i, &x) in plan.labels.iter().enumerate() {
            // Registers in the form they have at the label (`split.rs`).
            self.at = x;
            let k = self.resume_point(x, x);
            let _ = write!(self.out, "LANES if (w{x} >> l & 1) {{");
            for (r, &live) in plan.live[i].iter().enumerate() {
                if live {
                    let v = self.lane_value(r as u32);
                    let _ = write!(self.out, " frames[{}ull * n + t0 + l] = {v};", self.slot(r));
                }
            }
            let _ = writeln!(self.out, " states[t0 + l] = {k}u; }}\nhanded |= w{x}; w{x} = 0;");
        }
        self.out.push_str("to_scalar = 1; goto V_STOP;\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `out[tid.x] = v + n` where `v` is `k + 1` or `k * 2` by the parity of `tid.x`, after a
    /// loop of `k` turns that every lane runs alike, and `n` the turns of a loop of `tid.x`
    /// turns.
    const KERNEL: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out, .param .u32 k)
{
    .reg .pred %p<4>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    ld.param.u32 %r1, [k];
    mov.u32 %r2, %tid.x;
    and.b32 %r3, %r2, 1;
    setp.eq.s32 %p1, %r3, 0;
    @%p1 bra EVEN;
    add.s32 %r4, %r1, 1;
    bra JOIN;
EVEN:
    shl.b32 %r4, %r1, 1;
JOIN:
    mov.u32 %r5, 0;
ULOOP:
    add.s32 %r5, %r5, 1;
    setp.lt.u32 %p2, %r5, %r1;
    @%p2 bra ULOOP;
    mov.u32 %r6, 0;
VLOOP:
    add.s32 %r6, %r6, 1;
    setp.lt.u32 %p3, %r6, %r2;
    @%p3 bra VLOOP;
    add.s32 %r7, %r4, %r6;
    mul.wide.u32 %rd2, %r2, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r7;
    ret;
}
"#;

    /// The plan of `src`'s kernel and the registers the instructions whose text starts with
    /// each of `writers` write.
    fn plan_and_writes(src: &str, writers: &[&str]) -> (Plan, Vec<Vec<u32>>) {
        let p = crate::Program::from_ptx(src).expect("load");
        let f = p.funcs[0].as_ref().expect("decoded");
        let plan = Plan::of(f, &Liveness::of(f), Grouping::Rows).expect("a lane phase");
        let writes = writers
            .iter()
            .map(|w| {
                let mut defs = Vec::new();
                for (pc, inst) in f.code.iter().enumerate() {
                    if f.info[pc].text.trim_start().starts_with(w) {
                        uses_defs(&inst.op, f.nregs, &mut Vec::new(), &mut defs);
                    }
                }
                assert!(!defs.is_empty(), "no `{w}`");
                defs
            })
            .collect();
        (plan, writes)
    }

    #[test]
    fn registers_are_uniform_unless_lanes_can_differ_in_them() {
        let (plan, w) = plan_and_writes(
            KERNEL,
            &["ld.param.u32 %r1", "add.s32 %r4", "add.s32 %r5", "setp.lt.u32 %p2", "add.s32 %r6", "mov.u32 %r2"],
        );
        let uniform = |i: usize| w[i].iter().all(|&r| plan.uniform[r as usize]);
        assert!(uniform(0), "a parameter");
        assert!(!uniform(1), "written on one side of a branch on tid.x");
        assert!(uniform(2) && uniform(3), "a loop every lane runs alike");
        assert!(!uniform(4), "a loop of tid.x turns: lanes leave it at different turns, and read its count");
        assert!(!uniform(5), "tid.x");
    }

    #[test]
    fn lanes_wait_only_where_a_branch_can_split_them() {
        let (plan, w) = plan_and_writes(KERNEL, &["add.s32 %r4", "shl.b32 %r4"]);
        // Lanes parked at EVEN while the odd ones write %r4 (not live there: no keeping), and
        // at JOIN while the even ones do (live there: kept).
        let pc_of = |text: &str| {
            let p = crate::Program::from_ptx(KERNEL).expect("load");
            let f = p.funcs[0].as_ref().expect("decoded").clone();
            f.info.iter().position(|i| i.text.trim_start().starts_with(text)).expect("instruction") as u32
        };
        let r4 = w[0][0];
        assert!(!plan.protected(pc_of("add.s32 %r4"), r4), "lanes at EVEN write %r4 before reading it");
        assert!(plan.protected(pc_of("shl.b32 %r4"), r4), "lanes at JOIN read the %r4 they wrote");
        assert!(!plan.protected(pc_of("add.s32 %r5"), w[1][0]), "no lane waits in the uniform loop");
    }

    #[test]
    fn barriers_numbered_by_a_constant_split_the_lane_phase() {
        let barriers = |bar: &str| {
            let src = KERNEL.replace("    ret;", &format!("    {bar};\n    ret;"));
            let p = crate::Program::from_ptx(&src).expect("load");
            let f = p.funcs[0].as_ref().expect("decoded");
            Plan::of(f, &Liveness::of(f), Grouping::Rows)
                .map(|plan| plan.barriers.iter().map(|b| b.id).collect::<Vec<_>>())
        };
        assert_eq!(barriers("bar.sync 3"), Some(vec![3]));
        // Groups could wait at different barriers by the register: the scalar code's case.
        assert_eq!(barriers("bar.sync %r1"), None);
    }
}
