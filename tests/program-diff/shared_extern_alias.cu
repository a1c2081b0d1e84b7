// Two `extern __shared__` arrays in one kernel (a learner expects two buffers; both start at the
// same address), the usual fix with offsets into one buffer, static and dynamic shared memory
// side by side, and the dynamic size given in elements instead of bytes (too small: the kernel
// writes past it only when the launch is larger than the remaining tiles).
#include <cstdio>
#include <cuda_runtime.h>
__global__ void twoExterns(int *out, int n) {
    extern __shared__ int a[];
    extern __shared__ float b[];
    int t = threadIdx.x;
    a[t] = t * 10;
    b[t] = t + 0.5f;            // same storage as a
    __syncthreads();
    out[t] = a[t];
    out[n + t] = (int)(b[t] * 2);
}
__global__ void oneBuffer(int *out, int n) {
    extern __shared__ unsigned char raw[];
    int *a = (int *)raw;
    float *b = (float *)(raw + n * sizeof(int));
    int t = threadIdx.x;
    a[t] = t * 10;
    b[t] = t + 0.5f;
    __syncthreads();
    out[t] = a[(t + 1) % n];
    out[n + t] = (int)(b[(t + 1) % n] * 2);
}
__global__ void staticAndDynamic(int *out) {
    __shared__ int s[8];
    extern __shared__ int d[];
    int t = threadIdx.x;
    if (t < 8) s[t] = 100 + t;
    d[t] = -t;
    __syncthreads();
    out[t] = s[t % 8] + d[blockDim.x - 1 - t];
}
int main() {
    const int n = 64;
    int *d, h[2 * n];
    cudaMalloc(&d, sizeof h);
    twoExterns<<<1, n, n * sizeof(int)>>>(d, n);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("two externs: a[3]=%d (wanted 30) b[3]*2=%d a[63]=%d err %s\n", h[3], h[n + 3], h[63], cudaGetErrorName(cudaGetLastError()));
    oneBuffer<<<1, n, n * (sizeof(int) + sizeof(float))>>>(d, n);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("one buffer: a[3]=%d b[3]*2=%d a[63]=%d b[63]*2=%d err %s\n", h[3], h[n + 3], h[63], h[2 * n - 1], cudaGetErrorName(cudaGetLastError()));
    staticAndDynamic<<<1, n, n * sizeof(int)>>>(d);
    cudaMemcpy(h, d, n * 4, cudaMemcpyDeviceToHost);
    long s = 0; for (int i = 0; i < n; ++i) s += h[i] * (i + 1);
    printf("static+dynamic: sum %ld h[0]=%d h[63]=%d err %s\n", s, h[0], h[63], cudaGetErrorName(cudaGetLastError()));
    cudaFuncAttributes fa;
    cudaFuncGetAttributes(&fa, staticAndDynamic);
    printf("static shared bytes %zu\n", fa.sharedSizeBytes);
}
