// Capture modes seen from another thread: a global capture forbids that thread's unsafe calls
// (cudaMalloc, cudaEventQuery) unless it opted out; cudaDeviceSynchronize while any stream captures
// fails and invalidates it, in every mode.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
#include <pthread.h>
// Capture modes seen from another thread: global capture forbids unsafe calls in every thread
// that has not opted out, thread-local only in the capturing thread, relaxed nowhere.
__global__ void k(int *p) { atomicAdd(p, 1); }
struct Job { int mode; cudaError_t malloc_e, free_e, sync_e, query_e, other_capture_e; };
static void *other(void *arg) {
    Job *j = (Job *)arg;
    if (j->mode >= 0) { cudaStreamCaptureMode m = (cudaStreamCaptureMode)j->mode; cudaThreadExchangeStreamCaptureMode(&m); }
    void *p = nullptr;
    j->malloc_e = cudaMalloc(&p, 64); cudaGetLastError();
    j->free_e = p ? cudaFree(p) : cudaErrorUnknown; cudaGetLastError();
    j->sync_e = cudaDeviceSynchronize(); cudaGetLastError();
    cudaEvent_t e; cudaEventCreate(&e);
    j->query_e = cudaEventQuery(e); cudaGetLastError();
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    j->other_capture_e = cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    if (j->other_capture_e == cudaSuccess) { cudaGraph_t g; cudaStreamEndCapture(s, &g); }
    cudaGetLastError();
    return nullptr;
}
static void round(const char *name, cudaStreamCaptureMode capmode, int othermode) {
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    int *d; cudaMalloc(&d, 4);
    cudaStreamBeginCapture(s, capmode);
    k<<<1, 1, 0, s>>>(d);
    Job j = {othermode};
    pthread_t t; pthread_create(&t, nullptr, other, &j); pthread_join(t, nullptr);
    cudaGraph_t g = nullptr; cudaError_t end = cudaStreamEndCapture(s, &g);
    printf("%-28s other thread: malloc %s free %s sync %s query %s capture %s | end %s\n", name, cudaGetErrorName(j.malloc_e), cudaGetErrorName(j.free_e),
           cudaGetErrorName(j.sync_e), cudaGetErrorName(j.query_e), cudaGetErrorName(j.other_capture_e), cudaGetErrorName(end));
    cudaGetLastError();
    cudaDeviceSynchronize(); cudaGetLastError();
}
int main() {
    round("global / other default", cudaStreamCaptureModeGlobal, -1);
    round("global / other relaxed", cudaStreamCaptureModeGlobal, cudaStreamCaptureModeRelaxed);
    round("global / other thread-local", cudaStreamCaptureModeGlobal, cudaStreamCaptureModeThreadLocal);
    round("thread-local / other default", cudaStreamCaptureModeThreadLocal, -1);
    round("relaxed / other default", cudaStreamCaptureModeRelaxed, -1);
    return 0;
}
