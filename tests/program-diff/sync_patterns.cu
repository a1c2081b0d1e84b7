// Synchronization patterns from the guide and samples: __syncthreads_count/and/or, the
// threadFenceReduction sample (last block sums, found with __threadfence + atomicInc), votes and
// shuffles with partial masks, __syncwarp-separated warp phases, and a grid-stride reduction with
// atomics; prints the results.
#include <cstdio>
__device__ unsigned retirementCount = 0;
__global__ void fence_reduce(const float* in, float* partial, float* out, unsigned n) {
  __shared__ float s[128]; __shared__ bool amLast;
  float v = 0; for (unsigned i = blockIdx.x * 128 + threadIdx.x; i < n; i += gridDim.x * 128) v += in[i];
  s[threadIdx.x] = v; __syncthreads();
  for (int k = 64; k > 0; k >>= 1) { if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k]; __syncthreads(); }
  if (threadIdx.x == 0) { partial[blockIdx.x] = s[0]; __threadfence(); unsigned t = atomicInc(&retirementCount, gridDim.x); amLast = (t == gridDim.x - 1); }
  __syncthreads();
  if (amLast) {
    float w = 0; for (unsigned i = threadIdx.x; i < gridDim.x; i += 128) w += partial[i];
    s[threadIdx.x] = w; __syncthreads();
    for (int k = 64; k > 0; k >>= 1) { if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k]; __syncthreads(); }
    if (threadIdx.x == 0) { *out = s[0]; retirementCount = 0; }
  }
}
__global__ void counts(const int* in, int* out) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  int c = __syncthreads_count(v > 50), a = __syncthreads_and(v > 3), o = __syncthreads_or(v > 98);
  if (threadIdx.x == 0) { out[blockIdx.x * 3] = c; out[blockIdx.x * 3 + 1] = a; out[blockIdx.x * 3 + 2] = o; }
}
__global__ void warp_partial(const int* in, unsigned* out) {
  int t = threadIdx.x, v = in[t];
  unsigned lane = t & 31;
  unsigned* r = out + t * 6;
  if (lane % 3 == 0) {
    unsigned m = __activemask();
    r[0] = m; r[1] = __ballot_sync(m, v & 1); r[2] = __all_sync(m, v > 10); r[3] = __any_sync(m, v > 90);
    r[4] = __shfl_sync(m, v, (lane + 3) % 30);  // a source lane in the mask r[5] = __popc(__match_any_sync(m, v % 4));
  } else {
    unsigned m = __activemask();
    r[0] = m; r[1] = __ballot_sync(m, v & 2); r[2] = __reduce_min_sync(m, (unsigned)v); r[3] = __reduce_or_sync(m, (unsigned)v);
    r[4] = 0; r[5] = __popc(__match_any_sync(m, v % 3));
  }
}
__global__ void warp_phases(int* data) {
  __shared__ int s[64];
  int t = threadIdx.x; s[t] = t * 3;
  __syncwarp();
  int left = s[(t + 31) % 32 + (t / 32) * 32];
  __syncwarp();
  s[t] += left;
  __syncwarp();
  data[t] = s[(t + 1) % 32 + (t / 32) * 32];
}
int main() {
  const unsigned n = 100000; float* hin = new float[n]; for (unsigned i = 0; i < n; i++) hin[i] = (float)(i % 1000) * 0.25f;
  float *din, *dp, *dout; cudaMalloc(&din, n * 4); cudaMalloc(&dp, 64 * 4); cudaMalloc(&dout, 4);
  cudaMemcpy(din, hin, n * 4, cudaMemcpyHostToDevice);
  for (int rep = 0; rep < 3; rep++) { fence_reduce<<<64, 128>>>(din, dp, dout, n); float r; cudaMemcpy(&r, dout, 4, cudaMemcpyDeviceToHost); printf("fence reduce %.3f\n", r); }
  int hv[512]; for (int i = 0; i < 512; i++) hv[i] = (i * 37 + 11) % 100;
  int *dv, *dc; cudaMalloc(&dv, sizeof hv); cudaMalloc(&dc, 64); cudaMemcpy(dv, hv, sizeof hv, cudaMemcpyHostToDevice);
  counts<<<4, 128>>>(dv, dc); int hc[12]; cudaMemcpy(hc, dc, sizeof hc, cudaMemcpyDeviceToHost);
  printf("counts"); for (int i = 0; i < 12; i++) printf(" %d", hc[i]); printf("\n");
  unsigned* dw; cudaMalloc(&dw, 64 * 6 * 4); warp_partial<<<1, 64>>>(dv, dw); unsigned hw[64 * 6]; cudaMemcpy(hw, dw, sizeof hw, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 64; t++) { printf("lane %2d:", t); for (int j = 0; j < 6; j++) printf(" %x", hw[t * 6 + j]); printf("\n"); }
  int* dd; cudaMalloc(&dd, 256); warp_phases<<<1, 64>>>(dd); int hd[64]; cudaMemcpy(hd, dd, 256, cudaMemcpyDeviceToHost);
  printf("phases"); for (int i = 0; i < 64; i += 5) printf(" %d", hd[i]); printf("\n");
  return 0;
}
