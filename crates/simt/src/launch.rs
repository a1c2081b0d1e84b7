//! What a launch is given and what it reports: grid and block dimensions ([`Dim3`]), launch
//! options, the kernel parameter buffer, the engine that runs a program's kernels and the tier
//! that ran a launch's blocks. The crate root's `Program` takes and reports them (and re-exports
//! them); the engines below it never name the root.

use std::time::Duration;

use crate::env;
use crate::memory::DevicePtr;

/// Grid or block dimensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dim3 {
    /// x.
    pub x: u32,
    /// y.
    pub y: u32,
    /// z.
    pub z: u32,
}

impl Dim3 {
    /// `(x, y, z)`.
    pub const fn new(x: u32, y: u32, z: u32) -> Dim3 {
        Dim3 { x, y, z }
    }

    /// `(x, 1, 1)`.
    pub const fn x(x: u32) -> Dim3 {
        Dim3 { x, y: 1, z: 1 }
    }

    pub(crate) fn arr(self) -> [u32; 3] {
        [self.x, self.y, self.z]
    }
}

impl From<u32> for Dim3 {
    fn from(x: u32) -> Dim3 {
        Dim3::x(x)
    }
}

/// What a launch did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaunchStats {
    /// Blocks run.
    pub blocks: u64,
    /// Warp-instructions executed (interpreter; 0 when the kernel ran compiled).
    pub warp_instructions: u64,
    /// Worker threads used.
    pub workers: u32,
    /// Wall-clock time of the grid (not of the grids it launched from device code).
    pub elapsed: Duration,
    /// What ran the kernel's blocks (under `Engine::Jit`, while the other compiled tier is
    /// tried on a slice of a launch's first blocks, what ran the rest).
    pub tier: Tier,
    /// Device `printf` output, in order of execution (blocks may interleave), at most
    /// CUDA's default printf FIFO size (1 MiB; later output is dropped, as on CUDA).
    pub printf_output: Vec<u8>,
}

/// Which engine runs a program's kernels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// The warp interpreter (`exec/`): runs everything.
    Interp,
    /// The compiled tier chosen for the kernel (the warp tier or the per-thread JIT:
    /// `jit/tiering.rs`) where it compiles and is expected to run faster than the interpreter,
    /// else the interpreter; for a kernel the block tier runs 16 threads at a time, the block
    /// tier once its background compile is done and slices of launches ran faster on it,
    /// while it runs blocks as fast as the tier it replaced (`block_tier`). (Kernels dense in
    /// warp-collective operations, where every thread would stop at each one, run on the
    /// interpreter.)
    Jit,
    /// The per-thread JIT wherever the kernel compiles, else the interpreter (for testing it).
    JitAll,
    /// The warp tier for every kernel it compiles (warps moving to the interpreter where
    /// it does not), else the interpreter (for testing the warp tier).
    Warp,
    /// The block tier (`block_tier/`: a kernel compiled to C, a whole block per call)
    /// wherever it compiles the kernel, compiled at the first launch, else the interpreter
    /// (for testing the block tier).
    Block,
}

/// What ran a launch's blocks (the engine's choice: `Engine`, `jit/tiering.rs`). On the
/// compiled tiers, instructions they do not compile still run on the interpreter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tier {
    /// The interpreter.
    Interpreter,
    /// The per-thread JIT.
    ThreadJit,
    /// The warp tier (a warp at a time, in SIMD vectors).
    WarpJit,
    /// The block tier (a whole block per call of C-compiled code).
    Block,
}

impl Engine {
    /// The engine `CUPRITE_ENGINE` selects (`interp`, `jit`, `jit-all`, `warp` or `block`;
    /// default `jit`).
    pub fn from_env() -> Engine {
        match env::engine().as_deref() {
            Some("interp") => Engine::Interp,
            Some("jit-all") => Engine::JitAll,
            Some("warp") => Engine::Warp,
            Some("block") => Engine::Block,
            _ => Engine::Jit,
        }
    }
}

/// How a launch runs (see [`crate::Program::launch_with`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LaunchOptions {
    /// A cooperative launch (`cudaLaunchCooperativeKernel`): all blocks are resident at once
    /// and `cooperative_groups::this_grid().sync()` works (its barrier workspace is provided
    /// through `%envreg1`/`%envreg2`). The caller limits the grid to what may be co-resident.
    pub cooperative: bool,
    /// How deep in dynamic parallelism this grid is (0: launched by the host; device-side
    /// launches run at their parent's depth + 1, at most 24 levels as on CUDA).
    pub depth: u32,
    /// Thread block cluster dimensions (`cudaLaunchAttributeClusterDimension`); `None`: the
    /// kernel's `.reqnctapercluster`, else clusters of one block. The grid must be a multiple
    /// of them. The blocks of a cluster run together on one worker thread, with distributed
    /// shared memory and the cluster barrier.
    pub cluster: Option<Dim3>,
    /// Blocks of this launch a GPU holds at once (`cudaOccupancyMaxActiveBlocksPerMultiprocessor`
    /// times the multiprocessors: the runtime's occupancy rule, which knows the kernel's
    /// registers); `None`: no limit. A block that waits for blocks of its grid not started yet
    /// starts threads for at most these (`exec/spill.rs`).
    pub resident_blocks: Option<u64>,
}

/// The execution configuration of a launch: its shape, dynamic shared memory and options
/// (what `<<<grid, block, dynamic_shared>>>` and the launch attributes say).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaunchConfig {
    /// Blocks in the grid.
    pub grid: Dim3,
    /// Threads in a block.
    pub block: Dim3,
    /// Dynamic shared memory per block, in bytes.
    pub dynamic_shared: u32,
    /// How the launch runs.
    pub opts: LaunchOptions,
}

/// Packs kernel arguments as CUDA does: each at its natural alignment.
#[derive(Debug, Clone, Default)]
pub struct Params {
    bytes: Vec<u8>,
}

impl Params {
    /// An empty parameter buffer.
    pub fn new() -> Params {
        Params::default()
    }

    fn push(&mut self, b: &[u8]) -> &mut Params {
        let a = b.len().max(1);
        while !self.bytes.len().is_multiple_of(a) {
            self.bytes.push(0);
        }
        self.bytes.extend_from_slice(b);
        self
    }

    /// Appends a 32-bit integer.
    pub fn u32(&mut self, v: u32) -> &mut Params {
        self.push(&v.to_le_bytes())
    }

    /// Appends a signed 32-bit integer.
    pub fn i32(&mut self, v: i32) -> &mut Params {
        self.push(&v.to_le_bytes())
    }

    /// Appends a 64-bit integer.
    pub fn u64(&mut self, v: u64) -> &mut Params {
        self.push(&v.to_le_bytes())
    }

    /// Appends an f32.
    pub fn f32(&mut self, v: f32) -> &mut Params {
        self.push(&v.to_le_bytes())
    }

    /// Appends an f64.
    pub fn f64(&mut self, v: f64) -> &mut Params {
        self.push(&v.to_le_bytes())
    }

    /// Appends a device pointer.
    pub fn ptr(&mut self, p: DevicePtr) -> &mut Params {
        self.u64(p.0)
    }

    /// The packed bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}
