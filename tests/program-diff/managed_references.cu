// __managed__ variables referenced from host code in every form people write: scalars, arrays,
// structs, a variable in a namespace (qualified and through `using`), a host read before any CUDA
// call, a pointer and a reference taken on the host, the symbol API, a host-device function, a
// local and a member of the same name (not the managed variable), writes seen both ways.
#include <cstdio>

struct Stats { int count; float sum; };
__managed__ int total = 11;
__managed__ float weights[4] = {0.5f, 1.5f, 2.5f, 3.5f};
__managed__ Stats stats = {2, 4.0f};
namespace cfg {
__managed__ int scale = 3;
}
struct Holder { int total; };

__host__ __device__ int scaled(int v) { return v * cfg::scale; }

__global__ void step(int n) {
  int i = threadIdx.x;
  if (i < n) {
    atomicAdd(&total, scaled(i));
    weights[i] *= 2.0f;
  }
  if (i == 0) {
    stats.count += 1;
    stats.sum += 0.25f;
  }
}

static int local_total() {
  int total = 100;
  total += 5;
  return total;
}

int main() {
  printf("before any CUDA call: total=%d scale=%d weights[3]=%.2f stats={%d,%.2f}\n", total, cfg::scale,
         weights[3], stats.count, stats.sum);
  Holder h = {7};
  printf("local=%d member=%d\n", local_total(), h.total);
  total += 1;
  cfg::scale = 2;
  int *tp = &total;
  float &w0 = weights[0];
  step<<<1, 4>>>(4);
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  printf("after: total=%d via pointer=%d w0=%.2f weights={%.2f,%.2f,%.2f,%.2f} stats={%d,%.2f}\n", total, *tp, w0,
         weights[0], weights[1], weights[2], weights[3], stats.count, stats.sum);
  printf("host scaled(5)=%d\n", scaled(5));
  int from_symbol = 0;
  e = cudaMemcpyFromSymbol(&from_symbol, total, sizeof(int));
  printf("cudaMemcpyFromSymbol: %s %d\n", cudaGetErrorString(e), from_symbol);
  int forty = 40;
  e = cudaMemcpyToSymbol(total, &forty, sizeof(int));
  printf("cudaMemcpyToSymbol: %s total=%d\n", cudaGetErrorString(e), total);
  void *addr = nullptr;
  e = cudaGetSymbolAddress(&addr, total);
  printf("cudaGetSymbolAddress: %s same as &total: %d\n", cudaGetErrorString(e), addr == (void *)&total);
  cudaPointerAttributes pa;
  e = cudaPointerGetAttributes(&pa, &stats);
  printf("attributes: %s type=%d host==device: %d\n", cudaGetErrorString(e), (int)pa.type,
         pa.hostPointer == pa.devicePointer);
  using cfg::scale;
  scale += 10;
  printf("scale=%d sizeof(weights)=%d sizeof(stats)=%d\n", cfg::scale, (int)sizeof(weights), (int)sizeof stats);
  return 0;
}
