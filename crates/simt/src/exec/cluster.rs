//! Thread block clusters (compute capability 9.0) on the interpreter.
//!
//! All blocks of a cluster run on one worker thread: their warps are scheduled cooperatively,
//! block after block, each block with its own shared memory and block barriers
//! (`run_cluster`), so distributed shared memory needs no sharing between OS threads. The
//! executing block's shared memory is swapped into `Block::shared`; the others wait in
//! `Block::peers`, indexed by rank.
//!
//! Shared::cluster addresses (and the generic shared window, `SHARED_WINDOW` + the same
//! value) encode the block: offsets below `1 << RANK_SHIFT` are the executing block's own
//! shared memory (every shared::cta address), and `(rank + 1) << RANK_SHIFT | offset` is
//! `offset` in the shared memory of block `rank` of the cluster. `mapa` to the block's own
//! rank gives the plain offset, so encoded addresses always name another block and the
//! warp-wide fast paths stay as they are outside clusters.
//!
//! The cluster barrier (`barrier.cluster.arrive` / `.wait`, `cluster.sync()`) is a split
//! barrier over all threads of the cluster: arriving marks the lanes in `Warp::cluster_arrived`;
//! a phase completes when every non-exited thread of the cluster has arrived (`release`),
//! which clears the marks and wakes the waiting warps. A wait whose lanes' phase already
//! completed (their marks are clear) does not stop. When no warp of the cluster can run and
//! the barrier cannot complete, the launch faults with a deadlock.

use super::*;

/// Bit position of the block-rank field of a shared::cluster address.
const RANK_SHIFT: u32 = 24;
/// The offset bits of a shared::cluster address.
const OFFSET_MASK: u64 = (1 << RANK_SHIFT) - 1;

/// Runs the blocks of the cluster whose first block is `origin` together on this worker.
pub(super) fn run_cluster(l: &Launch<'_>, origin: [u32; 3], worker: u32, pool: &mut Pool) -> Result<(), Fault> {
    let k = kernel(l, l.kernel);
    let n = l.cluster.iter().map(|&c| c.max(1) as usize).product::<usize>();
    let size = shared_size(l, k);
    let mut peers = std::mem::take(&mut pool.cluster_shared);
    peers.resize_with(n, Vec::new);
    for p in &mut peers {
        p.clear();
        p.resize(size, 0);
    }
    let mut warps = std::mem::take(&mut pool.cluster);
    warps.resize_with(n, Vec::new);
    for w in &mut warps {
        make_warps(l, k, w);
    }
    let mut blk = Block { l, ctaid: origin, shared: Vec::new(), worker, executed: 0, rank: 0, peers, tier_state: None };
    let r = schedule_cluster(l, &mut blk, &mut warps, origin);
    pool.executed += blk.executed;
    pool.cluster = warps;
    pool.cluster_shared = blk.peers;
    r
}

/// The block index of the block of rank `rank` in the cluster starting at `origin`.
fn ctaid_of(l: &Launch<'_>, origin: [u32; 3], rank: u32) -> [u32; 3] {
    let [cx, cy, _] = l.cluster.map(|c| c.max(1));
    [origin[0] + rank % cx, origin[1] + (rank / cx) % cy, origin[2] + rank / (cx * cy)]
}

/// Runs the warps of every block of a cluster until all finish; faults on deadlock.
fn schedule_cluster(
    l: &Launch<'_>,
    blk: &mut Block<'_, '_>,
    warps: &mut [Vec<Warp>],
    origin: [u32; 3],
) -> Result<(), Fault> {
    let n = warps.len();
    let mut bars: Vec<Barriers> = (0..n).map(|_| Barriers::new()).collect();
    let mut done = vec![false; n];
    // Consecutive rounds in which the warps that ran only failed mbarrier waits.
    let mut idle = 0u32;
    loop {
        let (mut ran, mut spun) = (false, false);
        for (r, (ws, bs)) in warps.iter_mut().zip(&mut bars).enumerate() {
            if done[r] {
                continue;
            }
            blk.enter(r as u32, ctaid_of(l, origin, r as u32));
            let s = step(blk, ws, bs, false);
            blk.leave();
            match s? {
                Step::Done => {
                    done[r] = true;
                    ran = true;
                }
                Step::Stopped => return Ok(()),
                Step::Ran => ran = true,
                Step::Spun => spun = true,
                Step::Blocked => {}
            }
        }
        if done.iter().all(|&d| d) {
            return Ok(());
        }
        if release(warps) || ran {
            idle = 0;
            continue;
        }
        // The first block still running: its warps spin, or wait at a barrier for good.
        let r = done.iter().position(|&d| !d).unwrap_or(0);
        let (ws, bs) = (&warps[r], &bars[r]);
        blk.enter(r as u32, ctaid_of(l, origin, r as u32));
        let f = if spun {
            idle += 1;
            (idle > SPIN_LIMIT).then(|| spin_deadlock(blk, ws))
        } else {
            Some(deadlock(l, blk, ws, bs))
        };
        blk.leave();
        if let Some(f) = f {
            return Err(f);
        }
    }
}

/// Completes the cluster barrier's phase when every non-exited thread of the cluster
/// (`blocks`: the warps of each block) has arrived: clears the arrivals and readies the
/// waiting warps. Whether it did.
pub(super) fn release<W: AsMut<[Warp]>>(blocks: &mut [W]) -> bool {
    let mut any = false;
    for ws in blocks.iter_mut() {
        for w in ws.as_mut().iter() {
            let live = w.valid & !w.exited;
            if live & !w.cluster_arrived != 0 {
                return false;
            }
            any |= live & w.cluster_arrived != 0;
        }
    }
    if !any {
        return false;
    }
    for ws in blocks.iter_mut() {
        for w in ws.as_mut().iter_mut() {
            w.cluster_arrived = 0;
            if w.state == State::Waiting(CLUSTER_BARRIER) {
                w.state = State::Ready;
            }
        }
    }
    true
}

/// The warp-wide fast path's space, unless some active lane's shared address names another
/// block of the cluster (only possible in a cluster of several blocks): then `None`, and
/// the accesses go lane by lane through [`Block::smem`].
#[inline(always)]
pub(super) fn local_only(
    b: &Block<'_, '_>,
    fast: Option<FastSpace>,
    addrs: &[u64; 32],
    mask: u32,
) -> Option<FastSpace> {
    if b.peers.is_empty() {
        return fast;
    }
    match fast {
        Some(FastSpace::Shared(win)) => {
            lanes(mask).all(|k| addrs[k].wrapping_sub(win) >> RANK_SHIFT == 0).then_some(FastSpace::Shared(win))
        }
        f => f,
    }
}

/// The value of cluster special register `r` in block `b`.
pub(super) fn sreg(b: &Block<'_, '_>, r: ClusterReg) -> u64 {
    let l = b.l;
    let cl = l.cluster.map(|c| c.max(1));
    let at = |v: [u32; 3], i: u8| u64::from(v.get(usize::from(i)).copied().unwrap_or(0));
    let pos = [0, 1, 2].map(|i| b.ctaid[i] % cl[i]);
    match r {
        ClusterReg::Ctaid(i) => at(pos, i),
        ClusterReg::Nctaid(i) => at(cl, i),
        ClusterReg::Id(i) => at([0, 1, 2].map(|d| b.ctaid[d] / cl[d]), i),
        ClusterReg::Nid(i) => at([0, 1, 2].map(|d| l.grid[d] / cl[d]), i),
        ClusterReg::Ctarank => u64::from(pos[0] + pos[1] * cl[0] + pos[2] * cl[0] * cl[1]),
        ClusterReg::Nctarank => u64::from(cl[0] * cl[1] * cl[2]),
        ClusterReg::IsExplicit => u64::from(l.explicit_cluster),
    }
}

impl Block<'_, '_> {
    /// Makes block `rank` (at `ctaid`) of the cluster the executing one.
    fn enter(&mut self, rank: u32, ctaid: [u32; 3]) {
        if let Some(p) = self.peers.get_mut(rank as usize) {
            std::mem::swap(&mut self.shared, p);
        }
        self.rank = rank;
        self.ctaid = ctaid;
    }

    /// Puts the executing block's shared memory back among the cluster's.
    fn leave(&mut self) {
        if let Some(p) = self.peers.get_mut(self.rank as usize) {
            std::mem::swap(&mut self.shared, p);
        }
    }

    /// The shared memory and offset shared::cluster address `a` refers to (an empty buffer
    /// and `a` itself for a rank outside the cluster, so the access faults as out of bounds
    /// at the address the thread used, as the warp tier reports it).
    #[inline]
    pub(super) fn smem(&self, a: u64) -> (&[u8], u64) {
        match self.block_of(a) {
            None => (&self.shared, a),
            Some(r) => match self.peers.get(r) {
                Some(p) => (&p[..], a & OFFSET_MASK),
                // No such block: the fault reports the whole address.
                None => (&[][..], a),
            },
        }
    }

    /// [`Block::smem`], writable.
    #[inline]
    pub(super) fn smem_mut(&mut self, a: u64) -> (&mut [u8], u64) {
        match self.block_of(a) {
            None => (&mut self.shared, a),
            Some(r) => match self.peers.get_mut(r) {
                Some(p) => (&mut p[..], a & OFFSET_MASK),
                None => (&mut [][..], a),
            },
        }
    }

    /// Whether shared-window offset `a` is the executing block's own shared memory (what
    /// `isspacep.shared::cta` answers: false for another block's, which an H200 answers so for
    /// an address from `cluster.map_shared_rank`: tests/program-diff/cluster_intrinsics.cu).
    pub(super) fn owns_shared(&self, a: u64) -> bool {
        self.block_of(a).is_none()
    }

    /// The rank of the other block whose shared memory `a` (a shared::cluster address)
    /// names, or `None` for the executing block's own.
    #[inline(always)]
    fn block_of(&self, a: u64) -> Option<usize> {
        let r = a >> RANK_SHIFT;
        if r == 0 || r - 1 == u64::from(self.rank) { None } else { Some((r - 1) as usize) }
    }

    /// The shared memory an atomic at `at` (in `space`) reaches, and `at` rewritten to the
    /// matching offset there (shared::cluster addresses of other blocks lose their rank).
    pub(super) fn atom_target(&mut self, space: Space, at: u64) -> (&mut [u8], u64) {
        if let Target::Shared(s) = Warp::classify(space, at)
            && s >> RANK_SHIFT != 0
        {
            let (buf, _) = self.smem_mut(s);
            // No such block (an empty buffer): the fault reports the address the thread used.
            let off = if buf.is_empty() { at } else { at - (s & !OFFSET_MASK) };
            return (buf, off);
        }
        (&mut self.shared, at)
    }
}

/// Checks the destination `addr` (in `space`) of an `st.async`/`red.async` of `total` bytes
/// before the shared-memory accesses check its bounds: a generic address must be in the
/// shared window (anything else is an illegal address, as outside every space), and the
/// access aligned to its whole size (PTX requires vector accesses aligned to the vector).
fn async_dest(space: Space, addr: u64, total: u32, lane: usize) -> WarpResult<()> {
    if space == Space::Generic && addr.wrapping_sub(SHARED_WINDOW) >= WINDOW_SIZE {
        return Err(oob("shared::cluster", addr, total, lane));
    }
    if !aligned(addr, total) {
        return Err(fault(FaultKind::Memory(MemError::Misaligned { addr, size: total }), lane as u32));
    }
    Ok(())
}

impl Warp {
    /// Executes cluster instruction `op` (all but a `barrier.cluster.wait` that must stop)
    /// for the lanes of `emask`.
    pub(super) fn cluster_op(&mut self, b: &mut Block<'_, '_>, op: &ClusterOp, emask: u32) -> WarpResult<()> {
        let mut a = [0u64; 32];
        let mut r = [0u64; 32];
        match *op {
            ClusterOp::Arrive => self.cluster_arrived |= emask,
            // The lanes' phase already completed.
            ClusterOp::Wait => {}
            ClusterOp::Mapa { d, a: sa, rank, generic } => {
                let mut ranks = [0u64; 32];
                self.fetch(b, sa, &mut a);
                self.fetch(b, rank, &mut ranks);
                let own = u64::from(b.rank);
                for k in lanes(emask) {
                    let win = if generic && a[k].wrapping_sub(SHARED_WINDOW) < WINDOW_SIZE { SHARED_WINDOW } else { 0 };
                    let off = a[k].wrapping_sub(win) & OFFSET_MASK;
                    let rk = ranks[k] & 0xffff_ffff;
                    r[k] = win + if rk == own { off } else { (rk + 1) << RANK_SHIFT | off };
                }
                write_masked(self.reg_mut(d)?, &r, emask);
            }
            ClusterOp::Getctarank { d, a: sa, generic } => {
                self.fetch(b, sa, &mut a);
                for k in lanes(emask) {
                    let s = if generic { a[k].wrapping_sub(SHARED_WINDOW) } else { a[k] };
                    r[k] = b.block_of(s & 0xffff_ffff).map_or(u64::from(b.rank), |x| x as u64);
                }
                write_masked(self.reg_mut(d)?, &r, emask);
            }
            ClusterOp::IsSharedCluster { d, a: sa } => {
                self.fetch(b, sa, &mut a);
                map1(&a, &mut r, |x| u64::from(x.wrapping_sub(SHARED_WINDOW) < WINDOW_SIZE));
                write_masked(self.reg_mut(d)?, &r, emask);
            }
            // Asynchronous stores and reductions complete at issue: the data lands, then the
            // mbarrier is told (so a wait that sees the phase complete sees the data).
            ClusterOp::StAsync(ref st) => {
                let (ad, mb) = (self.addrs(b, st.addr), self.addrs(b, st.mbar));
                let mut vs = [[0u64; 32]; 4];
                for (v, s) in vs.iter_mut().zip(&st.vals) {
                    self.fetch(b, *s, v);
                }
                let n = st.vals.len().min(4);
                let size = u32::from(st.size);
                let total = size * n as u32;
                for k in lanes(emask) {
                    async_dest(st.space, ad[k], total, k)?;
                    for (i, v) in vs.iter().take(n).enumerate() {
                        let at = ad[k].wrapping_add(i as u64 * u64::from(size));
                        self.store(b, st.space, at, size, v[k], k)?;
                    }
                    mb_complete_tx(b, st.mbar_space, mb[k], u64::from(total), k)?;
                }
            }
            ClusterOp::RedAsync { op, size, addr, space, b: sb, mbar, mbar_space } => {
                let l = b.l;
                let (ad, mb) = (self.addrs(b, addr), self.addrs(b, mbar));
                self.fetch(b, sb, &mut a);
                let size = u32::from(size);
                for k in lanes(emask) {
                    async_dest(space, ad[k], size, k)?;
                    let (shared, at) = b.atom_target(space, ad[k]);
                    AtomicMemory { global: &l.mem, cache: &mut self.cache, shared }
                        .atom(space, op, size, at, a[k], 0)
                        .map_err(|e| fault(e, k as u32))?;
                    mb_complete_tx(b, mbar_space, mb[k], u64::from(size), k)?;
                }
            }
        }
        Ok(())
    }

    /// Destination register `d`.
    fn reg_mut(&mut self, d: Reg) -> WarpResult<&mut [u64; 32]> {
        self.regs.get_mut(d as usize).ok_or_else(|| bad_reg(1))
    }
}
