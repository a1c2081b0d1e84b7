// flags: -O3 -std=c++17
// cuda::atomic and cuda::atomic_ref over each memory order and scope (thread, block, device,
// system), on int, unsigned long long, float, double, in shared and global memory: fetch_add/sub/
// and/or/xor/min/max, exchange, compare_exchange_weak/strong loops, load/store; results that do
// not depend on the interleaving are checked exactly. (No atomics on automatic variables: a
// generic atom on a local address is undefined in PTX, and an H200 returns garbage for one.)
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <cstdio>
#include <cstdint>

template <cuda::thread_scope S> struct Acc {
    int sum; unsigned long long mx; unsigned bits_or, bits_and, bits_xor; float fsum; double dsum; int mn; int cas_sum;
};

template <cuda::thread_scope S>
__global__ void hammer(Acc<S> *g, int per) {
    __shared__ int s_sum;
    __shared__ double s_d;
    if (threadIdx.x == 0) { s_sum = 0; s_d = 0; }
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> ss(s_sum);
    cuda::atomic_ref<double, cuda::thread_scope_block> sd(s_d);
    cuda::atomic_ref<int, S> sum(g->sum);
    cuda::atomic_ref<unsigned long long, S> mx(g->mx);
    cuda::atomic_ref<unsigned, S> bo(g->bits_or), ba(g->bits_and), bx(g->bits_xor);
    cuda::atomic_ref<float, S> fs(g->fsum);
    cuda::atomic_ref<double, S> ds(g->dsum);
    cuda::atomic_ref<int, S> mn(g->mn), cs(g->cas_sum);
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < per; k++) {
        int v = (id * 31 + k * 17) % 1000;
        switch (k % 5) {
            case 0: sum.fetch_add(v, cuda::std::memory_order_relaxed); break;
            case 1: sum.fetch_add(v, cuda::std::memory_order_acq_rel); break;
            case 2: sum.fetch_sub(-v, cuda::std::memory_order_release); break;
            case 3: sum.fetch_add(v, cuda::std::memory_order_seq_cst); break;
            case 4: sum.fetch_add(v, cuda::std::memory_order_acquire); break;
        }
        mx.fetch_max(((unsigned long long)v << 32) | (unsigned)id, cuda::std::memory_order_relaxed);
        mn.fetch_min(v - id, cuda::std::memory_order_acq_rel);
        bo.fetch_or(1u << (v % 32), cuda::std::memory_order_relaxed);
        ba.fetch_and(~(1u << ((v + id) % 29)), cuda::std::memory_order_relaxed);
        bx.fetch_xor((unsigned)v * 2654435761u, cuda::std::memory_order_seq_cst);
        fs.fetch_add(0.25f, cuda::std::memory_order_relaxed);      // exact in float
        ds.fetch_add(v * 0.5, cuda::std::memory_order_relaxed);    // exact in double
        // a CAS loop that adds v
        int cur = cs.load(cuda::std::memory_order_relaxed);
        if (k % 2) { while (!cs.compare_exchange_weak(cur, cur + v, cuda::std::memory_order_acq_rel, cuda::std::memory_order_relaxed)) {} }
        else { while (!cs.compare_exchange_strong(cur, cur + v)) {} }
        ss.fetch_add(1, cuda::std::memory_order_relaxed);
        sd.fetch_add(1.5, cuda::std::memory_order_relaxed);
    }
    __syncthreads();
    if (threadIdx.x == 0) { sum.fetch_add(ss.load() - per * (int)blockDim.x); ds.fetch_add(sd.load() - 1.5 * per * blockDim.x); }
}

// message passing with release/acquire on a device-scope flag: a consumer block reads data
// written before the flag was raised
__global__ void publish(int *data, cuda::atomic<int, cuda::thread_scope_device> *flag, int *seen) {
    if (blockIdx.x == 0) {
        if (threadIdx.x == 0) {
            for (int i = 0; i < 64; i++) data[i] = i * i + 1;
            flag->store(1, cuda::std::memory_order_release);
        }
    } else if (threadIdx.x == 0) {
        while (flag->load(cuda::std::memory_order_acquire) == 0) {}
        int s = 0; for (int i = 0; i < 64; i++) s += data[i];
        *seen = s;
    }
}

template <cuda::thread_scope S>
static void run(const char *name, int blocks, int threads, int per) {
    Acc<S> init{0, 0, 0, 0xffffffffu, 0, 0.0f, 0.0, 1 << 30, 0};
    Acc<S> *g; cudaMalloc(&g, sizeof init); cudaMemcpy(g, &init, sizeof init, cudaMemcpyHostToDevice);
    hammer<S><<<blocks, threads>>>(g, per);
    cudaError_t e = cudaDeviceSynchronize();
    Acc<S> r; cudaMemcpy(&r, g, sizeof r, cudaMemcpyDeviceToHost);
    Acc<S> c = init;
    for (int id = 0; id < blocks * threads; id++) for (int k = 0; k < per; k++) {
        int v = (id * 31 + k * 17) % 1000;
        c.sum += v; unsigned long long m = ((unsigned long long)v << 32) | (unsigned)id; if (m > c.mx) c.mx = m;
        if (v - id < c.mn) c.mn = v - id;
        c.bits_or |= 1u << (v % 32); c.bits_and &= ~(1u << ((v + id) % 29)); c.bits_xor ^= (unsigned)v * 2654435761u;
        c.fsum += 0.25f; c.dsum += v * 0.5; c.cas_sum += v;
    }
    bool ok = e == cudaSuccess && r.sum == c.sum && r.mx == c.mx && r.mn == c.mn && r.bits_or == c.bits_or && r.bits_and == c.bits_and && r.bits_xor == c.bits_xor && r.fsum == c.fsum && r.dsum == c.dsum && r.cas_sum == c.cas_sum;
    printf("%-22s %s sum=%d mx=%llx mn=%d or=%08x and=%08x xor=%08x f=%.2f d=%.1f cas=%d\n", name, ok ? "ok" : "MISMATCH", r.sum, r.mx, r.mn, r.bits_or, r.bits_and, r.bits_xor, r.fsum, r.dsum, r.cas_sum);
    cudaFree(g);
}

int main() {
    run<cuda::thread_scope_system>("scope system", 4, 96, 20);
    run<cuda::thread_scope_device>("scope device", 8, 128, 15);
    run<cuda::thread_scope_block>("scope block (1 block)", 1, 256, 25);
    int *data, *seen; cuda::atomic<int, cuda::thread_scope_device> *flag;
    cudaMalloc(&data, 256); cudaMalloc(&seen, 4); cudaMalloc(&flag, sizeof *flag); cudaMemset(flag, 0, sizeof *flag); cudaMemset(seen, 0, 4);
    publish<<<2, 32>>>(data, flag, seen);
    cudaDeviceSynchronize();
    int sv; cudaMemcpy(&sv, seen, 4, cudaMemcpyDeviceToHost);
    int rv = 0; for (int i = 0; i < 64; i++) rv += i * i + 1;
    printf("release/acquire publish: %d %s\n", sv, sv == rv ? "ok" : "MISMATCH");
    printf("lock-free: int %d ull %d double %d\n", (int)cuda::atomic<int>::is_always_lock_free, (int)cuda::atomic<unsigned long long>::is_always_lock_free, (int)cuda::atomic<double>::is_always_lock_free);
    return 0;
}
