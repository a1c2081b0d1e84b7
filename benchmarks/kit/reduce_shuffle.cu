/* Grid-stride accumulation per thread, __shfl_down_sync within each warp, the warps' sums through
 * shared memory, one atomicAdd per block. */
#include "reduce_tree.h"
#define THREADS 128
#define BLOCKS 1024
__device__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}
__global__ void reduce_shuffle(const float *in, float *out, int n) {
    __shared__ float warps[THREADS / 32];
    float v = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += in[i];
    v = warp_sum(v);
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    if (lane == 0) warps[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < THREADS / 32 ? warps[lane] : 0.0f;
        v = warp_sum(v);
        if (lane == 0) atomicAdd(out, v);
    }
}
int main(void) {
    float *x = red_inputs();
    float *dx = kit_device_copy(x, RED_N), *dsum = kit_device_copy<float>(0, 1);
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < RED_LAUNCHES; l++) {
        cudaMemsetAsync(dsum, 0, sizeof(float));
        reduce_shuffle<<<BLOCKS, THREADS>>>(dx, dsum, RED_N);
    });
    float sum;
    kit_host_copy(&sum, dsum, 1);
    return kit_report("reduce_shuffle", "cuda", "128", &t, red_check(x, sum));
}
