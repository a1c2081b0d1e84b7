/* Inverse trigonometric functions in double precision, all through one kernel: atan of a
 * double-double t in [0, 1]. With c = j/16 the nearest sixteenth, atan t = atan c + atan u,
 * u = (t - c) / (1 + t c), |u| <= 1/32, atan c from a table (double-double), atan u by its
 * Taylor polynomial (degree 17 leaves < 2^-90 relative). */

static dd atan_unit(dd t) {
  double j = rint_d(mul(t.hi, 16.0));
  if (!(j >= 0.0 && j <= 16.0)) j = 0.0; /* only for NaN, which the callers exclude */
  double c = mul(j, 0.0625);
  dd num = fast_two_sum(sub(t.hi, c), t.lo); /* t.hi - c is exact (Sterbenz, or c = 0) */
  dd tc = dd_mul_d(t, c);
  dd den = dd_add_d(tc, 1.0);
  dd u = dd_div(num, den);
  double z = mul(u.hi, u.hi);
  double p = mul(mul(z, u.hi), horner(ATAN_TAYLOR, 8, z));
  dd au = fast_two_sum(u.hi, add(u.lo, p));
  int ji = (int)j;
  return dd_add(mk_dd(ATAN_TABLE[ji][0], ATAN_TABLE[ji][1]), au);
}

/* atan(y / x) in [0, pi/2] for double-doubles y, x >= 0, not both zero, finite. */
static dd atan2_positive(dd y, dd x) {
  if (y.hi <= x.hi) return atan_unit(dd_div(y, x));
  return dd_add(mk_dd(C_PI_2_HI, C_PI_2_LO), dd_neg(atan_unit(dd_div(x, y))));
}

double __nv_atan(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (fabs_d(x) < 0x1p-27) return x;
  double a = fabs_d(x);
  double r = is_inf_d(a) ? C_PI_2_HI : dd_to_d(atan2_positive(mk_dd(a, 0.0), mk_dd(1.0, 0.0)));
  return copysign_d(r, x);
}

double __nv_atan2(double y, double x) {
  if (is_nan_d(x) || is_nan_d(y)) return add(x, y);
  double ay = fabs_d(y), ax = fabs_d(x);
  double r;
  if (ay == 0.0) {
    r = sign_d(x) ? C_PI_HI : 0.0;
  } else if (is_inf_d(ay) || ax == 0.0) {
    if (is_inf_d(ay) && is_inf_d(ax)) r = sign_d(x) ? C_THREE_PI_4_HI : C_PI_4_HI;
    else r = C_PI_2_HI;
  } else if (is_inf_d(ax)) {
    r = sign_d(x) ? C_PI_HI : 0.0;
  } else {
    /* scale both into a safe range; the ratio is unchanged */
    int ey = (int)((bits_d(ay) >> 52) & 0x7ff), ex = (int)((bits_d(ax) >> 52) & 0x7ff);
    int e = ey > ex ? ey : ex;
    int k = 1023 - e;
    ay = scale2(ay, k);
    ax = scale2(ax, k);
    dd a = atan2_positive(mk_dd(ay, 0.0), mk_dd(ax, 0.0));
    if (sign_d(x)) a = dd_add(mk_dd(C_PI_HI, C_PI_LO), dd_neg(a));
    r = dd_to_d(a);
  }
  return copysign_d(r, y);
}

/* sqrt of a positive double-double, as a double-double. */
static dd dd_sqrt(dd a) {
  if (a.hi == 0.0) return mk_dd(0.0, 0.0);
  double s = sqrt_rn(a.hi);
  double e = add(fma_rn(-s, s, a.hi), a.lo);
  return fast_two_sum(s, dvd(e, mul(2.0, s)));
}

/* sqrt(1 - x^2) for |x| <= 1 as a double-double: (1 - |x|)(1 + |x|) exactly. */
static dd cos_of_asin(double x) {
  double a = fabs_d(x);
  dd one_minus = two_sum(1.0, -a);
  dd one_plus = two_sum(1.0, a);
  return dd_sqrt(dd_mul(one_minus, one_plus));
}

double __nv_asin(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  double a = fabs_d(x);
  if (a > 1.0) return copysign_d(D_NAN, x); /* NVIDIA's: an odd function's NaN has x's sign */
  if (a < 0x1p-27) return x;
  dd r = atan2_positive(mk_dd(a, 0.0), cos_of_asin(x));
  return copysign_d(dd_to_d(r), x);
}

double __nv_acos(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  double a = fabs_d(x);
  if (a > 1.0) return D_NAN;
  dd r = atan2_positive(cos_of_asin(x), mk_dd(a, 0.0));
  if (sign_d(x)) r = dd_add(mk_dd(C_PI_HI, C_PI_LO), dd_neg(r));
  return dd_to_d(r);
}
