/* One output per thread in 32x32 blocks (1024 threads), A and B read from global memory. */
#include "matmul.h"
__global__ void matmul_naive(const float *a, const float *b, float *c, int n) {
    int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
    float sum = 0.0f;
    for (int k = 0; k < n; k++) sum += a[row * n + k] * b[k * n + col];
    c[row * n + col] = sum;
}
int main(void) {
    size_t n = (size_t)MM_N * MM_N;
    float *a, *b;
    mm_inputs(&a, &b);
    float *da = kit_device_copy(a, n), *db = kit_device_copy(b, n), *dc = kit_device_copy<float>(0, n);
    kit_times t;
    KIT_TIME_CUDA(t, , (matmul_naive<<<dim3(MM_N / 32, MM_N / 32), dim3(32, 32)>>>(da, db, dc, MM_N)));
    float *c = (float *)kit_alloc(n * sizeof(float));
    kit_host_copy(c, dc, n);
    return kit_report("matmul_naive", "cuda", "32x32", &t, mm_check(a, b, c));
}
