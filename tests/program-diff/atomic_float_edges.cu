// atomicAdd on floats at the edges: NaN payloads (quiet, signaling, signed), infinities of
// opposite signs, subnormals; f32 in global and shared memory (global flushes subnormals,
// shared does not; both give the canonical NaN), f64 in global memory (a NaN operand is kept
// as it is, the added value's first). Printed as bits.
#include <cstdio>
__global__ void k(float* c, const float* v, double* d, const double* dv, float* sc) {
  __shared__ float s[8];
  int t = threadIdx.x;
  s[t] = c[t];
  __syncthreads();
  atomicAdd(&s[t], v[t]);
  __syncthreads();
  sc[t] = s[t];
  float old = atomicAdd(&c[t], v[t]);
  atomicAdd(&d[t], dv[t]);
}
int main() {
  unsigned cb[8] = {0x7fc01234u, 0x00000001u, 0x80000003u, 0x00800000u, 0x3f800000u, 0xffc05678u, 0x00000005u, 0x7f801234u};
  unsigned vb[8] = {0x3f800000u, 0x00000001u, 0x00000001u, 0x80000001u, 0x00000001u, 0x7fc0beefu, 0x3f800000u, 0x7fc0beefu};
  unsigned long long cd[8] = {0xfff8000000005678ull, 0x7ff8000000001234ull, 0x7ff0000000000001ull, 0x0000000000000001ull, 0x3ff0000000000000ull, 0xfff8000000000001ull, 0x7ff0000000000000ull, 0x7ff8000000000002ull};
  unsigned long long vd[8] = {0xfff800000000beefull, 0xfff800000000abcdull, 0x3ff0000000000000ull, 0x0000000000000001ull, 0x7ff0000000000005ull, 0x3ff0000000000000ull, 0xfff0000000000000ull, 0x7ff0000000000003ull};
  float *c, *v, *sc; double *d, *dv;
  cudaMalloc(&c, 32); cudaMalloc(&v, 32); cudaMalloc(&sc, 32); cudaMalloc(&d, 64); cudaMalloc(&dv, 64);
  cudaMemcpy(c, cb, 32, cudaMemcpyHostToDevice); cudaMemcpy(v, vb, 32, cudaMemcpyHostToDevice);
  cudaMemcpy(d, cd, 64, cudaMemcpyHostToDevice); cudaMemcpy(dv, vd, 64, cudaMemcpyHostToDevice);
  k<<<1, 8>>>(c, v, d, dv, sc);
  unsigned sb[8];
  cudaMemcpy(cb, c, 32, cudaMemcpyDeviceToHost); cudaMemcpy(cd, d, 64, cudaMemcpyDeviceToHost); cudaMemcpy(sb, sc, 32, cudaMemcpyDeviceToHost);
  printf("global f32: "); for (int i = 0; i < 8; i++) printf("%08x ", cb[i]); printf("\n");
  printf("shared f32: "); for (int i = 0; i < 8; i++) printf("%08x ", sb[i]); printf("\n");
  printf("global f64: "); for (int i = 0; i < 8; i++) printf("%016llx ", cd[i]); printf("\n");
}
