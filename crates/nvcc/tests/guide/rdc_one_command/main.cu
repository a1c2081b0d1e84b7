// Relocatable device code in one command (nvcc -rdc=true a.cu b.cu -o prog): cross-file device
// function calls (including a recursive one and explicit template instantiations) and a kernel and
// __device__ array defined in the other file.
#include "../guide.h"
#include "shared.h"
__global__ void use(int* out, double* dout) {
  int i = threadIdx.x;
  out[i] = collatz_steps(27 + i) + 1000 * clamp_to(table[i % 16], 0, 10);
  dout[i] = clamp_to(i * 0.5, 1.0, 5.0);
}
static int collatz(long long n) { int s = 0; while (n != 1) { n = n % 2 ? 3 * n + 1 : n / 2; s++; } return s; }
int main() {
  CK(cudaDeviceSetLimit(cudaLimitStackSize, 32 * 1024));
  fill_table<<<1, 16>>>();
  int* d; double* dd;
  CK(cudaMalloc(&d, 32 * 4)); CK(cudaMalloc(&dd, 32 * 8));
  use<<<1, 32>>>(d, dd);
  CK(cudaGetLastError());
  int h[32]; double hd[32];
  CK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost)); CK(cudaMemcpy(hd, dd, sizeof(hd), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 32; i++) {
    int t = collatz(i % 16 + 1);
    ok &= h[i] == collatz(27 + i) + 1000 * (t > 10 ? 10 : t);
    double c = i * 0.5;
    ok &= hd[i] == (c < 1 ? 1 : c > 5 ? 5 : c);
  }
  check(ok, "cross-file recursive device function, explicit template instantiations, __device__ array and kernel");
  return finish();
}
