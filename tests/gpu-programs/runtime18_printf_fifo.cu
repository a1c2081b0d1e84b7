// The printf FIFO (cudaLimitPrintfFifoSize) when a kernel prints more than it holds. stdout is
// redirected to a temporary file around each case (dup2), and the case prints what came out:
// the number of lines and bytes, the first and last line, and what printf returned for its first
// call and its last. One thread prints in a loop, so the order is fixed. Cases: records of one
// format with 0, 1, 2 and 4 int arguments, a double, a %s argument, a long format string, at the
// smallest FIFO (asked for 1 byte), at 1 MiB and at 1000000 bytes (each in a child process); two launches before one synchronization; many
// threads printing one line each.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>

__global__ void p0(int n, int *ret) { for (int i = 0; i < n; i++) { int r = printf("x\n"); if (i == 0) ret[0] = r; if (i == n - 1) ret[1] = r; } }
__global__ void p1(int n, int *ret) { for (int i = 0; i < n; i++) { int r = printf("%d\n", i); if (i == 0) ret[0] = r; if (i == n - 1) ret[1] = r; } }
__global__ void p2(int n, int *ret) { for (int i = 0; i < n; i++) { int r = printf("%d %d\n", i, -i); if (i == 0) ret[0] = r; if (i == n - 1) ret[1] = r; } }
__global__ void p4(int n, int *ret) { for (int i = 0; i < n; i++) { int r = printf("%d %d %d %d\n", i, 1, 2, 3); if (i == 0) ret[0] = r; if (i == n - 1) ret[1] = r; } }
__global__ void pd(int n, int *ret) { for (int i = 0; i < n; i++) { int r = printf("%.1f\n", (double)i); if (i == 0) ret[0] = r; if (i == n - 1) ret[1] = r; } }
__global__ void ps(int n, int *ret) { for (int i = 0; i < n; i++) { int r = printf("%s %d\n", "abcdefghijklmnopqrstuvwxyz", i); if (i == 0) ret[0] = r; if (i == n - 1) ret[1] = r; } }
__global__ void plong(int n, int *ret) {
  for (int i = 0; i < n; i++) {
    int r = printf("a long format string, longer than any record header could be: 0123456789 0123456789 %d\n", i);
    if (i == 0) ret[0] = r;
    if (i == n - 1) ret[1] = r;
  }
}
__global__ void big_then_small(int n, int *ret) {
  for (int i = 0; i < n; i++) printf("%d %d %d %d %d %d %d %d\n", i, i, i, i, i, i, i, i);
  ret[0] = printf("small %d\n", 1);
  ret[1] = printf("tiny\n");
}
__global__ void many(int *ret) { int r = printf("t\n"); if (blockIdx.x == 0 && threadIdx.x == 0) ret[0] = r; }

static int *ret;
static int saved_fd = -1;
static char path[64];

static void begin() {
  fflush(stdout);
  strcpy(path, "/tmp/fifoXXXXXX");
  int fd = mkstemp(path);
  saved_fd = dup(1);
  dup2(fd, 1);
  close(fd);
  cudaMemset(ret, 0x7f, 2 * sizeof(int));
}

static void end(const char *label, cudaError_t e) {
  fflush(stdout);
  dup2(saved_fd, 1);
  close(saved_fd);
  FILE *f = fopen(path, "rb");
  std::string s;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
  fclose(f);
  unlink(path);
  int h[2];
  cudaMemcpy(h, ret, sizeof h, cudaMemcpyDeviceToHost);
  size_t lines = 0;
  for (char c : s) lines += c == '\n';
  std::string first = s.substr(0, s.find('\n'));
  std::string last;
  if (s.size() > 1) {
    size_t e2 = s.rfind('\n', s.size() - 2);
    last = s.substr(e2 == std::string::npos ? 0 : e2 + 1);
    if (!last.empty() && last.back() == '\n') last.pop_back();
  }
  size_t fifo = 0;
  cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize);
  printf("%-26s fifo %zu: %s, %zu lines, %zu bytes, first \"%s\", last \"%s\", returned %d and %d\n", label, fifo,
         cudaGetErrorName(e), lines, s.size(), first.c_str(), last.c_str(), h[0], h[1]);
}

#define CASE(label, launch)                  \
  do {                                       \
    begin();                                 \
    launch;                                  \
    cudaError_t e_ = cudaDeviceSynchronize(); \
    end(label, e_);                          \
  } while (0)

static void cases(size_t limit) {
  cudaMalloc(&ret, 2 * sizeof(int));
  size_t fifo = 0;
  cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize);
  printf("default fifo %zu\n", fifo);
  printf("set %zu: %s\n", limit, cudaGetErrorName(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, limit)));
  const int N = 120000;
  CASE("no arguments", (p0<<<1, 1>>>(N, ret)));
  CASE("one int", (p1<<<1, 1>>>(N, ret)));
  CASE("two ints", (p2<<<1, 1>>>(N, ret)));
  CASE("four ints", (p4<<<1, 1>>>(N, ret)));
  CASE("a double", (pd<<<1, 1>>>(N, ret)));
  CASE("a string and an int", (ps<<<1, 1>>>(N, ret)));
  CASE("long format", (plong<<<1, 1>>>(N, ret)));
  CASE("8 ints, then smaller", (big_then_small<<<1, 1>>>(N, ret)));
  CASE("two launches", (p1<<<1, 1>>>(N / 4, ret), p1<<<1, 1>>>(N / 4, ret)));
  CASE("two launches, one full", (p1<<<1, 1>>>(N, ret), p0<<<1, 1>>>(10, ret)));
  CASE("4096 blocks of 256", (many<<<4096, 256>>>(ret)));
  CASE("a few lines", (p1<<<1, 1>>>(3, ret)));
  printf("set 1 MiB after printing: %s\n", cudaGetErrorName(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 1 << 20)));
  cudaGetLastError();
  CASE("one int, after that", (p1<<<1, 1>>>(N, ret)));
}

// Each FIFO size in its own process: a size can be set only before the first kernel prints.
int main() {
  size_t limits[] = {1, 1 << 20, 1000000};
  for (size_t l : limits) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      cases(l);
      fflush(stdout);
      _exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    printf("exit %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
  }
  return 0;
}
