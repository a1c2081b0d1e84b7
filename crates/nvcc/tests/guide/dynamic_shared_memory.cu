// Shared memory: dynamic shared memory as several arrays carved from one extern array (the guide's
// B.2.3 pattern), cudaFuncSetAttribute MaxDynamicSharedMemorySize beyond 48 KB,
// cudaFuncGetAttributes, static + dynamic shared memory together, cudaFuncSetCacheConfig.
#include "guide.h"
extern __shared__ float array[];
__global__ void carve(int* outShort, float* outFloat, int* outInt, int nS, int nF, int nI) {
  short* array0 = (short*)array;
  float* array1 = (float*)&array0[nS];   // nS is even: array1 stays 4-byte aligned
  int* array2 = (int*)&array1[nF];
  for (int i = threadIdx.x; i < nS; i += blockDim.x) array0[i] = (short)(i - 50);
  for (int i = threadIdx.x; i < nF; i += blockDim.x) array1[i] = i * 0.5f;
  for (int i = threadIdx.x; i < nI; i += blockDim.x) array2[i] = i * i;
  __syncthreads();
  for (int i = threadIdx.x; i < nS; i += blockDim.x) outShort[i] = array0[nS - 1 - i];
  for (int i = threadIdx.x; i < nF; i += blockDim.x) outFloat[i] = array1[nF - 1 - i];
  for (int i = threadIdx.x; i < nI; i += blockDim.x) outInt[i] = array2[nI - 1 - i];
}
__global__ void large(unsigned* out, int words) {
  extern __shared__ unsigned big[];
  __shared__ unsigned fixed[256];
  fixed[threadIdx.x] = threadIdx.x * 3;
  for (int i = threadIdx.x; i < words; i += blockDim.x) big[i] = i ^ 0x5a5a;
  __syncthreads();
  unsigned s = 0;
  for (int i = threadIdx.x; i < words; i += blockDim.x) s += big[words - 1 - i];
  out[threadIdx.x] = s + fixed[255 - threadIdx.x];
}
int main() {
  const int nS = 128, nF = 64, nI = 256;
  int *oS, *oI; float* oF;
  CK(cudaMalloc(&oS, nS * 4)); CK(cudaMalloc(&oF, nF * 4)); CK(cudaMalloc(&oI, nI * 4));
  carve<<<1, 96, nS * sizeof(short) + nF * sizeof(float) + nI * sizeof(int)>>>(oS, oF, oI, nS, nF, nI);
  CK(cudaGetLastError());
  int hS[nS], hI[nI]; float hF[nF];
  CK(cudaMemcpy(hS, oS, sizeof(hS), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hF, oF, sizeof(hF), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hI, oI, sizeof(hI), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < nS; i++) ok &= hS[i] == nS - 1 - i - 50;
  for (int i = 0; i < nF; i++) ok &= hF[i] == (nF - 1 - i) * 0.5f;
  for (int i = 0; i < nI; i++) ok &= hI[i] == (nI - 1 - i) * (nI - 1 - i);
  check(ok, "short/float/int arrays carved from one dynamic shared array");

  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int bytes = 64 * 1024;  // above the default 48 KB limit
  check(prop.sharedMemPerBlockOptin >= (size_t)bytes + 1024, "opt-in shared memory above 64 KB + static");
  unsigned* out;
  CK(cudaMalloc(&out, 256 * 4));
  large<<<1, 256, bytes>>>(out, bytes / 4);
  check(cudaGetLastError() != cudaSuccess, "64 KB dynamic shared memory without opt-in is refused");
  CK(cudaFuncSetAttribute(large, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
  cudaFuncAttributes attr;
  CK(cudaFuncGetAttributes(&attr, large));
  check(attr.maxDynamicSharedSizeBytes == bytes, "cudaFuncGetAttributes reads the attribute back");
  check(attr.sharedSizeBytes == 256 * 4, "static shared size of the kernel is 1 KB");
  check(attr.maxThreadsPerBlock > 0 && attr.maxThreadsPerBlock <= prop.maxThreadsPerBlock, "maxThreadsPerBlock attribute");
  large<<<1, 256, bytes>>>(out, bytes / 4);
  CK(cudaGetLastError());
  unsigned h[256];
  CK(cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost));
  ok = true;
  int words = bytes / 4;
  for (int t = 0; t < 256; t++) {
    unsigned s = 0;
    for (int i = t; i < words; i += 256) s += (unsigned)((words - 1 - i) ^ 0x5a5a);
    ok &= h[t] == s + (255 - t) * 3;
  }
  check(ok, "kernel with 64 KB dynamic + 1 KB static shared memory after opt-in");
  CK(cudaFuncSetCacheConfig(large, cudaFuncCachePreferShared));
  CK(cudaFuncSetAttribute(large, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxShared));
  CK_ERR(cudaFuncSetAttribute(large, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)prop.sharedMemPerBlockOptin + 4096),
         cudaErrorInvalidValue);
  return finish();
}
