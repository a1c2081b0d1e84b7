// The sm_90 cluster intrinsics of sm_90_rt.h: __clusterDimIsSpecified, __clusterDim,
// __clusterRelativeBlockIdx, __clusterGridDimInClusters, __clusterIdx,
// __clusterRelativeBlockRank, __clusterSizeInBlocks, __cluster_map_shared_rank,
// __cluster_query_shared_rank, __isCtaShared/__isClusterShared/__isShared/__isGlobal,
// __cluster_barrier_arrive(_relaxed)/__cluster_barrier_wait, __threadfence_cluster; in a
// clustered and an unclustered launch.
#include <cstdio>
__global__ void k(int* o) {
  __shared__ int s[8];
  int b = blockIdx.y * gridDim.x + blockIdx.x;
  if (threadIdx.x < 8) s[threadIdx.x] = b * 10 + threadIdx.x;
  __cluster_barrier_arrive();
  __cluster_barrier_wait();
  dim3 cd = __clusterDim(), rb = __clusterRelativeBlockIdx(), gc = __clusterGridDimInClusters(), ci = __clusterIdx();
  unsigned rank = __clusterRelativeBlockRank(), n = __clusterSizeInBlocks();
  int* peer = (int*)__cluster_map_shared_rank(s, (rank + 1) % n);
  int pv = peer[threadIdx.x % 8];
  unsigned q = __cluster_query_shared_rank(peer);
  __threadfence_cluster();
  __cluster_barrier_arrive_relaxed();
  __cluster_barrier_wait();
  if (threadIdx.x == 3) {
    int* p = o + b * 12;
    p[0] = __clusterDimIsSpecified(); p[1] = cd.x * 100 + cd.y * 10 + cd.z; p[2] = rb.x * 10 + rb.y;
    p[3] = gc.x * 10 + gc.y; p[4] = ci.x * 10 + ci.y; p[5] = rank; p[6] = n; p[7] = pv; p[8] = q;
    p[9] = __isCtaShared(s) + 2 * __isClusterShared(peer) + 4 * __isShared(s) + 8 * __isGlobal(o) + 16 * __isCtaShared(peer == s ? s : peer);
  }
}
__global__ void __cluster_dims__(2, 1, 1) kc(int* o) {
  if (threadIdx.x == 0) o[blockIdx.x] = __clusterDimIsSpecified() * 100 + __clusterSizeInBlocks() * 10 + __clusterRelativeBlockRank();
}
int main() {
  int* o; cudaMalloc(&o, 4096);
  cudaLaunchConfig_t cfg = {}; cfg.gridDim = dim3(4, 2); cfg.blockDim = dim3(32);
  cudaLaunchAttribute a[1]; a[0].id = cudaLaunchAttributeClusterDimension;
  a[0].val.clusterDim.x = 2; a[0].val.clusterDim.y = 2; a[0].val.clusterDim.z = 1;
  cfg.attrs = a; cfg.numAttrs = 1;
  for (int c = 0; c < 2; c++) {
    cudaMemset(o, 0, 4096);
    cfg.numAttrs = c;
    cudaError_t e = cudaLaunchKernelEx(&cfg, k, o);
    printf("cluster=%d: %s %s\n", c, cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
    int h[96]; cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
    for (int b = 0; b < 8; b++) { printf(" b%d:", b); for (int i = 0; i < 10; i++) printf(" %d", h[b * 12 + i]); printf("\n"); }
  }
  kc<<<4, 32>>>(o);
  printf("kc: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  int h[4]; cudaMemcpy(h, o, 16, cudaMemcpyDeviceToHost);
  printf(" %d %d %d %d\n", h[0], h[1], h[2], h[3]);
}
