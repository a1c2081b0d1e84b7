// flags: -O2 -lineinfo
// Professional CUDA C ch.6 / blog "How to Implement Performance Metrics": events around kernels
// and copies, elapsed times printed only as booleans, cudaEventQuery states, a disabled-timing
// event, cudaStreamWaitEvent across streams, and events recorded out of order.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t err = (x); if (err != cudaSuccess) printf("line %d: %s\n", __LINE__, cudaGetErrorString(err)); } while (0)

__global__ void saxpy(int n, float a, const float *x, float *y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
__global__ void spin(int *p, int iters) {
    int v = 0;
    for (int i = 0; i < iters; ++i) v = (v * 31 + i) % 1000003;
    p[threadIdx.x] = v;
}

int main() {
    const int N = 1 << 20;
    float *x = new float[N], *y = new float[N], *dx, *dy;
    for (int i = 0; i < N; ++i) { x[i] = 1.0f; y[i] = 2.0f; }
    CHECK(cudaMalloc(&dx, N * 4));
    CHECK(cudaMalloc(&dy, N * 4));
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    float ms = -1;
    cudaError_t e = cudaEventElapsedTime(&ms, start, stop);
    printf("elapsed before recording: %s\n", cudaGetErrorName(e));
    CHECK(cudaEventRecord(start));
    CHECK(cudaMemcpy(dx, x, N * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dy, y, N * 4, cudaMemcpyHostToDevice));
    saxpy<<<(N + 511) / 512, 512>>>(N, 2.0f, dx, dy);
    CHECK(cudaEventRecord(stop));
    e = cudaEventElapsedTime(&ms, start, stop);
    printf("elapsed before stop completes: %s or success\n", e == cudaErrorNotReady || e == cudaSuccess ? "NotReady" : cudaGetErrorName(e));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    printf("elapsed >= 0: %d\n", ms >= 0.0f);
    printf("query stop: %s\n", cudaGetErrorName(cudaEventQuery(stop)));
    CHECK(cudaMemcpy(y, dy, N * 4, cudaMemcpyDeviceToHost));
    float maxError = 0.0f;
    for (int i = 0; i < N; i++) maxError = fmaxf(maxError, fabsf(y[i] - 4.0f));
    printf("Max error: %f\n", maxError);
    printf("Effective Bandwidth positive: %d\n", N * 4 * 3 / ms / 1e6 > 0);
    // reversed order: negative or error
    e = cudaEventElapsedTime(&ms, stop, start);
    printf("reversed: %s, non-positive %d\n", cudaGetErrorName(e), ms <= 0.0f);
    // timing disabled
    cudaEvent_t nt;
    CHECK(cudaEventCreateWithFlags(&nt, cudaEventDisableTiming));
    CHECK(cudaEventRecord(nt));
    CHECK(cudaEventSynchronize(nt));
    e = cudaEventElapsedTime(&ms, start, nt);
    printf("with a DisableTiming event: %s\n", cudaGetErrorName(e));
    printf("last error then: %s\n", cudaGetErrorName(cudaGetLastError()));
    // cross-stream dependency
    cudaStream_t s1, s2;
    CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
    CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    int *p;
    CHECK(cudaMalloc(&p, 64 * 4));
    cudaEvent_t done;
    CHECK(cudaEventCreateWithFlags(&done, cudaEventDisableTiming | cudaEventBlockingSync));
    spin<<<1, 64, 0, s1>>>(p, 200000);
    CHECK(cudaEventRecord(done, s1));
    CHECK(cudaStreamWaitEvent(s2, done, 0));
    int h[64];
    CHECK(cudaMemcpyAsync(h, p, sizeof(h), cudaMemcpyDeviceToHost, s2));
    CHECK(cudaStreamSynchronize(s2));
    printf("after wait: h[0] %d h[63] %d query s1 %s\n", h[0], h[63], cudaGetErrorName(cudaStreamQuery(s1)));
    // an event never recorded is complete
    cudaEvent_t fresh;
    CHECK(cudaEventCreate(&fresh));
    printf("fresh event query: %s sync: %s\n", cudaGetErrorName(cudaEventQuery(fresh)), cudaGetErrorName(cudaEventSynchronize(fresh)));
    CHECK(cudaEventDestroy(fresh));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaEventDestroy(nt));
    CHECK(cudaEventDestroy(done));
    CHECK(cudaStreamDestroy(s1));
    CHECK(cudaStreamDestroy(s2));
    cudaFree(dx); cudaFree(dy); cudaFree(p);
    delete[] x; delete[] y;
    return 0;
}
