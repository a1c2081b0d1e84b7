// Spike 2: what an explicit-SIMD whole-block generator would emit for nvcc's jacobi PTX:
// 16 threads along x per vector (affine registers known: r1 = base + lane), each access's
// address checked at its first and last active lane (the arena), a predicate as a lane mask.
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
typedef float vf __attribute__((vector_size(64)));
typedef int32_t vi __attribute__((vector_size(64)));
static double now(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
typedef struct { uint64_t lo, span; uint32_t bad; } Arena;
static const vi LANE = {0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15};
__attribute__((noinline)) void jacobi_block(const uint64_t* params, Arena* ar, uint32_t cx, uint32_t cy, uint32_t ntx, uint32_t nty) {
  const uint64_t lo = ar->lo, span = ar->span; uint32_t bad = 0;
  uint64_t rd1 = params[0], rd2 = params[1]; uint32_t r3 = ((uint32_t*)params)[4], r4 = ((uint32_t*)params)[5];
  for (uint32_t ty = 0; ty < nty; ty++)
  for (uint32_t tx0 = 0; tx0 < ntx; tx0 += 16) {
    // r1 = cx*ntx + tx: affine, base b1, stride 1
    int32_t b1 = (int32_t)(cx * ntx + tx0);
    int32_t r2 = (int32_t)(cy * nty + ty); // uniform
    vi r1 = b1 + LANE;
    vi p7 = (r1 < 1) | (r2 < 1) | (r1 >= (int32_t)(r3 - 1)) | (r2 >= (int32_t)(r4 - 1));
    uint32_t active = tx0 + 16 <= ntx ? 0xffff : (1u << (ntx - tx0)) - 1;
    // mask of lanes that go on
    uint32_t go = 0; for (int l = 0; l < 16; l++) go |= (uint32_t)(p7[l] == 0) << l; go &= active;
    if (!go) continue;
    // r13 = r2*r3 + r1: affine, base b13
    int32_t b13 = (int32_t)((uint32_t)r2 * r3 + (uint32_t)b1);
    // every access: affine 4-byte, consecutive: check first and last lane's address,
    // provided no 32-bit wrap between them (b13 + 15 does not overflow)
    int first = __builtin_ctz(go), last = 31 - __builtin_clz(go);
    uint64_t a_m1 = rd1 + (uint64_t)(int64_t)(b13 - 1) * 4;     // in[i-1] lane 0
    uint64_t a_up = rd1 + (uint64_t)(int64_t)((int32_t)((uint32_t)b13 - r3)) * 4;
    uint64_t a_dn = rd1 + (uint64_t)(int64_t)((int32_t)((uint32_t)b13 + r3)) * 4;
    uint64_t a_st = rd2 + (uint64_t)(int64_t)b13 * 4;
    int ok = b13 <= INT32_MAX - 16 && b13 - (int32_t)r3 <= INT32_MAX - 16 && (int64_t)b13 + r3 <= INT32_MAX - 16;
#define IN(a) (((a) + 4u * first - lo) <= span - 4 && ((a) + 4u * last - lo) <= span - 4)
    ok = ok && IN(a_m1) && IN(a_m1 + 8) && IN(a_up) && IN(a_dn) && IN(a_st);
    if (__builtin_expect(ok && go == 0xffff, 1)) {
      vf f1, f2, f4, f6;
      memcpy(&f1, (void*)(a_m1 + 8), 64); memcpy(&f2, (void*)a_m1, 64);
      memcpy(&f4, (void*)a_up, 64); memcpy(&f6, (void*)a_dn, 64);
      vf f8 = ((f2 + f1) + f4 + f6) * 0.25f;
      memcpy((void*)a_st, &f8, 64);
    } else {
      for (int l = 0; l < 16; l++) if (go >> l & 1) {
        int32_t r13 = b13 + l;
        uint64_t a[5] = { rd1 + (uint64_t)(int64_t)(r13 - 1) * 4 + 8, rd1 + (uint64_t)(int64_t)(r13 - 1) * 4,
          rd1 + (uint64_t)(int64_t)(int32_t)((uint32_t)r13 - r3) * 4, rd1 + (uint64_t)(int64_t)(int32_t)((uint32_t)r13 + r3) * 4,
          rd2 + (uint64_t)(int64_t)r13 * 4 };
        for (int k = 0; k < 5; k++) if (a[k] - lo > span - 4) { bad = 1; goto out; }
        float v = ((*(float*)a[1] + *(float*)a[0]) + *(float*)a[2] + *(float*)a[3]) * 0.25f;
        *(float*)a[4] = v;
      }
    }
  }
out:
  if (bad) ar->bad = 1;
}
int main(void) {
  int nx = 4096, ny = 4096, reps = 10;
  size_t bytes = (size_t)nx * ny * 4;
  char* arena = aligned_alloc(64, 2 * bytes);
  Arena ar = { (uint64_t)arena, 2 * bytes, 0 };
  float* in = (float*)arena; float* out = (float*)(arena + bytes); float* ref = malloc(bytes);
  for (size_t i = 0; i < (size_t)nx * ny; i++) in[i] = (float)(i % 1000) * 0.001f;
  memset(out, 0, bytes); memset(ref, 0, bytes);
  double bo = 1e9, bb = 1e9;
  for (int r = 0; r < reps; r++) {
    double t0 = now();
    #pragma omp parallel for
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        ref[y * nx + x] = 0.25f * (in[y * nx + x - 1] + in[y * nx + x + 1] + in[(y - 1) * nx + x] + in[(y + 1) * nx + x]);
    double t1 = now(); if (t1 - t0 < bo) bo = t1 - t0;
    uint64_t params[3] = { (uint64_t)in, (uint64_t)out, 0 }; ((uint32_t*)params)[4] = nx; ((uint32_t*)params)[5] = ny;
    t0 = now();
    #pragma omp parallel for collapse(2)
    for (uint32_t by = 0; by < ny / 16; by++) for (uint32_t bx = 0; bx < nx / 16; bx++) jacobi_block(params, &ar, bx, by, 16, 16);
    t1 = now(); if (t1 - t0 < bb) bb = t1 - t0;
  }
  printf("jacobi explicit-SIMD: omp %.2f ms, block %.2f ms, ratio %.2f, equal %d bad %u\n", bo * 1e3, bb * 1e3, bo / bb, !memcmp(out, ref, bytes), ar.bad);
}
