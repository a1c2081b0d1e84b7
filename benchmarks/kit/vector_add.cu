#include "vector_add.h"
__global__ void vector_add(const float *a, const float *b, float *c, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
int main(void) {
    float *a, *b;
    va_inputs(&a, &b);
    float *da = kit_device_copy(a, VA_N), *db = kit_device_copy(b, VA_N), *dc = kit_device_copy<float>(0, VA_N);
    char shape[32];
    unsigned threads = kit_block(dim3(256), shape).x; /* 1D: KIT_BLOCK's x */
    snprintf(shape, sizeof shape, "%u", threads);
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < VA_LAUNCHES; l++) vector_add<<<(VA_N + threads - 1) / threads, threads>>>(da, db, dc, VA_N));
    float *c = (float *)kit_alloc(VA_N * sizeof(float));
    kit_host_copy(c, dc, VA_N);
    return kit_report("vector_add", "cuda", shape, &t, va_check(a, b, c));
}
