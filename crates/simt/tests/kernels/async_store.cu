// Asynchronous stores and reductions into another block's shared memory (sm_90):
// st.async / red.async on .shared::cluster addresses, each completing its bytes on the
// mbarrier of the block it writes to (mbarrier::complete_tx::bytes). Tested by
// crates/simt/tests/async_store.rs.
#include <cooperative_groups.h>
#include <cuda/ptx>
#include <stdint.h>
namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;

// Bytes each thread sends to the next block of its cluster in `st_async_ring`.
#define SEND_BYTES (4 + 8 + 8 + 16 + 16 + 4 + 8 + 16 + 8)

__device__ __forceinline__ unsigned smem_addr(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void wait_phase0(uint64_t *bar) {
    while (!ptx::mbarrier_try_wait_parity(bar, 0)) {
    }
}

// Every block of a cluster sends a record per thread to the next block (rank + 1 mod size)
// with every form of st.async, and waits on its own mbarrier for the bytes sent to it;
// then it copies what it received to `out` (SEND_BYTES / 4 words per thread).
extern "C" __global__ void st_async_ring(const unsigned *in, unsigned *out) {
    __shared__ alignas(16) unsigned w32[256];
    __shared__ alignas(16) unsigned long long w64[256];
    __shared__ alignas(16) unsigned p32[256][2];
    __shared__ alignas(16) unsigned long long p64[256][2];
    __shared__ alignas(16) unsigned q32[256][4];
    __shared__ alignas(16) float f32[256];
    __shared__ alignas(16) double f64[256];
    __shared__ alignas(16) float qf[256][4];
    __shared__ alignas(16) long long s64[256];
    __shared__ alignas(8) uint64_t bar;
    cg::cluster_group cluster = cg::this_cluster();
    unsigned t = threadIdx.x, rank = cluster.block_rank(), n = cluster.num_blocks();
    if (t == 0) {
        ptx::mbarrier_init(&bar, 1);
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar,
                                       SEND_BYTES * blockDim.x);
    }
    cluster.sync();
    unsigned next = (rank + 1) % n;
    uint64_t *rbar = cluster.map_shared_rank(&bar, next);
    const unsigned *v = in + (blockIdx.x * blockDim.x + t) * 8;
    // b32 and b64 (cuda::ptx).
    ptx::st_async(cluster.map_shared_rank(&w32[t], next), v[0], rbar);
    unsigned long long wide = (unsigned long long)v[1] << 32 | v[2];
    ptx::st_async(cluster.map_shared_rank(&w64[t], next), wide, rbar);
    // v2.b32, v2.b64, v4.b32 (cuda::ptx).
    unsigned pair[2] = {v[3], v[4]};
    ptx::st_async(cluster.map_shared_rank(&p32[t][0], next), pair, rbar);
    unsigned long long lpair[2] = {wide ^ 0x5555, ~wide};
    ptx::st_async(cluster.map_shared_rank(&p64[t][0], next), lpair, rbar);
    unsigned quad[4] = {v[5], v[6], v[7], v[0] ^ v[7]};
    ptx::st_async(cluster.map_shared_rank(&q32[t][0], next), quad, rbar);
    // Typed forms through inline PTX: .f32, .f64, .v4.f32 (shared::cluster addresses) and
    // .s64 with generic addresses (no state space).
    unsigned rb = smem_addr(rbar);
    float f = (float)v[0] * 0.5f;
    asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.f32 [%0], %1, [%2];" ::"r"(
                     smem_addr(cluster.map_shared_rank(&f32[t], next))),
                 "f"(f), "r"(rb)
                 : "memory");
    double d = (double)v[1] / 3.0;
    asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.f64 [%0], %1, [%2];" ::"r"(
                     smem_addr(cluster.map_shared_rank(&f64[t], next))),
                 "d"(d), "r"(rb)
                 : "memory");
    asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.f32 [%0], {%1, %2, %3, %4}, [%5];" ::"r"(
                     smem_addr(cluster.map_shared_rank(&qf[t][0], next))),
                 "f"(f), "f"(-f), "f"(f * 2.0f), "f"((float)t), "r"(rb)
                 : "memory");
    long long s = -(long long)wide;
    asm volatile("st.async.mbarrier::complete_tx::bytes.s64 [%0], %1, [%2];" ::"l"(cluster.map_shared_rank(&s64[t], next)),
                 "l"(s), "l"(rbar)
                 : "memory");
    wait_phase0(&bar);
    unsigned *o = out + (blockIdx.x * blockDim.x + t) * (SEND_BYTES / 4);
    o[0] = w32[t];
    o[1] = (unsigned)w64[t];
    o[2] = (unsigned)(w64[t] >> 32);
    o[3] = p32[t][0];
    o[4] = p32[t][1];
    for (int k = 0; k < 2; ++k) {
        o[5 + 2 * k] = (unsigned)p64[t][k];
        o[6 + 2 * k] = (unsigned)(p64[t][k] >> 32);
    }
    for (int k = 0; k < 4; ++k) o[9 + k] = q32[t][k];
    o[13] = __float_as_uint(f32[t]);
    o[14] = (unsigned)__double_as_longlong(f64[t]);
    o[15] = (unsigned)(__double_as_longlong(f64[t]) >> 32);
    for (int k = 0; k < 4; ++k) o[16 + k] = __float_as_uint(qf[t][k]);
    o[20] = (unsigned)s64[t];
    o[21] = (unsigned)((unsigned long long)s64[t] >> 32);
    // The neighbour must not exit while others may still write to it.
    cluster.sync();
}

// Every thread of every other block of the cluster applies each red.async operation to
// the counters of block `target`; `target` waits for all their bytes, then reports.
// out[block * 11 + k]: the counters of each block (only the target's change): c[0..9],
// then c64's low and high words. Every counter sees one kind of operation (add.u32 and
// add.s32 share one), so the result does not depend on the order the operations land in.
extern "C" __global__ void red_async_all(const unsigned *vals, unsigned *out, unsigned target) {
    __shared__ alignas(8) unsigned c[9];
    __shared__ alignas(8) uint64_t c64;
    __shared__ alignas(8) uint64_t bar;
    cg::cluster_group cluster = cg::this_cluster();
    unsigned t = threadIdx.x, rank = cluster.block_rank(), n = cluster.num_blocks();
    if (t == 0) {
        c[0] = 0;           // add.u32
        c[1] = 0;           // inc.u32 (wraps at the operand)
        c[2] = 1000;        // dec.u32
        c[3] = 0xffffffff;  // min.u32
        c[4] = 0x80000000;  // max.s32 (INT_MIN)
        c[5] = 0xffffffff;  // and.b32
        c[6] = 0;           // or.b32
        c[7] = 0;           // xor.b32
        c[8] = 0x7fffffff;  // min.s32 (INT_MAX)
        c64 = 1ull << 40;   // add.u64
        ptx::mbarrier_init(&bar, 1);
        // Ten four-byte and one eight-byte reductions per thread of each other block.
        unsigned senders = rank == target ? (n - 1) * blockDim.x : 0;
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar,
                                       senders * (10 * 4 + 8));
    }
    cluster.sync();
    if (rank != target) {
        uint64_t *rb = cluster.map_shared_rank(&bar, target);
        unsigned *rc = cluster.map_shared_rank(&c[0], target);
        unsigned v = vals[blockIdx.x * blockDim.x + t];
        ptx::red_async(ptx::op_add, &rc[0], v, rb);
        ptx::red_async(ptx::op_inc, &rc[1], 37u, rb);
        ptx::red_async(ptx::op_dec, &rc[2], 2000u, rb);
        ptx::red_async(ptx::op_min, &rc[3], v, rb);
        ptx::red_async(ptx::op_max, (int32_t *)&rc[4], (int32_t)v, rb);
        ptx::red_async(ptx::op_and_op, &rc[5], ~(1u << (v % 32)), rb);
        ptx::red_async(ptx::op_or_op, &rc[6], 1u << (v % 32), rb);
        ptx::red_async(ptx::op_xor_op, &rc[7], v, rb);
        ptx::red_async(ptx::op_add, cluster.map_shared_rank(&c64, target), (uint64_t)v << 8, rb);
        // s32 forms: add a negative value to c[0], signed minimum into c[8].
        ptx::red_async(ptx::op_add, (int32_t *)&rc[0], -1, rb);
        ptx::red_async(ptx::op_min, (int32_t *)&rc[8], (int32_t)(v & 0xff) - 100, rb);
    }
    if (rank == target) wait_phase0(&bar);
    if (t == 0) {
        unsigned *o = out + blockIdx.x * 11;
        for (int k = 0; k < 9; ++k) o[k] = c[k];
        o[9] = (unsigned)c64;
        o[10] = (unsigned)(c64 >> 32);
    }
    cluster.sync();
}

// One st.async from thread 0 of rank 0 into rank 1 at byte offset `off` of a 64-byte
// buffer: misaligned and out-of-range offsets fault as shared stores do.
extern "C" __global__ void __cluster_dims__(2, 1, 1) st_async_at(unsigned off, unsigned *out) {
    __shared__ alignas(16) unsigned buf[16];
    __shared__ alignas(8) uint64_t bar;
    cg::cluster_group cluster = cg::this_cluster();
    if (threadIdx.x == 0) {
        ptx::mbarrier_init(&bar, 1);
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar, 4);
        for (int k = 0; k < 16; ++k) buf[k] = 0;
    }
    cluster.sync();
    if (threadIdx.x == 0 && cluster.block_rank() == 0) {
        unsigned dst = smem_addr(cluster.map_shared_rank(&buf[0], 1)) + off;
        unsigned rb = smem_addr(cluster.map_shared_rank(&bar, 1));
        asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%0], %1, [%2];" ::"r"(dst),
                     "r"(0xC0FFEEu), "r"(rb)
                     : "memory");
    }
    if (threadIdx.x == 0 && cluster.block_rank() == 1) {
        wait_phase0(&bar);
        for (int k = 0; k < 16; ++k) out[k] = buf[k];
    }
    cluster.sync();
}

// The same store as `st_async_at` as a plain st.shared::cluster (whose faults st.async's
// must match).
extern "C" __global__ void __cluster_dims__(2, 1, 1) st_remote_at(unsigned off, unsigned *out) {
    __shared__ alignas(16) unsigned buf[16];
    __shared__ alignas(8) uint64_t bar;
    cg::cluster_group cluster = cg::this_cluster();
    if (threadIdx.x == 0) {
        bar = 0;
        for (int k = 0; k < 16; ++k) buf[k] = 0;
    }
    cluster.sync();
    if (threadIdx.x == 0 && cluster.block_rank() == 0) {
        unsigned dst = smem_addr(cluster.map_shared_rank(&buf[0], 1)) + off;
        asm volatile("st.shared::cluster.u32 [%0], %1;" ::"r"(dst), "r"(0xC0FFEEu) : "memory");
    }
    cluster.sync();
    if (threadIdx.x == 0 && cluster.block_rank() == 1) {
        for (int k = 0; k < 16; ++k) out[k] = buf[k] + (unsigned)bar;
    }
}
