// Events: cudaEventDisableTiming and cudaEventElapsedTime's errors, unrecorded events
// (query, synchronize, elapsed), interprocess flags, record-with-flags, wait-with-flags,
// re-recording, and elapsed times that are only checked for sign.
#include <cstdio>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void spin(int* p, int n) { int s = 0; for (int i = 0; i < n; ++i) s += i ^ threadIdx.x; p[threadIdx.x] = s; }

int main() {
    cudaEvent_t t0, t1, nt, un, bs, ip;
    P(cudaEventCreate(&t0)); P(cudaEventCreate(&t1));
    P(cudaEventCreateWithFlags(&nt, cudaEventDisableTiming));
    P(cudaEventCreate(&un));
    P(cudaEventCreateWithFlags(&bs, cudaEventBlockingSync));
    P(cudaEventCreateWithFlags(&ip, cudaEventInterprocess));
    P(cudaEventCreateWithFlags(&ip, cudaEventInterprocess | cudaEventDisableTiming));
    P(cudaEventCreateWithFlags(&ip, 0x40));
    P(cudaEventQuery(un));
    P(cudaEventSynchronize(un));
    float ms = -1;
    P(cudaEventElapsedTime(&ms, un, un)); printf("ms %g\n", ms);
    int* d; P(cudaMalloc(&d, 1024));
    cudaStream_t s; P(cudaStreamCreate(&s));
    P(cudaEventRecord(t0, s));
    spin<<<1, 256, 0, s>>>(d, 1000);
    P(cudaEventRecord(nt, s));
    P(cudaEventRecord(t1, s));
    P(cudaEventRecord(bs, s));
    P(cudaEventSynchronize(t1));
    P(cudaEventSynchronize(bs));
    ms = -1; P(cudaEventElapsedTime(&ms, t0, t1)); printf("t0->t1 nonneg %d\n", ms >= 0);
    ms = -1; P(cudaEventElapsedTime(&ms, t1, t0)); printf("t1->t0 nonpos %d\n", ms <= 0);
    ms = -1; P(cudaEventElapsedTime(&ms, t0, nt)); printf("ms %g\n", ms);
    ms = -1; P(cudaEventElapsedTime(&ms, nt, t1)); printf("ms %g\n", ms);
    ms = -1; P(cudaEventElapsedTime(&ms, t0, un)); printf("ms %g\n", ms);
    P(cudaEventElapsedTime(nullptr, t0, t1));
    P(cudaEventQuery(nt));
    P(cudaEventRecordWithFlags(t0, s, cudaEventRecordDefault));
    P(cudaEventRecordWithFlags(t0, s, cudaEventRecordExternal));
    P(cudaEventRecordWithFlags(t0, s, 4));
    P(cudaStreamWaitEvent(s, t0, cudaEventWaitDefault));
    P(cudaStreamWaitEvent(s, t0, cudaEventWaitExternal));
    P(cudaStreamWaitEvent(s, t0, 2));
    P(cudaStreamWaitEvent(s, un, 0));
    P(cudaStreamSynchronize(s));
    // re-record t0 after t1: elapsed now negative or zero
    P(cudaEventRecord(t0, s)); P(cudaEventSynchronize(t0));
    ms = 1; P(cudaEventElapsedTime(&ms, t0, t1)); printf("re-recorded nonpos %d\n", ms <= 0);
    // record on the legacy stream and per-thread stream
    P(cudaEventRecord(t1, 0)); P(cudaEventRecord(t1, cudaStreamPerThread)); P(cudaEventSynchronize(t1));
    P(cudaEventDestroy(un));
    P(cudaEventCreate(nullptr));
    P(cudaGetLastError());
    return 0;
}
