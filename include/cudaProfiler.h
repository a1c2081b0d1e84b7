/* Cuprite's CUDA toolkit headers: cudaProfiler.h, the driver API's profiler control (cuProfilerInitialize, cuProfilerStart, cuProfilerStop). Cuprite provides the CUDA
 * runtime API (libcudart) only, not the driver API (libcuda) these declarations belong to: a
 * program that includes it gets this error, naming it, instead of unresolved symbols at link time. */
#error "cudaProfiler.h declares CUDA driver API functions (cuProfilerStart, cuProfilerStop; cuda_profiler_api.h has the runtime's cudaProfilerStart/Stop), which Cuprite does not provide: it implements the CUDA runtime API (libcudart) only"
