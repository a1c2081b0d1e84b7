/* Cuprite's CUDA toolkit headers: the device runtime API in device code (dynamic parallelism),
 * as the Programming Guide's "Device-side Launch from PTX" describes it: cudaGetParameterBuffer
 * and cudaLaunchDevice (and nvcc's V2 forms), device-side streams and events, errors, the device
 * heap. Each calls the device runtime's entry point __cudaCDP2<Name>, which Cuprite's engine
 * provides (as NVIDIA's libcudadevrt does for nvcc's programs). Written for Cuprite.
 *
 * clang compiles no device-side `kernel<<<...>>>` and no other reference to a kernel from device
 * code ("reference to __global__ function ... in __global__ function"); a kernel's address for
 * cudaLaunchDevice comes from a __device__ variable initialized with it:
 *   __device__ void (*child_address)(int *) = child;
 * There is no device-side cudaDeviceSynchronize (CUDA 12 removed it). */
#pragma once
#if defined(__CUDA__) && defined(__clang__)

extern "C" {
__device__ void *__cudaCDP2GetParameterBuffer(size_t alignment, size_t size);
__device__ void *__cudaCDP2GetParameterBufferV2(void *func, dim3 grid, dim3 block, unsigned int shared);
__device__ cudaError_t __cudaCDP2LaunchDevice(void *func, void *buffer, dim3 grid, dim3 block, unsigned int shared,
                                              cudaStream_t stream);
__device__ cudaError_t __cudaCDP2LaunchDeviceV2(void *buffer, cudaStream_t stream);
__device__ cudaError_t __cudaCDP2StreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
__device__ cudaError_t __cudaCDP2StreamDestroy(cudaStream_t stream);
__device__ cudaError_t __cudaCDP2GetLastError(void);
__device__ cudaError_t __cudaCDP2PeekAtLastError(void);
__device__ cudaError_t __cudaCDP2GetDevice(int *device);
__device__ cudaError_t __cudaCDP2GetDeviceCount(int *count);
__device__ cudaError_t __cudaCDP2RuntimeGetVersion(int *version);
__device__ cudaError_t __cudaCDP2Malloc(void **ptr, size_t size);
__device__ cudaError_t __cudaCDP2Free(void *ptr);
__device__ cudaError_t __cudaCDP2EventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
__device__ cudaError_t __cudaCDP2EventRecord(cudaEvent_t event, cudaStream_t stream);
__device__ cudaError_t __cudaCDP2EventDestroy(cudaEvent_t event);
__device__ cudaError_t __cudaCDP2StreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags);

/* The device-side overloads of the runtime API (clang overloads a function on __host__ and
 * __device__; the host ones are libcudart's). */
__device__ inline void *cudaGetParameterBuffer(size_t alignment, size_t size) {
    return __cudaCDP2GetParameterBuffer(alignment, size);
}
__device__ inline void *cudaGetParameterBufferV2(void *func, dim3 grid, dim3 block, unsigned int shared) {
    return __cudaCDP2GetParameterBufferV2(func, grid, block, shared);
}
__device__ inline cudaError_t cudaLaunchDevice(void *func, void *buffer, dim3 grid, dim3 block,
                                                      unsigned int shared, cudaStream_t stream) {
    return __cudaCDP2LaunchDevice(func, buffer, grid, block, shared, stream);
}
__device__ inline cudaError_t cudaLaunchDeviceV2(void *buffer, cudaStream_t stream) {
    return __cudaCDP2LaunchDeviceV2(buffer, stream);
}
__device__ inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags) {
    return __cudaCDP2StreamCreateWithFlags(stream, flags);
}
__device__ inline cudaError_t cudaStreamDestroy(cudaStream_t stream) { return __cudaCDP2StreamDestroy(stream); }
__device__ inline cudaError_t cudaGetLastError(void) { return __cudaCDP2GetLastError(); }
__device__ inline cudaError_t cudaPeekAtLastError(void) { return __cudaCDP2PeekAtLastError(); }
__device__ inline cudaError_t cudaGetDevice(int *device) { return __cudaCDP2GetDevice(device); }
__device__ inline cudaError_t cudaGetDeviceCount(int *count) { return __cudaCDP2GetDeviceCount(count); }
__device__ inline cudaError_t cudaRuntimeGetVersion(int *version) { return __cudaCDP2RuntimeGetVersion(version); }
__device__ inline cudaError_t cudaMalloc(void **ptr, size_t size) { return __cudaCDP2Malloc(ptr, size); }
__device__ inline cudaError_t cudaFree(void *ptr) { return __cudaCDP2Free(ptr); }
__device__ inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) {
    return __cudaCDP2EventCreateWithFlags(event, flags);
}
__device__ inline cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
    return __cudaCDP2EventRecord(event, stream);
}
__device__ inline cudaError_t cudaEventDestroy(cudaEvent_t event) { return __cudaCDP2EventDestroy(event); }
__device__ inline cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
    return __cudaCDP2StreamWaitEvent(stream, event, flags);
}
}

#endif
