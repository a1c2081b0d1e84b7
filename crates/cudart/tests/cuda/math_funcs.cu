// The CUDA math library (f32 and f64) against the host libm.
#include "common.h"
#include <cmath>
__global__ void f32(const float* x, float* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  float v = x[i];
  o[i*12+0] = sinf(v); o[i*12+1] = cosf(v); o[i*12+2] = expf(v * 0.1f); o[i*12+3] = logf(fabsf(v) + 1);
  o[i*12+4] = powf(fabsf(v), 1.3f); o[i*12+5] = erff(v * 0.1f); o[i*12+6] = tanhf(v * 0.1f); o[i*12+7] = atan2f(v, 3.0f);
  o[i*12+8] = sqrtf(fabsf(v)); o[i*12+9] = cbrtf(v); o[i*12+10] = lgammaf(fabsf(v) + 0.5f); o[i*12+11] = __expf(v * 0.1f);
}
__global__ void f64(const double* x, double* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  double v = x[i];
  o[i*8+0] = sin(v); o[i*8+1] = exp(v * 0.1); o[i*8+2] = log1p(fabs(v)); o[i*8+3] = pow(fabs(v), 0.7);
  o[i*8+4] = erfc(v * 0.1); o[i*8+5] = asinh(v); o[i*8+6] = fmod(v, 1.7); o[i*8+7] = rsqrt(fabs(v) + 1.0);
}
int main() {
  const int n = 1000;
  float hx[n]; double dx[n];
  for (int i = 0; i < n; i++) { hx[i] = (i - 500) * 0.037f; dx[i] = (i - 500) * 0.037; }
  float *dxf, *dof; double *dxd, *dod;
  CK(cudaMalloc(&dxf, n*4)); CK(cudaMalloc(&dof, n*48)); CK(cudaMalloc(&dxd, n*8)); CK(cudaMalloc(&dod, n*64));
  CK(cudaMemcpy(dxf, hx, n*4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dxd, dx, n*8, cudaMemcpyHostToDevice));
  f32<<<(n+127)/128, 128>>>(dxf, dof, n); f64<<<(n+127)/128, 128>>>(dxd, dod, n); CK(cudaDeviceSynchronize());
  static float of[n*12]; static double od[n*8];
  CK(cudaMemcpy(of, dof, n*48, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(od, dod, n*64, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    double v = hx[i];
    double w[12] = { sin(v), cos(v), exp(v*0.1f), log(fabs(v)+1), pow(fabs(v), 1.3), erf(v*0.1f), tanh(v*0.1f), atan2(v, 3.0), sqrt(fabs(v)), cbrt(v), lgamma(fabs(v)+0.5), exp(v*0.1f) };
    for (int j = 0; j < 12; j++) { double tol = 1e-5 * fmax(1.0, fabs(w[j])); if (fabs(of[i*12+j] - w[j]) > tol) { printf("FAIL f32 i=%d j=%d got %.9g want %.9g\n", i, j, of[i*12+j], w[j]); return 1; } }
    double u = dx[i];
    double wd[8] = { sin(u), exp(u*0.1), log1p(fabs(u)), pow(fabs(u), 0.7), erfc(u*0.1), asinh(u), fmod(u, 1.7), 1.0/sqrt(fabs(u)+1.0) };
    for (int j = 0; j < 8; j++) { double tol = 1e-13 * fmax(1.0, fabs(wd[j])); if (fabs(od[i*8+j] - wd[j]) > tol) { printf("FAIL f64 i=%d j=%d got %.17g want %.17g\n", i, j, od[i*8+j], wd[j]); return 1; } }
  }
  printf("PASS\n");
}
