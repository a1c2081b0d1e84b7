// flags: -arch=sm_80
// Half and bfloat16 arithmetic built for sm_80: half2/bf162 fma with relu and saturation,
// comparisons with NaN (ordered/unordered, hmax_nan), conversions from integers with rounding
// modes, hrcp/hsqrt/hexp, __hmul_sat, __habs2, and __hdiv, all printed as raw bits.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__device__ unsigned h2u(__half2 v) { return (unsigned)__half_as_ushort(__low2half(v)) | (unsigned)__half_as_ushort(__high2half(v)) << 16; }
__device__ unsigned b2u(__nv_bfloat162 v) { return (unsigned)__bfloat16_as_ushort(__low2bfloat16(v)) | (unsigned)__bfloat16_as_ushort(__high2bfloat16(v)) << 16; }

__global__ void k(const unsigned short *hv, int n, unsigned *o) {
    int i = threadIdx.x;
    if (i >= n) return;
    __half a = __ushort_as_half(hv[i]), b = __ushort_as_half(hv[(i * 7 + 3) % n]);
    __nv_bfloat16 c = __float2bfloat16(__half2float(a)), d = __float2bfloat16(__half2float(b) * 3.0f);
    unsigned *q = o + i * 16;
    __half2 a2 = __halves2half2(a, b), b2 = __halves2half2(b, __hneg(a));
    q[0] = h2u(__hfma2_relu(a2, b2, __float2half2_rn(0.5f))) ;
    q[1] = h2u(__hmul2_sat(a2, b2)) ;
    q[2] = __half_as_ushort(__hmax_nan(a, b)) | (unsigned)__half_as_ushort(__hmin(a, b)) << 16;
    q[3] = __heq(a, b) | __hne(a, b) << 1 | __hequ(a, b) << 2 | __hneu(a, b) << 3 | __hlt(a, b) << 4 | __hltu(a, b) << 5 | __hgeu(a, b) << 6 | __hisnan(a) << 7 | __hisinf(b) << 8;
    q[4] = __half_as_ushort(hrcp(a)) | (unsigned)__half_as_ushort(hsqrt(b)) << 16;
    q[5] = __half_as_ushort(hexp(__hmul(a, __float2half(0.01f)))) | (unsigned)__half_as_ushort(hlog2(__habs(b))) << 16;
    q[6] = __half_as_ushort(__hdiv(a, b)) | (unsigned)__half_as_ushort(__hsub_sat(a, b)) << 16;
    q[7] = __half_as_ushort(__int2half_rd(i * 4097 - 100000)) | (unsigned)__half_as_ushort(__uint2half_ru(i * 65539u)) << 16;
    q[8] = __bfloat16_as_ushort(__hfma(c, d, __float2bfloat16(1.0f))) | (unsigned)__bfloat16_as_ushort(__hmul(c, d)) << 16;
    q[9] = __bfloat16_as_ushort(__hmax_nan(c, d)) | (unsigned)__bfloat16_as_ushort(__hadd(c, __hneg(d))) << 16;
    __nv_bfloat162 c2 = __halves2bfloat162(c, d);
    q[10] = b2u(__hfma2_relu(c2, c2, __float2bfloat162_rn(-1.0f))) ;
    q[11] = __bfloat16_as_ushort(__int2bfloat16_rz(i * 123457 - 3000000)) | (unsigned)__bfloat16_as_ushort(__ll2bfloat16_rd(-(long long)i << 40)) << 16;
    q[12] = h2u(__habs2(b2)) ^ b2u(__habs2(c2));
    q[13] = (unsigned)__half2int_rn(a) ^ (unsigned)__bfloat162short_rz(d) << 8;
    q[14] = __half_as_ushort(__float2half(__bfloat162float(d))) | (unsigned)__bfloat16_as_ushort(__double2bfloat16(__half2float(a) * 1.0000001)) << 16;
    q[15] = __hbgt2(a2, b2) | __hble2(a2, b2) << 1 | __hbequ2(a2, b2) << 2 | __hbltu2(c2, c2) << 3;
}

int main() {
    unsigned short hv[] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0x0001, 0x8001, 0x03ff, 0x3555,
                           0x4248, 0xc5a0, 0x5640, 0x2e66, 0x1400, 0x6bff, 0x3bff, 0x3c01, 0xd3d0, 0x47d0};
    const int n = sizeof hv / 2;
    unsigned short *dv; unsigned *o, h[n * 16];
    cudaMalloc(&dv, sizeof hv); cudaMalloc(&o, sizeof h);
    cudaMemcpy(dv, hv, sizeof hv, cudaMemcpyHostToDevice);
    k<<<1, 32>>>(dv, n, o);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        printf("%04x:", hv[i]);
        for (int j = 0; j < 16; j++) printf(" %08x", h[i * 16 + j]);
        printf("\n");
    }
    return 0;
}
