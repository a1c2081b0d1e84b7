// min-arch: sm_75
// Half precision math functions: hsqrt hrsqrt hrcp hexp hexp2 hlog hlog2 hsin hcos htrunc hceil hfloor hrint
// and their half2 versions h2sqrt h2exp h2sin...; half mixed-precision dot product with float accumulation.
#include <cuda_fp16.h>

extern "C" __global__ void half_math(const __half *a, __half *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half x = __habs(a[i]);
    __half *o = out + 13 * i;
    o[0] = hsqrt(x);
    o[1] = hrsqrt(x);
    o[2] = hrcp(x);
    o[3] = hexp(x);
    o[4] = hexp2(x);
    o[5] = hlog(x);
    o[6] = hlog2(x);
    o[7] = hsin(x);
    o[8] = hcos(x);
    o[9] = htrunc(x);
    o[10] = hceil(x);
    o[11] = hfloor(x);
    o[12] = hrint(x);
}

extern "C" __global__ void half2_math(const __half2 *a, __half2 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half2 x = __habs2(a[i]);
    __half2 *o = out + 8 * i;
    o[0] = h2sqrt(x);
    o[1] = h2rsqrt(x);
    o[2] = h2rcp(x);
    o[3] = h2exp(x);
    o[4] = h2log(x);
    o[5] = h2sin(x);
    o[6] = h2cos(x);
    o[7] = h2floor(x);
}

// Dot product: half inputs, float accumulation
extern "C" __global__ void half_dot(const __half2 *x, const __half2 *y, float *out, int n2) {
    float acc = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += blockDim.x * gridDim.x) {
        float2 p = __half22float2(__hmul2(x[i], y[i]));
        acc += p.x + p.y;
    }
    atomicAdd(out, acc);
}
