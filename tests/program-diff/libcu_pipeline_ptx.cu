// flags: -std=c++17 -arch=sm_90
// libcu++ asynchronous data movement as tiled kernels write it: cuda::memcpy_async into shared
// memory with cuda::aligned_size_t<16> completing on a block-scope cuda::barrier, a two-stage
// cuda::pipeline<cuda::thread_scope_block> (make_pipeline with shared state, producer_acquire /
// producer_commit / consumer_wait / consumer_release) double-buffering a 1-D stencil,
// cuda::pipeline<thread_scope_thread> with memcpy_async of a struct, cuda::device::barrier_native_handle,
// and cuda::ptx:: wrappers (mbarrier_init, mbarrier_arrive, mbarrier_try_wait_parity,
// fence_proxy_async, get_sreg-style queries) next to the raw values they return.
#include <cstdio>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/ptx>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int TILE = 256;

__global__ void barrierCopy(const float4* in, float* out, int tiles) {
  __shared__ alignas(16) float4 buf[TILE / 4];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  float acc = 0;
  for (int t = 0; t < tiles; t++) {
    cuda::memcpy_async(block, buf, in + t * (TILE / 4), cuda::aligned_size_t<16>(sizeof(buf)), bar);
    bar.arrive_and_wait();
    const float* f = reinterpret_cast<const float*>(buf);
    acc += f[threadIdx.x] * (t + 1) + f[(threadIdx.x + 1) % TILE];
    bar.arrive_and_wait();
  }
  out[blockIdx.x * TILE + threadIdx.x] = acc;
  if (threadIdx.x == 0) {
    uint64_t* h = cuda::device::barrier_native_handle(bar);
    out[gridDim.x * TILE + blockIdx.x] = (h != nullptr) ? 1.0f : 0.0f;
  }
}

__global__ void pipelineStencil(const int* in, int* out, int tiles) {
  constexpr int STAGES = 2;
  __shared__ int buf[STAGES][TILE + 2];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  for (int s = 0; s < STAGES && s < tiles; s++) {
    pipe.producer_acquire();
    cuda::memcpy_async(block, buf[s], in + s * TILE, sizeof(int) * (TILE + 2), pipe);
    pipe.producer_commit();
  }
  for (int t = 0; t < tiles; t++) {
    int s = t % STAGES;
    pipe.consumer_wait();
    int x = threadIdx.x + 1;
    out[t * TILE + threadIdx.x] = buf[s][x - 1] + 2 * buf[s][x] + buf[s][x + 1];
    pipe.consumer_release();
    if (t + STAGES < tiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[s], in + (t + STAGES) * TILE, sizeof(int) * (TILE + 2), pipe);
      pipe.producer_commit();
    }
  }
}

struct Rec { double d; int i[3]; short s; };

__global__ void threadPipe(const Rec* in, double* out) {
  __shared__ Rec local[64];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&local[threadIdx.x], &in[63 - threadIdx.x], sizeof(Rec), pipe);
  pipe.producer_commit();
  cuda::pipeline_consumer_wait_prior<0>(pipe);
  Rec r = local[threadIdx.x];
  out[threadIdx.x] = r.d + r.i[0] + r.i[1] * 10 + r.i[2] * 100 + r.s * 1000;
  pipe.consumer_release();
}

__global__ void ptxWrappers(unsigned* out) {
  __shared__ uint64_t mbar;
  if (threadIdx.x == 0) cuda::ptx::mbarrier_init(&mbar, blockDim.x);
  __syncthreads();
  uint64_t token = cuda::ptx::mbarrier_arrive(&mbar);
  (void)token;
  while (!cuda::ptx::mbarrier_try_wait_parity(&mbar, 0)) {}
  // second phase: everyone arrives again, parity 1
  cuda::ptx::mbarrier_arrive(&mbar);
  while (!cuda::ptx::mbarrier_try_wait_parity(&mbar, 1)) {}
  cuda::ptx::fence_proxy_async(cuda::ptx::space_shared);
  if (threadIdx.x == 0) {
    out[0] = cuda::ptx::get_sreg_ntid_x();
    out[1] = cuda::ptx::get_sreg_nctaid_x();
    out[2] = cuda::ptx::get_sreg_laneid();
    out[3] = cuda::ptx::get_sreg_warpid() < 32;
    out[4] = cuda::ptx::get_sreg_ctaid_x();
  }
  if (threadIdx.x == 37) out[5] = cuda::ptx::get_sreg_laneid();
}

int main() {
  const int tiles = 5, blocks = 2;
  float hin[TILE * tiles];
  for (int i = 0; i < TILE * tiles; i++) hin[i] = (float)((i * 37) % 19) * 0.5f;
  float4* din; float* dout;
  cudaMalloc(&din, sizeof hin); cudaMalloc(&dout, (blocks * TILE + blocks) * 4);
  cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
  barrierCopy<<<blocks, TILE>>>(din, dout, tiles);
  float hout[blocks * TILE + blocks];
  cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int x = 0; x < TILE; x++) {
    float acc = 0;
    for (int t = 0; t < tiles; t++) acc += hin[t * TILE + x] * (t + 1) + hin[t * TILE + (x + 1) % TILE];
    if (acc != hout[x] || acc != hout[TILE + x]) bad++;
  }
  printf("barrier memcpy_async: out[0]=%g out[255]=%g bad=%d handle=%g,%g\n", hout[0], hout[255], bad, hout[2 * TILE], hout[2 * TILE + 1]);

  const int pt = 7;
  int hi[TILE * pt + 2];
  for (int i = 0; i < TILE * pt + 2; i++) hi[i] = (i * 13) % 29;
  int *dpi, *dpo; cudaMalloc(&dpi, sizeof hi); cudaMalloc(&dpo, TILE * pt * 4);
  cudaMemcpy(dpi, hi, sizeof hi, cudaMemcpyHostToDevice);
  pipelineStencil<<<1, TILE>>>(dpi, dpo, pt);
  int ho[TILE * pt];
  cudaMemcpy(ho, dpo, sizeof ho, cudaMemcpyDeviceToHost);
  bad = 0;
  for (int i = 0; i < TILE * pt; i++) if (ho[i] != hi[i] + 2 * hi[i + 1] + hi[i + 2]) bad++;
  printf("pipeline stencil: %d %d %d bad=%d\n", ho[0], ho[TILE], ho[TILE * pt - 1], bad);

  Rec hr[64];
  for (int i = 0; i < 64; i++) hr[i] = Rec{i * 0.5, {i, i % 3, i % 5}, (short)(i % 7)};
  Rec* dr; double* dd; cudaMalloc(&dr, sizeof hr); cudaMalloc(&dd, 64 * 8);
  cudaMemcpy(dr, hr, sizeof hr, cudaMemcpyHostToDevice);
  threadPipe<<<1, 64>>>(dr, dd);
  double hd[64]; cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost);
  printf("thread pipeline: %g %g %g\n", hd[0], hd[1], hd[63]);

  unsigned* du; cudaMalloc(&du, 24); cudaMemset(du, 0xff, 24);
  ptxWrappers<<<3, 96>>>(du);
  unsigned hu[6]; cudaMemcpy(hu, du, 24, cudaMemcpyDeviceToHost);
  printf("cuda::ptx: ntid=%u nctaid=%u lane0=%u warpid_ok=%u ctaid_last_writer_valid=%u lane37=%u\n", hu[0], hu[1], hu[2], hu[3], hu[4] < 3, hu[5]);
  printf("err=%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
