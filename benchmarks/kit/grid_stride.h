/* grid_stride: y[i] = p(x[i]) for a degree-64 polynomial (Horner), a fixed grid striding over n. */
#include "kit.h"
#define GS_N (1 << 24)
#define GS_DEGREE 64
#define GS_BLOCKS 64
#define GS_THREADS 1024
#define GS_LAUNCHES 4 /* per repetition */
static float gs_coef(int k) { return 1.0f / (float)(k + 1) * ((k & 1) ? -1.0f : 1.0f); }
/* Horner in float, fused or not: compared against double with a small tolerance (|x| < 1). */
static kit_check gs_check(const float *x, const float *y) {
    float *want = (float *)kit_alloc(GS_N * sizeof(float));
    for (int i = 0; i < GS_N; i++) {
        double p = gs_coef(GS_DEGREE);
        for (int k = GS_DEGREE - 1; k >= 0; k--) p = p * x[i] + gs_coef(k);
        want[i] = (float)p;
    }
    kit_check c = kit_check_floats(y, want, GS_N, 1e-5, 1e-5);
    free(want);
    return c;
}
