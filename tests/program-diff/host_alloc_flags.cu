// Pinned host memory flavours: cudaHostAlloc with cudaHostAllocMapped, Portable and
// WriteCombined (and all three), cudaHostGetDevicePointer and kernels that read and write
// through the device alias, cudaHostGetFlags, cudaHostRegister of a malloc'd buffer with the
// mapped flag plus cudaHostUnregister, cudaPointerGetAttributes' memory types for each kind
// of pointer (host pageable, pinned, device, managed), cudaMemcpy with cudaMemcpyDefault
// between all of them, and error codes for bad flags and double registration.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void saxpy_mapped(const float* x, float* y, int n, float a) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
__global__ void count_odd(const int* v, int n, unsigned* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && (v[i] & 1)) atomicAdd(out, 1u);
}

static const char* type_name(cudaMemoryType t) {
    switch (t) { case cudaMemoryTypeUnregistered: return "unregistered"; case cudaMemoryTypeHost: return "host"; case cudaMemoryTypeDevice: return "device"; case cudaMemoryTypeManaged: return "managed"; }
    return "?";
}

int main() {
    const int n = 1000;
    unsigned flagsets[4] = {cudaHostAllocMapped, cudaHostAllocMapped | cudaHostAllocPortable, cudaHostAllocMapped | cudaHostAllocWriteCombined, cudaHostAllocMapped | cudaHostAllocPortable | cudaHostAllocWriteCombined};
    for (int f = 0; f < 4; ++f) {
        float *hx, *hy, *dx, *dy;
        CK(cudaHostAlloc(&hx, n * sizeof(float), flagsets[f]));
        CK(cudaHostAlloc(&hy, n * sizeof(float), cudaHostAllocMapped));
        for (int i = 0; i < n; ++i) { hx[i] = (float)i * 0.25f; hy[i] = (float)(n - i); }
        CK(cudaHostGetDevicePointer((void**)&dx, hx, 0));
        CK(cudaHostGetDevicePointer((void**)&dy, hy, 0));
        unsigned got = 0;
        CK(cudaHostGetFlags(&got, hx));
        saxpy_mapped<<<(n + 127) / 128, 128>>>(dx, dy, n, 3.0f);
        CK(cudaDeviceSynchronize());
        int bad = 0;
        for (int i = 0; i < n; ++i) bad += hy[i] != 3.0f * ((float)i * 0.25f) + (float)(n - i);
        printf("flags %u: getflags %u, saxpy through mapped pointers: %d bad, y[999]=%g\n", flagsets[f], got, bad, hy[999]);
        CK(cudaFreeHost(hx)); CK(cudaFreeHost(hy));
    }
    // registered malloc memory
    int* reg = (int*)malloc(4096 * sizeof(int));
    for (int i = 0; i < 4096; ++i) reg[i] = i * 7 + 1;
    CK(cudaHostRegister(reg, 4096 * sizeof(int), cudaHostRegisterMapped));
    cudaError_t again = cudaHostRegister(reg, 4096 * sizeof(int), cudaHostRegisterMapped);
    printf("register twice: %s\n", cudaGetErrorName(again));
    int* dreg; CK(cudaHostGetDevicePointer((void**)&dreg, reg, 0));
    unsigned* cnt; CK(cudaMallocManaged(&cnt, sizeof(unsigned)));
    *cnt = 0;
    count_odd<<<32, 128>>>(dreg, 4096, cnt);
    CK(cudaDeviceSynchronize());
    printf("odd values through registered memory: %u\n", *cnt);
    // pointer attributes
    float *dev, *pinned, *managed;
    CK(cudaMalloc(&dev, 256)); CK(cudaMallocHost(&pinned, 256)); CK(cudaMallocManaged(&managed, 256));
    float stackbuf[64];
    void* ptrs[5] = {dev, pinned, managed, reg, stackbuf};
    const char* names[5] = {"cudaMalloc", "cudaMallocHost", "cudaMallocManaged", "cudaHostRegister", "stack"};
    for (int i = 0; i < 5; ++i) {
        cudaPointerAttributes a;
        cudaError_t e = cudaPointerGetAttributes(&a, ptrs[i]);
        printf("%-18s: %s type=%s device=%d hostPtr==ptr:%d devicePtr==ptr:%d\n", names[i], cudaGetErrorName(e), type_name(a.type), a.device,
               a.hostPointer == ptrs[i], a.devicePointer == ptrs[i]);
    }
    // cudaMemcpyDefault among all kinds
    for (int i = 0; i < 64; ++i) stackbuf[i] = (float)i - 31.5f;
    CK(cudaMemcpy(pinned, stackbuf, 256, cudaMemcpyDefault));
    CK(cudaMemcpy(dev, pinned, 256, cudaMemcpyDefault));
    CK(cudaMemcpy(managed, dev, 256, cudaMemcpyDefault));
    CK(cudaMemcpy(reg, managed, 256, cudaMemcpyDefault));
    printf("default-kind chain intact: %d\n", memcmp(reg, stackbuf, 256) == 0);
    CK(cudaHostUnregister(reg));
    cudaError_t un = cudaHostUnregister(reg);
    printf("unregister twice: %s\n", cudaGetErrorName(un));
    // bad flags
    void* p = nullptr;
    cudaError_t bf = cudaHostAlloc(&p, 64, 0x80);
    printf("hostAlloc bad flag: %s\n", cudaGetErrorName(bf));
    cudaGetLastError();
    free(reg);
    cudaFree(dev); cudaFreeHost(pinned); cudaFree(managed); cudaFree(cnt);
    return 0;
}
