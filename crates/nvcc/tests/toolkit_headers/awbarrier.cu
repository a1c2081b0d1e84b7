// cuda_awbarrier.h and cuda_awbarrier_primitives.h against the PTX ISA's mbarrier (phases of an
// expected count of arrivals; a token's phase completes once all arrived; arrive_drop lowers the
// count of the phases after; the parity of the current phase) and the Programming Guide's
// asynchronous copies that arrive on a barrier (cuda_pipeline_primitives.h).
#include <cuda_awbarrier.h>
#include <cuda_pipeline_primitives.h>
#include <cstdio>

using nvcuda::experimental::awbarrier;

// One thread steps a barrier through its phases alone: which waits succeed is then exact.
__global__ void primitives(int *result) {
  __shared__ __mbarrier_t b;
  int bad = 0;
  __mbarrier_init(&b, 2);
  __mbarrier_token_t t0 = __mbarrier_arrive(&b);            // phase 0: 1 of 2
  bad |= __mbarrier_test_wait(&b, t0) << 0;                  // not complete
  bad |= __mbarrier_try_wait(&b, t0, 1000) << 1;             // still not
  bad |= __mbarrier_test_wait_parity(&b, 0) << 2;            // phase 0 (even) not complete
  __mbarrier_arrive_and_drop(&b);                            // 2 of 2: phase 0 completes; count 1 from now
  bad |= !__mbarrier_test_wait(&b, t0) << 3;
  bad |= !__mbarrier_test_wait_parity(&b, 0) << 4;           // phase 0 done
  bad |= __mbarrier_test_wait_parity(&b, 1) << 5;            // phase 1 in progress
  __mbarrier_token_t t1 = __mbarrier_arrive(&b);             // 1 of 1: phase 1 completes
  bad |= !__mbarrier_try_wait(&b, t1, 1000) << 6;
  bad |= !__mbarrier_test_wait_parity(&b, 1) << 7;
  bad |= __mbarrier_test_wait_parity(&b, 0) << 8;            // phase 2 (even) in progress
  __mbarrier_inval(&b);
  bad |= (__mbarrier_maximum_count() != (1u << 14) - 1) << 9;
  *result = bad;
}

// Every thread of the block writes, arrives and waits, then reads its neighbour's write of the
// same phase; a second barrier per round keeps the next round's writes after the reads.
__global__ void rounds(int *errors, int *phase_done) {
  __shared__ awbarrier bar;
  __shared__ int data[256];
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  int n = blockDim.x, me = threadIdx.x;
  for (int round = 0; round < 4; round++) {
    data[me] = round * 1000 + me;
    awbarrier::arrival_token t = bar.arrive();
    bar.wait(t);
    if (data[(me + 1) % n] != round * 1000 + (me + 1) % n) atomicAdd(errors, 1);
    bar.arrive_and_wait();
  }
  // 8 phases completed: phase 8 (even) is in progress; parity 1 (phase 7) has completed.
  if (me == 0) *phase_done = bar.try_wait_parity(true, 0) && !bar.timed_wait_parity(false, 100);
}

// Asynchronous copies tracked by the barrier: each thread copies 16 bytes, has the barrier count
// the copies' completion (__pipeline_arrive_on), arrives, and after the phase reads them all.
__global__ void copies(const int4 *src, int *errors) {
  __shared__ __mbarrier_t bar;
  __shared__ int4 tile[128];
  if (threadIdx.x == 0) __mbarrier_init(&bar, blockDim.x);
  __syncthreads();
  __pipeline_memcpy_async(&tile[threadIdx.x], &src[threadIdx.x], sizeof(int4));
  __pipeline_arrive_on(&bar);
  __mbarrier_token_t t = __mbarrier_arrive(&bar);
  while (!__mbarrier_try_wait(&bar, t, 1000)) {
  }
  int4 v = tile[(threadIdx.x + 7) % blockDim.x];
  int j = (threadIdx.x + 7) % blockDim.x;
  if (v.x != 4 * j || v.y != 4 * j + 1 || v.z != 4 * j + 2 || v.w != 4 * j + 3) atomicAdd(errors, 1);
}

int main() {
  int *d, h[3] = {-1, -1, -1};
  int4 *src;
  cudaMalloc(&d, 3 * sizeof(int));
  cudaMemset(d, 0, 3 * sizeof(int));
  int4 hs[128];
  for (int i = 0; i < 128; i++) hs[i] = make_int4(4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3);
  cudaMalloc(&src, sizeof hs);
  cudaMemcpy(src, hs, sizeof hs, cudaMemcpyHostToDevice);
  primitives<<<1, 1>>>(d);
  rounds<<<2, 96>>>(d + 1, d + 2);
  copies<<<1, 128>>>(src, d + 1);
  cudaError_t e = cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("primitives failures %#x, round errors %d, parity %d, %s\n", h[0], h[1], h[2], cudaGetErrorName(e));
  bool ok = e == cudaSuccess && h[0] == 0 && h[1] == 0 && h[2] == 1 && awbarrier::max() == (1u << 14) - 1;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
