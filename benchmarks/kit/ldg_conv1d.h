/* A 33-tap 1D convolution: out[i] = sum_k w[k] * in[i + k], n outputs. */
#include "kit.h"
#define CONV_N (1 << 23)
#define CONV_TAPS 33
#define CONV_LAUNCHES 4 /* per repetition */
/* The same 33 products summed in the same order, fused or not: 1e-5. */
static kit_check conv_check(const float *in, const float *w, const float *out) {
    float *want = (float *)kit_alloc(CONV_N * sizeof(float));
    for (int i = 0; i < CONV_N; i++) {
        double s = 0;
        for (int k = 0; k < CONV_TAPS; k++) s += (double)w[k] * in[i + k];
        want[i] = (float)s;
    }
    kit_check c = kit_check_floats(out, want, CONV_N, 1e-5, 1e-5);
    free(want);
    return c;
}
