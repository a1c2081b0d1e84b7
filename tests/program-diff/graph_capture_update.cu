// CUDA graphs as applications use them: capture a multi-stream pipeline (fork/join through
// events) into a graph, instantiate once, launch it repeatedly with updated kernel parameters
// (cudaGraphExecKernelNodeSetParams) and a whole-graph update from a re-capture
// (cudaGraphExecUpdate), plus node counts and a memset node; results checked on the host.
#include <cstdio>

__global__ void scale(float *x, int n, float a) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= a; }
__global__ void addv(float *x, const float *y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] += y[i]; }
__global__ void iota(float *x, int n, float base) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = base + i; }

int main() {
    const int n = 1000;
    float *x, *y;
    cudaMalloc(&x, n * 4); cudaMalloc(&y, n * 4);
    cudaStream_t s0, s1;
    cudaStreamCreateWithFlags(&s0, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
    cudaEvent_t fork, join;
    cudaEventCreateWithFlags(&fork, cudaEventDisableTiming);
    cudaEventCreateWithFlags(&join, cudaEventDisableTiming);
    auto capture = [&](float a, float b) {
        cudaGraph_t g;
        cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal);
        iota<<<(n + 127) / 128, 128, 0, s0>>>(x, n, a);
        cudaEventRecord(fork, s0);
        cudaStreamWaitEvent(s1, fork, 0);
        cudaMemsetAsync(y, 0, n * 4, s1);
        iota<<<(n + 255) / 256, 256, 0, s1>>>(y, n, b);
        cudaEventRecord(join, s1);
        cudaStreamWaitEvent(s0, join, 0);
        addv<<<(n + 127) / 128, 128, 0, s0>>>(x, y, n);
        scale<<<(n + 127) / 128, 128, 0, s0>>>(x, n, 0.5f);
        cudaError_t e = cudaStreamEndCapture(s0, &g);
        if (e != cudaSuccess) printf("end capture: %s\n", cudaGetErrorString(e));
        return g;
    };
    cudaGraph_t g = capture(1.0f, 100.0f);
    size_t nodes = 0, edges = 0;
    cudaGraphGetNodes(g, nullptr, &nodes);
    cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &edges);
    printf("nodes %zu edges %zu\n", nodes, edges);
    cudaGraphExec_t ex;
    cudaError_t e = cudaGraphInstantiate(&ex, g, 0);
    printf("instantiate %s\n", cudaGetErrorString(e));
    float h[n];
    auto check = [&](const char *tag, float a, float b, float sc) {
        cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost);
        int bad = 0;
        for (int i = 0; i < n; i++) bad += h[i] != ((a + i) + (b + i)) * sc;
        printf("%s: bad %d x[0] %g x[999] %g\n", tag, bad, h[0], h[n - 1]);
    };
    for (int r = 0; r < 3; r++) cudaGraphLaunch(ex, s0);
    cudaStreamSynchronize(s0);
    check("launch x3", 1.0f, 100.0f, 0.5f);
    // change the scale node's factor: find the kernel node running `scale`
    cudaGraphNode_t list[16];
    size_t cnt = 16;
    cudaGraphGetNodes(g, list, &cnt);
    int kernels = 0, memsets = 0;
    for (size_t i = 0; i < cnt; i++) {
        cudaGraphNodeType t;
        cudaGraphNodeGetType(list[i], &t);
        if (t == cudaGraphNodeTypeMemset) memsets++;
        if (t != cudaGraphNodeTypeKernel) continue;
        kernels++;
        cudaKernelNodeParams p;
        cudaGraphKernelNodeGetParams(list[i], &p);
        if (p.func == (void *)scale) {
            float na = 0.25f;
            void *args[] = {&x, (void *)&n, &na};
            p.kernelParams = args;
            e = cudaGraphExecKernelNodeSetParams(ex, list[i], &p);
            printf("set params %s\n", cudaGetErrorString(e));
        }
    }
    printf("kernel nodes %d memset nodes %d\n", kernels, memsets);
    cudaGraphLaunch(ex, s0);
    cudaStreamSynchronize(s0);
    check("updated scale", 1.0f, 100.0f, 0.25f);
    cudaGraph_t g2 = capture(-7.0f, 3.5f);
    cudaGraphExecUpdateResultInfo info;
    e = cudaGraphExecUpdate(ex, g2, &info);
    printf("exec update %s result %d\n", cudaGetErrorString(e), (int)info.result);
    cudaGraphLaunch(ex, s0);
    cudaStreamSynchronize(s0);
    check("re-captured", -7.0f, 3.5f, 0.5f);
    cudaStreamCaptureStatus st;
    cudaStreamIsCapturing(s0, &st);
    printf("capturing now %d\n", (int)st);
    cudaGraphExecDestroy(ex); cudaGraphDestroy(g); cudaGraphDestroy(g2);
    return 0;
}
