// min-arch: sm_75
// archs-opts: sm_75.O3 sm_80.O3 sm_90.O3 sm_90.G   (library-heavy: -G only for sm_90 to bound fixture size)
// CUB block-level collectives in user kernels: cub::BlockReduce (sum, max, custom op, WARP_REDUCTIONS and
// RAKING algorithms, partial-tile Sum), cub::BlockScan (inclusive/exclusive sum with block aggregate),
// cub::BlockLoad/BlockStore (WARP_TRANSPOSE, VECTORIZE) with a TempStorage union.
// (BlockDiscontinuity/BlockHistogram/raking-memoize custom-op scans left out: ~400 KB more -G PTX.)
#include <cub/cub.cuh>

template <int BLOCK, int ITEMS> __global__ void block_sum_max(const int *in, int *sums, int *maxes) {
    using BlockLoad = cub::BlockLoad<int, BLOCK, ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
    using BlockReduce = cub::BlockReduce<int, BLOCK>;
    __shared__ union {
        typename BlockLoad::TempStorage load;
        typename BlockReduce::TempStorage reduce;
    } temp;
    int items[ITEMS];
    BlockLoad(temp.load).Load(in + blockIdx.x * BLOCK * ITEMS, items);
    __syncthreads();
    int s = BlockReduce(temp.reduce).Sum(items);
    __syncthreads();
    int m = BlockReduce(temp.reduce).Reduce(items, cuda::maximum<>{});
    if (threadIdx.x == 0) {
        sums[blockIdx.x] = s;
        maxes[blockIdx.x] = m;
    }
}
template __global__ void block_sum_max<128, 4>(const int *, int *, int *);

struct AbsMax {
    __device__ float operator()(float a, float b) const { return fabsf(a) > fabsf(b) ? a : b; }
};

extern "C" __global__ void block_reduce_algorithms(const float *in, float *out, int n) {
    using RakingReduce = cub::BlockReduce<float, 256, cub::BLOCK_REDUCE_RAKING>;
    using WarpReduce = cub::BlockReduce<float, 256, cub::BLOCK_REDUCE_WARP_REDUCTIONS>;
    __shared__ typename RakingReduce::TempStorage t1;
    __shared__ typename WarpReduce::TempStorage t2;
    int i = blockIdx.x * 256 + threadIdx.x;
    float v = i < n ? in[i] : 0.f;
    float a = RakingReduce(t1).Sum(v, n - blockIdx.x * 256 < 256 ? n - blockIdx.x * 256 : 256);
    float b = WarpReduce(t2).Reduce(v, AbsMax());
    if (threadIdx.x == 0) {
        out[2 * blockIdx.x] = a;
        out[2 * blockIdx.x + 1] = b;
    }
}

template <int BLOCK, int ITEMS> __global__ void block_scan(const int *in, int *incl, int *excl, int *totals) {
    using BlockLoad = cub::BlockLoad<int, BLOCK, ITEMS, cub::BLOCK_LOAD_VECTORIZE>;
    using BlockStore = cub::BlockStore<int, BLOCK, ITEMS, cub::BLOCK_STORE_WARP_TRANSPOSE>;
    using BlockScan = cub::BlockScan<int, BLOCK>;
    __shared__ union {
        typename BlockLoad::TempStorage load;
        typename BlockStore::TempStorage store;
        typename BlockScan::TempStorage scan;
    } temp;
    int items[ITEMS], out1[ITEMS], out2[ITEMS];
    int offset = blockIdx.x * BLOCK * ITEMS;
    BlockLoad(temp.load).Load(in + offset, items);
    __syncthreads();
    int aggregate;
    BlockScan(temp.scan).InclusiveSum(items, out1);
    __syncthreads();
    BlockScan(temp.scan).ExclusiveSum(items, out2, aggregate);
    __syncthreads();
    BlockStore(temp.store).Store(incl + offset, out1);
    __syncthreads();
    BlockStore(temp.store).Store(excl + offset, out2);
    if (threadIdx.x == 0) totals[blockIdx.x] = aggregate;
}
template __global__ void block_scan<128, 4>(const int *, int *, int *, int *);
