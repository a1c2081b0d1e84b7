// cuda_bf16.h: every bfloat16 math function over edge values on the device: exact bits.
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
static const U XS[N] = {0x0, 0x8000, 0x1, 0x8001, 0x7f, 0x80, 0x3f80, 0xbf80, 0x3f00, 0x4000, 0x3f81, 0x3f7f, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0x7fff, 0xffc1, 0x7fa1, 0x4049, 0x3fc0, 0x4120, 0x42b1, 0xc2c8, 0x3dcd, 0x4316, 0x4780, 0x3e2b, 0x3eab, 0x42fe, 0xc1a0};
static const U YS[N] = {0xc1a0, 0x42fe, 0x3eab, 0x3e2b, 0x4780, 0x4316, 0x3dcd, 0xc2c8, 0x42b1, 0x4120, 0x3fc0, 0x4049, 0x7fa1, 0xffc1, 0x7fff, 0x7fc0, 0xff80, 0x7f80, 0xff7f, 0x7f7f, 0x3f7f, 0x3f81, 0x4000, 0x3f00, 0xbf80, 0x3f80, 0x80, 0x7f, 0x8001, 0x1, 0x8000, 0x0};
static const char *NAMES[NF] = {"hsqrt", "hrsqrt", "hrcp", "hexp", "hexp2", "hexp10", "hlog", "hlog2", "hlog10", "hsin", "hcos", "htanh", "htanh_approx", "hceil", "hfloor", "htrunc", "hrint", "__habs", "__hneg"};
__device__ void eval(T a, T b, unsigned long long *r) {
    int q = 0; (void)q; (void)b;
    { r[0 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(hsqrt(a_))); }); }
    { r[1 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(hrsqrt(a_))); }); }
    { r[2 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(hrcp(a_))); }); }
    { r[3 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(hexp(a_))); }); }
    { r[4 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(hexp2(a_))); }); }
    { r[5 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(hexp10(a_))); }); }
    { r[6 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(hlog(a_))); }); }
    { r[7 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(hlog2(a_))); }); }
    { r[8 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(hlog10(a_))); }); }
    { r[9 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(hsin(a_))); }); }
    { r[10 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(hcos(a_))); }); }
    { r[11 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(htanh(a_))); }); }
    { r[12 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(htanh_approx(a_))); }); }
    { r[13 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(hceil(a_))); }); }
    { r[14 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(hfloor(a_))); }); }
    { r[15 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(htrunc(a_))); }); }
    { r[16 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(hrint(a_))); }); }
    { r[17 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(__habs(a_))); }); }
    { r[18 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(__hneg(a_))); }); }
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
