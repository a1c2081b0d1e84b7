// Device printf with widths and precisions taken from arguments (`*`) together with length
// modifiers, and printf's return value for each (does a `*` count as an argument?): %*d %-*d
// %.*d %*.*f %.*s %*s %*hd %*ld %*lld %.*lf %*c, a negative `*` width, a `*` precision of 0
// with the value 0, sixteen `%*d` (32 arguments), and `*` as the last conversion of a line
// (no conversion follows one whose argument might be misread: z/j/t/hh are left out here).
#include <cstdio>

__global__ void k() {
  int r;
  r = printf("01 [%*d]\n", 6, 42); printf("ret01=%d\n", r);
  r = printf("02 [%-*d]\n", 6, 42); printf("ret02=%d\n", r);
  r = printf("03 [%.*d]\n", 5, 42); printf("ret03=%d\n", r);
  r = printf("04 [%*.*f]\n", 10, 3, 3.14159265); printf("ret04=%d\n", r);
  r = printf("05 [%.*s]\n", 3, "abcdef"); printf("ret05=%d\n", r);
  r = printf("06 [%*s]\n", 8, "abc"); printf("ret06=%d\n", r);
  r = printf("07 [%*hd]\n", 7, (short)-12); printf("ret07=%d\n", r);
  r = printf("08 [%*ld]\n", 12, -1234567890123l); printf("ret08=%d\n", r);
  r = printf("09 [%*lld]\n", 22, -1234567890123456789ll); printf("ret09=%d\n", r);
  r = printf("10 [%.*lf]\n", 1, 2.25); printf("ret10=%d\n", r);
  r = printf("11 [%*c]\n", 4, 'q'); printf("ret11=%d\n", r);
  r = printf("12 [%*d]\n", -6, 42); printf("ret12=%d\n", r);
  r = printf("13 [%.*d]\n", 0, 0); printf("ret13=%d\n", r);
  r = printf("14 [%.*f]\n", -1, 1.5); printf("ret14=%d\n", r);
  r = printf("15 [%*x] [%-*X] [%#*o]\n", 6, 255, 6, 255, 6, 8); printf("ret15=%d\n", r);
  r = printf("16 [%*e]\n", 14, 12345.678); printf("ret16=%d\n", r);
  r = printf("17 [%0*d]\n", 7, -42); printf("ret17=%d\n", r);
  r = printf("18 [%+*d]\n", 5, 42); printf("ret18=%d\n", r);
  r = printf("19 %*d %*d %*d %*d %*d %*d %*d %*d %*d %*d %*d %*d %*d %*d %*d %*d\n", 2, 1, 2, 2, 2, 3, 2, 4,
             2, 5, 2, 6, 2, 7, 2, 8, 2, 9, 2, 10, 2, 11, 2, 12, 2, 13, 2, 14, 2, 15, 2, 16);
  printf("ret19=%d\n", r);
  r = printf("20 [%*.*s]\n", 6, 2, "xyz"); printf("ret20=%d\n", r);
  r = printf("21 [%.*g]\n", 3, 0.000123456); printf("ret21=%d\n", r);
  r = printf("22 [%*u]\n", 12, 4294967295u); printf("ret22=%d\n", r);
  r = printf("23 [%*.*e]\n", 12, 2, -0.0); printf("ret23=%d\n", r);
  r = printf("24 [%*s|%*s]\n", 3, "", -3, ""); printf("ret24=%d\n", r);
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  k<<<1, 1>>>();
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  return 0;
}
