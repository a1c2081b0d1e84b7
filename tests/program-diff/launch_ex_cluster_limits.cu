// flags: -std=c++17
// Launch configurations through cudaLaunchKernelEx as a Hopper library sets them: cluster
// dimensions 1/2/4/8 (portable) and 16 (needs the non-portable opt-in), a grid that the
// cluster does not divide, a cluster of more threads than fit, cudaOccupancyMaxActiveClusters
// and cudaOccupancyMaxPotentialClusterSize, programmatic stream serialization with
// cudaGridDependencySynchronize / cudaTriggerProgrammaticLaunchCompletion between two kernels,
// cudaLaunchAttributePriority, cudaLaunchAttributeCooperative, an unknown attribute id, and
// cudaLaunchCooperativeKernel with more blocks than can be resident (the exact error), with a
// zero-sized grid and with 65536 blocks in y.
#include <cstdio>
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void cluster_info(int *out) {
    cg::cluster_group c = cg::this_cluster();
    int b = blockIdx.x + gridDim.x * blockIdx.y;
    if (threadIdx.x == 0) out[b] = (int)c.block_rank() * 100 + (int)c.num_blocks();
}
__global__ void producer(int *buf) {
    buf[threadIdx.x] = threadIdx.x * 2;
    __threadfence();
    cudaTriggerProgrammaticLaunchCompletion();
}
__global__ void consumer(const int *buf, int *out) {
    cudaGridDependencySynchronize();
    out[threadIdx.x] = buf[threadIdx.x] + 1;
}
__global__ void coop(int *out) {
    cg::grid_group g = cg::this_grid();
    out[blockIdx.x] = 1;
    g.sync();
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        int s = 0;
        for (int i = 0; i < (int)gridDim.x; i++) s += out[i];
        out[0] = s;
    }
}

static cudaError_t launch_cluster(int *out, dim3 grid, dim3 block, unsigned cx) {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = grid;
    cfg.blockDim = block;
    cudaLaunchAttribute at[1];
    at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim.x = cx;
    at[0].val.clusterDim.y = 1;
    at[0].val.clusterDim.z = 1;
    cfg.attrs = at;
    cfg.numAttrs = 1;
    return cudaLaunchKernelEx(&cfg, cluster_info, out);
}

int main() {
    int *out;
    cudaMallocManaged(&out, 4096 * sizeof(int));
    for (unsigned cx : {1u, 2u, 4u, 8u, 16u}) {
        cudaMemset(out, 0xff, 64 * sizeof(int));
        cudaError_t e = launch_cluster(out, dim3(16, 2), dim3(64), cx);
        cudaError_t s = cudaDeviceSynchronize();
        printf("cluster %2u: launch %s sync %s:", cx, cudaGetErrorName(e), cudaGetErrorName(s));
        if (e == cudaSuccess)
            for (int i = 0; i < 32; i += 5) printf(" %d", out[i]);
        printf("\n");
        cudaGetLastError();
    }
    cudaError_t e = cudaFuncSetAttribute(cluster_info, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    printf("non-portable opt-in: %s\n", cudaGetErrorName(e));
    e = launch_cluster(out, dim3(16, 2), dim3(64), 16);
    cudaError_t sy = cudaDeviceSynchronize();
    printf("cluster 16 after opt-in: %s %s %d %d\n", cudaGetErrorName(e), cudaGetErrorName(sy), out[0], out[17]);
    e = launch_cluster(out, dim3(12, 1), dim3(64), 8);
    printf("grid 12 cluster 8: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    e = launch_cluster(out, dim3(6, 1), dim3(64), 3);
    sy = cudaDeviceSynchronize();
    printf("grid 6 cluster 3: %s %s\n", cudaGetErrorName(e), cudaGetErrorName(sy));
    e = launch_cluster(out, dim3(32, 1), dim3(1024), 32);
    printf("cluster 32 of 1024 threads: %s\n", cudaGetErrorName(e));
    cudaGetLastError();

    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(8);
    cfg.blockDim = dim3(128);
    cudaLaunchAttribute at[2];
    at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim = {2, 1, 1};
    cfg.attrs = at;
    cfg.numAttrs = 1;
    int clusters = -1;
    e = cudaOccupancyMaxActiveClusters(&clusters, cluster_info, &cfg);
    printf("max active clusters of 2: %s positive %d\n", cudaGetErrorName(e), clusters > 0);
    int csize = -1;
    cfg.numAttrs = 0;
    e = cudaOccupancyMaxPotentialClusterSize(&csize, cluster_info, &cfg);
    printf("max potential cluster size: %s %d\n", cudaGetErrorName(e), csize);

    // programmatic dependent launch
    int *buf;
    cudaMalloc(&buf, 256 * sizeof(int));
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    producer<<<1, 256, 0, s>>>(buf);
    cfg = {};
    cfg.gridDim = dim3(1);
    cfg.blockDim = dim3(256);
    cfg.stream = s;
    at[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    at[0].val.programmaticStreamSerializationAllowed = 1;
    at[1].id = cudaLaunchAttributePriority;
    at[1].val.priority = -3;
    cfg.attrs = at;
    cfg.numAttrs = 2;
    e = cudaLaunchKernelEx(&cfg, consumer, (const int *)buf, out);
    sy = cudaStreamSynchronize(s);
    printf("programmatic launch: %s sync %s out %d %d\n", cudaGetErrorName(e), cudaGetErrorName(sy), out[0], out[255]);
    at[0].id = cudaLaunchAttributeCooperative;
    at[0].val.cooperative = 1;
    cfg.numAttrs = 1;
    cfg.gridDim = dim3(4);
    e = cudaLaunchKernelEx(&cfg, coop, out);
    sy = cudaStreamSynchronize(s);
    printf("cooperative attribute: %s sync %s sum %d\n", cudaGetErrorName(e), cudaGetErrorName(sy), out[0]);
    at[0].id = (cudaLaunchAttributeID)99;
    e = cudaLaunchKernelEx(&cfg, coop, out);
    printf("unknown attribute: %s\n", cudaGetErrorName(e));
    cudaGetLastError();

    int per = 0, sms = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, coop, 128, 0);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    void *args[] = {&out};
    e = cudaLaunchCooperativeKernel((void *)coop, dim3(per * sms), dim3(128), args, 0, 0);
    sy = cudaDeviceSynchronize();
    printf("cooperative at the limit: %s %s sum==grid %d\n", cudaGetErrorName(e), cudaGetErrorName(sy), out[0] == per * sms);
    e = cudaLaunchCooperativeKernel((void *)coop, dim3(per * sms + 1), dim3(128), args, 0, 0);
    printf("one block more: %s last %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
    e = cudaLaunchCooperativeKernel((void *)coop, dim3(0), dim3(128), args, 0, 0);
    printf("zero grid: %s\n", cudaGetErrorName(e));
    e = cudaLaunchCooperativeKernel((void *)coop, dim3(1, 65536), dim3(1), args, 0, 0);
    printf("grid y 65536: %s\n", cudaGetErrorName(e));
    e = cudaLaunchCooperativeKernel((void *)coop, dim3(2), dim3(2048), args, 0, 0);
    printf("block 2048: %s\n", cudaGetErrorName(e));
    e = cudaLaunchCooperativeKernel((void *)coop, dim3(2), dim3(64), args, 100000, 0);
    printf("smem 100000: %s\n", cudaGetErrorName(e));
    printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
