/* Per-block histogram in shared memory with shared atomics (grid-stride over words, four bytes
 * each), then one global atomicAdd per bin per block. */
#include "histogram.h"
#define THREADS 256
#define BLOCKS 512
__global__ void histogram(const unsigned *words, unsigned *hist, int n) {
    __shared__ unsigned s[256];
    s[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        unsigned w = words[i];
        atomicAdd(&s[w & 0xff], 1u);
        atomicAdd(&s[(w >> 8) & 0xff], 1u);
        atomicAdd(&s[(w >> 16) & 0xff], 1u);
        atomicAdd(&s[w >> 24], 1u);
    }
    __syncthreads();
    atomicAdd(&hist[threadIdx.x], s[threadIdx.x]);
}
int main(void) {
    unsigned *words = hist_inputs();
    unsigned *dwords = kit_device_copy(words, HIST_WORDS), *dhist = kit_device_copy<unsigned>(0, 256);
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < HIST_LAUNCHES; l++) {
        cudaMemsetAsync(dhist, 0, 256 * sizeof(unsigned));
        histogram<<<BLOCKS, THREADS>>>(dwords, dhist, HIST_WORDS);
    });
    unsigned hist[256];
    kit_host_copy(hist, dhist, 256);
    return kit_report("histogram", "cuda", "256", &t, hist_check(words, hist));
}
