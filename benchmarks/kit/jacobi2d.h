/* 5-point Jacobi sweeps on an N x N grid with fixed boundary, ping-pong between two buffers:
 * shared by jacobi2d (global loads only) and jacobi2d_shared (shared-memory tile with halo). */
#include "kit.h"
#define J2_N 2048
#define J2_SWEEPS 20 /* per repetition; even, so the result ends in the first buffer */
static float *j2_inputs(void) { return kit_floats((size_t)J2_N * J2_N, 9, 0.0f, 1.0f); }
/* Each point is 0.25f * (((up + down) + left) + right) on every side: exact. */
static kit_check j2_check(const float *grid0, const float *got) {
    size_t n = (size_t)J2_N * J2_N;
    float *a = (float *)kit_alloc(n * sizeof(float)), *b = (float *)kit_alloc(n * sizeof(float));
    memcpy(a, grid0, n * sizeof(float));
    memcpy(b, grid0, n * sizeof(float));
    for (int s = 0; s < J2_SWEEPS; s++) {
        for (int y = 1; y < J2_N - 1; y++)
            for (int x = 1; x < J2_N - 1; x++)
                b[y * J2_N + x] = 0.25f * (((a[(y - 1) * J2_N + x] + a[(y + 1) * J2_N + x]) + a[y * J2_N + x - 1]) + a[y * J2_N + x + 1]);
        float *t = a;
        a = b;
        b = t;
    }
    kit_check c = kit_check_floats(got, a, n, 0.0, 0.0);
    free(a);
    free(b);
    return c;
}
