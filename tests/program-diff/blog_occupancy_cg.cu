// flags: -O2 -std=c++17 -arch=sm_90
// NVIDIA blog "CUDA Pro Tip: Occupancy API" (cudaOccupancyMaxPotentialBlockSize, MaxActiveBlocks
// and occupancy = active warps / max warps), and "Cooperative Groups: Flexible CUDA Thread
// Programming" (thread_block, tiled_partition, thread_block_tile<32> reduce with shfl_down,
// coalesced_threads atomics, cg::reduce, this_grid().sync() via cudaLaunchCooperativeKernel).
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void MyKernel(int *array, int arrayCount) {
    int idx = threadIdx.x + blockIdx.x * blockDim.x;
    if (idx < arrayCount) array[idx] *= array[idx];
}
__global__ void __launch_bounds__(256, 4) bounded(float *p) { p[threadIdx.x] = 1.0f; }
__global__ void heavyShared(float *p) {
    __shared__ float s[12 * 1024];
    s[threadIdx.x] = p[threadIdx.x];
    __syncthreads();
    p[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}

__device__ int reduce_sum(cg::thread_group g, int *temp, int val) {
    int lane = g.thread_rank();
    for (int i = g.size() / 2; i > 0; i /= 2) {
        temp[lane] = val;
        g.sync();
        if (lane < i) val += temp[lane + i];
        g.sync();
    }
    return val;
}
__device__ int thread_sum(const int *input, int n) {
    int sum = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += blockDim.x * gridDim.x) {
        int4 in = ((const int4 *)input)[i];
        sum += in.x + in.y + in.z + in.w;
    }
    return sum;
}
__global__ void sum_kernel_block(int *sum, const int *input, int n) {
    int my_sum = thread_sum(input, n);
    extern __shared__ int temp[];
    auto g = cg::this_thread_block();
    int block_sum = reduce_sum(g, temp, my_sum);
    if (g.thread_rank() == 0) atomicAdd(sum, block_sum);
}
template <int tile_sz>
__device__ int reduce_sum_tile_shfl(cg::thread_block_tile<tile_sz> g, int val) {
    for (int i = g.size() / 2; i > 0; i /= 2) val += g.shfl_down(val, i);
    return val;
}
template <int tile_sz>
__global__ void sum_kernel_tile_shfl(int *sum, const int *input, int n) {
    int my_sum = thread_sum(input, n);
    auto tile = cg::tiled_partition<tile_sz>(cg::this_thread_block());
    int tile_sum = reduce_sum_tile_shfl<tile_sz>(tile, my_sum);
    if (tile.thread_rank() == 0) atomicAdd(sum, tile_sum);
}
__global__ void sum_cg_reduce(int *sum, const int *input, int n) {
    int my_sum = thread_sum(input, n);
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    int s = cg::reduce(tile, my_sum, cg::plus<int>());
    if (tile.thread_rank() == 0) atomicAdd(sum, s);
}
__device__ int atomicAggInc(int *ctr) {
    auto g = cg::coalesced_threads();
    int warp_res;
    if (g.thread_rank() == 0) warp_res = atomicAdd(ctr, g.size());
    return g.shfl(warp_res, 0) + g.thread_rank();
}
__global__ void filter_k(int *dst, int *nres, const int *src, int n) {
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    if (i < n && src[i] > 0) dst[atomicAggInc(nres)] = src[i];
}
__global__ void grid_two_phase(int *data, int *out, int n) {
    cg::grid_group grid = cg::this_grid();
    for (int i = grid.thread_rank(); i < n; i += grid.size()) data[i] = i % 10;
    grid.sync();
    int s = 0;
    for (int i = grid.thread_rank(); i < n; i += grid.size()) s += data[n - 1 - i];
    atomicAdd(out, s);
    grid.sync();
    if (grid.thread_rank() == 0) out[1] = out[0] * 2 + (int)grid.num_blocks();
}

int main() {
    int blockSize, minGridSize;
    cudaError_t e = cudaOccupancyMaxPotentialBlockSize(&minGridSize, &blockSize, MyKernel, 0, 0);
    { cudaDeviceProp p0; cudaGetDeviceProperties(&p0, 0); printf("MaxPotentialBlockSize: %s blockSize %d minGridSize per SM %d\n", cudaGetErrorName(e), blockSize, minGridSize / p0.multiProcessorCount); }
    int numBlocks;
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    for (int bs : {32, 64, 100, 128, 256, 512, 1000, 1024}) {
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, MyKernel, bs, 0);
        int activeWarps = numBlocks * ((bs + prop.warpSize - 1) / prop.warpSize);
        int maxWarps = prop.maxThreadsPerMultiProcessor / prop.warpSize;
        printf("MyKernel block %4d: %2d blocks/SM, occupancy %.1f%%\n", bs, numBlocks, (double)activeWarps / maxWarps * 100);
    }
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, bounded, 256, 0);
    printf("bounded(256,4) 256 threads: %d blocks/SM\n", numBlocks);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, heavyShared, 128, 0);
    printf("48 KiB static shared, 128 threads: %d blocks/SM\n", numBlocks);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, sum_kernel_block, 256, 20000);
    printf("20000 B dynamic shared: %d blocks/SM\n", numBlocks);
    e = cudaOccupancyMaxPotentialBlockSize(&minGridSize, &blockSize, heavyShared, 0, 256);
    printf("heavyShared limit 256: %s blockSize %d\n", cudaGetErrorName(e), blockSize);
    size_t dynSmem = 0;
    e = cudaOccupancyAvailableDynamicSMemPerBlock(&dynSmem, MyKernel, 2, 1024);
    printf("available dynamic smem (2 blocks of 1024): %s %zu\n", cudaGetErrorName(e), dynSmem);

    const int n = 1 << 16;
    int *data, *sum;
    cudaMallocManaged(&data, n * sizeof(int));
    cudaMallocManaged(&sum, 2 * sizeof(int));
    for (int i = 0; i < n; ++i) data[i] = (i % 7) - 3 + (i % 3);
    long long want = 0;
    for (int i = 0; i < n; ++i) want += data[i];
    int nb = (n + 255) / 256;
    *sum = 0;
    sum_kernel_block<<<nb, 256, 256 * sizeof(int)>>>(sum, data, n);
    cudaDeviceSynchronize();
    printf("block reduce %d want %lld\n", *sum, want);
    *sum = 0;
    sum_kernel_tile_shfl<32><<<nb, 256>>>(sum, data, n);
    cudaDeviceSynchronize();
    printf("tile<32> shfl %d\n", *sum);
    *sum = 0;
    sum_kernel_tile_shfl<8><<<nb / 4, 128>>>(sum, data, n);
    cudaDeviceSynchronize();
    printf("tile<8> shfl %d\n", *sum);
    *sum = 0;
    sum_cg_reduce<<<nb, 256>>>(sum, data, n);
    cudaDeviceSynchronize();
    printf("cg::reduce tile<16> %d\n", *sum);
    int *dst, *nres;
    cudaMallocManaged(&dst, n * sizeof(int));
    cudaMallocManaged(&nres, sizeof(int));
    *nres = 0;
    filter_k<<<nb, 256>>>(dst, nres, data, n);
    cudaDeviceSynchronize();
    long long fs = 0;
    int wantCount = 0;
    for (int i = 0; i < *nres; ++i) fs += dst[i];
    for (int i = 0; i < n; ++i) wantCount += data[i] > 0;
    printf("filter: %d positives (want %d), sum %lld\n", *nres, wantCount, fs);
    int supports = 0;
    cudaDeviceGetAttribute(&supports, cudaDevAttrCooperativeLaunch, 0);
    int perSM = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, grid_two_phase, 128, 0);
    int gridBlocks = perSM * prop.multiProcessorCount;
    sum[0] = sum[1] = 0;
    int nn = n;
    void *args[] = {&data, &sum, &nn};
    e = cudaLaunchCooperativeKernel((void *)grid_two_phase, gridBlocks, 128, args, 0, 0);
    cudaError_t s = cudaDeviceSynchronize();
    printf("cooperative (supported %d): %s %s sum %d out1-2*sum == blocks %d\n", supports, cudaGetErrorName(e), cudaGetErrorName(s), sum[0], sum[1] - 2 * sum[0] == gridBlocks);
    e = cudaLaunchCooperativeKernel((void *)grid_two_phase, gridBlocks + prop.multiProcessorCount, 128, args, 0, 0);
    printf("too many blocks: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    cudaFree(data); cudaFree(sum); cudaFree(dst); cudaFree(nres);
    return 0;
}
