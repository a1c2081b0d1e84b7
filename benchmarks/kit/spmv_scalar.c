/* OpenMP twin of spmv_scalar and spmv_vector: rows among threads, each row a simd reduction. */
#include "spmv.h"
#ifndef SPMV_NAME
#define SPMV_NAME "spmv_scalar"
#define SPMV_BLOCK "256"
#endif
static void spmv(const int *restrict start, const int *restrict col, const float *restrict val, const float *restrict x,
                 float *restrict y, int rows) {
#pragma omp parallel for schedule(static)
    for (int r = 0; r < rows; r++) {
        float s = 0.0f;
#pragma omp simd reduction(+ : s)
        for (int e = start[r]; e < start[r + 1]; e++) s += val[e] * x[col[e]];
        y[r] = s;
    }
}
int main(void) {
    spmv_matrix m = spmv_inputs();
    float *y = (float *)kit_alloc(SPMV_ROWS * sizeof(float));
    kit_times t;
    KIT_TIME_OMP(t, , for (int l = 0; l < SPMV_LAUNCHES; l++) spmv(m.start, m.col, m.val, m.x, y, SPMV_ROWS));
    return kit_report(SPMV_NAME, "openmp", SPMV_BLOCK, &t, spmv_check(m, y));
}
