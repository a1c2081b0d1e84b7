// How often Cuprite's libdevice gives other bits than NVIDIA's, function by function.
// Built twice, by nvcc (NVIDIA's libdevice: its PTX, which Cuprite executes exactly, gives an
// H200's bits) and by `cuprite nvcc` (Cuprite's libdevice), each run by `cuprite exec`:
//   PROG run DIR [FILTER]   writes DIR/NAME.bin, each function's results over its inputs
//   PROG cmp DIR_NV DIR_CU  one row a function: inputs, results that differ, the largest
//                           distance in units in the last place, the input where it is
// Driven by nvidia_bits.sh. Inputs: deterministic (the same in both builds), a quarter random
// bit patterns (subnormals, huge values, infinities, NaNs), half uniform over the range people
// use the function on, a quarter log-uniform magnitudes of either sign up to that range's end.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

static const int N = 1 << 20;

#define UNARY_F(NAME, EXPR)                                                                       \
    __global__ void k_##NAME(const float *xs, const float *, float *out, int n) {               \
        int i = blockIdx.x * blockDim.x + threadIdx.x;                                            \
        if (i < n) { float x = xs[i]; out[i] = (EXPR); }                                          \
    }
#define BINARY_F(NAME, EXPR)                                                                      \
    __global__ void k_##NAME(const float *xs, const float *ys, float *out, int n) {             \
        int i = blockIdx.x * blockDim.x + threadIdx.x;                                            \
        if (i < n) { float x = xs[i], y = ys[i]; out[i] = (EXPR); }                               \
    }
#define UNARY_D(NAME, EXPR)                                                                       \
    __global__ void k_##NAME(const double *xs, const double *, double *out, int n) {            \
        int i = blockIdx.x * blockDim.x + threadIdx.x;                                            \
        if (i < n) { double x = xs[i]; out[i] = (EXPR); }                                         \
    }
#define BINARY_D(NAME, EXPR)                                                                      \
    __global__ void k_##NAME(const double *xs, const double *ys, double *out, int n) {          \
        int i = blockIdx.x * blockDim.x + threadIdx.x;                                            \
        if (i < n) { double x = xs[i], y = ys[i]; out[i] = (EXPR); }                              \
    }

// name, expression, the range people use it on (lo, hi), and for binary functions y's range.
#define FLOAT_FUNCTIONS(U, B)                                                                     \
    U(sinf, sinf(x), -10.f, 10.f) U(cosf, cosf(x), -10.f, 10.f) U(tanf, tanf(x), -3.2f, 3.2f)     \
    U(sinpif, sinpif(x), -4.f, 4.f) U(cospif, cospif(x), -4.f, 4.f)                               \
    U(expf, expf(x), -20.f, 20.f) U(exp2f, exp2f(x), -20.f, 20.f)                                 \
    U(exp10f, exp10f(x), -10.f, 10.f) U(expm1f, expm1f(x), -2.f, 2.f)                             \
    U(logf, logf(x), 0.f, 100.f) U(log2f, log2f(x), 0.f, 100.f) U(log10f, log10f(x), 0.f, 100.f)  \
    U(log1pf, log1pf(x), -0.9f, 10.f) U(sqrtf, sqrtf(x), 0.f, 100.f)                              \
    U(rsqrtf, rsqrtf(x), 0.f, 100.f) U(cbrtf, cbrtf(x), -100.f, 100.f)                            \
    U(atanf, atanf(x), -10.f, 10.f) U(asinf, asinf(x), -1.f, 1.f) U(acosf, acosf(x), -1.f, 1.f)   \
    U(sinhf, sinhf(x), -10.f, 10.f) U(coshf, coshf(x), -10.f, 10.f)                               \
    U(tanhf, tanhf(x), -5.f, 5.f) U(erff, erff(x), -4.f, 4.f) U(erfcf, erfcf(x), -4.f, 10.f)      \
    U(erfinvf, erfinvf(x), -1.f, 1.f) U(normcdff, normcdff(x), -10.f, 10.f)                       \
    U(normcdfinvf, normcdfinvf(x), 0.f, 1.f) U(lgammaf, lgammaf(x), 0.f, 30.f)                    \
    U(tgammaf, tgammaf(x), 0.f, 30.f)                                                             \
    B(powf, powf(x, y), 0.f, 10.f, -10.f, 10.f) B(atan2f, atan2f(x, y), -10.f, 10.f, -10.f, 10.f) \
    B(hypotf, hypotf(x, y), -100.f, 100.f, -100.f, 100.f) B(fdivf, x / y, -100.f, 100.f, -100.f, 100.f)
#define DOUBLE_FUNCTIONS(U, B)                                                                    \
    U(sin, sin(x), -10., 10.) U(cos, cos(x), -10., 10.) U(tan, tan(x), -3.2, 3.2)                 \
    U(sinpi, sinpi(x), -4., 4.) U(cospi, cospi(x), -4., 4.)                                       \
    U(exp, exp(x), -20., 20.) U(exp2, exp2(x), -20., 20.) U(exp10, exp10(x), -10., 10.)           \
    U(expm1, expm1(x), -2., 2.) U(log, log(x), 0., 100.) U(log2, log2(x), 0., 100.)               \
    U(log10, log10(x), 0., 100.) U(log1p, log1p(x), -0.9, 10.) U(sqrt, sqrt(x), 0., 100.)         \
    U(rsqrt, rsqrt(x), 0., 100.) U(cbrt, cbrt(x), -100., 100.) U(atan, atan(x), -10., 10.)        \
    U(asin, asin(x), -1., 1.) U(acos, acos(x), -1., 1.) U(sinh, sinh(x), -10., 10.)               \
    U(cosh, cosh(x), -10., 10.) U(tanh, tanh(x), -5., 5.) U(erf, erf(x), -4., 4.)                 \
    U(erfc, erfc(x), -4., 10.) U(erfinv, erfinv(x), -1., 1.) U(normcdf, normcdf(x), -10., 10.)    \
    U(normcdfinv, normcdfinv(x), 0., 1.) U(lgamma, lgamma(x), 0., 30.) U(tgamma, tgamma(x), 0., 30.) \
    B(pow, pow(x, y), 0., 10., -10., 10.) B(atan2, atan2(x, y), -10., 10., -10., 10.)             \
    B(hypot, hypot(x, y), -100., 100., -100., 100.) B(ddiv, x / y, -100., 100., -100., 100.)

#define KU_F(NAME, EXPR, LO, HI) UNARY_F(NAME, EXPR)
#define KB_F(NAME, EXPR, LO, HI, YLO, YHI) BINARY_F(NAME, EXPR)
#define KU_D(NAME, EXPR, LO, HI) UNARY_D(NAME, EXPR)
#define KB_D(NAME, EXPR, LO, HI, YLO, YHI) BINARY_D(NAME, EXPR)
FLOAT_FUNCTIONS(KU_F, KB_F)
DOUBLE_FUNCTIONS(KU_D, KB_D)

typedef void (*KernelF)(const float *, const float *, float *, int);
typedef void (*KernelD)(const double *, const double *, double *, int);
struct Fn {
    const char *name;
    bool dbl, binary;
    KernelF kf;
    KernelD kd;
    double lo, hi, ylo, yhi;
};
#define TU_F(NAME, EXPR, LO, HI) {#NAME, false, false, k_##NAME, nullptr, LO, HI, 0, 0},
#define TB_F(NAME, EXPR, LO, HI, YLO, YHI) {#NAME, false, true, k_##NAME, nullptr, LO, HI, YLO, YHI},
#define TU_D(NAME, EXPR, LO, HI) {#NAME, true, false, nullptr, k_##NAME, LO, HI, 0, 0},
#define TB_D(NAME, EXPR, LO, HI, YLO, YHI) {#NAME, true, true, nullptr, k_##NAME, LO, HI, YLO, YHI},
static const Fn FNS[] = {FLOAT_FUNCTIONS(TU_F, TB_F) DOUBLE_FUNCTIONS(TU_D, TB_D)};

static uint64_t state;
static uint64_t next() {  // splitmix64
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static double unit() { return (next() >> 11) * 0x1p-53; }

/// Input i of a function with range [lo, hi], written to `dst` (random bit patterns directly:
/// a signalling NaN through a double would come back quieted).
static void input(int i, double lo, double hi, bool dbl, char *dst) {
    double v;
    switch (i & 3) {
    case 0: {
        uint64_t b = next();
        memcpy(dst, &b, dbl ? 8 : 4);
        return;
    }
    case 3: {
        double top = fmax(fabs(lo), fabs(hi));
        double m = exp2(-30.0 + (log2(top) + 30.0) * unit());
        v = (next() & 1) && lo < 0 ? -m : m;
        break;
    }
    default: v = lo + (hi - lo) * unit();
    }
    if (dbl) memcpy(dst, &v, 8);
    else { float f = (float)v; memcpy(dst, &f, 4); }
}

static int run(const char *dir, const char *filter) {
    for (const Fn &f : FNS) {
        if (filter && strcmp(filter, f.name) != 0) continue;
        state = 0;
        for (const char *c = f.name; *c; c++) state = state * 131 + (unsigned char)*c;
        size_t size = f.dbl ? 8 : 4;
        std::vector<char> hx(N * size), hy(N * size, 0), ho(N * size);
        for (int i = 0; i < N; i++) {
            input(i, f.lo, f.hi, f.dbl, &hx[i * size]);
            if (f.binary) input(i >> 2, f.ylo, f.yhi, f.dbl, &hy[i * size]);
        }
        void *dx, *dy, *dout;
        if (cudaMalloc(&dx, N * size) || cudaMalloc(&dy, N * size) || cudaMalloc(&dout, N * size)) return 1;
        cudaMemcpy(dx, hx.data(), N * size, cudaMemcpyHostToDevice);
        cudaMemcpy(dy, hy.data(), N * size, cudaMemcpyHostToDevice);
        if (f.dbl) f.kd<<<N / 256, 256>>>((double *)dx, (double *)dy, (double *)dout, N);
        else f.kf<<<N / 256, 256>>>((float *)dx, (float *)dy, (float *)dout, N);
        cudaError_t e = cudaMemcpy(ho.data(), dout, N * size, cudaMemcpyDeviceToHost);
        if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", f.name, cudaGetErrorString(e)); return 1; }
        cudaFree(dx); cudaFree(dy); cudaFree(dout);
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.bin", dir, f.name);
        FILE *o = fopen(path, "wb");
        if (!o) { perror(path); return 1; }
        fwrite(hx.data(), size, N, o); fwrite(hy.data(), size, N, o); fwrite(ho.data(), size, N, o);
        fclose(o);
    }
    return 0;
}

/// The bits of a float or double as a signed integer monotone in its value.
static int64_t ordered(const char *p, bool dbl) {
    if (dbl) { int64_t b; memcpy(&b, p, 8); return b < 0 ? INT64_MIN - b : b; }
    int32_t b; memcpy(&b, p, 4); return b < 0 ? (int64_t)INT32_MIN - b : b;
}
static bool is_nan(const char *p, bool dbl) {
    if (dbl) { double d; memcpy(&d, p, 8); return d != d; }
    float f; memcpy(&f, p, 4); return f != f;
}

static int cmp(const char *nv, const char *cu) {
    printf("%-12s %9s %9s %8s %10s  %s\n", "function", "inputs", "differ", "share", "max ulp", "worst input (x[, y]): nvidia / cuprite");
    for (const Fn &f : FNS) {
        size_t size = f.dbl ? 8 : 4;
        std::vector<char> a(3 * N * size), b(3 * N * size);
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.bin", nv, f.name);
        FILE *fa = fopen(path, "rb");
        snprintf(path, sizeof path, "%s/%s.bin", cu, f.name);
        FILE *fb = fopen(path, "rb");
        if (!fa || !fb || fread(a.data(), size, 3 * N, fa) != 3 * (size_t)N || fread(b.data(), size, 3 * N, fb) != 3 * (size_t)N) {
            printf("%-12s missing\n", f.name);
            if (fa) fclose(fa);
            if (fb) fclose(fb);
            continue;
        }
        fclose(fa); fclose(fb);
        if (memcmp(a.data(), b.data(), 2 * N * size)) { printf("%-12s inputs differ\n", f.name); continue; }
        long differ = 0; int64_t worst = -1; int wi = 0;
        const char *ra = a.data() + 2 * N * size, *rb = b.data() + 2 * N * size;
        for (int i = 0; i < N; i++) {
            const char *pa = ra + i * size, *pb = rb + i * size;
            if (!memcmp(pa, pb, size)) continue;
            differ++;
            // Two NaNs of other bits, or a NaN against a number: counted, no distance.
            if (is_nan(pa, f.dbl) || is_nan(pb, f.dbl)) continue;
            int64_t d = ordered(pa, f.dbl) - ordered(pb, f.dbl);
            if (d < 0) d = -d;
            if (d > worst) { worst = d; wi = i; }
        }
        double x, y, va, vb;
        if (f.dbl) {
            memcpy(&x, &a[wi * 8], 8); memcpy(&y, &a[(N + wi) * 8], 8);
            memcpy(&va, ra + wi * 8, 8); memcpy(&vb, rb + wi * 8, 8);
        } else {
            float t;
            memcpy(&t, &a[wi * 4], 4); x = t; memcpy(&t, &a[(N + wi) * 4], 4); y = t;
            memcpy(&t, ra + wi * 4, 4); va = t; memcpy(&t, rb + wi * 4, 4); vb = t;
        }
        printf("%-12s %9d %9ld %7.3f%% %10lld", f.name, N, differ, 100.0 * differ / N, (long long)(worst < 0 ? 0 : worst));
        if (worst > 0) {
            if (f.binary) printf("  %a, %a: %a / %a\n", x, y, va, vb);
            else printf("  %a: %a / %a\n", x, va, vb);
        } else printf("\n");
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 3 && !strcmp(argv[1], "run")) return run(argv[2], argc > 3 ? argv[3] : nullptr);
    if (argc == 4 && !strcmp(argv[1], "cmp")) return cmp(argv[2], argv[3]);
    fprintf(stderr, "usage: %s run DIR [FUNCTION] | cmp DIR_NVIDIA DIR_CUPRITE\n", argv[0]);
    return 2;
}
