// min-arch: sm_75
// archs-opts: sm_75.O3 sm_90.O3 sm_90.G
// Thrust algorithms instantiated from host code: the PTX holds the CUB-based device kernels thrust dispatches to
// (radix-sort onesweep/histogram/exclusive-sum/single-tile kernels for thrust::sort, DeviceReduceKernel/
// SingleTileKernel for thrust::reduce, cub transform kernels for thrust::transform (unary + binary functors),
// DeviceFor static kernels for thrust::sequence and the device_vector fills).
// Large output (~0.3 MB at -O3, ~4.6 MB at -G): only sm_75.O3, sm_90.O3 and sm_90.G fixtures are generated.
// THRUST_FORCE_32_BIT_OFFSET_TYPE avoids instantiating every kernel a second time for 64-bit offsets; other
// algorithms (scan, copy_if, sort_by_key, ...) are left out to bound the -G size.
#define THRUST_FORCE_32_BIT_OFFSET_TYPE
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
#include <thrust/functional.h>
#include <thrust/sequence.h>
#include <cstdio>

struct gelu_erf {
    __host__ __device__ float operator()(float v) const { return 0.5f * v * (1.0f + erff(v * 0.70710678f)) + sinf(v) * expf(-v * v); }
};
struct saxpy_functor {
    float a;
    __host__ __device__ float operator()(float x, float y) const { return a * x + y; }
};

int main() {
    const int n = 1 << 16;
    thrust::device_vector<int> keys(n);
    thrust::device_vector<float> x(n, 1.5f), y(n, 0.25f);
    thrust::sort(keys.begin(), keys.end());
    thrust::sequence(x.begin(), x.end());

    int sum = thrust::reduce(keys.begin(), keys.end());
    thrust::transform(x.begin(), x.end(), y.begin(), y.begin(), saxpy_functor{2.0f});
    thrust::transform(y.begin(), y.end(), x.begin(), gelu_erf());
    printf("%d %f\n", sum, (float)y[0]);
    return 0;
}
