/* CSR, one warp per row (128-thread blocks): lanes stride the row, then a shuffle reduction. */
#include "spmv.h"
#define THREADS 128
__global__ void spmv_vector(const int *start, const int *col, const float *val, const float *x, float *y, int rows) {
    int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
    if (r < rows) {
        float s = 0.0f;
        for (int e = start[r] + lane; e < start[r + 1]; e += 32) s += val[e] * x[col[e]];
        for (int offset = 16; offset > 0; offset >>= 1) s += __shfl_down_sync(0xffffffffu, s, offset);
        if (lane == 0) y[r] = s;
    }
}
int main(void) {
    spmv_matrix m = spmv_inputs();
    int *dstart = kit_device_copy(m.start, SPMV_ROWS + 1), *dcol = kit_device_copy(m.col, m.nnz);
    float *dval = kit_device_copy(m.val, m.nnz), *dx = kit_device_copy(m.x, SPMV_ROWS), *dy = kit_device_copy<float>(0, SPMV_ROWS);
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < SPMV_LAUNCHES; l++) spmv_vector<<<SPMV_ROWS * 32 / THREADS, THREADS>>>(dstart, dcol, dval, dx, dy, SPMV_ROWS));
    float *y = (float *)kit_alloc(SPMV_ROWS * sizeof(float));
    kit_host_copy(y, dy, SPMV_ROWS);
    return kit_report("spmv_vector", "cuda", "128", &t, spmv_check(m, y));
}
