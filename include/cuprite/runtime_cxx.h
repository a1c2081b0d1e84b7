/* Cuprite's CUDA toolkit headers: the runtime API's C++ overloads and templates (Runtime API
 * reference, "C++ API Routines"), each forwarding to the C function. */
#pragma once

template <class T> static __inline__ __host__ cudaError_t cudaMalloc(T **devPtr, size_t size) {
    return cudaMalloc((void **)(void *)devPtr, size);
}
template <class T> static __inline__ __host__ cudaError_t cudaMallocHost(T **ptr, size_t size, unsigned int flags = 0) {
    return cudaHostAlloc((void **)(void *)ptr, size, flags);
}
static __inline__ __host__ cudaError_t cudaMallocHost(void **ptr, size_t size, unsigned int flags) {
    return cudaHostAlloc(ptr, size, flags);
}
template <class T> static __inline__ __host__ cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags) {
    return cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T> static __inline__ __host__ cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags) {
    return cudaHostGetDevicePointer((void **)(void *)pDevice, pHost, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal) {
    return cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
template <class T> static __inline__ __host__ cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height) {
    return cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}
template <class T> static __inline__ __host__ cudaError_t cudaMallocAsync(T **devPtr, size_t size, cudaStream_t stream) {
    return cudaMallocAsync((void **)(void *)devPtr, size, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocAsync(T **devPtr, size_t size, cudaMemPool_t memPool, cudaStream_t stream) {
    return cudaMallocFromPoolAsync((void **)(void *)devPtr, size, memPool, stream);
}
static __inline__ __host__ cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaMemPool_t memPool, cudaStream_t stream) {
    return cudaMallocFromPoolAsync(devPtr, size, memPool, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocFromPoolAsync(T **devPtr, size_t size, cudaMemPool_t memPool, cudaStream_t stream) {
    return cudaMallocFromPoolAsync((void **)(void *)devPtr, size, memPool, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, T *devPtr, size_t length = 0,
                                                                  unsigned int flags = cudaMemAttachSingle) {
    return cudaStreamAttachMemAsync(stream, (void *)devPtr, length, flags);
}

static __inline__ __host__ cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags) {
    return cudaEventCreateWithFlags(event, flags);
}

/* Symbols: the address of a __device__/__constant__ variable identifies it. */
template <class T>
static __inline__ __host__ cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                                                            size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
    return cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count, size_t offset = 0,
                                                                 cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t stream = 0) {
    return cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset, kind, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0,
                                                              cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
    return cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count, size_t offset = 0,
                                                                   cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t stream = 0) {
    return cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset, kind, stream);
}
template <class T> static __inline__ __host__ cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol) {
    return cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <class T> static __inline__ __host__ cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol) {
    return cudaGetSymbolSize(size, (const void *)&symbol);
}

/* Kernels: a kernel's host stub address identifies it. */
template <class T>
static __inline__ __host__ cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0,
                                                          cudaStream_t stream = 0) {
    return cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                                                                     size_t sharedMem = 0, cudaStream_t stream = 0) {
    return cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}
template <class T> static __inline__ __host__ cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, T *entry) {
    return cudaFuncGetAttributes(attr, (const void *)entry);
}
template <class T> static __inline__ __host__ cudaError_t cudaFuncSetAttribute(T *entry, cudaFuncAttribute attr, int value) {
    return cudaFuncSetAttribute((const void *)entry, attr, value);
}
template <class T> static __inline__ __host__ cudaError_t cudaFuncSetCacheConfig(T *func, cudaFuncCache cacheConfig) {
    return cudaFuncSetCacheConfig((const void *)func, cacheConfig);
}
template <class T> static __inline__ __host__ cudaError_t cudaFuncSetSharedMemConfig(T *func, cudaSharedMemConfig config) {
    return cudaFuncSetSharedMemConfig((const void *)func, config);
}
template <class T> static __inline__ __host__ cudaError_t cudaFuncGetName(const char **name, T *func) {
    return cudaFuncGetName(name, (const void *)func);
}
template <class T> static __inline__ __host__ cudaError_t cudaGetFuncBySymbol(cudaFunction_t *functionPtr, T *symbolPtr) {
    return cudaGetFuncBySymbol(functionPtr, (const void *)symbolPtr);
}
template <class T> static __inline__ __host__ cudaError_t cudaGetKernel(cudaKernel_t *kernelPtr, T *entryFuncAddr) {
    return cudaGetKernel(kernelPtr, (const void *)entryFuncAddr);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func, int blockSize,
                                                                                       size_t dynamicSMemSize) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, (const void *)func, blockSize, dynamicSMemSize,
                                                                  cudaOccupancyDefault);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, T func, int blockSize,
                                                                                                size_t dynamicSMemSize, unsigned int flags) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, (const void *)func, blockSize, dynamicSMemSize, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, T func, int numBlocks,
                                                                                   int blockSize) {
    return cudaOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize, (const void *)func, numBlocks, blockSize);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxActiveClusters(int *numClusters, T *func, const cudaLaunchConfig_t *config) {
    return cudaOccupancyMaxActiveClusters(numClusters, (const void *)func, config);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, T *func, const cudaLaunchConfig_t *config) {
    return cudaOccupancyMaxPotentialClusterSize(clusterSize, (const void *)func, config);
}

/* The block size that maximizes occupancy, with the dynamic shared memory a function of it. */
template <typename UnaryFunction, class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int *minGridSize, int *blockSize, T func, UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0,
    unsigned int flags = 0) {
    if (!minGridSize || !blockSize || !func) return cudaErrorInvalidValue;
    int device = 0, maxThreadsPerMultiProcessor = 0, warpSize = 0, devMaxThreadsPerBlock = 0, multiProcessorCount = 0;
    cudaError_t status;
    if ((status = cudaGetDevice(&device)) != cudaSuccess) return status;
    if ((status = cudaDeviceGetAttribute(&maxThreadsPerMultiProcessor, cudaDevAttrMaxThreadsPerMultiProcessor, device)) != cudaSuccess)
        return status;
    if ((status = cudaDeviceGetAttribute(&warpSize, cudaDevAttrWarpSize, device)) != cudaSuccess) return status;
    if ((status = cudaDeviceGetAttribute(&devMaxThreadsPerBlock, cudaDevAttrMaxThreadsPerBlock, device)) != cudaSuccess) return status;
    if ((status = cudaDeviceGetAttribute(&multiProcessorCount, cudaDevAttrMultiProcessorCount, device)) != cudaSuccess) return status;
    cudaFuncAttributes attr;
    if ((status = cudaFuncGetAttributes(&attr, (const void *)func)) != cudaSuccess) return status;
    int funcMaxThreadsPerBlock = attr.maxThreadsPerBlock;
    int occupancyLimit = maxThreadsPerMultiProcessor;
    int granularity = warpSize;
    if (blockSizeLimit == 0 || blockSizeLimit > devMaxThreadsPerBlock) blockSizeLimit = devMaxThreadsPerBlock;
    if (blockSizeLimit > funcMaxThreadsPerBlock) blockSizeLimit = funcMaxThreadsPerBlock;
    int blockSizeLimitAligned = ((blockSizeLimit + (granularity - 1)) / granularity) * granularity;
    int maxBlockSize = 0, maxNumBlocks = 0, maxOccupancy = 0;
    for (int blockSizeToTryAligned = blockSizeLimitAligned; blockSizeToTryAligned > 0; blockSizeToTryAligned -= granularity) {
        int blockSizeToTry = blockSizeLimit < blockSizeToTryAligned ? blockSizeLimit : blockSizeToTryAligned;
        size_t dynamicSMemSize = blockSizeToDynamicSMemSize(blockSizeToTry);
        int numBlocks = 0;
        status = cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&numBlocks, (const void *)func, blockSizeToTry,
                                                                        dynamicSMemSize, flags);
        if (status != cudaSuccess) return status;
        int occupancyInThreads = blockSizeToTry * numBlocks;
        if (occupancyInThreads > maxOccupancy) {
            maxBlockSize = blockSizeToTry;
            maxNumBlocks = numBlocks;
            maxOccupancy = occupancyInThreads;
        }
        if (occupancyLimit == maxOccupancy) break;
    }
    *minGridSize = maxNumBlocks * multiProcessorCount;
    *blockSize = maxBlockSize;
    return status;
}

namespace __cuprite {
struct constant_smem {
    size_t n;
    __host__ __device__ size_t operator()(int) const { return n; }
};
} // namespace __cuprite

template <typename UnaryFunction, class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *minGridSize, int *blockSize, T func,
                                                                                       UnaryFunction blockSizeToDynamicSMemSize,
                                                                                       int blockSizeLimit = 0) {
    return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(minGridSize, blockSize, func, blockSizeToDynamicSMemSize,
                                                                   blockSizeLimit, cudaOccupancyDefault);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                                                            size_t dynamicSMemSize = 0, int blockSizeLimit = 0) {
    return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(minGridSize, blockSize, func,
                                                                   __cuprite::constant_smem{dynamicSMemSize}, blockSizeLimit,
                                                                   cudaOccupancyDefault);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize, T func,
                                                                                     size_t dynamicSMemSize = 0,
                                                                                     int blockSizeLimit = 0, unsigned int flags = 0) {
    return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(minGridSize, blockSize, func,
                                                                   __cuprite::constant_smem{dynamicSMemSize}, blockSizeLimit, flags);
}

/* Graphs: the signatures CUDA 11 had, kept as C++ overloads of the CUDA 12 functions. */
static __inline__ __host__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, cudaGraphNode_t *pErrorNode,
                                                            char *pLogBuffer, size_t bufferSize) {
    /* CUDA's overload leaves the error node and the log untouched too. */
    (void)pErrorNode;
    (void)pLogBuffer;
    (void)bufferSize;
    return cudaGraphInstantiate(pGraphExec, graph, 0);
}
static __inline__ __host__ cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph, cudaGraphNode_t *hErrorNode_out,
                                                           enum cudaGraphExecUpdateResult *updateResult_out) {
    cudaGraphExecUpdateResultInfo info;
    cudaError_t status = cudaGraphExecUpdate(hGraphExec, hGraph, &info);
    if (hErrorNode_out) *hErrorNode_out = info.errorNode;
    if (updateResult_out) *updateResult_out = info.result;
    return status;
}
template <class T>
static __inline__ __host__ cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                                      const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                                      const T &symbol, const void *src, size_t count, size_t offset,
                                                                      enum cudaMemcpyKind kind) {
    return cudaGraphAddMemcpyNodeToSymbol(pGraphNode, graph, pDependencies, numDependencies, (const void *)&symbol, src, count, offset,
                                          kind);
}
template <class T>
static __inline__ __host__ cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                                        const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                                        void *dst, const T &symbol, size_t count, size_t offset,
                                                                        enum cudaMemcpyKind kind) {
    return cudaGraphAddMemcpyNodeFromSymbol(pGraphNode, graph, pDependencies, numDependencies, dst, (const void *)&symbol, count, offset,
                                            kind);
}
template <class T>
static __inline__ __host__ cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t node, const T &symbol, const void *src,
                                                                            size_t count, size_t offset, enum cudaMemcpyKind kind) {
    return cudaGraphMemcpyNodeSetParamsToSymbol(node, (const void *)&symbol, src, count, offset, kind);
}
template <class T>
static __inline__ __host__ cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t node, void *dst, const T &symbol,
                                                                              size_t count, size_t offset, enum cudaMemcpyKind kind) {
    return cudaGraphMemcpyNodeSetParamsFromSymbol(node, dst, (const void *)&symbol, count, offset, kind);
}
template <class T>
static __inline__ __host__ cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                                                const T &symbol, const void *src, size_t count,
                                                                                size_t offset, enum cudaMemcpyKind kind) {
    return cudaGraphExecMemcpyNodeSetParamsToSymbol(hGraphExec, node, (const void *)&symbol, src, count, offset, kind);
}
template <class T>
static __inline__ __host__ cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                                                  void *dst, const T &symbol, size_t count,
                                                                                  size_t offset, enum cudaMemcpyKind kind) {
    return cudaGraphExecMemcpyNodeSetParamsFromSymbol(hGraphExec, node, dst, (const void *)&symbol, count, offset, kind);
}
/* A user object wrapping a C++ object, destroyed with `delete` when its last reference goes. */
template <class T>
static __inline__ __host__ cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out, T *objectToWrap, unsigned int initialRefcount,
                                                            unsigned int flags) {
    return cudaUserObjectCreate(object_out, objectToWrap, [](void *object) { delete reinterpret_cast<T *>(object); }, initialRefcount,
                                flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out, T *objectToWrap, unsigned int initialRefcount,
                                                            cudaUserObjectFlags flags) {
    return cudaUserObjectCreate(object_out, objectToWrap, initialRefcount, (unsigned int)flags);
}

/* cudaLaunchKernelEx: the kernel's parameters packed as an argument array. */
template <typename... ExpTypes, typename... ActTypes>
static __inline__ __host__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(ExpTypes...),
                                                            ActTypes &&...args) {
    return [&](ExpTypes... coercedArgs) {
        void *pArgs[] = {&coercedArgs..., nullptr};
        return cudaLaunchKernelExC(config, (const void *)kernel, pArgs);
    }(static_cast<ExpTypes>(args)...);
}

/* Channel descriptors (textures). */
template <class T> __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void) {
    return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}
/* Half-precision channels (the `cudaCreateChannelDesc<__half>` specializations are in
 * cuda_fp16.h, where the type is). */
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf(void) {
    return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf1(void) {
    return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf2(void) {
    return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
}
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf4(void) {
    return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}
#define __CUPRITE_RUNTIME_CXX_CHANNELS 1
#define __CUPRITE_CHANNEL(T, x, y, z, w, kind)                                                     \
    template <> __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<T>(void) {       \
        return cudaCreateChannelDesc(x, y, z, w, kind);                                           \
    }
__CUPRITE_CHANNEL(char, 8, 0, 0, 0, cudaChannelFormatKindSigned)
__CUPRITE_CHANNEL(signed char, 8, 0, 0, 0, cudaChannelFormatKindSigned)
__CUPRITE_CHANNEL(unsigned char, 8, 0, 0, 0, cudaChannelFormatKindUnsigned)
__CUPRITE_CHANNEL(char1, 8, 0, 0, 0, cudaChannelFormatKindSigned)
__CUPRITE_CHANNEL(char2, 8, 8, 0, 0, cudaChannelFormatKindSigned)
__CUPRITE_CHANNEL(char4, 8, 8, 8, 8, cudaChannelFormatKindSigned)
__CUPRITE_CHANNEL(uchar1, 8, 0, 0, 0, cudaChannelFormatKindUnsigned)
__CUPRITE_CHANNEL(uchar2, 8, 8, 0, 0, cudaChannelFormatKindUnsigned)
__CUPRITE_CHANNEL(uchar4, 8, 8, 8, 8, cudaChannelFormatKindUnsigned)
__CUPRITE_CHANNEL(short, 16, 0, 0, 0, cudaChannelFormatKindSigned)
__CUPRITE_CHANNEL(short1, 16, 0, 0, 0, cudaChannelFormatKindSigned)
__CUPRITE_CHANNEL(short2, 16, 16, 0, 0, cudaChannelFormatKindSigned)
__CUPRITE_CHANNEL(short4, 16, 16, 16, 16, cudaChannelFormatKindSigned)
__CUPRITE_CHANNEL(unsigned short, 16, 0, 0, 0, cudaChannelFormatKindUnsigned)
__CUPRITE_CHANNEL(ushort1, 16, 0, 0, 0, cudaChannelFormatKindUnsigned)
__CUPRITE_CHANNEL(ushort2, 16, 16, 0, 0, cudaChannelFormatKindUnsigned)
__CUPRITE_CHANNEL(ushort4, 16, 16, 16, 16, cudaChannelFormatKindUnsigned)
__CUPRITE_CHANNEL(int, 32, 0, 0, 0, cudaChannelFormatKindSigned)
__CUPRITE_CHANNEL(int1, 32, 0, 0, 0, cudaChannelFormatKindSigned)
__CUPRITE_CHANNEL(int2, 32, 32, 0, 0, cudaChannelFormatKindSigned)
__CUPRITE_CHANNEL(int4, 32, 32, 32, 32, cudaChannelFormatKindSigned)
__CUPRITE_CHANNEL(unsigned int, 32, 0, 0, 0, cudaChannelFormatKindUnsigned)
__CUPRITE_CHANNEL(uint1, 32, 0, 0, 0, cudaChannelFormatKindUnsigned)
__CUPRITE_CHANNEL(uint2, 32, 32, 0, 0, cudaChannelFormatKindUnsigned)
__CUPRITE_CHANNEL(uint4, 32, 32, 32, 32, cudaChannelFormatKindUnsigned)
__CUPRITE_CHANNEL(float, 32, 0, 0, 0, cudaChannelFormatKindFloat)
__CUPRITE_CHANNEL(float1, 32, 0, 0, 0, cudaChannelFormatKindFloat)
__CUPRITE_CHANNEL(float2, 32, 32, 0, 0, cudaChannelFormatKindFloat)
__CUPRITE_CHANNEL(float4, 32, 32, 32, 32, cudaChannelFormatKindFloat)
#undef __CUPRITE_CHANNEL
