// What survives cudaDeviceReset, as a long-running service that resets after a failure sees
// it: device and pinned allocations made before the reset, used after it (the exact errors;
// handles of destroyed streams, events and graphs are left alone: using them crashes), then the
// fresh context working again: a new allocation, launches, a stream, the limits back at their
// defaults (the stack size and printf FIFO set before the reset), the device flags and the
// cache config reset, and __device__ / __constant__ variables back at their initial values.
#include <cstdio>
#include <cuda_runtime.h>

#define R(call) printf("%-60s -> %s\n", #call, cudaGetErrorName(call))

__device__ int counter = 11;
__constant__ float scale = 1.5f;

__global__ void bump(int *out) {
    int v = atomicAdd(&counter, 1);
    if (out) *out = v * (int)(scale * 2);
}

int main() {
    setvbuf(stdout, nullptr, _IONBF, 0);
    int *d;
    cudaMalloc(&d, 64);
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaEvent_t ev;
    cudaEventCreate(&ev);
    cudaEventRecord(ev, s);
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    cudaGraphNode_t n;
    cudaGraphAddEmptyNode(&n, g, nullptr, 0);
    cudaGraphExec_t ex;
    cudaGraphInstantiate(&ex, g, 0);
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    cudaMallocArray(&arr, &cd, 8, 8, cudaArraySurfaceLoadStore);
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = arr;
    cudaTextureDesc td = {};
    cudaTextureObject_t tex;
    cudaCreateTextureObject(&tex, &rd, &td, nullptr);
    cudaSurfaceObject_t surf;
    cudaCreateSurfaceObject(&surf, &rd);
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    cudaMemPool_t pool;
    cudaMemPoolCreate(&pool, &props);
    void *pinned;
    cudaMallocHost(&pinned, 64);
    bump<<<1, 1>>>(d);
    float newscale = 4.0f;
    cudaMemcpyToSymbol(scale, &newscale, 4);
    cudaDeviceSetLimit(cudaLimitStackSize, 4096);
    cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 1 << 22);
    cudaDeviceSetCacheConfig(cudaFuncCachePreferL1);
    cudaDeviceSynchronize();
    int h = 0;
    cudaMemcpyFromSymbol(&h, counter, 4);
    printf("before reset: counter %d\n", h);

    R(cudaDeviceReset());
    R(cudaGetLastError());
    R(cudaMemset(d, 0, 4));
    R(cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost));
    R(cudaFree(d));
    R(cudaFreeHost(pinned));
    cudaPointerAttributes pa;
    R(cudaPointerGetAttributes(&pa, pinned));
    printf("stale pinned pointer type %d\n", (int)pa.type);
    R(cudaGetLastError());

    size_t lim = 0;
    cudaDeviceGetLimit(&lim, cudaLimitStackSize);
    printf("stack limit back to default: %zu\n", lim);
    cudaDeviceGetLimit(&lim, cudaLimitPrintfFifoSize);
    printf("printf fifo back to default: %zu\n", lim);
    cudaFuncCache cc;
    cudaDeviceGetCacheConfig(&cc);
    printf("cache config %d\n", (int)cc);
    h = -1;
    R(cudaMemcpyFromSymbol(&h, counter, 4));
    float sc = 0;
    R(cudaMemcpyFromSymbol(&sc, scale, 4));
    printf("after reset: counter %d scale %g\n", h, sc);
    int *d2 = nullptr;
    R(cudaMalloc(&d2, 64));
    cudaStream_t s2;
    R(cudaStreamCreate(&s2));
    bump<<<1, 1, 0, s2>>>(d2);
    R(cudaStreamSynchronize(s2));
    R(cudaMemcpy(&h, d2, 4, cudaMemcpyDeviceToHost));
    printf("kernel after reset wrote %d\n", h);
    R(cudaStreamDestroy(s2));
    R(cudaFree(d2));
    R(cudaDeviceReset());
    R(cudaDeviceReset());
    return 0;
}
