/* Cuprite's CUDA toolkit headers: cudaTypedefs.h, function pointer types (PFN_cu*) of the driver API's functions, for cudaGetDriverEntryPoint. Cuprite provides the CUDA
 * runtime API (libcudart) only, not the driver API (libcuda) these declarations belong to: a
 * program that includes it gets this error, naming it, instead of unresolved symbols at link time. */
#error "cudaTypedefs.h declares CUDA driver API functions (PFN_cu* types), which Cuprite does not provide: it implements the CUDA runtime API (libcudart) only"
