// min-arch: sm_75
// archs-opts: sm_75.O3 sm_80.O3 sm_90.O3 sm_90.G
// (library-heavy: its -G PTX is large, so the -G fixture is generated for sm_90 only)
// Async copies with the pipeline primitives (cuda_pipeline.h): __pipeline_memcpy_async (4/8/16-byte, with
// zero-fill), __pipeline_commit, __pipeline_wait_prior, in a double-buffered shared-memory staging loop.
// On sm_80+ these become cp.async.ca/.cg.shared.global + cp.async.commit_group/wait_group; on sm_75 they fall
// back to synchronous copies. Also raw cp.async inline asm under __CUDA_ARCH__ >= 800.
#include <cuda_pipeline.h>

// Sum each 256-float chunk, double-buffering chunks through shared memory
extern "C" __global__ void pipelined_chunk_sum(const float *in, float *out, int chunks) {
    __shared__ __align__(16) float buf[2][256];
    int t = threadIdx.x;  // blockDim.x == 64, each thread copies one float4
    const float *base = in + (size_t)blockIdx.x * chunks * 256;
    __pipeline_memcpy_async(&buf[0][t * 4], base + t * 4, 16);
    __pipeline_commit();
    float total = 0.f;
    for (int c = 0; c < chunks; ++c) {
        int cur = c & 1;
        if (c + 1 < chunks) {
            __pipeline_memcpy_async(&buf[cur ^ 1][t * 4], base + (c + 1) * 256 + t * 4, 16);
        }
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
        float s = buf[cur][t] + buf[cur][t + 64] + buf[cur][t + 128] + buf[cur][t + 192];
        total += s;
        __syncthreads();
    }
    atomicAdd(&out[blockIdx.x], total);
}

// 4- and 8-byte async copies with zero-fill of the tail (src_size < copy size)
extern "C" __global__ void async_copy_sizes(const int *src4, const double *src8, int *dst4, double *dst8, int n) {
    __shared__ __align__(8) int s4[128];
    __shared__ __align__(8) double s8[128];
    int t = threadIdx.x;
    size_t valid4 = t < n ? 4 : 0;
    __pipeline_memcpy_async(&s4[t], &src4[t < n ? t : 0], 4, 4 - valid4);
    __pipeline_memcpy_async(&s8[t], &src8[t < n ? t : 0], 8, t < n ? 0 : 8);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    dst4[t] = s4[(t + 1) % blockDim.x];
    dst8[t] = s8[(t + 1) % blockDim.x];
}

// Raw cp.async PTX with explicit groups (sm_80+), sync fallback below
extern "C" __global__ void raw_cp_async(const float4 *in, float4 *out) {
    __shared__ float4 tile[128];
    int t = threadIdx.x;
#if __CUDA_ARCH__ >= 800
    unsigned saddr = (unsigned)__cvta_generic_to_shared(&tile[t]);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(saddr), "l"(in + blockIdx.x * 128 + t) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 0;" ::: "memory");
    asm volatile("cp.async.wait_all;" ::: "memory");
#else
    tile[t] = in[blockIdx.x * 128 + t];
#endif
    __syncthreads();
    float4 v = tile[127 - t];
    out[blockIdx.x * 128 + t] = make_float4(v.w, v.z, v.y, v.x);
}
