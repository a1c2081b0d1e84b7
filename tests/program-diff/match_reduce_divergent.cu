// __match_any_sync / __match_all_sync on int, unsigned, long long, float and double values with
// full and partial masks under divergence; __reduce_{add,min,max,and,or,xor}_sync on signed and
// unsigned values (negative numbers, partial masks, a single lane).
#include <cstdio>
__global__ void k(unsigned* out) {
  int l = threadIdx.x, o = 0;
  out[o++ * 32 + l] = __match_any_sync(0xffffffff, l / 5);
  out[o++ * 32 + l] = __match_any_sync(0xffffffff, (unsigned long long)(l % 3) << 33);
  out[o++ * 32 + l] = __match_any_sync(0xffffffff, (float)(l & 4) * 0.5f);
  out[o++ * 32 + l] = __match_any_sync(0xffffffff, l < 8 ? -0.0 : 0.0);
  int pred = -1;
  out[o++ * 32 + l] = __match_all_sync(0xffffffff, 7, &pred); out[o++ * 32 + l] = pred;
  out[o++ * 32 + l] = __match_all_sync(0xffffffff, l == 9, &pred); out[o++ * 32 + l] = pred;
  if (l & 1) {
    out[o * 32 + l] = __match_any_sync(0xaaaaaaaa, l % 7);
    out[(o + 1) * 32 + l] = __match_all_sync(0xaaaaaaaa, 3ll, &pred);
    out[(o + 2) * 32 + l] = pred;
  } else {
    out[o * 32 + l] = __match_any_sync(0x55555555, l & 12);
    out[(o + 1) * 32 + l] = __match_all_sync(0x55555555, l, &pred);
    out[(o + 2) * 32 + l] = pred;
  }
  o += 3;
  int v = (l * 7919) % 61 - 30;
  out[o++ * 32 + l] = __reduce_add_sync(0xffffffff, v);
  out[o++ * 32 + l] = __reduce_min_sync(0xffffffff, v);
  out[o++ * 32 + l] = __reduce_max_sync(0xffffffff, v);
  out[o++ * 32 + l] = __reduce_min_sync(0xffffffff, (unsigned)v);
  out[o++ * 32 + l] = __reduce_max_sync(0xffffffff, (unsigned)v);
  out[o++ * 32 + l] = __reduce_add_sync(0xffffffff, (unsigned)v);
  out[o++ * 32 + l] = __reduce_and_sync(0xffffffff, (unsigned)v | 0x100);
  out[o++ * 32 + l] = __reduce_or_sync(0xffffffff, 1u << (l % 20));
  out[o++ * 32 + l] = __reduce_xor_sync(0xffffffff, (unsigned)l * 0x01010101u);
  if (l < 12) out[o * 32 + l] = __reduce_max_sync(0x00000fff, v);
  else if (l == 20) out[o * 32 + l] = __reduce_add_sync(1u << 20, v);
  else out[o * 32 + l] = __reduce_min_sync(0xfffff000 & ~(1u << 20), (unsigned)l);
  o++;
  if (l == 0) out[2047] = o;
}
int main() {
  unsigned* d; cudaMalloc(&d, 2048 * 4); cudaMemset(d, 0, 2048 * 4);
  k<<<1, 32>>>(d);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  unsigned h[2048]; cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (unsigned r = 0; r < h[2047]; r++) { printf("%2u:", r); for (int l = 0; l < 32; l++) printf(" %x", h[r * 32 + l]); printf("\n"); }
  return 0;
}
