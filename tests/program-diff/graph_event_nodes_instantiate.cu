// Event record/wait nodes (set, exec set, timing between them), cudaGraphInstantiateWithParams
// result codes and cudaGraphExecGetFlags.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-84s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void add(int *x, int v) { *x += v; }
static void CUDART_CB hf(void *) {}

int main() {
    int *x;
    R(cudaMallocManaged(&x, 16));
    x[0] = 0;
    cudaEvent_t e1, e2, e3;
    R(cudaEventCreate(&e1));
    R(cudaEventCreate(&e2));
    R(cudaEventCreateWithFlags(&e3, cudaEventDisableTiming));
    cudaGraph_t g;
    R(cudaGraphCreate(&g, 0));
    cudaGraphNode_t r1, k, r2, w;
    R(cudaGraphAddEventRecordNode(&r1, g, nullptr, 0, e1));
    cudaKernelNodeParams kp = {};
    int v = 3;
    void *args[] = {&x, &v};
    kp.func = (void *)add; kp.gridDim = dim3(1); kp.blockDim = dim3(1); kp.kernelParams = args;
    R(cudaGraphAddKernelNode(&k, g, &r1, 1, &kp));
    R(cudaGraphAddEventRecordNode(&r2, g, &k, 1, e2));
    R(cudaGraphAddEventWaitNode(&w, g, &r2, 1, e3));
    cudaEvent_t got = nullptr;
    R(cudaGraphEventRecordNodeGetEvent(r2, &got));
    printf("r2 event is e2 %d\n", got == e2);
    R(cudaGraphEventWaitNodeGetEvent(w, &got));
    printf("w event is e3 %d\n", got == e3);
    R(cudaGraphEventRecordNodeGetEvent(k, &got));
    R(cudaGraphEventWaitNodeGetEvent(r1, &got));
    R(cudaGraphAddEventRecordNode(&r1, g, nullptr, 0, nullptr));
    R(cudaGetLastError());
    cudaGraphExec_t ex;
    R(cudaGraphInstantiate(&ex, g, 0));
    R(cudaGraphLaunch(ex, 0));
    R(cudaStreamSynchronize(0));
    float ms = -1;
    R(cudaEventElapsedTime(&ms, e1, e2));
    printf("graph-recorded elapsed >= 0: %d, x %d\n", ms >= 0, x[0]);
    R(cudaEventQuery(e3));
    // Swap the recorded event in the exec.
    cudaEvent_t e4;
    R(cudaEventCreate(&e4));
    R(cudaGraphExecEventRecordNodeSetEvent(ex, r2, e4));
    R(cudaGraphExecEventRecordNodeSetEvent(ex, k, e4));
    R(cudaGraphExecEventWaitNodeSetEvent(ex, w, e1));
    R(cudaGetLastError());
    R(cudaGraphLaunch(ex, 0));
    R(cudaStreamSynchronize(0));
    R(cudaEventElapsedTime(&ms, e1, e4));
    printf("after exec set: elapsed >= 0 %d, x %d\n", ms >= 0, x[0]);
    R(cudaGraphEventRecordNodeSetEvent(r2, e4));
    R(cudaGraphEventRecordNodeGetEvent(r2, &got));
    printf("graph r2 now e4 %d\n", got == e4);
    // Instantiate with params: results.
    cudaGraphInstantiateParams ip;
    memset(&ip, 0, sizeof ip);
    ip.flags = cudaGraphInstantiateFlagUpload;
    ip.uploadStream = 0;
    cudaGraphExec_t ex2;
    R(cudaGraphInstantiateWithParams(&ex2, g, &ip));
    printf("upload result %d errNode null %d\n", (int)ip.result_out, ip.errNode_out == nullptr);
    unsigned long long fl = 99;
    R(cudaGraphExecGetFlags(ex2, &fl));
    printf("exec flags %llu\n", fl);
    memset(&ip, 0, sizeof ip);
    ip.flags = cudaGraphInstantiateFlagDeviceLaunch;
    cudaGraphExec_t ex3 = nullptr;
    R(cudaGraphInstantiateWithParams(&ex3, g, &ip));
    printf("device-launch with event nodes: result %d errNode is r1 %d other %d\n", (int)ip.result_out,
           ip.errNode_out == r1, ip.errNode_out != nullptr && ip.errNode_out != r1);
    R(cudaGetLastError());
    // A graph of one kernel for device launch.
    cudaGraph_t g2;
    R(cudaGraphCreate(&g2, 0));
    cudaGraphNode_t k2;
    R(cudaGraphAddKernelNode(&k2, g2, nullptr, 0, &kp));
    memset(&ip, 0, sizeof ip);
    ip.flags = cudaGraphInstantiateFlagDeviceLaunch;
    R(cudaGraphInstantiateWithParams(&ex3, g2, &ip));
    printf("device-launch kernel-only result %d\n", (int)ip.result_out);
    R(cudaGraphExecGetFlags(ex3, &fl));
    printf("exec flags %llu\n", fl);
    R(cudaGraphUpload(ex3, 0));
    R(cudaGraphLaunch(ex3, 0));
    R(cudaStreamSynchronize(0));
    printf("x after device-launchable host launch %d\n", x[0]);
    // Host node in a device-launch graph.
    cudaGraphNode_t hn;
    cudaHostNodeParams hp = {hf, nullptr};
    R(cudaGraphAddHostNode(&hn, g2, &k2, 1, &hp));
    cudaGraphExec_t ex4 = nullptr;
    memset(&ip, 0, sizeof ip);
    ip.flags = cudaGraphInstantiateFlagDeviceLaunch;
    R(cudaGraphInstantiateWithParams(&ex4, g2, &ip));
    printf("device-launch with host node: result %d errNode is host %d\n", (int)ip.result_out, ip.errNode_out == hn);
    memset(&ip, 0, sizeof ip);
    ip.flags = 0x100;
    R(cudaGraphInstantiateWithParams(&ex4, g2, &ip));
    printf("bad flags result %d\n", (int)ip.result_out);
    R(cudaGraphInstantiateWithParams(&ex4, g2, nullptr));
    R(cudaGraphInstantiate(&ex4, g2, cudaGraphInstantiateFlagAutoFreeOnLaunch | cudaGraphInstantiateFlagUseNodePriority));
    R(cudaGraphExecGetFlags(ex4, &fl));
    printf("exec flags %llu\n", fl);
    R(cudaGraphExecGetFlags(ex4, nullptr));
    R(cudaGetLastError());
    return 0;
}
