// flags: -std=c++17
// CUDA graphs beyond the basics: a stream capture that forks into a second stream through an
// event and joins back (cudaStreamGetCaptureInfo's status and dependency count inside),
// cudaMemsetAsync/cudaMemcpyAsync/kernels captured, cudaGraphClone and cudaGraphNodeFindInClone,
// a graph with a memory allocation node and a free node (cudaGraphAddMemAllocNode /
// cudaGraphAddMemFreeNode) around a kernel that uses the allocation, instantiation with
// cudaGraphInstantiateFlagAutoFreeOnLaunch, cudaGraphUpload, and conditional nodes (CUDA 12.4+):
// a WHILE node whose body kernel decrements a counter and sets the condition with
// cudaGraphSetConditional, and an IF node taken or not depending on a default value.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void add_k(int* v, int n, int k) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) v[i] += k * (i + 1); }
__global__ void mul_k(int* v, int n, int k) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) v[i] *= k; }
__global__ void fill_scratch(int* scratch, const int* src, int* dst, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { scratch[i] = src[i] * 3; __syncthreads(); dst[i] = scratch[n - 1 - i] + 1; }
}
__global__ void loop_body(cudaGraphConditionalHandle h, int* counter, int* log) {
    int c = --*counter;
    log[c] = c * c;
    cudaGraphSetConditional(h, c > 0 ? 1 : 0);
}
__global__ void if_body(int* flag) { *flag += 100; }

int main() {
    const int n = 256;
    int *a, *b;
    CK(cudaMalloc(&a, n * sizeof(int))); CK(cudaMalloc(&b, n * sizeof(int)));
    std::vector<int> h(n);
    cudaStream_t s1, s2; CK(cudaStreamCreate(&s1)); CK(cudaStreamCreate(&s2));
    cudaEvent_t fork, join; CK(cudaEventCreate(&fork)); CK(cudaEventCreate(&join));
    // capture: s1 memset a; fork to s2 (memset b, add to b); s1 add to a; join; s1 a *= 2; b -> a copy half
    cudaGraph_t g;
    CK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    CK(cudaMemsetAsync(a, 0, n * sizeof(int), s1));
    CK(cudaEventRecord(fork, s1));
    CK(cudaStreamWaitEvent(s2, fork, 0));
    CK(cudaMemsetAsync(b, 0, n * sizeof(int), s2));
    add_k<<<2, 128, 0, s2>>>(b, n, 5);
    cudaStreamCaptureStatus st; unsigned long long id; const cudaGraphNode_t* deps; size_t ndeps;
    CK(cudaStreamGetCaptureInfo(s2, &st, &id, nullptr, &deps, nullptr, &ndeps));
    printf("capturing on s2: status %d, dependencies %zu\n", (int)st, ndeps);
    add_k<<<2, 128, 0, s1>>>(a, n, 1);
    CK(cudaEventRecord(join, s2));
    CK(cudaStreamWaitEvent(s1, join, 0));
    mul_k<<<2, 128, 0, s1>>>(a, n, 2);
    CK(cudaMemcpyAsync(a, b, n / 2 * sizeof(int), cudaMemcpyDeviceToDevice, s1));
    CK(cudaStreamEndCapture(s1, &g));
    size_t count = 0; CK(cudaGraphGetNodes(g, nullptr, &count));
    printf("captured nodes %zu\n", count);
    cudaGraphExec_t ex; CK(cudaGraphInstantiate(&ex, g, 0));
    CK(cudaGraphUpload(ex, s1));
    CK(cudaGraphLaunch(ex, s1));
    CK(cudaStreamSynchronize(s1));
    CK(cudaMemcpy(h.data(), a, n * sizeof(int), cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < n; ++i) bad += h[i] != (i < n / 2 ? 5 * (i + 1) : 2 * (i + 1));
    printf("fork/join graph: %d bad, a[0]=%d a[255]=%d\n", bad, h[0], h[255]);
    // clone and find
    cudaGraph_t cl; CK(cudaGraphClone(&cl, g));
    std::vector<cudaGraphNode_t> nodes(count); CK(cudaGraphGetNodes(g, nodes.data(), &count));
    int found = 0;
    for (auto nd : nodes) { cudaGraphNode_t c; if (cudaGraphNodeFindInClone(&c, nd, cl) == cudaSuccess && c != nd) ++found; }
    printf("clone: %d of %zu nodes found\n", found, count);
    // memory allocation node + kernel + free node
    cudaGraph_t ga; CK(cudaGraphCreate(&ga, 0));
    cudaMemAllocNodeParams ap = {};
    ap.poolProps.allocType = cudaMemAllocationTypePinned;
    ap.poolProps.location.type = cudaMemLocationTypeDevice; ap.poolProps.location.id = 0;
    ap.bytesize = n * sizeof(int);
    cudaGraphNode_t n_alloc, n_k, n_free;
    CK(cudaGraphAddMemAllocNode(&n_alloc, ga, nullptr, 0, &ap));
    int* scratch = (int*)ap.dptr;
    printf("allocation node gave an address: %d\n", scratch != nullptr);
    cudaKernelNodeParams kp = {};
    int nn = n;
    void* args[] = {&scratch, &b, &a, &nn};
    kp.func = (void*)fill_scratch; kp.gridDim = dim3(1); kp.blockDim = dim3(n); kp.kernelParams = args;
    CK(cudaGraphAddKernelNode(&n_k, ga, &n_alloc, 1, &kp));
    CK(cudaGraphAddMemFreeNode(&n_free, ga, &n_k, 1, scratch));
    cudaGraphExec_t exa; CK(cudaGraphInstantiateWithFlags(&exa, ga, cudaGraphInstantiateFlagAutoFreeOnLaunch));
    for (int rep = 0; rep < 2; ++rep) CK(cudaGraphLaunch(exa, s1));
    CK(cudaStreamSynchronize(s1));
    CK(cudaMemcpy(h.data(), a, n * sizeof(int), cudaMemcpyDeviceToHost));
    bad = 0;
    for (int i = 0; i < n; ++i) bad += h[i] != 15 * (n - i) + 1;
    printf("alloc/free graph: %d bad, a[0]=%d\n", bad, h[0]);
    // conditional WHILE node
    cudaGraph_t gw; CK(cudaGraphCreate(&gw, 0));
    cudaGraphConditionalHandle handle;
    CK(cudaGraphConditionalHandleCreate(&handle, gw, 1, cudaGraphCondAssignDefault));
    cudaGraphNodeParams cp = {};
    cp.type = cudaGraphNodeTypeConditional;
    cp.conditional.handle = handle; cp.conditional.type = cudaGraphCondTypeWhile; cp.conditional.size = 1;
    cudaGraphNode_t n_while;
    CK(cudaGraphAddNode(&n_while, gw, nullptr, nullptr, 0, &cp));
    cudaGraph_t body = cp.conditional.phGraph_out[0];
    int *counter, *log;
    CK(cudaMallocManaged(&counter, sizeof(int))); CK(cudaMallocManaged(&log, 16 * sizeof(int)));
    *counter = 6;
    for (int i = 0; i < 16; ++i) log[i] = -1;
    cudaGraphNodeParams bp = {};
    bp.type = cudaGraphNodeTypeKernel;
    void* bargs[] = {&handle, &counter, &log};
    bp.kernel.func = (void*)loop_body; bp.kernel.gridDim = dim3(1); bp.kernel.blockDim = dim3(1); bp.kernel.kernelParams = bargs;
    cudaGraphNode_t n_body;
    CK(cudaGraphAddNode(&n_body, body, nullptr, nullptr, 0, &bp));
    cudaGraphExec_t exw; CK(cudaGraphInstantiate(&exw, gw, 0));
    CK(cudaGraphLaunch(exw, s1));
    CK(cudaStreamSynchronize(s1));
    printf("while node: counter %d, log", *counter);
    for (int i = 0; i < 8; ++i) printf(" %d", log[i]);
    printf("\n");
    // IF node with default 0 then 1
    for (int dflt = 0; dflt < 2; ++dflt) {
        cudaGraph_t gi; CK(cudaGraphCreate(&gi, 0));
        cudaGraphConditionalHandle hi;
        CK(cudaGraphConditionalHandleCreate(&hi, gi, dflt, cudaGraphCondAssignDefault));
        cudaGraphNodeParams ip = {};
        ip.type = cudaGraphNodeTypeConditional;
        ip.conditional.handle = hi; ip.conditional.type = cudaGraphCondTypeIf; ip.conditional.size = 1;
        cudaGraphNode_t n_if;
        CK(cudaGraphAddNode(&n_if, gi, nullptr, nullptr, 0, &ip));
        cudaGraphNodeParams kb = {};
        kb.type = cudaGraphNodeTypeKernel;
        void* iargs[] = {&counter};
        kb.kernel.func = (void*)if_body; kb.kernel.gridDim = dim3(1); kb.kernel.blockDim = dim3(1); kb.kernel.kernelParams = iargs;
        cudaGraphNode_t n_ib;
        CK(cudaGraphAddNode(&n_ib, ip.conditional.phGraph_out[0], nullptr, nullptr, 0, &kb));
        cudaGraphExec_t exi; CK(cudaGraphInstantiate(&exi, gi, 0));
        CK(cudaGraphLaunch(exi, s1));
        CK(cudaGraphLaunch(exi, s1));
        CK(cudaStreamSynchronize(s1));
        printf("if node default %d: counter %d\n", dflt, *counter);
        cudaGraphExecDestroy(exi); cudaGraphDestroy(gi);
    }
    cudaGraphExecDestroy(ex); cudaGraphExecDestroy(exa); cudaGraphExecDestroy(exw);
    cudaGraphDestroy(g); cudaGraphDestroy(cl); cudaGraphDestroy(ga); cudaGraphDestroy(gw);
    return 0;
}
