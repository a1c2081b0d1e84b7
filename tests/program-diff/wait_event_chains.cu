// cudaStreamWaitEvent across three streams, gated by host-controlled kernels; query states at each step.
#include <cstdio>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-64s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void gate(volatile int *flag) { while (*flag == 0) { } }
__global__ void stamp(int *log, int *counter, int id) { log[atomicAdd(counter, 1)] = id; }

int main() {
    int *flag, *log, *counter;
    R(cudaHostAlloc(&flag, 4 * sizeof(int), cudaHostAllocMapped));
    R(cudaMallocManaged(&log, 64 * sizeof(int)));
    R(cudaMallocManaged(&counter, sizeof(int)));
    for (int i = 0; i < 4; i++) flag[i] = 0;
    *counter = 0;
    cudaStream_t s1, s2, s3;
    R(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
    R(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    R(cudaStreamCreateWithFlags(&s3, cudaStreamNonBlocking));
    cudaEvent_t e1, e2, never;
    R(cudaEventCreateWithFlags(&e1, cudaEventDisableTiming));
    R(cudaEventCreateWithFlags(&e2, cudaEventDisableTiming));
    R(cudaEventCreate(&never));
    // A wait on a never-recorded event is a no-op.
    R(cudaStreamWaitEvent(s3, never, 0));
    R(cudaStreamQuery(s3));
    gate<<<1, 1, 0, s1>>>(flag + 0);
    stamp<<<1, 1, 0, s1>>>(log, counter, 1);
    R(cudaEventRecord(e1, s1));
    R(cudaStreamWaitEvent(s2, e1, 0));
    stamp<<<1, 1, 0, s2>>>(log, counter, 2);
    R(cudaEventRecord(e2, s2));
    R(cudaStreamWaitEvent(s3, e2, 0));
    stamp<<<1, 1, 0, s3>>>(log, counter, 3);
    // Work on s3 not behind the wait: a stream that only waited still reports NotReady.
    R(cudaStreamQuery(s1));
    R(cudaStreamQuery(s2));
    R(cudaStreamQuery(s3));
    R(cudaEventQuery(e1));
    R(cudaEventQuery(e2));
    // Re-recording e1 after the wait does not change what s2 waits for.
    R(cudaEventRecord(e1, s3));
    R(cudaEventQuery(e1));
    flag[0] = 1;
    R(cudaStreamSynchronize(s3));
    R(cudaStreamQuery(s1));
    R(cudaStreamQuery(s2));
    R(cudaEventQuery(e1));
    R(cudaEventQuery(e2));
    printf("order:");
    for (int i = 0; i < *counter; i++) printf(" %d", log[i]);
    printf("\n");
    // The wait takes the event's state at call time: a later record is not waited for.
    *counter = 0;
    R(cudaEventRecord(e1, s1));  // completes at once (s1 idle)
    R(cudaStreamWaitEvent(s2, e1, 0));
    gate<<<1, 1, 0, s1>>>(flag + 1);
    R(cudaEventRecord(e1, s1));  // now pending, but s2's wait is for the earlier record
    stamp<<<1, 1, 0, s2>>>(log, counter, 20);
    R(cudaStreamSynchronize(s2));
    R(cudaStreamQuery(s1));
    R(cudaEventQuery(e1));
    flag[1] = 1;
    R(cudaStreamSynchronize(s1));
    stamp<<<1, 1, 0, s1>>>(log, counter, 10);
    R(cudaDeviceSynchronize());
    printf("order:");
    for (int i = 0; i < *counter; i++) printf(" %d", log[i]);
    printf("\n");
    // Wait flags: nonzero flags other than External are invalid.
    R(cudaStreamWaitEvent(s2, e1, 1));
    R(cudaStreamWaitEvent(s2, e1, 2));
    R(cudaStreamWaitEvent(s2, e1, 0x10));
    R(cudaGetLastError());
    // Waiting on the same stream's own event, and the null stream on a non-blocking one.
    R(cudaEventRecord(e2, s2));
    R(cudaStreamWaitEvent(s2, e2, 0));
    R(cudaStreamWaitEvent(0, e2, 0));
    R(cudaStreamWaitEvent(cudaStreamPerThread, e2, 0));
    R(cudaStreamWaitEvent(cudaStreamLegacy, e2, 0));
    R(cudaStreamWaitEvent(s2, nullptr, 0));
    R(cudaDeviceSynchronize());
    R(cudaStreamDestroy(s1));
    R(cudaStreamDestroy(s2));
    R(cudaStreamDestroy(s3));
    return 0;
}
