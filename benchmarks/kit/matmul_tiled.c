/* OpenMP twin of matmul_tiled and matmul_naive: rows among threads, i-k-j order, j in simd. */
#include "matmul.h"
#ifndef MM_NAME
#define MM_NAME "matmul_tiled"
#define MM_BLOCK "16x16"
#endif
static void matmul(const float *restrict a, const float *restrict b, float *restrict c, int n) {
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; i++) {
        float *ci = c + (size_t)i * n;
        for (int j = 0; j < n; j++) ci[j] = 0.0f;
        for (int k = 0; k < n; k++) {
            float aik = a[(size_t)i * n + k];
            const float *bk = b + (size_t)k * n;
#pragma omp simd
            for (int j = 0; j < n; j++) ci[j] += aik * bk[j];
        }
    }
}
int main(void) {
    size_t n = (size_t)MM_N * MM_N;
    float *a, *b;
    mm_inputs(&a, &b);
    float *c = (float *)kit_alloc(n * sizeof(float));
    kit_times t;
    KIT_TIME_OMP(t, , matmul(a, b, c, MM_N));
    return kit_report(MM_NAME, "openmp", MM_BLOCK, &t, mm_check(a, b, c));
}
