/* Warp-aggregated compaction (256-thread blocks): __all_sync skips warps with nothing to keep,
 * __ballot_sync and __popc give each kept lane its slot, the warp's first kept lane reserves the
 * warp's slots with one atomicAdd and __shfl_sync broadcasts the base. */
#include "warp_vote.h"
#define THREADS 256
__global__ void compact(const int *in, int *out, int *count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32;
    int v = i < n ? in[i] : 0;
    int keep = i < n && vote_keep(v);
    if (__all_sync(0xffffffffu, !keep)) return;
    unsigned ballot = __ballot_sync(0xffffffffu, keep);
    int leader = __ffs(ballot) - 1, base = 0;
    if (lane == leader) base = atomicAdd(count, __popc(ballot));
    base = __shfl_sync(0xffffffffu, base, leader);
    if (keep) out[base + __popc(ballot & ((1u << lane) - 1))] = v;
}
int main(void) {
    int *in = kit_ints(VOTE_N, 35, 1u << 30);
    int *din = kit_device_copy(in, VOTE_N), *dout = kit_device_copy<int>(0, VOTE_N), *dcount = kit_device_copy<int>(0, 1);
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < VOTE_LAUNCHES; l++) {
        cudaMemsetAsync(dcount, 0, sizeof(int));
        compact<<<VOTE_N / THREADS, THREADS>>>(din, dout, dcount, VOTE_N);
    });
    int count;
    kit_host_copy(&count, dcount, 1);
    int *out = (int *)kit_alloc(VOTE_N * sizeof(int));
    kit_host_copy(out, dout, VOTE_N);
    return kit_report("warp_vote", "cuda", "256", &t, vote_check(in, out, count));
}
