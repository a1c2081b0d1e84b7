//! PTX modules loaded into simt programs: their kernels (with parameter layouts) and
//! variables.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use ptx::ast::{FuncDirective, FuncKind, Item, Statement, VarDecl};
use ptx::types::StateSpace;
use simt::{DevicePtr, Program};

use crate::context::{api, record};
use crate::error::{Error, Result};

/// One kernel parameter: its size and alignment in the packed parameter buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParamInfo {
    /// Size in bytes.
    pub size: u32,
    /// Alignment in bytes.
    pub align: u32,
}

/// What is known about a kernel from its PTX.
#[derive(Debug, Clone)]
pub struct KernelInfo {
    /// The (mangled) name.
    pub name: String,
    /// The parameters, in order.
    pub params: Vec<ParamInfo>,
    /// `.maxntid`, if given.
    pub maxntid: Option<u32>,
    /// `.reqntid`, if given: `[x, y, z]`.
    pub reqntid: Option<[u32; 3]>,
    /// Static shared memory in bytes (`.shared` variables of the kernel and of the module).
    pub static_shared: u32,
    /// `.reqnctapercluster` (`__cluster_dims__`), if given: blocks per cluster `[x, y, z]`.
    pub reqnctapercluster: Option<[u32; 3]>,
    /// `.maxclusterrank` (`__launch_bounds__`'s third argument, maxBlocksPerCluster), if given.
    pub maxclusterrank: Option<u32>,
    /// Why simt cannot run the kernel, if it cannot.
    pub load_error: Option<String>,
    /// Registers per thread, where the program carries machine code for this device's
    /// architecture (`image::Image::resources`); unknown for PTX alone.
    pub registers: Option<u32>,
    /// Stack frame bytes per thread: the machine code's, else the PTX's local variables
    /// (`__local_depot`: arrays ptxas keeps in local memory; its spills are unknown).
    pub local_size: u32,
}

#[derive(Debug)]
pub(crate) struct ModuleInner {
    pub program: Program,
    pub kernels: HashMap<String, Arc<Kernel>>,
    pub globals: HashMap<String, u64>,
    /// The globals declared `.attribute(.managed)` (`__managed__` variables).
    pub managed: std::collections::HashSet<String>,
    pub ptx_version: i32,
    /// The virtual architecture the PTX was generated for (`.target sm_80` → 80).
    pub target_arch: i32,
    /// Bytes of the module's `__constant__` variables (`cudaFuncAttributes::constSizeBytes`
    /// of each of its kernels, as an H200 reports).
    pub const_size: u64,
}

/// A kernel of a module: what its PTX says, and the attributes set at run time. Each
/// [`Function`] holds its kernel's, so that a launch looks nothing up by name.
#[derive(Debug)]
pub(crate) struct Kernel {
    info: KernelInfo,
    /// The kernel in the module's program, resolved once at load (`None` only for a kernel the
    /// engine did not see, whose launch then fails as a launch by name does).
    id: Option<simt::KernelId>,
    /// Set by `cudaFuncSetAttribute` / `cudaFuncSetCacheConfig`.
    attributes: Mutex<SetAttributes>,
    /// Loaded (CUDA's lazy loading loads a kernel at its first launch, or when its
    /// attributes are asked for).
    loaded: std::sync::atomic::AtomicBool,
}

/// Kernel attributes set through `cudaFuncSetAttribute` / `cudaFuncSetCacheConfig`.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SetAttributes {
    /// `cudaFuncAttributeMaxDynamicSharedMemorySize`.
    max_dynamic_shared: Option<i32>,
    /// `cudaFuncAttributePreferredSharedMemoryCarveout`.
    carveout: Option<i32>,
    /// `cudaFuncCache`.
    cache_config: i32,
    /// `cudaFuncAttributeNonPortableClusterSizeAllowed`, as set (any nonzero value allows).
    non_portable_cluster: i32,
    /// `cudaFuncAttributeRequiredClusterWidth/Height/Depth` set at run time (0: unset).
    required_cluster: [i32; 3],
    /// `cudaFuncAttributeClusterSchedulingPolicyPreference` (a `cudaClusterSchedulingPolicy`).
    scheduling_policy: i32,
}

/// A loaded PTX module.
#[derive(Debug, Clone)]
pub struct Module(pub(crate) Arc<ModuleInner>);

/// A kernel of a loaded module.
#[derive(Debug, Clone)]
pub struct Function {
    pub(crate) module: Arc<ModuleInner>,
    /// Shared, so that each launch holds it without copying it.
    pub(crate) name: Arc<str>,
    kernel: Arc<Kernel>,
}

fn decl_size(d: &VarDecl) -> u64 {
    let elems: u64 = d.names.first().map_or(1, |n| n.dims.iter().map(|x| x.unwrap_or(0)).product());
    u64::from(d.ty.size()) * elems
}

fn is_shared(s: StateSpace) -> bool {
    matches!(s, StateSpace::Shared | StateSpace::SharedCta)
}

impl Module {
    /// Loads a code image (`image::read_image`): a fatbin's PTX, or PTX text. An image that
    /// gives no PTX is its error (recorded as the last error), with the reason on stderr.
    pub fn load_image(bytes: &[u8]) -> Result<Module> {
        match crate::image::read_image(bytes) {
            Ok(image) => Module::load(&image),
            Err(e) => {
                if let Some(m) = e.message {
                    eprintln!("cuprite: {m}");
                }
                record(Err(e.code))
            }
        }
    }

    /// Parses, validates and loads PTX text. PTX that ptxas would reject (a parse or
    /// validation error) gives [`Error::InvalidPtx`], as a GPU's driver does, with the
    /// diagnostic on stderr; kernels simt cannot run load anyway and fail at launch.
    pub fn load_ptx(src: &str) -> Result<Module> {
        Module::load(&crate::image::Image { ptx: src.to_string(), resources: HashMap::new() })
    }

    /// Loads `image`'s PTX as [`Module::load_ptx`] does, its kernels knowing the registers the
    /// image's machine code gives them.
    pub fn load(image: &crate::image::Image) -> Result<Module> {
        let src = image.ptx.as_str();
        api(|_| {
            let (module, diagnostics) = ptx::check(src);
            if let Some(d) = diagnostics.iter().find(|d| d.severity == ptx::Severity::Error) {
                let (line, col) = ptx::LineIndex::new(src).line_col(d.span.start);
                eprintln!("cuprite: invalid PTX at {line}:{col}: {}", d.message);
                return Err(Error::InvalidPtx);
            }
            let m = &module;
            let mut module_shared = 0u64;
            let mut const_size = 0u64;
            let mut globals = HashMap::new();
            let mut managed = std::collections::HashSet::new();
            for item in &m.items {
                if let Item::Var(v) = item {
                    if v.space == StateSpace::Const {
                        const_size += decl_size(v);
                    }
                    if is_shared(v.space) {
                        module_shared += decl_size(v);
                    } else if matches!(v.space, StateSpace::Global | StateSpace::Const) {
                        for n in &v.names {
                            globals.insert(m.names.str(n.name).to_string(), decl_size(v));
                            if v.attrs.contains(&ptx::ast::VarAttr::Managed) {
                                managed.insert(m.names.str(n.name).to_string());
                            }
                        }
                    }
                }
            }
            let (program, errors) = Program::load_partial(m, Some(src));
            let mut kernels = HashMap::new();
            for item in &m.items {
                let Item::Func(f) = item else { continue };
                if f.kind != FuncKind::Entry || f.body.is_none() {
                    continue;
                }
                let name = m.names.str(f.name).to_string();
                let params = f
                    .params
                    .iter()
                    .map(|p| {
                        let size = decl_size(p) as u32;
                        ParamInfo { size, align: p.align.unwrap_or(p.ty.size()).max(1) }
                    })
                    .collect();
                let mut maxntid = None;
                let mut reqntid = None;
                let mut reqnctapercluster = None;
                let mut maxclusterrank = None;
                for d in &f.directives {
                    match d {
                        FuncDirective::Maxntid(v) => maxntid = Some(v.iter().product()),
                        FuncDirective::Reqntid(v) => {
                            reqntid = Some([
                                v.first().copied().unwrap_or(1),
                                v.get(1).copied().unwrap_or(1),
                                v.get(2).copied().unwrap_or(1),
                            ])
                        }
                        FuncDirective::Reqnctapercluster(v) => {
                            reqnctapercluster = Some([0, 1, 2].map(|i| v.get(i).copied().unwrap_or(1)))
                        }
                        FuncDirective::Maxclusterrank(n) => maxclusterrank = Some(*n),
                        _ => {}
                    }
                }
                let local_shared: u64 = f
                    .body
                    .iter()
                    .flatten()
                    .filter_map(|s| match s {
                        Statement::Decl(d) if is_shared(d.space) => Some(decl_size(d)),
                        _ => None,
                    })
                    .sum();
                let load_error = errors.iter().find(|e| e.function == name).map(ToString::to_string);
                // The engine's layout (the kernel's own variables); for a kernel that did not
                // load, the module's and its own declarations.
                let static_shared = program
                    .static_shared(&name)
                    .unwrap_or((local_shared + module_shared).min(u64::from(u32::MAX)) as u32);
                let machine_code = image.resources.get(&name);
                let local_ptx: u64 = f
                    .body
                    .iter()
                    .flatten()
                    .filter_map(|s| match s {
                        Statement::Decl(d) if d.space == StateSpace::Local => Some(decl_size(d)),
                        _ => None,
                    })
                    .sum();
                let local_size = machine_code.map_or(local_ptx.min(u64::from(u32::MAX)) as u32, |r| r.frame_size);
                let registers = machine_code.map(|r| r.registers);
                let info = KernelInfo {
                    name,
                    params,
                    maxntid,
                    reqntid,
                    static_shared,
                    reqnctapercluster,
                    maxclusterrank,
                    load_error,
                    registers,
                    local_size,
                };
                let id = program.kernel_id(&info.name);
                kernels.insert(
                    info.name.clone(),
                    Arc::new(Kernel { info, id, attributes: Mutex::default(), loaded: Default::default() }),
                );
            }
            let ptx_version = (m.version.major * 10 + m.version.minor) as i32;
            let target_arch = m.target.sm as i32;
            Ok(Module(Arc::new(ModuleInner {
                program,
                kernels,
                globals,
                managed,
                ptx_version,
                target_arch,
                const_size,
            })))
        })
    }

    /// The kernel `name` ([`Error::InvalidDeviceFunction`] if there is none).
    pub fn function(&self, name: &str) -> Result<Function> {
        match self.0.kernels.get(name) {
            Some(kernel) => Ok(Function { module: self.0.clone(), name: Arc::from(name), kernel: kernel.clone() }),
            None => record(Err(Error::InvalidDeviceFunction)),
        }
    }

    /// The names of the module's kernels.
    pub fn kernel_names(&self) -> Vec<String> {
        self.0.kernels.keys().cloned().collect()
    }

    /// Whether module variable `name` is a `__managed__` one (`.attribute(.managed)`).
    pub fn is_managed(&self, name: &str) -> bool {
        self.0.managed.contains(name)
    }

    /// The device address and size of module variable `name` (`.global` or `.const`),
    /// allocated and initialized in device memory on first use ([`Error::InvalidSymbol`] if
    /// there is none).
    pub fn global(&self, name: &str) -> Result<(DevicePtr, usize)> {
        api(|c| {
            let size = *self.0.globals.get(name).ok_or(Error::InvalidSymbol)?;
            let p = self.0.program.global_address(name, &c.mem()).ok_or(Error::InvalidSymbol)?;
            Ok((p, size as usize))
        })
    }
}

impl Module {
    /// Makes `__managed__` variable `name` live in its host object at `host` (`size` bytes):
    /// kernels then read and write that object, at its own address (see
    /// [`simt::Program::bind_global_to_host`]), and the pointer and range APIs treat it as
    /// managed memory. For clang-compiled programs, whose host code uses the host object
    /// itself. Must precede the module's first launch and symbol lookup.
    ///
    /// # Safety
    ///
    /// `host..host + size` must be a variable of the program: host memory, readable and
    /// writable, that lives as long as the process.
    pub unsafe fn bind_managed_variable(
        &self,
        name: &str,
        host: *mut u8,
        size: usize,
    ) -> std::result::Result<(), String> {
        // SAFETY: the caller guarantees the range is host memory, readable and writable, living
        // as long as the process, as `bind_global_to_host` asks; Rust code never accesses it
        // as ordinary memory (the program's host code does, and kernels through this mapping).
        unsafe { self.0.program.bind_global_to_host(name, host, size as u64) }?;
        crate::managed_variables::register(host as u64, size as u64);
        // Map it now, so that kernels of other modules can use its address before this
        // module's first launch.
        api(|c| {
            let mem = c.mem();
            if mem.lookup(host as u64).is_none() {
                // SAFETY: as above.
                unsafe { mem.map_host(host, size as u64) }.map_err(|_| Error::InvalidValue)?;
            }
            Ok(())
        })
        .map_err(|e| format!("`{name}`: cannot map its host object for the device ({e:?})"))
    }
}

/// `struct cudaFuncAttributes` of CUDA 13.0, field for field.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
#[allow(non_snake_case)]
pub struct FuncAttributes {
    /// Static shared memory in bytes.
    pub sharedSizeBytes: usize,
    /// Constant memory in bytes.
    pub constSizeBytes: usize,
    /// Local memory per thread in bytes.
    pub localSizeBytes: usize,
    /// Maximum threads per block for this kernel.
    pub maxThreadsPerBlock: i32,
    /// Registers per thread.
    pub numRegs: i32,
    /// PTX virtual architecture (major * 10 + minor).
    pub ptxVersion: i32,
    /// Binary architecture (major * 10 + minor).
    pub binaryVersion: i32,
    /// Whether compiled with `-Xptxas --dlcm=ca`.
    pub cacheModeCA: i32,
    /// Maximum dynamic shared memory in bytes.
    pub maxDynamicSharedSizeBytes: i32,
    /// Preferred shared memory carveout.
    pub preferredShmemCarveout: i32,
    /// Whether a cluster size must be set at launch.
    pub clusterDimMustBeSet: i32,
    /// Required cluster width.
    pub requiredClusterWidth: i32,
    /// Required cluster height.
    pub requiredClusterHeight: i32,
    /// Required cluster depth.
    pub requiredClusterDepth: i32,
    /// Cluster scheduling policy preference.
    pub clusterSchedulingPolicyPreference: i32,
    /// Whether non-portable cluster sizes are allowed.
    pub nonPortableClusterSizeAllowed: i32,
    /// Reserved.
    pub reserved: [i32; 16],
}

impl Function {
    /// The kernel's (mangled) name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The kernel's PTX information.
    pub fn info(&self) -> &KernelInfo {
        &self.kernel.info
    }

    /// Whether this launch loads the kernel (CUDA's lazy loading): the first launch of a
    /// kernel not loaded by [`Function::load`] before (each kernel answers `true` once).
    pub(crate) fn first_launch(&self) -> bool {
        !self.kernel.loaded.swap(true, std::sync::atomic::Ordering::Relaxed)
    }

    /// Loads the kernel as CUDA's lazy loading does when a program asks for its attributes
    /// (`cudaFuncGetAttributes`): its first launch then waits for nothing
    /// (gpu-unseen/runtime17_lazy_loading).
    pub fn load(&self) {
        self.kernel.loaded.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// The kernel in its module's program, resolved at load.
    pub(crate) fn kernel_id(&self) -> Option<simt::KernelId> {
        self.kernel.id
    }

    /// The parameter layout.
    pub fn params(&self) -> &[ParamInfo] {
        &self.info().params
    }

    /// `cudaFuncGetAttributes` (reflecting the attributes set with [`Function::set_attribute`]).
    pub fn attributes(&self) -> FuncAttributes {
        let set = self.set_attributes();
        let k = self.info();
        let by_registers = k.registers.map_or(1024, |r| crate::device::warps_by_registers(r) * 32);
        let max_threads = k.reqntid.map(|r| r[0] * r[1] * r[2]).or(k.maxntid).unwrap_or(1024).min(by_registers);
        let static_shared = k.static_shared;
        // Read back as set (an H200 reports a width set alone as width 2, height and depth 0:
        // tests/program-diff/cluster_occupancy_attrs.cu), or the kernel's own.
        let cluster = k.reqnctapercluster.map_or(set.required_cluster, |c| c.map(|v| v as i32));
        FuncAttributes {
            // The GPU reports static shared memory in 16-byte units (a 4-byte `__shared__ int`
            // is 16 bytes: tests/gpu-programs/probe_facts.txt).
            sharedSizeBytes: (static_shared as usize).next_multiple_of(16),
            maxThreadsPerBlock: max_threads.min(1024) as i32,
            // Known from the program's machine code for this architecture; 32 (a typical
            // kernel's) for PTX alone, which bounds nothing below 1024 threads.
            numRegs: k.registers.map_or(32, |r| r as i32),
            localSizeBytes: k.local_size as usize,
            constSizeBytes: self.module.const_size as usize,
            // As a GPU reports a kernel it JIT-compiled from PTX (tests/gpu-programs/
            // probe_func_versions.txt): the PTX's virtual architecture (CUB picks its tuning
            // policy by it, which must match the code the PTX was compiled with), and the
            // device's own architecture for the binary.
            ptxVersion: self.module.target_arch,
            binaryVersion: crate::device::COMPUTE_CAPABILITY,
            maxDynamicSharedSizeBytes: set
                .max_dynamic_shared
                .unwrap_or_else(|| 49152i32.saturating_sub(static_shared as i32).max(0)),
            preferredShmemCarveout: set.carveout.unwrap_or(-1),
            requiredClusterWidth: cluster[0],
            requiredClusterHeight: cluster[1],
            requiredClusterDepth: cluster[2],
            clusterDimMustBeSet: i32::from(k.reqnctapercluster.is_some()),
            clusterSchedulingPolicyPreference: set.scheduling_policy,
            nonPortableClusterSizeAllowed: set.non_portable_cluster,
            ..FuncAttributes::default()
        }
    }

    /// The cluster dimensions the kernel requires: its `.reqnctapercluster`, else those set
    /// with `cudaFuncAttributeRequiredCluster*` (any of them set: the others 1, as an H200
    /// enforces a width set alone), else `None`.
    pub fn required_cluster(&self) -> Option<[u32; 3]> {
        if let Some(c) = self.info().reqnctapercluster {
            return Some(c);
        }
        let r = self.set_attributes().required_cluster;
        r.iter().any(|&v| v > 0).then(|| r.map(|v| v.max(1) as u32))
    }

    /// Whether `cudaFuncAttributeNonPortableClusterSizeAllowed` was set (clusters of up to
    /// 16 blocks instead of 8).
    pub fn non_portable_cluster(&self) -> bool {
        self.set_attributes().non_portable_cluster != 0
    }

    fn set_attributes(&self) -> SetAttributes {
        *crate::context::lock(&self.kernel.attributes)
    }

    /// The most dynamic shared memory a launch may use: 48 KB less the kernel's static shared
    /// memory, unless raised with `cudaFuncAttributeMaxDynamicSharedMemorySize` (CUDA's
    /// opt-in). A launch asking for more fails with [`Error::InvalidValue`].
    pub fn max_dynamic_shared(&self) -> u32 {
        self.attributes().maxDynamicSharedSizeBytes.max(0) as u32
    }

    /// `cudaFuncSetAttribute(func, attr, value)`: validated (as CUDA, [`Error::InvalidValue`]
    /// for an unknown attribute or a value out of range) and recorded.
    /// `cudaFuncAttributeMaxDynamicSharedMemorySize` (8) may go up to the device's opt-in
    /// maximum less the static shared memory; the preferred carveout (9) is -1..=100; the
    /// cluster attributes (11..=15) are accepted. `cudaFuncAttributeClusterDimMustBeSet` (10)
    /// is read-only (not among cudaFuncSetAttribute's attributes; an H200 answers
    /// cudaErrorInvalidValue, tests/program-diff/func_attr_bounds.cu).
    pub fn set_attribute(&self, attr: i32, value: i32) -> Result<()> {
        record((|| {
            let static_shared = i64::from(self.info().static_shared);
            let mut a = crate::context::lock(&self.kernel.attributes);
            match attr {
                8 if value >= 0
                    && i64::from(value) + static_shared <= i64::from(crate::device::MAX_SHARED_PER_BLOCK) =>
                {
                    a.max_dynamic_shared = Some(value)
                }
                9 if (-1..=100).contains(&value) => a.carveout = Some(value),
                // cudaClusterSchedulingPolicy: Default, Spread, LoadBalancing (an H200
                // refuses other values).
                15 if (0..=2).contains(&value) => a.scheduling_policy = value,
                14 if value >= 0 => a.non_portable_cluster = value,
                // A compile-time cluster size cannot be changed.
                11..=13 if self.info().reqnctapercluster.is_some() => {
                    return Err(Error::NotPermitted);
                }
                11..=13 if (0..=16).contains(&value) => a.required_cluster[(attr - 11) as usize] = value,
                _ => return Err(Error::InvalidValue),
            }
            Ok(())
        })())
    }

    /// `cudaFuncSetCacheConfig` (`cudaFuncCache` 0..=3): recorded, no effect on the CPU.
    pub fn set_cache_config(&self, config: i32) -> Result<()> {
        if !(0..=3).contains(&config) {
            return record(Err(Error::InvalidValue));
        }
        crate::context::lock(&self.kernel.attributes).cache_config = config;
        Ok(())
    }

    /// The cache configuration set with [`Function::set_cache_config`].
    pub fn cache_config(&self) -> i32 {
        self.set_attributes().cache_config
    }

    /// The PTX ISA version of the module (major * 10 + minor).
    pub fn ptx_version(&self) -> i32 {
        self.module.ptx_version
    }

    /// Packs `args` (one byte slice per parameter, each exactly the parameter's size) into
    /// the kernel's parameter buffer, each at its alignment.
    pub fn pack_params(&self, args: &[&[u8]]) -> Result<Vec<u8>> {
        let params = self.params();
        if args.len() != params.len() {
            return record(Err(Error::InvalidValue));
        }
        let mut buf = Vec::new();
        for (p, a) in params.iter().zip(args) {
            if a.len() != p.size as usize {
                return record(Err(Error::InvalidValue));
            }
            let align = p.align as usize;
            buf.resize(buf.len().div_ceil(align) * align, 0);
            buf.extend_from_slice(a);
        }
        Ok(buf)
    }
}
