// Textures over linear memory (tex1Dfetch: int, uchar4/char2/ushort normalized, half, float4;
// out-of-range indices) and over pitched 2D memory with normalized coordinates and linear filtering.
#include <cstdio>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
template <class R>
__global__ void fetch(cudaTextureObject_t t, int n, R *o) {
  int i = threadIdx.x;
  o[i] = tex1Dfetch<R>(t, i - 4 + (i >= n + 6 ? 1000000 : 0));
}
template <class T, class R>
void lin(const char *name, cudaChannelFormatDesc cd, const T *h, int n, cudaTextureReadMode rm) {
  T *d; cudaMalloc(&d, n * sizeof(T)); cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeLinear; rd.res.linear.devPtr = d;
  rd.res.linear.desc = cd; rd.res.linear.sizeInBytes = n * sizeof(T);
  cudaTextureDesc td = {}; td.readMode = rm;
  cudaTextureObject_t t;
  cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
  printf("%s: create %s\n", name, cudaGetErrorString(e));
  if (e) return;
  R *o; cudaMallocManaged(&o, 32 * sizeof(R));
  fetch<R><<<1, 32>>>(t, n, o);
  e = cudaDeviceSynchronize();
  printf("  %s:", cudaGetErrorString(e));
  for (int i = 0; i < 32; i++) {
    const unsigned *u = (const unsigned *)&o[i];
    for (unsigned k = 0; k < sizeof(R) / 4; k++) printf("%s%x", k ? "," : " ", u[k]);
  }
  printf("\n");
  cudaDestroyTextureObject(t); cudaFree(d); cudaFree(o);
}
__global__ void pitched(cudaTextureObject_t t, float *o) {
  int i = threadIdx.x, j = blockIdx.x;
  o[j * 64 + i] = tex2D<float>(t, (i - 8) / 40.0f, (j - 2) / 12.0f + 0.013f);
}
int main() {
  int id[20]; for (int i = 0; i < 20; i++) id[i] = i * 0x01010101 - 7;
  lin<int, int>("int", cudaCreateChannelDesc<int>(), id, 20, cudaReadModeElementType);
  uchar4 u4[20]; for (int i = 0; i < 20; i++) u4[i] = make_uchar4(i * 13, 255 - i, i * 128, 1);
  lin<uchar4, float4>("uchar4 norm", cudaCreateChannelDesc<uchar4>(), u4, 20, cudaReadModeNormalizedFloat);
  lin<uchar4, uchar4>("uchar4 elem", cudaCreateChannelDesc<uchar4>(), u4, 20, cudaReadModeElementType);
  char2 c2[20]; for (int i = 0; i < 20; i++) c2[i] = make_char2((char)(i * 13 - 128), (char)(127 - i * 3));
  lin<char2, float2>("char2 norm", cudaCreateChannelDesc<char2>(), c2, 20, cudaReadModeNormalizedFloat);
  unsigned short us[20]; for (int i = 0; i < 20; i++) us[i] = (unsigned short)(i * 3449 + (i == 19 ? 65535 - 19 * 3449 : 0));
  lin<unsigned short, float>("ushort norm", cudaCreateChannelDesc<unsigned short>(), us, 20, cudaReadModeNormalizedFloat);
  short ss[20]; for (int i = 0; i < 20; i++) ss[i] = (short)(i * 3449 - 32768);
  lin<short, float>("short norm", cudaCreateChannelDesc<short>(), ss, 20, cudaReadModeNormalizedFloat);
  __half hv[20]; for (int i = 0; i < 20; i++) hv[i] = __float2half(i * 0.3f - 2.f);
  lin<__half, float>("half", cudaCreateChannelDescHalf(), hv, 20, cudaReadModeElementType);
  float4 f4[20]; for (int i = 0; i < 20; i++) f4[i] = make_float4(i, -i, i * 0.5f, 1e30f);
  lin<float4, float4>("float4", cudaCreateChannelDesc<float4>(), f4, 20, cudaReadModeElementType);
  // pitched 2D, normalized coordinates, linear filtering, clamp and border
  float *dp; size_t pitch;
  cudaMallocPitch(&dp, &pitch, 24 * 4, 6);
  float hp[6 * 24]; for (int i = 0; i < 144; i++) hp[i] = (i % 24) * 1.5f + (i / 24) * 100.f + (i % 5 ? 0 : 0.001f);
  cudaMemcpy2D(dp, pitch, hp, 96, 96, 6, cudaMemcpyHostToDevice);
  float *o; cudaMallocManaged(&o, 16 * 64 * 4);
  for (int m = 0; m < 4; m++) {
    cudaResourceDesc rd = {}; rd.resType = cudaResourceTypePitch2D; rd.res.pitch2D.devPtr = dp;
    rd.res.pitch2D.desc = cudaCreateChannelDesc<float>(); rd.res.pitch2D.width = 24; rd.res.pitch2D.height = 6;
    rd.res.pitch2D.pitchInBytes = pitch;
    cudaTextureDesc td = {};
    td.addressMode[0] = td.addressMode[1] = (cudaTextureAddressMode)m;
    td.filterMode = cudaFilterModeLinear; td.normalizedCoords = 1; td.borderColor[0] = -1.f;
    cudaTextureObject_t t;
    cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
    if (e) { printf("pitch mode %d: %s\n", m, cudaGetErrorString(e)); continue; }
    pitched<<<16, 64>>>(t, o);
    e = cudaDeviceSynchronize();
    printf("pitch mode %d: %s\n", m, cudaGetErrorString(e));
    for (int j = 0; j < 16; j += 3) {
      for (int i = 0; i < 64; i += 5) printf(" %a", o[j * 64 + i]);
      printf("\n");
    }
    cudaDestroyTextureObject(t);
  }
  return 0;
}
