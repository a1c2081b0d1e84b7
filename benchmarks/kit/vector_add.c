#include "vector_add.h"
static void vector_add(const float *restrict a, const float *restrict b, float *restrict c, int n) {
#pragma omp parallel for simd schedule(static)
    for (int i = 0; i < n; i++) c[i] = a[i] + b[i];
}
int main(void) {
    float *a, *b;
    va_inputs(&a, &b);
    float *c = (float *)kit_alloc(VA_N * sizeof(float));
    memset(c, 0, VA_N * sizeof(float));
    kit_times t;
    KIT_TIME_OMP(t, , for (int l = 0; l < VA_LAUNCHES; l++) vector_add(a, b, c, VA_N));
    return kit_report("vector_add", "openmp", "256", &t, va_check(a, b, c));
}
