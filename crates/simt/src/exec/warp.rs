//! A warp's state: its registers, reconvergence stack, call frames and lanes, and how an
//! instruction's operands are read from it.

use super::*;

#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    pub(crate) pc: u32,
    pub(crate) rpc: u32,
    pub(crate) mask: u32,
    /// The first entry of a called function's frame.
    pub(crate) base: bool,
    /// Parked at a `bar.warp.sync` (at `pc`) until the other lanes of its mask arrive.
    pub(crate) wait: bool,
}

#[derive(Debug)]
pub(crate) struct Frame {
    pub(super) func: u32,
    pub(super) regs: Vec<[u64; 32]>,
    pub(super) params: Vec<u8>,
    pub(super) psize: u32,
    pub(super) local_base: u64,
    pub(super) call_mask: u32,
    pub(super) rets: Vec<(u32, u32, u32)>,
    /// The caller's `alloca` stack tops, restored on return (which frees the callee's).
    pub(super) stack_top: [u64; 32],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    Ready,
    Waiting(u32),
    Done,
}

#[derive(Debug)]
pub(crate) struct Warp {
    pub(crate) id: u32,
    pub(crate) func: u32,
    pub(crate) regs: Vec<[u64; 32]>,
    pub(crate) params: Vec<u8>,
    pub(crate) psize: u32,
    pub(crate) local_base: u64,
    pub(crate) local: Vec<Vec<u8>>,
    pub(crate) stack: Vec<Entry>,
    pub(crate) frames: Vec<Frame>,
    pub(crate) tid: [[u32; 32]; 3],
    pub(crate) valid: u32,
    /// The block shape `tid`, `valid` and `lanes` are made for.
    pub(crate) block: [u32; 3],
    pub(crate) exited: u32,
    pub(crate) cache: AllocCache,
    pub(crate) state: State,
    /// pc of the last barrier (for deadlock reports).
    pub(crate) bar_pc: u32,
    /// CC.CF of every lane (extended-precision arithmetic).
    pub(crate) carry: u32,
    /// The `bar.red` instructions waiting for the barrier: each one's reduction, destination
    /// register, executing lanes and the lanes among them whose predicate holds (several when
    /// the warp's lanes reached it on different paths, `converge.rs`).
    pub(crate) red: Vec<(BarRed, u32, u32, u32)>,
    /// The top path at the last preemption (`top_path`) and how many preemptions in a row found
    /// it there.
    pub(crate) stuck: (u64, u32),
    /// Backward branches taken since the warp last gave way (`give_way`): counted within one
    /// slice, or across slices in a kernel whose warps run interleaved, so its spin loops give
    /// way (and lock loops split) as anywhere else.
    pub(crate) backedges: u32,
    /// The warp last gave way at a `nanosleep`: `run` keeps counting `backedges`.
    pub(crate) slept: bool,
    /// Whether `split_join` has run in this warp (its program spins on its own lanes).
    pub(crate) split_seen: bool,
    /// Per lane: the end of the `alloca`ted part of its local memory in the current frame (0:
    /// nothing allocated, the frame ends at `local_base + local_size`).
    pub(crate) stack_top: [u64; 32],
    /// Whether an `alloca` or `stackrestore` moved a lane's `stack_top` since the last
    /// `reset` (which zeroes them only then).
    pub(crate) stack_moved: bool,
    /// The top path was parked at a warp-synchronizing instruction that the lanes it waits
    /// for can never reach: it performs it with the lanes that arrived (`converge.rs`).
    pub(crate) forced: bool,
    /// Lanes that arrived at the cluster barrier in its current phase (`exec/cluster.rs`).
    pub(crate) cluster_arrived: u32,
    /// `run` returns once the stack is shallower than this (a compiled tier running one instruction on the interpreter).
    pub(crate) floor: usize,
    /// `%tid.x/y/z` and `%laneid` of each lane as registers in a compiled tier's layout, and
    /// the lanes' shape: made by the tier when it first runs the warp (the warp tier's
    /// `entry::lane_tables`).
    pub(crate) lanes: Option<Box<[Planar; 6]>>,
    /// The texture or surface object this warp looked up last (`exec/tex.rs`).
    pub(crate) tex_object: Option<super::tex::CachedObject>,
    /// The registers in the warp tier's layout (`Planar`), authoritative while `planar`
    /// (`jit/warp/entry.rs` converts between the two layouts at the tiers' boundaries).
    pub(crate) planar_regs: Vec<Planar>,
    /// Whether `planar_regs`, not `regs`, holds the registers' values.
    pub(crate) planar: bool,
    /// Whether a call or `alloca` grew some lane's local memory past the kernel's frame
    /// since the last `reset` (which then shrinks it back).
    pub(crate) local_grown: bool,
    /// Each lane's local memory (host addresses, for compiled code; set at each compiled run,
    /// since calls on the interpreter grow the buffers and may move them).
    pub(crate) local_ptrs: Box<[u64; 32]>,
    /// The warp spun on a diverged path in compiled code: the interpreter (which lets
    /// lanes on other paths run, see `give_way`) runs it for the rest of the block.
    pub(crate) interpreter_only: bool,
}

/// Splits the register file into the destination register `d` (mutable) and a getter for
/// every other register, so an operation can write its result in place.
#[inline(always)]
#[allow(clippy::type_complexity)]
pub(super) fn split_regs<'r>(
    regs: &'r mut [[u64; 32]],
    d: usize,
) -> Option<(&'r mut [u64; 32], impl Fn(usize) -> &'r [u64; 32] + 'r)> {
    // Decoding only emits register indices below `nregs`, so this never fails.
    let (lo, hi) = regs.split_at_mut_checked(d)?;
    let (dst, hi) = hi.split_first_mut()?;
    let (lo, hi): (&'r [[u64; 32]], &'r [[u64; 32]]) = (lo, hi);
    // Out-of-range sources cannot be decoded; reading them as the destination is harmless.
    Some((dst, move |i: usize| if i < d { &lo[i] } else { &hi[i - d - 1] }))
}

#[cold]
pub(super) fn bad_reg(mask: u32) -> WarpFault {
    fault(FaultKind::NotLoaded("register index out of range".into()), mask.trailing_zeros())
}

/// Source `s` as a lane array: another register, or `buf` (filled by `prefetch`). `None` when
/// `s` is the destination register `d` itself (the caller reads `dst`).
#[inline(always)]
pub(super) fn reg_or<'r>(
    s: Src,
    d: usize,
    get: &impl Fn(usize) -> &'r [u64; 32],
    buf: &'r [u64; 32],
) -> Option<&'r [u64; 32]> {
    match s {
        Src::Reg(i) if i as usize == d => None,
        Src::Reg(i) => Some(get(i as usize)),
        _ => Some(buf),
    }
}

impl Warp {
    /// Prepares the warp to run kernel `func` (`k`) from the start in a new block.
    pub(crate) fn reset(&mut self, func: u32, k: &Func) {
        self.func = func;
        // Registers keep the previous block's values (reading a register before writing it is
        // undefined in PTX); they are zeroed when first sized for the kernel.
        if self.regs.len() != k.nregs as usize {
            self.regs.clear();
            self.regs.resize(k.nregs as usize, [0; 32]);
        }
        // Per-lane parameter space (call arguments) keeps the previous block's bytes too, as
        // registers do: a `.param` is written before it is read.
        if self.params.len() != k.param_size as usize * 32 {
            self.params.clear();
            self.params.resize(k.param_size as usize * 32, 0);
        }
        self.psize = k.param_size;
        self.local_base = 0;
        if k.local_size > 0 || self.local_grown {
            for lb in &mut self.local {
                lb.clear();
                lb.resize(k.local_size as usize, 0);
            }
            self.local_grown = false;
        }
        self.stack.clear();
        self.stack.push(Entry { pc: 0, rpc: NO_PC, mask: self.valid, base: false, wait: false });
        self.frames.clear();
        self.exited = 0;
        self.state = State::Ready;
        self.bar_pc = 0;
        self.carry = 0;
        self.red.clear();
        self.stuck = (0, 0);
        self.split_seen = false;
        if std::mem::take(&mut self.stack_moved) {
            self.stack_top = [0; 32];
        }
        self.forced = false;
        self.cluster_arrived = 0;
        self.interpreter_only = false;
    }

    /// Forgets the allocations and the texture object the warp looked up: those of the
    /// launch that ran it (`exec/kept.rs`), which may be gone by the next.
    pub(crate) fn new_launch(&mut self) {
        self.cache = NO_CACHE;
        self.tex_object = None;
    }

    /// Forgets the kernel the warp ran: its registers, which a new warp has zeroed, its
    /// compiled tier's copy of the registers (sized for that kernel), and what
    /// [`Warp::new_launch`] forgets. `reset` does the rest.
    pub(crate) fn recycle(&mut self) {
        self.new_launch();
        self.regs.clear();
        self.params.clear();
        self.planar_regs.clear();
        self.planar = false;
        self.floor = 0;
        self.backedges = 0;
        self.slept = false;
        self.stack_top = [0; 32];
        self.stack_moved = false;
        // (`reset` then sizes every lane's local memory afresh, zeroed.)
        self.local_grown = true;
    }

    /// Heap bytes the warp holds.
    pub(crate) fn held_bytes(&self) -> usize {
        let lanes = self.local.iter().map(Vec::capacity).sum::<usize>();
        self.regs.capacity() * size_of::<[u64; 32]>()
            + self.planar_regs.capacity() * size_of::<Planar>()
            + self.params.capacity()
            + lanes
    }

    /// Fills `buf` with `s` unless `s` is a register (read in place by the caller).
    #[inline(always)]
    pub(super) fn prefetch(&self, b: &Block<'_, '_>, s: Src, buf: &mut [u64; 32]) {
        if !matches!(s, Src::Reg(_)) {
            self.fetch(b, s, buf);
        }
    }

    /// The value of `s` for every lane: the register itself, or `buf` filled with it.
    #[inline(always)]
    pub(super) fn src_ref<'s>(&'s self, b: &Block<'_, '_>, s: Src, buf: &'s mut [u64; 32]) -> &'s [u64; 32] {
        match s {
            Src::Reg(r) => &self.regs[r as usize],
            _ => {
                self.fetch(b, s, buf);
                buf
            }
        }
    }

    #[inline]
    pub(crate) fn fetch(&self, b: &Block<'_, '_>, s: Src, out: &mut [u64; 32]) {
        match s {
            Src::Reg(r) => *out = self.regs[r as usize],
            Src::Imm(v) => *out = [v; 32],
            Src::Global(g, off) => *out = [b.l.globals[g as usize].wrapping_add(off as u64); 32],
            Src::Local(o) => *out = [self.local_base + o; 32],
            Src::Sreg(r) => self.sreg(b, r, out),
        }
    }

    pub(super) fn sreg(&self, b: &Block<'_, '_>, r: Sreg, out: &mut [u64; 32]) {
        sreg_of(&self.tid, self.id, b, r, out);
    }
}

impl Warp {
    /// Removes `lanes` from the entries of the current frame (down to its base entry), or
    /// from every entry when `all`.
    pub(crate) fn remove_lanes(&mut self, lanes: u32, all: bool) {
        for e in self.stack.iter_mut().rev() {
            e.mask &= !lanes;
            if e.base && !all {
                break;
            }
        }
    }
}
