// API synchronization behavior: which "synchronous" calls return while earlier work on a busy
// (gated) stream is still pending, for each pointer kind.
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <atomic>
#include <cuda_runtime.h>

__global__ void gate(volatile int *flag) { while (*flag == 0) { } }

static volatile int *flag;

// Runs `call` on another thread while the legacy stream is gated; reports whether it returned
// before the gate opened.
template <typename F> static void probe(const char *what, cudaStream_t busy, F call) {
    *flag = 0;
    gate<<<1, 1, 0, busy>>>(flag);
    std::atomic<int> done{0};
    cudaError_t e = cudaErrorUnknown;
    std::thread t([&] { e = call(); done = 1; });
    // Give the call ample time to return on its own.
    for (int i = 0; i < 400 && !done; i++) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    int returned_early = done.load();
    *flag = 1;
    t.join();
    cudaDeviceSynchronize();
    printf("%-46s returned while gated: %d (%s)\n", what, returned_early, cudaGetErrorName(e));
}

int main() {
    cudaHostAlloc((void **)&flag, 4, cudaHostAllocMapped);
    char *d1, *d2, *pinned, *pageable, *managed;
    cudaMalloc(&d1, 1 << 16);
    cudaMalloc(&d2, 1 << 16);
    cudaMallocHost(&pinned, 1 << 16);
    cudaMallocManaged(&managed, 1 << 16);
    pageable = (char *)malloc(1 << 16);
    cudaDeviceSynchronize();
    cudaStream_t nb;
    cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking);
    probe("memset device (legacy busy)", 0, [&] { return cudaMemset(d1, 1, 4096); });
    probe("memset managed (legacy busy)", 0, [&] { return cudaMemset(managed, 1, 4096); });
    probe("memcpy D2D (legacy busy)", 0, [&] { return cudaMemcpy(d1, d2, 4096, cudaMemcpyDeviceToDevice); });
    probe("memcpy H2D pinned (legacy busy)", 0, [&] { return cudaMemcpy(d1, pinned, 4096, cudaMemcpyHostToDevice); });
    probe("memcpy H2D pageable small (legacy busy)", 0, [&] { return cudaMemcpy(d1, pageable, 4096, cudaMemcpyHostToDevice); });
    probe("memcpy D2H pinned (legacy busy)", 0, [&] { return cudaMemcpy(pinned, d1, 4096, cudaMemcpyDeviceToHost); });
    probe("memcpy H2H pageable (legacy busy)", 0, [&] { return cudaMemcpy(pageable, pinned, 4096, cudaMemcpyHostToHost); });
    probe("memcpyToSymbol-like D2D default (legacy busy)", 0, [&] { return cudaMemcpy(d1, d2, 16, cudaMemcpyDefault); });
    probe("memset device (non-blocking stream busy)", nb, [&] { return cudaMemset(d1, 1, 4096); });
    probe("memcpy D2H (non-blocking stream busy)", nb, [&] { return cudaMemcpy(pinned, d1, 4096, cudaMemcpyDeviceToHost); });
    probe("malloc (legacy busy)", 0, [&] { void *p; cudaError_t e = cudaMalloc(&p, 1024); return e; });
    probe("free (legacy busy)", 0, [&] { void *p; cudaMalloc(&p, 1024); return cudaFree(p); });
    probe("mallocHost (legacy busy)", 0, [&] { void *p; return cudaMallocHost(&p, 1024); });
    probe("freeHost (legacy busy)", 0, [&] { return cudaFreeHost(pinned); });
    probe("event create+destroy (legacy busy)", 0, [&] { cudaEvent_t e; cudaEventCreate(&e); return cudaEventDestroy(e); });
    probe("stream create+destroy (legacy busy)", 0, [&] { cudaStream_t s; cudaStreamCreate(&s); return cudaStreamDestroy(s); });
    probe("memcpyAsync D2H pageable (legacy busy)", 0, [&] { return cudaMemcpyAsync(pageable, d1, 4096, cudaMemcpyDeviceToHost, 0); });
    probe("memcpyAsync H2D pageable (legacy busy)", 0, [&] { return cudaMemcpyAsync(d1, pageable, 4096, cudaMemcpyHostToDevice, 0); });
    return 0;
}
