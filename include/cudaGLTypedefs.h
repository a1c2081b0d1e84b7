/* Cuprite's CUDA toolkit headers: cudaGLTypedefs.h, function pointer types of cudaGL.h's functions. Cuprite provides the CUDA
 * runtime API (libcudart) only, not the driver API (libcuda) these declarations belong to: a
 * program that includes it gets this error, naming it, instead of unresolved symbols at link time. */
#error "cudaGLTypedefs.h declares CUDA driver API functions (PFN_cuGraphicsGLRegisterBuffer, ...), which Cuprite does not provide: it implements the CUDA runtime API (libcudart) only"
