// flags: -lcurand
// cuRAND XORWOW under CURAND_ORDERING_PSEUDO_SEEDED (host API): enough of the stream to infer
// its layout. For seed 1, the first 32768 32-bit draws; for other seeds, the draws at
// positions t + k*4096 (t < 32, k < 8) and the first 64; with an offset; in two calls.
#include <cstdio>
#include <curand.h>
#define CK(x) do { curandStatus_t s_ = (x); if (s_ != CURAND_STATUS_SUCCESS) { printf("%s -> %d\n", #x, (int)s_); return 1; } } while (0)
static unsigned *d, h[32768];
static int gen(unsigned long long seed, unsigned long long offset, size_t n) {
  curandGenerator_t g;
  CK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_XORWOW));
  CK(curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_SEEDED));
  CK(curandSetPseudoRandomGeneratorSeed(g, seed));
  CK(curandSetGeneratorOffset(g, offset));
  CK(curandGenerate(g, d, n));
  cudaMemcpy(h, d, n * 4, cudaMemcpyDeviceToHost);
  CK(curandDestroyGenerator(g));
  return 0;
}
int main() {
  cudaMalloc(&d, sizeof h);
  if (gen(1, 0, 32768)) return 1;
  printf("seed 1 offset 0, 32768 draws, 16 a line:\n");
  for (int i = 0; i < 32768; i++) printf("%08x%c", h[i], i % 16 == 15 ? '\n' : ' ');
  const unsigned long long seeds[] = {0, 2, 3, 42, 0xffffffffull, 0x100000000ull, 0x123456789abcdefull};
  for (unsigned long long s : seeds) {
    if (gen(s, 0, 32768)) return 1;
    printf("seed %llx first 64:", s);
    for (int i = 0; i < 64; i++) printf(" %08x", h[i]);
    printf("\nseed %llx t+k*4096 (t<32, k<8), by t:", s);
    for (int t = 0; t < 32; t++) for (int k = 0; k < 8; k++) printf(" %08x", h[t + k * 4096]);
    printf("\nseed %llx threads 4064..4095 first draw:", s);
    for (int t = 4064; t < 4096; t++) printf(" %08x", h[t]);
    printf("\n");
  }
  for (unsigned long long off : {1ull, 10ull, 4096ull, 5000ull}) {
    if (gen(1, off, 64)) return 1;
    printf("seed 1 offset %llu first 64:", off);
    for (int i = 0; i < 64; i++) printf(" %08x", h[i]);
    printf("\n");
  }
  // two calls of 100 on one generator
  curandGenerator_t g;
  CK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_XORWOW));
  CK(curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_SEEDED));
  CK(curandSetPseudoRandomGeneratorSeed(g, 1));
  CK(curandGenerate(g, d, 100));
  CK(curandGenerate(g, d + 100, 100));
  cudaMemcpy(h, d, 800, cudaMemcpyDeviceToHost);
  printf("seed 1, two calls of 100:");
  for (int i = 0; i < 200; i++) printf(" %08x", h[i]);
  printf("\n");
  // uniform floats (first 16) and normal floats (first 16) under SEEDED
  float *f; cudaMalloc(&f, 64 * 4); float hf[64];
  CK(curandGenerateUniform(g, f, 64)); cudaMemcpy(hf, f, 256, cudaMemcpyDeviceToHost);
  printf("then uniform:"); for (int i = 0; i < 16; i++) printf(" %08x", *(unsigned *)&hf[i]); printf("\n");
  CK(curandDestroyGenerator(g));
  printf("err %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
