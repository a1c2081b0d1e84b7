// Forward progress under independent thread scheduling (Volta+): kernels that only finish when
// a waiting warp or lane lets the one it waits for run.

// Intra-warp spin lock: every lane of every warp takes one global lock in turn. Lockstep SIMT
// without independent scheduling deadlocks here (the winner waits at the reconvergence point
// for the losers, which wait for the winner's unlock).
__global__ void spin_lock_sum(int *lock, int *sum, const int *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    bool done = false;
    while (!done) {
        if (atomicCAS(lock, 0, 1) == 0) {
            // Non-atomic read-modify-write: only correct under the lock.
            int v = *(volatile int *)sum;
            *(volatile int *)sum = v + in[i];
            __threadfence();
            atomicExch(lock, 0);
            done = true;
        }
    }
}

// The same lock written the way that needs independent scheduling most: the critical section
// after the spin loop.
__global__ void spin_lock_after_loop(int *lock, int *count)
{
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    int v = *(volatile int *)count;
    *(volatile int *)count = v + 1;
    __threadfence();
    atomicExch(lock, 0);
}

// Producer/consumer between warps of a block through a volatile shared flag, no barrier:
// warp 0 waits until the last warp has written its data.
__global__ void flag_handoff(int *out)
{
    __shared__ int data[32];
    __shared__ volatile int ready;
    int t = threadIdx.x;
    int last = blockDim.x / 32 - 1;
    if (t == 0) ready = 0;
    __syncthreads();
    if (t / 32 == last) {
        data[t % 32] = t * 3 + blockIdx.x;
        __threadfence_block();
        if (t % 32 == 0) ready = 1;
    }
    if (t / 32 == 0) {
        while (ready == 0) {
        }
        __threadfence_block();
        out[blockIdx.x * 32 + t] = data[t];
    }
}

// Waiting with __nanosleep and exponential backoff for a counter the other warps increment.
__global__ void nanosleep_wait(int *counter, int *out)
{
    int t = threadIdx.x;
    if (t % 32 == 0 && t != 0) atomicAdd(counter + blockIdx.x, 1);
    if (t == 0) {
        unsigned ns = 8;
        while (atomicAdd(counter + blockIdx.x, 0) < (int)(blockDim.x / 32) - 1) {
            __nanosleep(ns);
            if (ns < 256) ns *= 2;
        }
        out[blockIdx.x] = atomicAdd(counter + blockIdx.x, 0);
    }
}

// A test-and-test-and-set lock, as libcu++'s binary_semaphore takes it: the exchange is retried
// in an outer loop, and between tries the losers poll the lock word in an inner loop until it
// looks free. The lanes that spin do so in the inner loop, which takes no lock itself.
__global__ void ttas_lock_count(int *lock, int *count)
{
    while (atomicExch(lock, 1) != 0) {
        while (*(volatile int *)lock != 0) {
        }
    }
    int v = *(volatile int *)count;
    *(volatile int *)count = v + 1;
    __threadfence();
    atomicExch(lock, 0);
}

// The same lock with __nanosleep backoff in the polling loop (libcu++'s atomic wait).
__global__ void ttas_backoff_count(int *lock, int *count)
{
    while (atomicExch(lock, 1) != 0) {
        unsigned ns = 4;
        while (*(volatile int *)lock != 0) {
            __nanosleep(ns);
            if (ns < 64) ns *= 2;
        }
    }
    int v = *(volatile int *)count;
    *(volatile int *)count = v + 1;
    __threadfence();
    atomicExch(lock, 0);
}

// Two lanes of each warp take the test-and-test-and-set lock while the warp's other lanes run
// on to a latch (a counter every thread decrements, then polls until it reaches zero), as a
// cuda::binary_semaphore followed by a cuda::latch: the holder waits at the lock loop's exit
// while the lanes at the latch only poll, so the warp must split the holder off, not just
// alternate between its two spinning paths.
__global__ void ttas_then_latch(int *lock, int *count, int *latch, int *out)
{
    if (threadIdx.x % 16 == 3) {
        while (atomicExch(lock, 1) != 0) {
            while (*(volatile int *)lock != 0) {
            }
        }
        int v = *(volatile int *)count;
        *(volatile int *)count = v + (int)threadIdx.x;
        __threadfence();
        atomicExch(lock, 0);
    }
    atomicSub(latch + blockIdx.x, 1);
    while (*(volatile int *)(latch + blockIdx.x) != 0) {
    }
    if (threadIdx.x == 0) out[blockIdx.x] = 1;
}
