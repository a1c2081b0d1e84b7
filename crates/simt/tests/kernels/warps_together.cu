// Threads of a block that communicate through memory without a barrier. A race by the letter of
// the memory model, yet real programs contain it and get the same answer on every GPU: the warps
// of a block start together, so every thread's load at the top of the kernel happens before a
// thread's store further down (tests/warps_together.rs).

__device__ int g_counter;
__device__ int g_table[4];

// Every thread reads the counter; then one thread (`writer`) overwrites it.
extern "C" __global__ void read_then_bump(int *out, int writer) {
    int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    int v = g_counter;
    out[tid] = v;
    if (tid == writer) g_counter = v + 1;
}

// The same through a module array indexed by a parameter: a read of one element, a store to it.
extern "C" __global__ void read_then_bump_table(int *out, int slot, int writer) {
    int tid = threadIdx.x + blockDim.x * threadIdx.y;
    int v = g_table[slot];
    out[tid] = v * 2;
    if (tid == writer) g_table[slot] = v + 100;
}

// The same through a pointer parameter: every thread reads `*p`, one thread overwrites it. An
// in-place update of each thread's own element (`p[1 + tid] *= 3`) is no race and must stay so.
extern "C" __global__ void read_then_bump_pointer(int *p, int *out, int writer) {
    int tid = threadIdx.x + blockDim.x * threadIdx.y;
    int v = *p;
    out[tid] = v;
    p[1 + tid] *= 3;
    if (tid == writer) *p = v + 7;
}

// With a barrier between the reads and the write there is no race: the compiled tiers keep it.
extern "C" __global__ void read_sync_then_bump(int *out) {
    int v = g_counter;
    out[threadIdx.x] = v;
    __syncthreads();
    if (threadIdx.x == 0) g_counter = v + 1;
}
