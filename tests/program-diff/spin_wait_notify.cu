// Blocks that wait for a later block of their grid: cuda::std::atomic wait/notify, an acquire-load
// spin, a volatile-load spin, and cuda::barrier at device scope. Every grid here is small enough
// to be resident at once on a GPU, so each completes.
#include <cstdio>
#include <cuda/std/atomic>
#include <cuda/barrier>

// Block 0 waits for the last block's flag (mode 0: atomic::wait, 1: acquire-load spin,
// 2: volatile-load spin with __threadfence); every other block waits for block 0's answer.
__global__ void chain(cuda::std::atomic<int>* ready, cuda::std::atomic<int>* answer, int* data, int mode) {
  if (threadIdx.x != 0) return;
  unsigned last = gridDim.x - 1;
  if (blockIdx.x == last) {
    data[last] = 1000 + (int)last;
    ready->store(1, cuda::std::memory_order_release);
    ready->notify_all();
  } else if (blockIdx.x == 0) {
    if (mode == 0) ready->wait(0, cuda::std::memory_order_acquire);
    else if (mode == 1) while (ready->load(cuda::std::memory_order_acquire) == 0) {}
    else {
      while (*(volatile int*)ready == 0) {}
      __threadfence();
    }
    data[0] = data[last] + 1;
    answer->store(data[0], cuda::std::memory_order_release);
    answer->notify_all();
  } else {
    answer->wait(0, cuda::std::memory_order_acquire);
    data[blockIdx.x] = answer->load(cuda::std::memory_order_relaxed) + (int)blockIdx.x;
  }
}

// Every block arrives at a device-scope barrier twice; between the phases each reads the value
// its successor wrote before the first arrival.
__global__ void phases(cuda::barrier<cuda::thread_scope_device>* bar, int* vals, int* out) {
  if (threadIdx.x == 0) {
    vals[blockIdx.x] = (int)blockIdx.x * 3;
    bar->arrive_and_wait();
    out[blockIdx.x] = vals[(blockIdx.x + 1) % gridDim.x];
    bar->arrive_and_wait();
    vals[blockIdx.x] = -1;
  }
}

int main() {
  cuda::std::atomic<int>* flags;
  int* data;
  cudaMalloc(&flags, 2 * sizeof(cuda::std::atomic<int>));
  cudaMalloc(&data, 64 * sizeof(int));
  const int grids[] = {2, 3, 8};
  for (int mode = 0; mode < 3; mode++) {
    for (int g : grids) {
      cudaMemset(flags, 0, 2 * sizeof(cuda::std::atomic<int>));
      cudaMemset(data, 0, 64 * sizeof(int));
      chain<<<g, 32>>>(flags, flags + 1, data, mode);
      int h[64];
      cudaMemcpy(h, data, sizeof h, cudaMemcpyDeviceToHost);
      printf("mode %d grid %d:", mode, g);
      for (int i = 0; i < g; i++) printf(" %d", h[i]);
      printf(" (%s)\n", cudaGetErrorString(cudaGetLastError()));
    }
  }
  cuda::barrier<cuda::thread_scope_device>* bar;
  cudaMallocManaged(&bar, sizeof *bar);
  int *vals, *out;
  cudaMallocManaged(&vals, 16 * sizeof(int));
  cudaMallocManaged(&out, 16 * sizeof(int));
  new (bar) cuda::barrier<cuda::thread_scope_device>(12);
  phases<<<12, 64>>>(bar, vals, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("barrier (%s):", cudaGetErrorString(e));
  for (int i = 0; i < 12; i++) printf(" %d/%d", out[i], vals[i]);
  printf("\n");
}
