/* Trigonometric functions in double precision.
 *
 * Reduction x = q pi/2 + r, |r| <= pi/4, r as a double-double: Cody-Waite with pi/2 in three
 * pieces (the first two with 33 bits, exact products) for |x| < 2^19 pi/2; above, Payne-Hanek:
 * the bits of 2/pi that matter are multiplied by x's 53-bit integer significand in 64-bit words,
 * keeping 192 bits, enough for the closest approach of a double to a multiple of pi/2 (~2^-61).
 * sin and cos of r by their Taylor polynomials (|r| < pi/4: degree 23 leaves < 2^-70). */

/* x = q pi/2 + r for |x| >= 2^19 pi/2 (finite); returns q mod 4. */
static int reduce_payne_hanek(double x, dd *r) {
  u64 b = bits_d(x);
  int negative = (int)(b >> 63);
  int biased = (int)((b >> 52) & 0x7ff);
  u64 m = (b & 0x000fffffffffffffull) | 0x0010000000000000ull;
  int e = biased - 1075; /* |x| = m 2^e */
  /* The window of 192 bits of 2/pi starting at bit position e - 1 (bit 1 is 2^-1). Position p
   * is bit p + 63 of the table, whose word 0 is zero padding. */
  int g0 = e + 62;
  int wi = g0 >> 6, sh = g0 & 63;
  u64 w[3];
  for (int i = 0; i < 3; i++) {
    u64 hi = TWO_OVER_PI_BITS[wi + i], lo = TWO_OVER_PI_BITS[wi + i + 1];
    w[i] = sh ? (hi << sh) | (lo >> (64 - sh)) : hi;
  }
  /* m * W, 256 bits, as words p3:p2:p1:p0; x 2/pi mod 4 = (m W) 2^-190. */
  u64 l2 = m * w[2], h2 = mulhi64(m, w[2]);
  u64 l1 = m * w[1], h1 = mulhi64(m, w[1]);
  u64 l0 = m * w[0];
  u64 p0 = l2;
  u64 p1 = h2 + l1;
  u64 c1 = p1 < h2;
  u64 p2 = h1 + l0 + c1;
  /* integer part mod 4: bits 190-191 = top two bits of p2; fraction: the rest, 190 bits */
  int q = (int)(p2 >> 62);
  u64 f0 = (p2 << 2) | (p1 >> 62);
  u64 f1 = (p1 << 2) | (p0 >> 62);
  u64 f2 = p0 << 2;
  /* fraction >= 1/2: take the next integer and a negative fraction */
  int frac_negative = (int)(f0 >> 63);
  if (frac_negative) {
    q += 1;
    f0 = ~f0; f1 = ~f1; f2 = ~f2;
    f2 += 1;
    u64 c = f2 == 0;
    f1 += c;
    c = c && f1 == 0;
    f0 += c;
  }
  /* normalize (the fraction is at least ~2^-62 for any double) and convert 106 bits */
  int lz = 0;
  if (f0 == 0) { f0 = f1; f1 = f2; f2 = 0; lz = 64; }
  int z = f0 ? __builtin_clzll(f0) : 0;
  if (z) { f0 = (f0 << z) | (f1 >> (64 - z)); f1 = (f1 << z) | (f2 >> (64 - z)); }
  lz += z;
  double hi = mul((double)(f0 >> 11), pow2i(-53 - lz));
  double lo = mul((double)(((f0 & 0x7ff) << 42) | (f1 >> 22)), pow2i(-106 - lz));
  dd f = dd_mul(fast_two_sum(hi, lo), mk_dd(C_PI_2_HI, C_PI_2_LO));
  if (frac_negative) f = dd_neg(f);
  if (negative) { f = dd_neg(f); q = -q; }
  *r = f;
  return q & 3;
}

/* x = q pi/2 + r with |r| <= ~pi/4 for finite x; returns q mod 4. */
static int reduce_pio2(double x, dd *r) {
  double ax = fabs_d(x);
  if (ax <= 0x1.921fb54442d18p-1) { *r = mk_dd(x, 0.0); return 0; }
  if (ax < 0x1.921fb54442d18p+19) {
    double k = rint_d(mul(x, C_TWO_OVER_PI_HI));
    double r0 = fma_rn(-k, C_PIO2_1, x); /* exact: 33-bit piece, Sterbenz */
    double t = mul(k, C_PIO2_2);         /* exact */
    dd s = two_sum(r0, -t);
    dd u = two_prod(k, C_PIO2_3);
    u.lo = fma_rn(k, C_PIO2_3LO, u.lo);
    *r = dd_add(s, dd_neg(u));
    return (int)(i64)k & 3;
  }
  return reduce_payne_hanek(x, r);
}

/* sin(r) for a reduced double-double r, as a double-double. */
static dd sin_kernel(dd r) {
  double z = mul(r.hi, r.hi);
  double p = mul(z, horner(SIN_TAYLOR, 11, z));
  /* sin(h + l) = sin h + l cos h; l (1 - cos h) is below 2^-54 relative */
  double corr = fma_rn(r.hi, p, fma_rn(-0.5, mul(z, r.lo), r.lo));
  return fast_two_sum(r.hi, corr);
}

/* cos(r) for a reduced double-double r, as a double-double. */
static dd cos_kernel(dd r) {
  dd z = two_prod(r.hi, r.hi);
  double hz = mul(0.5, z.hi); /* exact */
  double w = sub(1.0, hz);
  double tail = sub(sub(1.0, w), hz); /* exact rounding error of w */
  double c = mul(mul(z.hi, z.hi), horner(COS_TAYLOR, 10, z.hi));
  /* cos(h + l) = cos h - l sin h */
  double corr = add(add(tail, sub(c, mul(0.5, z.lo))), -mul(r.hi, r.lo));
  return fast_two_sum(w, corr);
}

static void sincos_dd(double x, dd *s, dd *c) {
  dd r;
  int q = reduce_pio2(x, &r);
  dd sr = sin_kernel(r), cr = cos_kernel(r);
  switch (q) {
  case 0: *s = sr; *c = cr; break;
  case 1: *s = cr; *c = dd_neg(sr); break;
  case 2: *s = dd_neg(sr); *c = dd_neg(cr); break;
  default: *s = dd_neg(cr); *c = sr; break;
  }
}

double __nv_sin(double x) {
  if (!is_finite_d(x)) return sub(x, x);
  if (fabs_d(x) < 0x1p-27) return x;
  dd s, c;
  sincos_dd(x, &s, &c);
  return dd_to_d(s);
}

double __nv_cos(double x) {
  if (!is_finite_d(x)) return sub(x, x);
  dd s, c;
  sincos_dd(x, &s, &c);
  return dd_to_d(c);
}

void __nv_sincos(double x, double *sp, double *cp) {
  if (!is_finite_d(x)) { *sp = *cp = sub(x, x); return; }
  dd s, c;
  sincos_dd(x, &s, &c);
  *sp = fabs_d(x) < 0x1p-27 ? x : dd_to_d(s);
  *cp = dd_to_d(c);
}

double __nv_tan(double x) {
  if (!is_finite_d(x)) return sub(x, x);
  if (fabs_d(x) < 0x1p-27) return x;
  dd s, c;
  sincos_dd(x, &s, &c);
  return dd_to_d(dd_div(s, c));
}

/* sin(pi x) and cos(pi x): x = n/2 + r exactly, |r| <= 1/4, then the kernels on pi r. */
static void sincospi_dd(double x, dd *s, dd *c) {
  if (fabs_d(x) >= 0x1p52) { /* an even integer or beyond: sin = 0, cos = 1 */
    *s = mk_dd(copysign_d(0.0, x), 0.0);
    *c = mk_dd(fabs_d(x) >= 0x1p53 || ((i64)x & 1) == 0 ? 1.0 : -1.0, 0.0);
    return;
  }
  if (x == 0.0) { /* sinpi(+-0) = +-0 */
    *s = mk_dd(x, 0.0);
    *c = mk_dd(1.0, 0.0);
    return;
  }
  if (fabs_d(x) < 0x1p-1000) {
    /* pi x would lose bits in the error term of the product: compute it scaled */
    dd p = dd_mul_d(mk_dd(C_PI_HI, C_PI_LO), mul(x, 0x1p200));
    *s = mk_dd(mul(dd_to_d(p), 0x1p-200), 0.0);
    *c = mk_dd(1.0, 0.0);
    return;
  }
  double n = rint_d(mul(x, 2.0));
  double r = fma_rn(n, -0.5, x); /* exact */
  int q = (int)((i64)n & 3);
  dd pr = dd_mul_d(mk_dd(C_PI_HI, C_PI_LO), r);
  dd sr = sin_kernel(pr), cr = cos_kernel(pr);
  if (r == 0.0) sr = mk_dd(0.0, 0.0);
  switch (q) {
  case 0: *s = sr; *c = cr; break;
  case 1: *s = cr; *c = dd_neg(sr); break;
  case 2: *s = dd_neg(sr); *c = dd_neg(cr); break;
  default: *s = dd_neg(cr); *c = sr; break;
  }
  /* exact zeros: sinpi(n) has the sign of x, cospi(n + 1/2) is +0 */
  if (s->hi == 0.0) *s = mk_dd(copysign_d(0.0, x), 0.0);
  if (c->hi == 0.0) *c = mk_dd(0.0, 0.0);
}

double __nv_sinpi(double x) {
  if (!is_finite_d(x)) return sub(x, x);
  dd s, c;
  sincospi_dd(x, &s, &c);
  return dd_to_d(s);
}

double __nv_cospi(double x) {
  if (!is_finite_d(x)) return sub(x, x);
  dd s, c;
  sincospi_dd(x, &s, &c);
  return dd_to_d(c);
}

void __nv_sincospi(double x, double *sp, double *cp) {
  if (!is_finite_d(x)) { *sp = *cp = sub(x, x); return; }
  dd s, c;
  sincospi_dd(x, &s, &c);
  *sp = dd_to_d(s);
  *cp = dd_to_d(c);
}
