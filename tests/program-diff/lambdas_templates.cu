// flags: --extended-lambda -std=c++17
// Templates and lambdas as users write them: extended __device__ lambdas passed to a generic
// kernel, capturing by value, functors, variadic templates, constexpr if, template recursion,
// if constexpr on type traits, tuples of mixed types reduced in a block.
#include <cstdio>
#include <type_traits>
#include <cuda/std/tuple>

template <typename F>
__global__ void apply(int n, F f) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) f(i);
}

template <typename T, typename... Ts>
__device__ T sum_all(T a, Ts... rest) {
    if constexpr (sizeof...(rest) == 0) return a;
    else return a + (T)sum_all(rest...);
}

template <int N> struct Pow3 { static constexpr long long value = 3 * Pow3<N - 1>::value; };
template <> struct Pow3<0> { static constexpr long long value = 1; };

template <typename T>
__device__ T clamp_div(T a, T b) {
    if constexpr (std::is_floating_point<T>::value) return b == T(0) ? T(0) : a / b;
    else return b == 0 ? 0 : (a / b) + (a % b != 0);
}

struct Saxpy {
    float a;
    __device__ float operator()(float x, float y) const { return a * x + y; }
};

template <int BLOCK, typename Op, typename T>
__global__ void block_reduce(const T *in, T *out, int n, Op op, T ident) {
    __shared__ T buf[BLOCK];
    T v = ident;
    for (int i = threadIdx.x; i < n; i += BLOCK) v = op(v, in[i]);
    buf[threadIdx.x] = v;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) buf[threadIdx.x] = op(buf[threadIdx.x], buf[threadIdx.x + s]);
        __syncthreads();
    }
    if (threadIdx.x == 0) *out = buf[0];
}

int main() {
    const int n = 1000;
    float *x, *y; int *iv; long long *lv; double *dv;
    cudaMallocManaged(&x, n * 4); cudaMallocManaged(&y, n * 4); cudaMallocManaged(&iv, n * 4);
    cudaMallocManaged(&lv, n * 8); cudaMallocManaged(&dv, n * 8);
    for (int i = 0; i < n; i++) { x[i] = i * 0.5f; y[i] = 1000.0f - i; }
    Saxpy sx{2.5f};
    int offset = 17;
    apply<<<(n + 127) / 128, 128>>>(n, [=] __device__(int i) {
        y[i] = sx(x[i], y[i]);
        iv[i] = clamp_div(i * 7 - 3000, offset) + sum_all(1, (short)2, 3LL, (char)4);
        lv[i] = Pow3<39>::value % (i + 1) + (long long)sum_all(0.5, 1.5f, 2);
        dv[i] = clamp_div((double)i, (double)(i % 4)) + cuda::std::get<1>(cuda::std::make_tuple(1, 2.25, 'c'));
    });
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < n; i++) {
        float wy = 2.5f * (i * 0.5f) + (1000.0f - i);
        int a = i * 7 - 3000, wi = a / 17 + (a % 17 != 0) + 10;
        long long p = 1; for (int k = 0; k < 39; k++) p *= 3;
        long long wl = p % (i + 1) + 4;
        double wd = (i % 4 == 0 ? 0.0 : (double)i / (i % 4)) + 2.25;
        if (y[i] != wy || iv[i] != wi || lv[i] != wl || dv[i] != wd) { if (bad++ < 4) printf("i=%d %a %d %lld %a\n", i, y[i], iv[i], lv[i], dv[i]); }
    }
    printf("apply: %s bad %d y[999] %a iv[0] %d lv[998] %lld dv[7] %a\n", cudaGetErrorString(cudaGetLastError()), bad, y[999], iv[0], lv[998], dv[7]);
    long long *lo; cudaMallocManaged(&lo, 8);
    block_reduce<64><<<1, 64>>>(lv, lo, n, [] __device__(long long a, long long b) { return a > b ? a : b; }, (long long)INT64_MIN);
    cudaDeviceSynchronize();
    printf("max lv %lld\n", *lo);
    double *dout; cudaMallocManaged(&dout, 8);
    block_reduce<256><<<1, 256>>>(dv, dout, n, [] __device__ __host__(double a, double b) { return a + b; }, 0.0);
    cudaDeviceSynchronize();
    printf("sum dv %a\n", *dout);
    int *io; cudaMallocManaged(&io, 4);
    block_reduce<32><<<1, 32>>>(iv, io, n, [] __device__(int a, int b) { return a ^ (b * 31); }, 0);
    cudaDeviceSynchronize();
    printf("xor iv %d\n", *io);
    return 0;
}
