// A graph built by hand: empty, memset, kernel, host, event record/wait, mem-alloc and
// mem-free nodes, a child graph; dependencies added and removed; the order and counts that
// cudaGraphGetNodes / GetEdges / GetRootNodes / NodeGetDependencies report; clone + find.
#include <cstdio>
#include <vector>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void add(int* v, int n, int k) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) v[i] += k; }
__global__ void copyk(int* dst, const int* src, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) dst[i] = src[i] * 2; }
static int hits = 0;
static void CUDART_CB host_fn(void* p) { hits += *(int*)p; }

static const char* tname(cudaGraphNodeType t) {
    switch (t) {
    case cudaGraphNodeTypeKernel: return "kernel"; case cudaGraphNodeTypeMemcpy: return "memcpy";
    case cudaGraphNodeTypeMemset: return "memset"; case cudaGraphNodeTypeHost: return "host";
    case cudaGraphNodeTypeGraph: return "graph"; case cudaGraphNodeTypeEmpty: return "empty";
    case cudaGraphNodeTypeWaitEvent: return "wait"; case cudaGraphNodeTypeEventRecord: return "record";
    case cudaGraphNodeTypeMemAlloc: return "alloc"; case cudaGraphNodeTypeMemFree: return "free";
    default: return "other";
    }
}

int main() {
    const int n = 256;
    int* d; P(cudaMalloc(&d, n * 4));
    int* hbuf; P(cudaMallocHost(&hbuf, n * 4));
    cudaGraph_t g; P(cudaGraphCreate(&g, 0));
    std::vector<cudaGraphNode_t> made;
    cudaGraphNode_t e0, ms, k1, k2, hn, rec, wt, child, alloc, kfree, freen, e1;
    P(cudaGraphAddEmptyNode(&e0, g, nullptr, 0)); made.push_back(e0);
    cudaMemsetParams mp = {}; mp.dst = d; mp.value = 3; mp.elementSize = 4; mp.width = n; mp.height = 1; mp.pitch = 0;
    P(cudaGraphAddMemsetNode(&ms, g, &e0, 1, &mp)); made.push_back(ms);
    int kk = 5; int nn = n;
    void* a1[] = {&d, &nn, &kk};
    cudaKernelNodeParams kp = {}; kp.func = (void*)add; kp.gridDim = dim3(n / 64); kp.blockDim = dim3(64); kp.kernelParams = a1;
    P(cudaGraphAddKernelNode(&k1, g, &ms, 1, &kp)); made.push_back(k1);
    cudaMemAllocNodeParams ap = {};
    ap.poolProps.allocType = cudaMemAllocationTypePinned; ap.poolProps.location.type = cudaMemLocationTypeDevice; ap.poolProps.location.id = 0;
    ap.bytesize = n * 4;
    P(cudaGraphAddMemAllocNode(&alloc, g, &e0, 1, &ap)); made.push_back(alloc);
    printf("alloc dptr set %d\n", ap.dptr != nullptr);
    int* tmp = (int*)ap.dptr;
    void* a2[] = {&tmp, &d, &nn};
    cudaKernelNodeParams kp2 = kp; kp2.func = (void*)copyk; kp2.kernelParams = a2;
    cudaGraphNode_t deps2[2] = {k1, alloc};
    P(cudaGraphAddKernelNode(&k2, g, deps2, 2, &kp2)); made.push_back(k2);
    P(cudaGraphAddMemcpyNode1D(&kfree, g, &k2, 1, hbuf, tmp, n * 4, cudaMemcpyDeviceToHost)); made.push_back(kfree);
    P(cudaGraphAddMemFreeNode(&freen, g, &kfree, 1, tmp)); made.push_back(freen);
    int inc = 7;
    cudaHostNodeParams hp = {}; hp.fn = host_fn; hp.userData = &inc;
    P(cudaGraphAddHostNode(&hn, g, &k1, 1, &hp)); made.push_back(hn);
    cudaEvent_t ev; P(cudaEventCreate(&ev));
    P(cudaGraphAddEventRecordNode(&rec, g, &hn, 1, ev)); made.push_back(rec);
    P(cudaGraphAddEventWaitNode(&wt, g, &rec, 1, ev)); made.push_back(wt);
    cudaGraph_t sub; P(cudaGraphCreate(&sub, 0));
    cudaGraphNode_t sk; kk = 1;
    P(cudaGraphAddKernelNode(&sk, sub, nullptr, 0, &kp));
    P(cudaGraphAddChildGraphNode(&child, g, &wt, 1, sub)); made.push_back(child);
    P(cudaGraphAddEmptyNode(&e1, g, nullptr, 0)); made.push_back(e1);

    size_t count = 0; P(cudaGraphGetNodes(g, nullptr, &count)); printf("nodes %zu\n", count);
    std::vector<cudaGraphNode_t> nodes(count); P(cudaGraphGetNodes(g, nodes.data(), &count));
    int inorder = 1; for (size_t i = 0; i < count; ++i) inorder &= nodes[i] == made[i];
    printf("GetNodes in creation order %d\n", inorder);
    for (auto x : nodes) { cudaGraphNodeType t; cudaGraphNodeGetType(x, &t); printf(" %s", tname(t)); } printf("\n");
    size_t ne = 0; P(cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &ne)); printf("edges %zu\n", ne);
    std::vector<cudaGraphNode_t> from(ne), to(ne);
    P(cudaGraphGetEdges(g, from.data(), to.data(), nullptr, &ne));
    auto idx = [&](cudaGraphNode_t x) { for (size_t i = 0; i < made.size(); ++i) if (made[i] == x) return (int)i; return -1; };
    for (size_t i = 0; i < ne; ++i) printf(" %d->%d", idx(from[i]), idx(to[i])); printf("\n");
    size_t small = 2; std::vector<cudaGraphNode_t> f2(2), t2(2);
    P(cudaGraphGetEdges(g, f2.data(), t2.data(), nullptr, &small)); printf("small edges buffer -> %zu\n", small);
    size_t nr = 0; P(cudaGraphGetRootNodes(g, nullptr, &nr)); printf("roots %zu\n", nr);
    // remove k1->hn, add e1->hn and e1->child
    P(cudaGraphRemoveDependencies(g, &k1, &hn, nullptr, 1));
    P(cudaGraphRemoveDependencies(g, &k1, &hn, nullptr, 1));
    P(cudaGraphAddDependencies(g, &e1, &hn, nullptr, 1));
    P(cudaGraphAddDependencies(g, &e1, &hn, nullptr, 1));
    P(cudaGraphAddDependencies(g, &e1, &e1, nullptr, 1));
    P(cudaGraphAddDependencies(g, &child, &e1, nullptr, 1));
    P(cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &ne)); printf("edges now %zu\n", ne);
    P(cudaGraphGetRootNodes(g, nullptr, &nr)); printf("roots now %zu\n", nr);
    size_t din = 0; P(cudaGraphNodeGetDependencies(hn, nullptr, nullptr, &din)); printf("hn deps %zu\n", din);
    size_t dout = 0; P(cudaGraphNodeGetDependentNodes(e0, nullptr, nullptr, &dout)); printf("e0 dependents %zu\n", dout);
    // clone
    cudaGraph_t cl = nullptr; P(cudaGraphClone(&cl, g));
    cudaGraphNode_t found = nullptr;
    P(cudaGraphNodeFindInClone(&found, k2, cl)); printf("found differs from original %d\n", found != k2);
    cudaGraphNodeType ft = cudaGraphNodeTypeCount; P(cudaGraphNodeGetType(found, &ft)); printf("found type %s\n", tname(ft));
    P(cudaGraphNodeFindInClone(&found, k2, g));
    P(cudaGraphNodeFindInClone(&found, sk, cl));
    size_t cn = 0; P(cudaGraphGetNodes(cl, nullptr, &cn)); printf("clone nodes %zu\n", cn);
    P(cudaGraphDestroyNode(e1));
    P(cudaGraphGetNodes(g, nullptr, &count)); P(cudaGraphGetNodes(cl, nullptr, &cn));
    printf("after destroy: original %zu clone %zu\n", count, cn);
    P(cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &ne)); printf("edges after destroy %zu\n", ne);
    cudaGraphExec_t ge;
    P(cudaGraphInstantiate(&ge, g, 0));
    cudaStream_t s; P(cudaStreamCreate(&s));
    for (int r = 0; r < 3; ++r) { P(cudaGraphLaunch(ge, s)); }
    P(cudaStreamSynchronize(s));
    printf("hbuf[0]=%d hbuf[255]=%d hits=%d\n", hbuf[0], hbuf[255], hits);
    int hd[4]; P(cudaMemcpy(hd, d, 16, cudaMemcpyDeviceToHost)); printf("d[0]=%d\n", hd[0]);
    cudaGraphExec_t ge2 = nullptr; P(cudaGraphInstantiate(&ge2, cl, 0));
    P(cudaGraphLaunch(ge2, s)); P(cudaStreamSynchronize(s));
    printf("clone run: hbuf[0]=%d hits=%d\n", hbuf[0], hits);
    P(cudaGraphExecDestroy(ge)); P(cudaGraphExecDestroy(ge2));
    // a graph without alloc/free nodes clones; edits to the original do not reach the clone
    cudaGraph_t h; P(cudaGraphCreate(&h, 0));
    cudaGraphNode_t h1, h2, h3, hc;
    kk = 2;
    P(cudaGraphAddKernelNode(&h1, h, nullptr, 0, &kp));
    P(cudaGraphAddHostNode(&h2, h, &h1, 1, &hp));
    P(cudaGraphAddChildGraphNode(&h3, h, &h1, 1, sub));
    cudaGraph_t hcl; P(cudaGraphClone(&hcl, h));
    P(cudaGraphNodeFindInClone(&hc, h3, hcl));
    cudaGraphNodeType ht = cudaGraphNodeTypeCount; P(cudaGraphNodeGetType(hc, &ht)); printf("clone of child: %s\n", tname(ht));
    cudaGraph_t inner; P(cudaGraphChildGraphNodeGetGraph(hc, &inner));
    cudaGraph_t inner0; P(cudaGraphChildGraphNodeGetGraph(h3, &inner0));
    printf("inner graphs differ %d, differ from sub %d\n", inner != inner0, inner0 != sub);
    P(cudaGraphRemoveDependencies(h, &h1, &h2, nullptr, 1));
    P(cudaGraphRemoveDependencies(h, &h1, &h2, nullptr, 1));
    P(cudaGraphGetEdges(h, nullptr, nullptr, nullptr, &ne)); printf("h edges %zu\n", ne);
    P(cudaGraphGetEdges(hcl, nullptr, nullptr, nullptr, &ne)); printf("clone edges %zu\n", ne);
    P(cudaGraphDestroyNode(h2));
    P(cudaGraphGetNodes(hcl, nullptr, &cn)); printf("clone nodes %zu\n", cn);
    cudaGraphExec_t hx; P(cudaGraphInstantiate(&hx, hcl, 0));
    P(cudaGraphLaunch(hx, s)); P(cudaStreamSynchronize(s));
    P(cudaMemcpy(hd, d, 16, cudaMemcpyDeviceToHost)); printf("after clone run d[0]=%d hits=%d\n", hd[0], hits);
    P(cudaGraphExecDestroy(hx)); P(cudaGraphDestroy(hcl)); P(cudaGraphDestroy(h));
    P(cudaGraphDestroy(g)); P(cudaGraphDestroy(sub));
    return 0;
}
