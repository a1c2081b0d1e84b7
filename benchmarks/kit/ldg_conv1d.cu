/* One output per thread in blocks of 64; input and taps through the read-only cache (__ldg). */
#include "ldg_conv1d.h"
__global__ void conv1d(const float *__restrict__ in, const float *__restrict__ w, float *__restrict__ out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s = 0.0f;
        for (int k = 0; k < CONV_TAPS; k++) s += __ldg(&w[k]) * __ldg(&in[i + k]);
        out[i] = s;
    }
}
int main(void) {
    float *in = kit_floats(CONV_N + CONV_TAPS, 30, -1.0f, 1.0f), *w = kit_floats(CONV_TAPS, 31, 0.0f, 0.06f);
    float *din = kit_device_copy(in, CONV_N + CONV_TAPS), *dw = kit_device_copy(w, CONV_TAPS), *dout = kit_device_copy<float>(0, CONV_N);
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < CONV_LAUNCHES; l++) conv1d<<<CONV_N / 64, 64>>>(din, dw, dout, CONV_N));
    float *out = (float *)kit_alloc(CONV_N * sizeof(float));
    kit_host_copy(out, dout, CONV_N);
    return kit_report("ldg_conv1d", "cuda", "64", &t, conv_check(in, w, out));
}
