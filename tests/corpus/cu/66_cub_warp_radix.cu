// min-arch: sm_75
// archs-opts: sm_75.O3 sm_80.O3 sm_90.O3 sm_90.G   (library-heavy: -G only for sm_90 to bound fixture size)
// CUB warp-level and sorting collectives: cub::WarpReduce (sum, max, segmented head-flag sum, logical warps of 16),
// cub::WarpScan (inclusive/exclusive sum, broadcast), cub::BlockRadixSort (keys only and key-value pairs,
// descending, blocked-to-striped), cub::BlockMergeSort with a custom comparator, cub::BlockExchange, cub::ShuffleIndex.
#include <cub/cub.cuh>

extern "C" __global__ void warp_reduce_kernel(const int *in, int *out) {
    using WarpReduce = cub::WarpReduce<int>;
    using HalfWarpReduce = cub::WarpReduce<int, 16>;
    __shared__ typename WarpReduce::TempStorage t32[4];
    __shared__ typename HalfWarpReduce::TempStorage t16[8];
    int warp = threadIdx.x / 32, half = threadIdx.x / 16;
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    int s = WarpReduce(t32[warp]).Sum(v);
    int m = WarpReduce(t32[warp]).Reduce(v, cuda::maximum<>{});
    int hs = HalfWarpReduce(t16[half]).Sum(v);
    int seg = WarpReduce(t32[warp]).HeadSegmentedSum(v, (threadIdx.x & 7) == 0);
    int *o = out + 4 * (blockIdx.x * blockDim.x + threadIdx.x);
    o[0] = s; o[1] = m; o[2] = hs; o[3] = seg;
}

extern "C" __global__ void warp_scan_kernel(const float *in, float *incl, float *excl) {
    using WarpScan = cub::WarpScan<float>;
    __shared__ typename WarpScan::TempStorage temp[4];
    int warp = threadIdx.x / 32;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[i], a, b, agg;
    WarpScan(temp[warp]).InclusiveSum(v, a);
    WarpScan(temp[warp]).ExclusiveSum(v, b, agg);
    float first = WarpScan(temp[warp]).Broadcast(v, 0);
    incl[i] = a + cub::ShuffleIndex<32>(first, 3, 0xffffffffu);
    excl[i] = b + agg;
}

template <int BLOCK, int ITEMS> __global__ void radix_sort_keys(unsigned *keys) {
    using Sort = cub::BlockRadixSort<unsigned, BLOCK, ITEMS>;
    __shared__ typename Sort::TempStorage temp;
    unsigned k[ITEMS];
    int base = blockIdx.x * BLOCK * ITEMS + threadIdx.x * ITEMS;
    for (int j = 0; j < ITEMS; ++j) k[j] = keys[base + j];
    Sort(temp).Sort(k);
    for (int j = 0; j < ITEMS; ++j) keys[base + j] = k[j];
}
template __global__ void radix_sort_keys<128, 4>(unsigned *);

extern "C" __global__ void radix_sort_pairs_desc(float *keys, int *vals) {
    using Sort = cub::BlockRadixSort<float, 64, 4, int>;
    __shared__ typename Sort::TempStorage temp;
    float k[4];
    int v[4];
    for (int j = 0; j < 4; ++j) {
        k[j] = keys[blockIdx.x * 256 + threadIdx.x * 4 + j];
        v[j] = vals[blockIdx.x * 256 + threadIdx.x * 4 + j];
    }
    Sort(temp).SortDescendingBlockedToStriped(k, v);
    for (int j = 0; j < 4; ++j) {
        keys[blockIdx.x * 256 + j * 64 + threadIdx.x] = k[j];
        vals[blockIdx.x * 256 + j * 64 + threadIdx.x] = v[j];
    }
}

struct ByAbs {
    __device__ bool operator()(const int &a, const int &b) const { return abs(a) < abs(b); }
};
extern "C" __global__ void merge_sort_exchange(int *data) {
    using MergeSort = cub::BlockMergeSort<int, 128, 4>;
    using Exchange = cub::BlockExchange<int, 128, 4>;
    __shared__ union {
        typename MergeSort::TempStorage sort;
        typename Exchange::TempStorage exch;
    } temp;
    int items[4];
    for (int j = 0; j < 4; ++j) items[j] = data[blockIdx.x * 512 + threadIdx.x * 4 + j];
    MergeSort(temp.sort).Sort(items, ByAbs());
    __syncthreads();
    Exchange(temp.exch).BlockedToStriped(items);
    for (int j = 0; j < 4; ++j) data[blockIdx.x * 512 + j * 128 + threadIdx.x] = items[j];
}
