/* The filter in __constant__ memory (every thread of a warp reads the same tap: a broadcast), one
 * output per thread in 32x4 blocks. */
#include "conv2d_constant.h"
__constant__ float filter[C2_K * C2_K];
__global__ void conv2d(const float *in, float *out) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < C2_R || x >= C2_W - C2_R || y < C2_R || y >= C2_W - C2_R) return;
    float s = 0.0f;
    for (int dy = -C2_R; dy <= C2_R; dy++)
        for (int dx = -C2_R; dx <= C2_R; dx++) s += filter[(dy + C2_R) * C2_K + dx + C2_R] * in[(y + dy) * C2_W + x + dx];
    out[y * C2_W + x] = s;
}
int main(void) {
    size_t n = (size_t)C2_W * C2_W;
    float *in = kit_floats(n, 37, 0.0f, 1.0f), *w = kit_floats(C2_K * C2_K, 38, -0.1f, 0.1f);
    KIT_CUDA(cudaMemcpyToSymbol(filter, w, C2_K * C2_K * sizeof(float)));
    float *din = kit_device_copy(in, n), *dout = kit_device_copy<float>(0, n);
    KIT_CUDA(cudaMemset(dout, 0, n * sizeof(float)));
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < C2_LAUNCHES; l++) conv2d<<<dim3(C2_W / 32, C2_W / 4), dim3(32, 4)>>>(din, dout));
    float *out = (float *)kit_alloc(n * sizeof(float));
    kit_host_copy(out, dout, n);
    return kit_report("conv2d_constant", "cuda", "32x4", &t, c2_check(in, w, out));
}
