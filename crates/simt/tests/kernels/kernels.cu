#include <cuda_fp16.h>
// Test kernels for cuprite-simt. Regenerate the PTX with gen.sh.
extern "C" __global__ void vector_add(const float *a, const float *b, float *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" __global__ void saxpy(int n, float a, const float *x, float *y) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}

extern "C" __global__ void reduce_sum(const int *in, int *out, int n) {
    extern __shared__ int sdata[];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    int v = 0;
    if (i < n) v += in[i];
    if (i + blockDim.x < n) v += in[i + blockDim.x];
    sdata[tid] = v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

#define TILE 16
extern "C" __global__ void matmul_tiled(const float *A, const float *B, float *C, int M, int N, int K) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        int ak = t * TILE + threadIdx.x;
        int bk = t * TILE + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = (row < M && ak < K) ? A[row * K + ak] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = (bk < K && col < N) ? B[bk * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = acc;
}

extern "C" __global__ void histogram(const unsigned char *data, int n, unsigned *bins) {
    __shared__ unsigned local[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) local[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x) atomicAdd(&bins[i], local[i]);
}

extern "C" __global__ void histogram_global(const unsigned *data, int n, unsigned *bins, int nbins) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&bins[data[i] % nbins], 1u);
}

extern "C" __global__ void warp_reduce(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.0f;
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if ((threadIdx.x & 31) == 0) out[i / 32] = v;
}

extern "C" __global__ void warp_ops(const int *in, int *out) {
    int lane = threadIdx.x & 31;
    int v = in[threadIdx.x];
    int up = __shfl_up_sync(0xffffffffu, v, 3);
    int x = __shfl_xor_sync(0xffffffffu, v, 5);
    int idx = __shfl_sync(0xffffffffu, v, (lane * 7) & 31);
    int seg = __shfl_down_sync(0xffffffffu, v, 2, 8);
    unsigned ballot = __ballot_sync(0xffffffffu, v & 1);
    int all = __all_sync(0xffffffffu, v > -1000000);
    int any = __any_sync(0xffffffffu, v == 12345);
    int *o = out + threadIdx.x * 7;
    o[0] = up; o[1] = x; o[2] = idx; o[3] = seg; o[4] = (int)ballot; o[5] = all; o[6] = any;
}

extern "C" __global__ void divergence(const int *in, int *out) {
    int t = threadIdx.x;
    int lane = t & 31;
    int v = in[t];
    int acc = 0;
    if (lane & 1) {
        if (lane & 2) acc = v * 3; else acc = v - 7;
        if (lane > 20) { acc ^= 0x55; } 
    } else {
        if (lane < 8) { acc = v + 100; } else if (lane < 16) { acc = -v; } else { acc = v << 2; }
    }
    for (int k = 0; k < lane + (v & 7); ++k) {
        if (k == 13) continue;
        if (k * lane > 300) break;
        acc += k ^ v;
    }
    int w = 0;
    while (true) {
        w++;
        if (w > (v & 15)) break;
        if ((w & 3) == 1) continue;
        acc += w;
    }
    if (lane >= 16) { out[t] = acc + w; return; }
    acc *= 5;
    out[t] = acc;
}

// A real deadlock: warp 0 waits at named barrier 1 for 64 threads, warp 1 exits (exited threads
// never count toward an explicit thread count).
extern "C" __global__ void deadlock(int *out) {
    if (threadIdx.x < 32) asm volatile("bar.sync 1, 64;" ::: "memory");
    out[threadIdx.x] = 1;
}

// Two warps wait at different named barriers, each expecting both warps.
extern "C" __global__ void deadlock_two_barriers(int *out) {
    if (threadIdx.x < 32) asm volatile("bar.sync 1, 64;" ::: "memory");
    else asm volatile("bar.sync 2, 64;" ::: "memory");
    out[threadIdx.x] = 1;
}

// Threads past `n` return before __syncthreads(); exited threads count as arrived, as on a GPU.
// Lanes outside [start, n) return at once; the others run a loop whose count and loads every
// lane shares (the warp tier reads such warp-uniform values from one active lane).
extern "C" __global__ void early_exit_uniform_loop(const int *w, int *out, int start, int n, int reps) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < start || i >= n) return;
    int acc = 0;
    for (int k = 0; k < reps; ++k) acc += w[k] * (i + k);
    out[i] = acc;
}

extern "C" __global__ void early_return_sync(const int *in, int *out, int n) {
    __shared__ int s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    if (i >= n) return;
    s[t] = in[i];
    __syncthreads();
    int j = t + 1 < blockDim.x && i + 1 < n ? t + 1 : t;
    out[i] = s[t] + s[j];
}

extern "C" __global__ void oob_store(int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i + n] = i;
}

__device__ __noinline__ float poly(float x, float a, float b) { return a * x * x + b; }
__device__ __noinline__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

extern "C" __global__ void calls(const float *in, float *out, int *iout) {
    int t = threadIdx.x;
    out[t] = poly(in[t], 2.0f, 1.0f);
    iout[t] = fact(t % 10);
}

__constant__ float coeffs[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__device__ int counter = 7;
extern "C" __global__ void const_globals(const float *in, float *out) {
    int t = threadIdx.x;
    float x = in[t];
    out[t] = coeffs[0] + x * (coeffs[1] + x * (coeffs[2] + x * coeffs[3]));
    if (t == 0) atomicAdd(&counter, 1);
}

extern "C" __global__ void local_array(const int *in, int *out) {
    int a[16];
    int t = threadIdx.x;
    for (int i = 0; i < 16; ++i) a[i] = in[t] * i;
    int s = 0;
    for (int i = 0; i < 16; ++i) s += a[(i * 5 + t) & 15];
    out[t] = s;
}

extern "C" __global__ void scan_block(const int *in, int *out) {
    __shared__ int tmp[256];
    int t = threadIdx.x;
    tmp[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (int off = 1; off < blockDim.x; off <<= 1) {
        int v = t >= off ? tmp[t - off] : 0;
        __syncthreads();
        tmp[t] += v;
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + t] = tmp[t];
}

extern "C" __global__ void stencil(const float *in, float *out, int n) {
    __shared__ float s[256 + 2];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + 1;
    s[l] = g < n ? in[g] : 0.0f;
    if (threadIdx.x == 0) s[0] = g > 0 ? in[g - 1] : 0.0f;
    if (threadIdx.x == blockDim.x - 1) s[l + 1] = g + 1 < n ? in[g + 1] : 0.0f;
    __syncthreads();
    if (g < n) out[g] = 0.25f * s[l - 1] + 0.5f * s[l] + 0.25f * s[l + 1];
}

extern "C" __global__ void conversions(const float *f, const double *d, int *oi, float *of, double *od, unsigned short *oh) {
    int t = threadIdx.x;
    float x = f[t];
    double y = d[t];
    oi[t * 4 + 0] = (int)x;
    oi[t * 4 + 1] = __float2int_rn(x);
    oi[t * 4 + 2] = (int)floorf(x);
    oi[t * 4 + 3] = (int)(unsigned char)(int)y;
    of[t * 2 + 0] = (float)y;
    of[t * 2 + 1] = (float)(long long)y;
    od[t * 2 + 0] = (double)x * y;
    od[t * 2 + 1] = sqrt(y < 0 ? -y : y);
    oh[t] = __half_as_ushort(__float2half(x));
}

// A shared tile read along rows and along columns, unrolled (the warp tier matches such
// address registers against the block's 2D shape), then an unrolled global window whose last
// element lies `off` floats further: past the end of `in`, the block's last thread faults.
extern "C" __global__ void tile_rows(const float *in, float *out, int w, int off) {
    __shared__ float t[32][33];
    int tx = threadIdx.x, ty = threadIdx.y;
    t[ty][tx] = in[ty * w + tx];
    __syncthreads();
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc += t[ty][k] * t[k][tx];
    const float *g = in + off + ty * w + tx;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc += g[k];
    out[ty * blockDim.x + tx] = acc;
}

// Consecutive signed byte and unsigned 16-bit loads (the warp tier widens them from one
// vector load); past the end of either array, the last lane faults.
extern "C" __global__ void narrow_loads(const signed char *a, const unsigned short *b, int *out, int off) {
    int i = threadIdx.x;
    out[i] = a[i + off] * 65536 + b[i + off];
}

// Every thread reads the same int4 elements in a loop (one vector load the whole warp shares);
// with `n` past the end of `a`, the first thread faults.
extern "C" __global__ void shared_vec_loads(const int4 *a, int n, int *out) {
    int acc = threadIdx.x;
    for (int j = 0; j < n; ++j) {
        int4 v = a[j];
        acc += (v.x ^ v.y) + v.z * v.w;
    }
    out[threadIdx.x] = acc;
}
