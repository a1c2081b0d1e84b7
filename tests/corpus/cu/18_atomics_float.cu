// min-arch: sm_75
// Floating-point atomics: atomicAdd on float, double, __half, __half2, __nv_bfloat16, __nv_bfloat162
// (native or CAS-emulated depending on arch), atomicExch on float, float atomic max via int tricks.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

extern "C" __global__ void atomic_add_float(float *f, double *d, float *outf, double *outd, const float *vals, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = vals[i];
    outf[i] = atomicAdd(&f[0], v);
    atomicAdd(&f[1], v * v);          // red.global.add.f32
    outd[i] = atomicAdd(&d[0], (double)v);
    atomicAdd(&d[1], (double)v * v);  // red.global.add.f64
    outf[n + i] = atomicExch(&f[2], v);
}

extern "C" __global__ void atomic_add_half(__half *h, __half2 *h2, __nv_bfloat16 *b, __nv_bfloat162 *b2,
                                           const float *vals, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = vals[i];
    __half2 old2 = atomicAdd(h2, __floats2half2_rn(v, -v));
    __half old = atomicAdd(h, __float2half(v));
    __nv_bfloat162 oldb2 = atomicAdd(b2, __floats2bfloat162_rn(v, 2 * v));
    __nv_bfloat16 oldb = atomicAdd(b, __float2bfloat16(v));
    out[i] = __low2float(old2) + __half2float(old) + __low2float(oldb2) + __bfloat162float(oldb);
}

// Float atomic max using the ordered-int trick
__device__ __forceinline__ float atomicMaxFloat(float *addr, float value) {
    return (value >= 0) ? __int_as_float(atomicMax((int *)addr, __float_as_int(value)))
                        : __uint_as_float(atomicMin((unsigned *)addr, __float_as_uint(value)));
}

extern "C" __global__ void reduce_max_float(const float *in, float *result, int n) {
    float m = -INFINITY;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) m = fmaxf(m, in[i]);
    atomicMaxFloat(result, m);
}

// Dot product accumulating with float atomics
extern "C" __global__ void dot_atomic(const float *a, const float *b, float *result, int n) {
    float acc = 0.f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) acc += a[i] * b[i];
    atomicAdd(result, acc);
}
