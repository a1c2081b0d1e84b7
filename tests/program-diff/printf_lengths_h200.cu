// Device printf's length modifiers as an H200 prints them (the device copies the arguments of
// the conversions it knows; z/j/t/hh/q/L are not among them, so a conversion with one of them,
// alone on its line, finds nothing in the record: z/j/t print as written, hh prints the FIFO's
// old contents, left out here): %zu %zd %zx %jd %ju %td %hu %hd %ld %lu %lx %lf %le %lg %llu
// %lli %c %hc, the malformed %hhhd and %llld, widths with modifiers, 32 arguments, and each
// printf's return value.
#include <cstdio>
#include <cstdint>
#include <cstddef>

__global__ void k() {
  int r;
  r = printf("01 zu=[%zu]\n", (size_t)5); printf("ret01=%d\n", r);
  r = printf("02 zd=[%zd]\n", (ptrdiff_t)-5); printf("ret02=%d\n", r);
  r = printf("03 zx=[%zx]\n", (size_t)0x1234567890ull); printf("ret03=%d\n", r);
  r = printf("04 jd=[%jd]\n", (intmax_t)-5); printf("ret04=%d\n", r);
  r = printf("05 ju=[%ju]\n", (uintmax_t)0x100000000ull); printf("ret05=%d\n", r);
  r = printf("06 td=[%td]\n", (ptrdiff_t)-5); printf("ret06=%d\n", r);
  r = printf("11 hu=[%hu] hd=[%hd]\n", (unsigned short)65535, (short)-2); printf("ret11=%d\n", r);
  r = printf("12 hd=[%hd] of 70000, hu=[%hu] of -1\n", 70000, -1); printf("ret12=%d\n", r);
  r = printf("13 ld=[%ld] lu=[%lu] lx=[%lx]\n", (long)-5, (unsigned long)0x100000001ul, (unsigned long)0xabcdef012ul); printf("ret13=%d\n", r);
  r = printf("14 lf=[%lf] le=[%le] lg=[%lg]\n", 1.5, 2.5, 3.5); printf("ret14=%d\n", r);
  r = printf("15 llu=[%llu] lli=[%lli]\n", 18446744073709551615ull, -9ll); printf("ret15=%d\n", r);
  r = printf("16 c=[%c] hc=[%hc]\n", 'x', 'y'); printf("ret16=%d\n", r);
  r = printf("17 hhhd=[%hhhd]\n", 5); printf("ret17=%d\n", r);
  r = printf("18 llld=[%llld]\n", 5ll); printf("ret18=%d\n", r);
  r = printf("19 size=[%lu] int=[%d]\n", sizeof(int), 3); printf("ret19=%d\n", r);
  r = printf("20 w=[%5zu]\n", (size_t)3); printf("ret20=%d\n", r);
  r = printf("22 w=[%05jd]\n", (intmax_t)5); printf("ret22=%d\n", r);
  r = printf("23 w=[%08.3lf] [%-8ld|] [%+lld]\n", 3.14159, -42l, 42ll); printf("ret23=%d\n", r);
  r = printf("24 %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d\n",
             1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32);
  printf("ret24=%d\n", r);
  r = printf("25 %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld\n",
             1ll, 2ll, 3ll, 4ll, 5ll, 6ll, 7ll, 8ll, 9ll, 10ll, 11ll, 12ll, 13ll, 14ll, 15ll, 16ll, 17ll, 18ll, 19ll, 20ll, 21ll, 22ll, 23ll, 24ll, 25ll, 26ll, 27ll, 28ll, 29ll, 30ll, 31ll, -32ll);
  printf("ret25=%d\n", r);
  r = printf("26 no conversions\n"); printf("ret26=%d\n", r);
  r = printf("27 percent %% only\n"); printf("ret27=%d\n", r);
  r = printf("28 %s and %s\n", "one", "two"); printf("ret28=%d\n", r);
  r = printf("29 %d%%\n", 50); printf("ret29=%d\n", r);
  r = printf(""); printf("ret30=%d\n", r);
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  k<<<1, 1>>>();
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  return 0;
}
