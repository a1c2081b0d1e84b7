// Asynchronous data copies (the guide's memcpy_async / cuda::pipeline sections): cooperative_groups
// memcpy_async + wait; cuda::memcpy_async completing on a cuda::barrier; the guide's multi-stage
// cuda::pipeline (producer_acquire / memcpy_async / producer_commit / consumer_wait /
// consumer_release) over batches; and the pipeline primitives __pipeline_memcpy_async /
// __pipeline_commit / __pipeline_wait_prior.
// nvcc-flags: -std=c++17
#include "guide.h"
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;
__device__ int compute(int x) { return x * 3 + 1; }
__global__ void cg_copy(const int* global_in, int* out, int batches) {
  extern __shared__ int shared[];
  auto block = cg::this_thread_block();
  for (int b = 0; b < batches; b++) {
    cg::memcpy_async(block, shared, global_in + b * block.size(), sizeof(int) * block.size());
    cg::wait(block);
    out[b * block.size() + block.thread_rank()] = compute(shared[(block.thread_rank() + 1) % block.size()]);
    block.sync();
  }
}
__global__ void barrier_copy(const int* global_in, int* out, int batches) {
  extern __shared__ int shared[];
  auto block = cg::this_thread_block();
  using barrier_t = cuda::barrier<cuda::thread_scope_block>;
  alignas(barrier_t) __shared__ unsigned char storage[sizeof(barrier_t)];
  barrier_t& barrier = *reinterpret_cast<barrier_t*>(storage);
  if (block.thread_rank() == 0) init(&barrier, block.size());
  block.sync();
  for (int b = 0; b < batches; b++) {
    cuda::memcpy_async(block, shared, global_in + b * block.size(), sizeof(int) * block.size(), barrier);
    barrier.arrive_and_wait();
    out[b * block.size() + block.thread_rank()] = compute(shared[block.size() - 1 - block.thread_rank()]);
    barrier.arrive_and_wait();
  }
}
template <size_t stages_count = 2>
__global__ void pipeline_copy(const int* global_in, int* out, int batch_sz, int batches) {
  auto grid = cg::this_grid();
  auto block = cg::this_thread_block();
  extern __shared__ int shared[];  // stages_count * block.size() ints
  size_t shared_offset[stages_count];
  for (int s = 0; s < (int)stages_count; ++s) shared_offset[s] = s * block.size();
  using state_t = cuda::pipeline_shared_state<cuda::thread_scope_block, stages_count>;
  alignas(state_t) __shared__ unsigned char state_storage[sizeof(state_t)];
  auto& shared_state = *reinterpret_cast<state_t*>(state_storage);
  if (block.thread_rank() == 0) new (&shared_state) state_t();
  block.sync();
  auto pipeline = cuda::make_pipeline(block, &shared_state);
  auto block_batch = [&](size_t batch) -> int { return block.group_index().x * block.size() + grid.size() * batch; };
  for (size_t compute_batch = 0, fetch_batch = 0; compute_batch < (size_t)batches; ++compute_batch) {
    for (; fetch_batch < (size_t)batches && fetch_batch < (compute_batch + stages_count); ++fetch_batch) {
      pipeline.producer_acquire();
      size_t shared_idx = fetch_batch % stages_count;
      size_t batch_idx = fetch_batch;
      size_t block_batch_idx = block_batch(batch_idx);
      cuda::memcpy_async(block, shared + shared_offset[shared_idx], global_in + block_batch_idx, sizeof(int) * batch_sz, pipeline);
      pipeline.producer_commit();
    }
    pipeline.consumer_wait();
    int shared_idx = compute_batch % stages_count;
    int batch_idx = compute_batch;
    out[block_batch(batch_idx) + block.thread_rank()] = compute(shared[shared_offset[shared_idx] + block.thread_rank()]);
    pipeline.consumer_release();
  }
}
__global__ void primitives(const float4* in, float4* out, int n) {
  __shared__ float4 buf[2][64];
  int t = threadIdx.x;
  __pipeline_memcpy_async(&buf[0][t], &in[t], sizeof(float4));
  __pipeline_commit();
  __pipeline_memcpy_async(&buf[1][t], &in[64 + t], sizeof(float4));
  __pipeline_commit();
  __pipeline_wait_prior(1);  // the first batch is complete
  __syncthreads();
  float4 a = buf[0][63 - t];
  __pipeline_wait_prior(0);
  __syncthreads();
  float4 b = buf[1][t];
  out[t] = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}
int main() {
  const int T = 128, batches = 5, blocks = 2;
  const int n = T * batches * blocks;
  int* h = new int[n];
  for (int i = 0; i < n; i++) h[i] = i * 7 - 300;
  int *in, *out;
  CK(cudaMalloc(&in, n * 4)); CK(cudaMalloc(&out, n * 4));
  CK(cudaMemcpy(in, h, n * 4, cudaMemcpyHostToDevice));
  int* r = new int[n];
  cg_copy<<<1, T, T * 4>>>(in, out, batches);
  CK(cudaMemcpy(r, out, T * batches * 4, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int b = 0; b < batches; b++) for (int t = 0; t < T; t++) ok &= r[b * T + t] == h[b * T + (t + 1) % T] * 3 + 1;
  check(ok, "cooperative_groups::memcpy_async + wait");
  barrier_copy<<<1, T, T * 4>>>(in, out, batches);
  CK(cudaMemcpy(r, out, T * batches * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int b = 0; b < batches; b++) for (int t = 0; t < T; t++) ok &= r[b * T + t] == h[b * T + T - 1 - t] * 3 + 1;
  check(ok, "cuda::memcpy_async completing on a cuda::barrier");
  CK(cudaMemset(out, 0, n * 4));
  pipeline_copy<2><<<blocks, T, 2 * T * 4>>>(in, out, T, batches);
  CK(cudaGetLastError());
  CK(cudaMemcpy(r, out, n * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n; i++) ok &= r[i] == h[i] * 3 + 1;
  check(ok, "two-stage cuda::pipeline over batches (the guide's example)");
  pipeline_copy<3><<<blocks, T, 3 * T * 4>>>(in, out, T, batches);
  CK(cudaMemcpy(r, out, n * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n; i++) ok &= r[i] == h[i] * 3 + 1;
  check(ok, "three-stage cuda::pipeline");
  float4 hf[128];
  for (int i = 0; i < 128; i++) hf[i] = make_float4(i, 2 * i, -i, 0.5f * i);
  float4 *fin, *fout;
  CK(cudaMalloc(&fin, sizeof(hf))); CK(cudaMalloc(&fout, 64 * sizeof(float4)));
  CK(cudaMemcpy(fin, hf, sizeof(hf), cudaMemcpyHostToDevice));
  primitives<<<1, 64>>>(fin, fout, 64);
  float4 ho[64];
  CK(cudaMemcpy(ho, fout, sizeof(ho), cudaMemcpyDeviceToHost));
  ok = true;
  for (int t = 0; t < 64; t++) {
    float4 a = hf[63 - t], b = hf[64 + t];
    ok &= ho[t].x == a.x + b.x && ho[t].y == a.y + b.y && ho[t].z == a.z + b.z && ho[t].w == a.w + b.w;
  }
  check(ok, "__pipeline_memcpy_async / __pipeline_commit / __pipeline_wait_prior");
  return finish();
}
