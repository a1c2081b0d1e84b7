// When device printf output reaches stdout: the FIFO is written out at synchronization points
// (cudaDeviceSynchronize, cudaStreamSynchronize, cudaEventSynchronize, blocking copies, the start
// of a launch), so host lines printed before one come first. Host lines are flushed (fflush) as
// they are printed; each case waits for its kernel with cudaStreamQuery first (not a flush point),
// so what the kernel printed is in the FIFO when the host line is written. Last case: a kernel
// prints and the program returns without synchronizing.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void say(int k) { printf("device %d\n", k); }

static void host(const char *s) {
  printf("host: %s\n", s);
  fflush(stdout);
}
static void wait(cudaStream_t s) {
  while (cudaStreamQuery(s) == cudaErrorNotReady) {
  }
}

int main() {
  int *d;
  int h = 0;
  cudaMalloc(&d, 64);
  cudaStream_t s, s2;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
  cudaEvent_t ev;
  cudaEventCreate(&ev);

  say<<<1, 1>>>(1);
  wait(0);
  host("1 done (query)");
  cudaDeviceSynchronize();
  host("1 after cudaDeviceSynchronize");

  say<<<1, 1, 0, s>>>(2);
  wait(s);
  host("2 done");
  cudaStreamSynchronize(s);
  host("2 after cudaStreamSynchronize(s)");

  say<<<1, 1, 0, s>>>(3);
  wait(s);
  host("3 done");
  cudaStreamSynchronize(s2);
  host("3 after cudaStreamSynchronize(other stream)");
  cudaDeviceSynchronize();
  host("3 after cudaDeviceSynchronize");

  say<<<1, 1, 0, s>>>(4);
  cudaEventRecord(ev, s);
  wait(s);
  host("4 done");
  cudaEventQuery(ev);
  host("4 after cudaEventQuery");
  cudaEventSynchronize(ev);
  host("4 after cudaEventSynchronize");

  say<<<1, 1>>>(5);
  wait(0);
  host("5 done");
  cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost);
  host("5 after cudaMemcpy D2H");

  say<<<1, 1>>>(6);
  wait(0);
  host("6 done");
  cudaMemcpy(d, &h, 4, cudaMemcpyHostToDevice);
  host("6 after cudaMemcpy H2D");

  say<<<1, 1>>>(7);
  wait(0);
  host("7 done");
  cudaMemset(d, 0, 4);
  host("7 after cudaMemset");
  cudaMemcpyAsync(&h, d, 4, cudaMemcpyDeviceToHost, s);
  host("7 after cudaMemcpyAsync");
  void *p;
  cudaMalloc(&p, 16);
  host("7 after cudaMalloc");
  cudaFree(p);
  host("7 after cudaFree");
  cudaDeviceSynchronize();
  host("7 after cudaDeviceSynchronize");

  say<<<1, 1>>>(8);
  wait(0);
  host("8 done");
  say<<<1, 1, 0, s>>>(9);
  host("8 after launching 9");
  wait(s);
  host("9 done");
  cudaStreamSynchronize(s);
  host("9 after cudaStreamSynchronize");

  cudaGraph_t g;
  cudaGraphExec_t ge;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  say<<<1, 1, 0, s>>>(10);
  cudaStreamEndCapture(s, &g);
  cudaGraphInstantiate(&ge, g, 0);
  say<<<1, 1>>>(11);
  wait(0);
  host("11 done");
  cudaGraphLaunch(ge, s);
  host("11 after cudaGraphLaunch");
  wait(s);
  host("10 done");
  cudaStreamSynchronize(s);
  host("10 after cudaStreamSynchronize");

  say<<<1, 1>>>(12);
  wait(0);
  host("12 done, returning without synchronizing");
  return 0;
}
