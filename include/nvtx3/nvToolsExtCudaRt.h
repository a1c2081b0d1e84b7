/* Cuprite's CUDA toolkit headers: NVTX names for CUDA runtime objects (NVTX 3). With no tool
 * attached (Cuprite has none) naming a device, stream or event does nothing. */
#pragma once
#ifndef NVTOOLSEXT_CUDART_V3
#define NVTOOLSEXT_CUDART_V3

#include "nvToolsExt.h"
#include <cuda_runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

static inline void nvtxNameCudaDeviceA(int device, const char *name) {
    (void)device;
    (void)name;
}
static inline void nvtxNameCudaDeviceW(int device, const wchar_t *name) {
    (void)device;
    (void)name;
}
static inline void nvtxNameCudaStreamA(cudaStream_t stream, const char *name) {
    (void)stream;
    (void)name;
}
static inline void nvtxNameCudaStreamW(cudaStream_t stream, const wchar_t *name) {
    (void)stream;
    (void)name;
}
static inline void nvtxNameCudaEventA(cudaEvent_t event, const char *name) {
    (void)event;
    (void)name;
}
static inline void nvtxNameCudaEventW(cudaEvent_t event, const wchar_t *name) {
    (void)event;
    (void)name;
}

#ifdef __cplusplus
}
#endif

#endif /* NVTOOLSEXT_CUDART_V3 */
