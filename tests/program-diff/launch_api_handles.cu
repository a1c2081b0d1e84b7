// cudaLaunchKernel (C API) argument arrays, cudaFuncGetName, cudaGetFuncBySymbol, cudaGetKernel and
// kernel-handle attributes, cudaLaunchCooperativeKernel errors.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-84s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

struct Big { double d[5]; char c; };
__global__ void mixed(int *out, char c, double d, Big b, short s) {
    out[0] = c;
    out[1] = (int)d;
    out[2] = (int)(b.d[4] * 10) + b.c;
    out[3] = s;
    out[4] = gridDim.x * 100 + blockDim.x;
}
template <typename T> __global__ void tmpl(T *out) { *out = (T)sizeof(T); }
namespace ns { __global__ void inner(int *out) { *out = 77; } }
extern "C" __global__ void c_linkage(int *out) { *out = 88; }

int main() {
    int *out;
    R(cudaMalloc(&out, 64));
    R(cudaMemset(out, 0, 64));
    char c = 'A';
    double d = 12.75;
    Big b;
    for (int i = 0; i < 5; i++) b.d[i] = i + 0.25;
    b.c = 3;
    short s = -9;
    void *args[] = {&out, &c, &d, &b, &s};
    R(cudaLaunchKernel((void *)mixed, dim3(3), dim3(7), args, 0, 0));
    R(cudaDeviceSynchronize());
    int h[5];
    R(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    printf("mixed: %d %d %d %d %d\n", h[0], h[1], h[2], h[3], h[4]);
    R(cudaGetLastError());
    R(cudaLaunchKernel((void *)main, dim3(1), dim3(1), args, 0, 0));
    R(cudaLaunchKernel((void *)nullptr, dim3(1), dim3(1), args, 0, 0));
    R(cudaGetLastError());
    // Names.
    const char *name = nullptr;
    R(cudaFuncGetName(&name, (void *)mixed));
    printf("name: %s\n", name ? name : "(null)");
    R(cudaFuncGetName(&name, (void *)tmpl<float>));
    printf("name: %s\n", name ? name : "(null)");
    R(cudaFuncGetName(&name, (void *)ns::inner));
    printf("name: %s\n", name ? name : "(null)");
    R(cudaFuncGetName(&name, (void *)c_linkage));
    printf("name: %s\n", name ? name : "(null)");
    R(cudaFuncGetName(&name, (void *)main));
    R(cudaFuncGetName(nullptr, (void *)mixed));
    R(cudaGetLastError());
    // Function and kernel handles.
    cudaFunction_t fn;
    R(cudaGetFuncBySymbol(&fn, (void *)tmpl<double>));
    cudaKernel_t k;
    R(cudaGetKernel(&k, (void *)tmpl<double>));
    R(cudaGetFuncBySymbol(&fn, (void *)main));
    R(cudaGetKernel(&k, (void *)main));
    R(cudaGetLastError());
    R(cudaGetKernel(&k, (void *)tmpl<double>));
    int v = -1;
    R(cudaKernelSetAttributeForDevice(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536, 0));
    cudaFuncAttributes fa;
    R(cudaFuncGetAttributes(&fa, (void *)tmpl<double>));
    printf("after kernel-handle set: maxDyn %d\n", fa.maxDynamicSharedSizeBytes);
    R(cudaKernelSetAttributeForDevice(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536, 1));
    R(cudaKernelSetAttributeForDevice(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 1 << 20, 0));
    (void)v;
    R(cudaGetLastError());
    // Launch through the kernel handle.
    double *dd;
    R(cudaMalloc(&dd, 8));
    void *kargs[] = {&dd};
    R(cudaLaunchKernel((void *)k, dim3(1), dim3(1), kargs, 0, 0));
    R(cudaDeviceSynchronize());
    double dv = 0;
    R(cudaMemcpy(&dv, dd, 8, cudaMemcpyDeviceToHost));
    printf("via kernel handle: %g\n", dv);
    // Cooperative launch argument checks.
    void *iargs[] = {&out};
    R(cudaLaunchCooperativeKernel((void *)ns::inner, dim3(1), dim3(1), iargs, 0, 0));
    R(cudaLaunchCooperativeKernel((void *)ns::inner, dim3(1), dim3(2000), iargs, 0, 0));
    R(cudaLaunchCooperativeKernel((void *)ns::inner, dim3(1), dim3(32), iargs, 1 << 20, 0));
    R(cudaLaunchCooperativeKernel((void *)ns::inner, dim3(0), dim3(32), iargs, 0, 0));
    R(cudaGetLastError());
    R(cudaDeviceSynchronize());
    R(cudaMemcpy(h, out, 4, cudaMemcpyDeviceToHost));
    printf("inner: %d\n", h[0]);
    return 0;
}
