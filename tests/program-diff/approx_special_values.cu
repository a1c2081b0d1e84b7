// The approximate float instructions' special cases, which the PTX ISA fixes exactly (only
// these are printed, as bits): ex2.approx/lg2.approx/sin.approx/cos.approx/rsqrt.approx/
// sqrt.approx/rcp.approx/tanh.approx on +-0, +-inf, NaN, negative and subnormal operands, with
// and without .ftz, through the CUDA intrinsics (__expf, __exp10f, __logf, __log2f, __log10f,
// __sinf, __cosf, __tanf, __powf, rsqrtf, __fsqrt_rn) and inline PTX for the forms no intrinsic
// exposes (tanh.approx.f32, ex2.approx.ftz.f32, sqrt.approx.f32, rcp.approx.ftz.f64).
#include <cstdio>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__device__ float tanh_approx(float x) { float r; asm("tanh.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float ex2_ftz(float x) { float r; asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float ex2_plain(float x) { float r; asm("ex2.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float lg2_plain(float x) { float r; asm("lg2.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float lg2_ftz(float x) { float r; asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float sqrt_approx(float x) { float r; asm("sqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float rsqrt_approx(float x) { float r; asm("rsqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float rcp_approx(float x) { float r; asm("rcp.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float rcp_approx_ftz(float x) { float r; asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float sin_approx(float x) { float r; asm("sin.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float cos_approx(float x) { float r; asm("cos.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ double rcp_approx64(double x) { double r; asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x)); return r; }
__device__ double rsqrt_approx64(double x) { double r; asm("rsqrt.approx.f64 %0, %1;" : "=d"(r) : "d"(x)); return r; }

#define NV 10
#define NF 20
__global__ void probe(const float* in, unsigned* out, unsigned long long* out64) {
    int i = threadIdx.x;
    if (i >= NV) return;
    float x = in[i];
    unsigned* o = out + i * NF;
    o[0] = __float_as_uint(__expf(x)); o[1] = __float_as_uint(__exp10f(x)); o[2] = __float_as_uint(__logf(x));
    o[3] = __float_as_uint(__log2f(x)); o[4] = __float_as_uint(__log10f(x)); o[5] = __float_as_uint(__sinf(x));
    o[6] = __float_as_uint(__cosf(x)); o[7] = __float_as_uint(rsqrtf(x)); o[8] = __float_as_uint(tanh_approx(x));
    o[9] = __float_as_uint(ex2_ftz(x)); o[10] = __float_as_uint(ex2_plain(x)); o[11] = __float_as_uint(lg2_plain(x));
    o[12] = __float_as_uint(lg2_ftz(x)); o[13] = __float_as_uint(sqrt_approx(x)); o[14] = __float_as_uint(rsqrt_approx(x));
    o[15] = __float_as_uint(rcp_approx(x)); o[16] = __float_as_uint(rcp_approx_ftz(x)); o[17] = __float_as_uint(sin_approx(x));
    o[18] = __float_as_uint(cos_approx(x)); o[19] = __float_as_uint(__powf(x, 0.0f));
    out64[2 * i] = __double_as_longlong(rcp_approx64((double)x));
    out64[2 * i + 1] = __double_as_longlong(rsqrt_approx64((double)x));
}

int main() {
    // +0 -0 +inf -inf NaN -1, two subnormals of both signs, 1, and 2^-130
    float in[NV] = {0.0f, -0.0f, __builtin_inff(), -__builtin_inff(), __builtin_nanf(""), -1.0f, 1e-40f, -1e-40f, 1.0f, 0x1p-130f};
    float* d; unsigned* o; unsigned long long* o64;
    CK(cudaMalloc(&d, sizeof in)); CK(cudaMallocManaged(&o, NV * NF * 4)); CK(cudaMallocManaged(&o64, NV * 2 * 8));
    CK(cudaMemcpy(d, in, sizeof in, cudaMemcpyHostToDevice));
    probe<<<1, 32>>>(d, o, o64);
    CK(cudaDeviceSynchronize());
    const char* names[NF] = {"__expf", "__exp10f", "__logf", "__log2f", "__log10f", "__sinf", "__cosf", "rsqrtf", "tanh.approx", "ex2.ftz",
                             "ex2", "lg2", "lg2.ftz", "sqrt.approx", "rsqrt.approx", "rcp.approx", "rcp.approx.ftz", "sin.approx", "cos.approx.ftz", "__powf(x,0)"};
    for (int k = 0; k < NF; ++k) {
        printf("%-15s", names[k]);
        for (int r = 0; r < 5; ++r) printf(" %08x", o[r * NF + k]);  // +0 -0 +inf -inf NaN
        // subnormal inputs: only the zero/inf/finite class and the sign are fixed
        unsigned p = o[6 * NF + k], m = o[7 * NF + k];
        printf(" | sub: %s %s", (p & 0x7fffffffu) == 0 ? "zero" : (p & 0x7fffffffu) >= 0x7f800000u ? "inf/nan" : "finite", (m & 0x80000000u) ? "neg" : "pos");
        printf("\n");
    }
    // x = -1 and x = 1 where the result is exact: ex2 of integers, lg2(1), sqrt/rsqrt/rcp of 1, NaN classes of -1
    const int exact_at_one[] = {9, 10, 11, 12, 13, 14, 15, 16};
    for (int k : exact_at_one) printf("%-15s -1: %08x  1: %08x\n", names[k], o[5 * NF + k], o[8 * NF + k]);
    for (int r = 0; r < NV; ++r) if (r != 6 && r != 7 && r != 9) printf("f64 x=%a: rcp.approx.ftz %016llx rsqrt.approx %016llx\n", in[r], o64[2 * r], o64[2 * r + 1]);
    return 0;
}
