// Several host threads each drive their own stream and call cudaDeviceSynchronize,
// cudaStreamSynchronize and cudaMemcpy concurrently; per-thread results and a shared counter.
#include <cstdio>
#include <thread>
#include <vector>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void accumulate(unsigned long long* total, int* mine, int id, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { atomicAdd(total, (unsigned long long)(id + 1)); atomicAdd(mine, 1); }
}

int main() {
    unsigned long long* total; P(cudaMalloc(&total, 8)); P(cudaMemset(total, 0, 8));
    const int T = 6;
    int* mine; P(cudaMalloc(&mine, T * 4)); P(cudaMemset(mine, 0, T * 4));
    std::vector<cudaError_t> errs(T * 4, cudaErrorUnknown);
    std::vector<int> got(T, -1);
    std::vector<std::thread> th;
    for (int t = 0; t < T; ++t) th.emplace_back([&, t] {
        cudaStream_t s; errs[t * 4] = cudaStreamCreate(&s);
        for (int r = 0; r < 20; ++r) accumulate<<<4, 256, 0, s>>>(total, mine + t, t, 1000);
        errs[t * 4 + 1] = cudaDeviceSynchronize();
        errs[t * 4 + 2] = cudaMemcpyAsync(&got[t], mine + t, 4, cudaMemcpyDeviceToHost, s);
        cudaStreamSynchronize(s);
        errs[t * 4 + 3] = cudaStreamDestroy(s);
    });
    for (auto& x : th) x.join();
    for (int t = 0; t < T; ++t) printf("thread %d: %s %s %s %s got %d\n", t, cudaGetErrorName(errs[t * 4]), cudaGetErrorName(errs[t * 4 + 1]),
                                       cudaGetErrorName(errs[t * 4 + 2]), cudaGetErrorName(errs[t * 4 + 3]), got[t]);
    unsigned long long h = 0; P(cudaMemcpy(&h, total, 8, cudaMemcpyDeviceToHost));
    printf("total %llu expected %llu\n", h, 20ull * 1000 * (T * (T + 1) / 2));
    // a thread that sets another device fails; the main thread's device is unaffected
    cudaError_t e1 = cudaSuccess; int cur = -1;
    std::thread t2([&] { e1 = cudaSetDevice(7); cudaGetDevice(&cur); });
    t2.join();
    printf("other thread setDevice(7) %s, its device %d\n", cudaGetErrorName(e1), cur);
    P(cudaGetLastError());
    return 0;
}
