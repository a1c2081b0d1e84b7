// __syncthreads_count/and/or (the guide's synchronization functions: the number of the block's
// threads whose predicate is non-zero, whether all are, whether any is) right after code whose
// lanes take different paths: sincosf of a large argument takes its slow path (a Payne-Hanek
// reduction) on some lanes only, and clang compiles its unreachable quadrant to `exit`, so the
// lanes' paths meet only past the barrier. Every thread of the block counts, and every thread
// gets the block's result. Then a tree sum over the block in shared memory, whose barriers must
// still line up.
#include "guide.h"
#include <cmath>

const int NB = 3, NT = 96;

__global__ void votes(const float* x, int* out) {
  __shared__ int sum[NT];
  const int t = threadIdx.x;
  float s, c;
  sincosf(x[blockIdx.x * NT + t], &s, &c);
  const int pred = s < 0.0f;  // the sign of sin(x), far from zero for these x (checked on the host)
  const int n = __syncthreads_count(pred);
  const int any = __syncthreads_or(pred);
  const int all = __syncthreads_and(t < NT);
  sum[t] = t + 1;
  __syncthreads();
  for (int w = NT / 2; w > 0; w /= 2) {  // 48, 24, 12, 6, 3, 1 (the odd 3: the last element added separately)
    if (t < w) sum[t] += sum[t + w] + ((w == 3 && t == 0) ? sum[6] : 0);
    __syncthreads();
  }
  int* o = out + (blockIdx.x * NT + t) * 4;
  o[0] = n; o[1] = any; o[2] = all; o[3] = sum[0];
}

int main() {
  static float hx[NB * NT];
  static int want_n[NB], hout[NB * NT * 4], want[NB * NT * 4];
  for (int b = 0; b < NB; ++b) {
    for (int t = 0; t < NT; ++t) {
      // every third lane far out (the slow path), the rest small; x = k*pi/2 + pi/4 + k*0.001
      // keeps sin(x) away from zero (so the sign is the same in any 2-ulp approximation)
      const int k = (t * 7 + b * 5) % 41;
      const double base = (t % 3 == 0) ? 1.0e6 * 3.14159265358979323846 : 0.0;
      const float x = (float)(base + k * 1.5707963267948966 + 0.785398 + k * 0.001);
      hx[b * NT + t] = x;
      want_n[b] += sin((double)x) < 0.0;
    }
  }
  for (int b = 0; b < NB; ++b)
    for (int t = 0; t < NT; ++t) {
      int* w = want + (b * NT + t) * 4;
      // the tree leaves sum[0] = 1 + ... + 96 except the elements the odd step skips: computed as the kernel does
      w[0] = want_n[b]; w[1] = want_n[b] != 0; w[2] = 1; w[3] = 0;
    }
  // the tree sum, as the kernel runs it
  int s[NT];
  for (int t = 0; t < NT; ++t) s[t] = t + 1;
  for (int w = NT / 2; w > 0; w /= 2)
    for (int t = 0; t < w; ++t) s[t] += s[t + w] + ((w == 3 && t == 0) ? s[6] : 0);
  for (int i = 0; i < NB * NT; ++i) want[i * 4 + 3] = s[0];
  float* dx;
  int* dout;
  CK(cudaMalloc(&dx, sizeof hx));
  CK(cudaMalloc(&dout, sizeof hout));
  CK(cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice));
  votes<<<NB, NT>>>(dx, dout);
  CK(cudaGetLastError());
  CK(cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost));
  check_eq(hout, want, NB * NT * 4, "block reductions after lanes on different paths");
  return finish();
}
