// CUDA IPC between processes, modeled on the simpleIPC sample: the parent forks two children
// before touching CUDA (a CUDA context does not survive fork), then allocates, exports a
// memory handle and an interprocess event, and sends both through pipes. Each child opens
// them, waits for the parent's fill kernel through the event (one with cudaEventSynchronize,
// one with cudaStreamWaitEvent), checks and rewrites its half with a kernel, and closes the
// handle; the parent then sees the children's writes. Plus the API's error cases.
#include "common.h"
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

constexpr int N = 1 << 16;
constexpr int KIDS = 2;

struct Msg {
  cudaIpcMemHandle_t mem;
  cudaIpcEventHandle_t ev;
};

__global__ void spin(long long cycles) {
  long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}

__global__ void fill(int *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) d[i] = 2 * i;
}

// Checks that d[lo, hi) holds the parent's values, then rewrites it; counts mismatches.
__global__ void check_and_mark(int *d, int lo, int hi, int kid, int *bad) {
  int i = lo + blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= hi) return;
  if (d[i] != 2 * i) atomicAdd(bad, 1);
  d[i] = 3 * i + kid + 1;
}

static bool read_all(int fd, void *p, size_t n) {
  char *c = static_cast<char *>(p);
  while (n > 0) {
    ssize_t r = read(fd, c, n);
    if (r <= 0) return false;
    c += r;
    n -= size_t(r);
  }
  return true;
}

static int child(int kid, int fd) {
  Msg m;
  if (!read_all(fd, &m, sizeof m)) {
    printf("FAIL child %d: no handles\n", kid);
    return 1;
  }
  int *d = nullptr;
  EXPECT_ERR(cudaIpcOpenMemHandle((void **)&d, m.mem, 0x10), cudaErrorInvalidValue);
  CK(cudaIpcOpenMemHandle((void **)&d, m.mem, cudaIpcMemLazyEnablePeerAccess));
  EXPECT(d != nullptr);
  // Opening again returns the same mapping (reference counted).
  int *d2 = nullptr;
  CK(cudaIpcOpenMemHandle((void **)&d2, m.mem, cudaIpcMemLazyEnablePeerAccess));
  EXPECT(d2 == d);
  CK(cudaIpcCloseMemHandle(d2));
  cudaPointerAttributes attr;
  CK(cudaPointerGetAttributes(&attr, d));
  EXPECT(attr.type == cudaMemoryTypeDevice);

  cudaEvent_t ev;
  CK(cudaIpcOpenEventHandle(&ev, m.ev));
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  int *bad;
  CK(cudaMalloc(&bad, sizeof(int)));
  CK(cudaMemset(bad, 0, sizeof(int)));
  int lo = kid * (N / KIDS), hi = lo + N / KIDS;
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  if (kid == 0) {
    CK(cudaEventSynchronize(ev));
    CK(cudaEventQuery(ev));
  } else {
    CK(cudaStreamWaitEvent(s, ev, 0));
  }
  check_and_mark<<<(hi - lo + 255) / 256, 256, 0, s>>>(d, lo, hi, kid, bad);
  CK(cudaGetLastError());
  CK(cudaStreamSynchronize(s));
  CK(cudaEventQuery(ev));
  int nbad = -1;
  CK(cudaMemcpy(&nbad, bad, sizeof nbad, cudaMemcpyDeviceToHost));
  EXPECT(nbad == 0);
  // A host copy through the opened pointer sees the same bytes.
  int h[4];
  CK(cudaMemcpy(h, d + lo, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 4; ++i) EXPECT(h[i] == 3 * (lo + i) + kid + 1);
  CK(cudaIpcCloseMemHandle(d));
  EXPECT_ERR(cudaIpcCloseMemHandle(d), cudaErrorInvalidValue);
  CK(cudaEventDestroy(ev));
  CK(cudaStreamDestroy(s));
  CK(cudaFree(bad));
  return 0;
}

int main() {
  // Fork before CUDA is initialized; each child reads its handles from a pipe.
  int fds[KIDS];
  pid_t pids[KIDS];
  for (int k = 0; k < KIDS; ++k) {
    int p[2];
    EXPECT(pipe(p) == 0);
    fflush(stdout);
    pid_t pid = fork();
    EXPECT(pid >= 0);
    if (pid == 0) {
      close(p[1]);
      int rc = child(k, p[0]);
      fflush(stdout);
      _exit(rc);
    }
    close(p[0]);
    fds[k] = p[1];
    pids[k] = pid;
  }

  int *d;
  CK(cudaMalloc(&d, N * sizeof(int)));
  CK(cudaMemset(d, 0, N * sizeof(int)));
  Msg m;
  memset(&m, 0, sizeof m);
  // An interior pointer names its allocation.
  cudaIpcMemHandle_t inner;
  CK(cudaIpcGetMemHandle(&inner, d + 100));
  CK(cudaIpcGetMemHandle(&m.mem, d));
  EXPECT(memcmp(&inner, &m.mem, sizeof inner) == 0);

  // Error cases in the exporting process.
  int host_buf[4];
  cudaIpcMemHandle_t h;
  // (A null handle pointer crashes CUDA's own runtime, so that is not tested.)
  EXPECT_ERR(cudaIpcGetMemHandle(&h, nullptr), cudaErrorInvalidValue);
  EXPECT_ERR(cudaIpcGetMemHandle(&h, host_buf), cudaErrorInvalidValue);
  EXPECT_ERR(cudaIpcCloseMemHandle(d), cudaErrorInvalidValue);
  void *self = nullptr;
  EXPECT_ERR(cudaIpcOpenMemHandle(&self, m.mem, cudaIpcMemLazyEnablePeerAccess), cudaErrorDeviceUninitialized);
  cudaIpcMemHandle_t junk;
  memset(&junk, 0x5a, sizeof junk);
  EXPECT(cudaIpcOpenMemHandle(&self, junk, cudaIpcMemLazyEnablePeerAccess) != cudaSuccess);
  cudaGetLastError();
  cudaEvent_t plain, ev;
  CK(cudaEventCreate(&plain));
  cudaIpcEventHandle_t eh;
  EXPECT_ERR(cudaIpcGetEventHandle(&eh, plain), cudaErrorInvalidResourceHandle);
  EXPECT_ERR(cudaEventCreateWithFlags(&ev, cudaEventInterprocess), cudaErrorInvalidValue);
  CK(cudaEventCreateWithFlags(&ev, cudaEventInterprocess | cudaEventDisableTiming));
  CK(cudaIpcGetEventHandle(&m.ev, ev));
  cudaEvent_t self_ev;
  EXPECT_ERR(cudaIpcOpenEventHandle(&self_ev, m.ev), cudaErrorDeviceUninitialized);
  int ipc_events = 0;
  CK(cudaDeviceGetAttribute(&ipc_events, cudaDevAttrIpcEventSupport, 0));
  EXPECT(ipc_events == 1);
  EXPECT_ERR(cudaGetLastError(), cudaErrorDeviceUninitialized);

  // The fill runs after a delay, so the children really wait for the event.
  int khz = 0;
  CK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0));
  spin<<<1, 1>>>((long long)khz * 200);
  fill<<<(N + 255) / 256, 256>>>(d, N);
  CK(cudaGetLastError());
  CK(cudaEventRecord(ev, 0));
  for (int k = 0; k < KIDS; ++k) {
    EXPECT(write(fds[k], &m, sizeof m) == (ssize_t)sizeof m);
    close(fds[k]);
  }

  bool ok = true;
  for (int k = 0; k < KIDS; ++k) {
    int st = 0;
    EXPECT(waitpid(pids[k], &st, 0) == pids[k]);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
      printf("FAIL child %d exited with status %d\n", k, st);
      ok = false;
    }
  }
  EXPECT(ok);
  int *out = (int *)malloc(N * sizeof(int));
  CK(cudaMemcpy(out, d, N * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < N; ++i) {
    int kid = i / (N / KIDS);
    if (out[i] != 3 * i + kid + 1) {
      printf("FAIL d[%d] = %d, want %d\n", i, out[i], 3 * i + kid + 1);
      return 1;
    }
  }
  // The exported allocation still works as device memory here, and frees normally.
  fill<<<(N + 255) / 256, 256>>>(d, N);
  CK(cudaMemcpy(out, d, 16, cudaMemcpyDeviceToHost));
  EXPECT(out[3] == 6);
  CK(cudaEventDestroy(ev));
  CK(cudaEventDestroy(plain));
  CK(cudaFree(d));
  free(out);
  printf("PASS\n");
  return 0;
}
