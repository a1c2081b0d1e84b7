// cuda::memcpy_async with a block-scoped cuda::pipeline of 1..4 stages (a sum over tiles), a
// partitioned producer/consumer pipeline, and the __pipeline_* primitives with zero fill.
#include <cstdio>
#include <cuda/pipeline>
#include <cuda_pipeline.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
template <int STAGES>
__global__ void staged(const float *in, float *out, int tiles) {
  constexpr int T = 128;
  __shared__ float buf[STAGES][T];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> st;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &st);
  float acc = 0;
  int fetch = 0;
  for (int t = 0; t < tiles; t++) {
    for (; fetch < tiles && fetch < t + STAGES; fetch++) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[fetch % STAGES], in + (blockIdx.x * tiles + fetch) * T, sizeof(float) * T, pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    acc += buf[t % STAGES][threadIdx.x] * (t + 1) + buf[t % STAGES][(threadIdx.x + 1) % T];
    pipe.consumer_release();
  }
  out[blockIdx.x * T + threadIdx.x] = acc;
}
__global__ void partitioned(const int *in, int *out, int n) {
  __shared__ int buf[2][64];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> st;
  auto block = cg::this_thread_block();
  bool producer = threadIdx.x >= 64;
  auto pipe = cuda::make_pipeline(block, &st, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
  int acc = 0;
  for (int t = 0; t < n; t++) {
    if (producer) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buf[t % 2][threadIdx.x - 64], &in[t * 64 + threadIdx.x - 64], sizeof(int), pipe);
      pipe.producer_commit();
    } else {
      pipe.consumer_wait();
      acc = acc * 3 + buf[t % 2][threadIdx.x] + buf[t % 2][63 - threadIdx.x];
      pipe.consumer_release();
    }
  }
  if (!producer) out[threadIdx.x] = acc;
}
__global__ void prims(const int4 *in, int *out) {
  __shared__ int4 s[4][32];
  __shared__ int tail[32];
  int l = threadIdx.x;
  for (int b = 0; b < 4; b++) {
    __pipeline_memcpy_async(&s[b][l], &in[b * 32 + l], sizeof(int4), (l + b) % 5 == 0 ? 8 : 0);  // some zero-filled halves
    __pipeline_commit();
  }
  __pipeline_memcpy_async(&tail[l], (const int *)&in[l] + 1, 4, l % 3 == 0 ? 4 : 0);
  __pipeline_commit();
  __pipeline_wait_prior(3);
  int r0 = s[0][l].x + s[0][l].w;
  __pipeline_wait_prior(0);
  __syncthreads();
  int4 v = s[3][(l + 5) % 32];
  out[l] = r0 * 7 + v.x + v.y * 3 + v.z * 5 + v.w * 11 + s[2][l].z + s[1][l].w + tail[l] * 13;
}
int main() {
  float *in, *out; cudaMallocManaged(&in, 4 * 12 * 128 * 4); cudaMallocManaged(&out, 4 * 128 * 4);
  for (int i = 0; i < 4 * 12 * 128; i++) in[i] = (i % 97) * 0.25f - (i % 13) * 0.0625f;
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  for (int s = 1; s <= 4; s++) {
    if (s == 1) staged<1><<<4, 128>>>(in, out, 12);
    if (s == 2) staged<2><<<4, 128>>>(in, out, 12);
    if (s == 3) staged<3><<<4, 128>>>(in, out, 12);
    if (s == 4) staged<4><<<4, 128>>>(in, out, 12);
    cudaError_t e = cudaDeviceSynchronize();
    unsigned h = 2166136261u;
    for (int i = 0; i < 512; i++) { unsigned u; memcpy(&u, &out[i], 4); h = (h ^ u) * 16777619u; }
    printf("stages %d: %s %08x %a %a\n", s, cudaGetErrorString(e), h, out[0], out[511]);
  }
  int *ii, *io; cudaMallocManaged(&ii, 10 * 64 * 4); cudaMallocManaged(&io, 128 * 4);
  for (int i = 0; i < 640; i++) ii[i] = i * 7 % 101;
  partitioned<<<1, 128>>>(ii, io, 10);
  printf("partitioned: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int i = 0; i < 64; i += 8) printf(" %d %d %d %d %d %d %d %d\n", io[i], io[i + 1], io[i + 2], io[i + 3], io[i + 4], io[i + 5], io[i + 6], io[i + 7]);
  int4 *pi; cudaMallocManaged(&pi, 128 * 16);
  for (int i = 0; i < 128; i++) pi[i] = make_int4(i, i * 2 + 1, -i, i * i);
  prims<<<1, 32>>>(pi, io);
  printf("prims: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int i = 0; i < 32; i++) printf(" %d", io[i]);
  printf("\n");
  return 0;
}
