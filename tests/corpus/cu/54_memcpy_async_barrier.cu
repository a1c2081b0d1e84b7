// min-arch: sm_75
// archs-opts: sm_75.O3 sm_80.O3 sm_80.G sm_90.O3 sm_90.G   (library-heavy: -G only for sm_80/90 to bound fixture size; sm_80.G has mbarrier.arrive.noComplete with a count)
// libcu++/CG async data movement (cp.async + mbarrier on sm_80+, synchronous fallback on sm_75):
// cuda::barrier<thread_scope_block> (init, arrive, wait, arrive_and_wait, arrive_and_drop), cuda::memcpy_async
// with a barrier and cuda::aligned_size_t (cp.async.* + mbarrier complete_tx on sm_80+).
// (cuda::pipeline and cooperative_groups::memcpy_async omitted: each adds ~600-700 KB per -G fixture.)
#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#pragma nv_diag_suppress static_var_with_dynamic_init

extern "C" __global__ void barrier_memcpy_async(const float *in, float *out, int n_per_block) {
    extern __shared__ __align__(16) float smem[];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    auto block = cg::this_thread_block();
    if (block.thread_rank() == 0) init(&bar, block.size());
    block.sync();
    const float *src = in + (size_t)blockIdx.x * n_per_block;
    cuda::memcpy_async(block, smem, src, cuda::aligned_size_t<16>(sizeof(float) * n_per_block), bar);
    bar.arrive_and_wait();
    for (int i = block.thread_rank(); i < n_per_block; i += block.size())
        out[(size_t)blockIdx.x * n_per_block + i] = smem[i] * 2.0f + smem[n_per_block - 1 - i];
}

extern "C" __global__ void barrier_phases(int *data, int iters) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ int shared_val[256];
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();
    int t = threadIdx.x;
    shared_val[t] = data[blockIdx.x * blockDim.x + t];
    for (int it = 0; it < iters; ++it) {
        auto token = bar.arrive();
        int right = 0;
        bar.wait(std::move(token));
        right = shared_val[(t + 1) % blockDim.x];
        bar.arrive_and_wait();
        shared_val[t] += right;
    }
    if (t >= blockDim.x / 2) {
        bar.arrive_and_drop();  // these threads leave the barrier
    } else {
        bar.arrive_and_wait();
    }
    data[blockIdx.x * blockDim.x + t] = shared_val[t];
}
