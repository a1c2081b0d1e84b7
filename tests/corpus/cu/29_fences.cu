// min-arch: sm_75
// Memory fences: __threadfence, __threadfence_block, __threadfence_system; last-block-done reduction pattern
// (threadfence + atomicInc ticket), volatile flag polling, fence.acq_rel/fence.sc via cuda::atomic_thread_fence.
#include <cuda/atomic>

__device__ unsigned int retirementCount = 0;

extern "C" __global__ void sum_last_block(const float *in, volatile float *partials, float *result, int n) {
    __shared__ float sdata[256];
    __shared__ bool amLast;
    int t = threadIdx.x;
    float v = 0.f;
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x) v += in[i];
    sdata[t] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) sdata[t] += sdata[t + s];
        __syncthreads();
    }
    if (t == 0) {
        partials[blockIdx.x] = sdata[0];
        __threadfence();
        unsigned ticket = atomicInc(&retirementCount, gridDim.x);
        amLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (amLast) {
        float s = 0.f;
        for (int b = t; b < gridDim.x; b += blockDim.x) s += partials[b];
        sdata[t] = s;
        __syncthreads();
        for (int k = blockDim.x / 2; k > 0; k >>= 1) {
            if (t < k) sdata[t] += sdata[k + t];
            __syncthreads();
        }
        if (t == 0) {
            *result = sdata[0];
            retirementCount = 0;
        }
    }
}

extern "C" __global__ void fence_kinds(int *a, int *b, volatile int *flag) {
    int t = threadIdx.x;
    a[t] = t;
    __threadfence_block();
    b[t] = a[(t + 1) % blockDim.x];
    __threadfence();
    a[t] += 1;
    __threadfence_system();
    cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
    cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_system);
    if (t == 0) *flag = 1;
}

// Volatile polling consumer
extern "C" __global__ void wait_flag(volatile int *flag, const int *data, int *out) {
    if (threadIdx.x == 0) {
        while (*flag == 0) {
        }
        __threadfence();
        out[blockIdx.x] = data[blockIdx.x];
    }
}
