/* saxpy: y = a*x + y in place (BLAS level 1); each repetition starts from the same y. */
#include "kit.h"
#define SAXPY_N (1 << 24)
#define SAXPY_A 1.7f
#define SAXPY_LAUNCHES 12 /* per repetition, each on the previous y */
/* Fused or unfused multiply-add per element: a few ulps from the serial result. */
static kit_check saxpy_check(const float *x, const float *y0, const float *y) {
    float *want = (float *)kit_alloc(SAXPY_N * sizeof(float));
    for (int i = 0; i < SAXPY_N; i++) {
        want[i] = y0[i];
        for (int l = 0; l < SAXPY_LAUNCHES; l++) want[i] = SAXPY_A * x[i] + want[i];
    }
    kit_check k = kit_check_floats(y, want, SAXPY_N, 1e-5, 1e-5);
    free(want);
    return k;
}
