// One executable graph launched many times while its memcpy, memset, kernel and host nodes'
// parameters change in place (cudaGraphExec*NodeSetParams), nodes are disabled and re-enabled
// (cudaGraphNodeSetEnabled), and the source graph's node parameters are read back.
#include <cstdio>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void saxpy(float* y, const float* x, float a, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] += a * x[i]; }
static int host_count = 0, host_sum = 0;
static void CUDART_CB host_add(void* p) { ++host_count; host_sum += *(int*)p; }

int main() {
    const int n = 1000;
    float *x, *y, *hx, *hy; P(cudaMalloc(&x, n * 4)); P(cudaMalloc(&y, n * 4)); P(cudaMallocHost(&hx, n * 4)); P(cudaMallocHost(&hy, n * 4));
    float* hx2; P(cudaMallocHost(&hx2, n * 4));
    for (int i = 0; i < n; ++i) { hx[i] = 1.f; hx2[i] = 2.f; }
    cudaGraph_t g; P(cudaGraphCreate(&g, 0));
    cudaGraphNode_t cpin, ms, kn, hn, cpout;
    P(cudaGraphAddMemcpyNode1D(&cpin, g, nullptr, 0, x, hx, n * 4, cudaMemcpyHostToDevice));
    cudaMemsetParams mp = {}; mp.dst = y; mp.value = 0; mp.elementSize = 4; mp.width = n; mp.height = 1;
    P(cudaGraphAddMemsetNode(&ms, g, nullptr, 0, &mp));
    float a = 1.f; int nn = n;
    void* args[] = {&y, &x, &a, &nn};
    cudaKernelNodeParams kp = {}; kp.func = (void*)saxpy; kp.gridDim = dim3((n + 255) / 256); kp.blockDim = dim3(256); kp.kernelParams = args;
    cudaGraphNode_t deps[2] = {cpin, ms};
    P(cudaGraphAddKernelNode(&kn, g, deps, 2, &kp));
    int hv = 1; cudaHostNodeParams hp = {host_add, &hv};
    P(cudaGraphAddHostNode(&hn, g, &kn, 1, &hp));
    P(cudaGraphAddMemcpyNode1D(&cpout, g, &kn, 1, hy, y, n * 4, cudaMemcpyDeviceToHost));
    cudaGraphExec_t ge; P(cudaGraphInstantiate(&ge, g, 0));
    cudaStream_t s; P(cudaStreamCreate(&s));
    int hv2[8];
    for (int it = 0; it < 8; ++it) {
        a = (float)it; hv2[it] = it * 10;
        P(cudaGraphExecKernelNodeSetParams(ge, kn, &kp));
        cudaHostNodeParams hp2 = {host_add, &hv2[it]};
        P(cudaGraphExecHostNodeSetParams(ge, hn, &hp2));
        P(cudaGraphExecMemcpyNodeSetParams1D(ge, cpin, x, it % 2 ? hx2 : hx, n * 4, cudaMemcpyHostToDevice));
        mp.value = (it == 5) ? 0x3f800000u : 0;
        P(cudaGraphExecMemsetNodeSetParams(ge, ms, &mp));
        unsigned en = 9;
        P(cudaGraphNodeSetEnabled(ge, hn, it != 3));
        P(cudaGraphNodeGetEnabled(ge, hn, &en));
        P(cudaGraphNodeSetEnabled(ge, ms, it != 6));
        P(cudaGraphLaunch(ge, s)); P(cudaStreamSynchronize(s));
        printf("it %d y[0]=%g y[999]=%g host %d/%d enabled %u\n", it, hy[0], hy[n - 1], host_count, host_sum, en);
    }
    // the source graph still has the original parameters
    cudaKernelNodeParams back = {}; P(cudaGraphKernelNodeGetParams(kn, &back));
    printf("source kernel func same %d grid %u block %u\n", back.func == (void*)saxpy, back.gridDim.x, back.blockDim.x);
    cudaMemsetParams mb = {}; P(cudaGraphMemsetNodeGetParams(ms, &mb)); printf("source memset value %u width %zu elem %u\n", mb.value, mb.width, mb.elementSize);
    cudaMemcpy3DParms cb = {}; P(cudaGraphMemcpyNodeGetParams(cpin, &cb)); printf("source memcpy kind %d extent %zu %zu %zu src is hx %d\n", (int)cb.kind, cb.extent.width, cb.extent.height, cb.extent.depth, cb.srcPtr.ptr == hx);
    cudaHostNodeParams hb = {}; P(cudaGraphHostNodeGetParams(hn, &hb)); printf("source host data is hv %d\n", hb.userData == &hv);
    // errors
    P(cudaGraphExecMemcpyNodeSetParams1D(ge, cpin, x, hx, n * 8, cudaMemcpyHostToDevice));
    P(cudaGraphExecMemcpyNodeSetParams1D(ge, kn, x, hx, 4, cudaMemcpyHostToDevice));
    mp.elementSize = 3; P(cudaGraphExecMemsetNodeSetParams(ge, ms, &mp));
    P(cudaGraphExecHostNodeSetParams(ge, kn, &hp));
    unsigned en; P(cudaGraphNodeGetEnabled(ge, cpin, &en)); printf("memcpy enabled %u\n", en);
    P(cudaGraphNodeSetEnabled(ge, cpin, 0));
    P(cudaGraphExecDestroy(ge)); P(cudaGraphDestroy(g));
    P(cudaGetLastError());
    return 0;
}
