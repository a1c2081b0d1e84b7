// flags: -G -std=c++17
// HeCBench wyllie (list ranking by pointer jumping) and a warp-shuffle reduction, built with
// -G: a linked list of N nodes in a shuffled order, each node's (value, next) packed in a long
// long as HeCBench does; Wyllie's algorithm doubles the jumps log2(N) times with ping-pong
// buffers, one kernel per round (256-thread blocks, partial last block); then the ranks reduced
// with __shfl_down_sync in warps and atomicAdd per warp, and a block-level __syncthreads_count /
// __syncthreads_or / __ballot_sync census. Exact integers.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
__global__ void wyllie_round(const long long* in, long long* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long node = in[i];
    int next = (int)(node & 0xffffffff);
    int val = (int)(node >> 32);
    if (next != -1) {
        long long nn = in[next];
        val += (int)(nn >> 32);
        next = (int)(nn & 0xffffffff);
    }
    out[i] = ((long long)val << 32) | (unsigned)next;
}
__global__ void reduce_ranks(const long long* l, int n, unsigned long long* sum, int* census) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    long long v = i < n ? (l[i] >> 32) : 0;
    long long s = v;
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffff, s, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(sum, (unsigned long long)s);
    int even = i < n && (v % 2 == 0);
    int c = __syncthreads_count(even);
    int any_big = __syncthreads_or(i < n && v > n - 3);
    unsigned b = __ballot_sync(0xffffffff, even);
    if (threadIdx.x == 0) { atomicAdd(&census[0], c); atomicAdd(&census[1], any_big); }
    if ((threadIdx.x & 31) == 0) atomicAdd(&census[2], __popc(b));
}
int main() {
    const int n = 40000 + 123;
    std::vector<int> order(n);
    for (int i = 0; i < n; i++) order[i] = i;
    unsigned x = 88172645u;
    for (int i = n - 1; i > 0; i--) { x ^= x << 13; x ^= x >> 17; x ^= x << 5; int j = x % (i + 1); std::swap(order[i], order[j]); }
    // list: order[0] -> order[1] -> ... -> order[n-1]; each node's value is 1 (0 for the tail),
    // so after the rounds each node holds its distance to the tail
    std::vector<long long> h(n);
    for (int k = 0; k < n; k++) {
        int next = k + 1 < n ? order[k + 1] : -1;
        int val = next == -1 ? 0 : 1;
        h[order[k]] = ((long long)val << 32) | (unsigned)next;
    }
    long long *a, *b;
    CK(cudaMalloc(&a, n * 8)); CK(cudaMalloc(&b, n * 8));
    CK(cudaMemcpy(a, h.data(), n * 8, cudaMemcpyHostToDevice));
    int rounds = 0;
    for (int len = 1; len < n; len <<= 1) {
        wyllie_round<<<(n + 255) / 256, 256>>>(a, b, n);
        std::swap(a, b);
        rounds++;
    }
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(h.data(), a, n * 8, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int k = 0; k < n; k++) bad += (int)(h[order[k]] >> 32) != n - 1 - k || (int)(h[order[k]] & 0xffffffff) != -1;
    printf("wyllie: %d nodes, %d rounds, %d ranks wrong; head rank %d\n", n, rounds, bad, (int)(h[order[0]] >> 32));
    unsigned long long* ds; int* dc;
    CK(cudaMalloc(&ds, 8)); CK(cudaMalloc(&dc, 12));
    CK(cudaMemset(ds, 0, 8)); CK(cudaMemset(dc, 0, 12));
    reduce_ranks<<<(n + 255) / 256, 256>>>(a, n, ds, dc);
    unsigned long long sum; int census[3];
    CK(cudaMemcpy(&sum, ds, 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(census, dc, 12, cudaMemcpyDeviceToHost));
    printf("rank sum %llu (want %llu); even ranks %d (ballots %d); blocks seeing a rank > n-3: %d\n", sum, (unsigned long long)n * (n - 1) / 2, census[0], census[2], census[1]);
    return 0;
}
