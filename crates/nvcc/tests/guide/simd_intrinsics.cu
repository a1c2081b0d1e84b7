// SIMD video intrinsics on packed 2x16-bit and 4x8-bit lanes: __vadd2/4, __vsub2/4, __vaddss2/4,
// __vaddus4, __vsubss4, __vabsdiffu2/4, __vabsdiffs4, __vavgu4, __vhaddu4, __vmaxs2, __vminu4,
// __vcmpeq4, __vcmpgtu2, __vcmpges4, __vseteq2, __vsetltu4, __vneg4, __vabs2, __vsads4 — each
// lane computed on the host from the definition.
#include "guide.h"
#include <cstdint>
#define OPS(X) X(vadd2) X(vadd4) X(vsub2) X(vsub4) X(vaddss2) X(vaddss4) X(vaddus4) X(vsubss4) X(vabsdiffu2) \
  X(vabsdiffu4) X(vabsdiffs4) X(vavgu4) X(vhaddu4) X(vmaxs2) X(vminu4) X(vcmpeq4) X(vcmpgtu2) X(vcmpges4) X(vseteq2) \
  X(vsetltu4) X(vsads4)
#define COUNT(n) +1
const int NOPS = 0 OPS(COUNT) + 2;
__global__ void kern(const uint32_t* a, const uint32_t* b, uint32_t* out) {
  int i = threadIdx.x;
  uint32_t x = a[i], y = b[i];
  int k = 0;
#define DEV(n) out[i * NOPS + k++] = __##n(x, y);
  OPS(DEV)
  out[i * NOPS + k++] = __vneg4(x);
  out[i * NOPS + k++] = __vabs2(x);
}
template <int W, bool S> static int64_t lane(uint32_t v, int i) {
  uint32_t m = W == 8 ? 0xff : 0xffff;
  uint32_t u = (v >> (W * i)) & m;
  if (S && (u >> (W - 1))) return (int64_t)u - (1 << W);
  return u;
}
template <int W> static uint32_t pack(const int64_t* r) {
  uint32_t v = 0, m = W == 8 ? 0xff : 0xffff;
  for (int i = 0; i < 32 / W; i++) v |= ((uint32_t)r[i] & m) << (W * i);
  return v;
}
static int64_t clampv(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }
template <int W, bool S, typename F> static uint32_t lanes(uint32_t x, uint32_t y, F f) {
  int64_t r[4];
  for (int i = 0; i < 32 / W; i++) r[i] = f(lane<W, S>(x, i), lane<W, S>(y, i));
  return pack<W>(r);
}
static uint32_t host(int k, uint32_t x, uint32_t y) {
  auto abs64 = [](int64_t v) { return v < 0 ? -v : v; };
  switch (k) {
    case 0: return lanes<16, false>(x, y, [](int64_t a, int64_t b) { return a + b; });
    case 1: return lanes<8, false>(x, y, [](int64_t a, int64_t b) { return a + b; });
    case 2: return lanes<16, false>(x, y, [](int64_t a, int64_t b) { return a - b; });
    case 3: return lanes<8, false>(x, y, [](int64_t a, int64_t b) { return a - b; });
    case 4: return lanes<16, true>(x, y, [](int64_t a, int64_t b) { return clampv(a + b, -32768, 32767); });
    case 5: return lanes<8, true>(x, y, [](int64_t a, int64_t b) { return clampv(a + b, -128, 127); });
    case 6: return lanes<8, false>(x, y, [](int64_t a, int64_t b) { return clampv(a + b, 0, 255); });
    case 7: return lanes<8, true>(x, y, [](int64_t a, int64_t b) { return clampv(a - b, -128, 127); });
    case 8: return lanes<16, false>(x, y, [&](int64_t a, int64_t b) { return abs64(a - b); });
    case 9: return lanes<8, false>(x, y, [&](int64_t a, int64_t b) { return abs64(a - b); });
    case 10: return lanes<8, true>(x, y, [&](int64_t a, int64_t b) { return abs64(a - b); });
    case 11: return lanes<8, false>(x, y, [](int64_t a, int64_t b) { return (a + b + 1) >> 1; });
    case 12: return lanes<8, false>(x, y, [](int64_t a, int64_t b) { return (a + b) >> 1; });
    case 13: return lanes<16, true>(x, y, [](int64_t a, int64_t b) { return a > b ? a : b; });
    case 14: return lanes<8, false>(x, y, [](int64_t a, int64_t b) { return a < b ? a : b; });
    case 15: return lanes<8, false>(x, y, [](int64_t a, int64_t b) { return a == b ? 0xff : 0; });
    case 16: return lanes<16, false>(x, y, [](int64_t a, int64_t b) { return a > b ? 0xffff : 0; });
    case 17: return lanes<8, true>(x, y, [](int64_t a, int64_t b) { return a >= b ? 0xff : 0; });
    case 18: return lanes<16, false>(x, y, [](int64_t a, int64_t b) { return a == b ? 1 : 0; });
    case 19: return lanes<8, false>(x, y, [](int64_t a, int64_t b) { return a < b ? 1 : 0; });
    case 20: { int64_t s = 0; for (int i = 0; i < 4; i++) s += abs64(lane<8, true>(x, i) - lane<8, true>(y, i)); return (uint32_t)s; }
    case 21: return lanes<8, true>(x, 0, [](int64_t a, int64_t) { return -a; });
    case 22: return lanes<16, true>(x, 0, [&](int64_t a, int64_t) { return abs64(a); });
  }
  return 0;
}
int main() {
  const int n = 256;
  uint32_t ha[n], hb[n];
  uint32_t s = 12345;
  for (int i = 0; i < n; i++) {
    s = s * 1664525 + 1013904223; ha[i] = s;
    s = s * 1664525 + 1013904223; hb[i] = s;
    if (i % 5 == 0) hb[i] = ha[i] ^ 0x00ff00ffu;  // some equal lanes
    if (i % 7 == 0) { ha[i] = 0x80807f7fu; hb[i] = 0x7f7f8080u; }  // saturation edges
  }
  uint32_t *da, *db, *dout;
  CK(cudaMalloc(&da, sizeof(ha))); CK(cudaMalloc(&db, sizeof(hb))); CK(cudaMalloc(&dout, n * NOPS * 4));
  CK(cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(db, hb, sizeof(hb), cudaMemcpyHostToDevice));
  kern<<<1, n>>>(da, db, dout);
  uint32_t* h = new uint32_t[n * NOPS];
  CK(cudaMemcpy(h, dout, n * NOPS * 4, cudaMemcpyDeviceToHost));
  const char* names[] = {
#define NAME(n) "__" #n,
      OPS(NAME) "__vneg4", "__vabs2"};
  for (int k = 0; k < NOPS; k++) {
    bool ok = true;
    for (int i = 0; i < n && ok; i++)
      if (h[i * NOPS + k] != host(k, ha[i], hb[i])) {
        printf("  %s(%08x, %08x) = %08x, want %08x\n", names[k], ha[i], hb[i], h[i * NOPS + k], host(k, ha[i], hb[i]));
        ok = false;
      }
    check(ok, names[k]);
  }
  return finish();
}
