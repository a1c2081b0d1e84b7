// Matrix transposes and tensor permutes as the transpose sample and tensor codes write them:
// a tiled transpose through padded shared memory with 32x8 blocks (each thread moving 4
// elements) over sizes that are not multiples of 32, an in-place square transpose swapping
// tile pairs, a transpose of doubles with 16x16 blocks, and a 3D permute (x,y,z) -> (z,x,y)
// with 7x3x5 blocks; all exact, checked against the host.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define TD 32
#define BR 8

template <typename T>
__global__ void transpose(T* out, const T* in, int w, int h) {
  __shared__ T tile[TD][TD + 1];
  int x = blockIdx.x * TD + threadIdx.x, y = blockIdx.y * TD + threadIdx.y;
  for (int j = 0; j < TD; j += BR) if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * TD + threadIdx.x; y = blockIdx.x * TD + threadIdx.y;
  for (int j = 0; j < TD; j += BR) if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void inplace(int* m, int n) {
  __shared__ int a[TD][TD + 1], b[TD][TD + 1];
  int bx = blockIdx.x, by = blockIdx.y;
  if (bx > by) return;  // each pair of tiles handled once, by the block below the diagonal
  for (int j = threadIdx.y; j < TD; j += BR) {
    int r1 = by * TD + j, c1 = bx * TD + threadIdx.x, r2 = bx * TD + j, c2 = by * TD + threadIdx.x;
    if (r1 < n && c1 < n) a[j][threadIdx.x] = m[r1 * n + c1];
    if (r2 < n && c2 < n) b[j][threadIdx.x] = m[r2 * n + c2];
  }
  __syncthreads();
  for (int j = threadIdx.y; j < TD; j += BR) {
    int r1 = by * TD + j, c1 = bx * TD + threadIdx.x, r2 = bx * TD + j, c2 = by * TD + threadIdx.x;
    if (r2 < n && c2 < n) m[r2 * n + c2] = a[threadIdx.x][j];
    if (r1 < n && c1 < n) m[r1 * n + c1] = b[threadIdx.x][j];
  }
}

__global__ void permute(float* out, const float* in, int X, int Y, int Z) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < X && y < Y && z < Z) out[(y * X + x) * Z + z] = in[(z * Y + y) * X + x];
}

int main() {
  const int dims[][2] = {{1000, 513}, {33, 31}, {256, 256}};
  for (auto& d : dims) {
    int w = d[0], h = d[1];
    std::vector<int> a(w * h), t(w * h);
    for (int i = 0; i < w * h; ++i) a[i] = i * 7 + 3;
    int *da, *dt; CK(cudaMalloc(&da, w * h * 4)); CK(cudaMalloc(&dt, w * h * 4));
    CK(cudaMemcpy(da, a.data(), w * h * 4, cudaMemcpyHostToDevice));
    transpose<int><<<dim3((w + TD - 1) / TD, (h + TD - 1) / TD), dim3(TD, BR)>>>(dt, da, w, h);
    CK(cudaMemcpy(t.data(), dt, w * h * 4, cudaMemcpyDeviceToHost));
    int bad = 0; for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) bad += t[x * h + y] != a[y * w + x];
    printf("transpose int %dx%d: bad %d\n", w, h, bad);
    cudaFree(da); cudaFree(dt);
  }
  const int sq[] = {64, 100, 257};
  for (int n : sq) {
    std::vector<int> a(n * n), t(n * n);
    for (int i = 0; i < n * n; ++i) a[i] = i;
    int* dm; CK(cudaMalloc(&dm, n * n * 4)); CK(cudaMemcpy(dm, a.data(), n * n * 4, cudaMemcpyHostToDevice));
    inplace<<<dim3((n + TD - 1) / TD, (n + TD - 1) / TD), dim3(TD, BR)>>>(dm, n);
    CK(cudaMemcpy(t.data(), dm, n * n * 4, cudaMemcpyDeviceToHost));
    int bad = 0; for (int y = 0; y < n; ++y) for (int x = 0; x < n; ++x) bad += t[x * n + y] != a[y * n + x];
    printf("in-place %d: bad %d\n", n, bad);
    cudaFree(dm);
  }
  {
    int w = 77, h = 45;
    std::vector<double> a(w * h), t(w * h);
    for (int i = 0; i < w * h; ++i) a[i] = i * 0.125 - 100.0;
    double *da, *dt; CK(cudaMalloc(&da, w * h * 8)); CK(cudaMalloc(&dt, w * h * 8));
    CK(cudaMemcpy(da, a.data(), w * h * 8, cudaMemcpyHostToDevice));
    transpose<double><<<dim3((w + TD - 1) / TD, (h + TD - 1) / TD), dim3(TD, BR)>>>(dt, da, w, h);
    CK(cudaMemcpy(t.data(), dt, w * h * 8, cudaMemcpyDeviceToHost));
    int bad = 0; for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) bad += t[x * h + y] != a[y * w + x];
    printf("transpose double %dx%d: bad %d\n", w, h, bad);
  }
  {
    int X = 23, Y = 10, Z = 11, n = X * Y * Z;
    std::vector<float> a(n), t(n);
    for (int i = 0; i < n; ++i) a[i] = (float)i / 3.0f;
    float *da, *dt; CK(cudaMalloc(&da, n * 4)); CK(cudaMalloc(&dt, n * 4));
    CK(cudaMemcpy(da, a.data(), n * 4, cudaMemcpyHostToDevice));
    dim3 b(7, 3, 5), g((X + 6) / 7, (Y + 2) / 3, (Z + 4) / 5);
    permute<<<g, b>>>(dt, da, X, Y, Z);
    CK(cudaGetLastError());
    CK(cudaMemcpy(t.data(), dt, n * 4, cudaMemcpyDeviceToHost));
    int bad = 0; for (int z = 0; z < Z; ++z) for (int y = 0; y < Y; ++y) for (int x = 0; x < X; ++x) bad += t[(y * X + x) * Z + z] != a[(z * Y + y) * X + x];
    printf("permute 3D 7x3x5 blocks: bad %d\n", bad);
  }
  return 0;
}
