// Capture of multi-stream work joined by events: node types, edges, capture info dependencies,
// external event records/waits inside a capture, and what the instantiated graph computes.
#include <cstdio>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-74s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void mul(int *x, int m, int a) { *x = *x * m + a; }

static const char *tname(cudaGraphNodeType t) {
    switch (t) {
    case cudaGraphNodeTypeKernel: return "kernel";
    case cudaGraphNodeTypeMemcpy: return "memcpy";
    case cudaGraphNodeTypeMemset: return "memset";
    case cudaGraphNodeTypeHost: return "host";
    case cudaGraphNodeTypeGraph: return "graph";
    case cudaGraphNodeTypeEmpty: return "empty";
    case cudaGraphNodeTypeWaitEvent: return "waitEvent";
    case cudaGraphNodeTypeEventRecord: return "eventRecord";
    default: return "other";
    }
}

int main() {
    int *x;
    R(cudaMalloc(&x, 4 * sizeof(int)));
    R(cudaMemset(x, 0, 4 * sizeof(int)));
    cudaStream_t a, b, c;
    R(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking));
    R(cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking));
    R(cudaStreamCreateWithFlags(&c, cudaStreamNonBlocking));
    cudaEvent_t fork, j1, j2, ext, outside;
    R(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
    R(cudaEventCreateWithFlags(&j1, cudaEventDisableTiming));
    R(cudaEventCreateWithFlags(&j2, cudaEventDisableTiming));
    R(cudaEventCreate(&ext));
    R(cudaEventCreate(&outside));
    R(cudaEventRecord(outside, c));
    R(cudaStreamBeginCapture(a, cudaStreamCaptureModeGlobal));
    mul<<<1, 1, 0, a>>>(x, 1, 1);
    R(cudaEventRecord(fork, a));
    R(cudaStreamWaitEvent(b, fork, 0));
    R(cudaStreamWaitEvent(c, fork, 0));
    mul<<<1, 1, 0, b>>>(x + 1, 1, 2);
    mul<<<1, 1, 0, c>>>(x + 2, 1, 3);
    mul<<<1, 1, 0, c>>>(x + 2, 10, 0);
    cudaStreamCaptureStatus st;
    unsigned long long id;
    const cudaGraphNode_t *deps;
    size_t nd;
    cudaGraph_t g_in;
    R(cudaStreamGetCaptureInfo(c, &st, &id, &g_in, &deps, nullptr, &nd));
    printf("c: status %d deps %zu\n", (int)st, nd);
    R(cudaStreamGetCaptureInfo(b, &st, &id, &g_in, &deps, nullptr, &nd));
    printf("b: status %d deps %zu\n", (int)st, nd);
    // External record and wait become event nodes.
    R(cudaEventRecordWithFlags(ext, b, cudaEventRecordExternal));
    R(cudaEventRecord(j1, b));
    R(cudaEventRecord(j2, c));
    R(cudaStreamWaitEvent(a, j1, 0));
    R(cudaStreamWaitEvent(a, j2, 0));
    R(cudaStreamGetCaptureInfo(a, &st, &id, &g_in, &deps, nullptr, &nd));
    printf("a after join: deps %zu\n", nd);
    mul<<<1, 1, 0, a>>>(x + 3, 1, 7);
    cudaGraph_t g;
    R(cudaStreamEndCapture(a, &g));
    // b and c are no longer capturing.
    R(cudaStreamIsCapturing(b, &st));
    printf("b capturing after end: %d\n", (int)st);
    size_t n = 0, ne = 0;
    R(cudaGraphGetNodes(g, nullptr, &n));
    cudaGraphNode_t nodes[32];
    R(cudaGraphGetNodes(g, nodes, &n));
    R(cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &ne));
    printf("nodes %zu edges %zu\n", n, ne);
    int counts[16] = {0};
    for (size_t i = 0; i < n; i++) {
        cudaGraphNodeType t;
        cudaGraphNodeGetType(nodes[i], &t);
        size_t in = 0, out = 0;
        cudaGraphNodeGetDependencies(nodes[i], nullptr, nullptr, &in);
        cudaGraphNodeGetDependentNodes(nodes[i], nullptr, nullptr, &out);
        printf("node %zu: %s in %zu out %zu\n", i, tname(t), in, out);
        counts[(int)t & 15]++;
        if (t == cudaGraphNodeTypeEventRecord || t == cudaGraphNodeTypeWaitEvent) {
            cudaEvent_t ev = nullptr;
            if (t == cudaGraphNodeTypeEventRecord) cudaGraphEventRecordNodeGetEvent(nodes[i], &ev);
            else cudaGraphEventWaitNodeGetEvent(nodes[i], &ev);
            printf("  event is ext %d\n", ev == ext);
        }
    }
    size_t roots = 0;
    R(cudaGraphGetRootNodes(g, nullptr, &roots));
    printf("roots %zu\n", roots);
    cudaGraphExec_t ex;
    R(cudaGraphInstantiate(&ex, g, 0));
    for (int i = 0; i < 2; i++) R(cudaGraphLaunch(ex, a));
    R(cudaStreamSynchronize(a));
    int h[4];
    R(cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost));
    printf("x: %d %d %d %d\n", h[0], h[1], h[2], h[3]);
    R(cudaEventQuery(ext));
    // Unjoined fork: ending a capture with a stream left forked fails.
    R(cudaStreamBeginCapture(a, cudaStreamCaptureModeGlobal));
    R(cudaEventRecord(fork, a));
    R(cudaStreamWaitEvent(b, fork, 0));
    mul<<<1, 1, 0, b>>>(x, 1, 1);
    cudaGraph_t g2 = nullptr;
    R(cudaStreamEndCapture(a, &g2));
    printf("g2 null %d\n", g2 == nullptr);
    R(cudaStreamIsCapturing(b, &st));
    printf("b status after failed end: %d\n", (int)st);
    R(cudaGetLastError());
    mul<<<1, 1, 0, b>>>(x, 1, 1);
    R(cudaGetLastError());
    R(cudaStreamSynchronize(b));
    // A wait on an event recorded outside the capture, and an external wait on a captured record.
    R(cudaStreamBeginCapture(a, cudaStreamCaptureModeGlobal));
    R(cudaStreamWaitEvent(a, outside, 0));
    R(cudaStreamIsCapturing(a, &st));
    printf("a status after outside wait: %d\n", (int)st);
    g2 = nullptr;
    R(cudaStreamEndCapture(a, &g2));
    R(cudaStreamBeginCapture(a, cudaStreamCaptureModeGlobal));
    R(cudaStreamWaitEvent(a, outside, cudaEventWaitExternal));
    mul<<<1, 1, 0, a>>>(x, 1, 1);
    g2 = nullptr;
    R(cudaStreamEndCapture(a, &g2));
    if (g2) {
        size_t n2 = 0;
        R(cudaGraphGetNodes(g2, nullptr, &n2));
        printf("external-wait graph nodes %zu\n", n2);
        R(cudaGraphDestroy(g2));
    }
    R(cudaGetLastError());
    R(cudaGraphExecDestroy(ex));
    R(cudaGraphDestroy(g));
    return 0;
}
