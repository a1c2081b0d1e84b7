// Vector add in managed memory, with no #include of the CUDA headers: clang's runtime wrapper
// brings them in. Prints PASS when every sum is right.
#include <cstdio>
__global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
int main() {
  const int n = 1000;
  float *a, *b, *c;
  cudaMallocManaged(&a, n * sizeof(float));
  cudaMallocManaged(&b, n * sizeof(float));
  cudaMallocManaged(&c, n * sizeof(float));
  for (int i = 0; i < n; i++) { a[i] = i; b[i] = 2 * i; }
  add<<<(n + 255) / 256, 256>>>(a, b, c, n);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; i++) if (c[i] != 3 * i) { printf("FAIL at %d\n", i); return 1; }
  printf("PASS\n");
  return 0;
}
