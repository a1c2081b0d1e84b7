// A CUDA graph built node by node through the API (no capture): a memset node, a
// host-to-device memcpy node (cudaGraphAddMemcpyNode1D), two kernel nodes that depend on both,
// a child-graph node holding its own kernel + memcpy, an event-record node, a host node that
// logs, and a device-to-host memcpy node at the end. The graph is instantiated, launched
// twice; the kernel node's parameters are then changed in the executable graph with
// cudaGraphExecKernelNodeSetParams; a structurally identical graph with other scalars is
// applied with cudaGraphExecUpdate; a topology change is rejected by cudaGraphExecUpdate
// with its result code. Node counts, dependency counts and node types are printed.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void affine(float* v, int n, float a, float b) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * a + b;
}
__global__ void add_arrays(float* dst, const float* src, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) dst[i] += src[i];
}

static int host_calls = 0;
static void CUDART_CB host_log(void* p) { ++host_calls; *(int*)p += 1; }

static cudaGraphNode_t add_kernel(cudaGraph_t g, const cudaGraphNode_t* deps, size_t nd, void* fn, void** args, int n) {
    cudaKernelNodeParams kp = {};
    kp.func = fn; kp.gridDim = dim3((n + 63) / 64); kp.blockDim = dim3(64); kp.kernelParams = args;
    cudaGraphNode_t node;
    cudaError_t e = cudaGraphAddKernelNode(&node, g, deps, nd, &kp);
    if (e != cudaSuccess) printf("add kernel node: %s\n", cudaGetErrorString(e));
    return node;
}

static const char* type_name(cudaGraphNodeType t) {
    switch (t) {
    case cudaGraphNodeTypeKernel: return "kernel"; case cudaGraphNodeTypeMemcpy: return "memcpy"; case cudaGraphNodeTypeMemset: return "memset";
    case cudaGraphNodeTypeHost: return "host"; case cudaGraphNodeTypeGraph: return "graph"; case cudaGraphNodeTypeEmpty: return "empty";
    case cudaGraphNodeTypeEventRecord: return "event-record"; default: return "other";
    }
}

int main() {
    const int n = 300;
    std::vector<float> h_in(n), h_out(n);
    for (int i = 0; i < n; ++i) h_in[i] = (float)(i % 17) - 8.0f;
    float *a, *b;
    CK(cudaMalloc(&a, n * sizeof(float))); CK(cudaMalloc(&b, n * sizeof(float)));
    cudaEvent_t ev; CK(cudaEventCreate(&ev));
    int counter = 0;

    cudaGraph_t g; CK(cudaGraphCreate(&g, 0));
    cudaMemsetParams mp = {};
    mp.dst = b; mp.value = 0; mp.elementSize = 4; mp.width = n; mp.height = 1; mp.pitch = 0;
    cudaGraphNode_t n_memset, n_h2d, n_k1, n_k2, n_child, n_ev, n_host, n_d2h;
    CK(cudaGraphAddMemsetNode(&n_memset, g, nullptr, 0, &mp));
    CK(cudaGraphAddMemcpyNode1D(&n_h2d, g, nullptr, 0, a, h_in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    float s1 = 2.0f, o1 = 1.0f; int nn = n;
    void* args1[] = {&a, &nn, &s1, &o1};
    cudaGraphNode_t d1[] = {n_memset, n_h2d};
    n_k1 = add_kernel(g, d1, 2, (void*)affine, args1, n);
    float s2 = 0.0f, o2 = 0.5f;
    void* args2[] = {&b, &nn, &s2, &o2};
    n_k2 = add_kernel(g, d1, 2, (void*)affine, args2, n);
    // child graph: b += a; then copy b to a (device to device)
    cudaGraph_t child; CK(cudaGraphCreate(&child, 0));
    void* args3[] = {&b, &a, &nn};
    cudaGraphNode_t c_k = add_kernel(child, nullptr, 0, (void*)add_arrays, args3, n), c_cp;
    CK(cudaGraphAddMemcpyNode1D(&c_cp, child, &c_k, 1, a, b, n * sizeof(float), cudaMemcpyDeviceToDevice));
    cudaGraphNode_t d2[] = {n_k1, n_k2};
    CK(cudaGraphAddChildGraphNode(&n_child, g, d2, 2, child));
    CK(cudaGraphAddEventRecordNode(&n_ev, g, &n_child, 1, ev));
    cudaHostNodeParams hp = {host_log, &counter};
    CK(cudaGraphAddHostNode(&n_host, g, &n_child, 1, &hp));
    cudaGraphNode_t d3[] = {n_ev, n_host};
    CK(cudaGraphAddMemcpyNode1D(&n_d2h, g, d3, 2, h_out.data(), a, n * sizeof(float), cudaMemcpyDeviceToHost));

    size_t count = 0;
    CK(cudaGraphGetNodes(g, nullptr, &count));
    std::vector<cudaGraphNode_t> nodes(count);
    CK(cudaGraphGetNodes(g, nodes.data(), &count));
    printf("nodes %zu:", count);
    for (auto nd : nodes) { cudaGraphNodeType t; cudaGraphNodeGetType(nd, &t); size_t deps = 0; cudaGraphNodeGetDependencies(nd, nullptr, nullptr, &deps); printf(" %s/%zu", type_name(t), deps); }
    printf("\n");
    size_t roots = 0, edges = 0;
    CK(cudaGraphGetRootNodes(g, nullptr, &roots));
    CK(cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &edges));
    printf("roots %zu edges %zu\n", roots, edges);

    cudaGraphExec_t ex; CK(cudaGraphInstantiate(&ex, g, 0));
    for (int rep = 0; rep < 2; ++rep) {
        CK(cudaGraphLaunch(ex, 0));
        CK(cudaStreamSynchronize(0));
        // a = 2*in+1; b = 0.5; b += a; a = b  => a = 2*in + 1.5
        int bad = 0;
        for (int i = 0; i < n; ++i) bad += h_out[i] != 2.0f * h_in[i] + 1.5f;
        printf("launch %d: %d bad, out[5]=%g, host calls %d, event %s\n", rep, bad, h_out[5], counter, cudaGetErrorName(cudaEventQuery(ev)));
    }
    // change k1's scalars in the executable graph
    float s1b = -1.0f, o1b = 4.0f;
    void* args1b[] = {&a, &nn, &s1b, &o1b};
    cudaKernelNodeParams kp = {};
    kp.func = (void*)affine; kp.gridDim = dim3((n + 63) / 64); kp.blockDim = dim3(64); kp.kernelParams = args1b;
    CK(cudaGraphExecKernelNodeSetParams(ex, n_k1, &kp));
    CK(cudaGraphLaunch(ex, 0));
    CK(cudaStreamSynchronize(0));
    int bad = 0;
    for (int i = 0; i < n; ++i) bad += h_out[i] != -h_in[i] + 4.5f;
    printf("after ExecKernelNodeSetParams: %d bad, out[5]=%g\n", bad, h_out[5]);
    // the original graph still holds the old parameters
    cudaKernelNodeParams back = {};
    CK(cudaGraphKernelNodeGetParams(n_k1, &back));
    printf("graph's own k1 scale still %g\n", *(float*)back.kernelParams[2]);
    // update with a same-shaped graph: set k2's offset to 3 in the template graph, then ExecUpdate
    float o2b = 3.0f;
    void* args2b[] = {&b, &nn, &s2, &o2b};
    kp.kernelParams = args2b;
    CK(cudaGraphKernelNodeSetParams(n_k2, &kp));
    cudaGraphExecUpdateResultInfo info = {};
    cudaError_t ue = cudaGraphExecUpdate(ex, g, &info);
    printf("exec update same topology: %s result %d\n", cudaGetErrorName(ue), (int)info.result);
    CK(cudaGraphLaunch(ex, 0));
    CK(cudaStreamSynchronize(0));
    bad = 0;
    for (int i = 0; i < n; ++i) bad += h_out[i] != 2.0f * h_in[i] + 4.0f;
    printf("after ExecUpdate: %d bad, out[5]=%g\n", bad, h_out[5]);
    // topology change: an extra node makes the update fail
    cudaGraphNode_t extra;
    CK(cudaGraphAddEmptyNode(&extra, g, &n_d2h, 1));
    ue = cudaGraphExecUpdate(ex, g, &info);
    printf("exec update new node: %s result %d\n", cudaGetErrorName(ue), (int)info.result);
    cudaGetLastError();
    cudaGraphExecDestroy(ex); cudaGraphDestroy(g); cudaGraphDestroy(child);
    cudaFree(a); cudaFree(b); cudaEventDestroy(ev);
    printf("host node ran %d times\n", host_calls);
    return 0;
}
