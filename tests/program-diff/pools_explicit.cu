// Explicit memory pools: creation props, attributes through allocations, device pool switching, access.
// (Left out: a pool on the host, cudaMemLocationTypeHost, which an H200 creates.)
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-72s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

static void attrs(const char *tag, cudaMemPool_t p) {
    cudaMemPoolAttr as[] = {cudaMemPoolReuseFollowEventDependencies, cudaMemPoolReuseAllowOpportunistic,
                            cudaMemPoolReuseAllowInternalDependencies, cudaMemPoolAttrReleaseThreshold,
                            cudaMemPoolAttrReservedMemCurrent, cudaMemPoolAttrReservedMemHigh,
                            cudaMemPoolAttrUsedMemCurrent, cudaMemPoolAttrUsedMemHigh};
    printf("%s:", tag);
    for (auto a : as) {
        if (a <= cudaMemPoolReuseAllowInternalDependencies) {
            int v = -7;
            cudaError_t e = cudaMemPoolGetAttribute(p, a, &v);
            printf(" %d%s", v, e ? "!" : "");
        } else {
            uint64_t v = 12345;
            cudaError_t e = cudaMemPoolGetAttribute(p, a, &v);
            printf(" %llu%s", (unsigned long long)v, e ? "!" : "");
        }
    }
    printf("\n");
}

int main() {
    cudaMemPoolProps props;
    memset(&props, 0, sizeof props);
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = 0;
    cudaMemPool_t pool, bad;
    R(cudaMemPoolCreate(&pool, &props));
    attrs("fresh", pool);
    // Invalid props.
    cudaMemPoolProps p2 = props;
    p2.location.id = 5;
    R(cudaMemPoolCreate(&bad, &p2));
    p2 = props; p2.allocType = cudaMemAllocationTypeInvalid;
    R(cudaMemPoolCreate(&bad, &p2));
    if (cudaGetLastError() == cudaSuccess) {}
    p2 = props; p2.maxSize = 1 << 20;
    cudaMemPool_t small = nullptr;
    R(cudaMemPoolCreate(&small, &p2));
    R(cudaMemPoolCreate(nullptr, &props));
    R(cudaMemPoolCreate(&bad, nullptr));
    cudaGetLastError();
    cudaStream_t s;
    R(cudaStreamCreate(&s));
    void *a = nullptr, *b = nullptr, *c = nullptr;
    R(cudaMallocFromPoolAsync(&a, 1000, pool, s));
    R(cudaMallocFromPoolAsync(&b, 3 << 20, pool, s));
    R(cudaStreamSynchronize(s));
    attrs("two allocs", pool);
    R(cudaFreeAsync(a, s));
    R(cudaStreamSynchronize(s));
    attrs("freed small", pool);
    uint64_t zero = 0, one = 1;
    R(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &zero));
    R(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReservedMemHigh, &zero));
    R(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &one));
    R(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &zero));
    R(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &zero));
    cudaGetLastError();
    attrs("reset highs", pool);
    int bools[] = {0, 1, 2, -1};
    for (int v : bools) {
        cudaError_t e = cudaMemPoolSetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &v);
        int back = -9;
        cudaMemPoolGetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &back);
        printf("set opportunistic %d -> %s, reads %d\n", v, cudaGetErrorName(e), back);
    }
    cudaGetLastError();
    // The small-capacity pool.
    if (small) {
        R(cudaMallocFromPoolAsync(&c, 512 << 10, small, s));
        void *c2 = nullptr;
        R(cudaMallocFromPoolAsync(&c2, 2 << 20, small, s));
        printf("c2 null %d\n", c2 == nullptr);
        R(cudaGetLastError());
        R(cudaFreeAsync(c, s));
        R(cudaStreamSynchronize(s));
    }
    // Device pool switching.
    cudaMemPool_t def, cur;
    R(cudaDeviceGetDefaultMemPool(&def, 0));
    R(cudaDeviceGetMemPool(&cur, 0));
    printf("current is default %d\n", cur == def);
    R(cudaDeviceSetMemPool(0, pool));
    R(cudaDeviceGetMemPool(&cur, 0));
    printf("current is pool %d\n", cur == pool);
    void *viaDefault = nullptr;
    R(cudaMallocAsync(&viaDefault, 4096, s));
    R(cudaStreamSynchronize(s));
    attrs("after mallocAsync on current", pool);
    R(cudaFreeAsync(viaDefault, s));
    R(cudaDeviceSetMemPool(1, pool));
    R(cudaDeviceSetMemPool(0, nullptr));
    R(cudaDeviceGetMemPool(&cur, 3));
    R(cudaDeviceGetDefaultMemPool(&cur, -1));
    cudaGetLastError();
    // Access descriptors.
    cudaMemLocation loc = {cudaMemLocationTypeDevice, 0};
    cudaMemAccessFlags fl = (cudaMemAccessFlags)99;
    R(cudaMemPoolGetAccess(&fl, pool, &loc));
    printf("access of own device: %d\n", (int)fl);
    cudaMemAccessDesc desc = {};
    desc.location = loc;
    desc.flags = cudaMemAccessFlagsProtNone;
    R(cudaMemPoolSetAccess(pool, &desc, 1));
    desc.flags = cudaMemAccessFlagsProtRead;
    R(cudaMemPoolSetAccess(pool, &desc, 1));
    desc.flags = cudaMemAccessFlagsProtReadWrite;
    R(cudaMemPoolSetAccess(pool, &desc, 1));
    desc.location.id = 1;
    R(cudaMemPoolSetAccess(pool, &desc, 1));
    R(cudaMemPoolSetAccess(pool, &desc, 0));
    cudaGetLastError();
    // Destroying the current pool, then allocating.
    R(cudaStreamSynchronize(s));
    R(cudaFreeAsync(b, s));
    R(cudaStreamSynchronize(s));
    R(cudaMemPoolTrimTo(pool, 0));
    attrs("trimmed", pool);
    R(cudaMemPoolDestroy(pool));
    R(cudaDeviceGetMemPool(&cur, 0));
    printf("after destroy current is default %d\n", cur == def);
    R(cudaMemPoolDestroy(def));
    R(cudaGetLastError());
    if (small) R(cudaMemPoolDestroy(small));
    R(cudaStreamDestroy(s));
    return 0;
}
