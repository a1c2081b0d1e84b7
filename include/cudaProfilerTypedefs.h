/* Cuprite's CUDA toolkit headers: cudaProfilerTypedefs.h, function pointer types of cudaProfiler.h's functions. Cuprite provides the CUDA
 * runtime API (libcudart) only, not the driver API (libcuda) these declarations belong to: a
 * program that includes it gets this error, naming it, instead of unresolved symbols at link time. */
#error "cudaProfilerTypedefs.h declares CUDA driver API functions (PFN_cuProfilerStart, ...), which Cuprite does not provide: it implements the CUDA runtime API (libcudart) only"
