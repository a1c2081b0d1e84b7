// min-arch: sm_75
// Barriers: __syncthreads, __syncthreads_count/_and/_or, __syncwarp with full and partial masks,
// named barriers via inline asm (bar.sync 1, 64; bar.arrive; barrier.sync with thread count), producer/consumer warps.

extern "C" __global__ void sync_predicates(const int *in, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    int cnt = __syncthreads_count(v > 0);
    int all = __syncthreads_and(v != 0);
    int any = __syncthreads_or(v < 0);
    out[i] = cnt * 4 + all * 2 + any;
}

extern "C" __global__ void syncwarp_masks(int *data) {
    __shared__ int s[256];
    int t = threadIdx.x;
    s[t] = data[blockIdx.x * blockDim.x + t];
    __syncwarp();
    int lane = t & 31;
    if (lane < 16) {
        s[t] += s[t + 16];
        __syncwarp(0x0000ffffu);
        if (lane < 8) s[t] += s[t + 8];
        __syncwarp(0x000000ffu);
        if (lane < 4) s[t] += s[t + 4];
        __syncwarp(0x0000000fu);
    }
    __syncwarp(0xffffffffu);
    if (lane == 0) data[blockIdx.x * blockDim.x + t] = s[t] + s[t + 1] + s[t + 2] + s[t + 3];
}

// Warp-specialized producer/consumer with named barriers (block of 128 threads):
// warps 0-1 produce into shared memory, warps 2-3 consume; barrier 1 counts 128 threads,
// barrier 2 synchronizes only the 64 consumer threads.
extern "C" __global__ void named_barriers(const float *in, float *out, int chunks) {
    __shared__ float buf[64];
    int t = threadIdx.x;
    for (int c = 0; c < chunks; ++c) {
        if (t < 64) {
            buf[t] = in[(blockIdx.x * chunks + c) * 64 + t] * 2.0f;
            asm volatile("bar.arrive 1, 128;" ::: "memory");
        } else {
            asm volatile("bar.sync 1, 128;" ::: "memory");
            float v = buf[t - 64] + buf[(t - 63) & 63];
            asm volatile("bar.sync 2, 64;" ::: "memory");
            out[(blockIdx.x * chunks + c) * 64 + t - 64] = v;
        }
        __syncthreads();
    }
}

// Also barrier.sync.aligned with an explicit count and the bar.red popc form
extern "C" __global__ void bar_red(const int *in, int *out) {
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    int cnt;
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.s32 p, %1, 0;\n\tbar.red.popc.u32 %0, 0, p;\n\t}" : "=r"(cnt) : "r"(v));
    asm volatile("barrier.sync 3, %0;" ::"r"(blockDim.x));
    out[blockIdx.x * blockDim.x + threadIdx.x] = cnt;
}
