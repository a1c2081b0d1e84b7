// Stream attributes and what host callbacks may do: cudaStreamSetAttribute / GetAttribute for
// the access policy window (L2 persistence hints; read back field by field), the
// synchronization policy and the priority, cudaStreamCopyAttributes to another stream,
// cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize) read back, cudaCtxResetPersistingL2Cache;
// then a cudaLaunchHostFunc whose callback calls the CUDA API (cudaMalloc, cudaMemcpy,
// cudaStreamQuery, cudaGetLastError: which are refused and with what error), a host function
// enqueued after a failed kernel, and callbacks running in order on one stream.
#include <cstdio>
#include <cuda_runtime.h>

static cudaError_t inside[4];
static int order[8], order_n = 0;
static void CUDART_CB calls_api(void *p) {
    int *d = nullptr;
    inside[0] = cudaMalloc(&d, 16);
    int h = 0;
    inside[1] = cudaMemcpy(&h, p, 4, cudaMemcpyDeviceToHost);
    inside[2] = cudaStreamQuery(0);
    inside[3] = cudaGetLastError();
    if (d) cudaFree(d);
}
static void CUDART_CB tick(void *p) { order[order_n++] = *(int *)p; }

__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }

int main() {
    cudaStream_t s, t;
    cudaStreamCreate(&s);
    cudaStreamCreate(&t);
    int *d;
    cudaMalloc(&d, 1 << 20);
    cudaStreamAttrValue v = {};
    v.accessPolicyWindow.base_ptr = d;
    v.accessPolicyWindow.num_bytes = 1 << 20;
    v.accessPolicyWindow.hitRatio = 0.6f;
    v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    cudaError_t e = cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v);
    printf("set access policy window: %s\n", cudaGetErrorName(e));
    cudaStreamAttrValue g = {};
    e = cudaStreamGetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &g);
    printf("get: %s base same %d bytes %zu hitRatio %g hitProp %d missProp %d\n", cudaGetErrorName(e),
           g.accessPolicyWindow.base_ptr == d, g.accessPolicyWindow.num_bytes, g.accessPolicyWindow.hitRatio,
           (int)g.accessPolicyWindow.hitProp, (int)g.accessPolicyWindow.missProp);
    g = {};
    e = cudaStreamGetAttribute(t, cudaStreamAttributeAccessPolicyWindow, &g);
    printf("fresh stream window: %s bytes %zu hitRatio %g\n", cudaGetErrorName(e), g.accessPolicyWindow.num_bytes,
           g.accessPolicyWindow.hitRatio);
    e = cudaStreamCopyAttributes(t, s);
    g = {};
    cudaStreamGetAttribute(t, cudaStreamAttributeAccessPolicyWindow, &g);
    printf("copy attributes: %s bytes %zu hitRatio %g\n", cudaGetErrorName(e), g.accessPolicyWindow.num_bytes,
           g.accessPolicyWindow.hitRatio);
    v.accessPolicyWindow.hitRatio = 1.5f;
    e = cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v);
    printf("hitRatio 1.5: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    cudaStreamAttrValue sp = {};
    sp.syncPolicy = cudaSyncPolicyBlockingSync;
    e = cudaStreamSetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &sp);
    sp = {};
    cudaStreamGetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &sp);
    printf("sync policy: %s reads %d\n", cudaGetErrorName(e), (int)sp.syncPolicy);
    cudaStreamAttrValue pr = {};
    pr.priority = -2;
    e = cudaStreamSetAttribute(s, cudaStreamAttributePriority, &pr);
    int prio = 9;
    cudaStreamGetPriority(s, &prio);
    pr = {};
    cudaStreamGetAttribute(s, cudaStreamAttributePriority, &pr);
    printf("priority attribute: %s reads %d stream priority %d\n", cudaGetErrorName(e), pr.priority, prio);
    e = cudaStreamGetAttribute(s, (cudaStreamAttrID)77, &g);
    printf("unknown attribute: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    size_t lim = 12345;
    e = cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 4 << 20);
    cudaDeviceGetLimit(&lim, cudaLimitPersistingL2CacheSize);
    printf("persisting L2 limit: %s reads at least 4 MiB %d\n", cudaGetErrorName(e), lim >= (4u << 20));
    printf("reset persisting L2: %s\n", cudaGetErrorName(cudaCtxResetPersistingL2Cache()));

    fill<<<1, 32, 0, s>>>(d, 42);
    e = cudaLaunchHostFunc(s, calls_api, d);
    printf("enqueue API-calling host func: %s\n", cudaGetErrorName(e));
    e = cudaStreamSynchronize(s);
    printf("sync: %s; inside the callback: malloc %s memcpy %s query %s lastError %s\n", cudaGetErrorName(e),
           cudaGetErrorName(inside[0]), cudaGetErrorName(inside[1]), cudaGetErrorName(inside[2]), cudaGetErrorName(inside[3]));
    printf("after: %s\n", cudaGetErrorName(cudaGetLastError()));
    int ids[6] = {1, 2, 3, 4, 5, 6};
    for (int i = 0; i < 6; i++) {
        if (i % 2) fill<<<1, 32, 0, t>>>(d, i);
        cudaLaunchHostFunc(t, tick, &ids[i]);
    }
    cudaStreamSynchronize(t);
    printf("order:");
    for (int i = 0; i < order_n; i++) printf(" %d", order[i]);
    printf("\n");
    e = cudaLaunchHostFunc(t, nullptr, nullptr);
    printf("null host func: %s\n", cudaGetErrorName(e));
    printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
