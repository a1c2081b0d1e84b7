// What barrier kernels' machinery costs on the CPU engine, in ns per thread (best of 7 launches of
// 2^24 threads): a copy without and with one __syncthreads, chains of 4 and 16 barriers, a
// 1000-element shared tile loaded by a blockDim-strided loop (its trip count divides by
// blockDim in every thread) with and without index division by constants, and tree reductions
// with and without a barrier before thread 0 reads the sum. Each kernel is instantiated per
// block shape (the `Shape` template argument), so each shape gets its own translation. Beside
// each time: its ratio to the barrier-free copy of the same shape, measured in the same run.
#include <chrono>
#include <cstdio>
#define N (1 << 24)
__device__ int linear_tid() { return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x; }
__device__ int threads() { return blockDim.x * blockDim.y * blockDim.z; }
__device__ int linear_block() { return (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x; }
template <int Shape> __global__ void copy_nobar(const float *a, float *b) {
    int i = linear_block() * threads() + linear_tid();
    b[i] = a[i] * 0.5f;
}
template <int Shape> __global__ void copy_bar(const float *a, float *b) {
    __shared__ float s[1024];
    int t = linear_tid(), i = linear_block() * threads() + t;
    s[t] = a[i];
    __syncthreads();
    b[i] = s[threads() - 1 - t] * 0.5f;
}
template <int Shape, int Barriers> __global__ void chain(const float *a, float *b) {
    __shared__ float s[1024];
    int t = linear_tid(), i = linear_block() * threads() + t;
    float v = a[i];
    s[t] = v;
#pragma unroll
    for (int k = 0; k < Barriers; k++) {
        __syncthreads();
        v += s[(t + k + 1) % threads()];
    }
    b[i] = v;
}
template <int Shape> __global__ void halo_loop(const float *a, float *b) {
    __shared__ float s[1024];
    int t = linear_tid(), nt = threads(), blk = linear_block();
    for (int k = t; k < 1000; k += nt) s[k] = a[(blk * nt + k) % N];
    __syncthreads();
    b[blk * nt + t] = s[t] * 0.5f;
}
template <int Shape> __global__ void halo_div(const float *a, float *b) {
    __shared__ float s[1024];
    int t = linear_tid(), nt = threads(), blk = linear_block();
    for (int k = t; k < 1000; k += nt) {
        int x = k % 10, y = k / 10 % 10, z = k / 100;
        s[k] = a[(blk * nt + x + 64 * y + 4096 * z) % N];
    }
    __syncthreads();
    b[blk * nt + t] = s[t] * 0.5f;
}
template <int Shape, bool LastBarrier> __global__ void tree(const float *a, float *b) {
    __shared__ float s[1024];
    int t = linear_tid(), nt = threads();
    s[t] = a[linear_block() * nt + t];
    for (int d = nt / 2; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) s[t] += s[t + d];
    }
    if (LastBarrier) __syncthreads();
    if (t == 0) b[linear_block()] = s[0];
}
static double copy_ns; /* copy_nobar's time for the shape being measured */
template <class F> void timeit(const char *name, F f, dim3 block, bool baseline = false) {
    float *a, *b;
    cudaMalloc(&a, N * 4);
    cudaMalloc(&b, N * 4);
    cudaMemset(a, 0, N * 4);
    int nt = block.x * block.y * block.z;
    dim3 grid(N / nt / 64, 64);
    f<<<grid, block>>>(a, b);
    cudaDeviceSynchronize();
    double best = 1e30;
    for (int r = 0; r < 7; r++) {
        auto t0 = std::chrono::steady_clock::now();
        f<<<grid, block>>>(a, b);
        cudaDeviceSynchronize();
        double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        best = s < best ? s : best;
    }
    double ns = best * 1e9 / N;
    if (baseline) copy_ns = ns;
    printf("%-14s %2dx%2dx%d %7.2f ns/thread %6.1fx copy %s\n", name, block.x, block.y, block.z, ns, ns / copy_ns,
           cudaGetErrorString(cudaGetLastError()));
    cudaFree(a);
    cudaFree(b);
}
template <int Shape> void shape(dim3 block) {
    timeit("copy_nobar", copy_nobar<Shape>, block, true);
    timeit("copy_bar", copy_bar<Shape>, block);
    timeit("chain4", chain<Shape, 4>, block);
    timeit("chain16", chain<Shape, 16>, block);
    timeit("halo_loop", halo_loop<Shape>, block);
    timeit("halo_div", halo_div<Shape>, block);
    timeit("tree", tree<Shape, false>, block);
    timeit("tree_lastbar", tree<Shape, true>, block);
}
int main() {
    shape<0>(dim3(256));
    shape<1>(dim3(16, 16));
    shape<2>(dim3(8, 8, 8));
    shape<3>(dim3(32, 16));
}
