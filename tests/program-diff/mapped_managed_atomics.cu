// Zero-copy and managed memory with system-scope atomics: a kernel atomically counts into
// mapped pinned host memory (cudaHostAlloc + cudaHostGetDevicePointer), another into managed
// memory the host reads after synchronizing; cudaMemAdvise/cudaMemPrefetchAsync hints; pointer
// attributes of each kind.
#include <cstdio>

__global__ void count(int *mapped, unsigned long long *managed, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd_system(&mapped[i % 8], 1);
        atomicAdd_system(managed, (unsigned long long)i);
        atomicMax_system(&mapped[8], i);
    }
}

int main() {
    int dev = 0;
    int canMap = 0, concurrent = 0;
    cudaDeviceGetAttribute(&canMap, cudaDevAttrCanMapHostMemory, dev);
    cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess, dev);
    printf("can map %d\n", canMap);
    int *host, *dmapped;
    cudaHostAlloc(&host, 16 * sizeof(int), cudaHostAllocMapped);
    for (int i = 0; i < 16; i++) host[i] = 0;
    cudaHostGetDevicePointer(&dmapped, host, 0);
    unsigned long long *m;
    cudaMallocManaged(&m, 64 * sizeof(unsigned long long));
    for (int i = 0; i < 64; i++) m[i] = 1000;
    cudaMemLocation loc = {cudaMemLocationTypeDevice, dev};
    cudaMemAdvise(m, 64 * 8, cudaMemAdviseSetPreferredLocation, loc);
    if (concurrent) cudaMemPrefetchAsync(m, 64 * 8, loc, 0, 0);
    const int n = 10007;
    count<<<(n + 255) / 256, 256>>>(dmapped, m, n);
    printf("sync %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    long long total = 0;
    for (int i = 0; i < 8; i++) total += host[i];
    printf("mapped counts %d %d ... total %lld max %d\n", host[0], host[7], total, host[8]);
    printf("managed sum %llu (want %llu)\n", m[0], 1000ULL + (unsigned long long)n * (n - 1) / 2);
    cudaPointerAttributes a;
    cudaPointerGetAttributes(&a, host);
    printf("host alloc type %d\n", (int)a.type);
    cudaPointerGetAttributes(&a, m);
    printf("managed type %d\n", (int)a.type);
    void *dev_mem;
    cudaMalloc(&dev_mem, 16);
    cudaPointerGetAttributes(&a, dev_mem);
    printf("device type %d\n", (int)a.type);
    int stack_var = 0;
    cudaError_t e = cudaPointerGetAttributes(&a, &stack_var);
    printf("unregistered: %s type %d\n", cudaGetErrorName(e), (int)a.type);
    cudaFreeHost(host);
    cudaFree(m);
    return 0;
}
