// What may be enqueued while a stream captures, as an H200 answers: an external wait on the same
// capture's external record (InvalidValue, invalidating it), work after the invalidation
// (StreamCaptureInvalidated), host functions, callbacks, synchronous calls, legacy-stream work.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
// What may be enqueued while a stream captures: host functions, callbacks, event flags,
// synchronous copies and memsets, queries; and capture across two threads' modes.
__global__ void k(int *p) { atomicAdd(p, 1); }
static int calls = 0;
static void hf(void *) { calls++; }
static void CUDART_CB cb(cudaStream_t, cudaError_t, void *) { calls += 100; }
int main() {
    int *d; cudaMalloc(&d, 64); cudaMemset(d, 0, 64);
    int *pinned; cudaMallocHost(&pinned, 64);
    int pageable[16] = {0};
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaGraph_t g; cudaGraphExec_t ge;
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    R(cudaLaunchHostFunc(s, hf, nullptr));
    R(cudaStreamAddCallback(s, cb, nullptr, 0));
    R(cudaStreamEndCapture(s, &g));
    printf("graph null %d\n", g == nullptr);
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    k<<<1, 1, 0, s>>>(d);
    R(cudaLaunchHostFunc(s, hf, nullptr));
    cudaEvent_t e; cudaEventCreate(&e);
    R(cudaEventRecordWithFlags(e, s, cudaEventRecordExternal));
    R(cudaEventRecordWithFlags(e, s, cudaEventRecordDefault));
    R(cudaEventRecordWithFlags(e, s, 4));
    R(cudaMemcpyAsync(pinned, d, 4, cudaMemcpyDeviceToHost, s));
    R(cudaMemcpyAsync(pageable, d, 4, cudaMemcpyDeviceToHost, s));
    R(cudaStreamEndCapture(s, &g));
    printf("graph null %d\n", g == nullptr);
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    k<<<1, 1, 0, s>>>(d);
    R(cudaLaunchHostFunc(s, hf, nullptr));
    R(cudaEventRecordWithFlags(e, s, cudaEventRecordExternal));
    R(cudaStreamWaitEvent(s, e, cudaEventWaitExternal));
    R(cudaMemcpyAsync(pinned, d, 4, cudaMemcpyDeviceToHost, s));
    R(cudaMemsetAsync(d + 4, 7, 4, s));
    R(cudaStreamEndCapture(s, &g));
    if (g) {
        size_t n = 0; cudaGraphGetNodes(g, nullptr, &n); printf("nodes %zu\n", n);
        cudaGraphNode_t nodes[16]; n = 16; cudaGraphGetNodes(g, nodes, &n);
        for (size_t i = 0; i < n; i++) { cudaGraphNodeType t; cudaGraphNodeGetType(nodes[i], &t); printf(" type %d", (int)t); }
        printf("\n");
        R(cudaGraphInstantiate(&ge, g, 0));
        R(cudaGraphLaunch(ge, s)); R(cudaStreamSynchronize(s));
        printf("calls %d pinned %d\n", calls, pinned[0]);
    }
    // synchronous calls on the capturing stream / on the legacy stream while capturing
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    R(cudaMemcpy(pinned, d, 4, cudaMemcpyDeviceToHost));
    R(cudaStreamEndCapture(s, &g));
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    R(cudaMemset(d, 0, 4));
    R(cudaStreamEndCapture(s, &g));
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
    R(cudaMemset(d, 0, 4));
    R(cudaMemcpy(pinned, d, 4, cudaMemcpyDeviceToHost));
    R(cudaEventSynchronize(e));
    R(cudaStreamEndCapture(s, &g));
    // a blocking (not non-blocking) stream capturing, then legacy stream work
    cudaStream_t b; cudaStreamCreate(&b);
    R(cudaStreamBeginCapture(b, cudaStreamCaptureModeGlobal));
    k<<<1, 1>>>(d);
    R(cudaGetLastError());
    R(cudaStreamEndCapture(b, &g));
    R(cudaStreamBeginCapture(b, cudaStreamCaptureModeRelaxed));
    k<<<1, 1>>>(d);
    R(cudaGetLastError());
    R(cudaStreamEndCapture(b, &g));
    R(cudaDeviceSynchronize());
    R(cudaStreamBeginCapture(b, cudaStreamCaptureModeGlobal));
    R(cudaDeviceSynchronize());
    R(cudaStreamEndCapture(b, &g));
    R(cudaStreamBeginCapture(b, cudaStreamCaptureModeGlobal));
    R(cudaStreamQuery(0));
    R(cudaStreamEndCapture(b, &g));
    return 0;
}
