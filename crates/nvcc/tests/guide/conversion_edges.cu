// Float-to-integer conversion intrinsics (__float2int_rz, __double2uint_rz, ...) of NaN, infinities
// and out-of-range values, with constant operands (which the compiler folds) and with a float
// widened to double before the conversion. The guide's intrinsics are PTX cvt: an out-of-range
// value saturates to the destination's range; NaN converts to 0, except from .f64 or into a
// 64-bit integer, where it is 1 << (bits - 1) (PTX ISA, cvt; what an H200 computes).
#include "guide.h"
#include <cmath>

const int NK = 16;
__global__ void folded(unsigned long long* o) {
  o[0] = __float2uint_rz(INFINITY); o[1] = __float2uint_rz(-INFINITY); o[2] = __float2int_rz(INFINITY);
  o[3] = (unsigned)__float2int_rz(-1e30f); o[4] = __float2ull_rz(INFINITY); o[5] = __float2ll_rz(-INFINITY);
  o[6] = __double2uint_rz(1e300); o[7] = (unsigned)__double2int_rz(-1e300); o[8] = __double2ull_rz(1e300);
  o[9] = __double2ll_rz(-1e300); o[10] = __float2uint_rz(5e9f); o[11] = __float2uint_rz(-5.0f);
  o[12] = (unsigned)__double2int_rz(NAN); o[13] = __double2uint_rz(NAN); o[14] = __float2ull_rz(NAN);
  o[15] = __float2uint_rz(ldexpf(INFINITY, 34));
}
const unsigned long long WANT_FOLDED[NK] = {
    0xffffffffull, 0, 0x7fffffffull, 0x80000000ull, ~0ull, 0x8000000000000000ull,
    0xffffffffull, 0x80000000ull, ~0ull, 0x8000000000000000ull, 0xffffffffull, 0,
    0x80000000ull, 0x80000000ull, 0x8000000000000000ull, 0xffffffffull};

const int NW = 6;
__global__ void widened(const float* x, unsigned long long* o) {
  float f = x[threadIdx.x];
  unsigned long long* r = o + threadIdx.x * NW;
  r[0] = __float2uint_rz(f);
  r[1] = __double2uint_rz((double)f);  // from .f64: NaN gives 0x80000000, not r[0]'s 0
  r[2] = (unsigned)__float2int_rz(f);
  r[3] = (unsigned)__double2int_rz((double)f);
  r[4] = __float2ull_rz(f);
  r[5] = __double2ull_rz((double)f);
}

int main() {
  unsigned long long* d;
  CK(cudaMalloc(&d, 64 * 8));
  folded<<<1, 1>>>(d);
  unsigned long long got[NK];
  CK(cudaMemcpy(got, d, sizeof got, cudaMemcpyDeviceToHost));
  check_eq(got, WANT_FOLDED, NK, "constant-folded conversions saturate (NaN: 0 or 1 << (bits - 1))");

  const float in[] = {NAN, INFINITY, -INFINITY, 1e10f, -3.5f, 7.75f};
  const int n = sizeof in / sizeof in[0];
  const unsigned long long want[n][NW] = {
      {0, 0x80000000ull, 0, 0x80000000ull, 0x8000000000000000ull, 0x8000000000000000ull},
      {0xffffffffull, 0xffffffffull, 0x7fffffffull, 0x7fffffffull, ~0ull, ~0ull},
      {0, 0, 0x80000000ull, 0x80000000ull, 0, 0},
      {0xffffffffull, 0xffffffffull, 0x7fffffffull, 0x7fffffffull, 10000000000ull, 10000000000ull},
      {0, 0, 0xfffffffdull, 0xfffffffdull, 0, 0},
      {7, 7, 7, 7, 7, 7}};
  float* dx;
  CK(cudaMalloc(&dx, sizeof in));
  CK(cudaMemcpy(dx, in, sizeof in, cudaMemcpyHostToDevice));
  widened<<<1, n>>>(dx, d);
  unsigned long long w[n * NW];
  CK(cudaMemcpy(w, d, sizeof w, cudaMemcpyDeviceToHost));
  check_eq(w, &want[0][0], n * NW, "a float widened to double converts as a double");
  return finish();
}
