/* Cuprite's CUDA toolkit headers: cudaEGLTypedefs.h, function pointer types of cudaEGL.h's functions. Cuprite provides the CUDA
 * runtime API (libcudart) only, not the driver API (libcuda) these declarations belong to: a
 * program that includes it gets this error, naming it, instead of unresolved symbols at link time. */
#error "cudaEGLTypedefs.h declares CUDA driver API functions (PFN_cuGraphicsEGLRegisterImage, ...), which Cuprite does not provide: it implements the CUDA runtime API (libcudart) only"
