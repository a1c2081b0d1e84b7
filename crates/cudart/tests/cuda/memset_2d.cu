// 2D memory (Programming Guide, "Device Memory"): a pitched image, cudaMemset2D on a
// sub-rectangle, cudaMemcpy2D to and from host rows of another width, cudaMemcpy2DAsync
// device-to-device, checked pixel by pixel.
#include "common.h"

__global__ void brighten(unsigned char* img, size_t pitch, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < w && y < h) img[y * pitch + x] += 10;
}

int main() {
  const int w = 100, h = 40;
  unsigned char *a, *b;
  size_t pa, pb;
  CK(cudaMallocPitch(&a, &pa, w, h));
  CK(cudaMallocPitch(&b, &pb, w, h));
  EXPECT(pa >= w && pb >= w);
  CK(cudaMemset2D(a, pa, 1, w, h));
  CK(cudaMemset2D(a + 10 * pa + 20, pa, 200, 30, 5));  // a 30x5 box at (20,10)
  brighten<<<dim3(1, h), 128>>>(a, pa, w, h);
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  CK(cudaMemcpy2DAsync(b, pb, a, pa, w, h, cudaMemcpyDeviceToDevice, s));
  const int hw = 128;
  unsigned char* host = new unsigned char[hw * h]();
  CK(cudaMemcpy2DAsync(host, hw, b, pb, w, h, cudaMemcpyDeviceToHost, s));
  CK(cudaStreamSynchronize(s));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < hw; x++) {
      bool box = x >= 20 && x < 50 && y >= 10 && y < 15;
      int want = x >= w ? 0 : box ? 210 : 11;
      if (host[y * hw + x] != want) { printf("FAIL pixel %d,%d = %d want %d\n", x, y, host[y * hw + x], want); return 1; }
    }
  EXPECT_ERR(cudaMemcpy2D(host, 50, b, pb, w, h, cudaMemcpyDeviceToHost), cudaErrorInvalidPitchValue);
  cudaGetLastError();
  CK(cudaStreamDestroy(s)); CK(cudaFree(a)); CK(cudaFree(b));
  printf("PASS\n");
  return 0;
}
