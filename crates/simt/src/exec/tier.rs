//! The hook through which a compiled tier runs a block's warps in place of the interpreter.
//!
//! The interpreter names no compiled tier: a launch passes one in (`Launch::tier`), and the
//! scheduler offers it each ready warp before running the warp itself. A tier runs warps on
//! the interpreter's own state (`Warp`: its registers, reconvergence stack, exited lanes), so
//! a warp moves between the two wherever the tier can start it; the tier may decline a warp
//! (the interpreter runs it) or run several warps of the block in one call. The warp tier
//! (`jit/warp/entry.rs`) is one.

use std::any::Any;

use super::*;

/// A register's 32 lanes in a compiled tier's layout: the low halves of the lanes' `u64`
/// values (`[0..32]`), then the high halves (`[32..64]`). A 32-bit value is then one vector
/// load or store of four lanes, where the interpreter's `[u64; 32]` needs two and a narrowing.
/// A warp carries its registers in this layout too while a tier runs it (`Warp::planar_regs`).
pub(crate) type Planar = [u32; 64];

/// What one compiled run of the warps of a block from warp `from` on did
/// (`CompiledTier::run`).
#[derive(Debug)]
pub(crate) struct Ran {
    /// The warp that returned a status (the number of warps when none did). Every other
    /// warp from `from` on may have stopped at a barrier or finished there: their states and
    /// barrier arrivals are already applied.
    pub end: usize,
    /// Whether some warp stopped at a barrier or finished (the pass made progress).
    pub stops: bool,
    /// The warp that stopped with a status of its own (at `end`): its yield, or `None` when
    /// the interpreter should run it now from where compiled code left it.
    pub last: Option<Option<WarpResult<Yield>>>,
    /// Every warp of a fresh block finished in compiled code (their interpreter states are
    /// left as they were: the block is done).
    pub finished: bool,
}

/// A compiled tier that may run the warps of a block in place of the interpreter.
pub(crate) trait CompiledTier: Sync {
    /// A worker's state for this tier, made for its first block and kept across the blocks
    /// of the launch it runs (`Block::tier_state`).
    fn worker_state(&self) -> Box<dyn Any>;

    /// Makes `state`, kept from a launch of the same kernel and block shape on this tier,
    /// ready for a new launch: what named the old launch (its memory's allocations, its
    /// blocks) goes; what belongs to the worker's warps stays.
    fn new_launch(&self, state: &mut dyn Any);

    /// Whether a block can start with every warp in compiled code without resetting the
    /// warps kept from the worker's previous block (`state` was set up for them).
    fn starts_fresh(&self, state: &dyn Any, warps: &[Warp]) -> bool;

    /// Runs the warps of block `blk` from warp `from` on, or declines (`None`: the
    /// interpreter runs warp `from`). `fresh`: the block's first run, as `starts_fresh` allowed.
    fn run(
        &self,
        warps: &mut [Warp],
        from: usize,
        blk: &mut Block<'_, '_>,
        bars: &mut Barriers,
        fresh: bool,
    ) -> Option<Ran>;

    /// Makes the interpreter's copy of warp `w`'s state current (before the interpreter runs
    /// it; `k`: the kernel).
    fn hand_back(&self, w: &mut Warp, k: &Func);
}
