/* OpenMP twin of jacobi2d and jacobi2d_shared: rows split among threads, the row loop in simd. */
#include "jacobi2d.h"
#ifndef J2_NAME
#define J2_NAME "jacobi2d"
#endif
static void jacobi(const float *restrict in, float *restrict out, int n) {
#pragma omp parallel for schedule(static)
    for (int y = 1; y < n - 1; y++)
#pragma omp simd
        for (int x = 1; x < n - 1; x++)
            out[y * n + x] = 0.25f * (((in[(y - 1) * n + x] + in[(y + 1) * n + x]) + in[y * n + x - 1]) + in[y * n + x + 1]);
}
int main(void) {
    size_t n = (size_t)J2_N * J2_N;
    float *grid0 = j2_inputs();
    float *a = (float *)kit_alloc(n * sizeof(float)), *b = (float *)kit_alloc(n * sizeof(float));
    kit_times t;
    KIT_TIME_OMP(t, (memcpy(a, grid0, n * 4), memcpy(b, grid0, n * 4)),
                 for (int s = 0; s < J2_SWEEPS; s += 2) {
                     jacobi(a, b, J2_N);
                     jacobi(b, a, J2_N);
                 });
    return kit_report(J2_NAME, "openmp", "16x16", &t, j2_check(grid0, a));
}
