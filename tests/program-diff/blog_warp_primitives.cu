// flags: -O2 -arch=sm_80
// NVIDIA blog "Using CUDA Warp-Level Primitives": __ballot_sync for a partial warp, reduction in a
// divergent branch with __activemask, __match_any_sync grouping by key, __syncwarp between
// shared-memory steps, __shfl_up_sync inclusive scan, lane masks from inline PTX, and the
// "opportunistic" warp-aggregated atomic with __ffs/__popc.
#include <cstdio>
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffff
__device__ unsigned lanemask_lt() { unsigned m; asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m)); return m; }
__device__ unsigned laneid() { unsigned l; asm volatile("mov.u32 %0, %%laneid;" : "=r"(l)); return l; }

__global__ void partial_ballot(const int *in, int n, unsigned *out) {
    unsigned mask = __ballot_sync(FULL_MASK, threadIdx.x < n);
    if (threadIdx.x < n) {
        int val = in[threadIdx.x];
        for (int offset = 16; offset > 0; offset /= 2) val += __shfl_down_sync(mask, val, offset);
        if (threadIdx.x == 0) { out[0] = mask; out[1] = val; }
    }
}
__global__ void divergent_sum(const int *in, int *out) {
    int v = in[threadIdx.x];
    if (v % 3 == 0) {
        unsigned active = __activemask();
        int leader = __ffs(active) - 1;
        int s = 0;
        for (int l = 0; l < 32; ++l) {
            int other = __shfl_sync(active, v, l);
            if (active & (1u << l)) s += other;
        }
        if ((int)laneid() == leader) { out[blockIdx.x * 4] = active; out[blockIdx.x * 4 + 1] = s; }
    } else {
        unsigned active = __activemask();
        if ((int)laneid() == __ffs(active) - 1) { out[blockIdx.x * 4 + 2] = active; out[blockIdx.x * 4 + 3] = __popc(active); }
    }
}
__global__ void match_groups(const int *keys, int *counts, unsigned *masks) {
    int k = keys[threadIdx.x];
    unsigned peers = __match_any_sync(FULL_MASK, k);
    int pred;
    unsigned all = __match_all_sync(FULL_MASK, k & 0, &pred);
    masks[threadIdx.x] = peers;
    int leader = __ffs(peers) - 1;
    if ((int)(threadIdx.x & 31) == leader) atomicAdd(&counts[k], __popc(peers));
    if (threadIdx.x == 0) { masks[32] = all; masks[33] = pred; }
}
__global__ void syncwarp_reduce(const int *in, int *out) {
    __shared__ int s[32];
    unsigned tid = threadIdx.x;
    s[tid] = in[tid];
    __syncwarp();
    for (int off = 16; off > 0; off >>= 1) {
        int v = 0;
        if (tid < off) v = s[tid + off];
        __syncwarp();
        if (tid < off) s[tid] += v;
        __syncwarp();
    }
    if (tid == 0) out[0] = s[0];
}
__global__ void warp_scan(const int *in, int *out) {
    int v = in[threadIdx.x];
    int lane = threadIdx.x & 31;
    for (int d = 1; d < 32; d *= 2) {
        int n = __shfl_up_sync(FULL_MASK, v, d);
        if (lane >= d) v += n;
    }
    out[threadIdx.x] = v;
}
__device__ int atomicAggInc(int *ptr) {
    unsigned mask = __activemask();
    int leader = __ffs(mask) - 1;
    int res;
    if ((int)laneid() == leader) res = atomicAdd(ptr, __popc(mask));
    res = __shfl_sync(mask, res, leader);
    return res + __popc(mask & lanemask_lt());
}
__global__ void compact(const int *in, int n, int *out, int *count, int *slots) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] % 5 == 1) {
        int slot = atomicAggInc(count);
        out[slot] = in[i];
        slots[i] = 1;
    }
}
__global__ void vote_all_any(const int *in, int *out) {
    int v = in[threadIdx.x];
    out[threadIdx.x * 3 + 0] = __all_sync(FULL_MASK, v > 0);
    out[threadIdx.x * 3 + 1] = __any_sync(FULL_MASK, v > 40);
    out[threadIdx.x * 3 + 2] = __ballot_sync(0x0000ffff & FULL_MASK, v & 1) & 0xffff;
}

int main() {
    int *d, *o, h[1024];
    unsigned *um;
    cudaMalloc(&d, 4096 * 4); cudaMalloc(&o, 4096 * 4); cudaMallocManaged(&um, 64 * 4);
    for (int i = 0; i < 1024; ++i) h[i] = (i * 7 + 3) % 50;
    cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
    for (int n : {32, 20, 1}) {
        partial_ballot<<<1, 32>>>(d, n, um);
        cudaDeviceSynchronize();
        int want = 0;
        for (int i = 0; i < n; ++i) want += h[i];
        printf("partial n=%2d mask %08x sum %u (want %d)\n", n, um[0], um[1], want);
    }
    cudaMemset(o, 0, 64 * 4);
    divergent_sum<<<2, 32>>>(d, o);
    int r[8];
    cudaMemcpy(r, o, 32, cudaMemcpyDeviceToHost);
    printf("divergent: block0 mask %08x sum %d other %08x (%d); block1 mask %08x sum %d other %08x (%d)\n", r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]);
    int keys[32];
    for (int i = 0; i < 32; ++i) keys[i] = (i * i) % 7;
    int *dk, *dc;
    cudaMalloc(&dk, 128); cudaMalloc(&dc, 64);
    cudaMemcpy(dk, keys, 128, cudaMemcpyHostToDevice);
    cudaMemset(dc, 0, 64);
    match_groups<<<1, 32>>>(dk, dc, um);
    cudaDeviceSynchronize();
    int counts[7];
    cudaMemcpy(counts, dc, 28, cudaMemcpyDeviceToHost);
    printf("match: counts %d %d %d %d %d %d %d; peers of lane 3 %08x lane 5 %08x; all %08x pred %u\n", counts[0], counts[1], counts[2], counts[3], counts[4], counts[5], counts[6], um[3], um[5], um[32], um[33]);
    syncwarp_reduce<<<1, 32>>>(d, o);
    warp_scan<<<1, 64>>>(d, o + 1);
    int s[65];
    cudaMemcpy(s, o, sizeof(s), cudaMemcpyDeviceToHost);
    printf("syncwarp reduce %d; scan lane 31 %d lane 32 %d lane 63 %d\n", s[0], s[32], s[33], s[64]);
    int *cnt, *slots;
    cudaMallocManaged(&cnt, 4);
    cudaMalloc(&slots, 1024 * 4);
    cudaMemset(slots, 0, 1024 * 4);
    *cnt = 0;
    compact<<<4, 256>>>(d, 1000, o, cnt, slots);
    cudaDeviceSynchronize();
    int c[1024];
    cudaMemcpy(c, o, *cnt * 4, cudaMemcpyDeviceToHost);
    long sum = 0;
    int want = 0;
    for (int i = 0; i < *cnt; ++i) sum += c[i];
    for (int i = 0; i < 1000; ++i) want += h[i] % 5 == 1;
    printf("aggregated compaction: %d (want %d) sum %ld\n", *cnt, want, sum);
    vote_all_any<<<1, 32>>>(d, o);
    cudaMemcpy(c, o, 96 * 4, cudaMemcpyDeviceToHost);
    printf("vote: all>0 %d any>40 %d ballot16 %04x\n", c[0], c[1], c[2]);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
