// Dynamic parallelism through the device runtime API (Programming Guide, "Device-side Launch
// from PTX": cudaGetParameterBuffer + cudaLaunchDevice) instead of device-side <<<>>>, which
// clang does not compile: dynamic_parallelism.cu's kernels launching kernels, recursion as in
// cdpSimpleQuicksort, device-side streams, device malloc, printf from children. clang refuses
// any reference to a kernel in device code, so each kernel's address comes from a __device__
// variable initialized with it. Built with -rdc=true.
#include "common.h"
#include <algorithm>
#include <vector>

// Launches the kernel at `kernel` with arguments `args` (a struct whose members are the kernel's
// parameters in order: a struct lays them out at their natural alignments, as the parameter
// buffer wants them).
template <typename Args>
__device__ cudaError_t launch(void* kernel, dim3 grid, dim3 block, cudaStream_t stream, const Args& args) {
  void* buffer = cudaGetParameterBuffer(alignof(Args), sizeof(Args));
  if (buffer == nullptr) return cudaErrorLaunchOutOfResources;
  memcpy(buffer, &args, sizeof(Args));
  return cudaLaunchDevice(kernel, buffer, grid, block, 0, stream);
}

__global__ void child(int* out, int base, int scale) { out[base + threadIdx.x] = (base + threadIdx.x) * scale; }
__device__ void (*child_address)(int*, int, int) = child;
struct ChildArgs { int* out; int base; int scale; };

__global__ void parent(int* out) {
  launch(reinterpret_cast<void*>(child_address), 1, 32, 0, ChildArgs{out, (int)blockIdx.x * 32, 2});
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    cudaStream_t s;
    if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess) return;
    launch(reinterpret_cast<void*>(child_address), 1, 32, s, ChildArgs{out, (int)gridDim.x * 32, 3});
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

struct SortArgs { unsigned* d; int lo; int hi; int depth; int* launches; };
__global__ void quicksort(unsigned* d, int lo, int hi, int depth, int* launches);
__device__ void (*quicksort_address)(unsigned*, int, int, int, int*) = quicksort;

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
    launch(reinterpret_cast<void*>(quicksort_address), 1, 1, s, SortArgs{d, lo, r, depth + 1, launches});
    cudaStreamDestroy(s);
  }
  if (l < hi) {
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    launch(reinterpret_cast<void*>(quicksort_address), 1, 1, s, SortArgs{d, l, hi, depth + 1, launches});
    cudaStreamDestroy(s);
  }
}

// A chain of launches 10 deep, each level checking its launch succeeded.
struct ChainArgs { int depth; int* deepest; int* refused; };
__global__ void chain(int depth, int* deepest, int* refused);
__device__ void (*chain_address)(int, int*, int*) = chain;
__global__ void chain(int depth, int* deepest, int* refused) {
  atomicMax(deepest, depth);
  if (depth == 10) return;
  cudaError_t launched = launch(reinterpret_cast<void*>(chain_address), 1, 1, 0, ChainArgs{depth + 1, deepest, refused});
  if (launched != cudaSuccess || cudaGetLastError() != cudaSuccess) atomicAdd(refused, 1);
}

__global__ void printer(int n) {
  if (threadIdx.x == 0) printf("child %d of %d\n", blockIdx.x, n);
}
__device__ void (*printer_address)(int) = printer;
struct PrinterArgs { int n; };
__global__ void print_parent() {
  printf("parent\n");
  launch(reinterpret_cast<void*>(printer_address), 2, 32, 0, PrinterArgs{2});
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
__device__ void (*heap_user_address)(int**, int*) = heap_user;
__device__ void (*heap_reader_address)(int**, int*) = heap_reader;
struct HeapArgs { int** slots; int* sums; };
__global__ void heap_parent(int** slots, int* sums) {
  launch(reinterpret_cast<void*>(heap_user_address), 4, 1, 0, HeapArgs{slots, sums});
  // Same (per-block default) stream: runs after.
  launch(reinterpret_cast<void*>(heap_reader_address), 4, 1, 0, HeapArgs{slots, sums});
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
