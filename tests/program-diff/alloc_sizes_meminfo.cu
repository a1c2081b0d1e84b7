// Allocation entry points at their edges, as a memory manager probes them: cudaMalloc,
// cudaMallocManaged, cudaMallocHost, cudaHostAlloc, cudaMallocPitch and cudaMalloc3D with 0
// bytes (null or not, success or not), sizes the device cannot hold (the error, and that it is
// not sticky), cudaHostAlloc with undefined flag bits, cudaMallocManaged with each attach flag,
// cudaMemGetInfo before/after allocating and freeing 256 MiB (relations only: free drops by at
// least the size and comes back, total never changes), and cudaFree / cudaFreeHost /
// cudaFreeArray of the wrong kinds of pointer.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define R(call) printf("%-58s -> %s\n", #call, cudaGetErrorName(call))

int main() {
    setvbuf(stdout, nullptr, _IONBF, 0);
    void *p = (void *)0x10;
    cudaError_t e = cudaMalloc(&p, 0);
    printf("cudaMalloc 0: %s null %d\n", cudaGetErrorName(e), p == nullptr);
    p = (void *)0x10;
    e = cudaMallocManaged(&p, 0);
    printf("cudaMallocManaged 0: %s null %d\n", cudaGetErrorName(e), p == nullptr);
    p = (void *)0x10;
    e = cudaMallocHost(&p, 0);
    printf("cudaMallocHost 0: %s null %d\n", cudaGetErrorName(e), p == nullptr);
    p = (void *)0x10;
    e = cudaHostAlloc(&p, 0, cudaHostAllocMapped);
    printf("cudaHostAlloc 0: %s null %d\n", cudaGetErrorName(e), p == nullptr);
    cudaPitchedPtr pp = make_cudaPitchedPtr((void *)0x10, 7, 7, 7);
    e = cudaMalloc3D(&pp, make_cudaExtent(0, 4, 4));
    printf("cudaMalloc3D width 0: %s null %d pitch %zu\n", cudaGetErrorName(e), pp.ptr == nullptr, pp.pitch);
    e = cudaMalloc3D(&pp, make_cudaExtent(64, 0, 4));
    printf("cudaMalloc3D height 0: %s null %d pitch %zu\n", cudaGetErrorName(e), pp.ptr == nullptr, pp.pitch);
    cudaGetLastError();

    size_t free0, total0, free1, total1, free2, total2;
    R(cudaMemGetInfo(&free0, &total0));
    void *big;
    R(cudaMalloc(&big, 256u << 20));
    R(cudaMemGetInfo(&free1, &total1));
    R(cudaFree(big));
    R(cudaMemGetInfo(&free2, &total2));
    printf("total constant %d; free dropped by >= 256 MiB %d; free back within 2 MiB %d; free <= total %d\n",
           total0 == total1 && total1 == total2, free0 - free1 >= (256u << 20),
           (long long)free2 - (long long)free0 > -(2 << 20) && (long long)free2 - (long long)free0 < (2 << 20), free0 <= total0);

    // more than the device has
    void *huge = (void *)0x10;
    e = cudaMalloc(&huge, total0 * 2);
    printf("cudaMalloc 2x total: %s null %d\n", cudaGetErrorName(e), huge == nullptr);
    R(cudaGetLastError());
    R(cudaGetLastError());
    e = cudaMalloc(&huge, (size_t)-1);
    printf("cudaMalloc SIZE_MAX: %s\n", cudaGetErrorName(e));
    size_t pitch = 0;
    e = cudaMallocPitch(&huge, &pitch, (size_t)1 << 40, 1 << 20);
    printf("cudaMallocPitch 1 TiB rows: %s\n", cudaGetErrorName(e));
    e = cudaMalloc(&huge, 64);
    printf("next small cudaMalloc: %s\n", cudaGetErrorName(e));
    cudaFree(huge);
    R(cudaGetLastError());

    // host allocation flags
    const unsigned flags[] = {0, 1, 2, 4, 7, 8, 16, 0x20, 0x100};
    for (unsigned f : flags) {
        void *h = nullptr;
        e = cudaHostAlloc(&h, 4096, f);
        unsigned got = 999;
        if (e == cudaSuccess) cudaHostGetFlags(&got, h);
        printf("cudaHostAlloc flags 0x%x: %s flags read %u\n", f, cudaGetErrorName(e), e == cudaSuccess ? got : 0);
        if (h) cudaFreeHost(h);
        cudaGetLastError();
    }
    const unsigned mflags[] = {cudaMemAttachGlobal, cudaMemAttachHost, cudaMemAttachSingle, 0, 3};
    for (unsigned f : mflags) {
        void *m = nullptr;
        e = cudaMallocManaged(&m, 4096, f);
        printf("cudaMallocManaged flags %u: %s\n", f, cudaGetErrorName(e));
        if (m) cudaFree(m);
        cudaGetLastError();
    }

    // freeing the wrong kind of pointer
    void *dev, *pinned, *managed;
    cudaMalloc(&dev, 256);
    cudaMallocHost(&pinned, 256);
    cudaMallocManaged(&managed, 256);
    void *heap = malloc(256);
    cudaArray_t arr;
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaMallocArray(&arr, &d, 16, 16);
    R(cudaFree(heap));
    R(cudaFree(pinned));
    R(cudaFree((char *)dev + 16));
    R(cudaFreeHost(dev));
    R(cudaFreeHost(managed));
    R(cudaFreeHost(heap));
    R(cudaFreeArray(nullptr));
    R(cudaFree(arr));
    R(cudaFreeHost(nullptr));
    R(cudaFree(managed));
    R(cudaFree(managed));
    R(cudaFreeHost(pinned));
    R(cudaFree(dev));
    R(cudaFree(dev));
    R(cudaFreeArray(arr));
    R(cudaGetLastError());
    free(heap);
    return 0;
}
