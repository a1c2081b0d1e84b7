// 1/sqrt(x) under the square root and division options (crates/nvcc/tests/float_options.rs
// compares the PTX with nvcc 13.0's: rsqrt.approx only when both are approximate).
__global__ void k_inv_sqrt(float *o, const float *i) { o[0] = 1.0f / sqrtf(i[0]); }
__global__ void k_inv_sqrt2(float *o, const float *i) { o[0] = 2.0f / sqrtf(i[0]); }
__global__ void k_inv_sqrt_d(double *o, const double *i) { o[0] = 1.0 / sqrt(i[0]); }
__global__ void k_rcp_sqrt(float *o, const float *i) { o[0] = __frcp_rn(sqrtf(i[0])); }
