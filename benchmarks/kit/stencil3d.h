/* 7-point stencil sweeps on an N^3 grid with fixed boundary, ping-pong between two buffers: shared
 * by stencil3d (3D blocks of 32x4x2, global loads) and stencil3d_shared (8x8x8 blocks, 10^3 tile). */
#include "kit.h"
#define S3_N 256
#define S3_SWEEPS 4 /* per repetition; even */
#define S3_C0 0.4f
#define S3_C1 0.1f
#define S3_AT(x, y, z) ((size_t)(z) * S3_N * S3_N + (size_t)(y) * S3_N + (x))
static float *s3_inputs(void) { return kit_floats((size_t)S3_N * S3_N * S3_N, 10, 0.0f, 1.0f); }
/* C0 * centre + C1 * (sum of the six neighbours in a fixed order); fused or not: 1e-5. */
static kit_check s3_check(const float *grid0, const float *got) {
    size_t n = (size_t)S3_N * S3_N * S3_N;
    float *a = (float *)kit_alloc(n * sizeof(float)), *b = (float *)kit_alloc(n * sizeof(float));
    memcpy(a, grid0, n * sizeof(float));
    memcpy(b, grid0, n * sizeof(float));
    for (int s = 0; s < S3_SWEEPS; s++) {
        for (int z = 1; z < S3_N - 1; z++)
            for (int y = 1; y < S3_N - 1; y++)
                for (int x = 1; x < S3_N - 1; x++)
                    b[S3_AT(x, y, z)] = S3_C0 * a[S3_AT(x, y, z)] +
                                        S3_C1 * (((((a[S3_AT(x - 1, y, z)] + a[S3_AT(x + 1, y, z)]) + a[S3_AT(x, y - 1, z)]) +
                                                   a[S3_AT(x, y + 1, z)]) + a[S3_AT(x, y, z - 1)]) + a[S3_AT(x, y, z + 1)]);
        float *t = a;
        a = b;
        b = t;
    }
    kit_check c = kit_check_floats(got, a, n, 1e-5, 1e-6);
    free(a);
    free(b);
    return c;
}
