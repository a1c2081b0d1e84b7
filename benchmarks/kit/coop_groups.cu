/* Cooperative groups: one cooperative launch (as many 256-thread blocks as can be co-resident)
 * sums squares with thread_block_tile<32> shuffles, meets at grid.sync(), then every block adds
 * the blocks' partial sums (in the same order) and scales its share of the vector. */
#include <cooperative_groups.h>
#include "coop_groups.h"
namespace cg = cooperative_groups;
#define THREADS 256
__global__ void normalize(const float *x, float *y, float *partials, int n) {
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    __shared__ float warp_sums[THREADS / 32];
    __shared__ float inv;
    float s = 0.0f;
    for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size()) s += x[i] * x[i];
    for (int offset = 16; offset > 0; offset >>= 1) s += tile.shfl_down(s, offset);
    if (tile.thread_rank() == 0) warp_sums[tile.meta_group_rank()] = s;
    block.sync();
    if (block.thread_rank() == 0) {
        float b = 0.0f;
        for (int w = 0; w < THREADS / 32; w++) b += warp_sums[w];
        partials[blockIdx.x] = b;
    }
    grid.sync();
    if (block.thread_rank() == 0) {
        float total = 0.0f;
        for (unsigned b = 0; b < gridDim.x; b++) total += partials[b];
        inv = 1.0f / sqrtf(total);
    }
    block.sync();
    for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size()) y[i] = x[i] * inv;
}
int main(void) {
    float *x = kit_floats(CG_N, 36, -1.0f, 1.0f);
    int per_sm = 0, device = 0;
    cudaDeviceProp prop;
    KIT_CUDA(cudaGetDevice(&device));
    KIT_CUDA(cudaGetDeviceProperties(&prop, device));
    KIT_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, normalize, THREADS, 0));
    int blocks = per_sm * prop.multiProcessorCount;
    if (blocks < 1) {
        fprintf(stderr, "kit: no co-resident block (occupancy %d, %d SMs)\n", per_sm, prop.multiProcessorCount);
        return 3;
    }
    float *dx = kit_device_copy(x, CG_N), *dy = kit_device_copy<float>(0, CG_N), *dpartials = kit_device_copy<float>(0, blocks);
    int n = CG_N;
    void *args[] = {&dx, &dy, &dpartials, &n};
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < CG_LAUNCHES; l++)
                          KIT_CUDA(cudaLaunchCooperativeKernel((void *)normalize, dim3(blocks), dim3(THREADS), args, 0, 0)));
    float *y = (float *)kit_alloc(CG_N * sizeof(float));
    kit_host_copy(y, dy, CG_N);
    return kit_report("coop_groups", "cuda", "256", &t, cg_check(x, y));
}
