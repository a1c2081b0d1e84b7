//! The library API: device code loaded at run time (`cudaLibraryLoadData` with PTX text or
//! a fatbin holding PTX, `cudaLibraryLoadFromFile`), its kernels and variables.
//!
//! A library's kernel handles (`cudaKernel_t`) are registered as host stubs are
//! (`register::register_library`), so `cudaLaunchKernel((const void *)kernel, ...)`,
//! `cudaLaunchKernelEx`, `cudaFuncGetAttributes`, `cudaFuncSetAttribute` and graph kernel
//! nodes take them as they take a kernel's host stub. Handles are addresses of a block the
//! library owns (the library's at its start, kernel `i`'s at `1 + i`), unique while it lives.

// C ABI names.
#![allow(non_snake_case)]

use std::collections::HashMap;
use std::ffi::{CStr, c_char, c_void};
use std::sync::{Mutex, MutexGuard, OnceLock};

use runtime::module::Module;
use runtime::{Error, Result, record};

use crate::{code, invalid, out};

/// A loaded library.
struct Library {
    module: Module,
    /// Kernel names, sorted, with their handles.
    kernels: Vec<(usize, String)>,
    /// The block the handles point into.
    _slots: Box<[u8]>,
}

fn libraries() -> MutexGuard<'static, HashMap<usize, Library>> {
    static L: OnceLock<Mutex<HashMap<usize, Library>>> = OnceLock::new();
    L.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

/// The PTX of `code`: a fatbin's best PTX, or NUL-terminated PTX text. A cubin (ELF) has
/// no code the CPU can run.
///
/// # Safety
/// `code` must point at a fatbin (its header's size readable) or a NUL-terminated string.
unsafe fn ptx_of(code: *const c_void) -> Result<String> {
    if code.is_null() {
        return record(Err(Error::InvalidValue));
    }
    // SAFETY: both forms are at least 4 bytes long (a string shorter than that holds its NUL
    // within them, which is checked first byte by byte).
    let head: [u8; 4] = unsafe {
        let p = code.cast::<u8>();
        let mut h = [0u8; 4];
        for (i, b) in h.iter_mut().enumerate() {
            *b = p.add(i).read();
            if *b == 0 {
                break;
            }
        }
        h
    };
    let magic = u32::from_le_bytes(head);
    if magic == crate::fatbin::FATBIN_MAGIC {
        // SAFETY: a fatbin starts with a 16-byte header giving its size.
        let header: [u8; 16] = unsafe { code.cast::<[u8; 16]>().read_unaligned() };
        let Some(size) = crate::fatbin::fatbin_size(&header) else { return record(Err(Error::InvalidKernelImage)) };
        // SAFETY: the fatbin is `size` bytes long, per its header.
        let data = unsafe { std::slice::from_raw_parts(code.cast::<u8>(), size) };
        let entries = crate::fatbin::entries(data).map_err(|_| Error::InvalidKernelImage);
        return match crate::fatbin::select_ptx(&record(entries)?) {
            Ok((_, ptx)) => Ok(ptx),
            Err(_) => record(Err(Error::NoKernelImageForDevice)),
        };
    }
    if head == *b"\x7fELF" {
        return record(Err(Error::NoKernelImageForDevice));
    }
    // SAFETY: NUL-terminated text per the contract.
    let text = unsafe { CStr::from_ptr(code.cast::<c_char>()) };
    match text.to_str() {
        Ok(t) => Ok(t.to_string()),
        Err(_) => record(Err(Error::InvalidPtx)),
    }
}

/// Loads `ptx` as a library; its handle.
fn load(ptx: &str) -> Result<usize> {
    let module = Module::load_ptx(ptx)?;
    let mut names = module.kernel_names();
    names.sort();
    let slots = vec![0u8; names.len() + 1].into_boxed_slice();
    let base = slots.as_ptr() as usize;
    let kernels: Vec<(usize, String)> = names.into_iter().enumerate().map(|(i, n)| (base + 1 + i, n)).collect();
    crate::register::register_library(module.clone(), &kernels);
    libraries().insert(base, Library { module, kernels, _slots: slots });
    Ok(base)
}

/// `cudaLibraryLoadData(cudaLibrary_t *library, const void *code, enum cudaJitOption *, void
/// **, unsigned, enum cudaLibraryOption *, void **, unsigned)`: PTX text or a fatbin with
/// PTX; the JIT and library options have no effect.
///
/// # Safety
/// `lib` valid for writes (or null); `code` a fatbin or NUL-terminated PTX.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn cudaLibraryLoadData(
    lib: *mut *mut c_void,
    code: *const c_void,
    _jit_options: *mut i32,
    _jit_values: *mut *mut c_void,
    _num_jit: u32,
    _lib_options: *mut i32,
    _lib_values: *mut *mut c_void,
    _num_lib: u32,
) -> i32 {
    if lib.is_null() {
        return invalid();
    }
    // SAFETY: forwarded contract.
    let r = unsafe { ptx_of(code) }.and_then(|p| load(&p));
    // SAFETY: checked non-null; valid per the contract.
    unsafe { out(lib, r.map(|h| h as *mut c_void)) }
}

/// `cudaLibraryLoadFromFile(cudaLibrary_t *library, const char *fileName, ...)`: a PTX or
/// fatbin file.
///
/// # Safety
/// `lib` valid for writes (or null); `file` null or NUL-terminated.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn cudaLibraryLoadFromFile(
    lib: *mut *mut c_void,
    file: *const c_char,
    _jit_options: *mut i32,
    _jit_values: *mut *mut c_void,
    _num_jit: u32,
    _lib_options: *mut i32,
    _lib_values: *mut *mut c_void,
    _num_lib: u32,
) -> i32 {
    if lib.is_null() || file.is_null() {
        return invalid();
    }
    // SAFETY: NUL-terminated per the contract.
    let path = unsafe { CStr::from_ptr(file) }.to_string_lossy().into_owned();
    let r = (|| {
        let mut bytes = record(std::fs::read(&path).map_err(|_| Error::FileNotFound))?;
        // Padding: a fatbin's header is read whole, PTX text must end in a NUL.
        bytes.resize(bytes.len() + 16, 0);
        // SAFETY: `bytes` is a live buffer, NUL-terminated, and at least 16 bytes long.
        let ptx = unsafe { ptx_of(bytes.as_ptr().cast()) }?;
        load(&ptx)
    })();
    // SAFETY: checked non-null; valid per the contract.
    unsafe { out(lib, r.map(|h| h as *mut c_void)) }
}

/// Runs `f` on library `lib` (`cudaErrorInvalidResourceHandle` if there is none).
fn with<T>(lib: *mut c_void, f: impl FnOnce(&Library) -> Result<T>) -> Result<T> {
    let libs = libraries();
    match libs.get(&(lib as usize)) {
        Some(l) => f(l),
        None => record(Err(Error::InvalidResourceHandle)),
    }
}

/// `cudaLibraryUnload(cudaLibrary_t)`: its kernel handles become invalid.
pub extern "C" fn cudaLibraryUnload(lib: *mut c_void) -> i32 {
    let Some(l) = libraries().remove(&(lib as usize)) else {
        return code::<()>(record(Err(Error::InvalidResourceHandle)));
    };
    let handles: Vec<usize> = l.kernels.iter().map(|(h, _)| *h).collect();
    crate::register::unregister_functions(&handles);
    0
}

/// `cudaLibraryGetKernel(cudaKernel_t *pKernel, cudaLibrary_t, const char *name)`.
///
/// # Safety
/// `k` valid for writes (or null); `name` null or NUL-terminated.
pub unsafe extern "C" fn cudaLibraryGetKernel(k: *mut *mut c_void, lib: *mut c_void, name: *const c_char) -> i32 {
    if k.is_null() || name.is_null() {
        return invalid();
    }
    // SAFETY: NUL-terminated per the contract.
    let name = unsafe { CStr::from_ptr(name) }.to_string_lossy();
    let r = with(lib, |l| match l.kernels.iter().find(|(_, n)| *n == name) {
        Some((h, _)) => Ok(*h as *mut c_void),
        None => record(Err(Error::SymbolNotFound)),
    });
    // SAFETY: checked non-null; valid per the contract.
    unsafe { out(k, r) }
}

/// `cudaLibraryGetKernelCount(unsigned int *count, cudaLibrary_t)`.
///
/// # Safety
/// `count` valid for writes (or null).
pub unsafe extern "C" fn cudaLibraryGetKernelCount(count: *mut u32, lib: *mut c_void) -> i32 {
    // SAFETY: forwarded contract.
    unsafe { out(count, with(lib, |l| Ok(u32::try_from(l.kernels.len()).unwrap_or(u32::MAX)))) }
}

/// `cudaLibraryEnumerateKernels(cudaKernel_t *kernels, unsigned int numKernels,
/// cudaLibrary_t)`: the first `numKernels` kernel handles (by name).
///
/// # Safety
/// `kernels` valid for `n` writes.
pub unsafe extern "C" fn cudaLibraryEnumerateKernels(kernels: *mut *mut c_void, n: u32, lib: *mut c_void) -> i32 {
    if kernels.is_null() || n == 0 {
        return invalid();
    }
    let r = with(lib, |l| {
        for (i, (h, _)) in l.kernels.iter().take(n as usize).enumerate() {
            // SAFETY: valid for `n` writes per the contract; `i < n`.
            unsafe { kernels.add(i).write(*h as *mut c_void) };
        }
        Ok(())
    });
    code(r)
}

/// A library variable's address and size (`SymbolNotFound` if there is none).
///
/// # Safety
/// `name` null or NUL-terminated.
unsafe fn global(lib: *mut c_void, name: *const c_char) -> Result<(runtime::DevicePtr, usize)> {
    if name.is_null() {
        return record(Err(Error::InvalidValue));
    }
    // SAFETY: NUL-terminated per the contract.
    let name = unsafe { CStr::from_ptr(name) }.to_string_lossy().into_owned();
    let m = with(lib, |l| Ok(l.module.clone()))?;
    m.global(&name).or_else(|e| match e {
        Error::InvalidSymbol => record(Err(Error::SymbolNotFound)),
        e => Err(e),
    })
}

/// Writes a variable's address and size (either output may be null).
///
/// # Safety
/// `dptr`, `bytes` null or valid for writes.
unsafe fn write_var(dptr: *mut *mut c_void, bytes: *mut usize, r: Result<(u64, usize)>) -> i32 {
    code(r.map(|(p, n)| {
        // SAFETY: valid for writes per the contract (null skipped).
        unsafe {
            if !dptr.is_null() {
                dptr.write(p as *mut c_void);
            }
            if !bytes.is_null() {
                bytes.write(n);
            }
        }
    }))
}

/// `cudaLibraryGetGlobal(void **dptr, size_t *bytes, cudaLibrary_t, const char *name)`.
///
/// # Safety
/// `dptr`, `bytes` null or valid for writes; `name` null or NUL-terminated.
pub unsafe extern "C" fn cudaLibraryGetGlobal(
    dptr: *mut *mut c_void,
    bytes: *mut usize,
    lib: *mut c_void,
    name: *const c_char,
) -> i32 {
    // SAFETY: forwarded contract.
    let r = unsafe { global(lib, name) }.map(|(p, n)| (p.0, n));
    // SAFETY: forwarded contract.
    unsafe { write_var(dptr, bytes, r) }
}

/// `cudaLibraryGetManaged(void **dptr, size_t *bytes, cudaLibrary_t, const char *name)`: the
/// variable's unified address (host and device code reach it there).
///
/// # Safety
/// `dptr`, `bytes` null or valid for writes; `name` null or NUL-terminated.
pub unsafe extern "C" fn cudaLibraryGetManaged(
    dptr: *mut *mut c_void,
    bytes: *mut usize,
    lib: *mut c_void,
    name: *const c_char,
) -> i32 {
    // SAFETY: forwarded contract.
    let r = unsafe { global(lib, name) }.and_then(|(p, n)| Ok((runtime::memory::unified_alias(p)?.0, n)));
    // SAFETY: forwarded contract.
    unsafe { write_var(dptr, bytes, r) }
}

/// `cudaKernelSetAttributeForDevice(cudaKernel_t, enum cudaFuncAttribute, int value, int
/// device)`: as `cudaFuncSetAttribute` (one device).
pub extern "C" fn cudaKernelSetAttributeForDevice(kernel: *mut c_void, attr: i32, value: i32, device: i32) -> i32 {
    if device != 0 {
        return code::<()>(record(Err(Error::InvalidDevice)));
    }
    crate::register::cudaFuncSetAttribute(kernel, attr, value)
}
