// Legacy default stream against blocking and non-blocking streams, both directions, with
// host-gated kernels; stream priorities clamped at creation; destroy with pending work.
#include <chrono>
#include <cstdio>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-70s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void gate(volatile int *flag) { while (*flag == 0) { } }
__global__ void put(int *x, int v) { *x = v; }

static volatile int *flag;
static int *x;

static void trial(const char *what, cudaStream_t first, cudaStream_t second) {
    *flag = 0;
    x[0] = 0;
    gate<<<1, 1, 0, first>>>(flag);
    put<<<1, 1, 0, second>>>(x, 1);
    cudaError_t q = cudaErrorNotReady;
    // Polled for half a second (a count of polls ran out before a loaded machine ran the kernel).
    auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
    while (q == cudaErrorNotReady && std::chrono::steady_clock::now() < until) q = cudaStreamQuery(second);
    printf("%-34s second stream while first gated: %s\n", what, cudaGetErrorName(q));
    *flag = 1;
    cudaDeviceSynchronize();
}

int main() {
    R(cudaHostAlloc((void **)&flag, 4, cudaHostAllocMapped));
    R(cudaMallocManaged(&x, 16));
    R(cudaDeviceSynchronize());
    cudaStream_t bl, nb, bl2, nb2;
    R(cudaStreamCreateWithFlags(&bl, cudaStreamDefault));
    R(cudaStreamCreateWithFlags(&bl2, cudaStreamDefault));
    R(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking));
    R(cudaStreamCreateWithFlags(&nb2, cudaStreamNonBlocking));
    trial("blocking -> legacy", bl, 0);
    trial("legacy -> blocking", 0, bl);
    trial("nonblocking -> legacy", nb, 0);
    trial("legacy -> nonblocking", 0, nb);
    trial("blocking -> blocking", bl, bl2);
    trial("nonblocking -> nonblocking", nb, nb2);
    trial("perThread -> legacy", cudaStreamPerThread, 0);
    trial("legacy -> perThread", 0, cudaStreamPerThread);
    trial("blocking -> perThread", bl, cudaStreamPerThread);
    trial("perThread -> blocking", cudaStreamPerThread, bl);
    trial("nonblocking -> perThread", nb, cudaStreamPerThread);
    // Flags and priorities read back.
    unsigned f;
    int p;
    R(cudaStreamGetFlags(nb, &f));
    printf("nb flags %u\n", f);
    R(cudaStreamGetFlags(bl, &f));
    printf("bl flags %u\n", f);
    int prios[] = {-100, -6, -5, -3, -1, 0, 1, 5, 100};
    for (int pr : prios) {
        cudaStream_t s;
        cudaError_t e = cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, pr);
        int back = 99;
        cudaStreamGetPriority(s, &back);
        unsigned fl = 99;
        cudaStreamGetFlags(s, &fl);
        printf("priority %d -> %s reads %d flags %u\n", pr, cudaGetErrorName(e), back, fl);
        cudaStreamDestroy(s);
    }
    cudaStream_t s;
    R(cudaStreamCreateWithPriority(&s, 0x4, 0));
    R(cudaStreamCreateWithFlags(&s, 2));
    R(cudaStreamCreateWithFlags(&s, 0x100));
    R(cudaStreamCreate(nullptr));
    R(cudaGetLastError());
    R(cudaStreamGetPriority(nullptr, &p));
    printf("null stream priority %d\n", p);
    R(cudaStreamGetPriority(cudaStreamPerThread, &p));
    R(cudaStreamGetFlags(cudaStreamPerThread, &f));
    printf("perThread flags %u\n", f);
    // Destroy with pending work: the work still runs, the call returns at once.
    *flag = 0;
    x[1] = 0;
    cudaStream_t d;
    R(cudaStreamCreateWithFlags(&d, cudaStreamNonBlocking));
    gate<<<1, 1, 0, d>>>(flag);
    put<<<1, 1, 0, d>>>(x + 1, 42);
    R(cudaStreamDestroy(d));
    R(cudaStreamQuery(nb));
    *flag = 1;
    R(cudaDeviceSynchronize());
    printf("work after destroy ran: %d\n", x[1]);
    R(cudaStreamDestroy(bl));
    R(cudaStreamDestroy(bl2));
    R(cudaStreamDestroy(nb));
    R(cudaStreamDestroy(nb2));
    R(cudaStreamDestroy(0));
    R(cudaStreamDestroy(cudaStreamPerThread));
    R(cudaStreamDestroy(cudaStreamLegacy));
    R(cudaGetLastError());
    return 0;
}
