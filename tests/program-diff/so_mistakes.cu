// flags: -O2 -Xcompiler -Wall
// Stack-Overflow-style programs: an error-check macro, a launch with too many threads, too much
// shared memory, a grid of 0, reading results without synchronizing, cudaMemcpy direction
// mistakes, freeing twice, a host pointer given to a kernel, cudaPeekAtLastError vs GetLastError.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define cudaCheckError() {                                                      \
    cudaError_t e = cudaGetLastError();                                          \
    if (e != cudaSuccess) {                                                      \
        printf("Cuda failure %s:%d: '%s'\n", "so_mistakes.cu", __LINE__, cudaGetErrorString(e)); \
    }                                                                            \
}
static void report(const char *what, cudaError_t e) {
    printf("%-44s -> %d %s \"%s\"\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}

__global__ void fill(int *a, int n, int v) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] = v + i;
}
__global__ void bigShared(int *a) {
    extern __shared__ int s[];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    a[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}
__global__ void slowKernel(volatile int *flag, int *out) {
    long long t = 0;
    for (int i = 0; i < 20000; ++i) t += i % 7;
    out[0] = (int)t;
    *flag = 1;
}

int main() {
    const int N = 1000;
    int *d = nullptr;
    report("cudaMalloc", cudaMalloc(&d, N * sizeof(int)));
    fill<<<1, 2048>>>(d, N, 0);
    cudaCheckError();
    fill<<<dim3(1, 1, 1), dim3(32, 32, 2)>>>(d, N, 0);
    report("block 32x32x2, peek", cudaPeekAtLastError());
    report("block 32x32x2, get", cudaGetLastError());
    report("then get again", cudaGetLastError());
    fill<<<0, 256>>>(d, N, 0);
    report("grid of 0", cudaGetLastError());
    fill<<<(N + 255) / 256, 256>>>(d, N, 0);
    report("good launch", cudaGetLastError());
    bigShared<<<1, 256, 64 * 1024>>>(d);
    report("64 KiB dynamic shared", cudaGetLastError());
    bigShared<<<1, 256, 256 * sizeof(int)>>>(d);
    report("1 KiB dynamic shared", cudaGetLastError());
    int h[N];
    report("D2H copy", cudaMemcpy(h, d, N * sizeof(int), cudaMemcpyDeviceToHost));
    printf("h[0] %d h[255] %d h[256] %d h[999] %d\n", h[0], h[255], h[256], h[999]);
    // wrong direction: host buffer as the destination with cudaMemcpyHostToDevice
    int h2[4] = {1, 2, 3, 4};
    report("H2D with a host destination", cudaMemcpy(h2, h, sizeof(h2), cudaMemcpyHostToDevice));
    report("D2H with a device source swapped", cudaMemcpy(d, h2, sizeof(h2), cudaMemcpyDeviceToHost));
    report("cudaMemcpyDefault H2D", cudaMemcpy(d, h2, sizeof(h2), cudaMemcpyDefault));
    report("cudaMemcpy kind 7", cudaMemcpy(d, h2, sizeof(h2), (cudaMemcpyKind)7));
    report("cudaMemcpy of 0 bytes from null", cudaMemcpy(d, nullptr, 0, cudaMemcpyHostToDevice));
    report("cudaMemset past the end", cudaMemset(d, 0, (N + 1) * sizeof(int)));
    report("cudaMalloc of 0 bytes", cudaMalloc(&d, 0));
    printf("pointer after 0-byte malloc is null: %d\n", d == nullptr);
    int *big = nullptr;
    report("cudaMalloc 1 PiB", cudaMalloc(&big, (size_t)1 << 50));
    report("last error after OOM", cudaGetLastError());
    report("cudaFree(nullptr)", cudaFree(nullptr));
    int *e2;
    cudaMalloc(&e2, 64);
    report("cudaFree", cudaFree(e2));
    report("cudaFree twice", cudaFree(e2));
    report("cudaFree of a host pointer", cudaFree(h2));
    report("last error", cudaGetLastError());
    // missing synchronize: launch, then read a mapped flag on the host without waiting
    int *flag, *out;
    report("cudaMallocManaged", cudaMallocManaged(&flag, sizeof(int)));
    report("cudaMallocManaged", cudaMallocManaged(&out, sizeof(int)));
    *flag = 0;
    slowKernel<<<1, 1>>>(flag, out);
    report("cudaDeviceSynchronize", cudaDeviceSynchronize());
    printf("after sync: flag %d out %d\n", *flag, *out);
    cudaFree(flag);
    cudaFree(out);
    report("cudaSetDevice(1)", cudaSetDevice(1));
    report("cudaSetDevice(-1)", cudaSetDevice(-1));
    int dev = -5;
    report("cudaGetDevice", cudaGetDevice(&dev));
    printf("device %d\n", dev);
    report("cudaGetErrorString(9999) ok", cudaSuccess);
    printf("unknown code string: \"%s\" name: \"%s\"\n", cudaGetErrorString((cudaError_t)9999), cudaGetErrorName((cudaError_t)9999));
    report("final cudaGetLastError", cudaGetLastError());
    return 0;
}
