// The C++11 <cmath> overloads for float in device code (erf(x), fmax(x, y), round(x), ... with
// float arguments, unqualified, std::-qualified and from a template), which CUDA's
// math_functions.hpp defines: each must be its f-suffixed function, bit for bit, over arguments
// of both signs, zero, halfway cases and large values. Built by `cuprite nvcc`
// (tests/cuprite_math.rs); prints each disagreement, then PASS or FAIL.
#include <cmath>
#include <cstdio>
#include <cstring>

#define UNARY(X) X(acosh, acoshf) X(asinh, asinhf) X(atanh, atanhf) X(cbrt, cbrtf) X(erf, erff) X(erfc, erfcf) \
    X(exp2, exp2f) X(expm1, expm1f) X(lgamma, lgammaf) X(log1p, log1pf) X(log2, log2f) X(logb, logbf) \
    X(nearbyint, nearbyintf) X(rint, rintf) X(round, roundf) X(tgamma, tgammaf) X(trunc, truncf)
#define BINARY(X) X(copysign, copysignf) X(fdim, fdimf) X(fmax, fmaxf) X(fmin, fminf) X(hypot, hypotf) \
    X(nextafter, nextafterf) X(remainder, remainderf)
#define COUNT(a, b) +1
constexpr int kUnary = 0 UNARY(COUNT), kBinary = 0 BINARY(COUNT), kPerInput = 2 * (kUnary + kBinary) + 14;

// T is float here: the overloads are found at instantiation, as library templates call them.
template <typename T> __device__ int overloads(T x, T y, float* o) {
    int i = 0;
#define CALL1(f, ff) o[i++] = f(x); o[i++] = ff(x);
#define CALL2(f, ff) o[i++] = f(x, y); o[i++] = ff(x, y);
    UNARY(CALL1) BINARY(CALL2)
    int q1 = 0, q2 = 0;
    o[i++] = std::fma(x, y, T(0.25)); o[i++] = fmaf(x, y, 0.25f);
    o[i++] = std::scalbn(x, 5); o[i++] = scalbnf(x, 5);
    o[i++] = scalbln(x, -3L); o[i++] = scalblnf(x, -3L);
    o[i++] = remquo(x, y, &q1); o[i++] = remquof(x, y, &q2);
    o[i++] = (float)q1; o[i++] = (float)q2;
    o[i++] = (float)(ilogb(x) + 1000 * lround(x)); o[i++] = (float)(ilogbf(x) + 1000 * lroundf(x));
    o[i++] = (float)(llrint(x) - lrint(y) + llround(y)); o[i++] = (float)(llrintf(x) - lrintf(y) + llroundf(y));
    return i;
}

__global__ void kernel(const float* in, int n, float* out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n) overloads(in[t], in[(t + 1) % n] + 0.5f, out + t * kPerInput);
}

int main() {
    const float inputs[] = {0.0f, -0.0f, 0.5f, -0.5f, 1.5f, -2.5f, 0.75f, 3.0f, -7.25f, 100.0f, 1e-3f, 0.999f, 30.5f, -0.3f};
    const int n = sizeof inputs / sizeof inputs[0];
    float *din, *dout;
    cudaMalloc(&din, sizeof inputs);
    cudaMalloc(&dout, n * kPerInput * sizeof(float));
    cudaMemcpy(din, inputs, sizeof inputs, cudaMemcpyHostToDevice);
    kernel<<<1, 32>>>(din, n, dout);
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    if (e != cudaSuccess) { printf("FAIL: %s\n", cudaGetErrorString(e)); return 1; }
    static float out[n * kPerInput];
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int t = 0; t < n; t++)
        for (int k = 0; k < kPerInput; k += 2) {
            const float* o = out + t * kPerInput + k;
            if (std::memcmp(&o[0], &o[1], sizeof(float)) != 0) { printf("input %g result %d: overload %a, f-function %a\n", inputs[t], k / 2, o[0], o[1]); bad++; }
        }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
