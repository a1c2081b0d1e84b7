// cudaMemcpy and its variants with every pairing of pointer types and kinds, as CUDA's
// unified addressing answers them (tests/gpu-programs/probe_memcpy_kinds.txt, from an H200):
// memory CUDA knows (device, pinned, managed) is used where it is, whatever the kind says;
// pageable memory where the kind says "device" is cudaErrorInvalidValue; a host address that
// is not mapped (where the GPU's runtime crashes the process) is cudaErrorInvalidValue here,
// never a crash. Copies and sets past an allocation fail at the call, asynchronous ones too.
#include "common.h"
#include <cstring>
#include <sys/mman.h>

enum { DEV, PAGEABLE, PINNED, MANAGED, UNMAPPED, NPTR };
static const size_t N = 4096;
__device__ unsigned char sym[N];

static void* make(int t, unsigned char fill) {
  void* p = nullptr;
  switch (t) {
    case DEV: CK(cudaMalloc(&p, N)); CK(cudaMemset(p, fill, N)); break;
    case PAGEABLE: p = malloc(N); memset(p, fill, N); break;
    case PINNED: CK(cudaMallocHost(&p, N)); memset(p, fill, N); break;
    case MANAGED: CK(cudaMallocManaged(&p, N)); memset(p, fill, N); break;
    default:
      p = mmap(nullptr, N, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      EXPECT(p != MAP_FAILED);
      munmap(p, N);
  }
  CK(cudaDeviceSynchronize());
  return p;
}
static void release(int t, void* p) {
  if (t == DEV || t == MANAGED) CK(cudaFree(p));
  if (t == PINNED) CK(cudaFreeHost(p));
  if (t == PAGEABLE) free(p);
}
static int byte_at(int t, const void* p, size_t at) {
  unsigned char b = 0;
  if (t == DEV) { CK(cudaMemcpy(&b, (const char*)p + at, 1, cudaMemcpyDeviceToHost)); return b; }
  return ((const unsigned char*)p)[at];
}
static bool known(int t) { return t == DEV || t == PINNED || t == MANAGED; }
// What the copy returns: the kind matters only for memory CUDA does not know.
static cudaError_t expected(int dst, int src, cudaMemcpyKind k) {
  bool dst_dev = k == cudaMemcpyHostToDevice || k == cudaMemcpyDeviceToDevice;
  bool src_dev = k == cudaMemcpyDeviceToHost || k == cudaMemcpyDeviceToDevice;
  if ((!known(dst) && dst_dev) || (!known(src) && src_dev)) return cudaErrorInvalidValue;
  if (dst == UNMAPPED || src == UNMAPPED) return cudaErrorInvalidValue;
  return cudaSuccess;
}

int main() {
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  for (int mode = 0; mode < 3; mode++)
    for (int d = 0; d < NPTR; d++)
      for (int r = 0; r < NPTR; r++)
        for (int k = 0; k <= cudaMemcpyDefault; k++) {
          void* dst = make(d, 0x11);
          void* src = make(r, 0x22);
          cudaMemcpyKind kind = (cudaMemcpyKind)k;
          cudaError_t got = mode == 0 ? cudaMemcpy(dst, src, N, kind)
                          : mode == 1 ? cudaMemcpyAsync(dst, src, N, kind, s)
                                      : cudaMemcpy2DAsync(dst, 256, src, 256, 64, 4, kind, s);
          cudaError_t want = expected(d, r, kind);
          if (got != want) {
            printf("FAIL mode %d dst %d src %d kind %d: got %s, want %s\n", mode, d, r, k, cudaGetErrorName(got), cudaGetErrorName(want));
            return 1;
          }
          EXPECT_ERR(cudaGetLastError(), want);
          CK(cudaDeviceSynchronize());
          if (d != UNMAPPED) {
            size_t last = mode == 2 ? 3 * 256 + 63 : N - 1;
            EXPECT(byte_at(d, dst, last) == (want == cudaSuccess ? 0x22 : 0x11));
          }
          release(d, dst);
          release(r, src);
        }

  // Symbols: the kind must name the symbol's side as the device (else an invalid direction);
  // the other end is classified as above.
  for (int t = 0; t < NPTR; t++)
    for (int k = 0; k <= cudaMemcpyDefault; k++) {
      void* p = make(t, 0x22);
      cudaMemcpyKind kind = (cudaMemcpyKind)k;
      bool to_ok = k == cudaMemcpyHostToDevice || k == cudaMemcpyDeviceToDevice || k == cudaMemcpyDefault;
      cudaError_t want = !to_ok ? cudaErrorInvalidMemcpyDirection : expected(DEV, t, kind);
      EXPECT_ERR(cudaMemcpyToSymbolAsync(sym, p, N, 0, kind, s), want);
      EXPECT_ERR(cudaGetLastError(), want);
      bool from_ok = k == cudaMemcpyDeviceToHost || k == cudaMemcpyDeviceToDevice || k == cudaMemcpyDefault;
      want = !from_ok ? cudaErrorInvalidMemcpyDirection : expected(t, DEV, kind);
      EXPECT_ERR(cudaMemcpyFromSymbol(p, sym, N, 0, kind), want);
      EXPECT_ERR(cudaGetLastError(), want);
      CK(cudaDeviceSynchronize());
      release(t, p);
    }

  // A read-only destination: an error, not a crash (the GPU's runtime crashes here too).
  static const char read_only[N] = "constant";
  char* dev = (char*)make(DEV, 0x33);
  EXPECT_ERR(cudaMemcpy((void*)read_only, dev, N, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  EXPECT(read_only[0] == 'c');
  static const char big_read_only[1 << 18] = "constant";  // past the small-transfer path
  char* dev_big;
  CK(cudaMalloc(&dev_big, sizeof big_read_only));
  EXPECT_ERR(cudaMemcpy((void*)big_read_only, dev_big, sizeof big_read_only, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  EXPECT(big_read_only[0] == 'c');
  char* unmapped = (char*)mmap(nullptr, 1 << 18, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  munmap(unmapped + (1 << 17), 1 << 17);  // the second half is unmapped
  EXPECT_ERR(cudaMemcpy(dev_big, unmapped, 1 << 18, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpy(dev_big, unmapped, 1 << 17, cudaMemcpyHostToDevice), cudaSuccess);
  CK(cudaFree(dev_big));

  // Past the end of a 4096-byte allocation: cudaErrorInvalidValue at the call, synchronous or
  // not, and nothing pending afterwards.
  char *big, *host = (char*)malloc(2 * N);
  CK(cudaMalloc(&big, 2 * N));
  EXPECT_ERR(cudaMemcpy(big, dev, 2 * N, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpyAsync(big, dev, 2 * N, cudaMemcpyDeviceToDevice, s), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpyAsync(dev, host, 2 * N, cudaMemcpyHostToDevice, s), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpyAsync(host, dev, 2 * N, cudaMemcpyDeviceToHost, s), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpyAsync(big, dev + N - 16, 32, cudaMemcpyDeviceToDevice, s), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemsetAsync(dev, 1, 2 * N, s), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemset(dev, 1, 2 * N), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemset2DAsync(dev, 1024, 1, 1024, 8, s), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpy2DAsync(big, 1024, dev, 1024, 1024, 8, cudaMemcpyDeviceToDevice, s), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpyToSymbolAsync(sym, host, 2 * N, 0, cudaMemcpyHostToDevice, s), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  CK(cudaStreamSynchronize(s));
  CK(cudaDeviceSynchronize());
  EXPECT(byte_at(DEV, dev, 0) == 0x33);
  printf("PASS\n");
  return 0;
}
