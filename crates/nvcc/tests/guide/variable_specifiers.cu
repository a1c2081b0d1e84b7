// Variable memory space specifiers and qualifiers: __device__ and __constant__ with initializers,
// static __shared__ arrays, volatile shared memory, __restrict__ pointers, __grid_constant__
// parameters whose address is taken, and local arrays indexed dynamically.
#include "guide.h"
__device__ int dev_table[5] = {2, 3, 5, 7, 11};
__constant__ float coeffs[4] = {0.5f, 0.25f, 0.125f, 0.0625f};
__device__ unsigned long long dev_scalar = 0x0123456789abcdefULL;
struct Params { int n; float scale; int lut[8]; };
__global__ void grid_const(const __grid_constant__ Params p, float* out) {
  const Params* pp = &p;  // taking the address is allowed for __grid_constant__
  int i = threadIdx.x;
  if (i < pp->n) out[i] = pp->scale * pp->lut[i % 8];
}
__global__ void restrict_add(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] * coeffs[i % 4] + b[i];
}
__global__ void volatile_warp_sum(const int* in, int* out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 32) {
    volatile int* v = s;
    v[t] += v[t + 32]; __syncwarp();
    if (t < 16) v[t] += v[t + 16]; __syncwarp();
    if (t < 8) v[t] += v[t + 8]; __syncwarp();
    if (t < 4) v[t] += v[t + 4]; __syncwarp();
    if (t < 2) v[t] += v[t + 2]; __syncwarp();
    if (t < 1) v[t] += v[t + 1];
  }
  if (t == 0) *out = s[0];
}
__global__ void locals(int* out, int k) {
  int local[16];
  for (int i = 0; i < 16; i++) local[i] = dev_table[i % 5] * (i + threadIdx.x);
  out[threadIdx.x] = local[(threadIdx.x + k) % 16] + (int)(dev_scalar >> 60);
}
int main() {
  Params p{20, 1.5f, {1, 2, 3, 4, 5, 6, 7, 8}};
  float* out;
  CK(cudaMalloc(&out, 256 * sizeof(float)));
  grid_const<<<1, 32>>>(p, out);
  float h[256];
  CK(cudaMemcpy(h, out, 20 * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 20; i++) ok &= h[i] == 1.5f * p.lut[i % 8];
  check(ok, "__grid_constant__ parameter read through its address");
  const int n = 200;
  float ha[n], hb[n];
  for (int i = 0; i < n; i++) { ha[i] = i; hb[i] = 1000 - i; }
  float *a, *b;
  CK(cudaMalloc(&a, n * 4)); CK(cudaMalloc(&b, n * 4));
  CK(cudaMemcpy(a, ha, sizeof(ha), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(b, hb, sizeof(hb), cudaMemcpyHostToDevice));
  restrict_add<<<2, 128>>>(a, b, out, n);
  CK(cudaMemcpy(h, out, n * 4, cudaMemcpyDeviceToHost));
  const float c[4] = {0.5f, 0.25f, 0.125f, 0.0625f};
  ok = true;
  for (int i = 0; i < n; i++) ok &= h[i] == ha[i] * c[i % 4] + hb[i];
  check(ok, "__restrict__ pointers and an initialized __constant__ array");
  int hin[64], *din, *dsum;
  int want = 0;
  for (int i = 0; i < 64; i++) { hin[i] = i * 3 - 17; want += hin[i]; }
  CK(cudaMalloc(&din, sizeof(hin))); CK(cudaMalloc(&dsum, sizeof(int)));
  CK(cudaMemcpy(din, hin, sizeof(hin), cudaMemcpyHostToDevice));
  volatile_warp_sum<<<1, 64>>>(din, dsum);
  int got = 0;
  CK(cudaMemcpy(&got, dsum, sizeof(int), cudaMemcpyDeviceToHost));
  check(got == want, "volatile shared-memory warp reduction");
  locals<<<1, 64>>>(din, 5);
  int hl[64];
  CK(cudaMemcpy(hl, din, sizeof(hl), cudaMemcpyDeviceToHost));
  const int tbl[5] = {2, 3, 5, 7, 11};
  ok = true;
  for (int t = 0; t < 64; t++) { int i = (t + 5) % 16; ok &= hl[t] == tbl[i % 5] * (i + t) + 0; }
  check(ok, "initialized __device__ arrays/scalars and a dynamically indexed local array");
  return finish();
}
