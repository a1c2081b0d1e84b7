// The warp-aggregated atomic increment of NVIDIA's CUDA blog ("Using CUDA Warp-Level Primitives"):
// the leader lane alone adds the warp's count, then broadcasts the old value with __shfl_sync.
// The other lanes read their copy of `res` before ever writing it, which is indeterminate in C++
// but what CUDA programs rely on; the compiler must not use it to drop the leader's test (which
// would run the atomic in every lane). Counts and slots are checked on the host.
#include "guide.h"

__device__ int atomic_agg_inc(int* counter) {
  unsigned active = __activemask();
  int leader = __ffs(active) - 1;
  int lane = threadIdx.x & 31;
  int res;
  if (lane == leader) res = atomicAdd(counter, __popc(active));
  res = __shfl_sync(active, res, leader);
  return res + __popc(active & ((1u << lane) - 1));
}

__global__ void filter(const int* in, int n, int* counter, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 3 == 0) out[atomic_agg_inc(counter)] = in[i];
}

int main() {
  const int n = 5000;
  int *in, *out, *counter;
  CK(cudaMallocManaged(&in, n * sizeof(int)));
  CK(cudaMallocManaged(&out, n * sizeof(int)));
  CK(cudaMallocManaged(&counter, sizeof(int)));
  int want = 0;
  long long want_sum = 0;
  for (int i = 0; i < n; i++) {
    in[i] = (int)((i * 7919u) % 201) - 100;
    if (in[i] % 3 == 0) want++, want_sum += in[i];
  }
  *counter = 0;
  filter<<<(n + 95) / 96, 96>>>(in, n, counter, out);
  CK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int i = 0; i < *counter && i < n; i++) sum += out[i];
  printf("kept %d of %d (want %d)\n", *counter, n, want);
  check(*counter == want, "one slot per kept element");
  check(sum == want_sum, "every kept element in a slot");
  return finish();
}
