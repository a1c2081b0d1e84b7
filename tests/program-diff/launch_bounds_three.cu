// __launch_bounds__ with one, two and three arguments (max threads, min blocks per SM, max
// blocks per cluster): cudaFuncGetAttributes' maxThreadsPerBlock, launches at and beyond the
// bound (the error and its string), the occupancy API's answer, and __maxnreg__.
#include <cstdio>
__global__ void __launch_bounds__(96) lb1(int* o) { o[threadIdx.x] = threadIdx.x; }
__global__ void __launch_bounds__(256, 4) lb2(int* o) { o[threadIdx.x] = threadIdx.x * 2; }
__global__ void __launch_bounds__(128, 2, 4) lb3(int* o) { o[threadIdx.x] = threadIdx.x * 3; }
__global__ void __maxnreg__(40) mr(int* o) { o[threadIdx.x] = threadIdx.x * 4; }
template <typename K> void probe(const char* name, K k, int* d) {
  cudaFuncAttributes a; cudaFuncGetAttributes(&a, k);
  int occ = -1; cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, k, 64, 0);
  int mg = -1, mb = -1; cudaOccupancyMaxPotentialBlockSize(&mg, &mb, k, 0, 0);
  printf("%s: maxThreads=%d occ64=%d potentialBlock=%d\n", name, a.maxThreadsPerBlock, occ, mb);
  int sizes[] = {32, 96, 97, 128, 129, 256, 257, 1024};
  for (int s : sizes) {
    k<<<1, s>>>(d);
    cudaError_t le = cudaGetLastError(), se = cudaDeviceSynchronize();
    printf("  %4d threads: %s / %s\n", s, cudaGetErrorName(le), cudaGetErrorName(se));
  }
  printf("  last string: %s\n", cudaGetErrorString(cudaErrorInvalidValue));
}
int main() {
  int* d; cudaMalloc(&d, 4096);
  probe("lb1", lb1, d); probe("lb2", lb2, d); probe("lb3", lb3, d); probe("mr", mr, d);
  cudaLaunchConfig_t cfg = {}; cfg.gridDim = 8; cfg.blockDim = 128;
  cudaLaunchAttribute at; at.id = cudaLaunchAttributeClusterDimension; at.val.clusterDim.x = 8; at.val.clusterDim.y = 1; at.val.clusterDim.z = 1;
  cfg.attrs = &at; cfg.numAttrs = 1;
  cudaError_t e = cudaLaunchKernelEx(&cfg, lb3, d);
  printf("lb3 cluster 8: %s / %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
  at.val.clusterDim.x = 4;
  e = cudaLaunchKernelEx(&cfg, lb3, d);
  printf("lb3 cluster 4: %s / %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
