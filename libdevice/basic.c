/* Exact functions: classification, sign, rounding to integers, min/max/fdim, exponent
 * manipulation, fmod/remainder/remquo (integer long division of the significands, exact),
 * modf, nextafter, nan. Double precision here; float.c widens the float ones. */

double __nv_fabs(double x) { return fabs_d(x); }
double __nv_copysign(double x, double y) { return copysign_d(x, y); }
int __nv_isnand(double x) { return is_nan_d(x); }
int __nv_isinfd(double x) { return is_inf_d(x); }
int __nv_isfinited(double x) { return is_finite_d(x); }
int __nv_signbitd(double x) { return sign_d(x); }

double __nv_floor(double x) { return floor_d(x); }
double __nv_ceil(double x) { return ceil_d(x); }
double __nv_trunc(double x) { return trunc_d(x); }
double __nv_rint(double x) { return rint_d(x); }
double __nv_nearbyint(double x) { return rint_d(x); }
/* Half-way cases away from zero. */
double __nv_round(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  double t = trunc_d(x);
  if (fabs_d(sub(x, t)) >= 0.5) t = add(t, copysign_d(1.0, x)); /* x - t is exact */
  return t;
}

/* Conversions to integers saturate like PTX's cvt (NaN gives 0 for 32 bits and
 * 0x8000000000000000 for 64 bits, as cvt.s64). */
static long long to_ll_saturating(double r) {
  if (is_nan_d(r)) return (long long)0x8000000000000000ull;
  if (r >= 0x1p63) return 0x7fffffffffffffffll;
  if (r < -0x1p63) return (long long)0x8000000000000000ull;
  return (long long)r;
}
long long __nv_llrint(double x) { return to_ll_saturating(rint_d(x)); }
long long __nv_llround(double x) { return to_ll_saturating(__nv_round(x)); }

/* min.f64/max.f64, as nvcc: a NaN operand yields the other operand. */
double __nv_fmin(double x, double y) { return __builtin_fmin(x, y); }
double __nv_fmax(double x, double y) { return __builtin_fmax(x, y); }
double __nv_fdim(double x, double y) {
  if (is_nan_d(x) || is_nan_d(y)) return add(x, y);
  return x > y ? sub(x, y) : 0.0;
}

double __nv_ldexp(double x, int n) {
  if (x == 0.0 || !is_finite_d(x)) return nan_arg_d(x); /* a signaling NaN comes back quiet */
  if (n > 2200) n = 2200;
  if (n < -2200) n = -2200;
  return scale2(x, n);
}
double __nv_scalbn(double x, int n) { return __nv_ldexp(x, n); }

/* x = m 2^e with m an integer of 53 bits (top bit 52 set), for finite nonzero x. */
static u64 split_int(double x, int *e) {
  u64 b = bits_d(x) & 0x7fffffffffffffffull;
  int biased = (int)(b >> 52);
  u64 m = b & 0x000fffffffffffffull;
  if (biased == 0) {
    int shift = __builtin_clzll(m) - 11;
    *e = -1074 - shift;
    return m << shift;
  }
  *e = biased - 1075;
  return m | 0x0010000000000000ull;
}

double __nv_frexp(double x, int *e) {
  if (x == 0.0 || !is_finite_d(x)) { *e = 0; return nan_arg_d(x); }
  int ex;
  u64 m = split_int(x, &ex);
  *e = ex + 53;
  return copysign_d(from_bits_d((m & 0x000fffffffffffffull) | 0x3fe0000000000000ull), x);
}

int __nv_ilogb(double x) {
  if (x == 0.0) return (int)0x80000000u; /* FP_ILOGB0 */
  if (is_nan_d(x)) return (int)0x80000000u; /* FP_ILOGBNAN */
  if (is_inf_d(x)) return 0x7fffffff;
  int e;
  split_int(x, &e);
  return e + 52;
}

double __nv_logb(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (is_inf_d(x)) return D_INF;
  if (x == 0.0) return -D_INF;
  return (double)__nv_ilogb(x);
}

double __nv_modf(double x, double *ip) {
  if (is_inf_d(x)) { *ip = x; return copysign_d(0.0, x); }
  if (is_nan_d(x)) { *ip = nan_arg_d(x); return nan_arg_d(x); }
  double t = trunc_d(x);
  *ip = t;
  return copysign_d(sub(x, t), x);
}

double __nv_nextafter(double x, double y) {
  if (is_nan_d(x) || is_nan_d(y)) return add(x, y);
  if (x == y) return y;
  if (x == 0.0) return copysign_d(from_bits_d(1), y);
  u64 b = bits_d(x);
  if ((x < y) == (x > 0.0)) b += 1; else b -= 1;
  return from_bits_d(b);
}

/* The payload of nan(tag) from a decimal, hex (0x) or octal (0) tag, like glibc's nan(); 0 for
 * a malformed tag. */
static u64 nan_payload(const signed char *tag) {
  u64 payload = 0;
  const signed char *p = tag;
  unsigned base = 10;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) { base = 16; p += 2; }
  else if (p[0] == '0') { base = 8; p += 1; }
  for (; *p; p++) {
    unsigned d;
    if (*p >= '0' && *p <= '9') d = (unsigned)(*p - '0');
    else if (*p >= 'a' && *p <= 'f') d = (unsigned)(*p - 'a' + 10);
    else if (*p >= 'A' && *p <= 'F') d = (unsigned)(*p - 'A' + 10);
    else { payload = 0; break; }
    if (d >= base) { payload = 0; break; }
    payload = payload * base + d;
  }
  return payload;
}

double __nv_nan(const signed char *tag) {
  return from_bits_d(0x7ff8000000000000ull | (nan_payload(tag) & 0x0007ffffffffffffull));
}

/* |x| mod |y| by long division of the significands; *quo gets the quotient's low bits.
 * Exact; x, y finite, y nonzero. */
static double fmod_abs(double x, double y, u64 *quo) {
  int ex, ey;
  double ax = fabs_d(x), ay = fabs_d(y);
  *quo = 0;
  if (ax < ay) return ax;
  u64 mx = split_int(ax, &ex);
  u64 my = split_int(ay, &ey);
  int diff = ex - ey;
  u64 q = mx / my; /* both have bit 52 set: 0 or 1 */
  mx %= my;
  while (diff > 0) {
    int step = diff > 11 ? 11 : diff; /* mx < 2^53: shifting by 11 stays below 2^64 */
    mx <<= step;
    q = (q << step) + mx / my;
    mx %= my;
    diff -= step;
  }
  *quo = q;
  return scale2((double)mx, ey);
}

double __nv_fmod(double x, double y) {
  if (is_nan_d(x) || is_nan_d(y)) return add(x, y);
  if (is_inf_d(x) || y == 0.0) return D_NAN;
  if (is_inf_d(y) || x == 0.0) return x;
  u64 q;
  return copysign_d(fmod_abs(x, y, &q), x);
}

double __nv_remquo(double x, double y, int *quo) {
  *quo = 0;
  if (is_nan_d(x) || is_nan_d(y)) return add(x, y);
  if (is_inf_d(x) || y == 0.0) return D_NAN;
  if (is_inf_d(y)) return x;
  u64 q;
  double ay = fabs_d(y);
  double r = fmod_abs(x, y, &q);
  /* round the quotient to nearest, ties to even: compare 2r with |y| (exact in double
   * unless 2r overflows, in which case r > |y|/2 anyway) */
  double twice = mul(r, 2.0);
  if (twice > ay || (twice == ay && (q & 1))) {
    r = sub(r, ay); /* exact */
    q += 1;
  }
  int sign = sign_d(x) != sign_d(y);
  /* the quotient's sign and three low bits, all C guarantees and all NVIDIA's libdevice returns */
  int low = (int)(q & 7);
  *quo = sign ? -low : low;
  return sign_d(x) ? -r : r;
}

double __nv_remainder(double x, double y) {
  int q;
  return __nv_remquo(x, y, &q);
}
