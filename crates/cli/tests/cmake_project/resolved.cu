// A static library whose device code CMake resolves into it (CUDA_RESOLVE_DEVICE_SYMBOLS): its
// device link gets CUDA::cudart_static's libcudart_static.a among the libraries.
__device__ int twice(int x) { return 2 * x; }
__global__ void squares_of_twice(int *out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = twice(i) * twice(i);
}
// The sum of (2i)^2 for i < n, computed on the device.
int sum_of_squares(int n) {
  int *d, h[64], s = 0;
  cudaMalloc(&d, sizeof h);
  squares_of_twice<<<1, n>>>(d, n);
  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(d);
  for (int i = 0; i < n; i++) s += h[i];
  return s;
}
