// min-arch: sm_75
// Classic parallel reduction variants (Harris): interleaved with divergence, sequential addressing,
// first-add-during-load, unrolled last warp with volatile shared memory, templated block size with
// complete unrolling, min/max/argmax reductions.

extern "C" __global__ void reduce0_interleaved(const int *in, int *out, unsigned n) {
    extern __shared__ int sdata[];
    unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = i < n ? in[i] : 0;
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

extern "C" __global__ void reduce2_sequential(const int *in, int *out, unsigned n) {
    extern __shared__ int sdata[];
    unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    int v = i < n ? in[i] : 0;
    if (i + blockDim.x < n) v += in[i + blockDim.x];
    sdata[tid] = v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

__device__ void warpReduce(volatile int *s, unsigned tid) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    s[tid] += s[tid + 8];
    s[tid] += s[tid + 4];
    s[tid] += s[tid + 2];
    s[tid] += s[tid + 1];
}

template <unsigned blockSize> __global__ void reduce6(const int *in, int *out, unsigned n) {
    extern __shared__ int sdata6[];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockSize * 2) + tid;
    unsigned gridSize = blockSize * 2 * gridDim.x;
    int sum = 0;
    while (i < n) {
        sum += in[i];
        if (i + blockSize < n) sum += in[i + blockSize];
        i += gridSize;
    }
    sdata6[tid] = sum;
    __syncthreads();
    if (blockSize >= 512) { if (tid < 256) sdata6[tid] += sdata6[tid + 256]; __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) sdata6[tid] += sdata6[tid + 128]; __syncthreads(); }
    if (blockSize >= 128) { if (tid < 64) sdata6[tid] += sdata6[tid + 64]; __syncthreads(); }
    if (tid < 32) warpReduce(sdata6, tid);
    if (tid == 0) out[blockIdx.x] = sdata6[0];
}
template __global__ void reduce6<512>(const int *, int *, unsigned);
template __global__ void reduce6<256>(const int *, int *, unsigned);
template __global__ void reduce6<128>(const int *, int *, unsigned);
template __global__ void reduce6<64>(const int *, int *, unsigned);

// Argmax: (value, index) pairs reduced in shared memory
extern "C" __global__ void argmax(const float *in, float *maxval, int *maxidx, int n) {
    __shared__ float sv[256];
    __shared__ int si[256];
    int tid = threadIdx.x;
    float best = -INFINITY;
    int bi = -1;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
        if (in[i] > best) { best = in[i]; bi = i; }
    sv[tid] = best;
    si[tid] = bi;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            float o = sv[tid + s];
            int oi = si[tid + s];
            if (o > sv[tid] || (o == sv[tid] && oi >= 0 && (si[tid] < 0 || oi < si[tid]))) { sv[tid] = o; si[tid] = oi; }
        }
        __syncthreads();
    }
    if (tid == 0) { maxval[blockIdx.x] = sv[0]; maxidx[blockIdx.x] = si[0]; }
}
