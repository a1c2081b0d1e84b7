// diff-tolerance: 2e-5 (the fast-math __expf/__logf/__fdividef are approximations)
// The CUDA sample BlackScholes' kernel (CND polynomial, expf/logf/sqrtf, __fdividef), prints values.
#include <cstdio>
__device__ inline float cndGPU(float d) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f, A5 = 1.330274429f, RSQRT2PI = 0.39894228040143267793994605993438f;
  float K = __fdividef(1.0f, (1.0f + 0.2316419f * fabsf(d)));
  float cnd = RSQRT2PI * __expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0) cnd = 1.0f - cnd;
  return cnd;
}
__global__ void bs(float* call, float* put, const float* S, const float* X, const float* T, float R, float V, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float sqrtT = __fdividef(1.0F, rsqrtf(T[i]));
    float d1 = __fdividef(__logf(S[i] / X[i]) + (R + 0.5f * V * V) * T[i], V * sqrtT);
    float d2 = d1 - V * sqrtT;
    float expRT = __expf(-R * T[i]);
    call[i] = S[i] * cndGPU(d1) - X[i] * expRT * cndGPU(d2);
    put[i] = X[i] * expRT * (1.0f - cndGPU(d2)) - S[i] * (1.0f - cndGPU(d1));
  }
}
__global__ void precise(double* out, const float* S, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  double x = S[i];
  out[i] = exp(-x / 30.0) * log(x) + sqrt(x) * sin(x) - cbrt(x) * tanh(x / 50.0) + erfc(x / 40.0) + pow(x, 0.37) + atan(x) + lgamma(x / 7.0);
}
int main() {
  const int n = 4000;
  float *hS = new float[n], *hX = new float[n], *hT = new float[n];
  unsigned s = 1; auto rnd = [&](float lo, float hi) { s = s * 1664525u + 1013904223u; return lo + (hi - lo) * ((s >> 8) / 16777216.0f); };
  for (int i = 0; i < n; i++) { hS[i] = rnd(5.0f, 30.0f); hX[i] = rnd(1.0f, 100.0f); hT[i] = rnd(0.25f, 10.0f); }
  float *S, *X, *T, *C, *P; double* D;
  cudaMalloc(&S, n * 4); cudaMalloc(&X, n * 4); cudaMalloc(&T, n * 4); cudaMalloc(&C, n * 4); cudaMalloc(&P, n * 4); cudaMalloc(&D, n * 8);
  cudaMemcpy(S, hS, n * 4, cudaMemcpyHostToDevice); cudaMemcpy(X, hX, n * 4, cudaMemcpyHostToDevice); cudaMemcpy(T, hT, n * 4, cudaMemcpyHostToDevice);
  bs<<<32, 128>>>(C, P, S, X, T, 0.02f, 0.30f, n); precise<<<(n + 127) / 128, 128>>>(D, S, n);
  float* hc = new float[n]; float* hp = new float[n]; double* hd = new double[n];
  cudaMemcpy(hc, C, n * 4, cudaMemcpyDeviceToHost); cudaMemcpy(hp, P, n * 4, cudaMemcpyDeviceToHost); cudaMemcpy(hd, D, n * 8, cudaMemcpyDeviceToHost);
  double sc = 0, sp = 0, sd = 0; for (int i = 0; i < n; i++) { sc += hc[i]; sp += hp[i]; sd += hd[i]; }
  printf("sum call %.3f put %.3f precise %.9f\n", sc, sp, sd);
  for (int i = 0; i < n; i += 397) printf("%d: call %.9g put %.9g precise %.17g\n", i, hc[i], hp[i], hd[i]);
  return 0;
}
