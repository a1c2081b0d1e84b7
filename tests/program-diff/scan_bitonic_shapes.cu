// Scans and sorts over odd block shapes: an inclusive warp-shuffle scan inside 3D blocks of
// 7x3x5 = 105 threads (a partial last warp, shuffles under __activemask), a three-phase
// multi-block exclusive scan, and a bitonic sort of key/value pairs in shared memory (512
// threads, 1024 keys per block) followed by global bitonic merge steps across blocks; exact
// results checked against the host.
#include <cstdio>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void block_scan(const int* in, int* out, int* sums, int n) {
  __shared__ int warp_tot[32];
  int nthreads = blockDim.x * blockDim.y * blockDim.z;
  int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int g = blockIdx.x * nthreads + tid;
  int v = g < n ? in[g] : 0;
  unsigned mask = __activemask();
  int lane = tid & 31, warp = tid >> 5;
  for (int d = 1; d < 32; d <<= 1) { int u = __shfl_up_sync(mask, v, d); if (lane >= d) v += u; }
  int last = min(31, nthreads - 1 - warp * 32);
  if (lane == last) warp_tot[warp] = v;
  __syncthreads();
  if (warp == 0) {
    int nw = (nthreads + 31) / 32;
    int t = lane < nw ? warp_tot[lane] : 0;
    for (int d = 1; d < 32; d <<= 1) { int u = __shfl_up_sync(0xffffffffu, t, d); if (lane >= d) t += u; }
    if (lane < nw) warp_tot[lane] = t;
  }
  __syncthreads();
  if (warp > 0) v += warp_tot[warp - 1];
  if (g < n) out[g] = v;
  if (tid == nthreads - 1) sums[blockIdx.x] = v;
}
__global__ void add_offsets(int* out, const int* offs, int n, int per) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < n && g / per > 0) out[g] += offs[g / per - 1];
}

__global__ void bitonic_block(unsigned* k, int* v) {
  __shared__ unsigned sk[1024]; __shared__ int sv[1024];
  int base = blockIdx.x * 1024, t = threadIdx.x;
  sk[t] = k[base + t]; sk[t + 512] = k[base + t + 512]; sv[t] = v[base + t]; sv[t + 512] = v[base + t + 512];
  __syncthreads();
  for (int size = 2; size <= 1024; size <<= 1) {
    for (int stride = size / 2; stride > 0; stride >>= 1) {
      int pos = 2 * t - (t & (stride - 1));
      bool asc = (((base + pos) & size) == 0);
      unsigned a = sk[pos], b = sk[pos + stride];
      int va = sv[pos], vb = sv[pos + stride];
      bool swap = asc ? (a > b || (a == b && va > vb)) : (a < b || (a == b && va < vb));
      if (swap) { sk[pos] = b; sk[pos + stride] = a; sv[pos] = vb; sv[pos + stride] = va; }
      __syncthreads();
    }
  }
  k[base + t] = sk[t]; k[base + t + 512] = sk[t + 512]; v[base + t] = sv[t]; v[base + t + 512] = sv[t + 512];
}
__global__ void bitonic_global(unsigned* k, int* v, int size, int stride) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int pos = 2 * t - (t & (stride - 1));
  bool asc = (pos & size) == 0;
  unsigned a = k[pos], b = k[pos + stride]; int va = v[pos], vb = v[pos + stride];
  bool swap = asc ? (a > b || (a == b && va > vb)) : (a < b || (a == b && va < vb));
  if (swap) { k[pos] = b; k[pos + stride] = a; v[pos] = vb; v[pos + stride] = va; }
}
__global__ void bitonic_merge_local(unsigned* k, int* v, int size) {
  __shared__ unsigned sk[1024]; __shared__ int sv[1024];
  int base = blockIdx.x * 1024, t = threadIdx.x;
  sk[t] = k[base + t]; sk[t + 512] = k[base + t + 512]; sv[t] = v[base + t]; sv[t + 512] = v[base + t + 512];
  __syncthreads();
  for (int stride = 512; stride > 0; stride >>= 1) {
    int pos = 2 * t - (t & (stride - 1));
    bool asc = ((base + pos) & size) == 0;
    unsigned a = sk[pos], b = sk[pos + stride]; int va = sv[pos], vb = sv[pos + stride];
    bool swap = asc ? (a > b || (a == b && va > vb)) : (a < b || (a == b && va < vb));
    if (swap) { sk[pos] = b; sk[pos + stride] = a; sv[pos] = vb; sv[pos + stride] = va; }
    __syncthreads();
  }
  k[base + t] = sk[t]; k[base + t + 512] = sk[t + 512]; v[base + t] = sv[t]; v[base + t + 512] = sv[t + 512];
}

int main() {
  const int n = 100000; const int per = 105;
  std::vector<int> h(n); for (int i = 0; i < n; ++i) h[i] = (i * 37) % 19 - 9;
  int *din, *dout, *dsums, *dsums2, *dtmp;
  int nb = (n + per - 1) / per;
  CK(cudaMalloc(&din, n * 4)); CK(cudaMalloc(&dout, n * 4)); CK(cudaMalloc(&dsums, nb * 4)); CK(cudaMalloc(&dsums2, nb * 4)); CK(cudaMalloc(&dtmp, 4096));
  CK(cudaMemcpy(din, h.data(), n * 4, cudaMemcpyHostToDevice));
  block_scan<<<nb, dim3(7, 3, 5)>>>(din, dout, dsums, n);
  // scan the block sums (953 of them) with one 1024-thread block of the same kernel
  block_scan<<<1, 1024>>>(dsums, dsums2, dtmp, nb);
  add_offsets<<<(n + 255) / 256, 256>>>(dout, dsums2, n, per);
  CK(cudaGetLastError());
  std::vector<int> got(n); CK(cudaMemcpy(got.data(), dout, n * 4, cudaMemcpyDeviceToHost));
  int bad = 0, run = 0; for (int i = 0; i < n; ++i) { run += h[i]; bad += got[i] != run; }
  printf("scan with 7x3x5 blocks: bad %d last %d\n", bad, got[n - 1]);
  const int ns = 16384;
  std::vector<unsigned> k(ns); std::vector<int> v(ns);
  unsigned r = 5; for (int i = 0; i < ns; ++i) { r = r * 1664525u + 1013904223u; k[i] = r >> 20; v[i] = i; }
  unsigned* dk; int* dv; CK(cudaMalloc(&dk, ns * 4)); CK(cudaMalloc(&dv, ns * 4));
  CK(cudaMemcpy(dk, k.data(), ns * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dv, v.data(), ns * 4, cudaMemcpyHostToDevice));
  bitonic_block<<<ns / 1024, 512>>>(dk, dv);
  for (int size = 2048; size <= ns; size <<= 1) {
    for (int stride = size / 2; stride >= 1024; stride >>= 1) bitonic_global<<<ns / 2 / 256, 256>>>(dk, dv, size, stride);
    bitonic_merge_local<<<ns / 1024, 512>>>(dk, dv, size);
  }
  CK(cudaGetLastError());
  std::vector<unsigned> gk(ns); std::vector<int> gv(ns);
  CK(cudaMemcpy(gk.data(), dk, ns * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(gv.data(), dv, ns * 4, cudaMemcpyDeviceToHost));
  std::vector<std::pair<unsigned, int>> ref(ns); for (int i = 0; i < ns; ++i) ref[i] = {k[i], i};
  std::sort(ref.begin(), ref.end());
  bad = 0; for (int i = 0; i < ns; ++i) bad += gk[i] != ref[i].first || gv[i] != ref[i].second;
  printf("bitonic sort %d pairs: bad %d first %u/%d last %u/%d\n", ns, bad, gk[0], gv[0], gk[ns - 1], gv[ns - 1]);
  return 0;
}
