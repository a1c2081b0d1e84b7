// Thread block clusters (sm_90): cluster special registers, the cluster barrier, and
// distributed shared memory through cooperative_groups and raw PTX (tests/cluster.rs).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Per block: rank, blocks, cluster dims/index, cluster id, grid in clusters, explicit flag.
__device__ void cluster_info(unsigned *out) {
    cg::cluster_group c = cg::this_cluster();
    unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    unsigned cid, ncid, expl;
    asm("mov.u32 %0, %%clusterid.x;" : "=r"(cid));
    asm("mov.u32 %0, %%nclusterid.x;" : "=r"(ncid));
    asm("{ .reg .pred p; mov.pred p, %%is_explicit_cluster; selp.u32 %0, 1, 0, p; }" : "=r"(expl));
    if (threadIdx.x == 0) {
        unsigned *o = out + b * 10;
        dim3 d = c.dim_blocks(), i = c.block_index();
        o[0] = c.block_rank(); o[1] = c.num_blocks();
        o[2] = d.x; o[3] = d.y; o[4] = d.z;
        o[5] = i.x; o[6] = i.y; o[7] = cid; o[8] = ncid; o[9] = expl;
    }
}

extern "C" __global__ void info_runtime(unsigned *out) { cluster_info(out); }
extern "C" __global__ void __cluster_dims__(2, 1, 1) info_fixed(unsigned *out) { cluster_info(out); }

// Each block fills its shared array; after cluster.sync() every thread reads element
// threadIdx.x of the next block's array through map_shared_rank.
extern "C" __global__ void dsm_ring(int *out) {
    __shared__ int buf[256];
    cg::cluster_group c = cg::this_cluster();
    buf[threadIdx.x] = (int)(c.block_rank() * 1000 + threadIdx.x);
    c.sync();
    unsigned next = (c.block_rank() + 1) % c.num_blocks();
    int *peer = c.map_shared_rank(buf, next);
    int v = peer[threadIdx.x];
    c.sync();
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// Histogram of `in` (values in [0, nbins)), bins spread over the cluster's blocks.
extern "C" __global__ void dsm_hist(int *bins, const int *in, int n, int bins_per_block) {
    extern __shared__ int smem[];
    cg::cluster_group c = cg::this_cluster();
    for (int i = threadIdx.x; i < bins_per_block; i += blockDim.x) smem[i] = 0;
    c.sync();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        int b = in[i];
        int *dst = c.map_shared_rank(smem, b / bins_per_block);
        atomicAdd(dst + b % bins_per_block, 1);
    }
    c.sync();
    for (int i = threadIdx.x; i < bins_per_block; i += blockDim.x)
        atomicAdd(&bins[c.block_rank() * bins_per_block + i], smem[i]);
}

// Raw PTX: mapa/ld/st/red on shared::cluster addresses, getctarank, isspacep, split barrier.
extern "C" __global__ void ptx_ops(unsigned *out) {
    __shared__ unsigned cell[2];
    unsigned rank, n;
    asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    asm("mov.u32 %0, %%cluster_nctarank;" : "=r"(n));
    if (threadIdx.x == 0) { cell[0] = 0; cell[1] = rank + 100; }
    asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
    unsigned peer = (rank + 1) % n;
    unsigned local = (unsigned)__cvta_generic_to_shared(&cell[0]);
    unsigned remote, rk, v;
    asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(peer));
    asm("getctarank.shared::cluster.u32 %0, %1;" : "=r"(rk) : "r"(remote));
    asm volatile("red.shared::cluster.add.u32 [%0], %1;" ::"r"(remote), "r"(threadIdx.x + 1) : "memory");
    asm volatile("ld.shared::cluster.u32 %0, [%1+4];" : "=r"(v) : "r"(remote) : "memory");
    unsigned long long g = (unsigned long long)(void *)&cell[0], gr;
    unsigned sp;
    asm("mapa.u64 %0, %1, %2;" : "=l"(gr) : "l"(g), "r"(peer));
    asm("{ .reg .pred p; isspacep.shared::cluster p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(sp) : "l"(gr));
    asm volatile("fence.acq_rel.cluster;" ::: "memory");
    asm volatile("barrier.cluster.arrive.relaxed;\n\tbarrier.cluster.wait;" ::: "memory");
    if (threadIdx.x == 0) {
        unsigned *o = out + blockIdx.x * 5;
        o[0] = cell[0];  // sum of (t + 1) over the previous block's threads
        o[1] = rk;
        o[2] = v;
        o[3] = sp;
        o[4] = *(unsigned *)gr;  // generic load from the peer: its cell[0]
    }
}

// Thread 0 waits at the cluster barrier while the others wait at __syncthreads(): a deadlock.
extern "C" __global__ void cluster_deadlock(int *out) {
    if (threadIdx.x == 0) cg::this_cluster().sync();
    __syncthreads();
    out[threadIdx.x] = 1;
}

// Only lane 0 of each warp stays; the other lanes return before the cluster barrier, and their
// exit releases it (PTX ISA, `exit`): each lane 0 then reads the next block's value through
// distributed shared memory.
extern "C" __global__ void cluster_sync_after_return(int *out) {
    __shared__ int v;
    cg::cluster_group cl = cg::this_cluster();
    if (threadIdx.x % 32 != 0) return;
    if (threadIdx.x == 0) v = blockIdx.x + 10;
    cl.sync();
    unsigned int next = (cl.block_rank() + 1) % cl.num_blocks();
    out[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = *cl.map_shared_rank(&v, next);
    cl.sync();
}
