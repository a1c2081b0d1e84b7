// The CUDA 12 DPX functions (__vimax3_* __vimin3_* *_relu __viaddmax_* __viaddmin_* __vibmax_* __vibmin_*)
// in device and host code: exact values.
#include <cstdio>
#include <cstring>
#include <cmath>
#include <cstdint>

typedef unsigned T;
typedef unsigned U;
__host__ __device__ static inline unsigned long long F(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
__host__ __device__ static inline unsigned long long D(double f) { unsigned long long u; memcpy(&u, &f, 8); return u; }
__host__ __device__ static inline unsigned long long I(long long v) { return (unsigned long long)v; }
constexpr int N = 18;
constexpr int NF = 28;
static const U XS[N] = {0x0, 0x1, 0xffffffff, 0x80000000, 0x7fffffff, 0x12345678, 0xdeadbeef, 0xff00ff, 0x80808080, 0x7f7f7f7f, 0x1020304, 0xfffefdfc, 0x8000ffff, 0xffff, 0xaaaaaaaa, 0x10000, 0xfe01fe01, 0x7ffe8001};
static const U YS[N] = {0xffffffff, 0x80000000, 0x1, 0x80000000, 0x7fffffff, 0x9abcdef0, 0x3, 0xff00ff00, 0x7f7f7f7f, 0x80808080, 0xfcfdfeff, 0x1020304, 0x17fff, 0xffff0000, 0x55555555, 0x1f, 0x7fff8000, 0x8001fffe};
static const char *NAMES[NF] = {"__vimax3_s32", "__vimax3_s16x2", "__vimax3_u32", "__vimax3_u16x2", "__vimin3_s32", "__vimin3_s16x2", "__vimin3_u32", "__vimin3_u16x2", "__vimax_s32_relu", "__vimax_s16x2_relu", "__vimin_s32_relu", "__vimin_s16x2_relu", "__vimax3_s32_relu", "__vimin3_s16x2_relu", "__viaddmax_s32", "__viaddmax_s16x2", "__viaddmax_u32", "__viaddmax_u16x2", "__viaddmin_s32", "__viaddmin_s16x2", "__viaddmin_u32", "__viaddmin_u16x2", "__viaddmax_s32_relu", "__viaddmin_s16x2_relu", "__vibmax_s32", "__vibmin_u32", "__vibmax_s16x2", "__vibmin_u16x2"};
__host__ __device__ void eval(T a, T b, unsigned long long *r) {
    int q = 0; (void)q; (void)b;
    { r[0 * N] = I((unsigned)__vimax3_s32((int)a, (int)b, (int)(a ^ b))); }
    { r[1 * N] = I(__vimax3_s16x2(a, b, a ^ b)); }
    { r[2 * N] = I(__vimax3_u32(a, b, a ^ b)); }
    { r[3 * N] = I(__vimax3_u16x2(a, b, a ^ b)); }
    { r[4 * N] = I((unsigned)__vimin3_s32((int)a, (int)b, (int)(a ^ b))); }
    { r[5 * N] = I(__vimin3_s16x2(a, b, a ^ b)); }
    { r[6 * N] = I(__vimin3_u32(a, b, a ^ b)); }
    { r[7 * N] = I(__vimin3_u16x2(a, b, a ^ b)); }
    { r[8 * N] = I((unsigned)__vimax_s32_relu((int)a, (int)b)); }
    { r[9 * N] = I(__vimax_s16x2_relu(a, b)); }
    { r[10 * N] = I((unsigned)__vimin_s32_relu((int)a, (int)b)); }
    { r[11 * N] = I(__vimin_s16x2_relu(a, b)); }
    { r[12 * N] = I((unsigned)__vimax3_s32_relu((int)a, (int)b, -5)); }
    { r[13 * N] = I(__vimin3_s16x2_relu(a, b, 0x0005fffb)); }
    { r[14 * N] = I((unsigned)__viaddmax_s32((int)a, (int)b, 100)); }
    { r[15 * N] = I(__viaddmax_s16x2(a, b, 0x7fff8000)); }
    { r[16 * N] = I(__viaddmax_u32(a, b, 100u)); }
    { r[17 * N] = I(__viaddmax_u16x2(a, b, 0x00ff0001)); }
    { r[18 * N] = I((unsigned)__viaddmin_s32((int)a, (int)b, 100)); }
    { r[19 * N] = I(__viaddmin_s16x2(a, b, 0x7fff8000)); }
    { r[20 * N] = I(__viaddmin_u32(a, b, 100u)); }
    { r[21 * N] = I(__viaddmin_u16x2(a, b, 0x00ff0001)); }
    { r[22 * N] = I((unsigned)__viaddmax_s32_relu((int)a, (int)b, -100)); }
    { r[23 * N] = I(__viaddmin_s16x2_relu(a, b, 0x00010001)); }
    { r[24 * N] = ({ bool p; unsigned v = (unsigned)__vibmax_s32((int)a, (int)b, &p); I(v ^ (unsigned long long)p << 40); }); }
    { r[25 * N] = ({ bool p; unsigned v = __vibmin_u32(a, b, &p); I(v ^ (unsigned long long)p << 40); }); }
    { r[26 * N] = ({ bool p, q2; unsigned v = __vibmax_s16x2(a, b, &p, &q2); I(v ^ (unsigned long long)p << 40 ^ (unsigned long long)q2 << 44); }); }
    { r[27 * N] = ({ bool p, q2; unsigned v = __vibmin_u16x2(a, b, &p, &q2); I(v ^ (unsigned long long)p << 40 ^ (unsigned long long)q2 << 44); }); }
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
