// Surface objects (the guide's surface-memory section): the guide's copyKernel reading with
// surf2Dread and writing with surf2Dwrite (x in bytes), a cudaArraySurfaceLoadStore array shared
// with a texture object, surf1Dwrite/surf1Dread, surf3Dwrite/surf3Dread on a 3D array,
// surf2DLayeredwrite, and the boundary modes: cudaBoundaryModeZero reads 0 and drops writes,
// cudaBoundaryModeClamp clamps.
#include "guide.h"
__global__ void copyKernel(cudaSurfaceObject_t inputSurfObj, cudaSurfaceObject_t outputSurfObj, int width, int height) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < (unsigned)width && y < (unsigned)height) {
    uchar4 data;
    surf2Dread(&data, inputSurfObj, x * 4, y);
    data = make_uchar4(data.w, data.z, data.y, data.x);
    surf2Dwrite(data, outputSurfObj, x * 4, y);
  }
}
__global__ void boundary(cudaSurfaceObject_t s, int* out, int width) {
  int x = threadIdx.x - 4;  // -4 .. width+3
  out[threadIdx.x] = surf2Dread<int>(s, x * 4, 0, cudaBoundaryModeZero);
  out[64 + threadIdx.x] = surf2Dread<int>(s, x * 4, 1, cudaBoundaryModeClamp);
  surf2Dwrite<int>(-1, s, x * 4, 2, cudaBoundaryModeZero);  // outside: ignored
}
__global__ void vol(cudaSurfaceObject_t s3, cudaSurfaceObject_t s1, cudaSurfaceObject_t sl, int W, int H, int D) {
  int x = threadIdx.x, y = threadIdx.y;
  for (int z = 0; z < D; z++) surf3Dwrite<float>(x + 10.f * y + 100.f * z, s3, x * 4, y, z);
  if (y == 0) surf1Dwrite<short>((short)(x * 3), s1, x * 2);
  for (int l = 0; l < 2; l++) surf2DLayeredwrite<float2>(make_float2(x + l, y - l), sl, x * 8, y, l);
}
__global__ void vol_read(cudaSurfaceObject_t s3, cudaSurfaceObject_t s1, float* out, short* out1, int W, int H, int D) {
  int x = threadIdx.x, y = threadIdx.y;
  float s = 0;
  for (int z = 0; z < D; z++) s += surf3Dread<float>(s3, x * 4, y, z);
  out[y * W + x] = s;
  if (y == 0) out1[x] = surf1Dread<short>(s1, ((x + 1) % W) * 2);
}
__global__ void tex_after_surf(cudaTextureObject_t t, int* out) { out[threadIdx.x] = tex2D<int>(t, threadIdx.x + 0.5f, 2.5f); }
static cudaSurfaceObject_t surf(cudaArray_t a) {
  cudaResourceDesc r = {};
  r.resType = cudaResourceTypeArray; r.res.array.array = a;
  cudaSurfaceObject_t s;
  CK(cudaCreateSurfaceObject(&s, &r));
  return s;
}
int main() {
  const int width = 24, height = 10;
  uchar4 h[height][width], back[height][width];
  for (int y = 0; y < height; y++) for (int x = 0; x < width; x++) h[y][x] = make_uchar4(x, y, x + y, 255 - x);
  cudaChannelFormatDesc cd = cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindUnsigned);
  cudaArray_t in, out;
  CK(cudaMallocArray(&in, &cd, width, height, cudaArraySurfaceLoadStore));
  CK(cudaMallocArray(&out, &cd, width, height, cudaArraySurfaceLoadStore));
  CK(cudaMemcpy2DToArray(in, 0, 0, h, width * 4, width * 4, height, cudaMemcpyHostToDevice));
  cudaSurfaceObject_t si = surf(in), so = surf(out);
  copyKernel<<<dim3((width + 15) / 16, (height + 15) / 16), dim3(16, 16)>>>(si, so, width, height);
  CK(cudaMemcpy2DFromArray(back, width * 4, out, 0, 0, width * 4, height, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++) ok &= back[y][x].x == h[y][x].w && back[y][x].y == h[y][x].z && back[y][x].z == h[y][x].y && back[y][x].w == h[y][x].x;
  check(ok, "the guide's copyKernel with surf2Dread/surf2Dwrite");
  const int bw = 16;
  int hb[3][bw];
  for (int y = 0; y < 3; y++) for (int x = 0; x < bw; x++) hb[y][x] = 100 * y + x + 1;
  cudaChannelFormatDesc ci = cudaCreateChannelDesc<int>();
  cudaArray_t ab;
  CK(cudaMallocArray(&ab, &ci, bw, 3, cudaArraySurfaceLoadStore));
  CK(cudaMemcpy2DToArray(ab, 0, 0, hb, bw * 4, bw * 4, 3, cudaMemcpyHostToDevice));
  cudaSurfaceObject_t sb = surf(ab);
  int* dout;
  CK(cudaMalloc(&dout, 128 * 4));
  boundary<<<1, bw + 8>>>(sb, dout, bw);
  CK(cudaGetLastError());
  int ho[128], hb2[3][bw];
  CK(cudaMemcpy(ho, dout, sizeof(ho), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy2DFromArray(hb2, bw * 4, ab, 0, 0, bw * 4, 3, cudaMemcpyDeviceToHost));
  ok = true;
  for (int t = 0; t < bw + 8; t++) {
    int x = t - 4;
    ok &= ho[t] == ((x >= 0 && x < bw) ? hb[0][x] : 0);
    ok &= ho[64 + t] == hb[1][x < 0 ? 0 : x >= bw ? bw - 1 : x];
  }
  for (int x = 0; x < bw; x++) ok &= hb2[2][x] == -1;
  check(ok, "boundary modes: zero reads 0 outside and drops writes, clamp reads the edge");
  const int W = 8, H = 4, D = 3;
  cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>(), cs = cudaCreateChannelDesc<short>(), c2 = cudaCreateChannelDesc<float2>();
  cudaArray_t a3, a1, al;
  CK(cudaMalloc3DArray(&a3, &cf, make_cudaExtent(W, H, D), cudaArraySurfaceLoadStore));
  CK(cudaMallocArray(&a1, &cs, W, 0, cudaArraySurfaceLoadStore));
  CK(cudaMalloc3DArray(&al, &c2, make_cudaExtent(W, H, 2), cudaArrayLayered | cudaArraySurfaceLoadStore));
  cudaSurfaceObject_t s3 = surf(a3), s1 = surf(a1), sl = surf(al);
  vol<<<1, dim3(W, H)>>>(s3, s1, sl, W, H, D);
  float* dv; short* ds;
  CK(cudaMalloc(&dv, W * H * 4)); CK(cudaMalloc(&ds, W * 2));
  vol_read<<<1, dim3(W, H)>>>(s3, s1, dv, ds, W, H, D);
  float hv[W * H]; short hs[W];
  CK(cudaMemcpy(hv, dv, sizeof(hv), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hs, ds, sizeof(hs), cudaMemcpyDeviceToHost));
  ok = true;
  for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) ok &= hv[y * W + x] == 3 * (x + 10.f * y) + 100.f * (0 + 1 + 2);
  for (int x = 0; x < W; x++) ok &= hs[x] == (short)(((x + 1) % W) * 3);
  check(ok, "surf3Dwrite/surf3Dread and surf1Dwrite/surf1Dread");
  static float2 hl[2][H][W];
  cudaMemcpy3DParms p = {};
  p.srcArray = al; p.dstPtr = make_cudaPitchedPtr(hl, W * sizeof(float2), W, H);
  p.extent = make_cudaExtent(W, H, 2); p.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3D(&p));
  ok = true;
  for (int l = 0; l < 2; l++) for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) ok &= hl[l][y][x].x == x + l && hl[l][y][x].y == y - l;
  check(ok, "surf2DLayeredwrite of float2, read back with cudaMemcpy3D");
  // A texture over the surface's array sees what the surface wrote (row 2: all -1).
  cudaResourceDesc r = {};
  r.resType = cudaResourceTypeArray; r.res.array.array = ab;
  cudaTextureDesc td = {};
  td.filterMode = cudaFilterModePoint; td.readMode = cudaReadModeElementType;
  cudaTextureObject_t t;
  CK(cudaCreateTextureObject(&t, &r, &td, nullptr));
  tex_after_surf<<<1, bw>>>(t, dout);
  CK(cudaMemcpy(ho, dout, bw * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int x = 0; x < bw; x++) ok &= ho[x] == -1;
  check(ok, "a texture object over the same array reads what surf2Dwrite stored");
  return finish();
}
