// A single-pass prefix sum with decoupled look-back (the algorithm CUB's device scan uses):
// blocks take dynamic tile numbers from an atomic ticket, publish their aggregate and then
// their inclusive prefix through per-tile status words (a 64-bit word: 2 flag bits + 62-bit
// value, written with one atomicExch so readers never see a torn pair), and the look-back
// spins on volatile reads of predecessors' status. Works on 64-bit sums; compared with the host.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

constexpr unsigned long long FLAG_AGG = 1ull << 62, FLAG_PRE = 2ull << 62, VALUE = (1ull << 62) - 1;

template <int TPB, int ITEMS>
__global__ void scan_lookback(const int* __restrict__ in, long long* __restrict__ out, int n, unsigned* ticket, unsigned long long* status) {
    __shared__ unsigned tile;
    __shared__ long long warp_sums[TPB / 32];
    __shared__ long long exclusive;
    if (threadIdx.x == 0) tile = atomicAdd(ticket, 1u);
    __syncthreads();
    const int base = tile * TPB * ITEMS + threadIdx.x * ITEMS;
    long long v[ITEMS], run = 0;
    for (int k = 0; k < ITEMS; ++k) { v[k] = base + k < n ? in[base + k] : 0; run += v[k]; v[k] = run; }
    // block scan of the per-thread totals
    long long x = run;
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    for (int o = 1; o < 32; o <<= 1) { long long y = __shfl_up_sync(0xffffffffu, x, o); if (lane >= o) x += y; }
    if (lane == 31) warp_sums[w] = x;
    __syncthreads();
    if (w == 0) {
        long long s = lane < TPB / 32 ? warp_sums[lane] : 0;
        for (int o = 1; o < 32; o <<= 1) { long long y = __shfl_up_sync(0xffffffffu, s, o); if (lane >= o) s += y; }
        if (lane < TPB / 32) warp_sums[lane] = s;
    }
    __syncthreads();
    long long thread_excl = x - run + (w ? warp_sums[w - 1] : 0);
    long long aggregate = warp_sums[TPB / 32 - 1];
    if (threadIdx.x == 0) {
        // values are offset by 2^61 so negative sums fit the 62-bit field
        const long long BIAS = 1ll << 61;
        if (tile == 0) {
            atomicExch(&status[0], FLAG_PRE | (unsigned long long)(aggregate + BIAS));
            exclusive = 0;
        } else {
            atomicExch(&status[tile], FLAG_AGG | (unsigned long long)(aggregate + BIAS));
            long long acc = 0;
            int p = tile - 1;
            while (true) {
                unsigned long long s = ((volatile unsigned long long*)status)[p];
                if (!(s >> 62)) continue;        // not yet published: spin
                acc += (long long)(s & VALUE) - BIAS;
                if (s & FLAG_PRE) break;
                --p;
            }
            exclusive = acc;
            __threadfence();
            atomicExch(&status[tile], FLAG_PRE | (unsigned long long)(acc + aggregate + BIAS));
        }
    }
    __syncthreads();
    for (int k = 0; k < ITEMS; ++k) if (base + k < n) out[base + k] = exclusive + thread_excl + v[k];
}

template <int TPB, int ITEMS>
int run(int n) {
    std::vector<int> h(n);
    unsigned s = n;
    for (int i = 0; i < n; ++i) { s = s * 1103515245u + 12345u; h[i] = (int)(s >> 7) - (1 << 24); }
    int tiles = (n + TPB * ITEMS - 1) / (TPB * ITEMS);
    int* din; long long* dout; unsigned* ticket; unsigned long long* status;
    CK(cudaMalloc(&din, n * 4)); CK(cudaMalloc(&dout, n * 8)); CK(cudaMalloc(&ticket, 4)); CK(cudaMalloc(&status, tiles * 8));
    CK(cudaMemcpy(din, h.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(ticket, 0, 4)); CK(cudaMemset(status, 0, tiles * 8));
    scan_lookback<TPB, ITEMS><<<tiles, TPB>>>(din, dout, n, ticket, status);
    CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
    std::vector<long long> o(n);
    CK(cudaMemcpy(o.data(), dout, n * 8, cudaMemcpyDeviceToHost));
    long long r = 0; int bad = 0;
    for (int i = 0; i < n; ++i) { r += h[i]; bad += o[i] != r; }
    printf("n=%8d tpb %4d items %d tiles %5d: last %lld mid %lld mismatches %d\n", n, TPB, ITEMS, tiles, o[n - 1], o[n / 2], bad);
    cudaFree(din); cudaFree(dout); cudaFree(ticket); cudaFree(status);
    return 0;
}

int main() {
    if (run<128, 4>(1) || run<128, 4>(100000) || run<256, 7>(1000003) || run<64, 1>(77777) || run<1024, 2>(3000000)) return 1;
    return 0;
}
