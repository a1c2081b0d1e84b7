// flags: -std=c++17 -rdc=true
// Kernels with every kind of name: extern "C", overloaded, in namespaces, in anonymous namespaces,
// static, explicitly instantiated templates, default arguments, and launched through
// cudaLaunchKernel with function pointers; attributes of each.
#include <cstdio>
extern "C" __global__ void c_kernel(int* out) { out[threadIdx.x] = 10 + threadIdx.x; }
__global__ void over(int* out) { out[threadIdx.x] = 20; }
__global__ void over(int* out, int v) { out[threadIdx.x] = v; }
__global__ void over(float* out) { out[threadIdx.x] = 2.5f; }
namespace lib {
namespace detail {
__global__ void fill(int* out, int v = 7) { out[threadIdx.x] = v * (threadIdx.x + 1); }
}
}  // namespace lib
namespace {
__global__ void hidden(int* out) { out[threadIdx.x] = -1 - (int)threadIdx.x; }
}
static __global__ void stat(int* out) { out[threadIdx.x] = 1 << threadIdx.x; }
template <typename T, int K>
__global__ void tk(T* out) { out[threadIdx.x] = T(K) * T(threadIdx.x) / T(2); }
template __global__ void tk<float, 3>(float*);
template __global__ void tk<int, 5>(int*);
template <typename... Ts>
__global__ void variadic(int* out, Ts... ts) { out[threadIdx.x] = (0 + ... + ts) * (int)sizeof...(Ts); }
static void show(const char* what, int* d, int n) {
  int h[8];
  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  printf("%-12s", what);
  for (int i = 0; i < n; i++) printf(" %d", h[i]);
  printf("\n");
}
int main() {
  int* d;
  float* f;
  cudaMalloc(&d, 8 * sizeof(int));
  cudaMalloc(&f, 8 * sizeof(float));
  c_kernel<<<1, 4>>>(d); show("extern C", d, 4);
  over<<<1, 4>>>(d); show("over()", d, 4);
  over<<<1, 4>>>(d, 33); show("over(int)", d, 4);
  over<<<1, 4>>>(f);
  float hf[4];
  cudaMemcpy(hf, f, sizeof hf, cudaMemcpyDeviceToHost);
  printf("over(float)  %.2f %.2f\n", hf[0], hf[3]);
  lib::detail::fill<<<1, 4>>>(d); show("ns default", d, 4);
  lib::detail::fill<<<1, 4>>>(d, 2); show("ns arg", d, 4);
  hidden<<<1, 4>>>(d); show("anon ns", d, 4);
  stat<<<1, 4>>>(d); show("static", d, 4);
  tk<int, 5><<<1, 4>>>(d); show("tk<int,5>", d, 4);
  tk<float, 3><<<1, 4>>>(f);
  cudaMemcpy(hf, f, sizeof hf, cudaMemcpyDeviceToHost);
  printf("tk<float,3>  %.2f %.2f %.2f %.2f\n", hf[0], hf[1], hf[2], hf[3]);
  variadic<<<1, 4>>>(d, 1, 2, 3); show("variadic3", d, 4);
  variadic<int, short, char><<<1, 2>>>(d, 4, 5, 6); show("variadic", d, 2);
  // cudaLaunchKernel through a pointer to an overloaded kernel.
  void (*p)(int*, int) = over;
  int v = 44;
  void* args[] = {&d, &v};
  cudaError_t e = cudaLaunchKernel((const void*)p, dim3(1), dim3(4), args, 0, 0);
  printf("launch: %s\n", cudaGetErrorName(e));
  show("via ptr", d, 4);
  cudaFuncAttributes a;
  e = cudaFuncGetAttributes(&a, (const void*)hidden);
  printf("attr hidden: %s maxThreads=%d\n", cudaGetErrorName(e), a.maxThreadsPerBlock);
  e = cudaFuncGetAttributes(&a, (const void*)tk<float, 3>);
  printf("attr tk: %s maxThreads=%d\n", cudaGetErrorName(e), a.maxThreadsPerBlock);
  e = cudaFuncGetAttributes(&a, (const void*)main);
  printf("attr main: %s\n", cudaGetErrorName(e));
  cudaGetLastError();
  printf("done: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
