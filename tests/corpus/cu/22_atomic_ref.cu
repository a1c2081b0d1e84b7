// min-arch: sm_75
// archs-opts: sm_75.O3 sm_80.O3 sm_90.O3 sm_90.G
// (library-heavy: its -G PTX is large, so the -G fixture is generated for sm_90 only)
// libcu++ atomics: cuda::atomic_ref with thread_scope_device/block/system and explicit memory orders (relaxed,
// acquire, release, acq_rel, seq_cst): fetch_add/fetch_min/fetch_or/exchange/compare_exchange_strong,
// load/store; release/acquire message passing; cuda::atomic object; cuda::atomic_thread_fence.
// (Kept small on purpose: the -G PTX of libcu++ atomics is ~0.9 MB even for this handful of operations.)
#include <cuda/atomic>

extern "C" __global__ void atomic_ref_ops(int *data, float *fl, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    cuda::atomic_ref<int, cuda::thread_scope_device> a(data[0]);
    cuda::atomic_ref<int, cuda::thread_scope_system> c(data[2]);
    cuda::atomic_ref<float, cuda::thread_scope_device> f(*fl);
    int r = 0;
    r += a.fetch_add(1, cuda::memory_order_relaxed);
    r += a.fetch_add(i, cuda::memory_order_acq_rel);
    r += a.fetch_min(i, cuda::memory_order_release);
    r += c.fetch_or(1 << (i & 31), cuda::memory_order_seq_cst);
    r += a.exchange(i, cuda::memory_order_acquire);
    int expected = 0;
    if (a.compare_exchange_strong(expected, i, cuda::memory_order_acq_rel, cuda::memory_order_relaxed)) r += 1;
    r += (int)f.fetch_add(0.5f, cuda::memory_order_relaxed);
    out[i] = r;
}

// Message passing: producer writes payload then releases flag, consumer acquires
extern "C" __global__ void message_passing(int *payload, int *flag, int *result) {
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        payload[0] = 42;
        payload[1] = 43;
        f.store(1, cuda::memory_order_release);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (f.load(cuda::memory_order_acquire) == 0) {
        }
        result[0] = payload[0] + payload[1];
    }
}

// cuda::atomic object in global memory (device-scope ticket counter) and a seq_cst thread fence
__device__ cuda::atomic<int, cuda::thread_scope_device> g_ticket;
extern "C" __global__ void ticket_kernel(int *tickets) {
    int t = g_ticket.fetch_add(1, cuda::memory_order_relaxed);
    cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
    tickets[blockIdx.x * blockDim.x + threadIdx.x] = t;
}

// Block-scope atomic_ref on shared memory
extern "C" __global__ void shared_atomic_ref(const int *in, int *out) {
    __shared__ int total;
    if (threadIdx.x == 0) total = 0;
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> t(total);
    t.fetch_add(in[blockIdx.x * blockDim.x + threadIdx.x], cuda::memory_order_relaxed);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = t.load(cuda::memory_order_relaxed);
}
