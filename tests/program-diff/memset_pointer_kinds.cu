// cudaMemset and friends on every kind of pointer, as a zero-fill helper meets them: device
// memory at odd offsets and lengths with values above 255 (only the low byte counts), managed
// memory (then read on the host), pinned and registered host memory, pageable host memory and
// a freed allocation (the exact errors), cudaMemsetAsync on a non-blocking stream ordered with
// a kernel, cudaMemset2D on managed memory, cudaMemset3D with a pitched pointer into pinned
// memory, and a memset past an allocation's end.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define R(call) printf("%-56s -> %s\n", #call, cudaGetErrorName(call))

__global__ void bump(unsigned char *p, int n) {
    for (int i = threadIdx.x; i < n; i += blockDim.x) p[i] += 1;
}

int main() {
    unsigned char *dev, *managed, *pinned, *gone;
    cudaMalloc(&dev, 1000);
    cudaMallocManaged(&managed, 1000);
    cudaMallocHost(&pinned, 1000);
    unsigned char *heap = (unsigned char *)malloc(4096);
    unsigned char *reg = (unsigned char *)calloc(4096, 1);
    cudaHostRegister(reg, 4096, 0);
    cudaMalloc(&gone, 64);
    cudaFree(gone);
    R(cudaMemset(dev, 0x1ab, 1000));
    R(cudaMemset(dev + 3, 0x20, 7));
    R(cudaMemset(dev + 997, 0xff, 3));
    unsigned char h[1000];
    cudaMemcpy(h, dev, 1000, cudaMemcpyDeviceToHost);
    printf("device bytes: %02x %02x %02x %02x %02x %02x\n", h[0], h[3], h[9], h[10], h[996], h[999]);
    R(cudaMemset(managed, 0x33, 1000));
    R(cudaDeviceSynchronize());
    printf("managed on host: %02x %02x\n", managed[0], managed[999]);
    R(cudaMemset(pinned, 0x44, 1000));
    printf("pinned on host: %02x %02x\n", pinned[0], pinned[999]);
    R(cudaMemset(reg + 100, 0x55, 200));
    printf("registered on host: %02x %02x %02x\n", reg[99] == 0x55, reg[100], reg[299]);
    R(cudaMemset(heap, 0, 16));
    R(cudaMemset(gone, 0, 16));
    R(cudaMemset(dev + 990, 0, 20));
    R(cudaMemset(nullptr, 0, 0));
    R(cudaMemset(nullptr, 0, 4));
    R(cudaGetLastError());
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    bump<<<1, 128, 0, s>>>(dev, 1000);
    R(cudaMemsetAsync(dev + 500, 0x10, 100, s));
    bump<<<1, 128, 0, s>>>(dev, 1000);
    R(cudaMemsetAsync(heap, 0, 4, s));
    R(cudaStreamSynchronize(s));
    cudaMemcpy(h, dev, 1000, cudaMemcpyDeviceToHost);
    printf("ordered: %02x %02x %02x\n", h[0], h[500], h[600]);
    R(cudaMemset2D(managed, 100, 0x66, 40, 5));
    R(cudaDeviceSynchronize());
    printf("2D managed: %02x %02x %02x %02x\n", managed[0], managed[39], managed[40], managed[439]);
    cudaPitchedPtr pp = make_cudaPitchedPtr(pinned, 50, 50, 4);
    R(cudaMemset3D(pp, 0x77, make_cudaExtent(10, 2, 3)));
    printf("3D pinned: %02x %02x %02x %02x\n", pinned[0], pinned[10], pinned[50 + 9], pinned[2 * 200 + 50 + 9]);
    R(cudaGetLastError());
    cudaHostUnregister(reg);
    return 0;
}
