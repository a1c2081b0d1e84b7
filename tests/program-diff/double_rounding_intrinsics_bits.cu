// Double arithmetic intrinsics in every rounding mode (__dadd_r* __dsub_r* __dmul_r* __ddiv_r*
// __drcp_r* __dsqrt_r* __fma_r*) at halfway cases, overflow, subnormals and NaN payloads: exact bits.
#include <cstdio>
#include <cstring>
#include <cmath>
#include <cstdint>

typedef double T;
typedef unsigned long long U;
__host__ __device__ static inline unsigned long long F(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
__host__ __device__ static inline unsigned long long D(double f) { unsigned long long u; memcpy(&u, &f, 8); return u; }
__host__ __device__ static inline unsigned long long I(long long v) { return (unsigned long long)v; }
constexpr int N = 22;
constexpr int NF = 28;
static const U XS[N] = {0x3ff0000000000000, 0xbff0000000000000, 0x4008000000000000, 0x3fb999999999999a, 0xbfb999999999999a, 0x1, 0x8000000000000001, 0xfffffffffffff, 0x7fe1ccf385ebc8a0, 0x7fee42d130773b76, 0xffee42d130773b76, 0x7ff0000000000000, 0x7ff8000000000000, 0x7ff4000000000001, 0x0, 0x8000000000000000, 0x4340000000000000, 0x3ff0000000000001, 0x401c000000000000, 0x4000000000000000, 0x10000000000000, 0x16687e92154ef7ac};
static const U YS[N] = {0x4008000000000000, 0x4008000000000000, 0xc01c000000000000, 0x3fd3333333333333, 0x3fd3333333333333, 0x3fe0000000000000, 0x4000000000000000, 0x1, 0x4008000000000000, 0x7fee42d130773b76, 0xffee42d130773b76, 0x3ff0000000000000, 0x3ff0000000000000, 0x3ff0000000000000, 0x8000000000000000, 0x0, 0x3ff0000000000000, 0x3ca0000000000000, 0xc048800000000000, 0x7ff0000000000000, 0x3fe0000000000000, 0x16687e92154ef7ac};
static const char *NAMES[NF] = {"__dadd_rn", "__dadd_rz", "__dadd_ru", "__dadd_rd", "__dsub_rn", "__dsub_rz", "__dsub_ru", "__dsub_rd", "__dmul_rn", "__dmul_rz", "__dmul_ru", "__dmul_rd", "__ddiv_rn", "__ddiv_rz", "__ddiv_ru", "__ddiv_rd", "__drcp_rn", "__dsqrt_rn", "__fma_rn", "__drcp_rz", "__dsqrt_rz", "__fma_rz", "__drcp_ru", "__dsqrt_ru", "__fma_ru", "__drcp_rd", "__dsqrt_rd", "__fma_rd"};
__device__ void eval(T a, T b, unsigned long long *r) {
    int q = 0; (void)q; (void)b;
    { r[0 * N] = D(__dadd_rn(a, b)); }
    { r[1 * N] = D(__dadd_rz(a, b)); }
    { r[2 * N] = D(__dadd_ru(a, b)); }
    { r[3 * N] = D(__dadd_rd(a, b)); }
    { r[4 * N] = D(__dsub_rn(a, b)); }
    { r[5 * N] = D(__dsub_rz(a, b)); }
    { r[6 * N] = D(__dsub_ru(a, b)); }
    { r[7 * N] = D(__dsub_rd(a, b)); }
    { r[8 * N] = D(__dmul_rn(a, b)); }
    { r[9 * N] = D(__dmul_rz(a, b)); }
    { r[10 * N] = D(__dmul_ru(a, b)); }
    { r[11 * N] = D(__dmul_rd(a, b)); }
    { r[12 * N] = D(__ddiv_rn(a, b)); }
    { r[13 * N] = D(__ddiv_rz(a, b)); }
    { r[14 * N] = D(__ddiv_ru(a, b)); }
    { r[15 * N] = D(__ddiv_rd(a, b)); }
    { r[16 * N] = D(__drcp_rn(a)); }
    { r[17 * N] = D(__dsqrt_rn(a)); }
    { r[18 * N] = D(__fma_rn(a, b, -1.0)); }
    { r[19 * N] = D(__drcp_rz(a)); }
    { r[20 * N] = D(__dsqrt_rz(a)); }
    { r[21 * N] = D(__fma_rz(a, b, -1.0)); }
    { r[22 * N] = D(__drcp_ru(a)); }
    { r[23 * N] = D(__dsqrt_ru(a)); }
    { r[24 * N] = D(__fma_ru(a, b, -1.0)); }
    { r[25 * N] = D(__drcp_rd(a)); }
    { r[26 * N] = D(__dsqrt_rd(a)); }
    { r[27 * N] = D(__fma_rd(a, b, -1.0)); }
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
