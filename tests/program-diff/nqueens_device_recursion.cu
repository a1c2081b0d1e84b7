// N-queens by recursive backtracking in device code: each thread places the first two queens and
// recurses on the rest (a plain recursive __device__ function, bitmasks as arguments).
#include <cstdio>
#include <cuda_runtime.h>
__device__ int solve(int n, int row, unsigned cols, unsigned d1, unsigned d2) {
    if (row == n) return 1;
    int count = 0;
    unsigned avail = ~(cols | d1 | d2) & ((1u << n) - 1);
    while (avail) {
        unsigned bit = avail & -avail;
        avail ^= bit;
        count += solve(n, row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
    }
    return count;
}
__global__ void queens(int n, int *total, int *perFirst) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int c0 = t / n, c1 = t % n;
    if (c0 >= n) return;
    unsigned b0 = 1u << c0, b1 = 1u << c1;
    if ((b1 & b0) || (b1 & (b0 << 1)) || (b1 & (b0 >> 1))) return;
    int c = solve(n, 2, b0 | b1, ((b0 << 1) | b1) << 1, ((b0 >> 1) | b1) >> 1);
    atomicAdd(total, c);
    atomicAdd(&perFirst[c0], c);
}
__device__ long long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ int ackermann(int m, int n) {
    if (m == 0) return n + 1;
    if (n == 0) return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}
__global__ void misc(long long *out) {
    int t = threadIdx.x;
    out[t] = t < 16 ? fib(t + 5) : ackermann(2, t - 16);
}
int main() {
    int *dt, *dp;
    cudaMalloc(&dt, 4); cudaMalloc(&dp, 16 * 4);
    for (int n = 4; n <= 10; ++n) {
        cudaMemset(dt, 0, 4); cudaMemset(dp, 0, 64);
        queens<<<(n * n + 31) / 32, 32>>>(n, dt, dp);
        int t, p[16];
        cudaError_t e = cudaMemcpy(&t, dt, 4, cudaMemcpyDeviceToHost);
        cudaMemcpy(p, dp, 64, cudaMemcpyDeviceToHost);
        printf("n=%d solutions %d (%s) first-column:", n, t, cudaGetErrorName(e));
        for (int i = 0; i < n; ++i) printf(" %d", p[i]);
        printf("\n");
    }
    long long *d, h[24];
    cudaMalloc(&d, sizeof(h));
    misc<<<1, 24>>>(d);
    cudaError_t e = cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("misc %s:", cudaGetErrorName(e));
    for (int i = 0; i < 24; ++i) printf(" %lld", h[i]);
    printf("\n");
}
