// Run by the Rust tests with environment variables set: argv[1] says which behaviour to check.
//   hidden: CUDA_VISIBLE_DEVICES hides device 0 -> cudaErrorNoDevice everywhere.
//   visible: CUDA_VISIBLE_DEVICES=0 -> one device.
//   blocking: CUDA_LAUNCH_BLOCKING=1 -> a launch returns after the kernel completed.
#include "common.h"
#include <cstring>
__global__ void spin(int* p, int iters) {
  int v = 0;
  for (int k = 0; k < iters; k++) v = v * 3 + 1;
  p[0] = v; p[1] = 1;
}
int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  if (!strcmp(mode, "hidden")) {
    int n = 5;
    EXPECT_ERR(cudaGetDeviceCount(&n), cudaErrorNoDevice);
    EXPECT(n == 0);
    void* p;
    EXPECT_ERR(cudaMalloc(&p, 16), cudaErrorNoDevice);
    EXPECT_ERR(cudaSetDevice(0), cudaErrorNoDevice);
  } else if (!strcmp(mode, "visible")) {
    int n = 0;
    CK(cudaGetDeviceCount(&n));
    EXPECT(n == 1);
  } else if (!strcmp(mode, "blocking")) {
    int* d; CK(cudaMalloc(&d, 8));
    int* h; CK(cudaMallocHost(&h, 8));
    h[1] = 0;
    cudaStream_t s; CK(cudaStreamCreate(&s));
    spin<<<1, 1, 0, s>>>(d, 200000);
    EXPECT_ERR(cudaStreamQuery(s), cudaSuccess);  // already complete
    CK(cudaMemcpyAsync(h, d, 8, cudaMemcpyDeviceToHost, s));
    EXPECT(h[1] == 1);  // the async copy completed before returning
    CK(cudaStreamDestroy(s));
  } else {
    printf("FAIL unknown mode\n");
    return 1;
  }
  printf("PASS\n");
  return 0;
}
