// cudaMemcpyBatchAsync (host↔device copies in one call), 3D memsets on the per-thread default
// stream (built with --default-stream per-thread), and the error-log API (cudaLogs*).
#include "common.h"
#include <cstring>
static void CUDART_CB on_log(void*, cudaLogLevel, char*, size_t) {}
int main() {
  const int n = 4, len = 1000;
  int* h[n]; int* d[n]; int* back[n];
  size_t sizes[n];
  for (int i = 0; i < n; i++) {
    h[i] = new int[len]; back[i] = new int[len];
    for (int j = 0; j < len; j++) h[i][j] = i * 10000 + j;
    CK(cudaMalloc(&d[i], len * sizeof(int)));
    sizes[i] = (len - i * 100) * sizeof(int);
  }
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaMemcpyAttributes attr = {};
  attr.srcAccessOrder = cudaMemcpySrcAccessOrderStream;
  size_t idx = 0;
  CK(cudaMemcpyBatchAsync((void* const*)d, (const void* const*)h, sizes, n, &attr, &idx, 1, s));
  CK(cudaMemcpyBatchAsync((void* const*)back, (const void* const*)d, sizes, n, &attr, &idx, 1, s));
  CK(cudaStreamSynchronize(s));
  for (int i = 0; i < n; i++) for (size_t j = 0; j < sizes[i] / sizeof(int); j++) EXPECT(back[i][j] == h[i][j]);
  EXPECT_ERR(cudaMemcpyBatchAsync((void* const*)d, (const void* const*)h, sizes, 0, &attr, &idx, 1, s), cudaErrorInvalidValue);
  cudaGetLastError();
  // 3D memset on the per-thread default stream.
  cudaPitchedPtr p; CK(cudaMalloc3D(&p, make_cudaExtent(64, 8, 4)));
  CK(cudaMemset3D(p, 0x5a, make_cudaExtent(64, 8, 4)));
  CK(cudaMemset3DAsync(p, 0x11, make_cudaExtent(16, 8, 4), 0));
  CK(cudaStreamSynchronize(cudaStreamPerThread));
  unsigned char row[64]; CK(cudaMemcpy(row, p.ptr, 64, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 64; i++) EXPECT(row[i] == (i < 16 ? 0x11 : 0x5a));
  // Error logs: register a callback, read the iterator, dump (nothing new was logged).
  cudaLogsCallbackHandle cb;
  CK(cudaLogsRegisterCallback(on_log, nullptr, &cb));
  cudaLogIterator it;
  CK(cudaLogsCurrent(&it, 0));
  char buf[256]; size_t sz = sizeof buf;
  CK(cudaLogsDumpToMemory(&it, buf, &sz, 0));
  EXPECT(sz == 0 || strlen(buf) < sizeof buf);
  CK(cudaLogsUnregisterCallback(cb));
  printf("PASS\n");
  return 0;
}
