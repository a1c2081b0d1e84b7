/* A reduction, then a scaling loop. */
#include "coop_groups.h"
static void normalize(const float *restrict x, float *restrict y, int n) {
    float s = 0.0f;
#pragma omp parallel for simd reduction(+ : s) schedule(static)
    for (int i = 0; i < n; i++) s += x[i] * x[i];
    float inv = 1.0f / sqrtf(s);
#pragma omp parallel for simd schedule(static)
    for (int i = 0; i < n; i++) y[i] = x[i] * inv;
}
int main(void) {
    float *x = kit_floats(CG_N, 36, -1.0f, 1.0f), *y = (float *)kit_alloc(CG_N * sizeof(float));
    kit_times t;
    KIT_TIME_OMP(t, , for (int l = 0; l < CG_LAUNCHES; l++) normalize(x, y, CG_N));
    return kit_report("coop_groups", "openmp", "256", &t, cg_check(x, y));
}
