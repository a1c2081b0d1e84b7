// A kernel and a __constant__ variable in their own translation unit, calling device functions of
// the library.
#include <cuda_runtime.h>
#include "vecmath.h"
__constant__ float gravity[2];
__global__ void step(Vec2* pos, Vec2* vel, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Vec2 g = {gravity[0], gravity[1]};
  vel[i] = vadd(vel[i], vscale(g, dt));
  pos[i] = vadd(pos[i], vscale(vel[i], dt));
}
void set_gravity(float gx, float gy) {
  float g[2] = {gx, gy};
  cudaMemcpyToSymbol(gravity, g, sizeof(g));
}
