// The convolutionSeparable sample's algorithm written from its description: a row pass and a
// column pass with a 17-tap kernel in __constant__ memory, tiles with aprons in shared memory
// (row blocks 16x4 with 8 results per thread, column blocks 16x8), an image whose width and
// height are not multiples of the tile (clamped edges); the result compared bit for bit with a
// host computation done in the same order with fmaf.
#include <cstdio>
#include <cmath>
#include <cstring>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define R 8
#define KL (2 * R + 1)
__constant__ float c_k[KL];

#define RBX 16
#define RBY 4
#define RSTEPS 8
#define RHALO 1
__global__ void rows(float* dst, const float* src, int w, int h) {
  __shared__ float s[RBY][(RSTEPS + 2 * RHALO) * RBX];
  int bx = (blockIdx.x * RSTEPS - RHALO) * RBX + threadIdx.x, y = blockIdx.y * RBY + threadIdx.y;
  bool row_ok = y < h;
  for (int i = 0; i < RSTEPS + 2 * RHALO; ++i) {
    int x = bx + i * RBX;
    int cx = x < 0 ? 0 : (x >= w ? w - 1 : x);
    s[threadIdx.y][threadIdx.x + i * RBX] = row_ok ? src[y * w + cx] : 0.0f;
  }
  __syncthreads();
  if (!row_ok) return;
  for (int i = RHALO; i < RHALO + RSTEPS; ++i) {
    int x = bx + i * RBX;
    if (x >= w) continue;
    float sum = 0;
    for (int j = -R; j <= R; ++j) sum = fmaf(c_k[R - j], s[threadIdx.y][threadIdx.x + i * RBX + j], sum);
    dst[y * w + x] = sum;
  }
}

#define CBX 16
#define CBY 8
__global__ void cols(float* dst, const float* src, int w, int h) {
  __shared__ float s[CBX][CBY + 2 * R + 1];
  int x = blockIdx.x * CBX + threadIdx.x, y0 = blockIdx.y * CBY;
  int cxx = x < w ? x : w - 1;
  for (int i = threadIdx.y; i < CBY + 2 * R; i += CBY) {
    int y = y0 - R + i;
    int cy = y < 0 ? 0 : (y >= h ? h - 1 : y);
    s[threadIdx.x][i] = src[cy * w + cxx];
  }
  __syncthreads();
  int y = y0 + threadIdx.y;
  if (x >= w || y >= h) return;
  float sum = 0;
  for (int j = -R; j <= R; ++j) sum = fmaf(c_k[R - j], s[threadIdx.x][threadIdx.y + R + j], sum);
  dst[y * w + x] = sum;
}

int main() {
  float k[KL], ksum = 0;
  for (int i = 0; i < KL; ++i) { k[i] = expf(-(float)((i - R) * (i - R)) / (2.0f * 3.0f * 3.0f)); ksum += k[i]; }
  for (int i = 0; i < KL; ++i) k[i] /= ksum;
  CK(cudaMemcpyToSymbol(c_k, k, sizeof k));
  const int sizes[][2] = {{203, 97}, {128, 64}, {333, 41}};
  for (auto& sz : sizes) {
    int w = sz[0], h = sz[1];
    std::vector<float> img(w * h), tmp(w * h), out(w * h), got(w * h);
    for (int i = 0; i < w * h; ++i) img[i] = (float)((i * 2654435761u) >> 24) / 255.0f;
    float *d0, *d1, *d2;
    CK(cudaMalloc(&d0, w * h * 4)); CK(cudaMalloc(&d1, w * h * 4)); CK(cudaMalloc(&d2, w * h * 4));
    CK(cudaMemcpy(d0, img.data(), w * h * 4, cudaMemcpyHostToDevice));
    rows<<<dim3((w + RSTEPS * RBX - 1) / (RSTEPS * RBX), (h + RBY - 1) / RBY), dim3(RBX, RBY)>>>(d1, d0, w, h);
    cols<<<dim3((w + CBX - 1) / CBX, (h + CBY - 1) / CBY), dim3(CBX, CBY)>>>(d2, d1, w, h);
    CK(cudaGetLastError());
    CK(cudaMemcpy(got.data(), d2, w * h * 4, cudaMemcpyDeviceToHost));
    auto at = [&](const std::vector<float>& v, int x, int y) { x = x < 0 ? 0 : (x >= w ? w - 1 : x); y = y < 0 ? 0 : (y >= h ? h - 1 : y); return v[y * w + x]; };
    for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) { float s = 0; for (int j = -R; j <= R; ++j) s = fmaf(k[R - j], at(img, x + j, y), s); tmp[y * w + x] = s; }
    for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) { float s = 0; for (int j = -R; j <= R; ++j) s = fmaf(k[R - j], at(tmp, x, y + j), s); out[y * w + x] = s; }
    int bad = 0; unsigned hash = 0;
    for (int i = 0; i < w * h; ++i) { if (memcmp(&out[i], &got[i], 4)) ++bad; unsigned b; memcpy(&b, &got[i], 4); hash = hash * 16777619u ^ b; }
    printf("%dx%d: mismatches %d hash %08x corner %a center %a\n", w, h, bad, hash, got[0], got[(h / 2) * w + w / 2]);
    cudaFree(d0); cudaFree(d1); cudaFree(d2);
  }
  return 0;
}
