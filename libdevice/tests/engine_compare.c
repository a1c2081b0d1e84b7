/* Runs libdevice's PTX (sample_kernel.cu compiled by clang with libdevice.bc linked) on
 * Cuprite's engine through its libcudart, and compares every result bit for bit with the same
 * C source built for the host: the device path (clang's codegen, PTX, Cuprite's execution of
 * add.rn/mul.rn/fma.rn/div.rn/sqrt.rn/cvt and the integer operations) must reproduce the
 * host's IEEE arithmetic exactly.
 *   engine_compare SAMPLE.ptx   (link with Cuprite's libcudart.so) */
#include "../libdevice.c"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SAMPLE_QUALIFIER
#include "sample_functions.h"

typedef struct { unsigned x, y, z; } dim3;
int cudaMalloc(void **p, size_t n);
int cudaMemcpy(void *dst, const void *src, size_t n, int kind);
int cudaLaunchKernel(const void *f, dim3 grid, dim3 block, void **args, size_t shmem, void *stream);
int cudaDeviceSynchronize(void);
void **__cudaRegisterFatBinary(void *wrapper);
void __cudaRegisterFatBinaryEnd(void **h);
void __cudaRegisterFunction(void **h, const char *host_fun, char *device_fun, const char *name,
                            int limit, void *tid, void *bid, void *bdim, void *gdim, int *wsize);

static void stub(void) {}

/* A fatbin with one PTX entry (layout: shared/design/compiler-route.md). */
static unsigned char *make_fatbin(const char *ptx, size_t len) {
  size_t payload = (len + 1 + 7) & ~(size_t)7;
  size_t total = 16 + 80 + payload;
  unsigned char *b = calloc(1, total);
  uint32_t magic = 0xBA55ED50u;
  uint16_t v1 = 1, hs = 16;
  uint64_t rest = 80 + payload;
  memcpy(b, &magic, 4); memcpy(b + 4, &v1, 2); memcpy(b + 6, &hs, 2); memcpy(b + 8, &rest, 8);
  unsigned char *e = b + 16;
  uint16_t kind = 1, ver = 0x0101, minor = 0, major = 8;
  uint32_t ehs = 80, sixty4 = 64, arch = 80;
  uint64_t psize = payload, flags = 0x11;
  memcpy(e, &kind, 2); memcpy(e + 2, &ver, 2); memcpy(e + 4, &ehs, 4); memcpy(e + 8, &psize, 8);
  memcpy(e + 20, &sixty4, 4); memcpy(e + 24, &minor, 2); memcpy(e + 26, &major, 2);
  memcpy(e + 28, &arch, 4); memcpy(e + 40, &flags, 8);
  uint32_t x48 = 0x48;
  memcpy(e + 64, &x48, 4);
  memcpy(e + 80, ptx, len);
  return b;
}

static uint64_t rng = 0x243f6a8885a308d3ull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static double input(void) {
  switch (next() % 4) {
  case 0: return from_bits_d(next());                            /* anything */
  case 1: return (double)(int64_t)(next() % 2000001) / 1000.0 - 1000.0; /* [-1000, 1000] */
  case 2: return (double)(next() % 1000001) / 1000000.0;          /* [0, 1] */
  default: return scale2(1.0 + (double)(next() >> 11) * 0x1p-53, (int)(next() % 200) - 100);
  }
}

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: engine_compare SAMPLE.ptx\n"); return 2; }
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 2; }
  static char ptx[1 << 24];
  size_t len = fread(ptx, 1, sizeof ptx - 1, f);
  fclose(f);
  struct { uint32_t magic, version; const void *data; void *unused; } wrapper = {
      0x466243b1u, 1, make_fatbin(ptx, len), NULL};
  void **h = __cudaRegisterFatBinary(&wrapper);
  __cudaRegisterFunction(h, (const char *)stub, "eval", "eval", -1, 0, 0, 0, 0, 0);
  __cudaRegisterFatBinaryEnd(h);

  enum { N = 2048 };
  static double x[N], y[N], out[N];
  double *dx, *dy, *dout;
  if (cudaMalloc((void **)&dx, sizeof x) || cudaMalloc((void **)&dy, sizeof y) ||
      cudaMalloc((void **)&dout, sizeof out)) { fprintf(stderr, "cudaMalloc failed\n"); return 2; }
  long checked = 0, mismatches = 0;
  for (int fn = 0; fn < SAMPLE_TOTAL; fn++) {
    for (int i = 0; i < N; i++) { x[i] = input(); y[i] = input(); }
    if (fn >= SAMPLE_UNARY && fn < 2 * SAMPLE_UNARY) /* float functions: float inputs */
      for (int i = 0; i < N; i++) x[i] = (double)(float)x[i];
    cudaMemcpy(dx, x, sizeof x, 1);
    cudaMemcpy(dy, y, sizeof y, 1);
    int n = N;
    void *args[] = {&fn, &dx, &dy, &dout, &n};
    dim3 grid = {N / 128, 1, 1}, block = {128, 1, 1};
    int err = cudaLaunchKernel((const void *)stub, grid, block, args, 0, NULL);
    if (err || cudaDeviceSynchronize()) { fprintf(stderr, "launch failed (%d)\n", err); return 2; }
    cudaMemcpy(out, dout, sizeof out, 2);
    int bad = 0;
    for (int i = 0; i < N; i++) {
      double want = sample_eval(fn, x[i], y[i]);
      int same = bits_d(want) == bits_d(out[i]) || (is_nan_d(want) && is_nan_d(out[i]));
      if (!same && bad++ < 3)
        printf("function %d: x=%a y=%a engine %a host %a\n", fn, x[i], y[i], out[i], want);
      checked++;
    }
    mismatches += bad;
  }
  printf("engine vs host: %ld results, %ld mismatches (%d functions)\n", checked, mismatches, SAMPLE_TOTAL);
  return mismatches ? 1 : 0;
}
