// Layered (1D, 2D), cubemap, cubemap layered and 3D textures (point and trilinear), and
// mipmapped arrays sampled with tex2DLod.
#include "common.h"
#include <cmath>

__global__ void k(cudaTextureObject_t l1, cudaTextureObject_t l2, cudaTextureObject_t cube, cudaTextureObject_t cubel,
                  cudaTextureObject_t t3, cudaTextureObject_t t3l, cudaTextureObject_t mip, float *o) {
  o[0] = tex1DLayered<float>(l1, 2.5f, 1);
  o[1] = tex2DLayered<float>(l2, 1.5f, 0.5f, 2);
  o[2] = tex2DLayered<float>(l2, 1.0f, 1.0f, 1);  // bilinear within layer 1
  o[3] = texCubemap<float>(cube, 1.0f, 0.2f, 0.3f);    // +x
  o[4] = texCubemap<float>(cube, -1.0f, 0.2f, 0.3f);   // -x
  o[5] = texCubemap<float>(cube, 0.1f, 1.0f, -0.6f);   // +y
  o[6] = texCubemap<float>(cube, 0.1f, -1.0f, -0.6f);  // -y
  o[7] = texCubemap<float>(cube, 0.3f, 0.2f, 1.0f);    // +z
  o[8] = texCubemap<float>(cube, 0.3f, 0.2f, -1.0f);   // -z
  o[9] = texCubemapLayered<float>(cubel, 0.3f, 0.2f, -1.0f, 1);
  o[10] = tex3D<float>(t3, 1.5f, 2.5f, 0.5f);
  o[11] = tex3D<float>(t3l, 1.25f, 1.5f, 1.75f);
  o[12] = tex2DLod<float>(mip, 0.5f, 0.5f, 0.0f);
  o[13] = tex2DLod<float>(mip, 0.5f, 0.5f, 1.0f);
  o[14] = tex2DLod<float>(mip, 0.5f, 0.5f, 2.2f);
  o[15] = tex2DLod<float>(mip, 0.5f, 0.5f, 9.0f);
}

static cudaTextureObject_t make(cudaArray_t a, bool linear, bool norm, cudaMipmappedArray_t m = nullptr) {
  cudaResourceDesc rd = {};
  if (m) { rd.resType = cudaResourceTypeMipmappedArray; rd.res.mipmap.mipmap = m; }
  else { rd.resType = cudaResourceTypeArray; rd.res.array.array = a; }
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
  td.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint; td.normalizedCoords = norm;
  td.maxMipmapLevelClamp = 10;
  cudaTextureObject_t t; CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
  return t;
}

int main() {
  cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>();
  // 1D layered: 4 texels x 3 layers, value = layer * 10 + x.
  float v1[3][4]; for (int l = 0; l < 3; l++) for (int x = 0; x < 4; x++) v1[l][x] = l * 10 + x;
  cudaArray_t l1; CK(cudaMalloc3DArray(&l1, &cf, make_cudaExtent(4, 0, 3), cudaArrayLayered));
  cudaMemcpy3DParms p = {}; p.srcPtr = make_cudaPitchedPtr(v1, 16, 4, 1); p.dstArray = l1; p.extent = make_cudaExtent(4, 1, 3); p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  // 2D layered 3x2 x 3 layers, value = layer * 100 + y * 10 + x.
  float v2[3][2][3]; for (int l = 0; l < 3; l++) for (int y = 0; y < 2; y++) for (int x = 0; x < 3; x++) v2[l][y][x] = l * 100 + y * 10 + x;
  cudaArray_t l2; CK(cudaMalloc3DArray(&l2, &cf, make_cudaExtent(3, 2, 3), cudaArrayLayered));
  p = {}; p.srcPtr = make_cudaPitchedPtr(v2, 12, 3, 2); p.dstArray = l2; p.extent = make_cudaExtent(3, 2, 3); p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  // Cubemap 2x2 faces: face * 10 + y * 2 + x; layered: 2 cubes (+100 for the second).
  float vc[12][2][2]; for (int f = 0; f < 12; f++) for (int y = 0; y < 2; y++) for (int x = 0; x < 2; x++) vc[f][y][x] = (f / 6) * 100 + (f % 6) * 10 + y * 2 + x;
  cudaArray_t cube, cubel;
  CK(cudaMalloc3DArray(&cube, &cf, make_cudaExtent(2, 2, 6), cudaArrayCubemap));
  CK(cudaMalloc3DArray(&cubel, &cf, make_cudaExtent(2, 2, 12), cudaArrayCubemap | cudaArrayLayered));
  p = {}; p.srcPtr = make_cudaPitchedPtr(vc, 8, 2, 2); p.dstArray = cube; p.extent = make_cudaExtent(2, 2, 6); p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  p.dstArray = cubel; p.extent = make_cudaExtent(2, 2, 12); CK(cudaMemcpy3D(&p));
  // 3D 3x4x2: z * 100 + y * 10 + x.
  float v3[2][4][3]; for (int z = 0; z < 2; z++) for (int y = 0; y < 4; y++) for (int x = 0; x < 3; x++) v3[z][y][x] = z * 100 + y * 10 + x;
  cudaArray_t a3; CK(cudaMalloc3DArray(&a3, &cf, make_cudaExtent(3, 4, 2)));
  p = {}; p.srcPtr = make_cudaPitchedPtr(v3, 12, 3, 4); p.dstArray = a3; p.extent = make_cudaExtent(3, 4, 2); p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  // Mipmapped 8x8, 4 levels, level l filled with (l + 1) * 1.5.
  cudaMipmappedArray_t mm; CK(cudaMallocMipmappedArray(&mm, &cf, make_cudaExtent(8, 8, 0), 4));
  for (int l = 0; l < 4; l++) {
    cudaArray_t lv; CK(cudaGetMipmappedArrayLevel(&lv, mm, l));
    int n = 8 >> l; float buf[64]; for (int i = 0; i < n * n; i++) buf[i] = (l + 1) * 1.5f;
    CK(cudaMemcpy2DToArray(lv, 0, 0, buf, n * 4, n * 4, n, cudaMemcpyHostToDevice));
  }
  float *d; CK(cudaMalloc(&d, 16 * sizeof(float)));
  k<<<1, 1>>>(make(l1, false, false), make(l2, true, false), make(cube, false, true), make(cubel, false, true),
              make(a3, false, false), make(a3, true, false), make(nullptr, false, true, mm), d);
  CK(cudaGetLastError());
  float o[16]; CK(cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost));
  // Bilinear in layer 1 at (1,1): xb=0.5, yb=0.5 -> average of (0,0),(1,0),(0,1),(1,1).
  float bil = 0.25f * (v2[1][0][0] + v2[1][0][1] + v2[1][1][0] + v2[1][1][1]);
  // Trilinear at (1.25, 1.5, 1.75): a=0.75 (x 0..1), b=1.0 (y 0..1 -> y=1), g=0.25... computed generally:
  float xb = 0.75f, yb = 1.0f, zb = 1.25f;
  int i = (int)floorf(xb), j = (int)floorf(yb), kz = (int)floorf(zb);
  float a = xb - i, b = yb - j, g = zb - kz;
  auto T3 = [&](int x, int y, int z) { x = x > 2 ? 2 : x; y = y > 3 ? 3 : y; z = z > 1 ? 1 : z; return v3[z][y][x]; };
  float tri = (1 - a) * (1 - b) * (1 - g) * T3(i, j, kz) + a * (1 - b) * (1 - g) * T3(i + 1, j, kz) + (1 - a) * b * (1 - g) * T3(i, j + 1, kz) +
              a * b * (1 - g) * T3(i + 1, j + 1, kz) + (1 - a) * (1 - b) * g * T3(i, j, kz + 1) + a * (1 - b) * g * T3(i + 1, j, kz + 1) +
              (1 - a) * b * g * T3(i, j + 1, kz + 1) + a * b * g * T3(i + 1, j + 1, kz + 1);
  float want[16] = {12, 201, bil, 0, 11, 21, 33, 41, 50, 150, 21, tri, 1.5f, 3.0f, 4.5f, 6.0f};
  for (int n = 0; n < 16; n++)
    if (fabsf(o[n] - want[n]) > 1e-4f) { printf("FAIL lookup %d: got %g want %g\n", n, o[n], want[n]); return 1; }
  printf("PASS\n");
  return 0;
}
