// cluster.sync() (barrier.cluster.arrive + wait) when some threads of the cluster have exited
// (an exit releases the barrier for the exiting threads, PTX ISA): first whole warps of every
// block exit before the barrier, then only lane 0 of each warp stays (Cuprite faulted with a
// cluster barrier deadlock there: the returned lanes waited for lane 0 where their paths join).
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void __cluster_dims__(2, 1, 1) warps_exit(int* out) {
  __shared__ int v;
  auto cl = cg::this_cluster();
  if (threadIdx.x >= 32) return;  // warps 1 and 2 exit
  if (threadIdx.x == 0) v = blockIdx.x + 1;
  cl.sync();
  if (threadIdx.x == 0) out[blockIdx.x] = *cl.map_shared_rank(&v, cl.block_rank() ^ 1);
  cl.sync();
}
__global__ void __cluster_dims__(2, 1, 1) lanes_exit(int* out) {
  __shared__ int v;
  auto cl = cg::this_cluster();
  if (threadIdx.x % 32 != 0) return;  // only lane 0 of each warp stays
  if (threadIdx.x == 0) v = blockIdx.x + 10;
  cl.sync();
  if (threadIdx.x == 0) out[8 + blockIdx.x] = *cl.map_shared_rank(&v, cl.block_rank() ^ 1);
  cl.sync();
}
int main() {
  int* o; cudaMalloc(&o, 64); cudaMemset(o, 0, 64);
  warps_exit<<<4, 96>>>(o);
  cudaError_t e = cudaDeviceSynchronize();
  int h[16]; cudaMemcpy(h, o, 64, cudaMemcpyDeviceToHost);
  printf("warps_exit: %s %d %d %d %d\n", cudaGetErrorString(e), h[0], h[1], h[2], h[3]);
  fflush(stdout);
  lanes_exit<<<4, 96>>>(o);
  e = cudaDeviceSynchronize();
  cudaMemcpy(h, o, 64, cudaMemcpyDeviceToHost);
  printf("lanes_exit: %s %d %d %d %d\n", cudaGetErrorString(e), h[8], h[9], h[10], h[11]);
  return 0;
}
