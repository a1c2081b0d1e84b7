// Occupancy with dynamic shared memory callbacks, flags and block-size limits; a host function is
// an invalid resource handle.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
// Occupancy API with dynamic shared memory callbacks, flags and block-size limits.
__global__ void __launch_bounds__(512) lb512(float *p) { extern __shared__ float s[]; s[threadIdx.x] = threadIdx.x; __syncthreads(); if (p) p[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x]; }
__global__ void plain(float *p) { extern __shared__ float s[]; s[threadIdx.x] = threadIdx.x; __syncthreads(); if (p) p[threadIdx.x] = s[0]; }
static size_t perThread8(int b) { return (size_t)b * 8; }
static size_t steps(int b) { return b <= 128 ? 40000 : b <= 512 ? 20000 : 1000; }
static size_t huge(int) { return 300000; }
struct Functor { size_t k; size_t operator()(int b) const { return k * b; } };
int main() {
    int minGrid = -1, block = -1;
    R(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, plain, 0, 0)); printf("plain: block %d minGrid>0 %d\n", block, minGrid > 0);
    R(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, lb512, 0, 0)); printf("lb512: block %d\n", block);
    R(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, plain, 0, 200)); printf("plain limit 200: block %d\n", block);
    R(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, plain, 100000, 0)); printf("plain 100000 smem: block %d\n", block);
    R(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&minGrid, &block, plain, perThread8, 0)); printf("perThread8: block %d\n", block);
    R(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&minGrid, &block, plain, steps, 0)); printf("steps: block %d\n", block);
    R(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&minGrid, &block, plain, Functor{24}, 0)); printf("functor 24: block %d\n", block);
    R(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&minGrid, &block, lb512, Functor{100}, 0)); printf("lb512 functor 100: block %d\n", block);
    minGrid = -1; block = -1;
    cudaError_t e = cudaOccupancyMaxPotentialBlockSizeVariableSMem(&minGrid, &block, plain, huge, 0); cudaGetLastError();
    printf("huge: %s block %d minGrid %d\n", cudaGetErrorName(e), block, minGrid);
    R(cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(&minGrid, &block, plain, perThread8, 0, cudaOccupancyDisableCachingOverride)); printf("flags: block %d\n", block);
    R(cudaOccupancyMaxPotentialBlockSizeWithFlags(&minGrid, &block, plain, 0, 0, 5));
    int nb = -1;
    int sizes[] = {32, 64, 96, 100, 256, 512, 513, 1024};
    for (int b : sizes) {
        int n1 = -1, n2 = -1;
        cudaError_t e1 = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n1, plain, b, b * 8); cudaGetLastError();
        cudaError_t e2 = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n2, lb512, b, b * 8); cudaGetLastError();
        printf("block %4d smem %5d: plain %s %d | lb512 %s %d\n", b, b * 8, cudaGetErrorName(e1), n1, cudaGetErrorName(e2), n2);
    }
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, plain, 0, 0)); printf("block 0: %d\n", nb);
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, plain, 1025, 0));
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&nb, plain, 128, 0, 2));
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&nb, plain, 128, 0, cudaOccupancyDisableCachingOverride)); printf("with flag: %d\n", nb);
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, plain, 128, 0));
    R(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, (const void *)main, 128, 0));
    return 0;
}
