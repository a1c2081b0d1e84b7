// min-arch: sm_75
// Memory qualifiers: __restrict__ const pointers (ld.global.nc), explicit __ldg on scalars and vector types
// (float4/int2/double2), volatile loads/stores (ld.volatile / st.volatile), const-correct aliasing.

extern "C" __global__ void saxpy_restrict(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void ldg_variants(const float *f, const float4 *f4, const int2 *i2, const double2 *d2,
                                        const unsigned char *u8, const long long *ll, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = __ldg(&f[i]);
    float4 b = __ldg(&f4[i]);
    int2 c = __ldg(&i2[i]);
    double2 d = __ldg(&d2[i]);
    unsigned char e = __ldg(&u8[i]);
    long long g = __ldg(&ll[i]);
    out[i] = a + b.x + b.y + b.z + b.w + (float)(c.x - c.y) + (float)(d.x * d.y) + e + (float)g;
}

extern "C" __global__ void volatile_ops(volatile int *shared_flag, volatile float *buf, float *out) {
    __shared__ volatile int s_flag;
    if (threadIdx.x == 0) s_flag = 0;
    __syncthreads();
    buf[threadIdx.x] = (float)threadIdx.x;
    if (threadIdx.x == 0) {
        s_flag = 1;
        *shared_flag = blockIdx.x;
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = buf[(threadIdx.x + 1) % blockDim.x] + s_flag + *shared_flag;
}

// Non-restrict pointers which may alias: compiler must reload
extern "C" __global__ void maybe_alias(float *a, float *b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) {
        a[i] = b[i] + 1.0f;
        a[i + 1] = b[i] * 2.0f;  // b[i] re-read (may alias a[i])
    }
}

// Vectorized copy using float4 with scalar tail
extern "C" __global__ void copy_vec4(const float *__restrict__ src, float *__restrict__ dst, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int n4 = n / 4;
    if (i < n4) reinterpret_cast<float4 *>(dst)[i] = reinterpret_cast<const float4 *>(src)[i];
    int tail = n4 * 4 + i;
    if (i < n - n4 * 4) dst[tail] = src[tail];
}
