// cuda_fp8.h: float, double, half and bfloat16 to e4m3/e5m2 with and without saturation, pairs,
// the classes, back to half, e8m0: exact values on the device and in the headers' host code.
#include <cstdio>
#include <cstring>
#include <cmath>
#include <cstdint>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
typedef float T;
typedef unsigned U;
__host__ __device__ static inline unsigned long long F(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
__host__ __device__ static inline unsigned long long D(double f) { unsigned long long u; memcpy(&u, &f, 8); return u; }
__host__ __device__ static inline unsigned long long I(long long v) { return (unsigned long long)v; }
constexpr int N = 39;
constexpr int NF = 31;
static const U XS[N] = {0x0, 0x80000000, 0x1, 0x80000001, 0x7fffff, 0x800000, 0x80800000, 0x3f800000, 0xbf800000, 0x3f000000, 0x40000000, 0x3f800001, 0x3f7fffff, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fffffff, 0x7fc00000, 0x7fa12345, 0xffc00001, 0x43e00000, 0x43e80000, 0x43f00000, 0x47600000, 0x47700000, 0x3b000000, 0x3a800000, 0x3ac00000, 0x37800000, 0x37000000, 0x37400000, 0x3f880000, 0x3f980000, 0xbc23d70a, 0x3b449ba6, 0x43700000, 0x47c35000, 0x3f600000};
static const U YS[N] = {0x3f600000, 0x47c35000, 0x43700000, 0x3b449ba6, 0xbc23d70a, 0x3f980000, 0x3f880000, 0x37400000, 0x37000000, 0x37800000, 0x3ac00000, 0x3a800000, 0x3b000000, 0x47700000, 0x47600000, 0x43f00000, 0x43e80000, 0x43e00000, 0xffc00001, 0x7fa12345, 0x7fc00000, 0x7fffffff, 0xff800000, 0x7f800000, 0xff7fffff, 0x7f7fffff, 0x3f7fffff, 0x3f800001, 0x40000000, 0x3f000000, 0xbf800000, 0x3f800000, 0x80800000, 0x800000, 0x7fffff, 0x80000001, 0x1, 0x80000000, 0x0};
static const char *NAMES[NF] = {"f_nosa_e4m3", "d_nosa_e4m3", "h_nosa_e4m3", "bf_nosa_e4m3", "f2_nosa_e4m3", "f_nosa_e5m2", "d_nosa_e5m2", "h_nosa_e5m2", "bf_nosa_e5m2", "f2_nosa_e5m2", "f_satf_e4m3", "d_satf_e4m3", "h_satf_e4m3", "bf_satf_e4m3", "f2_satf_e4m3", "f_satf_e5m2", "d_satf_e5m2", "h_satf_e5m2", "bf_satf_e5m2", "f2_satf_e5m2", "e4m3->half", "e5m2->half", "e4m3 class", "e5m2 class", "e4m3(dbl)", "e5m2(half)", "e4m3x2", "e4m3->int", "e8m0_rz", "e8m0_ru", "e8m0->bf16"};
__host__ __device__ void eval(T a, T b, unsigned long long *r) {
    int q = 0; (void)q; (void)b;
    { r[0 * N] = I(__nv_cvt_float_to_fp8(a, __NV_NOSAT, __NV_E4M3)); }
    { r[1 * N] = I(__nv_cvt_double_to_fp8((double)a * (1 + 0x1p-30), __NV_NOSAT, __NV_E4M3)); }
    { r[2 * N] = I(__nv_cvt_halfraw_to_fp8(__half_raw(__float2half(a)), __NV_NOSAT, __NV_E4M3)); }
    { r[3 * N] = I(__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw(__float2bfloat16(a)), __NV_NOSAT, __NV_E4M3)); }
    { r[4 * N] = I(__nv_cvt_float2_to_fp8x2(make_float2(a, b), __NV_NOSAT, __NV_E4M3)); }
    { r[5 * N] = I(__nv_cvt_float_to_fp8(a, __NV_NOSAT, __NV_E5M2)); }
    { r[6 * N] = I(__nv_cvt_double_to_fp8((double)a * (1 + 0x1p-30), __NV_NOSAT, __NV_E5M2)); }
    { r[7 * N] = I(__nv_cvt_halfraw_to_fp8(__half_raw(__float2half(a)), __NV_NOSAT, __NV_E5M2)); }
    { r[8 * N] = I(__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw(__float2bfloat16(a)), __NV_NOSAT, __NV_E5M2)); }
    { r[9 * N] = I(__nv_cvt_float2_to_fp8x2(make_float2(a, b), __NV_NOSAT, __NV_E5M2)); }
    { r[10 * N] = I(__nv_cvt_float_to_fp8(a, __NV_SATFINITE, __NV_E4M3)); }
    { r[11 * N] = I(__nv_cvt_double_to_fp8((double)a * (1 + 0x1p-30), __NV_SATFINITE, __NV_E4M3)); }
    { r[12 * N] = I(__nv_cvt_halfraw_to_fp8(__half_raw(__float2half(a)), __NV_SATFINITE, __NV_E4M3)); }
    { r[13 * N] = I(__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw(__float2bfloat16(a)), __NV_SATFINITE, __NV_E4M3)); }
    { r[14 * N] = I(__nv_cvt_float2_to_fp8x2(make_float2(a, b), __NV_SATFINITE, __NV_E4M3)); }
    { r[15 * N] = I(__nv_cvt_float_to_fp8(a, __NV_SATFINITE, __NV_E5M2)); }
    { r[16 * N] = I(__nv_cvt_double_to_fp8((double)a * (1 + 0x1p-30), __NV_SATFINITE, __NV_E5M2)); }
    { r[17 * N] = I(__nv_cvt_halfraw_to_fp8(__half_raw(__float2half(a)), __NV_SATFINITE, __NV_E5M2)); }
    { r[18 * N] = I(__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw(__float2bfloat16(a)), __NV_SATFINITE, __NV_E5M2)); }
    { r[19 * N] = I(__nv_cvt_float2_to_fp8x2(make_float2(a, b), __NV_SATFINITE, __NV_E5M2)); }
    { r[20 * N] = I(__nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(F(a) >> 24), __NV_E4M3).x); }
    { r[21 * N] = I(__nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(F(a) >> 24), __NV_E5M2).x); }
    { r[22 * N] = F(float(__nv_fp8_e4m3(a))); }
    { r[23 * N] = F(float(__nv_fp8_e5m2(a))); }
    { r[24 * N] = I(__nv_fp8_e4m3((double)a).__x); }
    { r[25 * N] = I(__nv_fp8_e5m2(__float2half(a)).__x); }
    { r[26 * N] = I(__nv_fp8x2_e4m3(make_float2(a, b)).__x); }
    { r[27 * N] = I((unsigned)(int)__nv_fp8_e4m3(a)); }
    { r[28 * N] = I(__nv_cvt_float_to_e8m0(a, __NV_SATFINITE, cudaRoundZero)); }
    { r[29 * N] = I(__nv_cvt_float_to_e8m0(a, __NV_NOSAT, cudaRoundPosInf)); }
    { r[30 * N] = I(__nv_cvt_e8m0_to_bf16raw((__nv_fp8_storage_t)(F(a) >> 23)).x); }
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
