// Mipmap level blending of a float texture (tex2DLod with mipmapFilterMode linear) at level
// fractions in 1/256 steps and at pseudo-random levels of detail, on three constant levels (so
// each level's own filtering is exact): the first set shows the level weight itself (levels
// 0 and 1), the others how two levels' values are blended (exactly, rounded once, on an H200).
// Printed as bits: the levels, the levels of detail, the results. (Cut from a probe of the
// texture unit whose earlier parts drew 1728 numbers from the same generator first.)
#include <cstdio>
#include <cstring>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void s2l(cudaTextureObject_t t, const float* xs, float* o, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) o[i] = tex2DLod<float>(t, xs[3 * i], xs[3 * i + 1], xs[3 * i + 2]); }

static unsigned rng = 777u;
static unsigned nxt() { rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5; return rng; }
static float rf() { unsigned r = nxt(); float m = 1.0f + (float)(r & 0x7fffff) / 8388608.0f; int e = (int)((r >> 23) % 9) - 4; float v = ldexpf(m, e); return (r >> 31) ? -v : v; }

int main() {
  cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
  float *dx, *dout; CK(cudaMallocManaged(&dx, 3 * 8192 * 4)); CK(cudaMallocManaged(&dout, 8192 * 4));
  for (int i = 0; i < 1728; ++i) nxt();
  // E: mipmapped 2D 4x4 with 3 levels: level constants (0,1) and random; lod = k/256 and random
  {
    cudaMipmappedArray_t m; CK(cudaMallocMipmappedArray(&m, &d, make_cudaExtent(4, 4, 0), 3));
    for (int rep = 0; rep < 5; ++rep) {
      float lv[3];
      if (rep == 0) { lv[0] = 0.0f; lv[1] = 1.0f; lv[2] = 1.0f; } else for (int l = 0; l < 3; ++l) lv[l] = rf();
      for (int l = 0; l < 3; ++l) {
        cudaArray_t a; CK(cudaGetMipmappedArrayLevel(&a, m, l));
        int w = 4 >> l; float h[16]; for (int i = 0; i < 16; ++i) h[i] = lv[l];
        CK(cudaMemcpy2DToArray(a, 0, 0, h, w * 4, w * 4, w, cudaMemcpyHostToDevice));
      }
      cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeMipmappedArray; rd.res.mipmap.mipmap = m;
      cudaTextureDesc td = {}; td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp; td.filterMode = cudaFilterModeLinear; td.mipmapFilterMode = cudaFilterModeLinear;
      td.readMode = cudaReadModeElementType; td.normalizedCoords = 1; td.maxMipmapLevelClamp = 2; td.maxAnisotropy = 1;
      cudaTextureObject_t t; CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
      int n = 0;
      for (int k = 0; k < 256; ++k) { dx[3 * n] = 0.5f; dx[3 * n + 1] = 0.5f; dx[3 * n + 2] = k / 256.0f + (rep & 1) * 1.0f; ++n; }
      for (int k = 0; k < 64; ++k) { dx[3 * n] = 0.5f; dx[3 * n + 1] = 0.5f; dx[3 * n + 2] = (nxt() % 100000) / 100000.0f * 2.0f; ++n; }
      s2l<<<3, 128>>>(t, dx, dout, n); CK(cudaDeviceSynchronize());
      printf("Elv"); for (int l = 0; l < 3; ++l) { unsigned u; memcpy(&u, &lv[l], 4); printf(" %08x", u); } printf("\n");
      printf("Elod"); for (int i = 0; i < n; ++i) { unsigned u; memcpy(&u, &dx[3 * i + 2], 4); printf(" %08x", u); } printf("\n");
      printf("E"); for (int i = 0; i < n; ++i) { unsigned u; memcpy(&u, &dout[i], 4); printf(" %08x", u); } printf("\n");
      cudaDestroyTextureObject(t);
    }
  }
  return 0;
}
