// cudaPointerGetAttributes of every kind of pointer: device (start, interior, one past the end),
// pinned host (flags), mapped, managed, pool, pageable heap, stack, static, freed, null, a
// function pointer; cudaMemGetInfo as allocations come and go.
#include <cstdio>
#include <cstdlib>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

static int g_static[16];
__device__ int dsym[8];
static void fn() {}

static void show(const char* what, const void* p, const void* base) {
    cudaPointerAttributes a = {};
    a.type = (cudaMemoryType)77; a.device = -9;
    cudaError_t e = cudaPointerGetAttributes(&a, p);
    printf("%-18s %-26s type %d device %d dptr %s hptr %s\n", what, cudaGetErrorName(e), (int)a.type, a.device,
           a.devicePointer == nullptr ? "null" : (a.devicePointer == p ? "=p" : "other"),
           a.hostPointer == nullptr ? "null" : (a.hostPointer == p ? "=p" : "other"));
    (void)base;
}

int main() {
    size_t free0, total0, free1, total1;
    P(cudaMemGetInfo(&free0, &total0));
    char* d; P(cudaMalloc(&d, 256 << 20));
    P(cudaMemGetInfo(&free1, &total1));
    printf("total same %d, free dropped by >= 256MiB %d, by < 300MiB %d\n", total0 == total1, free0 - free1 >= (256u << 20), free0 - free1 < (300u << 20));
    show("device", d, d);
    show("device+12345", d + 12345, d);
    show("device end-1", d + (256 << 20) - 1, d);
    show("device end", d + (256 << 20), d);
    char *ph, *pm, *pw; P(cudaHostAlloc(&ph, 1024, cudaHostAllocDefault)); P(cudaHostAlloc(&pm, 1024, cudaHostAllocMapped)); P(cudaHostAlloc(&pw, 1024, cudaHostAllocWriteCombined | cudaHostAllocPortable));
    show("pinned", ph, ph); show("pinned+100", ph + 100, ph); show("mapped", pm, pm); show("wc", pw, pw);
    char* um; P(cudaMallocManaged(&um, 4096)); show("managed", um, um); show("managed+4000", um + 4000, um);
    char* uh; P(cudaMallocManaged(&uh, 4096, cudaMemAttachHost)); show("managed host", uh, uh);
    char* ma; P(cudaMallocAsync(&ma, 1000, 0)); P(cudaStreamSynchronize(0)); show("mallocAsync", ma, ma);
    void* sa; P(cudaGetSymbolAddress(&sa, dsym)); show("symbol", sa, sa);
    char* heap = (char*)malloc(100); show("malloc", heap, heap);
    int stackv; show("stack", &stackv, &stackv); show("static", g_static, g_static);
    show("function", (void*)&fn, nullptr);
    show("null", nullptr, nullptr);
    show("small int", (void*)0x10, nullptr);
    P(cudaFree(d));
    show("freed device", d, d);
    P(cudaFreeHost(ph)); show("freed pinned", ph, ph);
    P(cudaFreeAsync(ma, 0)); P(cudaStreamSynchronize(0)); show("freed async", ma, ma);
    P(cudaMemGetInfo(&free1, &total1));
    printf("free back within 64MiB %d\n", (free1 > free0 ? free1 - free0 : free0 - free1) < (64u << 20));
    P(cudaPointerGetAttributes(nullptr, um));
    P(cudaMemGetInfo(nullptr, &total1));
    P(cudaMemGetInfo(&free1, nullptr));
    P(cudaGetLastError());
    free(heap);
    return 0;
}
