// flags: -O0 -G
// Integer intrinsics at their edges, in a debug build: 64-bit __clzll/__ffsll/__popcll/__brevll
// of 0, 1, top bit and all ones; __byte_perm with selectors using the sign-replicate mode bit;
// __funnelshift_l/r and _lc/_rc with shifts 0, 31, 32, 33, 63, 64; __sad/__usad with wrap;
// __vabsdiff4/__vabsdiffu2/__vadd4/__vsubss2/__vmaxs4/__vcmpgtu4/__vavgs2; __dp4a/__dp2a_lo/hi
// signed and unsigned with extreme bytes; __mul24/__umul24 with high bits; __mulhi/__umulhi/
// __mul64hi/__umul64hi at extremes; __hadd/__rhadd/__uhadd/__urhadd of opposite extremes.
#include <cstdio>

__global__ void k(unsigned long long* o, const unsigned long long* in, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  unsigned long long x = in[i], y = in[(i + 3) % n];
  unsigned a = (unsigned)x, b2 = (unsigned)(x >> 32), c = (unsigned)y;
  int sa = (int)a, sc = (int)c;
  unsigned long long* r = o + i * 32;
  r[0] = __clzll((long long)x); r[1] = __ffsll((long long)x); r[2] = __popcll(x); r[3] = __brevll(x);
  r[4] = __byte_perm(a, c, 0x89ab); r[5] = __byte_perm(a, c, 0xfedc); r[6] = __byte_perm(a, c, 0x3210 + (i & 7) * 0x1111);
  r[7] = __funnelshift_l(a, b2, i * 3); r[8] = __funnelshift_r(a, b2, i * 3); r[9] = __funnelshift_lc(a, b2, i * 3); r[10] = __funnelshift_rc(a, b2, i * 3);
  r[11] = __sad(sa, sc, 7u); r[12] = __usad(a, c, 0xfffffff0u);
  r[13] = __vabsdiffu4(a, c); r[14] = __vabsdiffs4(a, c); r[15] = __vadd4(a, c); r[16] = __vsubss2(a, c); r[17] = __vmaxs4(a, c); r[18] = __vcmpgtu4(a, c); r[19] = __vavgs2(a, c);
  r[20] = (unsigned)__dp4a(sa, sc, -5); r[21] = __dp4a(a, c, 7u); r[22] = (unsigned)__dp2a_lo(sa, sc, 0); r[23] = __dp2a_hi(a, c, 1u);
  r[24] = (unsigned)__mul24(sa, sc); r[25] = __umul24(a, c); r[26] = (unsigned)__mulhi(sa, sc); r[27] = __umulhi(a, c);
  r[28] = (unsigned long long)__mul64hi((long long)x, (long long)y); r[29] = __umul64hi(x, y);
  r[30] = ((unsigned long long)(unsigned)__hadd(sa, sc) << 32) | (unsigned)__rhadd(sa, sc);
  r[31] = ((unsigned long long)__uhadd(a, c) << 32) | __urhadd(a, c);
}

int main() {
  const unsigned long long in[] = {0ULL, 1ULL, 0x8000000000000000ULL, ~0ULL, 0x7fffffff80000000ULL, 0x00000001ffffffffULL, 0x0123456789abcdefULL, 0xfedcba9876543210ULL,
                                   0x80808080807f7f7fULL, 0x7f7f7f7f80808080ULL, 0xdeadbeefcafebabeULL, 0x0000ffff0000ffffULL, 0x5555aaaa3333ccccULL, 0x8000000000000001ULL};
  const int n = sizeof in / sizeof in[0];
  unsigned long long *d, *o;
  cudaMalloc(&d, sizeof in); cudaMalloc(&o, n * 32 * 8);
  cudaMemcpy(d, in, sizeof in, cudaMemcpyHostToDevice);
  k<<<1, 32>>>(o, d, n);
  unsigned long long h[n * 32];
  cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  const char* names[32] = {"clzll", "ffsll", "popcll", "brevll", "perm89ab", "permfedc", "perm-i", "fshl", "fshr", "fshlc", "fshrc", "sad", "usad", "vabsdiffu4", "vabsdiffs4", "vadd4", "vsubss2", "vmaxs4", "vcmpgtu4", "vavgs2", "dp4a-s", "dp4a-u", "dp2a_lo", "dp2a_hi", "mul24", "umul24", "mulhi", "umulhi", "mul64hi", "umul64hi", "hadd|rhadd", "uhadd|urhadd"};
  for (int f = 0; f < 32; ++f) {
    printf("%-12s", names[f]);
    for (int i = 0; i < n; ++i) printf(" %llx", h[i * 32 + f]);
    printf("\n");
  }
  return 0;
}
