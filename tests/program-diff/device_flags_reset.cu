// cudaGetDeviceFlags around cudaDeviceReset: at start, after a reset before any other call,
// after calls that re-create the context (cudaMalloc, a launch), after cudaSetDeviceFlags on a
// reset device (before and after the context comes back), after two resets, and
// cudaSetDeviceFlags(MapHost) explicitly; each case in a forked child so each starts fresh.
#include <cstdio>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>
__global__ void k(int *p) { *p = 1; }
static void show(const char *w) {
  unsigned f = 99;
  cudaError_t e = cudaGetDeviceFlags(&f);
  printf("  %-44s %s flags 0x%x\n", w, cudaGetErrorName(e), f);
}
#define R(x) printf("  %-44s %s\n", #x, cudaGetErrorName(x))
int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  for (int c = 0; c < 6; ++c) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      int *d = nullptr;
      printf("case %d\n", c);
      show("at start");
      if (c == 0) {
        R(cudaFree(0)); show("after cudaFree(0)");
        R(cudaDeviceReset()); show("after reset");
        R(cudaMalloc(&d, 4)); show("after cudaMalloc");
        k<<<1, 1>>>(d); R(cudaDeviceSynchronize()); show("after a launch");
      }
      if (c == 1) {
        R(cudaSetDeviceFlags(cudaDeviceScheduleYield)); show("after set Yield (no context)");
        R(cudaMalloc(&d, 4)); show("after cudaMalloc");
        R(cudaDeviceReset()); show("after reset");
        R(cudaSetDeviceFlags(cudaDeviceScheduleSpin)); show("after set Spin");
        R(cudaMalloc(&d, 4)); show("after cudaMalloc");
      }
      if (c == 2) {
        R(cudaMalloc(&d, 4));
        R(cudaDeviceReset()); show("after reset");
        R(cudaDeviceReset()); show("after second reset");
        R(cudaDeviceSynchronize()); show("after cudaDeviceSynchronize");
        R(cudaGetLastError()); show("after cudaGetLastError");
        R(cudaStreamQuery(0)); show("after cudaStreamQuery(0)");
      }
      if (c == 3) {
        R(cudaMalloc(&d, 4));
        R(cudaDeviceReset());
        R(cudaSetDeviceFlags(cudaDeviceMapHost)); show("after set MapHost");
        R(cudaSetDeviceFlags(0)); show("after set 0");
        R(cudaMalloc(&d, 4)); show("after cudaMalloc");
      }
      if (c == 4) {
        R(cudaMalloc(&d, 4));
        R(cudaDeviceReset());
        int v = 0; R(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0)); show("after cudaDeviceGetAttribute");
        size_t l = 0; R(cudaDeviceGetLimit(&l, cudaLimitStackSize)); show("after cudaDeviceGetLimit");
        R(cudaSetDevice(0)); show("after cudaSetDevice(0)");
        R(cudaInitDevice(0, 0, 0)); show("after cudaInitDevice");
        R(cudaFree(0)); show("after cudaFree(0)");
      }
      if (c == 5) {
        R(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceLmemResizeToMax)); show("after set BlockingSync|LmemResize");
        R(cudaFree(0)); show("after cudaFree(0)");
        R(cudaDeviceReset()); show("after reset");
        void *h = nullptr; R(cudaHostAlloc(&h, 64, cudaHostAllocMapped)); show("after cudaHostAlloc(Mapped)");
        void *dp = nullptr; R(cudaHostGetDevicePointer(&dp, h, 0)); printf("  device pointer %s\n", dp ? "set" : "null");
      }
      _exit(0);
    }
    int st; waitpid(pid, &st, 0);
  }
  return 0;
}
