// Integer intrinsics: __mulhi/__umulhi/__mul64hi/__umul64hi/__mul24/__sad/__usad/__brev/__brevll/
// __byte_perm/__funnelshift_l/r/lc/rc/__ffs/__ffsll/__clz/__clzll/__popc/__popcll/__dp4a/__dp2a/__hadd/__rhadd/__uhadd: exact values.
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
constexpr int NF = 32;
static const U XS[N] = {0x0, 0x1, 0xffffffff, 0x80000000, 0x7fffffff, 0x12345678, 0xdeadbeef, 0xff00ff, 0x80808080, 0x7f7f7f7f, 0x1020304, 0xfffefdfc, 0x8000ffff, 0xffff, 0xaaaaaaaa, 0x10000, 0xfe01fe01, 0x7ffe8001};
static const U YS[N] = {0xffffffff, 0x80000000, 0x1, 0x80000000, 0x7fffffff, 0x9abcdef0, 0x3, 0xff00ff00, 0x7f7f7f7f, 0x80808080, 0xfcfdfeff, 0x1020304, 0x17fff, 0xffff0000, 0x55555555, 0x1f, 0x7fff8000, 0x8001fffe};
static const char *NAMES[NF] = {"__mulhi", "__umulhi", "__mul64hi", "__umul64hi", "__mul24", "__umul24", "__sad", "__usad", "__brev", "__brevll", "__byte_perm", "__byte_perm2", "__funnelshift_l", "__funnelshift_r", "__funnelshift_lc", "__funnelshift_rc", "__ffs", "__ffsll", "__clz", "__clzll", "__popc", "__popcll", "__dp4a", "__dp4a_u", "__dp2a_lo", "__dp2a_hi", "__hadd", "__rhadd", "__uhadd", "__urhadd", "__fns", "__fns_neg"};
__device__ void eval(T a, T b, unsigned long long *r) {
    int q = 0; (void)q; (void)b;
    { r[0 * N] = I((unsigned)__mulhi((int)a, (int)b)); }
    { r[1 * N] = I(__umulhi(a, b)); }
    { r[2 * N] = I(__mul64hi((long long)a << 31 | b, -(long long)b << 20 | a)); }
    { r[3 * N] = I(__umul64hi((unsigned long long)a << 32 | b, (unsigned long long)b << 32 | ~a)); }
    { r[4 * N] = I((unsigned)__mul24((int)a, (int)b)); }
    { r[5 * N] = I(__umul24(a, b)); }
    { r[6 * N] = I(__sad((int)a, (int)b, 7u)); }
    { r[7 * N] = I(__usad(a, b, 0xfffffff0u)); }
    { r[8 * N] = I(__brev(a)); }
    { r[9 * N] = I(__brevll((unsigned long long)a << 32 | b)); }
    { r[10 * N] = I(__byte_perm(a, b, b & 0xffff)); }
    { r[11 * N] = I(__byte_perm(a, b, 0x8c4a ^ a)); }
    { r[12 * N] = I(__funnelshift_l(a, b, b)); }
    { r[13 * N] = I(__funnelshift_r(a, b, a)); }
    { r[14 * N] = I(__funnelshift_lc(a, b, b)); }
    { r[15 * N] = I(__funnelshift_rc(a, b, a)); }
    { r[16 * N] = I(__ffs((int)a)); }
    { r[17 * N] = I(__ffsll((long long)a << 32)); }
    { r[18 * N] = I(__clz((int)a)); }
    { r[19 * N] = I(__clzll((long long)b)); }
    { r[20 * N] = I(__popc(a)); }
    { r[21 * N] = I(__popcll((unsigned long long)a << 32 | b)); }
    { r[22 * N] = I((unsigned)__dp4a((int)a, (int)b, 1000)); }
    { r[23 * N] = I(__dp4a(a, b, 0xfffffff0u)); }
    { r[24 * N] = I((unsigned)__dp2a_lo((int)a, (int)b, -5)); }
    { r[25 * N] = I(__dp2a_hi(a, b, 7u)); }
    { r[26 * N] = I((unsigned)__hadd((int)a, (int)b)); }
    { r[27 * N] = I((unsigned)__rhadd((int)a, (int)b)); }
    { r[28 * N] = I(__uhadd(a, b)); }
    { r[29 * N] = I(__urhadd(a, b)); }
    { r[30 * N] = I(__fns(a, 3, 2)); }
    { r[31 * N] = I(__fns(a, 20, -3)); }
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
