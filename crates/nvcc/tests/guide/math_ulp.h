// ULP measurement for the mathematical-functions programs: the error of a device result against a
// host reference computed in a wider type, in units of the device type's ulp at the reference.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
template <typename T> struct Ulp;
template <> struct Ulp<float> { static constexpr int mant = 23, emin = -126; };
template <> struct Ulp<double> { static constexpr int mant = 52, emin = -1022; };
// |got - ref| in ulps of T at ref; special values must match exactly (NaN with NaN, inf with inf,
// ±0 compare equal); a mismatch there is infinite error.
template <typename T> long double ulp_error(T got, long double ref) {
  if (std::isnan(ref)) return std::isnan(got) ? 0 : INFINITY;
  if (std::isnan(got)) return INFINITY;
  long double maxT = std::numeric_limits<T>::max();
  if (std::isinf(ref) || std::fabs(ref) > maxT * (1 + std::ldexp(1.0L, -Ulp<T>::mant - 1))) {
    // The rounded result overflows: it must be the infinity of the same sign.
    return (std::isinf(got) && (got > 0) == (ref > 0)) ? 0 : INFINITY;
  }
  if (std::isinf(got)) {
    // Within rounding of max: overflow to infinity is one ulp past max.
    long double e = std::ldexp(1.0L, std::ilogb((T)maxT) - Ulp<T>::mant);
    return (std::fabs(ref) + e - maxT) / e + ((got > 0) != (ref > 0) ? INFINITY : 0);
  }
  int e = ref == 0 ? Ulp<T>::emin : std::ilogb(ref);
  if (e < Ulp<T>::emin) e = Ulp<T>::emin;
  long double ulp = std::ldexp(1.0L, e - Ulp<T>::mant);
  return std::fabs((long double)got - ref) / ulp;
}
// Deterministic inputs.
struct Rng {
  uint64_t s = 0x243f6a8885a308d3ULL;
  uint64_t next() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * ((next() >> 11) * 0x1.0p-53); }
  // log-uniform magnitude in [lo, hi], random sign when signed_.
  double logu(double lo, double hi, bool signed_) {
    double v = std::exp(uniform(std::log(lo), std::log(hi)));
    return signed_ && (next() & 1) ? -v : v;
  }
};

// Reference helpers, in long double.
// sin(pi x), cos(pi x): x is reduced exactly to x = k/2 + f with |f| <= 1/4 (fmod by 2 and
// the subtraction are exact), so the zeros and ones are exact.
static long double pi_ref(long double x, int shift) {
  if (std::isinf(x) || std::isnan(x)) return NAN;
  long double r = fmodl(x, 2.0L);
  long double k = nearbyintl(2 * r), f = r - k / 2;
  int q = ((int)k + shift) & 3;
  long double s = sinl(M_PIl * f), c = cosl(M_PIl * f);
  long double v = q == 0 ? s : q == 1 ? c : q == 2 ? -s : -c;
  if (v == 0) return shift ? 0.0L : (x < 0 ? -0.0L : 0.0L);  // sinpi(-n) = -0, cospi(n + 1/2) = +0
  return v;
}
static long double sinpi_ref(long double x) { return pi_ref(x, 0); }
static long double cospi_ref(long double x) { return pi_ref(x, 1); }
// The guide: norm3d is +inf when any argument is infinite, even if another is NaN.
static long double norm3_ref(long double a, long double b, long double c) {
  if (std::isinf(a) || std::isinf(b) || std::isinf(c)) return INFINITY;
  return sqrtl((long double)a * a + (long double)b * b + (long double)c * c);
}
static long double erfcx_ref(long double x) {
  if (std::isinf(x)) return x > 0 ? 0 : INFINITY;
  if (x >= 10) {  // asymptotic series 1/(x sqrt(pi)) sum (-1)^n (2n-1)!! / (2x^2)^n: 40 terms reach 1e-34
    long double sum = 1, term = 1;
    for (int n = 1; n <= 40; n++) { term *= -(2 * n - 1) / (2 * x * x); sum += term; }
    return sum / (x * sqrtl(M_PIl));
  }
  return expl(x * x) * erfcl(x);
}
static long double erf_root(long double y, bool complement) {
  // Bisection on erf (or erfc, for accuracy near +-1) in long double.
  long double lo = -12, hi = 30;
  for (int i = 0; i < 200; i++) {
    long double mid = (lo + hi) / 2;
    long double v = complement ? erfcl(mid) : erfl(mid);
    if ((v < y) != complement) lo = mid; else hi = mid;
  }
  return (lo + hi) / 2;
}
static long double erfinv_ref(long double y) {
  if (std::isnan(y) || fabs(y) > 1) return NAN;
  if (fabs(y) == 1) return y * INFINITY;
  if (fabsl(y) < 1e-10L) return sqrtl(M_PIl) / 2 * y;  // the next term is pi y^2 / 12 smaller: < 1e-20
  if (y > 0.5) return erf_root(1 - (long double)y, true);
  if (y < -0.5) return -erf_root(1 + (long double)y, true);
  return erf_root(y, false);
}
static long double erfcinv_ref(long double y) {
  if (std::isnan(y) || y < 0 || y > 2) return NAN;
  if (y == 0) return INFINITY;
  if (y == 2) return -INFINITY;
  if (y == 1) return 0;
  return erf_root(y, true); }
