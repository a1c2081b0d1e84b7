#include <cmath>
#include <cstdio>
// <cmath> functions in device code, compared with the host's libm on the same inputs.
__global__ void eval(const double *x, double *y, float *yf, int n) {
  int i = threadIdx.x;
  if (i < n) {
    y[i] = std::sin(x[i]) + std::exp(x[i] / 4) + std::sqrt(x[i] + 1) + std::pow(x[i], 1.5) + std::log1p(x[i]);
    yf[i] = sinf((float)x[i]) * cosf((float)x[i]) + std::fabs(std::tanh((float)x[i]));
  }
}
int main() {
  const int n = 32;
  double hx[n], hy[n];
  float hyf[n];
  for (int i = 0; i < n; i++) hx[i] = 0.37 * i;
  double *dx, *dy;
  float *dyf;
  cudaMalloc(&dx, sizeof hx);
  cudaMalloc(&dy, sizeof hy);
  cudaMalloc(&dyf, sizeof hyf);
  cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice);
  eval<<<1, n>>>(dx, dy, dyf, n);
  cudaMemcpy(hy, dy, sizeof hy, cudaMemcpyDeviceToHost);
  cudaMemcpy(hyf, dyf, sizeof hyf, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) {
    double x = hx[i];
    double want = std::sin(x) + std::exp(x / 4) + std::sqrt(x + 1) + std::pow(x, 1.5) + std::log1p(x);
    float wantf = sinf((float)x) * cosf((float)x) + std::fabs(std::tanh((float)x));
    // Double functions: within a few ulp of the sum; float ones within 1e-5 relative.
    if (std::fabs(hy[i] - want) > 1e-14 * std::fabs(want) || std::fabs(hyf[i] - wantf) > 1e-5f * (1 + std::fabs(wantf))) {
      printf("FAIL at %d: %.17g vs %.17g, %.9g vs %.9g\n", i, hy[i], want, hyf[i], wantf);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
