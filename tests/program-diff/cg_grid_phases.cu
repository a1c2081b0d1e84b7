// Cooperative launch with grid-wide sync between phases: a 3-phase histogram-then-scan
// pipeline, grid_group queries, and the occupancy-based grid size a real program computes.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void pipeline(const unsigned *in, int n, unsigned *hist, unsigned *prefix, unsigned *out, unsigned *info) {
    cg::grid_group g = cg::this_grid();
    cg::thread_block b = cg::this_thread_block();
    if (g.thread_rank() == 0) {
        info[0] = g.size(); info[1] = g.num_blocks(); info[2] = g.is_valid();
        info[3] = b.size(); info[4] = b.group_dim().x;
    }
    for (unsigned i = g.thread_rank(); i < 64; i += g.size()) hist[i] = 0;
    g.sync();
    for (unsigned i = g.thread_rank(); i < (unsigned)n; i += g.size()) atomicAdd(&hist[in[i] & 63], 1u);
    g.sync();
    if (g.block_rank() == 0 && b.thread_rank() == 0) {
        unsigned s = 0;
        for (int i = 0; i < 64; i++) { prefix[i] = s; s += hist[i]; }
    }
    g.sync();
    // counting sort scatter: stable is not required, only the multiset per bucket
    for (unsigned i = g.thread_rank(); i < (unsigned)n; i += g.size()) {
        unsigned k = in[i] & 63;
        unsigned pos = atomicAdd(&prefix[k], 1u);
        out[pos] = k;
    }
    g.sync();
    if (g.thread_rank() == 0) info[5] = prefix[63];
}

int main() {
    int dev = 0, coop = 0, sms = 0, per_sm = 0;
    cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    const int threads = 96;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, pipeline, threads, 0);
    int blocks = sms * per_sm < 40 ? sms * per_sm : 40;
    printf("coop %d per_sm>0 %d\n", coop, per_sm > 0);
    const int n = 12345;
    unsigned *hin = new unsigned[n];
    for (int i = 0; i < n; i++) hin[i] = (unsigned)(i * 2654435761u) >> 7;
    unsigned *in, *hist, *prefix, *out, *info;
    cudaMalloc(&in, n * 4); cudaMalloc(&hist, 256); cudaMalloc(&prefix, 256); cudaMalloc(&out, n * 4); cudaMalloc(&info, 32);
    cudaMemcpy(in, hin, n * 4, cudaMemcpyHostToDevice);
    int nn = n;
    void *args[] = {&in, &nn, &hist, &prefix, &out, &info};
    cudaError_t e = cudaLaunchCooperativeKernel((void *)pipeline, blocks, threads, args, 0, 0);
    printf("launch %s sync %s\n", cudaGetErrorString(e), cudaGetErrorString(cudaDeviceSynchronize()));
    unsigned hinfo[8], *hout = new unsigned[n];
    cudaMemcpy(hinfo, info, 24, cudaMemcpyDeviceToHost);
    cudaMemcpy(hout, out, n * 4, cudaMemcpyDeviceToHost);
    unsigned want[64] = {};
    for (int i = 0; i < n; i++) want[hin[i] & 63]++;
    int bad = 0; unsigned pos = 0;
    for (int k = 0; k < 64; k++) for (unsigned j = 0; j < want[k]; j++) bad += hout[pos++] != (unsigned)k;
    printf("size==blocks*96 %d blocks %d valid %u bsize %u dimx %u last-prefix %u bad %d\n", hinfo[0] == hinfo[1] * 96u, hinfo[1] == (unsigned)blocks, hinfo[2], hinfo[3], hinfo[4], hinfo[5], bad);
    printf("bucket 0..7: %u %u %u %u %u %u %u %u\n", want[0], want[1], want[2], want[3], want[4], want[5], want[6], want[7]);
    // too many blocks for a cooperative launch
    e = cudaLaunchCooperativeKernel((void *)pipeline, sms * per_sm + 1, threads, args, 0, 0);
    printf("oversized: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    return 0;
}
