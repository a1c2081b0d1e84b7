/* Cuprite's CUDA toolkit headers: cudaEGL.h, the driver API's EGL interoperability. Cuprite provides the CUDA
 * runtime API (libcudart) only, not the driver API (libcuda) these declarations belong to: a
 * program that includes it gets this error, naming it, instead of unresolved symbols at link time. */
#error "cudaEGL.h declares CUDA driver API functions (cuGraphicsEGLRegisterImage, ...; cuda_egl_interop.h has the runtime's), which Cuprite does not provide: it implements the CUDA runtime API (libcudart) only"
