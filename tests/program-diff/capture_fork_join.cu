// Stream capture across three streams joined by events (fork/join), the captured graph's
// nodes and edges, then the graph launched several times with host data changing between.
#include <cstdio>
#include <vector>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void fill(int* v, int n, int base) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) v[i] = base + i; }
__global__ void scale(int* v, int n, int k) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) v[i] *= k; }
__global__ void combine(int* out, const int* a, const int* b, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = a[i] - b[i]; }

static const char* tname(cudaGraphNodeType t) {
    switch (t) {
    case cudaGraphNodeTypeKernel: return "kernel"; case cudaGraphNodeTypeMemcpy: return "memcpy";
    case cudaGraphNodeTypeMemset: return "memset"; case cudaGraphNodeTypeHost: return "host";
    case cudaGraphNodeTypeGraph: return "graph"; case cudaGraphNodeTypeEmpty: return "empty";
    case cudaGraphNodeTypeWaitEvent: return "wait"; case cudaGraphNodeTypeEventRecord: return "record";
    default: return "other";
    }
}

int main() {
    const int n = 1000;
    int *a, *b, *c; int* h;
    P(cudaMalloc(&a, n * 4)); P(cudaMalloc(&b, n * 4)); P(cudaMalloc(&c, n * 4));
    P(cudaMallocHost(&h, n * 4));
    cudaStream_t s0, s1, s2;
    P(cudaStreamCreate(&s0)); P(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking)); P(cudaStreamCreate(&s2));
    cudaEvent_t fork, j1, j2;
    P(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
    P(cudaEventCreate(&j1)); P(cudaEventCreate(&j2));

    P(cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal));
    cudaStreamCaptureStatus st; unsigned long long id0 = 0, id1 = 0;
    P(cudaStreamGetCaptureInfo(s0, &st, &id0));
    printf("s0 status %d\n", (int)st);
    P(cudaStreamIsCapturing(s1, &st)); printf("s1 before fork %d\n", (int)st);
    P(cudaMemsetAsync(c, 0, n * 4, s0));
    P(cudaEventRecord(fork, s0));
    P(cudaStreamWaitEvent(s1, fork, 0));
    P(cudaStreamWaitEvent(s2, fork, 0));
    P(cudaStreamIsCapturing(s1, &st)); printf("s1 after fork %d\n", (int)st);
    P(cudaStreamGetCaptureInfo(s1, &st, &id1));
    printf("same capture id: %d\n", id0 == id1);
    const cudaGraphNode_t* deps = nullptr; size_t nd = 0; cudaGraph_t cg = nullptr;
    P(cudaStreamGetCaptureInfo(s1, &st, nullptr, &cg, &deps, nullptr, &nd));
    printf("s1 deps %zu graph %d\n", nd, cg != nullptr);
    fill<<<(n + 127) / 128, 128, 0, s1>>>(a, n, 10);
    scale<<<(n + 127) / 128, 128, 0, s1>>>(a, n, 3);
    fill<<<(n + 255) / 256, 256, 0, s2>>>(b, n, -5);
    P(cudaEventRecord(j1, s1));
    P(cudaEventRecord(j2, s2));
    P(cudaStreamWaitEvent(s0, j1, 0));
    P(cudaStreamWaitEvent(s0, j2, 0));
    P(cudaStreamGetCaptureInfo(s0, &st, nullptr, nullptr, &deps, nullptr, &nd));
    printf("s0 deps after join %zu\n", nd);
    combine<<<(n + 127) / 128, 128, 0, s0>>>(c, a, b, n);
    P(cudaMemcpyAsync(h, c, n * 4, cudaMemcpyDeviceToHost, s0));
    cudaGraph_t g = nullptr;
    P(cudaStreamEndCapture(s0, &g));
    P(cudaStreamIsCapturing(s1, &st)); printf("s1 after end %d\n", (int)st);

    size_t nn = 0, ne = 0;
    P(cudaGraphGetNodes(g, nullptr, &nn));
    P(cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &ne));
    printf("nodes %zu edges %zu\n", nn, ne);
    std::vector<cudaGraphNode_t> nodes(nn);
    P(cudaGraphGetNodes(g, nodes.data(), &nn));
    int counts[16] = {};
    for (auto nd_ : nodes) { cudaGraphNodeType t; cudaGraphNodeGetType(nd_, &t); counts[(int)t & 15]++; }
    for (int t = 0; t < 16; ++t) if (counts[t]) printf("  %s x%d\n", tname((cudaGraphNodeType)t), counts[t]);
    size_t roots = 0; P(cudaGraphGetRootNodes(g, nullptr, &roots)); printf("roots %zu\n", roots);
    for (auto nd_ : nodes) {
        size_t din = 0, dout = 0; cudaGraphNodeType t; cudaGraphNodeGetType(nd_, &t);
        cudaGraphNodeGetDependencies(nd_, nullptr, nullptr, &din);
        cudaGraphNodeGetDependentNodes(nd_, nullptr, nullptr, &dout);
        printf("  node %s in %zu out %zu\n", tname(t), din, dout);
    }
    cudaGraphExec_t ge;
    P(cudaGraphInstantiate(&ge, g, 0));
    for (int it = 0; it < 4; ++it) {
        for (int i = 0; i < n; ++i) h[i] = -1;
        P(cudaGraphLaunch(ge, s2));
        P(cudaStreamSynchronize(s2));
        long long sum = 0; for (int i = 0; i < n; ++i) sum += h[i];
        printf("iter %d h[0]=%d h[999]=%d sum=%lld\n", it, h[0], h[n - 1], sum);
    }
    P(cudaGraphExecDestroy(ge)); P(cudaGraphDestroy(g));
    P(cudaEventQuery(j1));
    P(cudaStreamDestroy(s0)); P(cudaStreamDestroy(s1)); P(cudaStreamDestroy(s2));
    P(cudaFree(a)); P(cudaFree(b)); P(cudaFree(c)); P(cudaFreeHost(h));
    return 0;
}
