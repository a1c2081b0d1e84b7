// Peer-to-peer on a one-device system (Programming Guide, "Multi-Device System"): the device
// cannot be its own peer; cudaMemcpyPeer(Async) with device 0 on both sides copies; UVA lets
// cudaMemcpyDefault infer directions.
#include "common.h"

int main() {
  int count = 0, can = -1;
  CK(cudaGetDeviceCount(&count));
  EXPECT(count == 1);
  CK(cudaDeviceCanAccessPeer(&can, 0, 0));
  EXPECT(can == 0);
  EXPECT_ERR(cudaDeviceEnablePeerAccess(0, 0), cudaErrorPeerAccessUnsupported);
  cudaGetLastError();
  const int n = 4096;
  int *a, *b, *h;
  CK(cudaMalloc(&a, n * sizeof(int)));
  CK(cudaMalloc(&b, n * sizeof(int)));
  CK(cudaMallocHost(&h, n * sizeof(int)));
  for (int i = 0; i < n; i++) h[i] = i ^ 0x5a5a;
  CK(cudaMemcpy(a, h, n * sizeof(int), cudaMemcpyDefault));
  CK(cudaMemcpyPeer(b, 0, a, 0, n * sizeof(int)));
  for (int i = 0; i < n; i++) h[i] = 0;
  CK(cudaMemcpy(h, b, n * sizeof(int), cudaMemcpyDefault));
  for (int i = 0; i < n; i++) EXPECT(h[i] == (i ^ 0x5a5a));
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  CK(cudaMemsetAsync(a, 0, n * sizeof(int), s));
  CK(cudaMemcpyPeerAsync(b, 0, a, 0, n * sizeof(int), s));
  CK(cudaMemcpyAsync(h, b, n * sizeof(int), cudaMemcpyDefault, s));
  CK(cudaStreamSynchronize(s));
  for (int i = 0; i < n; i++) EXPECT(h[i] == 0);
  EXPECT_ERR(cudaMemcpyPeer(b, 1, a, 0, 16), cudaErrorInvalidDevice);
  cudaGetLastError();
  cudaPointerAttributes at;
  CK(cudaPointerGetAttributes(&at, b));
  EXPECT(at.type == cudaMemoryTypeDevice && at.device == 0);
  CK(cudaStreamDestroy(s));
  CK(cudaFree(a)); CK(cudaFree(b)); CK(cudaFreeHost(h));
  printf("PASS\n");
  return 0;
}
