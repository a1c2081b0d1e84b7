// Error handling paths a real program takes: launches with too many threads per block, a block
// dimension z above 64, a grid y above 65535, too much dynamic shared memory (each is
// cudaErrorInvalidConfiguration / cudaErrorInvalidValue, reported by cudaGetLastError once and
// by cudaPeekAtLastError without clearing); cudaMemcpy from a pointer that is not a device
// allocation; cudaFree of a stack address; then a device-side assert (a sticky error: every
// later call fails) followed by cudaDeviceReset. (What works after the reset is left out: an
// H200 in a shared machine answered cudaErrorDevicesUnavailable there.)
#include <cstdio>
#include <cassert>

__global__ void fill(int* p, int v) { p[blockIdx.x * blockDim.x + threadIdx.x] = v; }
__global__ void check_positive(const int* p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) assert(p[i] > 0);
}
__global__ void uses_dyn(int* p) { extern __shared__ int s[]; s[threadIdx.x] = 1; __syncthreads(); p[threadIdx.x] = s[0]; }

int main() {
    int* d;
    cudaMalloc(&d, 4096 * 4);
    fill<<<1, 1025>>>(d, 1);
    // each call in its own statement: the order of evaluation of function arguments is unspecified
    cudaError_t p1 = cudaPeekAtLastError(), p2 = cudaPeekAtLastError(), g1 = cudaGetLastError(), g2 = cudaGetLastError();
    printf("1025 threads: peek %s, peek again %s, get %s, get again %s\n", cudaGetErrorName(p1), cudaGetErrorName(p2), cudaGetErrorName(g1), cudaGetErrorName(g2));
    fill<<<1, dim3(1, 1, 65)>>>(d, 1);
    printf("block z 65: %s\n", cudaGetErrorName(cudaGetLastError()));
    fill<<<1, dim3(2, 2, 64)>>>(d, 1);
    printf("block 2x2x64: %s\n", cudaGetErrorName(cudaGetLastError()));
    fill<<<dim3(1, 65536), 1>>>(d, 1);
    printf("grid y 65536: %s\n", cudaGetErrorName(cudaGetLastError()));
    fill<<<dim3(1, 1, 65536), 1>>>(d, 1);
    printf("grid z 65536: %s\n", cudaGetErrorName(cudaGetLastError()));
    fill<<<0, 32>>>(d, 1);
    printf("grid 0: %s\n", cudaGetErrorName(cudaGetLastError()));
    uses_dyn<<<1, 32, 48 * 1024 + 4>>>(d);
    printf("49156 bytes dynamic shared without opt-in: %s\n", cudaGetErrorName(cudaGetLastError()));
    uses_dyn<<<1, 32, 300 * 1024>>>(d);
    printf("300 KiB dynamic shared: %s\n", cudaGetErrorName(cudaGetLastError()));
    cudaError_t last, e = cudaFuncSetAttribute(uses_dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
    uses_dyn<<<1, 32, 64 * 1024>>>(d);
    printf("opt-in 64 KiB: set %s launch %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
    e = cudaFuncSetAttribute(uses_dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 1 << 20);
    printf("opt-in 1 MiB: %s\n", cudaGetErrorName(e));
    printf("sync after bad launches: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int host[4] = {1, 2, 3, 4}, back[4];
    e = cudaMemcpy(back, (void*)0x10, 16, cudaMemcpyDeviceToHost);
    last = cudaGetLastError();
    printf("memcpy from 0x10 as device: %s, last %s\n", cudaGetErrorName(e), cudaGetErrorName(last));
    e = cudaMemcpy(d, host, 16, cudaMemcpyHostToDevice);
    printf("a good copy after: %s\n", cudaGetErrorName(e));
    e = cudaFree(host);
    last = cudaGetLastError();
    printf("cudaFree of a stack address: %s, last %s\n", cudaGetErrorName(e), cudaGetErrorName(last));
    fill<<<4, 1024>>>(d, 5);
    fill<<<1, 1>>>(d + 1000, -3);
    check_positive<<<4, 1024>>>(d, 4096);
    e = cudaDeviceSynchronize();
    printf("after the assert: sync %s\n", cudaGetErrorName(e));
    last = cudaGetLastError();
    printf("sticky: last %s, malloc %s\n", cudaGetErrorName(last), cudaGetErrorName(cudaMalloc(&d, 16)));
    printf("reset %s\n", cudaGetErrorName(cudaDeviceReset()));
    return 0;
}
