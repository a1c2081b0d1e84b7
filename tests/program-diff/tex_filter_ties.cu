// Linear filtering at exact ties of float texels (1D, 2D, layered, 3D and between mipmap levels),
// positive and negative, and 16-bit normalized texels (unsigned and signed) and half texels
// filtered at every 1/256 weight: the bits of each result.
#include <cstdio>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
__global__ void lin1(cudaTextureObject_t t, int n, unsigned *o) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= n) return;
  o[i] = __float_as_uint(tex1D<float>(t, 0.5f + (i / 256) + (i % 256) / 256.0f));
}
__global__ void lin2(cudaTextureObject_t t, unsigned *o) {
  int i = threadIdx.x;
  o[i] = __float_as_uint(tex2D<float>(t, 1.0f + (i % 8) * 0.125f, 1.0f + (i / 8) * 0.125f));
}
__global__ void lay(cudaTextureObject_t t, unsigned *o) {
  int i = threadIdx.x;
  o[i] = __float_as_uint(tex2DLayered<float>(t, 1.0f + (i % 8) * 0.0625f, 1.5f, i / 8));
}
__global__ void lin3(cudaTextureObject_t t, unsigned *o) {
  int i = threadIdx.x;
  o[i] = __float_as_uint(tex3D<float>(t, 1.0f + (i % 4) * 0.25f, 1.0f + (i / 4 % 4) * 0.25f, 1.0f + (i / 16) * 0.25f));
}
__global__ void mip(cudaTextureObject_t t, unsigned *o) {
  int i = threadIdx.x;
  o[i] = __float_as_uint(tex1DLod<float>(t, 0.5f, i / 16.0f));
}
static cudaTextureObject_t mk1(void *dev, cudaChannelFormatDesc cd, size_t bytes, bool norm_read) {
  cudaArray_t a;
  int w = (int)(bytes / ((cd.x + cd.y + cd.z + cd.w) / 8));
  cudaMallocArray(&a, &cd, w, 0);
  cudaMemcpy2DToArray(a, 0, 0, dev, bytes, bytes, 1, cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a;
  cudaTextureDesc td = {}; td.filterMode = cudaFilterModeLinear; td.addressMode[0] = cudaAddressModeClamp;
  td.readMode = norm_read ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
  cudaTextureObject_t t; cudaCreateTextureObject(&t, &rd, &td, nullptr);
  return t;
}
static void dump(const char *name, const unsigned *o, int n) {
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s: %s\n", name, cudaGetErrorString(e));
  for (int i = 0; i < n; i += 16) {
    printf(" ");
    for (int j = i; j < i + 16 && j < n; j++) printf(" %08x", o[j]);
    printf("\n");
  }
}
int main() {
  unsigned *o; cudaMallocManaged(&o, 4096 * 4);
  // 1D float: pairs one ulp apart (and a few units), both signs, every 1/256 weight over 4 gaps
  float f1[5] = {1.0f, 0x1.000002p0f, -0x1.000002p0f, -1.0f, 0x1.000006p0f};
  cudaTextureObject_t t = mk1(f1, cudaCreateChannelDesc<float>(), sizeof(f1), false);
  lin1<<<4, 256>>>(t, 1024, o);
  dump("float 1D", o, 1024);
  unsigned short u16[4] = {0, 1, 65534, 65535};
  t = mk1(u16, cudaCreateChannelDesc<unsigned short>(), sizeof(u16), true);
  lin1<<<3, 256>>>(t, 768, o);
  dump("unorm16 1D", o, 768);
  unsigned short u16b[3] = {12345, 12346, 40000};
  t = mk1(u16b, cudaCreateChannelDesc<unsigned short>(), sizeof(u16b), true);
  lin1<<<2, 256>>>(t, 512, o);
  dump("unorm16 1D b", o, 512);
  short s16[4] = {-32768, -32767, 32766, 32767};
  t = mk1(s16, cudaCreateChannelDesc<short>(), sizeof(s16), true);
  lin1<<<3, 256>>>(t, 768, o);
  dump("snorm16 1D", o, 768);
  short s16b[3] = {-1, 1, 12345};
  t = mk1(s16b, cudaCreateChannelDesc<short>(), sizeof(s16b), true);
  lin1<<<2, 256>>>(t, 512, o);
  dump("snorm16 1D b", o, 512);
  __half h[3] = {__float2half(1.0f), __ushort_as_half(0x3c01), __float2half(-3.5f)};
  t = mk1(h, cudaCreateChannelDescHalf(), sizeof(h), false);
  lin1<<<2, 256>>>(t, 512, o);
  dump("half 1D", o, 512);
  // 2D: a 3x3 of values one ulp apart
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
  float f2[9] = {1.0f, 0x1.000002p0f, 1.0f, 0x1.000002p0f, 1.0f, 0x1.000004p0f, -1.0f, -0x1.000002p0f, 1.0f};
  cudaArray_t a2; cudaMallocArray(&a2, &cd, 3, 3);
  cudaMemcpy2DToArray(a2, 0, 0, f2, 12, 12, 3, cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a2;
  cudaTextureDesc td = {}; td.filterMode = cudaFilterModeLinear;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  lin2<<<1, 64>>>(t, o);
  dump("float 2D", o, 64);
  cudaArray_t al; cudaMalloc3DArray(&al, &cd, make_cudaExtent(3, 2, 4), cudaArrayLayered);
  float fl[24]; for (int i = 0; i < 24; i++) fl[i] = (i % 2 ? 1.0f : 0x1.000002p0f) * (i / 6 % 2 ? -1 : 1) * (float)(1 << (i / 12));
  cudaMemcpy3DParms p = {}; p.srcPtr = make_cudaPitchedPtr(fl, 12, 3, 2); p.dstArray = al; p.extent = make_cudaExtent(3, 2, 4); p.kind = cudaMemcpyHostToDevice;
  cudaMemcpy3D(&p);
  rd.res.array.array = al;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  lay<<<1, 32>>>(t, o);
  dump("float layered", o, 32);
  cudaArray_t a3; cudaMalloc3DArray(&a3, &cd, make_cudaExtent(2, 2, 2), 0);
  float f3[8] = {1.0f, 0x1.000002p0f, 0x1.000002p0f, 1.0f, 1.0f, 1.0f, 0x1.000002p0f, 1.0f};
  p = {}; p.srcPtr = make_cudaPitchedPtr(f3, 8, 2, 2); p.dstArray = a3; p.extent = make_cudaExtent(2, 2, 2); p.kind = cudaMemcpyHostToDevice;
  cudaMemcpy3D(&p);
  rd.res.array.array = a3;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  lin3<<<1, 64>>>(t, o);
  dump("float 3D", o, 64);
  // mipmap levels of constant 1.0 and 1 + 2^-23 (and -), blended at levels 0 .. 3
  cudaMipmappedArray_t mm; cudaMallocMipmappedArray(&mm, &cd, make_cudaExtent(8, 0, 0), 4);
  const float lv[4] = {1.0f, 0x1.000002p0f, -1.0f, -0x1.000002p0f};
  for (int l = 0; l < 4; l++) {
    cudaArray_t a; cudaGetMipmappedArrayLevel(&a, mm, l);
    float b[8]; for (int k = 0; k < 8; k++) b[k] = lv[l];
    cudaMemcpy2DToArray(a, 0, 0, b, (8 >> l) * 4, (8 >> l) * 4, 1, cudaMemcpyHostToDevice);
  }
  rd = {}; rd.resType = cudaResourceTypeMipmappedArray; rd.res.mipmap.mipmap = mm;
  td = {}; td.filterMode = cudaFilterModeLinear; td.mipmapFilterMode = cudaFilterModeLinear; td.normalizedCoords = 1; td.maxMipmapLevelClamp = 3;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  mip<<<1, 64>>>(t, o);
  dump("mip blend", o, 64);
  return 0;
}
