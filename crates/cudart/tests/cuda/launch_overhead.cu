// Launch-overhead benchmark (also a test): empty-kernel launches per second on one stream,
// synchronous 4-byte cudaMemcpy round-trip latency, and cudaStreamSynchronize on an idle
// stream. Prints the numbers; passes when every launch ran.
#include "common.h"
#include <chrono>

__global__ void empty() {}
__global__ void count(unsigned* c) { if (threadIdx.x == 0) atomicAdd(c, 1u); }

static double now_us() {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main(int argc, char** argv) {
  int launches = argc > 1 ? atoi(argv[1]) : 2000;
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  empty<<<1, 1, 0, s>>>();  // warm up (module load)
  CK(cudaStreamSynchronize(s));
  double t0 = now_us();
  for (int i = 0; i < launches; i++) empty<<<1, 1, 0, s>>>();
  double t1 = now_us();
  CK(cudaStreamSynchronize(s));
  double t2 = now_us();
  unsigned* c;
  CK(cudaMalloc(&c, 4));
  CK(cudaMemset(c, 0, 4));
  for (int i = 0; i < launches; i++) count<<<1, 32, 0, s>>>(c);
  unsigned h = 0;
  CK(cudaMemcpy(&h, c, 4, cudaMemcpyDeviceToHost));
  EXPECT(h == (unsigned)launches);
  const int copies = 2000;
  double t3 = now_us();
  for (int i = 0; i < copies; i++) CK(cudaMemcpy(&h, c, 4, cudaMemcpyDeviceToHost));
  double t4 = now_us();
  for (int i = 0; i < copies; i++) CK(cudaStreamSynchronize(s));
  double t5 = now_us();
  printf("empty-kernel launches: %.0f/s enqueue, %.0f/s completed (%d launches)\n", launches / ((t1 - t0) * 1e-6),
         launches / ((t2 - t0) * 1e-6), launches);
  printf("cudaMemcpy 4 B D2H latency: %.2f us\n", (t4 - t3) / copies);
  printf("cudaStreamSynchronize (idle) latency: %.2f us\n", (t5 - t4) / copies);
  CK(cudaFree(c));
  CK(cudaStreamDestroy(s));
  printf("PASS\n");
  return 0;
}
