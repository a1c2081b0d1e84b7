// Managed memory flags, cudaMemAdvise with cudaMemLocation (accessed-by a missing device:
// InvalidValue), range attributes, prefetch v2, cudaStreamAttachMemAsync of the whole allocation
// only.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
// Managed memory: flags, advice v2 (cudaMemLocation), range attributes, prefetch v2, attach.
__global__ void inc(int *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] += 1; }
static void q(const char *what, void *p, size_t n) {
    int rm = -7, pl = -7, plt = -7, lp = -7, lpt = -7;
    cudaError_t e1 = cudaMemRangeGetAttribute(&rm, 4, cudaMemRangeAttributeReadMostly, p, n);
    cudaError_t e2 = cudaMemRangeGetAttribute(&pl, 4, cudaMemRangeAttributePreferredLocation, p, n);
    cudaError_t e3 = cudaMemRangeGetAttribute(&plt, 4, cudaMemRangeAttributePreferredLocationType, p, n);
    cudaError_t e4 = cudaMemRangeGetAttribute(&lp, 4, cudaMemRangeAttributeLastPrefetchLocation, p, n);
    cudaError_t e5 = cudaMemRangeGetAttribute(&lpt, 4, cudaMemRangeAttributeLastPrefetchLocationType, p, n);
    printf("%s: readMostly %s %d | prefLoc %s %d | prefType %s %d | lastPrefetch %s %d | lastType %s %d\n", what,
           cudaGetErrorName(e1), rm, cudaGetErrorName(e2), pl, cudaGetErrorName(e3), plt, cudaGetErrorName(e4), lp, cudaGetErrorName(e5), lpt);
    int acc[4] = {-7, -7, -7, -7};
    cudaError_t e6 = cudaMemRangeGetAttribute(acc, sizeof acc, cudaMemRangeAttributeAccessedBy, p, n);
    printf("   accessedBy %s %d %d %d %d\n", cudaGetErrorName(e6), acc[0], acc[1], acc[2], acc[3]);
}
int main() {
    const size_t N = 1 << 20;
    int *m = nullptr;
    R(cudaMallocManaged(&m, N * sizeof(int), cudaMemAttachGlobal));
    int *mh = nullptr;
    R(cudaMallocManaged(&mh, 4096, cudaMemAttachHost));
    int *bad = nullptr;
    R(cudaMallocManaged(&bad, 4096, 0));
    R(cudaMallocManaged(&bad, 4096, cudaMemAttachSingle));
    R(cudaMallocManaged(&bad, 4096, 7));
    R(cudaMallocManaged(&bad, 0, cudaMemAttachGlobal));
    for (size_t i = 0; i < N; i++) m[i] = (int)i;
    q("fresh", m, N * 4);
    cudaMemLocation dev = {cudaMemLocationTypeDevice, 0};
    cudaMemLocation host = {cudaMemLocationTypeHost, 0};
    cudaMemLocation badloc = {cudaMemLocationTypeDevice, 5};
    R(cudaMemAdvise(m, N * 4, cudaMemAdviseSetReadMostly, dev));
    q("readMostly", m, N * 4);
    R(cudaMemAdvise(m, 4096 * 4, cudaMemAdviseSetPreferredLocation, dev));
    q("pref dev first 16K (whole range)", m, N * 4);
    q("pref dev first 16K (that part)", m, 4096 * 4);
    R(cudaMemAdvise(m, N * 4, cudaMemAdviseSetPreferredLocation, host));
    q("pref host", m, N * 4);
    R(cudaMemAdvise(m, N * 4, cudaMemAdviseSetAccessedBy, dev));
    q("accessedBy dev", m, N * 4);
    R(cudaMemAdvise(m, N * 4, cudaMemAdviseSetAccessedBy, badloc));
    R(cudaMemAdvise(m, N * 4, (cudaMemoryAdvise)42, dev));
    R(cudaMemAdvise(m, 0, cudaMemAdviseSetReadMostly, dev));
    int *plain = nullptr; cudaMalloc(&plain, 4096);
    R(cudaMemAdvise(plain, 4096, cudaMemAdviseSetReadMostly, dev));
    int stackv[64];
    R(cudaMemAdvise(stackv, sizeof stackv, cudaMemAdviseSetReadMostly, dev));
    R(cudaMemAdvise(m, N * 4, cudaMemAdviseUnsetReadMostly, dev));
    R(cudaMemAdvise(m, N * 4, cudaMemAdviseUnsetPreferredLocation, dev));
    R(cudaMemAdvise(m, N * 4, cudaMemAdviseUnsetAccessedBy, dev));
    q("unset all", m, N * 4);
    cudaStream_t s; cudaStreamCreate(&s);
    R(cudaMemPrefetchAsync(m, N * 4, dev, 0, s));
    R(cudaStreamSynchronize(s));
    q("prefetched dev", m, N * 4);
    R(cudaMemPrefetchAsync(m, N * 4, host, 0, s));
    R(cudaStreamSynchronize(s));
    q("prefetched host", m, N * 4);
    R(cudaMemPrefetchAsync(m, N * 4, badloc, 0, s));
    R(cudaMemPrefetchAsync(m, N * 4, dev, 1, s));
    R(cudaMemPrefetchAsync(plain, 4096, dev, 0, s));
    R(cudaMemPrefetchAsync(m, 0, dev, 0, s));
    R(cudaStreamSynchronize(s));
    // attribute query errors
    int v;
    R(cudaMemRangeGetAttribute(&v, 2, cudaMemRangeAttributeReadMostly, m, 4096));
    R(cudaMemRangeGetAttribute(&v, 4, (cudaMemRangeAttribute)99, m, 4096));
    R(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, plain, 4096));
    R(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, m, 0));
    int accOdd[3];
    R(cudaMemRangeGetAttribute(accOdd, 6, cudaMemRangeAttributeAccessedBy, m, 4096));
    // several at once
    int d1 = -7, d2 = -7; void *data[2] = {&d1, &d2}; size_t sizes[2] = {4, 4};
    cudaMemRangeAttribute at[2] = {cudaMemRangeAttributeReadMostly, cudaMemRangeAttributeLastPrefetchLocation};
    R(cudaMemRangeGetAttributes(data, sizes, at, 2, m, N * 4));
    printf("attributes: %d %d\n", d1, d2);
    R(cudaMemRangeGetAttributes(data, sizes, at, 0, m, N * 4));
    // attach
    R(cudaStreamAttachMemAsync(s, mh, 0, cudaMemAttachSingle));
    R(cudaStreamSynchronize(s));
    inc<<<4, 256, 0, s>>>(mh, 1024);
    R(cudaStreamSynchronize(s));
    printf("mh[5] = %d\n", mh[5]);
    R(cudaStreamAttachMemAsync(s, mh, 100, cudaMemAttachSingle));
    R(cudaStreamAttachMemAsync(s, mh, 4096, cudaMemAttachSingle));
    R(cudaStreamAttachMemAsync(s, mh, 0, cudaMemAttachGlobal));
    R(cudaStreamAttachMemAsync(s, mh, 0, cudaMemAttachHost));
    R(cudaStreamAttachMemAsync(s, mh, 0, 9));
    R(cudaStreamAttachMemAsync(0, mh, 0, cudaMemAttachSingle));
    R(cudaStreamAttachMemAsync(s, plain, 0, cudaMemAttachSingle));
    R(cudaStreamAttachMemAsync(s, (char *)mh + 64, 0, cudaMemAttachSingle));
    R(cudaStreamSynchronize(s));
    inc<<<N / 256, 256>>>(m, N);
    R(cudaDeviceSynchronize());
    long long tot = 0; for (size_t i = 0; i < N; i++) tot += m[i];
    printf("total %lld\n", tot);
    R(cudaFree(m)); R(cudaFree(mh));
    return 0;
}
