// cudaOccupancyMaxPotentialBlockSize and friends: block size limits, dynamic shared memory per
// block size, flags; results as the occupancy calculator computes them.
#include <cstdio>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-96s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void light(float *x) { x[threadIdx.x] *= 2.0f; }
__global__ void __launch_bounds__(128) capped(float *x) { x[threadIdx.x] += 1.0f; }
__global__ void heavy_smem(float *x) {
    __shared__ float s[8192];
    s[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    x[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}
__global__ void dyn_smem(float *x) {
    extern __shared__ float s[];
    s[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    x[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

struct PerThread {
    size_t operator()(int bs) const { return (size_t)bs * 64; }
};

int main() {
    int grid = -1, block = -1;
    R(cudaOccupancyMaxPotentialBlockSize(&grid, &block, light, 0, 0));
    printf("light: block %d, grid is a multiple of SMs %d\n", block, grid > 0);
    int limits[] = {1, 31, 32, 33, 100, 256, 1000, 2000};
    for (int lim : limits) {
        cudaError_t e = cudaOccupancyMaxPotentialBlockSize(&grid, &block, light, 0, lim);
        printf("light limit %d -> %s block %d\n", lim, cudaGetErrorName(e), block);
    }
    R(cudaOccupancyMaxPotentialBlockSize(&grid, &block, capped, 0, 0));
    printf("capped: block %d\n", block);
    R(cudaOccupancyMaxPotentialBlockSize(&grid, &block, heavy_smem, 0, 0));
    printf("heavy_smem: block %d\n", block);
    size_t smems[] = {0, 1024, 16384, 50000, 100000, 200000};
    for (size_t sm : smems) {
        cudaError_t e = cudaOccupancyMaxPotentialBlockSize(&grid, &block, dyn_smem, sm, 0);
        int nb = -1;
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, dyn_smem, block > 0 ? block : 32, sm);
        printf("dyn_smem %zu -> %s block %d blocks/SM %d\n", sm, cudaGetErrorName(e), block, nb);
        cudaGetLastError();
    }
    R(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block, dyn_smem, PerThread(), 0));
    printf("variable 64B/thread: block %d\n", block);
    R(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block, dyn_smem, PerThread(), 96));
    printf("variable 64B/thread limit 96: block %d\n", block);
    R(cudaFuncSetAttribute(dyn_smem, cudaFuncAttributeMaxDynamicSharedMemorySize, 200000));
    R(cudaOccupancyMaxPotentialBlockSize(&grid, &block, dyn_smem, 100000, 0));
    printf("dyn_smem 100000 after opt-in: block %d\n", block);
    // Flags.
    int nb;
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&nb, light, 64, 0, cudaOccupancyDefault));
    printf("light 64 default: %d\n", nb);
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&nb, light, 64, 0, cudaOccupancyDisableCachingOverride));
    printf("light 64 disable caching override: %d\n", nb);
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&nb, light, 64, 0, 7));
    R(cudaOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, light, 0, 0, cudaOccupancyDisableCachingOverride));
    printf("potential with flags: block %d\n", block);
    int sizes[] = {0, 1, 32, 48, 96, 192, 384, 640, 768, 1024, 1025};
    for (int bs : sizes) {
        cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, heavy_smem, bs, 0);
        printf("heavy_smem bs %d -> %s %d\n", bs, cudaGetErrorName(e), nb);
        cudaGetLastError();
    }
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, light, 32, 0));
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, (const void *)nullptr, 32, 0));
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, light, 32, 1 << 20));
    printf("1MiB dyn: %d\n", nb);
    R(cudaGetLastError());
    // Cluster occupancy.
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute at;
    at.id = cudaLaunchAttributeClusterDimension;
    at.val.clusterDim.x = 2; at.val.clusterDim.y = 1; at.val.clusterDim.z = 1;
    cfg.gridDim = dim3(64);
    cfg.blockDim = dim3(128);
    cfg.attrs = &at;
    cfg.numAttrs = 1;
    int clusters = -1, csize = -1;
    R(cudaOccupancyMaxActiveClusters(&clusters, light, &cfg));
    printf("active clusters of 2 > 0: %d\n", clusters > 0);
    cfg.numAttrs = 0;
    R(cudaOccupancyMaxPotentialClusterSize(&csize, light, &cfg));
    printf("potential cluster size %d\n", csize);
    R(cudaFuncSetAttribute(light, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    R(cudaOccupancyMaxPotentialClusterSize(&csize, light, &cfg));
    printf("potential cluster size non-portable %d\n", csize);
    return 0;
}
