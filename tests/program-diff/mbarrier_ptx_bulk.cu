// mbarrier through cuda::ptx (CCCL's PTX wrappers): init, arrive.expect_tx with a bulk copy
// (cp.async.bulk global->shared) completing the transaction count, try_wait.parity loops over
// several phases, arrive counts with no transaction, and the phase bit each phase returns.
#include <cstdio>
#include <cstdint>
#include <cuda/ptx>
#include <cuda/barrier>
namespace ptx = cuda::ptx;
__global__ void k(const int* src, int* out) {
  __shared__ alignas(16) int buf[512];
  __shared__ alignas(8) uint64_t bar;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  __syncthreads();
  int sum = 0;
  for (int phase = 0; phase < 4; phase++) {
    unsigned bytes = 512 * (phase + 1);
    if (threadIdx.x == 0) {
      ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf, src + phase * 16, bytes, &bar);
      ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar, bytes);
    }
    int spins = 0;
    while (!ptx::mbarrier_try_wait_parity(&bar, phase & 1)) spins++;
    for (unsigned i = threadIdx.x; i < bytes / 4; i += blockDim.x) sum += buf[i] ^ phase;
    __syncthreads();
  }
  atomicAdd(out, sum);
  // plain arrivals: every thread arrives on a barrier of blockDim.x, parity flips once
  __shared__ alignas(8) uint64_t b2;
  if (threadIdx.x == 0) ptx::mbarrier_init(&b2, blockDim.x);
  __syncthreads();
  uint64_t st = ptx::mbarrier_arrive(&b2);
  while (!ptx::mbarrier_test_wait(&b2, st)) {}
  if (threadIdx.x == 0) out[1] = ptx::mbarrier_try_wait_parity(&b2, 0) * 10 + ptx::mbarrier_try_wait_parity(&b2, 1);
}
int main() {
  int h[2048 + 64]; for (int i = 0; i < 2048 + 64; i++) h[i] = i * 3 - 500;
  int *s, *o; cudaMalloc(&s, sizeof h); cudaMalloc(&o, 8);
  cudaMemcpy(s, h, sizeof h, cudaMemcpyHostToDevice); cudaMemset(o, 0, 8);
  k<<<2, 128>>>(s, o);
  cudaError_t e = cudaDeviceSynchronize();
  int r[2]; cudaMemcpy(r, o, 8, cudaMemcpyDeviceToHost);
  printf("%s sum=%d parity=%d\n", cudaGetErrorString(e), r[0], r[1]);
  return 0;
}
