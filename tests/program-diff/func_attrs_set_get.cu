// cudaFuncSetAttribute/GetAttributes round trips and their effect on launches and occupancy.
#include <cstdio>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-84s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void dyn(int *out) {
    extern __shared__ int s[];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) *out = s[blockDim.x - 1];
}
__global__ void __launch_bounds__(256, 2) bounded(int *out) { out[threadIdx.x] = 1; }
__global__ void stat(int *out) {
    __shared__ int s[4096];
    s[threadIdx.x] = 1;
    __syncthreads();
    out[0] = s[0];
}

static void show(const char *n, const void *f) {
    cudaFuncAttributes a;
    cudaError_t e = cudaFuncGetAttributes(&a, f);
    printf("%s: %s maxThreads=%d static=%zu maxDyn=%d carveout=%d clusterW=%d nonPortable=%d reqCluster=%d,%d,%d "
           "sched=%d ptx=%d bin=%d cacheCA=%d\n",
           n, cudaGetErrorName(e), a.maxThreadsPerBlock, a.sharedSizeBytes, a.maxDynamicSharedSizeBytes,
           a.preferredShmemCarveout, a.clusterDimMustBeSet, a.nonPortableClusterSizeAllowed, a.requiredClusterWidth,
           a.requiredClusterHeight, a.requiredClusterDepth, a.clusterSchedulingPolicyPreference, a.ptxVersion,
           a.binaryVersion, a.cacheModeCA);
}

int main() {
    int *out;
    R(cudaMalloc(&out, 4096));
    show("dyn", (void *)dyn);
    show("bounded", (void *)bounded);
    show("stat", (void *)stat);
    int dynv[] = {0, 1, 48 * 1024, 48 * 1024 + 1, 100 * 1024, 227 * 1024, 227 * 1024 + 1, 232448, -1};
    for (int v : dynv) {
        cudaError_t e = cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, v);
        cudaFuncAttributes a;
        cudaFuncGetAttributes(&a, (void *)dyn);
        printf("maxDyn set %d -> %s, reads %d\n", v, cudaGetErrorName(e), a.maxDynamicSharedSizeBytes);
        cudaGetLastError();
    }
    // stat has 16 KiB static: the dynamic ceiling shrinks by it.
    int sv[] = {227 * 1024 - 16384, 227 * 1024 - 16384 + 1};
    for (int v : sv) {
        cudaError_t e = cudaFuncSetAttribute(stat, cudaFuncAttributeMaxDynamicSharedMemorySize, v);
        printf("stat maxDyn set %d -> %s\n", v, cudaGetErrorName(e));
        cudaGetLastError();
    }
    int cv[] = {-2, -1, 0, 1, 50, 99, 100, 101};
    for (int v : cv) {
        cudaError_t e = cudaFuncSetAttribute(dyn, cudaFuncAttributePreferredSharedMemoryCarveout, v);
        cudaFuncAttributes a;
        cudaFuncGetAttributes(&a, (void *)dyn);
        printf("carveout set %d -> %s, reads %d\n", v, cudaGetErrorName(e), a.preferredShmemCarveout);
        cudaGetLastError();
    }
    // Launch with dynamic shared memory at and beyond the attribute.
    R(cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024));
    dyn<<<1, 32, 64 * 1024>>>(out);
    R(cudaGetLastError());
    dyn<<<1, 32, 64 * 1024 + 4>>>(out);
    R(cudaGetLastError());
    dyn<<<1, 32, 48 * 1024>>>(out);
    R(cudaGetLastError());
    R(cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 0));
    dyn<<<1, 32, 128>>>(out);
    R(cudaGetLastError());
    R(cudaDeviceSynchronize());
    // Occupancy follows the attribute.
    int nb = -1;
    R(cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024));
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, dyn, 128, 100 * 1024));
    printf("blocks with 100K dyn: %d\n", nb);
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, dyn, 128, 201 * 1024));
    printf("blocks with 201K dyn: %d\n", nb);
    size_t avail = 0;
    R(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, dyn, 2, 128));
    printf("avail 2 blocks: %zu\n", avail);
    R(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, stat, 1, 128));
    printf("avail stat 1 block: %zu\n", avail);
    R(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, bounded, 3, 256));
    printf("avail bounded 3 blocks of 256: %zu\n", avail);
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, bounded, 256, 0));
    printf("bounded 256: %d\n", nb);
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, bounded, 257, 0));
    printf("bounded 257: %d\n", nb);
    bounded<<<1, 257>>>(out);
    R(cudaGetLastError());
    // Cluster attributes.
    R(cudaFuncSetAttribute(dyn, cudaFuncAttributeRequiredClusterWidth, 2));
    R(cudaFuncSetAttribute(dyn, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    R(cudaFuncSetAttribute(dyn, cudaFuncAttributeNonPortableClusterSizeAllowed, 2));
    R(cudaFuncSetAttribute(dyn, cudaFuncAttributeClusterSchedulingPolicyPreference, cudaClusterSchedulingPolicySpread));
    R(cudaFuncSetAttribute(dyn, cudaFuncAttributeClusterSchedulingPolicyPreference, 7));
    R(cudaFuncSetAttribute(dyn, (cudaFuncAttribute)99, 1));
    R(cudaFuncSetAttribute((void *)nullptr, cudaFuncAttributeMaxDynamicSharedMemorySize, 1));
    R(cudaGetLastError());
    show("dyn after", (void *)dyn);
    // Cache config.
    R(cudaFuncSetCacheConfig(dyn, cudaFuncCachePreferShared));
    R(cudaFuncSetCacheConfig(dyn, (cudaFuncCache)9));
    R(cudaGetLastError());
    return 0;
}
