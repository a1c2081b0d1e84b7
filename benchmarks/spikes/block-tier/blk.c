// Spike: what a whole-block code generator would emit for nvcc's PTX of jacobi/matmul,
// translated mechanically (one C statement per PTX instruction, gotos for branches,
// thread loops per barrier region, clamped arena-checked accesses).
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

typedef struct { uint64_t lo, span; uint32_t bad; } Arena;
#define ACC(ar, a, sz) ({ uint64_t _a = (a); int _ok = (_a - lo) <= (span - (sz)); bad |= !_ok; (void*)(_ok ? _a : lo); })
#ifdef NOCHK
#define LDF(a) (*(float*)(a))
#define STF(a, v) (*(float*)(a) = (v))
#else
#define LDF(a) (*(float*)ACC(ar, a, 4))
#define STF(a, v) (*(float*)ACC(ar, a, 4) = (v))
#endif
#define SH(a) (*(float*)(shared + ((a) & 0xffff)))

void jacobi_block(const uint64_t* params, Arena* ar, uint32_t cx, uint32_t cy, uint32_t ntx, uint32_t nty) {
  uint32_t bad = 0; const uint64_t lo = ar->lo, span = ar->span;
  uint64_t rd1 = params[0], rd2 = params[1]; uint32_t r3 = ((uint32_t*)params)[4], r4 = ((uint32_t*)params)[5];
  for (uint32_t ty = 0; ty < nty; ty++)
  for (uint32_t tx = 0; tx < ntx; tx++) {
    uint32_t r5 = ntx, r6 = cx, r7 = tx, r1 = r6 * r5 + r7;
    uint32_t r8 = nty, r9 = cy, r10 = ty, r2 = r9 * r8 + r10;
    int p1 = (int32_t)r1 < 1, p2 = (int32_t)r2 < 1, p3 = p1 | p2;
    uint32_t r11 = r3 - 1; int p4 = (int32_t)r1 >= (int32_t)r11; int p5 = p3 | p4;
    uint32_t r12 = r4 - 1; int p6 = (int32_t)r2 >= (int32_t)r12; int p7 = p5 | p6;
    if (p7) goto L2;
    uint64_t rd3 = rd1, rd4 = rd2;
    uint32_t r13 = r2 * r3 + r1, r14 = r13 - 1;
    uint64_t rd5 = (uint64_t)(int64_t)(int32_t)r14 * 4, rd6 = rd3 + rd5;
    float f1 = LDF(rd6 + 8), f2 = LDF(rd6), f3 = f2 + f1;
    uint32_t r15 = r13 - r3; uint64_t rd7 = (uint64_t)(int64_t)(int32_t)r15 * 4, rd8 = rd3 + rd7;
    float f4 = LDF(rd8), f5 = f3 + f4;
    uint32_t r16 = r13 + r3; uint64_t rd9 = (uint64_t)(int64_t)(int32_t)r16 * 4, rd10 = rd3 + rd9;
    float f6 = LDF(rd10), f7 = f5 + f6, f8 = f7 * 0.25f;
    uint64_t rd11 = (uint64_t)(int64_t)(int32_t)r13 * 4, rd12 = rd4 + rd11;
    STF(rd12, f8);
  L2:;
  }
  if (bad) ar->bad = 1;
}

// matmul: regions split at the two barriers in the k loop; registers live across barriers
// kept per thread in arrays.
void matmul_block(const uint64_t* params, Arena* ar, uint32_t cx, uint32_t cy, uint32_t ntx, uint32_t nty) {
  uint32_t bad = 0; const uint64_t lo = ar->lo, span = ar->span;
  _Alignas(64) unsigned char shared[2048];
  enum { N = 256 };
  uint64_t A = params[0], B = params[1], C = params[2]; uint32_t n = ((uint32_t*)params)[6];
  float acc[N]; uint32_t kk[N];
  uint32_t nt = ntx * nty;
  // region 0: prologue up to the loop's first barrier
  for (uint32_t t = 0; t < nt; t++) { acc[t] = 0; kk[t] = 0; }
  // block-level loop: the k loop's condition is uniform (checked: all threads agree)
  for (;;) {
    uint32_t k = kk[0];
    if (!((int32_t)k < (int32_t)n)) break;
    for (uint32_t ty = 0; ty < nty; ty++)
    for (uint32_t tx = 0; tx < ntx; tx++) {
      uint32_t row = cy * 16 + ty, col = cx * 16 + tx;
      uint32_t ia = row * n + k + tx, ib = (k + ty) * n + col;
      float a = LDF(A + (uint64_t)(int64_t)(int32_t)ia * 4);
      float b = LDF(B + (uint64_t)(int64_t)(int32_t)ib * 4);
      SH(ty * 64 + tx * 4) = a; SH(1024 + ty * 64 + tx * 4) = b;
    }
    for (uint32_t ty = 0; ty < nty; ty++)
    for (uint32_t tx = 0; tx < ntx; tx++) {
      uint32_t t = ty * ntx + tx; float s = acc[t];
      for (uint32_t j = 0; j < 16; j++) s += SH(ty * 64 + j * 4) * SH(1024 + j * 64 + tx * 4);
      acc[t] = s; kk[t] = k + 16;
    }
  }
  for (uint32_t ty = 0; ty < nty; ty++)
  for (uint32_t tx = 0; tx < ntx; tx++) {
    uint32_t row = cy * 16 + ty, col = cx * 16 + tx;
    STF(C + (uint64_t)(int64_t)(int32_t)(row * n + col) * 4, acc[ty * ntx + tx]);
  }
  if (bad) ar->bad = 1;
}

static double now(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

int main(int argc, char** argv) {
  int nx = 4096, ny = 4096, reps = 10;
  size_t bytes = (size_t)nx * ny * 4;
  char* arena = aligned_alloc(64, 3 * bytes + 4096);
  Arena ar = { (uint64_t)arena, 3 * bytes, 0 };
  float* in = (float*)arena; float* out = (float*)(arena + bytes);
  for (size_t i = 0; i < (size_t)nx * ny; i++) in[i] = (float)(i % 1000) * 0.001f;
  memset(out, 0, bytes);
  // OpenMP twin
  double best_omp = 1e9, best_blk = 1e9;
  for (int r = 0; r < reps; r++) {
    double t0 = now();
    #pragma omp parallel for
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        out[y * nx + x] = 0.25f * (in[y * nx + x - 1] + in[y * nx + x + 1] + in[(y - 1) * nx + x] + in[(y + 1) * nx + x]);
    double t1 = now(); if (t1 - t0 < best_omp) best_omp = t1 - t0;
    uint64_t params[3] = { (uint64_t)in, (uint64_t)out, 0 }; ((uint32_t*)params)[4] = nx; ((uint32_t*)params)[5] = ny;
    t0 = now();
    #pragma omp parallel for collapse(2) schedule(static)
    for (uint32_t by = 0; by < ny / 16; by++) for (uint32_t bx = 0; bx < nx / 16; bx++) jacobi_block(params, &ar, bx, by, 16, 16);
    t1 = now(); if (t1 - t0 < best_blk) best_blk = t1 - t0;
  }
  printf("jacobi 4096^2: omp %.2f ms, block-loop %.2f ms, ratio omp/blk %.2f bad=%u\n", best_omp * 1e3, best_blk * 1e3, best_omp / best_blk, ar.bad);
  // matmul
  int n = 1024; size_t mb = (size_t)n * n * 4;
  float *A = (float*)arena, *B = (float*)(arena + mb), *C = (float*)(arena + 2 * mb), *C2 = malloc(mb);
  for (int i = 0; i < n * n; i++) { A[i] = (i % 7) * 0.5f; B[i] = (i % 5) * 0.25f; }
  best_omp = 1e9; best_blk = 1e9;
  for (int r = 0; r < 3; r++) {
    double t0 = now();
    #pragma omp parallel for
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) C2[i * n + j] = 0;
      for (int k = 0; k < n; k++) { float a = A[i * n + k]; for (int j = 0; j < n; j++) C2[i * n + j] += a * B[k * n + j]; }
    }
    double t1 = now(); if (t1 - t0 < best_omp) best_omp = t1 - t0;
    uint64_t params[4] = { (uint64_t)A, (uint64_t)B, (uint64_t)C, 0 }; ((uint32_t*)params)[6] = n;
    t0 = now();
    #pragma omp parallel for collapse(2) schedule(static)
    for (uint32_t by = 0; by < n / 16; by++) for (uint32_t bx = 0; bx < n / 16; bx++) matmul_block(params, &ar, bx, by, 16, 16);
    t1 = now(); if (t1 - t0 < best_blk) best_blk = t1 - t0;
  }
  double err = 0; for (int i = 0; i < n * n; i++) { double d = C[i] - C2[i]; if (d < 0) d = -d; if (d > err) err = d; }
  printf("matmul 1024: omp %.2f ms, block-loop %.2f ms, ratio omp/blk %.2f maxerr %g bad=%u\n", best_omp * 1e3, best_blk * 1e3, best_omp / best_blk, err, ar.bad);
}
