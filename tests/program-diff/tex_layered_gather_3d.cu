// 1D/2D layered textures with linear filtering and out-of-range layers, tex2Dgather of every
// component with each address mode, and 3D textures with trilinear filtering in each address
// mode (clamp at and beyond the edges). (Cubemap arrays are created and filled, not sampled.)
#include <cstdio>
#include <cuda_runtime.h>
__global__ void cube(cudaTextureObject_t t, cudaTextureObject_t tl, const float4 *dirs, int n, float *o) {
  int i = threadIdx.x;
  if (i >= n) return;
  float4 d = dirs[i];
  o[i * 4 + 0] = texCubemap<float>(t, d.x, d.y, d.z);
  o[i * 4 + 1] = texCubemapLayered<float>(tl, d.x, d.y, d.z, 1);
  o[i * 4 + 2] = texCubemapLayered<float>(tl, d.z, d.x, d.y, 0);
  o[i * 4 + 3] = texCubemap<float>(t, -d.y, d.z * 0.5f, d.x);
}
__global__ void layered(cudaTextureObject_t t1, cudaTextureObject_t t2, float *o) {
  int i = threadIdx.x;
  float x = -1.0f + i * 0.19f;
  int layer = i % 5 - 1;  // -1 .. 3 with 3 layers
  o[i] = tex1DLayered<float>(t1, x, layer);
  o[32 + i] = tex2DLayered<float>(t2, x, 2.3f - i * 0.07f, layer);
}
__global__ void gather(cudaTextureObject_t t, float *o) {
  int i = threadIdx.x;
  float x = -1.25f + i * 0.33f, y = 0.5f + (i % 4) * 0.75f - 1.0f;
  float4 g0 = tex2Dgather<float4>(t, x, y, 0), g1 = tex2Dgather<float4>(t, x, y, 1);
  float4 g2 = tex2Dgather<float4>(t, x, y, 2), g3 = tex2Dgather<float4>(t, x, y, 3);
  float *p = o + i * 16;
  p[0] = g0.x; p[1] = g0.y; p[2] = g0.z; p[3] = g0.w; p[4] = g1.x; p[5] = g1.y; p[6] = g1.z; p[7] = g1.w;
  p[8] = g2.x; p[9] = g2.y; p[10] = g2.z; p[11] = g2.w; p[12] = g3.x; p[13] = g3.y; p[14] = g3.z; p[15] = g3.w;
}
__global__ void tex3(cudaTextureObject_t t, float *o) {
  int i = threadIdx.x;
  o[i] = tex3D<float>(t, -0.3f + i * 0.047f, 0.9f - i * 0.031f, 0.15f + i * 0.0625f);
}
static void show(const char *n, const float *o, int k) {
  printf("%s:", n);
  for (int i = 0; i < k; i++) printf(" %a", o[i]);
  printf("\n");
}
int main() {
  const int S = 4;
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
  cudaArray_t cubeA, cubeL;
  float buf[6 * 2 * S * S];
  for (int i = 0; i < 12 * S * S; i++) buf[i] = (i / (S * S)) * 100.f + (i % (S * S)) + 0.5f * (i % 3);
  cudaMalloc3DArray(&cubeA, &cd, make_cudaExtent(S, S, 6), cudaArrayCubemap);
  cudaMalloc3DArray(&cubeL, &cd, make_cudaExtent(S, S, 12), cudaArrayCubemap | cudaArrayLayered);
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(buf, S * 4, S, S); p.dstArray = cubeA; p.extent = make_cudaExtent(S, S, 6); p.kind = cudaMemcpyHostToDevice;
  printf("copy cube: %s\n", cudaGetErrorString(cudaMemcpy3D(&p)));
  p.dstArray = cubeL; p.extent = make_cudaExtent(S, S, 12);
  printf("copy cube layered: %s\n", cudaGetErrorString(cudaMemcpy3D(&p)));
  float *o; cudaMallocManaged(&o, 4096 * 4);
  float4 *dirs; cudaMallocManaged(&dirs, 64 * 16);
  int n = 0;
  const float c[] = {1.f, -1.f, 0.999f, 0.5f, 0.f, 0.25f, -0.75f};
  for (int a = 0; a < 7 && n < 60; a++)
    for (int b = 0; b < 7 && n < 60; b += 2) dirs[n++] = make_float4(c[a], c[b], c[(a + b) % 7] * 0.9f, 0);
  cudaArray_t l1, l2;
  cudaMalloc3DArray(&l1, &cd, make_cudaExtent(8, 0, 3), cudaArrayLayered);
  cudaMalloc3DArray(&l2, &cd, make_cudaExtent(6, 5, 3), cudaArrayLayered);
  float lb[90]; for (int i = 0; i < 90; i++) lb[i] = i * 1.25f - (i % 7) * 0.01f;
  p = {}; p.srcPtr = make_cudaPitchedPtr(lb, 8 * 4, 8, 1); p.dstArray = l1; p.extent = make_cudaExtent(8, 1, 3); p.kind = cudaMemcpyHostToDevice;
  printf("copy l1: %s\n", cudaGetErrorString(cudaMemcpy3D(&p)));
  p.srcPtr = make_cudaPitchedPtr(lb, 6 * 4, 6, 5); p.dstArray = l2; p.extent = make_cudaExtent(6, 5, 3);
  printf("copy l2: %s\n", cudaGetErrorString(cudaMemcpy3D(&p)));
  for (int m = 0; m < 4; m++) {
    cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = l1;
    cudaTextureDesc td = {}; td.filterMode = cudaFilterModeLinear; td.normalizedCoords = 1;
    td.addressMode[0] = td.addressMode[1] = (cudaTextureAddressMode)m; td.borderColor[0] = 9.f;
    cudaTextureObject_t t1, t2;
    cudaCreateTextureObject(&t1, &rd, &td, nullptr);
    rd.res.array.array = l2;
    cudaCreateTextureObject(&t2, &rd, &td, nullptr);
    layered<<<1, 32>>>(t1, t2, o);
    printf("layered mode %d: %s\n", m, cudaGetErrorString(cudaDeviceSynchronize()));
    show("  1D", o, 32); show("  2D", o + 32, 32);
    cudaDestroyTextureObject(t1); cudaDestroyTextureObject(t2);
  }
  cudaArray_t ga; cudaChannelFormatDesc c4 = cudaCreateChannelDesc<uchar4>();
  cudaMallocArray(&ga, &c4, 5, 4);
  uchar4 gb[20]; for (int i = 0; i < 20; i++) gb[i] = make_uchar4(i, 100 + i, 200 + i % 50, 255 - i * 3);
  cudaMemcpy2DToArray(ga, 0, 0, gb, 20, 20, 4, cudaMemcpyHostToDevice);
  for (int m = 0; m < 4; m++)
    for (int norm = 0; norm < 2; norm++) {
      if (!norm && (m == 0 || m == 2)) continue;
      cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = ga;
      cudaTextureDesc td = {}; td.readMode = cudaReadModeNormalizedFloat; td.normalizedCoords = norm;
      td.addressMode[0] = td.addressMode[1] = (cudaTextureAddressMode)m;
      td.borderColor[0] = 0.5f; td.borderColor[1] = 0.25f; td.borderColor[2] = 1.f; td.borderColor[3] = 0.125f;
      cudaTextureObject_t t;
      cudaCreateTextureObject(&t, &rd, &td, nullptr);
      float scale = norm ? 0.2f : 1.0f;
      (void)scale;
      gather<<<1, 24>>>(t, o);
      printf("gather mode %d norm %d: %s\n", m, norm, cudaGetErrorString(cudaDeviceSynchronize()));
      for (int i = 0; i < 24; i += 4) {
        printf("  ");
        for (int k = 0; k < 16; k++) printf(" %g", o[i * 16 + k] * 255.f);
        printf("\n");
      }
      cudaDestroyTextureObject(t);
    }
  cudaArray_t a3;
  cudaMalloc3DArray(&a3, &cd, make_cudaExtent(4, 3, 5), 0);
  float b3[60]; for (int i = 0; i < 60; i++) b3[i] = (i * 17 % 23) * 0.5f + i * 0.001f;
  p = {}; p.srcPtr = make_cudaPitchedPtr(b3, 16, 4, 3); p.dstArray = a3; p.extent = make_cudaExtent(4, 3, 5); p.kind = cudaMemcpyHostToDevice;
  cudaMemcpy3D(&p);
  for (int m = 0; m < 4; m++) {
    cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a3;
    cudaTextureDesc td = {}; td.filterMode = cudaFilterModeLinear; td.normalizedCoords = 1;
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = (cudaTextureAddressMode)m;
    cudaTextureObject_t t;
    cudaCreateTextureObject(&t, &rd, &td, nullptr);
    tex3<<<1, 32>>>(t, o);
    printf("3D mode %d: %s\n", m, cudaGetErrorString(cudaDeviceSynchronize()));
    show("  ", o, 32);
    cudaDestroyTextureObject(t);
  }
  return 0;
}
