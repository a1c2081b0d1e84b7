// flags: -Wno-deprecated-declarations
// cudaMallocArray / cudaMalloc3DArray over channel formats and flags: 1, 2, 3 and 4 channels,
// mixed channel widths, 64-bit channels, half floats, NV12, zero widths and heights, widths past
// the texture limits, the flags (SurfaceLoadStore, TextureGather on 1D and 2D, Layered and
// Cubemap on cudaMallocArray, Sparse, DeferredMapping, an unknown bit); each allocation's
// cudaArrayGetInfo (desc, extent, flags) and cudaGetChannelDesc; cudaArrayGetPlane,
// cudaArrayGetMemoryRequirements and cudaArrayGetSparseProperties on an ordinary array.
// (Left out: cudaChannelFormatKindUnsignedNormalized8X4, which an H200 accepts and Cuprite does not.)
#include <cstdio>
#include <cuda_runtime.h>

static void info(cudaArray_t a) {
  cudaChannelFormatDesc d = {};
  cudaExtent ex = {};
  unsigned fl = 77;
  cudaError_t e = cudaArrayGetInfo(&d, &ex, &fl, a);
  cudaChannelFormatDesc g = {};
  cudaError_t e2 = cudaGetChannelDesc(&g, a);
  printf("    info %s desc=(%d,%d,%d,%d,k%d) extent=%zux%zux%zu flags=0x%x | getChannelDesc %s "
         "(%d,%d,%d,%d,k%d)\n",
         cudaGetErrorName(e), d.x, d.y, d.z, d.w, (int)d.f, ex.width, ex.height, ex.depth, fl,
         cudaGetErrorName(e2), g.x, g.y, g.z, g.w, (int)g.f);
}

static void tryArray(const char *label, cudaChannelFormatDesc d, size_t w, size_t h,
                     unsigned flags) {
  cudaArray_t a = nullptr;
  cudaError_t e = cudaMallocArray(&a, &d, w, h, flags);
  printf("%-40s -> %s (last %s)\n", label, cudaGetErrorName(e),
         cudaGetErrorName(cudaGetLastError()));
  if (e == cudaSuccess) {
    info(a);
    cudaFreeArray(a);
  }
}
static void try3D(const char *label, cudaChannelFormatDesc d, cudaExtent ex, unsigned flags) {
  cudaArray_t a = nullptr;
  cudaError_t e = cudaMalloc3DArray(&a, &d, ex, flags);
  printf("%-40s -> %s (last %s)\n", label, cudaGetErrorName(e),
         cudaGetErrorName(cudaGetLastError()));
  if (e == cudaSuccess) {
    info(a);
    cudaFreeArray(a);
  }
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  auto u8 = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindUnsigned);
  tryArray("u8 64x0", u8, 64, 0, 0);
  tryArray("u8 64x4", u8, 64, 4, 0);
  tryArray("u8 0x4", u8, 0, 4, 0);
  tryArray("u8 0x0", u8, 0, 0, 0);
  tryArray("u8x2 16x16", cudaCreateChannelDesc(8, 8, 0, 0, cudaChannelFormatKindUnsigned), 16,
           16, 0);
  tryArray("u8x3 16x16", cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned), 16,
           16, 0);
  tryArray("f32x3 16x16", cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat), 16,
           16, 0);
  tryArray("f32x4 16x16", cudaCreateChannelDesc(32, 32, 32, 32, cudaChannelFormatKindFloat), 16,
           16, 0);
  tryArray("mixed 16,8", cudaCreateChannelDesc(16, 8, 0, 0, cudaChannelFormatKindUnsigned), 16,
           16, 0);
  tryArray("gap 8,0,8", cudaCreateChannelDesc(8, 0, 8, 0, cudaChannelFormatKindUnsigned), 16, 16,
           0);
  tryArray("64-bit unsigned", cudaCreateChannelDesc(64, 0, 0, 0, cudaChannelFormatKindUnsigned),
           16, 16, 0);
  tryArray("24-bit signed", cudaCreateChannelDesc(24, 0, 0, 0, cudaChannelFormatKindSigned), 16,
           16, 0);
  tryArray("f16", cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat), 16, 16, 0);
  tryArray("f8 float kind", cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindFloat), 16,
           16, 0);
  tryArray("none kind", cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindNone), 16, 16, 0);
  tryArray("NV12 16x16", cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindNV12), 16, 16,
           0);
  tryArray("unorm8 kind", cudaCreateChannelDesc<uchar4>(), 8, 8, 0);
  tryArray("u8 width 131072 (1D)", u8, 131072, 0, 0);
  tryArray("u8 width 131073 (1D)", u8, 131073, 0, 0);
  tryArray("u8 width 65536 x 2", u8, 65536, 2, 0);
  tryArray("u8 width 65537 x 2", u8, 65537, 2, 0);
  tryArray("u8 1 x 65536", u8, 1, 65536, 0);
  tryArray("u8 1 x 65537", u8, 1, 65537, 0);
  tryArray("u8 surface 2D", u8, 16, 16, cudaArraySurfaceLoadStore);
  tryArray("u8 surface 1D", u8, 16, 0, cudaArraySurfaceLoadStore);
  tryArray("u8 gather 2D", u8, 16, 16, cudaArrayTextureGather);
  tryArray("u8 gather 1D", u8, 16, 0, cudaArrayTextureGather);
  tryArray("u8 layered (MallocArray)", u8, 16, 16, cudaArrayLayered);
  tryArray("u8 cubemap (MallocArray)", u8, 16, 16, cudaArrayCubemap);
  tryArray("u8 sparse 2D", u8, 64, 64, cudaArraySparse);
  tryArray("u8 deferred 2D", u8, 64, 64, cudaArrayDeferredMapping);
  tryArray("u8 flag 0x100", u8, 16, 16, 0x100);
  tryArray("u8 flag 0x80000000", u8, 16, 16, 0x80000000u);
  tryArray("u8 color attachment", u8, 16, 16, cudaArrayColorAttachment);

  try3D("3D u8 8x8x8", u8, make_cudaExtent(8, 8, 8), 0);
  try3D("3D u8 8x0x8", u8, make_cudaExtent(8, 0, 8), 0);
  try3D("3D u8 2048x2048x2048", u8, make_cudaExtent(2048, 2048, 2048), 0);
  try3D("3D u8 16385x1x1", u8, make_cudaExtent(16385, 1, 1), 0);
  try3D("3D gather", u8, make_cudaExtent(8, 8, 8), cudaArrayTextureGather);
  try3D("3D surface", u8, make_cudaExtent(8, 8, 8), cudaArraySurfaceLoadStore);
  try3D("layered 1D 8x0x3", u8, make_cudaExtent(8, 0, 3), cudaArrayLayered);
  try3D("layered 2D 8x8x0", u8, make_cudaExtent(8, 8, 0), cudaArrayLayered);
  try3D("layered 2D 8x8x2049", u8, make_cudaExtent(8, 8, 2049), cudaArrayLayered);
  try3D("layered gather 8x8x2", u8, make_cudaExtent(8, 8, 2),
        cudaArrayLayered | cudaArrayTextureGather);
  try3D("cubemap 8x8x6", u8, make_cudaExtent(8, 8, 6), cudaArrayCubemap);
  try3D("cubemap 8x4x6", u8, make_cudaExtent(8, 4, 6), cudaArrayCubemap);
  try3D("cubemap 8x8x12 (no layered)", u8, make_cudaExtent(8, 8, 12), cudaArrayCubemap);
  try3D("cubemap layered 8x8x7", u8, make_cudaExtent(8, 8, 7),
        cudaArrayCubemap | cudaArrayLayered);
  try3D("sparse 3D 64^3", u8, make_cudaExtent(64, 64, 64), cudaArraySparse);
  try3D("sparse+deferred", u8, make_cudaExtent(64, 64, 1),
        cudaArraySparse | cudaArrayDeferredMapping);
  try3D("NV12 3D", cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindNV12),
        make_cudaExtent(16, 16, 0), 0);

  cudaArray_t a = nullptr;
  cudaMallocArray(&a, &u8, 64, 64, 0);
  cudaArray_t plane = nullptr;
  printf("getPlane 0 of u8 -> %s\n", cudaGetErrorName(cudaArrayGetPlane(&plane, a, 0)));
  printf("getPlane 1 of u8 -> %s\n", cudaGetErrorName(cudaArrayGetPlane(&plane, a, 1)));
  cudaGetLastError();
  cudaArrayMemoryRequirements req = {};
  cudaError_t e = cudaArrayGetMemoryRequirements(&req, a, 0);
  printf("memoryRequirements -> %s size>0 %d alignment>0 %d\n", cudaGetErrorName(e), req.size > 0,
         req.alignment > 0);
  cudaArraySparseProperties sp = {};
  e = cudaArrayGetSparseProperties(&sp, a);
  printf("sparseProperties of ordinary -> %s\n", cudaGetErrorName(e));
  cudaGetLastError();
  printf("getInfo null array -> %s\n",
         cudaGetErrorName(cudaArrayGetInfo(nullptr, nullptr, nullptr, nullptr)));
  unsigned fl;
  printf("getInfo flags only -> %s\n", cudaGetErrorName(cudaArrayGetInfo(nullptr, nullptr, &fl, a)));
  printf("free array -> %s\n", cudaGetErrorName(cudaFreeArray(a)));
  printf("free array twice -> %s\n", cudaGetErrorName(cudaFreeArray(a)));
  printf("free null array -> %s\n", cudaGetErrorName(cudaFreeArray(nullptr)));
  printf("last -> %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
