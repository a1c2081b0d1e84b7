// min-arch: sm_75
// f64 arithmetic: + - * / fma, __dadd_rn/_rz/_ru/_rd, __dmul_*, __ddiv_*, __drcp_rn/_rz/_ru/_rd,
// __dsqrt_rn/_ru, __fma_rn/_rz, fmin/fmax/fabs, comparisons.

extern "C" __global__ void f64_basic(const double *a, const double *b, const double *c, double *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double x = a[i], y = b[i], z = c[i];
    double r = x + y;
    r = r * z - x;
    r = r / (y + 1.0);
    r = fma(x, y, r);
    r = fmin(r, 1e300) + fmax(x, -1e300);
    r += fabs(z) * (x < y ? 1.0 : -1.0);
    out[i] = r;
}

extern "C" __global__ void f64_rounding(const double *a, const double *b, const double *c, double *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double x = a[i], y = b[i], z = c[i];
    double *o = out + 18 * i;
    o[0] = __dadd_rn(x, y);
    o[1] = __dadd_rz(x, y);
    o[2] = __dadd_ru(x, y);
    o[3] = __dadd_rd(x, y);
    o[4] = __dsub_rn(x, y);
    o[5] = __dmul_rn(x, y);
    o[6] = __dmul_rz(x, y);
    o[7] = __ddiv_rn(x, y);
    o[8] = __ddiv_ru(x, y);
    o[9] = __drcp_rn(x);
    o[10] = __drcp_rz(x);
    o[11] = __drcp_ru(x);
    o[12] = __drcp_rd(x);
    o[13] = __dsqrt_rn(x);
    o[14] = __dsqrt_ru(x);
    o[15] = __fma_rn(x, y, z);
    o[16] = __fma_rz(x, y, z);
    o[17] = __fma_rd(x, y, z) + __fma_ru(x, y, z);
}

// Double-precision dot product with Kahan summation
extern "C" __global__ void f64_kahan_dot(const double *a, const double *b, double *out, int n) {
    double sum = 0.0, comp = 0.0;
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        double y = a[i] * b[i] - comp;
        double t = sum + y;
        comp = (t - sum) - y;
        sum = t;
    }
    out[threadIdx.x] = sum;
}
