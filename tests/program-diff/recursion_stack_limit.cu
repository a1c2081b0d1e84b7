// Recursion as learners write it, against the per-thread stack: a non-tail recursive hash chain
// at depths 10..100000 with the default stack (1 KiB), then after cudaDeviceSetLimit raises it;
// a recursive quicksort and a recursive binary-tree sum that stay shallow. Each deep try in its
// own child (an overflow is sticky).
#include <cstdio>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>
__device__ unsigned chain(int n, unsigned salt) {
    if (n == 0) return salt;
    unsigned r = chain(n - 1, salt ^ (unsigned)n);
    return (r * 31u + (unsigned)n) % 1000003u;
}
__global__ void runChain(int n, unsigned *out) { out[threadIdx.x] = chain(n, threadIdx.x); }
__device__ void quicksort(int *a, int lo, int hi) {
    if (lo >= hi) return;
    int p = a[(lo + hi) / 2], i = lo, j = hi;
    while (i <= j) {
        while (a[i] < p) ++i;
        while (a[j] > p) --j;
        if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; ++i; --j; }
    }
    quicksort(a, lo, j);
    quicksort(a, i, hi);
}
__global__ void sortSegments(int *a, int seg) { quicksort(a + blockIdx.x * seg, 0, seg - 1); }
__device__ long long treeSum(const int *v, int lo, int hi) {
    if (hi - lo == 1) return v[lo];
    int mid = (lo + hi) / 2;
    return treeSum(v, lo, mid) * 1 + treeSum(v, mid, hi);
}
__global__ void runTree(const int *v, int n, long long *out) { *out = treeSum(v, 0, n); }
static void tryDepth(int depth, size_t stack) {
    fflush(stdout);
    if (fork() == 0) {
        cudaError_t e0 = cudaSuccess;
        if (stack) e0 = cudaDeviceSetLimit(cudaLimitStackSize, stack);
        size_t got = 0;
        cudaDeviceGetLimit(&got, cudaLimitStackSize);
        unsigned *d, h = 0;
        cudaMalloc(&d, 32 * 4);
        runChain<<<1, 1>>>(depth, d);
        cudaError_t e = cudaDeviceSynchronize();
        cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost);
        printf("depth %6d stack %7zu (set %s): %s result %u\n", depth, got, cudaGetErrorName(e0), cudaGetErrorName(e),
               e == cudaSuccess ? h : 0);
        fflush(stdout);
        _exit(0);
    }
    int st; wait(&st);
}
int main() {
    int depths[] = {10, 100000};
    for (int d : depths) tryDepth(d, 0);
    tryDepth(3000, 256 * 1024);
    tryDepth(100000, 1ull << 40);
    const int seg = 200, segs = 8;
    int h[seg * segs];
    for (int i = 0; i < seg * segs; ++i) h[i] = (i * 7919) % 1009 - (i % 2 ? 500 : 0);
    int *d; cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    sortSegments<<<segs, 1>>>(d, seg);
    cudaError_t e = cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int sorted = 1; long long hs = 0;
    for (int s = 0; s < segs; ++s) for (int i = 1; i < seg; ++i) sorted &= h[s * seg + i - 1] <= h[s * seg + i];
    for (int i = 0; i < seg * segs; ++i) hs = hs * 131 + h[i];
    printf("quicksort %s sorted %d hash %lld\n", cudaGetErrorName(e), sorted, hs);
    for (int i = 0; i < 1000; ++i) h[i] = i * 3 - 700;
    cudaMemcpy(d, h, 4000, cudaMemcpyHostToDevice);
    long long *dt, ht;
    cudaMalloc(&dt, 8);
    runTree<<<1, 1>>>(d, 1000, dt);
    e = cudaMemcpy(&ht, dt, 8, cudaMemcpyDeviceToHost);
    printf("tree sum %s %lld\n", cudaGetErrorName(e), ht);
}
