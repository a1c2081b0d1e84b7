/* The __nv_* functions that are single PTX instructions (or a few): directed-rounding
 * arithmetic, conversions, bit and integer intrinsics, and the fast approximate functions.
 * Each is the clang builtin that emits exactly the instruction nvcc uses. Device only: the host
 * harness does not measure these (their semantics are those of the PTX instructions). */
#if defined(__NVPTX__)

#define FTZ_SELECT(ftz_expr, ieee_expr) (ftz_mode() ? (ftz_expr) : (ieee_expr))

/* ---- Single precision arithmetic with explicit rounding (add/mul/fma/div/rcp/sqrt.rX.f32) ---- */
#define F_BINARY(name, builtin)                                                                    \
  float __nv_##name##_rn(float a, float b) { return FTZ_SELECT(builtin##_rn_ftz_f(a, b), builtin##_rn_f(a, b)); } \
  float __nv_##name##_rz(float a, float b) { return FTZ_SELECT(builtin##_rz_ftz_f(a, b), builtin##_rz_f(a, b)); } \
  float __nv_##name##_ru(float a, float b) { return FTZ_SELECT(builtin##_rp_ftz_f(a, b), builtin##_rp_f(a, b)); } \
  float __nv_##name##_rd(float a, float b) { return FTZ_SELECT(builtin##_rm_ftz_f(a, b), builtin##_rm_f(a, b)); }
F_BINARY(fadd, __nvvm_add)
F_BINARY(fmul, __nvvm_mul)
F_BINARY(fdiv, __nvvm_div)
float __nv_fsub_rn(float a, float b) { return __nv_fadd_rn(a, -b); }
float __nv_fsub_rz(float a, float b) { return __nv_fadd_rz(a, -b); }
float __nv_fsub_ru(float a, float b) { return __nv_fadd_ru(a, -b); }
float __nv_fsub_rd(float a, float b) { return __nv_fadd_rd(a, -b); }

#define F_UNARY(name, builtin)                                                                     \
  float __nv_##name##_rn(float a) { return FTZ_SELECT(builtin##_rn_ftz_f(a), builtin##_rn_f(a)); } \
  float __nv_##name##_rz(float a) { return FTZ_SELECT(builtin##_rz_ftz_f(a), builtin##_rz_f(a)); } \
  float __nv_##name##_ru(float a) { return FTZ_SELECT(builtin##_rp_ftz_f(a), builtin##_rp_f(a)); } \
  float __nv_##name##_rd(float a) { return FTZ_SELECT(builtin##_rm_ftz_f(a), builtin##_rm_f(a)); }
F_UNARY(frcp, __nvvm_rcp)
F_UNARY(fsqrt, __nvvm_sqrt)

float __nv_fmaf_rn(float a, float b, float c) { return FTZ_SELECT(__nvvm_fma_rn_ftz_f(a, b, c), __nvvm_fma_rn_f(a, b, c)); }
float __nv_fmaf_rz(float a, float b, float c) { return FTZ_SELECT(__nvvm_fma_rz_ftz_f(a, b, c), __nvvm_fma_rz_f(a, b, c)); }
float __nv_fmaf_ru(float a, float b, float c) { return FTZ_SELECT(__nvvm_fma_rp_ftz_f(a, b, c), __nvvm_fma_rp_f(a, b, c)); }
float __nv_fmaf_rd(float a, float b, float c) { return FTZ_SELECT(__nvvm_fma_rm_ftz_f(a, b, c), __nvvm_fma_rm_f(a, b, c)); }
/* The _ieee_ forms never flush. */
float __nv_fmaf_ieee_rn(float a, float b, float c) { return __nvvm_fma_rn_f(a, b, c); }
float __nv_fmaf_ieee_rz(float a, float b, float c) { return __nvvm_fma_rz_f(a, b, c); }
float __nv_fmaf_ieee_ru(float a, float b, float c) { return __nvvm_fma_rp_f(a, b, c); }
float __nv_fmaf_ieee_rd(float a, float b, float c) { return __nvvm_fma_rm_f(a, b, c); }
float __nv_fmaf(float a, float b, float c) { return __nv_fmaf_rn(a, b, c); }

/* sqrtf follows the user's flags like nvcc's: llvm.sqrt.f32 lowers to sqrt.rn.f32 (sqrt.rn.ftz
 * under flush-to-zero) and to sqrt.approx under -ffast-math (nvcc's -use_fast_math /
 * -prec-sqrt=false), because the linked function inherits the user's attributes. */
float __nv_sqrtf(float a) { return __builtin_sqrtf(a); }

/* ---- Double precision arithmetic with explicit rounding ---- */
#define D_BINARY(name, builtin)                                                                    \
  double __nv_##name##_rn(double a, double b) { return builtin##_rn_d(a, b); }                    \
  double __nv_##name##_rz(double a, double b) { return builtin##_rz_d(a, b); }                    \
  double __nv_##name##_ru(double a, double b) { return builtin##_rp_d(a, b); }                    \
  double __nv_##name##_rd(double a, double b) { return builtin##_rm_d(a, b); }
D_BINARY(dadd, __nvvm_add)
D_BINARY(dmul, __nvvm_mul)
D_BINARY(ddiv, __nvvm_div)
double __nv_dsub_rn(double a, double b) { return __nvvm_add_rn_d(a, -b); }
double __nv_dsub_rz(double a, double b) { return __nvvm_add_rz_d(a, -b); }
double __nv_dsub_ru(double a, double b) { return __nvvm_add_rp_d(a, -b); }
double __nv_dsub_rd(double a, double b) { return __nvvm_add_rm_d(a, -b); }
#define D_UNARY(name, builtin)                                                                     \
  double __nv_##name##_rn(double a) { return builtin##_rn_d(a); }                                 \
  double __nv_##name##_rz(double a) { return builtin##_rz_d(a); }                                 \
  double __nv_##name##_ru(double a) { return builtin##_rp_d(a); }                                 \
  double __nv_##name##_rd(double a) { return builtin##_rm_d(a); }
D_UNARY(drcp, __nvvm_rcp)
D_UNARY(dsqrt, __nvvm_sqrt)
double __nv_fma_rn(double a, double b, double c) { return __nvvm_fma_rn_d(a, b, c); }
double __nv_fma_rz(double a, double b, double c) { return __nvvm_fma_rz_d(a, b, c); }
double __nv_fma_ru(double a, double b, double c) { return __nvvm_fma_rp_d(a, b, c); }
double __nv_fma_rd(double a, double b, double c) { return __nvvm_fma_rm_d(a, b, c); }
double __nv_fma(double a, double b, double c) { return __nvvm_fma_rn_d(a, b, c); }
double __nv_sqrt(double a) { return __nvvm_sqrt_rn_d(a); }
/* rcp.approx.ftz.f64: the reciprocal's high word approximation. */
double __nv_rcp64h(double a) { return __nvvm_rcp_approx_ftz_d(a); }

/* ---- Conversions (cvt with the named rounding; out-of-range values saturate, NaN gives 0,
 * or 1 << (bits - 1) from .f64 or into 64 bits) ----
 * Round-toward-zero is written as the instruction itself: LLVM's NVPTX instcombine turns the .rz
 * builtins (__nvvm_f2i_rz, __nvvm_d2ui_rz, ...) into fptosi/fptoui, whose result is poison for
 * NaN and out-of-range operands. Constant folding then gave 0 for __float2uint_rz(INFINITY)
 * (cvt: 0xffffffff), and __double2uint_rz((double)f) became f's own conversion (a NaN: 0 from
 * .f32 where .f64 gives 0x80000000). The .ftz forms are not needed: toward zero, a subnormal
 * converts to 0 either way. */
#define CVT_RZ(ret, name, arg, ptx, out_reg, in_reg)                                               \
  ret __nv_##name##_rz(arg a) {                                                                    \
    ret r;                                                                                         \
    __asm__("cvt.rzi." ptx " %0, %1;" : "=" out_reg(r) : in_reg(a));                               \
    return r;                                                                                      \
  }
#define CVT4(ret, name, arg, builtin, ptx, out_reg, in_reg)                                        \
  ret __nv_##name##_rn(arg a) { return builtin##_rn(a); }                                          \
  CVT_RZ(ret, name, arg, ptx, out_reg, in_reg)                                                     \
  ret __nv_##name##_ru(arg a) { return builtin##_rp(a); }                                          \
  ret __nv_##name##_rd(arg a) { return builtin##_rm(a); }
CVT4(int, double2int, double, __nvvm_d2i, "s32.f64", "r", "d")
CVT4(unsigned int, double2uint, double, __nvvm_d2ui, "u32.f64", "r", "d")
CVT4(long long, double2ll, double, __nvvm_d2ll, "s64.f64", "l", "d")
CVT4(unsigned long long, double2ull, double, __nvvm_d2ull, "u64.f64", "l", "d")
CVT4(long long, float2ll, float, __nvvm_f2ll, "s64.f32", "l", "f")
CVT4(unsigned long long, float2ull, float, __nvvm_f2ull, "u64.f32", "l", "f")
/* Integer to floating point: clang-19 lowers the .rz builtins (__nvvm_i2f_rz and the like) to
   cvt.rn, so round-toward-zero is written as the instruction itself. */
#define CVT4_TO_FLOAT(ret, name, arg, builtin, ptx, out_reg, in_reg)                               \
  ret __nv_##name##_rn(arg a) { return builtin##_rn(a); }                                          \
  ret __nv_##name##_rz(arg a) {                                                                    \
    ret r;                                                                                         \
    __asm__("cvt.rz." ptx " %0, %1;" : "=" out_reg(r) : in_reg(a));                                \
    return r;                                                                                      \
  }                                                                                                \
  ret __nv_##name##_ru(arg a) { return builtin##_rp(a); }                                          \
  ret __nv_##name##_rd(arg a) { return builtin##_rm(a); }
CVT4_TO_FLOAT(float, int2float, int, __nvvm_i2f, "f32.s32", "f", "r")
CVT4_TO_FLOAT(float, uint2float, unsigned int, __nvvm_ui2f, "f32.u32", "f", "r")
CVT4_TO_FLOAT(float, ll2float, long long, __nvvm_ll2f, "f32.s64", "f", "l")
CVT4_TO_FLOAT(float, ull2float, unsigned long long, __nvvm_ull2f, "f32.u64", "f", "l")
CVT4_TO_FLOAT(double, ll2double, long long, __nvvm_ll2d, "f64.s64", "d", "l")
CVT4_TO_FLOAT(double, ull2double, unsigned long long, __nvvm_ull2d, "f64.u64", "d", "l")
#define CVT3_FTZ(ret, name, arg, builtin)                                                          \
  ret __nv_##name##_rn(arg a) { return FTZ_SELECT(builtin##_rn_ftz(a), builtin##_rn(a)); }        \
  ret __nv_##name##_ru(arg a) { return FTZ_SELECT(builtin##_rp_ftz(a), builtin##_rp(a)); }        \
  ret __nv_##name##_rd(arg a) { return FTZ_SELECT(builtin##_rm_ftz(a), builtin##_rm(a)); }
CVT3_FTZ(float, double2float, double, __nvvm_d2f)
float __nv_double2float_rz(double a) { return FTZ_SELECT(__nvvm_d2f_rz_ftz(a), __nvvm_d2f_rz(a)); }
CVT3_FTZ(int, float2int, float, __nvvm_f2i)
CVT_RZ(int, float2int, float, "s32.f32", "r", "f")
CVT3_FTZ(unsigned int, float2uint, float, __nvvm_f2ui)
CVT_RZ(unsigned int, float2uint, float, "u32.f32", "r", "f")
double __nv_int2double_rn(int a) { return __nvvm_i2d_rn(a); }
double __nv_uint2double_rn(unsigned int a) { return __nvvm_ui2d_rn(a); }
int __nv_double2hiint(double a) { return __nvvm_d2i_hi(a); }
int __nv_double2loint(double a) { return __nvvm_d2i_lo(a); }
double __nv_hiloint2double(int hi, int lo) { return __nvvm_lohi_i2d(lo, hi); }
unsigned short __nv_float2half_rn(float a) { return FTZ_SELECT(__nvvm_f2h_rn_ftz(a), __nvvm_f2h_rn(a)); }
float __nv_half2float(unsigned short h) { _Float16 v; __builtin_memcpy(&v, &h, 2); return (float)v; }
unsigned long long __nv_double_as_longlong(double a) { return bits_d(a); }
double __nv_longlong_as_double(long long a) { return from_bits_d((u64)a); }
int __nv_float_as_int(float a) { return (int)bits_f(a); }
unsigned int __nv_float_as_uint(float a) { return bits_f(a); }
float __nv_int_as_float(int a) { return from_bits_f((u32)a); }
float __nv_uint_as_float(unsigned int a) { return from_bits_f(a); }
float __nv_saturatef(float a) { return FTZ_SELECT(__nvvm_saturate_ftz_f(a), __nvvm_saturate_f(a)); }

/* ---- Integer intrinsics ---- */
int __nv_abs(int a) { return a < 0 ? -(unsigned)a : a; }
long long __nv_llabs(long long a) { return a < 0 ? -(u64)a : (u64)a; }
int __nv_min(int a, int b) { return a < b ? a : b; }
int __nv_max(int a, int b) { return a > b ? a : b; }
unsigned int __nv_umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
unsigned int __nv_umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
long long __nv_llmin(long long a, long long b) { return a < b ? a : b; }
long long __nv_llmax(long long a, long long b) { return a > b ? a : b; }
unsigned long long __nv_ullmin(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
unsigned long long __nv_ullmax(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
int __nv_brev(int a) { return (int)__builtin_bitreverse32((u32)a); }
long long __nv_brevll(long long a) { return (long long)__builtin_bitreverse64((u64)a); }
int __nv_clz(int a) { return __builtin_clzg((u32)a, 32); }
int __nv_clzll(long long a) { return __builtin_clzg((u64)a, 64); }
int __nv_popc(unsigned int a) { return __builtin_popcount(a); }
int __nv_popcll(unsigned long long a) { return __builtin_popcountll(a); }
/* Position of the least significant set bit, 1-based; 0 for 0 (brev + clz, as nvcc). */
int __nv_ffs(int a) { return a == 0 ? 0 : __builtin_clzg(__builtin_bitreverse32((u32)a), 32) + 1; }
int __nv_ffsll(long long a) { return a == 0 ? 0 : __builtin_clzg(__builtin_bitreverse64((u64)a), 64) + 1; }
/* Only bits 2:0 of each selector nibble pick a byte (the Math API's definition); prmt's default
   mode reads bit 3 as "replicate the sign", so it is cleared first, as nvcc does. */
int __nv_byte_perm(int a, int b, int s) { return __nvvm_prmt(a, b, s & 0x7777); }
int __nv_mul24(int a, int b) { return __nvvm_mul24_i(a, b); }
unsigned int __nv_umul24(unsigned int a, unsigned int b) { return __nvvm_mul24_ui(a, b); }
int __nv_mulhi(int a, int b) { return __nvvm_mulhi_i(a, b); }
unsigned int __nv_umulhi(unsigned int a, unsigned int b) { return __nvvm_mulhi_ui(a, b); }
long long __nv_mul64hi(long long a, long long b) { return __nvvm_mulhi_ll(a, b); }
unsigned long long __nv_umul64hi(unsigned long long a, unsigned long long b) { return __nvvm_mulhi_ull(a, b); }
int __nv_sad(int a, int b, int c) { return __nvvm_sad_i(a, b, c); }
unsigned int __nv_usad(unsigned int a, unsigned int b, unsigned int c) { return __nvvm_sad_ui(a, b, c); }
/* Halving adds: the sum is formed in 33 bits, as PTX's and nvcc's, so it never overflows. */
int __nv_hadd(int a, int b) { return (int)(((long long)a + b) >> 1); }
int __nv_rhadd(int a, int b) { return (int)(((long long)a + b + 1) >> 1); }
int __nv_uhadd(unsigned int a, unsigned int b) { return (int)(((u64)a + b) >> 1); }
unsigned int __nv_urhadd(unsigned int a, unsigned int b) { return (u32)(((u64)a + b + 1) >> 1); }

/* ---- Fast approximate functions (sin/ex2/lg2/div.approx; .ftz under flush-to-zero) ---- */
static float approx_sin(float x) { return FTZ_SELECT(__nvvm_sin_approx_ftz_f(x), __nvvm_sin_approx_f(x)); }
static float approx_cos(float x) { return FTZ_SELECT(__nvvm_cos_approx_ftz_f(x), __nvvm_cos_approx_f(x)); }
static float approx_ex2(float x) { return FTZ_SELECT(__nvvm_ex2_approx_ftz_f(x), __nvvm_ex2_approx_f(x)); }
static float approx_lg2(float x) { return FTZ_SELECT(__nvvm_lg2_approx_ftz_f(x), __nvvm_lg2_approx_f(x)); }
static float approx_div(float a, float b) { return FTZ_SELECT(__nvvm_div_approx_ftz_f(a, b), __nvvm_div_approx_f(a, b)); }
float __nv_fast_sinf(float x) { return approx_sin(x); }
float __nv_fast_cosf(float x) { return approx_cos(x); }
void __nv_fast_sincosf(float x, float *s, float *c) { *s = approx_sin(x); *c = approx_cos(x); }
float __nv_fast_tanf(float x) { return approx_div(approx_sin(x), approx_cos(x)); }
/* The products of these five are plain multiplications (`*`, not ops.h's mulf), as in NVIDIA's
   libdevice: the caller's contraction applies to them, so `m + __logf(s)` is one fma of lg2's
   result, as nvcc's PTX has it (`fma.rn.f32 %f, %lg2, 0f3F317218, %m`), and -ftz makes them
   mul.ftz. tests/check.sh exempts them from its no-plain-product rule. */
float __nv_fast_expf(float x) { return approx_ex2(x * 0x1.715476p+0f); }
float __nv_fast_exp10f(float x) { return approx_ex2(x * 0x1.a934f0p+1f); }
float __nv_fast_log2f(float x) { return approx_lg2(x); }
float __nv_fast_logf(float x) { return approx_lg2(x) * 0x1.62e430p-1f; }
float __nv_fast_log10f(float x) { return approx_lg2(x) * 0x1.344136p-2f; }
float __nv_fast_powf(float x, float y) { return approx_ex2(y * approx_lg2(x)); }
float __nv_fast_fdividef(float a, float b) { return approx_div(a, b); }
/* Cuprite's own (NVIDIA's libdevice has no counterpart): cuda_wrapper.h maps sqrtf to it under
 * -prec-sqrt=false (implied by -use_fast_math), as nvcc compiles it (sqrt.approx). */
float __cuprite_fast_sqrtf(float x) { return FTZ_SELECT(__nvvm_sqrt_approx_ftz_f(x), __nvvm_sqrt_approx_f(x)); }
/* exp2f, rsqrtf and rsqrt as nvcc compiles them under every option: one instruction each
 * (ex2.approx, rsqrt.approx.f32, rsqrt.approx.f64; nvcc 13.0's PTX), whose results an H200's
 * special function unit gives, not the 0.5-ulp ones of __nv_exp2f, __nv_rsqrtf and __nv_rsqrt.
 * cuda_wrapper.h maps those names here in device code. */
float __cuprite_approx_exp2f(float x) { return approx_ex2(x); }
float __cuprite_approx_rsqrtf(float x) { return FTZ_SELECT(__nvvm_rsqrt_approx_ftz_f(x), __nvvm_rsqrt_approx_f(x)); }
double __cuprite_approx_rsqrt(double x) { return __nvvm_rsqrt_approx_d(x); }
/* tanhf under -use_fast_math, as nvcc 13.0 compiles it (sm_75 and later): tanh.approx.f32, without
 * .ftz even then (a subnormal argument comes back unflushed); cuda_wrapper.h maps tanhf here. An
 * architecture without the instruction gets the accurate function. */
float __nv_tanhf(float x);
float __cuprite_fast_tanhf(float x) {
#if __CUDA_ARCH__ >= 750
  float r;
  __asm__("tanh.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
#else
  return __nv_tanhf(x);
#endif
}

#endif

/* ---- C++ ABI hooks clang's device code references ---- */
/* __cxa_pure_virtual and __cxa_deleted_virtual (an abstract class's vtable slots) are defined,
   weak, in include/cuprite/cuda_wrapper.h, so that every file of a -rdc=true program may. */
