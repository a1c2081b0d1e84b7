// One kernel per single-precision operation whose instruction nvcc's floating-point options
// (-use_fast_math, -ftz, -prec-div, -prec-sqrt, -fmad) choose; tests/float_options.rs reads the
// PTX `cuprite nvcc --ptx` makes of it.
#define K(name, expr)                                                  \
  extern "C" __global__ void name(float *o, const float *a) {          \
    float x = a[threadIdx.x], y = a[threadIdx.x + 32], z = a[threadIdx.x + 64]; \
    (void)y; (void)z;                                                  \
    o[threadIdx.x] = expr;                                             \
  }
K(k_div, x / y)
K(k_rcp, 1.0f / x)
K(k_sqrtf, sqrtf(x))
K(k_rsqrtf, rsqrtf(x))
K(k_expf, expf(x))
K(k_exp2f, exp2f(x))
K(k_exp10f, exp10f(x))
K(k_logf, logf(x))
K(k_log2f, log2f(x))
K(k_log10f, log10f(x))
K(k_sinf, sinf(x))
K(k_cosf, cosf(x))
K(k_tanf, tanf(x))
K(k_powf, powf(x, y))
K(k_sincosf, ({ float s, c; sincosf(x, &s, &c); s + c; }))
K(k_fsqrt_rn, __fsqrt_rn(x))
K(k_fdiv_rn, __fdiv_rn(x, y))
K(k_fma, x * y + z)
K(k_isnan, isnan(x) ? 1.0f : 0.0f)
// rsqrt(double) is rsqrt.approx.f64 under every option.
extern "C" __global__ void k_rsqrt(double *o, const double *a) { o[threadIdx.x] = rsqrt(a[threadIdx.x]); }
