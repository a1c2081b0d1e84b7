//! The generic address space as a kernel sees it: where global memory starts, and the
//! windows onto the block's shared memory, the thread's local memory, device functions (fake
//! addresses for function pointers) and the kernel's parameters. A leaf module: memory
//! (`memory.rs`) maps the windows, decoding and the engines compute with them, and the
//! semantics of `isspacep` (`semantics::arith`) tests them, none through another.

/// The first device address handed out for global memory.
pub const GLOBAL_BASE: u64 = 0x1000_0000_0000;
/// Start of the generic-address window onto the executing block's shared memory.
pub const SHARED_WINDOW: u64 = 0x0100_0000_0000;
/// Start of the generic-address window onto the executing thread's local memory.
pub const LOCAL_WINDOW: u64 = 0x0200_0000_0000;
/// Start of the generic-address window onto the running kernel's parameters (`cvta.param`,
/// `__grid_constant__` parameters; a kernel parameter's param-space address is the same
/// address): a read-only part of the global window, as in PTX (`isspacep.global` is true
/// there), whose loads read the launch's parameter buffer.
///
/// Stores and atomics there fail as outside every allocation (`MemError::OutOfBounds`,
/// which the runtime reports as `cudaErrorIllegalAddress`): CUDA has no error for a kernel
/// writing read-only memory, and an address the kernel cannot write is an illegal address
/// for it; `cudaErrorInvalidAddressSpace` is for instructions that exclude some state spaces
/// (a generic store excludes none) and `cudaErrorMisalignedAddress` only for alignment.
pub const PARAM_WINDOW: u64 = 0x0400_0000_0000;
/// Where a `mov` of a kernel parameter points (its param-space address, which nvcc -O3
/// passes on as a generic pointer): the same parameters, read-only, in the upper half of the
/// parameter window, where `isspacep.param` is false and `.global` true. Measured on an
/// H200 (`tests/program-diff/async_grid_constant.cu`): a `__grid_constant__` parameter's
/// address tests false for `__isGridConstant` in an -O3 build (a `mov`) and true in a -G
/// build (a `cvta.param`), true for `__isGlobal` in both. `cvta.param` maps it (or a bare
/// offset) into the lower half.
pub const PARAM_ALIAS: u64 = PARAM_WINDOW + PARAM_HALF;
/// The size of each half of the parameter window (params are at most 32 KB).
pub const PARAM_HALF: u64 = 1 << 31;
/// Size of the shared, local and parameter windows.
pub const WINDOW_SIZE: u64 = 1 << 32;
/// Device functions have fake addresses `FUNC_BASE + 16 * index` (for function pointers and
/// vtables), outside the global, shared and local ranges.
pub(crate) const FUNC_BASE: u64 = 0x0300_0000_0000;
