// Math functions at edges the CUDA Math API documents, built by `cuprite nvcc`
// (tests/cuprite_math.rs); prints each disagreement, then PASS or FAIL.
// - Device: expm1 just past ln(DBL_MAX) is +inf (it was inf - 1 = NaN); jn/yn/jnf/ynf of a
//   negative order are NaN (math_functions.h: "returns NaN for n < 0"; they were J_{-n}(x) with
//   its sign); jn of tiny arguments is (x/2)^n/n!, not NaN (its recurrences divided by x:
//   jn(2, 1e-160) was NaN; NVIDIA's gives NaN below about 1e-30, an artifact not matched);
//   sincosf(-0) gives sin -0; norm/rnorm/normf/rnormf of a dimension below 1 read one element
//   (an H200: normf(0, {4, 2}) = normf(-1, {4, 2}) = 4; they returned 0 or inf); yn(n >= 2, NaN)
//   is the default NaN 0xfff8000000000000 on an H200 (y0, y1, jn keep x's).
// - Host: the Math API's functions that C lacks (erfinv, erfcinv, normcdf, normcdfinv, erfcx,
//   rcbrt, rsqrt, sinpi, cospi and their float forms), which NVIDIA's headers define for host code
//   too, compile and are within 2 ulps of the exact values (mpmath), a domain error's NaN negative
//   (NVIDIA's host code returns 0xfff8000000000000 there).
#include <cstdio>
#include <cstring>
#include <cstdint>

static uint64_t bits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static int fails = 0;
static void near(const char *what, double got, double want, int ulps) {
    int64_t d = (int64_t)bits(got) - (int64_t)bits(want);
    if ((bits(got) >> 63) != (bits(want) >> 63) || d > ulps || d < -ulps) {
        printf("%s = %a (want %a within %d ulps)\n", what, got, want, ulps);
        ++fails;
    }
}

__global__ void device_edges(double big, int neg, double *d, float *f) {
    d[0] = expm1(big);                 // 0x1.62e42fefa39fp+9 > ln(DBL_MAX)
    d[1] = expm1(__longlong_as_double(__double_as_longlong(big) - 1)); // the largest finite
    d[2] = jn(neg, 1.0);
    d[3] = yn(neg, 2.5);
    d[4] = jn(neg - 1, 0.5);
    f[0] = jnf(neg, 1.0f);
    f[1] = ynf(neg, 2.5f);
    d[5] = jn(2, 1e-160 * (big - big + 1.0));
    d[6] = jn(3, 1e-100 * (big - big + 1.0));
    d[7] = jn(10, -1e-20 * (big - big + 1.0));
    float s, c;
    sincosf(-0.0f * big, &s, &c);      // -0, not folded by the compiler
    f[2] = s;
    f[3] = c;
    const float fv[2] = {4.0f, 2.0f};
    const double dv[2] = {-3.0, 2.0};
    f[4] = normf(neg + 3, fv);   // dimension 0
    f[5] = rnormf(neg + 2, fv);  // -1
    d[8] = norm(neg + 3, dv);
    d[9] = rnorm(neg + 3, dv);
    d[10] = yn(2, __longlong_as_double(0x7ff8000000000123ll + (long long)(neg + 3)));
}

int main() {
    double *d;
    float *f;
    cudaMallocManaged(&d, 11 * sizeof(double));
    cudaMallocManaged(&f, 8 * sizeof(float));
    device_edges<<<1, 1>>>(0x1.62e42fefa39fp+9, -3, d, f);
    cudaDeviceSynchronize();
    if (bits(d[0]) != 0x7ff0000000000000ull) { printf("expm1(0x1.62e42fefa39fp+9) = %a (want inf)\n", d[0]); ++fails; }
    near("expm1(0x1.62e42fefa39efp+9)", d[1], 0x1.fffffffffff2ap+1023, 1);
    for (int i = 2; i < 5; i++)
        if (d[i] == d[i]) { printf("jn/yn of a negative order, case %d = %a (want NaN)\n", i, d[i]); ++fails; }
    near("jn(2, 1e-160)", d[5], 0x0.00000000000fdp-1022, 1);
    near("jn(3, 1e-100)", d[6], 0x1.c92d503f699ccp-1003, 2);
    near("jn(10, -1e-20)", d[7], 0x1.c4fc320323dc4p-697, 2);
    if (f[0] == f[0] || f[1] == f[1]) { printf("jnf/ynf(-3, x) = %a %a (want NaN)\n", f[0], f[1]); ++fails; }
    if (bits(d[10]) != 0xfff8000000000000ull) { printf("yn(2, NaN 0x7ff8000000000123) = %016llx (want fff8000000000000)\n", (unsigned long long)bits(d[10])); ++fails; }
    if (f[4] != 4.0f || f[5] != 0.25f || d[8] != 3.0 || d[9] != 1.0 / 3.0) {
        printf("normf(0), rnormf(-1), norm(0), rnorm(0) = %a %a %a %a (want 4, 0.25, 3, 1/3)\n", f[4], f[5], d[8], d[9]);
        ++fails;
    }
    if (f[2] != 0.0f || !signbit(f[2]) || f[3] != 1.0f) { printf("sincosf(-0) = %a %a (want -0, 1)\n", f[2], f[3]); ++fails; }

    // Host code (volatile: the functions run, not the compiler's constant folding)
    volatile double v3 = 0.3, tiny = 1e-20, m999 = -0.999, e300 = 1e-300, v17 = 1.7, p025 = 0.025;
    volatile double m325 = -3.25, m30 = -30.0, v30 = 30.0, mh = -0.5, v10 = 10.0, m27 = -27.0, two = 2.0;
    near("erfinv(0.3)", erfinv(v3), 0x1.1700774485ed2p-2, 2);
    near("erfinv(1e-20)", erfinv(tiny), 0x1.4ece9be5f16acp-67, 2);
    near("erfinv(-0.999)", erfinv(m999), -0x1.29d311405cdb4p+1, 2);
    near("erfcinv(1e-300)", erfcinv(e300), 0x1.a359fd2c5e942p+4, 2);
    near("erfcinv(1.7)", erfcinv(v17), -0x1.773a9da42b44fp-1, 2);
    near("normcdfinv(0.025)", normcdfinv(p025), -0x1.f5c0331eeff85p+0, 2);
    near("normcdf(-3.25)", normcdf(m325), 0x1.2e86fd7d03406p-11, 2);
    near("normcdf(-30)", normcdf(m30), 0x1.7795ad05ea397p-656, 2);
    near("erfcx(30)", erfcx(v30), 0x1.33f3abfd60d6fp-6, 2);
    near("erfcx(-0.5)", erfcx(mh), 0x1.f3cde5a30aa93p+0, 2);
    near("erfcx(10)", erfcx(v10), 0x1.cbe831f997124p-5, 2);
    near("rcbrt(-27)", rcbrt(m27), -0x1.5555555555555p-2, 1);
    near("rsqrt(2)", rsqrt(two), 0x1.6a09e667f3bcdp-1, 1);
    near("sinpi(-3.25)", sinpi(-3.25 + v3 * 0), 0x1.6a09e667f3bcdp-1, 1);
    near("cospi(-3.25)", cospi(-3.25 + v3 * 0), -0x1.6a09e667f3bcdp-1, 1);
    near("erfinvf(0.3f)", erfinvf((float)v3), (double)0x1.170078p-2f, 1);
    near("normcdff(-3.25f)", normcdff((float)m325), (double)0x1.2e86fep-11f, 1);
    near("erfcxf(10)", erfcxf((float)v10), (double)0x1.cbe832p-5f, 1);
    volatile double half = 0.5;
    if (bits(normcdfinv(half)) != 0 || bits(erfcinv(half * 2)) != 0) { printf("host normcdfinv(0.5), erfcinv(1) not +0\n"); ++fails; }
    if (bits(erfinv(two)) != 0xfff8000000000000ull || bits(erfcinv(-two)) != 0xfff8000000000000ull) {
        printf("host erfinv(2), erfcinv(-2) = %a %a (want 0xfff8000000000000)\n", erfinv(two), erfcinv(-two));
        ++fails;
    }
    printf("%s\n", fails == 0 ? "PASS" : "FAIL");
    return fails != 0;
}
