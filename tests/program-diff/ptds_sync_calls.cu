// flags: --default-stream per-thread -Xcompiler -pthread
// (runtime17: the slow kernel spins 1e9 cycles, not 3e8, so that the cases that do not wait see 0 on a loaded CPU too.)
// Built with --default-stream per-thread, the synchronous calls of one host thread while
// another thread's per-thread stream runs a slow kernel that sets a flag: cudaMemcpy D2H,
// cudaMemset then cudaMemcpy, cudaMemcpyFromSymbol, cudaMemcpy H2D and D2D, cudaMalloc/cudaFree
// (cudaFree synchronizes the device), cudaDeviceSynchronize, cudaStreamSynchronize(0) and
// (cudaStreamLegacy); each prints the flag value it saw; then the same sync copy issued on
// cudaStreamLegacy through cudaMemcpyAsync.
#include <cstdio>
#include <thread>
#include <atomic>
#include <cuda_runtime.h>

__device__ int dflag;
__global__ void spin_then_set(int *flag, long long cycles) {
  long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
  *(volatile int *)flag = 1;
  dflag = 1;
}

static std::atomic<int> stage{0};

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int *flag, *scratch;
  cudaMalloc(&flag, 4);
  cudaMalloc(&scratch, 4);
  const char *names[] = {"cudaMemcpy D2H",
                         "cudaMemset(other) + cudaMemcpy",
                         "cudaMemcpyFromSymbol",
                         "cudaMemcpy H2D(other) then D2H",
                         "cudaMemcpy D2D then D2H",
                         "cudaMalloc + cudaFree then copy",
                         "cudaDeviceSynchronize then copy",
                         "cudaStreamSynchronize(0) then copy",
                         "cudaStreamSynchronize(legacy) then copy",
                         "cudaMemcpyAsync(legacy) + sync"};
  for (int k = 0; k < 10; k++) {
    int zero = 0;
    cudaMemcpy(flag, &zero, 4, cudaMemcpyHostToDevice);
    cudaMemcpyToSymbol(dflag, &zero, 4);
    cudaDeviceSynchronize();
    stage = 0;
    std::thread a([&] {
      spin_then_set<<<1, 1>>>(flag, 1000000000LL);
      stage = 1;
      while (stage != 2) std::this_thread::yield();
      cudaStreamSynchronize(0);
    });
    while (stage != 1) std::this_thread::yield();
    int seen = -1, one = 1;
    switch (k) {
    case 0: cudaMemcpy(&seen, flag, 4, cudaMemcpyDeviceToHost); break;
    case 1: cudaMemset(scratch, 0, 4); cudaMemcpy(&seen, flag, 4, cudaMemcpyDeviceToHost); break;
    case 2: cudaMemcpyFromSymbol(&seen, dflag, 4); break;
    case 3: cudaMemcpy(scratch, &one, 4, cudaMemcpyHostToDevice); cudaMemcpy(&seen, flag, 4, cudaMemcpyDeviceToHost); break;
    case 4: cudaMemcpy(scratch, flag, 4, cudaMemcpyDeviceToDevice); cudaMemcpy(&seen, scratch, 4, cudaMemcpyDeviceToHost); break;
    case 5: {
      void *p;
      cudaMalloc(&p, 64);
      cudaFree(p);
      cudaMemcpy(&seen, flag, 4, cudaMemcpyDeviceToHost);
      break;
    }
    case 6: cudaDeviceSynchronize(); cudaMemcpy(&seen, flag, 4, cudaMemcpyDeviceToHost); break;
    case 7: cudaStreamSynchronize(0); cudaMemcpy(&seen, flag, 4, cudaMemcpyDeviceToHost); break;
    case 8: cudaStreamSynchronize(cudaStreamLegacy); cudaMemcpy(&seen, flag, 4, cudaMemcpyDeviceToHost); break;
    case 9: cudaMemcpyAsync(&seen, flag, 4, cudaMemcpyDeviceToHost, cudaStreamLegacy); cudaStreamSynchronize(cudaStreamLegacy); break;
    }
    stage = 2;
    a.join();
    printf("%-42s saw %d\n", names[k], seen);
  }
  printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
