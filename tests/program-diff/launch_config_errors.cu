// Launch configurations a program gets wrong, with the exact error each one reports and how
// cudaGetLastError / cudaPeekAtLastError see it: 1025 threads, a zero-sized block and grid, block
// z of 65, grid y of 65536, 48 KiB + 4 bytes of dynamic shared memory without the opt-in, the same
// after cudaFuncSetAttribute, an opt-in above the device's limit, a kernel with
// __launch_bounds__(128) launched with 256 threads, a cooperative launch with too many blocks,
// cudaFuncGetAttributes of each kernel; and that a correct launch afterwards still works.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void plain(int* p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 1; }
__global__ void __launch_bounds__(128) bounded(int* p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 2; }
__global__ void dyn(int* p) { extern __shared__ int s[]; s[threadIdx.x] = threadIdx.x; __syncthreads(); p[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x]; }
__global__ void coop(int* p) { cg::this_grid().sync(); if (threadIdx.x == 0) atomicAdd(p, 1); }

static void show(const char* what, cudaError_t e) { printf("%-40s %d %s: %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e)); }

int main() {
  int* p; cudaMalloc(&p, 1 << 22);
  plain<<<1, 1025>>>(p);
  show("1025 threads: peek", cudaPeekAtLastError());
  show("1025 threads: peek again", cudaPeekAtLastError());
  show("1025 threads: get", cudaGetLastError());
  show("1025 threads: get again", cudaGetLastError());
  plain<<<1, 0>>>(p); show("block of 0 threads", cudaGetLastError());
  plain<<<0, 32>>>(p); show("grid of 0 blocks", cudaGetLastError());
  plain<<<1, dim3(1, 1, 65)>>>(p); show("block z 65", cudaGetLastError());
  plain<<<dim3(1, 65536), 1>>>(p); show("grid y 65536", cudaGetLastError());
  plain<<<dim3(1, 1, 65536), 1>>>(p); show("grid z 65536", cudaGetLastError());
  plain<<<dim3(1, 65535, 1), 1>>>(p); show("grid y 65535", cudaGetLastError());
  show("  its sync", cudaDeviceSynchronize());
  dyn<<<1, 64, 48 * 1024 + 4>>>(p); show("48KiB+4 dynamic smem, no opt-in", cudaGetLastError());
  show("set MaxDynamicSharedMemorySize 100000", cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 100000));
  dyn<<<1, 64, 48 * 1024 + 4>>>(p); show("48KiB+4 after opt-in", cudaGetLastError());
  dyn<<<1, 64, 100004>>>(p); show("100004 after opt-in of 100000", cudaGetLastError());
  int optin = 0; cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
  show("opt-in above the device limit", cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, optin + 1));
  show("opt-in at the device limit", cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, optin));
  show("PreferredSharedMemoryCarveout 50", cudaFuncSetAttribute(dyn, cudaFuncAttributePreferredSharedMemoryCarveout, 50));
  show("PreferredSharedMemoryCarveout 101", cudaFuncSetAttribute(dyn, cudaFuncAttributePreferredSharedMemoryCarveout, 101));
  show("sync", cudaDeviceSynchronize());
  bounded<<<2, 256>>>(p); show("__launch_bounds__(128) with 256", cudaGetLastError());
  bounded<<<2, 128>>>(p); show("__launch_bounds__(128) with 128", cudaGetLastError());
  cudaFuncAttributes a;
  cudaFuncGetAttributes(&a, bounded); printf("bounded maxThreadsPerBlock %d\n", a.maxThreadsPerBlock);
  cudaFuncGetAttributes(&a, dyn); printf("dyn maxDynamicSharedSizeBytes %d carveout %d\n", a.maxDynamicSharedSizeBytes, a.preferredShmemCarveout);
  int sms = 0, per = 0; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, coop, 1024, 0);
  void* args[] = {&p};
  show("cooperative, too many blocks", cudaLaunchCooperativeKernel((void*)coop, dim3(sms * per + 1), dim3(1024), args, 0, 0));
  show("  get", cudaGetLastError());
  cudaMemset(p, 0, 4);
  show("cooperative, exactly the limit", cudaLaunchCooperativeKernel((void*)coop, dim3(sms * per), dim3(1024), args, 0, 0));
  int cnt = 0; cudaMemcpy(&cnt, p, 4, cudaMemcpyDeviceToHost);
  printf("cooperative blocks that ran == limit: %d\n", cnt == sms * per);
  show("cooperative with 1025 threads", cudaLaunchCooperativeKernel((void*)coop, dim3(1), dim3(1025), args, 0, 0));
  show("launch of a null function", cudaLaunchKernel((void*)nullptr, dim3(1), dim3(1), args, 0, 0));
  show("get", cudaGetLastError());
  cudaMemset(p, 0, 4096);
  plain<<<4, 256>>>(p);
  show("good launch", cudaGetLastError());
  show("sync", cudaDeviceSynchronize());
  int h[1024]; cudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost);
  int s = 0; for (int i = 0; i < 1024; ++i) s += h[i];
  printf("sum %d\n", s);
  return 0;
}
