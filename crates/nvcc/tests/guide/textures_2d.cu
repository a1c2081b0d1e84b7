// Texture objects (the guide's texture-memory section): the guide's transform kernel reading a 2D
// cudaArray through a texture object with linear filtering and normalized coordinates; point
// sampling with the wrap, clamp, mirror and border address modes; cudaReadModeNormalizedFloat on
// uchar4; tex1Dfetch from linear memory; tex2D on pitched linear memory. Expected values come from
// the guide's addressing and filtering formulas (texture-fetching appendix).
#include "guide.h"
#include <cmath>
__global__ void transformKernel(float* output, cudaTextureObject_t texObj, int width, int height, float theta) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= (unsigned)width || y >= (unsigned)height) return;
  float u = x / (float)width, v = y / (float)height;
  u -= 0.5f; v -= 0.5f;
  float tu = u * cosf(theta) - v * sinf(theta) + 0.5f;
  float tv = v * cosf(theta) + u * sinf(theta) + 0.5f;
  output[y * width + x] = tex2D<float>(texObj, tu, tv);
}
__global__ void sample(cudaTextureObject_t t, const float2* coords, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(t, coords[i].x, coords[i].y);
}
__global__ void sample4(cudaTextureObject_t t, const float2* coords, float4* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float4>(t, coords[i].x, coords[i].y);
}
__global__ void fetch1d(cudaTextureObject_t t, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<int>(t, i * 3 % n);
}
const int W = 16, H = 8;
static float T(int x, int y) { return (float)(x * 10 + y * 1000); }
// Texel index per address mode for clamp and border (clamp to the edge texel; border reads 0), and
// wrap for the filtered footprint.
static int address(int i, int n, cudaTextureAddressMode m, bool& border) {
  if (i >= 0 && i < n) return i;
  switch (m) {
    case cudaAddressModeWrap: return ((i % n) + n) % n;
    case cudaAddressModeMirror: { int p = ((i % (2 * n)) + 2 * n) % (2 * n); return p < n ? p : 2 * n - 1 - p; }
    case cudaAddressModeBorder: border = true; return 0;
    default: return i < 0 ? 0 : n - 1;
  }
}
// Wrap acts on the normalized coordinate (its fractional part); mirror on the texel index, as an
// H200 does: u = 17/16 on 16 texels is texel 17, whose mirror is texel 14 (mirroring the coordinate,
// 1 - frac(u) = 15/16, would land on the boundary of texel 15).
static float wrap(float u) { return u - floorf(u); }
static float point(float u, float v, bool normalized, cudaTextureAddressMode m) {
  if (normalized && m == cudaAddressModeWrap) { u = wrap(u); v = wrap(v); m = cudaAddressModeClamp; }
  float x = normalized ? u * W : u, y = normalized ? v * H : v;
  bool border = false;
  int ix = address((int)floorf(x), W, m, border), iy = address((int)floorf(y), H, m, border);
  return border ? 0.f : T(ix, iy);
}
static float linear(float u, float v) {  // clamp mode, unnormalized
  float xb = u - 0.5f, yb = v - 0.5f;
  int i = (int)floorf(xb), j = (int)floorf(yb);
  float a = xb - i, b = yb - j;
  bool bd = false;
  auto t = [&](int x, int y) { return T(address(x, W, cudaAddressModeClamp, bd), address(y, H, cudaAddressModeClamp, bd)); };
  return (1 - a) * (1 - b) * t(i, j) + a * (1 - b) * t(i + 1, j) + (1 - a) * b * t(i, j + 1) + a * b * t(i + 1, j + 1);
}
static cudaTextureObject_t make(cudaArray_t arr, cudaTextureAddressMode m, cudaTextureFilterMode f, bool norm) {
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = arr;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = m;
  td.filterMode = f;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = norm;
  cudaTextureObject_t t;
  CK(cudaCreateTextureObject(&t, &res, &td, nullptr));
  return t;
}
int main() {
  float h[H][W];
  for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) h[y][x] = T(x, y);
  cudaChannelFormatDesc cd = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t arr;
  CK(cudaMallocArray(&arr, &cd, W, H));
  CK(cudaMemcpy2DToArray(arr, 0, 0, h, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice));
  // Coordinates on texel centres and at eighths (exact 9-bit filtering weights), in and out of range.
  const int n = 256;
  float2 hc[n], hcn[n];
  for (int i = 0; i < n; i++) {
    float u = -20.f + (i * 37 % 400) * 0.125f, v = -10.f + (i * 11 % 240) * 0.125f;
    hc[i] = make_float2(u, v);
    hcn[i] = make_float2(u / W, v / H);
  }
  float2 *dc, *dcn; float* dout; float hout[n];
  CK(cudaMalloc(&dc, sizeof(hc))); CK(cudaMalloc(&dcn, sizeof(hcn))); CK(cudaMalloc(&dout, n * 4));
  CK(cudaMemcpy(dc, hc, sizeof(hc), cudaMemcpyHostToDevice)); CK(cudaMemcpy(dcn, hcn, sizeof(hcn), cudaMemcpyHostToDevice));
  struct { cudaTextureAddressMode m; bool norm; const char* name; } modes[] = {
      {cudaAddressModeClamp, false, "point sampling, clamp, unnormalized"},
      {cudaAddressModeBorder, false, "point sampling, border, unnormalized"},
      {cudaAddressModeWrap, true, "point sampling, wrap, normalized"},
      {cudaAddressModeMirror, true, "point sampling, mirror, normalized"},
      {cudaAddressModeClamp, true, "point sampling, clamp, normalized"}};
  for (auto& md : modes) {
    cudaTextureObject_t t = make(arr, md.m, cudaFilterModePoint, md.norm);
    sample<<<n / 64, 64>>>(t, md.norm ? dcn : dc, dout, n);
    CK(cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
      float w = md.norm ? point(hcn[i].x, hcn[i].y, true, md.m) : point(hc[i].x, hc[i].y, false, md.m);
      if (hout[i] != w) { printf("  (%g, %g): %g want %g\n", hc[i].x, hc[i].y, hout[i], w); ok = false; }
    }
    check(ok, md.name);
    CK(cudaDestroyTextureObject(t));
  }
  cudaTextureObject_t lin = make(arr, cudaAddressModeClamp, cudaFilterModeLinear, false);
  sample<<<n / 64, 64>>>(lin, dc, dout, n);
  CK(cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n && ok; i++) {
    float w = linear(hc[i].x, hc[i].y);
    if (fabsf(hout[i] - w) > 1e-4f * (1 + fabsf(w))) { printf("  linear (%g, %g): %g want %g\n", hc[i].x, hc[i].y, hout[i], w); ok = false; }
  }
  check(ok, "bilinear filtering, clamp");
  CK(cudaDestroyTextureObject(lin));
  // The guide's rotation example: output must equal sampling at the rotated coordinates.
  cudaTextureObject_t rot = make(arr, cudaAddressModeWrap, cudaFilterModeLinear, true);
  float* out;
  CK(cudaMalloc(&out, W * H * 4));
  transformKernel<<<dim3(1, 1), dim3(W, H)>>>(out, rot, W, H, 0.0f);  // theta 0: u + 0.5/... samples
  float ho[W * H];
  CK(cudaMemcpy(ho, out, sizeof(ho), cudaMemcpyDeviceToHost));
  ok = true;
  // With theta = 0, (x/W - 0.5) + 0.5 = x/W: halfway between texels x-1 and x (wrapped).
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      int x0 = (x - 1 + W) % W, y0 = (y - 1 + H) % H;
      float w = 0.25f * (T(x0, y0) + T(x, y0) + T(x0, y) + T(x, y));
      ok &= fabsf(ho[y * W + x] - w) <= 1e-4f * (1 + fabsf(w));
    }
  check(ok, "the guide's transformKernel (linear, wrap, normalized) at theta = 0");
  // uchar4 with cudaReadModeNormalizedFloat: value / 255.
  uchar4 hu[H][W];
  for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) hu[y][x] = make_uchar4(x * 16, y * 32, 255, (x + y) & 255);
  cudaChannelFormatDesc cu = cudaCreateChannelDesc<uchar4>();
  cudaArray_t au;
  CK(cudaMallocArray(&au, &cu, W, H));
  CK(cudaMemcpy2DToArray(au, 0, 0, hu, W * 4, W * 4, H, cudaMemcpyHostToDevice));
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray; res.res.array.array = au;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModePoint; td.readMode = cudaReadModeNormalizedFloat;
  cudaTextureObject_t tu;
  CK(cudaCreateTextureObject(&tu, &res, &td, nullptr));
  float4* d4; float4 h4[n];
  CK(cudaMalloc(&d4, n * sizeof(float4)));
  sample4<<<n / 64, 64>>>(tu, dc, d4, n);
  CK(cudaMemcpy(h4, d4, sizeof(h4), cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n; i++) {
    int x = (int)floorf(hc[i].x), y = (int)floorf(hc[i].y);
    x = x < 0 ? 0 : x >= W ? W - 1 : x; y = y < 0 ? 0 : y >= H ? H - 1 : y;
    uchar4 c = hu[y][x];
    ok &= h4[i].x == c.x / 255.f && h4[i].y == c.y / 255.f && h4[i].z == 1.f && h4[i].w == c.w / 255.f;
  }
  check(ok, "uchar4 with cudaReadModeNormalizedFloat");
  // tex1Dfetch from linear memory.
  const int m = 100;
  int hl[m];
  for (int i = 0; i < m; i++) hl[i] = i * i - 7;
  int* dl;
  CK(cudaMalloc(&dl, sizeof(hl)));
  CK(cudaMemcpy(dl, hl, sizeof(hl), cudaMemcpyHostToDevice));
  cudaResourceDesc rl = {};
  rl.resType = cudaResourceTypeLinear; rl.res.linear.devPtr = dl;
  rl.res.linear.desc = cudaCreateChannelDesc<int>(); rl.res.linear.sizeInBytes = sizeof(hl);
  cudaTextureDesc tl = {};
  tl.readMode = cudaReadModeElementType;
  cudaTextureObject_t t1;
  CK(cudaCreateTextureObject(&t1, &rl, &tl, nullptr));
  int* dres; int hres[m];
  CK(cudaMalloc(&dres, sizeof(hres)));
  fetch1d<<<1, m>>>(t1, dres, m);
  CK(cudaMemcpy(hres, dres, sizeof(hres), cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < m; i++) ok &= hres[i] == hl[i * 3 % m];
  check(ok, "tex1Dfetch from linear memory");
  // tex2D on pitched linear memory (cudaResourceTypePitch2D).
  float* pitched; size_t pitch;
  CK(cudaMallocPitch(&pitched, &pitch, W * sizeof(float), H));
  CK(cudaMemcpy2D(pitched, pitch, h, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice));
  cudaResourceDesc rp = {};
  rp.resType = cudaResourceTypePitch2D; rp.res.pitch2D.devPtr = pitched; rp.res.pitch2D.desc = cd;
  rp.res.pitch2D.width = W; rp.res.pitch2D.height = H; rp.res.pitch2D.pitchInBytes = pitch;
  cudaTextureDesc tp = {};
  tp.addressMode[0] = tp.addressMode[1] = cudaAddressModeClamp; tp.filterMode = cudaFilterModePoint;
  cudaTextureObject_t t2;
  CK(cudaCreateTextureObject(&t2, &rp, &tp, nullptr));
  sample<<<n / 64, 64>>>(t2, dc, dout, n);
  CK(cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n; i++) ok &= hout[i] == point(hc[i].x, hc[i].y, false, cudaAddressModeClamp);
  check(ok, "tex2D on pitched linear memory");
  return finish();
}
