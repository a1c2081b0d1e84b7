// Updating instantiated graphs and building conditional graphs by hand (sm_90): a kernel graph
// launched in a loop with cudaGraphExecKernelNodeSetParams changing the arguments each time,
// cudaGraphExecMemsetNodeSetParams / MemcpyNodeSetParams1D / HostNodeSetParams,
// cudaGraphExecUpdate from graphs that differ in parameters only, in function, in node count,
// in node type and in edges (the exact result and error node of each), an IF node whose handle
// a kernel sets (cudaGraphSetConditional) with a default value, a WHILE node counting down,
// cudaGraphInstantiateWithFlags(AutoFreeOnLaunch) relaunching a graph whose allocation is never
// freed (and the error without the flag), cudaGraphUpload, cudaGraphExecGetFlags, and
// cudaGraphDebugDotPrint writing a file.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define R(call) printf("%-66s -> %s\n", #call, cudaGetErrorName(call))

__global__ void axpb(int *p, int a, int b) { p[threadIdx.x] = p[threadIdx.x] * a + b; }
__global__ void other(int *p, int a, int b) { p[threadIdx.x] += a - b; }
__global__ void set_if(cudaGraphConditionalHandle h, int *p, int limit) {
    if (threadIdx.x == 0) cudaGraphSetConditional(h, p[0] < limit ? 1 : 0);
}
__global__ void countdown(cudaGraphConditionalHandle h, int *p) {
    if (threadIdx.x == 0) {
        p[1] += 1;
        p[0] -= 1;
        cudaGraphSetConditional(h, p[0] > 0);
    }
}
static int host_sum = 0;
static void CUDART_CB hostadd(void *v) { host_sum += *(int *)v; }

static cudaGraph_t build(int *d, void *fn, int a, int b, bool extra, bool memset_first) {
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    void *args[] = {&d, &a, &b};
    cudaKernelNodeParams kp = {};
    kp.func = fn;
    kp.gridDim = dim3(1);
    kp.blockDim = dim3(32);
    kp.kernelParams = args;
    cudaGraphNode_t k, m;
    if (memset_first) {
        cudaMemsetParams ms = {};
        ms.dst = d;
        ms.value = 1;
        ms.elementSize = 4;
        ms.width = 32;
        ms.height = 1;
        cudaGraphAddMemsetNode(&m, g, nullptr, 0, &ms);
        cudaGraphAddKernelNode(&k, g, &m, 1, &kp);
    } else {
        cudaGraphAddKernelNode(&k, g, nullptr, 0, &kp);
    }
    if (extra) {
        cudaGraphNode_t e;
        cudaGraphAddEmptyNode(&e, g, &k, 1);
    }
    return g;
}

int main() {
    int *d;
    cudaMalloc(&d, 64 * sizeof(int));
    cudaStream_t s;
    cudaStreamCreate(&s);
    int h[64];

    // a loop relaunching with new kernel arguments
    cudaGraph_t g = build(d, (void *)axpb, 2, 1, false, true);
    cudaGraphExec_t ex;
    R(cudaGraphInstantiate(&ex, g, 0));
    cudaGraphNode_t nodes[4];
    size_t nn = 4;
    cudaGraphGetNodes(g, nodes, &nn);
    cudaGraphNode_t knode = nodes[1], mnode = nodes[0];
    long trace = 0;
    for (int it = 0; it < 5; it++) {
        int a = it + 2, b = it * 10;
        void *args[] = {&d, &a, &b};
        cudaKernelNodeParams kp = {};
        kp.func = (void *)axpb;
        kp.gridDim = dim3(1);
        kp.blockDim = dim3(32);
        kp.kernelParams = args;
        cudaGraphExecKernelNodeSetParams(ex, knode, &kp);
        cudaGraphLaunch(ex, s);
        cudaMemcpyAsync(h, d, 32 * sizeof(int), cudaMemcpyDeviceToHost, s);
        cudaStreamSynchronize(s);
        trace = trace * 7 + h[5];
    }
    printf("loop trace %ld last %d\n", trace, h[31]);
    cudaMemsetParams ms = {};
    ms.dst = d;
    ms.value = 3;
    ms.elementSize = 4;
    ms.width = 16;
    ms.height = 1;
    R(cudaGraphExecMemsetNodeSetParams(ex, mnode, &ms));
    ms.dst = d + 32;  // another allocation? same one: allowed
    R(cudaGraphExecMemsetNodeSetParams(ex, mnode, &ms));
    R(cudaGraphExecMemsetNodeSetParams(ex, knode, &ms));
    R(cudaGraphLaunch(ex, s));
    R(cudaStreamSynchronize(s));

    const char *what[] = {"params only", "function", "extra node", "memset removed"};
    for (int c = 0; c < 4; c++) {
        cudaGraph_t g2 = c == 0 ? build(d, (void *)axpb, 5, 6, false, true)
                         : c == 1 ? build(d, (void *)other, 5, 6, false, true)
                         : c == 2 ? build(d, (void *)axpb, 5, 6, true, true)
                                  : build(d, (void *)axpb, 5, 6, false, false);
        cudaGraphExecUpdateResultInfo info = {};
        info.result = (cudaGraphExecUpdateResult)99;
        cudaError_t e = cudaGraphExecUpdate(ex, g2, &info);
        printf("update %-15s %s result %d errorNode %s fromNode %s\n", what[c], cudaGetErrorName(e), (int)info.result,
               info.errorNode ? "set" : "null", info.errorFromNode ? "set" : "null");
        cudaGetLastError();
        if (e == cudaSuccess) {
            cudaGraphLaunch(ex, s);
            cudaMemcpyAsync(h, d, 32 * sizeof(int), cudaMemcpyDeviceToHost, s);
            cudaStreamSynchronize(s);
            printf("  after update launch: %d %d\n", h[0], h[31]);
        }
        cudaGraphDestroy(g2);
    }
    unsigned long long fl = 99;
    R(cudaGraphExecGetFlags(ex, &fl));
    printf("exec flags %llu\n", fl);
    R(cudaGraphUpload(ex, s));
    R(cudaGraphExecDestroy(ex));

    // IF node: body adds 100 when d[0] < limit
    cudaGraph_t cg;
    cudaGraphCreate(&cg, 0);
    cudaGraphConditionalHandle hif;
    R(cudaGraphConditionalHandleCreate(&hif, cg, 0, cudaGraphCondAssignDefault));
    int limit = 10;
    void *sargs[] = {&hif, &d, &limit};
    cudaKernelNodeParams sp = {};
    sp.func = (void *)set_if;
    sp.gridDim = dim3(1);
    sp.blockDim = dim3(32);
    sp.kernelParams = sargs;
    cudaGraphNode_t setter, cond;
    cudaGraphAddKernelNode(&setter, cg, nullptr, 0, &sp);
    cudaGraphNodeParams cp = {};
    cp.type = cudaGraphNodeTypeConditional;
    cp.conditional.handle = hif;
    cp.conditional.type = cudaGraphCondTypeIf;
    cp.conditional.size = 1;
    R(cudaGraphAddNode(&cond, cg, &setter, nullptr, 1, &cp));
    cudaGraph_t body = cp.conditional.phGraph_out[0];
    int one = 1, hundred = 100;
    void *bargs[] = {&d, &one, &hundred};
    cudaKernelNodeParams bp = {};
    bp.func = (void *)axpb;
    bp.gridDim = dim3(1);
    bp.blockDim = dim3(32);
    bp.kernelParams = bargs;
    cudaGraphNode_t bk;
    R(cudaGraphAddKernelNode(&bk, body, nullptr, 0, &bp));
    cudaGraphExec_t cex;
    R(cudaGraphInstantiate(&cex, cg, 0));
    for (int v : {3, 50, 9}) {
        cudaMemcpy(d, &v, sizeof v, cudaMemcpyHostToDevice);
        cudaGraphLaunch(cex, s);
        cudaStreamSynchronize(s);
        cudaMemcpy(h, d, 4, cudaMemcpyDeviceToHost);
        printf("if: d[0]=%d -> %d\n", v, h[0]);
    }
    cudaGraphExecDestroy(cex);
    cudaGraphDestroy(cg);

    // WHILE node with a default of 1: runs until the body sets 0
    cudaGraphCreate(&cg, 0);
    cudaGraphConditionalHandle hw;
    R(cudaGraphConditionalHandleCreate(&hw, cg, 1, cudaGraphCondAssignDefault));
    cp = {};
    cp.type = cudaGraphNodeTypeConditional;
    cp.conditional.handle = hw;
    cp.conditional.type = cudaGraphCondTypeWhile;
    cp.conditional.size = 1;
    R(cudaGraphAddNode(&cond, cg, nullptr, nullptr, 0, &cp));
    void *wargs[] = {&hw, &d};
    bp.func = (void *)countdown;
    bp.kernelParams = wargs;
    R(cudaGraphAddKernelNode(&bk, cp.conditional.phGraph_out[0], nullptr, 0, &bp));
    R(cudaGraphInstantiate(&cex, cg, 0));
    int init[2] = {7, 0};
    cudaMemcpy(d, init, sizeof init, cudaMemcpyHostToDevice);
    R(cudaGraphLaunch(cex, s));
    R(cudaStreamSynchronize(s));
    cudaMemcpy(h, d, 8, cudaMemcpyDeviceToHost);
    printf("while: d[0]=%d iterations %d\n", h[0], h[1]);
    init[0] = 0;
    cudaMemcpy(d, init, sizeof init, cudaMemcpyHostToDevice);
    R(cudaGraphLaunch(cex, s));
    R(cudaStreamSynchronize(s));
    cudaMemcpy(h, d, 8, cudaMemcpyDeviceToHost);
    printf("while from 0: d[0]=%d iterations %d\n", h[0], h[1]);
    cudaGraphExecDestroy(cex);
    cudaGraphDestroy(cg);

    // host node parameters changed in the exec
    cudaGraphCreate(&cg, 0);
    int five = 5, seven = 7;
    cudaHostNodeParams hp = {hostadd, &five};
    cudaGraphNode_t hn;
    cudaGraphAddHostNode(&hn, cg, nullptr, 0, &hp);
    cudaGraphNode_t cpy;
    int src[4] = {11, 22, 33, 44};
    cudaGraphAddMemcpyNode1D(&cpy, cg, &hn, 1, d, src, sizeof src, cudaMemcpyHostToDevice);
    R(cudaGraphInstantiate(&cex, cg, 0));
    cudaGraphLaunch(cex, s);
    hp.userData = &seven;
    R(cudaGraphExecHostNodeSetParams(cex, hn, &hp));
    R(cudaGraphExecMemcpyNodeSetParams1D(cex, cpy, d + 4, src + 1, 3 * sizeof(int), cudaMemcpyHostToDevice));
    R(cudaGraphExecMemcpyNodeSetParams1D(cex, cpy, d + 4, src + 1, 3 * sizeof(int), cudaMemcpyDeviceToHost));
    cudaGraphLaunch(cex, s);
    cudaStreamSynchronize(s);
    cudaMemcpy(h, d, 8 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("host sum %d d[0..7] %d %d %d %d %d %d %d %d\n", host_sum, h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]);
    cudaGraphExecDestroy(cex);
    cudaGraphDestroy(cg);

    // allocation without a free: relaunch needs AutoFreeOnLaunch
    cudaGraphCreate(&cg, 0);
    cudaMemAllocNodeParams ap = {};
    ap.poolProps.allocType = cudaMemAllocationTypePinned;
    ap.poolProps.location.type = cudaMemLocationTypeDevice;
    ap.bytesize = 1 << 16;
    cudaGraphNode_t an;
    R(cudaGraphAddMemAllocNode(&an, cg, nullptr, 0, &ap));
    for (int flags : {0, (int)cudaGraphInstantiateFlagAutoFreeOnLaunch}) {
        R(cudaGraphInstantiateWithFlags(&cex, cg, flags));
        cudaGraphExecGetFlags(cex, &fl);
        cudaError_t l1 = cudaGraphLaunch(cex, s);
        cudaError_t sy = cudaStreamSynchronize(s);
        cudaError_t l2 = cudaGraphLaunch(cex, s);
        cudaError_t sy2 = cudaStreamSynchronize(s);
        printf("flags %llu: launch %s sync %s relaunch %s sync %s\n", fl, cudaGetErrorName(l1), cudaGetErrorName(sy),
               cudaGetErrorName(l2), cudaGetErrorName(sy2));
        cudaGetLastError();
        if (flags == 0) R(cudaFreeAsync(ap.dptr, s));
        R(cudaStreamSynchronize(s));
        R(cudaGraphExecDestroy(cex));
    }
    R(cudaDeviceGraphMemTrim(0));
    R(cudaGraphDebugDotPrint(cg, "/tmp/cuprite_b_graph.dot", cudaGraphDebugDotFlagsVerbose));
    FILE *f = fopen("/tmp/cuprite_b_graph.dot", "r");
    char line[64] = {0};
    if (f) {
        fgets(line, sizeof line, f);
        fclose(f);
    }
    printf("dot file starts with 'digraph': %d\n", strncmp(line, "digraph", 7) == 0);
    remove("/tmp/cuprite_b_graph.dot");
    cudaGraphDestroy(cg);
    cudaGraphDestroy(g);
    R(cudaGetLastError());
    return 0;
}
