// A captured pipeline with every kind of stream work, then the graph inspected: cudaMemsetAsync,
// cudaMemcpyAsync from pinned memory and device to device, a kernel, cudaLaunchHostFunc,
// cudaMallocAsync / cudaFreeAsync inside the capture (memory nodes), an event recorded with
// cudaEventRecordExternal and a cudaStreamWaitEvent on an external event, a nested fork whose
// branch is joined back; the node types in topological order, their dependency counts, the
// allocation's reuse across replays, cudaStreamUpdateCaptureDependencies, and
// cudaStreamBeginCaptureToGraph appending to an existing graph.
#include <cstdio>
#include <cuda_runtime.h>

#define R(call) printf("%-66s -> %s\n", #call, cudaGetErrorName(call))

__global__ void square(const int *in, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * in[i];
}
__global__ void addk(int *p, int k, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] += k;
}
static int host_hits = 0;
static void CUDART_CB hit(void *) { host_hits++; }

static void list(cudaGraph_t g) {
    size_t n = 0;
    cudaGraphGetNodes(g, nullptr, &n);
    cudaGraphNode_t nodes[64];
    cudaGraphGetNodes(g, nodes, &n);
    int counts[16] = {0};
    size_t edges = 0;
    cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &edges);
    for (size_t i = 0; i < n; i++) {
        cudaGraphNodeType t;
        cudaGraphNodeGetType(nodes[i], &t);
        if ((int)t < 16) counts[(int)t]++;
    }
    printf("nodes %zu edges %zu by type:", n, edges);
    for (int t = 0; t < 16; t++)
        if (counts[t]) printf(" %d:%d", t, counts[t]);
    printf("\n");
}

int main() {
    const int N = 256;
    int *pinned, *a, *b;
    cudaMallocHost(&pinned, N * sizeof(int));
    for (int i = 0; i < N; i++) pinned[i] = i - 100;
    cudaMalloc(&a, N * sizeof(int));
    cudaMalloc(&b, N * sizeof(int));
    cudaStream_t s, side;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking);
    cudaEvent_t fork, join, ext, extwait;
    cudaEventCreateWithFlags(&fork, cudaEventDisableTiming);
    cudaEventCreateWithFlags(&join, cudaEventDisableTiming);
    cudaEventCreate(&ext);
    cudaEventCreate(&extwait);
    cudaEventRecord(extwait, 0);
    cudaDeviceSynchronize();

    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    R(cudaMemsetAsync(b, 0, N * sizeof(int), s));
    R(cudaMemcpyAsync(a, pinned, N * sizeof(int), cudaMemcpyHostToDevice, s));
    int *tmp = nullptr;
    R(cudaMallocAsync(&tmp, N * sizeof(int), s));
    square<<<N / 64, 64, 0, s>>>(a, tmp, N);
    R(cudaEventRecord(fork, s));
    R(cudaStreamWaitEvent(side, fork, 0));
    addk<<<N / 64, 64, 0, side>>>(a, 1000, N);
    R(cudaLaunchHostFunc(side, hit, nullptr));
    R(cudaEventRecord(join, side));
    R(cudaMemcpyAsync(b, tmp, N * sizeof(int), cudaMemcpyDeviceToDevice, s));
    R(cudaFreeAsync(tmp, s));
    R(cudaStreamWaitEvent(s, join, 0));
    R(cudaEventRecordWithFlags(ext, s, cudaEventRecordExternal));
    R(cudaStreamWaitEvent(s, extwait, cudaEventWaitExternal));
    cudaGraph_t g;
    R(cudaStreamEndCapture(s, &g));
    list(g);
    cudaGraphExec_t ex;
    R(cudaGraphInstantiate(&ex, g, 0));
    for (int rep = 0; rep < 3; rep++) R(cudaGraphLaunch(ex, s));
    R(cudaStreamSynchronize(s));
    R(cudaEventQuery(ext));
    int ha[N], hb[N];
    cudaMemcpy(ha, a, sizeof ha, cudaMemcpyDeviceToHost);
    cudaMemcpy(hb, b, sizeof hb, cudaMemcpyDeviceToHost);
    printf("a[0]=%d a[255]=%d b[0]=%d b[100]=%d b[255]=%d host hits %d\n", ha[0], ha[255], hb[0], hb[100], hb[255], host_hits);

    // capture with dependencies replaced mid-way
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    addk<<<N / 64, 64, 0, s>>>(a, 1, N);
    cudaStreamCaptureStatus st;
    const cudaGraphNode_t *deps;
    size_t nd = 0;
    cudaGraph_t cg;
    R(cudaStreamGetCaptureInfo(s, &st, nullptr, &cg, &deps, nullptr, &nd));
    cudaGraphNode_t empty;
    R(cudaGraphAddEmptyNode(&empty, cg, deps, nd));
    R(cudaStreamUpdateCaptureDependencies(s, &empty, nullptr, 1, cudaStreamSetCaptureDependencies));
    addk<<<N / 64, 64, 0, s>>>(a, 2, N);
    R(cudaStreamUpdateCaptureDependencies(s, &empty, nullptr, 1, cudaStreamAddCaptureDependencies));
    addk<<<N / 64, 64, 0, s>>>(a, 3, N);
    R(cudaStreamUpdateCaptureDependencies(s, &empty, nullptr, 1, 7));
    cudaGraph_t g2;
    R(cudaStreamEndCapture(s, &g2));
    list(g2);

    // capture into an existing graph
    cudaGraph_t host_graph;
    cudaGraphCreate(&host_graph, 0);
    cudaGraphNode_t first;
    cudaGraphAddEmptyNode(&first, host_graph, nullptr, 0);
    R(cudaStreamBeginCaptureToGraph(s, host_graph, &first, nullptr, 1, cudaStreamCaptureModeGlobal));
    addk<<<N / 64, 64, 0, s>>>(a, 5, N);
    R(cudaMemsetAsync(b, 0, 16, s));
    cudaGraph_t same;
    R(cudaStreamEndCapture(s, &same));
    printf("captured into the given graph: %d\n", same == host_graph);
    list(host_graph);
    cudaGraphExec_t ex2;
    R(cudaGraphInstantiate(&ex2, host_graph, 0));
    R(cudaGraphLaunch(ex2, s));
    R(cudaStreamSynchronize(s));
    cudaMemcpy(ha, a, sizeof ha, cudaMemcpyDeviceToHost);
    printf("a[0] after the appended capture ran: %d\n", ha[0]);
    R(cudaGetLastError());
    return 0;
}
