// Device asserts failing in several warps and blocks of one grid: what stderr gets. Each case
// runs in a forked child whose stderr goes to a pipe; the parent prints how many lines say
// "Assertion", the lines sorted (the source path written FILE), and the child's error codes.
// Lines a CPU runtime adds ("cuprite:") are left out. Cases: lane 5 of each warp in 4 blocks of
// 64; every thread of one warp; blocks 7 and 150 of 200 (all threads of each); one thread in
// each of 3 blocks, one of which also prints; every thread of 64 blocks of 1024 (count only,
// with the first and last sorted line); a printf in every thread beside an assert in one.
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

__global__ void lane5(int *out) { assert(threadIdx.x % 32 != 5); out[blockIdx.x * blockDim.x + threadIdx.x] = 1; }
__global__ void whole_warp(int *out) { assert(threadIdx.x >= 32 || threadIdx.x > 99); out[threadIdx.x] = 1; }
__global__ void two_blocks(int *out) { assert(blockIdx.x != 7 && blockIdx.x != 150); out[blockIdx.x] = 1; }
__global__ void three_blocks(int *out) {
  if (blockIdx.x == 2 && threadIdx.x == 0) printf("block 2 prints\n");
  assert(!(threadIdx.x == blockIdx.x + 3));
  out[blockIdx.x] = 1;
}
__global__ void everyone(int *out) { assert(out == nullptr); }
__global__ void print_all(int *out) {
  printf("thread %d\n", (int)threadIdx.x);
  assert(threadIdx.x != 17);
  out[threadIdx.x] = 1;
}

static void run_case(int c, int *out) {
  switch (c) {
    case 0: lane5<<<4, 64>>>(out); break;
    case 1: whole_warp<<<1, 64>>>(out); break;
    case 2: two_blocks<<<200, 32>>>(out); break;
    case 3: three_blocks<<<3, 32>>>(out); break;
    case 4: everyone<<<64, 1024>>>(out); break;
    case 5: print_all<<<1, 32>>>(out); break;
  }
  cudaError_t l = cudaGetLastError();
  cudaError_t s = cudaDeviceSynchronize();
  fprintf(stderr, "codes launch %s sync %s\n", cudaGetErrorName(l), cudaGetErrorName(s));
}

int main() {
  const char *file = __FILE__;
  for (int c = 0; c < 6; c++) {
    fflush(stdout);
    int fds[2], ofds[2];
    if (pipe(fds) != 0 || pipe(ofds) != 0) return 1;
    pid_t pid = fork();
    if (pid == 0) {
      dup2(fds[1], 2);
      dup2(ofds[1], 1);
      close(fds[0]);
      close(ofds[0]);
      int *out;
      cudaMalloc(&out, 1 << 20);
      run_case(c, out);
      fflush(stdout);
      fflush(stderr);
      _exit(0);
    }
    close(fds[1]);
    close(ofds[1]);
    std::string text, otext;
    char buf[65536];
    ssize_t n;
    // Read both pipes (stdout first would block if stderr fills): stderr, then stdout; the
    // child's stdout is small.
    while ((n = read(fds[0], buf, sizeof buf)) > 0) text.append(buf, n);
    while ((n = read(ofds[0], buf, sizeof buf)) > 0) otext.append(buf, n);
    close(fds[0]);
    close(ofds[0]);
    int st = 0;
    waitpid(pid, &st, 0);
    std::vector<std::string> lines, codes;
    size_t at = 0;
    while (at < text.size()) {
      size_t e = text.find('\n', at);
      if (e == std::string::npos) e = text.size();
      std::string l = text.substr(at, e - at);
      at = e + 1;
      if (l.rfind("cuprite:", 0) == 0) continue;
      if (l.find("Assertion") != std::string::npos) {
        size_t p = l.find(file);
        if (p != std::string::npos) l = l.substr(0, p) + "FILE" + l.substr(p + strlen(file));
        lines.push_back(l);
      } else if (l.rfind("codes", 0) == 0) {
        codes.push_back(l);
      }
    }
    size_t olines = 0;
    for (char ch : otext) olines += ch == '\n';
    std::sort(lines.begin(), lines.end());
    printf("case %d\n  %zu assertion lines, %zu stdout lines\n", c, lines.size(), olines);
    if (lines.size() > 40) {
      printf("  %s\n  ...\n  %s\n", lines.front().c_str(), lines.back().c_str());
    } else {
      for (auto &l : lines) printf("  %s\n", l.c_str());
    }
    for (auto &l : codes) printf("  %s\n", l.c_str());
    printf("  exit %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
  }
  return 0;
}
