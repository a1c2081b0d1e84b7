// Unified memory hints read back as a runtime-aware allocator does: cudaMemAdvise (cudaMemLocation
// form) SetReadMostly / SetPreferredLocation (device, host) / SetAccessedBy and their unsets on
// page-aligned sub-ranges, cudaMemRangeGetAttribute for ReadMostly, PreferredLocation (legacy
// device id), PreferredLocationType/Id, LastPrefetchLocation / Type / Id and AccessedBy (an
// array of device ids), cudaMemRangeGetAttributes for several at once, cudaMemPrefetchAsync to
// the device and to the host then the prefetch location read back, ranges straddling two
// differently advised halves, a managed allocation made with cudaMemAttachHost, and the errors
// of advising a device pointer, a range past the allocation and an unknown advice.
#include <cstdio>
#include <cuda_runtime.h>

static void show(const char *what, void *p, size_t n) {
    int rm = -7, pl = -7, plt = -7, pli = -7, lp = -7, lpt = -7, lpi = -7;
    int acc[3] = {-7, -7, -7};
    cudaError_t e[8];
    e[0] = cudaMemRangeGetAttribute(&rm, 4, cudaMemRangeAttributeReadMostly, p, n);
    e[1] = cudaMemRangeGetAttribute(&pl, 4, cudaMemRangeAttributePreferredLocation, p, n);
    e[2] = cudaMemRangeGetAttribute(&acc, sizeof acc, cudaMemRangeAttributeAccessedBy, p, n);
    e[3] = cudaMemRangeGetAttribute(&lp, 4, cudaMemRangeAttributeLastPrefetchLocation, p, n);
    e[4] = cudaMemRangeGetAttribute(&plt, 4, cudaMemRangeAttributePreferredLocationType, p, n);
    e[5] = cudaMemRangeGetAttribute(&pli, 4, cudaMemRangeAttributePreferredLocationId, p, n);
    e[6] = cudaMemRangeGetAttribute(&lpt, 4, cudaMemRangeAttributeLastPrefetchLocationType, p, n);
    e[7] = cudaMemRangeGetAttribute(&lpi, 4, cudaMemRangeAttributeLastPrefetchLocationId, p, n);
    printf("%-28s readMostly %d preferred %d (type %d id %d) accessedBy %d,%d,%d lastPrefetch %d (type %d id %d)", what, rm, pl,
           plt, pli, acc[0], acc[1], acc[2], lp, lpt, lpi);
    for (int i = 0; i < 8; i++)
        if (e[i] != cudaSuccess) printf(" [e%d %s]", i, cudaGetErrorName(e[i]));
    printf("\n");
}

__global__ void bump(int *p, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) p[i] += 1;
}

int main() {
    const size_t page = 1 << 21;
    const size_t bytes = 4 * page;
    char *m;
    cudaMallocManaged(&m, bytes);
    for (size_t i = 0; i < bytes; i += 4096) m[i] = 1;
    show("fresh", m, bytes);
    cudaMemLocation dev = {cudaMemLocationTypeDevice, 0};
    cudaMemLocation host = {cudaMemLocationTypeHost, 0};
    printf("read mostly first half: %s\n", cudaGetErrorName(cudaMemAdvise(m, 2 * page, cudaMemAdviseSetReadMostly, dev)));
    printf("preferred device q2: %s\n", cudaGetErrorName(cudaMemAdvise(m + page, page, cudaMemAdviseSetPreferredLocation, dev)));
    printf("preferred host q4: %s\n", cudaGetErrorName(cudaMemAdvise(m + 3 * page, page, cudaMemAdviseSetPreferredLocation, host)));
    printf("accessed by dev all: %s\n", cudaGetErrorName(cudaMemAdvise(m, bytes, cudaMemAdviseSetAccessedBy, dev)));
    show("q1", m, page);
    show("q2", m + page, page);
    show("q3", m + 2 * page, page);
    show("q4", m + 3 * page, page);
    show("q1+q2", m, 2 * page);
    show("q2+q3", m + page, 2 * page);
    show("all", m, bytes);
    cudaStream_t s;
    cudaStreamCreate(&s);
    printf("prefetch q3 to device: %s\n", cudaGetErrorName(cudaMemPrefetchAsync(m + 2 * page, page, dev, 0, s)));
    printf("prefetch q4 to host: %s\n", cudaGetErrorName(cudaMemPrefetchAsync(m + 3 * page, page, host, 0, s)));
    cudaStreamSynchronize(s);
    show("q3 prefetched", m + 2 * page, page);
    show("q4 prefetched", m + 3 * page, page);
    show("q3+q4", m + 2 * page, 2 * page);
    bump<<<8, 256, 0, s>>>((int *)m, (int)(bytes / 4));
    cudaStreamSynchronize(s);
    printf("after kernel m[0]=%d m[4*page-4096]=%d\n", m[0], m[bytes - 4096]);
    printf("unset read mostly q1: %s\n", cudaGetErrorName(cudaMemAdvise(m, page, cudaMemAdviseUnsetReadMostly, dev)));
    printf("unset preferred q2: %s\n", cudaGetErrorName(cudaMemAdvise(m + page, page, cudaMemAdviseUnsetPreferredLocation, dev)));
    printf("unset accessed by q4: %s\n", cudaGetErrorName(cudaMemAdvise(m + 3 * page, page, cudaMemAdviseUnsetAccessedBy, dev)));
    show("q1 after unsets", m, page);
    show("q2 after unsets", m + page, page);
    show("q4 after unsets", m + 3 * page, page);
    void *datas[3];
    size_t sizes[3] = {4, 4, 4};
    int rm, pl, lp;
    datas[0] = &rm;
    datas[1] = &pl;
    datas[2] = &lp;
    cudaMemRangeAttribute attrs[3] = {cudaMemRangeAttributeReadMostly, cudaMemRangeAttributePreferredLocation,
                                      cudaMemRangeAttributeLastPrefetchLocation};
    cudaError_t e = cudaMemRangeGetAttributes(datas, sizes, attrs, 3, m + 2 * page, page);
    printf("get attributes: %s %d %d %d\n", cudaGetErrorName(e), rm, pl, lp);
    // errors
    int *d;
    cudaMalloc(&d, page);
    printf("advise device memory: %s\n", cudaGetErrorName(cudaMemAdvise(d, page, cudaMemAdviseSetReadMostly, dev)));
    printf("advise past end: %s\n", cudaGetErrorName(cudaMemAdvise(m, bytes + page, cudaMemAdviseSetReadMostly, dev)));
    printf("unknown advice: %s\n", cudaGetErrorName(cudaMemAdvise(m, page, (cudaMemoryAdvise)42, dev)));
    printf("range attr size 3: %s\n", cudaGetErrorName(cudaMemRangeGetAttribute(&rm, 3, cudaMemRangeAttributeReadMostly, m, page)));
    printf("range attr device memory: %s\n", cudaGetErrorName(cudaMemRangeGetAttribute(&rm, 4, cudaMemRangeAttributeReadMostly, d, page)));
    printf("prefetch device memory: %s\n", cudaGetErrorName(cudaMemPrefetchAsync(d, page, dev, 0, s)));
    printf("prefetch bad flags: %s\n", cudaGetErrorName(cudaMemPrefetchAsync(m, page, dev, 5, s)));
    cudaGetLastError();
    int *attached;
    printf("managed attach host: %s\n", cudaGetErrorName(cudaMallocManaged(&attached, 4096, cudaMemAttachHost)));
    printf("managed bad flag: %s\n", cudaGetErrorName(cudaMallocManaged(&attached, 4096, 7)));
    cudaPointerAttributes pa;
    cudaMallocManaged(&attached, 4096, cudaMemAttachHost);
    cudaPointerGetAttributes(&pa, attached);
    printf("attached-host pointer type %d\n", (int)pa.type);
    show("attach host", attached, 4096);
    printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
