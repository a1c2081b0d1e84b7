// Inline PTX assembly (the guide's inline-PTX chapter): register constraints h, r, l, f, d,
// read-write "+r", several outputs, predicates inside braces with local registers, volatile asm with a
// "memory" clobber, and special registers (%laneid, %warpid-independent %tid).
#include "guide.h"
#include <cstdint>
__device__ int add_asm(int a, int b) { int r; asm("add.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r; }
__device__ long long mad_wide(int a, int b, long long c) {
  long long r; asm("mad.wide.s32 %0, %1, %2, %3;" : "=l"(r) : "r"(a), "r"(b), "l"(c)); return r;
}
__device__ float fma_asm(float a, float b, float c) { float r; asm("fma.rn.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(a), "f"(b), "f"(c)); return r; }
__device__ double div_asm(double a, double b) { double r; asm("div.rn.f64 %0, %1, %2;" : "=d"(r) : "d"(a), "d"(b)); return r; }
__device__ short sub16(short a, short b) { short r; asm("sub.s16 %0, %1, %2;" : "=h"(r) : "h"(a), "h"(b)); return r; }
__device__ unsigned lane() { unsigned l; asm volatile("mov.u32 %0, %%laneid;" : "=r"(l)); return l; }
__device__ int clamp_pos(int x) {
  int r;
  asm("{\n\t.reg .pred p;\n\tsetp.lt.s32 p, %1, 0;\n\tselp.s32 %0, 0, %1, p;\n\t}" : "=r"(r) : "r"(x));
  return r;
}
__device__ void incr(int& x) { asm("add.s32 %0, %0, 5;" : "+r"(x)); }
__device__ void divmod(unsigned a, unsigned b, unsigned& q, unsigned& m) {
  asm("div.u32 %0, %2, %3;\n\trem.u32 %1, %2, %3;" : "=r"(q), "=r"(m) : "r"(a), "r"(b));
}
__global__ void kern(int* oi, long long* ol, float* of, double* od, short* os, unsigned* ou, int* shared_out) {
  __shared__ int s[64];
  int i = threadIdx.x;
  oi[i] = add_asm(i, 1000) + clamp_pos(i - 40);
  int x = i; incr(x); oi[64 + i] = x;
  ol[i] = mad_wide(i * 100000, 70000, -5);
  of[i] = fma_asm(i * 0.5f, 3.f, -1.f);
  od[i] = div_asm(i + 1.0, 3.0);
  os[i] = sub16((short)(i * 1000), (short)7);
  unsigned q, m; divmod(1000003u * (i + 1), 97u, q, m);
  ou[i * 3] = lane(); ou[i * 3 + 1] = q; ou[i * 3 + 2] = m;
  // st.shared through asm with a memory clobber, then a normal read by another thread.
  unsigned addr = (unsigned)__cvta_generic_to_shared(&s[i]);
  asm volatile("st.shared.s32 [%0], %1;" :: "r"(addr), "r"(i * 7) : "memory");
  __syncthreads();
  shared_out[i] = s[63 - i];
}
int main() {
  int *oi, *so; long long* ol; float* of; double* od; short* os; unsigned* ou;
  CK(cudaMalloc(&oi, 128 * 4)); CK(cudaMalloc(&ol, 64 * 8)); CK(cudaMalloc(&of, 64 * 4)); CK(cudaMalloc(&od, 64 * 8));
  CK(cudaMalloc(&os, 64 * 2)); CK(cudaMalloc(&ou, 64 * 12)); CK(cudaMalloc(&so, 64 * 4));
  kern<<<1, 64>>>(oi, ol, of, od, os, ou, so);
  int hi[128], hso[64]; long long hl[64]; float hf[64]; double hd[64]; short hs[64]; unsigned hu[192];
  CK(cudaMemcpy(hi, oi, sizeof(hi), cudaMemcpyDeviceToHost)); CK(cudaMemcpy(hl, ol, sizeof(hl), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hf, of, sizeof(hf), cudaMemcpyDeviceToHost)); CK(cudaMemcpy(hd, od, sizeof(hd), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hs, os, sizeof(hs), cudaMemcpyDeviceToHost)); CK(cudaMemcpy(hu, ou, sizeof(hu), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hso, so, sizeof(hso), cudaMemcpyDeviceToHost));
  bool a = true, b = true, c = true, d = true, e = true, f = true, g = true;
  for (int i = 0; i < 64; i++) {
    a &= hi[i] == i + 1000 + (i - 40 < 0 ? 0 : i - 40) && hi[64 + i] == i + 5;
    b &= hl[i] == (long long)(i * 100000) * 70000 - 5;
    c &= hf[i] == fmaf(i * 0.5f, 3.f, -1.f);
    d &= hd[i] == (i + 1.0) / 3.0;
    e &= hs[i] == (short)((short)(i * 1000) - 7);
    f &= hu[i * 3] == (unsigned)(i % 32) && hu[i * 3 + 1] == 1000003u * (i + 1) / 97u && hu[i * 3 + 2] == 1000003u * (i + 1) % 97u;
    g &= hso[i] == (63 - i) * 7;
  }
  check(a, "\"r\" constraints, predicate in a braced scope, \"+r\"");
  check(b, "\"l\" constraint with mad.wide.s32");
  check(c, "\"f\" constraint with fma.rn.f32");
  check(d, "\"d\" constraint with div.rn.f64");
  check(e, "\"h\" constraint with sub.s16");
  check(f, "%laneid and two outputs from one asm");
  check(g, "st.shared through asm with a memory clobber");
  return finish();
}
