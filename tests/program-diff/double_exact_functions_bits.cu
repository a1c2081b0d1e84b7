// Double exact one-argument functions: frexp/ldexp/scalbn/ilogb/logb/modf and every rounding
// function, lrint/llround: exact bits.
#include <cstdio>
#include <cstring>
#include <cmath>
#include <cstdint>

typedef double T;
typedef unsigned long long U;
__host__ __device__ static inline unsigned long long F(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
__host__ __device__ static inline unsigned long long D(double f) { unsigned long long u; memcpy(&u, &f, 8); return u; }
__host__ __device__ static inline unsigned long long I(long long v) { return (unsigned long long)v; }
constexpr int N = 35;
constexpr int NF = 18;
static const U XS[N] = {0x0, 0x8000000000000000, 0x1, 0x8000000000000001, 0xfffffffffffff, 0x10000000000000, 0x8010000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x3fe0000000000000, 0x4000000000000000, 0x3ff0000000000001, 0x3fefffffffffffff, 0x7fefffffffffffff, 0xffefffffffffffff, 0x7ff0000000000000, 0xfff0000000000000, 0x7fffffffffffffff, 0x7ff8000000000000, 0x7ff4000000012345, 0xfff8000000000001, 0x4004000000000000, 0x400c000000000000, 0xc004000000000000, 0x3fdfffffffffffff, 0xbfdfffffffffffff, 0x4330000000000001, 0x4415af1d78b58c40, 0x800012688b70e62b, 0x3fe8000000000000, 0x3ff8000000000000, 0xbff8000000000000, 0x100000000000, 0x43c4d1120d7b1600, 0xc3c4d1120d7b1600};
static const U YS[N] = {0xc3c4d1120d7b1600, 0x43c4d1120d7b1600, 0x100000000000, 0xbff8000000000000, 0x3ff8000000000000, 0x3fe8000000000000, 0x800012688b70e62b, 0x4415af1d78b58c40, 0x4330000000000001, 0xbfdfffffffffffff, 0x3fdfffffffffffff, 0xc004000000000000, 0x400c000000000000, 0x4004000000000000, 0xfff8000000000001, 0x7ff4000000012345, 0x7ff8000000000000, 0x7fffffffffffffff, 0xfff0000000000000, 0x7ff0000000000000, 0xffefffffffffffff, 0x7fefffffffffffff, 0x3fefffffffffffff, 0x3ff0000000000001, 0x4000000000000000, 0x3fe0000000000000, 0xbff0000000000000, 0x3ff0000000000000, 0x8010000000000000, 0x10000000000000, 0xfffffffffffff, 0x8000000000000001, 0x1, 0x8000000000000000, 0x0};
static const char *NAMES[NF] = {"frexp", "frexp.e", "ldexp(-1070)", "ldexp(2000)", "scalbn(-1074)", "scalbln", "ilogb", "logb", "modf.f", "modf.i", "round", "rint", "nearbyint", "trunc", "floor", "ceil", "lrint", "llround"};
__device__ void eval(T a, T b, unsigned long long *r) {
    int q = 0; (void)q; (void)b;
    { r[0 * N] = D(frexp(a, &q)); }
    { r[1 * N] = ({ frexp(a, &q); I(q); }); }
    { r[2 * N] = D(ldexp(a, -1070)); }
    { r[3 * N] = D(ldexp(a, 2000)); }
    { r[4 * N] = D(scalbn(a, -1074)); }
    { r[5 * N] = D(scalbln(a, 3L)); }
    { r[6 * N] = I(ilogb(a)); }
    { r[7 * N] = D(logb(a)); }
    { r[8 * N] = ({ double ip; D(modf(a, &ip)); }); }
    { r[9 * N] = ({ double ip; modf(a, &ip); D(ip); }); }
    { r[10 * N] = D(round(a)); }
    { r[11 * N] = D(rint(a)); }
    { r[12 * N] = D(nearbyint(a)); }
    { r[13 * N] = D(trunc(a)); }
    { r[14 * N] = D(floor(a)); }
    { r[15 * N] = D(ceil(a)); }
    { r[16 * N] = I(isfinite(a) && fabs(a) < 9e18 ? lrint(a) : 0); }
    { r[17 * N] = I(isfinite(a) && fabs(a) < 9e18 ? llround(a) : 0); }
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
