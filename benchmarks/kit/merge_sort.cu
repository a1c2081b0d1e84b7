/* Merge sort by rank: 128-thread blocks sort 128-key tiles in shared memory (merges of width 1..64,
 * a barrier between reading and writing), then one launch per wider merge in global memory. */
#include "sort.h"
#define THREADS 128
__global__ void sort_tiles(const unsigned *in, unsigned *out) {
    __shared__ unsigned s[THREADS];
    unsigned base = blockIdx.x * THREADS, t = threadIdx.x;
    s[t] = in[base + t];
    __syncthreads();
    for (unsigned w = 1; w < THREADS; w <<= 1) {
        unsigned x = s[t], pos = merge_rank(s, t, w);
        __syncthreads();
        s[pos] = x;
        __syncthreads();
    }
    out[base + t] = s[t];
}
__global__ void merge(const unsigned *src, unsigned *dst, unsigned w) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    dst[merge_rank(src, i, w)] = src[i];
}
static unsigned *sort(const unsigned *din, unsigned *da, unsigned *db) {
    sort_tiles<<<MERGE_N / THREADS, THREADS>>>(din, da);
    for (unsigned w = THREADS; w < MERGE_N; w <<= 1) {
        merge<<<MERGE_N / THREADS, THREADS>>>(da, db, w);
        unsigned *t = da;
        da = db;
        db = t;
    }
    return da;
}
int main(void) {
    unsigned *in = sort_inputs(MERGE_N);
    unsigned *din = kit_device_copy(in, MERGE_N), *da = kit_device_copy<unsigned>(0, MERGE_N),
             *db = kit_device_copy<unsigned>(0, MERGE_N), *result = 0;
    kit_times t;
    KIT_TIME_CUDA(t, , result = sort(din, da, db));
    unsigned *out = (unsigned *)kit_alloc(MERGE_N * sizeof(unsigned));
    kit_host_copy(out, result, MERGE_N);
    return kit_report("merge_sort", "cuda", "128", &t, sort_check(in, out, MERGE_N));
}
