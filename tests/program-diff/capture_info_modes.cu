// cudaStreamGetCaptureInfo through a capture's life (an invalidated one answers its status only),
// prohibited calls per mode, cudaThreadExchangeStreamCaptureMode taking any value, dependency
// updates, unjoined work.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
// Stream capture: modes, capture info, dependency updates, prohibited calls, unjoined work.
__global__ void k(int *p, int v) { p[threadIdx.x] += v; }
static void info(const char *w, cudaStream_t s) {
    cudaStreamCaptureStatus st = (cudaStreamCaptureStatus)-1; unsigned long long id = 0; cudaGraph_t g = nullptr;
    const cudaGraphNode_t *deps = nullptr; const cudaGraphEdgeData *ed = nullptr; size_t nd = 99;
    cudaError_t e = cudaStreamGetCaptureInfo(s, &st, &id, &g, &deps, &ed, &nd);
    printf("%s: %s status %d id>0 %d graph %d deps %zu\n", w, cudaGetErrorName(e), (int)st, id > 0, g != nullptr, nd);
}
int main() {
    int *d; cudaMalloc(&d, 256 * 4); cudaMemset(d, 0, 1024);
    cudaStream_t s, t; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking); cudaStreamCreateWithFlags(&t, cudaStreamNonBlocking);
    info("idle", s);
    cudaGraph_t g;
    // global mode: a cudaMalloc in this thread is unsafe and invalidates the capture
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    info("begun", s);
    k<<<1, 32, 0, s>>>(d, 1);
    info("one kernel", s);
    void *p = nullptr;
    R(cudaMalloc(&p, 16));
    info("after cudaMalloc", s);
    R(cudaStreamEndCapture(s, &g));
    printf("graph null: %d\n", g == nullptr);
    // thread-local mode: cudaMalloc allowed
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
    R(cudaMalloc(&p, 16));
    R(cudaFree(p));
    k<<<1, 32, 0, s>>>(d, 1);
    R(cudaStreamEndCapture(s, &g));
    printf("graph null: %d\n", g == nullptr);
    // relaxed mode: cudaMalloc and cudaEventQuery allowed, synchronous calls on other stream ok
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
    R(cudaMalloc(&p, 16));
    cudaEvent_t e; cudaEventCreate(&e);
    R(cudaEventQuery(e));
    R(cudaStreamQuery(s));
    R(cudaStreamSynchronize(s));
    info("relaxed after sync attempt", s);
    R(cudaStreamEndCapture(s, &g));
    // exchange capture mode
    cudaStreamCaptureMode m = cudaStreamCaptureModeRelaxed;
    R(cudaThreadExchangeStreamCaptureMode(&m));
    printf("previous mode %d\n", (int)m);
    m = (cudaStreamCaptureMode)7;
    R(cudaThreadExchangeStreamCaptureMode(&m));
    m = cudaStreamCaptureModeGlobal;
    R(cudaThreadExchangeStreamCaptureMode(&m));
    printf("previous mode %d\n", (int)m);
    R(cudaStreamBeginCapture(s, (cudaStreamCaptureMode)5));
    // fork/join and capture info of the forked stream, dependency updates
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    k<<<1, 32, 0, s>>>(d, 1);
    cudaEvent_t f; cudaEventCreateWithFlags(&f, cudaEventDisableTiming);
    R(cudaEventRecord(f, s));
    R(cudaStreamWaitEvent(t, f, 0));
    info("forked t", t);
    k<<<1, 32, 0, t>>>(d, 10);
    k<<<1, 32, 0, s>>>(d, 100);
    unsigned long long ids, idt; cudaStreamCaptureStatus st;
    cudaStreamGetCaptureInfo(s, &st, &ids); cudaStreamGetCaptureInfo(t, &st, &idt);
    printf("same capture id: %d\n", ids == idt);
    cudaStreamIsCapturing(t, &st); printf("t capturing %d\n", (int)st);
    // end while t has unjoined work
    R(cudaStreamEndCapture(s, &g));
    info("t after failed end", t);
    cudaStreamIsCapturing(t, &st); printf("t capturing %d\n", (int)st);
    // retry with join and dependency replacement
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    k<<<1, 32, 0, s>>>(d, 1);
    const cudaGraphNode_t *deps; size_t nd; cudaGraph_t cg;
    cudaStreamGetCaptureInfo(s, &st, nullptr, &cg, &deps, nullptr, &nd);
    cudaGraphNode_t first = nd ? deps[0] : nullptr;
    k<<<1, 32, 0, s>>>(d, 2);
    // make the next node depend on the first only (not the second)
    R(cudaStreamUpdateCaptureDependencies(s, &first, nullptr, 1, cudaStreamSetCaptureDependencies));
    info("after set deps", s);
    k<<<1, 32, 0, s>>>(d, 4);
    info("after third", s);
    R(cudaStreamUpdateCaptureDependencies(s, &first, nullptr, 1, cudaStreamAddCaptureDependencies));
    info("after add deps", s);
    R(cudaStreamUpdateCaptureDependencies(s, &first, nullptr, 1, 5));
    k<<<1, 32, 0, s>>>(d, 8);
    R(cudaStreamEndCapture(s, &g));
    size_t nn = 0, ne = 0; cudaGraphGetNodes(g, nullptr, &nn); cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &ne);
    printf("nodes %zu edges %zu\n", nn, ne);
    cudaGraphExec_t ge; R(cudaGraphInstantiate(&ge, g, 0));
    cudaMemset(d, 0, 1024);
    R(cudaGraphLaunch(ge, s)); R(cudaStreamSynchronize(s));
    int h[32]; cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost); printf("value %d\n", h[0]);
    // capture info on the legacy stream, on a non-capturing stream with null out pointer
    R(cudaStreamGetCaptureInfo(s, nullptr));
    R(cudaStreamGetCaptureInfo(0, &st)); printf("legacy status %d\n", (int)st);
    // legacy stream use while another stream captures in global mode
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    k<<<1, 32>>>(d, 1);
    R(cudaGetLastError());
    info("after legacy launch", s);
    R(cudaStreamEndCapture(s, &g));
    // capturing the legacy stream itself
    R(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal));
    R(cudaStreamBeginCapture(cudaStreamPerThread, cudaStreamCaptureModeGlobal));
    k<<<1, 32, 0, cudaStreamPerThread>>>(d, 1);
    R(cudaStreamEndCapture(cudaStreamPerThread, &g));
    printf("per-thread graph null: %d\n", g == nullptr);
    // end capture on a stream that is not capturing / end on the wrong stream
    R(cudaStreamEndCapture(t, &g));
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    R(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    R(cudaEventRecord(f, s));
    R(cudaStreamWaitEvent(t, f, 0));
    R(cudaStreamEndCapture(t, &g));
    R(cudaStreamEndCapture(s, &g));
    R(cudaDeviceSynchronize());
    return 0;
}
