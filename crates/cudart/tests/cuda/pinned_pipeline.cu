// Overlapping copies and kernels (Programming Guide, "Overlap of Data Transfer and Kernel
// Execution"): pinned host buffers split into chunks, each chunk's H2D copy, kernel and D2H
// copy issued on one of 4 streams; cudaHostRegister'd pageable memory as the output.
#include "common.h"
#include <vector>

__global__ void sq(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * in[i];
}

int main() {
  const int n = 1 << 18, S = 4, chunk = n / S;
  float* hin;
  CK(cudaHostAlloc(&hin, n * sizeof(float), cudaHostAllocDefault));
  std::vector<float> hout(n);
  CK(cudaHostRegister(hout.data(), n * sizeof(float), cudaHostRegisterDefault));
  for (int i = 0; i < n; i++) hin[i] = (float)(i % 1000) * 0.5f;
  float *din, *dout;
  CK(cudaMalloc(&din, n * sizeof(float)));
  CK(cudaMalloc(&dout, n * sizeof(float)));
  cudaStream_t s[S];
  for (int k = 0; k < S; k++) CK(cudaStreamCreate(&s[k]));
  for (int k = 0; k < S; k++) {
    int off = k * chunk;
    CK(cudaMemcpyAsync(din + off, hin + off, chunk * sizeof(float), cudaMemcpyHostToDevice, s[k]));
    sq<<<chunk / 256, 256, 0, s[k]>>>(din + off, dout + off, chunk);
    CK(cudaMemcpyAsync(hout.data() + off, dout + off, chunk * sizeof(float), cudaMemcpyDeviceToHost, s[k]));
  }
  CK(cudaDeviceSynchronize());
  for (int i = 0; i < n; i++) EXPECT(hout[i] == hin[i] * hin[i]);
  for (int k = 0; k < S; k++) CK(cudaStreamDestroy(s[k]));
  CK(cudaHostUnregister(hout.data()));
  CK(cudaFreeHost(hin)); CK(cudaFree(din)); CK(cudaFree(dout));
  printf("PASS\n");
  return 0;
}
