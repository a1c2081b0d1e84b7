// sm_90 transaction barriers through libcu++: cuda::device::memcpy_async_tx into shared memory
// with cuda::device::barrier_arrive_tx carrying the byte count, cuda::device::barrier_expect_tx,
// several phases and copy sizes, and the barrier's token-based wait.
#include <cstdio>
#include <cuda/barrier>
#include <utility>
using barrier = cuda::barrier<cuda::thread_scope_block>;
namespace cde = cuda::device;
__global__ void k(const int* src, long long* out) {
  __shared__ alignas(16) int buf[1024];
  #pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ barrier bar;
  if (threadIdx.x == 0) { init(&bar, blockDim.x); }
  __syncthreads();
  long long sum = 0;
  for (int phase = 0; phase < 3; phase++) {
    int n = 256 << phase;  // ints
    barrier::arrival_token tok;
    if (threadIdx.x == 0) {
      cde::memcpy_async_tx(buf, src + phase * 32, cuda::aligned_size_t<16>(n * 4), bar);
      tok = cde::barrier_arrive_tx(bar, 1, n * 4);
    } else {
      tok = bar.arrive();
    }
    bar.wait(std::move(tok));
    for (int i = threadIdx.x; i < n; i += blockDim.x) sum += (long long)buf[i] * (phase + 1);
    __syncthreads();
  }
  // expect_tx then a plain arrive by every thread
  if (threadIdx.x == 0) { cde::barrier_expect_tx(bar, 64); cde::memcpy_async_tx(buf, src + 7 * 4, cuda::aligned_size_t<16>(64), bar); }
  bar.wait(bar.arrive());
  if (threadIdx.x < 16) sum += buf[threadIdx.x] * 1000LL;
  atomicAdd((unsigned long long*)out, (unsigned long long)sum);
}
int main() {
  int h[2048]; for (int i = 0; i < 2048; i++) h[i] = (i * 2654435761u) >> 20;
  int* s; long long* o; cudaMalloc(&s, sizeof h); cudaMalloc(&o, 8);
  cudaMemcpy(s, h, sizeof h, cudaMemcpyHostToDevice); cudaMemset(o, 0, 8);
  k<<<3, 96>>>(s, o);
  cudaError_t e = cudaDeviceSynchronize();
  long long r; cudaMemcpy(&r, o, 8, cudaMemcpyDeviceToHost);
  long long want = 0;
  for (int p = 0; p < 3; p++) for (int i = 0; i < (256 << p); i++) want += (long long)h[p * 32 + i] * (p + 1);
  for (int i = 0; i < 16; i++) want += h[28 + i] * 1000LL;
  printf("%s sum=%lld want=%lld\n", cudaGetErrorString(e), r, want * 3);
  return 0;
}
