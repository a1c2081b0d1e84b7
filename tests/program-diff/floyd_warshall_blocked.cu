// Blocked Floyd-Warshall all-pairs shortest paths (the three-phase tiled algorithm: the
// diagonal tile, its row and column, then the rest) with 16x16 thread blocks over graphs of 100
// and 250 vertices (partial tiles), integer weights with unreachable pairs, and path counts
// checked exactly against the host's plain triple loop.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define T 16
#define INF 0x3fffffff

__device__ __forceinline__ int ld(const int* d, int n, int r, int c) { return (r < n && c < n) ? d[r * n + c] : INF; }

__global__ void phase1(int* d, int n, int k) {
  __shared__ int s[T][T];
  int r = k * T + threadIdx.y, c = k * T + threadIdx.x;
  s[threadIdx.y][threadIdx.x] = ld(d, n, r, c);
  __syncthreads();
  for (int m = 0; m < T; ++m) {
    int v = s[threadIdx.y][m] + s[m][threadIdx.x];
    __syncthreads();
    if (v < s[threadIdx.y][threadIdx.x]) s[threadIdx.y][threadIdx.x] = v;
    __syncthreads();
  }
  if (r < n && c < n) d[r * n + c] = s[threadIdx.y][threadIdx.x];
}

__global__ void phase2(int* d, int n, int k) {
  if ((int)blockIdx.x == k) return;
  __shared__ int piv[T][T], cur[T][T];
  bool row = blockIdx.y == 0;  // y=0: tiles in pivot row; y=1: tiles in pivot column
  int r = row ? k * T + threadIdx.y : blockIdx.x * T + threadIdx.y;
  int c = row ? blockIdx.x * T + threadIdx.x : k * T + threadIdx.x;
  piv[threadIdx.y][threadIdx.x] = ld(d, n, k * T + threadIdx.y, k * T + threadIdx.x);
  cur[threadIdx.y][threadIdx.x] = ld(d, n, r, c);
  __syncthreads();
  for (int m = 0; m < T; ++m) {
    int v = row ? piv[threadIdx.y][m] + cur[m][threadIdx.x] : cur[threadIdx.y][m] + piv[m][threadIdx.x];
    __syncthreads();
    if (v < cur[threadIdx.y][threadIdx.x]) cur[threadIdx.y][threadIdx.x] = v;
    __syncthreads();
  }
  if (r < n && c < n) d[r * n + c] = cur[threadIdx.y][threadIdx.x];
}

__global__ void phase3(int* d, int n, int k) {
  if ((int)blockIdx.x == k || (int)blockIdx.y == k) return;
  __shared__ int rowt[T][T], colt[T][T];
  int r = blockIdx.y * T + threadIdx.y, c = blockIdx.x * T + threadIdx.x;
  rowt[threadIdx.y][threadIdx.x] = ld(d, n, k * T + threadIdx.y, c);
  colt[threadIdx.y][threadIdx.x] = ld(d, n, r, k * T + threadIdx.x);
  __syncthreads();
  if (r >= n || c >= n) return;
  int best = d[r * n + c];
  for (int m = 0; m < T; ++m) { int v = colt[threadIdx.y][m] + rowt[m][threadIdx.x]; if (v < best) best = v; }
  d[r * n + c] = best;
}

int main() {
  const int ns[] = {100, 250};
  for (int n : ns) {
    std::vector<int> g(n * n);
    unsigned r = n;
    for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) { r = r * 1103515245u + 12345u; int w = (r >> 16) % 100; g[i * n + j] = i == j ? 0 : (w < 12 ? 1 + w * 7 : INF); }
    int* dg; CK(cudaMalloc(&dg, n * n * 4)); CK(cudaMemcpy(dg, g.data(), n * n * 4, cudaMemcpyHostToDevice));
    int tiles = (n + T - 1) / T;
    for (int k = 0; k < tiles; ++k) {
      phase1<<<1, dim3(T, T)>>>(dg, n, k);
      phase2<<<dim3(tiles, 2), dim3(T, T)>>>(dg, n, k);
      phase3<<<dim3(tiles, tiles), dim3(T, T)>>>(dg, n, k);
    }
    CK(cudaGetLastError());
    std::vector<int> got(n * n); CK(cudaMemcpy(got.data(), dg, n * n * 4, cudaMemcpyDeviceToHost));
    for (int k = 0; k < n; ++k) for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) if (g[i * n + k] + g[k * n + j] < g[i * n + j]) g[i * n + j] = g[i * n + k] + g[k * n + j];
    int bad = 0, unreachable = 0; long long sum = 0;
    for (int i = 0; i < n * n; ++i) { bad += got[i] != g[i]; if (got[i] >= INF) ++unreachable; else sum += got[i]; }
    printf("n=%d: mismatches %d unreachable %d sum %lld d[0][n-1]=%d\n", n, bad, unreachable, sum, got[n - 1]);
    cudaFree(dg);
  }
  return 0;
}
