// The SobolQRNG sample's algorithm written from its description: direction numbers for 6
// dimensions computed on the host from primitive polynomials (Joe-Kuo initial numbers), the
// points generated on the device in Gray-code order (each thread jumps to its first index with
// the full Gray code, then steps with __ffs of the index), 32-bit integers converted to float by
// multiplying with 2^-32; results checked against a host generator bit for bit, and a
// quasi-Monte-Carlo estimate of a 6D integral.
#include <cstdio>
#include <cstring>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define DIMS 6
#define BITS 32

__global__ void sobol(const unsigned* dirs, int n, float* out) {
  __shared__ unsigned v[BITS];
  int dim = blockIdx.y;
  if (threadIdx.x < BITS) v[threadIdx.x] = dirs[dim * BITS + threadIdx.x];
  __syncthreads();
  int start = blockIdx.x * blockDim.x + threadIdx.x, step = gridDim.x * blockDim.x;
  if (start >= n) return;
  unsigned gray = start ^ (start >> 1), x = 0;
  for (int b = 0; gray; ++b, gray >>= 1) if (gray & 1) x ^= v[b];
  out[dim * n + start] = (float)x * 2.3283064365386963e-10f;
  for (int i = start + step; i < n; i += step) {
    // advance from i-step to i one index at a time (Gray-code steps flip bit __ffs(~j)-1)
    for (int j = i - step; j < i; ++j) x ^= v[__ffs(~j) - 1];
    out[dim * n + i] = (float)x * 2.3283064365386963e-10f;
  }
}

int main() {
  // primitive polynomials (degree s, coefficients a) and initial m values, Joe & Kuo
  const int s[DIMS] = {0, 1, 2, 3, 3, 4};
  const int a[DIMS] = {0, 0, 1, 1, 2, 1};
  const int m[DIMS][4] = {{0}, {1}, {1, 3}, {1, 3, 1}, {1, 1, 1}, {1, 1, 3, 3}};
  unsigned dirs[DIMS * BITS];
  for (int d = 0; d < DIMS; ++d) {
    unsigned* v = dirs + d * BITS;
    if (d == 0) { for (int i = 0; i < BITS; ++i) v[i] = 1u << (31 - i); continue; }
    for (int i = 0; i < s[d]; ++i) v[i] = (unsigned)m[d][i] << (31 - i);
    for (int i = s[d]; i < BITS; ++i) {
      v[i] = v[i - s[d]] ^ (v[i - s[d]] >> s[d]);
      for (int k = 1; k < s[d]; ++k) v[i] ^= ((a[d] >> (s[d] - 1 - k)) & 1) * v[i - k];
    }
  }
  const int n = 100000;
  unsigned* dd; float* dout;
  CK(cudaMalloc(&dd, sizeof dirs)); CK(cudaMalloc(&dout, DIMS * n * 4));
  CK(cudaMemcpy(dd, dirs, sizeof dirs, cudaMemcpyHostToDevice));
  sobol<<<dim3(13, DIMS), 96>>>(dd, n, dout);
  CK(cudaGetLastError());
  std::vector<float> got(DIMS * n); CK(cudaMemcpy(got.data(), dout, DIMS * n * 4, cudaMemcpyDeviceToHost));
  int bad = 0; double integral = 0;
  for (int d = 0; d < DIMS; ++d) {
    unsigned x = 0;
    for (int i = 0; i < n; ++i) {
      if (i) x ^= dirs[d * BITS + __builtin_ctz(~(unsigned)(i - 1))];
      float f = (float)x * 2.3283064365386963e-10f;
      if (memcmp(&f, &got[d * n + i], 4)) ++bad;
    }
  }
  for (int i = 0; i < n; ++i) { double p = 1; for (int d = 0; d < DIMS; ++d) p *= 2.0 * got[d * n + i]; integral += p; }
  printf("sobol %d points x %d dims: mismatches %d\n", n, DIMS, bad);
  for (int i = 0; i < 8; ++i) { printf("point %d:", i); for (int d = 0; d < DIMS; ++d) printf(" %a", got[d * n + i]); printf("\n"); }
  printf("point %d: %a %a\n", n - 1, got[n - 1], got[5 * n + n - 1]);
  printf("QMC integral of prod 2x_d: %.6f\n", integral / n);
  return 0;
}
