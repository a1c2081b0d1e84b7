// Asynchronous copies: cuda::barrier + cuda::memcpy_async, cuda::pipeline double buffering, cg::memcpy_async.
#include "common.h"
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;
__global__ void with_barrier(const float* in, float* out, int n) {
  __shared__ float sm[256];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, sm, in + blockIdx.x * 256, sizeof(float) * 256, bar);
  bar.arrive_and_wait();
  out[blockIdx.x * 256 + threadIdx.x] = sm[255 - threadIdx.x] * 2.0f;
}
__global__ void with_pipeline(const float* in, float* out, int tiles) {
  __shared__ float sm[2][128];
  auto block = cg::this_thread_block();
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> st;
  auto pipe = cuda::make_pipeline(block, &st);
  float acc = 0;
  for (int t = 0, f = 0; t < tiles; t++) {
    for (; f < tiles && f < t + 2; f++) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, sm[f % 2], in + f * 128, sizeof(float) * 128, pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    acc += sm[t % 2][threadIdx.x];
    pipe.consumer_release();
  }
  out[threadIdx.x] = acc;
}
__global__ void cg_copy(const int* in, int* out) {
  __shared__ int sm[512];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, sm, in, sizeof(int) * 512);
  cg::wait(block);
  out[threadIdx.x] = sm[threadIdx.x] + sm[511 - threadIdx.x];
}
int main() {
  const int nb = 8, n = nb * 256;
  float* h = new float[n]; for (int i = 0; i < n; i++) h[i] = i * 0.5f;
  float *din, *dout; CK(cudaMalloc(&din, n*4)); CK(cudaMalloc(&dout, n*4));
  CK(cudaMemcpy(din, h, n*4, cudaMemcpyHostToDevice));
  with_barrier<<<nb, 256>>>(din, dout, n); CK(cudaDeviceSynchronize());
  float* o = new float[n]; CK(cudaMemcpy(o, dout, n*4, cudaMemcpyDeviceToHost));
  for (int b = 0; b < nb; b++) for (int t = 0; t < 256; t++) EXPECT(o[b*256+t] == h[b*256+255-t] * 2.0f);
  with_pipeline<<<1, 128>>>(din, dout, 10); CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(o, dout, 128*4, cudaMemcpyDeviceToHost));
  for (int t = 0; t < 128; t++) { float a = 0; for (int i = 0; i < 10; i++) a += h[i*128+t]; EXPECT(o[t] == a); }
  int* hi = new int[512]; for (int i = 0; i < 512; i++) hi[i] = i * 3;
  int *di, *dio; CK(cudaMalloc(&di, 2048)); CK(cudaMalloc(&dio, 2048));
  CK(cudaMemcpy(di, hi, 2048, cudaMemcpyHostToDevice));
  cg_copy<<<1, 512>>>(di, dio); CK(cudaDeviceSynchronize());
  int* ho = new int[512]; CK(cudaMemcpy(ho, dio, 2048, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 512; i++) EXPECT(ho[i] == hi[i] + hi[511-i]);
  printf("PASS\n");
}
