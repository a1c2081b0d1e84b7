// Float exact one-argument functions: frexp/ldexp/scalbn/ilogb/logb/modf and every rounding
// function, lrint/llround of large values: exact bits.
#include <cstdio>
#include <cstring>
#include <cmath>
#include <cstdint>

typedef float T;
typedef unsigned U;
__host__ __device__ static inline unsigned long long F(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
__host__ __device__ static inline unsigned long long D(double f) { unsigned long long u; memcpy(&u, &f, 8); return u; }
__host__ __device__ static inline unsigned long long I(long long v) { return (unsigned long long)v; }
constexpr int N = 35;
constexpr int NF = 20;
static const U XS[N] = {0x0, 0x80000000, 0x1, 0x80000001, 0x7fffff, 0x800000, 0x80800000, 0x3f800000, 0xbf800000, 0x3f000000, 0x40000000, 0x3f800001, 0x3f7fffff, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fffffff, 0x7fc00000, 0x7fa12345, 0xffc00001, 0x40200000, 0x40600000, 0xc0200000, 0x3effffff, 0xbeffffff, 0x4b000001, 0x60ad78ec, 0x800116c2, 0x3f400000, 0x3fc00000, 0xbfc00000, 0x80000, 0x4f32d05e, 0xcf32d05e};
static const U YS[N] = {0xcf32d05e, 0x4f32d05e, 0x80000, 0xbfc00000, 0x3fc00000, 0x3f400000, 0x800116c2, 0x60ad78ec, 0x4b000001, 0xbeffffff, 0x3effffff, 0xc0200000, 0x40600000, 0x40200000, 0xffc00001, 0x7fa12345, 0x7fc00000, 0x7fffffff, 0xff800000, 0x7f800000, 0xff7fffff, 0x7f7fffff, 0x3f7fffff, 0x3f800001, 0x40000000, 0x3f000000, 0xbf800000, 0x3f800000, 0x80800000, 0x800000, 0x7fffff, 0x80000001, 0x1, 0x80000000, 0x0};
static const char *NAMES[NF] = {"frexpf", "frexpf.e", "ldexpf(-140)", "ldexpf(200)", "scalbnf(-149)", "scalblnf", "ilogbf", "logbf", "modff", "roundf", "rintf", "nearbyintf", "truncf", "floorf", "ceilf", "lrintf", "llroundf", "fabsf", "signbit", "isnan/inf/fin"};
__device__ void eval(T a, T b, unsigned long long *r) {
    int q = 0; (void)q; (void)b;
    { r[0 * N] = F(frexpf(a, &q)); }
    { r[1 * N] = ({ frexpf(a, &q); I(q); }); }
    { r[2 * N] = F(ldexpf(a, -140)); }
    { r[3 * N] = F(ldexpf(a, 200)); }
    { r[4 * N] = F(scalbnf(a, -149)); }
    { r[5 * N] = F(scalblnf(a, 3L)); }
    { r[6 * N] = I(ilogbf(a)); }
    { r[7 * N] = F(logbf(a)); }
    { r[8 * N] = ({ float ip; F(modff(a, &ip)) ^ F(ip) << 32; }); }
    { r[9 * N] = F(roundf(a)); }
    { r[10 * N] = F(rintf(a)); }
    { r[11 * N] = F(nearbyintf(a)); }
    { r[12 * N] = F(truncf(a)); }
    { r[13 * N] = F(floorf(a)); }
    { r[14 * N] = F(ceilf(a)); }
    { r[15 * N] = I(isfinite(a) && fabsf(a) < 9e18f ? lrintf(a) : 0); }
    { r[16 * N] = I(isfinite(a) && fabsf(a) < 9e18f ? llroundf(a) : 0); }
    { r[17 * N] = F(fabsf(a)); }
    { r[18 * N] = I(signbit(a) != 0); }
    { r[19 * N] = I(isnan(a) * 4 + isinf(a) * 2 + isfinite(a)); }
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
