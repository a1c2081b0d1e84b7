// The device properties that are constants of the architecture (compute capability 9.0), not of
// the board: what programs read to size their launches and shared memory. Board-specific values
// (multiprocessor count, clocks, memory sizes, bus IDs, names) go to stderr only. Also
// cudaDeviceGetAttribute for the same attributes must agree with cudaGetDeviceProperties, and
// cudaFuncGetAttributes / occupancy for a fixed kernel.
#include <cstdio>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void k(float* p) { __shared__ float s[1024]; s[threadIdx.x] = p[threadIdx.x]; __syncthreads(); p[threadIdx.x] = s[1023 - threadIdx.x]; }

int main() {
    cudaDeviceProp p; CK(cudaGetDeviceProperties(&p, 0));
    printf("cc %d.%d warpSize %d maxThreadsPerBlock %d maxThreadsDim %d %d %d maxGridSize %d %d %d\n", p.major, p.minor, p.warpSize, p.maxThreadsPerBlock,
           p.maxThreadsDim[0], p.maxThreadsDim[1], p.maxThreadsDim[2], p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2]);
    printf("sharedMemPerBlock %zu optin %zu perSM %zu reserved %zu regsPerBlock %d regsPerSM %d\n", p.sharedMemPerBlock, p.sharedMemPerBlockOptin,
           p.sharedMemPerMultiprocessor, p.reservedSharedMemPerBlock, p.regsPerBlock, p.regsPerMultiprocessor);
    printf("maxThreadsPerSM %d maxBlocksPerSM %d totalConstMem %zu memPitch>=2^31 %d textureAlignment %zu texturePitchAlignment %zu\n", p.maxThreadsPerMultiProcessor,
           p.maxBlocksPerMultiProcessor, p.totalConstMem, p.memPitch >= (1ull << 31), p.textureAlignment, p.texturePitchAlignment);
    printf("maxTexture1D %d 2D %d %d 3D %d %d %d surface2D %d %d\n", p.maxTexture1D, p.maxTexture2D[0], p.maxTexture2D[1], p.maxTexture3D[0], p.maxTexture3D[1],
           p.maxTexture3D[2], p.maxSurface2D[0], p.maxSurface2D[1]);
    printf("unifiedAddressing %d managedMemory %d concurrentKernels %d cooperativeLaunch %d canMapHostMemory %d asyncEngineCount>0 %d\n", p.unifiedAddressing,
           p.managedMemory, p.concurrentKernels, p.cooperativeLaunch, p.canMapHostMemory, p.asyncEngineCount > 0);
    printf("streamPrioritiesSupported %d globalL1Cache %d localL1Cache %d hostNativeAtomic %d pageableMemoryAccess? (stderr)\n", p.streamPrioritiesSupported,
           p.globalL1CacheSupported, p.localL1CacheSupported, p.hostNativeAtomicSupported);
    fprintf(stderr, "name %s SMs %d l2 %d mem %zu clock? pageable %d\n", p.name, p.multiProcessorCount, p.l2CacheSize, p.totalGlobalMem, p.pageableMemoryAccess);
    int v[6];
    cudaDeviceAttr at[6] = {cudaDevAttrMaxSharedMemoryPerBlockOptin, cudaDevAttrMaxBlocksPerMultiprocessor, cudaDevAttrClusterLaunch, cudaDevAttrComputeCapabilityMajor,
                            cudaDevAttrMaxRegistersPerBlock, cudaDevAttrReservedSharedMemoryPerBlock};
    for (int i = 0; i < 6; ++i) CK(cudaDeviceGetAttribute(&v[i], at[i], 0));
    printf("attributes: %d %d %d %d %d %d\n", v[0], v[1], v[2], v[3], v[4], v[5]);
    cudaFuncAttributes fa; CK(cudaFuncGetAttributes(&fa, k));
    printf("kernel: sharedSizeBytes %zu constSizeBytes %zu localSizeBytes %zu maxThreadsPerBlock %d binaryVersion %d ptxVersion %d\n", fa.sharedSizeBytes,
           fa.constSizeBytes, fa.localSizeBytes, fa.maxThreadsPerBlock, fa.binaryVersion, fa.ptxVersion);
    int blocks = 0; CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k, 1024, 0));
    fprintf(stderr, "occupancy 1024 threads: %d\n", blocks);
    size_t dyn = 0; CK(cudaOccupancyAvailableDynamicSMemPerBlock(&dyn, k, 1, 256));
    fprintf(stderr, "available dynamic smem %zu\n", dyn);
    int dev = -1; CK(cudaGetDevice(&dev));
    int count = 0; CK(cudaGetDeviceCount(&count));
    printf("device %d of >=1: %d; cudaSetDevice(count): %s\n", dev, count >= 1, cudaGetErrorName(cudaSetDevice(count)));
    cudaGetLastError();
    return 0;
}
