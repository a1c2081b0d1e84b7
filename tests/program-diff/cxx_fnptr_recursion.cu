// flags: -std=c++17
// Tables of device function pointers chosen per thread, member function pointers, a recursive
// tree walk whose depth needs a larger stack (cudaDeviceSetLimit(cudaLimitStackSize)), and a
// recursive factorial; cudaDeviceGetLimit reads the limit back.
#include <cstdio>
struct Node { int val; int left, right; };
__device__ int walk(const Node* t, int i, int depth) {
  if (i < 0) return 0;
  int buf[16];  // local array per frame: the stack use that needs the limit
  for (int j = 0; j < 16; j++) buf[j] = t[i].val * j + depth;
  return buf[depth % 16] + walk(t, t[i].left, depth + 1) + walk(t, t[i].right, depth + 1);
}
__device__ unsigned long long fact(unsigned n) { return n <= 1 ? 1ull : n * fact(n - 1); }
typedef float (*fn_t)(float);
__device__ float f_sq(float x) { return x * x; }
__device__ float f_neg(float x) { return -x; }
__device__ float f_half(float x) { return x * 0.5f; }
__device__ float f_inc(float x) { return x + 1.0f; }
__constant__ int order[4] = {3, 0, 2, 1};
struct Acc {
  float v;
  __device__ void add(float x) { v += x; }
  __device__ void mul(float x) { v *= x; }
};
__global__ void apply(float* out, unsigned long long* f) {
  __shared__ fn_t tab[4];
  if (threadIdx.x == 0) { tab[0] = f_sq; tab[1] = f_neg; tab[2] = f_half; tab[3] = f_inc; }
  __syncthreads();
  int t = threadIdx.x;
  float x = t + 0.5f;
  for (int s = 0; s < 4; s++) x = tab[(order[s] + t) % 4](x);
  void (Acc::*m)(float) = (t & 1) ? &Acc::mul : &Acc::add;
  Acc a{2.0f};
  (a.*m)(x);
  out[t] = a.v;
  f[t] = fact(t + 10);
}
__global__ void tree(const Node* t, int* out) { out[threadIdx.x] = walk(t, 0, threadIdx.x); }
int main() {
  float* d;
  unsigned long long* df;
  cudaMalloc(&d, 8 * sizeof(float));
  cudaMalloc(&df, 8 * sizeof(unsigned long long));
  apply<<<1, 8>>>(d, df);
  float h[8];
  unsigned long long hf[8];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 8; i++) printf("apply[%d] = %.5f fact(%d) = %llu\n", i, h[i], i + 10, hf[i]);
  // A degenerate (list-shaped) tree 400 deep.
  const int n = 400;
  Node nodes[n];
  for (int i = 0; i < n; i++) nodes[i] = {i % 17, i + 1 < n ? i + 1 : -1, -1};
  Node* dn;
  cudaMalloc(&dn, sizeof nodes);
  cudaMemcpy(dn, nodes, sizeof nodes, cudaMemcpyHostToDevice);
  size_t lim;
  cudaDeviceGetLimit(&lim, cudaLimitStackSize);
  printf("default stack %zu\n", lim);
  cudaError_t e = cudaDeviceSetLimit(cudaLimitStackSize, 64 * 1024);
  cudaDeviceGetLimit(&lim, cudaLimitStackSize);
  printf("set: %s now %zu\n", cudaGetErrorName(e), lim);
  int* dout;
  cudaMalloc(&dout, 4 * sizeof(int));
  tree<<<1, 4>>>(dn, dout);
  e = cudaDeviceSynchronize();
  int r[4];
  cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
  printf("tree: %s %d %d %d %d\n", cudaGetErrorName(e), r[0], r[1], r[2], r[3]);
  return 0;
}
