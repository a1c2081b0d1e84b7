// flags: -O3 -std=c++17
// HeCBench bitonic-sort and bsearch style: a bitonic sort of 2^16 keys, first each 1024-key
// chunk in shared memory by a 1024-thread block (__launch_bounds__(1024)), then the global merge
// steps as one cooperative kernel synchronizing with cooperative_groups grid.sync() (launched
// with cudaLaunchCooperativeKernel, grid size from cudaOccupancyMaxActiveBlocksPerMultiprocessor
// and the SM count); then HeCBench's four binary searches (bs, bs2 with a power-of-two stride,
// bs3 branchless, bs4 with a block's shared prefix) of 5000 queries in the sorted array, each
// given n = aSize - 1 as HeCBench passes it.
// Exact integers, checked against the host.
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
constexpr int N = 1 << 16;
__global__ void __launch_bounds__(1024) sort_chunks(unsigned* a) {
    __shared__ unsigned s[1024];
    unsigned t = threadIdx.x;
    s[t] = a[blockIdx.x * 1024 + t];
    __syncthreads();
    for (unsigned k = 2; k <= 1024; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            unsigned ixj = t ^ j;
            if (ixj > t) {
                bool up = (((blockIdx.x * 1024 + t) & k) == 0);
                if ((s[t] > s[ixj]) == up) { unsigned x = s[t]; s[t] = s[ixj]; s[ixj] = x; }
            }
            __syncthreads();
        }
    }
    a[blockIdx.x * 1024 + t] = s[t];
}
__global__ void merge_coop(unsigned* a, int n) {
    cg::grid_group grid = cg::this_grid();
    for (unsigned k = 2048; k <= (unsigned)n; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            for (unsigned i = grid.thread_rank(); i < (unsigned)n; i += grid.size()) {
                unsigned ixj = i ^ j;
                if (ixj > i) {
                    bool up = ((i & k) == 0);
                    unsigned x = a[i], y = a[ixj];
                    if ((x > y) == up) { a[i] = y; a[ixj] = x; }
                }
            }
            grid.sync();
        }
    }
}
template <typename T>
__global__ void bs(const size_t aSize, const size_t zSize, const T* acc_a, const T* acc_z, size_t* acc_r, const size_t n) {
    size_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= zSize) return;
    T z = acc_z[i];
    size_t low = 0, high = n;
    while (high - low > 1) {
        size_t mid = low + (high - low) / 2;
        if (z < acc_a[mid]) high = mid; else low = mid;
    }
    acc_r[i] = low;
}
template <typename T>
__global__ void bs2(const size_t aSize, const size_t zSize, const T* acc_a, const T* acc_z, size_t* acc_r, const size_t n) {
    size_t lane = blockIdx.x * blockDim.x + threadIdx.x;
    if (lane >= zSize) return;
    unsigned nbits = 0;
    while (n >> nbits) nbits++;
    size_t k = 1ULL << (nbits - 1);
    T z = acc_z[lane];
    size_t idx = (acc_a[k] <= z) ? k : 0;
    while ((k >>= 1)) {
        size_t r = idx | k;
        if (r < n && z >= acc_a[r]) idx = r;
    }
    acc_r[lane] = idx;
}
template <typename T>
__global__ void bs3(const size_t aSize, const size_t zSize, const T* acc_a, const T* acc_z, size_t* acc_r, const size_t n) {
    size_t lane = blockIdx.x * blockDim.x + threadIdx.x;
    if (lane >= zSize) return;
    unsigned nbits = 0;
    while (n >> nbits) nbits++;
    size_t k = 1ULL << (nbits - 1);
    T z = acc_z[lane];
    size_t idx = (acc_a[k] <= z) ? k : 0;
    while ((k >>= 1)) {
        size_t r = idx | k;
        size_t w = r < n ? r : n;
        if (z >= acc_a[w]) idx = r;
    }
    acc_r[lane] = idx;
}
template <typename T>
__global__ void bs4(const size_t aSize, const size_t zSize, const T* acc_a, const T* acc_z, size_t* acc_r, const size_t n) {
    __shared__ size_t k;
    size_t gid = blockIdx.x * blockDim.x + threadIdx.x;
    size_t lane = threadIdx.x;
    if (lane == 0) {
        unsigned nbits = 0;
        while (n >> nbits) nbits++;
        k = 1ULL << (nbits - 1);
    }
    __syncthreads();
    size_t p = k;
    T z = gid < zSize ? acc_z[gid] : 0;
    size_t idx = (acc_a[p] <= z) ? p : 0;
    while ((p >>= 1)) {
        size_t r = idx | p;
        size_t w = r < n ? r : n - 1;
        if (z >= acc_a[w]) idx = r;
    }
    if (gid < zSize) acc_r[gid] = idx;
}
int main() {
    std::vector<unsigned> h(N);
    unsigned x = 2463534242u;
    for (int i = 0; i < N; i++) { x ^= x << 13; x ^= x >> 17; x ^= x << 5; h[i] = x % 1000000; }
    unsigned* d;
    CK(cudaMalloc(&d, N * 4));
    CK(cudaMemcpy(d, h.data(), N * 4, cudaMemcpyHostToDevice));
    sort_chunks<<<N / 1024, 1024>>>(d);
    CK(cudaGetLastError());
    int dev = 0, sms = 0, per_sm = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, merge_coop, 256, 0));
    int coop = 0;
    CK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
    int blocks = std::min(sms * per_sm, 64);
    // the grid depends on the SM count (a CPU's cores under Cuprite): only its validity is printed
    printf("cooperative launch %s, blocks per SM for 256 threads %s\n", coop ? "supported" : "unsupported", per_sm >= 1 ? ">= 1" : "0");
    int n = N;
    void* args[] = {&d, &n};
    CK(cudaLaunchCooperativeKernel((void*)merge_coop, blocks, 256, args, 0, 0));
    CK(cudaDeviceSynchronize());
    std::vector<unsigned> s(N);
    CK(cudaMemcpy(s.data(), d, N * 4, cudaMemcpyDeviceToHost));
    std::vector<unsigned> ref = h;
    std::sort(ref.begin(), ref.end());
    printf("bitonic sort: %s; s[0] %u s[N/2] %u s[N-1] %u\n", s == ref ? "sorted, same multiset" : "WRONG", s[0], s[N / 2], s[N - 1]);
    const int Q = 5000;
    std::vector<unsigned> q(Q);
    for (int i = 0; i < Q; i++) q[i] = (i % 3 == 0) ? ref[(i * 13) % N] : (unsigned)((i * 7717) % 1000500);
    unsigned* dq; size_t* dr;
    CK(cudaMalloc(&dq, Q * 4)); CK(cudaMalloc(&dr, Q * sizeof(size_t)));
    CK(cudaMemcpy(dq, q.data(), Q * 4, cudaMemcpyHostToDevice));
    const char* names[4] = {"bs", "bs2", "bs3", "bs4"};
    for (int v = 0; v < 4; v++) {
        CK(cudaMemset(dr, 0xff, Q * sizeof(size_t)));
        int tb = v == 3 ? 512 : 256;
        int gb = (Q + tb - 1) / tb;
        if (v == 0) bs<unsigned><<<gb, tb>>>(N, Q, d, dq, dr, N - 1);
        if (v == 1) bs2<unsigned><<<gb, tb>>>(N, Q, d, dq, dr, N - 1);
        if (v == 2) bs3<unsigned><<<gb, tb>>>(N, Q, d, dq, dr, N - 1);
        if (v == 3) bs4<unsigned><<<gb, tb>>>(N, Q, d, dq, dr, N - 1);
        std::vector<size_t> r(Q);
        CK(cudaMemcpy(r.data(), dr, Q * sizeof(size_t), cudaMemcpyDeviceToHost));
        unsigned long long sum = 0; int bad = 0;
        for (int i = 0; i < Q; i++) {
            sum += r[i];
            size_t want = std::upper_bound(ref.begin(), ref.end(), q[i]) - ref.begin();
            want = want ? want - 1 : 0;
            bad += ref[r[i]] != ref[want];
        }
        printf("%s: index sum %llu, %d answers point at another key, r[1] %zu r[4999] %zu\n", names[v], sum, bad, r[1], r[4999]);
    }
    return 0;
}
