// __syncthreads_count/_and/_or with varied predicates and block shapes, __syncwarp with partial
// masks in divergent code, __activemask in nested branches, __threadfence_block/__threadfence/
// __threadfence_system ordering in a producer/consumer flag, __nanosleep in a spin loop.
#include <cstdio>
__global__ void syncs(int* o) {
  int t = threadIdx.x + blockDim.x * threadIdx.y;
  int c = __syncthreads_count(t % 3 == 0);
  int a = __syncthreads_and(t < 1000);
  int b = __syncthreads_and(t != 17);
  int d = __syncthreads_or(t == 63);
  int e = __syncthreads_or(0);
  int f = __syncthreads_count(t & 0x10);
  if (t == 0) { o[blockIdx.x * 8 + 0] = c; o[blockIdx.x * 8 + 1] = a; o[blockIdx.x * 8 + 2] = b;
    o[blockIdx.x * 8 + 3] = d; o[blockIdx.x * 8 + 4] = e; o[blockIdx.x * 8 + 5] = f; }
}
__global__ void masks(unsigned* o) {
  int l = threadIdx.x & 31;
  __shared__ int s[64];
  s[threadIdx.x] = l;
  unsigned m0 = __activemask();
  if (l < 20) {
    unsigned m1 = __activemask();
    if (l & 1) {
      unsigned m2 = __activemask();
      s[threadIdx.x] = l * 10;
      __syncwarp(0xaaaaa & m2);
      o[64 + threadIdx.x] = s[(threadIdx.x ^ 2)] ;
      o[128 + threadIdx.x] = m2;
    } else {
      o[128 + threadIdx.x] = __activemask();
      __syncwarp(0x55555);
      o[64 + threadIdx.x] = 1;
    }
    o[threadIdx.x] = m1;
  } else {
    o[threadIdx.x] = __activemask();
    o[64 + threadIdx.x] = 2;
    o[128 + threadIdx.x] = m0;
  }
  __syncwarp();
  o[192 + threadIdx.x] = __activemask();
}
__device__ volatile int flag;
__device__ int data[4];
__global__ void fence(int* o) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    data[0] = 11; __threadfence_block();
    data[1] = 22; __threadfence();
    data[2] = 33; __threadfence_system();
    data[3] = 44; __threadfence();
    flag = 1;
  } else if (blockIdx.x == 1 && threadIdx.x == 0) {
    int spins = 0;
    while (flag == 0) { __nanosleep(100); spins++; }
    __threadfence();
    o[0] = data[0] + data[1] + data[2] + data[3];
    o[1] = spins >= 0;
  }
}
int main() {
  int* o; cudaMalloc(&o, 64 * 4);
  syncs<<<1, 64>>>(o);
  syncs<<<dim3(1), dim3(8, 8)>>>(o + 8);
  syncs<<<1, 33>>>(o + 16);
  syncs<<<1, 1024>>>(o + 24);
  cudaDeviceSynchronize();
  int r[32]; cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 4; i++) printf("syncs %d: %d %d %d %d %d %d\n", i, r[i*8], r[i*8+1], r[i*8+2], r[i*8+3], r[i*8+4], r[i*8+5]);
  unsigned* m; cudaMalloc(&m, 256 * 4);
  masks<<<1, 64>>>(m);
  unsigned rm[256]; cudaMemcpy(rm, m, sizeof rm, cudaMemcpyDeviceToHost);
  for (int j = 0; j < 4; j++) { printf("masks %d:", j); for (int i = 0; i < 64; i++) printf(" %x", rm[j * 64 + i]); printf("\n"); }
  int zero = 0; cudaMemcpyToSymbol(flag, &zero, 4);
  fence<<<2, 32>>>(o);
  printf("fence: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  cudaMemcpy(r, o, 8, cudaMemcpyDeviceToHost);
  printf("fence %d %d\n", r[0], r[1]);
}
