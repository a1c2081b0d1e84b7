/* 5x5 convolution of a W x W image (interior points; the 2-point border stays 0). */
#include "kit.h"
#define C2_W 3072
#define C2_R 2
#define C2_K (2 * C2_R + 1)
#define C2_LAUNCHES 3 /* per repetition */
/* 25 products in the same order, fused or not: 1e-5. */
static kit_check c2_check(const float *in, const float *w, const float *out) {
    float *want = (float *)kit_alloc((size_t)C2_W * C2_W * sizeof(float));
    memset(want, 0, (size_t)C2_W * C2_W * sizeof(float));
    for (int y = C2_R; y < C2_W - C2_R; y++)
        for (int x = C2_R; x < C2_W - C2_R; x++) {
            double s = 0;
            for (int dy = -C2_R; dy <= C2_R; dy++)
                for (int dx = -C2_R; dx <= C2_R; dx++) s += (double)w[(dy + C2_R) * C2_K + dx + C2_R] * in[(y + dy) * C2_W + x + dx];
            want[y * C2_W + x] = (float)s;
        }
    kit_check c = kit_check_floats(out, want, (size_t)C2_W * C2_W, 1e-5, 1e-5);
    free(want);
    return c;
}
