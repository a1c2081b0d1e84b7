// Pitched and 2D/3D memory: cudaMallocPitch, cudaMemcpy2D(Async), cudaMemset2D(Async),
// cudaMalloc3D, cudaMemcpy3D, cudaMemset3D, cudaMemcpyPeer(Async), and their argument errors.
#include "common.h"
__global__ void scale2d(float* p, size_t pitch, int w, int h, float f) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < w && y < h) {
    float* row = (float*)((char*)p + y * pitch);
    row[x] *= f;
  }
}

int main() {
  const int w = 100, h = 37;
  float hbuf[h][w], out[h][w];
  for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) hbuf[y][x] = y * 1000 + x;
  float* d; size_t pitch = 0;
  CK(cudaMallocPitch((void**)&d, &pitch, w * sizeof(float), h));
  EXPECT(pitch >= w * sizeof(float) && pitch % 256 == 0);
  CK(cudaMemcpy2D(d, pitch, hbuf, w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice));
  scale2d<<<dim3(1, h), 128>>>(d, pitch, w, h, 2.0f);
  CK(cudaGetLastError());
  CK(cudaMemcpy2D(out, w * sizeof(float), d, pitch, w * sizeof(float), h, cudaMemcpyDeviceToHost));
  for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) EXPECT(out[y][x] == 2.0f * hbuf[y][x]);
  // Memset2D on a sub-rectangle (bytes), async on a stream.
  cudaStream_t s; CK(cudaStreamCreate(&s));
  CK(cudaMemset2DAsync(d, pitch, 0, 8 * sizeof(float), 5, s));
  CK(cudaMemcpy2DAsync(out, w * sizeof(float), d, pitch, w * sizeof(float), h, cudaMemcpyDeviceToHost, s));
  CK(cudaStreamSynchronize(s));
  for (int y = 0; y < h; y++) for (int x = 0; x < w; x++)
    EXPECT(out[y][x] == ((y < 5 && x < 8) ? 0.0f : 2.0f * hbuf[y][x]));
  CK(cudaMemset2D(d, pitch, 0xff, w * sizeof(float), h));
  unsigned char row[16];
  CK(cudaMemcpy(row, (char*)d + 3 * pitch, 16, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 16; i++) EXPECT(row[i] == 0xff);
  // Device-to-device 2D copy with different pitches.
  float* d2; size_t pitch2;
  CK(cudaMallocPitch((void**)&d2, &pitch2, 2000, 3));
  CK(cudaMemcpy2D(d2, pitch2, hbuf, w * sizeof(float), w * sizeof(float), 3, cudaMemcpyDefault));
  CK(cudaMemcpy2D(d, pitch, d2, pitch2, w * sizeof(float), 3, cudaMemcpyDeviceToDevice));
  CK(cudaMemcpy2D(out, w * sizeof(float), d, pitch, w * sizeof(float), 3, cudaMemcpyDeviceToHost));
  for (int y = 0; y < 3; y++) for (int x = 0; x < w; x++) EXPECT(out[y][x] == hbuf[y][x]);
  // Errors.
  EXPECT_ERR(cudaMemcpy2D(d, 8, hbuf, w * sizeof(float), 16, 2, cudaMemcpyHostToDevice), cudaErrorInvalidPitchValue);
  EXPECT_ERR(cudaMemcpy2D(d, pitch, hbuf, 8, 16, 2, cudaMemcpyHostToDevice), cudaErrorInvalidPitchValue);
  EXPECT_ERR(cudaMemcpy2D(d, pitch, hbuf, 400, 16, 2, (cudaMemcpyKind)7), cudaErrorInvalidMemcpyDirection);
  EXPECT_ERR(cudaMemcpy2D(nullptr, pitch, hbuf, 400, 16, 2, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemset2D(d, 8, 0, 16, 2), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMallocPitch(nullptr, &pitch, 10, 10), cudaErrorInvalidValue);
  CK(cudaMemcpy2D(d, pitch, hbuf, 400, 0, 2, cudaMemcpyHostToDevice));  // empty: success
  // 3D: a 3-slice volume.
  cudaExtent ext = make_cudaExtent(24 * sizeof(int), 5, 3);
  cudaPitchedPtr vol;
  CK(cudaMalloc3D(&vol, ext));
  EXPECT(vol.pitch >= ext.width && vol.xsize == ext.width && vol.ysize == 5);
  int hv[3][5][24], hv2[3][5][24];
  for (int z = 0; z < 3; z++) for (int y = 0; y < 5; y++) for (int x = 0; x < 24; x++) hv[z][y][x] = z * 10000 + y * 100 + x;
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(hv, 24 * sizeof(int), 24, 5);
  p.dstPtr = vol;
  p.extent = ext;
  p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  cudaMemcpy3DParms q = {};
  q.srcPtr = vol;
  q.dstPtr = make_cudaPitchedPtr(hv2, 24 * sizeof(int), 24, 5);
  q.extent = ext;
  q.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3DAsync(&q, s));
  CK(cudaStreamSynchronize(s));
  for (int z = 0; z < 3; z++) for (int y = 0; y < 5; y++) for (int x = 0; x < 24; x++) EXPECT(hv2[z][y][x] == hv[z][y][x]);
  // A sub-box with positions.
  memset(hv2, 0, sizeof hv2);
  q.srcPos = make_cudaPos(4 * sizeof(int), 1, 1);
  q.dstPos = make_cudaPos(0, 0, 0);
  q.extent = make_cudaExtent(8 * sizeof(int), 3, 2);
  CK(cudaMemcpy3D(&q));
  for (int z = 0; z < 2; z++) for (int y = 0; y < 3; y++) for (int x = 0; x < 8; x++) EXPECT(hv2[z][y][x] == hv[z + 1][y + 1][x + 4]);
  CK(cudaMemset3D(vol, 0, make_cudaExtent(24 * sizeof(int), 5, 3)));
  CK(cudaMemcpy3D(&q));
  EXPECT(hv2[1][2][7] == 0);
  EXPECT_ERR(cudaMemcpy3D(nullptr), cudaErrorInvalidValue);
  q.kind = (cudaMemcpyKind)9;
  EXPECT_ERR(cudaMemcpy3D(&q), cudaErrorInvalidMemcpyDirection);
  // Peer copies (one device).
  int *pa, *pb, v = 1234, r = 0;
  CK(cudaMalloc(&pa, 4)); CK(cudaMalloc(&pb, 4));
  CK(cudaMemcpy(pa, &v, 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpyPeer(pb, 0, pa, 0, 4));
  CK(cudaMemcpy(&r, pb, 4, cudaMemcpyDeviceToHost));
  EXPECT(r == 1234);
  CK(cudaMemsetAsync(pb, 0, 4, s));
  CK(cudaMemcpyPeerAsync(pb, 0, pa, 0, 4, s));
  CK(cudaStreamSynchronize(s));
  CK(cudaMemcpy(&r, pb, 4, cudaMemcpyDeviceToHost));
  EXPECT(r == 1234);
  EXPECT_ERR(cudaMemcpyPeer(pb, 1, pa, 0, 4), cudaErrorInvalidDevice);
  CK(cudaGetLastError() == cudaErrorInvalidDevice ? cudaSuccess : cudaErrorUnknown);
  CK(cudaFree(pa)); CK(cudaFree(pb)); CK(cudaFree(vol.ptr)); CK(cudaFree(d)); CK(cudaFree(d2));
  CK(cudaStreamDestroy(s));
  printf("PASS\n");
  return 0;
}
