// Locks and atomics as learners write them: a per-thread spinlock on one global int (works on
// Volta+ with independent thread scheduling), a lock per bucket, atomicCAS-based float max and
// double add, atomicInc wrap-around, atomicExch chains, and a ticket counter.
#include <cstdio>
#include <cuda_runtime.h>
__device__ int lock = 0;
__device__ int counter = 0;
__global__ void spinlockInc(int iters) {
    for (int k = 0; k < iters; ++k) {
        bool done = false;
        while (!done) {
            if (atomicCAS(&lock, 0, 1) == 0) {
                counter = counter + 1;          // protected non-atomic update
                __threadfence();
                atomicExch(&lock, 0);
                done = true;
            }
        }
    }
}
__global__ void bucketLocks(int *locks, int *sums, const int *vals, int n, int buckets) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int b = vals[i] % buckets;
    bool done = false;
    while (!done) {
        if (atomicCAS(&locks[b], 0, 1) == 0) {
            volatile int *s = sums;
            s[b] = s[b] + vals[i];
            __threadfence();
            atomicExch(&locks[b], 0);
            done = true;
        }
    }
}
__device__ float atomicMaxFloat(float *addr, float v) {
    int *ai = (int *)addr, old = *ai, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= v) break;
        old = atomicCAS(ai, assumed, __float_as_int(v));
    } while (assumed != old);
    return __int_as_float(old);
}
__device__ double atomicAddDoubleCAS(double *addr, double v) {
    unsigned long long *a = (unsigned long long *)addr, old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __double_as_longlong(v + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}
__global__ void misc(float *fmax, double *dsum, unsigned *wrap, int *ticket, int *order, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicMaxFloat(fmax, (float)((i * 7919) % 10007) * 0.5f - 100.0f);
    atomicAddDoubleCAS(dsum, 0.25 * (i % 8));
    atomicInc(wrap, 9);
    int t = atomicAdd(ticket, 1);
    order[t] = 1;
}
int main() {
    spinlockInc<<<4, 64>>>(3);
    cudaError_t e = cudaDeviceSynchronize();
    int c;
    cudaMemcpyFromSymbol(&c, counter, 4);
    printf("spinlock %s counter %d (expect %d)\n", cudaGetErrorName(e), c, 4 * 64 * 3);
    const int n = 3000, B = 7;
    int *vals, *locks, *sums, h[3000];
    for (int i = 0; i < n; ++i) h[i] = (i * 31) % 1000;
    cudaMalloc(&vals, n * 4); cudaMalloc(&locks, B * 4); cudaMalloc(&sums, B * 4);
    cudaMemcpy(vals, h, n * 4, cudaMemcpyHostToDevice);
    cudaMemset(locks, 0, B * 4); cudaMemset(sums, 0, B * 4);
    bucketLocks<<<(n + 127) / 128, 128>>>(locks, sums, vals, n, B);
    e = cudaDeviceSynchronize();
    int hs[B], ref[B] = {0};
    for (int i = 0; i < n; ++i) ref[h[i] % B] += h[i];
    cudaMemcpy(hs, sums, sizeof hs, cudaMemcpyDeviceToHost);
    printf("bucket locks %s:", cudaGetErrorName(e));
    for (int b = 0; b < B; ++b) printf(" %d/%d", hs[b], ref[b]);
    printf("\n");
    float *fm; double *ds; unsigned *w; int *tk, *ord;
    cudaMalloc(&fm, 4); cudaMalloc(&ds, 8); cudaMalloc(&w, 4); cudaMalloc(&tk, 4); cudaMalloc(&ord, n * 4);
    float init = -1e30f; cudaMemcpy(fm, &init, 4, cudaMemcpyHostToDevice);
    cudaMemset(ds, 0, 8); cudaMemset(w, 0, 4); cudaMemset(tk, 0, 4); cudaMemset(ord, 0, n * 4);
    misc<<<(n + 255) / 256, 256>>>(fm, ds, w, tk, ord, n);
    float hf; double hd; unsigned hw; int ht;
    cudaMemcpy(&hf, fm, 4, cudaMemcpyDeviceToHost); cudaMemcpy(&hd, ds, 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hw, w, 4, cudaMemcpyDeviceToHost); cudaMemcpy(&ht, tk, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(h, ord, n * 4, cudaMemcpyDeviceToHost);
    int all = 0; for (int i = 0; i < n; ++i) all += h[i];
    printf("float max %.2f double sum %.2f atomicInc wrap %u tickets %d all %d err %s\n", hf, hd, hw, ht, all,
           cudaGetErrorName(cudaGetLastError()));
}
