// Stream priorities and a multi-stream capture as pipelines use them: the priority range,
// streams created with the highest and lowest priority (and one out of range, clamped), their
// priority and flags read back, cudaStreamGetDevice; a capture that forks into two streams with
// events and joins back, instantiated and replayed three times, its node count and types; then
// cudaStreamIsCapturing states, an illegal synchronize during capture, and the captured kernels'
// results.
#include <cstdio>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void axpb(int* p, int n, int a, int b) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] = p[i] * a + b; }
__global__ void add(int* dst, const int* src, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) dst[i] += src[i]; }

int main() {
  int lo = 0, hi = 0; CK(cudaDeviceGetStreamPriorityRange(&lo, &hi));
  printf("priority range least %d greatest %d\n", lo, hi);
  cudaStream_t sh, sl, so, s2;
  CK(cudaStreamCreateWithPriority(&sh, cudaStreamNonBlocking, hi));
  CK(cudaStreamCreateWithPriority(&sl, cudaStreamDefault, lo));
  CK(cudaStreamCreateWithPriority(&so, cudaStreamDefault, hi - 10));
  CK(cudaStreamCreate(&s2));
  int p; unsigned f;
  CK(cudaStreamGetPriority(sh, &p)); CK(cudaStreamGetFlags(sh, &f)); printf("high: priority %d flags %u\n", p, f);
  CK(cudaStreamGetPriority(sl, &p)); CK(cudaStreamGetFlags(sl, &f)); printf("low: priority %d flags %u\n", p, f);
  CK(cudaStreamGetPriority(so, &p)); printf("out of range: priority %d\n", p);
  CK(cudaStreamGetPriority(0, &p)); printf("legacy default stream priority %d\n", p);
  int dev = -1; CK(cudaStreamGetDevice(sl, &dev)); printf("stream device %d\n", dev);
  const int n = 5000;
  int *a, *b; CK(cudaMalloc(&a, n * 4)); CK(cudaMalloc(&b, n * 4));
  CK(cudaMemset(a, 0, n * 4)); CK(cudaMemset(b, 0, n * 4));
  CK(cudaDeviceSynchronize());
  cudaEvent_t fork, join; CK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming)); CK(cudaEventCreateWithFlags(&join, cudaEventDisableTiming));
  cudaStreamCaptureStatus st;
  CK(cudaStreamIsCapturing(sl, &st)); printf("before capture: %d\n", (int)st);
  CK(cudaStreamBeginCapture(sl, cudaStreamCaptureModeGlobal));
  CK(cudaStreamIsCapturing(sl, &st)); printf("during capture: %d\n", (int)st);
  axpb<<<(n + 127) / 128, 128, 0, sl>>>(a, n, 2, 1);
  CK(cudaEventRecord(fork, sl));
  CK(cudaStreamWaitEvent(s2, fork, 0));
  CK(cudaStreamIsCapturing(s2, &st)); printf("forked stream: %d\n", (int)st);
  axpb<<<(n + 255) / 256, 256, 0, s2>>>(b, n, 3, 2);
  add<<<(n + 255) / 256, 256, 0, s2>>>(b, a, n);
  CK(cudaEventRecord(join, s2));
  CK(cudaStreamWaitEvent(sl, join, 0));
  axpb<<<(n + 127) / 128, 128, 0, sl>>>(a, n, 1, 5);  // after the join: s2 has read a
  add<<<(n + 63) / 64, 64, 0, sl>>>(a, b, n);
  cudaError_t e = cudaStreamSynchronize(sl);
  printf("synchronize during capture: %s\n", cudaGetErrorName(e));
  cudaGraph_t g;
  e = cudaStreamEndCapture(sl, &g);
  printf("end capture after the illegal call: %s\n", cudaGetErrorName(e));
  cudaGetLastError();
  // capture again, cleanly
  CK(cudaStreamBeginCapture(sl, cudaStreamCaptureModeGlobal));
  axpb<<<(n + 127) / 128, 128, 0, sl>>>(a, n, 2, 1);
  CK(cudaEventRecord(fork, sl));
  CK(cudaStreamWaitEvent(s2, fork, 0));
  axpb<<<(n + 255) / 256, 256, 0, s2>>>(b, n, 3, 2);
  add<<<(n + 255) / 256, 256, 0, s2>>>(b, a, n);
  CK(cudaEventRecord(join, s2));
  CK(cudaStreamWaitEvent(sl, join, 0));
  axpb<<<(n + 127) / 128, 128, 0, sl>>>(a, n, 1, 5);  // after the join: s2 has read a
  add<<<(n + 63) / 64, 64, 0, sl>>>(a, b, n);
  CK(cudaStreamEndCapture(sl, &g));
  size_t nodes = 0; CK(cudaGraphGetNodes(g, nullptr, &nodes)); printf("graph nodes %zu\n", nodes);
  size_t edges = 0; CK(cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &edges)); printf("graph edges %zu\n", edges);
  cudaGraphExec_t ge; CK(cudaGraphInstantiate(&ge, g, 0));
  CK(cudaMemset(a, 0, n * 4)); CK(cudaMemset(b, 0, n * 4));
  for (int rep = 0; rep < 3; ++rep) CK(cudaGraphLaunch(ge, sh));
  CK(cudaStreamSynchronize(sh));
  int ha[n], hb[n]; CK(cudaMemcpy(ha, a, sizeof ha, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(hb, b, sizeof hb, cudaMemcpyDeviceToHost));
  long long A = 0, B = 0;
  for (int rep = 0; rep < 3; ++rep) { long long a1 = A * 2 + 1; B = (B * 3 + 2) + a1; A = a1 + 5 + B; }
  int bad = 0; for (int i = 0; i < n; ++i) bad += ha[i] != A || hb[i] != B;
  printf("after 3 replays: a=%d b=%d expected %lld %lld bad %d\n", ha[0], hb[0], A, B, bad);
  CK(cudaGraphExecDestroy(ge)); CK(cudaGraphDestroy(g));
  return 0;
}
