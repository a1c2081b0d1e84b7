// Blocks waiting on other blocks in the ways programs do, in grids a GPU runs at once (or, for
// the waits on block 0 and the in-order chain, in any number: the block waited for is always
// started first): a mutex (atomicCAS/atomicExch) around a plain increment from every block,
// a spin with __nanosleep back-off, every block waiting for block 0, and chains where each
// block waits for the prefix of its neighbour (a decoupled look-back scan), in block order and
// in reverse order.
#include <cstdio>

__device__ int lock;
__device__ int counter;

__global__ void locked(int iters) {
  if (threadIdx.x != 0) return;
  for (int i = 0; i < iters; i++) {
    while (atomicCAS(&lock, 0, 1) != 0) {}
    __threadfence();
    volatile int* c = &counter;
    *c = *c + 1;
    __threadfence();
    atomicExch(&lock, 0);
  }
}

// Block 0 backs off with __nanosleep until the last block has published.
__global__ void sleepy(volatile int* flag, int* out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == gridDim.x - 1) {
    out[1] = 77;
    __threadfence();
    *flag = 1;
  } else if (blockIdx.x == 0) {
    unsigned ns = 8;
    while (*flag == 0) {
      __nanosleep(ns);
      if (ns < 1024) ns *= 2;
    }
    __threadfence();
    out[0] = out[1] + 1;
  }
}

// Every block waits for block 0, which publishes after a little work.
__global__ void on_block0(volatile int* flag, int* out) {
  __shared__ int seen;
  if (threadIdx.x == 0) {
    if (blockIdx.x == 0) {
      int v = 0;
      for (int i = 0; i < 1000; i++) v += i % 7;
      out[0] = v;
      __threadfence();
      *flag = 1;
      seen = v;
    } else {
      while (*flag == 0) {}
      __threadfence();
      seen = out[0];
    }
  }
  __syncthreads();
  if (blockIdx.x != 0 && threadIdx.x == 0) out[blockIdx.x] = seen + (int)blockIdx.x;
}

// Inclusive prefix sums of in[0..n*blockDim.x): each block sums its part b, waits for the
// inclusive prefix of part b-1, publishes its own. Block i takes part i, or (reverse) part
// n-1-i: block 0 then waits for block 1, which waits for block 2, ... (status[b] != 0 once
// prefix[b] is ready).
__global__ void lookback(const int* in, long long* prefix, volatile int* status, long long* out, int reverse) {
  __shared__ long long part, before;
  unsigned n = gridDim.x, b = reverse ? n - 1 - blockIdx.x : blockIdx.x;
  if (threadIdx.x == 0) part = 0;
  __syncthreads();
  atomicAdd((unsigned long long*)&part, (unsigned long long)in[b * blockDim.x + threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0) {
    before = 0;
    if (b > 0) {
      while (status[b - 1] == 0) {}
      __threadfence();
      before = prefix[b - 1];
    }
    prefix[b] = before + part;
    __threadfence();
    status[b] = 1;
  }
  __syncthreads();
  if (threadIdx.x == 0) out[b] = before + part;
}

int main() {
  for (int g : {1, 7, 48}) {
    int zero = 0;
    cudaMemcpyToSymbol(lock, &zero, 4);
    cudaMemcpyToSymbol(counter, &zero, 4);
    locked<<<g, 32>>>(50);
    int c;
    cudaMemcpyFromSymbol(&c, counter, 4);
    printf("mutex grid %d: %d (%s)\n", g, c, cudaGetErrorString(cudaGetLastError()));
  }
  int *flag, *out;
  cudaMalloc(&flag, 4);
  cudaMalloc(&out, 1024 * sizeof(int));
  for (int g : {2, 6}) {
    cudaMemset(flag, 0, 4);
    sleepy<<<g, 64>>>(flag, out);
    int h[2];
    cudaMemcpy(h, out, 8, cudaMemcpyDeviceToHost);
    printf("nanosleep grid %d: %d %d (%s)\n", g, h[0], h[1], cudaGetErrorString(cudaGetLastError()));
  }
  for (int g : {3, 40, 1000}) {
    cudaMemset(flag, 0, 4);
    on_block0<<<g, 32>>>(flag, out);
    int h[1024];
    cudaMemcpy(h, out, g * sizeof(int), cudaMemcpyDeviceToHost);
    long long s = 0;
    bool ok = true;
    for (int i = 1; i < g; i++) ok = ok && h[i] == h[0] + i, s += h[i];
    printf("wait on block 0, grid %d: %d, others %s, sum %lld (%s)\n", g, h[0], ok ? "right" : "WRONG", s,
           cudaGetErrorString(cudaGetLastError()));
  }
  const int T = 64;
  int* in;
  long long *prefix, *res;
  int* status;
  cudaMallocManaged(&in, 512 * T * sizeof(int));
  cudaMallocManaged(&prefix, 512 * sizeof(long long));
  cudaMallocManaged(&res, 512 * sizeof(long long));
  cudaMallocManaged(&status, 512 * sizeof(int));
  for (int i = 0; i < 512 * T; i++) in[i] = (i * 37) % 101 - 50;
  for (int reverse = 0; reverse < 2; reverse++) {
    for (int g : {4, 24, 512}) {
      if (reverse && g > 24) continue;
      cudaMemset(status, 0, 512 * sizeof(int));
      lookback<<<g, T>>>(in, prefix, status, res, reverse);
      cudaError_t e = cudaDeviceSynchronize();
      long long want = 0;
      bool ok = true;
      for (int b = 0; b < g; b++) {
        for (int t = 0; t < T; t++) want += in[b * T + t];
        ok = ok && res[b] == want;
      }
      printf("look-back %s grid %d (%s): first %lld last %lld, %s\n", reverse ? "reversed" : "in order", g,
             cudaGetErrorString(e), res[0], res[g - 1], ok ? "right" : "WRONG");
    }
  }
}
