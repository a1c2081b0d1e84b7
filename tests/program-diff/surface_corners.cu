// flags: -Wno-deprecated-declarations
// Surface corners: cudaCreateSurfaceObject on an array without cudaArraySurfaceLoadStore, on a
// null array, on a linear resource; cudaGetSurfaceObjectResourceDesc; surf1Dwrite / surf2Dwrite
// with byte x coordinates that are not a multiple of the element size and with the clamp and
// zero boundary modes (in separate child processes, since some may fault), reads back.
#include <cstdio>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>

__global__ void w1(cudaSurfaceObject_t s, int x, int v, int mode) {
  if (mode == 0) surf1Dwrite(v, s, x, cudaBoundaryModeZero);
  else if (mode == 1) surf1Dwrite(v, s, x, cudaBoundaryModeClamp);
  else surf1Dwrite(v, s, x, cudaBoundaryModeTrap);
}
__global__ void r1(cudaSurfaceObject_t s, int x, int *o, int mode) {
  if (mode == 0) *o = surf1Dread<int>(s, x, cudaBoundaryModeZero);
  else if (mode == 1) *o = surf1Dread<int>(s, x, cudaBoundaryModeClamp);
  else *o = surf1Dread<int>(s, x, cudaBoundaryModeTrap);
}
__global__ void w2(cudaSurfaceObject_t s, int x, int y, short v, int mode) {
  if (mode == 0) surf2Dwrite(v, s, x, y, cudaBoundaryModeZero);
  else surf2Dwrite(v, s, x, y, cudaBoundaryModeClamp);
}

static void caseRun(int k) {
  cudaArray_t a, b;
  auto di = cudaCreateChannelDesc<int>();
  auto ds = cudaCreateChannelDesc<short>();
  cudaMallocArray(&a, &di, 8, 0, cudaArraySurfaceLoadStore);
  cudaMallocArray(&b, &ds, 4, 4, cudaArraySurfaceLoadStore);
  int init[8];
  for (int i = 0; i < 8; i++) init[i] = 100 + i;
  cudaMemcpyToArray(a, 0, 0, init, 32, cudaMemcpyHostToDevice);
  short s0[16] = {};
  cudaMemcpy2DToArray(b, 0, 0, s0, 8, 8, 4, cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaSurfaceObject_t sa, sb;
  cudaCreateSurfaceObject(&sa, &rd);
  rd.res.array.array = b;
  cudaCreateSurfaceObject(&sb, &rd);
  int *o;
  cudaMalloc(&o, 4);
  int h = -1;
  const char *label = "";
  cudaError_t e = cudaSuccess;
  switch (k) {
  case 0: label = "1D write x=4 (element 1)"; w1<<<1, 1>>>(sa, 4, 7, 0); break;
  case 1: label = "1D write x=5 (misaligned), zero"; w1<<<1, 1>>>(sa, 5, 7, 0); break;
  case 2: label = "1D write x=6 (misaligned), clamp"; w1<<<1, 1>>>(sa, 6, 7, 1); break;
  case 3: label = "1D write x=33 (past, misaligned), clamp"; w1<<<1, 1>>>(sa, 33, 7, 1); break;
  case 4: label = "1D write x=40 (past), clamp"; w1<<<1, 1>>>(sa, 40, 7, 1); break;
  case 5: label = "1D write x=-4, clamp"; w1<<<1, 1>>>(sa, -4, 7, 1); break;
  case 6: label = "1D write x=-4, zero"; w1<<<1, 1>>>(sa, -4, 7, 0); break;
  case 7: label = "1D read x=13 (misaligned), zero"; r1<<<1, 1>>>(sa, 13, o, 0); break;
  case 8: label = "1D read x=1000, clamp"; r1<<<1, 1>>>(sa, 1000, o, 1); break;
  case 9: label = "1D read x=32, trap"; r1<<<1, 1>>>(sa, 32, o, 2); break;
  case 10: label = "2D write (3,1) short (misaligned), zero"; w2<<<1, 1>>>(sb, 3, 1, 9, 0); break;
  case 11: label = "2D write (8,5) (past both), clamp"; w2<<<1, 1>>>(sb, 8, 5, 9, 1); break;
  case 12: label = "2D write (2,-1), clamp"; w2<<<1, 1>>>(sb, 2, -1, 9, 1); break;
  }
  e = cudaDeviceSynchronize();
  int back[8] = {};
  short sback[16] = {};
  cudaMemcpyFromArray(back, a, 0, 0, 32, cudaMemcpyDeviceToHost);
  cudaMemcpy2DFromArray(sback, 8, b, 0, 0, 8, 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(&h, o, 4, cudaMemcpyDeviceToHost);
  printf("%-42s sync=%s", label, cudaGetErrorName(e));
  if (e == cudaSuccess) {
    if (k >= 7 && k <= 9) printf(" read=%d", h);
    else if (k >= 10) {
      printf(" 2D:");
      for (int i = 0; i < 16; i++) printf(" %d", sback[i]);
    } else {
      printf(" 1D:");
      for (int i = 0; i < 8; i++) printf(" %d", back[i]);
    }
  }
  printf("\n");
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  {
    pid_t pid = fork();
    if (pid == 0) {
      cudaArray_t plain;
      auto di = cudaCreateChannelDesc<int>();
      cudaMallocArray(&plain, &di, 8, 8);
      cudaResourceDesc rd = {};
      rd.resType = cudaResourceTypeArray;
      rd.res.array.array = plain;
      cudaSurfaceObject_t s = 0;
      printf("surface on array without flag -> %s\n", cudaGetErrorName(cudaCreateSurfaceObject(&s, &rd)));
      cudaGetLastError();
      rd.res.array.array = nullptr;
      printf("surface on null array -> %s\n", cudaGetErrorName(cudaCreateSurfaceObject(&s, &rd)));
      cudaGetLastError();
      int *d;
      cudaMalloc(&d, 64);
      cudaResourceDesc lr = {};
      lr.resType = cudaResourceTypeLinear;
      lr.res.linear.devPtr = d;
      lr.res.linear.desc = di;
      lr.res.linear.sizeInBytes = 64;
      printf("surface on linear memory -> %s\n", cudaGetErrorName(cudaCreateSurfaceObject(&s, &lr)));
      cudaGetLastError();
      cudaArray_t ok;
      cudaMallocArray(&ok, &di, 8, 8, cudaArraySurfaceLoadStore);
      rd.res.array.array = ok;
      cudaError_t e = cudaCreateSurfaceObject(&s, &rd);
      cudaResourceDesc back = {};
      cudaError_t g = cudaGetSurfaceObjectResourceDesc(&back, s);
      printf("surface ok -> %s, resource desc %s type %d same array %d\n", cudaGetErrorName(e),
             cudaGetErrorName(g), (int)back.resType, back.res.array.array == ok);
      printf("destroy -> %s, destroy again -> %s\n", cudaGetErrorName(cudaDestroySurfaceObject(s)),
             cudaGetErrorName(cudaDestroySurfaceObject(s)));
      printf("create with null out -> %s\n", cudaGetErrorName(cudaCreateSurfaceObject(nullptr, &rd)));
      _exit(0);
    }
    int st;
    waitpid(pid, &st, 0);
  }
  for (int k = 0; k < 13; k++) {
    pid_t pid = fork();
    if (pid == 0) {
      caseRun(k);
      _exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) printf("case %d: child ended abnormally\n", k);
  }
  return 0;
}
