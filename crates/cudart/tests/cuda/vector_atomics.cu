// sm_90 vector atomics: atomicAdd on float2 and float4 (atom.global.v2/v4.f32), element by element, returning the old values.
#include "common.h"
__global__ void k(float2* a, float4* b, float* olds) {
  float2 o = atomicAdd(a, make_float2(1.f, 2.f));
  atomicAdd(b, make_float4(1.f, 2.f, 3.f, 4.f));
  olds[threadIdx.x] = o.x + o.y;
}
int main() {
  float2* a; float4* b; float* olds; CK(cudaMallocManaged(&a, 8)); CK(cudaMallocManaged(&b, 16)); CK(cudaMallocManaged(&olds, 4 * 256));
  *a = make_float2(0, 0); *b = make_float4(0, 0, 0, 0);
  k<<<1, 256>>>(a, b, olds); CK(cudaDeviceSynchronize());
  EXPECT(a->x == 256 && a->y == 512 && b->x == 256 && b->y == 512 && b->z == 768 && b->w == 1024);
  bool seen0 = false; for (int i = 0; i < 256; i++) { float v = olds[i]; EXPECT(fmodf(v, 3.0f) == 0 && v >= 0 && v <= 255 * 3); seen0 |= v == 0; }
  EXPECT(seen0);
  printf("PASS\n");
}
