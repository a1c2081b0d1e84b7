// Benchmark kernels for cuprite-simt (benches/kernels.rs) beyond those in kernels.cu.
// Regenerate the PTX with gen.sh.

// 2D 5-point stencil (Jacobi step) on a w x h grid; borders copied.
extern "C" __global__ void stencil2d(const float *in, float *out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int i = y * w + x;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[i] = in[i];
        return;
    }
    out[i] = 0.2f * (in[i] + in[i - 1] + in[i + 1] + in[i - w] + in[i + w]);
}

// Inclusive scan of each block of 256 ints: warp scans with __shfl_up_sync, then the warp
// totals through shared memory.
extern "C" __global__ void scan_warp(const int *in, int *out, int n) {
    __shared__ int warp_sums[8];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int v = i < n ? in[i] : 0;
    for (int off = 1; off < 32; off <<= 1) {
        int u = __shfl_up_sync(0xffffffffu, v, off);
        if (lane >= off) v += u;
    }
    if (lane == 31) warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int s = lane < (blockDim.x >> 5) ? warp_sums[lane] : 0;
        for (int off = 1; off < 32; off <<= 1) {
            int u = __shfl_up_sync(0xffffffffu, s, off);
            if (lane >= off) s += u;
        }
        if (lane < (blockDim.x >> 5)) warp_sums[lane] = s;
    }
    __syncthreads();
    if (warp > 0) v += warp_sums[warp - 1];
    if (i < n) out[i] = v;
}

// All-pairs gravitational accelerations: pos[i] = (x, y, z, mass).
extern "C" __global__ void nbody(const float4 *pos, float4 *acc, int n, float eps2) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i];
    float ax = 0.f, ay = 0.f, az = 0.f;
    for (int j = 0; j < n; ++j) {
        float4 q = pos[j];
        float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
        float r2 = dx * dx + dy * dy + dz * dz + eps2;
        float inv = 1.0f / sqrtf(r2);
        float s = q.w * inv * inv * inv;
        ax += dx * s;
        ay += dy * s;
        az += dz * s;
    }
    acc[i] = make_float4(ax, ay, az, 0.f);
}

// Matrix transpose through a padded shared-memory tile (blocks of 32 x 8 threads).
#define TDIM 32
extern "C" __global__ void transpose(const float *in, float *out, int w, int h) {
    __shared__ float tile[TDIM][TDIM + 1];
    int x = blockIdx.x * TDIM + threadIdx.x;
    int y = blockIdx.y * TDIM + threadIdx.y;
    for (int k = 0; k < TDIM; k += 8)
        if (x < w && y + k < h) tile[threadIdx.y + k][threadIdx.x] = in[(y + k) * w + x];
    __syncthreads();
    x = blockIdx.y * TDIM + threadIdx.x;
    y = blockIdx.x * TDIM + threadIdx.y;
    for (int k = 0; k < TDIM; k += 8)
        if (x < h && y + k < w) out[(y + k) * h + x] = tile[threadIdx.x][threadIdx.y + k];
}

// One compare-exchange step (j, k) of a bitonic sort of n (a power of two) keys.
extern "C" __global__ void bitonic_step(unsigned *data, int j, int k, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int l = i ^ j;
    if (i >= n || l <= i) return;
    unsigned a = data[i], b = data[l];
    bool up = (i & k) == 0;
    if ((a > b) == up) {
        data[i] = b;
        data[l] = a;
    }
}
