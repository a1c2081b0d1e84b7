// cuCdiv and cuCdivf by zero (and by infinities and NaNs) on the device and on the host: the
// bits of each part (the sign of a NaN included), and device printf's %f of them.
#include <cstdio>
#include <cstring>
#include <cmath>
#include <cuComplex.h>
#include <cuda_runtime.h>

#define NC 8
__host__ __device__ static void cases_d(cuDoubleComplex *num, cuDoubleComplex *den) {
  double inf = INFINITY, nan = NAN;
  num[0] = make_cuDoubleComplex(1.0, 2.0);  den[0] = make_cuDoubleComplex(0.0, 0.0);
  num[1] = make_cuDoubleComplex(0.0, 0.0);  den[1] = make_cuDoubleComplex(0.0, 0.0);
  num[2] = make_cuDoubleComplex(-1.0, 0.0); den[2] = make_cuDoubleComplex(-0.0, 0.0);
  num[3] = make_cuDoubleComplex(1.0, -1.0); den[3] = make_cuDoubleComplex(0.0, -0.0);
  num[4] = make_cuDoubleComplex(inf, 1.0);  den[4] = make_cuDoubleComplex(0.0, 0.0);
  num[5] = make_cuDoubleComplex(1.0, 1.0);  den[5] = make_cuDoubleComplex(inf, 0.0);
  num[6] = make_cuDoubleComplex(nan, 1.0);  den[6] = make_cuDoubleComplex(1.0, 0.0);
  num[7] = make_cuDoubleComplex(-nan, 1.0); den[7] = make_cuDoubleComplex(0.0, 0.0);
}
__global__ void dev(cuDoubleComplex *qd, cuFloatComplex *qf) {
  cuDoubleComplex num[NC], den[NC];
  cases_d(num, den);
  for (int i = 0; i < NC; i++) {
    qd[i] = cuCdiv(num[i], den[i]);
    qf[i] = cuCdivf(cuComplexDoubleToFloat(num[i]), cuComplexDoubleToFloat(den[i]));
    printf("device %d: %f %f | %f %f\n", i, cuCreal(qd[i]), cuCimag(qd[i]), (double)cuCrealf(qf[i]), (double)cuCimagf(qf[i]));
  }
}
static unsigned long long bd(double x) { unsigned long long u; memcpy(&u, &x, 8); return u; }
static unsigned bf(float x) { unsigned u; memcpy(&u, &x, 4); return u; }

int main() {
  cuDoubleComplex *qd, hq[NC];
  cuFloatComplex *qf, hf[NC];
  cudaMalloc(&qd, sizeof hq);
  cudaMalloc(&qf, sizeof hf);
  dev<<<1, 1>>>(qd, qf);
  printf("sync %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  cudaMemcpy(hq, qd, sizeof hq, cudaMemcpyDeviceToHost);
  cudaMemcpy(hf, qf, sizeof hf, cudaMemcpyDeviceToHost);
  cuDoubleComplex num[NC], den[NC];
  cases_d(num, den);
  for (int i = 0; i < NC; i++) {
    cuDoubleComplex h = cuCdiv(num[i], den[i]);
    cuFloatComplex g = cuCdivf(cuComplexDoubleToFloat(num[i]), cuComplexDoubleToFloat(den[i]));
    printf("%d device %016llx %016llx %08x %08x host %016llx %016llx %08x %08x\n", i, bd(cuCreal(hq[i])),
           bd(cuCimag(hq[i])), bf(cuCrealf(hf[i])), bf(cuCimagf(hf[i])), bd(cuCreal(h)), bd(cuCimag(h)),
           bf(cuCrealf(g)), bf(cuCimagf(g)));
  }
  return 0;
}
