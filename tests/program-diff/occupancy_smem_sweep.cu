// flags: -Xptxas -O3
// Occupancy as an autotuner sweeps it, for kernels whose resources do not depend on the
// compiler's register allocation (tiny kernels under __launch_bounds__ with a register cap,
// static shared memory of 0, 12 KiB and 40 KiB): cudaOccupancyMaxActiveBlocksPerMultiprocessor
// over block sizes 32..1024 and dynamic shared memory 0..227 KiB, the ...WithFlags form,
// cudaOccupancyAvailableDynamicSMemPerBlock, cudaOccupancyMaxPotentialBlockSize with a
// per-block shared memory limit and VariableSMem with a size function, cudaFuncGetAttributes'
// sharedSizeBytes / maxThreadsPerBlock / maxDynamicSharedSizeBytes, and cudaFuncSetAttribute
// raising the dynamic limit to 200 KiB for a launch that uses all of it.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void __launch_bounds__(1024) k_none(int *p) { p[threadIdx.x] = threadIdx.x; }
__global__ void __launch_bounds__(256) k_s12(int *p) {
    __shared__ int s[3072];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    p[threadIdx.x] = s[255 - threadIdx.x];
}
__global__ void __launch_bounds__(512, 2) k_s40(int *p) {
    __shared__ int s[10240];
    s[threadIdx.x * 20] = threadIdx.x;
    __syncthreads();
    p[threadIdx.x] = s[(511 - threadIdx.x) * 20];
}
__global__ void k_dyn(int *p, int n) {
    extern __shared__ int d[];
    for (int i = threadIdx.x; i < n; i += blockDim.x) d[i] = i * 3;
    __syncthreads();
    int acc = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x) acc += d[n - 1 - i];
    atomicAdd(p, acc);
}

static size_t smem_for(int block) { return (size_t)block * 48; }

template <typename K>
static void sweep(const char *name, K k) {
    printf("%s:\n", name);
    const int blocks[] = {32, 64, 96, 128, 192, 256, 384, 512, 640, 768, 1024};
    const size_t dyn[] = {0, 1024, 8192, 20000, 49152};
    for (size_t ds : dyn) {
        printf("  dyn %6zu:", ds);
        for (int b : blocks) {
            int n = -1;
            cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, k, b, ds);
            if (e != cudaSuccess) printf(" %s", cudaGetErrorName(e));
            else printf(" %d", n);
        }
        printf("\n");
    }
    size_t avail[4];
    int bs[4] = {32, 128, 256, 1024};
    for (int i = 0; i < 4; i++) {
        avail[i] = 0;
        for (int nb = 1; nb <= 4; nb *= 2) {
            cudaError_t e = cudaOccupancyAvailableDynamicSMemPerBlock(&avail[i], k, nb, bs[i]);
            printf("  avail smem %d blocks of %d: %s %zu\n", nb, bs[i], cudaGetErrorName(e), avail[i]);
        }
    }
    cudaFuncAttributes a;
    cudaFuncGetAttributes(&a, k);
    printf("  attrs: shared %zu maxThreads %d maxDyn %d const %zu\n", a.sharedSizeBytes, a.maxThreadsPerBlock,
           a.maxDynamicSharedSizeBytes, a.constSizeBytes);
}

int main() {
    sweep("k_none", k_none);
    sweep("k_s12", k_s12);
    sweep("k_s40", k_s40);
    int n = 0;
    cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, k_s12, 256, 0, cudaOccupancyDisableCachingOverride);
    printf("with flags: %s %d\n", cudaGetErrorName(e), n);
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, k_s12, 256, 0, 7);
    printf("bad flags: %s\n", cudaGetErrorName(e));
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, k_s12, 512, 0);
    printf("block above launch bound: %s %d\n", cudaGetErrorName(e), n);
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, k_none, 0, 0);
    printf("block 0: %s %d\n", cudaGetErrorName(e), n);
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, k_none, 128, 300000);
    printf("too much smem: %s %d\n", cudaGetErrorName(e), n);

    int grid = 0, block = 0;
    e = cudaOccupancyMaxPotentialBlockSize(&grid, &block, k_s40, 0, 0);
    printf("potential k_s40: %s block %d grid/SMs %d\n", cudaGetErrorName(e), block, grid > 0);
    e = cudaOccupancyMaxPotentialBlockSize(&grid, &block, k_none, 0, 200);
    printf("potential k_none limit 200: %s block %d\n", cudaGetErrorName(e), block);
    e = cudaOccupancyMaxPotentialBlockSize(&grid, &block, k_s12, 0, 0);
    printf("potential k_s12: %s block %d\n", cudaGetErrorName(e), block);
    e = cudaOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block, k_dyn, smem_for, 0);
    int per = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, k_dyn, block, smem_for(block));
    printf("variable smem: %s block %d blocks/SM at that size %d\n", cudaGetErrorName(e), block, per);

    // > 48 KiB dynamic shared memory
    int *acc;
    cudaMalloc(&acc, 4);
    cudaMemset(acc, 0, 4);
    const int big = 200 * 1024;
    k_dyn<<<2, 256, big>>>(acc, big / 4);
    printf("200 KiB without opt-in: %s\n", cudaGetErrorName(cudaGetLastError()));
    e = cudaFuncSetAttribute(k_dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, big);
    printf("opt in: %s\n", cudaGetErrorName(e));
    cudaFuncAttributes a;
    cudaFuncGetAttributes(&a, k_dyn);
    printf("maxDyn now %d\n", a.maxDynamicSharedSizeBytes);
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, k_dyn, 256, big);
    printf("occupancy at 200 KiB: %s %d\n", cudaGetErrorName(e), n);
    k_dyn<<<2, 256, big>>>(acc, big / 4);
    e = cudaDeviceSynchronize();
    int h = 0;
    cudaMemcpy(&h, acc, 4, cudaMemcpyDeviceToHost);
    long long expect = 2LL * 3 * ((long long)(big / 4) * (big / 4 - 1) / 2);
    printf("launch: %s sum %d expected %d\n", cudaGetErrorName(e), h, (int)expect);
    e = cudaFuncSetAttribute(k_dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 300 * 1024);
    printf("opt in 300 KiB: %s\n", cudaGetErrorName(e));
    e = cudaFuncSetAttribute(k_s40, cudaFuncAttributeMaxDynamicSharedMemorySize, 227 * 1024 - 40960);
    printf("k_s40 opt in to the remaining: %s\n", cudaGetErrorName(e));
    e = cudaFuncSetAttribute(k_s40, cudaFuncAttributeMaxDynamicSharedMemorySize, 227 * 1024 - 40960 + 1);
    printf("k_s40 one byte more: %s\n", cudaGetErrorName(e));
    e = cudaFuncSetAttribute(k_dyn, cudaFuncAttributePreferredSharedMemoryCarveout, 101);
    printf("carveout 101: %s\n", cudaGetErrorName(e));
    e = cudaFuncSetAttribute(k_dyn, cudaFuncAttributePreferredSharedMemoryCarveout, -1);
    printf("carveout -1: %s\n", cudaGetErrorName(e));
    e = cudaFuncSetAttribute(k_dyn, cudaFuncAttributePreferredSharedMemoryCarveout, 50);
    cudaFuncGetAttributes(&a, k_dyn);
    printf("carveout 50: %s reads %d\n", cudaGetErrorName(e), a.preferredShmemCarveout);
    e = cudaFuncSetCacheConfig(k_dyn, cudaFuncCachePreferL1);
    printf("cache config: %s\n", cudaGetErrorName(e));
    e = cudaFuncSetCacheConfig(k_dyn, (cudaFuncCache)9);
    printf("bad cache config: %s\n", cudaGetErrorName(e));
    e = cudaFuncSetAttribute(k_dyn, cudaFuncAttributeRequiredClusterWidth, 2);
    printf("cluster width: %s\n", cudaGetErrorName(e));
    e = cudaFuncSetAttribute(k_dyn, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    printf("non portable: %s\n", cudaGetErrorName(e));
    e = cudaFuncSetAttribute((void *)main, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024);
    printf("host function: %s\n", cudaGetErrorName(e));
    printf("last: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
