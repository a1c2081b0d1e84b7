// cuda_bf16.h: every bfloat16 arithmetic, comparison with NaN and conversion to integers
// over edge values, on the device and in the headers' host code: exact bits.
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
constexpr int NF = 18;
static const U XS[N] = {0x0, 0x8000, 0x1, 0x8001, 0x7f, 0x80, 0x3f80, 0xbf80, 0x3f00, 0x4000, 0x3f81, 0x3f7f, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0x7fff, 0xffc1, 0x7fa1, 0x4049, 0x3fc0, 0x4120, 0x42b1, 0xc2c8, 0x3dcd, 0x4316, 0x4780, 0x3e2b, 0x3eab, 0x42fe, 0xc1a0};
static const U YS[N] = {0xc1a0, 0x42fe, 0x3eab, 0x3e2b, 0x4780, 0x4316, 0x3dcd, 0xc2c8, 0x42b1, 0x4120, 0x3fc0, 0x4049, 0x7fa1, 0xffc1, 0x7fff, 0x7fc0, 0xff80, 0x7f80, 0xff7f, 0x7f7f, 0x3f7f, 0x3f81, 0x4000, 0x3f00, 0xbf80, 0x3f80, 0x80, 0x7f, 0x8001, 0x1, 0x8000, 0x0};
static const char *NAMES[NF] = {"__hadd", "__hsub", "__hmul", "__hdiv", "__hmax", "__hmin", "__hmax_nan", "__hmin_nan", "__hadd_rn", "__hmul_rn", "cmp", "__hisinf", "__hisnan", "bf162float", "b2int_rz", "b2char_rz", "b2uchar_rz", "b2half"};
__host__ __device__ void eval(T a, T b, unsigned long long *r) {
    int q = 0; (void)q; (void)b;
    { r[0 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(__hadd(a_, b_))); }); }
    { r[1 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(__hsub(a_, b_))); }); }
    { r[2 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(__hmul(a_, b_))); }); }
    { r[3 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(__hdiv(a_, b_))); }); }
    { r[4 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(__hmax(a_, b_))); }); }
    { r[5 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(__hmin(a_, b_))); }); }
    { r[6 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(__hmax_nan(a_, b_))); }); }
    { r[7 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(__hmin_nan(a_, b_))); }); }
    { r[8 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(__hadd_rn(a_, b_))); }); }
    { r[9 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__bfloat16_as_ushort(__hmul_rn(a_, b_))); }); }
    { r[10 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__heq(a_, b_) | __hne(a_, b_) << 1 | __hlt(a_, b_) << 2 | __hge(a_, b_) << 3 | __hequ(a_, b_) << 4 | __hneu(a_, b_) << 5 | __hltu(a_, b_) << 6 | __hgtu(a_, b_) << 7); }); }
    { r[11 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I((unsigned)__hisinf(a_)); }); }
    { r[12 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I((unsigned)__hisnan(a_)); }); }
    { r[13 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I((unsigned)F(__bfloat162float(a_))); }); }
    { r[14 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I((unsigned)__bfloat162int_rz(a_)); }); }
    { r[15 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I((unsigned char)__bfloat162char_rz(a_)); }); }
    { r[16 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I((unsigned)__bfloat162uchar_rz(a_)); }); }
    { r[17 * N] = ({ __nv_bfloat16 a_ = __ushort_as_bfloat16((unsigned short)a), b_ = __ushort_as_bfloat16((unsigned short)b); (void)b_; I(__half_as_ushort(__float2half(__bfloat162float(a_)))); }); }
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
    for (int i = 0; i < N; i++) eval(hx[i], hy[i], o + i);
    show("host", o);
    return 0;
}
