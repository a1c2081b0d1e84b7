// cuda_fp16.h half2 functions (math, arithmetic, saturation, comparisons, masks, complex fma)
// over pairs of edge halves: exact bits.
#include <cstdio>
#include <cstring>
#include <cmath>
#include <cstdint>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
typedef unsigned T;
typedef unsigned U;
__host__ __device__ static inline unsigned long long F(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
__host__ __device__ static inline unsigned long long D(double f) { unsigned long long u; memcpy(&u, &f, 8); return u; }
__host__ __device__ static inline unsigned long long I(long long v) { return (unsigned long long)v; }
constexpr int N = 32;
constexpr int NF = 41;
static const U XS[N] = {0x0, 0x8000, 0x1, 0x8001, 0x3ff, 0x400, 0x3c00, 0xbc00, 0x3800, 0x4000, 0x3c01, 0x3bff, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7fff, 0xfe01, 0x7d01, 0x4248, 0x3e00, 0x4900, 0x5640, 0xcc00, 0x2e66, 0x4b3d, 0x4c80, 0x498c, 0x3555, 0x57d0, 0xc8b0};
static const U YS[N] = {0xc8b0, 0x57d0, 0x3555, 0x498c, 0x4c80, 0x4b3d, 0x2e66, 0xcc00, 0x5640, 0x4900, 0x3e00, 0x4248, 0x7d01, 0xfe01, 0x7fff, 0x7e00, 0xfc00, 0x7c00, 0xfbff, 0x7bff, 0x3bff, 0x3c01, 0x4000, 0x3800, 0xbc00, 0x3c00, 0x400, 0x3ff, 0x8001, 0x1, 0x8000, 0x0};
static const char *NAMES[NF] = {"h2sqrt", "h2rsqrt", "h2rcp", "h2exp", "h2exp2", "h2exp10", "h2log", "h2log2", "h2log10", "h2sin", "h2cos", "h2tanh", "h2ceil", "h2floor", "h2trunc", "h2rint", "__habs2", "__hneg2", "__hadd2", "__hsub2", "__hmul2", "__h2div", "__hadd2_sat", "__hmul2_sat", "__hmax2", "__hmin2", "__hmax2_nan", "__hmin2_nan", "__hadd2_rn", "__hmul2_rn", "__hfma2", "__hfma2_relu", "__hfma2_sat", "__heq2", "__hltu2", "__hisnan2", "__hbeq2", "__heq2_mask", "__hcmadd", "__lowhigh2highlow", "__h2float2"};
__device__ void eval(T a, T b, unsigned long long *r) {
    int q = 0; (void)q; (void)b;
    { r[0 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2sqrt(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[1 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2rsqrt(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[2 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2rcp(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[3 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2exp(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[4 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2exp2(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[5 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2exp10(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[6 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2log(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[7 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2log2(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[8 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2log10(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[9 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2sin(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[10 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2cos(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[11 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2tanh(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[12 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2ceil(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[13 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2floor(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[14 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2trunc(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[15 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = h2rint(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[16 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __habs2(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[17 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hneg2(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[18 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hadd2(a_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[19 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hsub2(a_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[20 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hmul2(a_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[21 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __h2div(a_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[22 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hadd2_sat(a_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[23 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hmul2_sat(a_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[24 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hmax2(a_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[25 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hmin2(a_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[26 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hmax2_nan(a_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[27 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hmin2_nan(a_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[28 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hadd2_rn(a_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[29 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hmul2_rn(a_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[30 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hfma2(a_, b_, a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[31 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hfma2_relu(a_, b_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[32 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hfma2_sat(a_, b_, a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[33 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __heq2(a_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[34 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hltu2(a_, b_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[35 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hisnan2(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[36 * N] = I(__hbeq2(__halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)a)), __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)))); }
    { r[37 * N] = I(__heq2_mask(__halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)b)))); }
    { r[38 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __hcmadd(a_, b_, a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[39 * N] = ({ __half2 a_ = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b)), b_ = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half((unsigned short)(a ^ 0x8000))); (void)b_; __half2 r_ = __lowhigh2highlow(a_); I(__half_as_ushort(__low2half(r_)) | (unsigned)__half_as_ushort(__high2half(r_)) << 16); }); }
    { r[40 * N] = ({ float2 f = __half22float2(__halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half((unsigned short)b))); I((unsigned long long)F(f.x) << 32 | F(f.y)); }); }
}
__global__ void k(const T *x, const T *y, unsigned long long *o) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) eval(x[i], y[i], o + i);
}
static void show(const char *who, const unsigned long long *o) {
    for (int j = 0; j < NF; j++) {
        printf("%s %-10s", who, NAMES[j]);
        for (int i = 0; i < N; i++) printf(" %08llx", o[j * N + i]);
        printf("\n");
    }
}
int main() {
    T hx[N], hy[N];
    memcpy(hx, XS, sizeof hx); memcpy(hy, YS, sizeof hy);
    printf("x         ");
    for (int i = 0; i < N; i++) printf(" %08llx", (unsigned long long)XS[i]);
    printf("\ny         ");
    for (int i = 0; i < N; i++) printf(" %08llx", (unsigned long long)YS[i]);
    printf("\n");
    T *dx, *dy; unsigned long long *d;
    cudaMalloc(&dx, sizeof hx); cudaMalloc(&dy, sizeof hy); cudaMalloc(&d, 8ull * N * NF);
    cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice);
    cudaMemcpy(dy, hy, sizeof hy, cudaMemcpyHostToDevice);
    k<<<(N + 63) / 64, 64>>>(dx, dy, d);
    static unsigned long long o[N * NF];
    cudaError_t e = cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
    printf("kernel: %s\n", cudaGetErrorString(e));
    show("dev", o);
    return 0;
}
