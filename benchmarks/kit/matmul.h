/* C = A * B for N x N floats: shared by matmul_tiled (16x16 shared-memory tiles) and matmul_naive
 * (32x32 blocks, one output per thread, operands from global memory). */
#include "kit.h"
#define MM_N 768
#define MM_CHECK_EVERY 8 /* rows checked against the double-precision product */
static void mm_inputs(float **a, float **b) {
    *a = kit_floats((size_t)MM_N * MM_N, 11, -1.0f, 1.0f);
    *b = kit_floats((size_t)MM_N * MM_N, 12, -1.0f, 1.0f);
}
/* Float sums of 768 products (|a|, |b| < 1) against double: 1e-3 absolute. */
static kit_check mm_check(const float *a, const float *b, const float *c) {
    kit_check k = {1, 0.0};
    double *row = (double *)kit_alloc(MM_N * sizeof(double));
    float *want = (float *)kit_alloc(MM_N * sizeof(float));
    for (int i = 0; i < MM_N; i += MM_CHECK_EVERY) {
        for (int j = 0; j < MM_N; j++) row[j] = 0;
        for (int kk = 0; kk < MM_N; kk++)
            for (int j = 0; j < MM_N; j++) row[j] += (double)a[i * MM_N + kk] * b[kk * MM_N + j];
        for (int j = 0; j < MM_N; j++) want[j] = (float)row[j];
        k = kit_check_both(k, kit_check_floats(c + (size_t)i * MM_N, want, MM_N, 1e-4, 1e-3));
    }
    free(row);
    free(want);
    return k;
}
