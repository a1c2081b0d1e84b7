// flags: -O3
// CUDA-samples-style dct8x8 (5_Domain_Specific/dct8x8), on a generated 128x96 image: the
// reference 8x8 DCT with cosine table in __constant__ memory, one thread per coefficient of a
// block (blockDim 8x8, shared tile, two 1D passes with __syncthreads), quantization with the
// JPEG luminance table and roundf, then the inverse DCT; PSNR of the round trip printed, each
// stage's result compared with the host (same order of operations) within 1e-4; bits hashed.
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
#define H 96
__constant__ float cC[64];
__constant__ short cQ[64];
__global__ void dct_fwd(const float* src, float* dst, int stride, int inverse) {
    __shared__ float tile[8][8], tmp[8][8];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * 8 + tx, y = blockIdx.y * 8 + ty;
    tile[ty][tx] = src[y * stride + x];
    __syncthreads();
    float s = 0;
    // rows: tmp[ty][tx] = sum_k C[tx][k] * tile[ty][k]  (or transposed for the inverse)
    for (int k = 0; k < 8; k++) s += (inverse ? cC[k * 8 + tx] : cC[tx * 8 + k]) * tile[ty][k];
    tmp[ty][tx] = s;
    __syncthreads();
    s = 0;
    for (int k = 0; k < 8; k++) s += (inverse ? cC[k * 8 + ty] : cC[ty * 8 + k]) * tmp[k][tx];
    dst[y * stride + x] = s;
}
__global__ void quantize(float* c, int stride) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    float q = cQ[(y & 7) * 8 + (x & 7)];
    c[y * stride + x] = roundf(c[y * stride + x] / q) * q;
}
static void host_dct(const float* C, const float* src, float* dst, int inverse) {
    for (int by = 0; by < H; by += 8)
        for (int bx = 0; bx < W; bx += 8) {
            float tmp[8][8];
            for (int ty = 0; ty < 8; ty++)
                for (int tx = 0; tx < 8; tx++) {
                    float s = 0;
                    for (int k = 0; k < 8; k++) s += (inverse ? C[k * 8 + tx] : C[tx * 8 + k]) * src[(by + ty) * W + bx + k];
                    tmp[ty][tx] = s;
                }
            for (int ty = 0; ty < 8; ty++)
                for (int tx = 0; tx < 8; tx++) {
                    float s = 0;
                    for (int k = 0; k < 8; k++) s += (inverse ? C[k * 8 + ty] : C[ty * 8 + k]) * tmp[k][tx];
                    dst[(by + ty) * W + bx + tx] = s;
                }
        }
}
int main() {
    float C[64]; short Qt[64];
    const short jpeg[64] = {16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
                            18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99};
    for (int u = 0; u < 8; u++)
        for (int k = 0; k < 8; k++) C[u * 8 + k] = (float)((u == 0 ? sqrt(0.125) : 0.5) * cos((2 * k + 1) * u * M_PI / 16));
    for (int i = 0; i < 64; i++) Qt[i] = jpeg[i];
    CK(cudaMemcpyToSymbol(cC, C, sizeof C)); CK(cudaMemcpyToSymbol(cQ, Qt, sizeof Qt));
    std::vector<float> img(W * H), coef(W * H), rec(W * H), rcoef(W * H), rrec(W * H);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) img[y * W + x] = (float)((int)(128 + 60 * sin(x * 0.11) * cos(y * 0.07) + 40 * ((x / 16 + y / 16) & 1)) - 128);
    float *d0, *d1, *d2;
    CK(cudaMalloc(&d0, W * H * 4)); CK(cudaMalloc(&d1, W * H * 4)); CK(cudaMalloc(&d2, W * H * 4));
    CK(cudaMemcpy(d0, img.data(), W * H * 4, cudaMemcpyHostToDevice));
    dct_fwd<<<dim3(W / 8, H / 8), dim3(8, 8)>>>(d0, d1, W, 0);
    CK(cudaMemcpy(coef.data(), d1, W * H * 4, cudaMemcpyDeviceToHost));
    quantize<<<dim3(W / 16, H / 16), dim3(16, 16)>>>(d1, W);
    dct_fwd<<<dim3(W / 8, H / 8), dim3(8, 8)>>>(d1, d2, W, 1);
    CK(cudaMemcpy(rec.data(), d2, W * H * 4, cudaMemcpyDeviceToHost));
    host_dct(C, img.data(), rcoef.data(), 0);
    double ec = max_rel(coef.data(), rcoef.data(), W * H, 1.0);
    // quantize the GPU's coefficients on the host (division and roundf are exact operations)
    std::vector<float> q = coef;
    for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) q[y * W + x] = roundf(q[y * W + x] / Qt[(y & 7) * 8 + (x & 7)]) * Qt[(y & 7) * 8 + (x & 7)];
    host_dct(C, q.data(), rrec.data(), 1);
    double er = max_rel(rec.data(), rrec.data(), W * H, 1.0);
    double mse = 0; for (int i = 0; i < W * H; i++) mse += (rec[i] - img[i]) * (rec[i] - img[i]);
    mse /= W * H;
    int nz = 0; for (int i = 0; i < W * H; i++) nz += q[i] != 0;
    printf("dct8x8 %dx%d forward=%s inverse=%s nonzero=%d PSNR=%.3f dB\n", W, H, ec < 1e-4 ? "ok" : "FAIL", er < 1e-4 ? "ok" : "FAIL", nz, 10 * log10(255.0 * 255.0 / mse));
    printf("DC(0,0)=%a coef bits=%016llx rec bits=%016llx\n", coef[0], fnv(coef.data(), W * H * 4), fnv(rec.data(), W * H * 4));
    return 0;
}
