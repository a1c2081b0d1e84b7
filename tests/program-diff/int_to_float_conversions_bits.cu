// Integer to float, double, half and bfloat16 conversions in every rounding mode at the precision
// boundaries: exact bits (device and the headers' host code).
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
constexpr int N = 16;
constexpr int NF = 37;
static const U XS[N] = {0x0, 0x1, 0xffffffff, 0x80000000, 0x7fffffff, 0x7fffffc0, 0x7fffffbf, 0x1000001, 0x1000003, 0xfeffffff, 0xffffff, 0x12345678, 0x80000001, 0xffffff81, 0x7fffff40, 0x2000002};
static const U YS[N] = {0x2000002, 0x7fffff40, 0xffffff81, 0x80000001, 0x12345678, 0xffffff, 0xfeffffff, 0x1000003, 0x1000001, 0x7fffffbf, 0x7fffffc0, 0x7fffffff, 0x80000000, 0xffffffff, 0x1, 0x0};
static const char *NAMES[NF] = {"int2float_rn", "int2float_rz", "int2float_ru", "int2float_rd", "uint2float_rn", "uint2float_rz", "uint2float_ru", "uint2float_rd", "ll2float_rn", "ll2float_rz", "ll2float_ru", "ll2float_rd", "ull2float_rn", "ull2float_rz", "ull2float_ru", "ull2float_rd", "ll2double_rn", "ll2double_rz", "ll2double_ru", "ll2double_rd", "ull2double_rn", "ull2double_rz", "ull2double_ru", "ull2double_rd", "int2half_rn", "int2half_rz", "uint2half_ru", "ll2half_rd", "short2half_rn", "ushort2half_rd", "int2bf16_rn", "uint2bf16_rz", "ll2bf16_ru", "int2double", "hiloint2double", "(float)ull", "(double)ll"};
__device__ void eval(T a, T b, unsigned long long *r) {
    int q = 0; (void)q; (void)b;
    { r[0 * N] = F(__int2float_rn((int)a)); }
    { r[1 * N] = F(__int2float_rz((int)a)); }
    { r[2 * N] = F(__int2float_ru((int)a)); }
    { r[3 * N] = F(__int2float_rd((int)a)); }
    { r[4 * N] = F(__uint2float_rn(a)); }
    { r[5 * N] = F(__uint2float_rz(a)); }
    { r[6 * N] = F(__uint2float_ru(a)); }
    { r[7 * N] = F(__uint2float_rd(a)); }
    { r[8 * N] = F(__ll2float_rn((long long)a << 31 | a)); }
    { r[9 * N] = F(__ll2float_rz((long long)a << 31 | a)); }
    { r[10 * N] = F(__ll2float_ru((long long)a << 31 | a)); }
    { r[11 * N] = F(__ll2float_rd((long long)a << 31 | a)); }
    { r[12 * N] = F(__ull2float_rn((unsigned long long)a << 32 | b)); }
    { r[13 * N] = F(__ull2float_rz((unsigned long long)a << 32 | b)); }
    { r[14 * N] = F(__ull2float_ru((unsigned long long)a << 32 | b)); }
    { r[15 * N] = F(__ull2float_rd((unsigned long long)a << 32 | b)); }
    { r[16 * N] = D(__ll2double_rn(((long long)a << 32 | b) ^ 0x5a5)); }
    { r[17 * N] = D(__ll2double_rz(((long long)a << 32 | b) ^ 0x5a5)); }
    { r[18 * N] = D(__ll2double_ru(((long long)a << 32 | b) ^ 0x5a5)); }
    { r[19 * N] = D(__ll2double_rd(((long long)a << 32 | b) ^ 0x5a5)); }
    { r[20 * N] = D(__ull2double_rn((unsigned long long)a << 32 | b)); }
    { r[21 * N] = D(__ull2double_rz((unsigned long long)a << 32 | b)); }
    { r[22 * N] = D(__ull2double_ru((unsigned long long)a << 32 | b)); }
    { r[23 * N] = D(__ull2double_rd((unsigned long long)a << 32 | b)); }
    { r[24 * N] = I(__half_as_ushort(__int2half_rn((int)a >> 12))); }
    { r[25 * N] = I(__half_as_ushort(__int2half_rz((int)a >> 12))); }
    { r[26 * N] = I(__half_as_ushort(__uint2half_ru(a >> 14))); }
    { r[27 * N] = I(__half_as_ushort(__ll2half_rd((long long)(int)a))); }
    { r[28 * N] = I(__half_as_ushort(__short2half_rn((short)a))); }
    { r[29 * N] = I(__half_as_ushort(__ushort2half_rd((unsigned short)b))); }
    { r[30 * N] = I(__bfloat16_as_ushort(__int2bfloat16_rn((int)a))); }
    { r[31 * N] = I(__bfloat16_as_ushort(__uint2bfloat16_rz(a))); }
    { r[32 * N] = I(__bfloat16_as_ushort(__ll2bfloat16_ru((long long)(int)b))); }
    { r[33 * N] = D(__int2double_rn((int)a)); }
    { r[34 * N] = D(__hiloint2double((int)a, (int)b)); }
    { r[35 * N] = F((float)((unsigned long long)a << 32 | b)); }
    { r[36 * N] = D((double)(long long)((unsigned long long)b << 32 | a)); }
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
