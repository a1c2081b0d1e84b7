// flags: -rdc=true
// Relocatable device code in one translation unit: extern __device__ variables defined later,
// __constant__ tables written with offsets, symbol address/size queries, static __device__
// variables inside functions, and a __device__ function called through a kernel chain.
#include <cstdio>

extern __device__ int counter;
extern __device__ __constant__ float coeffs[16];
__device__ int hist[10];

__device__ __noinline__ int bump(int by) {
    static __device__ int calls;   // function-scope static in device memory
    atomicAdd(&calls, 1);
    return atomicAdd(&counter, by);
}
__device__ int read_calls();

__global__ void use(float *out) {
    int t = threadIdx.x;
    int old = bump(t + 1);
    atomicAdd(&hist[old % 10], 1);
    out[t] = coeffs[t % 16] * 2.0f + coeffs[(t * 5) % 16];
    if (t == 0) out[blockDim.x] = (float)read_calls();
}

__device__ int counter = 100;
__device__ __constant__ float coeffs[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
__device__ int read_calls() { return 0; }

int main() {
    float part[5] = {-1.5f, -2.5f, -3.5f, -4.5f, -5.5f};
    cudaError_t e = cudaMemcpyToSymbol(coeffs, part, sizeof part, 6 * sizeof(float));
    printf("to symbol with offset: %s\n", cudaGetErrorString(e));
    e = cudaMemcpyToSymbol(coeffs, part, sizeof part, 14 * sizeof(float));
    printf("past the end: %s\n", cudaGetErrorName(e));
    size_t sz = 0; void *addr = nullptr;
    cudaGetSymbolSize(&sz, coeffs);
    cudaGetSymbolAddress(&addr, counter);
    printf("coeffs size %zu counter addr non-null %d\n", sz, addr != nullptr);
    int init = 7;
    cudaMemcpy(addr, &init, sizeof init, cudaMemcpyHostToDevice);    // through the address
    float *out;
    cudaMalloc(&out, 65 * sizeof(float));
    use<<<1, 64>>>(out);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    float h[65]; int hh[10], c;
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpyFromSymbol(hh, hist, sizeof hh);
    cudaMemcpyFromSymbol(&c, counter, sizeof c);
    printf("counter %d (want %d)\n", c, 7 + 64 * 65 / 2);
    for (int i = 0; i < 16; i++) printf("%g ", h[i]);
    printf("\nhist total %d\n", hh[0] + hh[1] + hh[2] + hh[3] + hh[4] + hh[5] + hh[6] + hh[7] + hh[8] + hh[9]);
    float back[16];
    cudaMemcpyFromSymbol(back, coeffs, 8 * sizeof(float), 4 * sizeof(float));
    for (int i = 0; i < 8; i++) printf("%g ", back[i]);
    printf("\n");
    return 0;
}
