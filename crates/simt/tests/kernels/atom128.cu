// 128-bit atomics (sm_90): atomicCAS / atomicExch on 16-byte types compile to
// `atom.cas.b128` / `atom.exch.b128` on `.b128` registers packed and unpacked with `mov.b128`.
// Tested by tests/atom128.rs.

struct __align__(16) Pair {
    unsigned long long lo, hi;
};

// Every thread adds `delta(tid)` to the 128-bit counter `counters[tid % n]` `iters` times
// with a CAS loop (carries cross from the low into the high half).
extern "C" __global__ void cas_add(unsigned __int128 *counters, int n, int iters, unsigned long long mul) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned __int128 *c = &counters[tid % n];
    unsigned __int128 delta = (unsigned __int128)(tid + 1) * mul;
    for (int i = 0; i < iters; i++) {
        unsigned __int128 old = *c;
        while (true) {
            unsigned __int128 seen = atomicCAS(c, old, old + delta);
            if (seen == old) break;
            old = seen;
        }
    }
}

// A pair of counters that must move together: (count, sum of thread ids).
extern "C" __global__ void cas_pair(Pair *counters, int n, int iters) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    Pair *c = &counters[tid % n];
    for (int i = 0; i < iters; i++) {
        Pair old = *c;
        while (true) {
            Pair want = {old.lo + 1, old.hi + (unsigned long long)tid};
            Pair seen = atomicCAS_block(c, old, want);
            if (seen.lo == old.lo && seen.hi == old.hi) break;
            old = seen;
        }
    }
}

// Every thread swaps its own value into one slot; the old values it gets back, plus the
// final slot, are the initial value and every thread's value, each exactly once, untorn.
extern "C" __global__ void exch(Pair *slot, Pair *out, int system) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    Pair mine = {(unsigned long long)tid * 0x9E3779B97F4A7C15ull, ~(unsigned long long)tid};
    out[tid] = system ? atomicExch_system(slot, mine) : atomicExch(slot, mine);
}

// CAS with an expected value that does not match leaves memory alone and returns it.
extern "C" __global__ void cas_results(Pair *mem, const Pair *expect, const Pair *val, Pair *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    out[tid] = atomicCAS(&mem[tid], expect[tid], val[tid]);
}

// Shared-memory 128-bit counter per block, then published to global memory.
extern "C" __global__ void cas_shared(unsigned __int128 *out, int iters, unsigned long long mul) {
    __shared__ unsigned __int128 counter;
    if (threadIdx.x == 0) counter = 0;
    __syncthreads();
    unsigned __int128 delta = (unsigned __int128)(threadIdx.x + 1) * mul;
    for (int i = 0; i < iters; i++) {
        unsigned __int128 old = counter;
        while (true) {
            unsigned __int128 seen = atomicCAS(&counter, old, old + delta);
            if (seen == old) break;
            old = seen;
        }
    }
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = counter;
}

// `ld.b128` / `st.b128` through `.b128` registers (cuda::ptx emits these).
extern "C" __global__ void copy_b128(const Pair *in, Pair *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long lo, hi;
    asm volatile("{\n\t.reg .b128 q;\n\tld.global.b128 q, [%2];\n\tmov.b128 {%0, %1}, q;\n\t}"
                 : "=l"(lo), "=l"(hi) : "l"(in + i));
    lo += 1;
    asm volatile("{\n\t.reg .b128 q;\n\tmov.b128 q, {%0, %1};\n\tst.relaxed.gpu.global.b128 [%2], q;\n\t}"
                 :: "l"(lo), "l"(hi), "l"(out + i) : "memory");
}
