/* Cuprite's CUDA toolkit headers: VDPAU interoperability of the CUDA Runtime API
 * (cuda_vdpau_interop.h; Runtime API reference 6.19 "VDPAU Interoperability"). Cuprite's device
 * is the CPU, which no VDPAU device decodes on: the functions fail with cudaErrorNotSupported,
 * with a note on stderr naming the function. The VDPAU types come from <vdpau/vdpau.h> where
 * it is installed (as nvcc's header requires). */
#ifndef __CUDA_VDPAU_INTEROP_H__
#define __CUDA_VDPAU_INTEROP_H__

#include "cuda_runtime_api.h"

#if __has_include(<vdpau/vdpau.h>)
#include <vdpau/vdpau.h>
#else
#include <stdint.h>
typedef uint32_t VdpDevice;
typedef uint32_t VdpVideoSurface;
typedef uint32_t VdpOutputSurface;
typedef uint32_t VdpFuncId;
typedef int VdpStatus;
typedef VdpStatus VdpGetProcAddress(VdpDevice device, VdpFuncId function_id, void **function_pointer);
#endif

#if defined(__cplusplus)
extern "C" {
#endif

extern __host__ cudaError_t CUDARTAPI cudaVDPAUGetDevice(int *device, VdpDevice vdpDevice,
                                                         VdpGetProcAddress *vdpGetProcAddress);
extern __host__ cudaError_t CUDARTAPI cudaVDPAUSetVDPAUDevice(int device, VdpDevice vdpDevice,
                                                              VdpGetProcAddress *vdpGetProcAddress);
extern __host__ cudaError_t CUDARTAPI cudaGraphicsVDPAURegisterVideoSurface(struct cudaGraphicsResource **resource,
                                                                            VdpVideoSurface vdpSurface,
                                                                            unsigned int flags);
extern __host__ cudaError_t CUDARTAPI cudaGraphicsVDPAURegisterOutputSurface(struct cudaGraphicsResource **resource,
                                                                             VdpOutputSurface vdpSurface,
                                                                             unsigned int flags);

#if defined(__cplusplus)
}
#endif

#endif /* __CUDA_VDPAU_INTEROP_H__ */
