// Paired half and bfloat16 arithmetic (cuda_fp16.h / cuda_bf16.h) over edge inputs (signed
// zeros, subnormals, the largest finite values, infinities, NaN, halfway cases), printed as raw
// bits: __hfma2/__hfma2_sat/__hfma2_relu, __hmul2_sat/__hadd2_sat/__hsub2, __h2div, h2exp/h2log/
// h2sqrt/h2rcp/h2rsqrt/h2exp2, the pairwise comparisons (__hbeq2/__hbne2/__hblt2/__hbgtu2/__heq2/
// __hgeu2 masks), __hmax2/__hmin2/__hmax2_nan/__hmin2_nan, __habs2/__hneg2, __lowhigh2highlow/
// __low2half2/__halves2half2, __hisnan2; bf16 pairs with __hfma2, __hmul2, __hmax2_nan,
// h2sqrt/h2rcp; and conversions with every rounding suffix (__float2half_rn/rz/rd/ru,
// __half2int_*, __half2short_*, __half2uint_*, __half2ll_*, __int2half_*, __uint2half_*,
// __double2half, __float2bfloat16_rn/rz/rd/ru, __bfloat162int_*, __ll2bfloat16_*) on 96 threads.
#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__device__ unsigned bits(__half2 h) { return *reinterpret_cast<unsigned*>(&h); }
__device__ unsigned bits(__nv_bfloat162 h) { return *reinterpret_cast<unsigned*>(&h); }
__device__ unsigned short hb(__half h) { return __half_as_ushort(h); }
__device__ unsigned short bb(__nv_bfloat16 h) { return __bfloat16_as_ushort(h); }

#define NOUT 40

__global__ void half_pairs(const unsigned short* hin, int n, unsigned* out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * n) return;
    int i = t / n, j = t % n;
    __half a = __ushort_as_half(hin[i]), b = __ushort_as_half(hin[j]);
    __half2 x = __halves2half2(a, b), y = __halves2half2(b, __hneg(a)), z = __halves2half2(__float2half(0.75f), a);
    unsigned* o = out + t * NOUT;
    o[0] = bits(__hfma2(x, y, z));
    o[1] = bits(__hfma2_sat(x, y, z));
    o[2] = bits(__hfma2_relu(x, y, z));
    o[3] = bits(__hmul2_sat(x, y));
    o[4] = bits(__hadd2_sat(x, y));
    o[5] = bits(__hsub2(x, y));
    o[6] = bits(__h2div(x, y));
    o[7] = bits(h2exp(x));
    o[8] = bits(h2log(x));
    o[9] = bits(h2sqrt(x));
    o[10] = bits(h2rcp(x));
    o[11] = bits(h2rsqrt(x));
    o[12] = bits(h2exp2(x));
    o[13] = __hbeq2(x, y) | __hbne2(x, y) << 1 | __hblt2(x, y) << 2 | __hbgtu2(x, y) << 3 | __hbequ2(x, y) << 4 | __hble2(x, y) << 5;
    o[14] = bits(__heq2(x, y));
    o[15] = bits(__hgeu2(x, y));
    o[16] = bits(__hmax2(x, y));
    o[17] = bits(__hmin2(x, y));
    o[18] = bits(__hmax2_nan(x, y));
    o[19] = bits(__hmin2_nan(x, y));
    o[20] = bits(__habs2(y));
    o[21] = bits(__lowhigh2highlow(x)) ^ bits(__low2half2(y)) ^ (bits(__high2half2(x)) << 1);
    o[22] = bits(__hisnan2(x));
    o[23] = bits(__hmul2(x, x));
    // bf16 pairs built from the same bits' float values
    float fa = __half2float(a), fb = __half2float(b);
    __nv_bfloat162 bx = __floats2bfloat162_rn(fa, fb), by = __floats2bfloat162_rn(fb * 3.0f, -fa), bz = __float2bfloat162_rn(0.375f);
    o[24] = bits(__hfma2(bx, by, bz));
    o[25] = bits(__hmul2(bx, by));
    o[26] = bits(__hmax2_nan(bx, by));
    o[27] = bits(h2sqrt(bx));
    o[28] = bits(h2rcp(bx));
    o[29] = bits(__hadd2(bx, by));
    o[30] = __hbgt2(bx, by) | __hbleu2(bx, by) << 1;
    o[31] = bits(__hmin2_nan(bx, by));
    // conversions of a*b's float value with each rounding mode
    float f = fa * fb + fb;
    o[32] = hb(__float2half_rn(f)) | (unsigned)hb(__float2half_rz(f)) << 16;
    o[33] = hb(__float2half_rd(f)) | (unsigned)hb(__float2half_ru(f)) << 16;
    o[34] = bb(__float2bfloat16_rn(f)) | (unsigned)bb(__float2bfloat16_rz(f)) << 16;
    o[35] = bb(__float2bfloat16_rd(f)) | (unsigned)bb(__float2bfloat16_ru(f)) << 16;
    __half h = __hfma(a, b, __float2half(-1.5f));
    o[36] = (unsigned)__half2int_rn(h) ^ ((unsigned)__half2int_rz(h) << 8) ^ ((unsigned)__half2int_rd(h) << 16) ^ ((unsigned)__half2int_ru(h) << 24);
    o[37] = (unsigned)__half2short_rn(h) ^ (__half2uint_rz(h) << 5) ^ ((unsigned)__half2ll_rd(h) << 10) ^ ((unsigned)__half2ushort_ru(h) << 20);
    __nv_bfloat16 bh = __float2bfloat16(fa * 37.0f + fb);
    o[38] = (unsigned)__bfloat162int_rn(bh) ^ ((unsigned)__bfloat162int_rz(bh) << 3) ^ ((unsigned)__bfloat162int_rd(bh) << 6) ^ ((unsigned)__bfloat162int_ru(bh) << 9);
    int k = (int)(fa * 1000.0f) + (int)(fb * 7.0f);
    o[39] = hb(__int2half_rn(k)) ^ hb(__int2half_rz(k * 17)) << 16 ^ hb(__uint2half_rd((unsigned)k * 2654435761u)) ^ bb(__ll2bfloat16_ru((long long)k * 123456789LL)) << 3
            ^ hb(__double2half((double)fa / 3.0 + 1e-9)) << 9 ^ bb(__int2bfloat16_rd((int)((unsigned)k * 65539u))) << 12;
}

int main() {
    const unsigned short vals[] = {0x0000, 0x8000, 0x0001, 0x83ff, 0x0400, 0x3c00, 0xbc00, 0x3c01, 0x3555,
                                   0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x4900, 0xc4d2, 0x2e66, 0x5a00};
    const int n = sizeof vals / sizeof vals[0];
    unsigned short* din; unsigned* dout;
    cudaMalloc(&din, sizeof vals); cudaMalloc(&dout, n * n * NOUT * 4);
    cudaMemcpy(din, vals, sizeof vals, cudaMemcpyHostToDevice);
    half_pairs<<<(n * n + 95) / 96, 96>>>(din, n, dout);
    static unsigned h[n * n * NOUT];
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    const char* names[NOUT] = {"hfma2", "hfma2_sat", "hfma2_relu", "hmul2_sat", "hadd2_sat", "hsub2", "h2div", "h2exp", "h2log", "h2sqrt",
                               "h2rcp", "h2rsqrt", "h2exp2", "cmp bits", "heq2", "hgeu2", "hmax2", "hmin2", "hmax2_nan", "hmin2_nan",
                               "habs2", "shuffles", "hisnan2", "hmul2 sq", "bf fma2", "bf mul2", "bf max2_nan", "bf h2sqrt", "bf h2rcp", "bf add2",
                               "bf cmp", "bf min2_nan", "f2h rn|rz", "f2h rd|ru", "f2bf rn|rz", "f2bf rd|ru", "h2int", "h2short etc", "bf2int", "int2h etc"};
    for (int k = 0; k < NOUT; k++) {
        unsigned long long s = 0;
        for (int t = 0; t < n * n; t++) s = s * 1000003ULL + h[t * NOUT + k];
        printf("%-12s hash %016llx  samples %08x %08x %08x %08x\n", names[k], s, h[(1 * n + 5) * NOUT + k], h[(9 * n + 9) * NOUT + k],
               h[(13 * n + 2) * NOUT + k], h[(14 * n + 15) * NOUT + k]);
    }
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
