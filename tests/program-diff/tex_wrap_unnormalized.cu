// Texture address modes with unnormalized coordinates (the guide: wrap and mirror are only
// supported with normalized coordinates; other modes fall back to clamp), point and linear
// filtering, on a 1-D and a 2-D float array; and tex1Dfetch on linear memory of uchar and short
// with normalized-float reads, indices past the end returning zero.
#include <cstdio>
#include <cstring>
__global__ void f1(cudaTextureObject_t t, float* o) {
  int i = threadIdx.x;
  o[i] = tex1D<float>(t, -6.25f + i * 0.75f);
}
__global__ void f2(cudaTextureObject_t t, float* o) {
  int i = threadIdx.x;
  o[i] = tex2D<float>(t, -3.3f + i * 0.6f, 5.7f - i * 0.45f);
}
__global__ void fl(cudaTextureObject_t tu, cudaTextureObject_t ts, float* o) {
  int i = threadIdx.x;
  o[i] = tex1Dfetch<float>(tu, i * 3 - 4);
  o[32 + i] = tex1Dfetch<float>(ts, i * 2 - 3);
}
static void dump(const char* nm, float* d, int n) {
  float h[64]; cudaMemcpy(h, d, n * 4, cudaMemcpyDeviceToHost);
  printf("%s:", nm);
  for (int i = 0; i < n; i++) { unsigned u; memcpy(&u, &h[i], 4); printf(" %08x", u); }
  printf("\n");
}
int main() {
  float v1[8] = {1, 2, 4, 8, 16, 32, 64, 128};
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
  cudaArray_t a1; cudaMallocArray(&a1, &cd, 8);
  cudaMemcpy2DToArray(a1, 0, 0, v1, 32, 32, 1, cudaMemcpyHostToDevice);
  float v2[5 * 6]; for (int i = 0; i < 30; i++) v2[i] = (float)(i * i % 17);
  cudaArray_t a2; cudaMallocArray(&a2, &cd, 6, 5);
  cudaMemcpy2DToArray(a2, 0, 0, v2, 24, 24, 5, cudaMemcpyHostToDevice);
  float* o; cudaMalloc(&o, 64 * 4);
  const char* mn[] = {"wrap", "clamp", "mirror", "border"};
  for (int m = 0; m < 4; m++)
    for (int f = 0; f < 2; f++) {
      cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a1;
      cudaTextureDesc td = {}; td.addressMode[0] = td.addressMode[1] = (cudaTextureAddressMode)m;
      td.filterMode = (cudaTextureFilterMode)f; td.readMode = cudaReadModeElementType; td.normalizedCoords = 0;
      td.borderColor[0] = -1.0f;
      cudaTextureObject_t t; cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
      f1<<<1, 24>>>(t, o);
      cudaError_t s = cudaDeviceSynchronize();
      char nm[64]; snprintf(nm, 64, "1d %s f%d %s %s", mn[m], f, cudaGetErrorName(e), cudaGetErrorName(s));
      dump(nm, o, 24);
      cudaDestroyTextureObject(t);
      rd.res.array.array = a2;
      cudaCreateTextureObject(&t, &rd, &td, nullptr);
      f2<<<1, 24>>>(t, o);
      s = cudaDeviceSynchronize();
      snprintf(nm, 64, "2d %s f%d %s", mn[m], f, cudaGetErrorName(s));
      dump(nm, o, 24);
      cudaDestroyTextureObject(t);
    }
  unsigned char u8[40]; short s16[40];
  for (int i = 0; i < 40; i++) { u8[i] = (unsigned char)(i * 37); s16[i] = (short)(i * 3001 - 60000 / 2); }
  unsigned char* du; short* ds; cudaMalloc(&du, 40); cudaMalloc(&ds, 80);
  cudaMemcpy(du, u8, 40, cudaMemcpyHostToDevice); cudaMemcpy(ds, s16, 80, cudaMemcpyHostToDevice);
  cudaResourceDesc rl = {}; rl.resType = cudaResourceTypeLinear; rl.res.linear.devPtr = du;
  rl.res.linear.desc = cudaCreateChannelDesc<unsigned char>(); rl.res.linear.sizeInBytes = 40;
  cudaTextureDesc tn = {}; tn.readMode = cudaReadModeNormalizedFloat;
  cudaTextureObject_t tu, ts;
  cudaError_t e1 = cudaCreateTextureObject(&tu, &rl, &tn, nullptr);
  rl.res.linear.devPtr = ds; rl.res.linear.desc = cudaCreateChannelDesc<short>(); rl.res.linear.sizeInBytes = 80;
  cudaError_t e2 = cudaCreateTextureObject(&ts, &rl, &tn, nullptr);
  fl<<<1, 32>>>(tu, ts, o);
  printf("linear %s %s %s\n", cudaGetErrorName(e1), cudaGetErrorName(e2), cudaGetErrorName(cudaDeviceSynchronize()));
  dump("u8 fetch", o, 32);
  dump("s16 fetch", o + 32, 32);
}
