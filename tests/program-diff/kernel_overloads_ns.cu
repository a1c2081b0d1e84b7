// flags: -std=c++17 -Xcompiler -Wall
// Kernels as C++ entities: overloaded __global__ functions (same name, different parameter
// types), kernels in named and anonymous namespaces, a static __global__ function, a kernel
// template specialised explicitly for one type and instantiated for three others, a kernel
// with default arguments, kernels launched through function pointers (cudaLaunchKernel with
// a pointer taken from an overload set by a cast), cudaFuncGetAttributes on each, and a
// struct passed by value holding a fixed-size array and a nested struct with padding.
#include <cstdio>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void scale(int* v, int k) { v[threadIdx.x] *= k; }
__global__ void scale(float* v, float k) { v[threadIdx.x] *= k; }
__global__ void scale(int* v, int k, int add) { v[threadIdx.x] = v[threadIdx.x] * k + add; }

namespace physics {
__global__ void step(float* x, const float* vel, float dt = 0.5f) { x[threadIdx.x] += vel[threadIdx.x] * dt; }
namespace detail { __global__ void clamp(float* x, float lo, float hi) { x[threadIdx.x] = fminf(fmaxf(x[threadIdx.x], lo), hi); } }
}
namespace {
__global__ void hidden(int* v) { v[threadIdx.x] ^= 0x5a5a; }
}
static __global__ void file_local(int* v) { v[threadIdx.x] += 1000; }

template <typename T> __global__ void describe(T* out) { out[threadIdx.x] = (T)(sizeof(T) * 10 + threadIdx.x); }
template <> __global__ void describe<double>(double* out) { out[threadIdx.x] = -1.5 * threadIdx.x; }

struct Inner { char tag; double weight; short pad; };
struct Params { int coeff[5]; Inner in; unsigned char flags; long long big; };
__global__ void use_params(Params p, long long* out) {
    long long s = 0;
    for (int i = 0; i < 5; ++i) s += p.coeff[i] * (i + 1);
    out[0] = s; out[1] = p.in.tag; out[2] = (long long)(p.in.weight * 1000); out[3] = p.in.pad; out[4] = p.flags; out[5] = p.big;
}

int main() {
    int* iv; float* fv; float* vel; long long* lo; double* dv; short* sv; unsigned* uv;
    CK(cudaMallocManaged(&iv, 32 * sizeof(int))); CK(cudaMallocManaged(&fv, 32 * sizeof(float))); CK(cudaMallocManaged(&vel, 32 * sizeof(float)));
    CK(cudaMallocManaged(&lo, 8 * sizeof(long long))); CK(cudaMallocManaged(&dv, 32 * sizeof(double)));
    CK(cudaMallocManaged(&sv, 32 * sizeof(short))); CK(cudaMallocManaged(&uv, 32 * sizeof(unsigned)));
    for (int i = 0; i < 32; ++i) { iv[i] = i - 7; fv[i] = 0.25f * i; vel[i] = (float)(i % 5) - 2.0f; }
    scale<<<1, 32>>>(iv, 3);
    scale<<<1, 32>>>(fv, 1.5f);
    scale<<<1, 32>>>(iv, -1, 4);
    hidden<<<1, 32>>>(iv);
    file_local<<<1, 32>>>(iv);
    physics::step<<<1, 32>>>(fv, vel);
    physics::step<<<1, 32>>>(fv, vel, 2.0f);
    physics::detail::clamp<<<1, 32>>>(fv, -1.0f, 9.0f);
    describe<<<1, 32>>>(dv);
    describe<<<1, 32>>>(sv);
    describe<<<1, 32>>>(uv);
    CK(cudaDeviceSynchronize());
    long long si = 0; for (int i = 0; i < 32; ++i) si += iv[i] * (i + 1);
    printf("ints: iv[0]=%d iv[31]=%d weighted %lld\n", iv[0], iv[31], si);
    printf("floats:"); for (int i = 0; i < 32; i += 4) printf(" %a", fv[i]); printf("\n");
    printf("describe: double %g %g, short %d %d, unsigned %u %u\n", dv[1], dv[31], sv[0], sv[31], uv[0], uv[31]);
    // launch through a pointer chosen from the overload set
    void (*pf)(int*, int, int) = scale;
    int k = 2, add = -3;
    void* args[] = {&iv, &k, &add};
    CK(cudaLaunchKernel((const void*)pf, dim3(1), dim3(32), args, 0, 0));
    CK(cudaDeviceSynchronize());
    printf("through pointer: iv[0]=%d iv[31]=%d\n", iv[0], iv[31]);
    cudaFuncAttributes a1, a2, a3;
    CK(cudaFuncGetAttributes(&a1, (void (*)(int*, int))scale));
    CK(cudaFuncGetAttributes(&a2, (void (*)(float*, float))scale));
    CK(cudaFuncGetAttributes(&a3, describe<double>));
    printf("attributes: maxThreads %d %d %d, params sizes distinct kernels ok\n", a1.maxThreadsPerBlock, a2.maxThreadsPerBlock, a3.maxThreadsPerBlock);
    Params p = {{1, -2, 3, -4, 5}, {'Q', 2.125, -77}, 0xfe, -123456789012345LL};
    use_params<<<1, 1>>>(p, lo);
    CK(cudaDeviceSynchronize());
    printf("by-value struct (%zu bytes):", sizeof(Params));
    for (int i = 0; i < 6; ++i) printf(" %lld", lo[i]);
    printf("\n");
    return 0;
}
