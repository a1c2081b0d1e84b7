// Launch geometries at their limits, each checked by coverage: every (block, thread) pair sets
// its own bit in a bitmap with atomicOr and adds its linearized id, so a missing, repeated or
// misnumbered thread shows. Grids of 65535 blocks in y (and z), 2^20 blocks in x, 3D blocks
// 1x1x64 / 4x4x4 / 7x3x5 / 1024x1x1 / 4x4x64, and a single thread; plus blockDim/gridDim
// read back from a kernel and the %nctaid/%ntid special registers via inline PTX.
#include <cstdio>
#include <vector>

__global__ void cover(unsigned* bitmap, unsigned long long* sum, unsigned long long total) {
    unsigned long long block = ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    unsigned long long tib = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    unsigned long long id = block * (blockDim.x * blockDim.y * blockDim.z) + tib;
    if (id >= total) { atomicAdd(sum, 1ull << 40); return; }
    unsigned old = atomicOr(&bitmap[id / 32], 1u << (id % 32));
    if (old & (1u << (id % 32))) atomicAdd(sum, 1ull << 50);   // seen twice
    atomicAdd(sum, id);
}

__global__ void dims(unsigned* out) {
    unsigned a, b, c, d;
    asm("mov.u32 %0, %%nctaid.y;" : "=r"(a));
    asm("mov.u32 %0, %%ntid.z;" : "=r"(b));
    asm("mov.u32 %0, %%nctaid.z;" : "=r"(c));
    asm("mov.u32 %0, %%ntid.x;" : "=r"(d));
    if (blockIdx.x == gridDim.x - 1 && blockIdx.y == gridDim.y - 1 && blockIdx.z == gridDim.z - 1 && threadIdx.x == blockDim.x - 1 &&
        threadIdx.y == blockDim.y - 1 && threadIdx.z == blockDim.z - 1) {
        out[0] = gridDim.x; out[1] = gridDim.y; out[2] = gridDim.z; out[3] = blockDim.x; out[4] = blockDim.y; out[5] = blockDim.z;
        out[6] = a; out[7] = b; out[8] = c; out[9] = d;
    }
}

int run(dim3 g, dim3 b) {
    unsigned long long total = (unsigned long long)g.x * g.y * g.z * b.x * b.y * b.z;
    unsigned* bm; unsigned long long* s;
    size_t words = (total + 31) / 32;
    cudaMalloc(&bm, words * 4); cudaMalloc(&s, 8);
    cudaMemset(bm, 0, words * 4); cudaMemset(s, 0, 8);
    cover<<<g, b>>>(bm, s, total);
    cudaError_t e = cudaDeviceSynchronize();
    std::vector<unsigned> h(words);
    unsigned long long sum;
    cudaMemcpy(h.data(), bm, words * 4, cudaMemcpyDeviceToHost); cudaMemcpy(&sum, s, 8, cudaMemcpyDeviceToHost);
    unsigned long long set = 0;
    for (unsigned v : h) set += __builtin_popcount(v);
    unsigned long long want = total * (total - 1) / 2;
    printf("grid %ux%ux%u block %ux%ux%u: %s threads %llu covered %llu sum %s\n", g.x, g.y, g.z, b.x, b.y, b.z, cudaGetErrorName(e), total, set,
           sum == want ? "ok" : "WRONG");
    cudaFree(bm); cudaFree(s);
    unsigned* d; unsigned o[10] = {};
    cudaMalloc(&d, 40); cudaMemset(d, 0, 40);
    dims<<<g, b>>>(d);
    cudaMemcpy(o, d, 40, cudaMemcpyDeviceToHost);
    printf("  dims %u %u %u / %u %u %u, registers %u %u %u %u\n", o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7], o[8], o[9]);
    cudaFree(d);
    return 0;
}

int main() {
    run(dim3(1), dim3(1));
    run(dim3(1, 65535), dim3(32));
    run(dim3(1, 3, 65535), dim3(1, 1, 1));
    run(dim3(1 << 20), dim3(1));
    run(dim3(2, 2, 5), dim3(1, 1, 64));
    run(dim3(5, 7, 3), dim3(4, 4, 4));
    run(dim3(3, 2, 2), dim3(7, 3, 5));
    run(dim3(9), dim3(1024));
    run(dim3(2, 3), dim3(4, 4, 64));
    run(dim3(70000, 1, 2), dim3(3, 1, 1));
    return 0;
}
