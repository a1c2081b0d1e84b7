//! A thread block: its shared memory and warps, set up from a worker's pool, and run.

use super::*;

pub(crate) struct Block<'a, 'l> {
    pub(crate) l: &'a Launch<'l>,
    pub(crate) ctaid: [u32; 3],
    pub(crate) shared: Vec<u8>,
    pub(crate) worker: u32,
    /// Warp-instructions executed (added to the launch total once per worker).
    pub(crate) executed: u64,
    /// The block's rank in its cluster.
    pub(crate) rank: u32,
    /// The shared memory of every block of a cluster larger than one block, by rank (the
    /// executing block's slot is empty: its memory is in `shared` while it runs).
    pub(crate) peers: Vec<Vec<u8>>,
    /// What compiled warps use (with a warp-tier kernel).
    pub(crate) tier_state: Option<Box<dyn std::any::Any>>,
}

pub(super) fn run_block(l: &Launch<'_>, ctaid: [u32; 3], worker: u32, pool: &mut Pool) -> Result<(), Fault> {
    let k = kernel(l, l.kernel);
    if !std::mem::replace(&mut pool.begun, true) {
        pool.begin(l);
    }
    let mut shared = std::mem::take(&mut pool.shared);
    fresh_shared(&mut shared, l, k);
    let tier_state = l.tier.map(|t| std::mem::take(&mut pool.tier_state).unwrap_or_else(|| t.worker_state()));
    let mut blk = Block { l, ctaid, shared, worker, executed: 0, rank: 0, peers: Vec::new(), tier_state };
    let warps = &mut pool.warps;
    // A warp-tier kernel's block after the first on this worker starts in compiled code,
    // each warp reset only if something needs its interpreter state (`CompiledTier::starts_fresh`).
    let fresh =
        k.local_size == 0 && l.tier.zip(blk.tier_state.as_deref()).is_some_and(|(t, st)| t.starts_fresh(st, warps));
    if !fresh {
        make_warps(l, k, warps);
    }
    let r = schedule(l, &mut blk, warps, fresh);
    pool.shared = blk.shared;
    if blk.tier_state.is_some() {
        pool.tier_state = blk.tier_state;
    }
    pool.executed += blk.executed;
    // Rebuilt, not moved: `Ok` is then a tag, not a copy of the whole (large) result.
    match r {
        Ok(()) => Ok(()),
        Err(f) => Err(f),
    }
}

/// Makes `shared` the zeroed shared memory of a new block of the launch (kernel `k`), from
/// the previous block's of the same launch: a kernel that cannot write shared memory left it
/// zeroed, and one that can gets the static variables it names (`Func::shared_used`) and
/// the dynamic area zeroed. (A kernel's window may hold variables it does not name
/// (`decode::shared_layout`); bytes it reaches there, out of its variables' bounds, hold what
/// its previous block left, as undefined shared memory does on a GPU.)
pub(crate) fn fresh_shared(shared: &mut Vec<u8>, l: &Launch<'_>, k: &Func) {
    let size = shared_size(l, k);
    if shared.len() != size {
        shared.clear();
        shared.resize(size, 0);
    } else if k.writes_shared {
        match &k.shared_used {
            Some(ranges) => {
                for &(a, b) in ranges {
                    if let Some(bytes) = shared.get_mut(a as usize..(b as usize).min(size)) {
                        bytes.fill(0);
                    }
                }
                if let Some(dynamic) = shared.get_mut(k.shared_size as usize..) {
                    dynamic.fill(0);
                }
            }
            None => shared.fill(0),
        }
    }
}

/// The shared memory size of a block of the launch (the kernel's, dynamic, reserved).
pub(super) fn shared_size(l: &Launch<'_>, k: &Func) -> usize {
    let user = (k.shared_size + l.dyn_shared) as usize;
    if l.reserved_smem > 0 { user.next_multiple_of(128) + l.reserved_smem as usize } else { user }
}

/// Makes `warps` the warps of a block of the launch, ready to run the kernel from the start
/// (kept from the previous block, or launch, when the block's shape is the same).
pub(super) fn make_warps(l: &Launch<'_>, k: &Func, warps: &mut Vec<Warp>) {
    let nthreads = l.block[0] * l.block[1] * l.block[2];
    let nwarps = nthreads.div_ceil(32);
    if warps.len() != nwarps as usize || warps.iter().any(|w| w.block != l.block) {
        warps.clear();
        for w in 0..nwarps {
            let mut tid = [[0u32; 32]; 3];
            let mut valid = 0u32;
            for lane in 0..32 {
                let lin = w * 32 + lane;
                if lin < nthreads {
                    valid |= 1 << lane;
                }
                tid[0][lane as usize] = lin % l.block[0];
                tid[1][lane as usize] = (lin / l.block[0]) % l.block[1];
                tid[2][lane as usize] = lin / (l.block[0] * l.block[1]);
            }
            warps.push(Warp {
                id: w,
                func: l.kernel,
                regs: Vec::new(),
                params: Vec::new(),
                psize: 0,
                local_base: 0,
                local: vec![Vec::new(); 32],
                stack: Vec::new(),
                frames: Vec::new(),
                tid,
                valid,
                block: l.block,
                exited: 0,
                cache: NO_CACHE,
                state: State::Ready,
                bar_pc: 0,
                carry: 0,
                red: Vec::new(),
                stuck: (0, 0),
                backedges: 0,
                slept: false,
                split_seen: false,
                stack_top: [0; 32],
                stack_moved: false,
                forced: false,
                cluster_arrived: 0,
                floor: 0,
                interpreter_only: false,
                lanes: None,
                tex_object: None,
                planar_regs: Vec::new(),
                planar: false,
                local_grown: false,
                local_ptrs: Box::new([0; 32]),
            });
        }
    }
    for w in warps.iter_mut() {
        w.reset(l.kernel, k);
    }
}

/// Warps and shared memory kept by a worker from block to block (the thread layout is the
/// same for every block of a launch).
#[derive(Default)]
pub(super) struct Pool {
    pub(super) warps: Vec<Warp>,
    pub(super) shared: Vec<u8>,
    pub(super) executed: u64,
    /// The warps and shared memory of the blocks of a cluster (`exec/cluster.rs`).
    pub(super) cluster: Vec<Vec<Warp>>,
    pub(super) cluster_shared: Vec<Vec<u8>>,
    /// The warp tier's per-worker state, kept across blocks (and launches: `begin`).
    pub(super) tier_state: Option<Box<dyn std::any::Any>>,
    /// The kernel, block shape and compiled tier `warps` and `tier_state` are set up for.
    made_for: Option<LaunchKey>,
    /// Whether the launch running now has checked `made_for` (`begin`).
    begun: bool,
}

/// What the warps and compiled-tier state a worker keeps are set up for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct LaunchKey {
    /// The program (`Launch::program`, unique in the process) and its kernel.
    program: u64,
    kernel: u32,
    block: [u32; 3],
    /// The compiled tier's address (0: none), the same for the program's life.
    tier: usize,
}

impl Pool {
    /// Sets the pool up for launch `l`, at its first block on this worker: warps and a
    /// compiled tier's state set up for the same kernel, block shape and tier stay (so that
    /// the first block may start in compiled code without resetting them, as later blocks
    /// of a launch do), with only what named the last launch forgotten; anything else is
    /// forgotten whole.
    fn begin(&mut self, l: &Launch<'_>) {
        let tier = l.tier.map_or(0, |t| std::ptr::from_ref(t).cast::<()>() as usize);
        let key = LaunchKey { program: l.program, kernel: l.kernel, block: l.block, tier };
        if self.made_for == Some(key) {
            if let (Some(t), Some(state)) = (l.tier, self.tier_state.as_deref_mut()) {
                t.new_launch(state);
            }
            return;
        }
        for w in &mut self.warps {
            w.recycle();
        }
        self.tier_state = None;
        self.made_for = Some(key);
    }
}

impl WorkerState for Pool {
    fn recycle(&mut self) {
        for w in &mut self.warps {
            w.new_launch();
        }
        // A fresh block's shared memory is zeroed only where its kernel writes it
        // (`fresh_shared`): the last launch's kernel may have written elsewhere.
        self.shared.clear();
        self.executed = 0;
        self.cluster.clear();
        self.cluster_shared.clear();
        // (The rest depends on the next launch's kernel: `begin`.)
        self.begun = false;
    }

    fn held_bytes(&self) -> usize {
        let clusters = self.cluster.iter().flatten().map(Warp::held_bytes).sum::<usize>()
            + self.cluster_shared.iter().map(Vec::capacity).sum::<usize>();
        self.warps.iter().map(Warp::held_bytes).sum::<usize>() + self.shared.capacity() + clusters
    }
}
