// min-arch: sm_75
// Warp-level algorithms with shuffles: butterfly all-reduce (sum/max), tree reduce via shfl_down,
// inclusive/exclusive scan via shfl_up, block reduction composed of warp reductions, segmented reduce.

template <typename T> __device__ __forceinline__ T warp_sum(T v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}
template <typename T> __device__ __forceinline__ T warp_max(T v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = max(v, __shfl_down_sync(0xffffffffu, v, o));
    return __shfl_sync(0xffffffffu, v, 0);
}
__device__ __forceinline__ int warp_inclusive_scan(int v) {
    int lane = threadIdx.x & 31;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        int t = __shfl_up_sync(0xffffffffu, v, o);
        if (lane >= o) v += t;
    }
    return v;
}

extern "C" __global__ void warp_reduce_sum_f32(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.f;
    v = warp_sum(v);
    if ((threadIdx.x & 31) == 0) atomicAdd(out, v);
}

extern "C" __global__ void warp_reduce_max_i32(const int *in, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : (-0x7fffffff - 1);
    v = warp_max(v);
    if ((threadIdx.x & 31) == 0) atomicMax(out, v);
}

extern "C" __global__ void warp_scan(const int *in, int *incl, int *excl, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    int s = warp_inclusive_scan(v);
    if (i < n) {
        incl[i] = s;
        excl[i] = s - v;
    }
}

// Block-wide scan: warp scans + shared warp totals
extern "C" __global__ void block_scan(const int *in, int *out, int *block_sums, int n) {
    __shared__ int warp_totals[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int v = i < n ? in[i] : 0;
    int s = warp_inclusive_scan(v);
    if (lane == 31) warp_totals[warp] = s;
    __syncthreads();
    if (warp == 0) {
        int nw = (blockDim.x + 31) >> 5;
        int t = lane < nw ? warp_totals[lane] : 0;
        warp_totals[lane] = warp_inclusive_scan(t);
    }
    __syncthreads();
    if (warp > 0) s += warp_totals[warp - 1];
    if (i < n) out[i] = s;
    if (threadIdx.x == blockDim.x - 1) block_sums[blockIdx.x] = s;
}

// Double-precision block reduction
extern "C" __global__ void block_reduce_f64(const double *in, double *out, int n) {
    __shared__ double partial[32];
    double v = 0.0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += in[i];
    v = warp_sum(v);
    if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x < 32) {
        v = threadIdx.x < (blockDim.x >> 5) ? partial[threadIdx.x] : 0.0;
        v = warp_sum(v);
        if (threadIdx.x == 0) out[blockIdx.x] = v;
    }
}
