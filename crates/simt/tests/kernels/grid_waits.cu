// Blocks that wait for other blocks of their grid, as programs do on a GPU, where the blocks of
// a grid that fits on it run at once. Tested by tests/grid_waits.rs on every engine with one
// and two workers (each grid there is small enough to be resident at once on a GPU).
#include <cuda/std/atomic>

// Block 0 waits for the last block's flag, then every other block for block 0's answer.
// mode 0: atomic wait/notify; 1: acquire-load spin; 2: volatile-load spin and __threadfence;
// 3: volatile spin backing off with __nanosleep. out[b] = 1000 + last + 1 + b (out[last] =
// 1000 + last).
extern "C" __global__ void chain(cuda::std::atomic<int>* flags, int* out, int mode) {
    if (threadIdx.x != 0) return;
    cuda::std::atomic<int>& ready = flags[0];
    cuda::std::atomic<int>& answer = flags[1];
    unsigned last = gridDim.x - 1;
    if (blockIdx.x == last) {
        out[last] = 1000 + (int)last;
        ready.store(1, cuda::std::memory_order_release);
        ready.notify_all();
        return;
    }
    if (blockIdx.x == 0) {
        if (mode == 0) {
            ready.wait(0, cuda::std::memory_order_acquire);
        } else if (mode == 1) {
            while (ready.load(cuda::std::memory_order_acquire) == 0) {}
        } else {
            unsigned ns = 8;
            while (*(volatile int*)&ready == 0) {
                if (mode == 3) {
                    __nanosleep(ns);
                    if (ns < 1024) ns *= 2;
                }
            }
            __threadfence();
        }
        out[0] = out[last] + 1;
        answer.store(out[0], cuda::std::memory_order_release);
        answer.notify_all();
        return;
    }
    answer.wait(0, cuda::std::memory_order_acquire);
    out[blockIdx.x] = answer.load(cuda::std::memory_order_relaxed) + (int)blockIdx.x;
}

__device__ void grid_barrier(unsigned* arrived, volatile unsigned* generation) {
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned gen = *generation;
        __threadfence();
        if (atomicAdd(arrived, 1) == gridDim.x - 1) {
            *arrived = 0;
            __threadfence();
            *generation = gen + 1;
        } else {
            while (*generation == gen) {}
        }
        __threadfence();
    }
    __syncthreads();
}

// A software grid barrier (no cooperative launch), twice: out[b] = what block b+1 (mod n)
// wrote before the first, b * 3 + 1; then every block sums out[] into sums[b].
extern "C" __global__ void barrier_rounds(unsigned* arrived, volatile unsigned* generation, int* out, int* sums) {
    unsigned n = gridDim.x, me = blockIdx.x;
    __shared__ int mine;
    if (threadIdx.x == 0) mine = (int)me * 3 + 1;
    __syncthreads();
    if (threadIdx.x == 0) out[me] = mine;
    grid_barrier(arrived, generation);
    int next = threadIdx.x == 0 ? out[(me + 1) % n] : 0;
    grid_barrier(arrived, generation);
    if (threadIdx.x == 0) out[me] = next;
    grid_barrier(arrived, generation);
    if (threadIdx.x == 0) {
        int s = 0;
        for (unsigned i = 0; i < n; i++) s += ((volatile int*)out)[i];
        sums[me] = s;
    }
}

// The first thread of every block takes a spin lock `iters` times to add one to a plain
// counter: counter = blocks * iters.
extern "C" __global__ void mutex(int* lock, volatile int* counter, int iters) {
    if (threadIdx.x != 0) return;
    for (int i = 0; i < iters; i++) {
        while (atomicCAS(lock, 0, 1) != 0) {}
        __threadfence();
        *counter = *counter + 1;
        __threadfence();
        atomicExch(lock, 0);
    }
}

// Block i waits for block i + 1's prefix (a look-back chain in reverse block order):
// prefix[i] = sum over blocks j >= i of (j + 1), out[i] = prefix[i].
extern "C" __global__ void reverse_chain(volatile int* status, volatile long long* prefix, long long* out) {
    if (threadIdx.x != 0) return;
    unsigned me = blockIdx.x;
    long long before = 0;
    if (me + 1 < gridDim.x) {
        while (status[me + 1] == 0) {}
        __threadfence();
        before = prefix[me + 1];
    }
    prefix[me] = before + me + 1;
    __threadfence();
    status[me] = 1;
    out[me] = before + me + 1;
}
