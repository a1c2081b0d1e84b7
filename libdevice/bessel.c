/* Bessel functions in double precision. |x| < 8: piecewise polynomial fits
 * (gen/gen_fits.py), each zero of the function inside its own piece as (x - z) h(x) with z in
 * double-double, so the relative error stays bounded at the zeros; y0 and y1 near 0 as their
 * logarithmic terms plus a fitted regular part. |x| >= 8: Hankel's form
 * sqrt(2/(pi x)) (P cos chi - Q sin chi) with P and x Q fitted in 1/x^2, and sin/cos of x from
 * the accurately reduced sincos. jn and yn by recurrence; i0 and i1 as e^x times fits. */

/* Rows: start, end, center, zero (double-double; 0 when the piece has none). A piece with a
 * zero fits f(x) / (x - zero); zero_at_origin says the first piece does so for the zero at 0. */
static double bessel_pieces(const double (*rows)[5], const double *coeffs, int pieces, int terms,
                            int zero_at_origin, double x) {
  int i = 0;
  while (i < pieces - 1 && x >= rows[i][1]) i++;
  double p = horner(coeffs + i * terms, terms, sub(x, rows[i][2]));
  int has_zero = rows[i][3] != 0.0 || (i == 0 && zero_at_origin);
  if (!has_zero) return p;
  double t = sub(sub(x, rows[i][3]), rows[i][4]);
  return mul(t, p);
}

/* Hankel's asymptotic form for x >= 8, order 0 or 1. */
static void bessel_large(int n, double x, double *j, double *y) {
  double v = dvd(1.0, mul(x, x));
  double p, xq;
  if (n == 0) {
    p = horner(BESSEL_P0, 14, sub(v, BESSEL_P0_MID));
    xq = horner(BESSEL_Q0, 18, sub(v, BESSEL_Q0_MID));
  } else {
    p = horner(BESSEL_P1, 14, sub(v, BESSEL_P1_MID));
    xq = horner(BESSEL_Q1, 18, sub(v, BESSEL_Q1_MID));
  }
  double q = dvd(xq, x);
  dd s, c;
  sincos_dd(x, &s, &c);
  /* chi = x - pi/4 (n = 0) or x - 3pi/4 (n = 1) */
  double sh = dd_to_d(s), ch = dd_to_d(c);
  double cchi, schi;
  if (n == 0) {
    cchi = mul(add(ch, sh), C_INV_SQRT2_HI);
    schi = mul(sub(sh, ch), C_INV_SQRT2_HI);
  } else {
    cchi = mul(sub(sh, ch), C_INV_SQRT2_HI);
    schi = mul(-add(sh, ch), C_INV_SQRT2_HI);
  }
  double a = sqrt_rn(dvd(0x1.45f306dc9c883p-1, x)); /* sqrt(2 / (pi x)) */
  *j = mul(a, fma_rn(p, cchi, -mul(q, schi)));
  *y = mul(a, fma_rn(p, schi, mul(q, cchi)));
}

#define PIECES(name, zero_at_origin, x) \
  bessel_pieces(name##_ROWS, &name##_COEFFS[0][0], name##_PIECES, name##_TERMS, zero_at_origin, x)

double __nv_j0(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  double a = fabs_d(x);
  if (is_inf_d(a)) return 0.0;
  if (a < 8.0) return PIECES(BESSEL_J0, 0, a);
  double j, y;
  bessel_large(0, a, &j, &y);
  return j;
}

double __nv_j1(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  double a = fabs_d(x);
  if (is_inf_d(a)) return copysign_d(0.0, x);
  double r;
  if (a < 8.0) {
    r = PIECES(BESSEL_J1, 1, a);
  } else {
    double y;
    bessel_large(1, a, &r, &y);
  }
  return sign_d(x) ? -r : r;
}

double __nv_y0(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (x == 0.0) return -D_INF;
  if (x < 0.0) return D_NAN;
  if (is_inf_d(x)) return 0.0;
  if (x < 0.6) {
    /* (2/pi) log(x) j0(x) + R0(x) */
    dd l = log_dd(x);
    double r = horner(BESSEL_Y0_SMALL, 13, sub(x, BESSEL_Y0_SMALL_MID));
    return fma_rn(mul(0x1.45f306dc9c883p-1, l.hi), __nv_j0(x), r);
  }
  if (x < 8.0) return PIECES(BESSEL_Y0, 0, x);
  double j, y;
  bessel_large(0, x, &j, &y);
  return y;
}

double __nv_y1(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (x == 0.0) return -D_INF;
  if (x < 0.0) return D_NAN;
  if (is_inf_d(x)) return 0.0;
  if (x < 1.2) {
    /* (2/pi)(log(x) j1(x) - 1/x) + R1(x) */
    if (x < 0x1p-1000) return dvd(-0x1.45f306dc9c883p-1, x);
    dd l = log_dd(x);
    double r = horner(BESSEL_Y1_SMALL, 15, sub(x, BESSEL_Y1_SMALL_MID));
    double inv = dvd(-0x1.45f306dc9c883p-1, x);
    return add(inv, fma_rn(mul(0x1.45f306dc9c883p-1, l.hi), __nv_j1(x), r));
  }
  if (x < 8.0) return PIECES(BESSEL_Y1, 0, x);
  double j, y;
  bessel_large(1, x, &j, &y);
  return y;
}

double __nv_jn(int n, double x) {
  if (n < 0) return D_NAN; /* the CUDA Math API's jn(n, x) for n < 0, whatever x */
  if (is_nan_d(x)) return nan_arg_d(x);
  double sign = 1.0;
  if (x < 0.0) { x = -x; if (n & 1) sign = -sign; }
  if (n == 0) return __nv_j0(x);
  if (n == 1) return mul(sign, __nv_j1(x));
  if (x == 0.0 || is_inf_d(x)) return mul(sign, 0.0);
  if (x < 0x1p-20) {
    /* J_n(x) = (x/2)^n / n! (1 - (x/2)^2 / (n + 1) + ...), the next term 2^-80 relative: the
     * recurrences below divide by x (2k/x overflows to inf and gave NaN). The product is kept
     * normal by scaling it by 2^500 steps, rounded to a subnormal once at the end. */
    double h = mul(x, 0.5), m = 1.0;
    int e = 0;
    for (int k = 1; k <= n; k++) {
      m = mul(m, dvd(h, (double)k));
      if (m < 0x1p-500) { m = mul(m, 0x1p500); e -= 500; }
      if (e < -1200) return mul(sign, 0.0);
    }
    m = mul(m, fma_rn(-h, dvd(h, (double)(n + 1)), 1.0));
    return mul(sign, scale2(m, e));
  }
  double r;
  if ((double)n < x) {
    /* forward recurrence, stable while k < x */
    double a = __nv_j0(x), b = __nv_j1(x);
    for (int k = 1; k < n; k++) {
      double c = sub(mul(dvd((double)(2 * k), x), b), a);
      a = b;
      b = c;
    }
    r = b;
  } else {
    /* Miller's backward recurrence from well above n, normalized by j0 + 2 sum j_2k = 1 */
    int m = 2 * ((n + (int)sqrt_rn(mul(40.0, (double)n)) + 20) / 2);
    double jp = 0.0, jc = 0x1p-500, sum = 0.0, at_n = 0.0;
    for (int k = m; k > 0; k--) {
      double jm = sub(mul(dvd((double)(2 * k), x), jc), jp); /* j_{k-1} */
      jp = jc;
      jc = jm;
      if (k - 1 == n) at_n = jc;
      if (((k - 1) & 1) == 0 && k - 1 > 0) sum = add(sum, mul(2.0, jc));
      if (fabs_d(jc) > 0x1p500) { /* rescale */
        jc = mul(jc, 0x1p-500); jp = mul(jp, 0x1p-500);
        sum = mul(sum, 0x1p-500); at_n = mul(at_n, 0x1p-500);
      }
    }
    sum = add(sum, jc);
    /* use j0 directly for the normalization when it is not near a zero */
    double j0 = __nv_j0(x);
    r = fabs_d(j0) > 1e-3 ? mul(at_n, dvd(j0, jc)) : dvd(at_n, sum);
  }
  return mul(sign, r);
}

double __nv_yn(int n, double x) {
  if (n < 0) return D_NAN; /* the CUDA Math API's yn(n, x) for n < 0, whatever x */
  if (n == 0) return __nv_y0(x);
  if (n == 1) return __nv_y1(x);
  /* from order 2 on a NaN gives the default NaN, not x's (an H200, unseen14b_mufu64_nan) */
  if (is_nan_d(x)) return D_NAN;
  if (x == 0.0) return -D_INF;
  if (x < 0.0) return D_NAN;
  if (is_inf_d(x)) return 0.0;
  double a = __nv_y0(x), b = __nv_y1(x);
  for (int k = 1; k < n && !is_inf_d(b); k++) {
    double c = sub(mul(dvd((double)(2 * k), x), b), a);
    a = b;
    b = c;
  }
  return b;
}

/* e^|x| g where g is the scaled fit, rounded once. */
static double exp_times(double a, double g) {
  int k;
  dd e = exp_reduced(a, 0.0, &k);
  return scale2(dd_to_d(dd_mul_d(e, g)), k);
}

double __nv_cyl_bessel_i0(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  double a = fabs_d(x);
  if (is_inf_d(a)) return a;
  if (a > 720.0) return D_INF;
  double g;
  if (a < 16.0) {
    int i = 0;
    while (a >= BESSEL_I0_EDGES[i + 1]) i++;
    g = horner(BESSEL_I0_COEFFS[i], BESSEL_I0_TERMS, sub(a, BESSEL_I0_MID[i]));
  } else {
    g = dvd(horner(BESSEL_I0_TAIL, 15, sub(dvd(1.0, a), BESSEL_I0_TAIL_MID)), sqrt_rn(a));
  }
  return exp_times(a, g);
}

double __nv_cyl_bessel_i1(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  double a = fabs_d(x);
  if (is_inf_d(a)) return x;
  if (a < 0x1p-1000) return mul(x, 0.5);
  double r;
  if (a > 720.0) {
    r = D_INF;
  } else if (a < 16.0) {
    int i = 0;
    while (a >= BESSEL_I1_EDGES[i + 1]) i++;
    double g = horner(BESSEL_I1_COEFFS[i], BESSEL_I1_TERMS, sub(a, BESSEL_I1_MID[i]));
    r = exp_times(a, mul(g, a));
  } else {
    r = exp_times(a, dvd(horner(BESSEL_I1_TAIL, 15, sub(dvd(1.0, a), BESSEL_I1_TAIL_MID)), sqrt_rn(a)));
  }
  return copysign_d(r, x);
}
