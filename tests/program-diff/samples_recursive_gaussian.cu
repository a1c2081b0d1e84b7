// flags: -O3 -use_fast_math
// CUDA-samples-style recursiveGaussian (5_Domain_Specific/recursiveGaussian): Deriche's
// recursive Gaussian filter, a thread per column running the causal pass down and the
// anti-causal pass up with the coefficients from expf (here under -use_fast_math, as the
// sample builds), on RGBA8 pixels unpacked to float4, transposed between the column and row
// passes by a 16x16 shared-memory tile transpose with padding. Compared with the host within
// 1e-2 absolute on 0..255 values; a checksum printed to 2 decimals.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <cstdint>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); exit(1); } } while (0)
static unsigned g_seed = 12345u;
static inline unsigned lcg() { g_seed = g_seed * 1664525u + 1013904223u; return g_seed >> 8; }
static inline float frand() { return (float)(lcg() & 0xffff) / 65536.0f; }
// FNV-1a over raw bytes: the bit pattern of a result, for results every run must reproduce exactly
static inline unsigned long long fnv(const void* p, size_t n) {
    const unsigned char* b = (const unsigned char*)p; unsigned long long h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 0x100000001b3ull; }
    return h;
}
static inline double max_rel(const float* a, const float* b, int n, double floor_ = 1e-3) {
    double m = 0; for (int i = 0; i < n; i++) { double d = fabs((double)a[i] - b[i]) / fmax(fabs((double)b[i]), floor_); if (d > m || d != d) m = d != d ? 1e30 : d; } return m;
}
#define W 128
#define H 112
struct Coefs { float a0, a1, a2, a3, b1, b2, coefp, coefn; };
static Coefs deriche(float sigma) {
    float alpha = 1.695f / sigma, ema = expf(-alpha), ema2 = expf(-2 * alpha);
    Coefs c;
    float k = (1 - ema) * (1 - ema) / (1 + 2 * alpha * ema - ema2);
    c.a0 = k; c.a1 = k * (alpha - 1) * ema; c.a2 = k * (alpha + 1) * ema; c.a3 = -k * ema2;
    c.b1 = -2 * ema; c.b2 = ema2;
    c.coefp = (c.a0 + c.a1) / (1 + c.b1 + c.b2); c.coefn = (c.a2 + c.a3) / (1 + c.b1 + c.b2);
    return c;
}
__host__ __device__ inline float4 f4(unsigned v) { return make_float4(v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >> 24); }
__host__ __device__ inline float4 operator+(float4 a, float4 b) { return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w); }
__host__ __device__ inline float4 operator-(float4 a, float4 b) { return make_float4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w); }
__host__ __device__ inline float4 operator*(float4 a, float s) { return make_float4(a.x * s, a.y * s, a.z * s, a.w * s); }
__global__ void d_recursiveGaussian(const float4* id, float4* od, int w, int h, Coefs c) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= w) return;
    id += x; od += x;
    float4 xp = id[0], yp = xp * c.coefp, yb = yp;
    for (int y = 0; y < h; y++) {
        float4 xc = id[y * w];
        float4 yc = xc * c.a0 + xp * c.a1 - yp * c.b1 - yb * c.b2;
        od[y * w] = yc;
        xp = xc; yb = yp; yp = yc;
    }
    float4 xn = id[(h - 1) * w], xa = xn, yn = xn * c.coefn, ya = yn;
    for (int y = h - 1; y >= 0; y--) {
        float4 xc = id[y * w];
        float4 yc = xn * c.a2 + xa * c.a3 - yn * c.b1 - ya * c.b2;
        xa = xn; xn = xc; ya = yn; yn = yc;
        od[y * w] = od[y * w] + yc;
    }
}
__global__ void d_transpose(const float4* in, float4* out, int w, int h) {
    __shared__ float4 tile[16][17];
    int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    __syncthreads();
    x = blockIdx.y * 16 + threadIdx.x; y = blockIdx.x * 16 + threadIdx.y;
    if (x < h && y < w) out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}
__global__ void unpack(const unsigned* in, float4* out, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = f4(in[i]); }
static void host_rg(const float4* id, float4* od, int w, int h, Coefs c) {
    for (int x = 0; x < w; x++) {
        float4 xp = id[x], yp = xp * c.coefp, yb = yp;
        for (int y = 0; y < h; y++) { float4 xc = id[y * w + x]; float4 yc = xc * c.a0 + xp * c.a1 - yp * c.b1 - yb * c.b2; od[y * w + x] = yc; xp = xc; yb = yp; yp = yc; }
        float4 xn = id[(h - 1) * w + x], xa = xn, yn = xn * c.coefn, ya = yn;
        for (int y = h - 1; y >= 0; y--) { float4 xc = id[y * w + x]; float4 yc = xn * c.a2 + xa * c.a3 - yn * c.b1 - ya * c.b2; xa = xn; xn = xc; ya = yn; yn = yc; od[y * w + x] = od[y * w + x] + yc; }
    }
}
int main() {
    std::vector<unsigned> img(W * H);
    for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) img[y * W + x] = ((x * 7) & 0xff) | (((y * 5) & 0xff) << 8) | ((((x ^ y) * 3) & 0xff) << 16) | ((((x / 8 + y / 8) & 1) * 255u) << 24);
    Coefs c = deriche(3.0f);
    unsigned* di; float4 *a, *b;
    CK(cudaMalloc(&di, W * H * 4)); CK(cudaMalloc(&a, W * H * 16)); CK(cudaMalloc(&b, W * H * 16));
    CK(cudaMemcpy(di, img.data(), W * H * 4, cudaMemcpyHostToDevice));
    unpack<<<(W * H + 255) / 256, 256>>>(di, a, W * H);
    d_recursiveGaussian<<<(W + 63) / 64, 64>>>(a, b, W, H, c);
    d_transpose<<<dim3((W + 15) / 16, (H + 15) / 16), dim3(16, 16)>>>(b, a, W, H);
    d_recursiveGaussian<<<(H + 63) / 64, 64>>>(a, b, H, W, c);
    d_transpose<<<dim3((H + 15) / 16, (W + 15) / 16), dim3(16, 16)>>>(b, a, H, W);
    CK(cudaGetLastError());
    std::vector<float4> g(W * H), h0(W * H), h1(W * H), h2(W * H);
    CK(cudaMemcpy(g.data(), a, W * H * 16, cudaMemcpyDeviceToHost));
    for (int i = 0; i < W * H; i++) h0[i] = f4(img[i]);
    host_rg(h0.data(), h1.data(), W, H, c);
    for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) h2[x * H + y] = h1[y * W + x];
    host_rg(h2.data(), h1.data(), H, W, c);
    for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) h0[y * W + x] = h1[x * H + y];
    double m = 0, s = 0;
    for (int i = 0; i < W * H; i++) {
        m = fmax(m, fmax(fmax(fabs(g[i].x - h0[i].x), fabs(g[i].y - h0[i].y)), fmax(fabs(g[i].z - h0[i].z), fabs(g[i].w - h0[i].w))));
        s += g[i].x + g[i].y + g[i].z + g[i].w;
    }
    printf("recursiveGaussian %dx%d sigma=3 check=%s sum=%.2f px(10,10)=%.2f %.2f %.2f %.2f\n", W, H, m < 1e-2 ? "ok" : "FAIL", s, g[10 * W + 10].x, g[10 * W + 10].y, g[10 * W + 10].z, g[10 * W + 10].w);
    return 0;
}
