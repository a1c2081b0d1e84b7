// cudaGraphAddNode with cudaGraphNodeParams for each node type, cudaGraphNodeSetParams and
// cudaGraphExecNodeSetParams, memcpy nodes to and from symbols, event node setters in the
// exec graph, a child graph's exec parameters, and node-type mismatch errors.
#include <cstdio>
#include <cstring>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__device__ int sym[16];
__global__ void bump(int* p, int k) { p[threadIdx.x] += k; }
static int hits = 0;
static void CUDART_CB hf(void* p) { hits += *(int*)p; }

int main() {
    int *d, *h; P(cudaMalloc(&d, 64)); P(cudaMallocHost(&h, 64));
    P(cudaMemset(d, 0, 64));
    cudaGraph_t g; P(cudaGraphCreate(&g, 0));
    cudaGraphNodeParams np = {};
    // memset
    memset(&np, 0, sizeof np); np.type = cudaGraphNodeTypeMemset;
    np.memset.dst = d; np.memset.value = 2; np.memset.elementSize = 4; np.memset.width = 16; np.memset.height = 1;
    cudaGraphNode_t ms; P(cudaGraphAddNode(&ms, g, nullptr, nullptr, 0, &np));
    // kernel
    int k = 5; void* args[] = {&d, &k};
    memset(&np, 0, sizeof np); np.type = cudaGraphNodeTypeKernel;
    np.kernel.func = (void*)bump; np.kernel.gridDim = dim3(1); np.kernel.blockDim = dim3(16); np.kernel.kernelParams = args;
    cudaGraphNode_t kn; P(cudaGraphAddNode(&kn, g, &ms, nullptr, 1, &np));
    // memcpy d -> sym (to symbol)
    cudaGraphNode_t tosym; P(cudaGraphAddMemcpyNodeToSymbol(&tosym, g, &kn, 1, sym, d, 64, 0, cudaMemcpyDeviceToDevice));
    // kernel on the symbol's address
    int* sp; P(cudaGetSymbolAddress((void**)&sp, sym));
    int k2 = 100; void* args2[] = {&sp, &k2};
    np.kernel.kernelParams = args2;
    cudaGraphNode_t kn2; P(cudaGraphAddNode(&kn2, g, &tosym, nullptr, 1, &np));
    cudaGraphNode_t fromsym; P(cudaGraphAddMemcpyNodeFromSymbol(&fromsym, g, &kn2, 1, h, sym, 32, 32, cudaMemcpyDeviceToHost));
    // host node via generic params
    int inc = 3;
    memset(&np, 0, sizeof np); np.type = cudaGraphNodeTypeHost; np.host.fn = hf; np.host.userData = &inc;
    cudaGraphNode_t hn; P(cudaGraphAddNode(&hn, g, &fromsym, nullptr, 1, &np));
    // event record + wait nodes via generic params
    cudaEvent_t e1, e2; P(cudaEventCreate(&e1)); P(cudaEventCreate(&e2));
    memset(&np, 0, sizeof np); np.type = cudaGraphNodeTypeEventRecord; np.eventRecord.event = e1;
    cudaGraphNode_t rec; P(cudaGraphAddNode(&rec, g, &hn, nullptr, 1, &np));
    memset(&np, 0, sizeof np); np.type = cudaGraphNodeTypeWaitEvent; np.eventWait.event = e1;
    cudaGraphNode_t wt; P(cudaGraphAddNode(&wt, g, &rec, nullptr, 1, &np));
    // child graph via generic params
    cudaGraph_t child; P(cudaGraphCreate(&child, 0));
    int k3 = 1000; void* args3[] = {&d, &k3};
    cudaKernelNodeParams kp = {}; kp.func = (void*)bump; kp.gridDim = dim3(1); kp.blockDim = dim3(4); kp.kernelParams = args3;
    cudaGraphNode_t ck; P(cudaGraphAddKernelNode(&ck, child, nullptr, 0, &kp));
    memset(&np, 0, sizeof np); np.type = cudaGraphNodeTypeGraph; np.graph.graph = child;
    cudaGraphNode_t cn; P(cudaGraphAddNode(&cn, g, &wt, nullptr, 1, &np));
    // empty
    memset(&np, 0, sizeof np); np.type = cudaGraphNodeTypeEmpty;
    cudaGraphNode_t en; P(cudaGraphAddNode(&en, g, &cn, nullptr, 1, &np));
    // bad type
    memset(&np, 0, sizeof np); np.type = (cudaGraphNodeType)77;
    cudaGraphNode_t bad; P(cudaGraphAddNode(&bad, g, nullptr, nullptr, 0, &np));
    memset(&np, 0, sizeof np); np.type = cudaGraphNodeTypeKernel; np.reserved0[0] = 1;
    np.kernel.func = (void*)bump; np.kernel.gridDim = dim3(1); np.kernel.blockDim = dim3(1); np.kernel.kernelParams = args;
    P(cudaGraphAddNode(&bad, g, nullptr, nullptr, 0, &np));

    cudaGraphExec_t ge; P(cudaGraphInstantiate(&ge, g, 0));
    cudaStream_t s; P(cudaStreamCreate(&s));
    P(cudaGraphLaunch(ge, s)); P(cudaStreamSynchronize(s));
    int back[16]; P(cudaMemcpy(back, d, 64, cudaMemcpyDeviceToHost));
    printf("run1 h[0]=%d h[7]=%d d[0]=%d d[4]=%d hits %d\n", h[0], h[7], back[0], back[4], hits);
    // node set params (source graph) then exec set params
    memset(&np, 0, sizeof np); np.type = cudaGraphNodeTypeMemset;
    np.memset.dst = d; np.memset.value = 7; np.memset.elementSize = 4; np.memset.width = 16; np.memset.height = 1;
    P(cudaGraphNodeSetParams(ms, &np));
    P(cudaGraphExecNodeSetParams(ge, ms, &np));
    P(cudaGraphNodeSetParams(kn, &np));
    P(cudaGraphExecNodeSetParams(ge, kn, &np));
    P(cudaGraphExecMemcpyNodeSetParamsFromSymbol(ge, fromsym, h, sym, 16, 0, cudaMemcpyDeviceToHost));
    P(cudaGraphExecMemcpyNodeSetParamsToSymbol(ge, tosym, sym, d, 64, 4, cudaMemcpyDeviceToDevice));
    P(cudaGraphExecEventRecordNodeSetEvent(ge, rec, e2));
    P(cudaGraphExecEventWaitNodeSetEvent(ge, wt, e2));
    P(cudaGraphExecEventRecordNodeSetEvent(ge, wt, e2));
    k3 = 5000;
    cudaGraph_t child2; P(cudaGraphClone(&child2, child));
    P(cudaGraphExecChildGraphNodeSetParams(ge, cn, child2));
    memset(&np, 0, sizeof np); np.type = cudaGraphNodeTypeHost; np.host.fn = hf; np.host.userData = &k2;
    P(cudaGraphExecNodeSetParams(ge, hn, &np));
    P(cudaGraphLaunch(ge, s)); P(cudaStreamSynchronize(s));
    P(cudaEventQuery(e2));
    P(cudaMemcpy(back, d, 64, cudaMemcpyDeviceToHost));
    printf("run2 h[0]=%d h[3]=%d h[4]=%d d[0]=%d d[4]=%d hits %d\n", h[0], h[3], h[4], back[0], back[4], hits);
    P(cudaGraphExecDestroy(ge)); P(cudaGraphDestroy(g));
    P(cudaGetLastError());
    return 0;
}
