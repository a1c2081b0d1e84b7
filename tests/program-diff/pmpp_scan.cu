// flags: -O2 -std=c++17
// PMPP ch.11: Kogge-Stone (with and without double buffering), Brent-Kung, and a three-kernel
// hierarchical scan for arbitrary length; also a single-pass "stream-based" scan with flags.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define SECTION_SIZE 1024
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

__global__ void Kogge_Stone_scan_kernel(const int *X, int *Y, unsigned N) {
    __shared__ int XY[SECTION_SIZE];
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < N ? X[i] : 0;
    for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        int temp = 0;
        if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
    }
    if (i < N) Y[i] = XY[threadIdx.x];
}

__global__ void Kogge_Stone_double_buffer(const float *X, float *Y, unsigned N) {
    __shared__ float A[SECTION_SIZE], B[SECTION_SIZE];
    float *in = A, *out = B;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    in[threadIdx.x] = i < N ? X[i] : 0.0f;
    for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        out[threadIdx.x] = threadIdx.x >= stride ? in[threadIdx.x] + in[threadIdx.x - stride] : in[threadIdx.x];
        float *t = in; in = out; out = t;
    }
    if (i < N) Y[i] = in[threadIdx.x];
}

// exclusive Kogge-Stone
__global__ void Kogge_Stone_exclusive(const int *X, int *Y, unsigned N) {
    __shared__ int XY[SECTION_SIZE];
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = (i < N && threadIdx.x != 0) ? X[i - 1] : 0;
    for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        int temp = 0;
        if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
    }
    if (i < N) Y[i] = XY[threadIdx.x];
}

__global__ void Brent_Kung_scan_kernel(const int *X, int *Y, unsigned N, int *S) {
    __shared__ int XY[SECTION_SIZE];
    unsigned i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) XY[threadIdx.x] = X[i]; else XY[threadIdx.x] = 0;
    if (i + blockDim.x < N) XY[threadIdx.x + blockDim.x] = X[i + blockDim.x]; else XY[threadIdx.x + blockDim.x] = 0;
    for (unsigned stride = 1; stride <= blockDim.x; stride *= 2) {
        __syncthreads();
        unsigned index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < SECTION_SIZE) XY[index] += XY[index - stride];
    }
    for (int stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
        __syncthreads();
        unsigned index = (threadIdx.x + 1) * stride * 2 - 1;
        if (index + stride < SECTION_SIZE) XY[index + stride] += XY[index];
    }
    __syncthreads();
    if (i < N) Y[i] = XY[threadIdx.x];
    if (i + blockDim.x < N) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
    if (S && threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[SECTION_SIZE - 1];
}

__global__ void add_block_sums(int *Y, const int *S, unsigned N) {
    unsigned i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    if (blockIdx.x > 0) {
        if (i < N) Y[i] += S[blockIdx.x - 1];
        if (i + blockDim.x < N) Y[i + blockDim.x] += S[blockIdx.x - 1];
    }
}

// single-pass scan with adjacent synchronization (domino), PMPP 11.7
__device__ unsigned blockCounter;
__global__ void stream_scan(const int *X, int *Y, unsigned N, int *scan_value, int *flags) {
    __shared__ unsigned bid_s;
    __shared__ int XY[SECTION_SIZE];
    __shared__ int previous_sum;
    if (threadIdx.x == 0) bid_s = atomicAdd(&blockCounter, 1);
    __syncthreads();
    unsigned bid = bid_s;
    unsigned i = bid * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < N ? X[i] : 0;
    for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        int t = threadIdx.x >= stride ? XY[threadIdx.x - stride] : 0;
        __syncthreads();
        XY[threadIdx.x] += t;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        if (bid > 0) {
            while (atomicAdd(&flags[bid], 0) == 0) {}
            previous_sum = scan_value[bid];
        } else previous_sum = 0;
        scan_value[bid + 1] = previous_sum + XY[blockDim.x - 1];
        __threadfence();
        atomicAdd(&flags[bid + 1], 1);
    }
    __syncthreads();
    if (i < N) Y[i] = XY[threadIdx.x] + previous_sum;
}

int main() {
    const unsigned sizes[] = {1, 7, 1024, 1500, 100000};
    for (unsigned N : sizes) {
        std::vector<int> x(N), ref(N), y(N);
        for (unsigned i = 0; i < N; ++i) x[i] = (int)((i * 2654435761u) % 19) - 9;
        int acc = 0;
        for (unsigned i = 0; i < N; ++i) { acc += x[i]; ref[i] = acc; }
        int *dX, *dY, *dS, *dS2;
        CK(cudaMalloc(&dX, N * 4)); CK(cudaMalloc(&dY, N * 4));
        unsigned blocks = (N + SECTION_SIZE - 1) / SECTION_SIZE;
        CK(cudaMalloc(&dS, (blocks + 1) * 4)); CK(cudaMalloc(&dS2, (blocks + 1) * 4));
        CK(cudaMemcpy(dX, x.data(), N * 4, cudaMemcpyHostToDevice));
        if (N <= SECTION_SIZE) {
            Kogge_Stone_scan_kernel<<<1, SECTION_SIZE>>>(dX, dY, N);
            CK(cudaMemcpy(y.data(), dY, N * 4, cudaMemcpyDeviceToHost));
            printf("N=%6u Kogge-Stone %s last %d\n", N, y == ref ? "ok" : "BAD", y[N - 1]);
            Kogge_Stone_exclusive<<<1, SECTION_SIZE>>>(dX, dY, N);
            CK(cudaMemcpy(y.data(), dY, N * 4, cudaMemcpyDeviceToHost));
            bool ok = y[0] == 0;
            for (unsigned i = 1; i < N; ++i) ok &= y[i] == ref[i - 1];
            printf("N=%6u exclusive   %s last %d\n", N, ok ? "ok" : "BAD", y[N - 1]);
        }
        // hierarchical Brent-Kung: blocks of SECTION_SIZE (512 threads), scan the block sums, add
        unsigned bk = (N + SECTION_SIZE - 1) / SECTION_SIZE;
        Brent_Kung_scan_kernel<<<bk, SECTION_SIZE / 2>>>(dX, dY, N, dS);
        if (bk > 1) {
            Brent_Kung_scan_kernel<<<1, SECTION_SIZE / 2>>>(dS, dS, bk, nullptr);
            add_block_sums<<<bk, SECTION_SIZE / 2>>>(dY, dS, N);
        }
        CK(cudaGetLastError());
        CK(cudaMemcpy(y.data(), dY, N * 4, cudaMemcpyDeviceToHost));
        printf("N=%6u Brent-Kung hierarchical %s last %d\n", N, y == ref ? "ok" : "BAD", y[N - 1]);
        // single pass
        unsigned zero = 0;
        CK(cudaMemcpyToSymbol(blockCounter, &zero, 4));
        int *dFlags, *dVals;
        CK(cudaMalloc(&dFlags, (blocks + 1) * 4)); CK(cudaMalloc(&dVals, (blocks + 1) * 4));
        CK(cudaMemset(dFlags, 0, (blocks + 1) * 4));
        CK(cudaMemset(dY, 0, N * 4));
        stream_scan<<<blocks, SECTION_SIZE>>>(dX, dY, N, dVals, dFlags);
        CK(cudaGetLastError());
        CK(cudaMemcpy(y.data(), dY, N * 4, cudaMemcpyDeviceToHost));
        printf("N=%6u single-pass %s last %d\n", N, y == ref ? "ok" : "BAD", y[N - 1]);
        cudaFree(dFlags); cudaFree(dVals);
        cudaFree(dX); cudaFree(dY); cudaFree(dS); cudaFree(dS2);
    }
    // float double buffer: powers of two so the sums are exact
    const unsigned N = 777;
    std::vector<float> xf(N), yf(N);
    for (unsigned i = 0; i < N; ++i) xf[i] = (i % 3 == 0) ? 0.5f : 0.25f;
    float *dXf, *dYf;
    CK(cudaMalloc(&dXf, N * 4)); CK(cudaMalloc(&dYf, N * 4));
    CK(cudaMemcpy(dXf, xf.data(), N * 4, cudaMemcpyHostToDevice));
    Kogge_Stone_double_buffer<<<1, SECTION_SIZE>>>(dXf, dYf, N);
    CK(cudaMemcpy(yf.data(), dYf, N * 4, cudaMemcpyDeviceToHost));
    float a = 0; bool ok = true;
    for (unsigned i = 0; i < N; ++i) { a += xf[i]; ok &= a == yf[i]; }
    printf("double-buffer float %s last %a\n", ok ? "ok" : "BAD", yf[N - 1]);
    return 0;
}
