// Warp vote, match and reduce functions: __all_sync, __any_sync, __ballot_sync, __activemask in a
// divergent branch, __match_any_sync, __match_all_sync (with pred), and __reduce_add/min/max/and/
// or/xor_sync (compute capability 8.x).
#include "guide.h"
struct R { unsigned all, any, ballot, active, matchAny, matchAll, pred, radd, rminu, rmaxu; int rmin, rmax; unsigned rand_, ror, rxor; };
__global__ void votes(const int* in, R* out) {
  int lane = threadIdx.x & 31;
  int v = in[threadIdx.x];
  R r;
  r.all = __all_sync(0xffffffff, v > 0);
  r.any = __any_sync(0xffffffff, v > 90);
  r.ballot = __ballot_sync(0xffffffff, v & 1);
  r.active = 0;
  if (lane % 3 == 0) r.active = __activemask();
  r.matchAny = __match_any_sync(0xffffffff, v % 4);
  int pred = 0;
  r.matchAll = __match_all_sync(0xffffffff, v / 1000, &pred);
  r.pred = pred;
  r.radd = __reduce_add_sync(0xffffffff, (unsigned)v);
  r.rminu = __reduce_min_sync(0xffffffff, (unsigned)v);
  r.rmaxu = __reduce_max_sync(0xffffffff, (unsigned)v);
  r.rmin = __reduce_min_sync(0xffffffff, v - 50);
  r.rmax = __reduce_max_sync(0xffffffff, v - 50);
  r.rand_ = __reduce_and_sync(0xffffffff, (unsigned)v | 0x100);
  r.ror = __reduce_or_sync(0xffffffff, (unsigned)v);
  r.rxor = __reduce_xor_sync(0xffffffff, (unsigned)v);
  out[threadIdx.x] = r;
}
__global__ void partial(unsigned* out) {
  int lane = threadIdx.x & 31;
  if (lane < 20) {
    unsigned m = __activemask();
    unsigned b = __ballot_sync(m, lane & 1);
    unsigned s = __reduce_add_sync(m, lane);
    out[threadIdx.x] = (b == 0xaaaaa && m == 0xfffff && s == 190) ? 1 : 0;
  } else {
    out[threadIdx.x] = __ballot_sync(0xfff00000, 1) == 0xfff00000 ? 1 : 0;
  }
}
int main() {
  const int W = 3, T = W * 32;
  int h[T];
  for (int i = 0; i < T; i++) {
    int w = i / 32, l = i % 32;
    h[i] = w == 0 ? l + 1 : w == 1 ? 2000 + (l * 7) % 13 : (l == 5 ? 95 : l * 3) - (l == 0);
  }
  int* d; R* dr;
  CK(cudaMalloc(&d, sizeof(h))); CK(cudaMalloc(&dr, T * sizeof(R)));
  CK(cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice));
  votes<<<1, T>>>(d, dr);
  R* r = new R[T];
  CK(cudaMemcpy(r, dr, T * sizeof(R), cudaMemcpyDeviceToHost));
  bool okv = true, okm = true, okr = true, oka = true;
  for (int w = 0; w < W; w++) {
    const int* v = h + w * 32;
    unsigned all = 1, any = 0, ballot = 0, add = 0, minu = ~0u, maxu = 0, band = ~0u, bor = 0, bxor = 0;
    int mn = 1 << 30, mx = -(1 << 30);
    bool same = true;
    for (int l = 0; l < 32; l++) {
      all &= v[l] > 0; any |= v[l] > 90; ballot |= (unsigned)(v[l] & 1) << l;
      add += v[l]; minu = minu < (unsigned)v[l] ? minu : v[l]; maxu = maxu > (unsigned)v[l] ? maxu : v[l];
      mn = mn < v[l] - 50 ? mn : v[l] - 50; mx = mx > v[l] - 50 ? mx : v[l] - 50;
      band &= (unsigned)v[l] | 0x100; bor |= v[l]; bxor ^= v[l];
      same &= v[l] / 1000 == v[0] / 1000;
    }
    for (int l = 0; l < 32; l++) {
      const R& x = r[w * 32 + l];
      okv &= (x.all != 0) == (all != 0) && (x.any != 0) == (any != 0) && x.ballot == ballot;
      unsigned ma = 0;
      for (int k = 0; k < 32; k++) if (v[k] % 4 == v[l] % 4) ma |= 1u << k;
      okm &= x.matchAny == ma && x.matchAll == (same ? 0xffffffffu : 0u) && x.pred == (same ? 1u : 0u);
      okr &= x.radd == add && x.rminu == minu && x.rmaxu == maxu && x.rmin == mn && x.rmax == mx && x.rand_ == band &&
             x.ror == bor && x.rxor == bxor;
      oka &= l % 3 == 0 ? x.active == 0x49249249u : x.active == 0;
    }
  }
  check(okv, "__all_sync / __any_sync / __ballot_sync");
  check(oka, "__activemask in a divergent branch names the lanes that took it");
  check(okm, "__match_any_sync / __match_all_sync with pred");
  check(okr, "__reduce_{add,min,max,and,or,xor}_sync");
  unsigned* p, hp[32];
  CK(cudaMalloc(&p, 128));
  partial<<<1, 32>>>(p);
  CK(cudaMemcpy(hp, p, 128, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 32; i++) ok &= hp[i] == 1;
  check(ok, "votes and reductions over a partial mask");
  return finish();
}
