// flags: -lineinfo
// What cudaStreamCreate / cudaEventCreate write to their handle when they fail because the
// context has faulted (an H200 answered cudaErrorInvalidResourceHandle to a
// cudaStreamSynchronize of a handle a failed cudaStreamCreate had written: faults16_kinds2),
// and what later calls on that handle, on a handle made before the fault and on handle 0 answer.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
__global__ void bad(int *p) { p[threadIdx.x] = 1; }
int main() {
  cudaStream_t before; cudaStreamCreate(&before);
  cudaEvent_t ebefore; cudaEventCreate(&ebefore);
  bad<<<1, 32>>>((int *)0x10);
  printf("sync %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  cudaStream_t s = before, s0 = (cudaStream_t)0x1234;
  cudaError_t e = cudaStreamCreate(&s);
  printf("streamCreate into a valid handle: %s, handle %s\n", cudaGetErrorName(e), s == before ? "unchanged" : (s == nullptr ? "NULL" : "changed, not NULL"));
  e = cudaStreamCreate(&s0);
  printf("streamCreate into 0x1234: %s, handle %s\n", cudaGetErrorName(e), s0 == (cudaStream_t)0x1234 ? "unchanged" : (s0 == nullptr ? "NULL" : "changed, not NULL"));
  cudaEvent_t ev = ebefore;
  e = cudaEventCreate(&ev);
  printf("eventCreate: %s, handle %s\n", cudaGetErrorName(e), ev == ebefore ? "unchanged" : (ev == nullptr ? "NULL" : "changed, not NULL"));
  printf("streamSynchronize(written) %s\n", cudaGetErrorName(cudaStreamSynchronize(s)));
  printf("streamSynchronize(before) %s\n", cudaGetErrorName(cudaStreamSynchronize(before)));
  printf("streamSynchronize(0) %s\n", cudaGetErrorName(cudaStreamSynchronize(0)));
  printf("streamQuery(written) %s\n", cudaGetErrorName(cudaStreamQuery(s)));
  printf("streamDestroy(before) %s\n", cudaGetErrorName(cudaStreamDestroy(before)));
  printf("streamSynchronize(destroyed) %s\n", cudaGetErrorName(cudaStreamSynchronize(before)));
  printf("eventSynchronize(written) %s\n", cudaGetErrorName(cudaEventSynchronize(ev)));
  printf("eventRecord(before, 0) %s\n", cudaGetErrorName(cudaEventRecord(ebefore, 0)));
  return 0;
}
