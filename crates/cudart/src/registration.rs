//! The registration and launch ABI of nvcc's generated host code (the `__cuda*` functions,
//! which the Runtime API reference does not document), and the registry of kernels and
//! variables the rest of the API looks host stubs and symbols up in.
//!
//! `__cudaRegisterFatBinary` gets the 24-byte wrapper `{magic, version, data, filename}`; its
//! fatbin's PTX is loaded on first use (a failure is reported then, once). Kernels are known by
//! their host stub address, variables by their host shadow address.

// C ABI names.
#![allow(non_snake_case)]

use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{c_char, c_void};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use runtime::image::{Image, fatbin_error, fatbin_resources};
use runtime::module::{Function, Module};
use runtime::{DevicePtr, Error, Result, record};

use crate::args::CStrArg;
use crate::args::Dim3C;
use crate::{code, invalid};

/// A registered fatbin.
#[derive(Debug)]
struct Fatbin {
    /// The fatbin bytes (copied from the program's `.nv_fatbin`), or why they could not be.
    data: std::result::Result<Vec<u8>, fatbin::Error>,
    /// With `-rdc=true` (a version-2 wrapper): the relocatable fatbins of every object file,
    /// whose PTX is linked into one module; `data` is then the device-linked cubin.
    relocatable: Vec<std::result::Result<Vec<u8>, fatbin::Error>>,
    /// The loaded module, or the error code and message of why it cannot be loaded (on first
    /// use).
    module: OnceLock<std::result::Result<Module, (Error, String)>>,
    /// `__managed__` variables: (host pointer slot, name).
    managed: Mutex<Vec<(usize, String)>>,
    /// Whether the managed pointer slots were filled.
    managed_filled: std::sync::atomic::AtomicBool,
    /// `__managed__` variables of clang-compiled code not yet bound to their host objects
    /// (see [`__cupriteRegisterManagedRange`]): (name, host address, size).
    host_managed: Mutex<Vec<(String, usize, usize)>>,
}

impl Fatbin {
    /// The code to load: the fatbin's own PTX, or for relocatable device code every object's
    /// PTX linked into one module, with the resources of the (device-linked) cubin for this
    /// device's architecture; or the error code for why not, with a message.
    fn image(&self) -> std::result::Result<Image, (Error, String)> {
        let resources = self.data.as_deref().map(fatbin_resources).unwrap_or_default();
        self.ptx().map(|ptx| Image { ptx, resources })
    }

    /// The PTX of [`Fatbin::image`].
    fn ptx(&self) -> std::result::Result<String, (Error, String)> {
        if self.relocatable.is_empty() {
            let data = self.data.as_ref().map_err(fatbin_error)?;
            return fatbin::read_ptx(data).map(|(_, p)| p).map_err(|e| fatbin_error(&e));
        }
        let mut texts = Vec::with_capacity(self.relocatable.len());
        let mut first_error = None;
        for fb in &self.relocatable {
            match fb.as_ref().map_err(Clone::clone).and_then(|fb| fatbin::read_ptx(fb)) {
                // libcudadevrt (the device runtime, linked into every -rdc program): the engine
                // provides its functions itself (simt's dynamic parallelism).
                Ok((_, text)) if text.contains("__cuda_syscall") => {}
                Ok((_, text)) => texts.push(text),
                // A damaged fatbin makes the whole program's device code unusable.
                Err(e @ fatbin::Error::Corrupt(_)) => return Err(fatbin_error(&e)),
                // An object without PTX (cubins only): its symbols stay unresolved, and a
                // kernel that needs them reports which at load.
                Err(e) => first_error = first_error.or(Some(e)),
            }
        }
        if texts.is_empty() {
            let e = first_error.unwrap_or_else(|| fatbin::Error::NoPtx("the program contains no device code".into()));
            return Err(fatbin_error(&e));
        }
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        ptx::link(&refs)
            .map_err(|e| (Error::NoKernelImageForDevice, format!("linking its relocatable device code failed: {e}")))
    }

    fn module(&self) -> Result<Module> {
        let m = self.module.get_or_init(|| {
            let r = self.image().and_then(|image| {
                Module::load(&image)
                    .map_err(|e| (Error::NoKernelImageForDevice, format!("loading its PTX failed: {e}")))
            });
            if let Err((_, e)) = &r {
                eprintln!("cuprite: cannot use the program's device code: {e}");
            }
            r
        });
        match m {
            Ok(m) => {
                if !self.managed_filled.swap(true, std::sync::atomic::Ordering::AcqRel) {
                    self.fill_managed(m);
                }
                Ok(m.clone())
            }
            Err((code, _)) => record(Err(*code)),
        }
    }

    /// Points every `__managed__` variable's host pointer slot at the variable's unified
    /// address (the host address of its device bytes, also valid on the device), so host
    /// reads and writes reach the device value.
    fn fill_managed(&self, m: &Module) {
        let vars = self.managed.lock().unwrap_or_else(|e| e.into_inner()).clone();
        for (slot, name) in vars {
            if let Ok((p, _)) = m.global(&name)
                && let Ok(h) = runtime::memory::unified_alias(p)
            {
                // SAFETY: `slot` is the `void **hostVarPtrAddress` nvcc's registration code
                // passed to `__cudaRegisterManagedVar`: a pointer variable of the program,
                // live and writable for the program's lifetime.
                unsafe { (slot as *mut *mut c_void).write(h.0 as *mut c_void) };
                registry().managed_addrs.insert(h.0 as usize, slot);
            }
        }
    }
}

#[derive(Debug)]
struct Var {
    fatbin: Arc<Fatbin>,
    name: String,
    size: usize,
}

#[derive(Debug, Default)]
struct Registry {
    fatbins: HashMap<usize, Arc<Fatbin>>,
    /// Host stub address → (fatbin, kernel name).
    functions: HashMap<usize, (Arc<Fatbin>, String)>,
    /// Host shadow address → variable.
    vars: HashMap<usize, Var>,
    /// Unified address of a `__managed__` variable → its host pointer slot (its key in `vars`),
    /// so `cudaMemcpyToSymbol(managedVar, ...)` finds it.
    managed_addrs: HashMap<usize, usize>,
}

fn registry() -> std::sync::MutexGuard<'static, Registry> {
    static R: OnceLock<Mutex<Registry>> = OnceLock::new();
    R.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

/// A copy of the fatbin at `fat`, its size from its header, which must lie within the
/// readable memory there (a damaged header must not make us read past it).
///
/// # Safety
/// `fat` must be null or point into the program's static data (it stays mapped, unchanged).
unsafe fn copy_fatbin(fat: *const u8) -> std::result::Result<Vec<u8>, fatbin::Error> {
    if fat.is_null() {
        return Err(fatbin::Error::Corrupt("the wrapper's fatbin pointer is null".into()));
    }
    // SAFETY: the program's static data stays mapped and unchanged (contract).
    let bytes = unsafe { crate::readable::bytes(fat, usize::MAX) };
    fatbin::bounded(bytes).map(<[u8]>::to_vec)
}

/// The most relocatable fatbins a `-rdc` wrapper's list is read for (one per object file).
const MAX_RELOCATABLE: usize = 1 << 16;

/// `void** __cudaRegisterFatBinary(void *fatCubin)`.
///
/// # Safety
/// `wrapper` must be null or point into the program's static data (nvcc's fatbin wrapper).
pub unsafe fn __cudaRegisterFatBinary(wrapper: *mut c_void) -> *mut *mut c_void {
    let handle = Box::into_raw(Box::new(std::ptr::null_mut::<c_void>()));
    let mut data = Err(fatbin::Error::Corrupt("no fatbin wrapper (a null pointer)".into()));
    let mut relocatable = Vec::new();
    // SAFETY: the wrapper is the program's static data (contract).
    let w = unsafe { crate::readable::bytes(wrapper.cast::<u8>(), 24) };
    let word = |o: usize| w.get(o..o + 8).map_or(0, |b| u64::from_le_bytes(b.try_into().unwrap_or_default()));
    if w.len() == 24 {
        // The wrapper is 24 bytes: {i32 magic, i32 version, u64* data, void*
        // filename_or_fatbins}.
        let (magic, version) = (word(0) as u32, (word(0) >> 32) as u32);
        let (fat, list) = (word(8) as usize as *const u8, word(16) as usize as *const u8);
        data = if magic == fatbin::WRAPPER_MAGIC {
            // SAFETY: the wrapper's data points into the program's static data.
            unsafe { copy_fatbin(fat) }
        } else {
            Err(fatbin::Error::Corrupt(format!("bad wrapper magic {magic:#x} (expected {:#x})", fatbin::WRAPPER_MAGIC)))
        };
        if magic == fatbin::WRAPPER_MAGIC && version == 2 {
            // Version 2 (`-rdc=true`, written by crt/link.stub): a NULL-terminated array of
            // every object's relocatable fatbin, read as far as it is mapped.
            // SAFETY: the list is the program's static data.
            let list = unsafe { crate::readable::bytes(list, MAX_RELOCATABLE * 8) };
            for p in list.chunks_exact(8).map(|b| u64::from_le_bytes(b.try_into().unwrap_or_default())) {
                if p == 0 {
                    break;
                }
                // SAFETY: each element points into the program's static data.
                relocatable.push(unsafe { copy_fatbin(p as usize as *const u8) });
            }
        }
    }
    // A damaged fatbin is reported when its module is first needed (`Fatbin::module`).
    crate::install_printf_sink();
    crate::interrupt::install();
    let fb = Arc::new(Fatbin {
        data,
        relocatable,
        module: OnceLock::new(),
        managed: Mutex::new(Vec::new()),
        managed_filled: std::sync::atomic::AtomicBool::new(false),
        host_managed: Mutex::new(Vec::new()),
    });
    registry().fatbins.insert(handle as usize, fb);
    handle
}

/// `void __cudaRegisterFatBinaryEnd(void **fatCubinHandle)`: binds the `__managed__`
/// variables of clang-compiled code registered since to their host objects, which loads the
/// module (their initial values must be in place before `main`).
pub fn __cudaRegisterFatBinaryEnd(handle: *mut *mut c_void) {
    let Some(fb) = registry().fatbins.get(&(handle as usize)).cloned() else { return };
    let pending = std::mem::take(&mut *fb.host_managed.lock().unwrap_or_else(|e| e.into_inner()));
    if pending.is_empty() {
        return;
    }
    // A module that cannot load reports why (once, in `module`).
    let Ok(m) = fb.module() else { return };
    for (name, host, size) in pending {
        // SAFETY: `host..host + size` lies in the program's `cuprite_managed` section
        // (`__cudaRegisterVar` checked it): a variable of the program, live for the process.
        if let Err(e) = unsafe { m.bind_managed_variable(&name, host as *mut u8, size) } {
            eprintln!("cuprite: __managed__ variable {e}: kernels will not see the host's value");
        }
    }
}

/// The host address ranges of `__managed__` variables compiled by clang (`cuprite nvcc`):
/// each object's `cuprite_managed` section.
static MANAGED_HOST_RANGES: Mutex<Vec<(usize, usize)>> = Mutex::new(Vec::new());

/// `void __cupriteRegisterManagedRange(void *start, void *stop)`, Cuprite's own entry point:
/// `[start, stop)` holds host objects of `__managed__` variables (a program's or shared
/// library's `cuprite_managed` section). `cuprite nvcc`'s headers call it, through a weak
/// reference, from a constructor that runs before clang's registration code; a variable
/// `__cudaRegisterVar` then registers inside the range becomes managed: the module's variable
/// lives in the host object, which host code uses directly.
pub fn __cupriteRegisterManagedRange(start: *mut c_void, stop: *mut c_void) {
    let (start, stop) = (start as usize, stop as usize);
    if start == 0 || stop <= start {
        return;
    }
    let mut r = MANAGED_HOST_RANGES.lock().unwrap_or_else(|e| e.into_inner());
    if !r.contains(&(start, stop)) {
        r.push((start, stop));
    }
}

/// Whether `host..host + size` lies inside a registered `cuprite_managed` range.
fn in_managed_range(host: usize, size: usize) -> bool {
    let r = MANAGED_HOST_RANGES.lock().unwrap_or_else(|e| e.into_inner());
    r.iter().any(|&(start, stop)| host >= start && host.checked_add(size).is_some_and(|end| end <= stop))
}

/// `void __cudaUnregisterFatBinary(void **fatCubinHandle)` (at exit): does not wait for the
/// device. As on a GPU, work still in flight when the program ends is abandoned (a kernel
/// that never ends must not keep the process alive); a program sees its kernels' results
/// only after synchronizing.
pub fn __cudaUnregisterFatBinary(handle: *mut *mut c_void) {
    let mut r = registry();
    r.fatbins.remove(&(handle as usize));
}

/// `char __cudaInitModule(void **fatCubinHandle)`: loads the module and fills the host pointer
/// slots of its `__managed__` variables (again after a `cudaDeviceReset`).
pub fn __cudaInitModule(handle: *mut *mut c_void) -> c_char {
    let fb = registry().fatbins.get(&(handle as usize)).cloned();
    c_char::from(fb.is_some_and(|f| match f.module() {
        Ok(m) => {
            f.fill_managed(&m);
            true
        }
        Err(_) => false,
    }))
}

/// `void __cudaRegisterFunction(void **h, const char *hostFun, char *deviceFun, const char
/// *deviceName, int thread_limit, uint3 *tid, uint3 *bid, dim3 *bDim, dim3 *gDim, int *wSize)`.
#[allow(clippy::too_many_arguments)]
pub fn __cudaRegisterFunction(
    handle: *mut *mut c_void,
    host_fun: *const c_char,
    device_fun: CStrArg,
    _device_name: *const c_char,
    _thread_limit: i32,
    _tid: *mut c_void,
    _bid: *mut c_void,
    _bdim: *mut c_void,
    _gdim: *mut c_void,
    _wsize: *mut i32,
) {
    let Some(name) = device_fun.to_string_lossy() else { return };
    let mut r = registry();
    if let Some(fb) = r.fatbins.get(&(handle as usize)).cloned() {
        r.functions.insert(host_fun as usize, (fb, name));
        functions_changed();
    }
}

/// `void __cudaRegisterVar(void **h, char *hostVar, char *deviceAddress, const char
/// *deviceName, int ext, size_t size, int constant, int global)`.
#[allow(clippy::too_many_arguments)]
pub fn __cudaRegisterVar(
    handle: *mut *mut c_void,
    host_var: *mut c_char,
    _device_address: *mut c_char,
    device_name: CStrArg,
    _ext: i32,
    size: usize,
    _constant: i32,
    _global: i32,
) {
    let Some(name) = device_name.to_string_lossy() else { return };
    let mut r = registry();
    if let Some(fb) = r.fatbins.get(&(handle as usize)).cloned() {
        if size != 0 && in_managed_range(host_var as usize, size) {
            fb.host_managed.lock().unwrap_or_else(|e| e.into_inner()).push((name.clone(), host_var as usize, size));
        }
        r.vars.insert(host_var as usize, Var { fatbin: fb, name, size });
    }
}

/// `void __cudaRegisterManagedVar(void **h, void **hostVarPtrAddress, char *deviceAddress,
/// const char *deviceName, int ext, size_t size, int constant, int global)`: the variable is
/// reachable through the symbol API (by `hostVarPtrAddress`), and `*hostVarPtrAddress` is set
/// to its unified address when the module loads (`__cudaInitModule`, or the first launch), so
/// host code reads and writes the device variable itself.
///
/// # Safety
/// `host_var_ptr` must be a writable pointer slot that lives as long as the program.
#[allow(clippy::too_many_arguments)]
pub unsafe fn __cudaRegisterManagedVar(
    handle: *mut *mut c_void,
    host_var_ptr: *mut *mut c_void,
    device_address: *mut c_char,
    device_name: CStrArg,
    ext: i32,
    size: usize,
    constant: i32,
    global: i32,
) {
    __cudaRegisterVar(handle, host_var_ptr as *mut c_char, device_address, device_name, ext, size, constant, global);
    let Some(name) = device_name.to_string_lossy() else { return };
    if host_var_ptr.is_null() {
        return;
    }
    if let Some(fb) = registry().fatbins.get(&(handle as usize)).cloned() {
        fb.managed.lock().unwrap_or_else(|e| e.into_inner()).push((host_var_ptr as usize, name));
        fb.managed_filled.store(false, std::sync::atomic::Ordering::Release);
    }
}

#[derive(Debug, Clone, Copy)]
struct CallConfig {
    grid: Dim3C,
    block: Dim3C,
    shared: usize,
    stream: *mut c_void,
}

thread_local! {
    static CONFIGS: RefCell<Vec<CallConfig>> = const { RefCell::new(Vec::new()) };
}

/// `unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared, cudaStream_t)`.
pub fn __cudaPushCallConfiguration(grid: Dim3C, block: Dim3C, shared: usize, stream: *mut c_void) -> u32 {
    CONFIGS.with(|c| c.borrow_mut().push(CallConfig { grid, block, shared, stream }));
    0
}

/// `cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared, void
/// *stream)`.
///
/// # Safety
/// The pointers must be valid for writes (or null).
pub unsafe fn __cudaPopCallConfiguration(
    grid: *mut Dim3C,
    block: *mut Dim3C,
    shared: *mut usize,
    stream: *mut *mut c_void,
) -> i32 {
    let Some(c) = CONFIGS.with(|c| c.borrow_mut().pop()) else {
        return code(record::<()>(Err(Error::InvalidConfiguration)));
    };
    // SAFETY: valid for writes per the contract (null pointers are skipped).
    unsafe {
        if !grid.is_null() {
            grid.write(c.grid);
        }
        if !block.is_null() {
            block.write(c.block);
        }
        if !shared.is_null() {
            shared.write(c.shared);
        }
        if !stream.is_null() {
            stream.write(c.stream);
        }
    }
    0
}

/// Registers the kernels of a module loaded at run time (`cudaLibraryLoadData`): each
/// `(handle, name)` makes `handle` a kernel handle every launch and function call accepts,
/// as a host stub is.
pub(crate) fn register_library(m: Module, kernels: &[(usize, String)]) {
    let fb = Arc::new(Fatbin {
        data: Ok(Vec::new()),
        relocatable: Vec::new(),
        module: OnceLock::from(Ok(m)),
        managed: Mutex::new(Vec::new()),
        managed_filled: std::sync::atomic::AtomicBool::new(true),
        host_managed: Mutex::new(Vec::new()),
    });
    let mut r = registry();
    for (h, name) in kernels {
        r.functions.insert(*h, (fb.clone(), name.clone()));
    }
    functions_changed();
}

/// Forgets kernel handles (`cudaLibraryUnload`).
pub(crate) fn unregister_functions(handles: &[usize]) {
    let mut r = registry();
    for h in handles {
        r.functions.remove(h);
    }
    functions_changed();
}

/// The host stub registered for kernel `name` (the `func` CUDA reports back for a kernel).
pub(crate) fn host_stub_of(name: &str) -> usize {
    registry().functions.iter().find(|(_, (_, n))| n == name).map_or(0, |(h, _)| *h)
}

/// As [`function_for`], for the calls where CUDA 13.0 answers a pointer that is not a kernel
/// (a host function) with `cudaErrorInvalidResourceHandle` and a null one with
/// `cudaErrorInvalidDeviceFunction`: the launches, cudaFuncGetAttributes, cudaFuncSetAttribute,
/// cudaFuncSetCacheConfig, cudaFuncGetName, cudaFuncGetParamInfo, cudaFuncSetSharedMemConfig,
/// the occupancy calculators, cluster ones too (tests/gpu-programs,
/// tests/program-diff/func_handle_errors.cu, func_handle_clusters.cu).
pub(crate) fn function_for_handle(host_fun: usize) -> Result<Function> {
    function_for(host_fun).or_else(|e| match e {
        Error::InvalidDeviceFunction if host_fun != 0 => record(Err(Error::InvalidResourceHandle)),
        e => Err(e),
    })
}

/// How many times the registered kernels changed: a lookup cached before a change is stale.
static FUNCTIONS_GENERATION: AtomicU64 = AtomicU64::new(0);

/// Called (under the registry's lock) after the registered kernels changed.
fn functions_changed() {
    FUNCTIONS_GENERATION.fetch_add(1, Ordering::Release);
}

thread_local! {
    /// The kernel this thread looked up last: its host stub, the registrations' generation
    /// then, and the function. A loop launching one kernel then finds it without the registry's
    /// lock, two hashes and two allocations (a fifth of an empty launch's time on the calling
    /// thread), and the launches share one copy of its name.
    static LAST_FUNCTION: RefCell<Option<(usize, u64, Function)>> = const { RefCell::new(None) };
}

pub(crate) fn function_for(host_fun: usize) -> Result<Function> {
    // Read before the registry: a change after this reading makes the entry cached below
    // stale at the next call, never a stale entry current.
    let generation = FUNCTIONS_GENERATION.load(Ordering::Acquire);
    let cached = LAST_FUNCTION.try_with(|last| {
        last.borrow().as_ref().filter(|(h, g, _)| *h == host_fun && *g == generation).map(|(_, _, f)| f.clone())
    });
    if let Ok(Some(f)) = cached {
        return Ok(f);
    }
    let entry = registry().functions.get(&host_fun).map(|(fb, n)| (fb.clone(), n.clone()));
    let Some((fb, name)) = entry else { return record(Err(Error::InvalidDeviceFunction)) };
    let f = fb.module()?.function(&name)?;
    // During the thread's teardown nothing is cached.
    let _ = LAST_FUNCTION.try_with(|last| *last.borrow_mut() = Some((host_fun, generation, f.clone())));
    Ok(f)
}

/// `cudaError_t __cudaGetKernel(cudaKernel_t *kernel, const void *hostFun)`: the kernel handle
/// is the host stub address.
///
/// # Safety
/// `kernel` must be valid for writes (or null).
pub unsafe fn __cudaGetKernel(kernel: *mut *mut c_void, host_fun: *const c_void) -> i32 {
    if kernel.is_null() {
        return invalid();
    }
    // Lazy, as CUDA's lazy loading: only the registration is checked here; the module is
    // loaded (and a missing kernel image reported) at launch.
    if !registry().functions.contains_key(&(host_fun as usize)) {
        return code(record::<()>(Err(Error::InvalidDeviceFunction)));
    }
    // SAFETY: valid for writes per the contract.
    unsafe { kernel.write(host_fun as *mut c_void) };
    0
}

/// Builds the parameter buffer from `void **args` and launches: `cudaLaunchKernel(const void
/// *func, dim3, dim3, void **args, size_t, cudaStream_t)`, and `__cudaLaunchKernel(cudaKernel_t,
/// ...)`, what `<<<...>>>` calls (profiled under the API name programs use).
///
/// # Safety
/// `args` must hold one pointer per kernel parameter, each to a value of the parameter's size.
pub(crate) unsafe fn launch(
    host_fun: usize,
    grid: Dim3C,
    block: Dim3C,
    args: *mut *mut c_void,
    shared: usize,
    stream: *mut c_void,
) -> i32 {
    crate::install_printf_sink();
    let r = (|| {
        let (f, packed, shared) = {
            // SAFETY: `args` holds one pointer per kernel parameter, each to a value of its size: this function's
            // contract, which is `prepare_launch`'s.
            unsafe { prepare_launch(host_fun, args, shared) }
        }?;
        runtime::launch::launch_packed(&f, grid.into(), block.into(), shared, crate::stream(stream), packed)
    })();
    code(r)
}

/// The kernel, its packed parameters and the checked dynamic shared memory size of a launch
/// (as `cudaLaunchKernel` and kernel graph nodes take them).
///
/// # Safety
/// `args` must hold one pointer per kernel parameter, each to a value of the parameter's size.
pub(crate) unsafe fn prepare_launch(
    host_fun: usize,
    args: *mut *mut c_void,
    shared: usize,
) -> Result<(Function, Vec<u8>, u32)> {
    let f = function_for_handle(host_fun)?;
    let params = f.params();
    if !params.is_empty() && args.is_null() {
        return record(Err(Error::InvalidValue));
    }
    let mut slices: Vec<&[u8]> = Vec::with_capacity(params.len());
    for (i, p) in params.iter().enumerate() {
        // SAFETY: `args` has one entry per parameter, each pointing to `p.size` bytes.
        let s = unsafe {
            let a = *args.add(i) as *const u8;
            if a.is_null() {
                return record(Err(Error::InvalidValue));
            }
            std::slice::from_raw_parts(a, p.size as usize)
        };
        slices.push(s);
    }
    let packed = f.pack_params(&slices)?;
    // The limit (48 KB less static shared memory unless raised) is checked by the launch.
    let Ok(shared) = u32::try_from(shared) else { return record(Err(Error::InvalidValue)) };
    Ok((f, packed, shared))
}

/// The device address and size of the variable whose host shadow is at `symbol`.
pub(crate) fn symbol(symbol: *const c_void) -> Result<(DevicePtr, usize)> {
    let v = {
        let r = registry();
        let key = r.managed_addrs.get(&(symbol as usize)).copied().unwrap_or(symbol as usize);
        r.vars.get(&key).map(|v| (v.fatbin.clone(), v.name.clone(), v.size))
    };
    let Some((fb, name, size)) = v else { return record(Err(Error::InvalidSymbol)) };
    let (p, _) = fb.module()?.global(&name)?;
    Ok((p, size))
}

pub(crate) fn symbol_range(sym: *const c_void, count: usize, offset: usize) -> Result<DevicePtr> {
    let (p, size) = symbol(sym)?;
    // Zero bytes copy at any offset (as an H200 answers).
    if count > 0 && offset.checked_add(count).is_none_or(|e| e > size) {
        return record(Err(Error::InvalidValue));
    }
    Ok(p.offset(offset as u64))
}

/// A copy of `count` bytes between symbol `sym` (from byte `offset`) and memory `other`,
/// into the symbol when `to_symbol`, of `cudaMemcpyKind` `kind`: what every symbol-copy
/// entry point (`cudaMemcpyToSymbol`, the graph nodes' `...ToSymbol`) is asked to do.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SymbolCopy {
    pub sym: *const c_void,
    pub other: *mut c_void,
    pub count: usize,
    pub offset: usize,
    pub kind: i32,
    pub to_symbol: bool,
}

impl SymbolCopy {
    /// `count` bytes from `src` into the symbol.
    pub(crate) fn into_symbol(sym: *const c_void, src: *const c_void, count: usize, offset: usize, kind: i32) -> Self {
        SymbolCopy { sym, other: src.cast_mut(), count, offset, kind, to_symbol: true }
    }

    /// `count` bytes from the symbol to `dst`.
    pub(crate) fn out_of_symbol(dst: *mut c_void, sym: *const c_void, count: usize, offset: usize, kind: i32) -> Self {
        SymbolCopy { sym, other: dst, count, offset, kind, to_symbol: false }
    }

    /// The copy's (destination, source) addresses and kind, checked as CUDA checks them (a
    /// direction that does not involve the symbol's device side is
    /// `cudaErrorInvalidMemcpyDirection`).
    pub(crate) fn ends(&self) -> Result<(u64, u64, runtime::memory::MemcpyKind)> {
        let kind = record(runtime::memory::MemcpyKind::from_raw(self.kind))?;
        use runtime::memory::MemcpyKind as K;
        let ok = if self.to_symbol {
            matches!(kind, K::HostToDevice | K::DeviceToDevice | K::Default)
        } else {
            matches!(kind, K::DeviceToHost | K::DeviceToDevice | K::Default)
        };
        if !ok {
            return record(Err(Error::InvalidMemcpyDirection));
        }
        let dev = symbol_range(self.sym, self.count, self.offset)?;
        let other = self.other as u64;
        Ok(if self.to_symbol { (dev.0, other, kind) } else { (other, dev.0, kind) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PTX: &str = ".version 7.0\n.target sm_80\n.address_size 64\n\
                       .visible .entry first() { ret; }\n.visible .entry second() { ret; }\n";

    #[test]
    fn a_kernel_lookup_cached_by_the_thread_follows_registration_changes() {
        let m = Module::load_ptx(PTX).expect("module");
        // A handle no host stub of this test binary has.
        let h = 0x7e57_0001usize;
        register_library(m.clone(), &[(h, "first".into())]);
        assert_eq!(function_for(h).expect("registered").name(), "first");
        // Again, from the thread's cache.
        assert_eq!(function_for(h).expect("cached").name(), "first");
        unregister_functions(&[h]);
        assert_eq!(function_for(h).err(), Some(Error::InvalidDeviceFunction));
        register_library(m, &[(h, "second".into())]);
        assert_eq!(function_for(h).expect("registered again").name(), "second");
        unregister_functions(&[h]);
    }
}
