// CUB's block- and warp-level primitives as kernels use them, over block sizes that are not
// powers of two: BlockReduce (sum, max, a custom functor) with 96 and 160 threads and partial
// tiles, BlockScan inclusive/exclusive with items per thread, BlockRadixSort of int keys with
// values (128 threads x 4 items), BlockLoad/BlockStore with the transpose algorithm,
// WarpReduce over logical warps of 8 lanes, BlockHistogram; checked against the host.
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cub/cub.cuh>
#include <cuda/functional>

struct AbsMax { __host__ __device__ int operator()(int a, int b) const { return abs(a) > abs(b) || (abs(a) == abs(b) && a > b) ? a : b; } };

template <int T>
__global__ void reduce(const int* in, int n, int* out) {
    using BR = cub::BlockReduce<int, T>;
    __shared__ typename BR::TempStorage tmp;
    int i = blockIdx.x * T + threadIdx.x;
    int valid = min(T, n - (int)blockIdx.x * T);
    int v = i < n ? in[i] : 0;
    int s = BR(tmp).Sum(v, valid);
    __syncthreads();
    int m = BR(tmp).Reduce(v, cuda::maximum<int>(), valid);
    __syncthreads();
    int a = BR(tmp).Reduce(v, AbsMax(), valid);
    if (threadIdx.x == 0) { out[3 * blockIdx.x] = s; out[3 * blockIdx.x + 1] = m; out[3 * blockIdx.x + 2] = a; }
}

template <int T, int ITEMS>
__global__ void scan(const int* in, int* incl, int* excl, int* totals) {
    using BL = cub::BlockLoad<int, T, ITEMS, cub::BLOCK_LOAD_TRANSPOSE>;
    using BS = cub::BlockScan<int, T>;
    using BST = cub::BlockStore<int, T, ITEMS, cub::BLOCK_STORE_TRANSPOSE>;
    __shared__ union { typename BL::TempStorage l; typename BS::TempStorage s; typename BST::TempStorage st; } tmp;
    int items[ITEMS], out[ITEMS];
    int base = blockIdx.x * T * ITEMS;
    BL(tmp.l).Load(in + base, items);
    __syncthreads();
    int total;
    BS(tmp.s).InclusiveSum(items, out, total);
    __syncthreads();
    BST(tmp.st).Store(incl + base, out);
    __syncthreads();
    BS(tmp.s).ExclusiveScan(items, out, 0, cuda::maximum<int>());
    __syncthreads();
    BST(tmp.st).Store(excl + base, out);
    if (threadIdx.x == 0) totals[blockIdx.x] = total;
}

__global__ void radix(int* keys, int* vals) {
    using BRS = cub::BlockRadixSort<int, 128, 4, int>;
    __shared__ typename BRS::TempStorage tmp;
    int k[4], v[4];
    for (int i = 0; i < 4; ++i) { k[i] = keys[blockIdx.x * 512 + threadIdx.x * 4 + i]; v[i] = vals[blockIdx.x * 512 + threadIdx.x * 4 + i]; }
    BRS(tmp).Sort(k, v);
    for (int i = 0; i < 4; ++i) { keys[blockIdx.x * 512 + threadIdx.x * 4 + i] = k[i]; vals[blockIdx.x * 512 + threadIdx.x * 4 + i] = v[i]; }
}

__global__ void warp8(const int* in, int* out) {
    using WR = cub::WarpReduce<int, 8>;
    __shared__ typename WR::TempStorage tmp[96 / 8];
    int g = threadIdx.x / 8;
    int s = WR(tmp[g]).Sum(in[blockIdx.x * 96 + threadIdx.x]);
    if (threadIdx.x % 8 == 0) out[blockIdx.x * 12 + g] = s;
}

__global__ void hist(const unsigned char* in, unsigned* bins) {
    using BH = cub::BlockHistogram<unsigned char, 96, 5, 64>;
    __shared__ typename BH::TempStorage tmp;
    __shared__ unsigned h[64];
    unsigned char items[5];
    for (int i = 0; i < 5; ++i) items[i] = in[blockIdx.x * 480 + threadIdx.x * 5 + i] % 64;
    BH(tmp).Histogram(items, h);
    __syncthreads();
    if (threadIdx.x < 64) atomicAdd(&bins[threadIdx.x], h[threadIdx.x]);
}

int main() {
    const int n = 3000;
    std::vector<int> h(n);
    for (int i = 0; i < n; ++i) h[i] = (int)((i * 2654435761u) >> 16) % 2001 - 1000;
    int *d, *o, *o2, *o3;
    cudaMalloc(&d, n * 4); cudaMalloc(&o, n * 4 * 3); cudaMalloc(&o2, n * 4); cudaMalloc(&o3, 64 * 4);
    cudaMemcpy(d, h.data(), n * 4, cudaMemcpyHostToDevice);
    for (int t : {96, 160}) {
        int blocks = (n + t - 1) / t;
        if (t == 96) reduce<96><<<blocks, 96>>>(d, n, o); else reduce<160><<<blocks, 160>>>(d, n, o);
        std::vector<int> r(3 * blocks);
        cudaMemcpy(r.data(), o, r.size() * 4, cudaMemcpyDeviceToHost);
        int bad = 0;
        for (int b = 0; b < blocks; ++b) {
            int s = 0, m = -100000, a = 0; bool first = true;
            for (int i = b * t; i < std::min(n, (b + 1) * t); ++i) { s += h[i]; m = std::max(m, h[i]); a = first ? h[i] : AbsMax()(a, h[i]) ; first = false; }
            bad += r[3 * b] != s || r[3 * b + 1] != m || r[3 * b + 2] != a;
        }
        printf("BlockReduce %d threads: last block %d %d %d mismatches %d\n", t, r[3 * blocks - 3], r[3 * blocks - 2], r[3 * blocks - 1], bad);
    }
    const int sn = 96 * 3 * 5;   // 5 tiles of 96 threads x 3 items
    scan<96, 3><<<5, 96>>>(d, o, o2, o3);
    std::vector<int> incl(sn), excl(sn), tot(5);
    cudaMemcpy(incl.data(), o, sn * 4, cudaMemcpyDeviceToHost); cudaMemcpy(excl.data(), o2, sn * 4, cudaMemcpyDeviceToHost); cudaMemcpy(tot.data(), o3, 20, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < 5; ++b) { int s = 0, m = 0; for (int i = b * 288; i < (b + 1) * 288; ++i) { bad += excl[i] != m; s += h[i]; m = std::max(m, h[i]); bad += incl[i] != s; } bad += tot[b] != s; }
    printf("BlockScan 96x3: totals %d %d %d %d %d mismatches %d\n", tot[0], tot[1], tot[2], tot[3], tot[4], bad);
    std::vector<int> keys(1024), vals(1024);
    for (int i = 0; i < 1024; ++i) { keys[i] = h[i] * 37 % 500; vals[i] = i; }
    int *dk, *dv;
    cudaMalloc(&dk, 4096); cudaMalloc(&dv, 4096);
    cudaMemcpy(dk, keys.data(), 4096, cudaMemcpyHostToDevice); cudaMemcpy(dv, vals.data(), 4096, cudaMemcpyHostToDevice);
    radix<<<2, 128>>>(dk, dv);
    std::vector<int> sk(1024), sv(1024);
    cudaMemcpy(sk.data(), dk, 4096, cudaMemcpyDeviceToHost); cudaMemcpy(sv.data(), dv, 4096, cudaMemcpyDeviceToHost);
    bad = 0;
    for (int b = 0; b < 2; ++b) {
        std::vector<std::pair<int, int>> ref;
        for (int i = b * 512; i < (b + 1) * 512; ++i) ref.push_back({keys[i], vals[i]});
        std::stable_sort(ref.begin(), ref.end(), [](auto x, auto y) { return x.first < y.first; });
        for (int i = 0; i < 512; ++i) bad += sk[b * 512 + i] != ref[i].first || sv[b * 512 + i] != ref[i].second;
    }
    printf("BlockRadixSort 128x4 (stable): first %d/%d last %d/%d mismatches %d\n", sk[0], sv[0], sk[1023], sv[1023], bad);
    warp8<<<3, 96>>>(d, o);
    std::vector<int> w(36);
    cudaMemcpy(w.data(), o, 36 * 4, cudaMemcpyDeviceToHost);
    bad = 0; for (int g = 0; g < 36; ++g) { int s = 0; for (int i = 0; i < 8; ++i) s += h[g * 8 + i]; bad += w[g] != s; }
    printf("WarpReduce<8>: %d %d mismatches %d\n", w[0], w[35], bad);
    unsigned char* dc; unsigned* db;
    std::vector<unsigned char> bytes(480 * 4);
    for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = (unsigned char)(i * i + 7);
    cudaMalloc(&dc, bytes.size()); cudaMalloc(&db, 256);
    cudaMemcpy(dc, bytes.data(), bytes.size(), cudaMemcpyHostToDevice); cudaMemset(db, 0, 256);
    hist<<<4, 96>>>(dc, db);
    unsigned bins[64]; cudaMemcpy(bins, db, 256, cudaMemcpyDeviceToHost);
    unsigned ref[64] = {}; for (unsigned char c : bytes) ref[c % 64]++;
    bad = 0; for (int i = 0; i < 64; ++i) bad += bins[i] != ref[i];
    printf("BlockHistogram 96x5 into 64 bins: bins[0] %u bins[63] %u mismatches %d (%s)\n", bins[0], bins[63], bad, cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
