/* Each thread sums RA_PER_THREAD elements (strided by the thread count, so loads coalesce) and adds
 * its sum to one global counter with atomicAdd. */
#include "reduce_atomic.h"
#define THREADS 64
__global__ void reduce_atomic(const int *x, unsigned long long *sum, int n) {
    int threads = gridDim.x * blockDim.x, i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long v = 0;
    for (int k = 0; k < RA_PER_THREAD; k++, i += threads)
        if (i < n) v += (unsigned)x[i];
    atomicAdd(sum, v);
}
int main(void) {
    int *x = kit_ints(RA_N, 7, 1000);
    int *dx = kit_device_copy(x, RA_N);
    unsigned long long *dsum = kit_device_copy<unsigned long long>(0, 1), sum;
    int blocks = (RA_N / RA_PER_THREAD + THREADS - 1) / THREADS;
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < RA_LAUNCHES; l++) {
        cudaMemsetAsync(dsum, 0, sizeof sum);
        reduce_atomic<<<blocks, THREADS>>>(dx, dsum, RA_N);
    });
    kit_host_copy(&sum, dsum, 1);
    return kit_report("reduce_atomic", "cuda", "64", &t, ra_check(x, sum));
}
