// cudaStreamUpdateCaptureDependencies, capture info on idle streams, capture into an existing graph,
// host functions and memsets inside a capture, and the resulting node order.
#include <cstdio>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-84s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void add(int *x, int v) { *x += v; }
static int hits = 0;
static void CUDART_CB hf(void *) { hits++; }

int main() {
    int *x;
    R(cudaMalloc(&x, 16));
    R(cudaMemset(x, 0, 16));
    cudaStream_t s;
    R(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cudaStreamCaptureStatus st = (cudaStreamCaptureStatus)9;
    unsigned long long id = 77;
    cudaGraph_t g_in = (cudaGraph_t)1;
    const cudaGraphNode_t *deps = (const cudaGraphNode_t *)1;
    size_t nd = 99;
    R(cudaStreamGetCaptureInfo(s, &st, &id, &g_in, &deps, nullptr, &nd));
    printf("idle: status %d id %llu graph null %d deps null %d nd %zu\n", (int)st, id, g_in == nullptr,
           deps == nullptr, nd);
    R(cudaStreamGetCaptureInfo(s, &st));
    R(cudaStreamGetCaptureInfo(s, nullptr));
    R(cudaStreamUpdateCaptureDependencies(s, nullptr, nullptr, 0, cudaStreamSetCaptureDependencies));
    R(cudaGetLastError());
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
    add<<<1, 1, 0, s>>>(x, 1);
    cudaGraphNode_t first;
    R(cudaStreamGetCaptureInfo(s, &st, &id, &g_in, &deps, nullptr, &nd));
    first = deps[0];
    printf("after 1 kernel: deps %zu\n", nd);
    R(cudaMemsetAsync(x + 1, 0, 4, s));
    R(cudaLaunchHostFunc(s, hf, nullptr));
    R(cudaStreamGetCaptureInfo(s, &st, &id, &g_in, &deps, nullptr, &nd));
    cudaGraphNode_t host = deps[0];
    // Add the first kernel back as a dependency, then replace the set with it alone.
    R(cudaStreamUpdateCaptureDependencies(s, &first, nullptr, 1, cudaStreamAddCaptureDependencies));
    R(cudaStreamGetCaptureInfo(s, &st, &id, &g_in, &deps, nullptr, &nd));
    printf("after add: deps %zu (host first %d)\n", nd, nd > 0 && deps[0] == host);
    R(cudaStreamUpdateCaptureDependencies(s, &first, nullptr, 1, cudaStreamSetCaptureDependencies));
    R(cudaStreamGetCaptureInfo(s, &st, &id, &g_in, &deps, nullptr, &nd));
    printf("after set: deps %zu\n", nd);
    R(cudaStreamUpdateCaptureDependencies(s, &first, nullptr, 1, 7));
    R(cudaGetLastError());
    add<<<1, 1, 0, s>>>(x, 10);
    // An empty dependency set: the next node is a root.
    R(cudaStreamUpdateCaptureDependencies(s, nullptr, nullptr, 0, cudaStreamSetCaptureDependencies));
    add<<<1, 1, 0, s>>>(x + 2, 5);
    cudaGraph_t g;
    R(cudaStreamEndCapture(s, &g));
    size_t n = 0, roots = 0, edges = 0;
    R(cudaGraphGetNodes(g, nullptr, &n));
    R(cudaGraphGetRootNodes(g, nullptr, &roots));
    R(cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &edges));
    printf("nodes %zu roots %zu edges %zu\n", n, roots, edges);
    cudaGraphNode_t nodes[16];
    R(cudaGraphGetNodes(g, nodes, &n));
    for (size_t i = 0; i < n; i++) {
        cudaGraphNodeType t;
        cudaGraphNodeGetType(nodes[i], &t);
        size_t in = 0;
        cudaGraphNodeGetDependencies(nodes[i], nullptr, nullptr, &in);
        printf("node %zu type %d in %zu\n", i, (int)t, in);
    }
    cudaGraphExec_t ex;
    R(cudaGraphInstantiate(&ex, g, 0));
    R(cudaGraphLaunch(ex, s));
    R(cudaStreamSynchronize(s));
    int h[4];
    R(cudaMemcpy(h, x, 16, cudaMemcpyDeviceToHost));
    printf("x %d %d %d hits %d\n", h[0], h[1], h[2], hits);
    // Capture into an existing graph with a dependency on a node already there.
    cudaGraph_t g2;
    R(cudaGraphCreate(&g2, 0));
    cudaGraphNode_t empty;
    R(cudaGraphAddEmptyNode(&empty, g2, nullptr, 0));
    R(cudaStreamBeginCaptureToGraph(s, g2, &empty, nullptr, 1, cudaStreamCaptureModeRelaxed));
    add<<<1, 1, 0, s>>>(x + 3, 4);
    cudaGraph_t g2_out = nullptr;
    R(cudaStreamEndCapture(s, &g2_out));
    printf("same graph returned %d\n", g2_out == g2);
    R(cudaGraphGetNodes(g2, nullptr, &n));
    size_t out_deg = 0;
    R(cudaGraphNodeGetDependentNodes(empty, nullptr, nullptr, &out_deg));
    printf("g2 nodes %zu, empty's dependents %zu\n", n, out_deg);
    R(cudaGraphExecDestroy(ex));
    R(cudaGraphDestroy(g));
    R(cudaGraphDestroy(g2));
    return 0;
}
