// The legacy default stream's implicit synchronisation: work on the null stream waits for
// blocking streams (and they for it) but not for cudaStreamNonBlocking streams. Kernels wait
// on host-set flags so that every observation is deterministic.
#include <cstdio>
#include <unistd.h>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void wait_flag(volatile int* flag, int* out, int v) { while (*flag == 0) { } *out = v; }
__global__ void store(int* out, int v) { *out = v; }

static cudaError_t poll(cudaStream_t s, int ms) {
    cudaError_t e = cudaErrorNotReady;
    for (int i = 0; i < ms && (e = cudaStreamQuery(s)) == cudaErrorNotReady; ++i) usleep(1000);
    return e;
}

int main() {
    int* flag; P(cudaHostAlloc(&flag, 16, cudaHostAllocMapped));
    int* df; P(cudaHostGetDevicePointer((void**)&df, flag, 0));
    int* out; P(cudaMalloc(&out, 64)); P(cudaMemset(out, 0, 64));
    cudaStream_t blocking, nonblocking;
    P(cudaStreamCreate(&blocking)); P(cudaStreamCreateWithFlags(&nonblocking, cudaStreamNonBlocking));

    // 1. blocking stream busy -> a null-stream kernel waits for it
    flag[0] = 0;
    wait_flag<<<1, 1, 0, blocking>>>(df, out, 1);
    store<<<1, 1>>>(out + 1, 2);
    usleep(20000);
    printf("1: null stream query while blocking stream busy: %s\n", cudaGetErrorName(cudaStreamQuery(0)));
    *(volatile int*)flag = 1;
    P(cudaDeviceSynchronize());
    // 2. non-blocking stream busy -> a null-stream kernel does not wait
    flag[0] = 0;
    wait_flag<<<1, 1, 0, nonblocking>>>(df, out + 2, 3);
    store<<<1, 1>>>(out + 3, 4);
    printf("2: null stream finished while non-blocking busy: %s\n", cudaGetErrorName(poll(0, 5000)));
    printf("2: non-blocking query: %s\n", cudaGetErrorName(cudaStreamQuery(nonblocking)));
    *(volatile int*)flag = 1;
    P(cudaStreamSynchronize(nonblocking));
    // 3. null stream busy -> later work on a blocking stream waits for it
    flag[0] = 0;
    wait_flag<<<1, 1>>>(df, out + 4, 5);
    store<<<1, 1, 0, blocking>>>(out + 5, 6);
    usleep(20000);
    printf("3: blocking stream query while null busy: %s\n", cudaGetErrorName(cudaStreamQuery(blocking)));
    store<<<1, 1, 0, nonblocking>>>(out + 6, 7);
    printf("3: non-blocking finished while null busy: %s\n", cudaGetErrorName(poll(nonblocking, 5000)));
    *(volatile int*)flag = 1;
    P(cudaDeviceSynchronize());
    // 4. cudaStreamLegacy explicitly behaves as 0; cudaStreamPerThread (not the default here) as a blocking stream
    flag[0] = 0;
    wait_flag<<<1, 1, 0, blocking>>>(df, out + 7, 8);
    store<<<1, 1, 0, cudaStreamLegacy>>>(out + 8, 9);
    usleep(20000);
    printf("4: cudaStreamLegacy query: %s\n", cudaGetErrorName(cudaStreamQuery(cudaStreamLegacy)));
    *(volatile int*)flag = 1;
    P(cudaDeviceSynchronize());
    flag[0] = 0;
    wait_flag<<<1, 1>>>(df, out + 9, 10);
    store<<<1, 1, 0, cudaStreamPerThread>>>(out + 10, 11);
    usleep(20000);
    printf("4: per-thread stream query while null busy: %s\n", cudaGetErrorName(cudaStreamQuery(cudaStreamPerThread)));
    *(volatile int*)flag = 1;
    P(cudaDeviceSynchronize());
    // 5. cudaMemcpyAsync on a non-blocking stream does not wait for the null stream; cudaMemcpy (null stream) does
    int h[16] = {};
    P(cudaMemcpy(h, out, 64, cudaMemcpyDeviceToHost));
    printf("out:"); for (int i = 0; i < 11; ++i) printf(" %d", h[i]); printf("\n");
    P(cudaGetLastError());
    return 0;
}
