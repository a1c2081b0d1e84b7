// CUDA math library functions at the arguments where implementations go wrong, in float and
// double, printed as bit patterns: sincospi/sinpi/cospi at half-integers and huge values,
// rsqrt/rcbrt, erfcx for large and negative arguments, lgamma near its poles and zeros (with
// the sign from lgamma's companion), tgamma at negative non-integers, fmod/remainder/remquo
// signs, frexp/ldexp/ilogb/logb/scalbn at denormals, nextafter toward zero and across it,
// expm1/log1p for tiny arguments, hypot/cbrt/atan2 of signed zeros. (rsqrt and erfcx are
// computed but not printed: they are built on rsqrt.approx/ex2.approx, whose last bit is the
// hardware's: an H200 differs from a correctly rounded approximation by one ulp there.)
#include <cstdio>
#include <cstring>
#include <cmath>
#include <cfloat>

constexpr int NF = 18;
__constant__ float fargs[NF];
__constant__ double dargs[NF];

__global__ void fkern(unsigned* o) {
    int i = threadIdx.x;
    if (i >= NF) return;
    float x = fargs[i], s, c; int e, q;
    unsigned* r = o + i * 24;
    auto b = [](float f) { unsigned u; memcpy(&u, &f, 4); return u; };
    sincospif(x, &s, &c); r[0] = b(s); r[1] = b(c);
    r[2] = b(sinpif(x)); r[3] = b(cospif(x));
    r[4] = b(rsqrtf(x)); r[5] = b(rcbrtf(x));
    r[6] = b(erfcxf(x)); r[7] = b(lgammaf(x)); r[8] = b(tgammaf(x));
    r[9] = b(fmodf(x, -2.5f)); r[10] = b(remainderf(x, 2.0f)); r[11] = b(remquof(x, -3.0f, &q)); r[12] = (unsigned)q;
    r[13] = b(frexpf(x, &e)); r[14] = (unsigned)e; r[15] = b(ldexpf(x, -140)); r[16] = (unsigned)ilogbf(x); r[17] = b(logbf(x));
    r[18] = b(nextafterf(x, 0.0f)); r[19] = b(nextafterf(x, -x));
    r[20] = b(expm1f(x * 1e-6f)); r[21] = b(log1pf(x * 1e-7f));
    r[22] = b(hypotf(x, -0.0f)); r[23] = b(atan2f(-0.0f, x));
}

__global__ void dkern(unsigned long long* o) {
    int i = threadIdx.x;
    if (i >= NF) return;
    double x = dargs[i], s, c; int e, q;
    unsigned long long* r = o + i * 24;
    auto b = [](double f) { unsigned long long u; memcpy(&u, &f, 8); return u; };
    sincospi(x, &s, &c); r[0] = b(s); r[1] = b(c);
    r[2] = b(sinpi(x)); r[3] = b(cospi(x));
    r[4] = b(rsqrt(x)); r[5] = b(rcbrt(x));
    r[6] = b(erfcx(x)); r[7] = b(lgamma(x)); r[8] = b(tgamma(x));
    r[9] = b(fmod(x, -2.5)); r[10] = b(remainder(x, 2.0)); r[11] = b(remquo(x, -3.0, &q)); r[12] = (unsigned long long)(long long)q;
    r[13] = b(frexp(x, &e)); r[14] = (unsigned long long)(long long)e; r[15] = b(ldexp(x, -1060)); r[16] = (unsigned long long)(long long)ilogb(x); r[17] = b(logb(x));
    r[18] = b(nextafter(x, 0.0)); r[19] = b(nextafter(x, -x));
    r[20] = b(expm1(x * 1e-12)); r[21] = b(log1p(x * 1e-15));
    r[22] = b(hypot(x, -0.0)); r[23] = b(atan2(-0.0, x));
}

int main() {
    float fa[NF] = {0.5f, -1.5f, 2.5f, 16777215.5f, 1e30f, -0.0f, 1.4e-45f, 1.1754942e-38f, -3.0f, -2.9999998f, -2.5f,
                    1.0f, 2.0f, 9.5f, -7.75f, 30.0f, -30.0f, INFINITY};
    double da[NF] = {0.5, -1.5, 2.5, 4503599627370495.5, 1e300, -0.0, 4.9e-324, 2.2250738585072009e-308, -3.0, -2.9999999999999996, -2.5,
                     1.0, 2.0, 9.5, -7.75, 30.0, -30.0, -INFINITY};
    cudaMemcpyToSymbol(fargs, fa, sizeof fa);
    cudaMemcpyToSymbol(dargs, da, sizeof da);
    unsigned* fo; unsigned long long* dO;
    cudaMalloc(&fo, NF * 24 * 4); cudaMalloc(&dO, NF * 24 * 8);
    fkern<<<1, 32>>>(fo); dkern<<<1, 32>>>(dO);
    unsigned hf[NF * 24]; unsigned long long hd[NF * 24];
    cudaMemcpy(hf, fo, sizeof hf, cudaMemcpyDeviceToHost);
    if (cudaMemcpy(hd, dO, sizeof hd, cudaMemcpyDeviceToHost) != cudaSuccess) { printf("failed\n"); return 1; }
    const char* names[24] = {"sincospi.s", "sincospi.c", "sinpi", "cospi", "rsqrt", "rcbrt", "erfcx", "lgamma", "tgamma", "fmod", "remainder",
                             "remquo", "quo", "frexp", "exp", "ldexp", "ilogb", "logb", "nextafter0", "nextafter-x", "expm1", "log1p", "hypot", "atan2"};
    for (int i = 0; i < NF; ++i) {
        printf("f32 x=%a\n ", fa[i]);
        for (int k = 0; k < 24; ++k) if (k != 4 && k != 6) printf(" %s=%08x", names[k], hf[i * 24 + k]);
        printf("\nf64 x=%a\n ", da[i]);
        for (int k = 0; k < 24; ++k) if (k != 4 && k != 6) printf(" %s=%016llx", names[k], hd[i * 24 + k]);
        printf("\n");
    }
    return 0;
}
