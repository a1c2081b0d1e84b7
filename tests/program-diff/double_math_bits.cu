// Double-precision library functions printed as bits over edge and ordinary arguments:
// exact ones (fma, fmod, remquo, frexp, ldexp, modf, nextafter, ilogb, scalbn, copysign,
// round/rint/trunc) and correctly-rounded sqrt/rcp/div intrinsics with rounding modes.
#include <cstdio>
#include <cstring>

__global__ void k(const double *x, const double *y, int n, unsigned long long *o) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double a = x[i], b = y[i];
    unsigned long long *q = o + i * 20;
    int e = 0, qq = 0;
    double ip = 0;
    // (With two NaN operands, which one fma returns depends on the operand order ptxas picks.)
    q[0] = isnan(a) ? 0 : __double_as_longlong(fma(a, b, -a));
    q[1] = __double_as_longlong(fmod(a, b));
    q[2] = __double_as_longlong(remainder(a, b));
    double r = remquo(a, b, &qq);
    q[3] = __double_as_longlong(r) ^ (unsigned long long)((qq & 7) | (qq < 0) << 3) << 1;   // CUDA specifies the quotient's sign and 3 low bits only
    double f = frexp(a, &e);
    q[4] = __double_as_longlong(f) + (unsigned)e;
    q[5] = __double_as_longlong(ldexp(a, (int)(b * 10) % 2100));
    q[6] = __double_as_longlong(modf(a, &ip)) ^ __double_as_longlong(ip);
    q[7] = __double_as_longlong(nextafter(a, b));
    q[8] = (unsigned long long)(long long)ilogb(a) ^ (unsigned long long)logb(b);
    q[9] = __double_as_longlong(scalbn(b, -1074)) ^ __double_as_longlong(copysign(a, b));
    q[10] = __double_as_longlong(round(a)) ^ __double_as_longlong(rint(b)) << 1;
    q[11] = __double_as_longlong(__dsqrt_rd(fabs(a))) ^ __double_as_longlong(__dsqrt_ru(fabs(b)));
    q[12] = __double_as_longlong(__drcp_rn(a)) ^ __double_as_longlong(__drcp_rz(b)) * 3;
    q[13] = __double_as_longlong(__ddiv_ru(a, b)) ^ __double_as_longlong(__ddiv_rd(b, a)) * 5;
    q[14] = __double_as_longlong(__fma_rz(a, b, 1.0)) ^ __double_as_longlong(__dmul_rn(a, b)) * 7;
    q[15] = __double_as_longlong(fdim(a, b)) ^ __double_as_longlong(fmin(a, b)) * 11 ^ __double_as_longlong(fmax(a, b)) * 13;
    q[16] = __double_as_longlong(fma(b, a, b));
    q[17] = __double_as_longlong(cbrt(a)) ^ __double_as_longlong(sqrt(fabs(b))) * 17;
    q[18] = (unsigned long long)isnan(a) | isinf(b) << 1 | signbit(a) << 2 | isfinite(b) << 3 | (a < b) << 4 | (a == b) << 5 | (a != b) << 6 | (!(a >= b)) << 7;
    q[19] = (unsigned long long)llrint(fabs(a) < 1e18 ? a : 0) ^ (unsigned long long)lround(fabs(b) < 1e18 ? b : 0) << 3;
}

int main() {
    const double inf = __builtin_inf(), nan = __builtin_nan("");
    double xs[] = {0.0, -0.0, 1.0, -1.5, 2.5, 3.5, 1e308, 4.9e-324, -2.2250738585072014e-308, 1.5e308, inf, -inf, nan,
                   10.0, -7.25, 123456789.125, 0.1, 1.0 / 3.0, 5e-324, 6.02214076e23, -1e-300, 4503599627370497.0, 0.5, 7.0};
    double ys[] = {3.0, 2.0, -0.0, 0.75, -2.0, 1e-310, inf, 0.3, 7.0, -1e300, 5.0, 2.5, 1.0, 3.0, 0.5, -1024.0, 0.1, 1e-5, -5e-324, 3.0, -1.0,
                   2.0, 0.5, nan};
    const int n = sizeof xs / sizeof xs[0];
    double *dx, *dy; unsigned long long *o, h[n * 20];
    cudaMalloc(&dx, sizeof xs); cudaMalloc(&dy, sizeof ys); cudaMalloc(&o, sizeof h);
    cudaMemcpy(dx, xs, sizeof xs, cudaMemcpyHostToDevice); cudaMemcpy(dy, ys, sizeof ys, cudaMemcpyHostToDevice);
    k<<<3, 10>>>(dx, dy, n, o);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        printf("%a %a:", xs[i], ys[i]);
        for (int j = 0; j < 20; j++) printf(" %llx", h[i * 20 + j]);
        printf("\n");
    }
    return 0;
}
