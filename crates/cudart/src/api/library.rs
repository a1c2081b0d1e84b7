//! 6.32 Library Management: device code loaded at run time (`cudaLibraryLoadData` with PTX text or
//! a fatbin holding PTX, `cudaLibraryLoadFromFile`), its kernels and variables.
//!
//! A library's kernel handles (`cudaKernel_t`) are registered as host stubs are
//! (`registration::register_library`), so `cudaLaunchKernel((const void *)kernel, ...)`,
//! `cudaLaunchKernelEx`, `cudaFuncGetAttributes`, `cudaFuncSetAttribute` and graph kernel
//! nodes take them as they take a kernel's host stub. Handles are addresses of a block the
//! library owns (the library's at its start, kernel `i`'s at `1 + i`), unique while it lives.

// C ABI names.
#![allow(non_snake_case)]

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::{Mutex, MutexGuard, OnceLock};

use runtime::image::Image;
use runtime::module::Module;
use runtime::{Error, Result, record};

use crate::args::{CStrArg, Out};
use crate::{code, invalid};

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

/// The image `code`: a fatbin's best PTX, or NUL-terminated PTX text, read only as far as
/// the memory there is mapped. A cubin (ELF) has no code the CPU can run.
///
/// # Safety
/// `code` must be null or point at memory that stays mapped and unchanged during the call.
unsafe fn image_of(code: *const c_void) -> Result<Image> {
    if code.is_null() {
        return record(Err(Error::InvalidValue));
    }
    // SAFETY: per the contract.
    let bytes = unsafe { crate::readable::bytes(code.cast(), usize::MAX) };
    if bytes.is_empty() {
        return record(Err(Error::InvalidValue));
    }
    image_of_bytes(bytes, "cudaLibraryLoadData")
}

/// A fatbin or PTX text (`runtime::image::read_image`); `api` names the call in messages.
fn image_of_bytes(bytes: &[u8], api: &str) -> Result<Image> {
    runtime::image::read_image(bytes).or_else(|e| {
        if let Some(message) = e.message {
            eprintln!("cuprite: {api}: {message}");
        }
        record(Err(e.code))
    })
}

/// The largest file `cudaLibraryLoadFromFile` reads (a fatbin or PTX of real programs is far
/// smaller; a device file such as /dev/zero never ends).
const MAX_FILE_SIZE: u64 = 1 << 30;

/// Loads `image` as a library; its handle.
fn load(image: &Image) -> Result<usize> {
    let module = Module::load(image)?;
    let mut names = module.kernel_names();
    names.sort();
    let slots = vec![0u8; names.len() + 1].into_boxed_slice();
    let base = slots.as_ptr() as usize;
    let kernels: Vec<(usize, String)> = names.into_iter().enumerate().map(|(i, n)| (base + 1 + i, n)).collect();
    crate::registration::register_library(module.clone(), &kernels);
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
pub unsafe fn cudaLibraryLoadData(
    lib: Out<*mut c_void>,
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
    // SAFETY: `code` is a fatbin or NUL-terminated PTX: cudaLibraryLoadData's contract, which is `image_of`'s.
    let r = unsafe { image_of(code) }.and_then(|image| load(&image));
    lib.put(r.map(|h| h as *mut c_void))
}

/// `cudaLibraryLoadFromFile(cudaLibrary_t *library, const char *fileName, ...)`: a PTX or
/// fatbin file.
#[allow(clippy::too_many_arguments)]
pub fn cudaLibraryLoadFromFile(
    lib: Out<*mut c_void>,
    file: CStrArg,
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
    let Some(path) = file.to_string_lossy() else { return invalid() };
    let r = (|| {
        let bytes = record(read_bounded(&path).map_err(|_| Error::FileNotFound))?;
        load(&image_of_bytes(&bytes, "cudaLibraryLoadFromFile")?)
    })();
    lib.put(r.map(|h| h as *mut c_void))
}

/// The bytes of the regular file at `path`, at most [`MAX_FILE_SIZE`] of them.
fn read_bounded(path: &str) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    let file = std::fs::File::open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::ErrorKind::InvalidInput.into());
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_SIZE).read_to_end(&mut bytes)?;
    Ok(bytes)
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
pub fn cudaLibraryUnload(lib: *mut c_void) -> i32 {
    let Some(l) = libraries().remove(&(lib as usize)) else {
        return code::<()>(record(Err(Error::InvalidResourceHandle)));
    };
    let handles: Vec<usize> = l.kernels.iter().map(|(h, _)| *h).collect();
    crate::registration::unregister_functions(&handles);
    0
}

/// `cudaLibraryGetKernel(cudaKernel_t *pKernel, cudaLibrary_t, const char *name)`.
pub fn cudaLibraryGetKernel(k: Out<*mut c_void>, lib: *mut c_void, name: CStrArg) -> i32 {
    if k.is_null() || name.is_null() {
        return invalid();
    }
    let Some(name) = name.to_string_lossy() else { return invalid() };
    let r = with(lib, |l| match l.kernels.iter().find(|(_, n)| *n == name) {
        Some((h, _)) => Ok(*h as *mut c_void),
        None => record(Err(Error::SymbolNotFound)),
    });
    k.put(r)
}

/// `cudaLibraryGetUnifiedFunction(void **fptr, cudaLibrary_t, const char *symbol)`: a unified
/// function is one compiled for host and device alike (`__device__` functions declared with
/// nvcc's unified-function attribute in a cubin); a library of PTX or of our fatbins has none, so
/// any name, kernels and `.func`s included, is cudaErrorInvalidValue and `*fptr` is left as it
/// was; an unknown library is cudaErrorInvalidResourceHandle (an H200's answers:
/// tests/program-diff/guide18_runtime_misc13.cu).
pub fn cudaLibraryGetUnifiedFunction(f: Out<*mut c_void>, lib: *mut c_void, _name: CStrArg) -> i32 {
    if f.is_null() {
        return invalid();
    }
    code(with(lib, |_| record::<()>(Err(Error::InvalidValue))))
}

/// `cudaLibraryGetKernelCount(unsigned int *count, cudaLibrary_t)`.
pub fn cudaLibraryGetKernelCount(count: Out<u32>, lib: *mut c_void) -> i32 {
    count.put(with(lib, |l| Ok(u32::try_from(l.kernels.len()).unwrap_or(u32::MAX))))
}

/// `cudaLibraryEnumerateKernels(cudaKernel_t *kernels, unsigned int numKernels,
/// cudaLibrary_t)`: the first `numKernels` kernel handles (by name).
///
/// # Safety
/// `kernels` valid for `n` writes.
pub unsafe fn cudaLibraryEnumerateKernels(kernels: *mut *mut c_void, n: u32, lib: *mut c_void) -> i32 {
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
fn global(lib: *mut c_void, name: CStrArg) -> Result<(runtime::DevicePtr, usize)> {
    if name.is_null() {
        return record(Err(Error::InvalidValue));
    }
    let Some(name) = name.to_string_lossy() else { return record(Err(Error::InvalidValue)) };
    let m = with(lib, |l| Ok(l.module.clone()))?;
    m.global(&name).or_else(|e| match e {
        Error::InvalidSymbol => record(Err(Error::SymbolNotFound)),
        e => Err(e),
    })
}

/// Writes a variable's address and size (either output may be null).
fn write_var(dptr: Out<*mut c_void>, bytes: Out<usize>, r: Result<(u64, usize)>) -> i32 {
    code(r.map(|(p, n)| {
        dptr.write(p as *mut c_void);
        bytes.write(n);
    }))
}

/// `cudaLibraryGetGlobal(void **dptr, size_t *bytes, cudaLibrary_t, const char *name)`.
pub fn cudaLibraryGetGlobal(dptr: Out<*mut c_void>, bytes: Out<usize>, lib: *mut c_void, name: CStrArg) -> i32 {
    write_var(dptr, bytes, global(lib, name).map(|(p, n)| (p.0, n)))
}

/// `cudaLibraryGetManaged(void **dptr, size_t *bytes, cudaLibrary_t, const char *name)`: the
/// variable's unified address (host and device code reach it there).
pub fn cudaLibraryGetManaged(dptr: Out<*mut c_void>, bytes: Out<usize>, lib: *mut c_void, name: CStrArg) -> i32 {
    // A variable that is not `__managed__` is not found (an H200's answer, unseen13a_library_load_ptx).
    let managed = name.to_string_lossy().is_some_and(|n| with(lib, |l| Ok(l.module.is_managed(&n))).unwrap_or(true));
    if !managed {
        return code::<()>(record(Err(Error::SymbolNotFound)));
    }
    write_var(dptr, bytes, global(lib, name).and_then(|(p, n)| Ok((runtime::memory::unified_alias(p)?.0, n))))
}

/// `cudaKernelSetAttributeForDevice(cudaKernel_t, enum cudaFuncAttribute, int value, int
/// device)`: as `cudaFuncSetAttribute` (one device).
pub fn cudaKernelSetAttributeForDevice(kernel: *mut c_void, attr: i32, value: i32, device: i32) -> i32 {
    if device != 0 {
        return code::<()>(record(Err(Error::InvalidDevice)));
    }
    crate::api::execution::cudaFuncSetAttribute(kernel, attr, value)
}
