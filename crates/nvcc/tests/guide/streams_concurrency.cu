// Asynchronous concurrent execution: the guide's two-stream loop (H2D copy, kernel, D2H copy per
// stream on pinned memory), the legacy default stream's implicit synchronization with blocking
// streams, non-blocking streams, cudaStreamQuery, priorities and cudaStreamWaitEvent.
#include "guide.h"
__global__ void MyKernel(float* out, const float* in, int size) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < size) out[i] = in[i] * in[i] + 1;
}
__global__ void spin_then_set(volatile int* flag, int value, long long cycles) {
  long long start = clock64();
  while (clock64() - start < cycles) {}
  *flag = value;
}
__global__ void copy_flag(const volatile int* flag, int* out) { *out = *flag; }
int main() {
  const int nStreams = 2, size = 4096;
  cudaStream_t stream[nStreams];
  for (int i = 0; i < nStreams; ++i) CK(cudaStreamCreate(&stream[i]));
  float* hostPtr;
  CK(cudaMallocHost(&hostPtr, 2 * size * sizeof(float) * nStreams));
  float *inputDevPtr, *outputDevPtr;
  CK(cudaMalloc(&inputDevPtr, size * sizeof(float) * nStreams));
  CK(cudaMalloc(&outputDevPtr, size * sizeof(float) * nStreams));
  for (int i = 0; i < size * nStreams; i++) hostPtr[i] = (float)(i % 97);
  for (int i = 0; i < nStreams; ++i) {
    CK(cudaMemcpyAsync(inputDevPtr + i * size, hostPtr + i * size, size * sizeof(float), cudaMemcpyHostToDevice, stream[i]));
    MyKernel<<<size / 256, 256, 0, stream[i]>>>(outputDevPtr + i * size, inputDevPtr + i * size, size);
    CK(cudaMemcpyAsync(hostPtr + nStreams * size + i * size, outputDevPtr + i * size, size * sizeof(float), cudaMemcpyDeviceToHost, stream[i]));
  }
  CK(cudaDeviceSynchronize());
  bool ok = true;
  for (int i = 0; i < size * nStreams; i++) ok &= hostPtr[nStreams * size + i] == hostPtr[i] * hostPtr[i] + 1;
  check(ok, "guide's copy/kernel/copy loop over two streams");
  for (int i = 0; i < nStreams; ++i) CK(cudaStreamQuery(stream[i]));
  check(true, "cudaStreamQuery is cudaSuccess for idle streams");

  // Legacy default stream: work in a blocking stream waits for prior default-stream work.
  int* flag; int* seen;
  CK(cudaMalloc(&flag, sizeof(int))); CK(cudaMalloc(&seen, sizeof(int)));
  CK(cudaMemset(flag, 0, sizeof(int)));
  spin_then_set<<<1, 1>>>(flag, 7, 200000);
  copy_flag<<<1, 1, 0, stream[0]>>>(flag, seen);
  int h = 0;
  CK(cudaMemcpyAsync(&h, seen, sizeof(int), cudaMemcpyDeviceToHost, stream[0]));
  CK(cudaStreamSynchronize(stream[0]));
  check(h == 7, "a blocking stream waits for earlier legacy default-stream work");

  // cudaStreamWaitEvent: stream 1 waits for an event recorded after a slow kernel in stream 0.
  cudaEvent_t ev;
  CK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
  CK(cudaMemsetAsync(flag, 0, sizeof(int), stream[0]));
  spin_then_set<<<1, 1, 0, stream[0]>>>(flag, 42, 200000);
  CK(cudaEventRecord(ev, stream[0]));
  CK(cudaStreamWaitEvent(stream[1], ev, 0));
  copy_flag<<<1, 1, 0, stream[1]>>>(flag, seen);
  CK(cudaMemcpyAsync(&h, seen, sizeof(int), cudaMemcpyDeviceToHost, stream[1]));
  CK(cudaStreamSynchronize(stream[1]));
  check(h == 42, "cudaStreamWaitEvent orders work across streams");

  int least, greatest;
  CK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  check(greatest <= least, "priority range: greatest is numerically <= least");
  cudaStream_t hi;
  CK(cudaStreamCreateWithPriority(&hi, cudaStreamNonBlocking, greatest));
  int prio = 99; unsigned fl = 99;
  CK(cudaStreamGetPriority(hi, &prio));
  CK(cudaStreamGetFlags(hi, &fl));
  check(prio == greatest && fl == cudaStreamNonBlocking, "stream priority and flags read back");
  MyKernel<<<size / 256, 256, 0, hi>>>(outputDevPtr, inputDevPtr, size);
  CK(cudaStreamSynchronize(hi));
  CK(cudaStreamDestroy(hi));
  for (int i = 0; i < nStreams; ++i) CK(cudaStreamDestroy(stream[i]));
  CK(cudaEventDestroy(ev));
  CK(cudaFreeHost(hostPtr)); CK(cudaFree(inputDevPtr)); CK(cudaFree(outputDevPtr));
  return finish();
}
