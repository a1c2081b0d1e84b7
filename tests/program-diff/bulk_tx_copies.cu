// flags: -std=c++17
// Bulk asynchronous copies (sm_90): cuda::memcpy_async into shared memory with a
// cuda::barrier and cuda::aligned_size_t<16> (the bulk path), cuda::device::memcpy_async_tx +
// barrier_arrive_tx expecting the bytes, the barrier's phases over three rounds, and
// cp.async.bulk.global.shared (shared -> global) with a bulk commit/wait group; checksums.
#include <cstdio>
#include <cuda/barrier>
#include <cuda/ptx>
using barrier = cuda::barrier<cuda::thread_scope_block>;
namespace ptx = cuda::ptx;
__global__ void k(const int* g, int* out, int* back) {
  __shared__ alignas(128) int buf[3][256];
  __shared__ barrier bar;
  __shared__ barrier bar2;
  int t = threadIdx.x;
  if (t == 0) { init(&bar, blockDim.x); init(&bar2, blockDim.x); }
  __syncthreads();
  int acc = 0;
  for (int round = 0; round < 3; round++) {
    const int* src = g + blockIdx.x * 1024 + round * 256;
    cuda::memcpy_async(buf[round], src, cuda::aligned_size_t<16>(sizeof(int) * 256), bar);
    bar.arrive_and_wait();
    acc += buf[round][(t * 7 + round) % 256] * (round + 1);
  }
  out[blockIdx.x * 128 + t] = acc;
  __syncthreads();
  // memcpy_async_tx: thread 0 issues one bulk copy of 512 bytes and announces the bytes
  barrier::arrival_token tok;
  if (t == 0) {
    cuda::device::memcpy_async_tx(&buf[0][0], g + 2048 + blockIdx.x * 128, cuda::aligned_size_t<16>(512), bar2);
    tok = cuda::device::barrier_arrive_tx(bar2, 1, 512);
  } else {
    tok = bar2.arrive();
  }
  bar2.wait(std::move(tok));
  out[512 + blockIdx.x * 128 + t] = buf[0][t] - buf[0][127 - t];
  __syncthreads();
  // shared -> global bulk copy
  for (int i = t; i < 256; i += blockDim.x) buf[1][i] = i * 3 + blockIdx.x;
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (t == 0) {
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, back + blockIdx.x * 256, &buf[1][0], 1024);
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
  }
}
int main() {
  static int h[4096];
  for (int i = 0; i < 4096; i++) h[i] = (i * 2654435761u) >> 20;
  int *g, *o, *b; cudaMalloc(&g, sizeof h); cudaMalloc(&o, 1024 * 4); cudaMalloc(&b, 1024 * 4);
  cudaMemcpy(g, h, sizeof h, cudaMemcpyHostToDevice);
  k<<<2, 128>>>(g, o, b);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  static int r[1024], rb[1024];
  cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  cudaMemcpy(rb, b, 512 * 4, cudaMemcpyDeviceToHost);
  long long s1 = 0, s2 = 0, s3 = 0;
  for (int i = 0; i < 256; i++) { s1 = s1 * 31 + r[i]; s2 = s2 * 31 + r[512 + i]; }
  for (int i = 0; i < 512; i++) s3 = s3 * 31 + rb[i];
  printf("rounds %lld tx %lld back %lld\n", s1, s2, s3);
  printf("r0 %d r1 %d r128 %d tx0 %d back5 %d back300 %d\n", r[0], r[1], r[128], r[512], rb[5], rb[300]);
}
