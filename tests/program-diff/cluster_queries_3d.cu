// Clusters of a 3D grid of 3D blocks (cluster 2x1x2 via cudaLaunchKernelEx): dim_threads,
// num_threads, thread_index, block_index, query_shared_rank of a mapped pointer, is_valid,
// and a float/long long reduction into rank 0 through DSMEM atomics, per cluster.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(long long* out) {
  __shared__ float fsum;
  __shared__ long long lsum;
  auto cl = cg::this_cluster();
  if (threadIdx.x + threadIdx.y + threadIdx.z == 0) { fsum = 0; lsum = 0; }
  cl.sync();
  float* f0 = cl.map_shared_rank(&fsum, 0);
  long long* l0 = cl.map_shared_rank(&lsum, 0);
  unsigned tr = cl.thread_rank();
  atomicAdd(f0, 0.5f);
  atomicAdd((unsigned long long*)l0, (unsigned long long)tr);
  cl.sync();
  unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  if (threadIdx.x + threadIdx.y + threadIdx.z == 0) {
    dim3 dt = cl.dim_threads(), ti = cl.thread_index(), bi = cl.block_index();
    long long v = 0;
    v = v * 10 + dt.x; v = v * 10 + dt.y; v = v * 10 + dt.z;
    v = v * 10 + ti.x; v = v * 10 + ti.y; v = v * 10 + ti.z;
    v = v * 10 + bi.x; v = v * 10 + bi.y; v = v * 10 + bi.z;
    out[b * 4 + 0] = v;
    out[b * 4 + 1] = cl.num_threads() * 1000 + cl.query_shared_rank(cl.map_shared_rank(&fsum, cl.num_blocks() - 1)) * 10;
    out[b * 4 + 2] = cl.block_rank() == 0 ? (long long)(fsum * 2) : -1;
    out[b * 4 + 3] = cl.block_rank() == 0 ? lsum : -1;
  }
  cl.sync();
}
int main() {
  long long* o; cudaMalloc(&o, 64 * 4 * 8);
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(4, 2, 4); cfg.blockDim = dim3(4, 2, 3);
  cudaLaunchAttribute at; at.id = cudaLaunchAttributeClusterDimension;
  at.val.clusterDim.x = 2; at.val.clusterDim.y = 1; at.val.clusterDim.z = 2;
  cfg.attrs = &at; cfg.numAttrs = 1;
  cudaError_t e = cudaLaunchKernelEx(&cfg, k, o);
  printf("launch %s sync %s\n", cudaGetErrorString(e), cudaGetErrorString(cudaDeviceSynchronize()));
  long long h[32 * 4]; cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  for (int b = 0; b < 32; b++) printf("block %2d: %lld %lld %lld %lld\n", b, h[b * 4], h[b * 4 + 1], h[b * 4 + 2], h[b * 4 + 3]);
  return 0;
}
