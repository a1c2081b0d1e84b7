// flags: -Wno-deprecated-declarations
// Copies into and out of CUDA arrays that do not fit: cudaMemcpy2DToArray / 2DFromArray /
// 2DArrayToArray with widths past the array, offsets past it, a pitch below the width, widths
// that are not whole elements, more rows than the array, zero widths and heights, the wrong
// kind; the deprecated cudaMemcpyToArray / FromArray / ArrayToArray (row-major spill into the
// next row), cudaMemcpyFromArrayAsync, layered and 3D arrays through the 2D calls; each result
// and the bytes that arrived.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define R(label, call)                                                                          \
  do {                                                                                          \
    cudaError_t e_ = (call);                                                                    \
    cudaError_t l_ = cudaGetLastError();                                                        \
    printf("%-52s -> %s (last %s)\n", label, cudaGetErrorName(e_), cudaGetErrorName(l_));      \
  } while (0)

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  // a 8x4 array of uint16 (16 bytes a row)
  auto d16 = cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindUnsigned);
  cudaArray_t a, b, a1;
  cudaMallocArray(&a, &d16, 8, 4);
  cudaMallocArray(&b, &d16, 8, 4);
  cudaMallocArray(&a1, &d16, 8); // 1D
  unsigned short h[64], back[64];
  for (int i = 0; i < 64; i++) h[i] = 100 + i;
  unsigned short *dev;
  cudaMalloc(&dev, 256);
  cudaMemcpy(dev, h, 128, cudaMemcpyHostToDevice);

  R("2DToArray full 16x4", cudaMemcpy2DToArray(a, 0, 0, h, 16, 16, 4, cudaMemcpyHostToDevice));
  R("2DToArray width 18 (past row)",
    cudaMemcpy2DToArray(a, 0, 0, h, 18, 18, 1, cudaMemcpyHostToDevice));
  R("2DToArray wOffset 2 width 16",
    cudaMemcpy2DToArray(a, 2, 0, h, 16, 16, 1, cudaMemcpyHostToDevice));
  R("2DToArray wOffset 16 width 0",
    cudaMemcpy2DToArray(a, 16, 0, h, 16, 0, 1, cudaMemcpyHostToDevice));
  R("2DToArray wOffset 1 (odd byte)",
    cudaMemcpy2DToArray(a, 1, 0, h, 16, 2, 1, cudaMemcpyHostToDevice));
  R("2DToArray width 3 (half element)",
    cudaMemcpy2DToArray(a, 0, 0, h, 16, 3, 1, cudaMemcpyHostToDevice));
  R("2DToArray hOffset 3 height 2",
    cudaMemcpy2DToArray(a, 0, 3, h, 16, 16, 2, cudaMemcpyHostToDevice));
  R("2DToArray hOffset 4 height 0",
    cudaMemcpy2DToArray(a, 0, 4, h, 16, 16, 0, cudaMemcpyHostToDevice));
  R("2DToArray height 0", cudaMemcpy2DToArray(a, 0, 0, h, 16, 16, 0, cudaMemcpyHostToDevice));
  R("2DToArray width 0", cudaMemcpy2DToArray(a, 0, 0, h, 16, 0, 2, cudaMemcpyHostToDevice));
  R("2DToArray spitch 8 < width 16",
    cudaMemcpy2DToArray(a, 0, 0, h, 8, 16, 2, cudaMemcpyHostToDevice));
  R("2DToArray spitch 8 height 1",
    cudaMemcpy2DToArray(a, 0, 0, h, 8, 16, 1, cudaMemcpyHostToDevice));
  R("2DToArray kind DeviceToDevice from host",
    cudaMemcpy2DToArray(a, 0, 0, h, 16, 16, 1, cudaMemcpyDeviceToDevice));
  R("2DToArray kind HostToDevice from device",
    cudaMemcpy2DToArray(a, 0, 0, dev, 16, 16, 1, cudaMemcpyHostToDevice));
  R("2DToArray kind Default from device",
    cudaMemcpy2DToArray(a, 0, 0, dev, 16, 16, 4, cudaMemcpyDefault));
  R("2DToArray kind DeviceToHost", cudaMemcpy2DToArray(a, 0, 0, h, 16, 16, 1, cudaMemcpyDeviceToHost));
  R("2DToArray kind 9", cudaMemcpy2DToArray(a, 0, 0, h, 16, 16, 1, (cudaMemcpyKind)9));
  R("2DToArray null array", cudaMemcpy2DToArray(nullptr, 0, 0, h, 16, 16, 1, cudaMemcpyHostToDevice));
  R("2DToArray null src", cudaMemcpy2DToArray(a, 0, 0, nullptr, 16, 16, 1, cudaMemcpyHostToDevice));
  memset(back, 0, sizeof back);
  R("2DFromArray full", cudaMemcpy2DFromArray(back, 16, a, 0, 0, 16, 4, cudaMemcpyDeviceToHost));
  printf("  back:");
  for (int i = 0; i < 32; i++) printf(" %d", back[i]);
  printf("\n");
  R("2DFromArray width 18", cudaMemcpy2DFromArray(back, 18, a, 0, 0, 18, 1, cudaMemcpyDeviceToHost));
  R("2DFromArray dpitch 4 < width",
    cudaMemcpy2DFromArray(back, 4, a, 0, 0, 16, 2, cudaMemcpyDeviceToHost));
  R("2DFromArray hOffset 2 height 3",
    cudaMemcpy2DFromArray(back, 16, a, 0, 2, 16, 3, cudaMemcpyDeviceToHost));
  R("2DFromArray width 5 (odd)",
    cudaMemcpy2DFromArray(back, 16, a, 0, 0, 5, 1, cudaMemcpyDeviceToHost));
  R("2DFromArray kind HostToDevice",
    cudaMemcpy2DFromArray(back, 16, a, 0, 0, 16, 1, cudaMemcpyHostToDevice));
  R("2DFromArrayAsync full",
    cudaMemcpy2DFromArrayAsync(back, 16, a, 0, 0, 16, 4, cudaMemcpyDeviceToHost, 0));
  R("2DFromArrayAsync bad", cudaMemcpy2DFromArrayAsync(back, 16, a, 0, 0, 32, 4, cudaMemcpyDeviceToHost, 0));
  cudaDeviceSynchronize();

  R("2DArrayToArray full", cudaMemcpy2DArrayToArray(b, 0, 0, a, 0, 0, 16, 4));
  R("2DArrayToArray dst offset past", cudaMemcpy2DArrayToArray(b, 4, 0, a, 0, 0, 16, 4));
  R("2DArrayToArray src offset past", cudaMemcpy2DArrayToArray(b, 0, 0, a, 0, 1, 16, 4));
  R("2DArrayToArray odd width", cudaMemcpy2DArrayToArray(b, 0, 0, a, 0, 0, 7, 1));
  R("2DArrayToArray into 1D (height 1)", cudaMemcpy2DArrayToArray(a1, 0, 0, a, 0, 0, 16, 1));
  R("2DArrayToArray into 1D (height 2)", cudaMemcpy2DArrayToArray(a1, 0, 0, a, 0, 0, 16, 2));
  R("2DArrayToArray kind HostToHost", cudaMemcpy2DArrayToArray(b, 0, 0, a, 0, 0, 16, 1, cudaMemcpyHostToHost));
  R("2DArrayToArray kind DeviceToHost", cudaMemcpy2DArrayToArray(b, 0, 0, a, 0, 0, 16, 1, cudaMemcpyDeviceToHost));

  // deprecated 1D forms: a copy that runs past the end of a row continues in the next row
  cudaMemset(dev, 0, 256);
  R("ToArray 40 bytes at (4,1)", cudaMemcpyToArray(b, 4, 1, h, 40, cudaMemcpyHostToDevice));
  memset(back, 0, sizeof back);
  cudaMemcpy2DFromArray(back, 16, b, 0, 0, 16, 4, cudaMemcpyDeviceToHost);
  printf("  b:");
  for (int i = 0; i < 32; i++) printf(" %d", back[i]);
  printf("\n");
  R("ToArray 60 bytes at (0,1) (past end)", cudaMemcpyToArray(b, 0, 1, h, 60, cudaMemcpyHostToDevice));
  R("ToArray 48 bytes at (0,1) (exact end)", cudaMemcpyToArray(b, 0, 1, h, 48, cudaMemcpyHostToDevice));
  R("ToArray 1D 16 bytes", cudaMemcpyToArray(a1, 0, 0, h, 16, cudaMemcpyHostToDevice));
  R("ToArray 1D 18 bytes", cudaMemcpyToArray(a1, 0, 0, h, 18, cudaMemcpyHostToDevice));
  memset(back, 0, sizeof back);
  R("FromArray 20 bytes at (12,0)", cudaMemcpyFromArray(back, b, 12, 0, 20, cudaMemcpyDeviceToHost));
  printf("  from:");
  for (int i = 0; i < 10; i++) printf(" %d", back[i]);
  printf("\n");
  R("FromArrayAsync 16 bytes at (0,3)",
    cudaMemcpyFromArrayAsync(back, b, 0, 3, 16, cudaMemcpyDeviceToHost, 0));
  R("FromArrayAsync 18 bytes at (0,3)",
    cudaMemcpyFromArrayAsync(back, b, 0, 3, 18, cudaMemcpyDeviceToHost, 0));
  cudaDeviceSynchronize();
  R("ArrayToArray 64 bytes", cudaMemcpyArrayToArray(a, 0, 0, b, 0, 0, 64));
  R("ArrayToArray 66 bytes", cudaMemcpyArrayToArray(a, 0, 0, b, 0, 0, 66));
  R("ArrayToArray 20 bytes (10,0)->(2,2)", cudaMemcpyArrayToArray(a, 2, 2, b, 10, 0, 20));
  memset(back, 0, sizeof back);
  cudaMemcpy2DFromArray(back, 16, a, 0, 0, 16, 4, cudaMemcpyDeviceToHost);
  printf("  a:");
  for (int i = 0; i < 32; i++) printf(" %d", back[i]);
  printf("\n");

  // layered and 3D arrays through the 2D calls
  cudaArray_t lay, vol;
  cudaMalloc3DArray(&lay, &d16, make_cudaExtent(8, 4, 3), cudaArrayLayered);
  cudaMalloc3DArray(&vol, &d16, make_cudaExtent(8, 4, 3), 0);
  R("2DToArray into layered", cudaMemcpy2DToArray(lay, 0, 0, h, 16, 16, 4, cudaMemcpyHostToDevice));
  R("2DToArray into layered, 12 rows", cudaMemcpy2DToArray(lay, 0, 0, h, 16, 16, 12, cudaMemcpyHostToDevice));
  R("2DToArray into 3D", cudaMemcpy2DToArray(vol, 0, 0, h, 16, 16, 4, cudaMemcpyHostToDevice));
  R("2DFromArray from 3D", cudaMemcpy2DFromArray(back, 16, vol, 0, 0, 16, 4, cudaMemcpyDeviceToHost));
  R("ToArray into 3D", cudaMemcpyToArray(vol, 0, 0, h, 16, cudaMemcpyHostToDevice));
  R("2DArrayToArray 3D -> 2D", cudaMemcpy2DArrayToArray(a, 0, 0, vol, 0, 0, 16, 4));
  return 0;
}
