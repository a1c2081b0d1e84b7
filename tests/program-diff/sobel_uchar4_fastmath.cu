// flags: -use_fast_math -Xcompiler -Wall
// diff-tolerance: 1e-5 (the fast-math sqrtf/__expf/__fdividef are approximations)
// Image filters as the image-processing samples write them, built with -use_fast_math: an RGBA
// (uchar4) Sobel edge magnitude with 32x8 blocks and clamped borders converted back with
// __saturatef and __float2uint_rn, a grayscale conversion, a 5x5 Gaussian with __expf weights
// normalised with __fdividef, and a bilateral filter; results summarised as exact integer sums
// of the 8-bit output and as floats.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__device__ uchar4 at(const uchar4* img, int w, int h, int x, int y) { x = min(max(x, 0), w - 1); y = min(max(y, 0), h - 1); return img[y * w + x]; }
__device__ float lum(uchar4 p) { return 0.299f * p.x + 0.587f * p.y + 0.114f * p.z; }

__global__ void sobel(const uchar4* in, uchar4* out, unsigned char* gray, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float gx = 0, gy = 0;
  const int kx[3][3] = {{-1, 0, 1}, {-2, 0, 2}, {-1, 0, 1}};
  for (int j = -1; j <= 1; ++j) for (int i = -1; i <= 1; ++i) { float l = lum(at(in, w, h, x + i, y + j)); gx += kx[j + 1][i + 1] * l; gy += kx[i + 1][j + 1] * l; }
  float mag = sqrtf(gx * gx + gy * gy) / 1020.0f;
  unsigned char m = (unsigned char)__float2uint_rn(__saturatef(mag) * 255.0f);
  out[y * w + x] = make_uchar4(m, m, m, in[y * w + x].w);
  gray[y * w + x] = (unsigned char)__float2uint_rn(lum(in[y * w + x]));
}

__global__ void gauss_bilateral(const unsigned char* g, float* blur, float* bil, int w, int h, float sigma, float sr) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float s = 0, ws = 0, b = 0, bw = 0, c = g[y * w + x];
  for (int j = -2; j <= 2; ++j) for (int i = -2; i <= 2; ++i) {
    int xx = min(max(x + i, 0), w - 1), yy = min(max(y + j, 0), h - 1);
    float v = g[yy * w + xx];
    float wt = __expf(-(i * i + j * j) / (2.0f * sigma * sigma));
    s += wt * v; ws += wt;
    float wr = wt * __expf(-(v - c) * (v - c) / (2.0f * sr * sr));
    b += wr * v; bw += wr;
  }
  blur[y * w + x] = __fdividef(s, ws);
  bil[y * w + x] = __fdividef(b, bw);
}

int main() {
  const int w = 173, h = 91, n = w * h;
  std::vector<uchar4> img(n);
  for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) img[y * w + x] = make_uchar4((x * 3 + y) & 255, (x * y) & 255, ((x - 80) * (x - 80) + (y - 45) * (y - 45)) < 900 ? 250 : 10, 200);
  uchar4 *din, *dout; unsigned char* dg; float *db, *dbl;
  CK(cudaMalloc(&din, n * 4)); CK(cudaMalloc(&dout, n * 4)); CK(cudaMalloc(&dg, n)); CK(cudaMalloc(&db, n * 4)); CK(cudaMalloc(&dbl, n * 4));
  CK(cudaMemcpy(din, img.data(), n * 4, cudaMemcpyHostToDevice));
  dim3 blk(32, 8), grd((w + 31) / 32, (h + 7) / 8);
  sobel<<<grd, blk>>>(din, dout, dg, w, h);
  gauss_bilateral<<<dim3((w + 15) / 16, (h + 15) / 16), dim3(16, 16)>>>(dg, db, dbl, w, h, 1.2f, 20.0f);
  CK(cudaGetLastError());
  std::vector<uchar4> out(n); std::vector<unsigned char> gray(n); std::vector<float> blur(n), bil(n);
  CK(cudaMemcpy(out.data(), dout, n * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(gray.data(), dg, n, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(blur.data(), db, n * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(bil.data(), dbl, n * 4, cudaMemcpyDeviceToHost));
  long long es = 0, gs = 0, edges = 0; double bs = 0, bls = 0;
  for (int i = 0; i < n; ++i) { es += out[i].x; edges += out[i].x > 64; gs += gray[i]; bs += blur[i]; bls += bil[i]; }
  printf("sobel sum %lld strong edges %lld gray sum %lld\n", es, edges, gs);
  printf("blur sum %.4f bilateral sum %.4f blur[100]=%.6f bil[5000]=%.6f\n", bs, bls, blur[100], bil[5000]);
  printf("edge row 45:"); for (int x = 40; x < 60; ++x) printf(" %d", out[45 * w + x].x); printf("\n");
  return 0;
}
