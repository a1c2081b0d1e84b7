// flags: -std=c++17
// The legacy C++ pipeline and arrive-wait barrier headers (cuda_pipeline.h, cuda_awbarrier.h):
// nvcuda::experimental::pipeline with memcpy_async of objects and arrays, commit, wait_prior<N>,
// wait; awbarrier init/arrive/wait/arrive_and_wait/pending_count; __awbarrier primitives.
#include <cstdio>
#include <cuda_pipeline.h>
#include <cuda_awbarrier.h>
using namespace nvcuda::experimental;
struct alignas(16) Item { int a, b, c, d; };
__global__ void k(const Item* g, int* out) {
  __shared__ Item s[3][64];
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
  int x = s[0][t].a + s[0][t].d;
  pipe.wait_prior<0>();
  x += s[1][t].b * 2 + s[2][t].c * 3;
  // arrays: 2 ints into a 4-int (16-byte) slot, the rest zero-filled; then a batch waited by index
  __shared__ alignas(16) int arr[64 * 4];
  const int* gi = reinterpret_cast<const int*>(g);
  memcpy_async(segment<4>(&arr[t * 4]), segment<2>(&gi[(t * 4) % 256]), pipe);
  pipe.commit();
  memcpy_async(s[0][t], g[100 + t % 7], pipe);
  size_t batch = pipe.commit();
  pipe.wait(batch);  // CUDA's header: waits for the batches before `batch`
  x += arr[t * 4] + 3 * arr[t * 4 + 1] + 1000 * (arr[t * 4 + 2] + arr[t * 4 + 3]);
  pipe.commit_and_wait();
  x += s[0][t].c;
  pipe.arrive_on(bar);
  auto tok = bar.arrive();
  bar.wait(std::move(tok));
  out[t] = x;
  bar.arrive_and_wait();
  if (t == 0) out[64] = 7;
}
int main() {
  static Item h[192];
  for (int i = 0; i < 192; i++) h[i] = Item{i, i * 2, i * 3, i * 4};
  Item* g; int* o; cudaMalloc(&g, sizeof h); cudaMalloc(&o, 65 * 4);
  cudaMemcpy(g, h, sizeof h, cudaMemcpyHostToDevice);
  k<<<1, 64>>>(g, o);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  int r[65]; cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 65; i++) printf(" %d", r[i]);
  printf("\n");
}
