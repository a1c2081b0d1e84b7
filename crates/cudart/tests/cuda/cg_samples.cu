// CUDA samples warpAggregatedAtomicsCG (coalesced_threads), binaryPartitionCG (binary_partition + reduce) and simpleAWBarrier (cuda::barrier arrive/wait tokens with grid sync in a cooperative launch).
#include "common.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda/barrier>
namespace cg = cooperative_groups;
__device__ int atomicAggInc(int* ctr) {
  auto g = cg::coalesced_threads();
  int warp_res;
  if (g.thread_rank() == 0) warp_res = atomicAdd(ctr, g.size());
  return g.shfl(warp_res, 0) + g.thread_rank();
}
__global__ void filter_k(int* dst, int* nres, const int* src, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n && src[i] > 0) dst[atomicAggInc(nres)] = src[i];
}
__global__ void oddEvenCount(const int* in, int* oddCount, int* evenCount, unsigned long long* oddSum, unsigned long long* evenSum, int n) {
  auto tb = cg::this_thread_block();
  auto tile32 = cg::tiled_partition<32>(tb);
  for (int i = tb.group_index().x * tb.size() + tb.thread_rank(); i < n; i += tb.size() * gridDim.x) {
    int elem = in[i];
    auto subTile = cg::binary_partition(tile32, elem & 1);
    if (elem & 1) {
      int oddGroupSum = cg::reduce(subTile, elem, cg::plus<int>());
      if (subTile.thread_rank() == 0) { atomicAdd(oddCount, subTile.num_threads()); atomicAdd(oddSum, (unsigned long long)(long long)oddGroupSum); }
    } else {
      int evenGroupSum = cg::reduce(subTile, elem, cg::plus<int>());
      if (subTile.thread_rank() == 0) { atomicAdd(evenCount, subTile.num_threads()); atomicAdd(evenSum, (unsigned long long)(long long)evenGroupSum); }
    }
    cg::sync(tile32);
  }
}
__device__ void reduceBlockData(cuda::barrier<cuda::thread_scope_block>& barrier, cg::thread_block_tile<32>& tile32, double& threadSum, double* result) {
  extern __shared__ double tmp[];
  for (int offset = tile32.size() / 2; offset > 0; offset /= 2) threadSum += tile32.shfl_down(threadSum, offset);
  if (tile32.thread_rank() == 0) tmp[tile32.meta_group_rank()] = threadSum;
  auto token = barrier.arrive();
  barrier.wait(std::move(token));
  if (tile32.meta_group_rank() == 0) {
    double beta = tile32.thread_rank() < tile32.meta_group_size() ? tmp[tile32.thread_rank()] : 0.0;
    for (int offset = tile32.size() / 2; offset > 0; offset /= 2) beta += tile32.shfl_down(beta, offset);
    if (tile32.thread_rank() == 0) *result = beta;
  }
}
__global__ void normVecByDotProductAWBarrier(float* vecA, float* vecB, double* partialResults, int size) {
  cg::thread_block cta = cg::this_thread_block();
  cg::grid_group grid = cg::this_grid();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  __shared__ cuda::barrier<cuda::thread_scope_block> barrier;
  if (threadIdx.x == 0) init(&barrier, blockDim.x);
  cg::sync(cta);
  double threadSum = 0.0;
  for (int i = grid.thread_rank(); i < size; i += grid.size()) threadSum += (double)(vecA[i] * vecB[i]);
  reduceBlockData(barrier, tile32, threadSum, &partialResults[blockIdx.x]);
  cg::sync(grid);
  if (blockIdx.x == 0) {
    threadSum = 0.0;
    for (int i = cta.thread_rank(); i < gridDim.x; i += cta.size()) threadSum += partialResults[i];
    reduceBlockData(barrier, tile32, threadSum, &partialResults[0]);
  }
  cg::sync(grid);
  float finalValue = sqrt(partialResults[0]);
  for (int i = grid.thread_rank(); i < size; i += grid.size()) vecA[i] = vecA[i] / finalValue;
}
int main() {
  const int n = 10240;  // a multiple of the 8 x 128 grid: every warp stays whole in oddEvenCount
  int* h = new int[n]; for (int i = 0; i < n; i++) h[i] = (i * 7919) % 201 - 100;
  int *src, *dst, *nres; CK(cudaMalloc(&src, n * 4)); CK(cudaMalloc(&dst, n * 4)); CK(cudaMallocManaged(&nres, 4)); *nres = 0;
  CK(cudaMemcpy(src, h, n * 4, cudaMemcpyHostToDevice));
  filter_k<<<(n + 127) / 128, 128>>>(dst, nres, src, n); CK(cudaDeviceSynchronize());
  int pos = 0; long long psum = 0; for (int i = 0; i < n; i++) if (h[i] > 0) { pos++; psum += h[i]; }
  EXPECT(*nres == pos);
  int* hd = new int[n]; CK(cudaMemcpy(hd, dst, n * 4, cudaMemcpyDeviceToHost)); long long s2 = 0; for (int i = 0; i < pos; i++) s2 += hd[i]; EXPECT(s2 == psum);
  int *oc, *ec; unsigned long long *os, *es; CK(cudaMallocManaged(&oc, 4)); CK(cudaMallocManaged(&ec, 4)); CK(cudaMallocManaged(&os, 8)); CK(cudaMallocManaged(&es, 8));
  *oc = *ec = 0; *os = *es = 0;
  oddEvenCount<<<8, 128>>>(src, oc, ec, os, es, n); CK(cudaDeviceSynchronize());
  int wo = 0; long long wos = 0, wes = 0; for (int i = 0; i < n; i++) { if (h[i] & 1) { wo++; wos += h[i]; } else wes += h[i]; }
  EXPECT(*oc == wo && *ec == n - wo && (long long)*os == wos && (long long)*es == wes);
  const int m = 5000; float *a, *b; double* part; CK(cudaMallocManaged(&a, m * 4)); CK(cudaMallocManaged(&b, m * 4)); CK(cudaMallocManaged(&part, 64 * 8));
  for (int i = 0; i < m; i++) { a[i] = 1.0f; b[i] = 1.0f; }
  int blocks = 0; CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, normVecByDotProductAWBarrier, 256, 8 * sizeof(double)));
  int sms = 0; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  int grid = std::min(blocks * sms, 16);
  void* args[] = {&a, &b, &part, (void*)&m}; int mm = m; args[3] = &mm;
  CK(cudaLaunchCooperativeKernel((void*)normVecByDotProductAWBarrier, grid, 256, args, 8 * sizeof(double), 0));
  CK(cudaDeviceSynchronize());
  float want = 1.0f / sqrtf((float)m);
  for (int i = 0; i < m; i += 97) EXPECT(fabsf(a[i] - want) < 1e-6f);
  printf("PASS\n");
}
