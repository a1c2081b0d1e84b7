// Conditional nodes: a while loop whose body decrements a counter and sets the condition from
// the device, an if node with an else branch, a switch node; the graph launched repeatedly with
// a changing start value; errors of misuse.
#include <cstdio>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void set_start(int* ctr, int v, cudaGraphConditionalHandle h) { *ctr = v; cudaGraphSetConditional(h, v > 0); }
__global__ void body(int* ctr, int* acc, cudaGraphConditionalHandle h) {
    int c = *ctr; *acc += c; *ctr = c - 1; cudaGraphSetConditional(h, c - 1 > 0);
}
__global__ void set_cond(const int* v, cudaGraphConditionalHandle h, int mod) { cudaGraphSetConditional(h, *v % mod); }
__global__ void addk(int* p, int k) { *p += k; }

int main() {
    int *ctr, *acc, *flag; P(cudaMalloc(&ctr, 4)); P(cudaMalloc(&acc, 4)); P(cudaMalloc(&flag, 4));
    cudaStream_t s; P(cudaStreamCreate(&s));
    cudaGraph_t g; P(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle hw;
    P(cudaGraphConditionalHandleCreate(&hw, g, 0, 0));
    int start = 5;
    void* a0[] = {&ctr, &start, &hw};
    cudaKernelNodeParams kp = {}; kp.func = (void*)set_start; kp.gridDim = 1; kp.blockDim = 1; kp.kernelParams = a0;
    cudaGraphNode_t n0; P(cudaGraphAddKernelNode(&n0, g, nullptr, 0, &kp));
    cudaGraphNodeParams cp = {}; cp.type = cudaGraphNodeTypeConditional;
    cp.conditional.handle = hw; cp.conditional.type = cudaGraphCondTypeWhile; cp.conditional.size = 1;
    cudaGraphNode_t nw; P(cudaGraphAddNode(&nw, g, &n0, nullptr, 1, &cp));
    cudaGraph_t wbody = cp.conditional.phGraph_out[0];
    void* a1[] = {&ctr, &acc, &hw};
    kp.func = (void*)body; kp.kernelParams = a1;
    cudaGraphNode_t nb; P(cudaGraphAddKernelNode(&nb, wbody, nullptr, 0, &kp));

    // if/else on flag % 2
    cudaGraphConditionalHandle hi; P(cudaGraphConditionalHandleCreate(&hi, g, 0, 0));
    int two = 2; void* a2[] = {&flag, &hi, &two};
    kp.func = (void*)set_cond; kp.kernelParams = a2;
    cudaGraphNode_t nc; P(cudaGraphAddKernelNode(&nc, g, &nw, 1, &kp));
    cudaGraphNodeParams ip = {}; ip.type = cudaGraphNodeTypeConditional;
    ip.conditional.handle = hi; ip.conditional.type = cudaGraphCondTypeIf; ip.conditional.size = 2;
    cudaGraphNode_t ni; P(cudaGraphAddNode(&ni, g, &nc, nullptr, 1, &ip));
    int k100 = 100, k1000 = 1000;
    void* a3[] = {&acc, &k100}; void* a4[] = {&acc, &k1000};
    kp.func = (void*)addk; kp.kernelParams = a3;
    cudaGraphNode_t t1, t2; P(cudaGraphAddKernelNode(&t1, ip.conditional.phGraph_out[0], nullptr, 0, &kp));
    kp.kernelParams = a4; P(cudaGraphAddKernelNode(&t2, ip.conditional.phGraph_out[1], nullptr, 0, &kp));

    // switch on flag % 3 with 3 branches
    cudaGraphConditionalHandle hs; P(cudaGraphConditionalHandleCreate(&hs, g, 0, 0));
    int three = 3; void* a5[] = {&flag, &hs, &three};
    kp.func = (void*)set_cond; kp.kernelParams = a5;
    cudaGraphNode_t nc2; P(cudaGraphAddKernelNode(&nc2, g, &ni, 1, &kp));
    cudaGraphNodeParams sp = {}; sp.type = cudaGraphNodeTypeConditional;
    sp.conditional.handle = hs; sp.conditional.type = cudaGraphCondTypeSwitch; sp.conditional.size = 3;
    cudaGraphNode_t nsw; cudaError_t se = cudaGraphAddNode(&nsw, g, &nc2, nullptr, 1, &sp);
    printf("switch node -> %s\n", cudaGetErrorName(se));
    int ks[3] = {10000, 20000, 30000}; void* as[3][2] = {{&acc, &ks[0]}, {&acc, &ks[1]}, {&acc, &ks[2]}};
    if (se == cudaSuccess) for (int b = 0; b < 3; ++b) {
        kp.func = (void*)addk; kp.kernelParams = as[b];
        cudaGraphNode_t t; P(cudaGraphAddKernelNode(&t, sp.conditional.phGraph_out[b], nullptr, 0, &kp));
    }
    size_t nn = 0; P(cudaGraphGetNodes(g, nullptr, &nn)); printf("top-level nodes %zu\n", nn);
    cudaGraphExec_t ge; P(cudaGraphInstantiate(&ge, g, 0));
    for (int it = 0; it < 5; ++it) {
        int zero = 0; int fl = it;
        P(cudaMemcpy(acc, &zero, 4, cudaMemcpyHostToDevice)); P(cudaMemcpy(flag, &fl, 4, cudaMemcpyHostToDevice));
        start = it * 2 - 1;
        kp.func = (void*)set_start; kp.kernelParams = a0;
        P(cudaGraphExecKernelNodeSetParams(ge, n0, &kp));
        P(cudaGraphLaunch(ge, s)); P(cudaStreamSynchronize(s));
        int h = 0, c = 0; P(cudaMemcpy(&h, acc, 4, cudaMemcpyDeviceToHost)); P(cudaMemcpy(&c, ctr, 4, cudaMemcpyDeviceToHost));
        printf("it %d start %d acc %d ctr %d\n", it, start, h, c);
    }
    // misuse: conditional with size 2 for while; wrong handle's graph
    cudaGraph_t g2; P(cudaGraphCreate(&g2, 0));
    cudaGraphNodeParams bad = {}; bad.type = cudaGraphNodeTypeConditional; bad.conditional.handle = hw;
    bad.conditional.type = cudaGraphCondTypeWhile; bad.conditional.size = 1;
    cudaGraphNode_t nbad; P(cudaGraphAddNode(&nbad, g2, nullptr, nullptr, 0, &bad));
    cudaGraphConditionalHandle h2; P(cudaGraphConditionalHandleCreate(&h2, g2, 1, cudaGraphCondAssignDefault));
    bad.conditional.handle = h2; bad.conditional.size = 2;
    P(cudaGraphAddNode(&nbad, g2, nullptr, nullptr, 0, &bad));
    bad.conditional.size = 1;
    P(cudaGraphAddNode(&nbad, g2, nullptr, nullptr, 0, &bad));
    // empty while body with default 1 would loop forever; give it a body that clears
    P(cudaGraphConditionalHandleCreate(&h2, g2, 0, 7));
    cudaGraph_t cl; P(cudaGraphClone(&cl, g));
    P(cudaGraphExecDestroy(ge)); P(cudaGraphDestroy(g)); P(cudaGraphDestroy(g2));
    return 0;
}
