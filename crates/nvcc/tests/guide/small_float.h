// Host model of the 16-bit floating-point formats (binary16 `half`: 10 fraction bits, exponents
// -14..15; bfloat16: 7 fraction bits, exponents -126..127): decoding, and rounding an exact value
// in each of the four IEEE modes, from the definitions, for checking device results bit for bit.
#pragma once
#include <cmath>
#include <cstdint>
struct SmallFormat { int frac, emin, emax, bias; };
static const SmallFormat HALF = {10, -14, 15, 15};
static const SmallFormat BF16 = {7, -126, 127, 127};
enum Mode { RN = 0, RZ = 1, RU = 2, RD = 3 };
static long double decode(const SmallFormat& f, uint16_t b) {
  int sign = b >> 15, e = (b >> f.frac) & ((1 << (15 - f.frac)) - 1), m = b & ((1 << f.frac) - 1);
  long double v;
  if (e == (1 << (15 - f.frac)) - 1) v = m ? NAN : INFINITY;
  else if (e == 0) v = ldexpl(m, f.emin - f.frac);
  else v = ldexpl(m + (1 << f.frac), e - f.bias - f.frac);
  return sign ? -v : v;
}
static bool is_nan(const SmallFormat& f, uint16_t b) {
  int e = (b >> f.frac) & ((1 << (15 - f.frac)) - 1);
  return e == (1 << (15 - f.frac)) - 1 && (b & ((1 << f.frac) - 1));
}
// The bits of `v` rounded to the format in `mode` (v must be exact: a long double holds every value
// the tests form: sums and products of two 16-bit values, floats, small integers).
static uint16_t encode(const SmallFormat& f, long double v, Mode mode) {
  uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  uint16_t expAll = (uint16_t)(((1 << (15 - f.frac)) - 1) << f.frac);
  if (std::isnan(v)) return 0x7fff;
  long double a = fabsl(v);
  bool neg = sign != 0;
  // Rounding direction for the magnitude.
  auto up = [&](long double q) {  // q >= 0, rounds to an integer per mode on the signed value
    long double fl = floorl(q), fr = q - fl;
    if (fr == 0) return fl;
    switch (mode) {
      case RN: return fr > 0.5L ? fl + 1 : fr < 0.5L ? fl : (fmodl(fl, 2) == 0 ? fl : fl + 1);
      case RZ: return fl;
      case RU: return neg ? fl : fl + 1;
      case RD: return neg ? fl + 1 : fl;
    }
    return fl;
  };
  uint16_t maxFinite = (uint16_t)(expAll - (1 << f.frac) + ((1 << f.frac) - 1));
  auto overflow = [&]() -> uint16_t {
    bool toInf = mode == RN || (mode == RU && !neg) || (mode == RD && neg);
    return sign | (toInf ? expAll : maxFinite);
  };
  if (std::isinf(a)) return sign | expAll;
  if (a == 0) return sign;
  int e = ilogbl(a);
  if (e < f.emin) e = f.emin;
  long double q = up(ldexpl(a, f.frac - e));  // integer significand at exponent e
  if (q >= ldexpl(1, f.frac + 1)) { q /= 2; e++; }  // rounding carried into the next binade
  if (e > f.emax) return overflow();
  if (q < ldexpl(1, f.frac)) return sign | (uint16_t)q;  // subnormal (or zero)
  return sign | (uint16_t)((e + f.bias) << f.frac) | (uint16_t)((uint32_t)q & ((1 << f.frac) - 1));
}
// a + b for exact a, b, as a long double that rounds to the same 16-bit value as the exact sum
// (bfloat16's exponent range spans more than a long double's 64 bits, so the long double sum may
// itself be rounded). The exact sum lies strictly between s and its neighbour toward the rounding
// error; only when s is short enough to be a 16-bit rounding midpoint (at most 24 significant bits)
// can that matter, and then s moves one long double ulp toward the exact sum.
static long double sum_for_rounding(long double a, long double b) {
  long double s = a + b;
  if (!std::isfinite(s) || s == 0) return s;
  long double bb = s - a, err = (a - (s - bb)) + (b - bb);  // TwoSum: the exact rounding error
  bool short_ = fmodl(ldexpl(fabsl(s), 24 - ilogbl(s)), 1.0L) == 0;
  return err == 0 || !short_ ? s : nextafterl(s, err > 0 ? INFINITY : -INFINITY);
}
