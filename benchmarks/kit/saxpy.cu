#include "saxpy.h"
__global__ void saxpy(int n, float a, const float *x, float *y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
int main(void) {
    float *x = kit_floats(SAXPY_N, 3, -1.0f, 1.0f), *y0 = kit_floats(SAXPY_N, 4, -1.0f, 1.0f);
    float *dx = kit_device_copy(x, SAXPY_N), *dy0 = kit_device_copy(y0, SAXPY_N), *dy = kit_device_copy(y0, SAXPY_N);
    kit_times t;
    KIT_TIME_CUDA(t, KIT_CUDA(cudaMemcpy(dy, dy0, SAXPY_N * sizeof(float), cudaMemcpyDeviceToDevice)),
                  for (int l = 0; l < SAXPY_LAUNCHES; l++) saxpy<<<(SAXPY_N + 511) / 512, 512>>>(SAXPY_N, SAXPY_A, dx, dy));
    float *y = (float *)kit_alloc(SAXPY_N * sizeof(float));
    kit_host_copy(y, dy, SAXPY_N);
    return kit_report("saxpy", "cuda", "512", &t, saxpy_check(x, y0, y));
}
