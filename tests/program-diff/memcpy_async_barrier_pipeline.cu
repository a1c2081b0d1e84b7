// cuda::memcpy_async into shared memory completed by a cuda::barrier (block scope), with
// cuda::aligned_size_t, a two-stage cuda::pipeline over tiles, and arrive_and_drop.
#include <cstdio>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void tiles_barrier(const float4 *in, float *out, int ntiles) {
  __shared__ alignas(16) float4 tile[128];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  float acc = 0;
  for (int t = 0; t < ntiles; t++) {
    cuda::memcpy_async(block, tile, in + t * 128, cuda::aligned_size_t<16>(sizeof(float4) * 128), bar);
    bar.arrive_and_wait();
    float4 v = tile[(threadIdx.x * 7 + t) % 128];
    acc += v.x - v.y + v.z * v.w;
    bar.arrive_and_wait();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
__global__ void pipelined(const int *in, int *out, int n) {
  constexpr int STAGES = 2, TILE = 64;
  __shared__ int buf[STAGES][TILE];
  auto block = cg::this_thread_block();
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
  auto pipe = cuda::make_pipeline(block, &state);
  int ntiles = n / TILE, sum = 0;
  for (int fetch = 0, use = 0; use < ntiles; ) {
    for (; fetch < ntiles && fetch < use + STAGES; fetch++) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[fetch % STAGES], in + fetch * TILE, sizeof(int) * TILE, pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    sum += buf[use % STAGES][(threadIdx.x + use) % TILE] * (use + 1);
    pipe.consumer_release();
    use++;
  }
  out[threadIdx.x] = sum;
}
__global__ void dropping(int *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  int phases = 0;
  for (int i = 0; i < 4; i++) {
    if ((int)threadIdx.x < i * 8) { bar.arrive_and_drop(); break; }
    bar.arrive_and_wait();
    phases++;
  }
  out[threadIdx.x] = phases;
}
int main() {
  float4 *in; float *out; int *ii, *io, *d;
  int ntiles = 6;
  cudaMallocManaged(&in, ntiles * 128 * sizeof(float4)); cudaMallocManaged(&out, 2 * 128 * 4);
  for (int i = 0; i < ntiles * 128; i++) in[i] = make_float4(i * 0.5f, i % 7, (i % 13) * 0.25f, 2.0f);
  tiles_barrier<<<2, 128>>>(in, out, ntiles);
  cudaMallocManaged(&ii, 1024 * 4); cudaMallocManaged(&io, 64 * 4); cudaMallocManaged(&d, 32 * 4);
  for (int i = 0; i < 1024; i++) ii[i] = i * 3 - 500;
  pipelined<<<1, 64>>>(ii, io, 1024);
  dropping<<<1, 32>>>(d);
  cudaError_t e = cudaDeviceSynchronize();
  double s = 0; for (int i = 0; i < 256; i++) s += out[i];
  long si = 0; for (int i = 0; i < 64; i++) si += io[i];
  printf("barrier sum %.3f out[5] %.3f pipeline sum %ld io[3] %d drop:", s, out[5], si, io[3]);
  for (int i = 0; i < 32; i += 4) printf(" %d", d[i]);
  printf(" (%s)\n", cudaGetErrorName(e));
}
