// Separate compilation (the guide's nvcc chapter): three translation units compiled with -dc (or
// -rdc=true -c) and linked by nvcc; explicit_dlink/ links them with an explicit -dlink step and
// device_library/ with vecmath.cu archived in a static library of device code.
// main.cu launches a kernel defined in particles.cu, calls library device functions from
// its own kernel, and reads an extern __device__ variable defined in the library.
#include "../guide.h"
#include "vecmath.h"
__global__ void energy(const Vec2* vel, float* e, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) e[i] = 0.5f * vdot(vel[i], vel[i]);
}
__global__ void read_calls(int* out) { *out = vecmath_calls; }
int main() {
  const int n = 256, steps = 4;
  const float dt = 0.5f;  // powers of two and small integers: every value exact in float
  Vec2 hp[n], hv[n];
  for (int i = 0; i < n; i++) { hp[i] = {(float)i, 0.f}; hv[i] = {1.f, (float)(i % 8)}; }
  Vec2 *p, *v; float* e;
  CK(cudaMalloc(&p, sizeof(hp))); CK(cudaMalloc(&v, sizeof(hv))); CK(cudaMalloc(&e, n * 4));
  CK(cudaMemcpy(p, hp, sizeof(hp), cudaMemcpyHostToDevice)); CK(cudaMemcpy(v, hv, sizeof(hv), cudaMemcpyHostToDevice));
  set_gravity(0.f, -2.f);
  for (int s = 0; s < steps; s++) step<<<n / 64, 64>>>(p, v, n, dt);
  CK(cudaGetLastError());
  energy<<<n / 64, 64>>>(v, e, n);
  Vec2 rp[n], rv[n]; float re[n];
  CK(cudaMemcpy(rp, p, sizeof(rp), cudaMemcpyDeviceToHost)); CK(cudaMemcpy(rv, v, sizeof(rv), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(re, e, sizeof(re), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; i++) {
    Vec2 pp = hp[i], vv = hv[i];
    for (int s = 0; s < steps; s++) {
      vv = {vv.x + 0.f * dt, vv.y + -2.f * dt};
      pp = {pp.x + vv.x * dt, pp.y + vv.y * dt};
    }
    ok &= rp[i].x == pp.x && rp[i].y == pp.y && rv[i].x == vv.x && rv[i].y == vv.y && re[i] == 0.5f * (vv.x * vv.x + vv.y * vv.y);
  }
  check(ok, "kernel from another translation unit, library device functions, extern __constant__");
  int* dc; int calls = 0;
  CK(cudaMalloc(&dc, 4));
  read_calls<<<1, 1>>>(dc);
  CK(cudaMemcpy(&calls, dc, 4, cudaMemcpyDeviceToHost));
  check(calls == n * steps * 4, "extern __device__ variable from the library counts every call");
  int sym = -1;
  CK(cudaMemcpyFromSymbol(&sym, vecmath_calls, sizeof(int)));
  check(sym == calls, "cudaMemcpyFromSymbol on a variable defined in another translation unit");
  return finish();
}
