// Texture objects on 3D arrays (cudaMalloc3DArray + cudaMemcpy3D, tex3D with point and trilinear
// filtering), 1D and 2D layered arrays (cudaArrayLayered, tex1DLayered, tex2DLayered: no filtering
// across layers), a 1D array with tex1D, and a cubemap (texCubemap on the face the guide's
// face-selection table picks).
#include "guide.h"
#include <cmath>
const int W = 8, H = 6, D = 4, L = 3;
static float V(int x, int y, int z) { return (float)(x + 10 * y + 100 * z); }
__global__ void k3d(cudaTextureObject_t t, const float4* c, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex3D<float>(t, c[i].x, c[i].y, c[i].z);
}
__global__ void klayer(cudaTextureObject_t t1, cudaTextureObject_t t2, const float4* c, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int layer = (int)c[i].w;
    out[2 * i] = tex1DLayered<float>(t1, c[i].x, layer);
    out[2 * i + 1] = tex2DLayered<float>(t2, c[i].x, c[i].y, layer);
  }
}
__global__ void k1d(cudaTextureObject_t t, float* out) { out[threadIdx.x] = tex1D<float>(t, threadIdx.x * 0.5f + 0.25f); }
__global__ void kcube(cudaTextureObject_t t, const float4* dir, float* out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = texCubemap<float>(t, dir[i].x, dir[i].y, dir[i].z);
}
static cudaTextureObject_t tex(cudaArray_t a, cudaTextureFilterMode f, bool norm = false) {
  cudaResourceDesc r = {};
  r.resType = cudaResourceTypeArray; r.res.array.array = a;
  cudaTextureDesc d = {};
  for (int k = 0; k < 3; k++) d.addressMode[k] = cudaAddressModeClamp;
  d.filterMode = f; d.readMode = cudaReadModeElementType; d.normalizedCoords = norm;
  cudaTextureObject_t t;
  CK(cudaCreateTextureObject(&t, &r, &d, nullptr));
  return t;
}
static int clampi(int v, int n) { return v < 0 ? 0 : v >= n ? n - 1 : v; }
int main() {
  static float h[D][H][W];
  for (int z = 0; z < D; z++) for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) h[z][y][x] = V(x, y, z);
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
  cudaArray_t a3;
  CK(cudaMalloc3DArray(&a3, &cd, make_cudaExtent(W, H, D)));
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(h, W * sizeof(float), W, H);
  p.dstArray = a3; p.extent = make_cudaExtent(W, H, D); p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  const int n = 128;
  float4 hc[n];
  for (int i = 0; i < n; i++) hc[i] = make_float4(-1.f + (i * 7 % 88) * 0.125f, -1.f + (i * 5 % 64) * 0.125f, -0.5f + (i * 3 % 40) * 0.125f, (float)(i % L));
  float4* dc; float* dout; float ho[2 * n];
  CK(cudaMalloc(&dc, sizeof(hc))); CK(cudaMalloc(&dout, 2 * n * 4));
  CK(cudaMemcpy(dc, hc, sizeof(hc), cudaMemcpyHostToDevice));
  cudaTextureObject_t tp = tex(a3, cudaFilterModePoint);
  k3d<<<1, n>>>(tp, dc, dout, n);
  CK(cudaMemcpy(ho, dout, n * 4, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; i++)
    ok &= ho[i] == V(clampi((int)floorf(hc[i].x), W), clampi((int)floorf(hc[i].y), H), clampi((int)floorf(hc[i].z), D));
  check(ok, "tex3D point sampling with clamp");
  cudaTextureObject_t tl = tex(a3, cudaFilterModeLinear);
  k3d<<<1, n>>>(tl, dc, dout, n);
  CK(cudaMemcpy(ho, dout, n * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n; i++) {
    // V is linear in each coordinate, so trilinear filtering of clamped coordinates is V at the
    // clamped sample position (texel centres at +0.5).
    float x = hc[i].x - 0.5f, y = hc[i].y - 0.5f, z = hc[i].z - 0.5f;
    x = x < 0 ? 0 : x > W - 1 ? W - 1 : x; y = y < 0 ? 0 : y > H - 1 ? H - 1 : y; z = z < 0 ? 0 : z > D - 1 ? D - 1 : z;
    float w = x + 10 * y + 100 * z;
    ok &= fabsf(ho[i] - w) <= 1e-3f;
  }
  check(ok, "tex3D trilinear filtering");
  // Layered arrays.
  static float h1[L][W], h2[L][H][W];
  for (int l = 0; l < L; l++) for (int x = 0; x < W; x++) { h1[l][x] = 1000.f * l + x; for (int y = 0; y < H; y++) h2[l][y][x] = V(x, y, l) + 0.5f; }
  cudaArray_t a1l, a2l;
  CK(cudaMalloc3DArray(&a1l, &cd, make_cudaExtent(W, 0, L), cudaArrayLayered));
  CK(cudaMalloc3DArray(&a2l, &cd, make_cudaExtent(W, H, L), cudaArrayLayered));
  cudaMemcpy3DParms q = {};
  q.srcPtr = make_cudaPitchedPtr(h1, W * sizeof(float), W, 1);
  q.dstArray = a1l; q.extent = make_cudaExtent(W, 1, L); q.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&q));
  q.srcPtr = make_cudaPitchedPtr(h2, W * sizeof(float), W, H);
  q.dstArray = a2l; q.extent = make_cudaExtent(W, H, L);
  CK(cudaMemcpy3D(&q));
  cudaTextureObject_t t1 = tex(a1l, cudaFilterModePoint), t2 = tex(a2l, cudaFilterModeLinear);
  klayer<<<1, n>>>(t1, t2, dc, dout, n);
  CK(cudaMemcpy(ho, dout, 2 * n * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n; i++) {
    int l = i % L;
    ok &= ho[2 * i] == h1[l][clampi((int)floorf(hc[i].x), W)];
    float x = hc[i].x - 0.5f, y = hc[i].y - 0.5f;
    x = x < 0 ? 0 : x > W - 1 ? W - 1 : x; y = y < 0 ? 0 : y > H - 1 ? H - 1 : y;
    ok &= fabsf(ho[2 * i + 1] - (x + 10 * y + 100 * l + 0.5f)) <= 1e-3f;
  }
  check(ok, "tex1DLayered point and tex2DLayered bilinear (no filtering across layers)");
  // 1D array, linear filtering: halfway points.
  cudaArray_t a1;
  float line[W];
  for (int x = 0; x < W; x++) line[x] = x * x;
  CK(cudaMallocArray(&a1, &cd, W));
  CK(cudaMemcpy2DToArray(a1, 0, 0, line, W * 4, W * 4, 1, cudaMemcpyHostToDevice));
  cudaTextureObject_t t1d = tex(a1, cudaFilterModeLinear);
  k1d<<<1, 16>>>(t1d, dout);
  CK(cudaMemcpy(ho, dout, 16 * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < 16; i++) {
    float xb = i * 0.5f + 0.25f - 0.5f;
    int j = (int)floorf(xb);
    float a = xb - j;
    float w = (1 - a) * line[clampi(j, W)] + a * line[clampi(j + 1, W)];
    ok &= fabsf(ho[i] - w) <= 1e-4f * (1 + w);
  }
  check(ok, "tex1D on a 1D cudaArray with linear filtering");
  // Cubemap: 6 faces of S x S, face f holds 100 * f + texel index.
  const int S = 4;
  static float cube[6][S][S];
  for (int f = 0; f < 6; f++) for (int y = 0; y < S; y++) for (int x = 0; x < S; x++) cube[f][y][x] = 100.f * f + y * S + x;
  cudaArray_t ac;
  CK(cudaMalloc3DArray(&ac, &cd, make_cudaExtent(S, S, 6), cudaArrayCubemap));
  q = {};
  q.srcPtr = make_cudaPitchedPtr(cube, S * sizeof(float), S, S);
  q.dstArray = ac; q.extent = make_cudaExtent(S, S, 6); q.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&q));
  cudaTextureObject_t tc = tex(ac, cudaFilterModePoint, true);
  // Directions along each axis (face centre: s = t = 0.5 -> texel (2, 2)).
  float4 dirs[6] = {{1, 0, 0, 0}, {-1, 0, 0, 0}, {0, 1, 0, 0}, {0, -1, 0, 0}, {0, 0, 1, 0}, {0, 0, -1, 0}};
  float4* dd;
  CK(cudaMalloc(&dd, sizeof(dirs)));
  CK(cudaMemcpy(dd, dirs, sizeof(dirs), cudaMemcpyHostToDevice));
  kcube<<<1, 6>>>(tc, dd, dout, 6);
  CK(cudaMemcpy(ho, dout, 6 * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int f = 0; f < 6; f++) ok &= ho[f] == 100.f * f + (S / 2) * S + S / 2;
  check(ok, "texCubemap: each axis direction selects its face");
  return finish();
}
