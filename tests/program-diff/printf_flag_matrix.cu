// Device printf, one thread at a time so the order is defined: every flag combination of
// `-+ #0` with widths and precisions on %d %i %u %x %X %o %e %E %f %g %G %a %A %c %s %p, the 64-bit
// %lld %llu %llx at their extremes, negative zero, infinities and NaN through each float
// conversion, precision 0 cases (%.0f of 0.5 and 1.5, %.0e, %#.0f, %#g), %*d and %.*f with
// negative and large arguments, and empty strings; the host prints the same formats after it.
#include <cstdio>
#include <cmath>

__device__ __host__ void lines(int which) {
  int iv[] = {0, 1, -1, 42, -2147483647 - 1, 2147483647};
  double dv[] = {0.0, -0.0, 0.5, 1.5, 2.5, 1e-300, 123456789.125, -9.99999e-5, INFINITY, -INFINITY, NAN};
  const char* fl[] = {"%d", "%5d", "%-5d|", "%+d", "% d", "%05d", "%+05d", "%-+6d|", "%.3d", "%8.3d", "%-08d|"};
  const char* fx[] = {"%x", "%#x", "%#08x", "%X", "%#X", "%o", "%#o", "%#5o", "%u", "%10u", "%-10u|"};
  const char* ff[] = {"%f", "%.0f", "%#.0f", "%+.3f", "% 12.4f", "%-12.2f|", "%012.3f", "%e", "%.0e", "%#.0e", "%+E", "%g", "%.0g", "%#g", "%G", "%.10g", "%a", "%A", "%.3a", "%+15.2e", "%-+10g|"};
  if (which == 0) for (const char* f : fl) { printf("[%s]", f); for (int v : iv) { printf(" "); printf(f, v); } printf("\n"); }
  if (which == 1) for (const char* f : fx) { printf("[%s]", f); for (int v : iv) { printf(" "); printf(f, (unsigned)v); } printf("\n"); }
  if (which == 2) for (const char* f : ff) { printf("[%s]", f); for (double v : dv) { printf(" "); printf(f, v); } printf("\n"); }
  if (which == 3) {
    long long a = -9223372036854775807LL - 1, b = 9223372036854775807LL; unsigned long long c = ~0ULL;
    printf("%lld %lld %llu %llx %#llo %+lld %020lld\n", a, b, c, c, c, b, a);
    printf("[%c][%3c][%-3c][%s][%10s][%-10s][%.2s][%10.3s][%s]\n", 'A', 'b', 'c', "str", "right", "left", "truncate", "abcdef", "");
    printf("[%*d][%-*d][%*d][%.*f][%.*f][%*.*f]\n", 6, 42, 6, 42, -6, 42, 2, 3.14159, 0, 2.5, 10, 4, -1.0 / 3.0);
    printf("%5.1f%% done, %d%%\n", 99.95, 100);
    printf("%hd %hu %hx\n", (short)-5, (unsigned short)65535, (unsigned short)0xbeef);
    printf("float args: %f %e %g %a\n", 1.1f, 1.1f, 1.1f, 1.1f);
  }
}

__global__ void k(int which) { lines(which); }

int main() {
  for (int w = 0; w < 4; ++w) {
    k<<<1, 1>>>(w);
    cudaDeviceSynchronize();
  }
  printf("---- host\n");
  fflush(stdout);
  for (int w = 0; w < 4; ++w) lines(w);
  printf("null pointer %%p on the device:\n");
  fflush(stdout);
  return 0;
}
