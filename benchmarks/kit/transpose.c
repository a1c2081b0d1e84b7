/* Cache-blocked transpose: 32x32 tiles among threads, each tile written row by row (contiguous
 * stores, strided loads: the faster order here). */
#include "transpose.h"
#define TILE 32
static void transpose(const float *restrict in, float *restrict out, int n) {
#pragma omp parallel for collapse(2) schedule(static)
    for (int bx = 0; bx < n; bx += TILE)
        for (int by = 0; by < n; by += TILE)
            for (int x = bx; x < bx + TILE; x++)
                for (int y = by; y < by + TILE; y++) out[(size_t)x * n + y] = in[(size_t)y * n + x];
}
int main(void) {
    size_t n = (size_t)TR_N * TR_N;
    float *in = kit_floats(n, 13, -1.0f, 1.0f);
    float *out = (float *)kit_alloc(n * sizeof(float));
    memset(out, 0, n * sizeof(float));
    kit_times t;
    KIT_TIME_OMP(t, , for (int l = 0; l < TR_LAUNCHES; l++) transpose(in, out, TR_N));
    return kit_report("transpose", "openmp", "32x8", &t, tr_check(in, out));
}
