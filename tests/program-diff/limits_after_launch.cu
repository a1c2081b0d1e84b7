// cudaDeviceSetLimit before and after the first launch (heap fixed, FIFO and stack not), rounding,
// L2 fetch granularity up to 128, what malloc then gets.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
// cudaDeviceSetLimit before and after the first kernel launch, odd values, and what a kernel
// then sees (malloc heap, printf FIFO, stack).
__global__ void heap(int n, int *ok) { void *p = malloc(n); ok[0] = p != nullptr; if (p) free(p); }
__global__ void nop() {}
static void show(const char *w) {
    size_t st = 0, pf = 0, hp = 0, pl = 0, sd = 0;
    cudaDeviceGetLimit(&st, cudaLimitStackSize); cudaDeviceGetLimit(&pf, cudaLimitPrintfFifoSize); cudaDeviceGetLimit(&hp, cudaLimitMallocHeapSize);
    cudaError_t e1 = cudaDeviceGetLimit(&pl, cudaLimitDevRuntimePendingLaunchCount), e2 = cudaDeviceGetLimit(&sd, cudaLimitDevRuntimeSyncDepth);
    cudaGetLastError();
    printf("%s: stack %zu fifo %zu heap %zu pending %s %zu syncdepth %s %zu\n", w, st, pf, hp, cudaGetErrorName(e1), pl, cudaGetErrorName(e2), sd);
}
int main() {
    show("start");
    R(cudaDeviceSetLimit(cudaLimitStackSize, 0));
    R(cudaDeviceSetLimit(cudaLimitStackSize, 3000));
    show("stack 3000");
    R(cudaDeviceSetLimit(cudaLimitStackSize, (size_t)1 << 40));
    R(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 100));
    show("fifo 100");
    R(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 12345));
    show("heap 12345");
    R(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20));
    R(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 100));
    R(cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, 3));
    R(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, 100));
    R(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, 256));
    size_t g; cudaDeviceGetLimit(&g, cudaLimitMaxL2FetchGranularity); printf("l2 fetch %zu\n", g);
    R(cudaDeviceSetLimit((cudaLimit)0x77, 1));
    R(cudaDeviceGetLimit(&g, (cudaLimit)0x77));
    R(cudaDeviceGetLimit(nullptr, cudaLimitStackSize));
    show("before launch");
    int *ok; cudaMallocManaged(&ok, 4);
    heap<<<1, 1>>>(32 << 20, ok); R(cudaDeviceSynchronize()); printf("32 MiB from a 64 MiB heap: %d\n", ok[0]);
    heap<<<1, 1>>>(100 << 20, ok); R(cudaDeviceSynchronize()); printf("100 MiB from a 64 MiB heap: %d\n", ok[0]);
    // after a launch: heap and fifo are fixed
    R(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 256 << 20));
    R(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 1 << 20));
    R(cudaDeviceSetLimit(cudaLimitStackSize, 8192));
    show("after launch");
    heap<<<1, 1>>>(100 << 20, ok); R(cudaDeviceSynchronize()); printf("100 MiB after raising: %d\n", ok[0]);
    return 0;
}
