// Device printf corners: %s of a null pointer, %p of null and of a fixed address, %5% and %%,
// widths and precisions from arguments (negative width: left-justified; negative precision:
// none), %#x / %#o of zero, %+.0e, %a / %A, %G of small and large values, %e / %f of
// infinities and NaN, %i, %5s / %.2s / %-6s|, %x of negatives, %o, %X, %u of -1, %c of 'A'+i
// from several lines, a long string argument, and printf's return values.
#include <cstdio>
#include <cmath>
#include <cstring>

__global__ void k(const char *nullstr, const char *longstr) {
  int r;
  r = printf("01 s-null=[%s]\n", nullstr); printf("ret01=%d\n", r);
  r = printf("02 p-null=[%p]\n", (void *)0); printf("ret02=%d\n", r);
  r = printf("03 p=[%p]\n", (void *)0x1234abcdull); printf("ret03=%d\n", r);
  r = printf("04 pct=[%%] [%5%]\n"); printf("ret04=%d\n", r);
  r = printf("05 starw=[%*d] [%*d] [%-*d]\n", 6, 42, -6, 42, 4, 7); printf("ret05=%d\n", r);
  r = printf("06 starp=[%.*f] [%.*f] [%*.*f]\n", 2, 3.14159, -1, 3.14159, 9, 3, 2.5); printf("ret06=%d\n", r);
  r = printf("07 star0=[%0*d] [%.*d] [%.*s]\n", 5, -3, 4, 7, 3, "abcdef"); printf("ret07=%d\n", r);
  r = printf("08 hash=[%#x] [%#o] [%#X] [%#o]\n", 0, 0, 255, 8); printf("ret08=%d\n", r);
  r = printf("09 e=[%+.0e] [%.3e] [%E]\n", 12345.678, 0.0001234, -1e300); printf("ret09=%d\n", r);
  r = printf("10 a=[%a] [%A] [%.2a]\n", 1.0, -0.5, 3.0); printf("ret10=%d\n", r);
  r = printf("11 g=[%G] [%g] [%g] [%#g]\n", 1e-5, 123456789.0, 100000.0, 1.0); printf("ret11=%d\n", r);
  r = printf("12 inf=[%f] [%e] [%g] [%F]\n", INFINITY, -INFINITY, NAN, INFINITY); printf("ret12=%d\n", r);
  r = printf("13 i=[%i] [%+i] [% i]\n", -17, 17, 17); printf("ret13=%d\n", r);
  r = printf("14 s=[%5s] [%.2s] [%-6s|] [%s]\n", "abcdefg", "xyz", "ab", ""); printf("ret14=%d\n", r);
  r = printf("15 x=[%x] [%X] [%o] [%u]\n", -1, 0xBEEF, 511, -1); printf("ret15=%d\n", r);
  r = printf("16 f=[%f] [%.0f] [%.1f] [%.1f] [%10.4f]\n", 0.5, 2.5, 0.25, 0.35, -1.0 / 3.0); printf("ret16=%d\n", r);
  r = printf("17 float promoted=[%f] [%e]\n", 1.1f, 3.0e-39f); printf("ret17=%d\n", r);
  r = printf("18 long=[%s]\n", longstr); printf("ret18=%d\n", r);
  r = printf("19 lc=[%c%c%c]\n", 'A', 'B' + 1, 0x144); printf("ret19=%d\n", r);
  r = printf("20 neg zero=[%f] [%g] [%e]\n", -0.0, -0.0, -0.0); printf("ret20=%d\n", r);
  r = printf("21 ll=[%lld] [%llx] [%llo]\n", -9223372036854775807ll - 1, 0xfedcba9876543210ull, 8ull); printf("ret21=%d\n", r);
  r = printf("22 space flags=[% d] [% 5d] [%+ d] [%- 5d|]\n", 5, 5, 5, 5); printf("ret22=%d\n", r);
  r = printf("23 zero-left=[%-05d|] [%05s]\n", 3, "ab"); printf("ret23=%d\n", r);
  r = printf("24 big width=[%40d]\n", 1); printf("ret24=%d\n", r);
  r = printf("25 precision int=[%.0d] [%.0x] [%5.0d|]\n", 0, 0, 0); printf("ret25=%d\n", r);
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  const char *lit = "the quick brown fox jumps over the lazy dog, 0123456789 "
                    "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG! ~ end of the long string";
  char *d;
  cudaMalloc(&d, 256);
  cudaMemcpy(d, lit, strlen(lit) + 1, cudaMemcpyHostToDevice);
  k<<<1, 1>>>(nullptr, d);
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  return 0;
}
