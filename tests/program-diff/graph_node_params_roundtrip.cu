// Graph node parameters: get after add, set, exec set, and cudaGraphExecUpdate result codes per change.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-78s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void addk(int *x, int v) { *x += v; }
__global__ void subk(int *x, int v) { *x -= v; }
static int host_hits = 0;
static void CUDART_CB hostfn(void *p) { host_hits += (int)(size_t)p; }

static const char *ur(cudaGraphExecUpdateResult r) {
    switch (r) {
    case cudaGraphExecUpdateSuccess: return "Success";
    case cudaGraphExecUpdateError: return "Error";
    case cudaGraphExecUpdateErrorTopologyChanged: return "TopologyChanged";
    case cudaGraphExecUpdateErrorNodeTypeChanged: return "NodeTypeChanged";
    case cudaGraphExecUpdateErrorFunctionChanged: return "FunctionChanged";
    case cudaGraphExecUpdateErrorParametersChanged: return "ParametersChanged";
    case cudaGraphExecUpdateErrorNotSupported: return "NotSupported";
    case cudaGraphExecUpdateErrorUnsupportedFunctionChange: return "UnsupportedFunctionChange";
    case cudaGraphExecUpdateErrorAttributesChanged: return "AttributesChanged";
    }
    return "?";
}

struct Built { cudaGraph_t g; cudaGraphNode_t k, ms, mc, h; };
static int *dx, *dy, *hbuf;

static Built build(void *fn, int v, int memset_val, size_t copy_bytes, cudaMemcpyKind kind, void *hostarg, dim3 grid) {
    Built b;
    cudaGraphCreate(&b.g, 0);
    cudaKernelNodeParams kp = {};
    void *args[] = {&dx, &v};
    kp.func = fn; kp.gridDim = grid; kp.blockDim = dim3(1); kp.kernelParams = args;
    cudaGraphAddKernelNode(&b.k, b.g, nullptr, 0, &kp);
    cudaMemsetParams mp = {};
    mp.dst = dy; mp.value = memset_val; mp.elementSize = 4; mp.width = 4; mp.height = 1; mp.pitch = 0;
    cudaGraphAddMemsetNode(&b.ms, b.g, &b.k, 1, &mp);
    if (kind == cudaMemcpyDeviceToHost) cudaGraphAddMemcpyNode1D(&b.mc, b.g, &b.ms, 1, hbuf, dy, copy_bytes, kind);
    else cudaGraphAddMemcpyNode1D(&b.mc, b.g, &b.ms, 1, dy + 8, dy, copy_bytes, kind);
    cudaHostNodeParams hp = {hostfn, hostarg};
    cudaGraphAddHostNode(&b.h, b.g, &b.mc, 1, &hp);
    return b;
}

int main() {
    R(cudaMalloc(&dx, 64));
    R(cudaMalloc(&dy, 256));
    R(cudaMallocHost(&hbuf, 256));
    R(cudaMemset(dx, 0, 64));
    Built base = build((void *)addk, 5, 7, 16, cudaMemcpyDeviceToHost, (void *)1, 1);
    // Read back each node's parameters.
    cudaKernelNodeParams kp;
    memset(&kp, 0, sizeof kp);
    R(cudaGraphKernelNodeGetParams(base.k, &kp));
    printf("kernel: func ok %d grid %u block %u smem %u arg1 %d extra null %d\n", kp.func == (void *)addk, kp.gridDim.x,
           kp.blockDim.x, kp.sharedMemBytes, *(int *)kp.kernelParams[1], kp.extra == nullptr);
    cudaMemsetParams mp;
    R(cudaGraphMemsetNodeGetParams(base.ms, &mp));
    printf("memset: value %u elem %u width %zu height %zu pitch %zu\n", mp.value, mp.elementSize, mp.width, mp.height,
           mp.pitch);
    cudaMemcpy3DParms cp;
    R(cudaGraphMemcpyNodeGetParams(base.mc, &cp));
    printf("memcpy: kind %d extent %zu %zu %zu srcPitch %zu dstPitch %zu\n", (int)cp.kind, cp.extent.width,
           cp.extent.height, cp.extent.depth, cp.srcPtr.pitch, cp.dstPtr.pitch);
    cudaHostNodeParams hp;
    R(cudaGraphHostNodeGetParams(base.h, &hp));
    printf("host: fn ok %d arg %zu\n", hp.fn == hostfn, (size_t)hp.userData);
    // Wrong-type getters.
    R(cudaGraphKernelNodeGetParams(base.ms, &kp));
    R(cudaGraphMemsetNodeGetParams(base.k, &mp));
    R(cudaGraphHostNodeGetParams(base.mc, &hp));
    R(cudaGetLastError());
    cudaGraphExec_t ex;
    R(cudaGraphInstantiate(&ex, base.g, 0));
    R(cudaGraphLaunch(ex, 0));
    R(cudaStreamSynchronize(0));
    int hx;
    R(cudaMemcpy(&hx, dx, 4, cudaMemcpyDeviceToHost));
    printf("x %d hbuf[0] %d hits %d\n", hx, hbuf[0], host_hits);
    // Updates, one change each.
    struct C { const char *what; Built b; } cs[] = {
        {"same", build((void *)addk, 5, 7, 16, cudaMemcpyDeviceToHost, (void *)1, 1)},
        {"kernel arg", build((void *)addk, 6, 7, 16, cudaMemcpyDeviceToHost, (void *)1, 1)},
        {"kernel func", build((void *)subk, 5, 7, 16, cudaMemcpyDeviceToHost, (void *)1, 1)},
        {"kernel grid", build((void *)addk, 5, 7, 16, cudaMemcpyDeviceToHost, (void *)1, 2)},
        {"memset value", build((void *)addk, 5, 9, 16, cudaMemcpyDeviceToHost, (void *)1, 1)},
        {"memcpy bytes", build((void *)addk, 5, 7, 8, cudaMemcpyDeviceToHost, (void *)1, 1)},
        {"memcpy kind", build((void *)addk, 5, 7, 16, cudaMemcpyDeviceToDevice, (void *)1, 1)},
        {"host arg", build((void *)addk, 5, 7, 16, cudaMemcpyDeviceToHost, (void *)2, 1)},
    };
    for (auto &c : cs) {
        cudaGraphExecUpdateResultInfo info;
        memset(&info, 0, sizeof info);
        cudaError_t e = cudaGraphExecUpdate(ex, c.b.g, &info);
        const char *which = info.errorNode == c.b.k ? "k" : info.errorNode == c.b.ms ? "ms" : info.errorNode == c.b.mc ? "mc" : info.errorNode == c.b.h ? "h" : info.errorNode ? "?" : "null";
        const char *from = info.errorFromNode == base.k ? "k" : info.errorFromNode == base.ms ? "ms" : info.errorFromNode == base.mc ? "mc" : info.errorFromNode == base.h ? "h" : info.errorFromNode ? "?" : "null";
        printf("update %-14s -> %s result %s errorNode %s errorFromNode %s\n", c.what, cudaGetErrorName(e), ur(info.result),
               which, from);
        cudaGetLastError();
    }
    host_hits = 0;
    R(cudaMemset(dx, 0, 4));
    R(cudaGraphLaunch(ex, 0));
    R(cudaStreamSynchronize(0));
    R(cudaMemcpy(&hx, dx, 4, cudaMemcpyDeviceToHost));
    printf("after updates x %d hits %d\n", hx, host_hits);
    // Exec-level node setters.
    int nv = 100;
    void *args[] = {&dx, &nv};
    kp.func = (void *)addk; kp.gridDim = dim3(1); kp.blockDim = dim3(1); kp.kernelParams = args; kp.extra = nullptr; kp.sharedMemBytes = 0;
    R(cudaGraphExecKernelNodeSetParams(ex, base.k, &kp));
    kp.func = (void *)subk;
    R(cudaGraphExecKernelNodeSetParams(ex, base.k, &kp));
    kp.func = (void *)addk; kp.blockDim = dim3(2000);
    R(cudaGraphExecKernelNodeSetParams(ex, base.k, &kp));
    R(cudaGetLastError());
    mp.value = 3;
    R(cudaGraphExecMemsetNodeSetParams(ex, base.ms, &mp));
    mp.elementSize = 3;
    R(cudaGraphExecMemsetNodeSetParams(ex, base.ms, &mp));
    R(cudaGetLastError());
    hp.userData = (void *)10;
    R(cudaGraphExecHostNodeSetParams(ex, base.h, &hp));
    hp.fn = nullptr;
    R(cudaGraphExecHostNodeSetParams(ex, base.h, &hp));
    R(cudaGetLastError());
    R(cudaGraphExecMemcpyNodeSetParams1D(ex, base.mc, hbuf + 4, dy, 16, cudaMemcpyDeviceToHost));
    R(cudaGraphExecMemcpyNodeSetParams1D(ex, base.mc, hbuf + 4, dy, 32, cudaMemcpyDeviceToHost));
    R(cudaGetLastError());
    host_hits = 0;
    for (int i = 0; i < 16; i++) hbuf[i] = 0;
    R(cudaMemset(dx, 0, 4));
    R(cudaGraphLaunch(ex, 0));
    R(cudaStreamSynchronize(0));
    R(cudaMemcpy(&hx, dx, 4, cudaMemcpyDeviceToHost));
    printf("after exec sets x %d hbuf[0] %d hbuf[4] %d hits %d\n", hx, hbuf[0], hbuf[4], host_hits);
    // Graph-level setters don't touch the exec.
    mp.elementSize = 4; mp.value = 11;
    R(cudaGraphMemsetNodeSetParams(base.ms, &mp));
    R(cudaGraphLaunch(ex, 0));
    R(cudaStreamSynchronize(0));
    printf("exec kept memset value: hbuf[4] %d\n", hbuf[4]);
    R(cudaGraphExecDestroy(ex));
    return 0;
}
