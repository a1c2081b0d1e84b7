#include "saxpy.h"
static void saxpy(int n, float a, const float *restrict x, float *restrict y) {
#pragma omp parallel for simd schedule(static)
    for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
}
int main(void) {
    float *x = kit_floats(SAXPY_N, 3, -1.0f, 1.0f), *y0 = kit_floats(SAXPY_N, 4, -1.0f, 1.0f);
    float *y = (float *)kit_alloc(SAXPY_N * sizeof(float));
    kit_times t;
    KIT_TIME_OMP(t, memcpy(y, y0, SAXPY_N * sizeof(float)), for (int l = 0; l < SAXPY_LAUNCHES; l++) saxpy(SAXPY_N, SAXPY_A, x, y));
    return kit_report("saxpy", "openmp", "512", &t, saxpy_check(x, y0, y));
}
