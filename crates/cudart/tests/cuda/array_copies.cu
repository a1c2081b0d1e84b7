// CUDA arrays: 1D/2D/3D/layered allocation, cudaArrayGetInfo/cudaGetChannelDesc, every copy
// form to, from and between arrays (sync and async), cudaMemcpy3D with arrays, mipmapped
// array levels, and CUDA's errors for bad descriptors, extents and directions.
#include "common.h"
#include <vector>

int main() {
  // 2D float2 array, round trip through 2D copies with pitched host memory.
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float2>();
  EXPECT(cd.x == 32 && cd.y == 32 && cd.z == 0 && cd.w == 0 && cd.f == cudaChannelFormatKindFloat);
  const int W = 13, H = 7;
  cudaArray_t a2;
  CK(cudaMallocArray(&a2, &cd, W, H));
  cudaChannelFormatDesc got; cudaExtent ext; unsigned flags = 99;
  CK(cudaArrayGetInfo(&got, &ext, &flags, a2));
  EXPECT(got.x == 32 && got.y == 32 && got.f == cudaChannelFormatKindFloat);
  EXPECT(ext.width == W && ext.height == H && ext.depth == 0 && flags == 0);
  CK(cudaGetChannelDesc(&got, a2));
  EXPECT(got.y == 32);
  std::vector<float> src(20 * H * 2), back(W * H * 2, -1.f);
  for (size_t i = 0; i < src.size(); i++) src[i] = (float)i;
  CK(cudaMemcpy2DToArray(a2, 0, 0, src.data(), 20 * 8, W * 8, H, cudaMemcpyHostToDevice));
  CK(cudaMemcpy2DFromArray(back.data(), W * 8, a2, 0, 0, W * 8, H, cudaMemcpyDeviceToHost));
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W * 2; x++) EXPECT(back[y * W * 2 + x] == src[y * 40 + x]);
  // Sub-rectangle with offsets (wOffset in bytes).
  std::vector<float> sub(4 * 2 * 3, 0.f), sub2(4 * 2 * 3);
  for (size_t i = 0; i < sub.size(); i++) sub[i] = 1000.f + i;
  CK(cudaMemcpy2DToArray(a2, 3 * 8, 2, sub.data(), 32, 32, 3, cudaMemcpyHostToDevice));
  CK(cudaMemcpy2DFromArray(sub2.data(), 32, a2, 3 * 8, 2, 32, 3, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < sub.size(); i++) EXPECT(sub2[i] == sub[i]);
  // Out of range: InvalidValue; wrong direction: InvalidMemcpyDirection.
  EXPECT_ERR(cudaMemcpy2DToArray(a2, 10 * 8, 0, sub.data(), 32, 32, 1, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpy2DToArray(a2, 0, 6, sub.data(), 32, 32, 2, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpy2DToArray(a2, 0, 0, sub.data(), 32, 32, 1, cudaMemcpyDeviceToHost), cudaErrorInvalidMemcpyDirection);
  cudaGetLastError();
  // Device-to-array and array-to-array, async on a stream.
  cudaStream_t s; CK(cudaStreamCreate(&s));
  float *d; CK(cudaMalloc(&d, W * H * 8));
  CK(cudaMemcpy2DFromArrayAsync(d, W * 8, a2, 0, 0, W * 8, H, cudaMemcpyDeviceToDevice, s));
  cudaArray_t b2; CK(cudaMallocArray(&b2, &cd, W, H));
  CK(cudaMemcpy2DToArrayAsync(b2, 0, 0, d, W * 8, W * 8, H, cudaMemcpyDefault, s));
  cudaArray_t c2; CK(cudaMallocArray(&c2, &cd, W, H));
  CK(cudaStreamSynchronize(s));
  CK(cudaMemcpy2DArrayToArray(c2, 0, 0, b2, 0, 0, W * 8, H, cudaMemcpyDeviceToDevice));
  std::vector<float> c2h(W * H * 2), a2h(W * H * 2);
  CK(cudaMemcpy2DFromArray(c2h.data(), W * 8, c2, 0, 0, W * 8, H, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy2DFromArray(a2h.data(), W * 8, a2, 0, 0, W * 8, H, cudaMemcpyDeviceToHost));
  EXPECT(c2h == a2h);
  // Deprecated linear forms: row-major from (wOffset, hOffset).
  std::vector<float> lin(6);
  CK(cudaMemcpyFromArray(lin.data(), a2, 8, 1, 24, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 6; i++) EXPECT(lin[i] == a2h[W * 2 + 2 + i]);
  float seven[3] = {7, 7, 7};
  CK(cudaMemcpyToArrayAsync(a2, 0, H - 1, seven, 12, cudaMemcpyHostToDevice, s));
  CK(cudaStreamSynchronize(s));
  CK(cudaMemcpyFromArray(lin.data(), a2, 0, H - 1, 12, cudaMemcpyDeviceToHost));
  EXPECT(lin[0] == 7 && lin[2] == 7);
  EXPECT_ERR(cudaMemcpyToArray(a2, 0, H - 1, sub.data(), W * 8 + 4, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  cudaGetLastError();

  // 1D int array and a 3D ushort array with cudaMemcpy3D both ways.
  cudaChannelFormatDesc ci = cudaCreateChannelDesc<int>();
  cudaArray_t a1; CK(cudaMallocArray(&a1, &ci, 100));
  CK(cudaArrayGetInfo(nullptr, &ext, nullptr, a1));
  EXPECT(ext.width == 100 && ext.height == 0 && ext.depth == 0);
  int iv[100], ib[100];
  for (int i = 0; i < 100; i++) iv[i] = i * i - 50;
  CK(cudaMemcpyToArray(a1, 0, 0, iv, sizeof iv, cudaMemcpyHostToDevice));
  CK(cudaMemcpyFromArray(ib, a1, 0, 0, sizeof ib, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 100; i++) EXPECT(ib[i] == iv[i]);
  cudaChannelFormatDesc cu = cudaCreateChannelDesc<unsigned short>();
  cudaArray_t a3; const int X = 9, Y = 5, Z = 4;
  CK(cudaMalloc3DArray(&a3, &cu, make_cudaExtent(X, Y, Z)));
  std::vector<unsigned short> h3(X * Y * Z), b3(X * Y * Z, 0);
  for (size_t i = 0; i < h3.size(); i++) h3[i] = (unsigned short)(i * 7 + 1);
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(h3.data(), X * 2, X, Y);
  p.dstArray = a3; p.extent = make_cudaExtent(X, Y, Z); p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  cudaMemcpy3DParms q = {};
  q.srcArray = a3; q.dstPtr = make_cudaPitchedPtr(b3.data(), X * 2, X, Y);
  q.extent = make_cudaExtent(X, Y, Z); q.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3DAsync(&q, s));
  CK(cudaStreamSynchronize(s));
  EXPECT(b3 == h3);
  // A sub-box: srcPos in elements on the array side.
  unsigned short box[2 * 2 * 2];
  cudaMemcpy3DParms r = {};
  r.srcArray = a3; r.srcPos = make_cudaPos(3, 1, 2);
  r.dstPtr = make_cudaPitchedPtr(box, 4, 2, 2); r.extent = make_cudaExtent(2, 2, 2); r.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3D(&r));
  for (int z = 0; z < 2; z++)
    for (int y = 0; y < 2; y++)
      for (int x = 0; x < 2; x++) EXPECT(box[(z * 2 + y) * 2 + x] == h3[((z + 2) * Y + y + 1) * X + x + 3]);
  r.srcPos = make_cudaPos(8, 1, 2);
  EXPECT_ERR(cudaMemcpy3D(&r), cudaErrorInvalidValue);
  cudaGetLastError();
  // The linear side's position is in the array's elements too (as an H200 reads it), and its
  // row must fit the pitch; one side cannot be both an array and a pointer.
  unsigned short wide[3 * 2 * 2];
  r.srcPos = make_cudaPos(3, 1, 2);
  r.dstPtr = make_cudaPitchedPtr(wide, 6, 3, 2); r.dstPos = make_cudaPos(1, 0, 0);
  CK(cudaMemcpy3D(&r));
  for (int z = 0; z < 2; z++)
    for (int y = 0; y < 2; y++)
      for (int x = 0; x < 2; x++) EXPECT(wide[(z * 2 + y) * 3 + x + 1] == h3[((z + 2) * Y + y + 1) * X + x + 3]);
  r.dstPos = make_cudaPos(2, 0, 0);
  EXPECT_ERR(cudaMemcpy3D(&r), cudaErrorInvalidValue);
  r.dstPos = make_cudaPos(0, 0, 0);
  r.srcPtr = make_cudaPitchedPtr(box, 4, 2, 2);
  EXPECT_ERR(cudaMemcpy3D(&r), cudaErrorInvalidValue);
  cudaGetLastError();
  cudaMemcpy3DParms none = {};
  CK(cudaMemcpy3D(&none));
  r.srcPtr = make_cudaPitchedPtr(nullptr, 0, 0, 0);
  r.dstPtr = make_cudaPitchedPtr(wide, 2, 3, 2);
  EXPECT_ERR(cudaMemcpy3D(&r), cudaErrorInvalidPitchValue);
  // A 2D array copy whose linear pitch is below the width: cudaErrorInvalidValue (an H200's answer).
  EXPECT_ERR(cudaMemcpy2DFromArray(wide, 2, a3, 0, 0, 4, 1, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpy2DToArray(a3, 0, 0, wide, 2, 4, 1, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  cudaGetLastError();

  // Layered and cubemap extents.
  cudaArray_t lay, cube;
  CK(cudaMalloc3DArray(&lay, &cd, make_cudaExtent(8, 0, 3), cudaArrayLayered));
  CK(cudaArrayGetInfo(nullptr, &ext, &flags, lay));
  EXPECT(ext.width == 8 && ext.height == 0 && ext.depth == 3 && flags == cudaArrayLayered);
  CK(cudaMalloc3DArray(&cube, &cd, make_cudaExtent(4, 4, 6), cudaArrayCubemap));
  EXPECT_ERR(cudaMalloc3DArray(&cube, &cd, make_cudaExtent(4, 5, 6), cudaArrayCubemap), cudaErrorInvalidValue);
  cudaGetLastError();
  // The device's texture limits per shape; gather is for 2D arrays only (as an H200 answers).
  cudaArray_t limit;
  EXPECT_ERR(cudaMalloc3DArray(&limit, &cd, make_cudaExtent(1 << 20, 4, 4), 0), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMalloc3DArray(&limit, &cd, make_cudaExtent(8, 8, 8), cudaArrayTextureGather), cudaErrorInvalidValue);
  cudaGetLastError();
  CK(cudaMalloc3DArray(&limit, &cd, make_cudaExtent(16384, 2, 2), 0));
  CK(cudaFreeArray(limit));
  CK(cudaMalloc3DArray(&limit, &cd, make_cudaExtent(16, 16, 0), cudaArrayTextureGather));
  CK(cudaFreeArray(limit));

  // Mipmapped array: level sizes halve.
  cudaMipmappedArray_t mm; CK(cudaMallocMipmappedArray(&mm, &cd, make_cudaExtent(16, 8, 0), 4));
  for (unsigned l = 0; l < 4; l++) {
    cudaArray_t lv; CK(cudaGetMipmappedArrayLevel(&lv, mm, l));
    CK(cudaArrayGetInfo(nullptr, &ext, nullptr, lv));
    EXPECT(ext.width == (16u >> l) && ext.height == (8u >> l > 0 ? 8u >> l : 1u));
  }
  cudaArray_t lv;
  EXPECT_ERR(cudaGetMipmappedArrayLevel(&lv, mm, 4), cudaErrorInvalidValue);
  cudaGetLastError();
  CK(cudaFreeMipmappedArray(mm));
  // The level count is clamped to [1, 1 + floor(log2(16))] = [1, 5] (the reference; an H200 agrees).
  CK(cudaMallocMipmappedArray(&mm, &cd, make_cudaExtent(16, 8, 0), 9));
  CK(cudaGetMipmappedArrayLevel(&lv, mm, 4));
  EXPECT_ERR(cudaGetMipmappedArrayLevel(&lv, mm, 5), cudaErrorInvalidValue);
  cudaGetLastError();
  CK(cudaFreeMipmappedArray(mm));
  CK(cudaMallocMipmappedArray(&mm, &cd, make_cudaExtent(16, 8, 0), 0));
  CK(cudaGetMipmappedArrayLevel(&lv, mm, 0));
  EXPECT_ERR(cudaGetMipmappedArrayLevel(&lv, mm, 1), cudaErrorInvalidValue);
  cudaGetLastError();
  CK(cudaFreeMipmappedArray(mm));

  // Bad channel descriptors.
  cudaChannelFormatDesc bad = cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned);
  cudaArray_t x;
  EXPECT_ERR(cudaMallocArray(&x, &bad, 4), cudaErrorInvalidChannelDescriptor);
  bad = cudaCreateChannelDesc(8, 16, 0, 0, cudaChannelFormatKindUnsigned);
  EXPECT_ERR(cudaMallocArray(&x, &bad, 4), cudaErrorInvalidChannelDescriptor);
  bad = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindFloat);
  EXPECT_ERR(cudaMallocArray(&x, &bad, 4), cudaErrorInvalidChannelDescriptor);
  EXPECT_ERR(cudaMallocArray(&x, &cd, 0), cudaErrorInvalidValue);
  cudaGetLastError();

  CK(cudaFreeArray(a1)); CK(cudaFreeArray(a2)); CK(cudaFreeArray(b2)); CK(cudaFreeArray(c2));
  CK(cudaFreeArray(a3)); CK(cudaFreeArray(lay)); CK(cudaFreeArray(cube)); CK(cudaFreeArray(nullptr));
  CK(cudaFree(d)); CK(cudaStreamDestroy(s));
  printf("PASS\n");
  return 0;
}
