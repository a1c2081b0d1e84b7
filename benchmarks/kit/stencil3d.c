/* OpenMP twin of stencil3d and stencil3d_shared: planes split among threads, rows in simd. */
#include "stencil3d.h"
#ifndef S3_NAME
#define S3_NAME "stencil3d"
#define S3_BLOCK "32x4x2"
#endif
static void stencil(const float *restrict a, float *restrict b) {
#pragma omp parallel for collapse(2) schedule(static)
    for (int z = 1; z < S3_N - 1; z++)
        for (int y = 1; y < S3_N - 1; y++)
#pragma omp simd
            for (int x = 1; x < S3_N - 1; x++)
                b[S3_AT(x, y, z)] = S3_C0 * a[S3_AT(x, y, z)] +
                                    S3_C1 * (((((a[S3_AT(x - 1, y, z)] + a[S3_AT(x + 1, y, z)]) + a[S3_AT(x, y - 1, z)]) +
                                               a[S3_AT(x, y + 1, z)]) + a[S3_AT(x, y, z - 1)]) + a[S3_AT(x, y, z + 1)]);
}
int main(void) {
    size_t n = (size_t)S3_N * S3_N * S3_N;
    float *grid0 = s3_inputs();
    float *a = (float *)kit_alloc(n * sizeof(float)), *b = (float *)kit_alloc(n * sizeof(float));
    kit_times t;
    KIT_TIME_OMP(t, (memcpy(a, grid0, n * 4), memcpy(b, grid0, n * 4)),
                 for (int s = 0; s < S3_SWEEPS; s += 2) {
                     stencil(a, b);
                     stencil(b, a);
                 });
    return kit_report(S3_NAME, "openmp", S3_BLOCK, &t, s3_check(grid0, a));
}
