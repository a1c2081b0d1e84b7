// min-arch: sm_75
// int<->float conversions with every rounding mode: __float2int_rn/rz/ru/rd, __float2uint_*, __float2ll_*,
// __float2ull_*, __double2int_*, __double2uint_*, __double2ll_*, __int2float_*, __uint2float_*, __ll2float_*,
// __ull2float_*, __int2double_rn, __ll2double_*, __double2float_rn/rz/ru/rd, C casts.

extern "C" __global__ void f2i(const float *f, const double *d, int *oi, unsigned *ou, long long *ol,
                               unsigned long long *oul, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = f[i];
    double y = d[i];
    oi[4 * i + 0] = __float2int_rn(x);
    oi[4 * i + 1] = __float2int_rz(x);
    oi[4 * i + 2] = __float2int_ru(x);
    oi[4 * i + 3] = __float2int_rd(x) + __double2int_rn(y) + __double2int_rz(y) + __double2int_ru(y) + __double2int_rd(y);
    ou[4 * i + 0] = __float2uint_rn(x);
    ou[4 * i + 1] = __float2uint_rz(x);
    ou[4 * i + 2] = __float2uint_ru(x) + __float2uint_rd(x);
    ou[4 * i + 3] = __double2uint_rn(y) + __double2uint_rz(y);
    ol[2 * i + 0] = __float2ll_rn(x) + __float2ll_rz(x) + __float2ll_ru(x) + __float2ll_rd(x);
    ol[2 * i + 1] = __double2ll_rn(y) + __double2ll_rz(y) + (long long)y;
    oul[2 * i + 0] = __float2ull_rn(x) + __float2ull_rz(x) + __float2ull_ru(x) + __float2ull_rd(x);
    oul[2 * i + 1] = __double2ull_rn(y) + __double2ull_rd(y) + (unsigned long long)y;
}

extern "C" __global__ void i2f(const int *si, const unsigned *ui, const long long *sl, const unsigned long long *ul,
                               float *of, double *od, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float *o = of + 12 * i;
    o[0] = __int2float_rn(si[i]);
    o[1] = __int2float_rz(si[i]);
    o[2] = __int2float_ru(si[i]);
    o[3] = __int2float_rd(si[i]);
    o[4] = __uint2float_rn(ui[i]);
    o[5] = __uint2float_rz(ui[i]);
    o[6] = __ll2float_rn(sl[i]);
    o[7] = __ll2float_rz(sl[i]);
    o[8] = __ll2float_ru(sl[i]) + __ll2float_rd(sl[i]);
    o[9] = __ull2float_rn(ul[i]) + __ull2float_rz(ul[i]);
    o[10] = (float)si[i] + (float)ui[i];
    o[11] = (float)sl[i] + (float)ul[i];
    double *p = od + 6 * i;
    p[0] = __int2double_rn(si[i]);
    p[1] = __uint2double_rn(ui[i]);
    p[2] = __ll2double_rn(sl[i]);
    p[3] = __ll2double_rz(sl[i]) + __ll2double_ru(sl[i]) + __ll2double_rd(sl[i]);
    p[4] = __ull2double_rn(ul[i]) + __ull2double_rz(ul[i]);
    p[5] = (double)sl[i] + (double)ul[i];
}

extern "C" __global__ void f2f(const double *d, const float *f, float *of, double *od, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double y = d[i];
    of[5 * i + 0] = __double2float_rn(y);
    of[5 * i + 1] = __double2float_rz(y);
    of[5 * i + 2] = __double2float_ru(y);
    of[5 * i + 3] = __double2float_rd(y);
    of[5 * i + 4] = (float)y;
    od[i] = (double)f[i];
}

// Rounding float to integral float (cvt.rni.f32.f32 etc.)
extern "C" __global__ void f2integral(const float *f, const double *d, float *of, double *od, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    of[i] = rintf(f[i]) + truncf(f[i]) * 2.0f + floorf(f[i]) * 4.0f + ceilf(f[i]) * 8.0f;
    od[i] = rint(d[i]) + trunc(d[i]) * 2.0 + floor(d[i]) * 4.0 + ceil(d[i]) * 8.0;
}
