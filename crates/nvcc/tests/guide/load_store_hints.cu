// Read-only data cache load (__ldg) and the cache-hinted load/store functions (__ldcg, __ldca,
// __ldcs, __ldlu, __ldcv, __stwb, __stcg, __stcs, __stwt) on scalar and vector types; results must
// equal plain loads and stores.
#include "guide.h"
__global__ void hints(const float* __restrict__ f, const int2* __restrict__ i2, const float4* __restrict__ f4,
                      const double* __restrict__ d, float* of, int2* oi2, float4* of4, double* od, long long* oll) {
  int i = threadIdx.x;
  float a = __ldg(&f[i]) + __ldcg(&f[i]) + __ldca(&f[i]) + __ldcs(&f[i]) + __ldlu(&f[i]) + __ldcv(&f[i]);
  __stwb(&of[i], a);
  int2 v = __ldg(&i2[i]);
  int2 w = __ldcs(&i2[i]);
  __stcg(&oi2[i], make_int2(v.x + w.y, v.y - w.x));
  float4 q = __ldg(&f4[i]);
  __stcs(&of4[i], make_float4(q.w, q.z, q.y, q.x));
  __stwt(&od[i], __ldg(&d[i]) * 2.0 + __ldca(&d[i]));
  const long long* ll = reinterpret_cast<const long long*>(d);
  oll[i] = __ldg(&ll[i]) ^ __ldcg(&ll[i]);
}
// Narrow and vector types: each hinted load feeds the matching hinted store.
__global__ void narrow(const signed char* c, const unsigned short* us, const uchar4* u4, const short2* s2,
                       const uint4* ui4, const double2* d2, signed char* oc, unsigned short* ous, uchar4* ou4,
                       short2* os2, uint4* oui4, double2* od2) {
  int i = threadIdx.x;
  __stcs(&oc[i], (signed char)(__ldcs(&c[i]) - 1));
  __stwt(&ous[i], (unsigned short)(__ldlu(&us[i]) + 1));
  uchar4 a = __ldcv(&u4[i]);
  __stwb(&ou4[i], make_uchar4(a.w, a.z, a.y, a.x));
  short2 b = __ldca(&s2[i]);
  __stcg(&os2[i], make_short2(b.y, b.x));
  uint4 q = __ldcg(&ui4[i]);
  __stcs(&oui4[i], make_uint4(q.x + 1, q.y + 2, q.z + 3, q.w + 4));
  double2 e = __ldcs(&d2[i]);
  __stwt(&od2[i], make_double2(e.y, e.x));
}
int main() {
  const int n = 128;
  float hf[n]; int2 hi2[n]; float4 hf4[n]; double hd[n];
  for (int i = 0; i < n; i++) { hf[i] = i * 0.5f; hi2[i] = make_int2(i, 3 * i); hf4[i] = make_float4(i, -i, 2 * i, 0.25f * i); hd[i] = i * 1.5; }
  float *f, *of; int2 *i2, *oi2; float4 *f4, *of4; double *d, *od; long long* oll;
  CK(cudaMalloc(&f, sizeof(hf))); CK(cudaMalloc(&of, sizeof(hf))); CK(cudaMalloc(&i2, sizeof(hi2))); CK(cudaMalloc(&oi2, sizeof(hi2)));
  CK(cudaMalloc(&f4, sizeof(hf4))); CK(cudaMalloc(&of4, sizeof(hf4))); CK(cudaMalloc(&d, sizeof(hd))); CK(cudaMalloc(&od, sizeof(hd)));
  CK(cudaMalloc(&oll, n * 8));
  CK(cudaMemcpy(f, hf, sizeof(hf), cudaMemcpyHostToDevice)); CK(cudaMemcpy(i2, hi2, sizeof(hi2), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(f4, hf4, sizeof(hf4), cudaMemcpyHostToDevice)); CK(cudaMemcpy(d, hd, sizeof(hd), cudaMemcpyHostToDevice));
  hints<<<1, n>>>(f, i2, f4, d, of, oi2, of4, od, oll);
  float rf[n]; int2 ri2[n]; float4 rf4[n]; double rd[n]; long long rll[n];
  CK(cudaMemcpy(rf, of, sizeof(rf), cudaMemcpyDeviceToHost)); CK(cudaMemcpy(ri2, oi2, sizeof(ri2), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(rf4, of4, sizeof(rf4), cudaMemcpyDeviceToHost)); CK(cudaMemcpy(rd, od, sizeof(rd), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(rll, oll, sizeof(rll), cudaMemcpyDeviceToHost));
  bool a = true, b = true, c = true, e = true, g = true;
  for (int i = 0; i < n; i++) {
    a &= rf[i] == 6 * hf[i];
    b &= ri2[i].x == hi2[i].x + hi2[i].y && ri2[i].y == hi2[i].y - hi2[i].x;
    c &= rf4[i].x == hf4[i].w && rf4[i].y == hf4[i].z && rf4[i].z == hf4[i].y && rf4[i].w == hf4[i].x;
    e &= rd[i] == hd[i] * 3.0;
    g &= rll[i] == 0;
  }
  check(a, "float __ldg/__ldcg/__ldca/__ldcs/__ldlu/__ldcv + __stwb");
  check(b, "int2 __ldg/__ldcs + __stcg");
  check(c, "float4 __ldg + __stcs");
  check(e, "double __ldg/__ldca + __stwt");
  check(g, "long long __ldg/__ldcg");
  signed char hc[n]; unsigned short hus[n]; uchar4 hu4[n]; short2 hs2[n]; uint4 hui4[n]; double2 hd2[n];
  for (int i = 0; i < n; i++) {
    hc[i] = (signed char)(i - 64); hus[i] = (unsigned short)(65530 + i); hu4[i] = make_uchar4(i, i + 1, 200 + i % 50, 3);
    hs2[i] = make_short2(-i * 100, i); hui4[i] = make_uint4(i, 0xffffffffu, i * 3, 7); hd2[i] = make_double2(i * 0.125, -i);
  }
  signed char *dc, *oc; unsigned short *dus, *ous; uchar4 *du4, *ou4; short2 *ds2, *os2; uint4 *dui4, *oui4; double2 *dd2, *od2;
  CK(cudaMalloc(&dc, sizeof(hc))); CK(cudaMalloc(&oc, sizeof(hc))); CK(cudaMalloc(&dus, sizeof(hus))); CK(cudaMalloc(&ous, sizeof(hus)));
  CK(cudaMalloc(&du4, sizeof(hu4))); CK(cudaMalloc(&ou4, sizeof(hu4))); CK(cudaMalloc(&ds2, sizeof(hs2))); CK(cudaMalloc(&os2, sizeof(hs2)));
  CK(cudaMalloc(&dui4, sizeof(hui4))); CK(cudaMalloc(&oui4, sizeof(hui4))); CK(cudaMalloc(&dd2, sizeof(hd2))); CK(cudaMalloc(&od2, sizeof(hd2)));
  CK(cudaMemcpy(dc, hc, sizeof(hc), cudaMemcpyHostToDevice)); CK(cudaMemcpy(dus, hus, sizeof(hus), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(du4, hu4, sizeof(hu4), cudaMemcpyHostToDevice)); CK(cudaMemcpy(ds2, hs2, sizeof(hs2), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dui4, hui4, sizeof(hui4), cudaMemcpyHostToDevice)); CK(cudaMemcpy(dd2, hd2, sizeof(hd2), cudaMemcpyHostToDevice));
  narrow<<<1, n>>>(dc, dus, du4, ds2, dui4, dd2, oc, ous, ou4, os2, oui4, od2);
  signed char rc[n]; unsigned short rus[n]; uchar4 ru4[n]; short2 rs2[n]; uint4 rui4[n]; double2 rd2[n];
  CK(cudaMemcpy(rc, oc, sizeof(rc), cudaMemcpyDeviceToHost)); CK(cudaMemcpy(rus, ous, sizeof(rus), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(ru4, ou4, sizeof(ru4), cudaMemcpyDeviceToHost)); CK(cudaMemcpy(rs2, os2, sizeof(rs2), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(rui4, oui4, sizeof(rui4), cudaMemcpyDeviceToHost)); CK(cudaMemcpy(rd2, od2, sizeof(rd2), cudaMemcpyDeviceToHost));
  bool k1 = true, k2 = true, k3 = true;
  for (int i = 0; i < n; i++) {
    k1 &= rc[i] == (signed char)(hc[i] - 1) && rus[i] == (unsigned short)(hus[i] + 1);
    k2 &= ru4[i].x == hu4[i].w && ru4[i].y == hu4[i].z && ru4[i].z == hu4[i].y && ru4[i].w == hu4[i].x &&
          rs2[i].x == hs2[i].y && rs2[i].y == hs2[i].x;
    k3 &= rui4[i].x == hui4[i].x + 1 && rui4[i].y == hui4[i].y + 2 && rui4[i].z == hui4[i].z + 3 && rui4[i].w == 11 &&
          rd2[i].x == hd2[i].y && rd2[i].y == hd2[i].x;
  }
  check(k1, "signed char / unsigned short hinted loads and stores (sign and zero extension, truncation)");
  check(k2, "uchar4 / short2 hinted loads and stores");
  check(k3, "uint4 / double2 hinted loads and stores");
  return finish();
}
