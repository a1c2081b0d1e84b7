//! Cuprite's SIMT engine: runs PTX kernels on CPU cores with CUDA semantics.
//!
//! [`Program::load`] decodes a validated [`ptx::Module`] once; what cannot be executed exactly
//! is a [`LoadError`] naming the instruction and its PTX line. [`Program::launch`] runs a grid
//! on one of four engines, which compute the same bits: the interpreter (warps of 32 lanes
//! with divergence, reconvergence and barriers), two Cranelift JIT tiers, per-thread code
//! and the warp tier (a warp at a time in SIMD vectors), and the block tier (a block at a
//! time, as C that gcc or clang compiles); [`Engine`] selects. Kernels read and
//! write a [`DeviceMemory`]; a bad access, trap, failed assertion or deadlock is a [`Fault`]
//! naming the kernel, block, thread, instruction and source line.
//!
//! Where each part lives: `ARCHITECTURE.md`; the semantics implemented and why:
//! `docs/design-notes.md` (both at the repository root).

mod address_space;
mod analysis;
mod block_tier;
mod bulk;
mod cfg;
mod contract;
mod decode;
mod device_launch;
pub mod env;
mod error;
mod exec;
mod float;
mod ir;
mod jit;
mod launch;
mod memory;
mod narrow;
mod printf;
mod semantics;
mod shm;
mod source_loc;
pub mod texture;
mod workers;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Whether `Engine::Jit` tries the block tier: only for kernels its translation runs 16
/// threads at a time (barrier-free), first on a slice of a launch beside the other tiers
/// (`block_tier::Cache::choose`). Its one-thread-at-a-time code, tried on whole launches,
/// lost to the warp tier's SIMD (a grid-stride polynomial: 43 ms a block against 0.87 ms);
/// the lane phase wins on stencils and matrix products (one worker, process CPU time per
/// repetition of the kit, block tier against the default engine before it: jacobi2d 140
/// against 277 ms, stencil3d 167 / 317, matmul_naive 77 / 223, conv2d_constant 77 / 163;
/// vector_add and saxpy even, memory-bound). `CUPRITE_ENGINE=block` runs it always.
const BLOCK_TIER_IN_DEFAULT_ENGINE: bool = true;

pub use address_space::{GLOBAL_BASE, LOCAL_WINDOW, PARAM_ALIAS, PARAM_WINDOW, SHARED_WINDOW};
pub use error::{Fault, FaultKind, FaultReport, LoadError, readable_name};
pub use exec::CLOCK_RATE_KHZ;
pub use launch::{Dim3, Engine, LaunchConfig, LaunchOptions, LaunchStats, Params, Tier};
pub use memory::{
    AllocInfo, AllocKind, CopyEnd, DEFAULT_HEAP_SIZE, DEFAULT_PRINTF_FIFO_SIZE, DEFAULT_STACK_SIZE, DeviceMemory,
    DevicePtr, MemError,
};
pub use ptx::demangle;
pub use shm::SharedMap;
pub use workers::THREAD_STACK;

use decode::GlobalVar;
use ir::flow::Callee;
use ir::{Func, Op};

/// Every kind of operation [`Program::op_kinds`] can give, each once.
#[doc(hidden)]
pub fn all_op_kinds() -> Vec<&'static str> {
    ir::kinds::all()
}

/// A kernel of a [`Program`], resolved by name once ([`Program::kernel_id`]): what a launch
/// names it by ([`Program::launch_kernel`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KernelId(u32);

/// A loaded PTX module, ready to launch.
#[derive(Debug)]
pub struct Program {
    /// A number no other program of the process has (what workers keep between launches is
    /// keyed by it: `exec/kept.rs`).
    serial: u64,
    funcs: Vec<Result<Func, LoadError>>,
    globals: Vec<GlobalVar>,
    files: HashMap<u32, String>,
    /// Where the module globals are placed in one `DeviceMemory` (by its id).
    global_addrs: Mutex<Option<(usize, Arc<Placed>)>>,
    /// The placement in the first memory the module's variables were placed in (by its id),
    /// read at every launch without the lock (a lock and a reference count cost a tenth of
    /// a small launch's setup).
    first_placed: std::sync::OnceLock<(usize, Arc<Placed>)>,
    /// Module variables whose storage is host memory at a fixed address
    /// ([`Program::bind_global_to_host`]): global index → host address.
    host_bound: Mutex<HashMap<usize, u64>>,
    workers: u32,
    /// Whether some function calls `malloc`/`free` (the heap is created before launches).
    uses_heap: bool,
    /// Whether some function reads `%reserved_smem_offset_*` (blocks then get 1 KiB of
    /// shared memory reserved for them).
    reserved_smem: bool,
    /// The engine launches use.
    engine: Engine,
    /// Compiled kernels (JIT tier), built at first launch.
    jit: jit::Cache,
    /// Kernels compiled for the block tier.
    block: block_tier::Cache,
    /// Per kernel, once known: whether it (or a function it calls) synchronizes the grid (see
    /// [`Program::reads_grid_workspace`]).
    grid_sync: Vec<std::sync::OnceLock<bool>>,
    /// Per kernel: what its launches cost (`exec::KernelCost`: whether a launch may run
    /// alone without watching the clock).
    costs: Vec<exec::KernelCost>,
}

impl Program {
    /// Decodes every function of `module`; fails on the first unsupported construct. Line
    /// numbers in errors and faults are 0 (use [`Program::load_with_source`] to get them).
    pub fn load(module: &ptx::Module) -> Result<Program, LoadError> {
        Self::load_with_source(module, None)
    }

    /// Like [`Program::load`], with the PTX text `module` was parsed from, for line numbers.
    pub fn load_with_source(module: &ptx::Module, src: Option<&str>) -> Result<Program, LoadError> {
        let (p, errors) = Self::load_partial(module, src);
        match errors.into_iter().next() {
            Some(e) => Err(e),
            None => Ok(p),
        }
    }

    /// Parses and loads PTX text.
    pub fn from_ptx(src: &str) -> Result<Program, LoadError> {
        let parsed = ptx::parse(src);
        if let Some(d) = parsed.diagnostics.iter().find(|d| d.severity == ptx::Severity::Error) {
            let (line, col) = ptx::LineIndex::new(src).line_col(d.span.start);
            return Err(LoadError {
                function: String::new(),
                instruction: String::new(),
                line,
                col,
                message: format!("PTX parse error: {}", d.message),
            });
        }
        Self::load_with_source(&parsed.module, Some(src))
    }

    /// Loads what can be loaded: kernels that use unsupported constructs (directly or through
    /// the functions they call) fail at launch with [`FaultKind::NotLoaded`]. Returns the
    /// errors, one per failing function.
    pub fn load_partial(module: &ptx::Module, src: Option<&str>) -> (Program, Vec<LoadError>) {
        let d = decode::decode(module, src);
        let mut funcs = d.funcs;
        let mut errors: Vec<LoadError> = funcs.iter().filter_map(|f| f.as_ref().err().cloned()).collect();
        // A function calling a function that failed to load fails too.
        loop {
            let mut changed = false;
            for i in 0..funcs.len() {
                let bad_callee = match &funcs[i] {
                    Ok(f) => f.code.iter().find_map(|inst| match inst.op.callee() {
                        Some(Callee::Func(func)) => {
                            funcs[func as usize].as_ref().err().map(|e| (e.clone(), f.name.clone()))
                        }
                        Some(Callee::Pointer | Callee::Builtin(_)) | None => None,
                    }),
                    Err(_) => None,
                };
                if let Some((e, name)) = bad_callee {
                    funcs[i] = Err(LoadError {
                        function: name,
                        message: if e.message.starts_with("calls a function that cannot load") {
                            e.message.clone()
                        } else {
                            format!("calls a function that cannot load: {}", e.message)
                        },
                        ..e
                    });
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for f in &funcs {
            if let Err(e) = f
                && !errors.contains(e)
            {
                errors.push(e.clone());
            }
        }
        let workers =
            env::workers().unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get() as u32)).max(1);
        let uses_heap = funcs.iter().flatten().any(|f| {
            f.code.iter().any(|i| match i.op.callee() {
                Some(Callee::Builtin(ir::Builtin::Malloc | ir::Builtin::AlignedMalloc | ir::Builtin::Free)) => true,
                Some(Callee::Builtin(ir::Builtin::Cdp(c))) => c.uses_heap(),
                Some(Callee::Builtin(_) | Callee::Func(_) | Callee::Pointer) | None => false,
            })
        });
        let reserved_smem = funcs
            .iter()
            .flatten()
            .any(|f| f.code.iter().any(|i| matches!(i.op, Op::Un { a: ir::Src::Sreg(ir::Sreg::ReservedSmem(_)), .. })));
        let jit = jit::Cache::new(funcs.len());
        static SERIAL: AtomicU64 = AtomicU64::new(0);
        let p = Program {
            serial: SERIAL.fetch_add(1, Ordering::Relaxed),
            engine: Engine::from_env(),
            jit,
            block: block_tier::Cache::new(funcs.len()),
            grid_sync: (0..funcs.len()).map(|_| std::sync::OnceLock::new()).collect(),
            costs: (0..funcs.len()).map(|_| exec::KernelCost::default()).collect(),
            funcs,
            globals: d.globals,
            files: d.files,
            global_addrs: Mutex::new(None),
            first_placed: std::sync::OnceLock::new(),
            host_bound: Mutex::new(HashMap::new()),
            workers,
            uses_heap,
            reserved_smem,
        };
        (p, errors)
    }

    /// Sets the number of worker threads for launches (default: available parallelism, or
    /// `CUPRITE_SIMT_WORKERS`).
    pub fn set_workers(&mut self, n: u32) {
        self.workers = n.max(1);
    }

    /// Selects the engine for later launches (default: [`Engine::from_env`]).
    pub fn set_engine(&mut self, e: Engine) {
        self.engine = e;
    }

    /// The engine launches use.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Why kernel `kernel` runs on the interpreter under this program's engine (an
    /// instruction the compiled tiers do not compile; under [`Engine::Jit`], also a kernel
    /// expected to run faster on the interpreter), or `None` when it runs compiled or there is
    /// no such loaded kernel ([`Program::compiled_tier`] says which tier).
    pub fn jit_fallback_reason(&self, kernel: &str) -> Option<String> {
        self.kernel_index(kernel).and_then(|idx| self.tier_of(idx).err())
    }

    /// The compiled tier that runs kernel `kernel` under this program's engine (compiling it
    /// now if needed; under [`Engine::Jit`], the tier its launches start on, which measured
    /// times may change; on the warp tier, warps may still move to the interpreter for
    /// instructions it does not compile), or why the interpreter runs it. Under
    /// [`Engine::Interp`], the answer for [`Engine::Jit`].
    pub fn compiled_tier(&self, kernel: &str) -> Result<Tier, String> {
        let idx = self.kernel_index(kernel).ok_or_else(|| format!("no loaded kernel `{kernel}`"))?;
        self.tier_of(idx)
    }

    /// The index of loaded kernel `kernel`.
    fn kernel_index(&self, kernel: &str) -> Option<usize> {
        self.funcs.iter().position(|f| matches!(f, Ok(f) if f.is_kernel && f.name == kernel))
    }

    /// [`Program::compiled_tier`] of kernel `idx`, as [`Program::run_on_engine`] chooses it
    /// for a launch of any block shape.
    fn tier_of(&self, idx: usize) -> Result<Tier, String> {
        if let Some(Ok(f)) = self.funcs.get(idx)
            && f.warps_interleave
        {
            return Err("threads communicate through one memory location without a barrier (one stores, others \
                 load): the block's warps run interleaved on the interpreter (blocks of one warp: on the warp \
                 tier)"
                .to_string());
        }
        if self.engine == Engine::Block {
            // No launch, no block shape: built for rows (launches of any shape run it).
            return self.block.code_now(&self.funcs, idx, [32, 1, 1]).map(|_| Tier::Block).map_err(str::to_string);
        }
        if self.engine != Engine::JitAll
            && self.jit.warp_code(&self.funcs, idx, jit::Shape::Any, self.engine == Engine::Warp).is_some()
        {
            return Ok(Tier::WarpJit);
        }
        // `Engine::Warp` hands what the warp tier refuses to the per-thread JIT wherever it
        // compiles, as `Engine::JitAll` does.
        let all = matches!(self.engine, Engine::JitAll | Engine::Warp);
        match self.jit.fallback_reason(&self.funcs, idx, all) {
            Some(why) => Err(why),
            None => Ok(Tier::ThreadJit),
        }
    }

    /// Each decoded instruction of the loaded functions as (PTX line, kind): the kinds of
    /// operation the engines execute, one per `Op` variant and sub-operation
    /// ([`all_op_kinds`]). For the conformance table's coverage test; lines are 0 without
    /// the source text ([`Program::from_ptx`] has it).
    #[doc(hidden)]
    pub fn op_kinds(&self) -> Vec<(u32, &'static str)> {
        let funcs = self.funcs.iter().filter_map(|f| f.as_ref().ok());
        funcs.flat_map(|f| f.code.iter().zip(&f.info).map(|(i, s)| (s.line, i.op.kind()))).collect()
    }

    /// The static shared memory of kernel `kernel` in bytes: its own `.shared` variables and
    /// those of the functions it calls (where its dynamic area starts), not the module's sum;
    /// `None` when there is no such loaded kernel.
    pub fn static_shared(&self, kernel: &str) -> Option<u32> {
        self.funcs.iter().find_map(|f| match f {
            Ok(f) if f.is_kernel && f.name == kernel => Some(f.shared_size),
            _ => None,
        })
    }

    /// The names of the kernels (`.entry` functions), loaded or not.
    pub fn kernels(&self) -> Vec<String> {
        self.funcs
            .iter()
            .filter_map(|f| match f {
                Ok(f) if f.is_kernel => Some(f.name.clone()),
                _ => None,
            })
            .collect()
    }

    /// Where the module's variables are in `mem`, placed and initialized there on first use.
    fn globals_in(&self, mem: &DeviceMemory) -> Result<PlacedIn<'_>, MemError> {
        if let Some((id, placed)) = self.first_placed.get()
            && *id == mem.id()
        {
            return Ok(PlacedIn::First(placed));
        }
        let mut g = self.global_addrs.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((id, placed)) = g.as_ref()
            && *id == mem.id()
        {
            return Ok(PlacedIn::Other(placed.clone()));
        }
        let bound = self.host_bound.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let mut addrs = Vec::with_capacity(self.globals.len());
        for (i, v) in self.globals.iter().enumerate() {
            let size = v.size.max(1);
            addrs.push(match bound.get(&i) {
                Some(&host) => map_host_bound(mem, host, size)?,
                None if v.managed => mem.alloc_unified(size)?.0,
                None => mem.alloc(size)?.0,
            });
        }
        for (i, (v, &a)) in self.globals.iter().zip(&addrs).enumerate() {
            let mut bytes = v.init.clone();
            for &(off, gi, addend, sz) in &v.relocs {
                let val = addrs.get(gi as usize).copied().unwrap_or(0).wrapping_add(addend as u64);
                let o = off as usize;
                if let Some(dst) = bytes.get_mut(o..o + sz as usize) {
                    dst.copy_from_slice(&val.to_le_bytes()[..sz as usize]);
                }
                if bound.contains_key(&i) {
                    // Host-bound storage got its initializer at binding; only the addresses
                    // it holds are known now.
                    mem.write(DevicePtr(a + off), &val.to_le_bytes()[..sz as usize])?;
                }
            }
            if !bytes.is_empty() && !bound.contains_key(&i) {
                mem.write(DevicePtr(a), &bytes)?;
            }
        }
        let mut constants: Vec<(u64, u64)> =
            (self.globals.iter().zip(&addrs)).filter(|(v, _)| v.constant).map(|(v, &a)| (a, a + v.size)).collect();
        constants.sort_unstable();
        let placed = Arc::new(Placed { addrs, constants });
        *g = Some((mem.id(), placed.clone()));
        // Memory ids are unique in the process: the first placement stays right for its memory.
        let _ = self.first_placed.set((mem.id(), placed.clone()));
        Ok(PlacedIn::Other(placed))
    }

    /// Makes module variable `name` live in host memory at `host` (`size` bytes there) instead
    /// of memory the module allocates: kernels reach it at device address `host`, mapped into
    /// each device memory the module's variables are placed in. Writes the variable's
    /// initializer (zeros where it has none) there now; addresses of module variables it holds
    /// are filled in when the module's variables are placed. This is how a `__managed__`
    /// variable compiled by clang, whose host code reads and writes its host object directly,
    /// shares that object with the device. Must precede the placement of the module's
    /// variables (the first launch or [`Program::global_address`]).
    ///
    /// # Safety
    ///
    /// `host..host + size` must be host memory, readable and writable, that lives as long as
    /// the process and that Rust code does not access as ordinary (non-atomic) memory.
    pub unsafe fn bind_global_to_host(&self, name: &str, host: *mut u8, size: u64) -> Result<(), String> {
        let i =
            self.globals.iter().position(|g| g.name == name).ok_or_else(|| format!("no module variable `{name}`"))?;
        let v = &self.globals[i];
        if v.size > size {
            return Err(format!("`{name}` has {} bytes in device code but {size} bytes on the host", v.size));
        }
        if host.is_null() {
            return Err(format!("`{name}`: null host address"));
        }
        if self.global_addrs.lock().unwrap_or_else(|e| e.into_inner()).is_some() {
            return Err(format!("`{name}`: the module's variables are already placed in device memory"));
        }
        // SAFETY: `host..host + size` is writable host memory (the contract) and `v.size <=
        // size`; the initializer is at most `v.size` bytes.
        unsafe {
            let init = v.init.len().min(v.size as usize);
            std::ptr::copy_nonoverlapping(v.init.as_ptr(), host, init);
            std::ptr::write_bytes(host.add(init), 0, v.size as usize - init);
        }
        self.host_bound.lock().unwrap_or_else(|e| e.into_inner()).insert(i, host as u64);
        Ok(())
    }

    /// The module's variables as placed in `mem` (none where they are not placed yet: nothing
    /// is allocated), for a fault report to say which one a bad address lies past.
    pub fn variables_in(&self, mem: &DeviceMemory) -> Vec<PlacedVariable> {
        let placed = match self.first_placed.get() {
            Some((id, p)) if *id == mem.id() => Some(p.clone()),
            _ => self
                .global_addrs
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .as_ref()
                .and_then(|(id, p)| (*id == mem.id()).then(|| p.clone())),
        };
        let Some(placed) = placed else { return Vec::new() };
        self.globals
            .iter()
            .zip(&placed.addrs)
            .map(|(v, &base)| PlacedVariable { name: v.name.clone(), base, size: v.size, constant: v.constant })
            .collect()
    }

    /// The device address of module variable `name` (`.global` or `.const`) in `mem`,
    /// allocating and initializing the module's variables there on first use.
    pub fn global_address(&self, name: &str, mem: &DeviceMemory) -> Option<DevicePtr> {
        let i = self.globals.iter().position(|g| g.name == name)?;
        let placed = self.globals_in(mem).ok()?;
        placed.addrs.get(i).map(|&a| DevicePtr(a))
    }

    /// Runs kernel `kernel` over `grid` × `block` threads. `params` holds the kernel
    /// parameters packed as CUDA does (each at its natural alignment).
    pub fn launch(
        &self,
        kernel: &str,
        grid: Dim3,
        block: Dim3,
        dynamic_shared: u32,
        params: &[u8],
        mem: &DeviceMemory,
    ) -> Result<LaunchStats, Fault> {
        let config = LaunchConfig { grid, block, dynamic_shared, opts: LaunchOptions::default() };
        self.launch_with(kernel, config, params, mem)
    }

    /// Kernel `kernel` resolved once, for launches by [`Program::launch_kernel`] that look
    /// nothing up by name; `None` when the program has no kernel of that name (loaded or not).
    pub fn kernel_id(&self, kernel: &str) -> Option<KernelId> {
        let idx = self.funcs.iter().position(|f| match f {
            Ok(f) => f.is_kernel && f.name == kernel,
            Err(e) => e.function == kernel,
        })?;
        u32::try_from(idx).ok().map(KernelId)
    }

    /// The name and code of kernel `id`: a launch error when it did not load.
    fn kernel_code(&self, id: KernelId) -> Result<(&str, &ir::Func), Fault> {
        match self.funcs.get(id.0 as usize) {
            Some(Ok(k)) => Ok((&k.name, k)),
            Some(Err(e)) => Err(Fault::launch(&e.function, FaultKind::NotLoaded(e.to_string()))),
            None => Err(Fault::launch("", FaultKind::BadLaunch(format!("no kernel {id:?} in this program")))),
        }
    }

    /// [`Program::launch`] with a whole execution configuration (launch options: a
    /// cooperative launch, clusters).
    pub fn launch_with(
        &self,
        kernel: &str,
        config: LaunchConfig,
        params: &[u8],
        mem: &DeviceMemory,
    ) -> Result<LaunchStats, Fault> {
        let id = self
            .kernel_id(kernel)
            .ok_or_else(|| Fault::launch(kernel, FaultKind::BadLaunch(format!("no kernel named `{kernel}`"))))?;
        self.launch_kernel(id, config, params, mem)
    }

    /// [`Program::launch_with`] for a kernel resolved by [`Program::kernel_id`].
    pub fn launch_kernel(
        &self,
        id: KernelId,
        config: LaunchConfig,
        params: &[u8],
        mem: &DeviceMemory,
    ) -> Result<LaunchStats, Fault> {
        let start = Instant::now();
        let LaunchConfig { grid, block, dynamic_shared, opts } = config;
        let (kernel, k) = self.kernel_code(id)?;
        let idx = id.0 as usize;
        let bad = |m: String| Fault::launch(kernel, FaultKind::BadLaunch(m));
        check_launch_shape(grid, block, params.len(), k.kparam_size).map_err(bad)?;
        let (cluster, explicit_cluster) = cluster_shape(opts.cluster, k.cluster, grid).map_err(bad)?;
        let cluster_size = cluster.iter().map(|&c| u64::from(c)).product::<u64>();
        let placed = self.globals_in(mem).map_err(|e| Fault::launch(kernel, FaultKind::Memory(e)))?;
        if self.uses_heap {
            mem.ensure_heap().map_err(|e| Fault::launch(kernel, FaultKind::Memory(e)))?;
        }
        // `this_grid().sync()` in a plain launch works on a GPU when the blocks happen to be
        // co-resident: such a launch (of up to IMPLICIT_COOPERATIVE_BLOCKS blocks) runs as a
        // cooperative one; a larger grid would hang on a GPU, and traps here.
        let blocks = u64::from(grid.x) * u64::from(grid.y) * u64::from(grid.z);
        let cooperative = opts.cooperative
            || (blocks > 1 && blocks <= IMPLICIT_COOPERATIVE_BLOCKS && self.reads_grid_workspace(idx as u32));
        let opts = LaunchOptions { cooperative, ..opts };
        let (envreg, workspace) =
            grid_workspace(mem, opts.cooperative).map_err(|e| Fault::launch(kernel, FaultKind::Memory(e)))?;
        let cdp = device_launch::DeviceRuntime::new(opts.depth);
        let mut l = exec::Launch {
            cdp: &cdp,
            program: self.serial,
            funcs: &self.funcs,
            files: &self.files,
            kernel: idx as u32,
            grid: grid.arr(),
            block: block.arr(),
            dyn_shared: dynamic_shared,
            params,
            mem: mem.view().with_params(params),
            globals: &placed.addrs,
            constants: &placed.constants,
            stop: AtomicBool::new(false),
            nworkers: self.workers,
            start,
            instructions: AtomicU64::new(0),
            dm: mem,
            printf: Mutex::new(Vec::new()),
            reserved_smem: if self.reserved_smem { 1024 } else { 0 },
            envreg,
            cooperative: opts.cooperative,
            resident_blocks: opts.resident_blocks,
            cluster,
            explicit_cluster,
            tier: None,
            units: 0..u64::MAX,
            cost: &self.costs[idx],
            pooled: AtomicBool::new(false),
            claims: exec::Claims::default(),
            seat_time: exec::SeatTime::default(),
        };
        // The warp tier's tuning rent (`jit/warp_slot.rs`) is the launch's own CPU time (its
        // seats', `exec::SeatTime`), measured only while a tuned compile could follow: wall
        // time counted other processes' turns on a loaded machine, and the process's CPU time
        // other threads' work, so tuned compiles started where they could not pay.
        let rent = self.engine == Engine::Jit && self.jit.warp_rent_wanted(&self.funcs, idx);
        if rent {
            l.seat_time.measure();
        }
        let (r, tier) = self.run_on_engine(&mut l, k, idx, block, cluster_size);
        let elapsed = start.elapsed();
        let pooled = l.pooled.load(Ordering::Relaxed);
        let workers_used = if pooled { u64::from(self.workers).min(blocks) as u32 } else { 1 };
        self.costs[idx].record(elapsed, blocks, workers_used);
        if tier == Tier::Interpreter && self.engine == Engine::Jit {
            self.jit.record_interpreted(idx, elapsed.saturating_mul(workers_used));
        }
        if rent && tier == Tier::WarpJit {
            self.jit.record_warp(idx, l.seat_time.total());
        }
        let mut printf_output = std::mem::take(l.printf.get_mut().unwrap_or_else(|e| e.into_inner()));
        let warp_instructions = l.instructions.load(Ordering::Relaxed);
        // The launch's view of the memory must be gone before the workspace is freed.
        drop(l);
        if let Some(p) = workspace {
            let _ = mem.free(p);
        }
        // Grids launched from device code run now that their parent has finished.
        let mut r = r;
        self.run_device_launches(&mut r, &cdp, mem, opts.depth, &mut printf_output);
        if let Err(mut f) = r {
            f.printf_output = printf_output;
            return Err(f);
        }
        Ok(LaunchStats {
            blocks,
            warp_instructions,
            workers: (u64::from(self.workers).min(blocks)) as u32,
            elapsed,
            tier,
            printf_output,
        })
    }
}

impl Program {
    /// Runs launch `l` of kernel `k` (`idx`, blocks of shape `block`, clusters of
    /// `cluster_size` blocks) on the tier this program's engine chooses for it. Returns the
    /// result and the tier that ran it.
    fn run_on_engine<'p>(
        &'p self,
        l: &mut exec::Launch<'p>,
        k: &ir::Func,
        idx: usize,
        block: Dim3,
        cluster_size: u64,
    ) -> (Result<(), Fault>, Tier) {
        // The block tier, under `Engine::Jit`, for a kernel it runs once its code is built
        // (`block_tier::Cache::choose`, the rule: `jit/tiering.rs`).
        let block_part =
            if BLOCK_TIER_IN_DEFAULT_ENGINE && self.engine == Engine::Jit && cluster_size <= 1 && !k.warps_interleave {
                let blocks = l.grid.iter().map(|&n| u64::from(n)).product::<u64>();
                self.block.choose(&self.funcs, idx, blocks, self.workers, [block.x, block.y, block.z], l.cooperative)
            } else {
                block_tier::Choice::Off
            };
        let (r, tier) = match self.engine {
            // The JIT runs every block on its own: clusters of several blocks need the
            // interpreter's cluster scheduler.
            _ if cluster_size > 1 => (exec::run(l), Tier::Interpreter),
            // Threads racing through a module variable: only the interpreter interleaves a
            // block's warps as a GPU's run (`Func::warps_interleave`). A block of one warp
            // has none to interleave: the warp tier runs its lanes in lockstep as the
            // interpreter does (the per-thread JIT, one thread after the other, would not).
            _ if k.warps_interleave => match self.lockstep_warp_code(idx, block) {
                Some(code) => {
                    l.tier = Some(code);
                    (exec::run(l), Tier::WarpJit)
                }
                None => (exec::run(l), Tier::Interpreter),
            },
            Engine::Block => match self.block.code_now(&self.funcs, idx, [block.x, block.y, block.z]) {
                Ok(code) => (block_tier::run(l, code), Tier::Block),
                Err(_) => (exec::run(l), Tier::Interpreter),
            },
            Engine::Jit => match block_part {
                block_tier::Choice::Whole(code) => {
                    // Its first whole launches measured, for the veto (`jit/tiering.rs`).
                    let watch = self.block.measures_whole(idx).then(|| block_tier::Stopwatch::start(l));
                    let r = block_tier::run(l, code);
                    if r.is_ok()
                        && let Some(w) = watch
                    {
                        let blocks = l.grid.iter().map(|&n| u64::from(n)).product::<u64>();
                        self.block.record(&self.funcs, idx, w.work(l), blocks);
                    }
                    (r, Tier::Block)
                }
                block_tier::Choice::Try(code) => self.judge_block_tier(l, idx, code),
                block_tier::Choice::Off => self.run_default_engine(l, idx),
            },
            Engine::JitAll | Engine::Warp => {
                if self.engine != Engine::JitAll
                    && let Some(code) =
                        self.jit.warp_code(&self.funcs, idx, jit::Shape::of(block.x), self.engine == Engine::Warp)
                {
                    l.tier = Some(code);
                    (exec::run(l), Tier::WarpJit)
                } else {
                    self.thread_jit(l, true, None)
                }
            }
            Engine::Interp => (exec::run(l), Tier::Interpreter),
        };
        if self.engine == Engine::Jit {
            self.jit.note_tier(idx, &k.name, tier);
        }
        (r, tier)
    }

    /// Runs `l` on the per-thread JIT (`all`: see `jit::Cache::run`; `up`: the tier that
    /// takes its remaining blocks once ready), else the interpreter.
    fn thread_jit(&self, l: &exec::Launch<'_>, all: bool, up: Option<&jit::TierUp<'_>>) -> (Result<(), Fault>, Tier) {
        match self.jit.run(l, all, up) {
            Some(r) => (r, Tier::ThreadJit),
            None => (exec::run(l), Tier::Interpreter),
        }
    }

    /// Runs launch `l` of kernel `idx` on the default engine below the block tier: the warp
    /// tier or the per-thread JIT (`jit::Cache::pick`), the work measured while the kernel's
    /// block-tier code is not built (`block_tier::Cache::record_other`: when to build it).
    fn run_default_engine<'p>(&'p self, l: &mut exec::Launch<'p>, idx: usize) -> (Result<(), Fault>, Tier) {
        // (Counted while it runs, for the block tier's watch of a long first launch; from
        // before `pick`, which may compile per-thread code first.)
        let measured = self.block.measures(idx);
        let _running = measured.then(|| self.block.running(idx));
        let watch = measured.then(|| block_tier::Stopwatch::start(l));
        // A long launch moves up mid-launch: once the block tier's code is built (in the
        // background, while this launch runs), every block claimed after runs on it. (Not
        // judged on this launch: the next launch large enough to split is, `judge_block_tier`.)
        let moved = AtomicU64::new(0);
        let up = |w: &mut jit::Worker, l: &exec::Launch<'_>, ctaid: [u32; 3], worker: u32| {
            let code = self.block.ready(idx)?;
            if moved.fetch_add(1, Ordering::Relaxed) == 0 && jit::trace() {
                let name = self.funcs.get(idx).and_then(|f| f.as_ref().ok()).map_or("", |f| f.name.as_str());
                eprintln!("tier: `{name}` moves to the block tier mid-launch");
            }
            Some(block_tier::run_block(w, l, code, ctaid, worker))
        };
        let ran = self.run_below_block_tier(l, idx, measured.then_some(&up as &jit::TierUp<'_>));
        if moved.load(Ordering::Relaxed) > 0 && ran.0.is_ok() {
            // Its CPU time is partly the block tier's: no measure of the tiers below.
            return (ran.0, Tier::Block);
        }
        if ran.0.is_ok()
            && let Some(w) = watch
        {
            let blocks = l.grid.iter().map(|&n| u64::from(n)).product::<u64>();
            self.block.record_other(idx, w.work(l), blocks);
        }
        ran
    }

    /// Runs launch `l` of kernel `idx` (its `units`) on the warp tier or the per-thread JIT,
    /// as `jit::Cache::pick` says (on the per-thread JIT, the blocks `up` takes on the tier
    /// above).
    fn run_below_block_tier<'p>(
        &'p self,
        l: &mut exec::Launch<'p>,
        idx: usize,
        up: Option<&jit::TierUp<'_>>,
    ) -> (Result<(), Fault>, Tier) {
        match self.jit.pick(&self.funcs, idx, jit::Shape::of(l.block[0]), self.block.runs_lanes(idx)) {
            jit::JitTier::Warp(code) => {
                l.tier = Some(code);
                (exec::run(l), Tier::WarpJit)
            }
            jit::JitTier::Thread => {
                l.tier = None;
                self.thread_jit(l, false, up)
            }
        }
    }

    /// Runs launch `l` of kernel `idx` while the block tier is judged for it (`code`, the
    /// veto of `jit/tiering.rs`): a slice of its first blocks on the block tier, as many after
    /// them on the rung below, each in the CPU time of its seats (`block_tier::Stopwatch`); the
    /// rest of the launch where the verdict says (`block_tier::Cache::judge`; the block tier
    /// until there is one). Returns the result and the tier of the last part.
    fn judge_block_tier<'p>(
        &'p self,
        l: &mut exec::Launch<'p>,
        idx: usize,
        code: &'p block_tier::BlockCode,
    ) -> (Result<(), Fault>, Tier) {
        let blocks = l.grid.iter().map(|&n| u64::from(n)).product::<u64>();
        let n = jit::slice_blocks(blocks, self.workers);
        let m = n.min(blocks - n);
        l.units = 0..n;
        let watch = block_tier::Stopwatch::start(l);
        let r = block_tier::run(l, code);
        // (A part whose block waited for a later block ran the rest of the grid too:
        // `exec::Claims::covered_end`. Such a launch is no verdict: a later one is judged.)
        if r.is_err() || l.claims.covered_end() >= blocks {
            self.block.unjudged(idx);
            return (r, Tier::Block);
        }
        let tried = (watch.work(l), n);
        l.units = n..n + m;
        let watch = block_tier::Stopwatch::start(l);
        let below = self.run_below_block_tier(l, idx, None);
        if below.0.is_err() || l.claims.covered_end() >= blocks {
            self.block.unjudged(idx);
            return below;
        }
        let keep = self.block.judge(&self.funcs, idx, tried, (watch.work(l), m));
        l.units = n + m..blocks;
        match (keep, l.units.is_empty()) {
            (_, true) => below,
            (true, false) => (block_tier::run(l, code), Tier::Block),
            (false, false) => self.run_below_block_tier(l, idx, None),
        }
    }

    /// The warp-tier code that runs a launch of kernel `idx`, whose threads race through one
    /// location (`Func::warps_interleave`), in blocks of `block` threads: only for blocks of
    /// one warp, under the engines that run the warp tier, once compiled (a long kernel
    /// compiles in the background under [`Engine::Jit`], as `jit::Cache::pick` does).
    fn lockstep_warp_code(&self, idx: usize, block: Dim3) -> Option<&jit::warp::WarpCode> {
        let threads = u64::from(block.x) * u64::from(block.y) * u64::from(block.z);
        if threads > 32 || !matches!(self.engine, Engine::Jit | Engine::Warp) {
            return None;
        }
        self.jit.lockstep_code(&self.funcs, idx, jit::Shape::of(block.x), self.engine == Engine::Warp)
    }
}

/// The module's variables placed in one device memory.
#[derive(Debug)]
struct Placed {
    /// Each variable's device address.
    addrs: Vec<u64>,
    /// The `.const` variables' `[start, end)` address ranges, sorted (`isspacep.const`).
    constants: Vec<(u64, u64)>,
}

/// A module variable (`__device__` or `__constant__`) where it lies in a device memory
/// ([`Program::variables_in`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedVariable {
    /// Its PTX name (mangled, for C++).
    pub name: String,
    /// Its first address.
    pub base: u64,
    /// Its size in bytes.
    pub size: u64,
    /// Whether it is in the `.const` space (`__constant__`).
    pub constant: bool,
}

/// The module's variables placed in one device memory, as a launch holds them.
enum PlacedIn<'a> {
    /// In the first memory they were placed in (kept by the program).
    First(&'a Placed),
    /// In another.
    Other(Arc<Placed>),
}

impl std::ops::Deref for PlacedIn<'_> {
    type Target = Placed;

    fn deref(&self) -> &Placed {
        match self {
            PlacedIn::First(p) => p,
            PlacedIn::Other(p) => p,
        }
    }
}

/// The largest plain launch that runs as a cooperative one when its kernel synchronizes the
/// grid (each block then gets its own thread).
const IMPLICIT_COOPERATIVE_BLOCKS: u64 = 1024;

impl Program {
    /// Runs the grids kernels of a finished launch queued (dynamic parallelism), in launch
    /// order, each with its own children after it, unless the parent (`r`, the launch's
    /// result) or an earlier child faulted (the child's fault then becomes `r`: updated in
    /// place, as a large result moved in and out was copied at every launch); frees every
    /// parameter buffer. Their `printf` output is appended to `printf`.
    fn run_device_launches(
        &self,
        r: &mut Result<(), Fault>,
        cdp: &device_launch::DeviceRuntime,
        mem: &DeviceMemory,
        depth: u32,
        printf: &mut Vec<u8>,
    ) {
        let (children, unused) = cdp.take();
        for p in unused {
            mem.heap_free(p);
        }
        for c in &children {
            // Queued launches are of loaded kernels (`device_launch` checks).
            if let (Ok(()), Some(Ok(f))) = (&*r, self.funcs.get(c.func as usize)) {
                let mut params = vec![0u8; f.kparam_size as usize];
                let _ = mem.read(DevicePtr(c.params), &mut params);
                let config = LaunchConfig {
                    grid: Dim3::new(c.grid[0], c.grid[1], c.grid[2]),
                    block: Dim3::new(c.block[0], c.block[1], c.block[2]),
                    dynamic_shared: c.shared,
                    opts: LaunchOptions { depth: depth + 1, ..LaunchOptions::default() },
                };
                match self.launch_kernel(KernelId(c.func), config, &params, mem) {
                    Ok(st) => printf.extend_from_slice(&st.printf_output),
                    Err(mut fault) => {
                        printf.append(&mut fault.printf_output);
                        *r = Err(fault);
                    }
                }
            }
            mem.heap_free(c.params);
        }
    }

    /// Whether kernel `idx`, or a function it calls, reads the cooperative grid workspace
    /// (`%envreg1`/`%envreg2`: `cooperative_groups::this_grid().sync()`); found once per kernel.
    fn reads_grid_workspace(&self, idx: u32) -> bool {
        *self.grid_sync[idx as usize].get_or_init(|| {
            let mut seen = vec![false; self.funcs.len()];
            let mut todo = vec![idx];
            while let Some(i) = todo.pop() {
                let Some(Ok(f)) = self.funcs.get(i as usize) else { continue };
                if std::mem::replace(&mut seen[i as usize], true) {
                    continue;
                }
                if f.info.iter().any(|s| s.text.contains("%envreg1") || s.text.contains("%envreg2")) {
                    return true;
                }
                todo.extend(f.code.iter().filter_map(|inst| match inst.op.callee() {
                    Some(Callee::Func(func)) => Some(func),
                    Some(Callee::Pointer | Callee::Builtin(_)) | None => None,
                }));
            }
            false
        })
    }
}

/// The device address of a host-bound module variable ([`Program::bind_global_to_host`]):
/// `host` itself, mapped into `mem` unless a mapping there already covers it.
fn map_host_bound(mem: &DeviceMemory, host: u64, size: u64) -> Result<u64, MemError> {
    if let Some(info) = mem.lookup(host)
        && host - info.base + size <= info.size
    {
        return Ok(host);
    }
    // SAFETY: `bind_global_to_host`'s contract: `host..host + size` is process-lifetime host
    // memory that Rust code does not access as ordinary memory.
    unsafe { mem.map_host(host as *mut u8, size) }.map(|p| p.0)
}

/// Checks a launch's grid and block against CUDA's limits (1 to 1024 threads a block, grid
/// dimensions of at least 1, y and z at most 65535) and its parameter bytes against the
/// kernel's `param_size`; the error says which is wrong.
fn check_launch_shape(grid: Dim3, block: Dim3, params: usize, param_size: u32) -> Result<(), String> {
    let threads = u64::from(block.x) * u64::from(block.y) * u64::from(block.z);
    if threads == 0 || threads > 1024 {
        return Err(format!("block of {threads} threads (must be 1..=1024)"));
    }
    if grid.x == 0 || grid.y == 0 || grid.z == 0 || grid.y > 65535 || grid.z > 65535 {
        return Err("invalid grid dimensions".into());
    }
    if (params as u64) < u64::from(param_size) {
        return Err(format!("{params} parameter bytes given, kernel needs {param_size}"));
    }
    Ok(())
}

/// A launch's cluster shape (the launch's own, else the kernel's, else one block) and whether
/// one was given; an error when it does not divide `grid` or holds more than 64 blocks.
fn cluster_shape(launch: Option<Dim3>, kernel: Option<[u32; 3]>, grid: Dim3) -> Result<([u32; 3], bool), String> {
    let cluster = match (launch, kernel) {
        (Some(c), _) => Some(c.arr()),
        (None, c) => c,
    };
    let explicit = cluster.is_some();
    let cluster = cluster.unwrap_or([1, 1, 1]);
    let size = cluster.iter().map(|&c| u64::from(c)).product::<u64>();
    if size == 0 || size > 64 || grid.arr().iter().zip(cluster).any(|(g, c)| c == 0 || g % c != 0) {
        return Err(format!("cluster dimensions {cluster:?} do not divide grid {:?}", grid.arr()));
    }
    Ok((cluster, explicit))
}

/// The environment registers of a launch, and for a cooperative one its grid barrier's
/// workspace: 16 zeroed bytes (freed after the launch) whose address `cooperative_groups` reads
/// from %envreg1:%envreg2.
fn grid_workspace(mem: &DeviceMemory, cooperative: bool) -> Result<([u32; 32], Option<DevicePtr>), MemError> {
    let mut envreg = [0u32; 32];
    if !cooperative {
        return Ok((envreg, None));
    }
    let p = mem.alloc(16)?;
    envreg[1] = (p.0 >> 32) as u32;
    envreg[2] = p.0 as u32;
    Ok((envreg, Some(p)))
}
