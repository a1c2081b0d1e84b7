// flags: -O3 -std=c++17
// "An Even Easier Introduction to CUDA" / "Unified Memory for CUDA Beginners": add() with
// cudaMallocManaged, one thread, one block, grid-stride; CUDA 13's cudaMemPrefetchAsync with a
// cudaMemLocation; cudaMemAdvise; max error printed.
#include <iostream>
#include <cmath>
#include <cuda_runtime.h>

__global__ void add_one_thread(int n, float *x, float *y) {
    for (int i = 0; i < n; i++) y[i] = x[i] + y[i];
}
__global__ void add_block(int n, float *x, float *y) {
    int index = threadIdx.x;
    int stride = blockDim.x;
    for (int i = index; i < n; i += stride) y[i] = x[i] + y[i];
}
__global__ void add(int n, float *x, float *y) {
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = blockDim.x * gridDim.x;
    for (int i = index; i < n; i += stride) y[i] = x[i] + y[i];
}
__global__ void init(int n, float *x, float *y) {
    int index = threadIdx.x + blockIdx.x * blockDim.x;
    int stride = blockDim.x * gridDim.x;
    for (int i = index; i < n; i += stride) {
        x[i] = 1.0f;
        y[i] = 2.0f;
    }
}

static float max_error(int N, const float *y, float want) {
    float maxError = 0.0f;
    for (int i = 0; i < N; i++) maxError = fmax(maxError, fabs(y[i] - want));
    return maxError;
}

int main(void) {
    int N = 1 << 20;
    float *x, *y;
    cudaMallocManaged(&x, N * sizeof(float));
    cudaMallocManaged(&y, N * sizeof(float));
    for (int i = 0; i < N; i++) {
        x[i] = 1.0f;
        y[i] = 2.0f;
    }
    add_one_thread<<<1, 1>>>(1 << 12, x, y);
    cudaDeviceSynchronize();
    std::cout << "one thread (first 4096): y[0] " << y[0] << " y[4095] " << y[4095] << " y[4096] " << y[4096] << std::endl;
    add_block<<<1, 256>>>(N, x, y);
    cudaDeviceSynchronize();
    std::cout << "one block: y[0] " << y[0] << " y[N-1] " << y[N - 1] << std::endl;
    int blockSize = 256;
    int numBlocks = (N + blockSize - 1) / blockSize;
    init<<<numBlocks, blockSize>>>(N, x, y);
    int device = -1;
    cudaGetDevice(&device);
    cudaMemLocation loc{};
    loc.type = cudaMemLocationTypeDevice;
    loc.id = device;
    cudaError_t e1 = cudaMemPrefetchAsync(x, N * sizeof(float), loc, 0, 0);
    cudaError_t e2 = cudaMemPrefetchAsync(y, N * sizeof(float), loc, 0, 0);
    std::cout << "prefetch: " << cudaGetErrorName(e1) << " " << cudaGetErrorName(e2) << std::endl;
    add<<<numBlocks, blockSize>>>(N, x, y);
    cudaMemLocation host{};
    host.type = cudaMemLocationTypeHost;
    host.id = 0;
    cudaError_t e3 = cudaMemPrefetchAsync(y, N * sizeof(float), host, 0, 0);
    cudaDeviceSynchronize();
    std::cout << "prefetch to host: " << cudaGetErrorName(e3) << std::endl;
    std::cout << "Max error: " << max_error(N, y, 3.0f) << std::endl;
    // cudaMemAdvise with locations
    cudaError_t a1 = cudaMemAdvise(x, N * sizeof(float), cudaMemAdviseSetReadMostly, loc);
    cudaError_t a2 = cudaMemAdvise(y, N * sizeof(float), cudaMemAdviseSetPreferredLocation, loc);
    cudaError_t a3 = cudaMemAdvise(y, N * sizeof(float), cudaMemAdviseSetAccessedBy, host);
    std::cout << "advise: " << cudaGetErrorName(a1) << " " << cudaGetErrorName(a2) << " " << cudaGetErrorName(a3) << std::endl;
    add<<<numBlocks / 4, blockSize>>>(N, x, y);
    cudaDeviceSynchronize();
    std::cout << "after second add Max error: " << max_error(N, y, 4.0f) << std::endl;
    // a bad location
    cudaMemLocation bad{};
    bad.type = cudaMemLocationTypeDevice;
    bad.id = 7;
    cudaError_t e4 = cudaMemPrefetchAsync(x, N * sizeof(float), bad, 0, 0);
    std::cout << "prefetch to device 7: " << cudaGetErrorName(e4) << std::endl;
    cudaGetLastError();
    int concurrent = -1, pageable = -1;
    cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess, 0);
    cudaDeviceGetAttribute(&pageable, cudaDevAttrPageableMemoryAccess, 0);
    std::cout << "concurrentManagedAccess " << concurrent << " pageableMemoryAccess " << pageable << std::endl;
    int attr = -1;
    cudaError_t e5 = cudaMemRangeGetAttribute(&attr, sizeof(attr), cudaMemRangeAttributeReadMostly, x, N * sizeof(float));
    std::cout << "read mostly: " << cudaGetErrorName(e5) << " " << attr << std::endl;
    cudaFree(x);
    cudaFree(y);
    return 0;
}
