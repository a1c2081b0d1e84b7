// cudaLaunchKernelEx with launch attributes (Programming Guide, "Launching kernels with
// cudaLaunchKernelEx"): priority, a cluster of one block, programmatic serialization hints and
// a completion event; an unknown attribute and a cluster that does not divide the grid are
// refused with CUDA's errors.
#include "common.h"

__global__ void saxpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void scale(float* y, float s, int n) {
  extern __shared__ float tile[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? y[i] : 0.f;
  __syncthreads();
  if (i < n) y[i] = tile[threadIdx.x] * s;
}

int main() {
  const int n = 10000;
  float *x, *y;
  CK(cudaMallocManaged(&x, n * sizeof(float)));
  CK(cudaMallocManaged(&y, n * sizeof(float)));
  for (int i = 0; i < n; i++) { x[i] = (float)i; y[i] = 1.f; }
  cudaStream_t s;
  int lo = 0, hi = 0;
  CK(cudaDeviceGetStreamPriorityRange(&lo, &hi));
  CK(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, hi));
  cudaEvent_t done;
  CK(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));

  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3((n + 255) / 256);
  cfg.blockDim = dim3(256);
  cfg.stream = s;
  cudaLaunchAttribute attrs[4];
  attrs[0].id = cudaLaunchAttributePriority;
  attrs[0].val.priority = hi;
  attrs[1].id = cudaLaunchAttributeClusterDimension;
  attrs[1].val.clusterDim.x = 1; attrs[1].val.clusterDim.y = 1; attrs[1].val.clusterDim.z = 1;
  attrs[2].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attrs[2].val.programmaticStreamSerializationAllowed = 1;
  attrs[3].id = cudaLaunchAttributeLaunchCompletionEvent;
  attrs[3].val.launchCompletionEvent.event = done;
  attrs[3].val.launchCompletionEvent.flags = 0;
  cfg.attrs = attrs; cfg.numAttrs = 4;
  CK(cudaLaunchKernelEx(&cfg, saxpy, 2.0f, (const float*)x, y, n));
  CK(cudaEventSynchronize(done));  // every block has started (not necessarily finished)
  CK(cudaDeviceSynchronize());
  for (int i = 0; i < n; i++) EXPECT(y[i] == 2.f * i + 1.f);

  // Dynamic shared memory through the config, no attributes.
  cudaLaunchConfig_t c2 = {};
  c2.gridDim = dim3((n + 127) / 128); c2.blockDim = dim3(128);
  c2.dynamicSmemBytes = 128 * sizeof(float); c2.stream = s;
  CK(cudaLaunchKernelEx(&c2, scale, y, 0.5f, n));
  CK(cudaStreamSynchronize(s));
  for (int i = 0; i < n; i++) EXPECT(y[i] == i + 0.5f);

  // Errors: an attribute id CUDA does not define; a cluster that does not divide the grid;
  // a block of 2048 threads; too much dynamic shared memory without the opt-in.
  cudaLaunchAttribute bad;
  bad.id = (cudaLaunchAttributeID)1000;
  cfg.attrs = &bad; cfg.numAttrs = 1;
  EXPECT_ERR(cudaLaunchKernelEx(&cfg, saxpy, 2.0f, (const float*)x, y, n), cudaErrorInvalidValue);
  cudaLaunchAttribute cl;
  cl.id = cudaLaunchAttributeClusterDimension;
  cl.val.clusterDim.x = 3; cl.val.clusterDim.y = 1; cl.val.clusterDim.z = 1;
  cfg.gridDim = dim3(4); cfg.attrs = &cl;
  EXPECT_ERR(cudaLaunchKernelEx(&cfg, saxpy, 2.0f, (const float*)x, y, n), cudaErrorInvalidClusterSize);
  cfg.numAttrs = 0; cfg.blockDim = dim3(2048);
  EXPECT_ERR(cudaLaunchKernelEx(&cfg, saxpy, 2.0f, (const float*)x, y, n), cudaErrorInvalidValue);
  c2.dynamicSmemBytes = 64 * 1024;
  EXPECT_ERR(cudaLaunchKernelEx(&c2, scale, y, 0.5f, n), cudaErrorInvalidValue);
  CK(cudaFuncSetAttribute(scale, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024));
  CK(cudaLaunchKernelEx(&c2, scale, y, 2.0f, n));
  CK(cudaStreamSynchronize(s));
  EXPECT(y[10] == 21.f);
  // The successful cudaFuncSetAttribute above cleared the last error (as CUDA 13.0 does); launch
  // errors are not sticky: the last one is reported once, then success.
  EXPECT_ERR(cudaGetLastError(), cudaSuccess);
  EXPECT_ERR(cudaLaunchKernelEx(&cfg, saxpy, 2.0f, (const float*)x, y, n), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGetLastError(), cudaSuccess);

  CK(cudaEventDestroy(done));
  CK(cudaStreamDestroy(s));
  CK(cudaFree(x)); CK(cudaFree(y));
  printf("PASS\n");
  return 0;
}
