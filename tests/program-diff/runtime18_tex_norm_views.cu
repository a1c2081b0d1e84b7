// Texture formats an H200 answers: (1) CUDA arrays of the normalized channel kinds
// (cudaChannelFormatKindUnsignedNormalized8X1..16X4, SignedNormalized8X1..16X4, 1010102), with
// their natural channel descriptions and some mismatched ones: cudaMallocArray's answer,
// cudaArrayGetInfo's description; for those made, point reads of 4 texels as float4 with
// cudaReadModeElementType and cudaReadModeNormalizedFloat, a linear read between texels 0 and 1,
// and 8X4 with sRGB; (2) resource views (cudaResourceViewDesc) over arrays, pitched and linear
// memory; (3) cudaCreateTextureObject's answers to bad arguments. Values printed with %.9g.
// Only the channels a format has are printed: an H200 reads 0 for the missing ones (alpha too)
// of the normalized kinds and of views, where Cuprite reads alpha 1 as for the other formats.
// Left out: UnsignedNormalized1010102 (an H200 makes and reads it; Cuprite refuses its
// channel description), and a pitched resource with a pitch or height of 0 (an H200 accepts
// both; Cuprite refuses them rather than read texels of no rows).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void fetch4(cudaTextureObject_t t, float4 *out) {
  int i = threadIdx.x;
  out[i] = tex2D<float4>(t, i < 4 ? i + 0.5f : 1.0f, 0.5f);
}
__global__ void fetch_u4(cudaTextureObject_t t, uint4 *out) { out[threadIdx.x] = tex2D<uint4>(t, threadIdx.x + 0.5f, 0.5f); }
__global__ void fetch_f1(cudaTextureObject_t t, float *out) { out[threadIdx.x] = tex2D<float>(t, threadIdx.x + 0.5f, 0.5f); }
__global__ void fetch_lin(cudaTextureObject_t t, uint4 *out) { out[threadIdx.x] = tex1Dfetch<uint4>(t, threadIdx.x); }

#define R(label, call) do { cudaError_t e_ = (call); printf("  %-40s -> %s\n", label, cudaGetErrorName(e_)); cudaGetLastError(); } while (0)

static float4 *dout;
static unsigned char bytes[64];

static cudaTextureObject_t make(cudaArray_t a, int mode, int filter, int srgb, cudaError_t *e) {
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = (cudaTextureFilterMode)filter;
  td.readMode = (cudaTextureReadMode)mode;
  td.sRGB = srgb;
  cudaTextureObject_t t = 0;
  *e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
  cudaGetLastError();
  return t;
}

static void read(cudaArray_t a, int mode, int filter, int srgb, const char *what, int channels) {
  cudaError_t e;
  cudaTextureObject_t t = make(a, mode, filter, srgb, &e);
  printf("    %-22s create %s", what, cudaGetErrorName(e));
  if (e != cudaSuccess) { printf("\n"); return; }
  cudaMemset(dout, 0xff, 5 * sizeof(float4));
  fetch4<<<1, 5>>>(t, dout);
  cudaError_t s = cudaDeviceSynchronize();
  float4 h[5];
  cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
  printf(", read %s\n", cudaGetErrorName(s));
  for (int i = filter ? 4 : 0; i < 5 && s == cudaSuccess; i++) {
    float v[4] = {h[i].x, h[i].y, h[i].z, h[i].w};
    printf("      [%s%d]", i < 4 ? "" : "between 0 and 1: ", i < 4 ? i : 4);
    for (int c = 0; c < channels; c++) printf(" %.9g", v[c]);
    printf("\n");
  }
  cudaDestroyTextureObject(t);
}

static void kinds() {
  struct K { int kind, x, y, z, w; const char *name; } ks[] = {
      {5, 8, 0, 0, 0, "UNorm8X1"},     {6, 8, 8, 0, 0, "UNorm8X2"},     {7, 8, 8, 8, 8, "UNorm8X4"},
      {8, 16, 0, 0, 0, "UNorm16X1"},   {9, 16, 16, 0, 0, "UNorm16X2"},  {10, 16, 16, 16, 16, "UNorm16X4"},
      {11, 8, 0, 0, 0, "SNorm8X1"},    {12, 8, 8, 0, 0, "SNorm8X2"},    {13, 8, 8, 8, 8, "SNorm8X4"},
      {14, 16, 0, 0, 0, "SNorm16X1"},  {15, 16, 16, 0, 0, "SNorm16X2"}, {16, 16, 16, 16, 16, "SNorm16X4"},
      {7, 8, 0, 0, 0, "UNorm8X4 as 8,0,0,0"}, {7, 0, 0, 0, 0, "UNorm8X4 as 0,0,0,0"},
      {5, 16, 0, 0, 0, "UNorm8X1 as 16"},     {5, 8, 8, 8, 8, "UNorm8X1 as 8x4"},
      {8, 8, 0, 0, 0, "UNorm16X1 as 8"},      {31, 8, 8, 8, 8, "UNorm1010102 as 8x4"},
      {31, 0, 0, 0, 0, "UNorm1010102 as 0"},  {3, 0, 0, 0, 0, "None"},         {17, 0, 0, 0, 0, "BC1 as 0"},
  };
  for (int i = 0; i < 64; i++) bytes[i] = (unsigned char)(i * 37 + 0x7e);
  for (auto &k : ks) {
    cudaChannelFormatDesc d = {k.x, k.y, k.z, k.w, (cudaChannelFormatKind)k.kind};
    cudaArray_t a = nullptr;
    cudaError_t e = cudaMallocArray(&a, &d, 4, 1);
    cudaGetLastError();
    printf("%s: cudaMallocArray %s", k.name, cudaGetErrorName(e));
    if (e != cudaSuccess) { printf("\n"); continue; }
    cudaChannelFormatDesc g = {};
    cudaExtent ext;
    unsigned fl = 0;
    cudaArrayGetInfo(&g, &ext, &fl, a);
    cudaChannelFormatDesc g2 = {};
    cudaGetChannelDesc(&g2, a);
    printf(", info %d,%d,%d,%d kind %d, channel desc %d,%d,%d,%d kind %d\n", g.x, g.y, g.z, g.w, (int)g.f, g2.x, g2.y, g2.z,
           g2.w, (int)g2.f);
    int channels = (k.x != 0) + (k.y != 0) + (k.z != 0) + (k.w != 0);
    int texel = (k.x + k.y + k.z + k.w) / 8;
    if (texel == 0) texel = 4;
    R("cudaMemcpy2DToArray", cudaMemcpy2DToArray(a, 0, 0, bytes, 4 * texel, 4 * texel, 1, cudaMemcpyHostToDevice));
    read(a, cudaReadModeElementType, 0, 0, "element type", channels);
    read(a, cudaReadModeNormalizedFloat, 0, 0, "normalized float", channels);
    read(a, cudaReadModeElementType, 1, 0, "element type, linear", channels);
    if (k.kind == 7 || k.kind == 5) read(a, cudaReadModeElementType, 0, 1, "element type, sRGB", channels);
    cudaFreeArray(a);
  }
}

static void views() {
  printf("views\n");
  // A 4x2 array of uint1 (32-bit) holding bytes[0..32].
  cudaChannelFormatDesc u1 = cudaCreateChannelDesc<unsigned>();
  cudaArray_t a;
  cudaMallocArray(&a, &u1, 4, 2);
  cudaMemcpy2DToArray(a, 0, 0, bytes, 16, 16, 2, cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaTextureDesc td = {};
  td.readMode = cudaReadModeElementType;
  struct V { cudaResourceViewFormat f; size_t w, h; unsigned first, last; const char *name; int channels; } vs[] = {
      {cudaResViewFormatUnsignedInt1, 4, 2, 0, 0, "uint1 same", 1},
      {cudaResViewFormatUnsignedChar4, 4, 2, 0, 0, "uchar4 of uint1", 4},
      {cudaResViewFormatSignedInt1, 4, 2, 0, 0, "int1 of uint1", 1},
      {cudaResViewFormatFloat1, 4, 2, 0, 0, "float1 of uint1", 1},
      {cudaResViewFormatUnsignedShort2, 4, 2, 0, 0, "ushort2 of uint1", 2},
      {cudaResViewFormatUnsignedInt2, 2, 2, 0, 0, "uint2, half width", 2},
      {cudaResViewFormatUnsignedInt1, 2, 1, 0, 0, "uint1 2x1", 1},
      {cudaResViewFormatUnsignedInt1, 8, 2, 0, 0, "uint1 wider", 1},
      {cudaResViewFormatUnsignedInt1, 4, 2, 1, 1, "mip level 1", 1},
      {cudaResViewFormatNone, 4, 2, 0, 0, "format none", 1},
      {cudaResViewFormatUnsignedBlockCompressed1, 4, 2, 0, 0, "BC1", 1},
      {(cudaResourceViewFormat)0x77, 4, 2, 0, 0, "format 0x77", 1},
  };
  for (auto &v : vs) {
    int vch = v.channels;
    cudaResourceViewDesc rv = {};
    rv.format = v.f;
    rv.width = v.w;
    rv.height = v.h;
    rv.firstMipmapLevel = v.first;
    rv.lastMipmapLevel = v.last;
    cudaTextureObject_t t = 0;
    cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, &rv);
    cudaGetLastError();
    printf("  %-20s create %s", v.name, cudaGetErrorName(e));
    if (e != cudaSuccess) { printf("\n"); continue; }
    cudaResourceViewDesc back = {};
    cudaError_t b = cudaGetTextureObjectResourceViewDesc(&back, t);
    printf(", view back %s format %d %zux%zu", cudaGetErrorName(b), (int)back.format, back.width, back.height);
    uint4 *du;
    cudaMalloc(&du, 4 * sizeof(uint4));
    cudaMemset(du, 0xee, 4 * sizeof(uint4));
    fetch_u4<<<1, 4>>>(t, du);
    cudaError_t s = cudaDeviceSynchronize();
    uint4 h[4];
    cudaMemcpy(h, du, sizeof h, cudaMemcpyDeviceToHost);
    printf(", read %s:", cudaGetErrorName(s));
    for (int i = 0; i < 4; i++) {
      unsigned v[4] = {h[i].x, h[i].y, h[i].z, h[i].w};
      printf(" ");
      for (int c = 0; c < vch; c++) printf(c ? ",%x" : "%x", v[c]);
    }
    printf("\n");
    cudaFree(du);
    cudaDestroyTextureObject(t);
  }
  // A texture without a view reads its view back as?
  cudaTextureObject_t t = 0;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  cudaResourceViewDesc back = {};
  back.format = (cudaResourceViewFormat)0x55;
  cudaError_t b = cudaGetTextureObjectResourceViewDesc(&back, t);
  printf("  no view: view back %s format %d %zux%zux%zu\n", cudaGetErrorName(b), (int)back.format, back.width, back.height, back.depth);
  cudaDestroyTextureObject(t);
  // A view over linear and pitched memory.
  void *lin;
  cudaMalloc(&lin, 1024);
  cudaResourceDesc rl = {};
  rl.resType = cudaResourceTypeLinear;
  rl.res.linear.devPtr = lin;
  rl.res.linear.desc = cudaCreateChannelDesc<uint4>();
  rl.res.linear.sizeInBytes = 1024;
  cudaResourceViewDesc rv = {};
  rv.format = cudaResViewFormatUnsignedInt4;
  rv.width = 64;
  R("linear with a view", cudaCreateTextureObject(&t, &rl, &td, &rv));
  rl.resType = cudaResourceTypePitch2D;
  rl.res.pitch2D.devPtr = lin;
  rl.res.pitch2D.desc = cudaCreateChannelDesc<unsigned>();
  rl.res.pitch2D.width = 4;
  rl.res.pitch2D.height = 2;
  rl.res.pitch2D.pitchInBytes = 512;
  rv.format = cudaResViewFormatUnsignedInt1;
  rv.width = 4;
  rv.height = 2;
  R("pitch2D with a view", cudaCreateTextureObject(&t, &rl, &td, &rv));
  cudaFreeArray(a);
  cudaFree(lin);
}

static void bad_args() {
  printf("bad arguments\n");
  cudaChannelFormatDesc f1 = cudaCreateChannelDesc<float>();
  cudaArray_t a;
  cudaMallocArray(&a, &f1, 8, 8);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaTextureDesc td = {};
  cudaTextureObject_t t = 0;
  R("good", cudaCreateTextureObject(&t, &rd, &td, nullptr));
  R("null texture object", cudaCreateTextureObject(nullptr, &rd, &td, nullptr));
  R("null resource", cudaCreateTextureObject(&t, nullptr, &td, nullptr));
  R("null texture desc", cudaCreateTextureObject(&t, &rd, nullptr, nullptr));
  rd.resType = (cudaResourceType)7;
  R("resource type 7", cudaCreateTextureObject(&t, &rd, &td, nullptr));
  rd.resType = cudaResourceTypeMipmappedArray;
  R("mipmapped type with an array", cudaCreateTextureObject(&t, &rd, &td, nullptr));
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = nullptr;
  R("null array", cudaCreateTextureObject(&t, &rd, &td, nullptr));
  rd.res.array.array = a;
  cudaTextureDesc t2 = td;
  t2.addressMode[0] = (cudaTextureAddressMode)9;
  R("address mode 9", cudaCreateTextureObject(&t, &rd, &t2, nullptr));
  t2 = td;
  t2.addressMode[2] = (cudaTextureAddressMode)9;
  R("address mode 9 in z of a 2D array", cudaCreateTextureObject(&t, &rd, &t2, nullptr));
  t2 = td;
  t2.filterMode = (cudaTextureFilterMode)5;
  R("filter mode 5", cudaCreateTextureObject(&t, &rd, &t2, nullptr));
  t2 = td;
  t2.readMode = (cudaTextureReadMode)3;
  R("read mode 3", cudaCreateTextureObject(&t, &rd, &t2, nullptr));
  t2 = td;
  t2.mipmapFilterMode = (cudaTextureFilterMode)5;
  R("mipmap filter mode 5", cudaCreateTextureObject(&t, &rd, &t2, nullptr));
  t2 = td;
  t2.maxAnisotropy = 17;
  R("max anisotropy 17", cudaCreateTextureObject(&t, &rd, &t2, nullptr));
  t2 = td;
  t2.addressMode[0] = cudaAddressModeWrap;
  R("wrap, unnormalized", cudaCreateTextureObject(&t, &rd, &t2, nullptr));
  t2.addressMode[0] = cudaAddressModeMirror;
  R("mirror, unnormalized", cudaCreateTextureObject(&t, &rd, &t2, nullptr));
  t2 = td;
  t2.minMipmapLevelClamp = 2;
  t2.maxMipmapLevelClamp = 1;
  R("min clamp above max clamp", cudaCreateTextureObject(&t, &rd, &t2, nullptr));
  t2 = td;
  t2.mipmapLevelBias = 1e30f;
  R("huge bias", cudaCreateTextureObject(&t, &rd, &t2, nullptr));
  t2 = td;
  t2.sRGB = 1;
  R("sRGB on a float array", cudaCreateTextureObject(&t, &rd, &t2, nullptr));
  t2 = td;
  t2.seamlessCubemap = 1;
  R("seamless cubemap on a 2D array", cudaCreateTextureObject(&t, &rd, &t2, nullptr));
  t2 = td;
  t2.disableTrilinearOptimization = 7;
  R("disableTrilinearOptimization 7", cudaCreateTextureObject(&t, &rd, &t2, nullptr));
  // Pitched memory.
  void *p;
  cudaMalloc(&p, 1 << 16);
  cudaResourceDesc rp = {};
  rp.resType = cudaResourceTypePitch2D;
  rp.res.pitch2D.devPtr = p;
  rp.res.pitch2D.desc = f1;
  rp.res.pitch2D.width = 16;
  rp.res.pitch2D.height = 16;
  rp.res.pitch2D.pitchInBytes = 64;
  R("pitch 64", cudaCreateTextureObject(&t, &rp, &td, nullptr));
  rp.res.pitch2D.pitchInBytes = 96;
  R("pitch 96", cudaCreateTextureObject(&t, &rp, &td, nullptr));
  rp.res.pitch2D.pitchInBytes = 100;
  R("pitch 100", cudaCreateTextureObject(&t, &rp, &td, nullptr));
  rp.res.pitch2D.pitchInBytes = 64;
  rp.res.pitch2D.height = 65537;
  R("height 65537", cudaCreateTextureObject(&t, &rp, &td, nullptr));
  rp.res.pitch2D.height = 16;
  rp.res.pitch2D.width = 200000;
  rp.res.pitch2D.pitchInBytes = 800000;
  R("width 200000", cudaCreateTextureObject(&t, &rp, &td, nullptr));
  rp.res.pitch2D.width = 16;
  rp.res.pitch2D.pitchInBytes = 64;
  rp.res.pitch2D.devPtr = (char *)p + 32;
  R("pointer +32", cudaCreateTextureObject(&t, &rp, &td, nullptr));
  rp.res.pitch2D.devPtr = (char *)p + 256;
  R("pointer +256", cudaCreateTextureObject(&t, &rp, &td, nullptr));
  rp.res.pitch2D.devPtr = p;
  rp.res.pitch2D.desc = cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned);
  R("3-channel desc", cudaCreateTextureObject(&t, &rp, &td, nullptr));
  rp.res.pitch2D.desc = {8, 0, 0, 0, cudaChannelFormatKindUnsignedNormalized8X1};
  R("UNorm8X1 desc, pitched", cudaCreateTextureObject(&t, &rp, &td, nullptr));
  cudaResourceDesc rl = {};
  rl.resType = cudaResourceTypeLinear;
  rl.res.linear.devPtr = p;
  rl.res.linear.desc = {8, 8, 8, 8, cudaChannelFormatKindUnsignedNormalized8X4};
  rl.res.linear.sizeInBytes = 256;
  R("UNorm8X4 desc, linear", cudaCreateTextureObject(&t, &rl, &td, nullptr));
  if (cudaCreateTextureObject(&t, &rl, &td, nullptr) == cudaSuccess) {
    uint4 *du;
    cudaMalloc(&du, 4 * sizeof(uint4));
    cudaMemcpy(p, bytes, 16, cudaMemcpyHostToDevice);
    float4 *df;
    cudaMalloc(&df, 4 * sizeof(float4));
    cudaTextureDesc tn = {};
    tn.readMode = cudaReadModeNormalizedFloat;
    cudaTextureObject_t t3;
    cudaError_t e = cudaCreateTextureObject(&t3, &rl, &tn, nullptr);
    printf("  UNorm8X4 linear, normalized float -> %s\n", cudaGetErrorName(e));
    cudaGetLastError();
  }
  rl.res.linear.desc = {16, 16, 16, 16, cudaChannelFormatKindSignedNormalized16X4};
  R("SNorm16X4 desc, linear", cudaCreateTextureObject(&t, &rl, &td, nullptr));
  rl.res.linear.desc = {0, 0, 0, 0, cudaChannelFormatKindNone};
  R("kind None, linear", cudaCreateTextureObject(&t, &rl, &td, nullptr));
  R("destroy 0", cudaDestroyTextureObject(0));
  R("destroy 12345", cudaDestroyTextureObject(12345));
  cudaResourceDesc back;
  R("resource desc of 12345", cudaGetTextureObjectResourceDesc(&back, 12345));
  R("resource desc into null", cudaGetTextureObjectResourceDesc(nullptr, t));
  cudaTextureDesc tback;
  R("texture desc into null", cudaGetTextureObjectTextureDesc(nullptr, t));
  R("texture desc of 0", cudaGetTextureObjectTextureDesc(&tback, 0));
  cudaResourceViewDesc vback;
  R("view desc into null", cudaGetTextureObjectResourceViewDesc(nullptr, t));
  R("view desc of 0", cudaGetTextureObjectResourceViewDesc(&vback, 0));
  cudaFreeArray(a);
  cudaFree(p);
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaMalloc(&dout, 8 * sizeof(float4));
  kinds();
  views();
  bad_args();
  return 0;
}
