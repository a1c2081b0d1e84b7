// flags: -rdc=true -O3 -std=c++17 -lcudadevrt
// Relocatable device code: extern __device__ declarations resolved later in the unit, a device
// function template explicitly instantiated, static device variables, device-side kernel launches
// (a parent launching children of a template kernel into a tail/fire-and-forget stream), and
// cudaGetSymbolAddress on a relocatable symbol.
#include <cstdio>
#include <cstdint>

extern __device__ int g_counter;
extern __device__ float g_table[64];
__device__ float lookup(int i);
template <class T> __device__ T accumulate3(T a, T b, T c);

template <int K>
__global__ void child(int *out, int base) {
    int i = base + threadIdx.x;
    out[i] = K * i + (int)lookup(i & 63);
    atomicAdd(&g_counter, 1);
}

__global__ void parent(int *out, int n_children) {
    int c = threadIdx.x;
    if (c < n_children) {
        if (c % 2) child<3><<<1, 32, 0, cudaStreamFireAndForget>>>(out, c * 32);
        else child<5><<<1, 32>>>(out, c * 32);
    }
}

__global__ void mix(double *out) {
    int t = threadIdx.x;
    out[t] = accumulate3<double>(t, 0.5, g_table[t % 64]) + accumulate3<int>(t, t, 1);
}

// the definitions, after their uses
__device__ int g_counter = 0;
__device__ float g_table[64] = {1, 2, 3, 4, 5, 6, 7, 8};
static __device__ float scale = 0.5f;
__device__ float lookup(int i) { return g_table[i] * scale + i; }
template <class T> __device__ T accumulate3(T a, T b, T c) { return a + b * 2 + c * 3; }
template __device__ double accumulate3<double>(double, double, double);
template __device__ int accumulate3<int>(int, int, int);

int main() {
    const int C = 12;
    int *out; cudaMalloc(&out, C * 32 * 4); cudaMemset(out, 0, C * 32 * 4);
    parent<<<1, 32>>>(out, C);
    cudaError_t e = cudaDeviceSynchronize();
    int h[C * 32]; cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    int cnt; cudaMemcpyFromSymbol(&cnt, g_counter, 4);
    float tb[64] = {1, 2, 3, 4, 5, 6, 7, 8};
    bool ok = true;
    for (int c = 0; c < C; c++) for (int t = 0; t < 32; t++) { int i = c * 32 + t; ok &= h[i] == (c % 2 ? 3 : 5) * i + (int)(tb[i & 63] * 0.5f + (i & 63)); }
    printf("device launches: %s %s children threads=%d [0]=%d [383]=%d\n", cudaGetErrorString(e), ok ? "ok" : "MISMATCH", cnt, h[0], h[C * 32 - 1]);
    double *d; cudaMalloc(&d, 128 * 8);
    mix<<<1, 128>>>(d);
    e = cudaDeviceSynchronize();
    double hd[128]; cudaMemcpy(hd, d, sizeof hd, cudaMemcpyDeviceToHost);
    ok = true; for (int t = 0; t < 128; t++) ok &= hd[t] == (t + 1.0 + tb[t % 64] * 3) + (3 * t + 3);
    printf("templates across the unit: %s %s [5]=%g\n", cudaGetErrorString(e), ok ? "ok" : "MISMATCH", hd[5]);
    float *addr; size_t sz;
    cudaGetSymbolAddress((void **)&addr, g_table); cudaGetSymbolSize(&sz, g_table);
    float nine = 9; cudaMemcpy(addr + 8, &nine, 4, cudaMemcpyHostToDevice);
    mix<<<1, 128>>>(d); cudaMemcpy(hd, d, sizeof hd, cudaMemcpyDeviceToHost);
    printf("symbol size %zu, [8] after a write through its address: %g\n", sz, hd[8]);
    return 0;
}
