// Child graph nodes: the embedded copy, node queries, exec updates of a child, and DOT output.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-74s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void add(int *x, int v) { atomicAdd(x, v); }

static cudaGraphNode_t kernel_node(cudaGraph_t g, int *x, int v, const cudaGraphNode_t *deps, size_t n) {
    cudaKernelNodeParams kp = {};
    void *args[] = {&x, &v};
    kp.func = (void *)add;
    kp.gridDim = dim3(1);
    kp.blockDim = dim3(1);
    kp.kernelParams = args;
    cudaGraphNode_t node;
    cudaError_t e = cudaGraphAddKernelNode(&node, g, deps, n, &kp);
    if (e) printf("add kernel node: %s\n", cudaGetErrorName(e));
    return node;
}

int main() {
    int *x;
    R(cudaMallocManaged(&x, sizeof(int)));
    *x = 0;
    cudaGraph_t child, parent;
    R(cudaGraphCreate(&child, 0));
    R(cudaGraphCreate(&parent, 0));
    cudaGraphNode_t c1 = kernel_node(child, x, 1, nullptr, 0);
    kernel_node(child, x, 10, &c1, 1);
    cudaGraphNode_t cn;
    R(cudaGraphAddChildGraphNode(&cn, parent, nullptr, 0, child));
    // The parent holds a copy: adding to the child afterwards does not change it.
    kernel_node(child, x, 1000, nullptr, 0);
    cudaGraph_t embedded;
    R(cudaGraphChildGraphNodeGetGraph(cn, &embedded));
    size_t n = 0;
    R(cudaGraphGetNodes(embedded, nullptr, &n));
    printf("embedded nodes %zu, is child %d\n", n, embedded == child);
    R(cudaGraphGetNodes(child, nullptr, &n));
    printf("child nodes %zu\n", n);
    cudaGraphNodeType t;
    R(cudaGraphNodeGetType(cn, &t));
    printf("type %d\n", (int)t);
    kernel_node(parent, x, 100, &cn, 1);
    cudaGraphExec_t ex;
    R(cudaGraphInstantiate(&ex, parent, 0));
    R(cudaGraphLaunch(ex, 0));
    R(cudaStreamSynchronize(0));
    printf("x after launch %d\n", *x);
    // Exec update of the child node with the grown child graph: topology differs.
    R(cudaGraphExecChildGraphNodeSetParams(ex, cn, child));
    R(cudaGetLastError());
    // Same topology, different values.
    cudaGraph_t child2;
    R(cudaGraphCreate(&child2, 0));
    cudaGraphNode_t d1 = kernel_node(child2, x, 2, nullptr, 0);
    kernel_node(child2, x, 20, &d1, 1);
    R(cudaGraphExecChildGraphNodeSetParams(ex, cn, child2));
    *x = 0;
    R(cudaGraphLaunch(ex, 0));
    R(cudaStreamSynchronize(0));
    printf("x after child update %d\n", *x);
    // Modifying the embedded graph directly: nodes inside a child node cannot be added to.
    cudaGraphNode_t extra;
    cudaKernelNodeParams kp = {};
    int v = 5;
    void *args[] = {&x, &v};
    kp.func = (void *)add; kp.gridDim = dim3(1); kp.blockDim = dim3(1); kp.kernelParams = args;
    R(cudaGraphAddKernelNode(&extra, embedded, nullptr, 0, &kp));
    R(cudaGetLastError());
    // Child with an empty graph, and a child graph node given a null graph.
    cudaGraph_t empty;
    R(cudaGraphCreate(&empty, 0));
    cudaGraphNode_t en;
    R(cudaGraphAddChildGraphNode(&en, parent, nullptr, 0, empty));
    R(cudaGraphAddChildGraphNode(&en, parent, nullptr, 0, nullptr));
    R(cudaGraphChildGraphNodeGetGraph(c1, &embedded));
    R(cudaGetLastError());
    // Cloning a parent: the clone's child node maps back.
    cudaGraph_t clone;
    R(cudaGraphClone(&clone, parent));
    cudaGraphNode_t cn_in_clone;
    R(cudaGraphNodeFindInClone(&cn_in_clone, cn, clone));
    R(cudaGraphNodeGetType(cn_in_clone, &t));
    printf("clone type %d\n", (int)t);
    R(cudaGraphNodeFindInClone(&cn_in_clone, cn, parent));
    R(cudaGetLastError());
    // DOT output.
    const char *path = "/tmp/unseen15_child.dot";
    R(cudaGraphDebugDotPrint(parent, path, cudaGraphDebugDotFlagsVerbose));
    FILE *f = fopen(path, "r");
    char buf[65536];
    size_t len = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f) fclose(f);
    buf[len] = 0;
    printf("dot has digraph %d, subgraph %d, len>100 %d\n", strstr(buf, "digraph") != nullptr,
           strstr(buf, "subgraph") != nullptr, len > 100);
    R(cudaGraphDebugDotPrint(parent, "/nonexistent-dir/x.dot", 0));
    R(cudaGraphDebugDotPrint(nullptr, path, 0));
    R(cudaGraphDebugDotPrint(parent, nullptr, 0));
    R(cudaGetLastError());
    R(cudaGraphExecDestroy(ex));
    R(cudaGraphDestroy(clone));
    R(cudaGraphDestroy(parent));
    R(cudaGraphDestroy(child));
    R(cudaGraphDestroy(child2));
    R(cudaGraphDestroy(empty));
    return 0;
}
