// Math functions whose result is an exact zero with a sign the CUDA Math API documents (and
// C/IEEE 754 define): f(±0) = ±0 for the odd functions, sinpi(-n) = -0 and sinpi(n) = +0 for
// integers n, cospi(n + 1/2) = +0, erfcinv(1) = normcdfinv(1/2) = +0 (as NVIDIA's libdevice
// returns them), rounding of small negative values to -0. Built by
// `cuprite nvcc` (tests/cuprite_math.rs); prints each wrong sign, then PASS or FAIL.
#include <cstdio>
#include <cstring>

struct Case { const char* name; double x; double got_d; float got_f; int negative; };

#define ODD(fn) {#fn "(-0)", -0.0, fn(-0.0), fn##f(-0.0f), 1}, {#fn "(+0)", 0.0, fn(0.0), fn##f(0.0f), 0}

__global__ void k(int* bad) {
    Case cases[] = {
        ODD(sin), ODD(tan), ODD(asin), ODD(atan), ODD(sinh), ODD(tanh), ODD(asinh), ODD(atanh), ODD(expm1),
        ODD(log1p), ODD(cbrt), ODD(erf), ODD(sinpi), ODD(sqrt), ODD(trunc), ODD(round), ODD(rint), ODD(erfinv),
        {"sinpi(-3)", -3.0, sinpi(-3.0), sinpif(-3.0f), 1},
        {"sinpi(-30)", -30.0, sinpi(-30.0), sinpif(-30.0f), 1},
        {"sinpi(4)", 4.0, sinpi(4.0), sinpif(4.0f), 0},
        {"sinpi(-2^60)", -0x1p60, sinpi(-0x1p60), sinpif(-0x1p60f), 1},
        {"sinpi(2^60)", 0x1p60, sinpi(0x1p60), sinpif(0x1p60f), 0},
        {"cospi(-2.5)", -2.5, cospi(-2.5), cospif(-2.5f), 0},
        {"cospi(0.5)", 0.5, cospi(0.5), cospif(0.5f), 0},
        {"trunc(-0.5)", -0.5, trunc(-0.5), truncf(-0.5f), 1},
        {"ceil(-0.5)", -0.5, ceil(-0.5), ceilf(-0.5f), 1},
        {"round(-0.4)", -0.4, round(-0.4), roundf(-0.4f), 1},
        {"rint(-0.5)", -0.5, rint(-0.5), rintf(-0.5f), 1},
        {"nearbyint(-0.3)", -0.3, nearbyint(-0.3), nearbyintf(-0.3f), 1},
        {"fmod(-0,3)", -0.0, fmod(-0.0, 3.0), fmodf(-0.0f, 3.0f), 1},
        {"fmod(-6,3)", -6.0, fmod(-6.0, 3.0), fmodf(-6.0f, 3.0f), 1},
        {"remainder(-4,2)", -4.0, remainder(-4.0, 2.0), remainderf(-4.0f, 2.0f), 1},
        {"erfcinv(1)", 1.0, erfcinv(1.0), erfcinvf(1.0f), 0},
        {"normcdfinv(0.5)", 0.5, normcdfinv(0.5), normcdfinvf(0.5f), 0},
    };
    int n = 0;
    for (const Case& c : cases) {
        int sd = signbit(c.got_d) != 0, sf = signbit(c.got_f) != 0;
        if (c.got_d != 0.0 || sd != c.negative) { printf("double %s = %a (want %s0)\n", c.name, c.got_d, c.negative ? "-" : "+"); ++n; }
        if (c.got_f != 0.0f || sf != c.negative) { printf("float  %s = %a (want %s0)\n", c.name, c.got_f, c.negative ? "-" : "+"); ++n; }
    }
    *bad = n;
}

int main() {
    int* d;
    cudaMalloc(&d, 4);
    k<<<1, 1>>>(d);
    int bad = -1;
    cudaMemcpy(&bad, d, 4, cudaMemcpyDeviceToHost);
    printf("%s\n", bad == 0 ? "PASS" : "FAIL");
    return bad != 0;
}
