#include "grid_stride.h"
static void polynomial(const float *coef, const float *restrict x, float *restrict y, int n) {
#pragma omp parallel for simd schedule(static)
    for (int i = 0; i < n; i++) {
        float v = x[i], p = coef[GS_DEGREE];
        for (int k = GS_DEGREE - 1; k >= 0; k--) p = p * v + coef[k];
        y[i] = p;
    }
}
int main(void) {
    float c[GS_DEGREE + 1];
    for (int k = 0; k <= GS_DEGREE; k++) c[k] = gs_coef(k);
    float *x = kit_floats(GS_N, 5, -1.0f, 1.0f);
    float *y = (float *)kit_alloc(GS_N * sizeof(float));
    kit_times t;
    KIT_TIME_OMP(t, , for (int l = 0; l < GS_LAUNCHES; l++) polynomial(c, x, y, GS_N));
    return kit_report("grid_stride", "openmp", "1024", &t, gs_check(x, y));
}
