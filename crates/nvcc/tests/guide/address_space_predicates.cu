// Address space predicate and conversion functions: __isGlobal, __isShared, __isLocal,
// __isConstant on pointers of each space, and __cvta_generic_to_shared / __cvta_shared_to_generic,
// __cvta_generic_to_global round trips. (Whether a __constant__ address also tests global is not
// checked: the guide does not say.)
#include "guide.h"
__constant__ int cdata[4] = {1, 2, 3, 4};
__device__ int gdata[4];
__device__ __noinline__ unsigned classify(const void* p) {
  return (__isGlobal(p) ? 1u : 0u) | (__isShared(p) ? 2u : 0u) | (__isLocal(p) ? 4u : 0u) | (__isConstant(p) ? 8u : 0u);
}
__global__ void kern(int* heap, unsigned* out, int* roundtrip) {
  __shared__ int s[32];
  int local[4];
  local[threadIdx.x % 4] = threadIdx.x;
  out[0] = classify(heap);
  out[1] = classify(gdata);
  out[2] = classify(s);
  out[3] = classify(local);
  out[4] = classify(cdata);
  size_t sh = __cvta_generic_to_shared(&s[5]);
  size_t sh0 = __cvta_generic_to_shared(&s[0]);
  s[5] = 77;
  int* back = (int*)__cvta_shared_to_generic(sh);
  size_t g = __cvta_generic_to_global(heap);
  int* gback = (int*)__cvta_global_to_generic(g);
  gback[1] = 99;
  roundtrip[0] = *back + (int)(sh - sh0) + local[threadIdx.x % 4];
}
int main() {
  int *heap, *rt; unsigned* out;
  CK(cudaMalloc(&heap, 64)); CK(cudaMalloc(&out, 5 * 4)); CK(cudaMalloc(&rt, 4));
  kern<<<1, 1>>>(heap, out, rt);
  unsigned h[5]; int r, h1[2];
  CK(cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&r, rt, 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(h1, heap, 8, cudaMemcpyDeviceToHost));
  check(h[0] == 1, "cudaMalloc pointer: global only");
  check(h[1] == 1, "__device__ variable: global only");
  check(h[2] == 2, "__shared__ array: shared only");
  check(h[3] == 4, "local array: local only");
  check((h[4] & ~1u) == 8, "__constant__ variable: constant, not shared or local");
  check(r == 77 + 20 + 0, "__cvta_generic_to_shared offsets and round trip");
  check(h1[1] == 99, "__cvta_generic_to_global round trip");
  return finish();
}
