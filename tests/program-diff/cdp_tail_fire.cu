// flags: -rdc=true
// Dynamic parallelism (CUDA 13, CDP2): child grids launched into the default, a created
// (cudaStreamNonBlocking), the fire-and-forget and the tail-launch named streams; a tail launch
// runs after the parent grid and its other work; nesting 3 levels deep; cudaGetLastError and
// cudaGetDevice in device code; a child launch with a bad configuration returns an error code.
#include <cstdio>
__device__ int order[64];
__device__ int pos;
__device__ void mark(int v) { int p = atomicAdd(&pos, 1); if (p < 64) order[p] = v; }
__global__ void leaf(int tag) { if (threadIdx.x == 0) mark(tag); }
__global__ void mid(int depth) {
  if (threadIdx.x == 0) {
    mark(100 + depth);
    if (depth < 3) mid<<<1, 1>>>(depth + 1);
  }
}
__global__ void tail_child(int tag) { mark(tag); }
__global__ void parent(int* err) {
  if (threadIdx.x == 0) {
    tail_child<<<1, 1, 0, cudaStreamTailLaunch>>>(900);
    mark(1);
    leaf<<<1, 32, 0, cudaStreamFireAndForget>>>(10);
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    leaf<<<2, 32, 0, s>>>(20);
    cudaStreamDestroy(s);
    mid<<<1, 1>>>(1);
    int dev = -1; cudaGetDevice(&dev);
    err[0] = dev;
    err[1] = (int)cudaGetLastError();
    leaf<<<1, 2048>>>(30);   // too many threads per block
    err[2] = (int)cudaGetLastError();
    err[3] = (int)cudaGetLastError();
    leaf<<<dim3(1, 1, 0), 32>>>(31);
    err[4] = (int)cudaPeekAtLastError();
    err[5] = (int)cudaGetLastError();
  }
}
__global__ void chain(int n) {
  mark(500 + n);
  if (n > 0) chain<<<1, 1, 0, cudaStreamTailLaunch>>>(n - 1);
}
int main() {
  int* err; cudaMalloc(&err, 64);
  int zero = 0; cudaMemcpyToSymbol(pos, &zero, 4);
  parent<<<1, 32>>>(err);
  printf("parent: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  int h[8]; cudaMemcpy(h, err, 24, cudaMemcpyDeviceToHost);
  printf("device %d lasterr %d badcfg %d after %d zero-grid %d %d\n", h[0], h[1], h[2], h[3], h[4], h[5]);
  int o[64], p; cudaMemcpyFromSymbol(o, order, sizeof o); cudaMemcpyFromSymbol(&p, pos, 4);
  // order among concurrent children is unspecified: print the sorted set, and where the tail sits
  int tailpos = -1, first = o[0];
  for (int i = 0; i < p; i++) if (o[i] == 900) tailpos = i;
  for (int i = 0; i < p; i++) for (int j = i + 1; j < p; j++) if (o[j] < o[i]) { int t = o[i]; o[i] = o[j]; o[j] = t; }
  printf("marks %d first %d tail last %d:", p, first, tailpos == p - 1);
  for (int i = 0; i < p; i++) printf(" %d", o[i]);
  printf("\n");
  cudaMemcpyToSymbol(pos, &zero, 4);
  chain<<<1, 1>>>(5);
  printf("chain: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  cudaMemcpyFromSymbol(o, order, sizeof o); cudaMemcpyFromSymbol(&p, pos, 4);
  for (int i = 0; i < p; i++) printf(" %d", o[i]);
  printf("\n");
}
