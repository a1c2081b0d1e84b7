// flags: -ftz=true
// A -ftz=true build (single-precision denormals flushed, divisions and square roots still
// IEEE): every single-precision operation nvcc emits with .ftz, on denormal inputs and on
// results that would be denormal, printed as bits: add/sub/mul/fma (also with directed
// rounding), div and sqrt, fminf/fmaxf, fabsf and negation, comparisons (a denormal compares
// equal to zero), conversions to and from half, double and integers, and frexpf/ldexpf.
#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>

constexpr int N = 10, OPS = 26;
__constant__ float c_in[N];

__global__ void k(unsigned* out) {
    int i = threadIdx.x;
    if (i >= N) return;
    float a = c_in[i], b = c_in[(i + 3) % N], c = c_in[(i + 7) % N];
    unsigned* r = out + i * OPS;
    int e;
    auto u = [](float f) { return __float_as_uint(f); };
    r[0] = u(a + b); r[1] = u(a - b); r[2] = u(a * b); r[3] = u(fmaf(a, b, c)); r[4] = u(__fadd_rd(a, b)); r[5] = u(__fmul_ru(a, 0.5f));
    r[6] = u(a / b); r[7] = u(sqrtf(a)); r[8] = u(fminf(a, b)); r[9] = u(fmaxf(a, b)); r[10] = u(fabsf(a)); r[11] = u(-a);
    r[12] = (a < b) | (a == b) << 1 | (a == 0.0f) << 2 | (a > 0.0f) << 3 | (a != a) << 4 | (a <= c) << 5;
    r[13] = __half_as_ushort(__float2half(a)); r[14] = u(__half2float(__float2half(a * 1e30f)));
    r[15] = u((float)((double)a * 0.75)); r[16] = (unsigned)__double_as_longlong((double)a); r[17] = (unsigned)(__double_as_longlong((double)a) >> 32);
    r[18] = (unsigned)__float2int_rn(a * 1e38f); r[19] = u(frexpf(a, &e)); r[20] = (unsigned)e; r[21] = u(ldexpf(a, 3)); r[22] = u(a * 0x1p-20f);
    r[23] = u(__saturatef(a)); r[24] = u(copysignf(a, -1.0f)); r[25] = u(__fmaf_rz(a, 3.0f, b));
}

int main() {
    float in[N] = {0x1p-140f, -0x1.8p-130f, 0x1p-126f, 0x1.fffffcp-127f, 1.0f, -2.5f, 0x1p-100f, -0.0f, 3e-39f, 0x1p-63f};
    cudaMemcpyToSymbol(c_in, in, sizeof in);
    unsigned* d; cudaMalloc(&d, N * OPS * 4);
    k<<<1, 32>>>(d);
    unsigned o[N * OPS];
    if (cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost) != cudaSuccess) { printf("failed\n"); return 1; }
    const char* names[OPS] = {"add", "sub", "mul", "fma", "add_rd", "mul_ru", "div", "sqrt", "fmin", "fmax", "fabs", "neg", "cmp", "to_half", "half_rt",
                              "via_double", "dbl_lo", "dbl_hi", "to_int", "frexp", "exp", "ldexp", "mul_2^-20", "saturate", "copysign", "fma_rz"};
    for (int i = 0; i < N; ++i) {
        unsigned bits; memcpy(&bits, &in[i], 4);
        printf("a=%08x", bits);
        for (int k2 = 0; k2 < OPS; ++k2) printf(" %s=%x", names[k2], o[i * OPS + k2]);
        printf("\n");
    }
    return 0;
}
