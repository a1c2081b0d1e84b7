// Stream compaction by prefix sum, as a three-kernel pipeline: flags from a predicate functor,
// per-block exclusive scans in shared memory (Hillis-Steele with double buffering) that also
// write each block's total, a scan of the block totals, and a scatter. Run with block sizes 64,
// 96, 256 and 1024 over lengths that leave a partial last block, with two predicates; compared
// with the host's std::copy_if.
#include <cstdio>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

struct IsOddMultipleOf3 { __host__ __device__ bool operator()(long long v) const { return v % 3 == 0 && (v & 1); } };
struct IsNegative { __host__ __device__ bool operator()(long long v) const { return v < 0; } };

template <typename Pred>
__global__ void block_scan(const long long* __restrict__ in, int n, Pred p, int* __restrict__ excl, int* __restrict__ block_total) {
    extern __shared__ int buf[];   // 2 * blockDim.x ints
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    int* a = buf; int* b = buf + blockDim.x;
    int f = (i < n && p(in[i])) ? 1 : 0;
    a[t] = f;
    __syncthreads();
    for (int off = 1; off < blockDim.x; off <<= 1) {
        b[t] = a[t] + (t >= off ? a[t - off] : 0);
        __syncthreads();
        int* tmp = a; a = b; b = tmp;
    }
    if (i < n) excl[i] = a[t] - f;
    if (t == blockDim.x - 1) block_total[blockIdx.x] = a[t];
}

__global__ void scan_totals(int* tot, int m) {   // one thread: the number of blocks is small
    int run = 0;
    for (int i = 0; i < m; ++i) { int v = tot[i]; tot[i] = run; run += v; }
    tot[m] = run;
}

template <typename Pred>
__global__ void scatter(const long long* __restrict__ in, int n, Pred p, const int* __restrict__ excl,
                        const int* __restrict__ block_off, long long* __restrict__ out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && p(in[i])) out[block_off[blockIdx.x] + excl[i]] = in[i];
}

template <typename Pred>
int run(const std::vector<long long>& h, int threads, Pred p, const char* name) {
    int n = (int)h.size(), blocks = (n + threads - 1) / threads;
    long long *din, *dout; int *dex, *dtot;
    CK(cudaMalloc(&din, n * 8)); CK(cudaMalloc(&dout, n * 8)); CK(cudaMalloc(&dex, n * 4)); CK(cudaMalloc(&dtot, (blocks + 1) * 4));
    CK(cudaMemcpy(din, h.data(), n * 8, cudaMemcpyHostToDevice));
    block_scan<<<blocks, threads, 2 * threads * sizeof(int)>>>(din, n, p, dex, dtot);
    scan_totals<<<1, 1>>>(dtot, blocks);
    scatter<<<blocks, threads>>>(din, n, p, dex, dtot, dout);
    CK(cudaGetLastError());
    int count;
    CK(cudaMemcpy(&count, dtot + blocks, 4, cudaMemcpyDeviceToHost));
    std::vector<long long> got(count > 0 ? count : 1);
    CK(cudaMemcpy(got.data(), dout, count * 8, cudaMemcpyDeviceToHost));
    std::vector<long long> ref;
    std::copy_if(h.begin(), h.end(), std::back_inserter(ref), p);
    bool same = (int)ref.size() == count && std::equal(ref.begin(), ref.end(), got.begin());
    long long sum = 0; for (int i = 0; i < count; ++i) sum += got[i] * (i + 1);
    printf("%-10s n=%5d threads=%4d kept %5d weighted sum %lld %s\n", name, n, threads, count, sum, same ? "ok" : "MISMATCH");
    cudaFree(din); cudaFree(dout); cudaFree(dex); cudaFree(dtot);
    return 0;
}

int main() {
    for (int n : {1, 1000, 4099, 33333}) {
        std::vector<long long> h(n);
        unsigned long long s = 0x9e3779b97f4a7c15ull;
        for (int i = 0; i < n; ++i) { s ^= s >> 12; s ^= s << 25; s ^= s >> 27; h[i] = (long long)(s * 2685821657736338717ull) >> 20; }
        for (int t : {64, 96, 256, 1024}) {
            if (run(h, t, IsOddMultipleOf3{}, "odd3x")) return 1;
            if (run(h, t, IsNegative{}, "negative")) return 1;
        }
    }
    return 0;
}
