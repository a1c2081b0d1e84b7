//! The interpreter: warps of 32 lanes with a reconvergence stack, blocks of warps scheduled
//! cooperatively on one OS thread, blocks spread over a worker pool.
//!
//! One module per concept: the launch's grid (`grid`), a block (`block`), its scheduler
//! (`scheduler`), a warp's state and operands (`warp`, `special_registers`), memory access
//! (`memory`), calls (`calls`), built-in functions (`builtins`), mbarriers (`mbarrier`),
//! faults (`fault`), worker state kept between launches (`kept`), blocks that wait for blocks
//! not started (`spill`), the CPU time of a launch's seats (`seat_time`), and the instruction loop (`dispatch`), which hands each instruction to
//! its family's module: lane arithmetic (`arith`), memory instructions (`load_store`),
//! control flow (`control`), warp collectives and barriers (`collective`, `converge`),
//! textures (`tex`), matrix operations (`mma`), clusters (`cluster`).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crate::address_space::{FUNC_BASE, LOCAL_WINDOW, PARAM_HALF, PARAM_WINDOW, SHARED_WINDOW, WINDOW_SIZE};
use crate::device_launch::CdpFn;
use crate::error::{Fault, FaultKind, FaultReport, LoadError};
use crate::ir::*;
use crate::memory::{AllocCache, MemError, MemView, NO_CACHE};
use crate::semantics::arith::*;
use crate::semantics::atomic;
use crate::semantics::compare::*;
use crate::semantics::*;

mod arith;
mod block;
mod builtins;
mod calls;
mod cluster;
mod collective;
mod control;
mod converge;
mod coop_cores;
mod dispatch;
mod fault;
mod grid;
mod kept;
mod load_store;
mod mbarrier;
mod memory;
mod mma;
mod scheduler;
mod seat_time;
mod special_registers;
mod spill;
mod tex;
mod tier;
mod warp;

use block::*;
use dispatch::*;
use mbarrier::*;
use memory::*;
use scheduler::*;
use special_registers::*;
use warp::*;

pub(crate) use block::Block;
pub(crate) use block::fresh_shared;
pub(crate) use converge::sync_kind;
pub(crate) use fault::WarpResult;
pub(crate) use fault::{WarpFault, fault, oob, out_of_bounds, reported_source};
pub(crate) use grid::{KernelCost, Launch, kernel, over_time, run, run_grid, yield_point};
pub(crate) use kept::WorkerState;
pub(crate) use memory::{AtomicMemory, Target, aligned, in_window, le_read, le_write};
pub(crate) use scheduler::{Barriers, Yield};
pub(crate) use seat_time::SeatTime;
pub use special_registers::CLOCK_RATE_KHZ;
pub(crate) use spill::Claims;
pub(crate) use tex::{
    CachedObject, MAX_SOURCES, RESULT_SLOTS, TexContext, clamped_texels, execute_lane, execute_lanes,
    results as tex_results, sources as tex_sources,
};
pub(crate) use tier::{CompiledTier, Planar, Ran};
pub(crate) use warp::{Entry, State, Warp};
