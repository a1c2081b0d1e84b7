// Conditional nodes: handle defaults and flags, if/while/switch bodies, cudaGraphSetConditional from
// kernels, node params read back, switch values out of range.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-84s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void set_cond(cudaGraphConditionalHandle h, int v) { cudaGraphSetConditional(h, v); }
__global__ void inc(int *x, int slot) { atomicAdd(x + slot, 1); }
__global__ void loop_body(int *x, cudaGraphConditionalHandle h) {
    int n = atomicAdd(x, 1) + 1;
    if (n >= 5) cudaGraphSetConditional(h, 0);
}

static void add_kernel(cudaGraph_t g, void *fn, void **args, cudaGraphNode_t *out) {
    cudaKernelNodeParams kp = {};
    kp.func = fn; kp.gridDim = dim3(1); kp.blockDim = dim3(1); kp.kernelParams = args;
    cudaError_t e = cudaGraphAddKernelNode(out, g, nullptr, 0, &kp);
    if (e) printf("add kernel: %s\n", cudaGetErrorName(e));
}

int main() {
    int *x;
    R(cudaMallocManaged(&x, 16 * sizeof(int)));
    memset(x, 0, 64);
    // IF with default 1 and no setter: body runs every launch when the default is applied.
    {
        cudaGraph_t g;
        R(cudaGraphCreate(&g, 0));
        cudaGraphConditionalHandle h;
        R(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
        cudaGraphNodeParams np = {};
        np.type = cudaGraphNodeTypeConditional;
        np.conditional.handle = h;
        np.conditional.type = cudaGraphCondTypeIf;
        np.conditional.size = 1;
        cudaGraphNode_t cn;
        R(cudaGraphAddNode(&cn, g, nullptr, nullptr, 0, &np));
        printf("body graph set %d\n", np.conditional.phGraph_out != nullptr);
        int slot = 0;
        void *args[] = {&x, &slot};
        cudaGraphNode_t kn;
        add_kernel(np.conditional.phGraph_out[0], (void *)inc, args, &kn);
        cudaGraphExec_t ex;
        R(cudaGraphInstantiate(&ex, g, 0));
        for (int i = 0; i < 3; i++) R(cudaGraphLaunch(ex, 0));
        R(cudaStreamSynchronize(0));
        printf("if default 1, 3 launches: %d\n", x[0]);
        cudaGraphNodeType t;
        R(cudaGraphNodeGetType(cn, &t));
        printf("node type %d\n", (int)t);
        R(cudaGraphExecDestroy(ex));
        R(cudaGraphDestroy(g));
    }
    // IF without AssignDefault: the value persists between launches once set.
    {
        cudaGraph_t g;
        R(cudaGraphCreate(&g, 0));
        cudaGraphConditionalHandle h;
        R(cudaGraphConditionalHandleCreate(&h, g, 0, 0));
        cudaGraphNode_t setter;
        int one = 1;
        void *sargs[] = {&h, &one};
        add_kernel(g, (void *)set_cond, sargs, &setter);
        cudaGraphNodeParams np = {};
        np.type = cudaGraphNodeTypeConditional;
        np.conditional.handle = h;
        np.conditional.type = cudaGraphCondTypeIf;
        np.conditional.size = 2;
        cudaGraphNode_t cn;
        R(cudaGraphAddNode(&cn, g, &setter, nullptr, 1, &np));
        int s1 = 1, s2 = 2;
        void *a1[] = {&x, &s1};
        void *a2[] = {&x, &s2};
        cudaGraphNode_t k1, k2;
        add_kernel(np.conditional.phGraph_out[0], (void *)inc, a1, &k1);
        add_kernel(np.conditional.phGraph_out[1], (void *)inc, a2, &k2);
        cudaGraphExec_t ex;
        R(cudaGraphInstantiate(&ex, g, 0));
        R(cudaGraphLaunch(ex, 0));
        R(cudaStreamSynchronize(0));
        printf("if/else with value 1: then %d else %d\n", x[1], x[2]);
        R(cudaGraphExecDestroy(ex));
        R(cudaGraphDestroy(g));
    }
    // WHILE: loop until the body clears the condition.
    {
        x[0] = 0;
        cudaGraph_t g;
        R(cudaGraphCreate(&g, 0));
        cudaGraphConditionalHandle h;
        R(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
        cudaGraphNodeParams np = {};
        np.type = cudaGraphNodeTypeConditional;
        np.conditional.handle = h;
        np.conditional.type = cudaGraphCondTypeWhile;
        np.conditional.size = 1;
        cudaGraphNode_t cn;
        R(cudaGraphAddNode(&cn, g, nullptr, nullptr, 0, &np));
        void *args[] = {&x, &h};
        cudaGraphNode_t kn;
        add_kernel(np.conditional.phGraph_out[0], (void *)loop_body, args, &kn);
        cudaGraphExec_t ex;
        R(cudaGraphInstantiate(&ex, g, 0));
        R(cudaGraphLaunch(ex, 0));
        R(cudaStreamSynchronize(0));
        printf("while iterations: %d\n", x[0]);
        R(cudaGraphLaunch(ex, 0));
        R(cudaStreamSynchronize(0));
        printf("while after second launch: %d\n", x[0]);
        R(cudaGraphExecDestroy(ex));
        R(cudaGraphDestroy(g));
    }
    // SWITCH: values in and out of range.
    for (int v : {0, 2, 3, 7}) {
        memset(x, 0, 64);
        cudaGraph_t g;
        R(cudaGraphCreate(&g, 0));
        cudaGraphConditionalHandle h;
        R(cudaGraphConditionalHandleCreate(&h, g, v, cudaGraphCondAssignDefault));
        cudaGraphNodeParams np = {};
        np.type = cudaGraphNodeTypeConditional;
        np.conditional.handle = h;
        np.conditional.type = cudaGraphCondTypeSwitch;
        np.conditional.size = 3;
        cudaGraphNode_t cn;
        R(cudaGraphAddNode(&cn, g, nullptr, nullptr, 0, &np));
        int slots[3] = {0, 1, 2};
        void *args[3][2] = {{&x, &slots[0]}, {&x, &slots[1]}, {&x, &slots[2]}};
        for (int i = 0; i < 3; i++) {
            cudaGraphNode_t kn;
            add_kernel(np.conditional.phGraph_out[i], (void *)inc, args[i], &kn);
        }
        cudaGraphExec_t ex;
        R(cudaGraphInstantiate(&ex, g, 0));
        R(cudaGraphLaunch(ex, 0));
        R(cudaStreamSynchronize(0));
        printf("switch %d: %d %d %d\n", v, x[0], x[1], x[2]);
        R(cudaGraphExecDestroy(ex));
        R(cudaGraphDestroy(g));
    }
    // Invalid creations.
    cudaGraph_t g;
    R(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h;
    R(cudaGraphConditionalHandleCreate(&h, g, 0, 2));
    R(cudaGraphConditionalHandleCreate(nullptr, g, 0, 0));
    R(cudaGraphConditionalHandleCreate(&h, nullptr, 0, 0));
    R(cudaGraphConditionalHandleCreate(&h, g, 0, 0));
    cudaGraphNodeParams np = {};
    np.type = cudaGraphNodeTypeConditional;
    np.conditional.handle = h;
    np.conditional.type = cudaGraphCondTypeIf;
    np.conditional.size = 3;
    cudaGraphNode_t cn;
    R(cudaGraphAddNode(&cn, g, nullptr, nullptr, 0, &np));
    np.conditional.type = cudaGraphCondTypeWhile;
    np.conditional.size = 2;
    R(cudaGraphAddNode(&cn, g, nullptr, nullptr, 0, &np));
    np.conditional.type = (cudaGraphConditionalNodeType)9;
    np.conditional.size = 1;
    R(cudaGraphAddNode(&cn, g, nullptr, nullptr, 0, &np));
    np.conditional.type = cudaGraphCondTypeSwitch;
    np.conditional.size = 0;
    R(cudaGraphAddNode(&cn, g, nullptr, nullptr, 0, &np));
    R(cudaGetLastError());
    // An empty conditional body instantiates.
    np.conditional.type = cudaGraphCondTypeIf;
    np.conditional.size = 1;
    R(cudaGraphAddNode(&cn, g, nullptr, nullptr, 0, &np));
    cudaGraphExec_t ex;
    R(cudaGraphInstantiate(&ex, g, 0));
    R(cudaGraphLaunch(ex, 0));
    R(cudaStreamSynchronize(0));
    return 0;
}
