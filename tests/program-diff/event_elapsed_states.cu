// Events: elapsed-time error cases and query states, value by value.
#include <cstdio>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-70s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void spin(volatile int *flag) { while (*flag == 0) { } }

int main() {
    cudaEvent_t a, b, nt, bs;
    R(cudaEventCreate(&a));
    R(cudaEventCreate(&b));
    R(cudaEventCreateWithFlags(&nt, cudaEventDisableTiming));
    R(cudaEventCreateWithFlags(&bs, cudaEventBlockingSync));
    float ms = -1.0f;
    // Never recorded.
    R(cudaEventQuery(a));
    R(cudaEventElapsedTime(&ms, a, b));
    printf("ms untouched: %d\n", ms == -1.0f);
    R(cudaGetLastError());
    R(cudaEventSynchronize(a));
    // One recorded, one not.
    R(cudaEventRecord(a, 0));
    R(cudaEventSynchronize(a));
    R(cudaEventElapsedTime(&ms, a, b));
    R(cudaEventElapsedTime(&ms, b, a));
    R(cudaGetLastError());
    // Same event twice.
    ms = -1.0f;
    R(cudaEventElapsedTime(&ms, a, a));
    printf("same event ms == 0: %d\n", ms == 0.0f);
    // Null output.
    R(cudaEventRecord(b, 0));
    R(cudaEventSynchronize(b));
    R(cudaEventElapsedTime(nullptr, a, b));
    ms = -1.0f;
    R(cudaEventElapsedTime(&ms, a, b));
    printf("a->b ms >= 0: %d\n", ms >= 0.0f);
    R(cudaEventElapsedTime(&ms, b, a));
    printf("b->a ms <= 0: %d\n", ms <= 0.0f);
    // Timing disabled.
    R(cudaEventRecord(nt, 0));
    R(cudaEventSynchronize(nt));
    R(cudaEventElapsedTime(&ms, a, nt));
    R(cudaEventElapsedTime(&ms, nt, a));
    R(cudaGetLastError());
    R(cudaPeekAtLastError());
    // Blocking-sync event times fine.
    R(cudaEventRecord(bs, 0));
    R(cudaEventSynchronize(bs));
    R(cudaEventElapsedTime(&ms, a, bs));
    // Pending: end recorded behind a spinning kernel.
    int *flag;
    R(cudaHostAlloc(&flag, sizeof(int), cudaHostAllocMapped));
    *flag = 0;
    cudaStream_t s;
    R(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    R(cudaEventRecord(a, s));
    spin<<<1, 1, 0, s>>>(flag);
    R(cudaEventRecord(b, s));
    R(cudaEventQuery(b));
    R(cudaStreamQuery(s));
    R(cudaEventElapsedTime(&ms, a, b));
    R(cudaGetLastError());
    R(cudaPeekAtLastError());
    // Query of the event recorded before the kernel.
    R(cudaEventQuery(a));
    *flag = 1;
    R(cudaEventSynchronize(b));
    R(cudaEventQuery(b));
    R(cudaStreamQuery(s));
    R(cudaEventElapsedTime(&ms, a, b));
    printf("kernel ms >= 0: %d\n", ms >= 0.0f);
    // Re-record an event: the newest record counts.
    *flag = 0;
    spin<<<1, 1, 0, s>>>(flag);
    R(cudaEventRecord(a, s));
    R(cudaEventQuery(a));
    R(cudaEventElapsedTime(&ms, a, b));
    *flag = 1;
    R(cudaStreamSynchronize(s));
    R(cudaEventElapsedTime(&ms, b, a));
    printf("b->a after re-record ms >= 0: %d\n", ms >= 0.0f);
    // Destroyed event.
    R(cudaEventDestroy(nt));
    R(cudaStreamDestroy(s));
    R(cudaEventDestroy(a));
    R(cudaEventDestroy(b));
    R(cudaEventDestroy(bs));
    R(cudaFreeHost(flag));
    R(cudaEventQuery(nullptr));
    R(cudaEventRecord(nullptr, 0));
    R(cudaEventSynchronize(nullptr));
    R(cudaEventDestroy(nullptr));
    R(cudaEventElapsedTime(&ms, nullptr, nullptr));
    R(cudaGetLastError());
    return 0;
}
