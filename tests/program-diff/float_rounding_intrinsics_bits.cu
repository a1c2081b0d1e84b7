// Float arithmetic intrinsics in every rounding mode (__fadd_r* __fsub_r* __fmul_r* __fdiv_r*
// __frcp_r* __fsqrt_r* __fmaf_r*) at halfway cases, overflow, subnormals and NaN payloads: exact bits.
#include <cstdio>
#include <cstring>
#include <cmath>
#include <cstdint>

typedef float T;
typedef unsigned U;
__host__ __device__ static inline unsigned long long F(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
__host__ __device__ static inline unsigned long long D(double f) { unsigned long long u; memcpy(&u, &f, 8); return u; }
__host__ __device__ static inline unsigned long long I(long long v) { return (unsigned long long)v; }
constexpr int N = 22;
constexpr int NF = 30;
static const U XS[N] = {0x3f800000, 0xbf800000, 0x40400000, 0x3dcccccd, 0xbdcccccd, 0x1, 0x80000001, 0x7fffff, 0x7e967699, 0x7f61b1e6, 0xff61b1e6, 0x7f800000, 0x7fc00000, 0x7fa00001, 0x0, 0x80000000, 0x4b800000, 0x3f800001, 0x40e00000, 0x40000000, 0x800000, 0x1e3ce508};
static const U YS[N] = {0x40400000, 0x40400000, 0xc0e00000, 0x3e99999a, 0x3e99999a, 0x3f000000, 0x40000000, 0x1, 0x40400000, 0x7f61b1e6, 0xff61b1e6, 0x3f800000, 0x3f800000, 0x3f800000, 0x80000000, 0x0, 0x3f800000, 0x33800000, 0xc2440000, 0x7f800000, 0x3f000000, 0x1e3ce508};
static const char *NAMES[NF] = {"__fadd_rn", "__fadd_rz", "__fadd_ru", "__fadd_rd", "__fsub_rn", "__fsub_rz", "__fsub_ru", "__fsub_rd", "__fmul_rn", "__fmul_rz", "__fmul_ru", "__fmul_rd", "__fdiv_rn", "__fdiv_rz", "__fdiv_ru", "__fdiv_rd", "__frcp_rn", "__fsqrt_rn", "__fmaf_rn", "__frcp_rz", "__fsqrt_rz", "__fmaf_rz", "__frcp_ru", "__fsqrt_ru", "__fmaf_ru", "__frcp_rd", "__fsqrt_rd", "__fmaf_rd", "__fmaf_ieee_rn", "__fmul_rn0"};
__device__ void eval(T a, T b, unsigned long long *r) {
    int q = 0; (void)q; (void)b;
    { r[0 * N] = F(__fadd_rn(a, b)); }
    { r[1 * N] = F(__fadd_rz(a, b)); }
    { r[2 * N] = F(__fadd_ru(a, b)); }
    { r[3 * N] = F(__fadd_rd(a, b)); }
    { r[4 * N] = F(__fsub_rn(a, b)); }
    { r[5 * N] = F(__fsub_rz(a, b)); }
    { r[6 * N] = F(__fsub_ru(a, b)); }
    { r[7 * N] = F(__fsub_rd(a, b)); }
    { r[8 * N] = F(__fmul_rn(a, b)); }
    { r[9 * N] = F(__fmul_rz(a, b)); }
    { r[10 * N] = F(__fmul_ru(a, b)); }
    { r[11 * N] = F(__fmul_rd(a, b)); }
    { r[12 * N] = F(__fdiv_rn(a, b)); }
    { r[13 * N] = F(__fdiv_rz(a, b)); }
    { r[14 * N] = F(__fdiv_ru(a, b)); }
    { r[15 * N] = F(__fdiv_rd(a, b)); }
    { r[16 * N] = F(__frcp_rn(a)); }
    { r[17 * N] = F(__fsqrt_rn(a)); }
    { r[18 * N] = F(__fmaf_rn(a, b, -1.0f)); }
    { r[19 * N] = F(__frcp_rz(a)); }
    { r[20 * N] = F(__fsqrt_rz(a)); }
    { r[21 * N] = F(__fmaf_rz(a, b, -1.0f)); }
    { r[22 * N] = F(__frcp_ru(a)); }
    { r[23 * N] = F(__fsqrt_ru(a)); }
    { r[24 * N] = F(__fmaf_ru(a, b, -1.0f)); }
    { r[25 * N] = F(__frcp_rd(a)); }
    { r[26 * N] = F(__fsqrt_rd(a)); }
    { r[27 * N] = F(__fmaf_rd(a, b, -1.0f)); }
    { r[28 * N] = F(__fmaf_ieee_rn(a, b, 1e-30f)); }
    { r[29 * N] = F(__fmul_rn(a, 0.0f)); }
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
