// Negative-offset indexing of dynamic shared arrays (tests/address_wrap.rs, issue 18 item 1).
// nvcc -O3 keeps shared pointers in 32-bit registers; unrolling the loops below by four, it
// computes one pointer 35 elements below each thread's own (`add.s32 %r105, %r68, -140`) and
// reaches the elements through it (`ld.shared.u32 %r80, [%r105+4]`). For the threads near the
// array's start that register is "negative": the address arithmetic wraps modulo 2^32.

// One block of `n` threads; dynamic shared memory: n ints, then n shorts. Thread t reads the
// `m` elements from 35 before its own on (those that exist), then adds k + 1 to the k-th of
// them; out[t] is what it read, out[n + t] its element at the end.
extern "C" __global__ void neg_index(const int *in, int *out, int n, int m) {
    extern __shared__ int s[];
    short *h = reinterpret_cast<short *>(s + n);
    int tid = threadIdx.x;
    s[tid] = in[tid];
    h[tid] = static_cast<short>(in[tid] * 7);
    __syncthreads();
    const int *b = s + tid - 35;
    const short *c = h + tid - 35;
    int r = in[tid];
    for (int k = 0; k < m; ++k) {
        if (tid - 35 + k >= 0) r += b[k] * (k + 1) - c[k];
    }
    __syncthreads();
    int *w = s + tid - 35;
    for (int k = 0; k < m; ++k) {
        if (tid - 35 + k >= 0) atomicAdd(&w[k], k + 1);
    }
    __syncthreads();
    out[tid] = r;
    out[n + tid] = s[tid];
}
