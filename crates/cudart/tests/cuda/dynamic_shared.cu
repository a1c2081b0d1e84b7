// Dynamic shared memory (Programming Guide, "Shared Memory"): one extern array carved into
// several typed arrays; above 48 KB only after cudaFuncSetAttribute raises the limit, which
// cudaFuncGetAttributes then reports.
#include "common.h"

__global__ void carve(const float* in, float* out, int n) {
  extern __shared__ unsigned char smem[];
  float* f = (float*)smem;                       // blockDim.x floats
  int* counts = (int*)(f + blockDim.x);          // blockDim.x ints
  double* acc = (double*)(counts + blockDim.x);  // 1 double (8-aligned as blockDim is even)
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  f[threadIdx.x] = i < n ? in[i] : 0.f;
  counts[threadIdx.x] = i < n;
  if (threadIdx.x == 0) *acc = 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    double s = 0;
    int c = 0;
    for (int k = 0; k < blockDim.x; k++) { s += f[k]; c += counts[k]; }
    *acc = s / (c ? c : 1);
  }
  __syncthreads();
  if (i < n) out[i] = f[threadIdx.x] - (float)*acc;
}

__global__ void big(int* out) {
  extern __shared__ int buf[];  // 64 KB
  const int words = 64 * 1024 / 4;
  for (int k = threadIdx.x; k < words; k += blockDim.x) buf[k] = k;
  __syncthreads();
  if (threadIdx.x == 0) {
    long long s = 0;
    for (int k = 0; k < words; k++) s += buf[k];
    out[blockIdx.x] = (int)(s % 1000003);
  }
}

int main() {
  const int n = 1000, bs = 128;
  float *in, *out;
  CK(cudaMallocManaged(&in, n * sizeof(float)));
  CK(cudaMallocManaged(&out, n * sizeof(float)));
  for (int i = 0; i < n; i++) in[i] = (float)(i % bs);
  size_t smem = bs * sizeof(float) + bs * sizeof(int) + sizeof(double);
  carve<<<(n + bs - 1) / bs, bs, smem>>>(in, out, n);
  CK(cudaDeviceSynchronize());
  for (int i = 0; i < 896; i++) EXPECT(out[i] == (float)(i % bs) - 63.5f);

  int* r;
  CK(cudaMallocManaged(&r, 4 * sizeof(int)));
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, big));
  EXPECT(fa.maxDynamicSharedSizeBytes == 48 * 1024);
  big<<<4, 256, 64 * 1024>>>(r);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  CK(cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024));
  CK(cudaFuncGetAttributes(&fa, big));
  EXPECT(fa.maxDynamicSharedSizeBytes == 64 * 1024);
  int optin = 0;
  CK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  EXPECT(optin >= 64 * 1024);
  EXPECT_ERR(cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, optin + 1), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  big<<<4, 256, 64 * 1024>>>(r);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  long long want = 0;
  for (int k = 0; k < 16384; k++) want += k;
  for (int b = 0; b < 4; b++) EXPECT(r[b] == (int)(want % 1000003));
  CK(cudaFree(in)); CK(cudaFree(out)); CK(cudaFree(r));
  printf("PASS\n");
  return 0;
}
