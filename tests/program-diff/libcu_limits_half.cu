// flags: -std=c++17 --expt-relaxed-constexpr
// cuda::std::numeric_limits of every arithmetic type, __half and __nv_bfloat16 included, read in a
// kernel and printed as bits: min, max, lowest, epsilon, round_error, infinity, quiet_NaN,
// denorm_min, digits, digits10, max_digits10, radix, min/max_exponent(10), is_signed, is_exact,
// has_infinity, has_denorm; the same for the host side compared field by field.
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda/std/limits>
#include <cuda/std/cstdint>

struct Rec {
  unsigned long long mn, mx, lo, eps, rnd, inf, qnan, dmin;
  int digits, digits10, maxd10, radix, minexp, maxexp, minexp10, maxexp10;
  int flags;
};

template <class T> __host__ __device__ unsigned long long bits(T v) {
  unsigned long long r = 0;
  memcpy(&r, &v, sizeof(T));
  return r;
}

template <class T> __host__ __device__ Rec rec() {
  using L = cuda::std::numeric_limits<T>;
  Rec r; memset(&r, 0, sizeof r);
  r.mn = bits(L::min()); r.mx = bits(L::max()); r.lo = bits(L::lowest()); r.eps = bits(L::epsilon());
  r.rnd = bits(L::round_error()); r.inf = bits(L::infinity()); r.qnan = bits(L::quiet_NaN());
  r.dmin = bits(L::denorm_min());
  r.digits = L::digits; r.digits10 = L::digits10; r.maxd10 = L::max_digits10; r.radix = L::radix;
  r.minexp = L::min_exponent; r.maxexp = L::max_exponent; r.minexp10 = L::min_exponent10; r.maxexp10 = L::max_exponent10;
  r.flags = L::is_specialized | L::is_signed << 1 | L::is_integer << 2 | L::is_exact << 3 | L::has_infinity << 4 |
            L::has_quiet_NaN << 5 | L::has_signaling_NaN << 6 | L::is_iec559 << 7 | L::is_bounded << 8 |
            L::is_modulo << 9 | (int)L::round_style << 10 | L::traps << 12 | L::tinyness_before << 13;
  return r;
}

#define TYPES(X) X(bool) X(char) X(signed char) X(unsigned char) X(short) X(unsigned short) X(int) X(unsigned) \
  X(long) X(unsigned long) X(long long) X(unsigned long long) X(float) X(double) X(__half) X(__nv_bfloat16) \
  X(char16_t) X(char32_t) X(wchar_t) X(int8_t) X(uint16_t)
#define COUNT(T) +1
constexpr int NT = 0 TYPES(COUNT);

__global__ void k(Rec* out) {
  int i = 0;
#define DEV(T) out[i++] = rec<T>();
  TYPES(DEV)
}

int main() {
  Rec* d; cudaMalloc(&d, NT * sizeof(Rec));
  k<<<1, 1>>>(d);
  Rec h[NT]; cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("err=%s\n", cudaGetErrorString(cudaGetLastError()));
  int i = 0;
#define HOST(T) { Rec r = rec<T>(); const Rec& g = h[i++]; \
    printf("%-18s min=%llx max=%llx low=%llx eps=%llx rnd=%llx inf=%llx qnan=%llx dmin=%llx d=%d d10=%d md10=%d r=%d e=%d..%d e10=%d..%d f=%x %s\n", #T, \
      g.mn, g.mx, g.lo, g.eps, g.rnd, g.inf, g.qnan, g.dmin, g.digits, g.digits10, g.maxd10, g.radix, g.minexp, g.maxexp, g.minexp10, g.maxexp10, g.flags, \
      memcmp(&r, &g, sizeof r) == 0 ? "host-same" : "HOST-DIFFERS"); }
  TYPES(HOST)
  return 0;
}
