// flags: -rdc=true
// A project's pieces in one translation unit built with -rdc=true: an extern __device__ variable
// declared before its definition, __host__ __device__ inline helpers from a "header", a
// __constant__ table set with cudaMemcpyToSymbol, a device function used before it is defined,
// a static __device__ counter, and a template device function instantiated for three types.
#include <cstdio>
#include <cuda_runtime.h>
// ---- "common.h"
extern __device__ int gScale;
extern __constant__ float gTable[4];
__host__ __device__ inline float lerp(float a, float b, float t) { return a + (b - a) * t; }
__host__ __device__ inline int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
__device__ float lookup(float x);
template <typename T> __device__ T twice(T v) { return v + v; }
// ---- "kernels.cu"
static __device__ unsigned calls = 0;
__global__ void apply(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicAdd(&calls, 1u);
    out[i] = lookup(in[i]) * gScale + twice(0.25f) + (float)twice(i % 3) + (float)twice(0.5);
}
__global__ void readCalls(unsigned *c) { *c = calls; }
// ---- "table.cu"
__device__ int gScale = 3;
__constant__ float gTable[4];
__device__ float lookup(float x) {
    int k = clampi((int)x, 0, 2);
    return lerp(gTable[k], gTable[k + 1], x - (float)k);
}
int main() {
    float t[4] = {0.0f, 10.0f, 15.0f, 40.0f};
    cudaError_t e = cudaMemcpyToSymbol(gTable, t, sizeof t);
    int sc = 2;
    cudaError_t e2 = cudaMemcpyToSymbol(gScale, &sc, 4);
    const int n = 13;
    float h[n], *din, *dout;
    for (int i = 0; i < n; ++i) h[i] = i * 0.3f - 0.5f;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof h);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    apply<<<2, 8>>>(din, dout, n);
    apply<<<1, 16>>>(din, dout, n);
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    unsigned *dc, c; cudaMalloc(&dc, 4);
    readCalls<<<1, 1>>>(dc);
    cudaMemcpy(&c, dc, 4, cudaMemcpyDeviceToHost);
    printf("symbols %s %s calls %u host lerp %.3f clamp %d\n", cudaGetErrorName(e), cudaGetErrorName(e2), c, lerp(1, 3, 0.25f), clampi(9, 0, 5));
    for (int i = 0; i < n; ++i) printf("%.4f ", h[i]);
    printf("\nerr %s\n", cudaGetErrorName(cudaGetLastError()));
}
