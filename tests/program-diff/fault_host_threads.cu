// flags: -lineinfo
// Several host threads share the device; one thread's kernel faults. Threads run in a fixed
// order (a turn counter): thread 0 runs a good kernel on its stream and synchronizes; thread 1
// launches a faulting kernel and synchronizes; then threads 2 and 3 (which launched good
// kernels on their own streams before the fault) synchronize their streams, call
// cudaGetLastError, cudaMalloc, launch again; thread 0 checks its stream again and
// cudaPeekAtLastError (per-thread last error vs per-context sticky error). Lines are printed by
// main in thread order. (v2: the fault is a store through a null pointer; the first version's
// address 256 MiB below the buffer was mapped on the H200.)
#include <cstdio>
#include <thread>
#include <mutex>
#include <condition_variable>
#include <string>
#include <vector>
#include <cuda_runtime.h>

__global__ void good(int *p, int v) { p[threadIdx.x] = v; }
__global__ void faulty(int *p) { if (threadIdx.x == 0) p[5] = 1; }  // launched with a null pointer

// The turns start at -2: threads 2 and 3 each take one step with their early launch, so that
// both launches precede the fault however late the OS starts those threads.
static std::mutex m; static std::condition_variable cv; static int turn = -2;
static void wait_turn(int t) { std::unique_lock<std::mutex> l(m); cv.wait(l, [&] { return turn == t; }); }
static void next_turn() { { std::lock_guard<std::mutex> l(m); ++turn; } cv.notify_all(); }
static std::vector<std::string> out[4];
static void rec(int t, const char *w, cudaError_t e) { out[t].push_back(std::string(w) + " " + cudaGetErrorName(e)); }

int main() {
  int *buf; cudaMalloc(&buf, 4 * 1024);
  std::vector<std::thread> ts;
  for (int t = 0; t < 4; ++t) ts.emplace_back([t, buf] {
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    int *p = buf + t * 256;
    if (t >= 2) { good<<<1, 32, 0, s>>>(p, t); rec(t, "early launch", cudaGetLastError()); next_turn(); }
    wait_turn(t == 0 ? 0 : t == 1 ? 1 : 2 + (t - 2));
    if (t == 0) { good<<<1, 32, 0, s>>>(p, 10); rec(t, "launch", cudaGetLastError()); rec(t, "streamSynchronize", cudaStreamSynchronize(s)); }
    if (t == 1) { faulty<<<1, 32, 0, s>>>(nullptr); rec(t, "launch", cudaGetLastError()); rec(t, "streamSynchronize", cudaStreamSynchronize(s));
      rec(t, "getLastError", cudaGetLastError()); rec(t, "getLastError again", cudaGetLastError()); }
    if (t >= 2) { rec(t, "streamSynchronize", cudaStreamSynchronize(s)); rec(t, "getLastError", cudaGetLastError());
      void *q; rec(t, "malloc", cudaMalloc(&q, 64)); good<<<1, 32, 0, s>>>(p, t); rec(t, "launch", cudaGetLastError());
      rec(t, "streamQuery", cudaStreamQuery(s)); }
    next_turn();
    if (t == 0) { wait_turn(4); rec(t, "peek", cudaPeekAtLastError()); rec(t, "streamSynchronize again", cudaStreamSynchronize(s));
      rec(t, "getLastError", cudaGetLastError()); rec(t, "getLastError again", cudaGetLastError()); rec(t, "streamDestroy", cudaStreamDestroy(s)); }
  });
  for (auto &t : ts) t.join();
  for (int t = 0; t < 4; ++t) for (auto &l : out[t]) printf("thread %d %s\n", t, l.c_str());
  printf("main getLastError %s\n", cudaGetErrorName(cudaGetLastError()));
  printf("main deviceSynchronize %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  printf("main deviceReset %s\n", cudaGetErrorName(cudaDeviceReset()));
  return 0;
}
