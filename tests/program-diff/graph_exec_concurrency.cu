// One executable graph launched back to back into two streams (CUDA orders launches of the same
// graphExec), a graph whose event-record node another stream waits on, and repeated
// instantiation of one graph: results show the order the runs took.
#include <cstdio>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void step(int* log, int* pos, int tag) {
    // a slow-ish append so that overlapping runs would interleave
    int p = atomicAdd(pos, 1);
    for (volatile int i = 0; i < 2000; ++i) { }
    log[p] = tag;
}

int main() {
    int *log, *pos; P(cudaMalloc(&log, 256 * 4)); P(cudaMalloc(&pos, 4)); P(cudaMemset(pos, 0, 4)); P(cudaMemset(log, 0xff, 1024));
    cudaGraph_t g; P(cudaGraphCreate(&g, 0));
    int tagA = 1, tagB = 2;
    void* a1[] = {&log, &pos, &tagA}; void* a2[] = {&log, &pos, &tagB};
    cudaKernelNodeParams kp = {}; kp.func = (void*)step; kp.gridDim = 1; kp.blockDim = 1; kp.kernelParams = a1;
    cudaGraphNode_t n1, n2, rec; P(cudaGraphAddKernelNode(&n1, g, nullptr, 0, &kp));
    kp.kernelParams = a2; P(cudaGraphAddKernelNode(&n2, g, &n1, 1, &kp));
    cudaEvent_t ev; P(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
    P(cudaGraphAddEventRecordNode(&rec, g, &n2, 1, ev));
    cudaGraphExec_t ge; P(cudaGraphInstantiate(&ge, g, 0));
    cudaGraphExec_t ge2; P(cudaGraphInstantiate(&ge2, g, 0));
    cudaStream_t s1, s2, s3; P(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking)); P(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking)); P(cudaStreamCreateWithFlags(&s3, cudaStreamNonBlocking));
    for (int r = 0; r < 4; ++r) { P(cudaGraphLaunch(ge, r % 2 ? s2 : s1)); }
    // s3 waits for the graph's event record of the last launch, then appends tag 9
    P(cudaStreamWaitEvent(s3, ev, 0));
    int tag9 = 9;
    step<<<1, 1, 0, s3>>>(log, pos, tag9);
    P(cudaDeviceSynchronize());
    int h[16]; P(cudaMemcpy(h, log, 64, cudaMemcpyDeviceToHost));
    printf("log:"); for (int i = 0; i < 9; ++i) printf(" %d", h[i]); printf("\n");
    // the original graph may be destroyed while execs live
    P(cudaGraphDestroy(g));
    P(cudaMemset(pos, 0, 4));
    P(cudaGraphLaunch(ge2, s1)); P(cudaGraphLaunch(ge2, s1)); P(cudaStreamSynchronize(s1));
    P(cudaMemcpy(h, log, 64, cudaMemcpyDeviceToHost));
    printf("after destroy:"); for (int i = 0; i < 4; ++i) printf(" %d", h[i]); printf("\n");
    P(cudaGraphLaunch(ge, 0)); P(cudaGraphLaunch(ge, cudaStreamPerThread)); P(cudaDeviceSynchronize());
    P(cudaGraphExecDestroy(ge)); P(cudaGraphExecDestroy(ge2));
    P(cudaGraphLaunch(ge, s1));
    P(cudaGraphLaunch(nullptr, s1));
    P(cudaGetLastError());
    return 0;
}
