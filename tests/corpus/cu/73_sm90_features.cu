// min-arch: sm_90
// sm_90-only features: 128-bit atomicCAS/atomicExch on 16-byte structs (atom.cas.b128 / atom.exch.b128),
// elect.sync (cg::invoke_one), stmatrix, griddepcontrol (cudaGridDependencySynchronize /
// cudaTriggerProgrammaticLaunchCompletion), red.async / st.async to a peer CTA in the cluster, __grid_constant__
// kernel parameter, native DPX (__vimax3_s32, __viaddmax_s32) and atom.add.noftz.bf16x2 for __nv_bfloat162.
#include <cooperative_groups.h>
#include <cuda_bf16.h>
namespace cg = cooperative_groups;

struct __align__(16) Pair128 {
    unsigned long long lo, hi;
};

extern "C" __global__ void atomics128(Pair128 *slot, Pair128 *out) {
    Pair128 expected = *slot;
    Pair128 desired;
    desired.lo = expected.lo + 1;
    desired.hi = expected.hi ^ (unsigned long long)threadIdx.x;
    Pair128 old = atomicCAS(slot, expected, desired);
    Pair128 x;
    x.lo = threadIdx.x;
    x.hi = blockIdx.x;
    Pair128 prev = atomicExch(slot + 1, x);
    out[blockIdx.x * blockDim.x + threadIdx.x] = Pair128{old.lo ^ prev.lo, old.hi ^ prev.hi};
}

extern "C" __global__ void elect_one(int *counter, int *out) {
    auto warp = cg::tiled_partition<32>(cg::this_thread_block());
    cg::invoke_one(warp, [&] { atomicAdd(counter, 1); });
    unsigned leader;
    asm volatile("{\n\t.reg .pred p;\n\t.reg .b32 l;\n\telect.sync l|p, 0xffffffff;\n\tselp.u32 %0, 1, 0, p;\n\t}" : "=r"(leader));
    out[blockIdx.x * blockDim.x + threadIdx.x] = (int)leader;
}

extern "C" __global__ void stmatrix_kernel(const unsigned *frag, unsigned short *out) {
    __shared__ __align__(16) unsigned short tile[8 * 8 * 4];
    int lane = threadIdx.x & 31;
    unsigned r0 = frag[lane * 4], r1 = frag[lane * 4 + 1], r2 = frag[lane * 4 + 2], r3 = frag[lane * 4 + 3];
    unsigned addr = (unsigned)__cvta_generic_to_shared(&tile[(lane % 8) * 8 + (lane / 8) * 64]);
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(addr), "r"(r0), "r"(r1), "r"(r2), "r"(r3)
                 : "memory");
    __syncwarp();
    for (int i = lane; i < 256; i += 32) out[i] = tile[i];
}

// Programmatic dependent launch: wait for the producer grid, then signal dependents
extern "C" __global__ void pdl_consumer(const float *in, float *out, int n) {
    cudaGridDependencySynchronize();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * 2.0f;
    cudaTriggerProgrammaticLaunchCompletion();
}

struct Config {
    float coeffs[16];
    int n;
    int mode;
};
extern "C" __global__ void grid_constant_param(const __grid_constant__ Config cfg, const float *in, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= cfg.n) return;
    const float *c = cfg.coeffs;  // address of a kernel parameter without a local copy
    float acc = 0.f;
    for (int k = 0; k < 16; ++k) acc += c[k] * in[(i + k) % cfg.n];
    out[i] = cfg.mode ? acc : -acc;
}

extern "C" __global__ void dpx_and_bf16_atomics(const int *a, const int *b, const int *c, int *out, __nv_bfloat162 *acc, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = __vimax3_s32(a[i], b[i], c[i]) + __viaddmax_s32(a[i], b[i], c[i]) + __vimin_s32_relu(a[i], b[i]);
    atomicAdd(acc, __floats2bfloat162_rn((float)a[i], (float)b[i]));
}

// Asynchronous remote store/reduction into a peer CTA's shared memory, completed on its mbarrier
extern "C" __global__ void __cluster_dims__(2, 1, 1) cluster_async_remote(int *out) {
    __shared__ __align__(8) unsigned long long bar;
    __shared__ int slot[2];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned rank = cluster.block_rank();
    if (threadIdx.x == 0) {
        slot[0] = 0;
        slot[1] = 0;
        unsigned a = (unsigned)__cvta_generic_to_shared(&bar);
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(a));
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 8;" ::"r"(a));
    }
    cluster.sync();
    if (threadIdx.x == 0) {
        unsigned peer = rank ^ 1;
        unsigned local_slot = (unsigned)__cvta_generic_to_shared(&slot[0]);
        unsigned local_bar = (unsigned)__cvta_generic_to_shared(&bar);
        unsigned remote_slot, remote_bar;
        asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote_slot) : "r"(local_slot), "r"(peer));
        asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote_bar) : "r"(local_bar), "r"(peer));
        asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%0], %1, [%2];" ::"r"(remote_slot),
                     "r"(rank + 100), "r"(remote_bar) : "memory");
        asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], %1, [%2];"
                     ::"r"(remote_slot + 4), "r"(rank + 1), "r"(remote_bar) : "memory");
        unsigned lb = (unsigned)__cvta_generic_to_shared(&bar);
        asm volatile("{\n\t.reg .pred d;\n\tW_%=:\n\tmbarrier.try_wait.parity.shared::cta.b64 d, [%0], 0;\n\t@!d bra W_%=;\n\t}"
                     ::"r"(lb) : "memory");
        out[blockIdx.x * 2] = slot[0];
        out[blockIdx.x * 2 + 1] = slot[1];
    }
    cluster.sync();
}
