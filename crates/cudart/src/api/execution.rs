//! 6.7 Execution Control (and 6.8, its deprecated `cudaFuncSetSharedMemConfig`): kernel
//! launches (`cudaLaunchKernel`, `cudaLaunchKernelExC` with launch attributes, cooperative
//! launches), host functions, and function attributes and queries.

// C ABI names.
#![allow(non_snake_case)]

use std::collections::HashMap;
use std::ffi::{CString, c_char, c_void};
use std::sync::Mutex;

use runtime::event::Event;
use runtime::launch::{LaunchAttrs, LaunchConfig};
use runtime::stream::Stream;
use runtime::{Dim3, Error, Result, device, record};

use crate::args::{Dim3C, Out};
// `launch` is also `cudaLaunchKernel` in the table of entry points.
pub(crate) use crate::registration::launch;
use crate::registration::{function_for_handle, prepare_launch};
use crate::{code, invalid, stream};

/// A host function and its argument, run on a stream's worker.
#[derive(Debug, Clone, Copy)]
struct HostCall {
    f: usize,
    data: usize,
}

/// `cudaHostFn_t`.
pub type HostFn = unsafe extern "C" fn(*mut c_void);

/// The work of `cudaLaunchHostFunc` (also a host graph node's work).
pub(crate) fn host_fn_work(f: HostFn, data: *mut c_void) -> Box<dyn Fn() + Send + Sync> {
    let call = HostCall { f: f as usize, data: data as usize };
    Box::new(move || {
        // SAFETY: `call.f` is the `cudaHostFn_t` the program passed (a function pointer, so
        // never null once transmuted back); calling it with its user data is its contract.
        unsafe {
            let f: HostFn = std::mem::transmute::<usize, HostFn>(call.f);
            runtime::run_host_function(|| f(call.data as *mut c_void))
        }
    })
}

fn launch_host_func(s: Stream, f: Option<HostFn>, data: *mut c_void) -> i32 {
    let Some(f) = f else { return invalid() };
    code(s.launch_host_func(host_fn_work(f, data)))
}

/// `cudaLaunchHostFunc(cudaStream_t, cudaHostFn_t fn, void *userData)`.
pub fn cudaLaunchHostFunc(s: *mut c_void, f: Option<HostFn>, data: *mut c_void) -> i32 {
    launch_host_func(stream(s), f, data)
}

/// `cudaLaunchAttribute`: `{ cudaLaunchAttributeID id; char pad[4]; cudaLaunchAttributeValue
/// val; }` (the value is a 64-byte union).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct LaunchAttribute {
    /// `cudaLaunchAttributeID`.
    pub id: i32,
    /// Padding.
    pub pad: [u8; 4],
    /// `cudaLaunchAttributeValue`, as raw words.
    pub val: [u32; 16],
}

/// `cudaLaunchConfig_t`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct LaunchConfigC {
    /// `dim3 gridDim`.
    pub gridDim: Dim3C,
    /// `dim3 blockDim`.
    pub blockDim: Dim3C,
    /// `size_t dynamicSmemBytes`.
    pub dynamicSmemBytes: usize,
    /// `cudaStream_t stream`.
    pub stream: *mut c_void,
    /// `cudaLaunchAttribute *attrs` (nullable if `numAttrs` is 0).
    pub attrs: *const LaunchAttribute,
    /// `unsigned int numAttrs`.
    pub numAttrs: u32,
}

/// The attributes CUDA 13.0 defines (`cudaLaunchAttributeID`), as the CPU device applies
/// them: cooperative (2), cluster dimension (4), priority (8) and completion events (7, 12)
/// change the launch; the performance hints (1, 3, 5, 6, 9, 10, 11, 14, 16) are validated as
/// an H200 validates them (tests/program-diff/launch_attr_rare.cu) and have no effect; Ignore
/// (0) entries are skipped; a device-updatable kernel node (13) is for graphs only
/// (`cudaErrorNotSupported`); anything else is `cudaErrorInvalidValue`.
pub fn launch_attrs(list: &[LaunchAttribute]) -> Result<LaunchAttrs> {
    let mut a = LaunchAttrs::default();
    let mut preferred_cluster = None;
    for at in list {
        let v = &at.val;
        match at.id {
            6 => a.programmatic = v[0] != 0,
            0 | 3 | 16 => {}
            // cudaAccessPolicyWindow { base_ptr, num_bytes, hitRatio, hitProp, missProp }: a hit
            // ratio in [0, 1], a window no larger than the device's, a miss property Normal or
            // Streaming (the hit property is not checked).
            1 => {
                let bytes = u64::from(v[2]) | (u64::from(v[3]) << 32);
                let ratio = f32::from_bits(v[4]);
                let max = runtime::device::attribute(109, 0)?;
                if !(0.0..=1.0).contains(&ratio) || bytes > max.max(0) as u64 || v[6] > 1 {
                    return Err(Error::InvalidValue);
                }
            }
            2 => a.cooperative = v[0] != 0,
            4 => a.cluster = Some(Dim3::new(v[0], v[1], v[2])),
            // cudaClusterSchedulingPolicy: Default, Spread, LoadBalancing.
            5 if v[0] > 2 => return Err(Error::InvalidValue),
            5 => {}
            8 => a.priority = v[0] as i32,
            // cudaLaunchMemSyncDomainMap { default_, remote }: domains below the device's 4.
            9 if v[0] & 0xff >= 4 || (v[0] >> 8) & 0xff >= 4 => return Err(Error::InvalidValue),
            9 => {}
            // cudaLaunchMemSyncDomain: Default or Remote.
            10 if v[0] > 1 => return Err(Error::InvalidValue),
            10 => {}
            11 => preferred_cluster = Some(Dim3::new(v[0], v[1], v[2])),
            13 => return Err(Error::NotSupported),
            // A carveout percentage.
            14 if v[0] > 100 => return Err(Error::InvalidValue),
            14 => {}
            7 | 12 => {
                let e = Event(u64::from(v[0]) | (u64::from(v[1]) << 32));
                runtime::event::check_launch_event(e)?;
                // Record flags: cudaEventRecordExternal is not accepted, nor unknown bits.
                if at.id == 12 && v[2] != 0 {
                    return Err(Error::InvalidValue);
                }
                a.completion_event = Some(e);
            }
            _ => return Err(Error::InvalidValue),
        }
    }
    // A preferred cluster shape needs a cluster dimension it is a multiple of.
    if let Some(p) = preferred_cluster {
        let Some(c) = a.cluster else { return Err(Error::InvalidClusterSize) };
        let fits = |p: u32, c: u32| c != 0 && p.is_multiple_of(c);
        if !(fits(p.x, c.x) && fits(p.y.max(1), c.y.max(1)) && fits(p.z.max(1), c.z.max(1))) {
            return Err(Error::InvalidClusterSize);
        }
    }
    Ok(a)
}

/// # Safety
/// `config` valid; `args` as for `cudaLaunchKernel`.
unsafe fn launch_ex(config: *const LaunchConfigC, func: *const c_void, args: *mut *mut c_void) -> i32 {
    crate::install_printf_sink();
    let r = (|| {
        if config.is_null() {
            return record(Err(Error::InvalidValue));
        }
        // SAFETY: non-null, valid per the contract.
        let c = unsafe { config.read() };
        let list = if c.numAttrs == 0 {
            &[][..]
        } else if c.attrs.is_null() {
            return record(Err(Error::InvalidValue));
        } else {
            // SAFETY: `attrs` holds `numAttrs` entries per the contract.
            unsafe { std::slice::from_raw_parts(c.attrs, c.numAttrs as usize) }
        };
        let attrs = record(launch_attrs(list))?;
        // SAFETY: `args` holds one pointer per kernel parameter: this function's contract (cudaLaunchKernelExC's for
        // `args`), which is `prepare_launch`'s.
        let (f, packed, shared) = unsafe { prepare_launch(func as usize, args, c.dynamicSmemBytes) }?;
        let cfg = LaunchConfig {
            grid: c.gridDim.into(),
            block: c.blockDim.into(),
            dynamic_shared: shared,
            stream: stream(c.stream),
            attrs,
        };
        runtime::launch::launch_ex(&f, &cfg, packed)
    })();
    code(r)
}

/// `cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args)`
/// (what the `cudaLaunchKernelEx` C++ template calls).
///
/// # Safety
/// `config` valid; `args` one pointer per kernel parameter.
pub unsafe fn cudaLaunchKernelExC(config: *const LaunchConfigC, func: *const c_void, args: *mut *mut c_void) -> i32 {
    // SAFETY: `config` is valid and `args` holds one pointer per kernel parameter: cudaLaunchKernelExC's contract,
    // which is `launch_ex`'s.
    unsafe { launch_ex(config, func, args) }
}

/// `cudaLaunchCooperativeKernel(const void *func, dim3, dim3, void **args, size_t sharedMem,
/// cudaStream_t)`: every block is resident at once, so `this_grid().sync()` works; a grid
/// larger than the device holds at once is `cudaErrorCooperativeLaunchTooLarge`.
///
/// # Safety
/// `args` one pointer per kernel parameter.
pub unsafe fn cudaLaunchCooperativeKernel(
    func: *const c_void,
    grid: Dim3C,
    block: Dim3C,
    args: *mut *mut c_void,
    shared: usize,
    stream: *mut c_void,
) -> i32 {
    let mut attr = LaunchAttribute { id: 2, pad: [0; 4], val: [0; 16] };
    attr.val[0] = 1;
    let c =
        LaunchConfigC { gridDim: grid, blockDim: block, dynamicSmemBytes: shared, stream, attrs: &attr, numAttrs: 1 };
    // SAFETY: `c` and `attr` are live; `args` holds one pointer per kernel parameter:
    // cudaLaunchCooperativeKernel's contract, which is `launch_ex`'s.
    unsafe { launch_ex(&c, func, args) }
}

/// `cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config)`: the
/// function must be a kernel, the configuration valid; the bank size is fixed.
pub fn cudaFuncSetSharedMemConfig(func: *const c_void, config: i32) -> i32 {
    code(function_for_handle(func as usize).and_then(|_| record(device::check_shared_mem_config(config))))
}

/// Kernel names as C strings, kept for the life of the process (`cudaFuncGetName` returns
/// pointers into them).
fn c_name(name: &str) -> *const c_char {
    static NAMES: Mutex<Option<HashMap<String, CString>>> = Mutex::new(None);
    let mut g = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    let m = g.get_or_insert_with(HashMap::new);
    // A PTX identifier has no NUL byte; fall back to an empty name if one ever had.
    m.entry(name.to_string()).or_insert_with(|| CString::new(name).unwrap_or_default()).as_ptr()
}

/// `cudaFuncGetName(const char **name, const void *func)`: the (mangled) kernel name.
pub fn cudaFuncGetName(name: Out<*const c_char>, func: *const c_void) -> i32 {
    if name.is_null() {
        return invalid();
    }
    name.put(function_for_handle(func as usize).map(|f| c_name(f.name())))
}

/// `cudaFuncGetParamInfo(const void *func, size_t paramIndex, size_t *paramOffset, size_t
/// *paramSize)`: the parameter's offset and size in the packed parameter buffer.
///
/// # Safety
/// `offset`, `size` must be null or valid for writes.
pub unsafe fn cudaFuncGetParamInfo(func: *const c_void, index: usize, offset: *mut usize, size: *mut usize) -> i32 {
    // The offset is required, the size optional (as an H200 answers).
    if offset.is_null() {
        return invalid();
    }
    let r = function_for_handle(func as usize).and_then(|f| {
        let mut off = 0usize;
        for (i, p) in f.params().iter().enumerate() {
            off = off.next_multiple_of(p.align.max(1) as usize);
            if i == index {
                return Ok((off, p.size as usize));
            }
            off += p.size as usize;
        }
        record(Err(Error::InvalidValue))
    });
    match r {
        Ok((o, s)) => {
            // SAFETY: null-checked; valid for writes per the contract.
            unsafe {
                if !offset.is_null() {
                    offset.write(o);
                }
                if !size.is_null() {
                    size.write(s);
                }
            }
            0
        }
        Err(_) => code(r),
    }
}

/// `cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value)`:
/// validated and recorded; `cudaFuncAttributeMaxDynamicSharedMemorySize` (8) raises the
/// dynamic shared memory launches of `func` may use.
pub fn cudaFuncSetAttribute(func: *const c_void, attr: i32, value: i32) -> i32 {
    let r =
        runtime::usable().and_then(|()| function_for_handle(func as usize)).and_then(|f| f.set_attribute(attr, value));
    if r.is_ok() {
        // A successful cudaFuncSetAttribute also clears the thread's last error, as CUDA 13.0
        // does (tests/gpu-programs/probe_last_error.txt).
        let _ = runtime::get_last_error();
    }
    code(r)
}

/// `cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache)`: recorded (no effect on the
/// CPU).
pub fn cudaFuncSetCacheConfig(func: *const c_void, config: i32) -> i32 {
    code(function_for_handle(func as usize).and_then(|f| f.set_cache_config(config)))
}

/// `cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)`.
///
/// # Safety
/// `attr` must be valid for writes.
pub unsafe fn cudaFuncGetAttributes(attr: *mut runtime::module::FuncAttributes, func: *const c_void) -> i32 {
    if attr.is_null() {
        return invalid();
    }
    let r = runtime::usable().and_then(|()| function_for_handle(func as usize)).map(|f| {
        f.load();
        // SAFETY: valid for writes per the contract.
        unsafe { attr.write(f.attributes()) }
    });
    code(r)
}
