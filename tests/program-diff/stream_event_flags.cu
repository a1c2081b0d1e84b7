// Streams and events as a scheduler library inspects them: the priority range, streams of
// every priority in it and beyond (clamped), cudaStreamGetPriority/GetFlags of the legacy,
// per-thread and created streams, cudaStreamQuery before and after work, events created with
// each flag combination (cudaEventDisableTiming, BlockingSync, Interprocess), cudaEventQuery of
// a never-recorded event, cudaEventElapsedTime's exact errors (timing disabled, an event not
// yet recorded, either order), cudaEventRecordWithFlags, cudaStreamWaitEvent with a bad flag,
// cudaStreamAddCallback with a nonzero flag, and destroying the legacy default stream.
#include <cstdio>
#include <cuda_runtime.h>

#define R(call) printf("%-64s -> %s\n", #call, cudaGetErrorName(call))

__global__ void spin(int *p, int n) {
    for (int i = 0; i < n; i++) atomicAdd(p, 1);
}

static int calls = 0;
static cudaError_t last_status = cudaErrorUnknown;
static void CUDART_CB cb(cudaStream_t, cudaError_t status, void *data) {
    calls += *(int *)data;
    last_status = status;
}

int main() {
    int lo = 99, hi = 99;
    R(cudaDeviceGetStreamPriorityRange(&lo, &hi));
    printf("least %d greatest %d\n", lo, hi);
    R(cudaDeviceGetStreamPriorityRange(nullptr, &hi));
    for (int pr = hi - 2; pr <= lo + 2; pr++) {
        cudaStream_t s;
        cudaError_t e = cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, pr);
        int got = 42;
        unsigned flags = 42;
        cudaStreamGetPriority(s, &got);
        cudaStreamGetFlags(s, &flags);
        printf("asked %2d: %s priority %d flags %u\n", pr, cudaGetErrorName(e), got, flags);
        cudaStreamDestroy(s);
    }
    cudaStream_t bad;
    R(cudaStreamCreateWithFlags(&bad, 2));
    R(cudaStreamCreateWithPriority(&bad, 4, 0));
    int p = 7;
    unsigned f = 7;
    R(cudaStreamGetPriority(0, &p));
    R(cudaStreamGetFlags(0, &f));
    printf("null stream: priority %d flags %u\n", p, f);
    R(cudaStreamGetPriority(cudaStreamLegacy, &p));
    R(cudaStreamGetFlags(cudaStreamLegacy, &f));
    printf("legacy: priority %d flags %u\n", p, f);
    R(cudaStreamGetPriority(cudaStreamPerThread, &p));
    R(cudaStreamGetFlags(cudaStreamPerThread, &f));
    printf("per-thread: priority %d flags %u\n", p, f);
    unsigned long long id0 = 1, id1 = 2, id2 = 3;
    cudaStream_t a, b;
    cudaStreamCreate(&a);
    cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
    R(cudaStreamGetId(a, &id1));
    R(cudaStreamGetId(b, &id2));
    R(cudaStreamGetId(0, &id0));
    printf("ids distinct: %d %d\n", id1 != id2, id0 != id1);
    int dev = -1;
    R(cudaStreamGetDevice(b, &dev));
    printf("device %d\n", dev);

    int *ctr;
    cudaMalloc(&ctr, 4);
    cudaMemset(ctr, 0, 4);
    R(cudaStreamQuery(a));
    spin<<<1, 1, 0, a>>>(ctr, 2000);
    cudaStreamSynchronize(a);
    R(cudaStreamQuery(a));

    const unsigned combos[] = {cudaEventDefault, cudaEventBlockingSync, cudaEventDisableTiming,
                               cudaEventBlockingSync | cudaEventDisableTiming, cudaEventInterprocess,
                               cudaEventInterprocess | cudaEventDisableTiming, 8, 0x10};
    for (unsigned c : combos) {
        cudaEvent_t e;
        cudaError_t r = cudaEventCreateWithFlags(&e, c);
        printf("event flags 0x%x: %s", c, cudaGetErrorName(r));
        if (r == cudaSuccess) {
            printf(" query(unrecorded) %s", cudaGetErrorName(cudaEventQuery(e)));
            printf(" sync(unrecorded) %s", cudaGetErrorName(cudaEventSynchronize(e)));
            cudaEventDestroy(e);
        }
        printf("\n");
    }
    cudaEvent_t t0, t1, nt, never;
    cudaEventCreate(&t0);
    cudaEventCreate(&t1);
    cudaEventCreate(&never);
    cudaEventCreateWithFlags(&nt, cudaEventDisableTiming);
    R(cudaEventRecord(t0, a));
    spin<<<1, 1, 0, a>>>(ctr, 1000);
    R(cudaEventRecord(nt, a));
    R(cudaEventRecordWithFlags(t1, a, cudaEventRecordDefault));
    R(cudaEventRecordWithFlags(t1, a, cudaEventRecordExternal));
    R(cudaEventRecordWithFlags(t1, a, 4));
    R(cudaEventSynchronize(t1));
    float ms = -1;
    cudaError_t e = cudaEventElapsedTime(&ms, t0, t1);
    printf("elapsed t0->t1: %s nonnegative %d\n", cudaGetErrorName(e), ms >= 0);
    e = cudaEventElapsedTime(&ms, t1, t0);
    printf("elapsed t1->t0: %s nonpositive %d\n", cudaGetErrorName(e), ms <= 0);
    R(cudaEventElapsedTime(&ms, t0, nt));
    R(cudaEventElapsedTime(&ms, nt, t1));
    R(cudaEventElapsedTime(&ms, t0, never));
    R(cudaEventElapsedTime(&ms, never, t0));
    R(cudaEventElapsedTime(nullptr, t0, t1));
    R(cudaGetLastError());
    R(cudaStreamWaitEvent(b, t1, 0));
    R(cudaStreamWaitEvent(b, t1, 1));
    R(cudaStreamWaitEvent(b, never, 0));
    int data = 77;
    R(cudaStreamAddCallback(a, cb, &data, 0));
    R(cudaStreamAddCallback(a, cb, &data, 1));
    R(cudaStreamSynchronize(a));
    printf("callbacks ran: %d, status %s\n", calls, cudaGetErrorName(last_status));
    R(cudaEventDestroy(t0));
    R(cudaEventQuery(t1));
    R(cudaStreamDestroy(a));
    R(cudaStreamDestroy(b));
    R(cudaStreamDestroy(0));
    R(cudaStreamDestroy(cudaStreamLegacy));
    R(cudaStreamDestroy(cudaStreamPerThread));
    R(cudaGetLastError());
    int h = 0;
    cudaMemcpy(&h, ctr, 4, cudaMemcpyDeviceToHost);
    printf("counter %d\n", h);
    R(cudaDeviceSynchronize());
    return 0;
}
