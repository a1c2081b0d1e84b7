/* Bitonic sorting network in global memory: one launch of 512-thread blocks per step (171 steps
 * for 2^18 keys). */
#include "sort.h"
#define THREADS 512
__global__ void bitonic(unsigned *a, unsigned j, unsigned k) { bitonic_step(a, blockIdx.x * blockDim.x + threadIdx.x, j, k); }
int main(void) {
    unsigned *in = sort_inputs(BITONIC_N);
    unsigned *din = kit_device_copy(in, BITONIC_N), *da = kit_device_copy<unsigned>(0, BITONIC_N);
    kit_times t;
    KIT_TIME_CUDA(t, KIT_CUDA(cudaMemcpy(da, din, BITONIC_N * sizeof(unsigned), cudaMemcpyDeviceToDevice)),
                  for (unsigned k = 2; k <= BITONIC_N; k <<= 1) for (unsigned j = k >> 1; j > 0; j >>= 1)
                      bitonic<<<BITONIC_N / THREADS, THREADS>>>(da, j, k));
    unsigned *out = (unsigned *)kit_alloc(BITONIC_N * sizeof(unsigned));
    kit_host_copy(out, da, BITONIC_N);
    return kit_report("bitonic_sort", "cuda", "512", &t, sort_check(in, out, BITONIC_N));
}
