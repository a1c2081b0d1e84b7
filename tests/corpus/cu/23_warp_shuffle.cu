// min-arch: sm_75
// Warp shuffles: __shfl_sync, __shfl_up_sync, __shfl_down_sync, __shfl_xor_sync on int/unsigned/float/double/
// long long/__half2, with widths 32/16/8/4 and partial masks; broadcast, rotate, butterfly patterns.
#include <cuda_fp16.h>

extern "C" __global__ void shuffle_variants(const int *in, int *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[tid];
    int r = 0;
    r += __shfl_sync(0xffffffffu, v, 0);                // broadcast from lane 0
    r += __shfl_sync(0xffffffffu, v, (lane + 1) & 31);  // rotate
    r += __shfl_sync(0xffffffffu, v, 3, 16);            // width 16
    r += __shfl_up_sync(0xffffffffu, v, 1);
    r += __shfl_up_sync(0xffffffffu, v, 2, 8);
    r += __shfl_down_sync(0xffffffffu, v, 4);
    r += __shfl_down_sync(0xffffffffu, v, 1, 4);
    r += __shfl_xor_sync(0xffffffffu, v, 16);
    r += __shfl_xor_sync(0xffffffffu, v, 1, 2);
    out[tid] = r;
}

extern "C" __global__ void shuffle_types(const float *f, const double *d, const long long *l, const __half2 *h,
                                         float *of, double *od, long long *ol, __half2 *oh) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    of[tid] = __shfl_sync(0xffffffffu, f[tid], 31 - lane);
    od[tid] = __shfl_xor_sync(0xffffffffu, d[tid], 8);        // two 32-bit shuffles
    ol[tid] = __shfl_down_sync(0xffffffffu, l[tid], 3);
    oh[tid] = __shfl_up_sync(0xffffffffu, h[tid], 1);
    unsigned u = __shfl_sync(0xffffffffu, (unsigned)lane * 7u, lane ^ 5);
    of[tid] += (float)u;
}

// Partial masks: only even lanes participate; lower half-warp participates
extern "C" __global__ void shuffle_partial(const int *in, int *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[tid];
    if (lane & 1) {
        out[tid] = v;
        return;
    }
    v += __shfl_xor_sync(0x55555555u, v, 2);
    v += __shfl_xor_sync(0x55555555u, v, 4);
    if (lane < 16) {
        v += __shfl_down_sync(0x00005555u, v, 2, 16);
    }
    out[tid] = v;
}

// Matrix transpose of 8x4 tiles in registers via shuffles
extern "C" __global__ void shuffle_transpose(const float *in, float *out) {
    int lane = threadIdx.x & 31;
    float vals[4];
    for (int k = 0; k < 4; ++k) vals[k] = in[blockIdx.x * 128 + k * 32 + lane];
    float res[4];
    for (int k = 0; k < 4; ++k) {
        int src = (lane * 4 + k) & 31;
        float v0 = __shfl_sync(0xffffffffu, vals[0], src);
        float v1 = __shfl_sync(0xffffffffu, vals[1], src);
        float v2 = __shfl_sync(0xffffffffu, vals[2], src);
        float v3 = __shfl_sync(0xffffffffu, vals[3], src);
        int sel = (lane * 4 + k) >> 5;
        res[k] = sel == 0 ? v0 : sel == 1 ? v1 : sel == 2 ? v2 : v3;
    }
    for (int k = 0; k < 4; ++k) out[blockIdx.x * 128 + lane * 4 + k] = res[k];
}
