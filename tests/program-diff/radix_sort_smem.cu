// LSD radix sort of (key, value) pairs, 4 bits per pass: per-block shared-memory digit histograms
// (atomicAdd on shared), a global exclusive scan of the digit-major histogram table, and a stable
// scatter in which each block ranks its elements with a __ballot_sync per digit value. Signed
// keys are sorted through the sign-flip trick, with 16-bit values carried along. Compared with
// std::stable_sort on the host.
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

constexpr int BITS = 4, R = 1 << BITS, TPB = 128, WARPS = TPB / 32;

__global__ void histogram(const unsigned* __restrict__ keys, int n, int shift, unsigned* table, int nblocks) {
    __shared__ unsigned h[R];
    if (threadIdx.x < R) h[threadIdx.x] = 0;
    __syncthreads();
    int i = blockIdx.x * TPB + threadIdx.x;
    if (i < n) atomicAdd(&h[(keys[i] >> shift) & (R - 1)], 1u);
    __syncthreads();
    if (threadIdx.x < R) table[threadIdx.x * nblocks + blockIdx.x] = h[threadIdx.x];
}

// one block scans the whole table (digit-major): small inputs
__global__ void scan_table(unsigned* t, int m) {
    __shared__ unsigned carry;
    __shared__ unsigned warp_tot[32];
    if (threadIdx.x == 0) carry = 0;
    __syncthreads();
    for (int base = 0; base < m; base += blockDim.x) {
        int i = base + threadIdx.x;
        unsigned v = i < m ? t[i] : 0, x = v;
        for (int o = 1; o < 32; o <<= 1) { unsigned y = __shfl_up_sync(0xffffffffu, x, o); if ((threadIdx.x & 31) >= o) x += y; }
        if ((threadIdx.x & 31) == 31) warp_tot[threadIdx.x >> 5] = x;
        __syncthreads();
        if (threadIdx.x < 32) {
            unsigned w = threadIdx.x < blockDim.x / 32 ? warp_tot[threadIdx.x] : 0, z = w;
            for (int o = 1; o < 32; o <<= 1) { unsigned y = __shfl_up_sync(0xffffffffu, z, o); if (threadIdx.x >= o) z += y; }
            warp_tot[threadIdx.x] = z - w;
        }
        __syncthreads();
        unsigned excl = carry + warp_tot[threadIdx.x >> 5] + x - v;
        if (i < m) t[i] = excl;
        __syncthreads();
        if (threadIdx.x == blockDim.x - 1) carry = excl + v;
        __syncthreads();
    }
}

template <typename V>
__global__ void scatter(const unsigned* __restrict__ kin, const V* __restrict__ vin, unsigned* kout, V* vout,
                        int n, int shift, const unsigned* __restrict__ table, int nblocks) {
    __shared__ unsigned warp_cnt[WARPS][R];
    int i = blockIdx.x * TPB + threadIdx.x, lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    bool valid = i < n;
    unsigned key = valid ? kin[i] : 0, d = (key >> shift) & (R - 1);
    unsigned rank_in_warp = 0;
    for (unsigned b = 0; b < R; ++b) {
        unsigned m = __ballot_sync(0xffffffffu, valid && d == b);
        if (lane == 0) warp_cnt[warp][b] = __popc(m);
        if (valid && d == b) rank_in_warp = __popc(m & ((1u << lane) - 1));
    }
    __syncthreads();
    if (valid) {
        unsigned before = 0;
        for (int w = 0; w < warp; ++w) before += warp_cnt[w][d];
        unsigned dst = table[d * nblocks + blockIdx.x] + before + rank_in_warp;
        kout[dst] = key; vout[dst] = vin[i];
    }
}

template <typename V>
int sort_pairs(unsigned* dk, V* dv, unsigned* tk, V* tv, int n, unsigned* dtable) {
    int nb = (n + TPB - 1) / TPB;
    for (int shift = 0; shift < 32; shift += BITS) {
        histogram<<<nb, TPB>>>(dk, n, shift, dtable, nb);
        scan_table<<<1, 256>>>(dtable, R * nb);
        scatter<V><<<nb, TPB>>>(dk, dv, tk, tv, n, shift, dtable, nb);
        std::swap(dk, tk); std::swap(dv, tv);
    }
    return cudaGetLastError();
}

int main() {
    const int n = 10007;
    std::vector<int> keys(n); std::vector<unsigned short> vals(n);
    unsigned s = 99;
    for (int i = 0; i < n; ++i) { s = s * 747796405u + 2891336453u; keys[i] = (int)(s ^ (s >> 13)) % 5000 - (i % 3 ? 0 : 2000000000 + (int)(s % 7)); vals[i] = (unsigned short)i; }
    unsigned *dk, *tk, *dt; unsigned short *dv, *tv;
    int nb = (n + TPB - 1) / TPB;
    CK(cudaMalloc(&dk, n * 4)); CK(cudaMalloc(&tk, n * 4)); CK(cudaMalloc(&dv, n * 2)); CK(cudaMalloc(&tv, n * 2));
    CK(cudaMalloc(&dt, R * nb * 4));
    std::vector<unsigned> flipped(n);
    for (int i = 0; i < n; ++i) flipped[i] = (unsigned)keys[i] ^ 0x80000000u;
    CK(cudaMemcpy(dk, flipped.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dv, vals.data(), n * 2, cudaMemcpyHostToDevice));
    CK((cudaError_t)sort_pairs(dk, dv, tk, tv, n, dt));
    std::vector<unsigned> ok(n); std::vector<unsigned short> ov(n);
    CK(cudaMemcpy(ok.data(), dk, n * 4, cudaMemcpyDeviceToHost));   // 8 passes: the result is back in dk
    CK(cudaMemcpy(ov.data(), dv, n * 2, cudaMemcpyDeviceToHost));
    std::vector<std::pair<int, unsigned short>> ref(n);
    for (int i = 0; i < n; ++i) ref[i] = {keys[i], vals[i]};
    std::stable_sort(ref.begin(), ref.end(), [](auto a, auto b) { return a.first < b.first; });
    int bad = 0; unsigned long long h = 1469598103934665603ull;
    for (int i = 0; i < n; ++i) {
        int k = (int)(ok[i] ^ 0x80000000u);
        bad += k != ref[i].first || ov[i] != ref[i].second;
        h = (h ^ (unsigned)k) * 1099511628211ull; h = (h ^ ov[i]) * 1099511628211ull;
    }
    printf("sorted %d pairs: first %d/%u last %d/%u hash %016llx mismatches %d\n", n, (int)(ok[0] ^ 0x80000000u), ov[0],
           (int)(ok[n - 1] ^ 0x80000000u), ov[n - 1], h, bad);
    return 0;
}
