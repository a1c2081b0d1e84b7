/* Cuprite's CUDA toolkit headers: cudaVDPAU.h, the driver API's VDPAU interoperability. Cuprite provides the CUDA
 * runtime API (libcudart) only, not the driver API (libcuda) these declarations belong to: a
 * program that includes it gets this error, naming it, instead of unresolved symbols at link time. */
#error "cudaVDPAU.h declares CUDA driver API functions (cuVDPAUGetDevice, ...; cuda_vdpau_interop.h has the runtime's), which Cuprite does not provide: it implements the CUDA runtime API (libcudart) only"
