// The FDTD3d sample's algorithm written from its description: a radius-4 3D finite-difference
// stencil, 2D thread blocks (32x8 and 16x16 and 24x4) marching along z with the z-neighbours in a
// register queue and the xy-plane with its halo in shared memory, several time steps ping-ponging
// two volumes whose sizes are not multiples of the block; compared bit for bit with the host
// doing the same fmaf sequence.
#include <cstdio>
#include <cstring>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define RAD 4
__constant__ float coef[RAD + 1];

template <int BX, int BY>
__global__ void step(float* out, const float* in, int nx, int ny, int nz) {
  __shared__ float tile[BY + 2 * RAD][BX + 2 * RAD];
  int gx = blockIdx.x * BX + threadIdx.x, gy = blockIdx.y * BY + threadIdx.y;
  bool valid = gx < nx && gy < ny;
  int cx = valid ? gx : 0, cy = valid ? gy : 0;
  int stride = nx * ny;
  auto ld = [&](int z) { return (z >= 0 && z < nz && valid) ? in[z * stride + cy * nx + cx] : 0.0f; };
  float behind[RAD], infront[RAD], cur;
  for (int i = 0; i < RAD; ++i) behind[i] = 0.0f;  // z < 0 is outside: zero
  cur = ld(0);
  for (int i = 0; i < RAD; ++i) infront[i] = ld(i + 1);
  for (int z = 0; z < nz; ++z) {
    int tx = threadIdx.x + RAD, ty = threadIdx.y + RAD;
    __syncthreads();
    tile[ty][tx] = cur;
    if (threadIdx.x < RAD) {
      int x = gx - RAD, x2 = gx + BX;
      tile[ty][threadIdx.x] = (x >= 0 && gy < ny) ? in[z * stride + gy * nx + x] : 0.0f;
      tile[ty][threadIdx.x + BX + RAD] = (x2 < nx && gy < ny) ? in[z * stride + gy * nx + x2] : 0.0f;
    }
    if (threadIdx.y < RAD) {
      int y = gy - RAD, y2 = gy + BY;
      tile[threadIdx.y][tx] = (y >= 0 && gx < nx) ? in[z * stride + y * nx + gx] : 0.0f;
      tile[threadIdx.y + BY + RAD][tx] = (y2 < ny && gx < nx) ? in[z * stride + y2 * nx + gx] : 0.0f;
    }
    __syncthreads();
    if (valid) {
      float v = coef[0] * cur;
      for (int r = 1; r <= RAD; ++r)
        v = fmaf(coef[r], infront[r - 1] + behind[r - 1] + tile[ty - r][tx] + tile[ty + r][tx] + tile[ty][tx - r] + tile[ty][tx + r], v);
      out[z * stride + gy * nx + gx] = v;
    }
    for (int i = RAD - 1; i > 0; --i) behind[i] = behind[i - 1];
    behind[0] = cur;
    cur = infront[0];
    for (int i = 0; i < RAD - 1; ++i) infront[i] = infront[i + 1];
    infront[RAD - 1] = ld(z + RAD + 1);
  }
}

static float host_at(const std::vector<float>& v, int x, int y, int z, int nx, int ny, int nz) {
  return (x < 0 || y < 0 || z < 0 || x >= nx || y >= ny || z >= nz) ? 0.0f : v[(z * ny + y) * nx + x];
}

template <int BX, int BY>
int run(int nx, int ny, int nz, int steps) {
  float c[RAD + 1] = {-2.8472222f, 1.6f, -0.2f, 0.025396825f, -0.0017857143f};
  CK(cudaMemcpyToSymbol(coef, c, sizeof c));
  size_t n = (size_t)nx * ny * nz;
  std::vector<float> a(n), b(n), got(n);
  for (size_t i = 0; i < n; ++i) a[i] = (float)((i * 7919u) % 1000) / 500.0f - 1.0f;
  float *d0, *d1;
  CK(cudaMalloc(&d0, n * 4)); CK(cudaMalloc(&d1, n * 4));
  CK(cudaMemcpy(d0, a.data(), n * 4, cudaMemcpyHostToDevice));
  dim3 blk(BX, BY), grd((nx + BX - 1) / BX, (ny + BY - 1) / BY);
  for (int s = 0; s < steps; ++s) { step<BX, BY><<<grd, blk>>>(d1, d0, nx, ny, nz); std::swap(d0, d1); }
  CK(cudaGetLastError());
  CK(cudaMemcpy(got.data(), d0, n * 4, cudaMemcpyDeviceToHost));
  for (int s = 0; s < steps; ++s) {
    for (int z = 0; z < nz; ++z) for (int y = 0; y < ny; ++y) for (int x = 0; x < nx; ++x) {
      float v = c[0] * a[(z * ny + y) * nx + x];
      for (int r = 1; r <= RAD; ++r)
        v = fmaf(c[r], host_at(a, x, y, z + r, nx, ny, nz) + host_at(a, x, y, z - r, nx, ny, nz) + host_at(a, x, y - r, z, nx, ny, nz) + host_at(a, x, y + r, z, nx, ny, nz) + host_at(a, x - r, y, z, nx, ny, nz) + host_at(a, x + r, y, z, nx, ny, nz), v);
      b[(z * ny + y) * nx + x] = v;
    }
    std::swap(a, b);
  }
  int bad = 0; unsigned hash = 0;
  for (size_t i = 0; i < n; ++i) { if (memcmp(&a[i], &got[i], 4)) ++bad; unsigned u; memcpy(&u, &got[i], 4); hash = (hash ^ u) * 16777619u; }
  printf("block %dx%d volume %dx%dx%d steps %d: mismatches %d hash %08x v[1,2,3]=%a\n", BX, BY, nx, ny, nz, steps, bad, hash, got[(3 * ny + 2) * nx + 1]);
  cudaFree(d0); cudaFree(d1);
  return 0;
}

int main() {
  if (run<32, 8>(45, 37, 29, 3)) return 1;
  if (run<16, 16>(40, 40, 17, 2)) return 1;
  if (run<24, 4>(50, 9, 12, 4)) return 1;
  return 0;
}
