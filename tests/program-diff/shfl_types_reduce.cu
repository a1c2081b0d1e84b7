// Warp shuffles on every type the headers overload (int, unsigned, long, long long, unsigned
// long long, float, double, __half, __half2, __nv_bfloat16, __nv_bfloat162) with widths 32, 16
// and 4 and partial masks in divergent code; __reduce_add/min/max/and/or/xor_sync on int and
// unsigned with partial masks; __match_any/__match_all on 64-bit values.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__device__ unsigned long long mix(unsigned long long h, unsigned long long v) { return (h ^ v) * 1099511628211ull; }
template <class T> __device__ unsigned long long bits(T v) { unsigned long long b = 0; memcpy(&b, &v, sizeof(T)); return b; }
template <class T> __device__ unsigned long long sh(T v, unsigned mask, int lane) {
  unsigned long long h = 14695981039346656037ull;
  h = mix(h, bits(__shfl_sync(mask, v, (lane * 7 + 3) % 32)));
  h = mix(h, bits(__shfl_sync(mask, v, lane + 1, 16)));
  h = mix(h, bits(__shfl_up_sync(mask, v, 3, 16)));
  h = mix(h, bits(__shfl_down_sync(mask, v, 1, 4)));
  h = mix(h, bits(__shfl_xor_sync(mask, v, 5, 32)));
  return h;
}
__global__ void k(unsigned long long* o) {
  int l = threadIdx.x & 31;
  int i = threadIdx.x;
  unsigned long long h = 0;
  unsigned mask = 0xffffffffu;
  h ^= sh((int)(i * -7), mask, l) * 1;
  h ^= sh((unsigned)(i * 2654435761u), mask, l) * 3;
  h ^= sh((long)(i * -123456789l), mask, l) * 5;
  h ^= sh((long long)i << 40, mask, l) * 7;
  h ^= sh((unsigned long long)i * 0x9e3779b97f4a7c15ull, mask, l) * 11;
  h ^= sh(i * 0.37f, mask, l) * 13;
  h ^= sh(i * -0.1, mask, l) * 17;
  h ^= sh(__float2half(i * 0.5f), mask, l) * 19;
  h ^= sh(__floats2half2_rn(i, -i), mask, l) * 23;
  h ^= sh(__float2bfloat16(i * 1.25f), mask, l) * 29;
  h ^= sh(__floats2bfloat162_rn(i * 2.0f, 1.0f / (i + 1)), mask, l) * 31;
  o[i] = h;
  if (l % 4 != 2) {
    unsigned m = 0xffffffffu & ~0x44444444u;
    int v = (i * 37) % 53 - 20;
    unsigned u = i * 0x01010101u ^ 0xf0f0u;
    o[64 + i] = (unsigned long long)(unsigned)__reduce_add_sync(m, v) << 32 | (unsigned)__reduce_min_sync(m, v);
    o[128 + i] = (unsigned long long)(unsigned)__reduce_max_sync(m, v) << 32 | __reduce_min_sync(m, u);
    o[192 + i] = (unsigned long long)__reduce_and_sync(m, u) << 32 | __reduce_or_sync(m, u);
    o[256 + i] = (unsigned long long)__reduce_xor_sync(m, u) << 32 | __reduce_max_sync(m, u);
    unsigned long long key = (unsigned long long)(i % 3) << 33 | (i % 2);
    int pred;
    o[320 + i] = (unsigned long long)__match_any_sync(m, key) << 32 | __match_all_sync(m, key >> 60, &pred) | (unsigned long long)pred << 63;
  } else {
    o[64 + i] = o[128 + i] = o[192 + i] = o[256 + i] = o[320 + i] = 0;
  }
}
int main() {
  unsigned long long* o; cudaMalloc(&o, 384 * 8);
  k<<<1, 64>>>(o);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  static unsigned long long h[384]; cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  for (int r = 0; r < 6; r++) { printf("r%d:", r); for (int i = 0; i < 64; i++) printf(" %llx", h[r * 64 + i]); printf("\n"); }
}
