// Device heap: cudaLimitMallocHeapSize set before the first launch, malloc/free from many
// threads, operator new/delete of objects with constructors and destructors, new[]/delete[]
// with a count prefix, malloc of an impossible size (nullptr), malloc(0), memset of heap
// memory, and heap pointers passed between launches (freed in a later kernel).
#include <cstdio>
#include <new>
__device__ int ctor_count, dtor_count;
struct Obj { int a; double b; __device__ Obj(int x) : a(x), b(x * 0.5) { atomicAdd(&ctor_count, 1); } __device__ ~Obj() { atomicAdd(&dtor_count, 1); } };
__device__ int* saved[256];
__global__ void alloc(int* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int* p = (int*)malloc(64 * sizeof(int));
  if (!p) { atomicAdd(&out[0], 1); saved[t] = nullptr; return; }
  for (int i = 0; i < 64; i++) p[i] = t + i;
  saved[t] = p;
  Obj* o = new Obj(t);
  atomicAdd(&out[1], (int)(o->b * 2) == t);
  delete o;
  Obj* arr = (Obj*)malloc(3 * sizeof(Obj));
  free(arr);
  if (t == 0) {
    int* big = (int*)malloc((size_t)1 << 40);
    out[2] = big == nullptr;
    void* z = malloc(0);
    out[3] = z == nullptr ? 0 : 1;
    free(z);
    free(nullptr);
  }
}
__global__ void use_and_free(int* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int* p = saved[t];
  if (!p) return;
  int s = 0; for (int i = 0; i < 64; i++) s += p[i] - t;
  atomicAdd(&out[4], s == 64 * 63 / 2);
  free(p);
}
int main() {
  size_t lim = 0;
  printf("set heap: %s\n", cudaGetErrorName(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20)));
  cudaDeviceGetLimit(&lim, cudaLimitMallocHeapSize);
  printf("heap limit %zu\n", lim);
  int* o; cudaMalloc(&o, 64); cudaMemset(o, 0, 64);
  alloc<<<4, 64>>>(o);
  printf("alloc: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  use_and_free<<<4, 64>>>(o);
  printf("free: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  int h[16]; cudaMemcpy(h, o, 64, cudaMemcpyDeviceToHost);
  int c, d; cudaMemcpyFromSymbol(&c, ctor_count, 4); cudaMemcpyFromSymbol(&d, dtor_count, 4);
  printf("failed=%d objs_ok=%d nothrow_null=%d malloc0_nonnull=%d reread_ok=%d ctor=%d dtor=%d\n", h[0], h[1], h[2], h[3], h[4], c, d);
  printf("set heap after launch: %s\n", cudaGetErrorName(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 2 << 20)));
  return 0;
}
