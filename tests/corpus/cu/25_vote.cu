// min-arch: sm_75
// Warp vote: __all_sync, __any_sync, __ballot_sync, __activemask, __uni_sync, with divergent callers;
// ballot-based stream compaction and leader election (__ffs of ballot, __popc of lanemask).

extern "C" __global__ void vote_ops(const int *in, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    unsigned r = 0;
    r |= __all_sync(0xffffffffu, v > 0) ? 1u : 0u;
    r |= __any_sync(0xffffffffu, v < 0) ? 2u : 0u;
    r |= __uni_sync(0xffffffffu, v & 1) ? 4u : 0u;
    unsigned b = __ballot_sync(0xffffffffu, v & 1);
    out[2 * i] = r;
    out[2 * i + 1] = b;
}

extern "C" __global__ void vote_divergent(const int *in, unsigned *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    unsigned r;
    if (v > 10) {
        unsigned m = __activemask();
        r = __ballot_sync(m, v > 100) ^ m;
    } else {
        unsigned m = __activemask();
        r = __any_sync(m, v == 0) ? m : 0u;
    }
    out[i] = r;
}

// Warp-aggregated atomic increment: one atomic per warp
__device__ __forceinline__ unsigned lanemask_lt() {
    unsigned m;
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m));
    return m;
}
extern "C" __global__ void ballot_compact(const int *in, int *out, unsigned *count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bool keep = i < n && in[i] != 0;
    unsigned mask = __ballot_sync(0xffffffffu, keep);
    int leader = __ffs(mask) - 1;
    int lane = threadIdx.x & 31;
    unsigned base = 0;
    if (lane == leader) base = atomicAdd(count, (unsigned)__popc(mask));
    base = __shfl_sync(0xffffffffu, base, leader < 0 ? 0 : leader);
    if (keep) out[base + __popc(mask & lanemask_lt())] = in[i];
}

// Early-exit loop controlled by warp vote
extern "C" __global__ void vote_loop(const float *in, int *iters, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = i < n ? in[i] : 0.f;
    int k = 0;
    while (__any_sync(0xffffffffu, fabsf(x) > 1e-3f) && k < 100) {
        x *= 0.5f;
        ++k;
    }
    if (i < n) iters[i] = k;
}
