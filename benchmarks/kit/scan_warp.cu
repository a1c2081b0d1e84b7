/* Inclusive scan, one element per thread: __shfl_up_sync within each warp, the warps' totals
 * scanned by the first warp through shared memory; block totals scanned recursively. */
#include "scan.h"
#define THREADS 256
#define WARPS (THREADS / 32)
__device__ unsigned warp_inclusive(unsigned v, int lane) {
    for (int d = 1; d < 32; d <<= 1) {
        unsigned up = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d) v += up;
    }
    return v;
}
__global__ void scan_blocks(const unsigned *in, unsigned *out, unsigned *sums, int n) {
    __shared__ unsigned warp_totals[WARPS];
    int i = blockIdx.x * THREADS + threadIdx.x, lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    unsigned v = warp_inclusive(i < n ? in[i] : 0, lane);
    if (lane == 31) warp_totals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        unsigned w = lane < WARPS ? warp_totals[lane] : 0;
        w = warp_inclusive(w, lane);
        if (lane < WARPS) warp_totals[lane] = w;
    }
    __syncthreads();
    if (warp > 0) v += warp_totals[warp - 1];
    if (i < n) out[i] = v;
    if (threadIdx.x == THREADS - 1) sums[blockIdx.x] = v;
}
/* Block b > 0 adds the inclusive scan of the block totals up to b - 1. */
__global__ void add_offsets(unsigned *out, const unsigned *scanned, int n) {
    int i = blockIdx.x * THREADS + threadIdx.x;
    if (blockIdx.x > 0 && i < n) out[i] += scanned[blockIdx.x - 1];
}
static void scan(const unsigned *in, unsigned *out, int n, unsigned **sums, unsigned **scanned) {
    int blocks = (n + THREADS - 1) / THREADS;
    scan_blocks<<<blocks, THREADS>>>(in, out, sums[0], n);
    if (blocks > 1) {
        scan(sums[0], scanned[0], blocks, sums + 1, scanned + 1);
        add_offsets<<<blocks, THREADS>>>(out, scanned[0], n);
    }
}
int main(void) {
    unsigned *in = (unsigned *)kit_ints(SCAN_N, 8, 16);
    unsigned *din = kit_device_copy(in, SCAN_N), *dout = kit_device_copy<unsigned>(0, SCAN_N);
    unsigned *sums[8], *scanned[8];
    int level = 0;
    for (int n = SCAN_N; level < 8; n = (n + THREADS - 1) / THREADS, level++) {
        sums[level] = kit_device_copy<unsigned>(0, (n + THREADS - 1) / THREADS);
        scanned[level] = kit_device_copy<unsigned>(0, (n + THREADS - 1) / THREADS);
    }
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < SCAN_LAUNCHES; l++) scan(din, dout, SCAN_N, sums, scanned));
    unsigned *out = (unsigned *)kit_alloc(SCAN_N * sizeof(unsigned));
    kit_host_copy(out, dout, SCAN_N);
    return kit_report("scan_warp", "cuda", "256", &t, scan_check(in, out, 1));
}
