// 2D copies as an image pipeline issues them asynchronously: cudaMemcpy2DAsync host (odd
// pitch 37) -> pitched device -> pitched device (sub-rectangle at an odd column) -> host (pitch
// 41) on a non-blocking stream, cudaMemset2DAsync of a sub-rectangle, checked element by
// element; then the exact errors of pitches smaller than the width, a width of 0, a height of
// 0, a pitch above the device's maximum, cudaMemset2D with a width beyond the pitch, an invalid
// kind, and cudaMallocPitch of width 0 and of a width beyond the maximum pitch.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

static void show(const char *what, cudaError_t e) { printf("%-44s %s\n", what, cudaGetErrorName(e)); cudaGetLastError(); }

int main() {
  const int W = 33, H = 7, HP = 37, HP2 = 41;
  unsigned char src[HP * H], dst[HP2 * H];
  for (int i = 0; i < HP * H; ++i) src[i] = (unsigned char)(i * 7 + 3);
  memset(dst, 0xEE, sizeof dst);
  unsigned char *a, *b; size_t pa, pb;
  show("cudaMallocPitch a", cudaMallocPitch((void **)&a, &pa, W, H));
  show("cudaMallocPitch b", cudaMallocPitch((void **)&b, &pb, W + 5, H + 2));
  printf("pitch a %zu pitch b %zu\n", pa, pb);
  cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  show("host -> a", cudaMemcpy2DAsync(a, pa, src, HP, W, H, cudaMemcpyHostToDevice, s));
  show("memset b", cudaMemset2DAsync(b, pb, 0x11, W + 5, H + 2, s));
  show("a -> b at (3,1), 29x5", cudaMemcpy2DAsync(b + pb + 3, pb, a + 2, pa, 29, 5, cudaMemcpyDeviceToDevice, s));
  show("memset b (0,0) 2x3 to 0x5A", cudaMemset2DAsync(b, pb, 0x5A, 2, 3, s));
  show("b -> host pitch 41", cudaMemcpy2DAsync(dst, HP2, b, pb, W, H, cudaMemcpyDeviceToHost, s));
  show("sync", cudaStreamSynchronize(s));
  int bad = 0;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < HP2; ++x) {
      unsigned char want;
      if (x >= W) want = 0xEE;
      else if (x < 2 && y < 3) want = 0x5A;
      else if (y >= 1 && y < 6 && x >= 3 && x < 32) want = src[(y - 1) * HP + (x - 3 + 2)];
      else want = 0x11;
      if (dst[y * HP2 + x] != want) { if (bad < 5) printf("  (%d,%d) got %d want %d\n", x, y, dst[y * HP2 + x], want); ++bad; }
    }
  printf("mismatches %d\n", bad);
  int maxp = 0; cudaDeviceGetAttribute(&maxp, cudaDevAttrMaxPitch, 0);
  show("dpitch < width", cudaMemcpy2D(dst, 10, a, pa, W, H, cudaMemcpyDeviceToHost));
  show("spitch < width", cudaMemcpy2D(b, pb, src, 10, W, H, cudaMemcpyHostToDevice));
  show("async dpitch < width", cudaMemcpy2DAsync(dst, 10, a, pa, W, H, cudaMemcpyDeviceToHost, s));
  show("width 0", cudaMemcpy2D(dst, HP2, a, pa, 0, H, cudaMemcpyDeviceToHost));
  show("height 0", cudaMemcpy2D(dst, HP2, a, pa, W, 0, cudaMemcpyDeviceToHost));
  show("dpitch above max pitch", cudaMemcpy2D(b, (size_t)maxp + 1, a, pa, W, 1, cudaMemcpyDeviceToDevice));
  show("invalid kind 7", cudaMemcpy2D(dst, HP2, a, pa, W, H, (cudaMemcpyKind)7));
  show("memset2D width > pitch", cudaMemset2D(a, pa, 0, pa + 1, 2));
  show("memset2D height 0", cudaMemset2D(a, pa, 0, W, 0));
  show("memset2D width 0", cudaMemset2D(a, pa, 0, 0, H));
  show("memset2D past allocation", cudaMemset2D(a, pa, 0, W, H + 100));
  void *z; size_t pz = 12345;
  show("cudaMallocPitch width 0", cudaMallocPitch(&z, &pz, 0, 4));
  printf("pitch %zu null %d\n", pz, z == nullptr);
  pz = 12345;
  show("cudaMallocPitch height 0", cudaMallocPitch(&z, &pz, 64, 0));
  printf("pitch %zu\n", pz);
  show("cudaMallocPitch width > max pitch", cudaMallocPitch(&z, &pz, (size_t)maxp + 1, 2));
  show("cudaMallocPitch null pitch", cudaMallocPitch(&z, nullptr, 64, 2));
  show("sync", cudaDeviceSynchronize());
  return 0;
}
