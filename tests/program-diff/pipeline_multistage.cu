// flags: -std=c++20
// cuda::pipeline with several stages as the CUDA guide writes it: a block-scoped pipeline of 2, 3
// and 4 stages (cuda::make_pipeline with pipeline_shared_state) streaming tiles of a vector into
// shared memory with cuda::memcpy_async while computing on earlier tiles; a partitioned pipeline
// with producer and consumer warps (pipeline_role); a per-thread pipeline (make_pipeline()) with
// memcpy_async of aligned_size_t chunks; cuda::barrier phases with arrive/wait tokens; checked
// against the host.
#include <cstdio>
#include <cuda/pipeline>
#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define TILE 256

template <int STAGES>
__global__ void staged(const float* in, float* out, int tiles) {
  __shared__ alignas(16) float buf[STAGES][TILE];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  const float* base = in + (size_t)blockIdx.x * tiles * TILE;
  int fetch = 0;
  for (; fetch < STAGES && fetch < tiles; ++fetch) {
    pipe.producer_acquire();
    cuda::memcpy_async(block, buf[fetch % STAGES], base + fetch * TILE, sizeof(float) * TILE, pipe);
    pipe.producer_commit();
  }
  float acc = 0;
  for (int t = 0; t < tiles; ++t) {
    pipe.consumer_wait();
    float v = buf[t % STAGES][threadIdx.x];
    float w = buf[t % STAGES][(threadIdx.x + 1) % TILE];
    acc = fmaf(v, w, acc);
    pipe.consumer_release();
    if (fetch < tiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[fetch % STAGES], base + fetch * TILE, sizeof(float) * TILE, pipe);
      pipe.producer_commit();
      ++fetch;
    }
  }
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}

// producer warp 0 copies, warps 1..3 consume
__global__ void partitioned(const int* in, int* out, int tiles) {
  constexpr int S = 2;
  __shared__ alignas(16) int buf[S][TILE];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, S> state;
  auto block = cg::this_thread_block();
  bool producer = threadIdx.x < 32;
  auto pipe = cuda::make_pipeline(block, &state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
  long long acc = 0;
  for (int t = 0; t < tiles; ++t) {
    if (producer) {
      pipe.producer_acquire();
      for (int i = threadIdx.x; i < TILE; i += 32) cuda::memcpy_async(&buf[t % S][i], &in[(size_t)blockIdx.x * tiles * TILE + t * TILE + i], sizeof(int), pipe);
      pipe.producer_commit();
    } else {
      pipe.consumer_wait();
      for (int i = threadIdx.x - 32; i < TILE; i += 96) acc += (long long)buf[t % S][i] * (t + 1);
      pipe.consumer_release();
    }
  }
  if (!producer) atomicAdd((unsigned long long*)&out[2 * blockIdx.x], (unsigned long long)acc);
}

__global__ void per_thread(const int4* in, int* out, int n4) {
  __shared__ alignas(16) int4 s[128];
  auto pipe = cuda::make_pipeline();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  pipe.producer_acquire();
  if (i < n4) cuda::memcpy_async(&s[threadIdx.x], &in[i], cuda::aligned_size_t<16>(sizeof(int4)), pipe);
  pipe.producer_commit();
  cuda::pipeline_consumer_wait_prior<0>(pipe);
  if (i < n4) { int4 v = s[threadIdx.x]; out[i] = v.x - v.y + v.z * v.w; }
  pipe.consumer_release();
}

__global__ void barrier_phases(int* out, int phases) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ int val[128];
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  int mine = threadIdx.x;
  for (int p = 0; p < phases; ++p) {
    val[threadIdx.x] = mine;
    auto tok = bar.arrive();
    bar.wait(std::move(tok));
    int nb = val[(threadIdx.x + p + 1) % blockDim.x];
    bar.arrive_and_wait();
    mine = mine * 3 + nb;
  }
  out[threadIdx.x] = mine;
}

int main() {
  const int blocks = 5, tiles = 9;
  int n = blocks * tiles * TILE;
  float* hf = new float[n]; for (int i = 0; i < n; ++i) hf[i] = (float)((i * 37) % 101) / 16.0f - 3.0f;
  float *df, *dof; CK(cudaMalloc(&df, n * 4)); CK(cudaMalloc(&dof, blocks * TILE * 4));
  CK(cudaMemcpy(df, hf, n * 4, cudaMemcpyHostToDevice));
  float ref[blocks * TILE];
  for (int b = 0; b < blocks; ++b) for (int t = 0; t < TILE; ++t) { float a = 0; for (int k = 0; k < tiles; ++k) { const float* tl = hf + (b * tiles + k) * TILE; a = fmaf(tl[t], tl[(t + 1) % TILE], a); } ref[b * TILE + t] = a; }
  float got[blocks * TILE];
  staged<2><<<blocks, TILE>>>(df, dof, tiles); CK(cudaMemcpy(got, dof, sizeof got, cudaMemcpyDeviceToHost));
  int bad = 0; for (int i = 0; i < blocks * TILE; ++i) bad += got[i] != ref[i];
  printf("2 stages: mismatches %d got[7]=%a\n", bad, got[7]);
  staged<3><<<blocks, TILE>>>(df, dof, tiles); CK(cudaMemcpy(got, dof, sizeof got, cudaMemcpyDeviceToHost));
  bad = 0; for (int i = 0; i < blocks * TILE; ++i) bad += got[i] != ref[i];
  printf("3 stages: mismatches %d\n", bad);
  staged<4><<<blocks, TILE>>>(df, dof, 3); CK(cudaMemcpy(got, dof, sizeof got, cudaMemcpyDeviceToHost));
  printf("4 stages, 3 tiles: got[0]=%a\n", got[0]);
  int* hi = new int[n]; for (int i = 0; i < n; ++i) hi[i] = (i * 7919) % 1000 - 500;
  int *di, *dio; CK(cudaMalloc(&di, n * 4)); CK(cudaMalloc(&dio, 4096 * 4)); CK(cudaMemset(dio, 0, 4096 * 4));
  CK(cudaMemcpy(di, hi, n * 4, cudaMemcpyHostToDevice));
  partitioned<<<blocks, 128>>>(di, dio, tiles);
  CK(cudaGetLastError());
  long long pr[blocks]; CK(cudaMemcpy(pr, dio, sizeof pr, cudaMemcpyDeviceToHost));
  bad = 0; for (int b = 0; b < blocks; ++b) { long long r = 0; for (int t = 0; t < tiles; ++t) for (int i = 0; i < TILE; ++i) r += (long long)hi[(b * tiles + t) * TILE + i] * (t + 1); bad += pr[b] != r; }
  printf("partitioned producer/consumer: bad %d block0 %lld\n", bad, pr[0]);
  int n4 = n / 4 - 3;
  per_thread<<<(n4 + 127) / 128, 128>>>((const int4*)di, dio, n4 < 4096 ? n4 : 4096);
  int po[4096]; CK(cudaMemcpy(po, dio, sizeof po, cudaMemcpyDeviceToHost));
  bad = 0; for (int i = 0; i < 4096 && i < n4; ++i) bad += po[i] != hi[4 * i] - hi[4 * i + 1] + hi[4 * i + 2] * hi[4 * i + 3];
  printf("per-thread pipeline: bad %d\n", bad);
  barrier_phases<<<1, 96>>>(dio, 5);
  CK(cudaMemcpy(po, dio, 96 * 4, cudaMemcpyDeviceToHost));
  int cur[96], nx[96]; for (int i = 0; i < 96; ++i) cur[i] = i;
  for (int p = 0; p < 5; ++p) { for (int i = 0; i < 96; ++i) nx[i] = cur[i] * 3 + cur[(i + p + 1) % 96]; for (int i = 0; i < 96; ++i) cur[i] = nx[i]; }
  bad = 0; for (int i = 0; i < 96; ++i) bad += po[i] != cur[i];
  printf("barrier phases: bad %d out[95]=%d\n", bad, po[95]);
  return 0;
}
