// Node parameters read and rewritten through the graph API as a graph-rewriting tool does:
// cudaGraphKernelNodeGetParams / SetParams (grid, block, arguments), cudaGraphMemcpyNodeGetParams /
// SetParams (a 3D copy read back field by field), cudaGraphMemsetNodeSetParams,
// cudaGraphHostNodeSetParams, the generic cudaGraphNodeSetParams / cudaGraphExecNodeSetParams, kernel node attributes (cudaGraphKernelNodeSetAttribute /
// GetAttribute / CopyAttributes for priority), cudaGraphAddNode with cudaGraphNodeParams for a
// kernel and a memset, each checked by launching; and the errors of reading a memset node's
// parameters as a kernel's.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define R(call) printf("%-62s -> %s\n", #call, cudaGetErrorName(call))

__global__ void affine(int *p, int a, int b) { p[blockIdx.x * blockDim.x + threadIdx.x] = a * (blockIdx.x * blockDim.x + threadIdx.x) + b; }
static int host_value = 0;
static void CUDART_CB set_host(void *v) { host_value = *(int *)v; }

static unsigned long long checksum(int *d, int n) {
    int h[256];
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    unsigned long long s = 0;
    for (int i = 0; i < n; i++) s = s * 3 + (unsigned)h[i];
    return s;
}

int main() {
    int *d, *d2;
    cudaMalloc(&d, 256 * sizeof(int));
    cudaMalloc(&d2, 256 * sizeof(int));
    cudaMemset(d, 0, 256 * sizeof(int));
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    int a = 2, b = 5;
    void *args[] = {&d, &a, &b};
    cudaKernelNodeParams kp = {};
    kp.func = (void *)affine;
    kp.gridDim = dim3(2);
    kp.blockDim = dim3(32);
    kp.kernelParams = args;
    cudaGraphNode_t k, m, c, h;
    R(cudaGraphAddKernelNode(&k, g, nullptr, 0, &kp));
    cudaKernelNodeParams got = {};
    R(cudaGraphKernelNodeGetParams(k, &got));
    printf("kernel params: func same %d grid %u block %u smem %u a=%d b=%d\n", got.func == (void *)affine, got.gridDim.x,
           got.blockDim.x, got.sharedMemBytes, *(int *)got.kernelParams[1], *(int *)got.kernelParams[2]);
    int a2 = 3, b2 = -1;
    void *args2[] = {&d, &a2, &b2};
    kp.kernelParams = args2;
    kp.gridDim = dim3(4);
    R(cudaGraphKernelNodeSetParams(k, &kp));
    cudaMemcpy3DParms cp = {};
    cp.srcPtr = make_cudaPitchedPtr(d, 256 * sizeof(int), 256, 1);
    cp.dstPtr = make_cudaPitchedPtr(d2, 256 * sizeof(int), 256, 1);
    cp.extent = make_cudaExtent(128 * sizeof(int), 1, 1);
    cp.kind = cudaMemcpyDeviceToDevice;
    R(cudaGraphAddMemcpyNode(&c, g, &k, 1, &cp));
    cudaMemcpy3DParms cq;
    memset(&cq, 0x5a, sizeof cq);
    R(cudaGraphMemcpyNodeGetParams(c, &cq));
    printf("memcpy params: src same %d dst same %d extent %zu %zu %zu kind %d srcArray null %d\n", cq.srcPtr.ptr == d,
           cq.dstPtr.ptr == d2, cq.extent.width, cq.extent.height, cq.extent.depth, (int)cq.kind, cq.srcArray == nullptr);
    cp.extent = make_cudaExtent(64 * sizeof(int), 1, 1);
    R(cudaGraphMemcpyNodeSetParams(c, &cp));
    cudaMemsetParams ms = {};
    ms.dst = d2 + 200;
    ms.value = 7;
    ms.elementSize = 4;
    ms.width = 10;
    ms.height = 1;
    R(cudaGraphAddMemsetNode(&m, g, &c, 1, &ms));
    ms.value = 9;
    R(cudaGraphMemsetNodeSetParams(m, &ms));
    int hv = 41;
    cudaHostNodeParams hp = {set_host, &hv};
    R(cudaGraphAddHostNode(&h, g, &m, 1, &hp));
    int hv2 = 42;
    hp.userData = &hv2;
    R(cudaGraphHostNodeSetParams(h, &hp));
    R(cudaGraphKernelNodeGetParams(m, &got));
    cudaLaunchAttributeValue av = {};
    av.priority = -2;
    R(cudaGraphKernelNodeSetAttribute(k, cudaLaunchAttributePriority, &av));
    cudaLaunchAttributeValue back = {};
    R(cudaGraphKernelNodeGetAttribute(k, cudaLaunchAttributePriority, &back));
    printf("priority attribute reads %d\n", back.priority);

    // generic node params
    cudaGraphNodeParams np = {};
    np.type = cudaGraphNodeTypeKernel;
    int a3 = 1, b3 = 1000;
    void *args3[] = {&d2, &a3, &b3};
    np.kernel.func = (void *)affine;
    np.kernel.gridDim = dim3(1);
    np.kernel.blockDim = dim3(16);
    np.kernel.kernelParams = args3;
    cudaGraphNode_t gk;
    R(cudaGraphAddNode(&gk, g, &h, nullptr, 1, &np));
    R(cudaGraphKernelNodeCopyAttributes(gk, k));
    R(cudaGraphKernelNodeGetAttribute(gk, cudaLaunchAttributePriority, &back));
    printf("copied priority reads %d\n", back.priority);
    cudaKernelNodeParams q = {};
    R(cudaGraphKernelNodeGetParams(gk, &q));
    printf("added as generic, read as kernel: block %u\n", q.blockDim.x);
    cudaGraphExec_t ex;
    R(cudaGraphInstantiate(&ex, g, 0));
    R(cudaGraphLaunch(ex, 0));
    R(cudaDeviceSynchronize());
    printf("after launch 1: d %llx d2 %llx host %d\n", checksum(d, 128), checksum(d2, 256), host_value);
    np.kernel.blockDim = dim3(32);
    b3 = 2000;
    R(cudaGraphExecNodeSetParams(ex, gk, &np));
    R(cudaGraphLaunch(ex, 0));
    R(cudaDeviceSynchronize());
    printf("after exec set: d2 %llx\n", checksum(d2, 256));
    np.kernel.blockDim = dim3(8);
    R(cudaGraphNodeSetParams(gk, &np));
    R(cudaGraphLaunch(ex, 0));
    R(cudaDeviceSynchronize());
    printf("graph set after instantiate leaves the exec: d2 %llx\n", checksum(d2, 256));
    cudaGraphExecDestroy(ex);
    printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
