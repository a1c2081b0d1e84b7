//! The per-worker context compiled code reads and writes, and the status word it returns.
//!
//! Compiled code addresses the leading `u64`/`u32` fields by their `offset_of!` offsets; the
//! Rust-only fields after them are touched by the slow-path helpers only.

use std::mem::offset_of;

use crate::error::FaultKind;
use crate::exec::CachedObject;
use crate::memory::{AllocCache, NO_CACHE};

/// A compiled kernel runs every ready thread of a block in turn. Each thread has a state word
/// (`u32`): the resume index in bits 0..24 (0: the start), the state in bits 24..28 (0 ready,
/// 1 waiting at a barrier, 2 done, 3 at a warp-collective operation) and the barrier id in bits
/// 28..32. A thread leaves with one of these codes (internally); only faults return at once,
/// as the low byte of the status word, with the pc in bits 8..40 and the thread index in bits
/// 40..64; a complete pass returns `ST_ALL`.
pub(crate) const ST_DONE: u64 = 0;
/// A memory fault (kind in [`Ctx::fault`]).
pub(crate) const ST_FAULT: u64 = 1;
/// A block barrier.
pub(crate) const ST_BAR: u64 = 2;
/// Out of fuel at a backward branch: let the other threads of the block run.
pub(crate) const ST_YIELD: u64 = 3;
/// `trap`, or `brx.idx` with an index outside its table.
pub(crate) const ST_TRAP: u64 = 4;
/// Every thread ran until it finished or stopped (see the state words).
pub(crate) const ST_ALL: u64 = 5;
/// At a warp-collective operation (state 3): performed by the runner over the warp's frames.
pub(crate) const ST_WARP: u64 = 6;

/// Backward branches a thread takes before it yields to the other threads of its block (so
/// spin-waits on other threads progress and a stopped launch is noticed).
pub(crate) const FUEL: u64 = 1 << 16;

/// The warp tier's fuel in a cooperative launch: its blocks take turns on the launch's cores
/// (`exec::yield_core`), and a block spinning at a grid barrier hands its core on only when
/// its fuel runs out. A full [`FUEL`] of `ld.acquire` spins is about a millisecond; a grid of
/// 128 blocks on one worker spent that once per block at each barrier (the kit's
/// `coop_groups`, grid sized for 16 cores: twice the CPU time of its 16-block grid). 4096
/// branches cost about as much as the hand-off itself.
pub(crate) const COOP_FUEL: u64 = 1 << 12;

/// Backward branches a group of the block tier's lane phase takes before its threads go to
/// the scalar code, which yields between threads (a thread spinning on another that only a
/// later lane or group would run). Every [`COOP_FUEL`] of them it pauses (`helpers::h_pause`):
/// a cooperative launch's block hands its core on there (a spin at a grid barrier waits for
/// blocks that need it), and a stopped or timed-out launch is noticed.
pub(crate) const LANE_FUEL: u64 = 1 << 20;

/// The fuel a warp starts with: [`COOP_FUEL`] in a cooperative launch, else [`FUEL`].
pub(crate) const fn fuel(cooperative: bool) -> u64 {
    if cooperative { COOP_FUEL } else { FUEL }
}

/// Special-register slots in [`Ctx::sregs`].
pub(crate) mod sr {
    pub const NTID: usize = 0;
    pub const CTAID: usize = 3;
    pub const NCTAID: usize = 6;
    pub const SMID: usize = 9;
    pub const NSMID: usize = 10;
    pub const DYN_SMEM: usize = 11;
    /// `%envreg0..31` (a cooperative grid's barrier workspace).
    pub const ENVREG: usize = 12;
    pub const COUNT: usize = ENVREG + 32;
}

/// What compiled code and its helpers share. One per worker thread, set up per block.
#[repr(C)]
#[derive(Debug)]
pub(crate) struct Ctx {
    /// Per global/generic access site of the kernel, the device base, the bound (see
    /// `compile/mem.rs`) and the host address of the allocation it hit last (`*mut [u64; 3]`; bound 0:
    /// none yet), so the inline check keeps hitting when a kernel streams through several
    /// arrays.
    pub sites: u64,
    /// The block's shared memory.
    pub shared: u64,
    pub shared_len: u64,
    /// The running thread's local memory (`local_len` bytes), inside `locals`.
    pub local: u64,
    pub local_len: u64,
    /// Every thread's local memory (`local_len` bytes each).
    pub locals: u64,
    /// The kernel parameter buffer.
    pub params: u64,
    pub params_len: u64,
    /// Device addresses of the module globals (`*const u64`).
    pub globals: u64,
    /// Non-zero when a slow-path helper faulted (kind in `fault`).
    pub faulted: u64,
    /// A helper's second result (the carry out of `h_carry`).
    pub scratch: u64,
    /// Threads that yielded / reached a barrier in the current pass (counted by compiled code).
    pub counts: [u64; 2],
    /// The barrier ids reached in the current pass, as bits.
    pub bar_ids: u64,
    /// Set by the runner when no thread waits at a barrier as it calls the compiled code: only
    /// then may the compiled code release a barrier itself.
    pub clean: u64,
    /// Set by compiled code when it released a barrier: threads in state 1 run.
    pub released: u64,
    /// Block and grid special registers (see [`sr`]).
    pub sregs: [u32; sr::COUNT],
    // --- Rust-only fields below ---
    /// Slots at `sites`.
    pub nsites: u64,
    /// The launch (`*const Launch<'_>`), for slow paths.
    pub launch: *const (),
    /// The fault a helper found.
    pub fault: Option<FaultKind>,
    /// Translation cache of the slow path.
    pub cache: AllocCache,
    /// The texture or surface object the worker's texture instructions looked up last
    /// (`jit::tex::h_tex`, `jit::tex::h_tex_lanes`), kept for the launch.
    pub tex_object: Option<CachedObject>,
}

impl Default for Ctx {
    fn default() -> Ctx {
        Ctx {
            sites: 0,
            shared: 0,
            shared_len: 0,
            local: 0,
            local_len: 0,
            locals: 0,
            params: 0,
            params_len: 0,
            globals: 0,
            faulted: 0,
            scratch: 0,
            counts: [0; 2],
            bar_ids: 0,
            clean: 0,
            released: 0,
            sregs: [0; sr::COUNT],
            nsites: 0,
            launch: std::ptr::null(),
            fault: None,
            cache: NO_CACHE,
            tex_object: None,
        }
    }
}

impl Ctx {
    /// Points the context at block `ctaid` of launch `l`, run by `worker`: the access-site
    /// slots, the block's shared memory, the launch's parameters and globals, the special
    /// registers; no fault pending.
    pub(crate) fn for_block(
        &mut self,
        l: &crate::exec::Launch<'_>,
        sites: &mut [[u64; 3]],
        shared: &mut [u8],
        ctaid: [u32; 3],
        worker: u32,
    ) {
        self.sites = sites.as_mut_ptr() as u64;
        self.nsites = sites.len() as u64;
        self.launch = (l as *const crate::exec::Launch<'_>).cast();
        self.shared = shared.as_mut_ptr() as u64;
        self.shared_len = shared.len() as u64;
        self.params = l.params.as_ptr() as u64;
        self.params_len = l.params.len() as u64;
        self.globals = l.globals.as_ptr() as u64;
        self.faulted = 0;
        self.fault = None;
        self.sregs[sr::NTID..sr::NTID + 3].copy_from_slice(&l.block);
        self.sregs[sr::CTAID..sr::CTAID + 3].copy_from_slice(&ctaid);
        self.sregs[sr::NCTAID..sr::NCTAID + 3].copy_from_slice(&l.grid);
        self.sregs[sr::SMID] = worker;
        self.sregs[sr::NSMID] = l.nworkers;
        self.sregs[sr::DYN_SMEM] = l.dyn_shared;
        self.sregs[sr::ENVREG..sr::ENVREG + 32].copy_from_slice(&l.envreg);
    }

    /// Records a fault for the compiled code to report.
    pub(crate) fn set_fault(&mut self, k: FaultKind) {
        self.fault = Some(k);
        self.faulted = 1;
    }
}

/// Byte offsets of the fields compiled code uses.
pub(crate) mod off {
    use super::*;
    pub const SITES: i32 = offset_of!(Ctx, sites) as i32;
    pub const SHARED: i32 = offset_of!(Ctx, shared) as i32;
    pub const SHARED_LEN: i32 = offset_of!(Ctx, shared_len) as i32;
    pub const LOCAL: i32 = offset_of!(Ctx, local) as i32;
    pub const LOCALS: i32 = offset_of!(Ctx, locals) as i32;
    pub const LOCAL_LEN: i32 = offset_of!(Ctx, local_len) as i32;
    pub const PARAMS: i32 = offset_of!(Ctx, params) as i32;
    pub const PARAMS_LEN: i32 = offset_of!(Ctx, params_len) as i32;
    pub const GLOBALS: i32 = offset_of!(Ctx, globals) as i32;
    pub const FAULTED: i32 = offset_of!(Ctx, faulted) as i32;
    pub const SCRATCH: i32 = offset_of!(Ctx, scratch) as i32;
    pub const SREGS: i32 = offset_of!(Ctx, sregs) as i32;
    pub const COUNTS: i32 = offset_of!(Ctx, counts) as i32;
    pub const BAR_IDS: i32 = offset_of!(Ctx, bar_ids) as i32;
    pub const CLEAN: i32 = offset_of!(Ctx, clean) as i32;
    pub const RELEASED: i32 = offset_of!(Ctx, released) as i32;
}
