//! The C entry points of `curand.h`'s host API. Generators are boxed [`Handle`]s behind the
//! opaque `curandGenerator_t`. A device generator's outputs are computed on the host and
//! copied to the device pointer with the program's own `cudaMemcpy` (found at run time, so
//! that this library works under Cuprite's runtime and NVIDIA's alike); a host generator's
//! are written in place. No panic crosses the C ABI: each entry point runs under
//! `catch_unwind`.

use std::ffi::{CStr, c_char, c_int, c_void};

use crate::generator::{Engine, Generator};
use crate::sobol;

/// `curandStatus_t` values (CUDA 13's curand.h).
pub mod status {
    /// No errors.
    pub const SUCCESS: i32 = 0;
    /// Generator not initialized.
    pub const NOT_INITIALIZED: i32 = 101;
    /// Memory allocation failed.
    pub const ALLOCATION_FAILED: i32 = 102;
    /// Generator is wrong type.
    pub const TYPE_ERROR: i32 = 103;
    /// Argument out of range.
    pub const OUT_OF_RANGE: i32 = 104;
    /// Length requested is not a multiple of dimension.
    pub const LENGTH_NOT_MULTIPLE: i32 = 105;
    /// Kernel launch failure.
    pub const LAUNCH_FAILURE: i32 = 201;
    /// Initialization of CUDA failed.
    pub const INITIALIZATION_FAILED: i32 = 203;
    /// Internal library error.
    pub const INTERNAL_ERROR: i32 = 999;
}

/// The version `curandGetVersion` reports: CUDA 13.0's libcurand (10.4.0).
pub const VERSION: c_int = 10400;

/// A generator behind `curandGenerator_t`.
#[derive(Debug)]
pub struct Handle {
    generator: Generator,
    /// Made by `curandCreateGeneratorHost`: outputs go to host memory.
    on_host: bool,
    /// The stream set by `curandSetStream` (null: the legacy default stream).
    stream: *mut c_void,
}

fn refuse(what: &str) -> i32 {
    eprintln!("cuprite: libcurand: {what} is not supported (Cuprite cannot draw it as NVIDIA's libcurand does)");
    status::TYPE_ERROR
}

/// Runs `f`, turning a panic into `CURAND_STATUS_INTERNAL_ERROR`.
fn guarded(f: impl FnOnce() -> i32 + std::panic::UnwindSafe) -> i32 {
    std::panic::catch_unwind(f).unwrap_or(status::INTERNAL_ERROR)
}

fn create(out: *mut *mut Handle, rng_type: c_int, on_host: bool) -> i32 {
    if out.is_null() {
        return status::NOT_INITIALIZED;
    }
    let engine = match rng_type {
        100 | 101 => Engine::Xorwow,
        121 => Engine::Mrg32k3a,
        161 => Engine::Philox,
        141 => Engine::Mtgp32,
        142 => Engine::Mt19937,
        200 | 201 => Engine::Sobol32 { scrambled: false },
        202 => Engine::Sobol32 { scrambled: true },
        203 => Engine::Sobol64 { scrambled: false },
        204 => Engine::Sobol64 { scrambled: true },
        _ => return status::TYPE_ERROR,
    };
    let handle = Handle {
        generator: Generator { engine, seed: 0, position: 0, legacy: false, seeded: false, dimensions: 1 },
        on_host,
        stream: std::ptr::null_mut(),
    };
    // SAFETY: `out` is non-null and, per curandCreateGenerator's contract, points to a
    // writable curandGenerator_t.
    unsafe { *out = Box::into_raw(Box::new(handle)) };
    status::SUCCESS
}

/// `curandCreateGenerator`.
///
/// # Safety
/// `generator` must point to a writable `curandGenerator_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandCreateGenerator(generator: *mut *mut Handle, rng_type: c_int) -> c_int {
    guarded(move || create(generator, rng_type, false))
}

/// `curandCreateGeneratorHost`.
///
/// # Safety
/// `generator` must point to a writable `curandGenerator_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandCreateGeneratorHost(generator: *mut *mut Handle, rng_type: c_int) -> c_int {
    guarded(move || create(generator, rng_type, true))
}

/// `curandDestroyGenerator`.
///
/// # Safety
/// `generator` must be null or a generator from `curandCreateGenerator*` not yet destroyed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandDestroyGenerator(generator: *mut Handle) -> c_int {
    if generator.is_null() {
        return status::NOT_INITIALIZED;
    }
    // SAFETY: the pointer came from Box::into_raw in `create` and is destroyed once.
    drop(unsafe { Box::from_raw(generator) });
    status::SUCCESS
}

/// `curandGetVersion`.
///
/// # Safety
/// `version` must be null or point to a writable int.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGetVersion(version: *mut c_int) -> c_int {
    if version.is_null() {
        return status::OUT_OF_RANGE;
    }
    // SAFETY: non-null, and writable per the contract.
    unsafe { *version = VERSION };
    status::SUCCESS
}

/// `curandGetProperty`: MAJOR_VERSION (0), MINOR_VERSION (1), PATCH_LEVEL (2) of 10.4.0.
///
/// # Safety
/// `value` must be null or point to a writable int.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGetProperty(property: c_int, value: *mut c_int) -> c_int {
    let v = match property {
        0 => 10,
        1 => 4,
        2 => 0,
        _ => return status::OUT_OF_RANGE,
    };
    if value.is_null() {
        return status::OUT_OF_RANGE;
    }
    // SAFETY: non-null, and writable per the contract.
    unsafe { *value = v };
    status::SUCCESS
}

/// The handle behind `generator`, if it is one.
///
/// # Safety
/// `generator` must be null or a live generator, used by one thread at a time (as cuRAND
/// requires of its callers).
unsafe fn handle<'a>(generator: *mut Handle) -> Option<&'a mut Handle> {
    // SAFETY: per the function's contract.
    unsafe { generator.as_mut() }
}

/// `curandSetPseudoRandomGeneratorSeed`: the next call draws from the new seed's sequence at
/// the position the generator has reached (as NVIDIA's does: a new seed restarts nothing).
///
/// # Safety
/// `generator` must be null or a live generator.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandSetPseudoRandomGeneratorSeed(generator: *mut Handle, seed: u64) -> c_int {
    // SAFETY: per the contract.
    let Some(h) = (unsafe { handle(generator) }) else { return status::NOT_INITIALIZED };
    if h.generator.engine.is_quasi() {
        return status::TYPE_ERROR;
    }
    h.generator.seed = seed;
    status::SUCCESS
}

/// `curandSetGeneratorOffset`: the next call starts at draw `offset` (an ordering or seed set
/// later keeps the position); for a quasi-random generator, at point `offset` of each
/// dimension. MTGP32 and MT19937 take no offset (CURAND_STATUS_TYPE_ERROR, as NVIDIA's).
///
/// # Safety
/// `generator` must be null or a live generator.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandSetGeneratorOffset(generator: *mut Handle, offset: u64) -> c_int {
    // SAFETY: per the contract.
    let Some(h) = (unsafe { handle(generator) }) else { return status::NOT_INITIALIZED };
    if matches!(h.generator.engine, Engine::Mtgp32 | Engine::Mt19937) {
        return status::TYPE_ERROR;
    }
    h.generator.position = offset;
    status::SUCCESS
}

/// `curandSetGeneratorOrdering`: BEST (100), DEFAULT (101), LEGACY (103), XORWOW's SEEDED (102,
/// [`crate::generator::seeded_thread_seed`]) and, for device generators, DYNAMIC (104, whose
/// order NVIDIA leaves to the GPU: the default one here); any ordering NVIDIA refuses for the
/// generator is refused. An ordering set keeps the position, except that NVIDIA's
/// Philox4x32-10 moves it (by no rule its outputs on an H200 show) when the legacy ordering is
/// switched on or off after it has moved from 0: that switch is refused.
///
/// # Safety
/// `generator` must be null or a live generator.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandSetGeneratorOrdering(generator: *mut Handle, ordering: c_int) -> c_int {
    // SAFETY: per the contract.
    let Some(h) = (unsafe { handle(generator) }) else { return status::NOT_INITIALIZED };
    let engine = h.generator.engine;
    if engine.is_quasi() {
        return if ordering == 201 { status::SUCCESS } else { status::OUT_OF_RANGE };
    }
    // NVIDIA's (an H200's device generators, tests/gpu-programs/curand_host_more.txt, and its
    // host generators): SEEDED is
    // XORWOW's only; DYNAMIC ("whatever order is fastest on this GPU", so no fixed order) is a
    // device generator's of XORWOW, MRG32k3a, Philox and MTGP32, which Cuprite serves in the
    // default order; MT19937's host generator refuses BEST.
    let legacy = match (ordering, engine) {
        (100, Engine::Mt19937) if h.on_host => return status::OUT_OF_RANGE,
        (100 | 101, _) => false,
        (103, _) => true,
        (102, Engine::Xorwow) => false,
        (104, Engine::Xorwow | Engine::Mrg32k3a | Engine::Philox | Engine::Mtgp32) if !h.on_host => false,
        _ => return status::OUT_OF_RANGE,
    };
    if h.generator.engine == Engine::Philox && legacy != h.generator.legacy && h.generator.position != 0 {
        return refuse("switching a Philox4x32-10 generator to or from the legacy ordering once its position is not 0");
    }
    h.generator.legacy = legacy;
    h.generator.seeded = ordering == 102;
    status::SUCCESS
}

/// `curandSetStream`: the stream the outputs are written in order with.
///
/// # Safety
/// `generator` must be null or a live generator.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandSetStream(generator: *mut Handle, stream: *mut c_void) -> c_int {
    // SAFETY: per the contract.
    let Some(h) = (unsafe { handle(generator) }) else { return status::NOT_INITIALIZED };
    h.stream = stream;
    status::SUCCESS
}

/// `curandGenerateSeeds`: nothing to do (states are made per call).
///
/// # Safety
/// `generator` must be null or a live generator.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGenerateSeeds(generator: *mut Handle) -> c_int {
    // SAFETY: per the contract.
    if unsafe { handle(generator) }.is_none() { status::NOT_INITIALIZED } else { status::SUCCESS }
}

/// `curandSetQuasiRandomGeneratorDimensions`: 1 to 20000 dimensions, for a quasi-random
/// generator only.
///
/// # Safety
/// `generator` must be null or a live generator.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandSetQuasiRandomGeneratorDimensions(generator: *mut Handle, dimensions: u32) -> c_int {
    // SAFETY: per the contract.
    let Some(h) = (unsafe { handle(generator) }) else { return status::NOT_INITIALIZED };
    if !h.generator.engine.is_quasi() {
        return status::TYPE_ERROR;
    }
    if dimensions == 0 || dimensions as usize > sobol::DIMENSIONS {
        return status::OUT_OF_RANGE;
    }
    h.generator.dimensions = dimensions;
    status::SUCCESS
}

type Memcpy = unsafe extern "C" fn(*mut c_void, *const c_void, usize, c_int) -> c_int;
type StreamSynchronize = unsafe extern "C" fn(*mut c_void) -> c_int;

unsafe extern "C" {
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
}

/// The program's CUDA runtime function `name`, looked up in the global scope (RTLD_DEFAULT).
fn runtime_function(name: &CStr) -> *mut c_void {
    // SAFETY: dlsym with RTLD_DEFAULT (null) and a NUL-terminated name only reads.
    unsafe { dlsym(std::ptr::null_mut(), name.as_ptr()) }
}

/// Writes `values` to `out` (a device pointer, or a host one for a host generator).
fn deliver<T: Copy>(h: &Handle, out: *mut T, values: &[T]) -> i32 {
    let bytes = std::mem::size_of_val(values);
    if h.on_host {
        // SAFETY: the caller's buffer holds `values.len()` elements (curandGenerate*'s
        // contract), and it does not overlap our freshly allocated vector.
        unsafe { std::ptr::copy_nonoverlapping(values.as_ptr(), out, values.len()) };
        return status::SUCCESS;
    }
    let (memcpy, sync) = (runtime_function(c"cudaMemcpy"), runtime_function(c"cudaStreamSynchronize"));
    if memcpy.is_null() || sync.is_null() {
        eprintln!("cuprite: libcurand: the program has no CUDA runtime (cudaMemcpy) to copy outputs to the device");
        return status::INITIALIZATION_FAILED;
    }
    // SAFETY: both symbols are the CUDA runtime's functions of these signatures.
    let (memcpy, sync) = unsafe {
        (
            std::mem::transmute::<*mut c_void, Memcpy>(memcpy),
            std::mem::transmute::<*mut c_void, StreamSynchronize>(sync),
        )
    };
    // SAFETY: the stream is the caller's (or null, the default stream); the device buffer
    // holds `bytes` bytes per curandGenerate*'s contract; cudaMemcpyHostToDevice is 1.
    let copied = unsafe {
        if !h.stream.is_null() && sync(h.stream) != 0 {
            return status::LAUNCH_FAILURE;
        }
        memcpy(out.cast(), values.as_ptr().cast(), bytes, 1)
    };
    if copied == 0 { status::SUCCESS } else { status::LAUNCH_FAILURE }
}

/// The common shape of the generation functions: a live generator, a non-null output, then
/// `make` computes the values.
///
/// # Safety
/// `generator` must be null or a live generator; `out` must hold `count` elements.
unsafe fn generate<T: Copy>(
    generator: *mut Handle,
    out: *mut T,
    make: impl FnOnce(&mut Generator) -> Result<Vec<T>, i32>,
) -> i32 {
    // SAFETY: per the contract.
    let Some(h) = (unsafe { handle(generator) }) else { return status::NOT_INITIALIZED };
    if out.is_null() {
        return status::OUT_OF_RANGE;
    }
    match make(&mut h.generator) {
        Ok(values) => deliver(h, out, &values),
        Err(s) => s,
    }
}

/// XORWOW and MRG32k3a make normals in pairs: an odd count is refused, as NVIDIA's are; a
/// quasi-random generator's count must be a multiple of its dimensions.
fn pairs(g: &Generator, count: usize) -> Result<(), i32> {
    let odd = count % 2 == 1 && matches!(g.engine, Engine::Xorwow | Engine::Mrg32k3a);
    if odd { Err(status::LENGTH_NOT_MULTIPLE) } else { whole_points(g, count) }
}

/// A quasi-random generator makes whole points: `count` must be a multiple of the dimensions.
fn whole_points(g: &Generator, count: usize) -> Result<(), i32> {
    if g.engine.is_quasi() && !count.is_multiple_of(g.dimensions as usize) {
        Err(status::LENGTH_NOT_MULTIPLE)
    } else {
        Ok(())
    }
}

/// `curandGenerate`: 32-bit words.
///
/// # Safety
/// `generator` must be null or a live generator; `out` must hold `n` words.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGenerate(generator: *mut Handle, out: *mut u32, n: usize) -> c_int {
    // SAFETY: per the contract.
    guarded(move || unsafe {
        generate(generator, out, |g| {
            if matches!(g.engine, Engine::Sobol64 { .. }) {
                return Err(status::TYPE_ERROR);
            }
            whole_points(g, n)?;
            Ok(g.bits(n))
        })
    })
}

/// `curandGenerateLongLong`: only the 64-bit quasi-random generators make these.
///
/// # Safety
/// `generator` must be null or a live generator; `out` must hold `n` words.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGenerateLongLong(generator: *mut Handle, out: *mut u64, n: usize) -> c_int {
    // SAFETY: per the contract.
    guarded(move || unsafe {
        generate(generator, out, |g| {
            if !matches!(g.engine, Engine::Sobol64 { .. }) {
                return Err(status::TYPE_ERROR);
            }
            whole_points(g, n)?;
            Ok(g.long_long(n))
        })
    })
}

/// `curandGenerateUniform`: floats in (0, 1].
///
/// # Safety
/// `generator` must be null or a live generator; `out` must hold `n` floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGenerateUniform(generator: *mut Handle, out: *mut f32, n: usize) -> c_int {
    // SAFETY: per the contract.
    guarded(move || unsafe {
        generate(generator, out, |g| {
            whole_points(g, n)?;
            Ok(g.uniform(n))
        })
    })
}

/// `curandGenerateUniformDouble`: doubles in (0, 1].
///
/// # Safety
/// `generator` must be null or a live generator; `out` must hold `n` doubles.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGenerateUniformDouble(generator: *mut Handle, out: *mut f64, n: usize) -> c_int {
    // SAFETY: per the contract.
    guarded(move || unsafe {
        generate(generator, out, |g| {
            whole_points(g, n)?;
            Ok(g.uniform_double(n))
        })
    })
}

/// `curandGenerateNormal`: mean + stddev * a standard normal.
///
/// # Safety
/// `generator` must be null or a live generator; `out` must hold `n` floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGenerateNormal(
    generator: *mut Handle,
    out: *mut f32,
    n: usize,
    mean: f32,
    stddev: f32,
) -> c_int {
    // SAFETY: per the contract.
    guarded(move || unsafe {
        generate(generator, out, |g| {
            pairs(g, n)?;
            Ok(g.normal(n).into_iter().map(|z| stddev.mul_add(z, mean)).collect())
        })
    })
}

/// `curandGenerateNormalDouble`.
///
/// # Safety
/// `generator` must be null or a live generator; `out` must hold `n` doubles.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGenerateNormalDouble(
    generator: *mut Handle,
    out: *mut f64,
    n: usize,
    mean: f64,
    stddev: f64,
) -> c_int {
    // SAFETY: per the contract.
    guarded(move || unsafe {
        generate(generator, out, |g| {
            pairs(g, n)?;
            Ok(g.normal_double(n).into_iter().map(|z| stddev.mul_add(z, mean)).collect())
        })
    })
}

/// `curandGenerateLogNormal`: exp(mean + stddev * a standard normal).
///
/// # Safety
/// `generator` must be null or a live generator; `out` must hold `n` floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGenerateLogNormal(
    generator: *mut Handle,
    out: *mut f32,
    n: usize,
    mean: f32,
    stddev: f32,
) -> c_int {
    // SAFETY: per the contract.
    guarded(move || unsafe {
        generate(generator, out, |g| {
            pairs(g, n)?;
            Ok(g.normal(n).into_iter().map(|z| stddev.mul_add(z, mean).exp()).collect())
        })
    })
}

/// `curandGenerateLogNormalDouble`.
///
/// # Safety
/// `generator` must be null or a live generator; `out` must hold `n` doubles.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGenerateLogNormalDouble(
    generator: *mut Handle,
    out: *mut f64,
    n: usize,
    mean: f64,
    stddev: f64,
) -> c_int {
    // SAFETY: per the contract.
    guarded(move || unsafe {
        generate(generator, out, |g| {
            pairs(g, n)?;
            Ok(g.normal_double(n).into_iter().map(|z| stddev.mul_add(z, mean).exp()).collect())
        })
    })
}

/// `curandGeneratePoisson`: counts of mean `lambda` (positive), one draw each. Below a mean
/// of 1000 by inversion of the draw, above by the normal approximation
/// ([`crate::distributions::poisson_of_word`]); NVIDIA's libcurand takes the same draws (the
/// generator's position moves alike) but maps most of them through its own undocumented
/// square-histogram tables, so the counts are the same distribution, not the same numbers
/// (except where NVIDIA inverts too: MTGP32 and Sobol32 with larger means).
///
/// # Safety
/// `generator` must be null or a live generator; `out` must hold `n` words.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGeneratePoisson(generator: *mut Handle, out: *mut u32, n: usize, lambda: f64) -> c_int {
    // SAFETY: per the contract.
    guarded(move || unsafe {
        generate(generator, out, |g| {
            if !(lambda > 0.0 && lambda.is_finite()) {
                return Err(status::OUT_OF_RANGE);
            }
            whole_points(g, n)?;
            Ok(g.poisson(n, lambda))
        })
    })
}

/// Writes the address of `table` (which lives for the program) to `out`: the getters of
/// direction vectors and scramble constants; a null `out` is CURAND_STATUS_OUT_OF_RANGE.
///
/// # Safety
/// `out` must be null or point to a writable pointer.
unsafe fn hand_out<T>(out: *mut *const T, table: &'static [T]) -> c_int {
    if out.is_null() {
        return status::OUT_OF_RANGE;
    }
    // SAFETY: non-null and writable per the contract; `table` is 'static, so the address stays valid.
    unsafe { *out = table.as_ptr() };
    status::SUCCESS
}

/// `curandGetDirectionVectors32`: the 20000 dimensions' 32-bit direction vectors of Joe and
/// Kuo's set (CURAND_DIRECTION_VECTORS_32_JOEKUO6, NVIDIA's exactly) or their scrambled form
/// (CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6, Cuprite's own scrambling: [`sobol`]).
///
/// # Safety
/// `vectors` must be null or point to a writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGetDirectionVectors32(vectors: *mut *const [u32; 32], set: c_int) -> c_int {
    guarded(move || {
        let table = match set {
            101 => sobol::direction_vectors32(),
            102 => sobol::scrambled_direction_vectors32(),
            _ => return status::OUT_OF_RANGE,
        };
        // SAFETY: `vectors` is null or writable per the contract.
        unsafe { hand_out(vectors, table) }
    })
}

/// `curandGetDirectionVectors64`: as [`curandGetDirectionVectors32`], 64 bits wide
/// (CURAND_DIRECTION_VECTORS_64_JOEKUO6, CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6).
///
/// # Safety
/// `vectors` must be null or point to a writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGetDirectionVectors64(vectors: *mut *const [u64; 64], set: c_int) -> c_int {
    guarded(move || {
        let table = match set {
            103 => sobol::direction_vectors64(),
            104 => sobol::scrambled_direction_vectors64(),
            _ => return status::OUT_OF_RANGE,
        };
        // SAFETY: `vectors` is null or writable per the contract.
        unsafe { hand_out(vectors, table) }
    })
}

/// `curandGetScrambleConstants32`: the 20000 dimensions' scramble constants (Cuprite's own).
///
/// # Safety
/// `constants` must be null or point to a writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGetScrambleConstants32(constants: *mut *const u32) -> c_int {
    guarded(move || {
        // SAFETY: `constants` is null or writable per the contract.
        unsafe { hand_out(constants, sobol::scramble_constants32()) }
    })
}

/// `curandGetScrambleConstants64`: the 64-bit scramble constants (Cuprite's own).
///
/// # Safety
/// `constants` must be null or point to a writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandGetScrambleConstants64(constants: *mut *const u64) -> c_int {
    guarded(move || {
        // SAFETY: `constants` is null or writable per the contract.
        unsafe { hand_out(constants, sobol::scramble_constants64()) }
    })
}

type Malloc = unsafe extern "C" fn(*mut *mut c_void, usize) -> c_int;
type Free = unsafe extern "C" fn(*mut c_void) -> c_int;

/// `bytes` copied into fresh device memory (the program's cudaMalloc and cudaMemcpy).
fn to_device(bytes: &[u8]) -> Result<*mut c_void, i32> {
    let (malloc, memcpy) = (runtime_function(c"cudaMalloc"), runtime_function(c"cudaMemcpy"));
    if malloc.is_null() || memcpy.is_null() {
        eprintln!("cuprite: libcurand: the program has no CUDA runtime (cudaMalloc) for a discrete distribution");
        return Err(status::INITIALIZATION_FAILED);
    }
    // SAFETY: both symbols are the CUDA runtime's functions of these signatures.
    let (malloc, memcpy) = unsafe {
        (std::mem::transmute::<*mut c_void, Malloc>(malloc), std::mem::transmute::<*mut c_void, Memcpy>(memcpy))
    };
    let mut at = std::ptr::null_mut();
    // SAFETY: `at` is a writable pointer; the allocation holds `bytes.len()` bytes, which the
    // copy (cudaMemcpyHostToDevice, 1) fills from our slice.
    unsafe {
        if malloc(&mut at, bytes.len().max(1)) != 0 {
            return Err(status::ALLOCATION_FAILED);
        }
        if memcpy(at, bytes.as_ptr().cast(), bytes.len(), 1) != 0 {
            return Err(status::LAUNCH_FAILURE);
        }
    }
    Ok(at)
}

/// Frees device memory from [`to_device`].
fn free_device(at: *mut c_void) {
    let free = runtime_function(c"cudaFree");
    if !free.is_null() && !at.is_null() {
        // SAFETY: the CUDA runtime's cudaFree, on memory its cudaMalloc returned.
        unsafe { std::mem::transmute::<*mut c_void, Free>(free)(at) };
    }
}

/// The raw bytes of a plain-data value.
fn bytes_of<T: Copy>(value: &T) -> Vec<u8> {
    // SAFETY: T is a plain #[repr(C)] struct of pointers and numbers (or a slice element of
    // f64/u32), read as bytes for the copy.
    unsafe { std::slice::from_raw_parts((value as *const T).cast::<u8>(), std::mem::size_of::<T>()).to_vec() }
}

/// `struct curandHistogramM2_st` (curand_kernel.h's layout, NVIDIA's).
#[repr(C)]
#[derive(Clone, Copy)]
struct HistogramM2 {
    v: *mut c_void,
    host_v: *mut c_void,
    k: *mut c_void,
    host_k: *mut c_void,
    host_gen: u32,
}

/// `struct curandDistributionM2Shift_st`.
#[repr(C)]
#[derive(Clone, Copy)]
struct M2Shift {
    histogram: *mut c_void,
    host_histogram: *mut c_void,
    shift: u32,
    length: u32,
    host_gen: u32,
}

/// `struct curandDiscreteDistribution_st`.
#[repr(C)]
#[derive(Clone, Copy)]
struct DiscreteDistribution {
    self_host_ptr: *mut c_void,
    m2: *mut c_void,
    host_m2: *mut c_void,
    stddev: f64,
    mean: f64,
    method: c_int,
    host_gen: u32,
}

/// curandMethod_t's square histogram and (Cuprite's choice for the normal approximation of
/// means past [`crate::discrete::LARGEST_TABULATED_MEAN`]) discrete Gauss.
const CURAND_M2: c_int = 5;
const CURAND_DISCRETE_GAUSS: c_int = 7;

/// The device copies of one distribution, to free together (kept in the host structure's
/// `self_host_ptr`).
struct DeviceParts(Vec<*mut c_void>);

fn create_poisson(lambda: f64) -> Result<*mut c_void, i32> {
    let mut parts = DeviceParts(Vec::new());
    let mut put = |bytes: &[u8]| -> Result<*mut c_void, i32> {
        let at = to_device(bytes)?;
        parts.0.push(at);
        Ok(at)
    };
    let mut dd = DiscreteDistribution {
        self_host_ptr: std::ptr::null_mut(),
        m2: std::ptr::null_mut(),
        host_m2: std::ptr::null_mut(),
        stddev: lambda.sqrt(),
        mean: lambda,
        method: CURAND_DISCRETE_GAUSS,
        host_gen: 0,
    };
    let result = (|| {
        if lambda <= crate::discrete::LARGEST_TABULATED_MEAN {
            let h = crate::discrete::poisson_histogram(lambda);
            let v: Vec<u8> = h.v.iter().flat_map(|x| x.to_ne_bytes()).collect();
            let k: Vec<u8> = h.k.iter().flat_map(|x| x.to_ne_bytes()).collect();
            let histogram = HistogramM2 {
                v: put(&v)?,
                host_v: std::ptr::null_mut(),
                k: put(&k)?,
                host_k: std::ptr::null_mut(),
                host_gen: 0,
            };
            let m2 = M2Shift {
                histogram: put(&bytes_of(&histogram))?,
                host_histogram: std::ptr::null_mut(),
                shift: h.shift,
                length: h.v.len() as u32,
                host_gen: 0,
            };
            dd.m2 = put(&bytes_of(&m2))?;
            dd.method = CURAND_M2;
        }
        Ok::<(), i32>(())
    })();
    let keep = Box::into_raw(Box::new(parts));
    dd.self_host_ptr = keep.cast();
    let device = result.and_then(|()| to_device(&bytes_of(&dd)));
    match device {
        Ok(at) => Ok(at),
        Err(e) => {
            // SAFETY: `keep` came from Box::into_raw just above and is freed once.
            let parts = unsafe { Box::from_raw(keep) };
            parts.0.into_iter().for_each(free_device);
            Err(e)
        }
    }
}

/// `curandCreatePoissonDistribution`: the Poisson distribution of `lambda` (positive) in device
/// memory for `curand_discrete`: a square histogram ([`crate::discrete`]), or past a mean of
/// 4000 the normal approximation (CURAND_DISCRETE_GAUSS, as NVIDIA's for large means).
///
/// # Safety
/// `distribution` must be null or point to a writable `curandDiscreteDistribution_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandCreatePoissonDistribution(lambda: f64, distribution: *mut *mut c_void) -> c_int {
    guarded(move || {
        if distribution.is_null() || !(lambda > 0.0 && lambda.is_finite()) {
            return status::OUT_OF_RANGE;
        }
        match create_poisson(lambda) {
            Ok(at) => {
                // SAFETY: non-null and writable per the contract.
                unsafe { *distribution = at };
                status::SUCCESS
            }
            Err(e) => e,
        }
    })
}

/// `curandDestroyDistribution`: frees what `curandCreatePoissonDistribution` made.
///
/// # Safety
/// `distribution` must be null or a distribution from `curandCreatePoissonDistribution` not yet
/// destroyed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn curandDestroyDistribution(distribution: *mut c_void) -> c_int {
    guarded(move || {
        if distribution.is_null() {
            return status::OUT_OF_RANGE;
        }
        let memcpy = runtime_function(c"cudaMemcpy");
        if memcpy.is_null() {
            return status::INITIALIZATION_FAILED;
        }
        let mut dd = DiscreteDistribution {
            self_host_ptr: std::ptr::null_mut(),
            m2: std::ptr::null_mut(),
            host_m2: std::ptr::null_mut(),
            stddev: 0.0,
            mean: 0.0,
            method: 0,
            host_gen: 0,
        };
        // SAFETY: the CUDA runtime's cudaMemcpy (DeviceToHost, 2) of the distribution's
        // structure, which `curandCreatePoissonDistribution` wrote at `distribution`.
        let copied = unsafe {
            std::mem::transmute::<*mut c_void, Memcpy>(memcpy)(
                (&mut dd as *mut DiscreteDistribution).cast(),
                distribution,
                std::mem::size_of::<DiscreteDistribution>(),
                2,
            )
        };
        if copied != 0 || dd.self_host_ptr.is_null() {
            return status::OUT_OF_RANGE;
        }
        // SAFETY: self_host_ptr is the Box::into_raw of create_poisson's parts, freed once here.
        let parts = unsafe { Box::from_raw(dd.self_host_ptr.cast::<DeviceParts>()) };
        parts.0.into_iter().for_each(free_device);
        free_device(distribution);
        status::SUCCESS
    })
}
