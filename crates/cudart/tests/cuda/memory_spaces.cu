// Memory spaces at their limits: 64 KiB of __constant__ (symbol copies with offsets, async), a 3D grid of 3D blocks, 96 KB of dynamic shared memory after the opt-in, 64-bit shared atomics, structs returned by value and recursion with local arrays.
#include "common.h"
#include <vector>
__constant__ float cw[16384];  // 64 KiB of constant memory
__global__ void conv(const float* in, float* out, int n, int taps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  float s = 0; for (int t = 0; t < taps; t++) s += cw[t] * in[(i + t) % n]; out[i] = s;
}
__global__ void stencil3d(const float* in, float* out, int N) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < 1 || y < 1 || z < 1 || x >= N - 1 || y >= N - 1 || z >= N - 1) return;
  auto at = [&](int a, int b, int c) { return in[(c * N + b) * N + a]; };
  out[(z * N + y) * N + x] = at(x, y, z) * 6 - at(x - 1, y, z) - at(x + 1, y, z) - at(x, y - 1, z) - at(x, y + 1, z) - at(x, y, z - 1) - at(x, y, z + 1);
}
__global__ void bigsmem(const float4* in, float4* out, int n) {
  extern __shared__ __align__(16) float4 s4[];
  for (int i = threadIdx.x; i < n; i += blockDim.x) s4[i] = in[i];
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x) { float4 v = s4[n - 1 - i]; out[i] = make_float4(v.w, v.z, v.y, v.x); }
}
__global__ void shared64(unsigned long long* out, double* dout) {
  __shared__ unsigned long long u; __shared__ double d;
  if (threadIdx.x == 0) { u = 0; d = 0; }
  __syncthreads();
  atomicAdd(&u, (unsigned long long)threadIdx.x << 33); atomicAdd(&d, 0.5); atomicMax(&u, 1ull);
  __syncthreads();
  if (threadIdx.x == 0) { *out = u; *dout = d; }
}
struct Big { double v[6]; int tag; };
__device__ Big make_big(int k) { Big b; for (int i = 0; i < 6; i++) b.v[i] = k * i; b.tag = k; return b; }
__device__ int deep(int n, int* scratch) { int loc[32]; for (int i = 0; i < 32; i++) loc[i] = n + i; if (n == 0) return loc[31]; return loc[n % 32] + deep(n - 1, scratch); }
__global__ void structs(double* o, int* r) { Big b = make_big(threadIdx.x); double s = 0; for (int i = 0; i < 6; i++) s += b.v[i]; o[threadIdx.x] = s + b.tag; r[threadIdx.x] = deep(threadIdx.x % 20, nullptr); }
int main() {
  std::vector<float> w(16384); for (int i = 0; i < 16384; i++) w[i] = (i % 9) * 0.125f;
  CK(cudaMemcpyToSymbol(cw, w.data(), 8192 * 4));
  cudaStream_t s; CK(cudaStreamCreate(&s));
  CK(cudaMemcpyToSymbolAsync(cw, w.data() + 8192, 8192 * 4, 8192 * 4, cudaMemcpyHostToDevice, s));
  CK(cudaStreamSynchronize(s));
  const int n = 5000; float *in, *out; CK(cudaMallocManaged(&in, n * 4)); CK(cudaMallocManaged(&out, n * 4));
  for (int i = 0; i < n; i++) in[i] = (i % 17) - 8.0f;
  conv<<<(n + 255) / 256, 256>>>(in, out, n, 12000); CK(cudaDeviceSynchronize());
  for (int i = 0; i < n; i += 499) { double sref = 0; for (int t = 0; t < 12000; t++) sref += (double)w[t] * in[(i + t) % n]; EXPECT(fabs(out[i] - sref) < 1e-2 * (1 + fabs(sref))); }
  const int N = 40; float *a, *b; CK(cudaMallocManaged(&a, N * N * N * 4)); CK(cudaMallocManaged(&b, N * N * N * 4));
  for (int i = 0; i < N * N * N; i++) { a[i] = (float)((i * 31) % 7); b[i] = 0; }
  stencil3d<<<dim3(5, 5, 10), dim3(8, 8, 4)>>>(a, b, N); CK(cudaDeviceSynchronize());
  for (int z = 1; z < N - 1; z += 7) for (int y = 1; y < N - 1; y += 5) for (int x = 1; x < N - 1; x += 3) {
    auto at = [&](int p, int q, int r) { return a[(r * N + q) * N + p]; };
    EXPECT(b[(z * N + y) * N + x] == at(x, y, z) * 6 - at(x - 1, y, z) - at(x + 1, y, z) - at(x, y - 1, z) - at(x, y + 1, z) - at(x, y, z - 1) - at(x, y, z + 1));
  }
  const int m = 6000;  // 96000 bytes of dynamic shared memory
  float4 *fi, *fo; CK(cudaMallocManaged(&fi, m * 16)); CK(cudaMallocManaged(&fo, m * 16));
  for (int i = 0; i < m; i++) fi[i] = make_float4(i, i + 0.25f, i + 0.5f, i + 0.75f);
  EXPECT_ERR((bigsmem<<<1, 256, m * 16>>>(fi, fo, m), cudaGetLastError()), cudaErrorInvalidValue);
  CK(cudaFuncSetAttribute(bigsmem, cudaFuncAttributeMaxDynamicSharedMemorySize, m * 16));
  bigsmem<<<1, 256, m * 16>>>(fi, fo, m); CK(cudaDeviceSynchronize());
  for (int i = 0; i < m; i += 37) { int j = m - 1 - i; EXPECT(fo[i].x == j + 0.75f && fo[i].w == j); }
  unsigned long long* u; double* d; CK(cudaMallocManaged(&u, 8)); CK(cudaMallocManaged(&d, 8));
  shared64<<<1, 128>>>(u, d); CK(cudaDeviceSynchronize());
  EXPECT(*u == (unsigned long long)(127 * 128 / 2) << 33); EXPECT(*d == 64.0);
  double* o; int* r; CK(cudaMallocManaged(&o, 64 * 8)); CK(cudaMallocManaged(&r, 64 * 4));
  // deep() recurses 20 levels with a 128-byte array each: more than the default 1 KiB stack
  // (an H100 faults with an illegal address), so the stack is raised first.
  CK(cudaDeviceSetLimit(cudaLimitStackSize, 8192));
  structs<<<1, 64>>>(o, r); CK(cudaDeviceSynchronize());
  for (int t = 0; t < 64; t++) { EXPECT(o[t] == t * 15.0 + t); int k = t % 20; int want = 0; for (int q = k; q > 0; q--) want += q + q % 32; want += 31; EXPECT(r[t] == want); }
  printf("PASS\n");
}
