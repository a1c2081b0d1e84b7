// cudaOccupancy* for odd shapes: block sizes 0, 1, 31, 33, 1023, 1024, 1025; dynamic shared
// memory 0, 1, the per-block limit, the opt-in limit and beyond; a __launch_bounds__(128)
// kernel asked about 256 threads; the flags argument (cudaOccupancyDisableCachingOverride, 2);
// cudaOccupancyMaxPotentialBlockSize with block size limits 0, 1, 48, 2000 and dynamic shared
// memory per block; the VariableSMem form; cudaOccupancyAvailableDynamicSMemPerBlock for
// 1, 8, 33 and 2049 blocks and block sizes 0 and 1025.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void plain(float *o) { o[threadIdx.x] = threadIdx.x * 2.0f; }
__global__ void __launch_bounds__(128) bounded(float *o) { o[threadIdx.x] = 1.0f; }
__global__ void smem(float *o) {
  __shared__ float s[2048];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  o[threadIdx.x] = s[threadIdx.x ^ 1];
}

static size_t smemFor(int b) { return b * 64; }

static int sms = 1;
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  int optin = 0, perBlock = 0;
  cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
  cudaDeviceGetAttribute(&perBlock, cudaDevAttrMaxSharedMemoryPerBlock, 0);
  int bs[] = {0, 1, 31, 33, 1023, 1024, 1025};
  size_t dm[] = {0, 1, (size_t)perBlock, (size_t)perBlock + 1, (size_t)optin, (size_t)optin + 1};
  for (int b : bs)
    for (size_t d : dm) {
      int n = -7;
      cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, plain, b, d);
      printf("plain b=%d dsmem=%zu -> %s n=%d last=%s\n", b, d, cudaGetErrorName(e), n,
             cudaGetErrorName(cudaGetLastError()));
    }
  int n = -7;
  cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, bounded, 256, 0);
  printf("bounded(128) b=256 -> %s n=%d\n", cudaGetErrorName(e), n);
  e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, bounded, 128, 0);
  printf("bounded(128) b=128 -> %s n=%d\n", cudaGetErrorName(e), n);
  e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, smem, 96, 0);
  printf("smem b=96 -> %s n=%d\n", cudaGetErrorName(e), n);
  for (unsigned f : {0u, 1u, 2u, 3u}) {
    n = -7;
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, plain, 64, 0, f);
    printf("withFlags %u -> %s n=%d last=%s\n", f, cudaGetErrorName(e), n,
           cudaGetErrorName(cudaGetLastError()));
  }
  e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, plain, 64, 0);
  printf("null numBlocks -> %s\n", cudaGetErrorName(e));
  e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, (const void *)nullptr, 64, 0);
  printf("null func -> %s\n", cudaGetErrorName(e));
  cudaGetLastError();

  int lims[] = {0, 1, 48, 2000};
  size_t dyn[] = {0, 1000, (size_t)perBlock};
  for (int lim : lims)
    for (size_t d : dyn) {
      int grid = -7, block = -7;
      e = cudaOccupancyMaxPotentialBlockSize(&grid, &block, plain, d, lim);
      printf("potential plain dsmem=%zu limit=%d -> %s grid/SMs=%d rem=%d block=%d\n", d, lim,
             cudaGetErrorName(e), grid / sms, grid % sms, block);
      grid = block = -7;
      e = cudaOccupancyMaxPotentialBlockSize(&grid, &block, smem, d, lim);
      printf("potential smem dsmem=%zu limit=%d -> %s grid/SMs=%d rem=%d block=%d\n", d, lim,
             cudaGetErrorName(e), grid / sms, grid % sms, block);
    }
  cudaGetLastError();
  int grid = -7, block = -7;
  e = cudaOccupancyMaxPotentialBlockSize(&grid, &block, bounded, 0, 0);
  printf("potential bounded -> %s grid/SMs=%d rem=%d block=%d\n", cudaGetErrorName(e), grid / sms, grid % sms, block);
  e = cudaOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block, plain, smemFor, 0);
  printf("variable smem plain -> %s grid/SMs=%d rem=%d block=%d\n", cudaGetErrorName(e), grid / sms, grid % sms, block);
  e = cudaOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block, smem, smemFor, 300);
  printf("variable smem smem lim300 -> %s grid/SMs=%d rem=%d block=%d\n", cudaGetErrorName(e), grid / sms, grid % sms, block);
  e = cudaOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, plain, 0, 0,
                                                  cudaOccupancyDisableCachingOverride);
  printf("potential withFlags 1 -> %s grid/SMs=%d rem=%d block=%d\n", cudaGetErrorName(e), grid / sms, grid % sms, block);

  int nb[] = {0, 1, 8, 33, 2049};
  int bb[] = {0, 1, 256, 1024, 1025};
  for (int k : nb)
    for (int b : bb) {
      size_t av = 12345;
      e = cudaOccupancyAvailableDynamicSMemPerBlock(&av, plain, k, b);
      printf("available plain blocks=%d b=%d -> %s %zu last=%s\n", k, b, cudaGetErrorName(e), av,
             cudaGetErrorName(cudaGetLastError()));
    }
  size_t av = 0;
  e = cudaOccupancyAvailableDynamicSMemPerBlock(&av, smem, 2, 256);
  printf("available smem blocks=2 b=256 -> %s %zu\n", cudaGetErrorName(e), av);
  e = cudaOccupancyAvailableDynamicSMemPerBlock(&av, smem, 1, 256);
  printf("available smem blocks=1 b=256 -> %s %zu\n", cudaGetErrorName(e), av);
  return 0;
}
