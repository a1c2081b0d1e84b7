// Stream-ordered allocation in a pipeline: cudaMallocAsync/cudaFreeAsync per iteration in two
// streams from the default pool and from a created pool (cudaMemPoolCreate with a release
// threshold), an allocation freed in one stream and reused in another after an event,
// cudaMemPoolTrimTo, pool attributes read back (reserved >= used, used back to 0 after frees),
// and cudaMallocFromPoolAsync; results of the kernels that used the memory are printed.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

__global__ void fill(int* p, int n, int v) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] = v + i; }
__global__ void accumulate(const int* p, int n, long long* out) {
    long long s = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) s += p[i];
    atomicAdd((unsigned long long*)out, (unsigned long long)s);
}

int main() {
    cudaStream_t s[2];
    CK(cudaStreamCreate(&s[0])); CK(cudaStreamCreate(&s[1]));
    long long* sums; CK(cudaMalloc(&sums, 16 * 8)); CK(cudaMemset(sums, 0, 16 * 8));
    for (int it = 0; it < 8; ++it) {
        cudaStream_t st = s[it % 2];
        int n = 1000 + 777 * it;
        int* p;
        CK(cudaMallocAsync(&p, n * sizeof(int), st));
        fill<<<(n + 255) / 256, 256, 0, st>>>(p, n, it * 1000);
        accumulate<<<4, 128, 0, st>>>(p, n, sums + it);
        CK(cudaFreeAsync(p, st));
    }
    CK(cudaDeviceSynchronize());
    long long h[8];
    CK(cudaMemcpy(h, sums, 64, cudaMemcpyDeviceToHost));
    for (int it = 0; it < 8; ++it) { long long n = 1000 + 777 * it, want = n * it * 1000 + n * (n - 1) / 2; printf("iteration %d sum %lld %s\n", it, h[it], h[it] == want ? "ok" : "WRONG"); }
    // a created pool with a release threshold; free in s[0], reuse in s[1] after an event
    cudaMemPool_t pool;
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = 0;
    CK(cudaMemPoolCreate(&pool, &props));
    unsigned long long threshold = 64ull << 20;
    CK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
    int *a, *b;
    CK(cudaMallocFromPoolAsync(&a, 1 << 20, pool, s[0]));
    fill<<<1024, 256, 0, s[0]>>>(a, 1 << 18, 5);
    CK(cudaMemsetAsync(sums + 8, 0, 8, s[0]));
    accumulate<<<8, 256, 0, s[0]>>>(a, 1 << 18, sums + 8);
    CK(cudaFreeAsync(a, s[0]));
    cudaEvent_t ev; CK(cudaEventCreate(&ev)); CK(cudaEventRecord(ev, s[0]));
    CK(cudaStreamWaitEvent(s[1], ev, 0));
    CK(cudaMallocFromPoolAsync(&b, 1 << 20, pool, s[1]));
    fill<<<1024, 256, 0, s[1]>>>(b, 1 << 18, -7);
    CK(cudaMemsetAsync(sums + 9, 0, 8, s[1]));
    accumulate<<<8, 256, 0, s[1]>>>(b, 1 << 18, sums + 9);
    unsigned long long used = 0, reserved = 0;
    CK(cudaStreamSynchronize(s[1]));
    CK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used));
    CK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved));
    printf("pool while b is live: used >= 1 MiB %d reserved >= used %d\n", used >= (1u << 20), reserved >= used);
    CK(cudaFreeAsync(b, s[1]));
    CK(cudaStreamSynchronize(s[1]));
    CK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used));
    CK(cudaMemPoolTrimTo(pool, 0));
    CK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved));
    printf("after frees: used %llu, reserved after trim %llu\n", used, reserved);
    CK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
    printf("release threshold %llu\n", threshold);
    long long r[2]; CK(cudaMemcpy(r, sums + 8, 16, cudaMemcpyDeviceToHost));
    long long n = 1 << 18;
    printf("pool sums %lld %lld (want %lld %lld)\n", r[0], r[1], 5 * n + n * (n - 1) / 2, -7 * n + n * (n - 1) / 2);
    CK(cudaMemPoolDestroy(pool));
    return 0;
}
