// min-arch: sm_75
// Shared memory: static __shared__ arrays (1D/2D, several types), dynamic extern __shared__ with manual carving
// into typed sub-arrays, shared memory stencil with halo, shared pointer arithmetic via generic pointers.

#define RADIUS 3
#define BLOCK 256

// 1D stencil with halo cells loaded into static shared memory
extern "C" __global__ void stencil1d(const float *in, float *out, int n) {
    __shared__ float tile[BLOCK + 2 * RADIUS];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + RADIUS;
    tile[l] = g < n ? in[g] : 0.f;
    if (threadIdx.x < RADIUS) {
        tile[l - RADIUS] = (g >= RADIUS) ? in[g - RADIUS] : 0.f;
        tile[l + BLOCK] = (g + BLOCK < n) ? in[g + BLOCK] : 0.f;
    }
    __syncthreads();
    float acc = 0.f;
#pragma unroll
    for (int o = -RADIUS; o <= RADIUS; ++o) acc += tile[l + o] * (1.0f / (2 * RADIUS + 1));
    if (g < n) out[g] = acc;
}

// Dynamic shared memory split into int keys and float values plus a double accumulator region
extern "C" __global__ void dynamic_shared_carve(const int *keys, const float *vals, float *out, int per_block) {
    extern __shared__ __align__(16) unsigned char smem[];
    int *skeys = reinterpret_cast<int *>(smem);
    float *svals = reinterpret_cast<float *>(smem + per_block * sizeof(int));
    double *sacc = reinterpret_cast<double *>(smem + per_block * (sizeof(int) + sizeof(float)) + 8 - ((per_block * 8) & 7));
    int base = blockIdx.x * per_block;
    for (int i = threadIdx.x; i < per_block; i += blockDim.x) {
        skeys[i] = keys[base + i];
        svals[i] = vals[base + i];
    }
    if (threadIdx.x == 0) sacc[0] = 0.0;
    __syncthreads();
    float local = 0.f;
    for (int i = threadIdx.x; i < per_block; i += blockDim.x)
        if (skeys[i] & 1) local += svals[i] * svals[(i + 1) % per_block];
    atomicAdd(&sacc[0], (double)local);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = (float)sacc[0];
}

// Dynamic shared memory declared with a typed extern array in a template
template <typename T> __device__ T *shared_mem() {
    extern __shared__ __align__(sizeof(double)) unsigned char raw[];
    return reinterpret_cast<T *>(raw);
}

template <typename T> __global__ void reverse_block(T *data, int n) {
    T *s = shared_mem<T>();
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    if (g < n) s[t] = data[g];
    __syncthreads();
    int r = blockDim.x - 1 - t;
    int gr = blockIdx.x * blockDim.x + r;
    if (gr < n && g < n) data[g] = s[r];
}
template __global__ void reverse_block<int>(int *, int);
template __global__ void reverse_block<double>(double *, int);
template __global__ void reverse_block<short>(short *, int);

// 2D static shared array with generic pointer into shared memory (cvta)
__device__ __noinline__ float sum_row(const float *row, int len) {
    float s = 0.f;
    for (int i = 0; i < len; ++i) s += row[i];
    return s;
}
extern "C" __global__ void shared_2d(const float *in, float *out) {
    __shared__ float m[16][17];
    int x = threadIdx.x, y = threadIdx.y;
    m[y][x] = in[(blockIdx.x * 16 + y) * 16 + x];
    __syncthreads();
    if (x == 0) out[blockIdx.x * 16 + y] = sum_row(&m[y][0], 16);
}
