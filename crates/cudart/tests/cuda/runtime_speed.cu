// Runtime-speed benchmark (also a test, run small): empty-kernel launch rate, small-call
// latencies (4-byte D2H cudaMemcpy, cudaStreamSynchronize of an idle stream, cudaEventQuery),
// large-copy and memset bandwidth beside the machine's own memcpy/memset bandwidth measured in
// the same run, and the per-launch time of a captured graph of 100 small kernels.
//
// Usage: runtime_speed [MB (256)] [graph launches (2000)] [empty launches (100000)]
// Launches are timed in 21 batches (each waited for) and calls in 21 batches; the median
// batch counts (a batch the OS preempted does not). Copies count their best of 3.
// Every copy is checked (first, middle and last words), so a wrong copy FAILs.
#include "common.h"
#include <chrono>
#include <cstring>
#include <vector>
#include <algorithm>

__global__ void empty() {}
__global__ void bump(unsigned* c) { if (threadIdx.x == 0) c[blockIdx.x] += 1; }

static double now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The best of `reps` timings of `f` (seconds).
template <class F> static double best(int reps, F f) {
  double b = 1e30;
  for (int i = 0; i < reps; i++) {
    double t0 = now_s();
    f();
    double t = now_s() - t0;
    if (t < b) b = t;
  }
  return b;
}

// The time of one call of `f` (seconds): the median over 21 batches of `calls / 21` calls, so
// that a batch the OS preempted does not count.
template <class F> static double per_call(int calls, F f) {
  const int batches = 21;
  int n = calls / batches > 0 ? calls / batches : 1;
  std::vector<double> t;
  for (int b = 0; b < batches; b++) {
    double t0 = now_s();
    for (int i = 0; i < n; i++) f();
    t.push_back((now_s() - t0) / n);
  }
  std::sort(t.begin(), t.end());
  return t[batches / 2];
}

// Checks that `n` bytes at `p` hold `v` at the first, middle and last bytes.
static void check_bytes(const unsigned char* p, size_t n, unsigned char v, const char* what) {
  if (p[0] != v || p[n / 2] != v || p[n - 1] != v) {
    printf("FAIL %s: got %u %u %u, want %u\n", what, p[0], p[n / 2], p[n - 1], v);
    exit(1);
  }
}

int main(int argc, char** argv) {
  size_t mb = argc > 1 ? strtoul(argv[1], nullptr, 10) : 256;
  int graph_launches = argc > 2 ? atoi(argv[2]) : 2000;
  int empties = argc > 3 ? atoi(argv[3]) : 100000;
  size_t n = mb << 20;
  const int reps = 3;
  cudaStream_t s;
  CK(cudaStreamCreate(&s));

  // Empty-kernel launch rate (enqueue and completion).
  empty<<<1, 1, 0, s>>>();
  CK(cudaStreamSynchronize(s));
  // 21 batches of launches, each waited for.
  int empty_batch = empties / 21 > 0 ? empties / 21 : 1;
  double launch_rate = empty_batch / per_call(21, [&] {
    for (int i = 0; i < empty_batch; i++) empty<<<1, 1, 0, s>>>();
    CK(cudaStreamSynchronize(s));
  });

  // Small-call latencies.
  unsigned* c;
  CK(cudaMalloc(&c, 4096));
  CK(cudaMemset(c, 0, 4096));
  unsigned h = 1;
  const int calls = 21000;  // 21 batches of 1000
  for (int i = 0; i < 100; i++) CK(cudaMemcpy(&h, c, 4, cudaMemcpyDeviceToHost));
  double d2h4 = per_call(calls, [&] { CK(cudaMemcpy(&h, c, 4, cudaMemcpyDeviceToHost)); });
  EXPECT(h == 0);
  // The same into heap memory (which, unlike the caller's stack, may be unmapped).
  unsigned* heap = (unsigned*)malloc(4);
  double d2h4_heap = per_call(calls, [&] { CK(cudaMemcpy(heap, c, 4, cudaMemcpyDeviceToHost)); });
  EXPECT(*heap == 0);
  free(heap);
  double sync = per_call(calls, [&] { CK(cudaStreamSynchronize(s)); });
  cudaEvent_t ev;
  CK(cudaEventCreate(&ev));
  CK(cudaEventRecord(ev, s));
  CK(cudaEventSynchronize(ev));
  double query = per_call(calls, [&] { CK(cudaEventQuery(ev)); });

  // The machine's own bandwidth: memcpy and memset between touched host buffers.
  unsigned char* ha = (unsigned char*)malloc(n);
  unsigned char* hb = (unsigned char*)malloc(n);
  EXPECT(ha && hb);
  memset(ha, 1, n);
  memset(hb, 2, n);
  double t_memcpy = best(reps, [&] { memcpy(hb, ha, n); });
  check_bytes(hb, n, 1, "host memcpy");
  double t_memset = best(reps, [&] { memset(hb, 3, n); });
  check_bytes(hb, n, 3, "host memset");

  unsigned char *pa, *pb, *da, *db;
  CK(cudaMallocHost(&pa, n));
  CK(cudaMallocHost(&pb, n));
  memset(pa, 4, n);
  memset(pb, 0, n);
  CK(cudaMalloc(&da, n));
  CK(cudaMalloc(&db, n));
  CK(cudaMemset(da, 0, n));
  CK(cudaMemset(db, 0, n));
  double t_h2d = best(reps, [&] { CK(cudaMemcpy(da, pa, n, cudaMemcpyHostToDevice)); });
  double t_d2h = best(reps, [&] { CK(cudaMemcpy(pb, da, n, cudaMemcpyDeviceToHost)); });
  check_bytes(pb, n, 4, "pinned H2D then D2H");
  double t_d2d = best(reps, [&] { CK(cudaMemcpy(db, da, n, cudaMemcpyDeviceToDevice)); });
  double t_set = best(reps, [&] { CK(cudaMemset(da, 5, n)); });
  CK(cudaMemcpy(pb, db, n, cudaMemcpyDeviceToHost));
  check_bytes(pb, n, 4, "D2D");
  CK(cudaMemcpy(pb, da, n, cudaMemcpyDeviceToHost));
  check_bytes(pb, n, 5, "memset");
  double t_h2d_pg = best(reps, [&] { CK(cudaMemcpy(da, ha, n, cudaMemcpyHostToDevice)); });
  double t_d2h_pg = best(reps, [&] { CK(cudaMemcpy(hb, db, n, cudaMemcpyDeviceToHost)); });
  check_bytes(hb, n, 4, "pageable D2H");
  double t_async = best(reps, [&] {
    CK(cudaMemcpyAsync(db, pa, n, cudaMemcpyHostToDevice, s));
    CK(cudaStreamSynchronize(s));
  });
  // A pitched 2D copy of the same bytes: rows of 4096 bytes, device pitch 4608.
  size_t width = 4096, rows = n / 4608, pitch = 4608;
  double t_2d = best(reps, [&] {
    CK(cudaMemcpy2D(db, pitch, pa, width, width, rows, cudaMemcpyHostToDevice));
  });
  // The same rows copied by the host's memcpy, row by row.
  double t_memcpy_2d = best(reps, [&] {
    for (size_t y = 0; y < rows; y++) memcpy(hb + y * pitch, ha + y * width, width);
  });
  CK(cudaMemcpy2D(pb, width, db, pitch, width, rows, cudaMemcpyDeviceToHost));
  check_bytes(pb, width * rows, 4, "2D");

  // A captured graph of 100 small kernels, launched repeatedly.
  unsigned* counters;
  CK(cudaMalloc(&counters, 4 * 4));
  CK(cudaMemset(counters, 0, 16));
  cudaGraph_t g;
  cudaGraphExec_t ge;
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  for (int k = 0; k < 100; k++) bump<<<4, 32, 0, s>>>(counters);
  CK(cudaStreamEndCapture(s, &g));
  CK(cudaGraphInstantiate(&ge, g, 0));
  CK(cudaGraphLaunch(ge, s));
  CK(cudaStreamSynchronize(s));
  // 21 batches of launches, each waited for.
  int per_batch = graph_launches / 21 > 0 ? graph_launches / 21 : 1;
  double graph = per_call(21, [&] {
    for (int i = 0; i < per_batch; i++) CK(cudaGraphLaunch(ge, s));
    CK(cudaStreamSynchronize(s));
  }) / per_batch;
  graph_launches = 21 * per_batch;
  unsigned got[4];
  CK(cudaMemcpy(got, counters, 16, cudaMemcpyDeviceToHost));
  for (int b = 0; b < 4; b++) EXPECT(got[b] == 100u * (graph_launches + 1));

  double gb = n / 1e9;
  printf("empty-kernel launches:            %10.0f /s\n", launch_rate);
  printf("cudaMemcpy 4 B D2H latency:       %10.3f us\n", d2h4 * 1e6);
  printf("cudaMemcpy 4 B D2H to heap:       %10.3f us\n", d2h4_heap * 1e6);
  printf("cudaStreamSynchronize (idle):     %10.3f us\n", sync * 1e6);
  printf("cudaEventQuery (complete):        %10.3f us\n", query * 1e6);
  printf("host memcpy %zu MB:               %10.2f GB/s\n", mb, gb / t_memcpy);
  printf("host memset %zu MB:               %10.2f GB/s\n", mb, gb / t_memset);
  printf("H2D pinned:                       %10.2f GB/s (%3.0f%% of memcpy)\n", gb / t_h2d, 100 * t_memcpy / t_h2d);
  printf("D2H pinned:                       %10.2f GB/s (%3.0f%% of memcpy)\n", gb / t_d2h, 100 * t_memcpy / t_d2h);
  printf("D2D:                              %10.2f GB/s (%3.0f%% of memcpy)\n", gb / t_d2d, 100 * t_memcpy / t_d2d);
  printf("H2D pageable:                     %10.2f GB/s (%3.0f%% of memcpy)\n", gb / t_h2d_pg, 100 * t_memcpy / t_h2d_pg);
  printf("D2H pageable:                     %10.2f GB/s (%3.0f%% of memcpy)\n", gb / t_d2h_pg, 100 * t_memcpy / t_d2h_pg);
  printf("H2D pinned async:                 %10.2f GB/s (%3.0f%% of memcpy)\n", gb / t_async, 100 * t_memcpy / t_async);
  printf("host memcpy 2D rows:              %10.2f GB/s\n", width * rows / 1e9 / t_memcpy_2d);
  printf("H2D 2D pitched:                   %10.2f GB/s (%3.0f%% of memcpy rows)\n", width * rows / 1e9 / t_2d,
         100 * t_memcpy_2d / t_2d);
  printf("cudaMemset:                       %10.2f GB/s (%3.0f%% of memset)\n", gb / t_set, 100 * t_memset / t_set);
  printf("graph of 100 kernels, per launch: %10.2f us (%d launches)\n", graph * 1e6, graph_launches);

  CK(cudaGraphExecDestroy(ge));
  CK(cudaGraphDestroy(g));
  CK(cudaFree(da));
  CK(cudaFree(db));
  CK(cudaFree(c));
  CK(cudaFree(counters));
  CK(cudaFreeHost(pa));
  CK(cudaFreeHost(pb));
  free(ha);
  free(hb);
  CK(cudaEventDestroy(ev));
  CK(cudaStreamDestroy(s));
  printf("PASS\n");
  return 0;
}
