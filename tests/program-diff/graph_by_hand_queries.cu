// A graph assembled node by node the way a task runtime builds one, then inspected: kernel,
// memset, 1D memcpy, host, empty, child-graph, event-record and event-wait nodes, and a
// mem-alloc / mem-free pair; cudaGraphGetNodes / GetRootNodes / GetEdges counts,
// cudaGraphNodeGetType of each, dependency and dependent counts, cudaGraphClone +
// cudaGraphNodeFindInClone, removing an edge and adding it back (cudaGraphRemoveDependencies),
// destroying a node, cudaGraphNodeSetEnabled on an exec, node-parameter getters (memset, host,
// mem alloc), and the errors of a duplicate edge, a node from another graph, removing an edge
// from (or cloning) a graph with memory nodes.
#include <cstdio>
#include <cuda_runtime.h>

#define R(call) printf("%-64s -> %s\n", #call, cudaGetErrorName(call))

__global__ void scale(float *p, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = p[i] * s + 1.0f;
}

static int host_calls = 0;
static void CUDART_CB hostfn(void *arg) { host_calls += *(int *)arg; }

int main() {
    setvbuf(stdout, nullptr, _IONBF, 0);
    const int N = 256;
    float *d, *d2;
    cudaMalloc(&d, N * sizeof(float));
    cudaMalloc(&d2, N * sizeof(float));
    float h[N];
    for (int i = 0; i < N; i++) h[i] = (float)i;
    cudaGraph_t g;
    R(cudaGraphCreate(&g, 0));

    cudaGraphNode_t memset_n, copy_in, k1, host_n, empty_n, child_n, rec_n, wait_n, copy_out, alloc_n, free_n;
    cudaMemsetParams ms = {};
    ms.dst = d2;
    ms.value = 0x3f800000;  // 1.0f
    ms.elementSize = 4;
    ms.width = N;
    ms.height = 1;
    R(cudaGraphAddMemsetNode(&memset_n, g, nullptr, 0, &ms));
    R(cudaGraphAddMemcpyNode1D(&copy_in, g, nullptr, 0, d, h, N * sizeof(float), cudaMemcpyHostToDevice));
    float s = 2.0f;
    int n = N;
    void *args[] = {&d, &s, &n};
    cudaKernelNodeParams kp = {};
    kp.func = (void *)scale;
    kp.gridDim = dim3(4);
    kp.blockDim = dim3(64);
    kp.kernelParams = args;
    cudaGraphNode_t kdeps[] = {copy_in, memset_n};
    R(cudaGraphAddKernelNode(&k1, g, kdeps, 2, &kp));
    int inc = 5;
    cudaHostNodeParams hp = {hostfn, &inc};
    R(cudaGraphAddHostNode(&host_n, g, &k1, 1, &hp));
    R(cudaGraphAddEmptyNode(&empty_n, g, &host_n, 1));
    // child graph: scale d2 by 3
    cudaGraph_t child;
    cudaGraphCreate(&child, 0);
    float s3 = 3.0f;
    void *cargs[] = {&d2, &s3, &n};
    cudaKernelNodeParams ckp = kp;
    ckp.kernelParams = cargs;
    cudaGraphNode_t ck;
    cudaGraphAddKernelNode(&ck, child, nullptr, 0, &ckp);
    R(cudaGraphAddChildGraphNode(&child_n, g, &empty_n, 1, child));
    cudaEvent_t ev;
    cudaEventCreate(&ev);
    R(cudaGraphAddEventRecordNode(&rec_n, g, &child_n, 1, ev));
    R(cudaGraphAddEventWaitNode(&wait_n, g, &rec_n, 1, ev));
    // a stream-ordered allocation inside the graph, used by a copy, then freed
    cudaMemAllocNodeParams ap = {};
    ap.poolProps.allocType = cudaMemAllocationTypePinned;
    ap.poolProps.location.type = cudaMemLocationTypeDevice;
    ap.poolProps.location.id = 0;
    ap.bytesize = N * sizeof(float);
    R(cudaGraphAddMemAllocNode(&alloc_n, g, &wait_n, 1, &ap));
    float *scratch = (float *)ap.dptr;
    printf("alloc node gave a pointer: %d\n", scratch != nullptr);
    cudaGraphNode_t tmp_copy;
    R(cudaGraphAddMemcpyNode1D(&tmp_copy, g, &alloc_n, 1, scratch, d2, N * sizeof(float), cudaMemcpyDeviceToDevice));
    cudaGraphNode_t back_deps[] = {tmp_copy};
    R(cudaGraphAddMemcpyNode1D(&copy_out, g, back_deps, 1, d, scratch, N * sizeof(float), cudaMemcpyDeviceToDevice));
    R(cudaGraphAddMemFreeNode(&free_n, g, &copy_out, 1, scratch));

    size_t nn = 0, roots = 0, ne = 0;
    R(cudaGraphGetNodes(g, nullptr, &nn));
    R(cudaGraphGetRootNodes(g, nullptr, &roots));
    R(cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &ne));
    printf("nodes %zu roots %zu edges %zu\n", nn, roots, ne);
    cudaGraphNode_t all[32];
    nn = 32;
    cudaGraphGetNodes(g, all, &nn);
    for (size_t i = 0; i < nn; i++) {
        cudaGraphNodeType t;
        cudaGraphNodeGetType(all[i], &t);
        size_t deps = 0, dependents = 0;
        cudaGraphNodeGetDependencies(all[i], nullptr, nullptr, &deps);
        cudaGraphNodeGetDependentNodes(all[i], nullptr, nullptr, &dependents);
        printf("node %zu type %d deps %zu dependents %zu\n", i, (int)t, deps, dependents);
    }
    cudaMemsetParams msq;
    R(cudaGraphMemsetNodeGetParams(memset_n, &msq));
    printf("memset params: value 0x%x elem %u width %zu\n", msq.value, msq.elementSize, msq.width);
    cudaHostNodeParams hq;
    R(cudaGraphHostNodeGetParams(host_n, &hq));
    printf("host params match: %d\n", hq.fn == hostfn && hq.userData == &inc);
    cudaMemAllocNodeParams aq;
    R(cudaGraphMemAllocNodeGetParams(alloc_n, &aq));
    printf("alloc params: bytes %zu same ptr %d\n", aq.bytesize, aq.dptr == ap.dptr);
    void *fq = nullptr;
    R(cudaGraphMemFreeNodeGetParams(free_n, &fq));
    printf("free param same ptr %d\n", fq == scratch);
    cudaEvent_t eq;
    R(cudaGraphEventRecordNodeGetEvent(rec_n, &eq));
    printf("event same %d\n", eq == ev);
    cudaGraph_t emb;
    R(cudaGraphChildGraphNodeGetGraph(child_n, &emb));
    size_t en = 0;
    cudaGraphGetNodes(emb, nullptr, &en);
    printf("child graph nodes %zu\n", en);

    // edges: a cycle, a duplicate, removal and re-adding
    R(cudaGraphAddDependencies(g, &copy_in, &k1, nullptr, 1));
    R(cudaGraphRemoveDependencies(g, &host_n, &empty_n, nullptr, 1));
    R(cudaGraphRemoveDependencies(g, &host_n, &empty_n, nullptr, 1));
    R(cudaGraphAddDependencies(g, &host_n, &empty_n, nullptr, 1));
    R(cudaGraphAddDependencies(g, &ck, &k1, nullptr, 1));
    cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &ne);
    printf("edges now %zu\n", ne);

    // A graph with memory nodes is not cloned; the child graph (a kernel) is.
    cudaGraph_t clone = nullptr;
    R(cudaGraphClone(&clone, g));
    printf("clone of a graph with memory nodes: %s\n", clone ? "made" : "none");
    if (clone) cudaGraphDestroy(clone);
    R(cudaGraphClone(&clone, child));
    cudaGraphNode_t in_clone = nullptr;
    R(cudaGraphNodeFindInClone(&in_clone, ck, clone));
    printf("found in clone, distinct %d\n", in_clone != nullptr && in_clone != ck);
    cudaGraphNode_t extra;
    cudaGraphAddEmptyNode(&extra, clone, nullptr, 0);
    size_t cn = 0;
    cudaGraphGetNodes(clone, nullptr, &cn);
    cudaGraphGetNodes(child, nullptr, &nn);
    printf("clone nodes %zu original %zu\n", cn, nn);
    R(cudaGraphDestroyNode(extra));
    cudaGraphGetNodes(clone, nullptr, &cn);
    printf("clone nodes after destroy %zu\n", cn);

    cudaGraphExec_t ex;
    R(cudaGraphInstantiate(&ex, g, 0));
    cudaStream_t st;
    cudaStreamCreate(&st);
    R(cudaGraphLaunch(ex, st));
    R(cudaStreamSynchronize(st));
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("after 1 launch: d[0]=%g d[255]=%g host calls %d\n", h[0], h[255], host_calls);
    // disable the child (scale by 3) and launch again
    R(cudaGraphNodeSetEnabled(ex, child_n, 0));
    unsigned en_flag = 9;
    R(cudaGraphNodeGetEnabled(ex, child_n, &en_flag));
    printf("child enabled %u\n", en_flag);
    R(cudaGraphLaunch(ex, st));
    R(cudaStreamSynchronize(st));
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("after 2 launches: d[0]=%g d[255]=%g host calls %d\n", h[0], h[255], host_calls);
    R(cudaGraphNodeSetEnabled(ex, empty_n, 0));
    R(cudaGraphExecDestroy(ex));
    cudaGraphExec_t ex2;
    R(cudaGraphInstantiate(&ex2, clone, 0));
    R(cudaGraphLaunch(ex2, st));
    R(cudaStreamSynchronize(st));
    cudaMemcpy(h, d2, sizeof h, cudaMemcpyDeviceToHost);
    printf("clone of the child launched: d2[0]=%g d2[255]=%g host calls %d\n", h[0], h[255], host_calls);
    R(cudaGraphExecDestroy(ex2));
    R(cudaGraphDestroy(clone));
    R(cudaGraphDestroy(g));
    R(cudaGraphDestroy(child));
    R(cudaGetLastError());
    return 0;
}
