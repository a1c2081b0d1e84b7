// flags: -O3 -std=c++20
// libcu++ waiting primitives: cuda::std::atomic_flag test_and_set/wait/notify_all as a ticket
// handoff between blocks, atomic<int>::wait/notify_one, cuda::latch in shared memory,
// cuda::counting_semaphore bounding a critical section, binary_semaphore as a mutex.
#include <cuda/std/atomic>
#include <cuda/atomic>
#include <cuda/latch>
#include <cuda/semaphore>
#include <cuda/std/utility>
#include <cstdio>
#include <new>

struct Shared {
    cuda::std::atomic_flag flags[8];
    cuda::atomic<int, cuda::thread_scope_device> turn;
    cuda::atomic<int, cuda::thread_scope_device> inside, max_inside;
    int order[8];
    long long unprotected;
};

// constant-initialized device globals (constexpr constructors)
__device__ cuda::counting_semaphore<cuda::thread_scope_device, 3> g_sem(3);
__device__ cuda::binary_semaphore<cuda::thread_scope_device> g_mutex(1);

__global__ void init(Shared *s) {
    new (s) Shared{};
    for (auto &f : s->flags) f.clear();
}

// block b waits for flag b (set by block b-1), records its position, then sets flag b+1
__global__ void relay(Shared *s) {
    int b = blockIdx.x;
    if (threadIdx.x == 0) {
        if (b == 0) s->flags[0].test_and_set();
        s->flags[b].wait(false);  // returns once the flag is set
        int pos = s->turn.fetch_add(1);
        s->order[pos] = b;
        if (b + 1 < 8) { s->flags[b + 1].test_and_set(); s->flags[b + 1].notify_all(); }
    }
}

// atomic<int>::wait on a value; the last block bumps it
__global__ void wait_value(cuda::atomic<int, cuda::thread_scope_device> *v, int *got) {
    if (threadIdx.x != 0) return;
    if (blockIdx.x == gridDim.x - 1) { v->store(42); v->notify_all(); }
    else { v->wait(0); got[blockIdx.x] = v->load(); }
}

// latch: every thread arrives; counts are summed only after all have arrived
__global__ void latch_kernel(int *out) {
    __shared__ cuda::latch<cuda::thread_scope_block> *lp;
    __shared__ alignas(cuda::latch<cuda::thread_scope_block>) unsigned char storage[sizeof(cuda::latch<cuda::thread_scope_block>)];
    __shared__ int vals[256];
    if (threadIdx.x == 0) lp = new (storage) cuda::latch<cuda::thread_scope_block>(blockDim.x);
    __syncthreads();
    vals[threadIdx.x] = threadIdx.x * 3 + blockIdx.x;
    lp->arrive_and_wait();
    int s = 0; for (int i = 0; i < (int)blockDim.x; i++) s += vals[(i + threadIdx.x) % blockDim.x];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// semaphores: at most 3 threads inside a section; a mutex protects a non-atomic counter
__global__ void sem_kernel(Shared *s, int iters) {
    if (threadIdx.x % 32 != 0) return;  // one thread per warp takes part
    for (int i = 0; i < iters; i++) {
        g_sem.acquire();
        int now = s->inside.fetch_add(1) + 1;
        s->max_inside.fetch_max(now);
        s->inside.fetch_sub(1);
        g_sem.release();
        g_mutex.acquire();
        volatile long long *u = &s->unprotected;
        *u = *u + (blockIdx.x + 1) * (i + 1);
        g_mutex.release();
    }
}

int main() {
    Shared *s; cudaMalloc(&s, sizeof(Shared));
    init<<<1, 1>>>(s);
    relay<<<8, 32>>>(s);
    cudaError_t e = cudaDeviceSynchronize();
    int order[8]; cudaMemcpy(order, (char *)s + offsetof(Shared, order), sizeof order, cudaMemcpyDeviceToHost);
    printf("relay: %s order", cudaGetErrorString(e)); for (int i : order) printf(" %d", i); printf("\n");

    cuda::atomic<int, cuda::thread_scope_device> *v; int *got;
    cudaMalloc(&v, sizeof *v); cudaMemset(v, 0, sizeof *v); cudaMalloc(&got, 16 * 4); cudaMemset(got, 0, 64);
    wait_value<<<6, 32>>>(v, got);
    e = cudaDeviceSynchronize();
    int hg[5]; cudaMemcpy(hg, got, sizeof hg, cudaMemcpyDeviceToHost);
    printf("wait/notify: %s got", cudaGetErrorString(e)); for (int x : hg) printf(" %d", x); printf("\n");

    int *o; cudaMalloc(&o, 3 * 256 * 4);
    latch_kernel<<<3, 256>>>(o);
    e = cudaDeviceSynchronize();
    int ho[768]; cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
    bool ok = true; for (int b = 0; b < 3; b++) for (int t = 0; t < 256; t++) ok &= ho[b * 256 + t] == 3 * 255 * 256 / 2 + 256 * b;
    printf("latch: %s %s [0]=%d [767]=%d\n", cudaGetErrorString(e), ok ? "ok" : "MISMATCH", ho[0], ho[767]);

    sem_kernel<<<4, 128>>>(s, 50);
    e = cudaDeviceSynchronize();
    Shared hs; cudaMemcpy(&hs, s, sizeof hs, cudaMemcpyDeviceToHost);
    long long r = 0; for (int b = 0; b < 4; b++) for (int w = 0; w < 4; w++) for (int i = 0; i < 50; i++) r += (b + 1) * (i + 1);
    printf("semaphores: %s max inside <= 3: %s, mutex-protected sum %lld %s\n", cudaGetErrorString(e), hs.max_inside.load() <= 3 && hs.max_inside.load() >= 1 ? "yes" : "no", hs.unprotected, hs.unprotected == r ? "ok" : "MISMATCH");
    return 0;
}
