/* One generator per thread (128-thread blocks); a shared-memory sum per block, the blocks' sums
 * added on the host. */
#include "monte_carlo.h"
#define THREADS 128
__global__ void monte_carlo(float *block_sums) {
    __shared__ float s[THREADS];
    s[threadIdx.x] = mc_payoffs(blockIdx.x * blockDim.x + threadIdx.x);
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) block_sums[blockIdx.x] = s[0];
}
int main(void) {
    int blocks = MC_PATHS / THREADS;
    float *dsums = kit_device_copy<float>(0, blocks);
    kit_times t;
    KIT_TIME_CUDA(t, , (monte_carlo<<<blocks, THREADS>>>(dsums)));
    float *sums = (float *)kit_alloc(blocks * sizeof(float));
    kit_host_copy(sums, dsums, blocks);
    double total = 0;
    for (int b = 0; b < blocks; b++) total += sums[b];
    return kit_report("monte_carlo", "cuda", "128", &t, mc_check(total));
}
