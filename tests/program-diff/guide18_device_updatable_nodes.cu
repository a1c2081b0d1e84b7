// flags: -rdc=true
// program-diff-skip: Cuprite has no device-updatable kernel nodes (the updater kernel fails to load naming cudaGraphKernelNodeSetParam; the node attribute is cudaErrorInvalidValue): the H200's answers are recorded for that work
// Device-updatable kernel nodes (Runtime API: cudaLaunchAttributeDeviceUpdatableKernelNode and
// the device-side cudaGraphKernelNodeSetParam / SetEnabled / SetGridDim): a kernel inside the
// graph rewrites a later node's parameter, disables another and changes a third's grid, then the
// graph runs again with a host-side update; and the host-side rules for such nodes (no opting
// out, no removal, one executable graph, no cudaGraphExecUpdate, no attribute copies).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#define E(x) cudaGetErrorName(x)

struct Nodes {
    cudaGraphDeviceNode_t add, off, grid;
};

__device__ int results[3];
__device__ int blocks_seen;

__global__ void updater(Nodes n, int value, int disable, unsigned blocks) {
    if (threadIdx.x == 0) {
        cudaError_t a = cudaGraphKernelNodeSetParam(n.add, 0, value);
        cudaError_t b = cudaGraphKernelNodeSetEnabled(n.off, !disable);
        cudaError_t c = cudaGraphKernelNodeSetGridDim(n.grid, dim3(blocks, 1, 1));
        printf("device updates: %d %d %d\n", (int)a, (int)b, (int)c);
    }
}
__global__ void add(int v) { results[0] += v; }
__global__ void bump() { results[1] += 1; }
__global__ void count() {
    if (threadIdx.x == 0) atomicAdd(&blocks_seen, 1);
}

static cudaGraphNode_t kernel(cudaGraph_t g, cudaGraphNode_t *dep, void *f, void **args, unsigned grid) {
    cudaKernelNodeParams p;
    memset(&p, 0, sizeof p);
    p.func = f;
    p.gridDim = dim3(grid);
    p.blockDim = dim3(32);
    p.kernelParams = args;
    cudaGraphNode_t n;
    cudaError_t e = cudaGraphAddKernelNode(&n, g, dep, dep ? 1 : 0, &p);
    if (e != cudaSuccess) printf("add kernel node: %s\n", E(e));
    return n;
}

static cudaGraphDeviceNode_t updatable(cudaGraphNode_t n, const char *what) {
    cudaLaunchAttributeValue v;
    memset(&v, 0, sizeof v);
    v.deviceUpdatableKernelNode.deviceUpdatable = 1;
    cudaError_t e = cudaGraphKernelNodeSetAttribute(n, cudaLaunchAttributeDeviceUpdatableKernelNode, &v);
    printf("make %s device-updatable: %s, handle %s\n", what, E(e), v.deviceUpdatableKernelNode.devNode ? "set" : "null");
    cudaLaunchAttributeValue r;
    memset(&r, 0, sizeof r);
    e = cudaGraphKernelNodeGetAttribute(n, cudaLaunchAttributeDeviceUpdatableKernelNode, &r);
    printf("  read back: %s updatable %d same handle %d\n", E(e), r.deviceUpdatableKernelNode.deviceUpdatable,
           r.deviceUpdatableKernelNode.devNode == v.deviceUpdatableKernelNode.devNode);
    return v.deviceUpdatableKernelNode.devNode;
}

static void show(const char *when) {
    int r[3], b;
    cudaMemcpyFromSymbol(r, results, sizeof r);
    cudaMemcpyFromSymbol(&b, blocks_seen, sizeof b);
    printf("%s: add %d bump %d blocks %d\n", when, r[0], r[1], b);
}

int main() {
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    Nodes nodes;
    int value = 0, disable = 0;
    unsigned blocks = 0;
    void *uargs[] = {&nodes, &value, &disable, &blocks};
    int one = 1;
    void *aargs[] = {&one};
    cudaGraphNode_t u = kernel(g, nullptr, (void *)updater, uargs, 1);
    cudaGraphNode_t a = kernel(g, &u, (void *)add, aargs, 1);
    cudaGraphNode_t b = kernel(g, &a, (void *)bump, nullptr, 1);
    cudaGraphNode_t c = kernel(g, &b, (void *)count, nullptr, 2);
    nodes.add = updatable(a, "add");
    nodes.off = updatable(b, "bump");
    nodes.grid = updatable(c, "count");
    value = 10;
    disable = 1;
    blocks = 5;
    cudaKernelNodeParams up;
    memset(&up, 0, sizeof up);
    up.func = (void *)updater;
    up.gridDim = dim3(1);
    up.blockDim = dim3(32);
    up.kernelParams = uargs;
    printf("set updater params: %s\n", E(cudaGraphKernelNodeSetParams(u, &up)));

    cudaLaunchAttributeValue v;
    memset(&v, 0, sizeof v);
    printf("opt out again: %s\n", E(cudaGraphKernelNodeSetAttribute(a, cudaLaunchAttributeDeviceUpdatableKernelNode, &v)));
    v.deviceUpdatableKernelNode.deviceUpdatable = 2;
    printf("set updatable 2: %s\n", E(cudaGraphKernelNodeSetAttribute(u, cudaLaunchAttributeDeviceUpdatableKernelNode, &v)));
    printf("copy attributes from updatable node: %s\n", E(cudaGraphKernelNodeCopyAttributes(u, a)));
    printf("copy attributes to updatable node: %s\n", E(cudaGraphKernelNodeCopyAttributes(a, u)));
    printf("destroy updatable node: %s\n", E(cudaGraphDestroyNode(c)));
    cudaGraph_t clone = nullptr;
    printf("clone: %s\n", E(cudaGraphClone(&clone, g)));
    printf("last error: %s\n", E(cudaGetLastError()));

    cudaGraphExec_t x = nullptr, y = nullptr;
    printf("instantiate: %s\n", E(cudaGraphInstantiate(&x, g, 0)));
    printf("instantiate again: %s\n", E(cudaGraphInstantiate(&y, g, 0)));
    printf("upload: %s\n", E(cudaGraphUpload(x, 0)));
    printf("launch: %s\n", E(cudaGraphLaunch(x, 0)));
    printf("sync: %s\n", E(cudaDeviceSynchronize()));
    show("after first launch");
    printf("launch again: %s\n", E(cudaGraphLaunch(x, 0)));
    printf("sync: %s\n", E(cudaDeviceSynchronize()));
    show("after second launch");

    // A host-side update of the updater's arguments, then an upload before the next launch.
    value = 100;
    disable = 0;
    blocks = 1;
    cudaKernelNodeParams p;
    memset(&p, 0, sizeof p);
    p.func = (void *)updater;
    p.gridDim = dim3(1);
    p.blockDim = dim3(32);
    p.kernelParams = uargs;
    printf("exec set updater params: %s\n", E(cudaGraphExecKernelNodeSetParams(x, u, &p)));
    printf("upload: %s\n", E(cudaGraphUpload(x, 0)));
    printf("launch: %s\n", E(cudaGraphLaunch(x, 0)));
    printf("sync: %s\n", E(cudaDeviceSynchronize()));
    show("after host update");
    cudaGraphExecUpdateResultInfo info;
    printf("exec update: %s\n", E(cudaGraphExecUpdate(x, g, &info)));
    printf("last error: %s\n", E(cudaGetLastError()));
    printf("exec destroy: %s\n", E(cudaGraphExecDestroy(x)));
    printf("instantiate after destroy: %s\n", E(cudaGraphInstantiate(&y, g, 0)));
    if (y) cudaGraphExecDestroy(y);
    if (clone) cudaGraphDestroy(clone);
    cudaGraphDestroy(g);

    // Outside a graph the attribute is refused.
    cudaLaunchConfig_t cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.gridDim = dim3(1);
    cfg.blockDim = dim3(32);
    cudaLaunchAttribute at;
    at.id = cudaLaunchAttributeDeviceUpdatableKernelNode;
    memset(&at.val, 0, sizeof at.val);
    at.val.deviceUpdatableKernelNode.deviceUpdatable = 1;
    cfg.attrs = &at;
    cfg.numAttrs = 1;
    printf("launch ex with the attribute: %s\n", E(cudaLaunchKernelEx(&cfg, bump)));
    printf("last error: %s\n", E(cudaGetLastError()));
    return 0;
}
