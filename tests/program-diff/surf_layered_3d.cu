// Surface objects: surf1Dwrite/read, surf3Dwrite/read, surf2DLayeredwrite/read and
// surf1DLayered on cudaArraySurfaceLoadStore arrays of int, float2 and uchar4; byte-addressed
// x coordinates; cudaBoundaryModeClamp and Zero out of range; surface reads through a texture
// of the same array afterwards.
#include <cstdio>
__global__ void w1(cudaSurfaceObject_t s, int n) {
  int i = threadIdx.x;
  surf1Dwrite(i * 3 + 1, s, i * 4);
  surf1Dwrite(-5, s, (n + i) * 4, cudaBoundaryModeZero);   // dropped
}
__global__ void w1c(cudaSurfaceObject_t s, int n) {
  if (n < 0) { surf1Dwrite(7, s, 4000); return; }
  surf1Dwrite(100, s, (n + 5) * 4, cudaBoundaryModeClamp);  // clamped onto the last
}
__global__ void r1(cudaSurfaceObject_t s, int* o, int n) {
  int i = threadIdx.x;
  o[i] = i < n ? surf1Dread<int>(s, i * 4) : -9;
  o[32 + i] = surf1Dread<int>(s, (i - 4) * 4, cudaBoundaryModeZero);
  o[64 + i] = surf1Dread<int>(s, (i + n - 4) * 4, cudaBoundaryModeClamp);
}
__global__ void w3(cudaSurfaceObject_t s) {
  int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
  surf3Dwrite(make_float2(x + 0.5f, y * 10 + z * 100), s, x * 8, y, z);
}
__global__ void r3(cudaSurfaceObject_t s, float* o) {
  int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
  float2 v = surf3Dread<float2>(s, ((x + 1) % 4) * 8, y, 3 - z);
  o[(z * 4 + y) * 4 + x] = v.x + v.y;
  float2 c = surf3Dread<float2>(s, (x + 3) * 8, y + 2, z, cudaBoundaryModeClamp);
  o[64 + (z * 4 + y) * 4 + x] = c.x + c.y;
}
__global__ void wl(cudaSurfaceObject_t s) {
  int x = threadIdx.x, y = threadIdx.y, l = blockIdx.x;
  surf2DLayeredwrite(make_uchar4(x, y, l, x + y + l), s, x * 4, y, l);
}
__global__ void rl(cudaSurfaceObject_t s, cudaTextureObject_t t, int* o) {
  int x = threadIdx.x, y = threadIdx.y, l = blockIdx.x;
  uchar4 v = surf2DLayeredread<uchar4>(s, (7 - x) * 4, y, 2 - l);
  uchar4 tv = tex2DLayered<uchar4>(t, x + 0.5f, y + 0.5f, l);
  o[(l * 8 + y) * 8 + x] = v.x | v.y << 8 | v.z << 16 | v.w << 24;
  o[192 + (l * 8 + y) * 8 + x] = tv.x + tv.y * 10 + tv.z * 100 + tv.w * 1000;
}
int main() {
  const int n = 24;
  cudaChannelFormatDesc ci = cudaCreateChannelDesc<int>();
  cudaArray_t a1; cudaMallocArray(&a1, &ci, n, 0, cudaArraySurfaceLoadStore);
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a1;
  cudaSurfaceObject_t s1; cudaCreateSurfaceObject(&s1, &rd);
  int* o; cudaMalloc(&o, 4096);
  w1<<<1, n>>>(s1, n);
  w1c<<<1, 1>>>(s1, n);
  r1<<<1, 32>>>(s1, o, n);
  printf("1d: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  int h[512]; cudaMemcpy(h, o, 96 * 4, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 96; i++) printf("%d%c", h[i], i % 32 == 31 ? '\n' : ' ');
  cudaChannelFormatDesc cf = cudaCreateChannelDesc<float2>();
  cudaArray_t a3; cudaMalloc3DArray(&a3, &cf, make_cudaExtent(4, 4, 4), cudaArraySurfaceLoadStore);
  rd.res.array.array = a3;
  cudaSurfaceObject_t s3; cudaCreateSurfaceObject(&s3, &rd);
  w3<<<4, dim3(4, 4)>>>(s3);
  r3<<<4, dim3(4, 4)>>>(s3, (float*)o);
  printf("3d: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  float f[128]; cudaMemcpy(f, o, sizeof f, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 128; i++) printf("%g%c", f[i], i % 32 == 31 ? '\n' : ' ');
  cudaChannelFormatDesc cu = cudaCreateChannelDesc<uchar4>();
  cudaArray_t al; cudaMalloc3DArray(&al, &cu, make_cudaExtent(8, 8, 3), cudaArraySurfaceLoadStore | cudaArrayLayered);
  rd.res.array.array = al;
  cudaSurfaceObject_t sl; cudaCreateSurfaceObject(&sl, &rd);
  cudaTextureDesc td = {}; td.readMode = cudaReadModeElementType;
  cudaTextureObject_t tl; cudaCreateTextureObject(&tl, &rd, &td, nullptr);
  wl<<<3, dim3(8, 8)>>>(sl);
  rl<<<3, dim3(8, 8)>>>(sl, tl, o);
  printf("layered: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  cudaMemcpy(h, o, 384 * 4, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 384; i += 5) printf("%x ", h[i]);
  printf("\n");
  // out of range with the default trap mode
  w1c<<<1, 1>>>(s1, -30);
  printf("trap write past end: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
}
