// Surfaces: 1D, 2D, layered, 3D and cubemap reads and writes (byte x coordinates), the zero and
// clamp boundary modes outside the array, and trap mode (an error) in a separate last launch.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void rw(cudaSurfaceObject_t s1, cudaSurfaceObject_t s2, cudaSurfaceObject_t sl, cudaSurfaceObject_t s3,
                   cudaSurfaceObject_t sc, int *o) {
  int i = threadIdx.x;  // -8 .. 23 in elements
  int x = i - 8;
  o[i] = surf1Dread<int>(s1, x * 4, cudaBoundaryModeZero);
  o[32 + i] = surf1Dread<int>(s1, x * 4, cudaBoundaryModeClamp);
  o[64 + i] = surf2Dread<int>(s2, x * 4, (i % 7) - 2, cudaBoundaryModeClamp);
  o[96 + i] = surf2Dread<int>(s2, x * 4, (i % 7) - 2, cudaBoundaryModeZero);
  o[128 + i] = surf2DLayeredread<int>(sl, (i % 6) * 4, i % 3, i % 2);
  o[160 + i] = surf3Dread<int>(s3, (i % 4) * 4, (i / 4) % 3, (i / 12) % 2 + (i > 28 ? 5 : 0), cudaBoundaryModeZero);
  o[192 + i] = surfCubemapread<int>(sc, (i % 2) * 4, (i / 2) % 2, i % 6);
  o[224 + i] = surf2Dread<int>(s2, x * 4, 1, cudaBoundaryModeZero);
  __syncthreads();
  surf1Dwrite<int>(1000 + i, s1, x * 4, cudaBoundaryModeZero);  // out-of-range writes are dropped
  surf2Dwrite<int>(2000 + i, s2, x * 4, -1 + i % 3, cudaBoundaryModeClamp);  // clamped writes land on the edge
  if (i < 12) surf2DLayeredwrite<int>(3000 + i, sl, (i % 6) * 4, 2, i / 6);
  if (i < 24) surfCubemapwrite<int>(4000 + i, sc, (i % 2) * 4, (i / 2) % 2, i / 4);
}
__global__ void trap(cudaSurfaceObject_t s1, int *o) { o[0] = surf1Dread<int>(s1, 4 * 100, cudaBoundaryModeTrap); }
static cudaSurfaceObject_t mk(cudaArray_t a) {
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a;
  cudaSurfaceObject_t s = 0;
  cudaError_t e = cudaCreateSurfaceObject(&s, &rd);
  if (e) printf("surface: %s\n", cudaGetErrorString(e));
  return s;
}
int main() {
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<int>();
  cudaArray_t a1, a2, al, a3, ac;
  cudaMallocArray(&a1, &cd, 10, 0, cudaArraySurfaceLoadStore);
  cudaMallocArray(&a2, &cd, 10, 3, cudaArraySurfaceLoadStore);
  cudaMalloc3DArray(&al, &cd, make_cudaExtent(6, 3, 2), cudaArrayLayered | cudaArraySurfaceLoadStore);
  cudaMalloc3DArray(&a3, &cd, make_cudaExtent(4, 3, 2), cudaArraySurfaceLoadStore);
  cudaMalloc3DArray(&ac, &cd, make_cudaExtent(2, 2, 6), cudaArrayCubemap | cudaArraySurfaceLoadStore);
  int h[64]; for (int i = 0; i < 64; i++) h[i] = i * 11 + 1;
  cudaMemcpy2DToArray(a1, 0, 0, h, 40, 40, 1, cudaMemcpyHostToDevice);
  cudaMemcpy2DToArray(a2, 0, 0, h, 40, 40, 3, cudaMemcpyHostToDevice);
  cudaMemcpy3DParms p = {}; p.kind = cudaMemcpyHostToDevice;
  p.srcPtr = make_cudaPitchedPtr(h, 24, 6, 3); p.dstArray = al; p.extent = make_cudaExtent(6, 3, 2); cudaMemcpy3D(&p);
  p.srcPtr = make_cudaPitchedPtr(h, 16, 4, 3); p.dstArray = a3; p.extent = make_cudaExtent(4, 3, 2); cudaMemcpy3D(&p);
  p.srcPtr = make_cudaPitchedPtr(h, 8, 2, 2); p.dstArray = ac; p.extent = make_cudaExtent(2, 2, 6); cudaMemcpy3D(&p);
  int *o; cudaMallocManaged(&o, 256 * 4);
  rw<<<1, 32>>>(mk(a1), mk(a2), mk(al), mk(a3), mk(ac), o);
  printf("rw: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  const char *nm[] = {"1D zero", "1D clamp", "2D clamp", "2D zero", "layered", "3D zero", "cube", "2D row 1"};
  for (int k = 0; k < 8; k++) {
    printf("%-9s", nm[k]);
    for (int i = 0; i < 32; i++) printf(" %d", o[k * 32 + i]);
    printf("\n");
  }
  int back[64];
  cudaMemcpy2DFromArray(back, 40, a1, 0, 0, 40, 1, cudaMemcpyDeviceToHost);
  printf("a1:"); for (int i = 0; i < 10; i++) printf(" %d", back[i]); printf("\n");
  cudaMemcpy2DFromArray(back, 40, a2, 0, 0, 40, 3, cudaMemcpyDeviceToHost);
  printf("a2:"); for (int i = 0; i < 30; i++) printf(" %d", back[i]); printf("\n");
  p = {}; p.kind = cudaMemcpyDeviceToHost; p.srcArray = al; p.dstPtr = make_cudaPitchedPtr(back, 24, 6, 3); p.extent = make_cudaExtent(6, 3, 2);
  cudaMemcpy3D(&p);
  printf("al:"); for (int i = 0; i < 36; i++) printf(" %d", back[i]); printf("\n");
  p.srcArray = ac; p.dstPtr = make_cudaPitchedPtr(back, 8, 2, 2); p.extent = make_cudaExtent(2, 2, 6);
  cudaMemcpy3D(&p);
  printf("ac:"); for (int i = 0; i < 24; i++) printf(" %d", back[i]); printf("\n");
  trap<<<1, 1>>>(mk(a1), o);
  cudaError_t e = cudaDeviceSynchronize();
  printf("trap: %s %s\n", cudaGetErrorName(e), cudaGetErrorString(e));
  return 0;
}
