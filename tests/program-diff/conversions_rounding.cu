// Conversions with explicit rounding modes and saturation at the edges: NaN, infinities,
// values just past the integer ranges, ties, subnormals, half/bfloat16 overflow.
#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void k(const float *fin, const double *din, int nf, int nd, unsigned long long *out) {
    int i = threadIdx.x;
    if (i < nf) {
        float x = fin[i];
        unsigned long long *o = out + i * 24;
        o[0] = (unsigned)__float2int_rn(x); o[1] = (unsigned)__float2int_rz(x);
        o[2] = (unsigned)__float2int_rd(x); o[3] = (unsigned)__float2int_ru(x);
        o[4] = __float2uint_rn(x); o[5] = __float2uint_rd(x); o[6] = __float2uint_ru(x);
        o[7] = (unsigned long long)__float2ll_rd(x); o[8] = __float2ull_ru(x);
        o[9] = __half_as_ushort(__float2half_rz(x)) | (unsigned long long)__half_as_ushort(__float2half_ru(x)) << 16
             | (unsigned long long)__half_as_ushort(__float2half_rd(x)) << 32 | (unsigned long long)__half_as_ushort(__float2half_rn(x)) << 48;
        o[10] = __bfloat16_as_ushort(__float2bfloat16_rz(x)) | (unsigned long long)__bfloat16_as_ushort(__float2bfloat16_ru(x)) << 16
             | (unsigned long long)__bfloat16_as_ushort(__float2bfloat16_rd(x)) << 32 | (unsigned long long)__bfloat16_as_ushort(__float2bfloat16(x)) << 48;
        o[11] = __float_as_uint(__saturatef(x));
        o[12] = (unsigned)__half2int_rd(__float2half(x)) | (unsigned long long)(unsigned)__half2int_ru(__float2half(x)) << 32;
        o[13] = __half2ushort_rz(__float2half(x)) | (unsigned long long)(unsigned short)__half2short_rn(__float2half(x)) << 16
             | (unsigned long long)__bfloat16_as_ushort(__float2bfloat16_rn(__half2float(__float2half(x)))) << 32;
        o[14] = __double_as_longlong((double)x);
        o[15] = __float_as_uint(__int2float_rd((int)o[1])) | (unsigned long long)__float_as_uint(__uint2float_ru((unsigned)o[4])) << 32;
        o[16] = __float_as_uint(__ll2float_ru((long long)o[7])) | (unsigned long long)__float_as_uint(__ull2float_rd(o[8])) << 32;
        o[17] = __float_as_uint(__frcp_rd(x)) | (unsigned long long)__float_as_uint(__fsqrt_ru(x)) << 32;
        o[18] = (unsigned char)__float2int_rz(fminf(fmaxf(x, -128.f), 127.f));
        o[19] = __float_as_uint(rintf(x)) | (unsigned long long)__float_as_uint(nearbyintf(x * 3.0f)) << 32;
        o[20] = __float_as_uint(truncf(x)) | (unsigned long long)__float_as_uint(roundf(x)) << 32;
        o[21] = (unsigned long long)lrintf(x < 1e18f && x > -1e18f ? x : 0.f);
        o[22] = (unsigned long long)llroundf(x < 1e18f && x > -1e18f ? x : 0.f);
        o[23] = __float_as_uint(__fadd_rd(x, 1e-30f)) | (unsigned long long)__float_as_uint(__fmul_ru(x, 1.0000001f)) << 32;
    }
    if (i < nd) {
        double x = din[i];
        unsigned long long *o = out + 64 * 24 + i * 12;
        o[0] = __float_as_uint(__double2float_rn(x)) | (unsigned long long)__float_as_uint(__double2float_ru(x)) << 32;
        o[1] = __float_as_uint(__double2float_rd(x)) | (unsigned long long)__float_as_uint(__double2float_rz(x)) << 32;
        o[2] = (unsigned)__double2int_rn(x) | (unsigned long long)(unsigned)__double2int_ru(x) << 32;
        o[3] = __double2uint_rd(x) | (unsigned long long)__double2uint_rz(x) << 32;
        o[4] = (unsigned long long)__double2ll_rn(x);
        o[5] = __double2ull_ru(x);
        o[6] = (unsigned long long)__double2ll_rz(x);
        o[7] = __half_as_ushort(__double2half(x)) | (unsigned long long)__bfloat16_as_ushort(__double2bfloat16(x)) << 16;
        o[8] = __double_as_longlong(__ll2double_rn((long long)o[4])) ^ __double_as_longlong(__ull2double_ru(o[5]));
        o[9] = __double_as_longlong(rint(x));
        o[10] = (unsigned long long)(long long)(x > -9e18 && x < 9e18 ? (long long)x : 0);
        o[11] = __double2hiint(x) ^ (unsigned long long)(unsigned)__double2loint(x) << 32;
    }
}

int main() {
    float nanf_ = __builtin_nanf(""), inf = __builtin_inff();
    float fv[] = {0.0f, -0.0f, 0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 0.49999997f, 2147483520.0f, 2147483648.0f, -2147483648.0f,
                  -2147483904.0f, 4294967040.0f, 4294967296.0f, -1.0f, nanf_, -nanf_, inf, -inf, 65504.0f, 65519.0f, 65520.0f,
                  -65520.0f, 5.96e-8f, 2.98e-8f, 2.99e-8f, 1e-40f, -1e-40f, 3.3895314e38f, 1.0000001f, 0.99999994f, 127.5f,
                  -128.5f, 9.2233720e18f, 1.8446744e19f, -9.2233720e18f, 3.0f, 1.17549435e-38f, 255.9f, 1e10f, 0.33333334f};
    double dv[] = {0.0, -0.0, 0.5, 2.5, -2.5, 1.0 + 1e-16, 3.4028235677973366e38, 3.4028236e38, 1e39, -1e39, 1.401298464324817e-45,
                   7.006492321624085e-46, 7.006492321624087e-46, 1e-50, __builtin_nan(""), __builtin_inf(), -__builtin_inf(),
                   2147483647.5, -2147483648.5, 4294967295.5, 4294967296.0, 9223372036854775807.0, -9223372036854775808.0,
                   18446744073709551615.0, 0.1, -0.1, 1.0 / 3.0, 65504.0, 65520.0, 123456789.123456789, -1.0};
    const int nf = sizeof fv / sizeof fv[0], nd = sizeof dv / sizeof dv[0];
    float *df; double *dd; unsigned long long *dout;
    cudaMalloc(&df, sizeof fv); cudaMalloc(&dd, sizeof dv); cudaMalloc(&dout, (64 * 24 + 64 * 12) * 8);
    cudaMemcpy(df, fv, sizeof fv, cudaMemcpyHostToDevice); cudaMemcpy(dd, dv, sizeof dv, cudaMemcpyHostToDevice);
    k<<<1, 64>>>(df, dd, nf, nd, dout);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    static unsigned long long h[64 * 24 + 64 * 12];
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < nf; i++) {
        unsigned u; memcpy(&u, &fv[i], 4);
        printf("f %08x:", u);
        for (int j = 0; j < 24; j++) printf(" %llx", h[i * 24 + j]);
        printf("\n");
    }
    for (int i = 0; i < nd; i++) {
        unsigned long long u; memcpy(&u, &dv[i], 8);
        printf("d %016llx:", u);
        for (int j = 0; j < 12; j++) printf(" %llx", h[64 * 24 + i * 12 + j]);
        printf("\n");
    }
    return 0;
}
