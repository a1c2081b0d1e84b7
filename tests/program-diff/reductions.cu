// The CUDA sample "reduction"'s kernels (interleaved, sequential, warp-unrolled with volatile,
// shuffle, cooperative groups), on ints and floats; prints each sum.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
template <class T> __global__ void reduce0(const T* in, T* out, unsigned n) {
  extern __shared__ unsigned char smem_raw[]; T* s = (T*)smem_raw;
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0; __syncthreads();
  for (unsigned k = 1; k < blockDim.x; k *= 2) { if (t % (2 * k) == 0) s[t] += s[t + k]; __syncthreads(); }
  if (t == 0) out[blockIdx.x] = s[0];
}
template <class T> __device__ void warpReduce(volatile T* s, unsigned t) {
  s[t] += s[t + 32]; s[t] += s[t + 16]; s[t] += s[t + 8]; s[t] += s[t + 4]; s[t] += s[t + 2]; s[t] += s[t + 1];
}
template <class T, unsigned B> __global__ void reduce5(const T* in, T* out, unsigned n) {
  __shared__ T s[B];
  unsigned t = threadIdx.x, i = blockIdx.x * (B * 2) + t;
  T v = i < n ? in[i] : 0; if (i + B < n) v += in[i + B];
  s[t] = v; __syncthreads();
  for (unsigned k = B / 2; k > 32; k >>= 1) { if (t < k) s[t] = v = v + s[t + k]; __syncthreads(); }
  if (t < 32) warpReduce<T>(s, t);
  if (t == 0) out[blockIdx.x] = s[0];
}
template <class T> __global__ void reduce_shfl(const T* in, T* out, unsigned n) {
  T v = 0;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) v += in[i];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
  __shared__ T w[32];
  if (threadIdx.x % 32 == 0) w[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) { v = threadIdx.x < blockDim.x / 32 ? w[threadIdx.x] : 0; for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o); }
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}
template <class T> __global__ void reduce_cg(const T* in, T* out, unsigned n) {
  auto b = cg::this_thread_block(); auto w = cg::tiled_partition<32>(b);
  T v = 0; for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) v += in[i];
  v = cg::reduce(w, v, cg::plus<T>());
  __shared__ T s[32]; if (w.thread_rank() == 0) s[w.meta_group_rank()] = v; b.sync();
  if (w.meta_group_rank() == 0) { v = w.thread_rank() < w.meta_group_size() ? s[w.thread_rank()] : 0; v = cg::reduce(w, v, cg::plus<T>()); if (w.thread_rank() == 0) out[blockIdx.x] = v; }
}
template <class T> void run(const char* name, unsigned n) {
  T* h = new T[n]; for (unsigned i = 0; i < n; i++) h[i] = (T)((i * 7919u) % 1000) / (T)(sizeof(T) == 4 && (T)0.5 != 0 ? 8 : 1);
  T *d, *o; cudaMalloc(&d, n * sizeof(T)); cudaMalloc(&o, 8192 * sizeof(T)); cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice);
  static T r[8192]; double tot;
  reduce0<T><<<(n + 255) / 256, 256, 256 * sizeof(T)>>>(d, o, n); cudaMemcpy(r, o, ((n + 255) / 256) * sizeof(T), cudaMemcpyDeviceToHost);
  tot = 0; for (unsigned i = 0; i < (n + 255) / 256; i++) tot += r[i]; printf("%s reduce0 %.6f first %.6f\n", name, tot, (double)r[0]);
  reduce5<T, 256><<<(n + 511) / 512, 256>>>(d, o, n); cudaMemcpy(r, o, ((n + 511) / 512) * sizeof(T), cudaMemcpyDeviceToHost);
  tot = 0; for (unsigned i = 0; i < (n + 511) / 512; i++) tot += r[i]; printf("%s reduce5 %.6f first %.6f\n", name, tot, (double)r[0]);
  reduce_shfl<T><<<64, 256>>>(d, o, n); cudaMemcpy(r, o, 64 * sizeof(T), cudaMemcpyDeviceToHost);
  tot = 0; for (int i = 0; i < 64; i++) tot += r[i]; printf("%s shfl %.6f first %.9g\n", name, tot, (double)r[0]);
  reduce_cg<T><<<64, 256>>>(d, o, n); cudaMemcpy(r, o, 64 * sizeof(T), cudaMemcpyDeviceToHost);
  tot = 0; for (int i = 0; i < 64; i++) tot += r[i]; printf("%s cg %.6f first %.9g\n", name, tot, (double)r[0]);
}
int main() { run<int>("int", 1 << 20); run<float>("float", (1 << 20) + 77); run<double>("double", 100003); return 0; }
