// flags: -std=c++20
// Launching through the extensible API: cudaLaunchKernelEx with a cudaLaunchConfig_t and no
// attributes, with cudaLaunchAttributeClusterDimension (2x1x1 on sm_90, clusters reading each
// other's shared memory through cooperative_groups), with a priority attribute, and the C++
// template overload taking the kernel's typed arguments; cudaLaunchKernel with an args
// array; cudaFuncSetCacheConfig / cudaFuncSetSharedMemConfig-free attribute
// cudaFuncAttributeMaxDynamicSharedMemorySize raised to 100 KiB and a launch using it;
// cudaFuncGetAttributes' numRegs-independent fields; a launch that exceeds the block limit
// and its error.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void fill(int* out, int base, short step) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = base + step * i;
}

__global__ void cluster_swap(int* out) {
    __shared__ int mine[64];
    cg::cluster_group cl = cg::this_cluster();
    unsigned rank = cl.block_rank();
    mine[threadIdx.x] = (int)(rank * 1000 + threadIdx.x);
    cl.sync();
    int* other = cl.map_shared_rank(mine, rank ^ 1);
    out[blockIdx.x * 64 + threadIdx.x] = other[63 - threadIdx.x] + (int)cl.num_blocks() * 100000;
    cl.sync();
}

__global__ void big_dynamic(unsigned* out, int words) {
    extern __shared__ unsigned dyn[];
    for (int i = threadIdx.x; i < words; i += blockDim.x) dyn[i] = i * 2654435761u;
    __syncthreads();
    unsigned acc = 0;
    for (int i = threadIdx.x; i < words; i += blockDim.x) acc ^= dyn[words - 1 - i];
    atomicXor(out, acc);
}

int main() {
    int* out; CK(cudaMallocManaged(&out, 512 * sizeof(int)));
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(4); cfg.blockDim = dim3(64); cfg.dynamicSmemBytes = 0; cfg.stream = 0;
    cfg.attrs = nullptr; cfg.numAttrs = 0;
    CK(cudaLaunchKernelEx(&cfg, fill, out, 7, (short)3));
    CK(cudaDeviceSynchronize());
    printf("LaunchKernelEx (template): out[0]=%d out[255]=%d\n", out[0], out[255]);
    // priority attribute
    cudaLaunchAttribute pa[1];
    pa[0].id = cudaLaunchAttributePriority; pa[0].val.priority = 0;
    cfg.attrs = pa; cfg.numAttrs = 1;
    CK(cudaLaunchKernelEx(&cfg, fill, out, -100, (short)-2));
    CK(cudaDeviceSynchronize());
    printf("with priority attribute: out[0]=%d out[255]=%d\n", out[0], out[255]);
    // cluster dimension 2
    cudaLaunchAttribute ca[1];
    ca[0].id = cudaLaunchAttributeClusterDimension; ca[0].val.clusterDim.x = 2; ca[0].val.clusterDim.y = 1; ca[0].val.clusterDim.z = 1;
    cfg.gridDim = dim3(8); cfg.attrs = ca; cfg.numAttrs = 1;
    CK(cudaLaunchKernelEx(&cfg, cluster_swap, out));
    CK(cudaDeviceSynchronize());
    int bad = 0;
    for (int b = 0; b < 8; ++b) for (int t = 0; t < 64; ++t) bad += out[b * 64 + t] != (int)(((b & 1) ^ 1) * 1000 + 63 - t) + 200000;
    printf("cluster 2x1x1 swap: %d bad, out[1]=%d out[64]=%d\n", bad, out[1], out[64]);
    // cudaLaunchKernel with an argument array
    int base = 1000; short step = -1;
    void* args[] = {&out, &base, &step};
    CK(cudaLaunchKernel((void*)fill, dim3(2), dim3(128), args, 0, 0));
    CK(cudaDeviceSynchronize());
    printf("cudaLaunchKernel: out[0]=%d out[255]=%d\n", out[0], out[255]);
    // cache config and large dynamic shared memory
    CK(cudaFuncSetCacheConfig(big_dynamic, cudaFuncCachePreferShared));
    const int bytes = 100 * 1024, words = bytes / 4;
    cudaError_t too_big = cudaGetLastError();
    big_dynamic<<<1, 256, bytes>>>((unsigned*)out, words);
    cudaError_t before_attr = cudaGetLastError();
    printf("100 KiB dynamic shared before the attribute: %s %s\n", cudaGetErrorName(too_big), cudaGetErrorName(before_attr));
    CK(cudaFuncSetAttribute(big_dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
    out[0] = 0;
    big_dynamic<<<1, 256, bytes>>>((unsigned*)out, words);
    CK(cudaDeviceSynchronize());
    unsigned want = 0;
    for (int i = 0; i < words; ++i) want ^= (unsigned)i * 2654435761u;
    printf("100 KiB dynamic shared after the attribute: %s\n", (unsigned)out[0] == want ? "ok" : "BAD");
    cudaFuncAttributes fa;
    CK(cudaFuncGetAttributes(&fa, big_dynamic));
    printf("attributes: maxDynamicSharedSizeBytes %d, sharedSizeBytes %zu, maxThreadsPerBlock %d, ptxVersion>=80 %d\n", fa.maxDynamicSharedSizeBytes, fa.sharedSizeBytes, fa.maxThreadsPerBlock, fa.ptxVersion >= 80);
    CK(cudaFuncGetAttributes(&fa, cluster_swap));
    printf("cluster_swap static shared %zu\n", fa.sharedSizeBytes);
    // 1025 threads
    fill<<<1, 1025>>>(out, 0, 1);
    cudaError_t e = cudaGetLastError();
    printf("1025 threads: %s\n", cudaGetErrorName(e));
    cfg.gridDim = dim3(3); cfg.blockDim = dim3(64);
    cudaError_t ce = cudaLaunchKernelEx(&cfg, cluster_swap, out);
    printf("grid 3 with cluster 2: %s\n", cudaGetErrorName(ce));
    cudaGetLastError();
    cudaFree(out);
    return 0;
}
