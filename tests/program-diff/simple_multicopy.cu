// The simpleMultiCopy / simpleStreams pattern: a buffer processed in chunks by 4 streams, each
// chunk copied in from pinned memory, incremented by a kernel several times, copied out; a
// depth-first and a breadth-first issue order; cudaMemcpy2DAsync of a strided sub-matrix in one
// stream; cudaMemsetAsync in another; events per chunk queried after the whole device syncs;
// the results checked exactly.
#include <cstdio>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void work(int* d, int n, int iters, int salt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = d[i];
  for (int k = 0; k < iters; ++k) v = v * 3 + salt + k;
  d[i] = v;
}

int main() {
  const int NS = 4, n = 1 << 18, chunk = n / NS + 5;  // last chunk short
  int *h_in, *h_out, *d;
  CK(cudaHostAlloc(&h_in, n * 4, cudaHostAllocDefault)); CK(cudaHostAlloc(&h_out, n * 4, cudaHostAllocDefault)); CK(cudaMalloc(&d, n * 4));
  cudaStream_t s[NS]; cudaEvent_t ev[NS];
  for (int i = 0; i < NS; ++i) { CK(cudaStreamCreate(&s[i])); CK(cudaEventCreate(&ev[i])); }
  for (int mode = 0; mode < 2; ++mode) {
    for (int i = 0; i < n; ++i) h_in[i] = i ^ (mode * 0x5555);
    if (mode == 0) {  // depth first: every operation of chunk c, then chunk c+1
      for (int c = 0; c < NS; ++c) {
        int off = c * chunk, len = off + chunk > n ? n - off : chunk;
        CK(cudaMemcpyAsync(d + off, h_in + off, len * 4, cudaMemcpyHostToDevice, s[c]));
        for (int r = 0; r < 3; ++r) work<<<(len + 255) / 256, 256, 0, s[c]>>>(d + off, len, 5, c);
        CK(cudaMemcpyAsync(h_out + off, d + off, len * 4, cudaMemcpyDeviceToHost, s[c]));
        CK(cudaEventRecord(ev[c], s[c]));
      }
    } else {  // breadth first: all copies in, all kernels, all copies out
      for (int c = 0; c < NS; ++c) { int off = c * chunk, len = off + chunk > n ? n - off : chunk; CK(cudaMemcpyAsync(d + off, h_in + off, len * 4, cudaMemcpyHostToDevice, s[c])); }
      for (int r = 0; r < 3; ++r) for (int c = 0; c < NS; ++c) { int off = c * chunk, len = off + chunk > n ? n - off : chunk; work<<<(len + 127) / 128, 128, 0, s[c]>>>(d + off, len, 5, c); }
      for (int c = 0; c < NS; ++c) { int off = c * chunk, len = off + chunk > n ? n - off : chunk; CK(cudaMemcpyAsync(h_out + off, d + off, len * 4, cudaMemcpyDeviceToHost, s[c])); CK(cudaEventRecord(ev[c], s[c])); }
    }
    CK(cudaDeviceSynchronize());
    int done = 0; for (int c = 0; c < NS; ++c) done += cudaEventQuery(ev[c]) == cudaSuccess;
    long bad = 0; unsigned hash = 0;
    for (int i = 0; i < n; ++i) {
      int c = i / chunk, v = h_in[i];
      for (int r = 0; r < 3; ++r) for (int k = 0; k < 5; ++k) v = v * 3 + c + k;
      bad += h_out[i] != v; hash = hash * 31u + (unsigned)h_out[i];
    }
    printf("%s: events done %d/%d, mismatches %ld, hash %08x\n", mode ? "breadth-first" : "depth-first", done, NS, bad, hash);
  }
  // a strided 2D copy of a 100x37 window of a 512-wide matrix, and a memset in another stream
  int *m; size_t pitch;
  CK(cudaMallocPitch(&m, &pitch, 512 * 4, 64));
  CK(cudaMemsetAsync(m, 0xff, pitch * 64, s[1]));
  CK(cudaStreamSynchronize(s[1]));
  CK(cudaMemcpy2DAsync(m + 3, pitch, h_in + 10, 512 * 4, 100 * 4, 37, cudaMemcpyHostToDevice, s[2]));
  CK(cudaMemcpy2DAsync(h_out, 128 * 4, m, pitch, 110 * 4, 40, cudaMemcpyDeviceToHost, s[2]));
  CK(cudaStreamSynchronize(s[2]));
  long bad = 0;
  for (int r = 0; r < 40; ++r) for (int c = 0; c < 110; ++c) {
    int want = (r < 37 && c >= 3 && c < 103) ? h_in[r * 512 + 10 + c - 3] : -1;
    bad += h_out[r * 128 + c] != want;
  }
  printf("2D window copy: mismatches %ld, corner %d %d\n", bad, h_out[3], h_out[36 * 128 + 102]);
  for (int i = 0; i < NS; ++i) { cudaStreamDestroy(s[i]); cudaEventDestroy(ev[i]); }
  cudaFreeHost(h_in); cudaFreeHost(h_out); cudaFree(d); cudaFree(m);
  return 0;
}
