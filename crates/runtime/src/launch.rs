//! Kernel launches: CUDA's validation (with its exact error codes), asynchronous execution on
//! a stream, and the mapping of simt faults to CUDA's sticky errors.

use std::sync::{Arc, OnceLock};

use simt::{Dim3, Fault, FaultKind, MemError};

use crate::context::{api, ctx, record};
pub use crate::device::{MAX_SHARED_PER_BLOCK, PRINTF_USED};
use crate::error::{Error, Result};
use crate::module::Function;
use crate::stream::{Stream, StreamInner, enqueue_as, resolve};

/// The CUDA error a simt fault becomes (all sticky, except launch-argument problems).
pub fn fault_error(f: &Fault) -> Error {
    match &f.kind {
        FaultKind::Memory(MemError::Misaligned { .. }) => Error::MisalignedAddress,
        FaultKind::Memory(_) | FaultKind::OutOfBounds { .. } | FaultKind::Texture { .. } => Error::IllegalAddress,
        FaultKind::Assert { .. } => Error::Assert,
        FaultKind::Trap | FaultKind::Deadlock { .. } | FaultKind::WarpDeadlock { .. } => Error::LaunchFailure,
        FaultKind::StackOverflow => Error::HardwareStackError,
        FaultKind::NotLoaded(_) => Error::InvalidPtx,
        FaultKind::BadLaunch(_) => Error::InvalidConfiguration,
    }
}

/// Where device `printf` output goes: by default the process's stdout through Rust's
/// `std::io::stdout` (written and flushed when the launch completes, before any later
/// synchronization returns). A C ABI layer may install a sink that writes through the C
/// library's `stdout` instead, so device output interleaves with host `printf` output exactly
/// as on CUDA even when stdout is a fully buffered pipe.
pub static PRINTF_SINK: std::sync::OnceLock<fn(&[u8])> = std::sync::OnceLock::new();

/// Writes device `printf` output to the sink (see [`PRINTF_SINK`]).
pub fn write_printf_output(out: &[u8]) {
    if out.is_empty() {
        return;
    }
    PRINTF_USED.store(true, std::sync::atomic::Ordering::Relaxed);
    match PRINTF_SINK.get() {
        Some(sink) => sink(out),
        None => {
            use std::io::Write;
            let mut so = std::io::stdout().lock();
            // Output errors (a closed stdout) are ignored, as CUDA's printf does.
            let _ = so.write_all(out);
            let _ = so.flush();
        }
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
    let Some(k) = f.info() else { return Err(Error::InvalidDeviceFunction) };
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
    // Above 48 KB (less static shared memory) only once raised by
    // cudaFuncAttributeMaxDynamicSharedMemorySize, as CUDA's opt-in.
    if dynamic_shared > f.max_dynamic_shared()
        || u64::from(dynamic_shared) + u64::from(k.static_shared) > u64::from(MAX_SHARED_PER_BLOCK)
    {
        return Err(Error::InvalidValue);
    }
    Ok(())
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
/// the non-portable attribute), is [`Error::InvalidClusterSize`].
pub fn cluster_dims(f: &Function, attr: Option<Dim3>) -> Result<Option<Dim3>> {
    let required = f.required_cluster().map(|c| Dim3::new(c[0], c[1], c[2]));
    let cl = match (attr, required) {
        (Some(a), Some(r)) if a != r => return Err(Error::InvalidClusterSize),
        (a, r) => a.or(r),
    };
    if let Some(cl) = cl {
        let size = u64::from(cl.x) * u64::from(cl.y) * u64::from(cl.z);
        let max = if f.non_portable_cluster() { MAX_CLUSTER } else { MAX_PORTABLE_CLUSTER };
        if size == 0 || size > max {
            return Err(Error::InvalidClusterSize);
        }
    }
    Ok(cl)
}

/// `cudaOccupancyMaxActiveClusters`: how many clusters of the launch configuration's cluster
/// dimensions (attribute or the kernel's) fit on the device at once — the co-resident blocks
/// (as for a cooperative launch) divided by the cluster size. A kernel without required
/// cluster dimensions needs the attribute ([`Error::InvalidClusterSize`]).
pub fn max_active_clusters(f: &Function, block: Dim3, dynamic_shared: u32, attr: Option<Dim3>) -> Result<u64> {
    let cl = cluster_dims(f, attr)?.ok_or(Error::InvalidClusterSize)?;
    let size = u64::from(cl.x) * u64::from(cl.y) * u64::from(cl.z);
    Ok(max_cooperative_blocks(f, block, dynamic_shared)? / size.max(1))
}

/// Checks the launch attributes against the configuration, as CUDA does: a cooperative grid
/// must fit on the device at once ([`Error::CooperativeLaunchTooLarge`]); the cluster
/// dimensions ([`cluster_dims`]) must divide the grid ([`Error::InvalidClusterSize`]).
/// Returns the cluster dimensions.
fn validate_attrs(f: &Function, c: &LaunchConfig) -> Result<Option<Dim3>> {
    let cluster = cluster_dims(f, c.attrs.cluster)?;
    if let Some(cl) = cluster
        && (!c.grid.x.is_multiple_of(cl.x) || !c.grid.y.is_multiple_of(cl.y) || !c.grid.z.is_multiple_of(cl.z))
    {
        return Err(Error::InvalidClusterSize);
    }
    if c.attrs.cooperative {
        let blocks = u64::from(c.grid.x) * u64::from(c.grid.y) * u64::from(c.grid.z);
        if blocks > max_cooperative_blocks(f, c.block, c.dynamic_shared)? {
            return Err(Error::CooperativeLaunchTooLarge);
        }
    }
    Ok(cluster)
}

/// `cudaLaunchKernelEx`: launches `f` with a packed parameter buffer under `c` (with its
/// attributes). Configuration errors are returned at once; faults are reported (sticky) by
/// the next synchronizing call.
pub fn launch_ex(f: &Function, c: &LaunchConfig, params: Vec<u8>) -> Result<()> {
    api(|ctx| {
        validate(f, c.grid, c.block, c.dynamic_shared)?;
        let cluster = validate_attrs(f, c)?;
        let s = resolve(c.stream)?;
        if let Some(e) = c.attrs.completion_event {
            crate::event::marker_of(e)?;
        }
        // A plain launch in a capturing stream becomes a kernel node with its parameters (one
        // with launch attributes or clusters stays an opaque node: a kernel node has no place
        // for them yet).
        if c.attrs == LaunchAttrs::default()
            && cluster.is_none()
            && let Some(capture) = KERNEL_CAPTURE.get()
            && let Some(r) = capture(&s, f, c.grid, c.block, c.dynamic_shared, &params)
        {
            return r;
        }
        let mem = ctx.mem();
        let opts = simt::LaunchOptions { cooperative: c.attrs.cooperative, cluster, ..Default::default() };
        let run = KernelRun::new(f, c.grid, c.block, c.dynamic_shared, params, opts);
        enqueue_as(&s, Vec::new(), Box::new(move || run.run(&mem)), crate::work::NodeType::Kernel);
        if let Some(e) = c.attrs.completion_event {
            e.record(c.stream)?;
        }
        Ok(())
    })
}

/// How a launch in a capturing stream becomes a kernel node: `None` when the stream is not
/// capturing, else the node's creation's result. The graph layer installs it
/// ([`install_kernel_capture`]) when the first capture begins.
pub(crate) type KernelCapture = fn(&StreamInner, &Function, Dim3, Dim3, u32, &[u8]) -> Option<Result<()>>;

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
        KernelRun { module: f.module.clone(), name: f.name.clone(), grid, block, dynamic_shared, params, opts }
    }

    /// Runs the launch in `mem`: nothing if the context has faulted; else the launch, then its
    /// printf output, or the fault's report and sticky error.
    pub(crate) fn run(&self, mem: &simt::DeviceMemory) {
        if crate::context::sticky().is_some() {
            return;
        }
        let KernelRun { module, name, grid, block, dynamic_shared, params, opts } = self;
        let _running = Running::start(name, *grid, *block);
        let start = crate::profile::now();
        match module.program.launch_with(name, *grid, *block, *dynamic_shared, params, mem, *opts) {
            Ok(stats) => {
                if let Some(t) = start {
                    crate::profile::kernel(name, *grid, *block, stats.tier, t);
                }
                write_printf_output(&stats.printf_output)
            }
            Err(fault) => report_fault(&fault),
        }
    }
}

/// A running kernel: its name and shape.
type RunningKernel = (Arc<str>, Dim3, Dim3);

/// The kernels running now, with a serial number each (for the report on Ctrl-C). A vector,
/// not a map: entering and leaving it is a push and a removal in place, without allocating
/// (a map allocated and freed a node for every launch of a graph's small kernels).
fn running() -> std::sync::MutexGuard<'static, Vec<(u64, RunningKernel)>> {
    static RUNNING: std::sync::Mutex<Vec<(u64, RunningKernel)>> = std::sync::Mutex::new(Vec::new());
    crate::context::lock(&RUNNING)
}

/// A kernel's entry in [`running`], removed when it drops (also if the launch unwinds).
struct Running(u64);

impl Running {
    fn start(name: &Arc<str>, grid: Dim3, block: Dim3) -> Running {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let id = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        running().push((id, (name.clone(), grid, block)));
        Running(id)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let mut r = running();
        if let Some(i) = r.iter().position(|(id, _)| *id == self.0) {
            r.swap_remove(i);
        }
    }
}

/// The kernels running at this moment, as `name<<<(grid), (block)>>>`, oldest launch first.
pub fn running_kernels() -> Vec<String> {
    let dims = |d: Dim3| format!("({}, {}, {})", d.x, d.y, d.z);
    let mut now = running().clone();
    now.sort_unstable_by_key(|(id, _)| *id);
    now.iter().map(|(_, (name, grid, block))| format!("{name}<<<{}, {}>>>", dims(*grid), dims(*block))).collect()
}

/// Reports a launch fault: its printf output, CUDA's message for a failed device `assert`,
/// our diagnostic, and the (sticky) error.
fn report_fault(fault: &Fault) {
    write_printf_output(&fault.printf_output);
    let e = fault_error(fault);
    if let Some(m) = fault.assert_message() {
        eprintln!("{m}");
    }
    eprintln!("cuprite: {} ({}): {fault}", e.name(), e.description());
    if e.is_sticky() {
        ctx().set_sticky(e);
    } else {
        ctx().set_async(e);
    }
}

/// `cudaOccupancyMaxActiveBlocksPerMultiprocessor`: resident blocks per multiprocessor for
/// blocks of `block_size` threads using `dynamic_shared` bytes of dynamic shared memory.
pub fn max_active_blocks_per_sm(f: &Function, block_size: i32, dynamic_shared: usize) -> Result<i32> {
    if block_size <= 0 {
        return record(Err(Error::InvalidValue));
    }
    let warps = (block_size as u32).div_ceil(32);
    let by_threads = 2048 / (warps * 32);
    let shared = dynamic_shared as u64 + u64::from(f.info().map_or(0, |k| k.static_shared));
    let by_shared = if shared == 0 { u64::MAX } else { 233_472 / (shared + 1024) };
    let by_regs = 65536 / (u64::from(warps) * 32 * 32);
    Ok(u64::from(by_threads).min(by_shared).min(by_regs).min(32) as i32)
}

/// `cudaOccupancyAvailableDynamicSMemPerBlock`: the most dynamic shared memory per block that
/// still lets `num_blocks` blocks of `block_size` threads reside on one multiprocessor (0 if
/// they do not fit at all).
pub fn available_dynamic_shared(f: &Function, num_blocks: i32, block_size: i32) -> Result<usize> {
    if num_blocks <= 0 || block_size <= 0 || block_size > 1024 {
        return Err(Error::InvalidValue);
    }
    if max_active_blocks_per_sm(f, block_size, 0)? < num_blocks {
        return Ok(0);
    }
    let static_shared = u64::from(f.info().map_or(0, |k| k.static_shared));
    let per_block = (233_472 / u64::from(num_blocks as u32)).saturating_sub(1024 + static_shared);
    Ok(per_block.min(u64::from(MAX_SHARED_PER_BLOCK).saturating_sub(static_shared)) as usize)
}
