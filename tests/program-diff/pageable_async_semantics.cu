// What cudaMemcpyAsync does with pageable host memory while its stream is still busy (a kernel
// spinning for ~20 ms ahead of the copy): a copy from a pageable buffer has read the buffer
// when the call returns (the program may overwrite it at once), a copy into a pageable buffer
// has completed when the call returns; for 4 KiB, 1 MiB and 16 MiB, in a created stream and in
// the legacy default stream, with cudaMemcpy2DAsync and cudaMemcpyToSymbolAsync too.
#include <cstdio>
#include <vector>

__device__ int g_sym[1024];

__global__ void spin_then_fill(int* p, int n, int v, long long cycles) {
    long long start = clock64();
    while (clock64() - start < cycles) { }
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) p[i] = v + i;
}

int main() {
    int clock_khz = 0;
    cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0);
    long long cycles = (long long)clock_khz * 20;   // about 20 ms
    cudaStream_t s;
    cudaStreamCreate(&s);
    for (cudaStream_t st : {s, (cudaStream_t)0}) {
        for (size_t n : {(size_t)1024, (size_t)1 << 18, (size_t)1 << 22}) {
            int* d;
            cudaMalloc(&d, n * 4);
            std::vector<int> host(n);
            // into pageable memory: complete on return
            spin_then_fill<<<64, 256, 0, st>>>(d, (int)n, 7, cycles);
            cudaMemcpyAsync(host.data(), d, n * 4, cudaMemcpyDeviceToHost, st);
            bool complete = host[0] == 7 && host[n - 1] == 7 + (int)(n - 1);
            cudaStreamSynchronize(st);
            // from pageable memory: staged on return, the buffer reusable at once
            for (size_t i = 0; i < n; ++i) host[i] = (int)(i * 3);
            spin_then_fill<<<64, 256, 0, st>>>(d, (int)n, 1, cycles);
            cudaMemcpyAsync(d, host.data(), n * 4, cudaMemcpyHostToDevice, st);
            for (size_t i = 0; i < n; ++i) host[i] = -1;
            cudaStreamSynchronize(st);
            cudaMemcpy(host.data(), d, n * 4, cudaMemcpyDeviceToHost);
            bool staged = host[0] == 0 && host[n / 2] == (int)(n / 2 * 3) && host[n - 1] == (int)((n - 1) * 3);
            printf("%s stream, %8zu bytes: D2H into pageable complete on return %d, H2D from pageable staged %d\n", st ? "created" : "legacy", n * 4, complete, staged);
            cudaFree(d);
        }
    }
    // 2D and symbol forms
    int* d; size_t pitch;
    cudaMallocPitch(&d, &pitch, 100 * 4, 50);
    std::vector<int> h(100 * 50);
    for (size_t i = 0; i < h.size(); ++i) h[i] = (int)i;
    spin_then_fill<<<1, 32, 0, s>>>(d, 1, 0, cycles);
    cudaMemcpy2DAsync(d, pitch, h.data(), 400, 400, 50, cudaMemcpyHostToDevice, s);
    for (auto& v : h) v = 0;
    cudaMemcpy2DAsync(h.data(), 400, d, pitch, 400, 50, cudaMemcpyDeviceToHost, s);
    bool ok2d = h[0] == 0 && h[4999] == 4999 && h[1234] == 1234;
    std::vector<int> sym(1024);
    for (int i = 0; i < 1024; ++i) sym[i] = i * i;
    spin_then_fill<<<1, 32, 0, s>>>(d, 1, 0, cycles);
    cudaMemcpyToSymbolAsync(g_sym, sym.data(), 4096, 0, cudaMemcpyHostToDevice, s);
    for (auto& v : sym) v = 0;
    cudaMemcpyFromSymbolAsync(sym.data(), g_sym, 4096, 0, cudaMemcpyDeviceToHost, s);
    bool oksym = sym[1023] == 1023 * 1023 && sym[5] == 25;
    printf("2D pageable round trip without a sync %d, symbol round trip without a sync %d (%s)\n", ok2d, oksym, cudaGetErrorName(cudaStreamSynchronize(s)));
    return 0;
}
