/*
 * Cuprite: the C++ types of cuda_fp8.h (which includes this file): __nv_fp8_e4m3,
 * __nv_fp8x2_e4m3, __nv_fp8x4_e4m3, the same for e5m2 (constructors round to nearest even and
 * saturate to the largest finite value, as nvcc's header's do) and for e8m0 (constructors
 * round up to a power of two and saturate).
 */
#ifndef __CUDA_FP8_HPP__
#define __CUDA_FP8_HPP__

#include "cuda_fp8.h"

#if defined(__cplusplus)

/* One format's one-value conversions in the constructors' mode (round to nearest even,
 * saturate), named as __CUPRITE_NARROW_TYPES takes them. */
#define __CUPRITE_FP8_CONVERSIONS(fmt, FMT)                                                              \
    __CUPRITE_HD__ __nv_fp8_storage_t __cuprite_##fmt##_from_half(__half_raw x) {                        \
        return __nv_cvt_halfraw_to_fp8(x, __NV_SATFINITE, FMT);                                          \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_fp8_storage_t __cuprite_##fmt##_from_bf16(__nv_bfloat16_raw x) {                 \
        return __nv_cvt_bfloat16raw_to_fp8(x, __NV_SATFINITE, FMT);                                      \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_fp8_storage_t __cuprite_##fmt##_from_float(float x) {                            \
        return __nv_cvt_float_to_fp8(x, __NV_SATFINITE, FMT);                                            \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_fp8_storage_t __cuprite_##fmt##_from_double(double x) {                          \
        return __nv_cvt_double_to_fp8(x, __NV_SATFINITE, FMT);                                           \
    }                                                                                                    \
    __CUPRITE_HD__ __half_raw __cuprite_##fmt##_to_half(unsigned int c) {                                \
        return __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)c, FMT);                                      \
    }

__CUPRITE_FP8_CONVERSIONS(e4m3, __NV_E4M3)
__CUPRITE_FP8_CONVERSIONS(e5m2, __NV_E5M2)
#undef __CUPRITE_FP8_CONVERSIONS

__CUPRITE_NARROW_TYPES(__nv_fp8_e4m3, __nv_fp8x2_e4m3, __nv_fp8x4_e4m3, __nv_fp8_storage_t, __nv_fp8x2_storage_t,
                       __nv_fp8x4_storage_t, 8, 0x7fu, __cuprite_e4m3_from_half, __cuprite_e4m3_from_bf16,
                       __cuprite_e4m3_from_float, __cuprite_e4m3_from_double, __cuprite_e4m3_to_half)
__CUPRITE_NARROW_TYPES(__nv_fp8_e5m2, __nv_fp8x2_e5m2, __nv_fp8x4_e5m2, __nv_fp8_storage_t, __nv_fp8x2_storage_t,
                       __nv_fp8x4_storage_t, 8, 0x7fu, __cuprite_e5m2_from_half, __cuprite_e5m2_from_bf16,
                       __cuprite_e5m2_from_float, __cuprite_e5m2_from_double, __cuprite_e5m2_to_half)

/* e8m0 from a wide value: rounded up to a power of two, saturating. */
__CUPRITE_HD__ __nv_fp8_storage_t __cuprite_e8m0_from(double x) {
    return __cuprite_to_e8m0(x, __NV_SATFINITE, cudaRoundPosInf);
}
/* e8m0 from an integer: through bfloat16 rounded to nearest even, as nvcc's header does. */
__CUPRITE_HD__ __nv_fp8_storage_t __cuprite_e8m0_from_integer(__nv_bfloat16 b) {
    return __cuprite_e8m0_from(__bfloat162float(b));
}

struct __align__(1) __nv_fp8_e8m0 {
    __nv_fp8_storage_t __x;
    __nv_fp8_e8m0() = default;
    explicit __host__ __device__ __nv_fp8_e8m0(const __half f) { __x = __cuprite_e8m0_from(__half2float(f)); }
    explicit __host__ __device__ __nv_fp8_e8m0(const __nv_bfloat16 f) { __x = __cuprite_e8m0_from(__bfloat162float(f)); }
    explicit __host__ __device__ __nv_fp8_e8m0(const float f) { __x = __cuprite_e8m0_from(f); }
    explicit __host__ __device__ __nv_fp8_e8m0(const double f) { __x = __cuprite_e8m0_from(f); }
    explicit __host__ __device__ __nv_fp8_e8m0(unsigned short v) { __x = __cuprite_e8m0_from_integer(__ushort2bfloat16_rn(v)); }
    explicit __host__ __device__ __nv_fp8_e8m0(unsigned int v) { __x = __cuprite_e8m0_from_integer(__uint2bfloat16_rn(v)); }
    explicit __host__ __device__ __nv_fp8_e8m0(unsigned long v) { __x = __cuprite_e8m0_from_integer(__ull2bfloat16_rn(v)); }
    explicit __host__ __device__ __nv_fp8_e8m0(unsigned long long v) { __x = __cuprite_e8m0_from_integer(__ull2bfloat16_rn(v)); }
    explicit __host__ __device__ __nv_fp8_e8m0(short v) { __x = __cuprite_e8m0_from_integer(__short2bfloat16_rn(v)); }
    explicit __host__ __device__ __nv_fp8_e8m0(int v) { __x = __cuprite_e8m0_from_integer(__int2bfloat16_rn(v)); }
    explicit __host__ __device__ __nv_fp8_e8m0(long v) { __x = __cuprite_e8m0_from_integer(__ll2bfloat16_rn(v)); }
    explicit __host__ __device__ __nv_fp8_e8m0(long long v) { __x = __cuprite_e8m0_from_integer(__ll2bfloat16_rn(v)); }
    explicit __host__ __device__ operator float() const { return __cuprite_e8m0_to_float(__x); }
    explicit __host__ __device__ operator __nv_bfloat16() const {
        return __nv_bfloat16(__nv_bfloat16_raw{__cuprite_e8m0_to_bf16_bits(__x)});
    }
    explicit __host__ __device__ operator double() const { return (double)float(*this); }
    explicit __host__ __device__ operator __half() const { return __float2half_rn(float(*this)); }
    /* Every code is a nonzero power of two (or NaN). */
    explicit __host__ __device__ operator bool() const { return true; }
    __CUPRITE_NARROW_INTEGER_OPERATORS(__nv_bfloat16, __bfloat16)
};

struct __align__(2) __nv_fp8x2_e8m0 {
    __nv_fp8x2_storage_t __x;
    __nv_fp8x2_e8m0() = default;
    explicit __host__ __device__ __nv_fp8x2_e8m0(const __half2 f) {
        __x = pack(__half2float(f.x), __half2float(f.y));
    }
    explicit __host__ __device__ __nv_fp8x2_e8m0(const __nv_bfloat162 f) {
        __x = pack(__bfloat162float(f.x), __bfloat162float(f.y));
    }
    explicit __host__ __device__ __nv_fp8x2_e8m0(const float2 f) { __x = pack(f.x, f.y); }
    explicit __host__ __device__ __nv_fp8x2_e8m0(const double2 f) { __x = pack(f.x, f.y); }
    explicit __host__ __device__ operator __nv_bfloat162() const {
        return __nv_bfloat162(__nv_cvt_e8m0x2_to_bf162raw(__x));
    }
    explicit __host__ __device__ operator float2() const {
        return float2{__cuprite_e8m0_to_float(__x & 0xff), __cuprite_e8m0_to_float(__x >> 8)};
    }
    explicit __host__ __device__ operator __half2() const {
        return __half2(__float2half_rn(__cuprite_e8m0_to_float(__x & 0xff)),
                       __float2half_rn(__cuprite_e8m0_to_float(__x >> 8)));
    }

  private:
    static __host__ __device__ __nv_fp8x2_storage_t pack(double lo, double hi) {
        return (__nv_fp8x2_storage_t)(__cuprite_e8m0_from(lo) | __cuprite_e8m0_from(hi) << 8);
    }
};

struct __align__(4) __nv_fp8x4_e8m0 {
    __nv_fp8x4_storage_t __x;
    __nv_fp8x4_e8m0() = default;
    explicit __host__ __device__ __nv_fp8x4_e8m0(const __half2 lo, const __half2 hi) {
        __x = pack(__half2float(lo.x), __half2float(lo.y), __half2float(hi.x), __half2float(hi.y));
    }
    explicit __host__ __device__ __nv_fp8x4_e8m0(const __nv_bfloat162 lo, const __nv_bfloat162 hi) {
        __x = pack(__bfloat162float(lo.x), __bfloat162float(lo.y), __bfloat162float(hi.x), __bfloat162float(hi.y));
    }
    explicit __host__ __device__ __nv_fp8x4_e8m0(const float4 f) { __x = pack(f.x, f.y, f.z, f.w); }
    explicit __host__ __device__ __nv_fp8x4_e8m0(const double4 f) { __x = pack(f.x, f.y, f.z, f.w); }
    explicit __host__ __device__ __nv_fp8x4_e8m0(const double4_16a f) { __x = pack(f.x, f.y, f.z, f.w); }
    explicit __host__ __device__ __nv_fp8x4_e8m0(const double4_32a f) { __x = pack(f.x, f.y, f.z, f.w); }
    explicit __host__ __device__ operator float4() const {
        float4 r;
        r.x = __cuprite_e8m0_to_float(__x & 0xff);
        r.y = __cuprite_e8m0_to_float((__x >> 8) & 0xff);
        r.z = __cuprite_e8m0_to_float((__x >> 16) & 0xff);
        r.w = __cuprite_e8m0_to_float(__x >> 24);
        return r;
    }

  private:
    static __host__ __device__ __nv_fp8x4_storage_t pack(double a, double b, double c, double d) {
        return (__nv_fp8x4_storage_t)__cuprite_e8m0_from(a) | (__nv_fp8x4_storage_t)__cuprite_e8m0_from(b) << 8 |
               (__nv_fp8x4_storage_t)__cuprite_e8m0_from(c) << 16 | (__nv_fp8x4_storage_t)__cuprite_e8m0_from(d) << 24;
    }
};

#endif /* __cplusplus */
#endif /* __CUDA_FP8_HPP__ */
