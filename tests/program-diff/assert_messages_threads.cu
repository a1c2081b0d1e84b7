// flags: -lineinfo
// The text a failing device assert prints, captured: each case runs in a forked child whose
// stderr goes to a pipe; the parent prints the lines that contain "Assertion" with the source
// file's path written FILE (so where and under what name it was built does not matter), sorted, then the
// child's error codes. Cases: one thread of one block, a thread in a 3-D block of a 2-D grid,
// an assert in a __device__ function, a template kernel, assert in 3 threads of one warp,
// an assert after printf, an assert that passes everywhere. (Lines a CPU runtime adds, starting
// "cuprite:", are left out.) v2: the __device__-function case runs one block (a GPU prints the
// lines of every block that fails at once; a CPU runs the blocks one after another).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cassert>
#include <string>
#include <vector>
#include <algorithm>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>

__global__ void one(const int *v) { assert(v[blockIdx.x * blockDim.x + threadIdx.x] != 77); }
__global__ void grid3(int bx, int by, int tx, int ty, int tz) {
  bool hit = blockIdx.x == bx && blockIdx.y == by && threadIdx.x == tx && threadIdx.y == ty && threadIdx.z == tz;
  assert(!hit && "picked thread");
}
__device__ void must_be_even(int x) { assert(x % 2 == 0); }
__global__ void via_function(int base) { must_be_even(base + threadIdx.x * 2 + (threadIdx.x == 9)); }
template <typename T> __global__ void tmpl(T limit) { T x = (T)threadIdx.x; assert(x < limit); }
__global__ void three(int *out) { int t = threadIdx.x; assert(t != 4 && t != 7 && t != 30); out[t] = t; }
__global__ void print_then(int *out) { printf("thread %d before\n", (int)threadIdx.x); assert(threadIdx.x != 1); out[threadIdx.x] = 1; }
__global__ void passes(int *out) { assert(threadIdx.x < 1024); out[threadIdx.x] = 2; }

static void run_case(int c) {
  int *d; cudaMalloc(&d, 4096 * 4); cudaMemset(d, 0, 4096 * 4);
  switch (c) {
  case 0: { int h = 77; cudaMemcpy(d + 3 * 64 + 17, &h, 4, cudaMemcpyHostToDevice); one<<<8, 64>>>(d); break; }
  case 1: grid3<<<dim3(3, 2), dim3(4, 3, 2)>>>(2, 1, 3, 2, 1); break;
  case 2: via_function<<<1, 32>>>(10); break;
  case 3: tmpl<float><<<1, 64>>>(40.0f); break;
  case 4: three<<<1, 32>>>(d); break;
  case 5: print_then<<<1, 2>>>(d); break;
  case 6: passes<<<1, 64>>>(d); break;
  }
  cudaError_t l = cudaGetLastError();
  cudaError_t s = cudaDeviceSynchronize();
  fflush(stdout);
  fprintf(stderr, "codes launch %s sync %s: %s\n", cudaGetErrorName(l), cudaGetErrorName(s), cudaGetErrorString(s));
}

int main() {
  for (int c = 0; c <= 6; ++c) {
    printf("case %d\n", c);
    fflush(stdout);
    int fd[2]; if (pipe(fd) != 0) return 1;
    pid_t pid = fork();
    if (pid == 0) { close(fd[0]); dup2(fd[1], 2); alarm(20); run_case(c); fflush(stdout); fflush(stderr); _exit(0); }
    close(fd[1]);
    std::string all; char buf[4096]; ssize_t n;
    while ((n = read(fd[0], buf, sizeof buf)) > 0) all.append(buf, n);
    close(fd[0]);
    int st = 0; waitpid(pid, &st, 0);
    std::vector<std::string> keep; std::string codes;
    size_t p = 0;
    while (p < all.size()) {
      size_t e = all.find('\n', p); if (e == std::string::npos) e = all.size();
      std::string line = all.substr(p, e - p); p = e + 1;
      if (line.find("Assertion") != std::string::npos && line.rfind("cuprite:", 0) != 0) {
        size_t cu = line.find(".cu:");
        if (cu != std::string::npos) line = "FILE" + line.substr(cu + 3);
        keep.push_back(line);
      } else if (line.rfind("codes ", 0) == 0) codes = line;
    }
    std::sort(keep.begin(), keep.end());
    printf("  %zu assertion lines\n", keep.size());
    for (auto &k : keep) printf("  %s\n", k.c_str());
    printf("  %s\n", codes.c_str());
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) printf("  child ended abnormally\n");
  }
  return 0;
}
