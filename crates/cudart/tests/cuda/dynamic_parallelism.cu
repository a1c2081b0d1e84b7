// Dynamic parallelism (built with -rdc=true): kernels launching kernels, recursion as in the
// CUDA sample cdpSimpleQuicksort, device-side streams, device malloc, printf from children.
#include "common.h"
#include <algorithm>
#include <vector>

__global__ void child(int* out, int base, int scale) { out[base + threadIdx.x] = (base + threadIdx.x) * scale; }

__global__ void parent(int* out) {
  child<<<1, 32>>>(out, blockIdx.x * 32, 2);
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    cudaStream_t s;
    if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess) return;
    child<<<1, 32, 0, s>>>(out, gridDim.x * 32, 3);
    cudaStreamDestroy(s);
    int dev = -1, ver = 0;
    cudaGetDevice(&dev);
    cudaRuntimeGetVersion(&ver);  // the device runtime's own version: 6000 on CUDA 13.0
    out[(gridDim.x + 1) * 32] = dev == 0 && ver == 6000 && cudaGetLastError() == cudaSuccess;
  }
}

// Quicksort: each launch partitions [lo, hi] with one thread and recurses into both halves;
// below depth 16 or 32 elements it falls back to selection sort (as the CUDA sample does).
__device__ void selection_sort(unsigned* d, int lo, int hi) {
  for (int i = lo; i <= hi; ++i) {
    unsigned m = d[i];
    int mi = i;
    for (int j = i + 1; j <= hi; ++j)
      if (d[j] < m) { m = d[j]; mi = j; }
    d[mi] = d[i];
    d[i] = m;
  }
}

__global__ void quicksort(unsigned* d, int lo, int hi, int depth, int* launches) {
  atomicAdd(launches, 1);
  if (depth >= 16 || hi - lo <= 32) { selection_sort(d, lo, hi); return; }
  unsigned pivot = d[(lo + hi) / 2];
  int l = lo, r = hi;
  while (l <= r) {
    while (d[l] < pivot) l++;
    while (d[r] > pivot) r--;
    if (l <= r) { unsigned t = d[l]; d[l] = d[r]; d[r] = t; l++; r--; }
  }
  if (lo < r) {
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    quicksort<<<1, 1, 0, s>>>(d, lo, r, depth + 1, launches);
    cudaStreamDestroy(s);
  }
  if (l < hi) {
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    quicksort<<<1, 1, 0, s>>>(d, l, hi, depth + 1, launches);
    cudaStreamDestroy(s);
  }
}

// A chain of launches 10 deep, each level checking its launch succeeded.
__global__ void chain(int depth, int* deepest, int* refused) {
  atomicMax(deepest, depth);
  if (depth == 10) return;
  chain<<<1, 1>>>(depth + 1, deepest, refused);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) atomicAdd(refused, 1);
}

__global__ void printer(int n) {
  if (threadIdx.x == 0) printf("child %d of %d\n", blockIdx.x, n);
}
__global__ void print_parent() {
  printf("parent\n");
  printer<<<2, 32>>>(2);
}

__global__ void heap_user(int** slots, int* sums) {
  int* p = nullptr;
  if (cudaMalloc((void**)&p, 64 * sizeof(int)) != cudaSuccess) return;
  for (int i = 0; i < 64; i++) p[i] = i * (blockIdx.x + 1);
  slots[blockIdx.x] = p;
}
__global__ void heap_reader(int** slots, int* sums) {
  int s = 0;
  for (int i = 0; i < 64; i++) s += slots[blockIdx.x][i];
  sums[blockIdx.x] = s;
  cudaFree(slots[blockIdx.x]);
}
__global__ void heap_parent(int** slots, int* sums) {
  heap_user<<<4, 1>>>(slots, sums);
  heap_reader<<<4, 1>>>(slots, sums);  // same (per-block default) stream: runs after
}

int main() {
  const int nb = 4;
  int* out;
  CK(cudaMallocManaged(&out, ((nb + 1) * 32 + 1) * sizeof(int)));
  parent<<<nb, 2>>>(out);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  for (int i = 0; i < nb * 32; i++) EXPECT(out[i] == i * 2);
  for (int i = nb * 32; i < (nb + 1) * 32; i++) EXPECT(out[i] == i * 3);
  EXPECT(out[(nb + 1) * 32] == 1);

  const int n = 5000;
  std::vector<unsigned> h(n);
  unsigned s = 99;
  for (auto& x : h) x = (s = s * 1664525u + 1013904223u) >> 4;
  unsigned* d;
  int* launches;
  CK(cudaMalloc(&d, n * sizeof(unsigned)));
  CK(cudaMallocManaged(&launches, sizeof(int)));
  *launches = 0;
  CK(cudaMemcpy(d, h.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  quicksort<<<1, 1>>>(d, 0, n - 1, 0, launches);
  CK(cudaDeviceSynchronize());
  std::vector<unsigned> got(n);
  CK(cudaMemcpy(got.data(), d, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  std::sort(h.begin(), h.end());
  EXPECT(got == h);
  EXPECT(*launches > 50);

  int* flags;
  CK(cudaMallocManaged(&flags, 2 * sizeof(int)));
  flags[0] = flags[1] = 0;
  chain<<<1, 1>>>(0, flags, flags + 1);
  CK(cudaDeviceSynchronize());
  EXPECT(flags[0] == 10);
  EXPECT(flags[1] == 0);

  print_parent<<<1, 1>>>();
  CK(cudaDeviceSynchronize());

  int** slots;
  int* sums;
  CK(cudaMalloc(&slots, 4 * sizeof(int*)));
  CK(cudaMallocManaged(&sums, 4 * sizeof(int)));
  heap_parent<<<1, 1>>>(slots, sums);
  CK(cudaDeviceSynchronize());
  for (int b = 0; b < 4; b++) EXPECT(sums[b] == 2016 * (b + 1));
  printf("PASS\n");
}
