// flags: --default-stream per-thread -Xcompiler -pthread
// The per-thread default stream (nvcc --default-stream per-thread): host threads each launch
// kernels and copies on their own default stream (the *_ptsz/*_ptds runtime entry points),
// cudaStreamPerThread used explicitly, the legacy stream (cudaStreamLegacy) still
// synchronizing with blocking streams, cudaStreamQuery on the per-thread stream, and
// cudaMemcpyAsync/cudaMemsetAsync with stream 0 meaning the calling thread's stream.
#include <cstdio>
#include <thread>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void iota_scaled(int* v, int n, int k) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) v[i] = i * k; }
__global__ void add_one(int* v, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) v[i] += 1; }

static int worker(int id, long long* result) {
    const int n = 4096;
    int* d; int* h;
    if (cudaMalloc(&d, n * sizeof(int)) != cudaSuccess) return 1;
    if (cudaMallocHost(&h, n * sizeof(int)) != cudaSuccess) return 1;
    cudaMemsetAsync(d, 0, n * sizeof(int), 0);
    iota_scaled<<<(n + 255) / 256, 256>>>(d, n, id + 1);
    add_one<<<(n + 255) / 256, 256, 0, cudaStreamPerThread>>>(d, n);
    cudaMemcpyAsync(h, d, n * sizeof(int), cudaMemcpyDeviceToHost, 0);
    if (cudaStreamSynchronize(cudaStreamPerThread) != cudaSuccess) return 1;
    long long s = 0; for (int i = 0; i < n; ++i) s += h[i];
    *result = s;
    cudaFree(d); cudaFreeHost(h);
    return 0;
}

int main() {
    std::vector<long long> res(4, -1);
    std::vector<int> rc(4, -1);
    std::vector<std::thread> ts;
    for (int t = 0; t < 4; ++t) ts.emplace_back([t, &res, &rc] { rc[t] = worker(t, &res[t]); });
    for (auto& t : ts) t.join();
    for (int t = 0; t < 4; ++t) printf("thread %d: rc %d sum %lld (expect %lld)\n", t, rc[t], res[t], (long long)(t + 1) * 4095 * 4096 / 2 + 4096);
    int* v; CK(cudaMallocManaged(&v, 256 * sizeof(int)));
    cudaStream_t s; CK(cudaStreamCreate(&s));
    iota_scaled<<<1, 256, 0, s>>>(v, 256, 3);
    add_one<<<1, 256, 0, cudaStreamLegacy>>>(v, 256);   // waits for s (a blocking stream)
    CK(cudaStreamSynchronize(cudaStreamLegacy));
    printf("legacy after blocking stream: v[10]=%d\n", v[10]);
    printf("per-thread stream query: %s\n", cudaGetErrorName(cudaStreamQuery(cudaStreamPerThread)));
    unsigned flags = 99; CK(cudaStreamGetFlags(cudaStreamPerThread, &flags));
    printf("per-thread stream flags %u\n", flags);
    return 0;
}
