// min-arch: sm_75
// Module-scope variables: __constant__ arrays and structs (ld.const, indexed), __device__ globals (scalars,
// arrays, structs with initializers), __managed__ variables, static __device__ variables, const tables,
// address-of globals passed as generic pointers.

struct Params {
    float scale;
    float bias;
    int taps;
    int pad;
};

__constant__ float c_filter[32];
__constant__ Params c_params = {2.0f, -1.0f, 5, 0};
__constant__ int c_lut[16] = {0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144, 169, 196, 225};
__constant__ double c_dconst = 3.14159265358979;

__device__ int g_counter = 0;
__device__ float g_table[8] = {1.f, 2.f, 3.f, 4.f, 5.f, 6.f, 7.f, 8.f};
__device__ Params g_params = {1.0f, 0.5f, 3, 0};
__device__ unsigned long long g_wide = 0x0123456789abcdefull;
__device__ char g_message[] = "cuprite";
static __device__ int s_hidden = 7;
__managed__ int m_result;
__managed__ float m_array[64];

extern "C" __global__ void fir_constant(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.f;
    for (int t = 0; t < c_params.taps; ++t) {
        int j = i - t;
        acc += (j >= 0 ? in[j] : 0.f) * c_filter[t];
    }
    out[i] = acc * c_params.scale + c_params.bias + (float)c_dconst;
}

extern "C" __global__ void globals_rw(const int *idx, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int k = idx[i] & 7;
    out[i] = g_table[k] * g_params.scale + g_params.bias + c_lut[idx[i] & 15] + (float)(g_wide >> (k * 8) & 0xff) +
             g_message[k % 7] + s_hidden;
    atomicAdd(&g_counter, 1);
    if (i == 0) {
        g_table[0] += 1.0f;
        s_hidden++;
    }
}

extern "C" __global__ void managed_update(int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && i < 64) m_array[i] = m_array[i] * 2.0f + (float)i;
    if (i == 0) m_result = n;
}

// Generic pointer to a __constant__ or __device__ object selected at run time
__device__ __noinline__ float read_generic(const float *p, int k) { return p[k]; }
extern "C" __global__ void generic_global_ptrs(int which, float *out) {
    const float *p = which ? (const float *)c_filter : (const float *)g_table;
    out[threadIdx.x] = read_generic(p, threadIdx.x & 7);
}
