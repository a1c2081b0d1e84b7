// cudaHostRegister flags, overlaps, and cudaHostGetDevicePointer/cudaHostGetFlags on each kind.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-74s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void inc(int *p, int n) { int i = threadIdx.x; if (i < n) p[i] += i; }

int main() {
    char *buf = (char *)aligned_alloc(4096, 1 << 16);
    for (int i = 0; i < (1 << 16); i++) buf[i] = 0;
    unsigned flags[] = {cudaHostRegisterDefault, cudaHostRegisterPortable, cudaHostRegisterMapped,
                        cudaHostRegisterReadOnly, cudaHostRegisterMapped | cudaHostRegisterPortable,
                        cudaHostRegisterMapped | cudaHostRegisterReadOnly, 0x20, 0x40, 0x80};
    for (unsigned f : flags) {
        cudaError_t e = cudaHostRegister(buf, 4096, f);
        unsigned got = 999;
        cudaError_t eg = cudaHostGetFlags(&got, buf);
        void *dp = nullptr;
        cudaError_t ed = cudaHostGetDevicePointer(&dp, buf + 8, 0);
        printf("flags 0x%x: register %s, getFlags %s 0x%x, devptr %s same=%d\n", f, cudaGetErrorName(e),
               cudaGetErrorName(eg), got, cudaGetErrorName(ed), dp == buf + 8);
        if (e == cudaSuccess) R(cudaHostUnregister(buf));
        cudaGetLastError();
    }
    // Overlaps and partial unregisters.
    R(cudaHostRegister(buf, 8192, 0));
    R(cudaHostRegister(buf, 8192, 0));
    R(cudaHostRegister(buf + 4096, 8192, 0));
    R(cudaHostRegister(buf + 8192, 4096, 0));
    R(cudaHostUnregister(buf + 4096));
    R(cudaHostUnregister(buf + 8192));
    R(cudaHostUnregister(buf));
    R(cudaHostUnregister(buf));
    R(cudaGetLastError());
    // Unaligned start and size.
    R(cudaHostRegister(buf + 3, 100, cudaHostRegisterMapped));
    unsigned got = 0;
    R(cudaHostGetFlags(&got, buf + 50));
    printf("flags inside unaligned: 0x%x\n", got);
    R(cudaHostGetFlags(&got, buf + 2000));
    void *dp;
    R(cudaHostGetDevicePointer(&dp, buf + 2000, 0));
    R(cudaHostGetDevicePointer(&dp, buf + 3, 1));
    R(cudaHostUnregister(buf + 3));
    R(cudaGetLastError());
    R(cudaHostRegister(nullptr, 100, 0));
    R(cudaHostRegister(buf, 0, 0));
    R(cudaHostUnregister(nullptr));
    R(cudaGetLastError());
    // Kernel through a registered range, reading it back.
    int *ints = (int *)(buf + 4096);
    for (int i = 0; i < 64; i++) ints[i] = 1000;
    R(cudaHostRegister(ints, 64 * sizeof(int), cudaHostRegisterMapped));
    int *dints;
    R(cudaHostGetDevicePointer((void **)&dints, ints, 0));
    inc<<<1, 64>>>(dints, 64);
    R(cudaDeviceSynchronize());
    printf("ints: %d %d %d\n", ints[0], ints[5], ints[63]);
    // cudaMallocHost memory cannot be registered again.
    R(cudaHostUnregister(ints));
    char *pinned;
    R(cudaMallocHost(&pinned, 4096));
    R(cudaHostRegister(pinned, 4096, 0));
    R(cudaHostUnregister(pinned));
    R(cudaHostGetFlags(&got, pinned));
    printf("mallocHost flags 0x%x\n", got);
    char *mapped;
    R(cudaHostAlloc(&mapped, 4096, cudaHostAllocMapped | cudaHostAllocWriteCombined | cudaHostAllocPortable));
    R(cudaHostGetFlags(&got, mapped + 100));
    printf("hostAlloc flags 0x%x\n", got);
    R(cudaHostAlloc(&mapped, 4096, 0x10));
    R(cudaHostAlloc(&mapped, 0, 0));
    printf("zero-size null %d\n", mapped == nullptr);
    R(cudaGetLastError());
    R(cudaFreeHost(pinned));
    R(cudaFreeHost(buf));
    R(cudaGetLastError());
    free(buf);
    return 0;
}
