// A lock-free stack of node indices shared by every thread of a grid: push with 64-bit
// atomicCAS on a (tag, index) head against ABA, pop the same way, and a 16-bit atomicCAS
// counter and a 128-bit atomicCAS (sm_90) pair updated under contention.
#include <cstdio>
__device__ unsigned long long head = 0xffffffffull;  // tag<<32 | index, index 0xffffffff = empty
__device__ int next_[4096];
__device__ unsigned short c16[2];
struct alignas(16) Pair { unsigned long long a, b; };
__device__ Pair pair_;
__device__ void push(int i) {
  unsigned long long old = head, assumed;
  do { assumed = old; next_[i] = (int)(assumed & 0xffffffff); __threadfence();
       old = atomicCAS(&head, assumed, ((assumed >> 32) + 1) << 32 | (unsigned)i); } while (old != assumed);
}
__device__ int pop() {
  unsigned long long old = atomicAdd(&head, 0), assumed;
  do { assumed = old; unsigned idx = assumed & 0xffffffff; if (idx == 0xffffffff) return -1; __threadfence();
       int nx = ((volatile int*)next_)[idx];
       old = atomicCAS(&head, assumed, ((assumed >> 32) + 1) << 32 | (unsigned)nx); } while (old != assumed);
  return (int)(assumed & 0xffffffff);
}
__global__ void k(int* popped, int* cnt) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  push(t);
  int v = pop();
  if (v >= 0) atomicAdd(&popped[v], 1); else atomicAdd(cnt, 1);
  // 16-bit CAS increment on an unsigned short
  unsigned short o = c16[t & 1], a;
  do { a = o; o = atomicCAS(&c16[t & 1], a, (unsigned short)(a + 3)); } while (o != a);
#if __CUDA_ARCH__ >= 900
  Pair p = pair_, q;
  while (true) {
    Pair n = {p.a + 1, p.b + (unsigned)t};
    q = atomicCAS(&pair_, p, n);
    if (q.a == p.a && q.b == p.b) break;
    p = q;
  }
#endif
}
int main() {
  int *p, *c; cudaMalloc(&p, 4096 * 4); cudaMalloc(&c, 4); cudaMemset(p, 0, 4096 * 4); cudaMemset(c, 0, 4);
  k<<<16, 128>>>(p, c);
  cudaError_t e = cudaDeviceSynchronize();
  int h[2048], hc; cudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost); cudaMemcpy(&hc, c, 4, cudaMemcpyDeviceToHost);
  int ones = 0, other = 0; for (int i = 0; i < 2048; i++) { ones += h[i] == 1; other += h[i] > 1; }
  unsigned short s[2]; cudaMemcpyFromSymbol(s, c16, 4);
  Pair pr; cudaMemcpyFromSymbol(&pr, pair_, 16);
  printf("%s popped_once=%d dup=%d empty=%d c16=%u,%u pair=%llu,%llu\n", cudaGetErrorString(e), ones, other, hc, s[0], s[1], pr.a, pr.b);
  return 0;
}
