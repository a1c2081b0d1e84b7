// min-arch: sm_75
// Miscellaneous intrinsics: __nanosleep (exponential backoff), __trap, __brkpt, clock()/clock64(), __prof_trigger,
// __isGlobal/__isShared/__isConstant/__isLocal address-space predicates, __cvta_generic_to_global/shared/local,
// __builtin_assume/__builtin_expect/__builtin_unreachable, __syncwarp-free busy waits, __threadfence in spin loop.

extern "C" __global__ void backoff_lock(int *lock, int *counter) {
    unsigned ns = 8;
    if ((threadIdx.x & 31) == 0) {
        while (atomicCAS(lock, 0, 1) != 0) {
            __nanosleep(ns);
            if (ns < 256) ns *= 2;
        }
        *counter += 1;
        __threadfence();
        atomicExch(lock, 0);
    }
}

extern "C" __global__ void timing(const float *in, float *out, long long *cycles, unsigned *c32, int n) {
    long long t0 = clock64();
    clock_t c0 = clock();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.f;
    for (int k = 0; k < 100; ++k) v = v * 0.99f + 0.01f;
    if (i < n) out[i] = v;
    long long t1 = clock64();
    clock_t c1 = clock();
    cycles[i] = t1 - t0;
    c32[i] = (unsigned)(c1 - c0);
    __prof_trigger(0);
    __prof_trigger(3);
}

extern "C" __global__ void checked_access(const int *data, int *out, int n, int limit) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (data[i] > limit) __trap();
    if (data[i] == -12345) __brkpt();
    out[i] = data[i];
}

__constant__ int c_vals[4] = {1, 2, 3, 4};
__device__ __noinline__ int classify(const void *p) {
    return (__isGlobal(p) ? 1 : 0) | (__isShared(p) ? 2 : 0) | (__isConstant(p) ? 4 : 0) | (__isLocal(p) ? 8 : 0);
}
extern "C" __global__ void address_spaces(int *g, int *out, int idx) {
    __shared__ int s[32];
    int local[4];
    for (int k = 0; k < 4; ++k) local[k] = g[k];
    s[threadIdx.x & 31] = threadIdx.x;
    __syncthreads();
    int r = classify(g) | (classify(&s[1]) << 4) | (classify(c_vals) << 8) | (classify(&local[idx & 3]) << 12);
    size_t ga = __cvta_generic_to_global(g);
    size_t sa = __cvta_generic_to_shared(&s[0]);
    size_t la = __cvta_generic_to_local(&local[idx & 3]);
    out[threadIdx.x] = r + (int)(ga & 0xf) + (int)(sa & 0xff) + (int)(la & 0xff) + local[idx & 3];
}

extern "C" __global__ void builtins(const int *in, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    __builtin_assume(n > 0);
    __builtin_assume(blockDim.x == 128);
    if (__builtin_expect(i >= n, 0)) return;
    int v = in[i];
    switch (v & 3) {
    case 0: out[i] = v; break;
    case 1: out[i] = -v; break;
    case 2: out[i] = v * 2; break;
    case 3: out[i] = v / 2; break;
    default: __builtin_unreachable();
    }
}
