// Surface objects: 1D/2D/3D/layered/cubemap reads and writes (byte x coordinates), boundary
// modes zero and clamp, argument errors, and cudaBoundaryModeTrap out of range ending the
// launch with cudaErrorIllegalAddress (last: the error is sticky).
#include "common.h"

__global__ void blur(cudaSurfaceObject_t src, cudaSurfaceObject_t dst, int w, int h) {
  int x = threadIdx.x, y = threadIdx.y;
  if (x >= w || y >= h) return;
  float acc = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) acc += surf2Dread<float>(src, (x + dx) * 4, y + dy, cudaBoundaryModeZero);
  surf2Dwrite(acc, dst, x * 4, y);
}
__global__ void misc(cudaSurfaceObject_t s1, cudaSurfaceObject_t s3, cudaSurfaceObject_t lay, cudaSurfaceObject_t cube, int *o) {
  int i = threadIdx.x;
  short2 v = surf1Dread<short2>(s1, i * 4);
  surf1Dwrite(make_short2(v.y, v.x), s1, i * 4);
  o[i] = surf1Dread<short2>(s1, (i + 20) * 4, cudaBoundaryModeClamp).x;  // clamps to the last texel
  surf1Dwrite(make_short2(-1, -1), s1, (i + 100) * 4, cudaBoundaryModeZero);  // dropped
  int z = surf3Dread<int>(s3, 4 * (i % 3), i % 2, i % 4);
  surf3Dwrite(z * 2, s3, 4 * (i % 3), i % 2, i % 4);
  uchar4 p = surf2DLayeredread<uchar4>(lay, 4 * (i % 2), 0, i % 3);
  surf2DLayeredwrite(make_uchar4(255 - p.x, p.y, p.z, p.w), lay, 4 * (i % 2), 0, i % 3);
  if (i < 6) surfCubemapwrite((float)(i * 100 + 7), cube, 4, 1, i);
}
__global__ void trap(cudaSurfaceObject_t s, int *o) { o[0] = surf1Dread<int>(s, 4 * 1000, cudaBoundaryModeTrap); }

static cudaSurfaceObject_t surf(cudaArray_t a) {
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a;
  cudaSurfaceObject_t s; CK(cudaCreateSurfaceObject(&s, &rd));
  return s;
}

int main() {
  const int W = 6, H = 5;
  float img[H][W];
  for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) img[y][x] = y * 10 + x;
  cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>();
  cudaArray_t a, b;
  CK(cudaMallocArray(&a, &cf, W, H, cudaArraySurfaceLoadStore)); CK(cudaMallocArray(&b, &cf, W, H, cudaArraySurfaceLoadStore));
  CK(cudaMemcpy2DToArray(a, 0, 0, img, W * 4, W * 4, H, cudaMemcpyHostToDevice));
  cudaSurfaceObject_t sa = surf(a), sb = surf(b);
  blur<<<1, dim3(W, H)>>>(sa, sb, W, H);
  CK(cudaGetLastError());
  float out[H][W]; CK(cudaMemcpy2DFromArray(out, W * 4, b, 0, 0, W * 4, H, cudaMemcpyDeviceToHost));
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      float want = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          if (x + dx >= 0 && x + dx < W && y + dy >= 0 && y + dy < H) want += img[y + dy][x + dx];
      EXPECT(out[y][x] == want);
    }
  cudaResourceDesc rb; CK(cudaGetSurfaceObjectResourceDesc(&rb, sa));
  EXPECT(rb.resType == cudaResourceTypeArray && rb.res.array.array == a);

  // 1D short2, 3D int, 2D layered uchar4, cubemap float.
  cudaChannelFormatDesc c2 = cudaCreateChannelDesc<short2>(), ci = cudaCreateChannelDesc<int>(), c4 = cudaCreateChannelDesc<uchar4>();
  cudaArray_t a1, a3, al, ac;
  CK(cudaMallocArray(&a1, &c2, 16, 0, cudaArraySurfaceLoadStore));
  CK(cudaMalloc3DArray(&a3, &ci, make_cudaExtent(3, 2, 4), cudaArraySurfaceLoadStore));
  CK(cudaMalloc3DArray(&al, &c4, make_cudaExtent(2, 1, 3), cudaArrayLayered | cudaArraySurfaceLoadStore));
  CK(cudaMalloc3DArray(&ac, &cf, make_cudaExtent(2, 2, 6), cudaArrayCubemap | cudaArraySurfaceLoadStore));
  short2 h1[16]; for (int i = 0; i < 16; i++) h1[i] = make_short2(i, -i);
  CK(cudaMemcpyToArray(a1, 0, 0, h1, sizeof h1, cudaMemcpyHostToDevice));
  int h3[24]; for (int i = 0; i < 24; i++) h3[i] = i + 1;
  cudaMemcpy3DParms p = {}; p.srcPtr = make_cudaPitchedPtr(h3, 12, 3, 2); p.dstArray = a3; p.extent = make_cudaExtent(3, 2, 4); p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  uchar4 hl[6]; for (int i = 0; i < 6; i++) hl[i] = make_uchar4(i * 10, i, 2 * i, 3 * i);
  p = {}; p.srcPtr = make_cudaPitchedPtr(hl, 8, 2, 1); p.dstArray = al; p.extent = make_cudaExtent(2, 1, 3); p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  int *d; CK(cudaMalloc(&d, 16 * sizeof(int)));
  misc<<<1, 16>>>(surf(a1), surf(a3), surf(al), surf(ac), d);
  CK(cudaGetLastError());
  int o[16]; CK(cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost));
  short2 g1[16]; CK(cudaMemcpyFromArray(g1, a1, 0, 0, sizeof g1, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 16; i++) {
    EXPECT(g1[i].x == -i && g1[i].y == i);
    EXPECT(o[i] == 15 || o[i] == -15);  // the last texel, before or after its swap
  }
  int g3[24]; cudaMemcpy3DParms q = {}; q.srcArray = a3; q.dstPtr = make_cudaPitchedPtr(g3, 12, 3, 2); q.extent = make_cudaExtent(3, 2, 4); q.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3D(&q));
  for (int i = 0; i < 24; i++) {
    int x = i % 3, y = (i / 3) % 2, z = i / 6;
    bool touched = false;
    for (int t = 0; t < 16; t++) if (t % 3 == x && t % 2 == y && t % 4 == z) touched = true;
    EXPECT(g3[i] == (touched ? 2 * (i + 1) : i + 1));
  }
  uchar4 gl[6]; q = {}; q.srcArray = al; q.dstPtr = make_cudaPitchedPtr(gl, 8, 2, 1); q.extent = make_cudaExtent(2, 1, 3); q.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3D(&q));
  for (int i = 0; i < 6; i++) EXPECT(gl[i].y == hl[i].y);  // x flipped by 1 to 3 threads each: parity varies, y intact
  float gc[6][2][2]; q = {}; q.srcArray = ac; q.dstPtr = make_cudaPitchedPtr(gc, 8, 2, 2); q.extent = make_cudaExtent(2, 2, 6); q.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3D(&q));
  for (int f = 0; f < 6; f++) EXPECT(gc[f][1][1] == f * 100 + 7 && gc[f][0][0] == 0);

  // Errors: surfaces need an array resource. An array without cudaArraySurfaceLoadStore is
  // accepted (as on an H100).
  cudaArray_t plain; CK(cudaMallocArray(&plain, &cf, 4));
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = plain;
  cudaSurfaceObject_t bad = 0;
  CK(cudaCreateSurfaceObject(&bad, &rd));
  EXPECT(bad != 0);
  CK(cudaDestroySurfaceObject(bad));
  rd.resType = cudaResourceTypeLinear;  // no channel format: as an H100 answers
  EXPECT_ERR(cudaCreateSurfaceObject(&bad, &rd), cudaErrorInvalidChannelDescriptor);
  EXPECT_ERR(cudaCreateSurfaceObject(&bad, nullptr), cudaErrorInvalidValue);
  cudaGetLastError();
  CK(cudaDestroySurfaceObject(sb));

  // Trap: the launch fails with an illegal address (sticky).
  trap<<<1, 1>>>(sa, d);
  EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
  printf("PASS\n");
  return 0;
}
