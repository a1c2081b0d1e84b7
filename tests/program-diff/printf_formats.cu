// Device printf formatting: every conversion and flag the CUDA printf supports.
#include <cstdio>
__global__ void k(int i, unsigned u, long long ll, double d, float f, const char* s) {
  printf("d=%d i=%i u=%u x=%x X=%X o=%o c=%c s=%s %%\n", i, i, u, u, u, u, 'A' + (int)threadIdx.x, s);
  // (`%hhd` and `%ld` are left out: the GPU's printf mishandles them, reading other arguments.)
  printf("ll=%lld llu=%llu llx=%llx hd=%hd\n", ll, (unsigned long long)ll, ll, (short)i);
  printf("f=%f e=%e E=%E g=%g G=%G a=%a\n", d, d, d, d, d, d);
  printf("w=[%8d] l=[%-8d] p=[%+d] z=[%08d] sp=[% d] prec=[%.3d]\n", i, i, i, i, i, i);
  printf("f1=[%10.3f] f2=[%-10.2e] f3=[%.0f] f4=[%#.0f] f5=[%+.4g] f6=[%#x] f7=[%#o]\n", d, d, d, d, d, u, u);
  printf("float=%f %.9g %g %g %g %g\n", f, f, 1e-5, 1e20, 123456789.0, 0.0001);
  printf("special=%f %f %f %e %g\n", 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0, -0.0, 1e-320);
  printf("str=[%10s] [%-10s] [%.2s] star=[%*d] [%.*f]\n", s, s, s, 6, i, 3, d);
  printf("many %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d\n", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
  printf("ptr-null=%s\n", (const char*)0);
}
int main() {
  char* s; cudaMalloc(&s, 16); cudaMemcpy(s, "cuprite", 8, cudaMemcpyHostToDevice);
  k<<<1, 1>>>(-42, 3000000000u, -1234567890123LL, 3.14159265358979, 2.5f, s);
  cudaDeviceSynchronize();
  k<<<1, 1>>>(7, 255u, 99LL, -0.000123456, -1e10f, s);
  cudaDeviceSynchronize();
  return 0;
}
