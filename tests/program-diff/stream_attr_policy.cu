// Stream attributes (access policy window, sync policy, priority) set, copied and read; the null
// and legacy streams' ids are nonzero; the persisting L2 limit's default.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
// Stream attributes (access policy window, sync policy, priority), copying them, stream queries
// on special handles.
__global__ void k(int *p) { p[threadIdx.x] += 1; }
int main() {
    cudaStream_t a, b; cudaStreamCreateWithPriority(&a, cudaStreamNonBlocking, -3); cudaStreamCreate(&b);
    cudaLaunchAttributeValue v = {};
    R(cudaStreamGetAttribute(a, cudaLaunchAttributePriority, &v)); printf("a priority %d\n", v.priority);
    v = {}; R(cudaStreamGetAttribute(a, cudaLaunchAttributeSynchronizationPolicy, &v)); printf("a sync policy %d\n", (int)v.syncPolicy);
    v = {}; R(cudaStreamGetAttribute(a, cudaLaunchAttributeAccessPolicyWindow, &v)); printf("a apw %zu %g %d %d\n", v.accessPolicyWindow.num_bytes, v.accessPolicyWindow.hitRatio, (int)v.accessPolicyWindow.hitProp, (int)v.accessPolicyWindow.missProp);
    int *d; cudaMalloc(&d, 1 << 20);
    v = {}; v.accessPolicyWindow.base_ptr = d; v.accessPolicyWindow.num_bytes = 1 << 20; v.accessPolicyWindow.hitRatio = 0.6f;
    v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting; v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    R(cudaStreamSetAttribute(a, cudaLaunchAttributeAccessPolicyWindow, &v));
    v.accessPolicyWindow.hitRatio = 1.01f; R(cudaStreamSetAttribute(a, cudaLaunchAttributeAccessPolicyWindow, &v));
    v.accessPolicyWindow.hitRatio = 0.5f; v.accessPolicyWindow.num_bytes = (size_t)1 << 40; R(cudaStreamSetAttribute(a, cudaLaunchAttributeAccessPolicyWindow, &v));
    v.accessPolicyWindow.num_bytes = 4096; v.accessPolicyWindow.hitProp = cudaAccessPropertyNormal; v.accessPolicyWindow.missProp = cudaAccessPropertyPersisting;
    R(cudaStreamSetAttribute(a, cudaLaunchAttributeAccessPolicyWindow, &v));
    v = {}; R(cudaStreamGetAttribute(a, cudaLaunchAttributeAccessPolicyWindow, &v)); printf("a apw %zu %g %d %d base ok %d\n", v.accessPolicyWindow.num_bytes, v.accessPolicyWindow.hitRatio, (int)v.accessPolicyWindow.hitProp, (int)v.accessPolicyWindow.missProp, v.accessPolicyWindow.base_ptr == d);
    v = {}; v.syncPolicy = cudaSyncPolicyBlockingSync; R(cudaStreamSetAttribute(a, cudaLaunchAttributeSynchronizationPolicy, &v));
    v = {}; v.syncPolicy = (cudaSynchronizationPolicy)9; R(cudaStreamSetAttribute(a, cudaLaunchAttributeSynchronizationPolicy, &v));
    v = {}; R(cudaStreamGetAttribute(a, cudaLaunchAttributeSynchronizationPolicy, &v)); printf("a sync policy %d\n", (int)v.syncPolicy);
    v = {}; v.priority = -1; R(cudaStreamSetAttribute(a, cudaLaunchAttributePriority, &v));
    v = {}; R(cudaStreamGetAttribute(a, cudaLaunchAttributePriority, &v)); printf("a priority %d\n", v.priority);
    int pr = 9; R(cudaStreamGetPriority(a, &pr)); printf("a priority via getter %d\n", pr);
    v = {}; v.priority = -50; R(cudaStreamSetAttribute(a, cudaLaunchAttributePriority, &v));
    v = {}; R(cudaStreamGetAttribute(a, cudaLaunchAttributePriority, &v)); printf("a priority %d\n", v.priority);
    R(cudaStreamSetAttribute(a, cudaLaunchAttributeCooperative, &v));
    R(cudaStreamGetAttribute(a, cudaLaunchAttributeClusterDimension, &v));
    R(cudaStreamGetAttribute(a, (cudaLaunchAttributeID)99, &v));
    R(cudaStreamCopyAttributes(b, a));
    v = {}; R(cudaStreamGetAttribute(b, cudaLaunchAttributeAccessPolicyWindow, &v)); printf("b apw %zu %g\n", v.accessPolicyWindow.num_bytes, v.accessPolicyWindow.hitRatio);
    v = {}; R(cudaStreamGetAttribute(b, cudaLaunchAttributeSynchronizationPolicy, &v)); printf("b sync policy %d\n", (int)v.syncPolicy);
    v = {}; R(cudaStreamGetAttribute(b, cudaLaunchAttributePriority, &v)); printf("b priority %d\n", v.priority);
    pr = 9; cudaStreamGetPriority(b, &pr); printf("b priority via getter %d\n", pr);
    // special handles
    cudaStream_t sp[] = {0, cudaStreamLegacy, cudaStreamPerThread};
    const char *nm[] = {"null", "legacy", "per-thread"};
    for (int i = 0; i < 3; i++) {
        unsigned fl = 99; int p = 99, dev = 99; unsigned long long id = 0;
        cudaError_t e1 = cudaStreamGetFlags(sp[i], &fl), e2 = cudaStreamGetPriority(sp[i], &p), e3 = cudaStreamGetDevice(sp[i], &dev), e4 = cudaStreamGetId(sp[i], &id);
        v = {}; cudaError_t e5 = cudaStreamGetAttribute(sp[i], cudaLaunchAttributePriority, &v);
        printf("%s: flags %s %u prio %s %d dev %s %d id %s %d attr %s %d\n", nm[i], cudaGetErrorName(e1), fl, cudaGetErrorName(e2), p, cudaGetErrorName(e3), dev, cudaGetErrorName(e4), (int)(id != 0), cudaGetErrorName(e5), v.priority);
        cudaGetLastError();
    }
    R(cudaStreamSetAttribute(0, cudaLaunchAttributePriority, &v));
    R(cudaStreamCopyAttributes(0, a));
    R(cudaStreamCopyAttributes(a, 0));
    // reset the persisting cache
    R(cudaCtxResetPersistingL2Cache());
    size_t lim = 7; R(cudaDeviceGetLimit(&lim, cudaLimitPersistingL2CacheSize)); printf("persisting limit %zu\n", lim);
    R(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 1 << 20));
    R(cudaDeviceGetLimit(&lim, cudaLimitPersistingL2CacheSize)); printf("persisting limit set %d\n", lim > 0);
    k<<<1, 32, 0, a>>>(d); k<<<1, 32, 0, b>>>(d);
    R(cudaDeviceSynchronize());
    return 0;
}
