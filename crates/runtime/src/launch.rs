//! Kernel launches: CUDA's validation (with its exact error codes), asynchronous execution on
//! a stream, and the mapping of simt faults to CUDA's sticky errors.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};

use simt::{Dim3, Fault, FaultKind, MemError};

use crate::context::{api, ctx, record};
pub use crate::device::MAX_SHARED_PER_BLOCK;
use crate::error::{Error, Result};
use crate::module::Function;
use crate::stream::{Stream, StreamInner, enqueue_as, resolve};

/// The CUDA error a simt fault becomes (all sticky, except launch-argument problems).
pub fn fault_error(f: &Fault) -> Error {
    match &f.kind {
        FaultKind::Memory(MemError::Misaligned { .. }) => Error::MisalignedAddress,
        // Recursion past the call-depth limit ran out of stack: an H200 answers an illegal
        // address (its stack is local memory), not cudaErrorHardwareStackError.
        FaultKind::Memory(_) | FaultKind::OutOfBounds { .. } | FaultKind::Texture { .. } | FaultKind::StackOverflow => {
            Error::IllegalAddress
        }
        FaultKind::Assert { .. } => Error::Assert,
        FaultKind::Trap | FaultKind::Deadlock { .. } | FaultKind::WarpDeadlock { .. } => Error::LaunchFailure,
        FaultKind::Timeout { .. } => Error::LaunchTimeout,
        FaultKind::NotLoaded(_) => Error::InvalidPtx,
        FaultKind::BadLaunch(_) => Error::InvalidConfiguration,
    }
}

/// Checks a launch configuration as CUDA does.
pub fn validate(f: &Function, grid: Dim3, block: Dim3, dynamic_shared: u32) -> Result<()> {
    // CUDA 13.0 reports every bad configuration (zero or oversized dimensions, more threads
    // than the kernel's __launch_bounds__, too much shared memory) as cudaErrorInvalidValue:
    // tests/gpu-programs/probe_launch_errors.txt, recorded on an H100, and
    // tests/program-diff/occupancy_func_attrs.cu on an H200.
    if grid.x == 0 || grid.y == 0 || grid.z == 0 || block.x == 0 || block.y == 0 || block.z == 0 {
        return Err(Error::InvalidValue);
    }
    let threads = u64::from(block.x) * u64::from(block.y) * u64::from(block.z);
    if block.x > 1024 || block.y > 1024 || block.z > 64 || threads > 1024 {
        return Err(Error::InvalidValue);
    }
    if grid.x > i32::MAX as u32 || grid.y > 65535 || grid.z > 65535 {
        return Err(Error::InvalidValue);
    }
    let k = f.info();
    if let Some(r) = k.reqntid
        && [block.x, block.y, block.z] != r
    {
        return Err(Error::InvalidValue);
    }
    if let Some(m) = k.maxntid
        && threads > u64::from(m)
    {
        return Err(Error::InvalidValue);
    }
    // A kernel that did not load has no shared-memory layout to check (its static size is
    // only an estimate over the whole module), and the reason it cannot run is what to report.
    if let Some(e) = &k.load_error {
        eprintln!("cuprite: kernel `{}` cannot run on the CPU device: {e}", k.name);
        return Err(Error::InvalidPtx);
    }
    if !shared_fits(f, dynamic_shared) {
        return Err(Error::InvalidValue);
    }
    // More warps than the register file holds at the registers ptxas gave the kernel
    // (tests/program-diff/launch_register_limits.cu on an H200).
    if let Some(r) = k.registers
        && threads > u64::from(crate::device::warps_by_registers(r)) * 32
    {
        return Err(Error::LaunchOutOfResources);
    }
    Ok(())
}

/// Whether a block of `f` may have `dynamic_shared` bytes of dynamic shared memory: above
/// 48 KB (less static shared memory) only once raised by
/// cudaFuncAttributeMaxDynamicSharedMemorySize, as CUDA's opt-in.
fn shared_fits(f: &Function, dynamic_shared: u32) -> bool {
    dynamic_shared <= f.max_dynamic_shared()
        && u64::from(dynamic_shared) + u64::from(f.info().static_shared) <= u64::from(MAX_SHARED_PER_BLOCK)
}

/// Launches `f` with arguments `args` (one byte slice per parameter) on `stream`.
pub fn launch(
    f: &Function,
    grid: Dim3,
    block: Dim3,
    dynamic_shared: u32,
    stream: Stream,
    args: &[&[u8]],
) -> Result<()> {
    let params = f.pack_params(args)?;
    launch_packed(f, grid, block, dynamic_shared, stream, params)
}

/// Launches `f` with an already packed parameter buffer on `stream`. Configuration errors
/// are returned at once; faults are reported (sticky) by the next synchronizing call.
pub fn launch_packed(
    f: &Function,
    grid: Dim3,
    block: Dim3,
    dynamic_shared: u32,
    stream: Stream,
    params: Vec<u8>,
) -> Result<()> {
    launch_ex(f, &LaunchConfig { grid, block, dynamic_shared, stream, attrs: LaunchAttrs::default() }, params)
}

/// A launch's configuration, as `cudaLaunchConfig_t` gives it.
#[derive(Debug, Clone, Copy)]
pub struct LaunchConfig {
    /// Grid dimensions (blocks).
    pub grid: Dim3,
    /// Block dimensions (threads).
    pub block: Dim3,
    /// Dynamic shared memory per block, bytes.
    pub dynamic_shared: u32,
    /// The stream.
    pub stream: Stream,
    /// The launch attributes.
    pub attrs: LaunchAttrs,
}

/// The launch attributes of `cudaLaunchKernelEx` that matter on the CPU device.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LaunchAttrs {
    /// `cudaLaunchAttributeCooperative`: all blocks co-resident, grid-wide sync allowed.
    pub cooperative: bool,
    /// `cudaLaunchAttributeClusterDimension` (blocks per cluster), if set.
    pub cluster: Option<Dim3>,
    /// `cudaLaunchAttributePriority` (accepted; every priority runs alike on the CPU).
    pub priority: i32,
    /// `cudaLaunchAttributeLaunchCompletionEvent` / `ProgrammaticEvent`: an event recorded
    /// when the kernel completes.
    pub completion_event: Option<crate::event::Event>,
    /// `cudaLaunchAttributeProgrammaticStreamSerialization` allowed: the kernel still runs
    /// after the work before it; a capture gives its edge programmatic data.
    pub programmatic: bool,
}

/// The most blocks of `f` a cooperative launch may have: resident blocks per multiprocessor
/// times the multiprocessor count (as `cudaOccupancyMaxActiveBlocksPerMultiprocessor` says).
pub fn max_cooperative_blocks(f: &Function, block: Dim3, dynamic_shared: u32) -> Result<u64> {
    let threads = u64::from(block.x) * u64::from(block.y) * u64::from(block.z);
    let per_sm = max_active_blocks_per_sm(f, threads.min(1024) as i32, dynamic_shared as usize)?;
    Ok(u64::from(per_sm.max(0) as u32) * u64::from(crate::device::cores().max(1) as u32))
}

/// Blocks per cluster without `cudaFuncAttributeNonPortableClusterSizeAllowed` (CUDA's
/// portable cluster size), and with it.
pub const MAX_PORTABLE_CLUSTER: u64 = 8;
/// See [`MAX_PORTABLE_CLUSTER`].
pub const MAX_CLUSTER: u64 = 16;

/// The cluster dimensions of a launch of `f` whose `cudaLaunchAttributeClusterDimension` is
/// `attr`: the attribute, else the kernel's required cluster dimensions (`__cluster_dims__`
/// or the `cudaFuncAttributeRequiredCluster*` attributes), else `None` (clusters of one
/// block). Both given and different, or more blocks than allowed (8; 16 for a kernel with
/// the non-portable attribute; at most its `__launch_bounds__` maxBlocksPerCluster, as an H200
/// refuses more: tests/program-diff/cluster_occupancy_attrs.cu), is
/// [`Error::InvalidClusterSize`].
pub fn cluster_dims(f: &Function, attr: Option<Dim3>) -> Result<Option<Dim3>> {
    let required = f.required_cluster().map(|c| Dim3::new(c[0], c[1], c[2]));
    let cl = match (attr, required) {
        (Some(a), Some(r)) if a != r => return Err(Error::InvalidClusterSize),
        (a, r) => a.or(r),
    };
    if let Some(cl) = cl {
        let size = u64::from(cl.x) * u64::from(cl.y) * u64::from(cl.z);
        let max = if f.non_portable_cluster() { MAX_CLUSTER } else { MAX_PORTABLE_CLUSTER };
        let max = f.info().maxclusterrank.map_or(max, |r| max.min(u64::from(r)));
        if size == 0 || size > max {
            return Err(Error::InvalidClusterSize);
        }
    }
    Ok(cl)
}

/// `cudaOccupancyMaxActiveClusters`: how many clusters of the launch configuration's cluster
/// dimensions (attribute or the kernel's) fit on the device at once — the co-resident blocks
/// (as for a cooperative launch) divided by the cluster size. A kernel without required
/// cluster dimensions needs the attribute, and the cluster must divide the configuration's
/// grid, as for a launch ([`Error::InvalidClusterSize`]; an H200 answers a grid of 6 with
/// clusters of 4 so: tests/program-diff/cluster_cg_queries.cu).
pub fn max_active_clusters(
    f: &Function,
    grid: Dim3,
    block: Dim3,
    dynamic_shared: u32,
    attr: Option<Dim3>,
) -> Result<u64> {
    let cl = cluster_grid(f, grid, attr)?.ok_or(Error::InvalidClusterSize)?;
    let size = u64::from(cl.x) * u64::from(cl.y) * u64::from(cl.z);
    Ok(max_cooperative_blocks(f, block, dynamic_shared)? / size.max(1))
}

/// The cluster dimensions of a launch of `grid` ([`cluster_dims`]), which must divide the grid
/// ([`Error::InvalidClusterSize`]): what a launch and the cluster occupancy queries check.
pub fn cluster_grid(f: &Function, grid: Dim3, attr: Option<Dim3>) -> Result<Option<Dim3>> {
    let cluster = cluster_dims(f, attr)?;
    if let Some(cl) = cluster
        && (!grid.x.is_multiple_of(cl.x) || !grid.y.is_multiple_of(cl.y) || !grid.z.is_multiple_of(cl.z))
    {
        return Err(Error::InvalidClusterSize);
    }
    Ok(cluster)
}

/// The cluster dimensions of a launch ([`cluster_grid`]). CUDA checks them before the block
/// and shared memory sizes (an H200 answers a launch with too much dynamic shared memory of a
/// kernel whose required cluster does not divide the grid with InvalidClusterSize).
fn validate_cluster(f: &Function, c: &LaunchConfig) -> Result<Option<Dim3>> {
    cluster_grid(f, c.grid, c.attrs.cluster)
}

/// Checks the launch attributes against the configuration, as CUDA does: a cooperative grid
/// must fit on the device at once ([`Error::CooperativeLaunchTooLarge`]).
fn validate_attrs(f: &Function, c: &LaunchConfig) -> Result<()> {
    if c.attrs.cooperative {
        let blocks = u64::from(c.grid.x) * u64::from(c.grid.y) * u64::from(c.grid.z);
        if blocks > max_cooperative_blocks(f, c.block, c.dynamic_shared)? {
            return Err(Error::CooperativeLaunchTooLarge);
        }
    }
    Ok(())
}

/// `cudaLaunchKernelEx`: launches `f` with a packed parameter buffer under `c` (with its
/// attributes). Configuration errors are returned at once; faults are reported (sticky) by
/// the next synchronizing call.
pub fn launch_ex(f: &Function, c: &LaunchConfig, params: Vec<u8>) -> Result<()> {
    api(|ctx| {
        let cluster = validate_cluster(f, c)?;
        validate(f, c.grid, c.block, c.dynamic_shared).map_err(|e| {
            // No block of a cooperative grid with too much shared memory fits on the device:
            // an H200 answers that rather than the plain launch's cudaErrorInvalidValue.
            if c.attrs.cooperative && !shared_fits(f, c.dynamic_shared) { Error::CooperativeLaunchTooLarge } else { e }
        })?;
        validate_attrs(f, c)?;
        let s = resolve(c.stream)?;
        if let Some(e) = c.attrs.completion_event {
            crate::event::marker_of(e)?;
        }
        // A plain launch in a capturing stream becomes a kernel node with its parameters (one
        // with other launch attributes or clusters stays an opaque node: a kernel node has no
        // place for them yet); programmatic serialization is the data of its edges.
        if (LaunchAttrs { programmatic: false, ..c.attrs }) == LaunchAttrs::default()
            && cluster.is_none()
            && let Some(capture) = KERNEL_CAPTURE.get()
            && let Some(r) = capture(&s, f, c.grid, c.block, c.dynamic_shared, &params, c.attrs.programmatic)
        {
            return r;
        }
        // CUDA loads a kernel at its first launch (lazy loading, the default), and loading
        // "might require context synchronization": on an H200 that launch runs after the work
        // already on every stream, and its call does not wait (gpu-unseen/runtime16_ptds_probe,
        // runtime17_lazy_loading; tests/program-diff/lazy_loading.cu).
        let deps = if f.first_launch() && lazy_loading() { crate::stream::all_pending() } else { Vec::new() };
        let mem = ctx.mem();
        let opts = simt::LaunchOptions { cooperative: c.attrs.cooperative, cluster, ..Default::default() };
        let run = KernelRun::new(f, c.grid, c.block, c.dynamic_shared, params, opts);
        enqueue_as(&s, deps, Box::new(move || run.run(&mem)), crate::work::NodeType::Kernel);
        if let Some(e) = c.attrs.completion_event {
            e.record(c.stream)?;
        }
        Ok(())
    })
}

/// Whether kernels load at their first launch: CUDA's default, unless `CUDA_MODULE_LOADING`
/// is `EAGER` (read once, as CUDA reads it at initialization).
fn lazy_loading() -> bool {
    static LAZY: OnceLock<bool> = OnceLock::new();
    *LAZY.get_or_init(|| std::env::var("CUDA_MODULE_LOADING").map_or(true, |v| !v.trim().eq_ignore_ascii_case("EAGER")))
}

/// How a launch in a capturing stream becomes a kernel node: `None` when the stream is not
/// capturing, else the node's creation's result. The graph layer installs it
/// ([`install_kernel_capture`]) when the first capture begins.
pub(crate) type KernelCapture = fn(&StreamInner, &Function, Dim3, Dim3, u32, &[u8], bool) -> Option<Result<()>>;

static KERNEL_CAPTURE: OnceLock<KernelCapture> = OnceLock::new();

/// Installs the graph layer's [`KernelCapture`] (once; later calls change nothing).
pub(crate) fn install_kernel_capture(capture: KernelCapture) {
    let _ = KERNEL_CAPTURE.set(capture);
}

/// One kernel launch as a stream or a graph runs it: the kernel, its shape, its parameter
/// buffer and its options.
pub(crate) struct KernelRun {
    pub(crate) module: Arc<crate::module::ModuleInner>,
    pub(crate) name: Arc<str>,
    /// The kernel resolved at load, so that a launch looks nothing up by name.
    pub(crate) id: Option<simt::KernelId>,
    pub(crate) grid: Dim3,
    pub(crate) block: Dim3,
    pub(crate) dynamic_shared: u32,
    pub(crate) params: Vec<u8>,
    pub(crate) opts: simt::LaunchOptions,
}

impl KernelRun {
    /// `f` launched with `params` under `grid`, `block` and `dynamic_shared` bytes.
    pub(crate) fn new(
        f: &Function,
        grid: Dim3,
        block: Dim3,
        dynamic_shared: u32,
        params: Vec<u8>,
        opts: simt::LaunchOptions,
    ) -> KernelRun {
        let (module, name, id) = (f.module.clone(), f.name.clone(), f.kernel_id());
        // The blocks a GPU holds at once, as many as a cooperative launch may have: a block
        // that waits for blocks not started starts threads for at most these.
        let resident_blocks = opts.resident_blocks.or_else(|| max_cooperative_blocks(f, block, dynamic_shared).ok());
        let opts = simt::LaunchOptions { resident_blocks, ..opts };
        KernelRun { module, name, id, grid, block, dynamic_shared, params, opts }
    }

    /// Runs the launch in `mem`: nothing if the context has faulted; else the launch, then its
    /// printf output, or the fault's report and sticky error.
    pub(crate) fn run(&self, mem: &simt::DeviceMemory) {
        if crate::context::sticky().is_some() {
            return;
        }
        let KernelRun { module, name, id, grid, block, dynamic_shared, params, opts } = self;
        let _running = Running::start(name, *grid, *block);
        let start = crate::profile::now();
        let program = &module.program;
        let config = simt::LaunchConfig { grid: *grid, block: *block, dynamic_shared: *dynamic_shared, opts: *opts };
        let launched = match id {
            Some(id) => program.launch_kernel(*id, config, params, mem),
            None => program.launch_with(name, config, params, mem),
        };
        match launched {
            Ok(stats) => {
                if let Some(t) = start {
                    crate::profile::kernel(name, *grid, *block, stats.tier, t);
                }
                crate::printf::push(&stats.printf_output)
            }
            Err(fault) => report_fault(&fault, &program.variables_in(mem)),
        }
    }
}

/// A running kernel: its name and shape.
type RunningKernel = (Arc<str>, Dim3, Dim3);

/// One thread's kernel launches, as the interrupt report reads them from another thread.
/// Only its thread writes it; a launch of the kernel its thread ran last (a graph's nodes, a
/// loop's launches) changes the serial number alone: two stores, no lock (a global list
/// locked twice per launch cost a twentieth of a small graph node).
#[derive(Default)]
struct Slot {
    /// The serial number of the launch running on the thread (0: none).
    serial: AtomicU64,
    /// The kernel the thread runs, or ran last. Changed under the lock before `serial`
    /// says that it runs, so a reader that locks it and then reads `serial` gets a pair.
    kernel: Mutex<Option<RunningKernel>>,
}

/// The calling thread's slot and a copy of its kernel (read without the lock).
struct ThreadSlot {
    slot: Arc<Slot>,
    shown: RefCell<Option<RunningKernel>>,
}

/// Every thread's slot; a thread's is added at its first launch, and the slots of threads
/// that ended are dropped when the next one is added.
fn slots() -> std::sync::MutexGuard<'static, Vec<Weak<Slot>>> {
    static SLOTS: Mutex<Vec<Weak<Slot>>> = Mutex::new(Vec::new());
    crate::context::lock(&SLOTS)
}

thread_local! {
    static THREAD_SLOT: ThreadSlot = {
        let slot = Arc::new(Slot::default());
        let mut all = slots();
        all.retain(|s| s.strong_count() > 0);
        all.push(Arc::downgrade(&slot));
        ThreadSlot { slot, shown: RefCell::new(None) }
    };
}

impl ThreadSlot {
    /// Shows `kernel` as the thread's kernel (locking the slot only if it changes).
    fn show(&self, kernel: Option<(&Arc<str>, Dim3, Dim3)>) {
        let same = match (&*self.shown.borrow(), kernel) {
            // Graph nodes of one kernel may hold different copies of its name.
            (Some((n, g, b)), Some((m, h, c))) => (Arc::ptr_eq(n, m) || n == m) && *g == h && *b == c,
            (None, None) => true,
            _ => false,
        };
        if !same {
            let kernel = kernel.map(|(n, g, b)| (n.clone(), g, b));
            *crate::context::lock(&self.slot.kernel) = kernel.clone();
            *self.shown.borrow_mut() = kernel;
        }
    }
}

/// A kernel shown as running on its thread until this drops (also if the launch unwinds).
/// A launch inside another on the same thread shows itself, then the outer one again.
struct Running {
    /// The launch running on the thread before this one: its serial number (0: none) and
    /// kernel.
    outer: (u64, Option<RunningKernel>),
}

impl Running {
    fn start(name: &Arc<str>, grid: Dim3, block: Dim3) -> Running {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        let serial = NEXT.fetch_add(1, Ordering::Relaxed);
        // During the thread's teardown (its slot gone) the launch is not shown.
        let outer = THREAD_SLOT.try_with(|t| {
            let outer_serial = t.slot.serial.load(Ordering::Relaxed);
            let outer_kernel = if outer_serial == 0 { None } else { t.shown.borrow().clone() };
            t.show(Some((name, grid, block)));
            t.slot.serial.store(serial, Ordering::Release);
            (outer_serial, outer_kernel)
        });
        Running { outer: outer.unwrap_or((0, None)) }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let (serial, kernel) = &self.outer;
        let _ = THREAD_SLOT.try_with(|t| {
            t.slot.serial.store(0, Ordering::Release);
            if *serial != 0 {
                t.show(kernel.as_ref().map(|(n, g, b)| (n, *g, *b)));
                t.slot.serial.store(*serial, Ordering::Release);
            }
        });
    }
}

/// The kernels running at this moment, as `name<<<(grid), (block)>>>`, oldest launch first.
pub fn running_kernels() -> Vec<String> {
    let dims = |d: Dim3| format!("({}, {}, {})", d.x, d.y, d.z);
    let mut now: Vec<(u64, RunningKernel)> = slots()
        .iter()
        .filter_map(Weak::upgrade)
        .filter_map(|s| {
            let kernel = crate::context::lock(&s.kernel);
            let serial = s.serial.load(Ordering::Acquire);
            kernel.clone().filter(|_| serial != 0).map(|k| (serial, k))
        })
        .collect();
    now.sort_unstable_by_key(|(serial, _)| *serial);
    now.iter().map(|(_, (name, grid, block))| format!("{name}<<<{}, {}>>>", dims(*grid), dims(*block))).collect()
}

/// Reports a launch fault: its printf output, CUDA's message for a failed device `assert`,
/// our diagnostic (with where a bad global address lies, against the allocations and the
/// module's `variables`), and the (sticky) error.
fn report_fault(fault: &Fault, variables: &[simt::PlacedVariable]) {
    crate::printf::push(&fault.printf_output);
    let e = fault_error(fault);
    if let Some(m) = fault.assert_message() {
        eprintln!("{m}");
    }
    eprintln!("cuprite: {} ({}): {fault}", e.name(), e.description());
    if let FaultKind::Memory(MemError::OutOfBounds { addr, .. }) = fault.kind
        && let Some(hint) = crate::memory::fault_hint(addr, variables)
    {
        eprintln!("cuprite:   {hint}");
    }
    if e.is_sticky() {
        ctx().set_sticky(e);
    } else {
        ctx().set_async(e);
    }
}

/// `cudaOccupancyMaxActiveBlocksPerMultiprocessor`: resident blocks per multiprocessor for
/// blocks of `block_size` threads using `dynamic_shared` bytes of dynamic shared memory, as the
/// occupancy calculator (cuda_occupancy.h) counts them from the kernel's attributes, as an H200
/// answers (notes/gpu-unseen/occupancy_edges.cu): none with more dynamic shared memory than the
/// kernel may use, none in blocks above the device's 1024 threads; shared memory allocated per
/// block (the runtime's reserved 1 KB included) in units of 128 bytes. A block size above the
/// kernel's launch bound is counted as any other (4 blocks of 512 threads for a kernel bounded
/// to 256: tests/program-diff/expected/occupancy_func_attrs.txt).
pub fn max_active_blocks_per_sm(f: &Function, block_size: i32, dynamic_shared: usize) -> Result<i32> {
    if block_size <= 0 {
        return record(Err(Error::InvalidValue));
    }
    let attributes = f.attributes();
    if dynamic_shared > f.max_dynamic_shared() as usize || block_size > 1024 {
        return Ok(0);
    }
    let warps = (block_size as u32).div_ceil(32);
    let by_threads = 2048 / (warps * 32);
    let per_block = (attributes.sharedSizeBytes as u64 + dynamic_shared as u64 + 1024).next_multiple_of(128);
    let by_shared = 233_472 / per_block;
    let by_regs = u64::from(crate::device::warps_by_registers(attributes.numRegs as u32) / warps);
    Ok(u64::from(by_threads).min(by_shared).min(by_regs).min(32) as i32)
}

/// `cudaOccupancyAvailableDynamicSMemPerBlock`: the dynamic shared memory per block with which
/// `num_blocks` blocks of `block_size` threads share a multiprocessor, as an H200 answers it
/// (notes/gpu-unseen/occupancy_edges.cu): the multiprocessor's share per block in whole 128-byte
/// units less the static shared memory (the reserved 1 KB is not subtracted, so that
/// [`max_active_blocks_per_sm`] with it may give fewer blocks), within the kernel's maximum
/// dynamic size; [`Error::InvalidValue`] when the warps, registers or the resident-block limit
/// do not let `num_blocks` blocks reside at all.
pub fn available_dynamic_shared(f: &Function, num_blocks: i32, block_size: i32) -> Result<usize> {
    if num_blocks <= 0 || block_size <= 0 || block_size > 1024 {
        return Err(Error::InvalidValue);
    }
    if max_active_blocks_per_sm(f, block_size, 0)? < num_blocks {
        return Err(Error::InvalidValue);
    }
    let static_shared = f.attributes().sharedSizeBytes as u64;
    let share = 233_472 / u64::from(num_blocks as u32) / 128 * 128;
    let per_block = share.saturating_sub(static_shared);
    Ok(per_block.min(u64::from(f.max_dynamic_shared())) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A launch hands simt the blocks a GPU holds at once by the occupancy rule (blocks per
    /// multiprocessor times the multiprocessors), for the threads a waiting block may start
    /// (simt's `exec/spill.rs`); an explicit limit stays.
    #[test]
    fn a_launch_passes_its_resident_blocks_by_the_occupancy_rule() {
        let ptx = ".version 8.3\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n    ret;\n}\n";
        let m = crate::module::Module::load_ptx(ptx).expect("loads");
        let f = m.function("k").expect("kernel");
        let sms = u64::from(crate::device::cores() as u32);
        let resident = |block: Dim3, shared: u32, opts: simt::LaunchOptions| {
            KernelRun::new(&f, Dim3::x(1), block, shared, Vec::new(), opts).opts.resident_blocks
        };
        let plain = simt::LaunchOptions::default();
        // 32 blocks of up to 64 threads, 2048 threads and 233,472 bytes of shared memory (1 KB
        // reserved per block, in 128-byte units) per multiprocessor.
        assert_eq!(resident(Dim3::x(64), 0, plain), Some(32 * sms));
        assert_eq!(resident(Dim3::new(16, 16, 1), 0, plain), Some(8 * sms));
        assert_eq!(resident(Dim3::x(1024), 0, plain), Some(2 * sms));
        // 40,000 + 1,024 bytes in 128-byte units: 41,088, 5 to a multiprocessor.
        assert_eq!(resident(Dim3::x(32), 40_000, plain), Some(5 * sms));
        let set = simt::LaunchOptions { resident_blocks: Some(3), ..plain };
        assert_eq!(resident(Dim3::x(64), 0, set), Some(3));
    }

    /// The kernels of this test running now (other tests' launches filtered out).
    fn shown() -> Vec<String> {
        running_kernels().into_iter().filter(|k| k.starts_with("shown_")).collect()
    }

    #[test]
    fn running_kernels_lists_each_threads_launch_oldest_first_and_the_outer_one_after_a_nested_one() {
        let (outer, inner, other): (Arc<str>, Arc<str>, Arc<str>) =
            ("shown_outer".into(), "shown_inner".into(), "shown_other".into());
        let outer_text = "shown_outer<<<(4, 1, 1), (32, 1, 1)>>>";
        assert!(shown().is_empty());
        let a = Running::start(&outer, Dim3::x(4), Dim3::x(32));
        assert_eq!(shown(), [outer_text]);
        // A launch inside it on the same thread shows itself, then the outer one again.
        let b = Running::start(&inner, Dim3::new(1, 2, 3), Dim3::x(1));
        assert_eq!(shown(), ["shown_inner<<<(1, 2, 3), (1, 1, 1)>>>"]);
        drop(b);
        assert_eq!(shown(), [outer_text]);
        // A later launch on another thread is listed after it, until it ends.
        let (started_tx, started) = std::sync::mpsc::channel();
        let (finish, finish_rx) = std::sync::mpsc::channel::<()>();
        std::thread::scope(|s| {
            let other = &other;
            s.spawn(move || {
                let r = Running::start(other, Dim3::x(2), Dim3::x(64));
                started_tx.send(()).unwrap();
                let _ = finish_rx.recv();
                drop(r);
            });
            started.recv().unwrap();
            assert_eq!(shown(), [outer_text, "shown_other<<<(2, 1, 1), (64, 1, 1)>>>"]);
            finish.send(()).unwrap();
        });
        assert_eq!(shown(), [outer_text]);
        drop(a);
        assert!(shown().is_empty());
        // The same kernel again (the slot's kernel unchanged) is shown again.
        let c = Running::start(&outer, Dim3::x(4), Dim3::x(32));
        assert_eq!(shown(), [outer_text]);
        drop(c);
        assert!(shown().is_empty());
    }
}
