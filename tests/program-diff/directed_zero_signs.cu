// The sign of an exact zero from additions, subtractions and fused multiply-adds with explicit
// rounding (__fadd_rd, __fsub_ru, __fmaf_rz, __dadd_rd, __fma_rd ...): opposite-signed terms
// that cancel exactly (1 + -1, -0 + +0, 1*1 - 1, -0*1 + +0) give -0 when rounding down and +0
// in the other modes, like-signed zeros keep their sign; every rounding mode, float and double,
// printed as bits next to what IEEE 754 (section 6.3) prescribes.
#include <cstdio>

struct Case { const char* name; double a, b, c; };

template <typename T> __device__ T add(int m, T a, T b);
template <> __device__ float add(int m, float a, float b) { return m == 0 ? __fadd_rn(a, b) : m == 1 ? __fadd_rz(a, b) : m == 2 ? __fadd_rd(a, b) : __fadd_ru(a, b); }
template <> __device__ double add(int m, double a, double b) { return m == 0 ? __dadd_rn(a, b) : m == 1 ? __dadd_rz(a, b) : m == 2 ? __dadd_rd(a, b) : __dadd_ru(a, b); }
template <typename T> __device__ T sub(int m, T a, T b);
template <> __device__ float sub(int m, float a, float b) { return m == 0 ? __fsub_rn(a, b) : m == 1 ? __fsub_rz(a, b) : m == 2 ? __fsub_rd(a, b) : __fsub_ru(a, b); }
template <> __device__ double sub(int m, double a, double b) { return m == 0 ? __dsub_rn(a, b) : m == 1 ? __dsub_rz(a, b) : m == 2 ? __dsub_rd(a, b) : __dsub_ru(a, b); }
template <typename T> __device__ T fma3(int m, T a, T b, T c);
template <> __device__ float fma3(int m, float a, float b, float c) { return m == 0 ? __fmaf_rn(a, b, c) : m == 1 ? __fmaf_rz(a, b, c) : m == 2 ? __fmaf_rd(a, b, c) : __fmaf_ru(a, b, c); }
template <> __device__ double fma3(int m, double a, double b, double c) { return m == 0 ? __fma_rn(a, b, c) : m == 1 ? __fma_rz(a, b, c) : m == 2 ? __fma_rd(a, b, c) : __fma_ru(a, b, c); }

__device__ int sign_of(float x) { return __float_as_uint(x) >> 31; }
__device__ int sign_of(double x) { return (int)((unsigned long long)__double_as_longlong(x) >> 63); }

// out: per case, per mode (rn, rz, rd, ru): add, sub, fma signs for float then double (bit 0..5)
__global__ void k(const double* in, int n, int* out) {
    int i = threadIdx.x;
    if (i >= n) return;
    double a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2];
    for (int m = 0; m < 4; ++m) {
        float fa = (float)a, fb = (float)b, fc = (float)c;
        int bits = sign_of(add(m, fa, fb)) | sign_of(sub(m, fa, -fb)) << 1 | sign_of(fma3(m, fa, fc, fb)) << 2;
        bits |= sign_of(add(m, a, b)) << 3 | sign_of(sub(m, a, -b)) << 4 | sign_of(fma3(m, a, c, b)) << 5;
        out[4 * i + m] = bits;
    }
}

int main() {
    // (a, b, c): a + b, a - (-b) and a * c + b, each an exact zero
    Case cases[] = {{"1 + -1", 1, -1, 1}, {"-0 + +0", -0.0, 0.0, 1}, {"+0 + -0", 0.0, -0.0, 3}, {"-0 + -0", -0.0, -0.0, 2},
                    {"+0 + +0", 0.0, 0.0, -0.0 * 0 + 5}, {"-2.5 + 2.5", -2.5, 2.5, 1}, {"2^-100 + -2^-100", 0x1p-100, -0x1p-100, 1}};
    const int n = sizeof cases / sizeof cases[0];
    double in[3 * n];
    for (int i = 0; i < n; ++i) { in[3 * i] = cases[i].a; in[3 * i + 1] = cases[i].b; in[3 * i + 2] = cases[i].c; }
    double* d; int* o;
    cudaMalloc(&d, sizeof in); cudaMalloc(&o, n * 16);
    cudaMemcpy(d, in, sizeof in, cudaMemcpyHostToDevice);
    k<<<1, 32>>>(d, n, o);
    int h[4 * n];
    cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
    const char* modes[4] = {"rn", "rz", "rd", "ru"};
    for (int i = 0; i < n; ++i) {
        bool an = __builtin_signbit(cases[i].a), bn = __builtin_signbit(cases[i].b);
        // a*c has a's sign here (c > 0)
        printf("%-18s", cases[i].name);
        for (int m = 0; m < 4; ++m) {
            int want = an == bn ? an : m == 2;
            int all = want * 0x3f;
            printf(" %s:%02x%s", modes[m], h[4 * i + m], h[4 * i + m] == all ? "" : "(IEEE differs)");
        }
        printf("\n");
    }
    return 0;
}
