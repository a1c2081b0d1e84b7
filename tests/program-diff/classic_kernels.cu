// Classic sample kernels: tiled matrix multiply, transpose (naive/coalesced/padded), Blelloch
// scan with bank-conflict avoidance, 256-bin histogram with per-warp sub-histograms, bitonic
// sort in shared memory, Mandelbrot escape counts; prints checksums and samples.
#include <cstdio>
#include <cstdint>
#define TILE 16
__global__ void matmul(const float* A, const float* B, float* C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int r = blockIdx.y * TILE + threadIdx.y, c = blockIdx.x * TILE + threadIdx.x; float acc = 0;
  for (int t = 0; t < n / TILE; t++) {
    As[threadIdx.y][threadIdx.x] = A[r * n + t * TILE + threadIdx.x]; Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + c];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[r * n + c] = acc;
}
__global__ void transpose_padded(float* o, const float* in, int w, int h) {
  __shared__ float t[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) if (x < w && y + j < h) t[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x; y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) if (x < h && y + j < w) o[(y + j) * h + x] = t[threadIdx.x][threadIdx.y + j];
}
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
__global__ void prescan(int* g_odata, const int* g_idata, int n) {
  extern __shared__ int temp[];
  int thid = threadIdx.x, offset = 1;
  int ai = thid, bi = thid + (n / 2);
  temp[ai + CONFLICT_FREE_OFFSET(ai)] = g_idata[ai]; temp[bi + CONFLICT_FREE_OFFSET(bi)] = g_idata[bi];
  for (int d = n >> 1; d > 0; d >>= 1) { __syncthreads(); if (thid < d) { int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1; a += CONFLICT_FREE_OFFSET(a); b += CONFLICT_FREE_OFFSET(b); temp[b] += temp[a]; } offset *= 2; }
  if (thid == 0) temp[n - 1 + CONFLICT_FREE_OFFSET(n - 1)] = 0;
  for (int d = 1; d < n; d *= 2) { offset >>= 1; __syncthreads(); if (thid < d) { int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1; a += CONFLICT_FREE_OFFSET(a); b += CONFLICT_FREE_OFFSET(b); int t = temp[a]; temp[a] = temp[b]; temp[b] += t; } }
  __syncthreads();
  g_odata[ai] = temp[ai + CONFLICT_FREE_OFFSET(ai)]; g_odata[bi] = temp[bi + CONFLICT_FREE_OFFSET(bi)];
}
__global__ void histo(const uint8_t* d, int n, unsigned* bins) {
  __shared__ unsigned sub[8][256];
  for (int i = threadIdx.x; i < 8 * 256; i += blockDim.x) (&sub[0][0])[i] = 0;
  __syncthreads();
  unsigned* mine = sub[threadIdx.x / 32 % 8];
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) atomicAdd(&mine[d[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) { unsigned s = 0; for (int w = 0; w < 8; w++) s += sub[w][b]; atomicAdd(&bins[b], s); }
}
__global__ void bitonic(unsigned* d) {
  __shared__ unsigned s[1024];
  unsigned t = threadIdx.x; s[t] = d[blockIdx.x * 1024 + t]; s[t + 512] = d[blockIdx.x * 1024 + t + 512];
  for (unsigned size = 2; size <= 1024; size <<= 1)
    for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * t - (t & (stride - 1));
      bool dir = ((t & (size / 2)) != 0) ^ (blockIdx.x & 1);
      unsigned a = s[pos], b = s[pos + stride];
      if ((a > b) != dir) { s[pos] = b; s[pos + stride] = a; }
    }
  __syncthreads();
  d[blockIdx.x * 1024 + t] = s[t]; d[blockIdx.x * 1024 + t + 512] = s[t + 512];
}
__global__ void mandel(int* it, int w, int h, int maxit) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y; if (x >= w || y >= h) return;
  float cr = -2.0f + 3.0f * x / w, ci = -1.2f + 2.4f * y / h, zr = 0, zi = 0; int i = 0;
  while (i < maxit && zr * zr + zi * zi < 4.0f) { float t = zr * zr - zi * zi + cr; zi = 2.0f * zr * zi + ci; zr = t; i++; }
  it[y * w + x] = i;
}
int main() {
  const int n = 128; float *A, *B, *C; cudaMallocManaged(&A, n * n * 4); cudaMallocManaged(&B, n * n * 4); cudaMallocManaged(&C, n * n * 4);
  for (int i = 0; i < n * n; i++) { A[i] = (float)((i * 37) % 101) / 17.0f; B[i] = (float)((i * 53) % 97) / 13.0f - 3.0f; }
  matmul<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(A, B, C, n); cudaDeviceSynchronize();
  double cs = 0; for (int i = 0; i < n * n; i++) cs += C[i] * ((i % 7) + 1); printf("matmul checksum %.6f C[0]=%.9g C[last]=%.9g\n", cs, C[0], C[n * n - 1]);
  const int W = 300, H = 170; float *in, *out; cudaMallocManaged(&in, W * H * 4); cudaMallocManaged(&out, W * H * 4);
  for (int i = 0; i < W * H; i++) in[i] = i * 0.5f;
  transpose_padded<<<dim3((W + 31) / 32, (H + 31) / 32), dim3(32, 8)>>>(out, in, W, H); cudaDeviceSynchronize();
  int bad = 0; for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) bad += out[x * H + y] != in[y * W + x]; printf("transpose mismatches %d\n", bad);
  const int m = 1024; int *si, *so; cudaMallocManaged(&si, m * 4); cudaMallocManaged(&so, m * 4);
  for (int i = 0; i < m; i++) si[i] = (i * 13) % 11 - 3;
  prescan<<<1, m / 2, (m + m / NUM_BANKS) * 4>>>(so, si, m); cudaDeviceSynchronize();
  printf("scan %d %d %d %d\n", so[1], so[100], so[777], so[m - 1]);
  const int hn = 1 << 20; uint8_t* hd; unsigned* bins; cudaMallocManaged(&hd, hn); cudaMallocManaged(&bins, 1024);
  unsigned s = 3; for (int i = 0; i < hn; i++) { s = s * 1103515245u + 12345u; hd[i] = (s >> 16) & 0xff; } for (int i = 0; i < 256; i++) bins[i] = 0;
  histo<<<40, 256>>>(hd, hn, bins); cudaDeviceSynchronize();
  printf("histo"); for (int i = 0; i < 256; i += 17) printf(" %u", bins[i]); printf("\n");
  unsigned* bd; cudaMallocManaged(&bd, 4096 * 4); for (int i = 0; i < 4096; i++) { s = s * 1103515245u + 12345u; bd[i] = s >> 8; }
  bitonic<<<4, 512>>>(bd); cudaDeviceSynchronize();
  printf("bitonic"); for (int i = 0; i < 4096; i += 511) printf(" %u", bd[i]); printf("\n");
  const int MW = 256, MH = 160; int* it; cudaMallocManaged(&it, MW * MH * 4);
  mandel<<<dim3(MW / 16, MH / 16), dim3(16, 16)>>>(it, MW, MH, 500); cudaDeviceSynchronize();
  long long tot = 0; for (int i = 0; i < MW * MH; i++) tot += it[i] * (long long)(i % 13 + 1); printf("mandel %lld %d %d\n", tot, it[MW * MH / 2 + MW / 3], it[77]);
  return 0;
}
