//! The warp tier: a kernel compiled to native code that runs a whole warp at a time, each
//! instruction on all 32 lanes with SIMD vectors, on the interpreter's warp state (its
//! registers, in the planar layout `jit::warp::entry::Planar` while compiled code owns the warp,
//! and its reconvergence stack; glue in `jit/warp/entry.rs`).
//!
//! Because the state is the interpreter's, a warp moves freely between the two: compiled
//! code starts at any *entry* (the start, branch targets, reconvergence points, the
//! instruction after a branch, exit or barrier), runs until the fault, fuel or hand-back
//! that returns it, and hands the warp back to the interpreter at any instruction it does
//! not compile (calls, warp-synchronizing code on partial masks, ...). A warp that reaches a
//! block barrier or finishes switches to the next ready warp of the block (one `Glue` per
//! warp, chained), and a barrier the whole block reached is released here too. Non-control
//! instructions without a compiled form (neither vector code nor `lanewise.rs`'s helper) run
//! on the interpreter one at a time (`h_step`).
//! Results are the interpreter's bit for bit: compiled forms write the same lane values
//! (32-bit results zero-extended, canonical NaNs).
//!
//! Per basic block two copies are compiled: one for a converged warp (every live lane
//! active: register writes need no blending) and one for a diverged warp.
//!
//! - `mod.rs`: the glue structure, control flow (dispatch, branches, divergence, exits,
//!   barriers);
//! - `ops.rs`: lane-parallel arithmetic on vectors; `lanewise.rs`: the rest of the lane
//!   arithmetic, by the reference semantics in one helper call per warp; `mem.rs`: memory
//!   accesses, lane by lane;
//!   `tex.rs`: texture and surface instructions, through the interpreter's lane function;
//!   `collective.rs`: warp collectives (`shfl`, `vote`) of a converged warp.

mod affine;
mod collective;
pub(crate) mod entry;
mod lanewise;
mod mem;
mod ops;
mod tex;
mod uniform;

/// What the analyses' unit tests share.
#[cfg(test)]
mod test_util {
    use crate::analysis::live;
    use crate::ir::{Func, Reg};

    /// Kernel `name` of module `ptx`, decoded.
    pub(super) fn decoded(ptx: &str, name: &str) -> Func {
        let parsed = ptx::parse(ptx);
        let d = crate::decode::decode(&parsed.module, Some(ptx));
        d.funcs.into_iter().flatten().find(|f| f.name == name).expect("kernel decoded")
    }

    /// The register the instruction of `f` whose text starts with `text` writes.
    pub(super) fn dest_of(f: &Func, text: &str) -> Reg {
        let pc = f.info.iter().position(|i| i.text.starts_with(text)).expect("instruction");
        let (mut uses, mut defs) = (Vec::new(), Vec::new());
        live::uses_defs(&f.code[pc].op, f.nregs, &mut uses, &mut defs);
        defs[0]
    }
}

use std::collections::HashMap;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AbiParam, Block, BlockArg, InstBuilder, JumpTableData, MemFlagsData, SigRef, Type, Value, types,
};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::JITModule;
use cranelift_module::Module;

use super::ctx::Ctx;
use crate::exec::WarpFault;
use crate::float::FBin;
use crate::ir::flow::Flow;
use crate::ir::operands::Operand;
use crate::ir::*;

/// Why compiled code returned (bits 0..8 of its `u64` result; bits 8.. hold the index of
/// the warp it returned for, but with `Switched`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u64)]
pub(crate) enum ExitStatus {
    /// Out of fuel at a backward branch (to `Glue::pc`).
    Preempt = 2,
    /// A fault (`Glue::fault`, or `Ctx::fault` with lane `Glue::lane`) at `Glue::pc`.
    Fault = 3,
    /// The interpreter continues at `Glue::pc` with lanes `Glue::act`.
    Interp = 4,
    /// The warps run stopped as their glues' `state` says (barrier or end), and no later
    /// warp of the block was ready to switch to.
    Switched = 5,
}

/// What compiled code and the glue share for one run of a warp (`repr(C)`: compiled code
/// addresses the fields by offset).
#[repr(C)]
#[derive(Debug)]
pub(crate) struct Glue {
    /// The running path's lanes (in and out).
    pub act: u64,
    /// The warp's live lanes (valid, not exited).
    pub live: u64,
    /// The reconvergence pc of the top of the stack (the running path's).
    pub top_rpc: u64,
    /// Where to start (in), where the warp stopped (out).
    pub pc: u64,
    pub fuel: u64,
    /// A fault's lane, or a barrier's id.
    pub lane: u64,
    /// Each lane's local memory (`*const [u64; 32]` of host addresses).
    pub local: u64,
    /// `%tid.x/y/z` and `%laneid` per lane, as registers (`*const [Planar; 4]`).
    pub lanes: u64,
    /// The warp's registers (`*mut Planar`): where compiled code switches to this warp.
    pub regs: u64,
    /// The glue of the next warp of the block that compiled code may switch to (0: none).
    pub next: u64,
    /// [`GLUE_READY`], [`GLUE_BARRIER`], [`GLUE_DONE`], or 0 (none of them).
    pub state: u64,
    /// The warp's index in the block (returned in bits 8.. of every status but `Switched`).
    pub index: u64,
    /// The first glue of the chain when it holds every warp of the block (0: it does not):
    /// compiled code then releases a block barrier every live warp reached itself.
    pub head: u64,
    // --- Rust-only fields below ---
    /// The running warp and block (`jit/warp/entry.rs`).
    pub running: *mut (),
    pub fault: Option<WarpFault>,
    /// The registers an instruction the interpreter runs for compiled code reads and
    /// writes (kept to reuse the buffers).
    pub scratch: (Vec<u32>, Vec<u32>),
    /// The warp's valid lanes (set with the fields that stay the same between runs).
    pub valid: u64,
    /// The warp started a block in compiled code without being reset: its interpreter state
    /// is the previous block's until `entry.rs` resets it (where something reads it).
    pub fresh: bool,
}

/// `Glue::state`: the warp is ready to run from `pc` with lanes `act`; compiled code
/// switching at a barrier or exit may start it.
pub(crate) const GLUE_READY: u64 = 1;
/// `Glue::state`: the warp stopped, converged, at block barrier `lane`; it continues at `pc`.
pub(crate) const GLUE_BARRIER: u64 = 2;
/// `Glue::state`: every lane of the warp exited.
pub(crate) const GLUE_DONE: u64 = 3;

impl Default for Glue {
    fn default() -> Glue {
        Glue {
            act: 0,
            live: 0,
            top_rpc: 0,
            pc: 0,
            fuel: 0,
            lane: 0,
            local: 0,
            lanes: 0,
            regs: 0,
            next: 0,
            state: 0,
            index: 0,
            head: 0,
            running: std::ptr::null_mut(),
            fault: None,
            scratch: (Vec::new(), Vec::new()),
            valid: 0,
            fresh: false,
        }
    }
}

/// Byte offsets of the glue fields compiled code uses.
mod goff {
    use super::Glue;
    use std::mem::offset_of;
    pub const ACT: i32 = offset_of!(Glue, act) as i32;
    pub const LIVE: i32 = offset_of!(Glue, live) as i32;
    pub const TOP_RPC: i32 = offset_of!(Glue, top_rpc) as i32;
    pub const PC: i32 = offset_of!(Glue, pc) as i32;
    pub const FUEL: i32 = offset_of!(Glue, fuel) as i32;
    pub const LANE: i32 = offset_of!(Glue, lane) as i32;
    pub const LOCAL: i32 = offset_of!(Glue, local) as i32;
    pub const LANES: i32 = offset_of!(Glue, lanes) as i32;
    pub const REGS: i32 = offset_of!(Glue, regs) as i32;
    pub const NEXT: i32 = offset_of!(Glue, next) as i32;
    pub const STATE: i32 = offset_of!(Glue, state) as i32;
    pub const INDEX: i32 = offset_of!(Glue, index) as i32;
    pub const HEAD: i32 = offset_of!(Glue, head) as i32;
}

/// A compiled kernel: `fn(regs, glue, ctx) -> ExitStatus`.
pub(crate) type WarpFn = unsafe extern "C" fn(regs: *mut u64, g: *mut Glue, ctx: *mut Ctx) -> u64;

/// Owns the executable memory of a kernel compiled for the warp tier.
pub(crate) struct WarpCode {
    /// Kept only to own the code's memory.
    _module: JITModule,
    pub entry: WarpFn,
    /// Global/generic access sites (each with an allocation cache slot).
    pub sites: usize,
    /// Per pc, its index in the dispatch table (0: not an entry).
    index: Vec<u32>,
    /// The code's stack frame, in bytes (`fits_on_this_thread`).
    frame: usize,
    /// The function compiled, whose instructions the code points at (slow paths hand
    /// helpers an `&Op`): owned here, so they live as long as the code. (A background
    /// compile works on a copy of the program's function, which would otherwise be freed
    /// once it is done, leaving later launches' helpers reading freed memory.)
    _func: Func,
}

/// The stack the helpers compiled code calls (the interpreter's slow paths among them) may
/// need below its frame.
const STACK_MARGIN: usize = 512 << 10;

// SAFETY: after `finalize_definitions` the module is never touched again; it only owns the
// executable memory (and `index`, read-only), which compiled code reads from any thread.
unsafe impl Send for WarpCode {}
// SAFETY: as above.
unsafe impl Sync for WarpCode {}

impl std::fmt::Debug for WarpCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WarpCode").field("sites", &self.sites).finish()
    }
}

impl WarpCode {
    /// Whether this thread's stack has room for the code's frame and what the helpers it
    /// calls need below it (`STACK_MARGIN`). A frame overrunning the stack would write past
    /// its guard page, over other memory (Cranelift probes no stack), so on a thread without
    /// the room (one the program started, with a small stack) the interpreter runs the warps.
    pub(crate) fn fits_on_this_thread(&self) -> bool {
        crate::workers::stack_room().is_some_and(|room| room >= self.frame + STACK_MARGIN)
    }

    /// Whether compiled code can start at `pc`.
    pub(crate) fn is_entry(&self, pc: u32) -> bool {
        self.index.get(pc as usize).is_some_and(|&i| i != 0)
    }
}

/// Loops at most this long count as short (`preferred`).
const SHORT_LOOP: u32 = 32;

/// Whether the warp tier is expected to beat the per-thread JIT on `f`. The per-thread JIT
/// stops every thread at each warp collective and block barrier (~5 ns per thread and
/// stop) and runs each thread's loops to the end before the next thread starts; the warp tier
/// stops once per warp but spends more than the per-thread JIT on lone arithmetic (lanes live
/// in memory between blocks, not in machine registers). So: kernels with warp collectives;
/// kernels with a block barrier (tree reductions, tiled matmuls, shared-memory transposes),
/// where the stops dominate; short loops that are mostly memory accesses (a grid-stride SAXPY), where
/// one vector check and copy per warp beats 32 scalar accesses; grid-stride loops, where
/// a warp's accesses are side by side but one thread's lie a grid apart; and texture reads.
pub(crate) fn preferred(f: &Func) -> bool {
    let collective = f.code.iter().any(|i| exchanges_lanes(&i.op));
    // Loops: (backward branch, its body from the target to the branch).
    let loops = || {
        f.code.iter().enumerate().filter_map(|(pc, i)| match i.op.flow() {
            Flow::Jump(target) if (target as usize) <= pc => Some((i, &f.code[target as usize..=pc])),
            Flow::Jump(_) | Flow::Next | Flow::Table(_) | Flow::Leave => None,
        })
    };
    let short_loop =
        |pred: &dyn Fn(&[Inst]) -> bool| loops().any(|(_, body)| body.len() as u32 <= SHORT_LOOP + 1 && pred(body));
    // A block barrier: the per-thread JIT stops each thread there (in a loop, every
    // iteration: a tiled matmul's two barriers per tile ran 2.5x slower than on the warp
    // tier; a shared-memory transpose's one barrier, 1.15x).
    let barrier = f.code.iter().any(|j| matches!(j.op, Op::Bar { .. }));
    // Global accesses only: `-G` code reads and writes every variable in local memory.
    let memory_loop = short_loop(&|body| {
        let global = |s: &Space| matches!(s, Space::Global | Space::Generic);
        let mem = body
            .iter()
            .filter(|j| matches!(&j.op, Op::Ld { space, .. } | Op::St { space, .. } if global(space)))
            .count();
        mem * 4 >= body.len()
    });
    // A grid-stride loop (the kernel reads `%nctaid`; a short loop touches global memory):
    // the per-thread JIT runs each thread's whole loop in turn, so a thread's accesses lie a
    // grid apart, while a warp's lie side by side (the histogram's byte loads: 1.3x).
    let nctaid = f.code.iter().any(|i| {
        let mut reads = false;
        i.op.operands(&mut |o| reads |= matches!(o, Operand::Src(Src::Sreg(Sreg::Nctaid(_)))));
        reads
    });
    let grid_stride = nctaid
        && short_loop(&|body| {
            body.iter().any(|j| {
                matches!(
                    &j.op,
                    Op::Ld { space: Space::Global | Space::Generic, .. }
                        | Op::St { space: Space::Global | Space::Generic, .. }
                        | Op::Atom { space: Space::Global | Space::Generic, .. }
                )
            })
        });
    // A long loop every lane runs the same number of times (its branch tests values the
    // whole warp shares: an n-body's loop over all bodies): the warp tier keeps the body's
    // values in SIMD registers across lanes (n-body: 61 vs 90 ms on the per-thread JIT).
    let uniform_loop = || {
        let shared = uniform::uniform_regs(f);
        loops().any(|(b, body)| body.len() > UNIFORM_LOOP && b.guard.is_some_and(|g| shared[g.reg as usize]))
    };
    // Texture and surface instructions: a warp resolves the texture object, its level and
    // format once per instruction (`exec::tex::execute_lanes`), the per-thread JIT once per
    // thread (the kit's 8x8-block texture kernel: 0.37x the per-thread JIT's time per block).
    let texture = f.code.iter().any(|i| matches!(i.op, Op::Tex(_)));
    // A long kernel: the warp tier's code for it is large (~730 Cranelift instructions per
    // PTX instruction), slow to compile and, with single-pass registers, has a frame of
    // megabytes that its spills walk through, while a thread's work between its stops is long
    // enough that stopping each thread costs little (Rodinia particlefilter's likelihood
    // kernel, 3,754 instructions with its calls inlined: 8.5 s of CPU on the warp tier, 4.3 s
    // on the per-thread JIT, the whole program on one worker).
    let long = f.code.len() > LONG_KERNEL;
    collective || !long && (barrier || texture || memory_loop || grid_stride || uniform_loop())
}

/// Whether `f` calls a function: the warp tier hands each call to the interpreter
/// (`stays_compiled`), moving the warp's state there and back, which costs more than
/// interpreting the whole kernel (curand_poisson's `lgamma` in a loop of draws: 10.5 s on
/// the warp tier, 1.2 s on the interpreter; a `-G` build's calls of curand's functions: 1.68
/// against 0.52 s). `jit::Cache::warp_tier` leaves such a kernel to the other tiers.
pub(crate) fn calls(f: &Func) -> bool {
    f.code.iter().any(|i| matches!(i.op, Op::Call { .. } | Op::CallInd { .. }))
}

/// Whether `f` has a loop whose lanes may leave it at different trips: in the loop (from a
/// backward branch's target to the branch), a branch that goes back or leaves it, or a
/// return, under a predicate that differs between lanes (`uniform::uniform_regs`). The warp
/// tier runs such a loop until its last lane leaves: the kit's Collatz lengths ran 3x the
/// per-thread JIT's CPU time there, so the warp tier is not the rung below the block tier for
/// such a kernel (`jit::Cache::pick`).
pub(crate) fn divergent_loop(f: &Func) -> bool {
    let shared = uniform::uniform_regs(f);
    f.code.iter().enumerate().any(|(end, b)| match b.op.flow() {
        Flow::Jump(start) if (start as usize) <= end => {
            let body = start as usize..=end;
            f.code[body.clone()].iter().enumerate().any(|(k, j)| {
                let varying = j.guard.is_some_and(|g| !shared.get(g.reg as usize).copied().unwrap_or(false));
                varying
                    && match j.op.flow() {
                        Flow::Jump(t) => start as usize + k == end || !body.contains(&(t as usize)),
                        Flow::Leave => true,
                        Flow::Next | Flow::Table(_) => false,
                    }
            })
        }
        Flow::Jump(_) | Flow::Next | Flow::Table(_) | Flow::Leave => false,
    })
}

/// Kernels longer than this (PTX instructions) without warp collectives prefer the per-thread
/// JIT (`preferred`).
const LONG_KERNEL: usize = 2000;

/// Whether `op` is a warp collective that exchanges values between lanes (shuffle, vote,
/// reduction, match) or waits for them (`bar.warp.sync`): the per-thread JIT stops each thread
/// there, the warp tier meets once per warp (`preferred`). `activemask` and `elect` only read
/// which lanes run and do not count. Every variant is named, so a new one is decided here.
fn exchanges_lanes(op: &Op) -> bool {
    match op {
        Op::Shfl { .. } | Op::Vote { .. } | Op::Redux { .. } | Op::Match { .. } | Op::WarpSync { .. } => true,
        Op::Activemask { .. } | Op::Elect { .. } | crate::ir::non_collective_ops!() => false,
    }
}

/// Branches no lane took that compiled code continues past in SSA values, one after the
/// other (`WarpCodegen::fall_through`): a chain of guards (`if (i < n) v += in[i]; if (i + m < n)
/// ...`) then stores its registers once. Each level emits the blocks it continues into again.
const FALL_THROUGH_DEPTH: u32 = 3;

/// Loops at least this long with a warp-uniform exit choose the warp tier (`preferred`).
const UNIFORM_LOOP: usize = 16;

/// Loads in one basic block from which a kernel counts as unrolled (see `unrolled`).
const UNROLLED_LOADS: usize = 16;

/// Whether some basic block of `f` holds at least `UNROLLED_LOADS` loads: an unrolled loop
/// of loads and arithmetic (a tiled matmul's inner product, a many-tap stencil). Such kernels
/// are compiled without Cranelift's optimizer: its egraph places pure arithmetic at its last
/// use, so in a long block every loaded operand stays live until the end of the block and
/// is spilled (the tiled matmul ran 1.7x slower); without it, the code keeps program order.
/// Elsewhere the optimizer wins (the shuffle scan is 1.3x slower without it).
fn unrolled(f: &Func) -> bool {
    let (leader, _) = entries(f);
    let mut loads = 0;
    for (inst, &start) in f.code.iter().zip(&leader) {
        if start {
            loads = 0;
        }
        if matches!(inst.op, Op::Ld { .. }) {
            loads += 1;
            if loads >= UNROLLED_LOADS {
                return true;
            }
        }
    }
    false
}

/// Per pc (and one past the end): whether it starts a basic block of the warp tier (an
/// *entry*: the start, branch targets, reconvergence points, the instruction after a branch,
/// exit, barrier or call), and whether it is a branch's reconvergence point.
fn entries(f: &Func) -> (Vec<bool>, Vec<bool>) {
    let n = f.code.len();
    let mut leader = vec![false; n + 1];
    let mut ipdom = vec![false; n + 1];
    leader[0] = true;
    let mark = |v: &mut Vec<bool>, p: u32| {
        if let Some(x) = v.get_mut(p as usize) {
            *x = true;
        }
    };
    for (pc, inst) in f.code.iter().enumerate() {
        match &inst.op {
            Op::Bra { target, ipdom: r } => {
                for p in [*target, *r, pc as u32 + 1] {
                    mark(&mut leader, p);
                }
                mark(&mut ipdom, *r);
            }
            Op::Brx { targets, ipdom: r, .. } => {
                for &p in targets.iter().chain([r]) {
                    mark(&mut leader, p);
                }
                mark(&mut ipdom, *r);
                leader[pc + 1] = true;
            }
            Op::Exit | Op::Ret | Op::Bar { .. } | Op::Call { .. } | Op::CallInd { .. } => leader[pc + 1] = true,
            // Straight-line code: the next instruction follows in the same block. Every
            // variant is named, so that a new instruction is decided here.
            Op::Nop
            | Op::Nanosleep
            | frame_ops!()
            | register_ops!()
            | memory_access!()
            | Op::Builtin { .. }
            | Op::Trap
            | collectives!()
            | Op::Fence
            | Op::Tex(_)
            | Op::Mma(_)
            | Op::Cluster(_)
            | Op::Carry { .. } => {}
        }
    }
    (leader, ipdom)
}

/// Whether `f`'s code for blocks whose width is a multiple of 32 (`compile`'s `rows32`)
/// differs from its general code: whether it has lane-affine registers, or registers uniform
/// only there (a warp's index, `threadIdx.x >> 5`).
pub(crate) fn rows_differ(f: &Func) -> bool {
    let (uniform, divergent) = uniform::uniform_and_divergent(f, true);
    uniform != uniform::uniform_regs(f) || affine::affine_regs(f, &uniform, &divergent).iter().any(Option::is_some)
}

/// Compiles kernel `f` for the warp tier, registers allocated by `regalloc`; `rows32`: for
/// blocks whose width is a multiple of 32 only (lane `l` of every warp has `%tid.x` =
/// `32k + l`: lane-affine registers hold their pattern, `affine.rs`, and the warp's index is
/// uniform, `uniform.rs`).
pub(crate) fn compile(f: &Func, rows32: bool, regalloc: super::lower::Regalloc) -> Result<WarpCode, String> {
    // The copy the code points into (`WarpCode::_func`; its instruction buffer stays where
    // it is as the copy moves into the result).
    let func = f.clone();
    let f = &func;
    if f.code.len() >= 1 << 20 || f.nregs as usize != f.reg_bits.len() {
        return Err("too large for the warp tier".into());
    }
    // `alloca` grows a lane's local memory past the frame the compiled accesses check.
    if f.code.iter().any(|i| matches!(i.op, Op::Alloca { .. } | Op::StackRestore { .. })) {
        return Err("alloca".into());
    }
    // A spin lock's holder waits at its loop's join while its warp-mates spin, and only the
    // interpreter's scheduler reliably lets it go on (`Warp::give_way`): compiled code crawled
    // (15 s where the interpreter takes 0.5 s) or hung on locks taken per lane
    // (`ir::flow::spin_lock_loop`; `tests/lane_locks.rs`).
    if let Some(pc) = crate::ir::flow::spin_lock_loop(&f.code) {
        return Err(format!("a spin lock (`{}`)", f.info.get(pc).map_or("", |i| i.text.as_str())));
    }
    let (mut module, fc) = super::lower::host_module(!unrolled(f), regalloc)?;
    let mut ctx = module.make_context();
    for _ in 0..3 {
        ctx.func.signature.params.push(AbiParam::new(I64));
    }
    ctx.func.signature.returns.push(AbiParam::new(I64));
    let mut fbc = FunctionBuilderContext::new();
    let (index, sites);
    {
        let b = FunctionBuilder::new(&mut ctx.func, &mut fbc);
        let mut cg = WarpCodegen::new(b, f, rows32);
        cg.run();
        if super::tiering::trace() {
            report_interpreted(f, &cg.interpreted);
        }
        (index, sites) = (std::mem::take(&mut cg.index), cg.sites);
        cg.b.finalize(fc);
    }
    let (ptr, frame) =
        super::lower::define_mapped(&mut module, &mut ctx, &format!("warp JIT `{}`", f.name), "warp", f)?;
    // SAFETY: `ptr` is the finalized code of a function with exactly this signature.
    let entry = unsafe { std::mem::transmute::<*const u8, WarpFn>(ptr) };
    Ok(WarpCode { _module: module, entry, sites, index, frame: frame as usize, _func: func })
}

/// `CUPRITE_TIER_TRACE=1`: the instructions of `f` the warp tier leaves to the interpreter
/// (`pcs`), counted by opcode: each costs a call into the interpreter per warp that runs it.
fn report_interpreted(f: &Func, pcs: &std::collections::BTreeSet<u32>) {
    let mut by_opcode = std::collections::BTreeMap::<&str, u32>::new();
    for &pc in pcs {
        let text = f
            .info
            .get(pc as usize)
            .map_or("?", |i| i.text.split_whitespace().find(|t| !t.starts_with('@')).unwrap_or("?"));
        *by_opcode.entry(text).or_default() += 1;
    }
    let list: Vec<String> = by_opcode.iter().map(|(op, n)| format!("{op} ×{n}")).collect();
    eprintln!(
        "tier: `{}` warp tier: {} of {} instructions run on the interpreter{}{}",
        f.name,
        pcs.len(),
        f.code.len(),
        if list.is_empty() { "" } else { ": " },
        list.join(", ")
    );
}

const I64: Type = types::I64;
const I64X2: Type = types::I64X2;

use super::lower::flags;

/// Flags of vector accesses to device memory or registers: aligned to their elements only
/// (never folded into SSE operands that require 16-byte alignment).
fn vflags() -> MemFlagsData {
    MemFlagsData::new().with_notrap()
}

/// A snapshot of what `WarpCodegen` knows about the registers within a block (`WarpCodegen::known`).
#[derive(Clone)]
struct Known {
    pbits: HashMap<Reg, Value>,
    dirty: Vec<Reg>,
    vals: HashMap<Reg, ops::Lanes>,
    raw: std::collections::HashSet<Reg>,
    scalars: HashMap<Reg, Value>,
    pats: HashMap<Reg, mem::Pat>,
    scaled: HashMap<Reg, mem::Scaled>,
    pat_slots: u32,
    wins: Vec<mem::WinKey>,
    block_end: u32,
    full: bool,
}

/// The code generator.
struct WarpCodegen<'a, 'b> {
    b: FunctionBuilder<'b>,
    f: &'a Func,
    /// The running warp's registers and glue (they change where a barrier or exit switches
    /// to the next warp of the block).
    regs_var: Variable,
    g_var: Variable,
    ctx: Value,
    act: Variable,
    live: Variable,
    /// Entry pcs: branch targets, reconvergence points, the instructions after branches,
    /// exits and barriers.
    leader: Vec<bool>,
    /// Reconvergence points of branches.
    ipdom: Vec<bool>,
    /// Per entry pc: its head block (reconvergence check, converged/diverged split).
    heads: HashMap<u32, Block>,
    /// Per entry pc: its converged and diverged copies.
    copies: HashMap<u32, [Block; 2]>,
    /// Takes a pc (block parameter) and jumps to its head.
    dispatch: Block,
    /// Takes a glue (block parameter): switches to the first warp ready from it on, or
    /// returns `Switched`.
    switch: Block,
    /// Per pc, the dispatch-table index (0: not an entry).
    index: Vec<u32>,
    /// Registers whose only definition is a `mov` of this constant.
    consts: Vec<Option<u64>>,
    /// Per register: warp-uniform (`uniform.rs`), read from the lowest active lane.
    uniform: Vec<bool>,
    /// Per register: its pattern when lane-affine (`affine.rs`; code for rows of 32 only).
    affine: Vec<Option<affine::Affine>>,
    /// Whether the code is for blocks whose width is a multiple of 32 (`jit::Shape::Rows32`):
    /// no warp spans two rows.
    rows32: bool,
    /// Lane bits computed by a 32-bit comparison, with the comparison's lane masks (SSA
    /// values: a `selp` on the predicate, or its store, uses the masks directly).
    bit_masks: HashMap<Value, [Value; 8]>,
    /// Within the current block: predicate registers' lane bits already computed.
    pbits: HashMap<Reg, Value>,
    /// Predicate registers written in the current block whose lanes are not stored yet
    /// (their bits are in `pbits`): stored where something else may read them, and at the
    /// block's end only when still live there.
    dirty: Vec<Reg>,
    /// Within the current block: registers whose lanes are held in SSA values (stored when
    /// dirty, like `pbits`).
    vals: HashMap<Reg, ops::Lanes>,
    /// Registers in `vals` holding f32 arithmetic results whose NaNs are not canonical yet:
    /// only f32 arithmetic reads them as they are (a NaN operand gives a NaN result, which is
    /// canonicalized where it is finally read otherwise or stored: `WarpCodegen::settle`). A chain of
    /// FMAs then canonicalizes once, not once per link.
    raw: std::collections::HashSet<Reg>,
    /// Registers in `vals` known to hold the same value in every lane: that value, as an
    /// `i64` scalar (zero-extended for a narrow register). Readers get it as a `Splat`.
    scalars: HashMap<Reg, Value>,
    /// The load being emitted delivers its lanes to its join in SSA values (`mem::Sink`).
    sink: Option<mem::Sink>,
    live_regs: crate::analysis::live::Liveness,
    /// Within the current block: address registers whose lanes were matched against the
    /// warp's 2D shape (`mem.rs`), until the register is written.
    pats: HashMap<Reg, mem::Pat>,
    /// Patterns matched in the current block so far (each has its scratch slot).
    pat_slots: u32,
    /// Within the current block: the access windows computed so far (`mem.rs`: a space's
    /// buffer and bounds, the same for the whole run).
    wins: Vec<mem::WinKey>,
    /// Within the current block: 64-bit registers known to hold, in every lane, a warp-uniform
    /// base plus a 32-bit index register widened and scaled (`mem::Scaled`), until either
    /// is written.
    scaled: HashMap<Reg, mem::Scaled>,
    /// The end (exclusive) of the block being emitted.
    block_end: u32,
    /// Whether the copy being emitted is the converged one.
    full: bool,
    /// How many branches no lane took the code being emitted continues past
    /// (`WarpCodegen::fall_through`): at most `FALL_THROUGH_DEPTH`, which bounds the code emitted
    /// again.
    continued: u32,
    sites: usize,
    sigs: Vec<((usize, bool), SigRef)>,
    /// The pcs whose instruction the code hands to the interpreter every time it runs
    /// (`CUPRITE_TIER_TRACE` lists them: `report_interpreted`).
    interpreted: std::collections::BTreeSet<u32>,
}

impl<'a, 'b> WarpCodegen<'a, 'b> {
    fn new(mut b: FunctionBuilder<'b>, f: &'a Func, rows32: bool) -> WarpCodegen<'a, 'b> {
        let n = f.code.len();
        let (leader, ipdom) = entries(f);
        // Interpreter hand-backs resume at the next entry after a stop (the interpreter
        // preempts at backward-branch targets, which are entries).
        let mut consts: Vec<Option<u64>> = vec![None; f.nregs as usize];
        let mut defs = vec![0u32; f.nregs as usize];
        for inst in &f.code {
            for d in dests(&inst.op) {
                if let Some(c) = defs.get_mut(d as usize) {
                    *c += 1;
                }
            }
            if let Op::Un { op: UnOp::Mov, d, a: Src::Imm(v) } = inst.op
                && inst.guard.is_none()
                && let Some(c) = consts.get_mut(d as usize)
            {
                *c = Some(v);
            }
        }
        for (c, &n) in consts.iter_mut().zip(&defs) {
            if n != 1 {
                *c = None;
            }
        }
        let (uniform, divergent) = uniform::uniform_and_divergent(f, rows32);
        let affine = if rows32 { affine::affine_regs(f, &uniform, &divergent) } else { vec![None; f.nregs as usize] };
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let ps = b.block_params(entry).to_vec();
        let act = b.declare_var(I64);
        let live = b.declare_var(I64);
        let regs_var = b.declare_var(I64);
        b.def_var(regs_var, ps[0]);
        let g_var = b.declare_var(I64);
        b.def_var(g_var, ps[1]);
        let dispatch = b.create_block();
        b.append_block_param(dispatch, I64);
        let switch = b.create_block();
        b.append_block_param(switch, I64);
        WarpCodegen {
            b,
            f,
            regs_var,
            g_var,
            ctx: ps[2],
            act,
            live,
            leader,
            ipdom,
            heads: HashMap::new(),
            copies: HashMap::new(),
            dispatch,
            switch,
            index: vec![0; n + 1],
            consts,
            pbits: HashMap::new(),
            dirty: Vec::new(),
            vals: HashMap::new(),
            raw: std::collections::HashSet::new(),
            scalars: HashMap::new(),
            sink: None,
            live_regs: crate::analysis::live::Liveness::of(f),
            uniform,
            affine,
            rows32,
            bit_masks: HashMap::new(),
            pats: HashMap::new(),
            scaled: HashMap::new(),
            pat_slots: 0,
            wins: Vec::new(),
            block_end: 0,
            full: false,
            continued: 0,
            sites: 0,
            sigs: Vec::new(),
            interpreted: std::collections::BTreeSet::new(),
        }
    }

    fn imm(&mut self, v: u64) -> Value {
        self.b.ins().iconst(I64, v as i64)
    }

    /// Whether register `r` is narrow (`Func::narrow`): compiled code never writes its high
    /// halves and reads them as zero, whatever the register file holds there (the
    /// interpreter's sign-extended narrow loads leave ones; `entry::leave_planar` clears them).
    pub(super) fn narrow(&self, r: Reg) -> bool {
        self.f.narrow(r)
    }

    /// The running warp's registers.
    fn regs(&mut self) -> Value {
        self.b.use_var(self.regs_var)
    }

    /// The running warp's glue.
    fn g(&mut self) -> Value {
        self.b.use_var(self.g_var)
    }

    fn gld(&mut self, off: i32) -> Value {
        let g = self.g();
        self.b.ins().load(I64, flags(), g, off)
    }

    fn gst(&mut self, v: Value, off: i32) {
        let g = self.g();
        self.b.ins().store(flags(), v, g, off);
    }

    fn act(&mut self) -> Value {
        self.b.use_var(self.act)
    }

    /// Stores the lanes of the predicates written in this block (all of them, or those live
    /// at one of `succs`).
    fn flush(&mut self, succs: Option<&[u32]>) {
        let dirty = std::mem::take(&mut self.dirty);
        self.store_dirty(&dirty, succs);
    }

    fn store_dirty(&mut self, dirty: &[Reg], succs: Option<&[u32]>) {
        for &r in dirty {
            if succs.is_some_and(|s| !s.iter().any(|&p| self.live_regs.is_live(p, r))) {
                continue;
            }
            self.store_held(r);
        }
    }

    /// Stores the lanes of register `r` that this block holds in SSA values (its predicate
    /// bits, its warp-uniform scalar, or its lanes).
    fn store_held(&mut self, r: Reg) {
        if let Some(&bits) = self.pbits.get(&r) {
            self.store_bits(r, bits);
        } else if let Some(&x) = self.scalars.get(&r).filter(|_| self.vals.contains_key(&r) && !self.raw.contains(&r)) {
            // One splat of each half, not a shuffle per pair of lanes.
            let lo = self.b.ins().ireduce(types::I32, x);
            let lo = self.b.ins().splat(types::I32X4, lo);
            let hi = self.b.ins().ushr_imm_s(x, 32);
            let hi = self.b.ins().ireduce(types::I32, hi);
            let hi = self.b.ins().splat(types::I32X4, hi);
            self.store_vals(r, ops::Lanes::Planes([lo; 8], [hi; 8]));
        } else if let Some(v) = self.settle(r) {
            self.store_vals(r, v);
        }
    }

    /// Stores register `r`'s lanes when they are pending, but keeps them pending: for a
    /// side path (a load's lane loop where the whole-warp access failed) that reads them from
    /// memory while the main path still holds them in SSA values only.
    pub(super) fn store_pending(&mut self, r: Reg) {
        if self.dirty.contains(&r) {
            self.store_held(r);
        }
    }

    /// Makes register `r`'s lanes in memory current (before a read of them).
    fn materialize(&mut self, r: Reg) {
        if let Some(i) = self.dirty.iter().position(|&d| d == r) {
            self.dirty.swap_remove(i);
            self.store_held(r);
        }
    }

    /// Leaves compiled code with status `st`, the warp at `pc` (a constant or a value).
    fn leave(&mut self, st: ExitStatus, pc: Option<u32>) {
        self.stop(pc);
        self.ret(st);
    }

    /// Stores what the warp's state needs before it stops at `pc`: its registers written
    /// in SSA values that are live there (whatever runs the warp next starts at `pc`; a
    /// fault ends the launch), `pc` and the running lanes.
    fn stop(&mut self, pc: Option<u32>) {
        // Often on a side path: the main path still has to store them.
        let dirty = self.dirty.clone();
        let at = pc.map(|p| [p]);
        self.store_dirty(&dirty, at.as_ref().map(|a| &a[..]));
        if let Some(pc) = pc {
            let p = self.imm(u64::from(pc));
            self.gst(p, goff::PC);
        }
        let a = self.act();
        self.gst(a, goff::ACT);
    }

    /// Returns status `st` for the running warp (its index in bits 8..).
    fn ret(&mut self, st: ExitStatus) {
        let idx = self.gld(goff::INDEX);
        let idx = self.b.ins().ishl_imm_s(idx, 8);
        let s = self.b.ins().bor_imm_s(idx, st as i64);
        self.b.ins().return_(&[s]);
    }

    /// The running warp stopped (`state`, see `Glue::state`): runs the next ready warp of
    /// the block.
    fn switch_warp(&mut self, state: u64) {
        let st = self.imm(state);
        self.gst(st, goff::STATE);
        let next = self.gld(goff::NEXT);
        let sw = self.switch;
        self.b.ins().jump(sw, &[BlockArg::Value(next)]);
    }

    /// No warp of the chain is ready: when the chain holds every warp of the block, each
    /// one finished or waits at the same block barrier and some wait, releases them and
    /// switches to the first; otherwise returns `Switched`.
    fn emit_release(&mut self) {
        let ret = self.b.create_block();
        let head = self.gld(goff::HEAD);
        // Walk: (glue, barrier id seen or -1, any waiting).
        let walk = self.b.create_block();
        for _ in 0..3 {
            self.b.append_block_param(walk, I64);
        }
        let none = self.imm(u64::MAX);
        let zero = self.imm(0);
        self.b.ins().brif(head, walk, &[BlockArg::Value(head), BlockArg::Value(none), BlockArg::Value(zero)], ret, &[]);
        self.b.switch_to_block(walk);
        let [p, id, any] = [0, 1, 2].map(|i| self.b.block_params(walk)[i]);
        let (body, decide) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(p, body, &[], decide, &[]);
        self.b.switch_to_block(body);
        let st = self.b.ins().load(I64, flags(), p, goff::STATE);
        let next = self.b.ins().load(I64, flags(), p, goff::NEXT);
        let (at_bar, not_bar) = (self.b.create_block(), self.b.create_block());
        let is_bar = self.b.ins().icmp_imm_s(IntCC::Equal, st, GLUE_BARRIER as i64);
        self.b.ins().brif(is_bar, at_bar, &[], not_bar, &[]);
        self.b.switch_to_block(not_bar);
        let done = self.b.ins().icmp_imm_s(IntCC::Equal, st, GLUE_DONE as i64);
        self.b.ins().brif(done, walk, &[BlockArg::Value(next), BlockArg::Value(id), BlockArg::Value(any)], ret, &[]);
        self.b.switch_to_block(at_bar);
        let lane = self.b.ins().load(I64, flags(), p, goff::LANE);
        let first = self.b.ins().icmp_imm_s(IntCC::Equal, id, -1);
        let same = self.b.ins().icmp(IntCC::Equal, lane, id);
        let ok = self.b.ins().bor(first, same);
        let one = self.imm(1);
        self.b.ins().brif(ok, walk, &[BlockArg::Value(next), BlockArg::Value(lane), BlockArg::Value(one)], ret, &[]);
        // Every warp finished or waits at barrier `id`: release (if any waits).
        self.b.switch_to_block(decide);
        let release = self.b.create_block();
        self.b.append_block_param(release, I64);
        self.b.ins().brif(any, release, &[BlockArg::Value(head)], ret, &[]);
        self.b.switch_to_block(release);
        let p = self.b.block_params(release)[0];
        let (rb, again) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(p, rb, &[], again, &[]);
        self.b.switch_to_block(rb);
        let st = self.b.ins().load(I64, flags(), p, goff::STATE);
        let is_bar = self.b.ins().icmp_imm_s(IntCC::Equal, st, GLUE_BARRIER as i64);
        let ready = self.imm(GLUE_READY);
        let st = self.b.ins().select(is_bar, ready, st);
        self.b.ins().store(flags(), st, p, goff::STATE);
        let next = self.b.ins().load(I64, flags(), p, goff::NEXT);
        self.b.ins().jump(release, &[BlockArg::Value(next)]);
        self.b.switch_to_block(again);
        let sw = self.switch;
        self.b.ins().jump(sw, &[BlockArg::Value(head)]);
        self.b.switch_to_block(ret);
        let s = self.imm(ExitStatus::Switched as u64);
        self.b.ins().return_(&[s]);
    }

    /// The switch block: walks the glue chain to a ready warp and dispatches it.
    fn emit_switch(&mut self) {
        let sw = self.switch;
        self.b.switch_to_block(sw);
        self.b.set_srcloc(cranelift_codegen::ir::SourceLoc::default());
        let n = self.b.block_params(sw)[0];
        let (check, out, go) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        self.b.ins().brif(n, check, &[], out, &[]);
        self.b.switch_to_block(out);
        self.emit_release();
        self.b.switch_to_block(check);
        let st = self.b.ins().load(I64, flags(), n, goff::STATE);
        let ready = self.b.ins().icmp_imm_s(IntCC::Equal, st, GLUE_READY as i64);
        let after = self.b.ins().load(I64, flags(), n, goff::NEXT);
        self.b.ins().brif(ready, go, &[], sw, &[BlockArg::Value(after)]);
        self.b.switch_to_block(go);
        self.b.def_var(self.g_var, n);
        let r = self.b.ins().load(I64, flags(), n, goff::REGS);
        self.b.def_var(self.regs_var, r);
        let a = self.b.ins().load(I64, flags(), n, goff::ACT);
        self.b.def_var(self.act, a);
        let l = self.b.ins().load(I64, flags(), n, goff::LIVE);
        self.b.def_var(self.live, l);
        let pc = self.b.ins().load(I64, flags(), n, goff::PC);
        self.jump_dispatch(pc);
    }

    fn call(&mut self, f: usize, args: &[Value], ret: bool) -> Option<Value> {
        super::lower::call_helper(&mut self.b, &mut self.sigs, f, args, ret)
    }

    fn jump_head(&mut self, pc: u32) {
        let hb = self.head(pc);
        self.b.ins().jump(hb, &[]);
    }

    fn head(&mut self, pc: u32) -> Block {
        if let Some(&h) = self.heads.get(&pc) {
            return h;
        }
        let h = self.b.create_block();
        self.heads.insert(pc, h);
        h
    }

    fn jump_dispatch(&mut self, pc: Value) {
        let d = self.dispatch;
        self.b.ins().jump(d, &[BlockArg::Value(pc)]);
    }

    fn run(&mut self) {
        let n = self.f.code.len() as u32;
        // Entry: the state from the glue, then dispatch on the start pc.
        let a = self.gld(goff::ACT);
        self.b.def_var(self.act, a);
        let l = self.gld(goff::LIVE);
        self.b.def_var(self.live, l);
        let pc = self.gld(goff::PC);
        self.jump_dispatch(pc);
        let leaders: Vec<u32> = (0..=n).filter(|&p| self.leader[p as usize]).collect();
        for &p in &leaders {
            let h = self.head(p);
            let c = [self.b.create_block(), self.b.create_block()];
            self.copies.insert(p, c);
            let _ = h;
        }
        for (i, &p) in leaders.iter().enumerate() {
            let end = leaders.get(i + 1).copied().unwrap_or(n + 1);
            self.emit_head(p);
            for full in [true, false] {
                let blk = self.copies[&p][usize::from(!full)];
                self.b.switch_to_block(blk);
                self.begin_block(full, end.min(n));
                self.body(p, end);
            }
        }
        self.emit_dispatch(&leaders);
        self.emit_switch();
        self.b.seal_all_blocks();
    }

    /// Emits the instructions `p..end` of a block (`end`: the next entry, past the kernel's
    /// last instruction at its end) and what follows them when the last one does not end
    /// the block: the jump to `end`, or the lanes' exit.
    fn body(&mut self, p: u32, end: u32) {
        let n = self.f.code.len() as u32;
        for pc in p..end.min(n) {
            if self.inst(pc) {
                return;
            }
        }
        if end <= n && self.continued > 0 {
            // A continuation goes on into the next block too (within the depth bound).
            self.fall_through(end);
        } else if end <= n {
            self.flush(Some(&[end]));
            self.jump_head(end);
        } else {
            // Falling off the end of the kernel: the lanes exit.
            self.flush(Some(&[]));
            let act = self.act();
            self.exit_lanes(n.saturating_sub(1), act);
        }
    }

    /// What the code generator knows at a point of the current block (registers held in
    /// SSA values and not stored yet, matched addresses), to emit the paths of a branch from
    /// the same knowledge.
    fn known(&self) -> Known {
        Known {
            pbits: self.pbits.clone(),
            dirty: self.dirty.clone(),
            vals: self.vals.clone(),
            raw: self.raw.clone(),
            scalars: self.scalars.clone(),
            pats: self.pats.clone(),
            scaled: self.scaled.clone(),
            pat_slots: self.pat_slots,
            wins: self.wins.clone(),
            block_end: self.block_end,
            full: self.full,
        }
    }

    fn restore(&mut self, k: Known) {
        self.pbits = k.pbits;
        self.dirty = k.dirty;
        self.vals = k.vals;
        self.raw = k.raw;
        self.scalars = k.scalars;
        self.pats = k.pats;
        self.scaled = k.scaled;
        self.pat_slots = k.pat_slots;
        self.wins = k.wins;
        self.block_end = k.block_end;
        self.full = k.full;
    }

    /// Continues the converged copy past a branch at `pc - 1` that no lane took, into the
    /// block at `pc`, with every register still held in SSA values (stored only where live
    /// at the continued block's end, or where it stops). The common guard `if (i < n)` then
    /// neither stores its block's registers nor loads them back; the block at `pc` keeps its
    /// own copies for its other ways in (dispatch, other branches). A continuation goes on
    /// the same way into the block after it (`body`). Where that cannot be done (the copy is
    /// the diverged one, or this code is a continuation `FALL_THROUGH_DEPTH` deep), stores
    /// what `pc` needs and jumps to its head.
    ///
    /// At a reconvergence point the head pops the reconvergence stack when its top entry
    /// waits there (an enclosing divergent branch's other lanes); only otherwise does the
    /// code go on, checked at run time.
    fn fall_through(&mut self, pc: u32) {
        let n = self.f.code.len() as u32;
        if !self.full || self.continued >= FALL_THROUGH_DEPTH || pc >= n {
            self.flush(Some(&[pc]));
            self.jump_head(pc);
            return;
        }
        if self.ipdom[pc as usize] {
            let (pop, go) = self.on_top_rpc(pc);
            self.b.switch_to_block(pop);
            let known = self.known();
            self.flush(Some(&[pc]));
            self.jump_head(pc);
            self.restore(known);
            self.b.switch_to_block(go);
        }
        let end = (pc + 1..=n).find(|&p| self.leader[p as usize]).unwrap_or(n + 1);
        self.block_end = end.min(n);
        self.continued += 1;
        self.body(pc, end);
        self.continued -= 1;
    }

    /// Starts emitting a block (the converged copy when `full`) that ends before `end`: no
    /// register held in SSA values, no matched address, nothing known about any register.
    fn begin_block(&mut self, full: bool, end: u32) {
        self.full = full;
        self.block_end = end;
        self.forget_values();
        self.pats.clear();
        self.scaled.clear();
        self.pat_slots = 0;
        self.wins.clear();
    }

    /// Forgets every register's lanes held in SSA values (after code that may have written
    /// any register in memory, and at a block's start).
    fn forget_values(&mut self) {
        self.pbits.clear();
        self.vals.clear();
        self.raw.clear();
        self.scalars.clear();
    }

    fn emit_head(&mut self, p: u32) {
        let h = self.head(p);
        self.b.switch_to_block(h);
        self.b.set_srcloc(cranelift_codegen::ir::SourceLoc::default());
        if self.ipdom[p as usize] {
            let (pop, go) = self.on_top_rpc(p);
            self.b.switch_to_block(pop);
            let g = self.g();
            let next = self.call(entry::h_pop as *const () as usize, &[g], true).unwrap_or(g);
            self.resume_at(next);
            self.b.switch_to_block(go);
        }
        let (a, l) = (self.act(), self.b.use_var(self.live));
        let conv = self.b.ins().icmp(IntCC::Equal, a, l);
        let [full, part] = self.copies[&p];
        self.b.ins().brif(conv, full, &[], part, &[]);
    }

    /// After a helper that settled the stack: continues at `next` (lanes `Glue::act`), or
    /// returns `Done` when it is `u64::MAX`.
    fn resume_at(&mut self, next: Value) {
        let done = self.b.ins().icmp_imm_s(IntCC::Equal, next, -1);
        let fin = self.b.create_block();
        let cont = self.b.create_block();
        self.b.ins().brif(done, fin, &[], cont, &[]);
        self.b.switch_to_block(fin);
        self.switch_warp(GLUE_DONE);
        self.b.switch_to_block(cont);
        let a = self.gld(goff::ACT);
        self.b.def_var(self.act, a);
        let l = self.gld(goff::LIVE);
        self.b.def_var(self.live, l);
        self.jump_dispatch(next);
    }

    fn emit_dispatch(&mut self, leaders: &[u32]) {
        let d = self.dispatch;
        self.b.switch_to_block(d);
        let pc = self.b.block_params(d)[0];
        let interp = self.b.create_block();
        let mut calls = Vec::with_capacity(leaders.len() + 1);
        calls.push(self.b.func.dfg.block_call(interp, &[]));
        for (i, &p) in leaders.iter().enumerate() {
            if let Some(x) = self.index.get_mut(p as usize) {
                *x = i as u32 + 1;
            }
            let h = self.head(p);
            calls.push(self.b.func.dfg.block_call(h, &[]));
        }
        // The table maps pcs to indices. Compiled code reads it where it lies: `index` moves
        // into the `WarpCode` (its buffer does not move), which owns the code too.
        let (tbl_ptr, tbl_len) = (self.index.as_ptr() as u64, self.index.len() as u64);
        let n = self.imm(tbl_len);
        let inside = self.b.ins().icmp(IntCC::UnsignedLessThan, pc, n);
        let look = self.b.create_block();
        self.b.ins().brif(inside, look, &[], interp, &[]);
        self.b.switch_to_block(look);
        let base = self.imm(tbl_ptr);
        let off = self.b.ins().ishl_imm_s(pc, 2);
        let at = self.b.ins().iadd(base, off);
        let idx = self.b.ins().load(types::I32, flags(), at, 0);
        let def = self.b.func.dfg.block_call(interp, &[]);
        let jt = self.b.create_jump_table(JumpTableData::new(def, &calls));
        self.b.ins().br_table(idx, jt);
        self.b.switch_to_block(interp);
        self.gst(pc, goff::PC);
        let a = self.act();
        self.gst(a, goff::ACT);
        self.ret(ExitStatus::Interp);
    }

    /// Lanes `taken` of the running path exit at the branch at `pc` (to the kernel's exit).
    /// In the converged copy, with no divergent path pending (the reconvergence stack holds
    /// its base entry only), they leave the live lanes inline (the glue's `live`; the warp's
    /// own state learns it from there, `entry.rs`), and the code goes on into `pc + 1`
    /// with every register still held (`fall_through`); otherwise through `h_exit`.
    fn exit_early(&mut self, pc: u32, taken: Value) {
        if !self.full {
            self.flush(Some(&[pc + 1]));
            self.exit_lanes(pc, taken);
            return;
        }
        let (inline, helper) = self.on_top_rpc(NO_PC);
        self.b.switch_to_block(helper);
        let known = self.known();
        self.flush(Some(&[pc + 1]));
        self.exit_lanes(pc, taken);
        self.restore(known);
        self.b.switch_to_block(inline);
        let act = self.act();
        let rest = self.b.ins().band_not(act, taken);
        self.gst(rest, goff::LIVE);
        self.b.def_var(self.act, rest);
        self.b.def_var(self.live, rest);
        self.fall_through(pc + 1);
    }

    /// Branches on whether the top of the reconvergence stack reconverges at `rpc` (`NO_PC`:
    /// the top is the base entry): to the first block returned when it does, else to the
    /// second.
    fn on_top_rpc(&mut self, rpc: u32) -> (Block, Block) {
        let top = self.gld(goff::TOP_RPC);
        let here = self.b.ins().icmp_imm_s(IntCC::Equal, top, i64::from(rpc));
        let (yes, no) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(here, yes, &[], no, &[]);
        (yes, no)
    }

    /// Whether the instruction at `pc` ends the kernel for every lane reaching it (an
    /// unguarded `exit`, or `ret` of the kernel itself).
    fn exits(&self, pc: u32) -> bool {
        self.f.is_kernel
            && self.f.code.get(pc as usize).is_some_and(|i| i.guard.is_none() && matches!(i.op, Op::Exit | Op::Ret))
    }

    /// The lanes of the running path for which guard `g` holds.
    fn emask(&mut self, guard: Option<Guard>) -> Value {
        let act = self.act();
        let Some(g) = guard else { return act };
        let bits = self.pred_bits(g.reg);
        let bits = if g.neg { self.b.ins().bnot(bits) } else { bits };
        self.b.ins().band(bits, act)
    }

    /// The lane bits (bit `l` = lane `l`'s bit 0) of register `r`.
    fn pred_bits(&mut self, r: Reg) -> Value {
        if let Some(&v) = self.pbits.get(&r) {
            return v;
        }
        self.materialize(r);
        let mut acc = self.imm(0);
        for q in 0..8i32 {
            let rg = self.regs();
            let v = self.b.ins().load(types::I32X4, vflags(), rg, reg_off(r) + 16 * q);
            let s = self.b.ins().ishl_imm_s(v, 31);
            let m = self.b.ins().vhigh_bits(I64, s);
            let m = self.b.ins().ishl_imm_s(m, i64::from(4 * q));
            acc = self.b.ins().bor(acc, m);
        }
        self.pbits.insert(r, acc);
        acc
    }

    /// The registers instruction `pc` writes.
    fn defs_of(&self, pc: u32) -> Vec<Reg> {
        let (mut uses, mut defs) = (Vec::new(), Vec::new());
        crate::analysis::live::uses_defs(&self.f.code[pc as usize].op, self.f.nregs, &mut uses, &mut defs);
        defs
    }

    /// Emits instruction `pc`; whether it ended the block (a jump or return). What is known
    /// about the registers it writes is dropped: the scaled addresses before (the instruction
    /// may record a new one), the matched patterns after (its own access may match one).
    fn inst(&mut self, pc: u32) -> bool {
        let mut defs = None;
        if !self.scaled.is_empty() {
            let d = self.defs_of(pc);
            self.scaled.retain(|r, sc| !d.contains(r) && !d.contains(&sc.idx));
            defs = Some(d);
        }
        let ended = self.emit(pc);
        if !ended && !self.pats.is_empty() {
            let d = defs.unwrap_or_else(|| self.defs_of(pc));
            self.pats.retain(|r, _| !d.contains(r));
        }
        ended
    }

    /// The code of instruction `pc` (see `inst`).
    fn emit(&mut self, pc: u32) -> bool {
        self.b.set_srcloc(cranelift_codegen::ir::SourceLoc::new(pc + 1));
        let f = self.f;
        let inst = &f.code[pc as usize];
        match &inst.op {
            Op::Bra { target, ipdom } => {
                self.branch(pc, *target, *ipdom, inst.guard);
                true
            }
            Op::Exit | Op::Ret => {
                let em = self.emask(inst.guard);
                self.flush(Some(&[pc + 1]));
                self.exit_lanes(pc, em);
                true
            }
            Op::Bar { id, count: None, kind: BarKind::Sync } if inst.guard.is_none() => {
                let id = match *id {
                    Src::Imm(v) => Some(v),
                    Src::Reg(r) => self.consts.get(r as usize).copied().flatten(),
                    _ => None,
                };
                let Some(id) = id else {
                    self.leave(ExitStatus::Interp, Some(pc));
                    return true;
                };
                // A diverged warp meets the barrier on the interpreter (its lanes on other
                // paths must arrive too).
                let (a, l) = (self.act(), self.b.use_var(self.live));
                let conv = self.b.ins().icmp(IntCC::Equal, a, l);
                let bar = self.b.create_block();
                let other = self.b.create_block();
                self.b.ins().brif(conv, bar, &[], other, &[]);
                self.b.switch_to_block(other);
                self.leave(ExitStatus::Interp, Some(pc));
                self.b.switch_to_block(bar);
                let idv = self.imm(id & 15);
                self.gst(idv, goff::LANE);
                self.stop(Some(pc + 1));
                self.switch_warp(GLUE_BARRIER);
                true
            }
            Op::Nop => false,
            Op::Fence => {
                self.b.ins().fence();
                false
            }
            Op::Shfl { mask, mode, d, p, a, b, c } => self.shfl(pc, *mask, inst.guard, (*mode, *d, *p, *a, *b, *c)),
            Op::Vote { mode, d, a, neg, mask } => self.vote(pc, inst.guard, (*mode, *d, *a, *neg, *mask)),
            Op::Redux { op, signed, d, a, mask } => self.redux(pc, inst.guard, (*op, *signed, *d, *a, *mask)),
            Op::Activemask { d } => self.activemask(pc, inst.guard, *d),
            Op::Match { all, w, d, p, a, mask } => self.match_sync(pc, inst.guard, (*all, *w, *d, *p, *a, *mask)),
            Op::Elect { d, p, mask } => self.elect(pc, inst.guard, (*d, *p, *mask)),
            // The rest of the control flow, barriers, calls and collectives: the interpreter's.
            op if !stays_compiled(op) => {
                self.interpreted.insert(pc);
                self.leave(ExitStatus::Interp, Some(pc));
                true
            }
            op => {
                let em = self.emask(inst.guard);
                let full = self.full && inst.guard.is_none();
                if !self.fast(pc, op, em, full) && !self.lanewise(op, em, full) {
                    self.step(pc, em);
                }
                false
            }
        }
    }

    /// Runs `pc` on the interpreter for lanes `em` (when any).
    fn step(&mut self, pc: u32, em: Value) {
        self.interpreted.insert(pc);
        self.flush(None);
        let run = self.b.create_block();
        let cont = self.b.create_block();
        self.b.ins().brif(em, run, &[], cont, &[]);
        self.b.switch_to_block(run);
        let (g, p) = (self.g(), self.imm(u64::from(pc)));
        let r = self.call(entry::h_step as *const () as usize, &[g, p, em], true).unwrap_or(g);
        let bad = self.b.create_block();
        self.b.set_cold_block(bad);
        self.b.ins().brif(r, bad, &[], cont, &[]);
        self.b.switch_to_block(bad);
        self.leave(ExitStatus::Fault, Some(pc));
        self.b.switch_to_block(cont);
        self.forget_values();
    }

    /// A fault of lane `lane` at `pc` (kind in the context).
    fn fault_exit(&mut self, pc: u32, lane: Value) {
        self.gst(lane, goff::LANE);
        self.leave(ExitStatus::Fault, Some(pc));
    }

    fn exit_lanes(&mut self, pc: u32, em: Value) {
        // Every live lane exiting (the kernel's end, typically) finishes the warp: the
        // glue's state says so, and the warp's own state is settled when the run returns
        // (`CompiledTier::run` in `jit/warp/entry.rs`), without a helper call per warp.
        let live = self.b.use_var(self.live);
        let all = self.b.ins().icmp(IntCC::Equal, em, live);
        let (fin, some) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(all, fin, &[], some, &[]);
        self.b.switch_to_block(fin);
        self.switch_warp(GLUE_DONE);
        self.b.switch_to_block(some);
        let (g, p, a) = (self.g(), self.imm(u64::from(pc)), self.act());
        let next = self.call(entry::h_exit as *const () as usize, &[g, p, a, em], true).unwrap_or(g);
        self.resume_at(next);
    }

    /// Spends one unit of fuel before a backward jump to `target`; out of fuel, the warp
    /// leaves (at `target`).
    fn burn(&mut self, target: u32) {
        let fuel = self.gld(goff::FUEL);
        let fuel = self.b.ins().iadd_imm_s(fuel, -1);
        self.gst(fuel, goff::FUEL);
        let out = self.b.create_block();
        let go = self.b.create_block();
        self.b.ins().brif(fuel, go, &[], out, &[]);
        self.b.switch_to_block(out);
        self.leave(ExitStatus::Preempt, Some(target));
        self.b.switch_to_block(go);
    }

    fn branch(&mut self, pc: u32, target: u32, ipdom: u32, guard: Option<Guard>) {
        // A branch to the next instruction goes there whichever lanes take it.
        let guard = if target == pc + 1 { None } else { guard };
        let taken = guard.map(|g| self.emask(Some(g)));
        let (Some(_), Some(taken)) = (guard, taken) else {
            if target > pc {
                // Forward, every lane: the code goes on into the target as into a next block
                // (`if (...) { ... } else { ... }` jumps over its other way), registers held.
                self.fall_through(target);
                return;
            }
            self.flush(Some(&[target, pc + 1]));
            self.burn(target);
            self.jump_head(target);
            return;
        };
        // Each way out stores the registers its successors read: every lane branching
        // (those live at the target), none (the block continues, `fall_through`), or some
        // (both).
        let known = self.known();
        let act = self.act();
        let all = self.b.ins().icmp(IntCC::Equal, taken, act);
        let t_all = self.b.create_block();
        let rest = self.b.create_block();
        self.b.ins().brif(all, t_all, &[], rest, &[]);
        self.b.switch_to_block(t_all);
        self.flush(Some(&[target]));
        if target <= pc {
            self.burn(target);
        }
        self.jump_head(target);
        self.restore(known.clone());
        self.b.switch_to_block(rest);
        let none = self.b.create_block();
        let split = self.b.create_block();
        self.b.ins().brif(taken, split, &[], none, &[]);
        self.b.switch_to_block(none);
        self.fall_through(pc + 1);
        self.restore(known);
        self.b.switch_to_block(split);
        if self.exits(target) {
            // Lanes branching to the kernel's exit (`if (i >= n) return;`) exit here rather
            // than wait there for the others: the rest run on converged when they were.
            self.exit_early(pc, taken);
            return;
        }
        self.flush(Some(&[target, pc + 1]));
        if target == ipdom && self.simple_if(pc, ipdom) {
            let not = self.b.ins().band_not(act, taken);
            self.predicated(pc + 1, ipdom, act, not);
            return;
        }
        let args =
            [self.g(), self.imm(u64::from(pc)), self.imm(u64::from(target)), self.imm(u64::from(ipdom)), act, taken];
        self.call(entry::h_diverge as *const () as usize, &args, false);
        if target != ipdom {
            self.b.def_var(self.act, taken);
            self.jump_head(target);
        } else {
            let not = self.b.ins().band_not(act, taken);
            self.b.def_var(self.act, not);
            self.jump_head(pc + 1);
        }
    }
}

impl WarpCodegen<'_, '_> {
    /// Whether the lanes falling through the branch at `pc` run a simple `if` body up to
    /// their reconvergence point `ipdom` (where the branching lanes wait): one basic block of
    /// instructions that never leave compiled code but to fault (no control flow, barriers,
    /// calls or warp collectives).
    fn simple_if(&self, pc: u32, ipdom: u32) -> bool {
        let body = (pc + 1) as usize..ipdom as usize;
        !body.is_empty()
            && self.f.code.get(body.clone()).is_some_and(|insts| insts.iter().all(|i| stays_compiled(&i.op)))
            && !self.leader.get(body.start + 1..body.end).is_some_and(|l| l.iter().any(|&x| x))
    }

    /// Runs the body `from..to` of a simple `if` (`simple_if`) with the running lanes
    /// `inner` of `outer`, then continues at `to` with `outer`: a divergent region that needs
    /// no reconvergence entry (nor its two helper calls), as the body cannot stop midway but
    /// at a fault, which ends the launch.
    fn predicated(&mut self, from: u32, to: u32, outer: Value, inner: Value) {
        self.b.def_var(self.act, inner);
        self.begin_block(false, to);
        for pc in from..to {
            self.inst(pc);
        }
        self.flush(Some(&[to]));
        self.b.def_var(self.act, outer);
        self.jump_head(to);
    }
}

/// Whether compiled code runs `op` without leaving (but at a fault): no control flow,
/// barrier, call or warp collective (`WarpCodegen::inst` hands those to the interpreter or ends the
/// block with them).
fn stays_compiled(op: &Op) -> bool {
    match op {
        Op::Bra { .. }
        | Op::Brx { .. }
        | Op::Exit
        | Op::Ret
        | Op::Bar { .. }
        | Op::Call { .. }
        | Op::CallInd { .. }
        | collectives!()
        | Op::Nanosleep
        | Op::Trap
        | Op::Mbar { .. }
        | Op::Cluster(_) => false,
        // Run inline, by a helper, or on the interpreter for the lanes at it (`step`: a
        // built-in such as `vprintf` too), and on to the next instruction.
        Op::Nop
        | Op::Fence
        | crate::ir::frame_ops!()
        | crate::ir::register_ops!()
        | Op::Ld { .. }
        | Op::St { .. }
        | Op::Atom { .. }
        | Op::Atom128 { .. }
        | Op::AtomV(_)
        | Op::CpBulk { .. }
        | Op::CpAsync { .. }
        | Op::Builtin { .. }
        | Op::Tex(_)
        | Op::Mma(_)
        | Op::Carry { .. } => true,
    }
}

/// Byte offset of register `r` in the warp's register file.
fn reg_off(r: Reg) -> i32 {
    (r as i32).wrapping_mul(256)
}

/// The registers `op` writes.
fn dests(op: &Op) -> Vec<Reg> {
    let mut out = Vec::new();
    op.operands(&mut |o| {
        if let crate::ir::operands::Operand::Def(r) = o {
            out.push(r);
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::test_util::decoded;

    /// A straight-line kernel reading one value by `read` (which writes `%f1` from `%rd1`
    /// and the coordinates `%f2`, `%f3`) and storing it.
    fn one_read(read: &str) -> String {
        format!(
            ".version 8.0\n.target sm_80\n.address_size 64\n\
             .visible .entry k(.param .u64 t, .param .u64 out)\n{{\n\
             .reg .f32 %f<8>;\n.reg .b64 %rd<4>;\n\
             ld.param.u64 %rd1, [t];\nld.param.u64 %rd2, [out];\n\
             mov.f32 %f2, 0f3F000000;\nmov.f32 %f3, 0f3F000000;\n\
             {read}\nst.global.f32 [%rd2], %f1;\nret;\n}}\n"
        )
    }

    #[test]
    fn texture_reads_prefer_the_warp_tier() {
        let tex = one_read("tex.2d.v4.f32.f32 {%f1, %f4, %f5, %f6}, [%rd1, {%f2, %f3}];");
        assert!(super::preferred(&decoded(&tex, "k")));
        let global = one_read("ld.global.f32 %f1, [%rd1];");
        assert!(!super::preferred(&decoded(&global, "k")), "nothing else here prefers it");
    }
}
