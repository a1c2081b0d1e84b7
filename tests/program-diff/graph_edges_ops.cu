// Graph edges by hand: duplicates, cycles, self edges, removal of missing edges, destroying a node
// with edges, cross-graph edges; and what instantiation says.
#include <cstdio>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-84s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

static size_t edges(cudaGraph_t g) {
    size_t n = 0;
    cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &n);
    return n;
}

int main() {
    cudaGraph_t g, other;
    R(cudaGraphCreate(&g, 0));
    R(cudaGraphCreate(&other, 0));
    cudaGraphNode_t a, b, c, d, o;
    R(cudaGraphAddEmptyNode(&a, g, nullptr, 0));
    R(cudaGraphAddEmptyNode(&b, g, &a, 1));
    R(cudaGraphAddEmptyNode(&c, g, &b, 1));
    R(cudaGraphAddEmptyNode(&o, other, nullptr, 0));
    printf("edges %zu\n", edges(g));
    // Duplicate edge.
    R(cudaGraphAddDependencies(g, &a, &b, nullptr, 1));
    printf("edges after duplicate %zu\n", edges(g));
    // Duplicate dependency given at creation.
    cudaGraphNode_t two[2] = {a, a};
    R(cudaGraphAddEmptyNode(&d, g, two, 2));
    R(cudaGetLastError());
    // Self edge and a cycle.
    R(cudaGraphAddDependencies(g, &a, &a, nullptr, 1));
    R(cudaGraphAddDependencies(g, &c, &a, nullptr, 1));
    printf("edges after cycle %zu\n", edges(g));
    cudaGraphExec_t ex = nullptr;
    R(cudaGraphInstantiate(&ex, g, 0));
    R(cudaGetLastError());
    R(cudaGraphRemoveDependencies(g, &c, &a, nullptr, 1));
    R(cudaGraphRemoveDependencies(g, &c, &a, nullptr, 1));
    R(cudaGraphRemoveDependencies(g, &a, &c, nullptr, 1));
    R(cudaGetLastError());
    printf("edges after removals %zu\n", edges(g));
    // Edges across graphs.
    R(cudaGraphAddDependencies(g, &a, &o, nullptr, 1));
    R(cudaGraphAddDependencies(other, &a, &o, nullptr, 1));
    R(cudaGetLastError());
    // Null arrays with count, count 0.
    R(cudaGraphAddDependencies(g, nullptr, nullptr, nullptr, 0));
    R(cudaGraphAddDependencies(g, nullptr, &b, nullptr, 1));
    R(cudaGetLastError());
    // Destroy a middle node: its edges go with it.
    R(cudaGraphDestroyNode(b));
    printf("edges after destroying b %zu\n", edges(g));
    size_t n = 0;
    R(cudaGraphGetNodes(g, nullptr, &n));
    printf("nodes %zu\n", n);
    size_t out = 0;
    R(cudaGraphNodeGetDependentNodes(a, nullptr, nullptr, &out));
    printf("a's dependents %zu\n", out);
    R(cudaGraphNodeGetDependencies(c, nullptr, nullptr, &out));
    printf("c's dependencies %zu\n", out);
    R(cudaGraphInstantiate(&ex, g, 0));
    R(cudaGraphLaunch(ex, 0));
    R(cudaStreamSynchronize(0));
    // Query buffers smaller than the count.
    cudaGraphNode_t from[1], to[1];
    size_t cnt = 1;
    R(cudaGraphAddDependencies(g, &a, &c, nullptr, 1));
    R(cudaGraphGetEdges(g, from, to, nullptr, &cnt));
    printf("edges with room for 1: count %zu\n", cnt);
    cnt = 5;
    cudaGraphNode_t f5[5], t5[5];
    R(cudaGraphGetEdges(g, f5, t5, nullptr, &cnt));
    printf("edges with room for 5: count %zu\n", cnt);
    size_t rn = 0;
    R(cudaGraphGetRootNodes(g, nullptr, &rn));
    printf("roots %zu\n", rn);
    // Node from a destroyed graph.
    R(cudaGraphDestroy(other));
    R(cudaGraphExecDestroy(ex));
    R(cudaGraphDestroy(g));
    return 0;
}
