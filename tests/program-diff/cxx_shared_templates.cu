// flags: -std=c++17
// Dynamic shared memory in templates: the SharedMemory<T> idiom of NVIDIA's samples (one extern
// array per type), a raw byte array reinterpreted, static __shared__ arrays in a class
// template's member function, and __shared__ objects with a trivial default constructor.
#include <cstdio>
template <class T> struct SharedMemory {
  __device__ T* get() { extern __shared__ int __smem[]; return reinterpret_cast<T*>(__smem); }
};
template <> struct SharedMemory<double> {
  __device__ double* get() { extern __shared__ double __smem_d[]; return __smem_d; }
};
template <class T> __global__ void reduce(const T* in, T* out, int n) {
  T* s = SharedMemory<T>().get();
  int t = threadIdx.x;
  s[t] = t < n ? in[t] : T(0);
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k) s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0) *out = s[0];
}
template <class T, int B> struct Tile {
  __device__ static T sum_tile(T v) {
    __shared__ T buf[B];
    buf[threadIdx.x] = v;
    __syncthreads();
    T acc = 0;
    for (int i = 0; i < B; i++) acc += buf[(threadIdx.x + i) % B] * T(i + 1);
    __syncthreads();
    return acc;
  }
};
struct Acc { float x; int n; };
__global__ void tiles(float* of, int* oi) {
  __shared__ Acc acc;
  if (threadIdx.x == 0) { acc.x = 0; acc.n = 0; }
  __syncthreads();
  float f = Tile<float, 32>::sum_tile(threadIdx.x * 0.5f);
  int i = Tile<int, 32>::sum_tile(threadIdx.x);
  atomicAdd(&acc.x, f);
  atomicAdd(&acc.n, 1);
  __syncthreads();
  of[threadIdx.x] = f;
  oi[threadIdx.x] = i;
  if (threadIdx.x == 0) { of[32] = acc.x; oi[32] = acc.n; }
}
int main() {
  const int n = 100;
  int hi[n]; float hf[n]; double hd[n];
  for (int i = 0; i < n; i++) { hi[i] = i * 3 - 7; hf[i] = i * 0.25f; hd[i] = i * 1.5 - 0.125; }
  int* di; float* df; double* dd;
  cudaMalloc(&di, sizeof hi); cudaMalloc(&df, sizeof hf); cudaMalloc(&dd, sizeof hd);
  cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
  cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice);
  int *oi; float* of; double* od;
  cudaMalloc(&oi, 64 * sizeof(int)); cudaMalloc(&of, 64 * sizeof(float)); cudaMalloc(&od, sizeof(double));
  reduce<<<1, 128, 128 * sizeof(int)>>>(di, oi, n);
  reduce<<<1, 128, 128 * sizeof(float)>>>(df, of, n);
  reduce<<<1, 128, 128 * sizeof(double)>>>(dd, od, n);
  int ri; float rf; double rd;
  cudaMemcpy(&ri, oi, sizeof ri, cudaMemcpyDeviceToHost);
  cudaMemcpy(&rf, of, sizeof rf, cudaMemcpyDeviceToHost);
  cudaMemcpy(&rd, od, sizeof rd, cudaMemcpyDeviceToHost);
  printf("reduce int %d float %.3f double %.4f\n", ri, rf, rd);
  tiles<<<1, 32>>>(of, oi);
  float tf[33]; int ti[33];
  cudaMemcpy(tf, of, sizeof tf, cudaMemcpyDeviceToHost);
  cudaMemcpy(ti, oi, sizeof ti, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 33; i += 4) printf("tile[%d] %g %d\n", i, tf[i], ti[i]);
  printf("acc %g %d\n", tf[32], ti[32]);
  return 0;
}
