// Formatted output: device printf with the guide's specifiers (%d %i %u %x %o %c %s %f %e %g %p %ld
// %lld %%, widths, precision, flags), output flushed at synchronization. The program captures its
// own stdout in a temporary file and compares each expected line, computed with the host's printf.
#include "guide.h"
#include <unistd.h>
#include <string>
__global__ void helloCUDA(float f) { printf("Hello thread %d, f=%f\n", threadIdx.x, f); }
__global__ void formats(const char* s) {
  printf("int %d %i %5d|%-5d|%05d %+d\n", -42, 7, 123, 45, 67, 8);
  printf("unsigned %u %x %X %o %#x\n", 4000000000u, 0xbeefu, 0xcafeu, 8u, 255u);
  printf("long %ld %lld %llu\n", -1234567890123L, -9000000000000000000LL, 18000000000000000000ULL);
  printf("float %f %.2f %10.3f %e %.3E %g %g\n", 3.5f, 2.345, -1.0, 12345.678, 0.00012, 1e-5, 100000.0);
  printf("char %c%c%c str [%s] [%8s] [%-4s] pct %%\n", 'a', 'b', 'c', s, "right", "l");
  printf("double %.10f %a\n", 1.0 / 3.0, 1.0);
}
int main() {
  fflush(stdout);
  char path[] = "/tmp/guide_printfXXXXXX";
  int fd = mkstemp(path);
  int saved = dup(1);
  dup2(fd, 1);
  char* s;
  CK(cudaMalloc(&s, 8));
  CK(cudaMemcpy(s, "device", 7, cudaMemcpyHostToDevice));
  helloCUDA<<<1, 4>>>(1.2345f);
  CK(cudaDeviceSynchronize());
  formats<<<1, 1>>>(s);
  CK(cudaDeviceSynchronize());
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  FILE* f = fopen(path, "r");
  std::string got;
  char buf[512];
  while (fgets(buf, sizeof buf, f)) got += buf;
  fclose(f); close(fd); unlink(path);
  // Expected output, formatted by the host's printf from the same arguments.
  std::string hello;
  char line[512];
  for (int t = 0; t < 4; t++) { snprintf(line, sizeof line, "Hello thread %d, f=%f\n", t, 1.2345f); hello += line; }
  check(got.find(hello) == 0, "four hello lines in thread order, first");
  std::string want;
  snprintf(line, sizeof line, "int %d %i %5d|%-5d|%05d %+d\n", -42, 7, 123, 45, 67, 8); want += line;
  snprintf(line, sizeof line, "unsigned %u %x %X %o %#x\n", 4000000000u, 0xbeefu, 0xcafeu, 8u, 255u); want += line;
  snprintf(line, sizeof line, "long %ld %lld %llu\n", -1234567890123L, -9000000000000000000LL, 18000000000000000000ULL); want += line;
  snprintf(line, sizeof line, "float %f %.2f %10.3f %e %.3E %g %g\n", 3.5f, 2.345, -1.0, 12345.678, 0.00012, 1e-5, 100000.0); want += line;
  snprintf(line, sizeof line, "char %c%c%c str [%s] [%8s] [%-4s] pct %%\n", 'a', 'b', 'c', "device", "right", "l"); want += line;
  snprintf(line, sizeof line, "double %.10f %a\n", 1.0 / 3.0, 1.0); want += line;
  bool ok = got == hello + want;
  if (!ok) printf("got:\n%swant:\n%s%s", got.c_str(), hello.c_str(), want.c_str());
  check(ok, "every format specifier matches the host's printf");
  return finish();
}
