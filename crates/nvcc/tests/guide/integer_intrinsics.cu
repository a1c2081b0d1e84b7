// Integer intrinsics (the guide's integer-intrinsics appendix): __popc/__popcll, __clz/__clzll,
// __ffs/__ffsll, __brev/__brevll, __byte_perm, __funnelshift_l/_lc/_r/_rc, __mulhi/__umulhi,
// __mul64hi/__umul64hi, __mul24/__umul24, __sad/__usad, __dp4a/__dp2a_lo/_hi, __hadd/__rhadd/
// __uhadd/__urhadd. Each is compared with a host implementation of its documented semantics.
#include "guide.h"
#include <cstdint>
static const int N = 512;
struct In { uint32_t a, b, c; uint64_t x, y; };
struct Out { uint32_t r[24]; uint64_t q[4]; };
__global__ void kern(const In* in, Out* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  In v = in[i];
  Out o;
  o.r[0] = __popc(v.a);
  o.r[1] = __clz((int)v.a);
  o.r[2] = __ffs((int)v.a);
  o.r[3] = __brev(v.a);
  o.r[4] = __byte_perm(v.a, v.b, v.c & 0xffff);
  o.r[5] = __funnelshift_l(v.a, v.b, v.c);
  o.r[6] = __funnelshift_lc(v.a, v.b, v.c);
  o.r[7] = __funnelshift_r(v.a, v.b, v.c);
  o.r[8] = __funnelshift_rc(v.a, v.b, v.c);
  o.r[9] = __mulhi((int)v.a, (int)v.b);
  o.r[10] = __umulhi(v.a, v.b);
  o.r[11] = __mul24((int)v.a, (int)v.b);
  o.r[12] = __umul24(v.a, v.b);
  o.r[13] = __sad((int)v.a, (int)v.b, v.c);
  o.r[14] = __usad(v.a, v.b, v.c);
  o.r[15] = __dp4a((int)v.a, (int)v.b, (int)v.c);
  o.r[16] = __dp4a(v.a, v.b, v.c);
  o.r[17] = __dp2a_lo((int)v.a, (int)v.b, (int)v.c);
  o.r[18] = __dp2a_hi(v.a, v.b, v.c);
  o.r[19] = __hadd((int)v.a, (int)v.b);
  o.r[20] = __rhadd((int)v.a, (int)v.b);
  o.r[21] = __uhadd(v.a, v.b);
  o.r[22] = __urhadd(v.a, v.b);
  o.r[23] = __popcll(v.x) + (__clzll((long long)v.x) << 8) + (__ffsll((long long)v.y) << 16);
  o.q[0] = __brevll(v.x);
  o.q[1] = (uint64_t)__mul64hi((long long)v.x, (long long)v.y);
  o.q[2] = __umul64hi(v.x, v.y);
  o.q[3] = (uint64_t)__clzll((long long)v.y);
  out[i] = o;
}
static uint32_t brev32(uint32_t v) { uint32_t r = 0; for (int i = 0; i < 32; i++) if (v >> i & 1) r |= 1u << (31 - i); return r; }
static uint64_t brev64(uint64_t v) { uint64_t r = 0; for (int i = 0; i < 64; i++) if (v >> i & 1) r |= 1ull << (63 - i); return r; }
static int clz32(uint32_t v) { int n = 0; for (int i = 31; i >= 0 && !(v >> i & 1); i--) n++; return n; }
static int clz64(uint64_t v) { int n = 0; for (int i = 63; i >= 0 && !(v >> i & 1); i--) n++; return n; }
static int ffs32(uint32_t v) { for (int i = 0; i < 32; i++) if (v >> i & 1) return i + 1; return 0; }
static int ffs64(uint64_t v) { for (int i = 0; i < 64; i++) if (v >> i & 1) return i + 1; return 0; }
static int pop64(uint64_t v) { int n = 0; while (v) { n += v & 1; v >>= 1; } return n; }
static uint32_t byte_perm(uint32_t x, uint32_t y, uint32_t s) {
  uint8_t bytes[8];
  for (int i = 0; i < 4; i++) { bytes[i] = x >> (8 * i); bytes[i + 4] = y >> (8 * i); }
  uint32_t r = 0;
  for (int i = 0; i < 4; i++) r |= (uint32_t)bytes[(s >> (4 * i)) & 7] << (8 * i);
  return r;
}
static uint32_t sext24(uint32_t v) { return (uint32_t)(((int32_t)(v << 8)) >> 8); }
static void host(const In& v, Out& o) {
  uint64_t pair = ((uint64_t)v.b << 32) | v.a;
  o.r[0] = pop64(v.a);
  o.r[1] = clz32(v.a);
  o.r[2] = ffs32(v.a);
  o.r[3] = brev32(v.a);
  o.r[4] = byte_perm(v.a, v.b, v.c & 0xffff);
  uint32_t sw = v.c & 31, sc = v.c > 32 ? 32 : v.c;
  o.r[5] = (uint32_t)((pair << sw) >> 32);
  o.r[6] = (uint32_t)(sc == 32 ? v.a : (pair << sc) >> 32);
  o.r[7] = (uint32_t)(pair >> sw);
  o.r[8] = (uint32_t)(sc == 32 ? v.b : pair >> sc);
  o.r[9] = (uint32_t)(((int64_t)(int32_t)v.a * (int64_t)(int32_t)v.b) >> 32);
  o.r[10] = (uint32_t)(((uint64_t)v.a * v.b) >> 32);
  o.r[11] = (uint32_t)((int64_t)(int32_t)sext24(v.a) * (int32_t)sext24(v.b));
  o.r[12] = (uint32_t)((uint64_t)(v.a & 0xffffff) * (v.b & 0xffffff));
  int32_t sa = (int32_t)v.a, sb = (int32_t)v.b;
  o.r[13] = (uint32_t)((sa > sb ? (uint32_t)((int64_t)sa - sb) : (uint32_t)((int64_t)sb - sa)) + v.c);
  o.r[14] = (v.a > v.b ? v.a - v.b : v.b - v.a) + v.c;
  int32_t d4 = (int32_t)v.c; uint32_t u4 = v.c;
  for (int k = 0; k < 4; k++) {
    d4 += (int8_t)(v.a >> (8 * k)) * (int8_t)(v.b >> (8 * k));
    u4 += (uint8_t)(v.a >> (8 * k)) * (uint8_t)(v.b >> (8 * k));
  }
  o.r[15] = (uint32_t)d4; o.r[16] = u4;
  // __dp2a: two 16-bit halves of a times the low (lo) or high (hi) two bytes of b, plus c.
  int32_t lo = (int32_t)v.c; uint32_t hi = v.c;
  for (int k = 0; k < 2; k++) {
    lo += (int16_t)(v.a >> (16 * k)) * (int8_t)(v.b >> (8 * k));
    hi += (uint16_t)(v.a >> (16 * k)) * (uint8_t)(v.b >> (8 * (k + 2)));
  }
  o.r[17] = (uint32_t)lo; o.r[18] = hi;
  o.r[19] = (uint32_t)(int32_t)(((int64_t)sa + sb) >> 1);
  o.r[20] = (uint32_t)(int32_t)(((int64_t)sa + sb + 1) >> 1);
  o.r[21] = (uint32_t)(((uint64_t)v.a + v.b) >> 1);
  o.r[22] = (uint32_t)(((uint64_t)v.a + v.b + 1) >> 1);
  o.r[23] = pop64(v.x) + (clz64(v.x) << 8) + (ffs64(v.y) << 16);
  o.q[0] = brev64(v.x);
  o.q[1] = (uint64_t)(int64_t)(((__int128)(int64_t)v.x * (int64_t)v.y) >> 64);
  o.q[2] = (uint64_t)(((unsigned __int128)v.x * v.y) >> 64);
  o.q[3] = clz64(v.y);
}
int main() {
  In* hin = new In[N];
  uint64_t s = 0x9e3779b97f4a7c15ULL;
  auto rnd = [&]() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; };
  for (int i = 0; i < N; i++) {
    hin[i] = {(uint32_t)rnd(), (uint32_t)rnd(), (uint32_t)rnd() % 40, rnd(), rnd()};
    if (i % 8 == 1) hin[i].a = 0;                 // zero inputs for clz/ffs
    if (i % 8 == 2) hin[i].x = 0, hin[i].y >>= (i % 64);
    if (i % 8 == 3) hin[i].a = 0x80000000u, hin[i].b = 0xffffffffu;
    if (i % 8 == 4) hin[i].c = (uint32_t)rnd();  // large shift counts and dp4a accumulators
    if (i % 8 == 5) hin[i].a = 0x7fffffff, hin[i].b = 0x7fffffff;
  }
  In* din; Out* dout;
  CK(cudaMalloc(&din, N * sizeof(In))); CK(cudaMalloc(&dout, N * sizeof(Out)));
  CK(cudaMemcpy(din, hin, N * sizeof(In), cudaMemcpyHostToDevice));
  kern<<<N / 128, 128>>>(din, dout);
  Out* hout = new Out[N];
  CK(cudaMemcpy(hout, dout, N * sizeof(Out), cudaMemcpyDeviceToHost));
  const char* names[24] = {"__popc", "__clz", "__ffs", "__brev", "__byte_perm", "__funnelshift_l", "__funnelshift_lc",
                           "__funnelshift_r", "__funnelshift_rc", "__mulhi", "__umulhi", "__mul24", "__umul24", "__sad",
                           "__usad", "__dp4a(int)", "__dp4a(unsigned)", "__dp2a_lo", "__dp2a_hi", "__hadd", "__rhadd",
                           "__uhadd", "__urhadd", "__popcll/__clzll/__ffsll"};
  const char* qnames[4] = {"__brevll", "__mul64hi", "__umul64hi", "__clzll"};
  for (int k = 0; k < 28; k++) {
    bool ok = true;
    for (int i = 0; i < N && ok; i++) {
      Out w;
      host(hin[i], w);
      bool same = k < 24 ? hout[i].r[k] == w.r[k] : hout[i].q[k - 24] == w.q[k - 24];
      if (!same) {
        printf("  %s: input a=%08x b=%08x c=%08x x=%016llx y=%016llx got %llx want %llx\n", k < 24 ? names[k] : qnames[k - 24],
               hin[i].a, hin[i].b, hin[i].c, (unsigned long long)hin[i].x, (unsigned long long)hin[i].y,
               (unsigned long long)(k < 24 ? hout[i].r[k] : hout[i].q[k - 24]), (unsigned long long)(k < 24 ? w.r[k] : w.q[k - 24]));
        ok = false;
      }
    }
    check(ok, k < 24 ? names[k] : qnames[k - 24]);
  }
  return finish();
}
