// Cooperative groups under divergence: coalesced_threads in branches, labeled_partition and
// binary_partition, cg::reduce/inclusive_scan/exclusive_scan over tiles of 4, 8, 16 and
// coalesced groups, meta_group_rank/size, in a 3-warp block (tiles need a block that is a multiple of their size).
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__global__ void k(int *out, int n) {
    cg::thread_block b = cg::this_thread_block();
    int t = b.thread_rank();
    int *o = out + t * 16;
    for (int j = 0; j < 16; j++) o[j] = -7;
    auto t4 = cg::tiled_partition<4>(b);
    auto t16 = cg::tiled_partition<16>(b);
    auto t8 = cg::tiled_partition(b, 8);
    o[0] = cg::reduce(t4, t + 1, cg::plus<int>());
    o[1] = cg::inclusive_scan(t16, t * 3 - 20, cg::plus<int>());
    o[2] = cg::exclusive_scan(t4, t ^ 5, cg::bit_xor<int>());
    o[3] = cg::reduce(t16, t * 37 % 29, cg::greater<int>());
    o[4] = t4.meta_group_rank() * 100 + t4.meta_group_size() * 10 + (int)t8.thread_rank() + 1000 * (int)t8.size();
    o[5] = cg::reduce(t16, (unsigned)t, cg::bit_or<unsigned>());
    if (t % 3 != 1) {
        cg::coalesced_group c = cg::coalesced_threads();
        o[6] = c.size() * 100 + c.thread_rank();
        o[7] = cg::reduce(c, t, cg::plus<int>());
        o[8] = cg::inclusive_scan(c, 1, cg::plus<int>());
        o[9] = c.shfl(t, 0);
        auto lp = cg::labeled_partition(c, t % 4);
        o[10] = lp.size() * 1000 + lp.thread_rank() * 10 + cg::reduce(lp, 1, cg::plus<int>());
        auto bp = cg::binary_partition(c, t & 8);
        o[11] = cg::reduce(bp, t, cg::less<int>()) * 100 + bp.size();
        o[12] = cg::exclusive_scan(bp, t, cg::plus<int>());
    }
    auto w = cg::tiled_partition<32>(b);
    o[13] = w.ballot(t % 7 == 0);
    o[14] = w.any(t == 70) * 10 + w.all(t < n);
    o[15] = cg::reduce(w, (long long)t << 33, cg::plus<long long>()) >> 33;
}

int main() {
    const int n = 96;
    int *d, h[n * 16];
    cudaMalloc(&d, sizeof h);
    k<<<1, n>>>(d, n);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < n; t++) {
        printf("%2d:", t);
        for (int j = 0; j < 16; j++) printf(" %d", h[t * 16 + j]);
        printf("\n");
    }
    return 0;
}
