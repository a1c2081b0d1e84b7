// Thread block clusters: cudaLaunchKernelEx with cudaLaunchAttributeClusterDimension (1-D and
// 2-D clusters), __cluster_dims__ kernels launched with <<<>>>, cluster.block_rank/dim_blocks/
// num_blocks/block_index, map_shared_rank reads and atomics into a neighbour's shared memory,
// cluster.sync; error codes for a grid not divisible by the cluster, a cluster over 8 blocks
// without the non-portable attribute, a cluster dimension given to a __cluster_dims__ kernel.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void ring(int* out) {
  __shared__ int s[64];
  __shared__ int hits;
  auto cl = cg::this_cluster();
  unsigned r = cl.block_rank(), n = cl.num_blocks();
  s[threadIdx.x] = (int)(blockIdx.x * 1000 + blockIdx.y * 100 + threadIdx.x);
  if (threadIdx.x == 0) hits = 0;
  cl.sync();
  int* peer = cl.map_shared_rank(s, (r + 1) % n);
  int* ph = cl.map_shared_rank(&hits, (r + n - 1) % n);
  atomicAdd(ph, (int)threadIdx.x + 1);
  int v = peer[63 - threadIdx.x];
  cl.sync();
  int g = blockIdx.y * gridDim.x + blockIdx.x;
  out[g * 64 + threadIdx.x] = v;
  if (threadIdx.x == 0) {
    dim3 bi = cl.block_index(), db = cl.dim_blocks();
    out[4096 + g] = hits + 100000 * (int)r + 1000000 * (int)n + 10000000 * (int)(bi.x + 3 * bi.y) ;
    out[4200 + g] = db.x * 10 + db.y;
  }
}
__global__ void __cluster_dims__(2, 2, 1) fixed(int* out) {
  auto cl = cg::this_cluster();
  __shared__ int s;
  if (threadIdx.x == 0) s = blockIdx.x + 10 * blockIdx.y;
  cl.sync();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (unsigned b = 0; b < cl.num_blocks(); b++) sum += *cl.map_shared_rank(&s, b);
    out[blockIdx.y * gridDim.x + blockIdx.x] = sum * 100 + (int)cl.block_rank();
  }
  cl.sync();
}
static cudaError_t launch(dim3 grid, dim3 cluster, int* out, bool nonportable = false) {
  if (nonportable) cudaFuncSetAttribute(ring, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = grid; cfg.blockDim = dim3(64); cfg.dynamicSmemBytes = 0; cfg.stream = 0;
  cudaLaunchAttribute a[1];
  a[0].id = cudaLaunchAttributeClusterDimension;
  a[0].val.clusterDim.x = cluster.x; a[0].val.clusterDim.y = cluster.y; a[0].val.clusterDim.z = cluster.z;
  cfg.attrs = a; cfg.numAttrs = 1;
  cudaError_t e = cudaLaunchKernelEx(&cfg, ring, out);
  cudaError_t s = cudaDeviceSynchronize();
  return e != cudaSuccess ? e : s;
}
int main() {
  int* out; cudaMalloc(&out, 8192 * 4);
  static int h[8192];
  struct { dim3 g, c; } cases[] = {{dim3(8), dim3(2)}, {dim3(8), dim3(4)}, {dim3(8), dim3(8)}, {dim3(4, 4), dim3(2, 2)}, {dim3(6, 2), dim3(3, 2)}};
  for (auto& c : cases) {
    cudaMemset(out, 0xff, 8192 * 4);
    cudaError_t e = launch(c.g, c.c, out);
    printf("grid %ux%u cluster %ux%u: %s\n", c.g.x, c.g.y, c.c.x, c.c.y, cudaGetErrorName(e));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    int nb = c.g.x * c.g.y;
    for (int b = 0; b < nb; b++) printf("  b%d: v0=%d v63=%d info=%d dim=%d\n", b, h[b * 64], h[b * 64 + 63], h[4096 + b], h[4200 + b]);
  }
  printf("not divisible: %s\n", cudaGetErrorName(launch(dim3(6), dim3(4), out)));
  cudaGetLastError();
  printf("16 portable: %s\n", cudaGetErrorName(launch(dim3(16), dim3(16), out)));
  cudaGetLastError();
  printf("16 nonportable: %s\n", cudaGetErrorName(launch(dim3(16), dim3(16), out, true)));
  cudaGetLastError();
  printf("zero cluster dim: %s\n", cudaGetErrorName(launch(dim3(4), dim3(0), out)));
  cudaGetLastError();
  fixed<<<dim3(4, 2), 32>>>(out);
  printf("fixed: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  cudaMemcpy(h, out, 32, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 8; i++) printf(" %d", h[i]);
  printf("\n");
  fixed<<<dim3(3, 2), 32>>>(out);
  printf("fixed 3x2: %s / %s\n", cudaGetErrorName(cudaGetLastError()), cudaGetErrorName(cudaDeviceSynchronize()));
  cudaFuncAttributes fa;
  cudaFuncGetAttributes(&fa, fixed);
  printf("fixed attrs: clusterDimMustBeSet=%d required %d %d %d nonportable=%d\n", fa.clusterDimMustBeSet, fa.requiredClusterWidth, fa.requiredClusterHeight, fa.requiredClusterDepth, fa.nonPortableClusterSizeAllowed);
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(4, 2); cfg.blockDim = dim3(32);
  cudaLaunchAttribute a[1];
  a[0].id = cudaLaunchAttributeClusterDimension;
  a[0].val.clusterDim.x = 4; a[0].val.clusterDim.y = 1; a[0].val.clusterDim.z = 1;
  cfg.attrs = a; cfg.numAttrs = 1;
  cudaError_t e = cudaLaunchKernelEx(&cfg, fixed, out);
  printf("fixed with other cluster attr: %s / %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
  cudaGetLastError();
  a[0].val.clusterDim.x = 2; a[0].val.clusterDim.y = 2;
  e = cudaLaunchKernelEx(&cfg, fixed, out);
  printf("fixed with same cluster attr: %s / %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
}
