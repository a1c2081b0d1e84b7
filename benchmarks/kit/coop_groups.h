/* y = x / |x| for n floats (Euclidean norm). */
#include "kit.h"
#define CG_N (1 << 24)
#define CG_LAUNCHES 3 /* per repetition */
/* The norm is a float sum of 2^24 squares in some order (one long simd-lane chain in the OpenMP
 * twin at one thread): 1e-3 relative per element. */
static kit_check cg_check(const float *x, const float *y) {
    double s = 0;
    for (int i = 0; i < CG_N; i++) s += (double)x[i] * x[i];
    double inv = 1.0 / sqrt(s);
    float *want = (float *)kit_alloc(CG_N * sizeof(float));
    for (int i = 0; i < CG_N; i++) want[i] = (float)(x[i] * inv);
    kit_check c = kit_check_floats(y, want, CG_N, 1e-3, 1e-9);
    free(want);
    return c;
}
