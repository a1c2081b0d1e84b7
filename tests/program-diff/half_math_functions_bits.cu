// cuda_fp16.h: every half math function over edge halves on the device: exact bits.
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
constexpr int NF = 19;
static const U XS[N] = {0x0, 0x8000, 0x1, 0x8001, 0x3ff, 0x400, 0x3c00, 0xbc00, 0x3800, 0x4000, 0x3c01, 0x3bff, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7fff, 0xfe01, 0x7d01, 0x4248, 0x3e00, 0x4900, 0x5640, 0xcc00, 0x2e66, 0x4b3d, 0x4c80, 0x498c, 0x3555, 0x57d0, 0xc8b0};
static const U YS[N] = {0xc8b0, 0x57d0, 0x3555, 0x498c, 0x4c80, 0x4b3d, 0x2e66, 0xcc00, 0x5640, 0x4900, 0x3e00, 0x4248, 0x7d01, 0xfe01, 0x7fff, 0x7e00, 0xfc00, 0x7c00, 0xfbff, 0x7bff, 0x3bff, 0x3c01, 0x4000, 0x3800, 0xbc00, 0x3c00, 0x400, 0x3ff, 0x8001, 0x1, 0x8000, 0x0};
static const char *NAMES[NF] = {"hsqrt", "hrsqrt", "hrcp", "hexp", "hexp2", "hexp10", "hlog", "hlog2", "hlog10", "hsin", "hcos", "htanh", "htanh_approx", "hceil", "hfloor", "htrunc", "hrint", "__habs", "__hneg"};
__device__ void eval(T a, T b, unsigned long long *r) {
    int q = 0; (void)q; (void)b;
    { r[0 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(hsqrt(a_))); }); }
    { r[1 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(hrsqrt(a_))); }); }
    { r[2 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(hrcp(a_))); }); }
    { r[3 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(hexp(a_))); }); }
    { r[4 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(hexp2(a_))); }); }
    { r[5 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(hexp10(a_))); }); }
    { r[6 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(hlog(a_))); }); }
    { r[7 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(hlog2(a_))); }); }
    { r[8 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(hlog10(a_))); }); }
    { r[9 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(hsin(a_))); }); }
    { r[10 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(hcos(a_))); }); }
    { r[11 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(htanh(a_))); }); }
    { r[12 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(htanh_approx(a_))); }); }
    { r[13 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(hceil(a_))); }); }
    { r[14 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(hfloor(a_))); }); }
    { r[15 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(htrunc(a_))); }); }
    { r[16 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(hrint(a_))); }); }
    { r[17 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(__habs(a_))); }); }
    { r[18 * N] = ({ __half a_ = __ushort_as_half((unsigned short)a), b_ = __ushort_as_half((unsigned short)b); (void)b_; I(__half_as_ushort(__hneg(a_))); }); }
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
