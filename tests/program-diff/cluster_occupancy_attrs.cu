// Kernel attributes for clusters: __launch_bounds__ with maxBlocksPerCluster, __maxnreg__,
// cudaFuncSetAttribute of RequiredClusterWidth/Height/Depth and
// ClusterSchedulingPolicyPreference and NonPortableClusterSizeAllowed (values read back with
// cudaFuncGetAttributes), cudaOccupancyMaxPotentialClusterSize and
// cudaOccupancyMaxActiveClusters (printed as error codes and whether the count is positive),
// and launches that break the launch bounds.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void __launch_bounds__(256, 1, 4) lb(int* o) {
  auto cl = cg::this_cluster();
  if (threadIdx.x == 0) o[blockIdx.x] = cl.num_blocks() * 10 + cl.block_rank();
}
__global__ void __maxnreg__(40) mr(int* o) { o[threadIdx.x] = threadIdx.x * 2; }
__global__ void plain(int* o) { o[blockIdx.x] = blockIdx.x; }
int main() {
  int* o; cudaMalloc(&o, 4096);
  cudaFuncAttributes fa;
  cudaFuncGetAttributes(&fa, lb);
  printf("lb: maxThreads %d requiredCluster %d %d %d mustBeSet %d nonportable %d pref %d\n", fa.maxThreadsPerBlock, fa.requiredClusterWidth,
         fa.requiredClusterHeight, fa.requiredClusterDepth, fa.clusterDimMustBeSet, fa.nonPortableClusterSizeAllowed, fa.clusterSchedulingPolicyPreference);
  cudaFuncGetAttributes(&fa, mr);
  printf("mr: numRegs<=40 %d\n", fa.numRegs <= 40);
  printf("set width: %s\n", cudaGetErrorName(cudaFuncSetAttribute(plain, cudaFuncAttributeRequiredClusterWidth, 2)));
  cudaGetLastError();
  printf("set pref spread: %s\n", cudaGetErrorName(cudaFuncSetAttribute(plain, cudaFuncAttributeClusterSchedulingPolicyPreference, cudaClusterSchedulingPolicySpread)));
  printf("set pref bad: %s\n", cudaGetErrorName(cudaFuncSetAttribute(plain, cudaFuncAttributeClusterSchedulingPolicyPreference, 7)));
  cudaGetLastError();
  printf("set nonportable: %s\n", cudaGetErrorName(cudaFuncSetAttribute(plain, cudaFuncAttributeNonPortableClusterSizeAllowed, 1)));
  printf("set nonportable 2: %s\n", cudaGetErrorName(cudaFuncSetAttribute(plain, cudaFuncAttributeNonPortableClusterSizeAllowed, 2)));
  cudaGetLastError();
  cudaFuncGetAttributes(&fa, plain);
  printf("plain: requiredCluster %d %d %d mustBeSet %d nonportable %d pref %d\n", fa.requiredClusterWidth, fa.requiredClusterHeight,
         fa.requiredClusterDepth, fa.clusterDimMustBeSet, fa.nonPortableClusterSizeAllowed, fa.clusterSchedulingPolicyPreference);
  cudaLaunchConfig_t cfg = {}; cfg.gridDim = dim3(8); cfg.blockDim = dim3(128);
  cudaLaunchAttribute a[1]; a[0].id = cudaLaunchAttributeClusterDimension;
  a[0].val.clusterDim.x = 4; a[0].val.clusterDim.y = 1; a[0].val.clusterDim.z = 1;
  cfg.attrs = a; cfg.numAttrs = 1;
  int n = -1;
  cudaError_t e = cudaOccupancyMaxPotentialClusterSize(&n, plain, &cfg);
  printf("max potential cluster size: %s positive %d\n", cudaGetErrorName(e), n > 0);
  n = -1;
  e = cudaOccupancyMaxActiveClusters(&n, plain, &cfg);
  printf("max active clusters (4): %s positive %d\n", cudaGetErrorName(e), n > 0);
  a[0].val.clusterDim.x = 32;
  n = -1;
  e = cudaOccupancyMaxActiveClusters(&n, plain, &cfg);
  printf("max active clusters (32): %s n %d\n", cudaGetErrorName(e), n);
  cudaGetLastError();
  cfg.numAttrs = 0;
  n = -1;
  e = cudaOccupancyMaxActiveClusters(&n, plain, &cfg);
  cudaGetLastError();
  // lb: launched with 2-block clusters (within its bound of 4), with 8 (over it), with 512 threads
  cfg.numAttrs = 1; cfg.blockDim = dim3(256);
  a[0].val.clusterDim.x = 2;
  e = cudaLaunchKernelEx(&cfg, lb, o);
  printf("lb cluster 2: %s %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
  int h[8]; cudaMemcpy(h, o, 32, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 8; i++) printf(" %d", h[i]);
  printf("\n");
  a[0].val.clusterDim.x = 8;
  e = cudaLaunchKernelEx(&cfg, lb, o);
  printf("lb cluster 8: %s %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
  cudaGetLastError();
  cfg.blockDim = dim3(512); a[0].val.clusterDim.x = 2;
  e = cudaLaunchKernelEx(&cfg, lb, o);
  printf("lb 512 threads: %s\n", cudaGetErrorName(e));
  cudaGetLastError();
  lb<<<4, 64>>>(o);
  printf("lb no cluster: %s %s\n", cudaGetErrorName(cudaGetLastError()), cudaGetErrorName(cudaDeviceSynchronize()));
  cudaMemcpy(h, o, 16, cudaMemcpyDeviceToHost);
  printf(" %d %d %d %d\n", h[0], h[1], h[2], h[3]);
  mr<<<1, 64>>>(o);
  printf("mr: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
}
