// Cluster barriers by hand: barrier.cluster.arrive.release / wait.acquire (cluster.barrier_arrive
// and barrier_wait), work between arrive and wait, and an mbarrier in rank 0's shared memory that
// every block of a cluster of 4 arrives on remotely (mapa + mbarrier.arrive.shared::cluster).
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ __forceinline__ unsigned map_rank(const void* p, unsigned rank) {
  unsigned a = (unsigned)__cvta_generic_to_shared(p), r;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(rank));
  return r;
}
__global__ void __cluster_dims__(4, 1, 1) k(int* out) {
  __shared__ alignas(8) unsigned long long bar;
  __shared__ int v[4];
  cg::cluster_group cl = cg::this_cluster();
  unsigned r = cl.block_rank();
  if (threadIdx.x == 0) {
    unsigned a = (unsigned)__cvta_generic_to_shared(&bar);
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(a), "r"(4 * 32));
    asm volatile("fence.mbarrier_init.release.cluster;");
  }
  cl.sync();
  // each block writes its rank into rank 0's v[] then arrives remotely on rank 0's barrier
  if (threadIdx.x < 32) {
    if (threadIdx.x == 0) *cl.map_shared_rank(&v[r], 0) = (int)(r + 1) * 11;
    unsigned rb = map_rank(&bar, 0);
    asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" ::"r"(rb) : "memory");
  }
  if (r == 0 && threadIdx.x == 0) {
    unsigned a = (unsigned)__cvta_generic_to_shared(&bar), done = 0;
    while (!done) asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }" : "=r"(done) : "r"(a) : "memory");
    out[blockIdx.x / 4] = v[0] + v[1] * 100 + v[2] * 10000 + v[3] * 1000000;
  }
  // split arrive/wait with independent work in between
  cl.barrier_arrive();
  int x = 0; for (int i = 0; i < 100; i++) x += (i ^ threadIdx.x) & 7;
  cl.barrier_wait();
  if (threadIdx.x == 5) out[16 + blockIdx.x] = x + (int)r;
}
int main() {
  int* o; cudaMalloc(&o, 64 * 4); cudaMemset(o, 0, 256);
  k<<<16, 64>>>(o);
  cudaError_t e = cudaDeviceSynchronize();
  int h[64]; cudaMemcpy(h, o, 256, cudaMemcpyDeviceToHost);
  printf("%s\n", cudaGetErrorString(e));
  for (int i = 0; i < 4; i++) printf("cluster %d: %d\n", i, h[i]);
  for (int i = 0; i < 16; i++) printf("%d ", h[16 + i]);
  printf("\n");
  return 0;
}
