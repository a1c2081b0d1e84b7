// min-arch: sm_75
// Kernel attributes: __launch_bounds__(maxThreads), (maxThreads, minBlocksPerSM) (.maxntid/.minnctapersm),
// __maxnreg__ (.maxnreg), templated launch bounds, __noinline__/__forceinline__ helpers, __device__ functions
// with extern "C" linkage and .visible .func, static __device__ (internal), __inline_hint__, register-pressure heavy
// body so bounds matter. (max blocks per cluster: see 56_clusters.cu; sm_90 only.)

__device__ __forceinline__ float accumulate(const float *p, int n, float s) {
    float r = 0.f;
#pragma unroll 8
    for (int k = 0; k < n; ++k) r = fmaf(p[k], s, r);
    return r;
}
__device__ __noinline__ float helper_noinline(float a, float b) { return a * b + sinf(a); }
extern "C" __device__ float c_linkage_helper(float a) { return a * 3.0f; }
static __device__ float internal_helper(float a) { return a - 1.0f; }
__device__ __inline_hint__ float hinted(float a) { return a * a; }

extern "C" __global__ void __launch_bounds__(128) lb_max_threads(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = accumulate(in + i, 16, 0.5f) + helper_noinline(in[i], 2.f) + c_linkage_helper(in[i]);
}

extern "C" __global__ void __launch_bounds__(256, 4) lb_min_blocks(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float r[24];
#pragma unroll
    for (int k = 0; k < 24; ++k) r[k] = in[(i + k * 97) % n];
    float s = 0.f;
#pragma unroll
    for (int k = 0; k < 24; ++k) s += r[k] * r[(k + 5) % 24];
    if (i < n) out[i] = internal_helper(s) + hinted(s);
}

extern "C" __global__ void __launch_bounds__(1024, 1) lb_big_block(int *out) {
    out[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}

extern "C" __global__ void __maxnreg__(32) maxnreg_kernel(const double *in, double *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double a = in[i], b = a * a, c = b * a, d = c * a;
    out[i] = exp(a) + log1p(fabs(b)) + sin(c) + cos(d);
}

template <int BLOCK, int MINB> __global__ void __launch_bounds__(BLOCK, MINB) lb_template(float *data) {
    __shared__ float s[BLOCK];
    s[threadIdx.x] = data[blockIdx.x * BLOCK + threadIdx.x];
    __syncthreads();
    data[blockIdx.x * BLOCK + threadIdx.x] = s[BLOCK - 1 - threadIdx.x];
}
template __global__ void lb_template<64, 8>(float *);
template __global__ void lb_template<512, 2>(float *);

// Kernel with explicit .reqntid-like constraint via launch bounds and a device function used by two kernels
__device__ int shared_helper(int x) { return x * 2 + 1; }
extern "C" __global__ void __launch_bounds__(32) single_warp_a(int *d) { d[threadIdx.x] = shared_helper(d[threadIdx.x]); }
extern "C" __global__ void __launch_bounds__(32) single_warp_b(int *d) { d[threadIdx.x] = shared_helper(-d[threadIdx.x]); }
