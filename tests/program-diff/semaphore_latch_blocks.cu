// libcu++ synchronization objects: cuda::binary_semaphore<thread_scope_device> guarding a
// critical section taken by one thread of every block, cuda::counting_semaphore limiting
// concurrent holders (max observed <= 3), cuda::latch in shared memory (count_down, wait,
// arrive_and_wait), and cuda::std::atomic_flag test_and_set/clear with wait/notify_one.
#include <cstdio>
#include <cuda/semaphore>
#include <cuda/latch>
#include <cuda/atomic>
#include <cuda/std/atomic>
__device__ cuda::binary_semaphore<cuda::thread_scope_device> bsem(1);
__device__ cuda::counting_semaphore<cuda::thread_scope_device, 3> csem(3);
__device__ int inside, maxin, total;
__device__ cuda::std::atomic_flag flag;
__device__ int handoff;
__global__ void k(int* out) {
  if (threadIdx.x == 0) {
    bsem.acquire();
    int v = *(volatile int*)&total; *(volatile int*)&total = v + blockIdx.x + 1;
    bsem.release();
    csem.acquire();
    int n = atomicAdd(&inside, 1) + 1;
    atomicMax(&maxin, n);
    __nanosleep(1000);
    atomicSub(&inside, 1);
    csem.release();
  }
  __shared__ cuda::latch<cuda::thread_scope_block>* lp;
  __shared__ alignas(cuda::latch<cuda::thread_scope_block>) char lraw[sizeof(cuda::latch<cuda::thread_scope_block>)];
  if (threadIdx.x == 0) lp = new (lraw) cuda::latch<cuda::thread_scope_block>(blockDim.x);
  __syncthreads();
  __shared__ int vals[128];
  vals[threadIdx.x] = threadIdx.x * blockIdx.x;
  lp->arrive_and_wait();
  int s = 0; for (int i = 0; i < (int)blockDim.x; i++) s += vals[i];
  if (threadIdx.x == 0) out[blockIdx.x] = s;
  // atomic_flag handoff between block 0 (waits) and block 1 (sets)
  if (threadIdx.x == 0 && blockIdx.x == 1) { handoff = 42; flag.test_and_set(cuda::std::memory_order_release); flag.notify_one(); }
  if (threadIdx.x == 0 && blockIdx.x == 0) { flag.wait(false, cuda::std::memory_order_acquire); out[100] = handoff; }
}
int main() {
  int* o; cudaMalloc(&o, 128 * 4); cudaMemset(o, 0, 512);
  k<<<12, 128>>>(o);
  cudaError_t e = cudaDeviceSynchronize();
  int h[128], t, m; cudaMemcpy(h, o, 512, cudaMemcpyDeviceToHost);
  cudaMemcpyFromSymbol(&t, total, 4); cudaMemcpyFromSymbol(&m, maxin, 4);
  printf("%s total=%d max<=3:%d max>0:%d handoff=%d\n", cudaGetErrorString(e), t, m <= 3, m > 0, h[100]);
  for (int b = 0; b < 12; b++) printf("%d ", h[b]);
  printf("\n");
  return 0;
}
