#include "ldg_conv1d.h"
static void conv1d(const float *restrict in, const float *restrict w, float *restrict out, int n) {
#pragma omp parallel for simd schedule(static)
    for (int i = 0; i < n; i++) {
        float s = 0.0f;
        for (int k = 0; k < CONV_TAPS; k++) s += w[k] * in[i + k];
        out[i] = s;
    }
}
int main(void) {
    float *in = kit_floats(CONV_N + CONV_TAPS, 30, -1.0f, 1.0f), *w = kit_floats(CONV_TAPS, 31, 0.0f, 0.06f);
    float *out = (float *)kit_alloc(CONV_N * sizeof(float));
    kit_times t;
    KIT_TIME_OMP(t, , for (int l = 0; l < CONV_LAUNCHES; l++) conv1d(in, w, out, CONV_N));
    return kit_report("ldg_conv1d", "openmp", "64", &t, conv_check(in, w, out));
}
