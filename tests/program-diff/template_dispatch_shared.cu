// flags: --extended-lambda -std=c++17
// Generic kernels dispatched at run time the way libraries do it: a kernel template over the
// element type (float, double, int, signed char, __half) and the tile size (non-type parameter)
// selected by a switch; the SDK's SharedMemory<T> pattern for typed extern __shared__ memory
// (one dynamic buffer reinterpreted per type); cuda::std::numeric_limits-free identity values
// from a traits template; a 2 KiB lookup table captured by value in an extended lambda (the
// closure is a kernel parameter larger than 256 bytes); __managed__ C++ objects (a struct with
// member functions) read and written by host and device; a templated __device__ variable per
// type. Block sizes 32, 96, 128 and 1024; partial last blocks. Exact results.
#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>

template <class T> struct SharedMemory {
    __device__ T* get() { extern __shared__ int raw[]; return reinterpret_cast<T*>(raw); }
};
template <class T> struct Traits { static __host__ __device__ T lowest() { return T(-1e30); } };
template <> struct Traits<int> { static __host__ __device__ int lowest() { return -2147483647 - 1; } };
template <> struct Traits<signed char> { static __host__ __device__ signed char lowest() { return -128; } };
template <> struct Traits<__half> { static __device__ __half lowest() { return __ushort_as_half(0xfc00); } };

template <class T> __device__ T tmax(T a, T b) { return a > b ? a : b; }
template <> __device__ __half tmax(__half a, __half b) { return __hgt(a, b) ? a : b; }
template <class T> __device__ double to_d(T v) { return (double)v; }
template <> __device__ double to_d(__half v) { return (double)__half2float(v); }

template <class T> __device__ int g_launches = 0;

template <class T, int TILE>
__global__ void block_max_sum(const T* in, int n, double* out) {
    T* sm = SharedMemory<T>().get();
    double* ssum = reinterpret_cast<double*>(sm + ((TILE * sizeof(T) + 7) / 8) * 8 / sizeof(T));
    int t = threadIdx.x, i = blockIdx.x * TILE + t;
    T v = i < n ? in[i] : Traits<T>::lowest();
    sm[t] = v;
    ssum[t] = i < n ? to_d(v) : 0.0;
    __syncthreads();
    for (int s = TILE / 2; s > 0; s >>= 1) {
        if (t < s) { sm[t] = tmax(sm[t], sm[t + s]); ssum[t] += ssum[t + s]; }
        __syncthreads();
    }
    if (t == 0) { out[blockIdx.x * 2] = to_d(sm[0]); out[blockIdx.x * 2 + 1] = ssum[0]; atomicAdd(&g_launches<T>, 1); }
}

enum class Type { F32, F64, I32, I8, F16 };

template <class T> void launch_typed(const void* in, int n, double* out, int tile) {
    const T* p = static_cast<const T*>(in);
    size_t bytes = ((tile * sizeof(T) + 7) / 8) * 8 + tile * sizeof(double);
    int blocks = (n + tile - 1) / tile;
    switch (tile) {
        case 32: block_max_sum<T, 32><<<blocks, 32, bytes>>>(p, n, out); break;
        case 128: block_max_sum<T, 128><<<blocks, 128, bytes>>>(p, n, out); break;
        case 1024: block_max_sum<T, 1024><<<blocks, 1024, bytes>>>(p, n, out); break;
        default: printf("unsupported tile %d\n", tile);
    }
}
void dispatch(Type t, const void* in, int n, double* out, int tile) {
    switch (t) {
        case Type::F32: launch_typed<float>(in, n, out, tile); break;
        case Type::F64: launch_typed<double>(in, n, out, tile); break;
        case Type::I32: launch_typed<int>(in, n, out, tile); break;
        case Type::I8: launch_typed<signed char>(in, n, out, tile); break;
        case Type::F16: launch_typed<__half>(in, n, out, tile); break;
    }
}

template <class F> __global__ void apply(int n, int* out, F f) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = f(i);
}

struct Lut { int v[512]; };

struct Stats {
    long long count; int minv, maxv;
    __host__ __device__ void add(int v) { count++; minv = v < minv ? v : minv; maxv = v > maxv ? v : maxv; }
};
__managed__ Stats m_stats = {0, 1 << 30, -(1 << 30)};
__managed__ int m_table[16];

__global__ void managed_use(const int* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicAdd(&m_table[in[i] & 15], 1);
    if (i == 0) for (int k = 0; k < n; k++) m_stats.add(in[k]);
}

int main() {
    const int n = 3000;
    static float f[n]; static double d[n]; static int iv[n]; static signed char c[n]; static __half h[n];
    for (int i = 0; i < n; i++) {
        int v = (int)((i * 2654435761u) >> 20) % 2001 - 1000;
        f[i] = v * 0.5f; d[i] = v * 0.25; iv[i] = v * 1000; c[i] = (signed char)(v % 128); h[i] = __float2half(v * 0.125f);
    }
    void* dev[5]; const void* host[5] = {f, d, iv, c, h}; size_t sz[5] = {sizeof f, sizeof d, sizeof iv, sizeof c, sizeof h};
    for (int k = 0; k < 5; k++) { cudaMalloc(&dev[k], sz[k]); cudaMemcpy(dev[k], host[k], sz[k], cudaMemcpyHostToDevice); }
    double* dout; cudaMalloc(&dout, 2 * 100 * sizeof(double));
    const char* names[5] = {"float", "double", "int", "int8", "half"};
    for (int k = 0; k < 5; k++) for (int tile : {32, 128, 1024}) {
        dispatch((Type)k, dev[k], n, dout, tile);
        int blocks = (n + tile - 1) / tile;
        static double o[200];
        cudaMemcpy(o, dout, blocks * 2 * sizeof(double), cudaMemcpyDeviceToHost);
        double mx = -1e300, sm = 0; int bad = 0;
        for (int b = 0; b < blocks; b++) {
            double bm = -1e300, bs = 0;
            for (int i = b * tile; i < n && i < (b + 1) * tile; i++) {
                double v = k == 0 ? f[i] : k == 1 ? d[i] : k == 2 ? iv[i] : k == 3 ? c[i] : (double)__half2float(h[i]);
                bm = v > bm ? v : bm; bs += v;
            }
            bad += o[2 * b] != bm || o[2 * b + 1] != bs;
            mx = o[2 * b] > mx ? o[2 * b] : mx; sm += o[2 * b + 1];
        }
        printf("%-6s tile %4d: blocks %3d max %.17g sum %.17g mismatches %d\n", names[k], tile, blocks, mx, sm, bad);
    }
    int launches[5];
    cudaMemcpyFromSymbol(&launches[0], g_launches<float>, 4); cudaMemcpyFromSymbol(&launches[1], g_launches<double>, 4);
    cudaMemcpyFromSymbol(&launches[2], g_launches<int>, 4); cudaMemcpyFromSymbol(&launches[3], g_launches<signed char>, 4);
    cudaMemcpyFromSymbol(&launches[4], g_launches<__half>, 4);
    printf("blocks per type: %d %d %d %d %d\n", launches[0], launches[1], launches[2], launches[3], launches[4]);

    Lut lut;
    for (int i = 0; i < 512; i++) lut.v[i] = (i * i * 7 + 3) % 1009;
    int* dres; cudaMalloc(&dres, n * 4);
    int salt = 17;
    apply<<<(n + 95) / 96, 96>>>(n, dres, [lut, salt] __device__ (int i) { return lut.v[(i * 31) % 512] * salt + lut.v[i % 512]; });
    static int res[n];
    cudaMemcpy(res, dres, sizeof res, cudaMemcpyDeviceToHost);
    int bad = 0; long long s = 0;
    for (int i = 0; i < n; i++) { bad += res[i] != lut.v[(i * 31) % 512] * salt + lut.v[i % 512]; s += res[i]; }
    printf("2 KiB capture (closure %zu bytes): sum %lld mismatches %d\n", sizeof(lut) + sizeof(int), s, bad);

    managed_use<<<(n + 127) / 128, 128>>>((const int*)dev[2], n);
    cudaDeviceSynchronize();
    int tsum = 0; for (int k = 0; k < 16; k++) tsum += m_table[k] * (k + 1);
    printf("managed: count %lld min %d max %d table weighted %d first %d\n", m_stats.count, m_stats.minv, m_stats.maxv, tsum, m_table[0]);
    m_stats.add(5000000);
    printf("host add: max %d count %lld\n", m_stats.maxv, m_stats.count);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
