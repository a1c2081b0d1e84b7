// A captured graph of 100 four-block kernels launched in batches: per batch, microseconds per
// graph launch [minor page faults, voluntary and involuntary context switches of the batch].
// Usage: graph_only [batches] [launches per batch]
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <sys/resource.h>
#include <cuda_runtime.h>
__global__ void bump(unsigned* c) { if (threadIdx.x == 0) c[blockIdx.x] += 1; }
static double now_s() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
int main(int argc, char** argv) {
  int batches = argc > 1 ? atoi(argv[1]) : 20, per = argc > 2 ? atoi(argv[2]) : 100;
  unsigned* c; cudaMalloc(&c, 16); cudaMemset(c, 0, 16);
  cudaStream_t s; cudaStreamCreate(&s);
  cudaGraph_t g; cudaGraphExec_t ge;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  for (int k = 0; k < 100; k++) bump<<<4, 32, 0, s>>>(c);
  cudaStreamEndCapture(s, &g);
  cudaGraphInstantiate(&ge, g, 0);
  cudaGraphLaunch(ge, s); cudaStreamSynchronize(s);
  long f0 = 0, v0 = 0, i0 = 0;
  printf("batches(us/launch):");
  for (int b = 0; b < batches; b++) {
    double t0 = now_s();
    for (int i = 0; i < per; i++) cudaGraphLaunch(ge, s);
    cudaStreamSynchronize(s);
    struct rusage ru; getrusage(RUSAGE_SELF, &ru);
    printf(" %.1f[f%ld,v%ld,i%ld]", (now_s() - t0) / per * 1e6, ru.ru_minflt - f0, ru.ru_nvcsw - v0, ru.ru_nivcsw - i0);
    f0 = ru.ru_minflt; v0 = ru.ru_nvcsw; i0 = ru.ru_nivcsw;
  }
  unsigned got[4]; cudaMemcpy(got, c, 16, cudaMemcpyDeviceToHost);
  printf("\n%s\n", got[3] == 100u * (batches * per + 1) ? "PASS" : "FAIL");
}
