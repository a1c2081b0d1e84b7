// nvcc-flags: -ftz=true
// nextafterf under flush-to-zero (-ftz=true, implied by -use_fast_math), as nvcc 13.0's library
// computes it: subnormal operands count as zeros of their sign, the step from zero goes to the
// smallest normal number (2^-126), and a step into the subnormal range gives a zero of its sign.
#include "guide.h"

__global__ void k(const unsigned* x, const unsigned* y, unsigned* out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = __float_as_uint(nextafterf(__uint_as_float(x[i]), __uint_as_float(y[i])));
}

int main() {
  const unsigned MIN_NORMAL = 0x00800000u, ONE = 0x3f800000u, MINUS_ONE = 0xbf800000u;
  // operand, direction, result
  const unsigned cases[][3] = {
      {0x00000000u, ONE, MIN_NORMAL},           {0x00000000u, MINUS_ONE, 0x80800000u},
      {0x80000000u, ONE, MIN_NORMAL},           {0x00000001u, ONE, MIN_NORMAL},
      {0x80000001u, MINUS_ONE, 0x80800000u},    {0x007fffffu, 0x7f800000u, MIN_NORMAL},
      {MIN_NORMAL, MINUS_ONE, 0x00000000u},     {0x80800000u, ONE, 0x80000000u},
      {MIN_NORMAL, ONE, 0x00800001u},           {0x00000001u, 0x00000001u, 0x00000000u},
      {0x80000001u, 0x80000001u, 0x80000000u},  {ONE, 0x00000001u, 0x3f7fffffu},
      {0x00000001u, 0x00000002u, 0x00000000u}};
  const int n = sizeof cases / sizeof cases[0];
  unsigned hx[n], hy[n], want[n], got[n];
  for (int i = 0; i < n; i++) { hx[i] = cases[i][0]; hy[i] = cases[i][1]; want[i] = cases[i][2]; }
  unsigned *dx, *dy, *d;
  CK(cudaMalloc(&dx, sizeof hx)); CK(cudaMalloc(&dy, sizeof hy)); CK(cudaMalloc(&d, sizeof got));
  CK(cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dy, hy, sizeof hy, cudaMemcpyHostToDevice));
  k<<<1, 32>>>(dx, dy, d, n);
  CK(cudaMemcpy(got, d, sizeof got, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++)
    if (got[i] != want[i]) printf("nextafterf(%08x, %08x): got %08x want %08x\n", hx[i], hy[i], got[i], want[i]);
  check_eq(got, want, n, "nextafterf under -ftz=true flushes operands and results");
  return finish();
}
