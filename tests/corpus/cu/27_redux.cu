// min-arch: sm_80
// Warp reduce intrinsics (sm_80+): __reduce_add_sync, __reduce_min_sync, __reduce_max_sync (signed and
// unsigned), __reduce_and_sync, __reduce_or_sync, __reduce_xor_sync (redux.sync), also with partial masks.

extern "C" __global__ void redux_ops(const int *si, const unsigned *ui, int *out, unsigned *uout) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int s = si[i];
    unsigned u = ui[i];
    out[3 * i + 0] = (int)__reduce_add_sync(0xffffffffu, (unsigned)s);
    out[3 * i + 1] = __reduce_min_sync(0xffffffffu, s);
    out[3 * i + 2] = __reduce_max_sync(0xffffffffu, s);
    uout[5 * i + 0] = __reduce_min_sync(0xffffffffu, u);
    uout[5 * i + 1] = __reduce_max_sync(0xffffffffu, u);
    uout[5 * i + 2] = __reduce_and_sync(0xffffffffu, u);
    uout[5 * i + 3] = __reduce_or_sync(0xffffffffu, u);
    uout[5 * i + 4] = __reduce_xor_sync(0xffffffffu, u);
}

extern "C" __global__ void redux_partial(const unsigned *in, unsigned *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = in[i];
    unsigned lane = threadIdx.x & 31;
    unsigned r;
    if (lane < 16)
        r = __reduce_add_sync(0x0000ffffu, v);
    else
        r = __reduce_max_sync(0xffff0000u, v);
    out[i] = r;
}

// Count of nonzero elements per block via redux + shared
extern "C" __global__ void count_nonzero(const float *in, unsigned *count, int n) {
    __shared__ unsigned total;
    if (threadIdx.x == 0) total = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned nz = (i < n && in[i] != 0.f) ? 1u : 0u;
    unsigned w = __reduce_add_sync(0xffffffffu, nz);
    if ((threadIdx.x & 31) == 0) atomicAdd(&total, w);
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(count, total);
}
