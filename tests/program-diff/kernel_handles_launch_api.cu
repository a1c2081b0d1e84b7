// flags: -rdc=true -lineinfo
// Kernels through their handles, as a plugin loader launches them: cudaGetFuncBySymbol and
// cudaGetKernel for a template instance and an overloaded kernel, cudaFuncGetName,
// cudaFuncGetParamInfo (offsets and sizes of each parameter, and past the last),
// cudaLaunchKernel with an argument array (struct by value, a pointer, a char, a double),
// cudaLaunchKernelExC with a config, cudaKernelSetAttributeForDevice, cudaFuncGetAttributes of
// the function handle, and the errors for a host function, a null function and launching a
// kernel whose dynamic shared memory exceeds what the attribute allows.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

struct Pack {
    int a;
    double b;
    char c[3];
};

template <typename T>
__global__ void axpy(T *y, const T *x, T a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] += a * x[i];
}
__global__ void over(int *p) { p[0] = 1; }
__global__ void over(float *p) { p[0] = 2.5f; }
__global__ void packed(Pack s, int *out, char tag, double d) {
    extern __shared__ int sh[];
    sh[threadIdx.x] = s.a + s.c[0] + s.c[2] + tag;
    __syncthreads();
    if (threadIdx.x == 0) out[0] = sh[blockDim.x - 1] + (int)(s.b * 10) + (int)d;
}

int main() {
    cudaFunction_t f1, f2;
    cudaError_t e = cudaGetFuncBySymbol(&f1, (const void *)axpy<float>);
    printf("func by symbol axpy<float>: %s\n", cudaGetErrorName(e));
    void (*pi)(int *) = over;
    e = cudaGetFuncBySymbol(&f2, (const void *)pi);
    printf("func by symbol over(int*): %s\n", cudaGetErrorName(e));
    const char *name = nullptr;
    e = cudaFuncGetName(&name, (const void *)axpy<float>);
    printf("name of axpy<float>: %s %s\n", cudaGetErrorName(e), name ? name : "(null)");
    void (*pf)(float *) = over;
    e = cudaFuncGetName(&name, (const void *)pf);
    printf("name of over(float*): %s %s\n", cudaGetErrorName(e), name ? name : "(null)");
    e = cudaFuncGetName(&name, (const void *)main);
    printf("name of main: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    for (int i = 0; i < 6; i++) {
        size_t off = 99, sz = 99;
        e = cudaFuncGetParamInfo((const void *)packed, i, &off, &sz);
        printf("param %d of packed: %s offset %zu size %zu\n", i, cudaGetErrorName(e), e ? 0 : off, e ? 0 : sz);
        cudaGetLastError();
    }
    cudaKernel_t k;
    e = cudaGetKernel(&k, (const void *)axpy<double>);
    printf("get kernel axpy<double>: %s\n", cudaGetErrorName(e));
    e = cudaKernelSetAttributeForDevice(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024, 0);
    printf("kernel attribute for device 0: %s\n", cudaGetErrorName(e));
    cudaFuncAttributes fa;
    cudaFuncGetAttributes(&fa, (const void *)axpy<double>);
    printf("maxDynamicSharedSizeBytes now %d\n", fa.maxDynamicSharedSizeBytes);
    e = cudaKernelSetAttributeForDevice(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024, 5);
    printf("kernel attribute for device 5: %s\n", cudaGetErrorName(e));
    cudaGetLastError();

    int *out;
    cudaMallocManaged(&out, 16);
    Pack s = {40, 1.25, {1, 2, 3}};
    char tag = 7;
    double d = 100.9;
    void *args[] = {&s, &out, &tag, &d};
    e = cudaLaunchKernel((const void *)packed, dim3(1), dim3(64), args, 64 * sizeof(int), 0);
    cudaError_t sy = cudaDeviceSynchronize();
    printf("cudaLaunchKernel: %s %s out %d\n", cudaGetErrorName(e), cudaGetErrorName(sy), out[0]);
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(1);
    cfg.blockDim = dim3(32);
    cfg.dynamicSmemBytes = 32 * sizeof(int);
    s.a = 1000;
    e = cudaLaunchKernelExC(&cfg, (const void *)packed, args);
    sy = cudaDeviceSynchronize();
    printf("cudaLaunchKernelExC: %s %s out %d\n", cudaGetErrorName(e), cudaGetErrorName(sy), out[0]);
    float *y, *x;
    cudaMallocManaged(&y, 64 * 4);
    cudaMallocManaged(&x, 64 * 4);
    for (int i = 0; i < 64; i++) y[i] = 1, x[i] = (float)i;
    float a = 0.5f;
    int n = 64;
    void *aargs[] = {&y, &x, &a, &n};
    e = cudaLaunchKernel((const void *)f1, dim3(2), dim3(32), aargs, 0, 0);
    sy = cudaDeviceSynchronize();
    printf("launch through cudaFunction_t: %s %s y[63]=%g\n", cudaGetErrorName(e), cudaGetErrorName(sy), y[63]);
    e = cudaLaunchKernel((const void *)main, dim3(1), dim3(1), aargs, 0, 0);
    printf("launch host function: %s\n", cudaGetErrorName(e));
    e = cudaLaunchKernel(nullptr, dim3(1), dim3(1), aargs, 0, 0);
    printf("launch null: %s\n", cudaGetErrorName(e));
    e = cudaLaunchKernel((const void *)packed, dim3(1), dim3(64), args, 64 * 1024, 0);
    printf("64 KiB dynamic without opt-in: %s\n", cudaGetErrorName(e));
    e = cudaLaunchKernel((const void *)packed, dim3(1), dim3(64), nullptr, 0, 0);
    printf("null args: %s\n", cudaGetErrorName(e));
    printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
