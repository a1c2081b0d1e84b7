// float <-> half <-> bfloat16 conversions at the formats' limits: the largest finite values
// and one ulp beyond them (overflow to inf under round-to-nearest, saturation under rz),
// the smallest subnormals and halfway cases between them and zero, ties to even in both
// directions, NaN payloads and signs, -0; every rounding-mode conversion intrinsic
// (__float2half_rn/rz/rd/ru, __float2bfloat16_rn/rz/rd/ru), half->float->half and
// bf16->float->bf16 round trips of all 65536 bit patterns (counted on the device, NaNs apart),
// __half2float of subnormals, __hadd/__hmul/__hfma with saturation (__hadd_sat, __hfma_sat),
// __double2half and __double2bfloat16 on values whose double rounding would differ.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

#define NF 20
__global__ void conv(const float* in, unsigned short* out) {
    int i = threadIdx.x;
    if (i >= NF) return;
    float x = in[i];
    unsigned short* o = out + i * 8;
    o[0] = __half_as_ushort(__float2half_rn(x)); o[1] = __half_as_ushort(__float2half_rz(x));
    o[2] = __half_as_ushort(__float2half_rd(x)); o[3] = __half_as_ushort(__float2half_ru(x));
    o[4] = __bfloat16_as_ushort(__float2bfloat16_rn(x)); o[5] = __bfloat16_as_ushort(__float2bfloat16_rz(x));
    o[6] = __bfloat16_as_ushort(__float2bfloat16_rd(x)); o[7] = __bfloat16_as_ushort(__float2bfloat16_ru(x));
}

__global__ void round_trips(unsigned* bad_half, unsigned* bad_bf16, unsigned* nan_half, unsigned* nan_bf16) {
    unsigned v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v > 0xffff) return;
    __half h = __ushort_as_half((unsigned short)v);
    float f = __half2float(h);
    if (f != f) atomicAdd(nan_half, 1u);
    else if (__half_as_ushort(__float2half_rn(f)) != v) atomicAdd(bad_half, 1u);
    __nv_bfloat16 b = __ushort_as_bfloat16((unsigned short)v);
    float g = __bfloat162float(b);
    if (g != g) atomicAdd(nan_bf16, 1u);
    else if (__bfloat16_as_ushort(__float2bfloat16_rn(g)) != v) atomicAdd(bad_bf16, 1u);
}

__global__ void arith(unsigned short* o, float* fo, const double* d) {
    __half mx = __ushort_as_half(0x7bff), one = __float2half(1.0f), tiny = __ushort_as_half(0x0001);
    o[0] = __half_as_ushort(__hadd(mx, mx));
    o[1] = __half_as_ushort(__hadd_sat(mx, one));
    o[2] = __half_as_ushort(__hadd_sat(__hneg(one), __hneg(one)));
    o[3] = __half_as_ushort(__hfma_sat(one, __float2half(0.5f), __float2half(0.75f)));
    o[4] = __half_as_ushort(__hmul(tiny, __float2half(0.5f)));
    o[5] = __half_as_ushort(__hmul(tiny, __float2half(1.5f)));
    o[6] = __half_as_ushort(__hfma(mx, __float2half(1.0009765625f), __hneg(mx)));
    o[7] = __half_as_ushort(__hsub(__float2half(0.0f), __float2half(0.0f)));
    fo[0] = __half2float(tiny);
    fo[1] = __half2float(__ushort_as_half(0x03ff));
    fo[2] = __bfloat162float(__ushort_as_bfloat16(0x0001));
    fo[3] = __half2float(__ushort_as_half(0xfc00));
    for (int i = 0; i < 6; ++i) { o[8 + i] = __half_as_ushort(__double2half(d[i])); o[14 + i] = __bfloat16_as_ushort(__double2bfloat16(d[i])); }
    __nv_bfloat16 bm = __ushort_as_bfloat16(0x7f7f);
    o[20] = __bfloat16_as_ushort(__hadd(bm, bm));
    o[21] = __bfloat16_as_ushort(__hmul(__ushort_as_bfloat16(0x0080), __float2bfloat16(0.5f)));
    o[22] = __bfloat16_as_ushort(__hfma(__float2bfloat16(3.0f), __float2bfloat16(1.0f / 3.0f), __float2bfloat16(-1.0f)));
}

int main() {
    const float hmax = 65504.0f;
    float in[NF] = {hmax, 65519.99f, 65520.0f, -65520.0f, 1e9f, 0x1p-24f, 0x1p-25f, 0x1.000002p-25f, 0x1.8p-24f, 0x1.4p-23f,
                    1.0f + 0x1p-11f, 1.0f + 3 * 0x1p-11f, -(1.0f + 0x1p-11f), 3.3895313892515355e38f, 0x1.fffffep127f, 0x1.0101p-126f,
                    -0.0f, __builtin_nanf("0x12345"), -__builtin_inff(), 0x1p-133f};
    float* d_in; unsigned short* d_o;
    CK(cudaMalloc(&d_in, sizeof in)); CK(cudaMallocManaged(&d_o, NF * 8 * 2));
    CK(cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice));
    conv<<<1, 32>>>(d_in, d_o);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < NF; ++i) {
        printf("%-16a half rn/rz/rd/ru %04x %04x %04x %04x  bf16 %04x %04x %04x %04x\n", in[i], d_o[i * 8], d_o[i * 8 + 1], d_o[i * 8 + 2], d_o[i * 8 + 3], d_o[i * 8 + 4], d_o[i * 8 + 5], d_o[i * 8 + 6], d_o[i * 8 + 7]);
    }
    unsigned* c; CK(cudaMallocManaged(&c, 4 * sizeof(unsigned)));
    c[0] = c[1] = c[2] = c[3] = 0;
    round_trips<<<256, 256>>>(c, c + 1, c + 2, c + 3);
    CK(cudaDeviceSynchronize());
    printf("round trips: half %u bad (%u NaN), bf16 %u bad (%u NaN)\n", c[0], c[2], c[1], c[3]);
    double dv[6] = {1.0 + 0x1p-11 + 0x1p-40, 1.0 + 0x1p-11, 65519.999999, 1.0 + 0x1p-8 + 0x1p-30, 1.0 + 0x1p-8, -0x1p-25 - 0x1p-60};
    double* dd; CK(cudaMalloc(&dd, sizeof dv)); CK(cudaMemcpy(dd, dv, sizeof dv, cudaMemcpyHostToDevice));
    float* fo; CK(cudaMallocManaged(&fo, 4 * sizeof(float)));
    arith<<<1, 1>>>(d_o, fo, dd);
    CK(cudaDeviceSynchronize());
    printf("arith:");
    for (int i = 0; i < 23; ++i) printf(" %04x", d_o[i]);
    printf("\nwiden: %a %a %a %a\n", fo[0], fo[1], fo[2], fo[3]);
    return 0;
}
