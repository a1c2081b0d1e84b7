// Double to integer, float, half and bfloat16 conversions in every rounding mode at halfway cases,
// saturation bounds, NaN and infinity: exact values (device and the headers' host code).
#include <cstdio>
#include <cstring>
#include <cmath>
#include <cstdint>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
typedef double T;
typedef unsigned long long U;
__host__ __device__ static inline unsigned long long F(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
__host__ __device__ static inline unsigned long long D(double f) { unsigned long long u; memcpy(&u, &f, 8); return u; }
__host__ __device__ static inline unsigned long long I(long long v) { return (unsigned long long)v; }
constexpr int N = 49;
constexpr int NF = 26;
static const U XS[N] = {0x0, 0x8000000000000000, 0x1, 0x8000000000000001, 0xfffffffffffff, 0x10000000000000, 0x8010000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x3fe0000000000000, 0x4000000000000000, 0x3ff0000000000001, 0x3fefffffffffffff, 0x7fefffffffffffff, 0xffefffffffffffff, 0x7ff0000000000000, 0xfff0000000000000, 0x7fffffffffffffff, 0x7ff8000000000000, 0x7ff4000000012345, 0xfff8000000000001, 0x3fe0000000000000, 0x3ff8000000000000, 0x4004000000000000, 0xbfe0000000000000, 0xc004000000000000, 0x41dfffffffe00000, 0x41e0000000000000, 0xc1e0000000100000, 0xc1e0000000200000, 0x41effffffff00000, 0x41f0000000000000, 0x43dfffffffffffff, 0x43e0000000000000, 0xc3e0000000000000, 0x43efffffffffffff, 0x43f0000000000000, 0x40effdffffeb074a, 0x40effe0000000000, 0x3e70000000000000, 0x3e60000000000000, 0x3e60000000000000, 0x47effffff0000000, 0x47efffffefffffff, 0x36a0000000000000, 0x3690000000000000, 0x3690000000000001, 0x3ff0000010000000, 0x3ff000000fffffff};
static const U YS[N] = {0x3ff000000fffffff, 0x3ff0000010000000, 0x3690000000000001, 0x3690000000000000, 0x36a0000000000000, 0x47efffffefffffff, 0x47effffff0000000, 0x3e60000000000000, 0x3e60000000000000, 0x3e70000000000000, 0x40effe0000000000, 0x40effdffffeb074a, 0x43f0000000000000, 0x43efffffffffffff, 0xc3e0000000000000, 0x43e0000000000000, 0x43dfffffffffffff, 0x41f0000000000000, 0x41effffffff00000, 0xc1e0000000200000, 0xc1e0000000100000, 0x41e0000000000000, 0x41dfffffffe00000, 0xc004000000000000, 0xbfe0000000000000, 0x4004000000000000, 0x3ff8000000000000, 0x3fe0000000000000, 0xfff8000000000001, 0x7ff4000000012345, 0x7ff8000000000000, 0x7fffffffffffffff, 0xfff0000000000000, 0x7ff0000000000000, 0xffefffffffffffff, 0x7fefffffffffffff, 0x3fefffffffffffff, 0x3ff0000000000001, 0x4000000000000000, 0x3fe0000000000000, 0xbff0000000000000, 0x3ff0000000000000, 0x8010000000000000, 0x10000000000000, 0xfffffffffffff, 0x8000000000000001, 0x1, 0x8000000000000000, 0x0};
static const char *NAMES[NF] = {"d2int_rn", "d2int_rz", "d2int_ru", "d2int_rd", "d2uint_rn", "d2uint_rz", "d2uint_ru", "d2uint_rd", "d2ll_rn", "d2ll_rz", "d2ll_ru", "d2ll_rd", "d2ull_rn", "d2ull_rz", "d2ull_ru", "d2ull_rd", "d2float_rn", "d2float_rz", "d2float_ru", "d2float_rd", "(float)a", "(int)a", "d2half", "d2bf16", "hiloint", "d2ll_rn(a*1e-300)"};
__device__ void eval(T a, T b, unsigned long long *r) {
    int q = 0; (void)q; (void)b;
    { r[0 * N] = I((unsigned)__double2int_rn(a)); }
    { r[1 * N] = I((unsigned)__double2int_rz(a)); }
    { r[2 * N] = I((unsigned)__double2int_ru(a)); }
    { r[3 * N] = I((unsigned)__double2int_rd(a)); }
    { r[4 * N] = I(__double2uint_rn(a)); }
    { r[5 * N] = I(__double2uint_rz(a)); }
    { r[6 * N] = I(__double2uint_ru(a)); }
    { r[7 * N] = I(__double2uint_rd(a)); }
    { r[8 * N] = I((unsigned long long)__double2ll_rn(a)); }
    { r[9 * N] = I((unsigned long long)__double2ll_rz(a)); }
    { r[10 * N] = I((unsigned long long)__double2ll_ru(a)); }
    { r[11 * N] = I((unsigned long long)__double2ll_rd(a)); }
    { r[12 * N] = I(__double2ull_rn(a)); }
    { r[13 * N] = I(__double2ull_rz(a)); }
    { r[14 * N] = I(__double2ull_ru(a)); }
    { r[15 * N] = I(__double2ull_rd(a)); }
    { r[16 * N] = F(__double2float_rn(a)); }
    { r[17 * N] = F(__double2float_rz(a)); }
    { r[18 * N] = F(__double2float_ru(a)); }
    { r[19 * N] = F(__double2float_rd(a)); }
    { r[20 * N] = F((float)a); }
    { r[21 * N] = I((unsigned)(int)a); }
    { r[22 * N] = I(__half_as_ushort(__double2half(a))); }
    { r[23 * N] = I(__bfloat16_as_ushort(__double2bfloat16(a))); }
    { r[24 * N] = I((unsigned)__double2hiint(a) ^ (unsigned long long)(unsigned)__double2loint(a) << 32); }
    { r[25 * N] = I((unsigned long long)__double2ll_rn(a * 1e-300)); }
}
__global__ void k(const T *x, const T *y, unsigned long long *o) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) eval(x[i], y[i], o + i);
}
static void show(const char *who, const unsigned long long *o) {
    for (int j = 0; j < NF; j++) {
        printf("%s %-10s", who, NAMES[j]);
        for (int i = 0; i < N; i++) printf(" %016llx", o[j * N + i]);
        printf("\n");
    }
}
int main() {
    T hx[N], hy[N];
    memcpy(hx, XS, sizeof hx); memcpy(hy, YS, sizeof hy);
    printf("x         ");
    for (int i = 0; i < N; i++) printf(" %016llx", (unsigned long long)XS[i]);
    printf("\ny         ");
    for (int i = 0; i < N; i++) printf(" %016llx", (unsigned long long)YS[i]);
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
