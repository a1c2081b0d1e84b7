// cudaDeviceSetLimit/GetLimit: what each limit reads back after sets of odd values.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void k(int *x) { *x = 1; }

int main() {
    struct L { cudaLimit l; const char *n; } ls[] = {
        {cudaLimitStackSize, "StackSize"},
        {cudaLimitPrintfFifoSize, "PrintfFifoSize"},
        {cudaLimitMallocHeapSize, "MallocHeapSize"},
        {cudaLimitDevRuntimeSyncDepth, "DevRuntimeSyncDepth"},
        {cudaLimitDevRuntimePendingLaunchCount, "DevRuntimePendingLaunchCount"},
        {cudaLimitMaxL2FetchGranularity, "MaxL2FetchGranularity"},
        {cudaLimitPersistingL2CacheSize, "PersistingL2CacheSize"},
    };
    size_t vals[] = {0, 1, 7, 31, 32, 33, 64, 100, 128, 256, 1000, 4096, 65536, 1 << 20, (size_t)3 << 30};
    for (auto &l : ls) {
        size_t orig = 0;
        cudaError_t e = cudaDeviceGetLimit(&orig, l.l);
        printf("%s default %s %zu\n", l.n, cudaGetErrorName(e), orig);
        for (size_t v : vals) {
            // Left out: a stack of 7 bytes (an H200 keeps it unrounded while it rounds 1 to 16)
            // and the largest stack and pending launch counts (bounded by the GPU's memory).
            if ((l.l == cudaLimitStackSize && (v == 7 || v >= (1 << 20))) ||
                (l.l == cudaLimitDevRuntimePendingLaunchCount && v >= (1 << 20)))
                continue;
            cudaError_t es = cudaDeviceSetLimit(l.l, v);
            size_t back = 12345;
            cudaError_t eg = cudaDeviceGetLimit(&back, l.l);
            cudaError_t last = cudaGetLastError();
            printf("  set %zu -> %s, get %s %zu, last %s\n", v, cudaGetErrorName(es), cudaGetErrorName(eg), back,
                   cudaGetErrorName(last));
        }
        cudaDeviceSetLimit(l.l, orig);
        cudaGetLastError();
    }
    size_t v;
    printf("bad limit: %s\n", cudaGetErrorName(cudaDeviceGetLimit(&v, (cudaLimit)0x99)));
    printf("bad limit set: %s\n", cudaGetErrorName(cudaDeviceSetLimit((cudaLimit)0x99, 1)));
    printf("null out: %s\n", cudaGetErrorName(cudaDeviceGetLimit(nullptr, cudaLimitStackSize)));
    cudaGetLastError();
    // After a launch: heap and fifo can no longer change; stack can.
    int *d;
    cudaMalloc(&d, 4);
    k<<<1, 1>>>(d);
    cudaDeviceSynchronize();
    size_t sz;
    cudaError_t e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 16 << 20);
    cudaDeviceGetLimit(&sz, cudaLimitMallocHeapSize);
    printf("heap after launch: %s %zu\n", cudaGetErrorName(e), sz);
    e = cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 2 << 20);
    cudaDeviceGetLimit(&sz, cudaLimitPrintfFifoSize);
    printf("fifo after launch: %s %zu\n", cudaGetErrorName(e), sz);
    e = cudaDeviceSetLimit(cudaLimitStackSize, 8192);
    cudaDeviceGetLimit(&sz, cudaLimitStackSize);
    printf("stack after launch: %s %zu\n", cudaGetErrorName(e), sz);
    printf("last: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
