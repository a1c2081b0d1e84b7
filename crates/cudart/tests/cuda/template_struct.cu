// Template kernels (two instantiations), a struct passed by value with mixed alignments, and
// an explicit cudaLaunchKernel.
#include "common.h"
struct Params {
  char tag;
  double scale;
  int3 off;
  short s;
  float4 bias;
};
template <typename T>
__global__ void axpb(const T* x, T* y, Params p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = (T)(x[i] * p.scale + p.off.x + p.off.y + p.off.z + p.s + p.bias.w + (p.tag == 'q' ? 1 : 0));
}
__global__ void fill(long long* out, char a, long long b, short c, double d) {
  out[threadIdx.x] = a + b + c + (long long)d + threadIdx.x;
}
template <typename T>
bool run(const Params& p) {
  const int n = 777;
  T hx[n], hy[n];
  for (int i = 0; i < n; i++) hx[i] = (T)i;
  T *x, *y;
  CK(cudaMalloc(&x, sizeof(hx)));
  CK(cudaMalloc(&y, sizeof(hy)));
  CK(cudaMemcpy(x, hx, sizeof(hx), cudaMemcpyHostToDevice));
  axpb<T><<<(n + 63) / 64, 64>>>(x, y, p, n);
  CK(cudaGetLastError());
  CK(cudaMemcpy(hy, y, sizeof(hy), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    T want = (T)(hx[i] * p.scale + p.off.x + p.off.y + p.off.z + p.s + p.bias.w + 1);
    if (hy[i] != want) { printf("FAIL %d: %f want %f\n", i, (double)hy[i], (double)want); return false; }
  }
  CK(cudaFree(x)); CK(cudaFree(y));
  return true;
}
int main() {
  Params p{'q', 1.5, make_int3(1, 2, 3), 7, make_float4(0, 0, 0, 10)};
  if (!run<float>(p) || !run<int>(p)) return 1;
  long long* out;
  CK(cudaMalloc(&out, 32 * sizeof(long long)));
  char a = 3; long long b = 1000000000000LL; short c = -5; double d = 2.75;
  void* args[] = {&out, &a, &b, &c, &d};
  CK(cudaLaunchKernel((const void*)fill, dim3(1), dim3(32), args, 0, 0));
  long long h[32];
  CK(cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 32; i++) EXPECT(h[i] == 3 + 1000000000000LL - 5 + 2 + i);
  CK(cudaFree(out));
  printf("PASS\n");
  return 0;
}
