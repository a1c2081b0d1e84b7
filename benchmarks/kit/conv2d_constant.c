/* Rows among threads, the row in simd, the 25 taps unrolled by the compiler. */
#include "conv2d_constant.h"
static void conv2d(const float *restrict in, const float *restrict w, float *restrict out) {
#pragma omp parallel for schedule(static)
    for (int y = C2_R; y < C2_W - C2_R; y++)
#pragma omp simd
        for (int x = C2_R; x < C2_W - C2_R; x++) {
            float s = 0.0f;
            for (int dy = -C2_R; dy <= C2_R; dy++)
                for (int dx = -C2_R; dx <= C2_R; dx++) s += w[(dy + C2_R) * C2_K + dx + C2_R] * in[(y + dy) * C2_W + x + dx];
            out[y * C2_W + x] = s;
        }
}
int main(void) {
    size_t n = (size_t)C2_W * C2_W;
    float *in = kit_floats(n, 37, 0.0f, 1.0f), *w = kit_floats(C2_K * C2_K, 38, -0.1f, 0.1f);
    float *out = (float *)kit_alloc(n * sizeof(float));
    memset(out, 0, n * sizeof(float));
    kit_times t;
    KIT_TIME_OMP(t, , for (int l = 0; l < C2_LAUNCHES; l++) conv2d(in, w, out));
    return kit_report("conv2d_constant", "openmp", "32x4", &t, c2_check(in, w, out));
}
