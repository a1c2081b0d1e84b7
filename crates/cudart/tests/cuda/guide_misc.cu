// Programming Guide odds and ends: alloca, __pipeline_memcpy_async, address-space predicates, cache-operator loads/stores, annotated_ptr (createpolicy + .L2::cache_hint), inline PTX on shared addresses, cuda::ptx, __nv_aligned_device_malloc, __nanosleep.
#include "common.h"
#include <cuda_pipeline.h>
#include <cuda/annotated_ptr>
#include <cuda/ptx>
__global__ void misc(const int* in, int* out, int n) {
  int t = threadIdx.x;
  int* buf = (int*)alloca(sizeof(int) * (4 + (t & 3)));
  for (int i = 0; i < 4 + (t & 3); i++) buf[i] = in[t] + i;
  int s = 0; for (int i = 0; i < 4 + (t & 3); i++) s += buf[i];
  out[t * 8 + 0] = s;
  __shared__ int sh[256];
  __pipeline_memcpy_async(&sh[t], &in[t], sizeof(int));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[t * 8 + 1] = sh[(t + 1) % blockDim.x];
  out[t * 8 + 2] = __isGlobal(in) + 2 * __isShared(sh) + 4 * __isLocal(buf) + 8 * __isConstant(in);
  __stcs(&out[t * 8 + 3], __ldcs(&in[t]) * 3);
  __stwt(&out[t * 8 + 4], __ldlu(&in[t]) + __ldcg(&in[t]) + __ldca(&in[t]) + __ldcv(&in[t]));
  cuda::annotated_ptr<const int, cuda::access_property::streaming> ap(in);
  out[t * 8 + 5] = ap[t] * 5;
  unsigned sa = (unsigned)__cvta_generic_to_shared(&sh[t]);
  int v; asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(sa));
  out[t * 8 + 6] = v + cuda::ptx::get_sreg_laneid();
  void* p = __nv_aligned_device_malloc(100, 64);
  out[t * 8 + 7] = p ? (int)((size_t)p % 64) : -1;
  free(p);
  __nanosleep(10);
  if (n < 0) __trap();
}
int main() {
  const int n = 128; int *in, *out; CK(cudaMallocManaged(&in, n * 4)); CK(cudaMallocManaged(&out, n * 32));
  for (int i = 0; i < n; i++) in[i] = i * 3 + 1;
  misc<<<1, n>>>(in, out, n); CK(cudaDeviceSynchronize());
  for (int t = 0; t < n; t++) {
    int m = 4 + (t & 3); EXPECT(out[t * 8] == in[t] * m + m * (m - 1) / 2);
    EXPECT(out[t * 8 + 1] == in[(t + 1) % n]); EXPECT(out[t * 8 + 2] == 1 + 2 + 4);
    EXPECT(out[t * 8 + 3] == in[t] * 3); EXPECT(out[t * 8 + 4] == in[t] * 4); EXPECT(out[t * 8 + 5] == in[t] * 5);
    EXPECT(out[t * 8 + 6] == in[t] + t % 32); EXPECT(out[t * 8 + 7] == 0);
  }
  printf("PASS\n");
}
