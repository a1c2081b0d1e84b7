// min-arch: sm_90
// sm_90 mbarrier and bulk async copies: inline asm mbarrier.init/arrive/arrive.expect_tx/try_wait.parity
// (with retry loop and labels), cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes (TMA-less bulk
// copy), fence.proxy.async, mbarrier.inval, mbarrier.test_wait polling; the same via cuda::ptx wrappers (cp_async_bulk,
// mbarrier_init/arrive/arrive_expect_tx/try_wait_parity). (cuda::barrier + cuda::device::memcpy_async_tx are left
// out: they add ~400 KB to the -G PTX; cuda::barrier is covered by 54_memcpy_async_barrier.cu.)
#include <cuda/ptx>
#include <cuda/std/utility>

__device__ __forceinline__ void mbar_init(unsigned long long *bar, unsigned count) {
    unsigned a = (unsigned)__cvta_generic_to_shared(bar);
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(a), "r"(count) : "memory");
}
__device__ __forceinline__ unsigned long long mbar_arrive_expect_tx(unsigned long long *bar, unsigned bytes) {
    unsigned a = (unsigned)__cvta_generic_to_shared(bar);
    unsigned long long state;
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 %0, [%1], %2;" : "=l"(state) : "r"(a), "r"(bytes) : "memory");
    return state;
}
__device__ __forceinline__ unsigned long long mbar_arrive(unsigned long long *bar) {
    unsigned a = (unsigned)__cvta_generic_to_shared(bar);
    unsigned long long state;
    asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];" : "=l"(state) : "r"(a) : "memory");
    return state;
}
__device__ __forceinline__ void mbar_wait_parity(unsigned long long *bar, unsigned parity) {
    unsigned a = (unsigned)__cvta_generic_to_shared(bar);
    asm volatile("{\n\t"
                 ".reg .pred done;\n\t"
                 "WAIT_%=:\n\t"
                 "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n\t"
                 "@!done bra WAIT_%=;\n\t"
                 "}" ::"r"(a), "r"(parity) : "memory");
}
__device__ __forceinline__ void bulk_copy_g2s(void *dst, const void *src, unsigned bytes, unsigned long long *bar) {
    unsigned d = (unsigned)__cvta_generic_to_shared(dst);
    unsigned b = (unsigned)__cvta_generic_to_shared(bar);
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 ::"r"(d), "l"(src), "r"(bytes), "r"(b) : "memory");
}

// Bulk-copy 1024 floats per iteration into shared memory, completion tracked by an mbarrier transaction count
extern "C" __global__ void bulk_copy_sum(const float *in, float *out, int iters) {
    __shared__ __align__(128) float buf[1024];
    __shared__ __align__(8) unsigned long long bar;
    if (threadIdx.x == 0) {
        mbar_init(&bar, 1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    }
    __syncthreads();
    float acc = 0.f;
    for (int it = 0; it < iters; ++it) {
        if (threadIdx.x == 0) {
            mbar_arrive_expect_tx(&bar, sizeof(buf));
            bulk_copy_g2s(buf, in + ((size_t)blockIdx.x * iters + it) * 1024, sizeof(buf), &bar);
        }
        mbar_wait_parity(&bar, it & 1);
        for (int i = threadIdx.x; i < 1024; i += blockDim.x) acc += buf[i];
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        unsigned a = (unsigned)__cvta_generic_to_shared(&bar);
        asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(a) : "memory");
    }
    atomicAdd(&out[blockIdx.x], acc);
}

// Plain mbarrier used as a block barrier with arrive + test_wait polling
extern "C" __global__ void mbarrier_sync(int *data) {
    __shared__ __align__(8) unsigned long long bar;
    __shared__ int vals[256];
    if (threadIdx.x == 0) mbar_init(&bar, blockDim.x);
    __syncthreads();
    vals[threadIdx.x] = data[blockIdx.x * blockDim.x + threadIdx.x] * 3;
    unsigned long long st = mbar_arrive(&bar);
    unsigned a = (unsigned)__cvta_generic_to_shared(&bar);
    unsigned ok = 0;
    while (!ok) {
        asm volatile("{\n\t.reg .pred p;\n\tmbarrier.test_wait.shared::cta.b64 p, [%1], %2;\n\tselp.u32 %0, 1, 0, p;\n\t}"
                     : "=r"(ok) : "r"(a), "l"(st) : "memory");
    }
    data[blockIdx.x * blockDim.x + threadIdx.x] = vals[(threadIdx.x + 1) % blockDim.x];
}

// Same bulk copy through the cuda::ptx wrappers (cp_async_bulk, mbarrier_arrive_expect_tx, mbarrier_try_wait_parity)
extern "C" __global__ void ptx_bulk_copy(const int *in, int *out) {
    __shared__ __align__(16) int buf[512];
    __shared__ __align__(8) cuda::std::uint64_t bar;
    if (threadIdx.x == 0) {
        cuda::ptx::mbarrier_init(&bar, 1);
        cuda::ptx::fence_proxy_async(cuda::ptx::space_shared);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta, cuda::ptx::space_shared, &bar,
                                             sizeof(buf));
        cuda::ptx::cp_async_bulk(cuda::ptx::space_cluster, cuda::ptx::space_global, buf, in + blockIdx.x * 512,
                                 sizeof(buf), &bar);
    }
    while (!cuda::ptx::mbarrier_try_wait_parity(&bar, 0)) {
    }
    int s = 0;
    for (int i = threadIdx.x; i < 512; i += blockDim.x) s += buf[i];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// cuda::ptx wrappers for mbarrier
extern "C" __global__ void ptx_wrappers(int *out) {
    __shared__ __align__(8) cuda::std::uint64_t bar;
    if (threadIdx.x == 0) cuda::ptx::mbarrier_init(&bar, blockDim.x);
    __syncthreads();
    cuda::std::uint64_t state = cuda::ptx::mbarrier_arrive(&bar);
    while (!cuda::ptx::mbarrier_try_wait(&bar, state)) {
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = (int)(state & 0xff);
}
