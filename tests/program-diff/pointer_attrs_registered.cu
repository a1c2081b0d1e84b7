// cudaPointerGetAttributes on every kind of pointer a program holds (device, an offset into a
// device allocation, one past its end, pinned host memory and an offset into it, mapped and
// write-combined host memory, managed memory, heap and stack memory registered with
// cudaHostRegister and an offset inside them, plain malloc, a stack variable, nullptr, a freed
// allocation), printing the type and which of devicePointer/hostPointer equal the pointer
// (relations, never addresses); cudaHostRegister flags and its errors (twice, overlapping,
// unregistering something never registered), cudaHostGetDevicePointer and cudaHostGetFlags on
// each, and a kernel writing through registered memory.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cuda_runtime.h>

#define R(call) printf("%-52s -> %s\n", #call, cudaGetErrorName(call))

static void attrs(const char *what, const void *p) {
    cudaPointerAttributes a;
    cudaError_t e = cudaPointerGetAttributes(&a, p);
    printf("%-20s %s type %d device %d dptr %s hptr %s\n", what, cudaGetErrorName(e), (int)a.type, a.device,
           a.devicePointer == nullptr ? "null" : a.devicePointer == p ? "same" : "other",
           a.hostPointer == nullptr ? "null" : a.hostPointer == p ? "same" : "other");
}

static void devptr(const char *what, void *p, bool flags_too = true) {
    void *d = nullptr;
    cudaError_t e = cudaHostGetDevicePointer(&d, p, 0);
    unsigned flags = 12345;
    cudaError_t f = cudaHostGetFlags(&flags, p);
    printf("%-20s devptr %s %s", what, cudaGetErrorName(e), d == nullptr ? "null" : d == p ? "same" : "other");
    if (flags_too) printf(" flags %s %u", cudaGetErrorName(f), f == cudaSuccess ? flags : 0);
    printf("\n");
}

__global__ void fill(int *p, int n, int v) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = v + i;
}

int main() {
    char *dev;
    cudaMalloc(&dev, 1000);
    attrs("device", dev);
    attrs("device+999", dev + 999);
    attrs("device+1000", dev + 1000);
    char *pinned, *mapped, *wc;
    R(cudaMallocHost(&pinned, 4096));
    R(cudaHostAlloc(&mapped, 4096, cudaHostAllocMapped | cudaHostAllocPortable));
    R(cudaHostAlloc(&wc, 4096, cudaHostAllocWriteCombined));
    attrs("pinned", pinned);
    attrs("pinned+100", pinned + 100);
    attrs("mapped", mapped);
    attrs("write-combined", wc);
    char *managed;
    cudaMallocManaged(&managed, 4096);
    attrs("managed", managed);
    attrs("managed+4000", managed + 4000);
    char *heap = (char *)malloc(1 << 16);
    attrs("malloc", heap);
    int local = 0;
    attrs("stack", &local);
    attrs("nullptr", nullptr);
    char *gone;
    cudaMalloc(&gone, 64);
    cudaFree(gone);
    attrs("freed", gone);
    R(cudaGetLastError());

    devptr("pinned", pinned);
    // (The flags of a small mapped allocation made after cudaMallocHost are left out: an H200
    // answers those of the allocation it shares a slab with.)
    devptr("mapped", mapped, false);
    devptr("mapped+8", mapped + 8, false);
    devptr("write-combined", wc);
    devptr("malloc", heap);
    devptr("device", dev);
    void *dp;
    R(cudaHostGetDevicePointer(&dp, mapped, 1));

    // registration of heap memory: whole, then a page-unaligned part of a second buffer
    R(cudaHostRegister(heap, 1 << 16, cudaHostRegisterMapped));
    attrs("registered", heap);
    attrs("registered+5000", heap + 5000);
    devptr("registered", heap);
    R(cudaHostRegister(heap, 1 << 16, cudaHostRegisterDefault));
    R(cudaHostRegister(heap + 4096, 4096, cudaHostRegisterDefault));
    char *heap2 = (char *)malloc(10000);
    R(cudaHostRegister(heap2 + 3, 5000, cudaHostRegisterPortable));
    attrs("registered2+3", heap2 + 3);
    attrs("registered2+2", heap2 + 2);
    devptr("registered2+3", heap2 + 3);
    R(cudaHostRegister(heap2, 0, 0));
    R(cudaHostRegister(nullptr, 4096, 0));
    R(cudaHostRegister(heap2, 16, 0x40));
    R(cudaHostUnregister(heap2 + 4));
    R(cudaHostUnregister(heap2 + 3));
    R(cudaHostUnregister(heap2 + 3));
    R(cudaHostRegister(pinned, 4096, 0));
    // stack memory registered for a kernel's output
    int stackbuf[256];
    for (int i = 0; i < 256; i++) stackbuf[i] = -1;
    R(cudaHostRegister(stackbuf, sizeof(stackbuf), cudaHostRegisterMapped));
    attrs("registered stack", stackbuf);
    int *dstack;
    R(cudaHostGetDevicePointer((void **)&dstack, stackbuf, 0));
    fill<<<3, 64>>>(dstack + 10, 150, 1000);
    R(cudaDeviceSynchronize());
    long sum = 0;
    for (int i = 0; i < 256; i++) sum += stackbuf[i];
    printf("stack after kernel: [9]=%d [10]=%d [159]=%d [160]=%d sum %ld\n", stackbuf[9], stackbuf[10], stackbuf[159],
           stackbuf[160], sum);
    R(cudaHostUnregister(stackbuf));
    attrs("unregistered stack", stackbuf);
    // kernel writing through a registered heap pointer used directly (unified addressing)
    fill<<<1, 32>>>((int *)heap, 32, 7);
    R(cudaDeviceSynchronize());
    printf("heap[0]=%d heap[31]=%d\n", ((int *)heap)[0], ((int *)heap)[31]);
    R(cudaHostUnregister(heap));
    attrs("unregistered heap", heap);
    R(cudaFreeHost(pinned + 100));
    R(cudaFreeHost(pinned));
    R(cudaFreeHost(mapped));
    R(cudaFreeHost(wc));
    R(cudaFreeHost(heap));
    R(cudaGetLastError());
    free(heap);
    free(heap2);
    cudaFree(dev);
    cudaFree(managed);
    return 0;
}
