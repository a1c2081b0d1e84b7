/* CSR, one row per thread (256-thread blocks). */
#include "spmv.h"
__global__ void spmv_scalar(const int *start, const int *col, const float *val, const float *x, float *y, int rows) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows) {
        float s = 0.0f;
        for (int e = start[r]; e < start[r + 1]; e++) s += val[e] * x[col[e]];
        y[r] = s;
    }
}
int main(void) {
    spmv_matrix m = spmv_inputs();
    int *dstart = kit_device_copy(m.start, SPMV_ROWS + 1), *dcol = kit_device_copy(m.col, m.nnz);
    float *dval = kit_device_copy(m.val, m.nnz), *dx = kit_device_copy(m.x, SPMV_ROWS), *dy = kit_device_copy<float>(0, SPMV_ROWS);
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < SPMV_LAUNCHES; l++) spmv_scalar<<<SPMV_ROWS / 256, 256>>>(dstart, dcol, dval, dx, dy, SPMV_ROWS));
    float *y = (float *)kit_alloc(SPMV_ROWS * sizeof(float));
    kit_host_copy(y, dy, SPMV_ROWS);
    return kit_report("spmv_scalar", "cuda", "256", &t, spmv_check(m, y));
}
