// The C++ pipeline of cuda_pipeline.h (nvcuda::experimental::pipeline, CUDA's toolkit header):
// memcpy_async of whole objects into shared memory in committed batches, wait_prior<N> and
// wait(batch) before reading them, commit_and_wait, memcpy_async of an array of 2 ints into a
// 16-byte segment (the rest zero-filled), and arrive_on an awbarrier.
// nvcc-flags: -std=c++17
#include "guide.h"
#include <cuda_pipeline.h>
#include <cuda_awbarrier.h>
using namespace nvcuda::experimental;
struct alignas(16) Item { int a, b, c, d; };
__global__ void k(const Item* g, int* out) {
  __shared__ Item s[3][64];
  __shared__ alignas(16) int arr[64 * 4];
  __shared__ awbarrier bar;
  int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();
  pipeline pipe;
  for (int st = 0; st < 3; st++) {
    memcpy_async(s[st][t], g[st * 64 + (t * 5) % 64], pipe);
    pipe.commit();
  }
  pipe.wait_prior<2>();
  out[t] = s[0][t].a + s[0][t].d;
  pipe.wait_prior<0>();
  out[64 + t] = s[1][t].b + s[2][t].c;
  const int* gi = reinterpret_cast<const int*>(g);
  memcpy_async(segment<4>(&arr[t * 4]), segment<2>(&gi[t * 4]), pipe);
  size_t batch = pipe.commit();
  memcpy_async(s[0][t], g[100 + t % 7], pipe);
  pipe.commit();
  pipe.wait(batch);
  out[128 + t] = arr[t * 4] + 3 * arr[t * 4 + 1] + 1000 * (arr[t * 4 + 2] + arr[t * 4 + 3]);
  pipe.commit_and_wait();
  out[192 + t] = s[0][t].c;
  pipe.arrive_on(bar);
  bar.arrive_and_wait();
}
int main() {
  static Item h[192];
  for (int i = 0; i < 192; i++) h[i] = Item{i, i * 2, i * 3, i * 4};
  Item* g; int* o;
  CK(cudaMalloc(&g, sizeof h)); CK(cudaMalloc(&o, 256 * 4));
  CK(cudaMemcpy(g, h, sizeof h, cudaMemcpyHostToDevice));
  k<<<1, 64>>>(g, o);
  CK(cudaDeviceSynchronize());
  int r[256], w[256];
  CK(cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost));
  const int* hi = reinterpret_cast<const int*>(h);
  for (int t = 0; t < 64; t++) {
    int j = (t * 5) % 64;
    w[t] = h[j].a + h[j].d;
    w[64 + t] = h[64 + j].b + h[128 + j].c;
    w[128 + t] = hi[t * 4] + 3 * hi[t * 4 + 1];
    w[192 + t] = h[100 + t % 7].c;
  }
  check_eq(r, w, 64, "objects copied in the first batch, read after wait_prior<2>");
  check_eq(r + 64, w + 64, 64, "later batches, read after wait_prior<0>");
  check_eq(r + 128, w + 128, 64, "2 ints into a 16-byte segment, the rest zero-filled, read after wait(batch)");
  check_eq(r + 192, w + 192, 64, "commit_and_wait");
  return finish();
}
