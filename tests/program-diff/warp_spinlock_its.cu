// Independent thread scheduling (Volta+): every thread of a warp takes one global spin lock
// (atomicCAS + __nanosleep back-off), so lanes of one warp wait for each other; then a ticket
// lock (atomicAdd ticket, spin on now-serving) taken by every thread in ticket order, recording
// the order of service per ticket.
// (The ticket lock hung on every engine: its lanes poll without a lock word to swap.)
#include <cstdio>
__device__ int lock_, counter_, ticket_, serving_;
__device__ int order_[4096];
__global__ void cas_lock(int* hist) {
  bool done = false;
  while (!done) {
    if (atomicCAS(&lock_, 0, 1) == 0) {
      __threadfence();
      int c = *(volatile int*)&counter_;
      *(volatile int*)&counter_ = c + 1;
      hist[c % 64] += 1;
      __threadfence();
      atomicExch(&lock_, 0);
      done = true;
    } else {
      __nanosleep(20);
    }
  }
}
__global__ void ticket_lock() {
  int t = atomicAdd(&ticket_, 1);
  while (*(volatile int*)&serving_ != t) __nanosleep(10);
  order_[t] = t;  // served in ticket order
  __threadfence();
  atomicAdd(&serving_, 1);
}
int main() {
  int* hist; cudaMalloc(&hist, 64 * 4); cudaMemset(hist, 0, 256);
  cas_lock<<<16, 96>>>(hist);
  cudaError_t e = cudaDeviceSynchronize();
  int c, h[64]; cudaMemcpyFromSymbol(&c, counter_, 4); cudaMemcpy(h, hist, 256, cudaMemcpyDeviceToHost);
  int hs = 0; for (int i = 0; i < 64; i++) hs += h[i] == 24;
  printf("cas_lock: %s counter=%d hist_ok=%d\n", cudaGetErrorString(e), c, hs);
  ticket_lock<<<8, 64>>>();
  e = cudaDeviceSynchronize();
  int t, s, o[512]; cudaMemcpyFromSymbol(&t, ticket_, 4); cudaMemcpyFromSymbol(&s, serving_, 4);
  cudaMemcpyFromSymbol(o, order_, sizeof o);
  int ok = 0; for (int i = 0; i < 512; i++) ok += o[i] == i;
  printf("ticket_lock: %s tickets=%d serving=%d ordered=%d\n", cudaGetErrorString(e), t, s, ok);
  return 0;
}
