// The fast intrinsics whose NVIDIA definition ends or starts with a plain product, each beside
// an addition (crates/nvcc/tests/float_options.rs compares the PTX with nvcc 13.0's).
__global__ void k_logf(float *o, const float *i) { o[0] = i[1] + __logf(i[0]); }
__global__ void k_log10f(float *o, const float *i) { o[0] = i[1] + __log10f(i[0]); }
__global__ void k_log2f(float *o, const float *i) { o[0] = i[1] + __log2f(i[0]); }
__global__ void k_expf(float *o, const float *i) { o[0] = i[1] + __expf(i[0]); }
__global__ void k_exp10f(float *o, const float *i) { o[0] = i[1] + __exp10f(i[0]); }
__global__ void k_powf(float *o, const float *i) { o[0] = i[1] + __powf(i[0], i[2]); }
__global__ void k_lse(float *o, const float *i) { o[0] = i[1] + logf(i[0]); }
__global__ void k_scaled_log(float *o, const float *i) { o[0] = 2.5f * log10f(i[0]) - i[1]; }
