// flags: -lineinfo
// A synchronous copy or memset queued behind a kernel that faults (the kernel first runs for
// about 20 ms, so the copy is issued while it runs): which error does the copy return, is the
// host buffer written, and what do cudaGetLastError and a second copy say. Each case in a
// forked child: cudaMemcpy device to host (pageable and pinned destination), host to device,
// device to device, cudaMemset, cudaMemcpyToSymbol, cudaMemcpyFromSymbol, cudaMemcpy2D, and a
// cudaMemcpy issued after the fault was already reported by nothing (host slept 1 s first),
// a cudaMemcpyAsync into pinned memory followed by cudaStreamSynchronize.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>

__device__ int sym[4] = {1, 2, 3, 4};
__global__ void slow_fault(int *p) {
  long long t0 = clock64();
  while (clock64() - t0 < 40000000LL) { }
  if (threadIdx.x == 0) p[-(1 << 27)] = 1;
}

static void show(const char *what, cudaError_t e) { printf("  %-14s %s\n", what, cudaGetErrorName(e)); }

static void run_case(int c) {
  int *d; cudaMalloc(&d, 4096);
  int init[4] = {5, 6, 7, 8}; cudaMemcpy(d, init, 16, cudaMemcpyHostToDevice);
  int *pinned; cudaMallocHost(&pinned, 16);
  int h[4] = {-1, -1, -1, -1}; for (int i = 0; i < 4; ++i) pinned[i] = -1;
  slow_fault<<<1, 32>>>(d);
  cudaError_t r = cudaSuccess;
  switch (c) {
  case 0: printf("memcpy D2H pageable\n"); r = cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost); break;
  case 1: printf("memcpy D2H pinned\n"); r = cudaMemcpy(pinned, d, 16, cudaMemcpyDeviceToHost); for (int i = 0; i < 4; ++i) h[i] = pinned[i]; break;
  case 2: printf("memcpy H2D\n"); r = cudaMemcpy(d, init, 16, cudaMemcpyHostToDevice); break;
  case 3: printf("memcpy D2D\n"); r = cudaMemcpy(d + 8, d, 16, cudaMemcpyDeviceToDevice); break;
  case 4: printf("memset\n"); r = cudaMemset(d, 0, 16); break;
  case 5: printf("memcpyToSymbol\n"); r = cudaMemcpyToSymbol(sym, init, 16); break;
  case 6: printf("memcpyFromSymbol\n"); r = cudaMemcpyFromSymbol(h, sym, 16); break;
  case 7: printf("memcpy2D D2H\n"); r = cudaMemcpy2D(h, 8, d, 8, 8, 2, cudaMemcpyDeviceToHost); break;
  case 8: printf("memcpy D2H after sleeping\n"); sleep(1); r = cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost); break;
  case 9: printf("memcpyAsync D2H pinned, then stream synchronize\n"); r = cudaMemcpyAsync(pinned, d, 16, cudaMemcpyDeviceToHost, 0);
    show("async call", r); r = cudaStreamSynchronize(0); for (int i = 0; i < 4; ++i) h[i] = pinned[i]; break;
  }
  show("call", r);
  printf("  host           %d %d %d %d\n", h[0], h[1], h[2], h[3]);
  show("getLastError", cudaGetLastError());
  show("memcpy again", cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost));
  show("synchronize", cudaDeviceSynchronize());
}

int main() {
  for (int c = 0; c <= 9; ++c) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) { alarm(20); run_case(c); fflush(stdout); _exit(0); }
    int st = 0; waitpid(pid, &st, 0);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) printf("  child ended abnormally\n");
  }
  return 0;
}
