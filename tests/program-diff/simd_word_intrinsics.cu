// The SIMD-in-a-word intrinsics (__vabs2 ... __vsubus4) at lane boundaries, saturation and
// sign changes: exact values.
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
constexpr int NF = 68;
static const U XS[N] = {0x0, 0x1, 0xffffffff, 0x80000000, 0x7fffffff, 0x12345678, 0xdeadbeef, 0xff00ff, 0x80808080, 0x7f7f7f7f, 0x1020304, 0xfffefdfc, 0x8000ffff, 0xffff, 0xaaaaaaaa, 0x10000, 0xfe01fe01, 0x7ffe8001};
static const U YS[N] = {0xffffffff, 0x80000000, 0x1, 0x80000000, 0x7fffffff, 0x9abcdef0, 0x3, 0xff00ff00, 0x7f7f7f7f, 0x80808080, 0xfcfdfeff, 0x1020304, 0x17fff, 0xffff0000, 0x55555555, 0x1f, 0x7fff8000, 0x8001fffe};
static const char *NAMES[NF] = {"vabs2", "vabs4", "vabsss2", "vabsss4", "vneg2", "vneg4", "vnegss2", "vnegss4", "vabsdiffs2", "vabsdiffs4", "vabsdiffu2", "vabsdiffu4", "vadd2", "vadd4", "vaddss2", "vaddss4", "vaddus2", "vaddus4", "vavgs2", "vavgs4", "vavgu2", "vavgu4", "vcmpeq2", "vcmpeq4", "vcmpges2", "vcmpges4", "vcmpgeu2", "vcmpgeu4", "vcmpgts2", "vcmpgtu4", "vcmples2", "vcmpleu4", "vcmplts4", "vcmpltu2", "vcmpne2", "vcmpne4", "vhaddu2", "vhaddu4", "vmaxs2", "vmaxs4", "vmaxu2", "vmaxu4", "vmins2", "vmins4", "vminu2", "vminu4", "vsads2", "vsads4", "vsadu2", "vsadu4", "vseteq2", "vseteq4", "vsetges2", "vsetgeu4", "vsetgts4", "vsetgtu2", "vsetles2", "vsetleu4", "vsetlts2", "vsetltu4", "vsetne2", "vsetne4", "vsub2", "vsub4", "vsubss2", "vsubss4", "vsubus2", "vsubus4"};
__device__ void eval(T a, T b, unsigned long long *r) {
    int q = 0; (void)q; (void)b;
    { r[0 * N] = I(__vabs2(a)); }
    { r[1 * N] = I(__vabs4(a)); }
    { r[2 * N] = I(__vabsss2(a)); }
    { r[3 * N] = I(__vabsss4(a)); }
    { r[4 * N] = I(__vneg2(a)); }
    { r[5 * N] = I(__vneg4(a)); }
    { r[6 * N] = I(__vnegss2(a)); }
    { r[7 * N] = I(__vnegss4(a)); }
    { r[8 * N] = I(__vabsdiffs2(a, b)); }
    { r[9 * N] = I(__vabsdiffs4(a, b)); }
    { r[10 * N] = I(__vabsdiffu2(a, b)); }
    { r[11 * N] = I(__vabsdiffu4(a, b)); }
    { r[12 * N] = I(__vadd2(a, b)); }
    { r[13 * N] = I(__vadd4(a, b)); }
    { r[14 * N] = I(__vaddss2(a, b)); }
    { r[15 * N] = I(__vaddss4(a, b)); }
    { r[16 * N] = I(__vaddus2(a, b)); }
    { r[17 * N] = I(__vaddus4(a, b)); }
    { r[18 * N] = I(__vavgs2(a, b)); }
    { r[19 * N] = I(__vavgs4(a, b)); }
    { r[20 * N] = I(__vavgu2(a, b)); }
    { r[21 * N] = I(__vavgu4(a, b)); }
    { r[22 * N] = I(__vcmpeq2(a, b)); }
    { r[23 * N] = I(__vcmpeq4(a, b)); }
    { r[24 * N] = I(__vcmpges2(a, b)); }
    { r[25 * N] = I(__vcmpges4(a, b)); }
    { r[26 * N] = I(__vcmpgeu2(a, b)); }
    { r[27 * N] = I(__vcmpgeu4(a, b)); }
    { r[28 * N] = I(__vcmpgts2(a, b)); }
    { r[29 * N] = I(__vcmpgtu4(a, b)); }
    { r[30 * N] = I(__vcmples2(a, b)); }
    { r[31 * N] = I(__vcmpleu4(a, b)); }
    { r[32 * N] = I(__vcmplts4(a, b)); }
    { r[33 * N] = I(__vcmpltu2(a, b)); }
    { r[34 * N] = I(__vcmpne2(a, b)); }
    { r[35 * N] = I(__vcmpne4(a, b)); }
    { r[36 * N] = I(__vhaddu2(a, b)); }
    { r[37 * N] = I(__vhaddu4(a, b)); }
    { r[38 * N] = I(__vmaxs2(a, b)); }
    { r[39 * N] = I(__vmaxs4(a, b)); }
    { r[40 * N] = I(__vmaxu2(a, b)); }
    { r[41 * N] = I(__vmaxu4(a, b)); }
    { r[42 * N] = I(__vmins2(a, b)); }
    { r[43 * N] = I(__vmins4(a, b)); }
    { r[44 * N] = I(__vminu2(a, b)); }
    { r[45 * N] = I(__vminu4(a, b)); }
    { r[46 * N] = I(__vsads2(a, b)); }
    { r[47 * N] = I(__vsads4(a, b)); }
    { r[48 * N] = I(__vsadu2(a, b)); }
    { r[49 * N] = I(__vsadu4(a, b)); }
    { r[50 * N] = I(__vseteq2(a, b)); }
    { r[51 * N] = I(__vseteq4(a, b)); }
    { r[52 * N] = I(__vsetges2(a, b)); }
    { r[53 * N] = I(__vsetgeu4(a, b)); }
    { r[54 * N] = I(__vsetgts4(a, b)); }
    { r[55 * N] = I(__vsetgtu2(a, b)); }
    { r[56 * N] = I(__vsetles2(a, b)); }
    { r[57 * N] = I(__vsetleu4(a, b)); }
    { r[58 * N] = I(__vsetlts2(a, b)); }
    { r[59 * N] = I(__vsetltu4(a, b)); }
    { r[60 * N] = I(__vsetne2(a, b)); }
    { r[61 * N] = I(__vsetne4(a, b)); }
    { r[62 * N] = I(__vsub2(a, b)); }
    { r[63 * N] = I(__vsub4(a, b)); }
    { r[64 * N] = I(__vsubss2(a, b)); }
    { r[65 * N] = I(__vsubss4(a, b)); }
    { r[66 * N] = I(__vsubus2(a, b)); }
    { r[67 * N] = I(__vsubus4(a, b)); }
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
