// cudaErrorNotReady is "not actually an error": cudaStreamQuery, cudaEventQuery and
// cudaEventElapsedTime answering it leave the last error alone (neither set nor cleared),
// while real errors such as cudaErrorHostMemoryAlreadyRegistered are recorded. As an H200
// answers: tests/gpu-programs/probe_not_ready.txt.
#include "common.h"

// Spins until the host raises the flag (mapped pinned memory).
__global__ void wait_for(volatile int* flag) {
  while (*flag == 0) {}
}

int main() {
  int* flag;
  CK(cudaHostAlloc(&flag, sizeof(int), cudaHostAllocMapped));
  *(volatile int*)flag = 0;
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  CK(cudaEventRecord(a, s));
  wait_for<<<1, 1, 0, s>>>(flag);
  CK(cudaGetLastError());
  CK(cudaEventRecord(b, s));

  EXPECT_ERR(cudaStreamQuery(s), cudaErrorNotReady);
  EXPECT_ERR(cudaPeekAtLastError(), cudaSuccess);
  EXPECT_ERR(cudaGetLastError(), cudaSuccess);
  EXPECT_ERR(cudaEventQuery(b), cudaErrorNotReady);
  EXPECT_ERR(cudaPeekAtLastError(), cudaSuccess);
  float ms;
  EXPECT_ERR(cudaEventElapsedTime(&ms, a, b), cudaErrorNotReady);
  EXPECT_ERR(cudaGetLastError(), cudaSuccess);

  // A pending error survives a NotReady answer.
  void* p;
  EXPECT_ERR(cudaMalloc(&p, (size_t)1 << 60), cudaErrorMemoryAllocation);
  EXPECT_ERR(cudaStreamQuery(s), cudaErrorNotReady);
  EXPECT_ERR(cudaEventQuery(b), cudaErrorNotReady);
  EXPECT_ERR(cudaGetLastError(), cudaErrorMemoryAllocation);
  EXPECT_ERR(cudaGetLastError(), cudaSuccess);

  *(volatile int*)flag = 1;
  CK(cudaStreamSynchronize(s));
  EXPECT_ERR(cudaStreamQuery(s), cudaSuccess);
  EXPECT_ERR(cudaEventQuery(b), cudaSuccess);
  CK(cudaEventElapsedTime(&ms, a, b));
  EXPECT(ms >= 0);

  // Real errors are still recorded.
  cudaEvent_t never;
  CK(cudaEventCreate(&never));
  EXPECT_ERR(cudaEventElapsedTime(&ms, a, never), cudaErrorInvalidResourceHandle);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidResourceHandle);
  static char page[1 << 16];
  CK(cudaHostRegister(page, sizeof page, 0));
  EXPECT_ERR(cudaHostRegister(page, sizeof page, 0), cudaErrorHostMemoryAlreadyRegistered);
  EXPECT_ERR(cudaPeekAtLastError(), cudaErrorHostMemoryAlreadyRegistered);
  EXPECT_ERR(cudaGetLastError(), cudaErrorHostMemoryAlreadyRegistered);
  CK(cudaHostUnregister(page));
  EXPECT_ERR(cudaHostUnregister(page), cudaErrorHostMemoryNotRegistered);
  EXPECT_ERR(cudaGetLastError(), cudaErrorHostMemoryNotRegistered);
  CK(cudaFreeHost(flag));
  printf("PASS\n");
  return 0;
}
