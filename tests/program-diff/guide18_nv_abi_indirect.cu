// flags: -rdc=true
// The guide's #pragma nv_abi at an indirect call (C/C++ Language Extensions, "Custom ABI
// Pragmas"): targets declared with preserve_n_control(8), called through a pointer at a call
// site with the same pragma (nvcc writes .abi_preserve_control on the call prototype), beside a
// plain indirect call of a function without the pragma.
#include <cstdio>
#include <cuda_runtime.h>

#pragma nv_abi preserve_n_control(8)
__device__ __noinline__ int tripled(int v) { return v * 3; }

#pragma nv_abi preserve_n_control(8)
__device__ __noinline__ int negate(int v) { return -v; }

__device__ __noinline__ int plus_one(int v) { return v + 1; }

__global__ void calls(int *out, int n) {
    int i = threadIdx.x;
    int (*fp)(int) = (i % 2) ? tripled : negate;
    int v;
#pragma nv_abi preserve_n_control(8)
    v = fp(i + n);
    int (*gp)(int) = plus_one;
    out[i] = v * 1000 + gp(i);
}

int main() {
    setvbuf(stdout, nullptr, _IONBF, 0);
    int *o;
    cudaMallocManaged(&o, 8 * sizeof(int));
    calls<<<1, 8>>>(o, 10);
    printf("calls: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    for (int i = 0; i < 8; i++) printf(" %d", o[i]);
    printf("\n");
    return 0;
}
