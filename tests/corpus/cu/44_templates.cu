// min-arch: sm_75
// C++ templates (mangled names): function templates with several type instantiations, non-type template params,
// variadic templates (fold expressions), class templates with member functions, constexpr if, SFINAE-free
// traits, functor template arguments, namespaces and overloaded functions.
#include <cuda_fp16.h>

namespace cuprite {
namespace ops {
struct Add {
    template <typename T> __device__ T operator()(T a, T b) const { return a + b; }
    template <typename T> __device__ static T identity() { return T(0); }
};
struct Mul {
    template <typename T> __device__ T operator()(T a, T b) const { return a * b; }
    template <typename T> __device__ static T identity() { return T(1); }
};
struct Max {
    template <typename T> __device__ T operator()(T a, T b) const { return a > b ? a : b; }
    template <typename T> __device__ static T identity() { return T(-1000000); }
};
} // namespace ops

template <typename T, typename Op, int ITEMS>
__global__ void blocked_reduce(const T *in, T *out, int n) {
    Op op;
    T acc = Op::template identity<T>();
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * ITEMS;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k)
        if (base + k < n) acc = op(acc, in[base + k]);
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

template <typename T> struct Matrix {
    T *data;
    int rows, cols;
    __device__ T &at(int r, int c) { return data[r * cols + c]; }
    __device__ const T &at(int r, int c) const { return data[r * cols + c]; }
    __device__ T trace() const {
        T s = T(0);
        for (int k = 0; k < rows && k < cols; ++k) s += at(k, k);
        return s;
    }
};

template <typename T> __global__ void matrix_scale(Matrix<T> m, T s, T *trace_out) {
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < m.rows && c < m.cols) m.at(r, c) *= s;
    if (r == 0 && c == 0) *trace_out = m.trace();
}

template <typename... Ts> __device__ auto sum_all(Ts... xs) { return (xs + ... + 0); }

template <typename T> __device__ T convert_special(float v) {
    if constexpr (sizeof(T) == 2) {
        return T(__float2half(v));
    } else if constexpr (sizeof(T) == 8) {
        return T(v) * T(2);
    } else {
        return T(v);
    }
}

__device__ int overloaded(int x) { return x + 1; }
__device__ float overloaded(float x) { return x * 2.f; }
__device__ double overloaded(double x, int k = 3) { return x * k; }

template <typename T> __global__ void variadic_kernel(const T *a, T *out, float f) {
    int i = threadIdx.x;
    out[i] = (T)sum_all(a[i], (T)1, (T)2, a[(i + 1) % blockDim.x]) + convert_special<T>(f);
}

__global__ void overload_kernel(int *oi, float *of, double *od) {
    int i = threadIdx.x;
    oi[i] = overloaded(i);
    of[i] = overloaded((float)i);
    od[i] = overloaded((double)i) + overloaded(1.0, 5);
}
} // namespace cuprite

template __global__ void cuprite::blocked_reduce<int, cuprite::ops::Add, 4>(const int *, int *, int);
template __global__ void cuprite::blocked_reduce<float, cuprite::ops::Add, 8>(const float *, float *, int);
template __global__ void cuprite::blocked_reduce<double, cuprite::ops::Mul, 2>(const double *, double *, int);
template __global__ void cuprite::blocked_reduce<long long, cuprite::ops::Max, 4>(const long long *, long long *, int);
template __global__ void cuprite::blocked_reduce<unsigned char, cuprite::ops::Max, 16>(const unsigned char *, unsigned char *, int);
template __global__ void cuprite::matrix_scale<float>(cuprite::Matrix<float>, float, float *);
template __global__ void cuprite::matrix_scale<double>(cuprite::Matrix<double>, double, double *);
template __global__ void cuprite::matrix_scale<int>(cuprite::Matrix<int>, int, int *);
template __global__ void cuprite::variadic_kernel<int>(const int *, int *, float);
template __global__ void cuprite::variadic_kernel<double>(const double *, double *, float);
template __global__ void cuprite::variadic_kernel<short>(const short *, short *, float);
