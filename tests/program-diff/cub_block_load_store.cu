// flags: -O3 -std=c++17
// cub::BlockLoad / BlockStore with every algorithm, full and partial tiles (valid_items with an
// out-of-bounds default), 2D thread blocks, then BlockRadixSort pairs blocked→striped.
#include <cub/cub.cuh>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s line %d: %s\n", #x, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }

constexpr int BX = 32, BY = 4, T = BX * BY, IPT = 4, TILE = T * IPT;

template <cub::BlockLoadAlgorithm LA, cub::BlockStoreAlgorithm SA>
__global__ void copy_tiles(const int *in, int *out, int n) {
    using Load = cub::BlockLoad<int, BX, IPT, LA, BY>;
    using Store = cub::BlockStore<int, BX, IPT, SA, BY>;
    __shared__ union { typename Load::TempStorage l; typename Store::TempStorage s; } ts;
    int base = blockIdx.x * TILE, valid = n - base;
    int items[IPT];
    if (valid >= TILE) Load(ts.l).Load(in + base, items);
    else Load(ts.l).Load(in + base, items, valid, -7);
    __syncthreads();
    int t = threadIdx.y * BX + threadIdx.x;
    for (int i = 0; i < IPT; i++) items[i] = items[i] * 2 + (t & 1);  // depends on the arrangement
    if (valid >= TILE) Store(ts.s).Store(out + base, items);
    else Store(ts.s).Store(out + base, items, valid);
}

// reference: blocked arrangement for DIRECT/VECTORIZE/TRANSPOSE loads, striped for STRIPED,
// warp-striped for WARP_TRANSPOSE loads (they all deliver blocked to the thread except STRIPED).
static int owner(cub::BlockLoadAlgorithm a, int j) {
    if (a == cub::BLOCK_LOAD_STRIPED) return j % T;
    return j / IPT;
}

template <cub::BlockLoadAlgorithm LA, cub::BlockStoreAlgorithm SA>
static int run(const char *name, const std::vector<int> &h, int n) {
    int *in, *out; cudaMalloc(&in, n * 4); cudaMalloc(&out, (n + TILE) * 4);
    cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice);
    cudaMemset(out, 0xee, (n + TILE) * 4);
    copy_tiles<LA, SA><<<(n + TILE - 1) / TILE, dim3(BX, BY)>>>(in, out, n);
    cudaError_t e = cudaDeviceSynchronize();
    std::vector<int> g(n + TILE); cudaMemcpy(g.data(), out, (n + TILE) * 4, cudaMemcpyDeviceToHost);
    bool ok = e == cudaSuccess;
    // same arrangement for load and store: element j goes back to j, transformed by its owner's parity
    bool same_arr = (LA == cub::BLOCK_LOAD_STRIPED) == (SA == cub::BLOCK_STORE_STRIPED);
    if (same_arr) for (int j = 0; j < n; j++) ok &= g[j] == h[j] * 2 + (owner(LA, j % TILE) & 1);
    int past = 0; for (int j = n; j < n + TILE; j++) past += g[j] != (int)0xeeeeeeee;
    printf("%-40s %s written_past_n=%d hash=%016llx\n", name, ok ? "ok" : "MISMATCH", past, (unsigned long long)fnv(g.data(), n * 4));
    cudaFree(in); cudaFree(out);
    return ok ? 0 : 1;
}

__global__ void sort_pairs(const unsigned *k, const int *v, unsigned *ko, int *vo, int begin_bit, int end_bit, bool desc) {
    using Sort = cub::BlockRadixSort<unsigned, BX, IPT, int, 4, true, cub::BLOCK_SCAN_WARP_SCANS, cudaSharedMemBankSizeFourByte, BY>;
    __shared__ typename Sort::TempStorage ts;
    int t = threadIdx.y * BX + threadIdx.x, base = blockIdx.x * TILE;
    unsigned keys[IPT]; int vals[IPT];
    for (int i = 0; i < IPT; i++) { keys[i] = k[base + t * IPT + i]; vals[i] = v[base + t * IPT + i]; }
    if (desc) Sort(ts).SortDescendingBlockedToStriped(keys, vals, begin_bit, end_bit);
    else Sort(ts).SortBlockedToStriped(keys, vals, begin_bit, end_bit);
    for (int i = 0; i < IPT; i++) { ko[base + i * T + t] = keys[i]; vo[base + i * T + t] = vals[i]; }
}

int main() {
    int fails = 0;
    std::vector<int> h(5 * TILE + 77);
    uint32_t s = 5; for (auto &x : h) { s = s * 1664525u + 1013904223u; x = (int)(s >> 12); }
    int n = (int)h.size();
    fails += run<cub::BLOCK_LOAD_DIRECT, cub::BLOCK_STORE_DIRECT>("DIRECT/DIRECT", h, n);
    fails += run<cub::BLOCK_LOAD_STRIPED, cub::BLOCK_STORE_STRIPED>("STRIPED/STRIPED", h, n);
    fails += run<cub::BLOCK_LOAD_VECTORIZE, cub::BLOCK_STORE_VECTORIZE>("VECTORIZE/VECTORIZE", h, n);
    fails += run<cub::BLOCK_LOAD_TRANSPOSE, cub::BLOCK_STORE_TRANSPOSE>("TRANSPOSE/TRANSPOSE", h, n);
    fails += run<cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::BLOCK_STORE_WARP_TRANSPOSE>("WARP_TRANSPOSE/WARP_TRANSPOSE", h, n);
    fails += run<cub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED, cub::BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED>("WARP_TRANSPOSE_TIMESLICED x2", h, n);
    fails += run<cub::BLOCK_LOAD_DIRECT, cub::BLOCK_STORE_STRIPED>("DIRECT/STRIPED (mixed)", h, n);
    fails += run<cub::BLOCK_LOAD_TRANSPOSE, cub::BLOCK_STORE_WARP_TRANSPOSE>("TRANSPOSE/WARP_TRANSPOSE", h, n);
    fails += run<cub::BLOCK_LOAD_VECTORIZE, cub::BLOCK_STORE_DIRECT>("VECTORIZE/DIRECT", h, 4 * TILE);
    // block radix sort, three blocks, bits [3, 19) and full descending
    {
        const int B = 3, N = B * TILE;
        std::vector<unsigned> k(N); std::vector<int> v(N);
        for (int i = 0; i < N; i++) { s = s * 1664525u + 1013904223u; k[i] = s; v[i] = i; }
        unsigned *dk, *dko; int *dv, *dvo;
        CK(cudaMalloc(&dk, N * 4)); CK(cudaMalloc(&dko, N * 4)); CK(cudaMalloc(&dv, N * 4)); CK(cudaMalloc(&dvo, N * 4));
        CK(cudaMemcpy(dk, k.data(), N * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dv, v.data(), N * 4, cudaMemcpyHostToDevice));
        for (int desc = 0; desc < 2; desc++) {
            int bb = desc ? 0 : 3, eb = desc ? 32 : 19;
            sort_pairs<<<B, dim3(BX, BY)>>>(dk, dv, dko, dvo, bb, eb, desc);
            CK(cudaDeviceSynchronize());
            std::vector<unsigned> gk(N); std::vector<int> gv(N);
            CK(cudaMemcpy(gk.data(), dko, N * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(gv.data(), dvo, N * 4, cudaMemcpyDeviceToHost));
            bool ok = true;
            for (int b = 0; b < B; b++) {
                std::vector<int> idx(TILE); for (int i = 0; i < TILE; i++) idx[i] = b * TILE + i;
                auto sub = [&](unsigned x) { return (x >> bb) & (eb == 32 && bb == 0 ? 0xffffffffu : ((1u << (eb - bb)) - 1)); };
                std::stable_sort(idx.begin(), idx.end(), [&](int x, int y) { return desc ? sub(k[x]) > sub(k[y]) : sub(k[x]) < sub(k[y]); });
                for (int i = 0; i < TILE; i++) ok &= gv[b * TILE + i] == idx[i] && gk[b * TILE + i] == k[idx[i]];
            }
            printf("BlockRadixSort pairs %-19s %s hash=%016llx\n", desc ? "desc full" : "bits[3,19)", ok ? "ok" : "MISMATCH", (unsigned long long)fnv(gv.data(), N * 4));
            fails += !ok;
        }
    }
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails != 0;
}
