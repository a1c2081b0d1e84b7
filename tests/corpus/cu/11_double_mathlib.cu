// min-arch: sm_75
// f64 math library: sqrt rsqrt cbrt sin cos tan sincos asin atan2 sinh tanh exp exp2 expm1 log log2 log1p
// pow hypot erf erfc ilogb floor ceil trunc round rint fmod remainder frexp ldexp copysign isnan isinf.
// (lgamma left out: it alone adds ~45 KB per fixture; lgammaf is in 08_float_mathlib.cu.)

extern "C" __global__ void mathlib_f64(const double *a, const double *b, double *out, int *flags, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double x = a[i], y = b[i];
    double *o = out + 28 * i;
    o[0] = sqrt(fabs(x));
    o[1] = rsqrt(fabs(x));
    o[2] = cbrt(x);
    o[3] = sin(x);
    o[4] = cos(x);
    o[5] = tan(x);
    double s, c;
    sincos(x, &s, &c);
    o[6] = s * c;
    o[7] = asin(fmin(fmax(x, -1.0), 1.0));
    o[8] = atan2(x, y);
    o[9] = sinh(x);
    o[10] = tanh(x);
    o[11] = exp(x);
    o[12] = exp2(x);
    o[13] = expm1(x);
    o[14] = log(fabs(x));
    o[15] = log2(fabs(x));
    o[16] = log1p(fabs(x));
    o[17] = pow(x, y);
    o[18] = hypot(x, y);
    o[19] = erf(x);
    o[20] = erfc(x);
    o[21] = (double)ilogb(x);
    o[22] = floor(x) + ceil(y);
    o[23] = trunc(x) + round(y);
    o[24] = rint(x) + fmod(x, y);
    o[25] = remainder(x, y);
    int e;
    o[26] = ldexp(frexp(x, &e), e);
    o[27] = copysign(x, y);
    flags[i] = (isnan(x) ? 1 : 0) | (isinf(x) ? 2 : 0) | (signbit(y) ? 4 : 0);
}

// Numerical integration of exp(-x^2) with trapezoid rule, per thread
extern "C" __global__ void integrate_gauss(const double *lo, const double *hi, double *out, int steps) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    double a = lo[i], b = hi[i];
    double h = (b - a) / steps;
    double acc = 0.5 * (exp(-a * a) + exp(-b * b));
    for (int k = 1; k < steps; ++k) {
        double x = a + k * h;
        acc += exp(-x * x);
    }
    out[i] = acc * h;
}
