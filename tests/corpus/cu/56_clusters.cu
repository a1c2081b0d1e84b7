// min-arch: sm_90
// Thread block clusters (sm_90): __cluster_dims__, cg::this_cluster() (block_rank, num_blocks, dim_blocks,
// sync, barrier_arrive/barrier_wait), distributed shared memory via cluster.map_shared_rank, cluster-wide
// histogram, %cluster_ctarank / %clusterid special registers, __launch_bounds__ with max blocks per cluster.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Each block of a 4-block cluster writes its shared slice, then reads its neighbour's via DSMEM
extern "C" __global__ void __cluster_dims__(4, 1, 1) dsmem_ring(const int *in, int *out) {
    __shared__ int slice[128];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned rank = cluster.block_rank();
    slice[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x] + (int)rank;
    cluster.sync();
    unsigned next = (rank + 1) % cluster.num_blocks();
    int *remote = cluster.map_shared_rank(slice, next);
    int v = remote[threadIdx.x];
    cluster.sync();  // keep remote shared memory alive until all reads finish
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// Cluster-distributed histogram: bins spread over the cluster's shared memories
extern "C" __global__ void __cluster_dims__(2, 1, 1) cluster_histogram(const int *input, int *bins, int nbins, int n) {
    extern __shared__ int smem[];
    cg::cluster_group cluster = cg::this_cluster();
    int per_block = nbins / (int)cluster.num_blocks();
    for (int i = threadIdx.x; i < per_block; i += blockDim.x) smem[i] = 0;
    cluster.sync();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        int b = input[i] % nbins;
        if (b < 0) b += nbins;
        int dst_rank = b / per_block;
        int *dst = cluster.map_shared_rank(smem, dst_rank);
        atomicAdd(dst + b % per_block, 1);
    }
    cluster.sync();
    int *lbins = bins + cluster.block_rank() * per_block;
    for (int i = threadIdx.x; i < per_block; i += blockDim.x) atomicAdd(&lbins[i], smem[i]);
}

// Split arrive/wait, cluster geometry and special registers; launch bounds with max blocks per cluster
extern "C" __global__ void __launch_bounds__(256, 1, 8) cluster_info(unsigned *out) {
    cg::cluster_group cluster = cg::this_cluster();
    dim3 bi = cluster.block_index();
    dim3 db = cluster.dim_blocks();
    unsigned ctarank, nctarank, cid;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(ctarank));
    asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(nctarank));
    asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(cid));
    auto token = cluster.barrier_arrive();
    unsigned r = (unsigned)cluster.thread_rank();
    cluster.barrier_wait(std::move(token));
    unsigned *o = out + 8 * (blockIdx.x * blockDim.x + threadIdx.x);
    o[0] = bi.x; o[1] = db.x; o[2] = ctarank; o[3] = nctarank; o[4] = cid; o[5] = r;
    o[6] = (unsigned)cluster.num_threads(); o[7] = (unsigned)cluster.dim_threads().x;
}

// Cluster reduce: every block reduces locally, rank 0 gathers partial sums through DSMEM
extern "C" __global__ void __cluster_dims__(8, 1, 1) cluster_reduce(const float *in, float *out) {
    __shared__ float partial;
    __shared__ float warp_sums[8];
    cg::cluster_group cluster = cg::this_cluster();
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    if ((threadIdx.x & 31) == 0) warp_sums[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0.f;
        for (int w = 0; w < (int)(blockDim.x >> 5); ++w) s += warp_sums[w];
        partial = s;
    }
    cluster.sync();
    if (cluster.block_rank() == 0 && threadIdx.x < cluster.num_blocks()) {
        float *rp = cluster.map_shared_rank(&partial, threadIdx.x);
        atomicAdd(&out[blockIdx.x / cluster.num_blocks()], *rp);
    }
    cluster.sync();
}
