// Conditional nodes built by hand: SWITCH with out-of-range values, IF with an else body, WHILE
// driven by a kernel with a default reapplied at each launch; sizes and handles refused (a handle
// of another graph too).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
// Conditional nodes built by hand: IF with an else branch, SWITCH with out-of-range values,
// WHILE driven by a kernel, default values reapplied at each launch, handle misuse.
__global__ void setv(cudaGraphConditionalHandle h, int *v) { cudaGraphSetConditional(h, (unsigned)*v); }
__global__ void add(int *x, int v) { atomicAdd(x, v); }
__global__ void countdown(cudaGraphConditionalHandle h, int *c) { int n = --*c; if (n <= 0) cudaGraphSetConditional(h, 0); }
static cudaGraphNode_t addk(cudaGraph_t g, const cudaGraphNode_t *d, size_t nd, void *fn, void **args) {
    cudaGraphNodeParams p = {}; p.type = cudaGraphNodeTypeKernel;
    p.kernel.func = fn; p.kernel.gridDim = dim3(1); p.kernel.blockDim = dim3(1); p.kernel.kernelParams = args;
    cudaGraphNode_t n = nullptr;
    cudaError_t e = cudaGraphAddNode(&n, g, d, nullptr, nd, &p);
    if (e) printf("add kernel: %s\n", cudaGetErrorName(e));
    return n;
}
int main() {
    int *sel, *x, *cnt; cudaMalloc(&sel, 4); cudaMalloc(&x, 4); cudaMalloc(&cnt, 4);
    cudaStream_t s; cudaStreamCreate(&s);
    // SWITCH with 3 branches
    cudaGraph_t g; cudaGraphCreate(&g, 0);
    cudaGraphConditionalHandle h;
    R(cudaGraphConditionalHandleCreate(&h, g, 0, 0));
    void *a1[] = {&h, &sel};
    cudaGraphNode_t k1 = addk(g, nullptr, 0, (void *)setv, a1);
    cudaGraphNodeParams cp = {}; cp.type = cudaGraphNodeTypeConditional;
    cp.conditional.handle = h; cp.conditional.type = cudaGraphCondTypeSwitch; cp.conditional.size = 3;
    cudaGraphNode_t sw;
    R(cudaGraphAddNode(&sw, g, &k1, nullptr, 1, &cp));
    int vals[3] = {1, 10, 100};
    for (int i = 0; i < 3; i++) { void *a[] = {&x, &vals[i]}; addk(cp.conditional.phGraph_out[i], nullptr, 0, (void *)add, a); }
    cudaGraphExec_t ge; R(cudaGraphInstantiate(&ge, g, 0));
    for (int v = -1; v <= 4; v++) {
        cudaMemset(x, 0, 4); cudaMemcpy(sel, &v, 4, cudaMemcpyHostToDevice);
        R(cudaGraphLaunch(ge, s)); R(cudaStreamSynchronize(s));
        int hx; cudaMemcpy(&hx, x, 4, cudaMemcpyDeviceToHost); printf("switch %d -> %d\n", v, hx);
    }
    // IF with else (size 2)
    cudaGraph_t g2; cudaGraphCreate(&g2, 0);
    cudaGraphConditionalHandle h2;
    R(cudaGraphConditionalHandleCreate(&h2, g2, 0, 0));
    void *a2[] = {&h2, &sel};
    cudaGraphNode_t k2 = addk(g2, nullptr, 0, (void *)setv, a2);
    cudaGraphNodeParams ip = {}; ip.type = cudaGraphNodeTypeConditional;
    ip.conditional.handle = h2; ip.conditional.type = cudaGraphCondTypeIf; ip.conditional.size = 2;
    cudaGraphNode_t ifn; R(cudaGraphAddNode(&ifn, g2, &k2, nullptr, 1, &ip));
    int t = 7, f = 70;
    { void *a[] = {&x, &t}; addk(ip.conditional.phGraph_out[0], nullptr, 0, (void *)add, a); }
    { void *a[] = {&x, &f}; addk(ip.conditional.phGraph_out[1], nullptr, 0, (void *)add, a); }
    cudaGraphExec_t ge2; R(cudaGraphInstantiate(&ge2, g2, 0));
    for (int v = 0; v <= 2; v++) {
        cudaMemset(x, 0, 4); cudaMemcpy(sel, &v, 4, cudaMemcpyHostToDevice);
        R(cudaGraphLaunch(ge2, s)); R(cudaStreamSynchronize(s));
        int hx; cudaMemcpy(&hx, x, 4, cudaMemcpyDeviceToHost); printf("if/else %d -> %d\n", v, hx);
    }
    // IF with size 3: not allowed
    ip.conditional.size = 3; cudaGraphNode_t bad;
    R(cudaGraphAddNode(&bad, g2, nullptr, nullptr, 0, &ip));
    // WHILE size 2: not allowed
    ip.conditional.type = cudaGraphCondTypeWhile; ip.conditional.size = 2;
    R(cudaGraphAddNode(&bad, g2, nullptr, nullptr, 0, &ip));
    // SWITCH size 0
    ip.conditional.type = cudaGraphCondTypeSwitch; ip.conditional.size = 0;
    R(cudaGraphAddNode(&bad, g2, nullptr, nullptr, 0, &ip));
    // handle of another graph
    ip.conditional.type = cudaGraphCondTypeIf; ip.conditional.size = 1; ip.conditional.handle = h;
    R(cudaGraphAddNode(&bad, g2, nullptr, nullptr, 0, &ip));
    // WHILE with default value 1 re-applied at each launch (cudaGraphCondAssignDefault)
    cudaGraph_t g3; cudaGraphCreate(&g3, 0);
    cudaGraphConditionalHandle h3;
    R(cudaGraphConditionalHandleCreate(&h3, g3, 1, cudaGraphCondAssignDefault));
    cudaGraphNodeParams wp = {}; wp.type = cudaGraphNodeTypeConditional;
    wp.conditional.handle = h3; wp.conditional.type = cudaGraphCondTypeWhile; wp.conditional.size = 1;
    cudaGraphNode_t wn; R(cudaGraphAddNode(&wn, g3, nullptr, nullptr, 0, &wp));
    int one = 1;
    cudaGraph_t body = wp.conditional.phGraph_out[0];
    { void *a[] = {&x, &one}; cudaGraphNode_t b1 = addk(body, nullptr, 0, (void *)add, a);
      void *c[] = {&h3, &cnt}; addk(body, &b1, 1, (void *)countdown, c); }
    cudaGraphExec_t ge3; R(cudaGraphInstantiate(&ge3, g3, 0));
    for (int run = 0; run < 2; run++) {
        int c0 = 5 + run; cudaMemcpy(cnt, &c0, 4, cudaMemcpyHostToDevice); cudaMemset(x, 0, 4);
        R(cudaGraphLaunch(ge3, s)); R(cudaStreamSynchronize(s));
        int hx; cudaMemcpy(&hx, x, 4, cudaMemcpyDeviceToHost); printf("while run %d (count %d) -> %d iterations\n", run, c0, hx);
    }
    // flags other than AssignDefault
    cudaGraphConditionalHandle h4;
    R(cudaGraphConditionalHandleCreate(&h4, g3, 0, 2));
    R(cudaGraphConditionalHandleCreate(nullptr, g3, 0, 0));
    // node count and types in the switch graph's bodies
    cudaGraphNodeParams q = {};
    size_t n = 0; cudaGraphGetNodes(g, nullptr, &n); printf("switch graph nodes %zu\n", n);
    cudaGraphNodeType ty; cudaGraphNodeGetType(sw, &ty); printf("switch node type %d\n", (int)ty);
    (void)q;
    // a conditional node cannot be cloned into another graph as a child? (add child graph holding a conditional)
    cudaGraph_t outer; cudaGraphCreate(&outer, 0); cudaGraphNode_t child;
    R(cudaGraphAddChildGraphNode(&child, outer, nullptr, 0, g3));
    cudaGraphExec_t geo; R(cudaGraphInstantiate(&geo, outer, 0));
    return 0;
}
