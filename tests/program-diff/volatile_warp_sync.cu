// Legacy warp-synchronous code made correct with __syncwarp: the last-warp unrolled reduction
// over volatile shared memory (the reduction sample's warpReduce, with __syncwarp between steps),
// a warp-level scan through volatile shared memory, a per-warp transpose through shared memory
// with __syncwarp, min/max-with-index reduction, and a 16-lane variant with a half-warp mask.
// Block sizes 64, 96, 160, 1024; integer results compared with the host.
#include <cstdio>
#include <climits>

template <unsigned BS>
__device__ void warp_reduce(volatile int* s, unsigned tid) {
    if (BS >= 64) { s[tid] += s[tid + 32]; __syncwarp(); }
    s[tid] += s[tid + 16]; __syncwarp();
    s[tid] += s[tid + 8]; __syncwarp();
    s[tid] += s[tid + 4]; __syncwarp();
    s[tid] += s[tid + 2]; __syncwarp();
    s[tid] += s[tid + 1]; __syncwarp();
}

template <unsigned BS>
__global__ void reduce(const int* __restrict__ in, int n, int* out) {
    __shared__ int s[BS];
    unsigned tid = threadIdx.x;
    int acc = 0;
    for (int i = blockIdx.x * BS + tid; i < n; i += gridDim.x * BS) acc += in[i];
    s[tid] = acc;
    __syncthreads();
    for (unsigned st = BS / 2; st > 32; st >>= 1) { if (tid < st) s[tid] += s[tid + st]; __syncthreads(); }
    if (tid < 32) warp_reduce<BS>(s, tid);
    if (tid == 0) atomicAdd(out, s[0]);
}

__global__ void warp_scan_volatile(const int* __restrict__ in, int* out, int n) {
    extern __shared__ int sh[];   // 2 ints of padding per warp in front of each warp's 32
    volatile int* s = sh;
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5, i = blockIdx.x * blockDim.x + threadIdx.x;
    volatile int* ws = s + w * 48 + 16;
    ws[lane - 16] = 0;      // lanes 0..15 zero the padding
    __syncwarp();
    ws[lane] = i < n ? in[i] : 0;
    __syncwarp();
    for (int o = 1; o < 32; o <<= 1) { int t = ws[lane - o]; __syncwarp(); ws[lane] += t; __syncwarp(); }
    if (i < n) out[i] = ws[lane];
}

__global__ void warp_transpose(const int* __restrict__ in, int* out) {   // each warp transposes an 8x4 tile
    __shared__ int tile[32][33];
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    int* t = tile[w];
    t[lane] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncwarp();
    int r = lane / 4, c = lane % 4;   // read (r, c) of the transposed 4x8 from (c, r) of the 8x4
    int v = t[c * 8 + r];
    __syncwarp();
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

__global__ void argmin_half(const int* __restrict__ in, int* out) {   // 16-lane groups, the upper half-warp idle in 1 of 3 warps
    __shared__ volatile int val[1024], idx[1024];
    int t = threadIdx.x, lane = t & 31, w = t >> 5;
    if (w % 3 == 2 && lane >= 16) return;
    unsigned mask = (w % 3 == 2) ? 0x0000ffffu : (lane < 16 ? 0x0000ffffu : 0xffff0000u);
    val[t] = in[blockIdx.x * blockDim.x + t]; idx[t] = t;
    __syncwarp(mask);
    int l16 = lane & 15;
    for (int o = 8; o; o >>= 1) {
        if (l16 < o) { int a = val[t], b = val[t + o]; if (b < a || (b == a && idx[t + o] < idx[t])) { val[t] = b; idx[t] = idx[t + o]; } }
        __syncwarp(mask);
    }
    if (l16 == 0) { out[2 * (blockIdx.x * blockDim.x + t) / 16] = val[t]; out[2 * (blockIdx.x * blockDim.x + t) / 16 + 1] = idx[t]; }
}

int main() {
    const int n = 100003;
    int* h = new int[n];
    long long want = 0;
    for (int i = 0; i < n; ++i) { h[i] = (int)((i * 2654435761u) >> 20) - 2048; want += h[i]; }
    int *d, *o, *o2;
    cudaMalloc(&d, n * 4); cudaMalloc(&o, n * 4); cudaMalloc(&o2, n * 4);
    cudaMemcpy(d, h, n * 4, cudaMemcpyHostToDevice);
    int r;
    cudaMemset(o, 0, 4); reduce<64><<<37, 64>>>(d, n, o); cudaMemcpy(&r, o, 4, cudaMemcpyDeviceToHost); printf("reduce 64: %d %s\n", r, r == want ? "ok" : "BAD");
    cudaMemset(o, 0, 4); reduce<128><<<200, 128>>>(d, n, o); cudaMemcpy(&r, o, 4, cudaMemcpyDeviceToHost); printf("reduce 128: %d %s\n", r, r == want ? "ok" : "BAD");
    cudaMemset(o, 0, 4); reduce<1024><<<5, 1024>>>(d, n, o); cudaMemcpy(&r, o, 4, cudaMemcpyDeviceToHost); printf("reduce 1024: %d %s\n", r, r == want ? "ok" : "BAD");
    for (int bs : {64, 96, 160, 1024}) {
        warp_scan_volatile<<<(n + bs - 1) / bs, bs, bs / 32 * 48 * 4 + 64>>>(d, o, n);
        int* s = new int[n];
        cudaMemcpy(s, o, n * 4, cudaMemcpyDeviceToHost);
        int bad = 0; long long chk = 0;
        for (int i = 0; i < n; ++i) { int base = i & ~31, run = 0; if (i % 32 == 0 || 1) { for (int j = base; j <= i; ++j) run += h[j]; } bad += run != s[i]; chk += s[i] * (long long)(i % 9); }
        printf("warp scan block %4d: checksum %lld mismatches %d\n", bs, chk, bad);
        delete[] s;
    }
    warp_transpose<<<n / 160, 160>>>(d, o);
    int* t = new int[n];
    cudaMemcpy(t, o, n / 160 * 160 * 4, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n / 160 * 160; ++i) { int w0 = i & ~31, lane = i & 31; bad += t[i] != h[w0 + (lane % 4) * 8 + lane / 4]; }
    printf("transpose mismatches %d\n", bad);
    cudaMemset(o2, 0xff, n * 4);
    argmin_half<<<96, 96>>>(d, o2);
    cudaMemcpy(t, o2, 96 * 96 / 16 * 2 * 4, cudaMemcpyDeviceToHost);
    bad = 0; long long c2 = 0;
    for (int g = 0; g < 96 * 96 / 16; ++g) {
        int base = g * 16, w = (base % 96) / 32, lane0 = base % 32;
        bool idle = w % 3 == 2 && lane0 >= 16;
        int mv = INT_MAX, mi = -1;
        for (int k = 0; k < 16; ++k) if (h[base + k] < mv) { mv = h[base + k]; mi = (base % 96) + k; }
        if (idle) { bad += t[2 * g] != -1 || t[2 * g + 1] != -1; }
        else { bad += t[2 * g] != mv || t[2 * g + 1] != mi; c2 += t[2 * g] + t[2 * g + 1]; }
    }
    printf("argmin groups checksum %lld mismatches %d\n", c2, bad);
    return 0;
}
