// Warp-level primitives (Programming Guide, "Warp Shuffle Functions"): an inclusive scan of a
// large array with __shfl_up_sync inside warps, warp totals combined through shared memory,
// block totals added by a second kernel; __match_any_sync groups equal keys.
#include "common.h"

__global__ void block_scan(const int* in, int* out, int* block_sums, int n) {
  __shared__ int warp_tot[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int v = i < n ? in[i] : 0;
  for (int o = 1; o < 32; o <<= 1) {
    int t = __shfl_up_sync(0xffffffff, v, o);
    if (lane >= o) v += t;
  }
  if (lane == 31) warp_tot[warp] = v;
  __syncthreads();
  if (warp == 0) {
    int t = lane < blockDim.x / 32 ? warp_tot[lane] : 0;
    for (int o = 1; o < 32; o <<= 1) {
      int u = __shfl_up_sync(0xffffffff, t, o);
      if (lane >= o) t += u;
    }
    warp_tot[lane] = t;
  }
  __syncthreads();
  if (warp > 0) v += warp_tot[warp - 1];
  if (i < n) out[i] = v;
  if (threadIdx.x == blockDim.x - 1) block_sums[blockIdx.x] = v;
}

__global__ void add_offsets(int* out, const int* block_sums, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int off = 0;
  for (int b = 0; b < blockIdx.x; b++) off += block_sums[b];
  if (i < n) out[i] += off;
}

__global__ void match(const int* keys, unsigned* peers) {
  unsigned m = __match_any_sync(0xffffffff, keys[threadIdx.x]);
  peers[threadIdx.x] = m;
}

int main() {
  const int n = 5000, bs = 256, nb = (n + bs - 1) / bs;
  int *in, *out, *sums;
  CK(cudaMallocManaged(&in, n * sizeof(int)));
  CK(cudaMallocManaged(&out, n * sizeof(int)));
  CK(cudaMallocManaged(&sums, nb * sizeof(int)));
  for (int i = 0; i < n; i++) in[i] = (i % 7) - 2;
  block_scan<<<nb, bs>>>(in, out, sums, n);
  add_offsets<<<nb, bs>>>(out, sums, n);
  CK(cudaDeviceSynchronize());
  int acc = 0;
  for (int i = 0; i < n; i++) { acc += in[i]; if (out[i] != acc) { printf("FAIL at %d: %d != %d\n", i, out[i], acc); return 1; } }
  unsigned* peers;
  CK(cudaMallocManaged(&peers, 32 * sizeof(unsigned)));
  for (int l = 0; l < 32; l++) in[l] = l % 3;
  match<<<1, 32>>>(in, peers);
  CK(cudaDeviceSynchronize());
  for (int l = 0; l < 32; l++) {
    unsigned want = 0;
    for (int k = 0; k < 32; k++) if (k % 3 == l % 3) want |= 1u << k;
    EXPECT(peers[l] == want);
  }
  CK(cudaFree(in)); CK(cudaFree(out)); CK(cudaFree(sums)); CK(cudaFree(peers));
  printf("PASS\n");
  return 0;
}
