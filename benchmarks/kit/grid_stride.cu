#include "grid_stride.h"
__constant__ float coef[GS_DEGREE + 1];
__global__ void polynomial(const float *x, float *y, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float v = x[i], p = coef[GS_DEGREE];
        for (int k = GS_DEGREE - 1; k >= 0; k--) p = p * v + coef[k];
        y[i] = p;
    }
}
int main(void) {
    float c[GS_DEGREE + 1];
    for (int k = 0; k <= GS_DEGREE; k++) c[k] = gs_coef(k);
    KIT_CUDA(cudaMemcpyToSymbol(coef, c, sizeof c));
    float *x = kit_floats(GS_N, 5, -1.0f, 1.0f);
    float *dx = kit_device_copy(x, GS_N), *dy = kit_device_copy<float>(0, GS_N);
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < GS_LAUNCHES; l++) polynomial<<<GS_BLOCKS, GS_THREADS>>>(dx, dy, GS_N));
    float *y = (float *)kit_alloc(GS_N * sizeof(float));
    kit_host_copy(y, dy, GS_N);
    return kit_report("grid_stride", "cuda", "1024", &t, gs_check(x, y));
}
