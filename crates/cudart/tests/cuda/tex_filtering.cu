// 2D float texture on a CUDA array: point and linear filtering, every address mode, with
// unnormalized and normalized coordinates, against a host reference implementing the
// Programming Guide's texture-fetching formulas (9-bit fixed-point weights).
#include "common.h"
#include <cmath>

const int W = 5, H = 4, GX = 24, GY = 16;
float T[H][W];

__global__ void sample(cudaTextureObject_t t, const float2 *xy, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex2D<float>(t, xy[i].x, xy[i].y);
}

static float texel(int i, int j, cudaTextureAddressMode m, bool norm, float border) {
  if (!norm && (m == cudaAddressModeWrap || m == cudaAddressModeMirror)) m = cudaAddressModeClamp;
  auto fix = [&](int k, int n, bool *out) {
    switch (m) {
      case cudaAddressModeClamp: return k < 0 ? 0 : (k >= n ? n - 1 : k);
      case cudaAddressModeBorder: if (k < 0 || k >= n) *out = true; return 0;
      case cudaAddressModeWrap: return ((k % n) + n) % n;
      default: { int p = ((k % (2 * n)) + 2 * n) % (2 * n); return p < n ? p : 2 * n - 1 - p; }
    }
  };
  bool out = false;
  int x = fix(i, W, &out), y = fix(j, H, &out);
  if (m == cudaAddressModeBorder && !out) { x = i; y = j; }
  return out ? border : T[y][x];
}

static float coord(float u, int n, cudaTextureAddressMode m, bool norm) {
  if (!norm) return u;
  if (m == cudaAddressModeWrap) u = u - floorf(u);
  if (m == cudaAddressModeMirror) { float f = floorf(u); u = ((long long)f & 1) ? 1.0f - (u - f) : u - f; }
  return u * (float)n;
}

static float reference(float u, float v, cudaTextureFilterMode f, cudaTextureAddressMode m, bool norm, float border) {
  float x = coord(u, W, m, norm), y = coord(v, H, m, norm);
  if (f == cudaFilterModePoint) return texel((int)floorf(x), (int)floorf(y), m, norm, border);
  float xb = x - 0.5f, yb = y - 0.5f;
  float i = floorf(xb), j = floorf(yb);
  float a = roundf((xb - i) * 256.0f) / 256.0f, b = roundf((yb - j) * 256.0f) / 256.0f;
  int ii = (int)i, jj = (int)j;
  // As an H100 forms the weights: a*b rounded (half up) to 8 bits, the others completing each
  // row and column to its 8-bit fraction.
  int ai = (int)(a * 256), bi = (int)(b * 256), w11 = (ai * bi + 128) >> 8;
  float w00 = (256 - ai - bi + w11) / 256.0f, w10 = (ai - w11) / 256.0f, w01 = (bi - w11) / 256.0f, w1 = w11 / 256.0f;
  return w00 * texel(ii, jj, m, norm, border) + w10 * texel(ii + 1, jj, m, norm, border) +
         w01 * texel(ii, jj + 1, m, norm, border) + w1 * texel(ii + 1, jj + 1, m, norm, border);
}

int main() {
  for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) T[y][x] = (float)((x * 7 + y * 13) % 11) - 3.0f + 0.25f * x;
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
  cudaArray_t a; CK(cudaMallocArray(&a, &cd, W, H));
  CK(cudaMemcpy2DToArray(a, 0, 0, T, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice));
  const int N = GX * GY;
  float2 *dxy; float *dout;
  CK(cudaMalloc(&dxy, N * sizeof(float2))); CK(cudaMalloc(&dout, N * sizeof(float)));
  float2 xy[N]; float out[N];
  int checked = 0;
  for (int f = 0; f < 2; f++)
    for (int m = 0; m < 4; m++)
      for (int norm = 0; norm < 2; norm++) {
        for (int gy = 0; gy < GY; gy++)
          for (int gx = 0; gx < GX; gx++) {
            float u = norm ? -1.3f + gx * 0.1537f : -2.1f + gx * 0.3791f;
            float v = norm ? -0.9f + gy * 0.1913f : -1.7f + gy * 0.4411f;
            xy[gy * GX + gx] = make_float2(u, v);
          }
        CK(cudaMemcpy(dxy, xy, sizeof xy, cudaMemcpyHostToDevice));
        cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a;
        cudaTextureDesc td = {};
        td.addressMode[0] = td.addressMode[1] = (cudaTextureAddressMode)m;
        td.filterMode = (cudaTextureFilterMode)f; td.readMode = cudaReadModeElementType;
        td.normalizedCoords = norm; td.borderColor[0] = 42.5f;
        cudaTextureObject_t t; CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
        sample<<<(N + 127) / 128, 128>>>(t, dxy, dout, N);
        CK(cudaGetLastError());
        CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
        for (int i = 0; i < N; i++) {
          float want = reference(xy[i].x, xy[i].y, (cudaTextureFilterMode)f, (cudaTextureAddressMode)m, norm, 42.5f);
          if (fabsf(out[i] - want) > 1e-5f * fmaxf(1.0f, fabsf(want))) {
            printf("FAIL filter %d mode %d norm %d at (%g, %g): got %.9g want %.9g\n", f, m, norm, xy[i].x, xy[i].y, out[i], want);
            return 1;
          }
          checked++;
        }
        CK(cudaDestroyTextureObject(t));
      }
  EXPECT(checked == 16 * N);
  printf("PASS\n");
  return 0;
}
