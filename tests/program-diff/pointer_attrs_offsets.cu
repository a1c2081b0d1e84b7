// cudaPointerGetAttributes of every kind of pointer, at offsets inside and past the allocation.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-64s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

static const char *tn(cudaMemoryType t) {
    switch (t) {
    case cudaMemoryTypeUnregistered: return "Unregistered";
    case cudaMemoryTypeHost: return "Host";
    case cudaMemoryTypeDevice: return "Device";
    case cudaMemoryTypeManaged: return "Managed";
    }
    return "?";
}
static void show(const char *what, const void *p, const void *base) {
    cudaPointerAttributes a;
    a.type = (cudaMemoryType)77; a.device = 77; a.devicePointer = (void *)1; a.hostPointer = (void *)1;
    cudaError_t e = cudaPointerGetAttributes(&a, p);
    long dev_off = a.devicePointer ? (long)((const char *)a.devicePointer - (const char *)base) : -1;
    long host_off = a.hostPointer ? (long)((const char *)a.hostPointer - (const char *)base) : -1;
    printf("%-26s %-26s type=%s device=%d devPtr=%s%ld hostPtr=%s%ld\n", what, cudaGetErrorName(e), tn(a.type),
           a.device, a.devicePointer ? "base+" : "null", a.devicePointer ? dev_off : 0,
           a.hostPointer ? "base+" : "null", a.hostPointer ? host_off : 0);
    cudaGetLastError();
}

int main() {
    char *d;
    R(cudaMalloc(&d, 1000));
    show("device base", d, d);
    show("device +999", d + 999, d);
    show("device +1000 (end)", d + 1000, d);
    show("device +4096", d + 4096, d);
    char *h;
    R(cudaMallocHost(&h, 1000));
    show("mallochost +10", h + 10, h);
    show("mallochost +1000", h + 1000, h);
    char *hp;
    R(cudaHostAlloc(&hp, 300, cudaHostAllocPortable));
    show("hostalloc portable +5", hp + 5, hp);
    char *hw;
    R(cudaHostAlloc(&hw, 300, cudaHostAllocWriteCombined | cudaHostAllocMapped));
    show("hostalloc wc+mapped +7", hw + 7, hw);
    char *m;
    R(cudaMallocManaged(&m, 5000));
    show("managed +4999", m + 4999, m);
    show("managed +5000", m + 5000, m);
    char *mh;
    R(cudaMallocManaged(&mh, 64, cudaMemAttachHost));
    show("managed attachHost", mh, mh);
    char *reg = (char *)aligned_alloc(4096, 8192);
    R(cudaHostRegister(reg + 100, 1000, cudaHostRegisterDefault));
    show("registered +100", reg + 100, reg + 100);
    show("registered +1099", reg + 1099, reg + 100);
    show("registered +1100", reg + 1100, reg + 100);
    show("registered -1", reg + 99, reg + 100);
    R(cudaHostUnregister(reg + 100));
    show("unregistered", reg + 100, reg + 100);
    char *plain = (char *)malloc(64);
    show("malloc", plain, plain);
    int local = 0;
    show("stack", &local, &local);
    show("null", nullptr, nullptr);
    show("small int 16", (void *)16, (void *)16);
    char *pa;
    cudaStream_t s;
    R(cudaStreamCreate(&s));
    R(cudaMallocAsync(&pa, 256, s));
    R(cudaStreamSynchronize(s));
    show("mallocAsync +255", pa + 255, pa);
    R(cudaFreeAsync(pa, s));
    R(cudaStreamSynchronize(s));
    R(cudaFree(d));
    show("freed device", d, d);
    R(cudaFreeHost(h));
    show("freed mallochost", h, h);
    R(cudaFree(m));
    show("freed managed", m, m);
    cudaPointerAttributes a;
    R(cudaPointerGetAttributes(nullptr, d));
    R(cudaPointerGetAttributes(&a, nullptr));
    printf("null: type=%s device=%d\n", tn(a.type), a.device);
    R(cudaGetLastError());
    R(cudaFreeHost(hp));
    R(cudaFreeHost(hw));
    R(cudaFree(mh));
    free(reg);
    free(plain);
    return 0;
}
