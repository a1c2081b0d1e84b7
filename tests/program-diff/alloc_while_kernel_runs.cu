// Runtime calls made while a kernel is still running, a kernel that waits for the host (it
// spins on a flag in mapped pinned memory): does each call return while the kernel waits, or
// only once a watchdog thread opens the gate after two seconds (if the call has not returned)? cudaMalloc, cudaMallocHost,
// cudaHostAlloc, cudaMallocManaged, cudaHostRegister/Unregister, cudaMallocPitch,
// cudaMallocArray, cudaMallocAsync on another stream, cudaMemGetInfo, cudaPointerGetAttributes,
// cudaFuncGetAttributes, cudaStreamCreate, cudaEventCreate, cudaMemcpy to a symbol... each
// case in a fresh child process.
#include <cstdio>
#include <thread>
#include <atomic>
#include <chrono>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>

__device__ int sym[4];
__global__ void gate(volatile int *flag) { while (*flag == 0) { } }

static const char *names[] = {"cudaMalloc", "cudaMallocHost", "cudaHostAlloc(mapped)", "cudaMallocManaged", "cudaHostRegister",
                              "cudaMallocPitch", "cudaMallocArray", "cudaMallocAsync(other stream)", "cudaMemGetInfo",
                              "cudaPointerGetAttributes", "cudaFuncGetAttributes", "cudaStreamCreate", "cudaEventCreate",
                              "cudaMemcpyAsync(other stream)", "cudaFreeHost(other buffer)", "cudaHostUnregister"};
const int ncases = 16;

static void run_case(int c) {
  cudaSetDeviceFlags(cudaDeviceMapHost);
  int *flag, *dflag; cudaHostAlloc(&flag, 4, cudaHostAllocMapped); *flag = 0;
  cudaHostGetDevicePointer((void **)&dflag, flag, 0);
  static char reg[1 << 16];
  void *pinned2; cudaMallocHost(&pinned2, 4096);
  if (c == 15) cudaHostRegister(reg, sizeof reg, 0);
  cudaStream_t s, other; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking); cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking);
  int *dev; cudaMalloc(&dev, 4096);
  cudaDeviceSynchronize();
  gate<<<1, 1, 0, s>>>(dflag);
  std::atomic<bool> returned(false);
  std::thread watchdog([flag, &returned] {
    for (int i = 0; i < 200 && !returned.load(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    *(volatile int *)flag = 1;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  void *p = nullptr; size_t pitch, fr, tot; cudaError_t e = cudaSuccess;
  switch (c) {
  case 0: e = cudaMalloc(&p, 4096); break;
  case 1: e = cudaMallocHost(&p, 4096); break;
  case 2: e = cudaHostAlloc(&p, 4096, cudaHostAllocMapped); break;
  case 3: e = cudaMallocManaged(&p, 4096); break;
  case 4: e = cudaHostRegister(reg, sizeof reg, 0); break;
  case 5: e = cudaMallocPitch(&p, &pitch, 100, 10); break;
  case 6: { cudaArray_t a; cudaChannelFormatDesc d = cudaCreateChannelDesc<float>(); e = cudaMallocArray(&a, &d, 16, 16); break; }
  case 7: e = cudaMallocAsync(&p, 4096, other); break;
  case 8: e = cudaMemGetInfo(&fr, &tot); break;
  case 9: { cudaPointerAttributes a; e = cudaPointerGetAttributes(&a, dev); break; }
  case 10: { cudaFuncAttributes a; e = cudaFuncGetAttributes(&a, gate); break; }
  case 11: { cudaStream_t t; e = cudaStreamCreate(&t); break; }
  case 12: { cudaEvent_t t; e = cudaEventCreate(&t); break; }
  case 13: e = cudaMemcpyAsync(pinned2, dev, 64, cudaMemcpyDeviceToHost, other); break;
  case 14: e = cudaFreeHost(pinned2); break;
  case 15: e = cudaHostUnregister(reg); break;
  }
  bool gated = *(volatile int *)flag == 0;
  returned.store(true);
  printf("%-32s %-12s returned %s\n", names[c], cudaGetErrorName(e), gated ? "while the kernel waited" : "after the gate opened");
  watchdog.join();
  cudaError_t se = cudaDeviceSynchronize();
  if (se != cudaSuccess) printf("  sync %s\n", cudaGetErrorName(se));
}

int main() {
  for (int c = 0; c < ncases; ++c) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) { alarm(20); run_case(c); fflush(stdout); _exit(0); }
    int st = 0; waitpid(pid, &st, 0);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) printf("  child ended abnormally\n");
  }
  return 0;
}
