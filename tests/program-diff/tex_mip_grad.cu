// Mipmapped arrays: cudaMallocMipmappedArray with 5 levels filled with distinct constants per
// level, tex2DLod at fractional levels with point and linear mipmap filtering, tex2DGrad with
// isotropic gradients selecting levels, maxMipmapLevelClamp/minMipmapLevelClamp and
// mipmapLevelBias; the value of each fetch (level weights are exact multiples of 1/256).
#include <cstdio>
__global__ void lod(cudaTextureObject_t t, float* o, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  float level = i * 0.1875f - 0.5f;
  o[i] = tex2DLod<float>(t, 0.5f, 0.5f, level);
  float g = exp2f(i * 0.25f - 1.0f) / 64.0f;   // gradient in normalized coordinates
  o[64 + i] = tex2DGrad<float>(t, 0.5f, 0.5f, make_float2(g, 0), make_float2(0, g));
}
int main() {
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
  cudaMipmappedArray_t mm;
  cudaExtent ext = make_cudaExtent(64, 64, 0);
  printf("alloc %s\n", cudaGetErrorName(cudaMallocMipmappedArray(&mm, &cd, ext, 5)));
  for (int l = 0; l < 5; l++) {
    cudaArray_t a; cudaGetMipmappedArrayLevel(&a, mm, l);
    int w = 64 >> l;
    static float buf[64 * 64];
    for (int i = 0; i < w * w; i++) buf[i] = (float)(l * 10 + 1);
    cudaMemcpy2DToArray(a, 0, 0, buf, w * 4, w * 4, w, cudaMemcpyHostToDevice);
  }
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeMipmappedArray; rd.res.mipmap.mipmap = mm;
  struct { int mf; float bias, minc, maxc; } cfgs[] = {{0, 0, 0, 4}, {1, 0, 0, 4}, {1, 0.5f, 0, 4}, {1, 0, 1, 2.5f}, {0, -1, 0.5f, 3}};
  float* o; cudaMalloc(&o, 128 * 4);
  for (auto& c : cfgs) {
    cudaTextureDesc td = {};
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear; td.mipmapFilterMode = (cudaTextureFilterMode)c.mf;
    td.normalizedCoords = 1; td.readMode = cudaReadModeElementType;
    td.mipmapLevelBias = c.bias; td.minMipmapLevelClamp = c.minc; td.maxMipmapLevelClamp = c.maxc;
    cudaTextureObject_t t; cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
    lod<<<1, 40>>>(t, o, 40);
    cudaError_t s = cudaDeviceSynchronize();
    float h[128]; cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
    printf("mf=%d bias=%g clamp=[%g,%g] %s %s\n lod:", c.mf, c.bias, c.minc, c.maxc, cudaGetErrorName(e), cudaGetErrorName(s));
    for (int i = 0; i < 40; i++) printf(" %.6g", h[i]);
    printf("\n grad:");
    for (int i = 0; i < 40; i++) printf(" %.6g", h[64 + i]);
    printf("\n");
    cudaDestroyTextureObject(t);
  }
}
