// CUDA 13 unified memory with cudaMemLocation: cudaMemAdvise (read-mostly, preferred location,
// accessed-by for device and host), cudaMemPrefetchAsync to device and host,
// cudaMemRangeGetAttribute/Attributes of each, on managed, device and host memory.
#include <cstdio>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void inc(float* p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] += 1.f; }

static void attrs(const void* p, size_t n, const char* tag) {
    int rm = -7, pl = -7, lp = -7, plt = -7, pli = -7, lpt = -7, lpi = -7;
    cudaError_t e1 = cudaMemRangeGetAttribute(&rm, 4, cudaMemRangeAttributeReadMostly, p, n);
    cudaError_t e2 = cudaMemRangeGetAttribute(&pl, 4, cudaMemRangeAttributePreferredLocation, p, n);
    cudaError_t e3 = cudaMemRangeGetAttribute(&lp, 4, cudaMemRangeAttributeLastPrefetchLocation, p, n);
    cudaError_t e4 = cudaMemRangeGetAttribute(&plt, 4, cudaMemRangeAttributePreferredLocationType, p, n);
    cudaError_t e5 = cudaMemRangeGetAttribute(&pli, 4, cudaMemRangeAttributePreferredLocationId, p, n);
    cudaError_t e6 = cudaMemRangeGetAttribute(&lpt, 4, cudaMemRangeAttributeLastPrefetchLocationType, p, n);
    cudaError_t e7 = cudaMemRangeGetAttribute(&lpi, 4, cudaMemRangeAttributeLastPrefetchLocationId, p, n);
    int acc[4] = {-7, -7, -7, -7};
    cudaError_t e8 = cudaMemRangeGetAttribute(acc, sizeof acc, cudaMemRangeAttributeAccessedBy, p, n);
    printf("[%s] readMostly %d(%s) preferred %d(%s) lastPrefetch %d(%s) prefType %d id %d (%s %s) lastType %d id %d (%s %s) accessedBy %d %d %d (%s)\n", tag,
           rm, cudaGetErrorName(e1), pl, cudaGetErrorName(e2), lp, cudaGetErrorName(e3), plt, pli, cudaGetErrorName(e4), cudaGetErrorName(e5),
           lpt, lpi, cudaGetErrorName(e6), cudaGetErrorName(e7), acc[0], acc[1], acc[2], cudaGetErrorName(e8));
}

int main() {
    int cma = -1; P(cudaDeviceGetAttribute(&cma, cudaDevAttrConcurrentManagedAccess, 0)); printf("concurrentManaged %d\n", cma);
    const int n = 1 << 16;
    float* m; P(cudaMallocManaged(&m, n * 4));
    for (int i = 0; i < n; ++i) m[i] = (float)i;
    attrs(m, n * 4, "fresh");
    cudaMemLocation dev = {}; dev.type = cudaMemLocationTypeDevice; dev.id = 0;
    cudaMemLocation host = {}; host.type = cudaMemLocationTypeHost; host.id = 0;
    P(cudaMemAdvise(m, n * 4, cudaMemAdviseSetReadMostly, dev));
    attrs(m, n * 4, "readMostly");
    P(cudaMemAdvise(m, n * 4, cudaMemAdviseSetPreferredLocation, dev));
    P(cudaMemAdvise(m, n * 4, cudaMemAdviseSetAccessedBy, dev));
    attrs(m, n * 4, "preferred dev + accessedBy dev");
    cudaStream_t s; P(cudaStreamCreate(&s));
    P(cudaMemPrefetchAsync(m, n * 4, dev, 0, s));
    inc<<<n / 256, 256, 0, s>>>(m, n);
    P(cudaStreamSynchronize(s));
    attrs(m, n * 4, "prefetched to dev");
    P(cudaMemPrefetchAsync(m, n * 4, host, 0, s)); P(cudaStreamSynchronize(s));
    attrs(m, n * 4, "prefetched to host");
    printf("m[0]=%g m[n-1]=%g\n", m[0], m[n - 1]);
    P(cudaMemAdvise(m, n * 4, cudaMemAdviseSetPreferredLocation, host));
    attrs(m, n * 4, "preferred host");
    P(cudaMemAdvise(m, 4096, cudaMemAdviseUnsetPreferredLocation, dev));
    attrs(m, 4096, "first page unset");
    attrs(m, n * 4, "whole range mixed");
    P(cudaMemAdvise(m, n * 4, cudaMemAdviseUnsetReadMostly, dev));
    P(cudaMemAdvise(m, n * 4, cudaMemAdviseUnsetAccessedBy, dev));
    attrs(m, n * 4, "unset");
    // errors
    cudaMemLocation bad = {}; bad.type = cudaMemLocationTypeDevice; bad.id = 9;
    P(cudaMemAdvise(m, n * 4, cudaMemAdviseSetPreferredLocation, bad));
    P(cudaMemPrefetchAsync(m, n * 4, bad, 0, s));
    P(cudaMemPrefetchAsync(m, n * 4, dev, 1, s));
    P(cudaMemAdvise(m, 0, cudaMemAdviseSetReadMostly, dev));
    P(cudaMemAdvise(m, n * 4, (cudaMemoryAdvise)42, dev));
    float* d; P(cudaMalloc(&d, 4096));
    P(cudaMemAdvise(d, 4096, cudaMemAdviseSetReadMostly, dev));
    P(cudaMemPrefetchAsync(d, 4096, dev, 0, s));
    int rm = -1; P(cudaMemRangeGetAttribute(&rm, 4, cudaMemRangeAttributeReadMostly, d, 4096));
    P(cudaMemRangeGetAttribute(&rm, 2, cudaMemRangeAttributeReadMostly, m, 4096));
    P(cudaMemRangeGetAttribute(&rm, 4, cudaMemRangeAttributeReadMostly, m, n * 4 + 4096));
    void* datas[2]; int r1 = -1, r2 = -1; datas[0] = &r1; datas[1] = &r2; size_t sizes[2] = {4, 4};
    cudaMemRangeAttribute which[2] = {cudaMemRangeAttributeReadMostly, cudaMemRangeAttributePreferredLocation};
    P(cudaMemRangeGetAttributes(datas, sizes, which, 2, m, n * 4)); printf("attributes %d %d\n", r1, r2);
    P(cudaStreamSynchronize(s));
    P(cudaGetLastError());
    return 0;
}
