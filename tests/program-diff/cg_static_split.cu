// cooperative_groups members called statically (thread_block::thread_rank(), grid_group::
// num_blocks(), cluster_group::block_rank()), the grid's index queries, and the split grid barrier
// (barrier_arrive / barrier_wait) in a cooperative launch.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void split(int *data, int *out, int rounds) {
  cg::grid_group g = cg::this_grid();
  unsigned long long me = g.thread_rank(), n = cg::grid_group::num_threads();
  for (int r = 0; r < rounds; r++) {
    data[me] += (int)(me * (r + 1));
    auto tok = g.barrier_arrive();
    int local = (int)cg::thread_block::thread_rank() * r;  // work between arrival and wait
    g.barrier_wait(std::move(tok));
    out[me] += data[(me + 37 * (r + 1)) % n] + local;
    g.sync();
  }
  dim3 ti = cg::grid_group::thread_index(), dt = cg::grid_group::dim_threads();
  out[n + me] = (int)(ti.x + ti.y * 1000 + dt.x * 7 + cg::grid_group::block_rank() * 3 + cg::thread_block::group_index().x * 11);
}
__global__ void __cluster_dims__(2, 1, 1) clustered(int *out) {
  dim3 dc = cg::grid_group::dim_clusters(), ci = cg::grid_group::cluster_index();
  out[blockIdx.x * blockDim.x + threadIdx.x] = (int)(cg::cluster_group::block_rank() + 10 * cg::cluster_group::num_blocks() +
      100 * cg::grid_group::cluster_rank() + 1000 * cg::grid_group::num_clusters() + 10000 * dc.x + 100000 * ci.x +
      1000000 * cg::cluster_group::thread_index().x);
}
__global__ void plain(int *out) {  // no clusters: each block is a cluster of one
  out[blockIdx.x] = (int)(cg::grid_group::num_clusters() * 100 + cg::grid_group::cluster_rank() * 10 + cg::cluster_group::num_blocks());
}
int main() {
  int *data, *out; cudaMallocManaged(&data, 4096 * 4); cudaMallocManaged(&out, 8192 * 4);
  memset(data, 0, 4096 * 4); memset(out, 0, 8192 * 4);
  int rounds = 4;
  void *args[] = {&data, &out, &rounds};
  cudaError_t e = cudaLaunchCooperativeKernel((void *)split, dim3(8), dim3(64), args, 0, 0);
  cudaError_t s = cudaDeviceSynchronize();
  printf("split: %s %s\n", cudaGetErrorString(e), cudaGetErrorString(s));
  unsigned h = 2166136261u;
  for (int i = 0; i < 1024; i++) h = (h ^ out[i]) * 16777619u;
  printf(" %08x %d %d %d %d\n", h, out[0], out[511], out[512], out[1023]);
  clustered<<<6, 32>>>(out);
  printf("clustered: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int b = 0; b < 6; b++) printf(" %d %d", out[b * 32], out[b * 32 + 31]);
  printf("\n");
  plain<<<3, 32>>>(out);
  printf("plain: %s %d %d %d\n", cudaGetErrorString(cudaDeviceSynchronize()), 0, 0, 0);
  printf(" %d %d %d\n", out[0], out[1], out[2]);
  return 0;
}
