// The guide's dynamic global memory allocation (malloc/free/__nv_aligned_device_malloc in device
// code): alignments that are and are not powers of two, a size of zero, free(NULL), memory one
// thread allocates and another frees, allocations that outlive their kernel, an allocation larger
// than the heap, and device memcpy/memset over heap memory. Prints flags and values, never
// addresses.
#include <cstdio>
#include <cuda_runtime.h>

__device__ void *kept[64];

__global__ void aligned(int *out) {
    const size_t aligns[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 1024, 4096, 8192, 3, 12, 48, 0};
    int t = threadIdx.x;
    if (t < 16) {
        void *p = __nv_aligned_device_malloc(100, aligns[t]);
        out[t] = p == nullptr ? -1 : (int)((size_t)p % (aligns[t] ? aligns[t] : 1));
        free(p);
    }
    if (t == 16) {
        void *p = malloc(0);
        out[16] = p == nullptr;
        free(p);
        free(nullptr);
        void *q = __nv_aligned_device_malloc(0, 64);
        out[17] = q == nullptr;
        free(q);
    }
    if (t == 17) {
        void *huge = malloc((size_t)1 << 40);
        out[18] = huge == nullptr;
        void *big = __nv_aligned_device_malloc((size_t)1 << 40, 256);
        out[19] = big == nullptr;
    }
    if (t == 18) {
        // malloc's own alignment: 16 bytes, whatever the size.
        int ok = 1;
        for (int s = 1; s <= 33; s += 4) {
            void *p = malloc(s);
            ok &= p != nullptr && (size_t)p % 16 == 0;
            free(p);
        }
        out[20] = ok;
    }
}

__global__ void produce() {
    int t = threadIdx.x + blockIdx.x * blockDim.x;
    int *p = (int *)malloc(16 * sizeof(int));
    if (p) {
        memset(p, 0, 16 * sizeof(int));
        for (int i = 0; i < 16; i++) p[i] = t * 100 + i;
    }
    kept[t] = p;
}

__global__ void consume(int *sums) {
    int t = threadIdx.x + blockIdx.x * blockDim.x;
    // Each thread frees what another thread of another launch allocated.
    int *p = (int *)kept[63 - t];
    int copy[16];
    int s = -1;
    if (p) {
        memcpy(copy, p, sizeof copy);
        s = 0;
        for (int i = 0; i < 16; i++) s += copy[i];
        free(p);
    }
    sums[t] = s;
}

int main() {
    int *out, h[21];
    cudaMalloc(&out, sizeof h);
    cudaMemset(out, 0x7f, sizeof h);
    aligned<<<1, 32>>>(out);
    printf("aligned: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    const char *names[] = {"1", "2", "4", "8", "16", "32", "64", "128", "256", "1024", "4096", "8192", "3", "12", "48", "0"};
    for (int i = 0; i < 16; i++) printf("__nv_aligned_device_malloc(100, %s): %s\n", names[i], h[i] < 0 ? "NULL" : h[i] == 0 ? "aligned" : "MISALIGNED");
    printf("malloc(0) is NULL: %d\n", h[16]);
    printf("__nv_aligned_device_malloc(0, 64) is NULL: %d\n", h[17]);
    printf("malloc(1 TiB) is NULL: %d\n", h[18]);
    printf("__nv_aligned_device_malloc(1 TiB, 256) is NULL: %d\n", h[19]);
    printf("malloc results 16-byte aligned: %d\n", h[20]);

    int *sums, hs[64];
    cudaMalloc(&sums, sizeof hs);
    produce<<<2, 32>>>();
    consume<<<2, 32>>>(sums);
    printf("produce/consume: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(hs, sums, sizeof hs, cudaMemcpyDeviceToHost);
    long total = 0;
    int bad = 0;
    for (int t = 0; t < 64; t++) {
        total += hs[t];
        bad += hs[t] != (63 - t) * 1600 + 120;
    }
    printf("sums total %ld wrong %d first %d last %d\n", total, bad, hs[0], hs[63]);
    size_t heap = 0;
    cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
    printf("heap size: %zu\n", heap);
    printf("set heap size after use: %s\n", cudaGetErrorName(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20)));
    return 0;
}
