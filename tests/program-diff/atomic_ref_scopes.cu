// libcu++ atomics: cuda::atomic_ref and cuda::atomic at block/device/system scope on shared
// and global memory: fetch_add/sub/and/or/xor/min/max, compare_exchange loops, exchange,
// 64-bit and float, plus the scoped intrinsics atomicAdd_block / atomicMax_system.
#include <cstdio>
#include <cuda/atomic>

__global__ void k(unsigned long long *g64, int *g32, float *gf, unsigned *res, cuda::atomic<int, cuda::thread_scope_device> *ga) {
    __shared__ int s[4];
    __shared__ unsigned long long s64;
    int t = threadIdx.x, gid = blockIdx.x * blockDim.x + t;
    if (t == 0) { s[0] = 0; s[1] = 1 << 30; s[2] = -1; s[3] = 0; s64 = 0; }
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> sa(s[0]), smin(s[1]), sand(s[2]), sx(s[3]);
    sa.fetch_add(t + 1, cuda::memory_order_relaxed);
    smin.fetch_min(1000 - t * 7);
    sand.fetch_and(~(1 << (t % 31)));
    sx.fetch_xor(t * 2654435761u);
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_block> s64r(s64);
    unsigned long long exp = s64r.load();
    while (!s64r.compare_exchange_weak(exp, exp + (1ULL << 40) + t)) {}
    __syncthreads();
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> g(*g64);
    g.fetch_add(s64 >> 40 == (unsigned long long)blockDim.x ? 1 : 1000);
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_system> gmax(g64[1]);
    gmax.fetch_max((unsigned long long)gid * 0x9e3779b97f4a7c15ULL >> 3);
    cuda::atomic_ref<int, cuda::thread_scope_device> gsub(g32[0]), gor(g32[1]), gexch(g32[2]), gmin(g32[3]);
    gsub.fetch_sub(gid);
    gor.fetch_or(1 << (gid % 29));
    gmin.fetch_min(-(gid % 1000) + 500);
    int old = gexch.exchange(gid);
    atomicAdd_block(&g32[4], old >= 0 ? 1 : 0);
    atomicMax_system(&g32[5], gid ^ 0x155);
    atomicAdd_system(&g32[6], 2);
    cuda::atomic_ref<float, cuda::thread_scope_device> fr(*gf);
    fr.fetch_add(0.25f);
    ga->fetch_add(3, cuda::memory_order_acq_rel);
    if (t == 0) {
        unsigned *r = res + blockIdx.x * 5;
        r[0] = s[0]; r[1] = s[1]; r[2] = s[2]; r[3] = s[3]; r[4] = (unsigned)(s64 & 0xffffffffu);
    }
}

int main() {
    const int blocks = 9, threads = 200;
    unsigned long long *g64; int *g32; float *gf; unsigned *res; cuda::atomic<int, cuda::thread_scope_device> *ga;
    cudaMalloc(&g64, 16); cudaMalloc(&g32, 28); cudaMalloc(&gf, 4); cudaMalloc(&res, blocks * 20); cudaMalloc(&ga, sizeof(*ga));
    cudaMemset(g64, 0, 16); cudaMemset(gf, 0, 4); cudaMemset(ga, 0, sizeof(*ga));
    int init[7] = {0, 0, -1, 1 << 30, 0, INT_MIN, 0};
    cudaMemcpy(g32, init, sizeof init, cudaMemcpyHostToDevice);
    k<<<blocks, threads>>>(g64, g32, gf, res, ga);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    unsigned long long h64[2]; int h32[7]; float hf; unsigned hr[blocks * 5]; int hga;
    cudaMemcpy(h64, g64, 16, cudaMemcpyDeviceToHost); cudaMemcpy(h32, g32, 28, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hf, gf, 4, cudaMemcpyDeviceToHost); cudaMemcpy(hr, res, sizeof hr, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hga, ga, 4, cudaMemcpyDeviceToHost);
    printf("g64 %llu max %016llx\n", h64[0], h64[1]);
    printf("g32 sub %d or %08x exch-in-range %d min %d add_block %d max_sys %d add_sys %d\n", h32[0], h32[1], h32[2] >= 0 && h32[2] < blocks * threads, h32[3], h32[4], h32[5], h32[6]);
    printf("float %a atomic %d\n", hf, hga);
    for (int b = 0; b < blocks; b++) printf("block %d: %u %d %08x %08x %u\n", b, hr[b * 5], (int)hr[b * 5 + 1], hr[b * 5 + 2], hr[b * 5 + 3], hr[b * 5 + 4]);
    return 0;
}
