/* Cuprite's CUDA toolkit headers: NVTX names for CUDA driver API objects (NVTX 3). With no tool
 * attached (Cuprite has none) naming a device, context, stream or event does nothing. */
#pragma once
#ifndef NVTOOLSEXT_CUDA_V3
#define NVTOOLSEXT_CUDA_V3

#include "nvToolsExt.h"
#include <cuda.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Each naming function: the object and its name, both unused. */
#define __CUPRITE_NVTX_NAME(function, Object, Char)                                                      \
    static inline void function(Object object, const Char *name) {                                       \
        (void)object;                                                                                    \
        (void)name;                                                                                      \
    }
__CUPRITE_NVTX_NAME(nvtxNameCuDeviceA, CUdevice, char)
__CUPRITE_NVTX_NAME(nvtxNameCuDeviceW, CUdevice, wchar_t)
__CUPRITE_NVTX_NAME(nvtxNameCuContextA, CUcontext, char)
__CUPRITE_NVTX_NAME(nvtxNameCuContextW, CUcontext, wchar_t)
__CUPRITE_NVTX_NAME(nvtxNameCuStreamA, CUstream, char)
__CUPRITE_NVTX_NAME(nvtxNameCuStreamW, CUstream, wchar_t)
__CUPRITE_NVTX_NAME(nvtxNameCuEventA, CUevent, char)
__CUPRITE_NVTX_NAME(nvtxNameCuEventW, CUevent, wchar_t)
#undef __CUPRITE_NVTX_NAME

#ifdef __cplusplus
}
#endif

#endif /* NVTOOLSEXT_CUDA_V3 */
