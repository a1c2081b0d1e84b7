// min-arch: sm_75
// f32 min/max/classification/rounding: fminf fmaxf fabsf copysignf isnan isinf isfinite signbit
// floorf ceilf truncf roundf rintf nearbyintf fmodf remainderf frexpf ldexpf modff fdimf nextafterf.
#include <math.h>

extern "C" __global__ void minmax_class(const float *a, const float *b, float *out, int *flags, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    float *o = out + 16 * i;
    o[0] = fminf(x, y);
    o[1] = fmaxf(x, y);
    o[2] = fabsf(x);
    o[3] = copysignf(x, y);
    o[4] = floorf(x);
    o[5] = ceilf(x);
    o[6] = truncf(x);
    o[7] = roundf(x);
    o[8] = rintf(x);
    o[9] = nearbyintf(y);
    o[10] = fmodf(x, y);
    o[11] = remainderf(x, y);
    int e;
    float m = frexpf(x, &e);
    o[12] = ldexpf(m, e + 1);
    float ip;
    o[13] = modff(x, &ip) + ip;
    o[14] = fdimf(x, y);
    o[15] = nextafterf(x, y);
    int f = 0;
    f |= isnan(x) ? 1 : 0;
    f |= isinf(x) ? 2 : 0;
    f |= isfinite(x) ? 4 : 0;
    f |= signbit(x) ? 8 : 0;
    f |= (x < y) ? 16 : 0;
    f |= (x == y) ? 32 : 0;
    f |= !(x >= y) ? 64 : 0;  // unordered-aware compare
    f |= ilogbf(y) << 8;
    flags[i] = f;
}

// Clamp and NaN-propagating max reduction
extern "C" __global__ void clamp_kernel(float *data, float lo, float hi, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float v = data[i];
        data[i] = isnan(v) ? 0.0f : fminf(fmaxf(v, lo), hi);
    }
}
