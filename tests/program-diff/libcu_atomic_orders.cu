// flags: -std=c++17 -arch=sm_90
// libcu++ atomics as concurrent code uses them: cuda::std::atomic and cuda::atomic_ref with
// every memory order (relaxed, consume, acquire, release, acq_rel, seq_cst) on loads, stores,
// exchanges and RMWs; fetch_min/fetch_max (cuda:: extensions) on signed, unsigned and 64-bit
// values; compare_exchange_weak/strong loops that build a float max and a saturating counter;
// atomic_ref over shared memory with thread_scope_block; atomic<float>/<double> fetch_add of
// exactly representable values; a release/acquire flag handoff between blocks with wait/notify;
// test_and_set on atomic_flag as a spin lock around a non-atomic critical section. Results
// are order-independent and checked on the host.
#include <cstdio>
#include <cuda/atomic>
#include <cuda/std/atomic>

using cuda::std::memory_order_relaxed;
using cuda::std::memory_order_acquire;
using cuda::std::memory_order_release;
using cuda::std::memory_order_acq_rel;
using cuda::std::memory_order_seq_cst;
using cuda::std::memory_order_consume;

struct Globals {
    cuda::atomic<int, cuda::thread_scope_device> sum;
    cuda::atomic<int, cuda::thread_scope_device> mn;
    cuda::atomic<int, cuda::thread_scope_device> mx;
    cuda::atomic<unsigned, cuda::thread_scope_device> umx;
    cuda::atomic<unsigned, cuda::thread_scope_device> umn;
    cuda::atomic<long long, cuda::thread_scope_device> llmn;
    cuda::atomic<unsigned long long, cuda::thread_scope_device> ullmx;
    cuda::atomic<float, cuda::thread_scope_device> fsum;
    cuda::atomic<double, cuda::thread_scope_device> dsum;
    cuda::atomic<int, cuda::thread_scope_device> sat;
    cuda::atomic<int, cuda::thread_scope_device> xorv;
    cuda::atomic<unsigned, cuda::thread_scope_device> andv;
    cuda::atomic<unsigned, cuda::thread_scope_device> orv;
    cuda::atomic<int, cuda::thread_scope_device> exch_sum;
    cuda::atomic<int, cuda::thread_scope_device> lock_count;
    float fmaxv;
    int critical;
    int flag;
    int payload[8];
    int consumed[8];
};

__device__ void float_max(float* p, float v) {
    cuda::atomic_ref<float, cuda::thread_scope_device> r(*p);
    float cur = r.load(memory_order_relaxed);
    while (cur < v && !r.compare_exchange_weak(cur, v, memory_order_acq_rel, memory_order_relaxed)) {}
}

__global__ void rmw(Globals* g, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int v = (t * 37) % 1001 - 500;
    g->sum.fetch_add(v, memory_order_relaxed);
    g->mn.fetch_min(v, memory_order_acq_rel);
    g->mx.fetch_max(v, memory_order_seq_cst);
    g->umx.fetch_max((unsigned)v, memory_order_release);
    g->umn.fetch_min((unsigned)v * 3u, memory_order_acquire);
    g->llmn.fetch_min((long long)v * 10000000000LL, memory_order_relaxed);
    g->ullmx.fetch_max((unsigned long long)(t + 1) << 40, memory_order_relaxed);
    g->fsum.fetch_add((float)(t % 16) * 0.25f, memory_order_relaxed);
    g->dsum.fetch_add((double)t * 0.5, memory_order_seq_cst);
    g->xorv.fetch_xor(t * 2654435761u, memory_order_acq_rel);
    g->andv.fetch_and(~(1u << (t % 32)) | (t & 64 ? 0xF0000000u : 0u), memory_order_relaxed);
    g->orv.fetch_or(1u << (t % 29), memory_order_release);
    // saturating counter: stop at 1000
    int cur = g->sat.load(memory_order_consume);
    while (cur < 1000 && !g->sat.compare_exchange_strong(cur, cur + 3, memory_order_seq_cst)) {}
    float_max(&g->fmaxv, (float)((t * 7919) % 4099) / 8.0f);
    int old = g->exch_sum.exchange(t, memory_order_acq_rel);
    (void)old;
}

// a spin lock from atomic_flag-like test: exchange(1, acquire) / store(0, release)
__global__ void locked(Globals* g) {
    cuda::atomic_ref<int, cuda::thread_scope_device> lock(g->flag);
    if (threadIdx.x % 32 != 0) return;   // one lane per warp takes the lock (no intra-warp deadlock)
    while (lock.exchange(1, memory_order_acquire) != 0) {}
    int c = g->critical;                  // plain accesses guarded by the lock
    g->critical = c + 1 + blockIdx.x;
    lock.store(0, memory_order_release);
    g->lock_count.fetch_add(1, memory_order_relaxed);
}

// shared-memory atomic_ref with block scope
__global__ void shared_refs(const int* in, int* out, int n) {
    __shared__ int hist[16];
    __shared__ unsigned smax;
    int tid = threadIdx.x + threadIdx.y * blockDim.x;
    int nt = blockDim.x * blockDim.y;
    for (int i = tid; i < 16; i += nt) hist[i] = 0;
    if (tid == 0) smax = 0;
    __syncthreads();
    for (int i = blockIdx.x * nt + tid; i < n; i += gridDim.x * nt) {
        cuda::atomic_ref<int, cuda::thread_scope_block> h(hist[in[i] & 15]);
        h.fetch_add(1, memory_order_relaxed);
        cuda::atomic_ref<unsigned, cuda::thread_scope_block> m(smax);
        m.fetch_max((unsigned)in[i], memory_order_relaxed);
    }
    __syncthreads();
    for (int i = tid; i < 16; i += nt) atomicAdd(&out[i], hist[i]);
    if (tid == 0) atomicMax((unsigned*)&out[16], smax);
}

// producer block 0 publishes payload then releases the flag (notify); consumer blocks wait
__global__ void handoff(Globals* g) {
    cuda::atomic_ref<int, cuda::thread_scope_device> flag(g->flag);
    if (blockIdx.x == 0) {
        if (threadIdx.x < 8) g->payload[threadIdx.x] = 100 + threadIdx.x * threadIdx.x;
        __syncthreads();
        if (threadIdx.x == 0) { flag.store(2, memory_order_release); flag.notify_all(); }
    } else {
        if (threadIdx.x == 0) {
            while (flag.load(memory_order_acquire) != 2) flag.wait(0, memory_order_acquire);
        }
        __syncthreads();
        if (threadIdx.x < 8) atomicAdd(&g->consumed[threadIdx.x], g->payload[threadIdx.x]);
    }
}

int main() {
    Globals* g;
    cudaMallocManaged(&g, sizeof(Globals));
    memset((void*)g, 0, sizeof(Globals));
    g->mn.store(1 << 30); g->mx.store(-(1 << 30)); g->umn.store(0xFFFFFFFFu);
    g->llmn.store(0); g->andv.store(0xFFFFFFFFu); g->fmaxv = -1.0f;
    const int n = 1000;
    rmw<<<(n + 95) / 96, 96>>>(g, n);
    cudaDeviceSynchronize();
    long long hs = 0; int hmn = 1 << 30, hmx = -(1 << 30); unsigned humx = 0, humn = 0xFFFFFFFFu;
    long long hll = 0; unsigned long long hull = 0; float hf = 0; double hd = 0; int hx = 0;
    unsigned ha = 0xFFFFFFFFu, ho = 0; float hfm = -1;
    for (int t = 0; t < n; t++) {
        int v = (t * 37) % 1001 - 500;
        hs += v; hmn = v < hmn ? v : hmn; hmx = v > hmx ? v : hmx;
        humx = (unsigned)v > humx ? (unsigned)v : humx;
        humn = (unsigned)v * 3u < humn ? (unsigned)v * 3u : humn;
        hll = (long long)v * 10000000000LL < hll ? (long long)v * 10000000000LL : hll;
        hull = ((unsigned long long)(t + 1) << 40) > hull ? ((unsigned long long)(t + 1) << 40) : hull;
        hf += (float)(t % 16) * 0.25f; hd += t * 0.5; hx ^= (int)(t * 2654435761u);
        ha &= ~(1u << (t % 32)) | (t & 64 ? 0xF0000000u : 0u); ho |= 1u << (t % 29);
        float fv = (float)((t * 7919) % 4099) / 8.0f; hfm = fv > hfm ? fv : hfm;
    }
    printf("sum %d (host %lld) min %d (%d) max %d (%d)\n", g->sum.load(), hs, g->mn.load(), hmn, g->mx.load(), hmx);
    printf("umax %u (%u) umin %u (%u)\n", g->umx.load(), humx, g->umn.load(), humn);
    printf("llmin %lld (%lld) ullmax %llu (%llu)\n", g->llmn.load(), hll, g->ullmx.load(), hull);
    printf("fsum %.9g (%.9g) dsum %.17g (%.17g)\n", g->fsum.load(), hf, g->dsum.load(), hd);
    printf("xor %d (%d) and %08x (%08x) or %08x (%08x)\n", g->xorv.load(), hx, g->andv.load(), ha, g->orv.load(), ho);
    printf("saturating %d fmax %.9g (%.9g) last exchange in range %d\n", g->sat.load(), g->fmaxv, hfm, g->exch_sum.load() >= 0 && g->exch_sum.load() < n);
    g->flag = 0;
    locked<<<5, 96>>>(g);
    cudaDeviceSynchronize();
    printf("lock: critical %d (expected %d) entries %d\n", g->critical, 3 * (1 + 2 + 3 + 4 + 5), g->lock_count.load());
    int *din, *dout;
    const int m = 5000;
    cudaMalloc(&din, m * 4); cudaMalloc(&dout, 17 * 4); cudaMemset(dout, 0, 17 * 4);
    int hin[m]; int hh[17] = {0};
    for (int i = 0; i < m; i++) { hin[i] = (i * 2654435761u) >> 7; hh[hin[i] & 15]++; if ((unsigned)hin[i] > (unsigned)hh[16]) hh[16] = hin[i]; }
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    shared_refs<<<7, dim3(16, 6)>>>(din, dout, m);
    int r[17];
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < 17; i++) bad += r[i] != hh[i];
    printf("shared histogram:"); for (int i = 0; i < 16; i++) printf(" %d", r[i]); printf(" max %u mismatches %d\n", (unsigned)r[16], bad);
    g->flag = 0;
    handoff<<<4, 64>>>(g);
    cudaDeviceSynchronize();
    printf("handoff:"); for (int i = 0; i < 8; i++) printf(" %d", g->consumed[i]); printf("\n");
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
