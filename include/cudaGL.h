/* Cuprite's CUDA toolkit headers: cudaGL.h, the driver API's OpenGL interoperability. Cuprite provides the CUDA
 * runtime API (libcudart) only, not the driver API (libcuda) these declarations belong to: a
 * program that includes it gets this error, naming it, instead of unresolved symbols at link time. */
#error "cudaGL.h declares CUDA driver API functions (cuGraphicsGLRegisterBuffer, ...; cuda_gl_interop.h has the runtime's), which Cuprite does not provide: it implements the CUDA runtime API (libcudart) only"
