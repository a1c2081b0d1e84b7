/* vector_add: c[i] = a[i] + b[i], one element per thread (the guide's first kernel). */
#include "kit.h"
#define VA_N (1 << 24)
#define VA_LAUNCHES 10 /* per repetition */
static void va_inputs(float **a, float **b) {
    *a = kit_floats(VA_N, 1, -1.0f, 1.0f);
    *b = kit_floats(VA_N, 2, -1.0f, 1.0f);
}
/* Exact: one rounding on both sides. */
static kit_check va_check(const float *a, const float *b, const float *c) {
    float *want = (float *)kit_alloc(VA_N * sizeof(float));
    for (int i = 0; i < VA_N; i++) want[i] = a[i] + b[i];
    kit_check k = kit_check_floats(c, want, VA_N, 0.0, 0.0);
    free(want);
    return k;
}
