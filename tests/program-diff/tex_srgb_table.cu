// (The sRGB part of gpu-unseen/runtime17_tex_srgb_unorm.cu, whose normalized array kinds are
// left out: Cuprite does not take them yet.)
// Texture reads an H200 answers: (1) the sRGB-to-linear table: every 8-bit value 0..255 read
// through a uchar4 array texture with sRGB=1 and cudaReadModeNormalizedFloat (red, green, blue
// converted, alpha not), printed as the float's bits; (2) arrays of the normalized kinds
// (UnsignedNormalized8X1/8X2/8X4/16X1/16X4, SignedNormalized8X1/8X4/16X2): cudaMallocArray's
// answer, cudaArrayGetInfo's channel description, and point reads with cudaReadModeElementType
// and cudaReadModeNormalizedFloat as float4 (and for 8X4 also sRGB=1).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void fetch4(cudaTextureObject_t t, int n, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float4>(t, i + 0.5f, 0.5f);
}

static unsigned bits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }

static void read_array(cudaArray_t a, int w, int mode, int srgb, float4 *dout, float4 *hout, const char *what) {
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModePoint;
  td.readMode = (cudaTextureReadMode)mode;
  td.sRGB = srgb;
  cudaTextureObject_t t = 0;
  cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
  printf("  %s: create %s", what, cudaGetErrorName(e));
  if (e != cudaSuccess) { printf("\n"); cudaGetLastError(); return; }
  cudaMemset(dout, 0xff, w * sizeof(float4));
  fetch4<<<(w + 63) / 64, 64>>>(t, w, dout);
  cudaError_t s = cudaDeviceSynchronize();
  cudaMemcpy(hout, dout, w * sizeof(float4), cudaMemcpyDeviceToHost);
  printf(", read %s\n", cudaGetErrorName(s));
  if (s == cudaSuccess && w <= 8)
    for (int i = 0; i < w; i++)
      printf("    [%d] %.9g %.9g %.9g %.9g\n", i, hout[i].x, hout[i].y, hout[i].z, hout[i].w);
  cudaDestroyTextureObject(t);
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  float4 *dout, hout[256];
  cudaMalloc(&dout, 256 * sizeof(float4));

  // (1) the sRGB table
  unsigned char px[256 * 4];
  for (int i = 0; i < 256; i++) { px[4 * i] = i; px[4 * i + 1] = 255 - i; px[4 * i + 2] = i; px[4 * i + 3] = i; }
  cudaChannelFormatDesc c8 = cudaCreateChannelDesc<uchar4>();
  cudaArray_t a8;
  cudaMallocArray(&a8, &c8, 256, 1);
  cudaMemcpy2DToArray(a8, 0, 0, px, 256 * 4, 256 * 4, 1, cudaMemcpyHostToDevice);
  read_array(a8, 256, cudaReadModeNormalizedFloat, 1, dout, hout, "uchar4 sRGB normalized, 256 texels");
  printf("srgb table (value: red bits, alpha bits)\n");
  for (int i = 0; i < 256; i++) {
    printf("%3d %08x %08x%s", i, bits(hout[i].x), bits(hout[i].w), i % 4 == 3 ? "\n" : " | ");
    if (i > 0 && bits(hout[255 - i].y) != bits(hout[i].x)) printf("(green of %d differs) ", 255 - i);
  }
  cudaFreeArray(a8);
  return 0;
}
