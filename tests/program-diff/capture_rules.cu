// Stream capture as libraries meet it: a fork/join capture over three streams (events carry the
// dependencies), cudaStreamGetCaptureInfo's status, id, graph and dependency count on the origin
// and a forked stream, cudaStreamIsCapturing of each stream and of the legacy stream; then the
// operations capture forbids and the exact errors: ending capture on a forked stream, ending it
// with a stream still unjoined, cudaStreamSynchronize / cudaStreamQuery / cudaEventQuery /
// cudaEventSynchronize / cudaMalloc / cudaMemcpy (synchronous) during a global capture and in
// relaxed mode, work on the legacy stream while another stream captures, cudaEventRecord of an
// event then waited outside the capture, beginning a capture twice, and the invalidated
// capture's cudaStreamEndCapture.
#include <cstdio>
#include <cuda_runtime.h>

#define R(call) printf("%-62s -> %s\n", #call, cudaGetErrorName(call))

__global__ void add(int *p, int v) { p[threadIdx.x] += v; }
__global__ void mul(int *p, int v) { p[threadIdx.x] *= v; }

static void info(const char *what, cudaStream_t s) {
    cudaStreamCaptureStatus st = (cudaStreamCaptureStatus)9;
    unsigned long long id = 0;
    cudaGraph_t g = nullptr;
    const cudaGraphNode_t *deps = nullptr;
    size_t n = 99;
    cudaError_t e = cudaStreamGetCaptureInfo(s, &st, &id, &g, &deps, nullptr, &n);
    printf("%-22s info %s status %d id %s graph %s deps %zu\n", what, cudaGetErrorName(e), (int)st, id ? "set" : "0",
           g ? "set" : "null", n);
}

static void capturing(const char *what, cudaStream_t s) {
    cudaStreamCaptureStatus st = (cudaStreamCaptureStatus)9;
    cudaError_t e = cudaStreamIsCapturing(s, &st);
    printf("%-22s capturing %s status %d\n", what, cudaGetErrorName(e), (int)st);
}

int main() {
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    cudaMemset(d, 0, 32 * sizeof(int));
    cudaStream_t s0, s1, s2;
    cudaStreamCreateWithFlags(&s0, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
    cudaEvent_t fork, j1, j2;
    cudaEventCreateWithFlags(&fork, cudaEventDisableTiming);
    cudaEventCreateWithFlags(&j1, cudaEventDisableTiming);
    cudaEventCreateWithFlags(&j2, cudaEventDisableTiming);

    info("idle", s0);
    R(cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal));
    info("origin begun", s0);
    add<<<1, 32, 0, s0>>>(d, 1);
    info("origin 1 node", s0);
    R(cudaEventRecord(fork, s0));
    R(cudaStreamWaitEvent(s1, fork, 0));
    R(cudaStreamWaitEvent(s2, fork, 0));
    capturing("s1 forked", s1);
    info("s1 forked", s1);
    mul<<<1, 32, 0, s1>>>(d, 3);
    add<<<1, 16, 0, s2>>>(d + 16, 100);
    add<<<1, 16, 0, s2>>>(d, 5);
    R(cudaEventRecord(j1, s1));
    R(cudaEventRecord(j2, s2));
    R(cudaStreamWaitEvent(s0, j1, 0));
    R(cudaStreamWaitEvent(s0, j2, 0));
    info("origin joined", s0);
    cudaGraph_t g = nullptr;
    R(cudaStreamEndCapture(s1, &g));
    R(cudaStreamEndCapture(s0, &g));
    capturing("s1 after end", s1);
    size_t nodes = 0, edges = 0;
    cudaGraphGetNodes(g, nullptr, &nodes);
    cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &edges);
    printf("graph: %zu nodes %zu edges\n", nodes, edges);
    cudaGraphExec_t ex;
    R(cudaGraphInstantiate(&ex, g, 0));
    for (int i = 0; i < 3; i++) R(cudaGraphLaunch(ex, s0));
    R(cudaStreamSynchronize(s0));
    int h[32];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("d[0]=%d d[15]=%d d[16]=%d d[31]=%d\n", h[0], h[15], h[16], h[31]);

    // an unjoined fork
    R(cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal));
    R(cudaEventRecord(fork, s0));
    R(cudaStreamWaitEvent(s1, fork, 0));
    add<<<1, 32, 0, s1>>>(d, 1);
    R(cudaStreamEndCapture(s0, &g));
    printf("graph after unjoined: %s\n", g ? "set" : "null");
    capturing("s1 after unjoined", s1);
    R(cudaGetLastError());

    // forbidden calls in global mode
    const char *names[] = {"cudaStreamSynchronize", "cudaStreamQuery", "cudaEventQuery", "cudaEventSynchronize",
                           "cudaMalloc", "cudaMemcpy sync", "legacy stream launch", "cudaDeviceSynchronize"};
    for (int which = 0; which < 8; which++) {
        R(cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal));
        add<<<1, 32, 0, s0>>>(d, 1);
        cudaError_t e = cudaSuccess;
        int *tmp = nullptr;
        switch (which) {
        case 0: e = cudaStreamSynchronize(s0); break;
        case 1: e = cudaStreamQuery(s0); break;
        case 2: e = cudaEventQuery(fork); break;
        case 3: e = cudaEventSynchronize(fork); break;
        case 4: e = cudaMalloc(&tmp, 64); break;
        case 5: e = cudaMemcpy(h, d, 4, cudaMemcpyDeviceToHost); break;
        case 6: add<<<1, 1>>>(d, 1); e = cudaGetLastError(); break;
        case 7: e = cudaDeviceSynchronize(); break;
        }
        cudaStreamCaptureStatus st;
        cudaStreamIsCapturing(s0, &st);
        cudaError_t end = cudaStreamEndCapture(s0, &g);
        cudaError_t last = cudaGetLastError();
        printf("%-22s -> %s, then status %d, end %s (graph %s), last %s\n", names[which], cudaGetErrorName(e), (int)st,
               cudaGetErrorName(end), g ? "set" : "null", cudaGetErrorName(last));
        if (g) cudaGraphDestroy(g);
        if (tmp) cudaFree(tmp);
    }
    // relaxed mode allows some
    for (int which = 0; which < 2; which++) {
        R(cudaStreamBeginCapture(s0, cudaStreamCaptureModeRelaxed));
        add<<<1, 32, 0, s0>>>(d, 1);
        int *tmp = nullptr;
        cudaError_t e = which == 0 ? cudaMalloc(&tmp, 64) : cudaEventQuery(fork);
        cudaError_t end = cudaStreamEndCapture(s0, &g);
        printf("relaxed %-14s -> %s, end %s graph %s\n", which == 0 ? "cudaMalloc" : "cudaEventQuery", cudaGetErrorName(e),
               cudaGetErrorName(end), g ? "set" : "null");
        if (g) cudaGraphDestroy(g);
        if (tmp) cudaFree(tmp);
        cudaGetLastError();
    }
    // thread-local mode: the legacy stream is still forbidden
    R(cudaStreamBeginCapture(s0, cudaStreamCaptureModeThreadLocal));
    capturing("legacy during capture", cudaStreamLegacy);
    R(cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal));
    R(cudaStreamEndCapture(s0, &g));
    printf("empty capture graph %s\n", g ? "set" : "null");
    if (g) {
        size_t n = 9;
        cudaGraphGetNodes(g, nullptr, &n);
        printf("empty capture nodes %zu\n", n);
        cudaGraphDestroy(g);
    }
    R(cudaStreamEndCapture(s0, &g));
    cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
    R(cudaThreadExchangeStreamCaptureMode(&mode));
    printf("previous mode %d\n", (int)mode);
    R(cudaThreadExchangeStreamCaptureMode(&mode));
    printf("restored, was %d\n", (int)mode);
    R(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal));
    R(cudaGetLastError());
    // a blocking stream captures: the legacy stream's implicit synchronization is an error
    cudaStream_t blocking;
    cudaStreamCreate(&blocking);
    for (int which = 0; which < 2; which++) {
        R(cudaStreamBeginCapture(blocking, cudaStreamCaptureModeRelaxed));
        add<<<1, 32, 0, blocking>>>(d, 1);
        cudaError_t e;
        if (which == 0) {
            add<<<1, 1>>>(d, 1);
            e = cudaGetLastError();
        } else {
            e = cudaMemsetAsync(d, 0, 4, 0);
        }
        cudaStreamCaptureStatus st;
        cudaStreamIsCapturing(blocking, &st);
        cudaError_t end = cudaStreamEndCapture(blocking, &g);
        printf("blocking capture, legacy %s -> %s status %d end %s graph %s last %s\n", which ? "memset" : "launch",
               cudaGetErrorName(e), (int)st, cudaGetErrorName(end), g ? "set" : "null", cudaGetErrorName(cudaGetLastError()));
        if (g) cudaGraphDestroy(g);
    }
    R(cudaDeviceSynchronize());
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("final d[0]=%d d[31]=%d\n", h[0], h[31]);
    return 0;
}
