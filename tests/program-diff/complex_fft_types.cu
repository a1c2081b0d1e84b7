// Complex arithmetic three ways: cuComplex.h (cuCaddf/cuCmulf/cuCdivf/cuCabsf/cuConjf and the
// double versions), thrust::complex<float/double> (operators, abs, arg, exp, log, pow, sqrt,
// polar, proj) and a user struct; a radix-2 DIT FFT of 64 points in shared memory using
// cuDoubleComplex twiddles from a __constant__ table, checked against a host DFT; complex
// division by tiny and huge denominators (cuCdivf scales, so no overflow).
#include <cstdio>
#include <cmath>
#include <cuComplex.h>
#include <thrust/complex.h>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define N 64
#define LOGN 6

__constant__ cuDoubleComplex c_tw[N / 2];

__global__ void fft64(const cuDoubleComplex* in, cuDoubleComplex* out) {
    __shared__ cuDoubleComplex s[N];
    int t = threadIdx.x;
    s[__brev(t) >> (32 - LOGN)] = in[t];
    __syncthreads();
    for (int len = 2; len <= N; len <<= 1) {
        int half = len >> 1;
        if (t < N / 2) {
            int grp = t / half, k = t % half;
            int i = grp * len + k, j = i + half;
            cuDoubleComplex w = c_tw[k * (N / len)];
            cuDoubleComplex v = cuCmul(w, s[j]), u = s[i];
            s[i] = cuCadd(u, v);
            s[j] = cuCsub(u, v);
        }
        __syncthreads();
    }
    out[t] = s[t];
}

__global__ void ops(float* o, double* od) {
    cuFloatComplex a = make_cuFloatComplex(3.0f, -4.0f), b = make_cuFloatComplex(0.5f, 2.0f);
    cuFloatComplex q = cuCdivf(a, b), m = cuCmulf(a, cuConjf(b));
    o[0] = cuCrealf(q); o[1] = cuCimagf(q); o[2] = cuCrealf(m); o[3] = cuCimagf(m); o[4] = cuCabsf(a);
    cuFloatComplex big = make_cuFloatComplex(1e30f, 1e30f), small = make_cuFloatComplex(1e-30f, -1e-30f);
    cuFloatComplex q2 = cuCdivf(big, big), q3 = cuCdivf(small, small), q4 = cuCdivf(a, make_cuFloatComplex(3e38f, 3e38f));
    o[5] = cuCrealf(q2); o[6] = cuCimagf(q2); o[7] = cuCrealf(q3); o[8] = cuCimagf(q3); o[9] = cuCrealf(q4); o[10] = cuCimagf(q4);
    o[11] = cuCabsf(make_cuFloatComplex(3e38f, 4e38f));
    thrust::complex<float> x(1.25f, -0.5f), y(-2.0f, 0.75f);
    thrust::complex<float> z = x * y + x / y - thrust::conj(y);
    o[12] = z.real(); o[13] = z.imag();
    o[14] = thrust::abs(y); o[15] = thrust::norm(x);
    thrust::complex<double> p(0.3, -1.1), r(2.0, 0.5);
    auto e = thrust::exp(p), l = thrust::log(r), pw = thrust::pow(p, r), sq = thrust::sqrt(thrust::complex<double>(-3.0, 4.0));
    od[0] = e.real(); od[1] = e.imag(); od[2] = l.real(); od[3] = l.imag(); od[4] = pw.real(); od[5] = pw.imag();
    od[6] = sq.real(); od[7] = sq.imag();
    auto pl = thrust::polar(3.0, -0.4);
    od[8] = pl.real(); od[9] = pl.imag(); od[10] = thrust::arg(p);
    cuDoubleComplex dq = cuCdiv(make_cuDoubleComplex(1.0, 2.0), make_cuDoubleComplex(3.0, -1.0));
    od[11] = cuCreal(dq); od[12] = cuCimag(dq); od[13] = cuCabs(make_cuDoubleComplex(-5.0, 12.0));
    cuDoubleComplex fd = cuComplexFloatToDouble(a);
    od[14] = cuCreal(fd) + 10 * cuCimag(fd);
    od[15] = cuCrealf(cuComplexDoubleToFloat(make_cuDoubleComplex(1.0 / 3.0, 0)));
}

int main() {
    cuDoubleComplex tw[N / 2], h[N];
    const double pi = 3.14159265358979323846;
    for (int k = 0; k < N / 2; ++k) tw[k] = make_cuDoubleComplex(cos(-2 * pi * k / N), sin(-2 * pi * k / N));
    CK(cudaMemcpyToSymbol(c_tw, tw, sizeof tw));
    for (int i = 0; i < N; ++i) h[i] = make_cuDoubleComplex((i % 7) - 3.0 + 0.125 * i, (i % 3) * 0.5);
    cuDoubleComplex *d_in, *d_out;
    CK(cudaMalloc(&d_in, sizeof h)); CK(cudaMallocManaged(&d_out, sizeof h));
    CK(cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice));
    fft64<<<1, N>>>(d_in, d_out);
    CK(cudaDeviceSynchronize());
    double maxerr = 0;
    for (int k = 0; k < N; ++k) {
        double re = 0, im = 0;
        for (int n = 0; n < N; ++n) { double a = -2 * pi * (double)((k * n) % N) / N; re += h[n].x * cos(a) - h[n].y * sin(a); im += h[n].x * sin(a) + h[n].y * cos(a); }
        maxerr = fmax(maxerr, fmax(fabs(re - d_out[k].x), fabs(im - d_out[k].y)));
    }
    printf("fft64 vs DFT: %s\n", maxerr < 1e-9 ? "ok" : "BAD");
    for (int k = 0; k < N; k += 9) printf("X[%d] = %a %a\n", k, d_out[k].x, d_out[k].y);
    float* o; double* od;
    CK(cudaMallocManaged(&o, 16 * sizeof(float))); CK(cudaMallocManaged(&od, 16 * sizeof(double)));
    ops<<<1, 1>>>(o, od);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < 16; ++i) printf("f[%d] = %a\n", i, o[i]);
    for (int i = 0; i < 16; ++i) printf("d[%d] = %a\n", i, od[i]);
    return 0;
}
