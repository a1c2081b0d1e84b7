// Managed memory: advice and prefetch return codes for each location kind, range attributes after each.
#include <cstdio>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-84s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

static void range(const char *tag, void *p, size_t n) {
    int rm = -9, pl = -9, lp = -9;
    int ab[4] = {-9, -9, -9, -9};
    cudaError_t e1 = cudaMemRangeGetAttribute(&rm, 4, cudaMemRangeAttributeReadMostly, p, n);
    cudaError_t e2 = cudaMemRangeGetAttribute(&pl, 4, cudaMemRangeAttributePreferredLocation, p, n);
    cudaError_t e3 = cudaMemRangeGetAttribute(&lp, 4, cudaMemRangeAttributeLastPrefetchLocation, p, n);
    cudaError_t e4 = cudaMemRangeGetAttribute(ab, sizeof ab, cudaMemRangeAttributeAccessedBy, p, n);
    int plt = -9, plid = -9;
    cudaError_t e5 = cudaMemRangeGetAttribute(&plt, 4, cudaMemRangeAttributePreferredLocationType, p, n);
    cudaError_t e6 = cudaMemRangeGetAttribute(&plid, 4, cudaMemRangeAttributePreferredLocationId, p, n);
    int lpt = -9, lpid = -9;
    cudaError_t e7 = cudaMemRangeGetAttribute(&lpt, 4, cudaMemRangeAttributeLastPrefetchLocationType, p, n);
    cudaError_t e8 = cudaMemRangeGetAttribute(&lpid, 4, cudaMemRangeAttributeLastPrefetchLocationId, p, n);
    printf("%-28s readMostly %d%s pref %d%s lastPrefetch %d%s accessedBy %d,%d,%d,%d%s prefType %d%s prefId %d%s "
           "lastType %d%s lastId %d%s\n",
           tag, rm, e1 ? "!" : "", pl, e2 ? "!" : "", lp, e3 ? "!" : "", ab[0], ab[1], ab[2], ab[3], e4 ? "!" : "",
           plt, e5 ? "!" : "", plid, e6 ? "!" : "", lpt, e7 ? "!" : "", lpid, e8 ? "!" : "");
    cudaGetLastError();
}

int main() {
    const size_t N = 1 << 21;
    char *m;
    R(cudaMallocManaged(&m, N));
    range("fresh", m, N);
    cudaMemLocation dev = {cudaMemLocationTypeDevice, 0};
    cudaMemLocation host = {cudaMemLocationTypeHost, 0};
    cudaMemLocation badDev = {cudaMemLocationTypeDevice, 3};
    cudaMemLocation numa = {cudaMemLocationTypeHostNuma, 0};
    cudaMemLocation numaCur = {cudaMemLocationTypeHostNumaCurrent, 0};
    cudaMemLocation invalid = {cudaMemLocationTypeInvalid, 0};
    R(cudaMemAdvise(m, N, cudaMemAdviseSetReadMostly, dev));
    range("readMostly", m, N);
    R(cudaMemAdvise(m, N, cudaMemAdviseUnsetReadMostly, dev));
    R(cudaMemAdvise(m, N, cudaMemAdviseSetPreferredLocation, dev));
    range("pref dev", m, N);
    R(cudaMemAdvise(m, N, cudaMemAdviseSetPreferredLocation, host));
    range("pref host", m, N);
    R(cudaMemAdvise(m, N, cudaMemAdviseSetPreferredLocation, numa));
    range("pref numa 0", m, N);
    R(cudaMemAdvise(m, N, cudaMemAdviseSetPreferredLocation, numaCur));
    range("pref numa current", m, N);
    R(cudaMemAdvise(m, N, cudaMemAdviseSetPreferredLocation, invalid));
    R(cudaMemAdvise(m, N, cudaMemAdviseSetPreferredLocation, badDev));
    R(cudaGetLastError());
    R(cudaMemAdvise(m, N, cudaMemAdviseUnsetPreferredLocation, host));
    range("unset pref", m, N);
    R(cudaMemAdvise(m, N, cudaMemAdviseSetAccessedBy, dev));
    R(cudaMemAdvise(m, N, cudaMemAdviseSetAccessedBy, host));
    range("accessedBy dev+host", m, N);
    R(cudaMemAdvise(m, N, cudaMemAdviseUnsetAccessedBy, dev));
    range("accessedBy host", m, N);
    R(cudaMemAdvise(m, N, (cudaMemoryAdvise)99, dev));
    R(cudaMemAdvise(m + 1, 10, cudaMemAdviseSetReadMostly, dev));
    R(cudaMemAdvise(m, 0, cudaMemAdviseSetReadMostly, dev));
    R(cudaMemAdvise(nullptr, 4096, cudaMemAdviseSetReadMostly, dev));
    R(cudaGetLastError());
    // Partial range: half read-mostly.
    R(cudaMemAdvise(m, N / 2, cudaMemAdviseSetReadMostly, dev));
    range("half readMostly (whole)", m, N);
    range("half readMostly (first)", m, N / 2);
    // Prefetches.
    R(cudaMemPrefetchAsync(m, N, dev, 0, 0));
    R(cudaStreamSynchronize(0));
    range("prefetched to dev", m, N);
    R(cudaMemPrefetchAsync(m, N, host, 0, 0));
    R(cudaStreamSynchronize(0));
    range("prefetched to host", m, N);
    R(cudaMemPrefetchAsync(m, 4096, numa, 0, 0));
    R(cudaMemPrefetchAsync(m, 4096, badDev, 0, 0));
    R(cudaMemPrefetchAsync(m, 4096, dev, 1, 0));
    R(cudaMemPrefetchAsync(m, 0, dev, 0, 0));
    R(cudaMemPrefetchAsync(m + 3, 5, dev, 0, 0));
    R(cudaStreamSynchronize(0));
    range("after small prefetches", m, N);
    R(cudaGetLastError());
    // Non-managed memory.
    char *d, *h;
    R(cudaMalloc(&d, 4096));
    R(cudaMallocHost(&h, 4096));
    R(cudaMemAdvise(d, 4096, cudaMemAdviseSetReadMostly, dev));
    R(cudaMemPrefetchAsync(d, 4096, dev, 0, 0));
    R(cudaMemAdvise(h, 4096, cudaMemAdviseSetReadMostly, dev));
    R(cudaMemPrefetchAsync(h, 4096, dev, 0, 0));
    int rm;
    R(cudaMemRangeGetAttribute(&rm, 4, cudaMemRangeAttributeReadMostly, d, 4096));
    R(cudaMemRangeGetAttribute(&rm, 2, cudaMemRangeAttributeReadMostly, m, 4096));
    R(cudaMemRangeGetAttribute(&rm, 4, (cudaMemRangeAttribute)77, m, 4096));
    R(cudaMemRangeGetAttribute(&rm, 4, cudaMemRangeAttributeReadMostly, m, N + 4096));
    R(cudaGetLastError());
    // Several attributes at once.
    int v1 = -1, v2 = -1;
    void *datas[] = {&v1, &v2};
    size_t sizes[] = {4, 4};
    cudaMemRangeAttribute at[] = {cudaMemRangeAttributeReadMostly, cudaMemRangeAttributeLastPrefetchLocation};
    R(cudaMemRangeGetAttributes(datas, sizes, at, 2, m, N / 2));
    printf("attrs: %d %d\n", v1, v2);
    R(cudaFree(m));
    R(cudaFree(d));
    R(cudaFreeHost(h));
    return 0;
}
