// A software grid barrier without a cooperative launch (an arrival counter and a generation
// word): every block waits for every other, three times, in grids small enough to be resident
// at once on a GPU.
#include <cstdio>

__device__ unsigned arrived;
__device__ volatile unsigned generation;

__device__ void grid_barrier() {
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned gen = generation;
    __threadfence();
    if (atomicAdd(&arrived, 1) == gridDim.x - 1) {
      arrived = 0;
      __threadfence();
      generation = gen + 1;
    } else {
      while (generation == gen) {}
    }
    __threadfence();
  }
  __syncthreads();
}

// Each phase, a block reads what its neighbours wrote in the phase before.
__global__ void rounds(int* a, int* b, long long* sums) {
  unsigned n = gridDim.x, me = blockIdx.x;
  if (threadIdx.x == 0) a[me] = (int)me + 1;
  grid_barrier();
  if (threadIdx.x == 0) b[me] = a[(me + 1) % n] * 10 + a[(me + n - 1) % n];
  grid_barrier();
  if (threadIdx.x == 0) a[me] = b[(me + 2) % n] - b[me];
  grid_barrier();
  __shared__ long long s;
  if (threadIdx.x == 0) {
    s = 0;
    for (unsigned i = 0; i < n; i++) s += a[i] * (long long)(i + 1);
    sums[me] = s;
  }
}

// The reproducer: the first thread of every block spins on an atomic until all have arrived.
__device__ unsigned count;
__global__ void k(int* out) {
  __shared__ int s;
  if (threadIdx.x == 0) {
    atomicAdd(&count, 1);
    while (atomicAdd(&count, 0) < gridDim.x) {}
    s = blockIdx.x;
  }
  __syncthreads();
  out[blockIdx.x] = s + 1;
}

int main() {
  int* d;
  cudaMallocManaged(&d, 64);
  k<<<4, 64>>>(d);
  cudaError_t synced = cudaDeviceSynchronize();
  printf("%s %d %d %d %d\n", cudaGetErrorString(synced), d[0], d[1], d[2], d[3]);
  int *a, *b;
  long long* sums;
  cudaMallocManaged(&a, 64 * sizeof(int));
  cudaMallocManaged(&b, 64 * sizeof(int));
  cudaMallocManaged(&sums, 64 * sizeof(long long));
  const int grids[] = {2, 5, 24};
  for (int g : grids) {
    rounds<<<g, 64>>>(a, b, sums);
    cudaError_t e = cudaDeviceSynchronize();
    bool same = true;
    for (int i = 1; i < g; i++) same = same && sums[i] == sums[0];
    printf("grid %d (%s): sum %lld, all blocks agree: %s; a:", g, cudaGetErrorString(e), sums[0], same ? "yes" : "no");
    for (int i = 0; i < g; i++) printf(" %d", a[i]);
    printf("\n");
  }
}
