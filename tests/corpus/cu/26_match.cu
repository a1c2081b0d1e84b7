// min-arch: sm_75
// Warp match: __match_any_sync and __match_all_sync on 32- and 64-bit values (match.any/all.sync.b32/b64),
// used for warp-aggregated histogram updates (group lanes with equal keys).

extern "C" __global__ void match_ops(const int *k32, const long long *k64, unsigned *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned any32 = __match_any_sync(0xffffffffu, k32[i]);
    unsigned any64 = __match_any_sync(0xffffffffu, k64[i]);
    int pred32, pred64;
    unsigned all32 = __match_all_sync(0xffffffffu, k32[i], &pred32);
    unsigned all64 = __match_all_sync(0xffffffffu, (unsigned long long)k64[i], &pred64);
    out[4 * i + 0] = any32;
    out[4 * i + 1] = any64;
    out[4 * i + 2] = all32 | (unsigned)pred32;
    out[4 * i + 3] = all64 | ((unsigned)pred64 << 1);
}

// Aggregated histogram: the lowest lane of each key group performs one atomic for the group
extern "C" __global__ void match_histogram(const unsigned *keys, unsigned *bins, int n, int nbins) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned key = i < n ? keys[i] % nbins : 0xffffffffu;
    unsigned peers = __match_any_sync(0xffffffffu, key);
    int leader = __ffs(peers) - 1;
    int lane = threadIdx.x & 31;
    if (key != 0xffffffffu && lane == leader) atomicAdd(&bins[key], (unsigned)__popc(peers));
}
