// What each stream operation becomes when captured: memset 1D/2D, memcpy 1D/2D/to-symbol,
// host function, external event record and wait, a kernel launched with cudaLaunchKernelEx,
// and the legacy/per-thread streams joined in; node types in order and the run's results.
#include <cstdio>
#include <vector>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__constant__ int cscale;
__device__ int dacc;
__global__ void apply(int* v, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) { v[i] = v[i] * cscale + 1; atomicAdd(&dacc, 1); } }
static int hostHits = 0;
static void CUDART_CB hfn(void*) { ++hostHits; }

static const char* tname(cudaGraphNodeType t) {
    switch (t) {
    case cudaGraphNodeTypeKernel: return "kernel"; case cudaGraphNodeTypeMemcpy: return "memcpy"; case cudaGraphNodeTypeMemset: return "memset";
    case cudaGraphNodeTypeHost: return "host"; case cudaGraphNodeTypeGraph: return "graph"; case cudaGraphNodeTypeEmpty: return "empty";
    case cudaGraphNodeTypeWaitEvent: return "wait"; case cudaGraphNodeTypeEventRecord: return "record";
    case cudaGraphNodeTypeMemAlloc: return "alloc"; case cudaGraphNodeTypeMemFree: return "free"; default: return "other";
    }
}

int main() {
    const int W = 16, H = 8;
    int* d; size_t pitch; P(cudaMallocPitch((void**)&d, &pitch, W * 4, H));
    int* flat; P(cudaMalloc(&flat, W * H * 4));
    int* hout; P(cudaMallocHost(&hout, W * H * 4));
    int hin[W * H]; for (int i = 0; i < W * H; ++i) hin[i] = i;
    cudaStream_t s; P(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cudaEvent_t ext, wt; P(cudaEventCreate(&ext)); P(cudaEventCreate(&wt));
    P(cudaEventRecord(wt, 0)); P(cudaDeviceSynchronize());
    int three = 3, zero = 0;
    P(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    P(cudaMemset2DAsync(d, pitch, 0, W * 4, H, s));
    P(cudaMemsetAsync(flat, 0, W * H * 4, s));
    P(cudaMemcpy2DAsync(d, pitch, hin, W * 4, W * 4, H, cudaMemcpyHostToDevice, s));
    P(cudaMemcpyToSymbolAsync(cscale, &three, 4, 0, cudaMemcpyHostToDevice, s));
    P(cudaMemcpyToSymbolAsync(dacc, &zero, 4, 0, cudaMemcpyHostToDevice, s));
    P(cudaStreamWaitEvent(s, wt, cudaEventWaitExternal));
    cudaLaunchConfig_t cfg = {}; cfg.gridDim = dim3(H); cfg.blockDim = dim3(W); cfg.stream = s;
    P(cudaMemcpy2DAsync(flat, W * 4, d, pitch, W * 4, H, cudaMemcpyDeviceToDevice, s));
    P(cudaLaunchKernelEx(&cfg, apply, flat, W * H));
    P(cudaLaunchHostFunc(s, hfn, nullptr));
    P(cudaEventRecordWithFlags(ext, s, cudaEventRecordExternal));
    P(cudaMemcpyAsync(hout, flat, W * H * 4, cudaMemcpyDeviceToHost, s));
    cudaGraph_t g; P(cudaStreamEndCapture(s, &g));
    size_t n = 0; P(cudaGraphGetNodes(g, nullptr, &n));
    std::vector<cudaGraphNode_t> nodes(n); P(cudaGraphGetNodes(g, nodes.data(), &n));
    printf("nodes %zu:", n);
    for (auto x : nodes) { cudaGraphNodeType t; cudaGraphNodeGetType(x, &t); printf(" %s", tname(t)); }
    printf("\n");
    size_t ne = 0; P(cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &ne)); printf("edges %zu\n", ne);
    for (auto x : nodes) {
        cudaGraphNodeType t; cudaGraphNodeGetType(x, &t);
        if (t == cudaGraphNodeTypeMemset) { cudaMemsetParams mp; P(cudaGraphMemsetNodeGetParams(x, &mp)); printf(" memset width %zu height %zu elem %u pitch>=width %d\n", mp.width, mp.height, mp.elementSize, mp.pitch >= mp.width * mp.elementSize); }
        if (t == cudaGraphNodeTypeMemcpy) { cudaMemcpy3DParms cp; P(cudaGraphMemcpyNodeGetParams(x, &cp)); printf(" memcpy kind %d extent %zu x %zu x %zu\n", (int)cp.kind, cp.extent.width, cp.extent.height, cp.extent.depth); }
        if (t == cudaGraphNodeTypeEventRecord) { cudaEvent_t e; P(cudaGraphEventRecordNodeGetEvent(x, &e)); printf(" record event is ext %d\n", e == ext); }
        if (t == cudaGraphNodeTypeWaitEvent) { cudaEvent_t e; P(cudaGraphEventWaitNodeGetEvent(x, &e)); printf(" wait event is wt %d\n", e == wt); }
        if (t == cudaGraphNodeTypeKernel) { cudaKernelNodeParams kp; P(cudaGraphKernelNodeGetParams(x, &kp)); printf(" kernel grid %u block %u smem %u\n", kp.gridDim.x, kp.blockDim.x, kp.sharedMemBytes); }
    }
    cudaGraphExec_t ge; P(cudaGraphInstantiate(&ge, g, 0));
    for (int r = 0; r < 2; ++r) {
        hin[5] = 100 + r;  // captured by pointer: the launch reads the current host value
        P(cudaGraphLaunch(ge, s)); P(cudaEventSynchronize(ext)); P(cudaStreamSynchronize(s));
        int acc = -1; P(cudaMemcpyFromSymbol(&acc, dacc, 4));
        printf("run %d: hout[0]=%d hout[5]=%d hout[127]=%d host %d acc %d\n", r, hout[0], hout[5], hout[W * H - 1], hostHits, acc);
    }
    // the legacy stream cannot join a capture; the per-thread stream can be captured on its own
    P(cudaStreamBeginCapture(cudaStreamPerThread, cudaStreamCaptureModeThreadLocal));
    P(cudaMemsetAsync(flat, 1, 16, cudaStreamPerThread));
    cudaGraph_t g2; P(cudaStreamEndCapture(cudaStreamPerThread, &g2));
    P(cudaGraphGetNodes(g2, nullptr, &n)); printf("per-thread capture nodes %zu\n", n);
    P(cudaGraphExecDestroy(ge)); P(cudaGraphDestroy(g)); P(cudaGraphDestroy(g2));
    return 0;
}
