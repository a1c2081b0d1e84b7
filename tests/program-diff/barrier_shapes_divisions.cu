// Barriers, block-strided loops and integer division across block shapes that are not rows of
// 16 (1D of 5..1024, 2D rows of 1..33 threads, 3D): a shared-memory scan with two barriers per
// step, a 2D halo tile loaded by a blockDim-strided loop (division and remainder by the tile
// width, signed division, __mulhi, 64-bit products), and a block-strided loop with barriers in
// both arms of a branch. Integer results only, so every engine must print the same checksums
// as the GPU.
#include <cstdio>
#include <cstdint>
__global__ void k_tree(const int *a, int *b) {
  extern __shared__ int s[];
  int nt = blockDim.x * blockDim.y * blockDim.z;
  int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  int blk = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  s[t] = a[blk * nt + t];
  __syncthreads();
  for (int d = 1; d < nt; d *= 2) {
    int v = (t >= d) ? s[t - d] : 0;
    __syncthreads();
    s[t] += v;
    __syncthreads();
  }
  b[blk * nt + t] = s[t] * 3 + (t % 7 == 0 ? s[nt - 1 - t] : -s[(t * 5) % nt]);
}
__global__ void k_halo(const int *a, int *b, int n) {
  extern __shared__ int s[];
  int bx = blockDim.x, by = blockDim.y;
  int W = bx + 2, H = by + 2;
  int x0 = blockIdx.x * bx - 1, y0 = blockIdx.y * by - 1;
  int nt = bx * by;
  for (int k = threadIdx.y * bx + threadIdx.x; k < W * H; k += nt) {
    int r = k / W, c = k % W, gx = x0 + c, gy = y0 + r;
    s[k] = (gx >= 0 && gx < n && gy >= 0 && gy < n) ? a[gy * n + gx] : -1;
  }
  __syncthreads();
  int tx = threadIdx.x + 1, ty = threadIdx.y + 1, x = x0 + tx, y = y0 + ty;
  if (x < n && y < n) {
    int v = s[ty * W + tx] * 4 - s[(ty - 1) * W + tx] - s[(ty + 1) * W + tx] - s[ty * W + tx - 1] - s[ty * W + tx + 1];
    b[y * n + x] = v / (1 + (x & 3)) + v % 5 + __mulhi(v, 0x12345678) + (int)(((long long)v * -977) >> 7);
  }
}
__global__ void k_div(const int *a, int *b) {
  __shared__ int s[1024];
  int t = threadIdx.x + blockDim.x * threadIdx.y;
  int nt = blockDim.x * blockDim.y;
  int i = blockIdx.x * nt + t;
  int v = a[i];
  if (v & 1) { s[t] = v * 3; } else { s[t] = -v; }
  __syncthreads();
  int acc = 0;
  for (int j = t; j < nt * 3; j += nt) acc += s[j % nt] / (1 + (j & 7)) - s[(j * 7) % nt] % 9;
  if (t < nt / 2) { __syncthreads(); acc += s[nt - 1 - t]; } else { __syncthreads(); acc -= s[t / 2]; }
  b[i] = acc;
}
static uint64_t sum(const int *h, int n) { uint64_t c = 1469598103934665603ull; for (int i = 0; i < n; i++) c = (c ^ (uint32_t)h[i]) * 1099511628211ull; return c; }
int main() {
  const int N = 1 << 16;
  int *h = new int[N], *o = new int[N];
  uint32_t x = 12345;
  for (int i = 0; i < N; i++) { x = x * 1664525u + 1013904223u; h[i] = (int)(x >> 8) - (1 << 23); }
  int *a, *b; cudaMalloc(&a, N * 4); cudaMalloc(&b, N * 4); cudaMemcpy(a, h, N * 4, cudaMemcpyHostToDevice);
  dim3 shapes[] = {dim3(32), dim3(96), dim3(100), dim3(7, 9), dim3(3, 5, 7), dim3(12, 4), dim3(16, 16), dim3(8, 8, 8), dim3(4, 64), dim3(1, 32), dim3(33, 3), dim3(64, 2, 2), dim3(5), dim3(1024)};
  for (dim3 s : shapes) {
    int nt = s.x * s.y * s.z;
    cudaMemset(b, 0, N * 4);
    k_tree<<<dim3(N / nt / 4, 2, 2), s, nt * 4>>>(a, b);
    cudaMemcpy(o, b, N * 4, cudaMemcpyDeviceToHost);
    uint64_t c1 = sum(o, N);
    if (s.z == 1) {
      int n = 200;
      cudaMemset(b, 0, N * 4);
      k_halo<<<dim3((n + s.x - 1) / s.x, (n + s.y - 1) / s.y), dim3(s.x, s.y), (s.x + 2) * (s.y + 2) * 4>>>(a, b, n);
      cudaMemcpy(o, b, N * 4, cudaMemcpyDeviceToHost);
    }
    uint64_t c2 = sum(o, N);
    cudaMemset(b, 0, N * 4);
    if (s.z == 1) k_div<<<N / nt / 2, dim3(s.x, s.y)>>>(a, b);
    cudaMemcpy(o, b, N * 4, cudaMemcpyDeviceToHost);
    uint64_t c3 = sum(o, N);
    printf("%dx%dx%d %016llx %016llx %016llx %s\n", s.x, s.y, s.z, (unsigned long long)c1, (unsigned long long)c2, (unsigned long long)c3, cudaGetErrorString(cudaGetLastError()));
  }
}
